@_spi(Rules) import CoreModule
import Testing

/// A builder whose screen is never made: these tests only register and resolve.
private func plain(_ scene: SceneIdentifier) -> SceneBuilder {
    SceneBuilder(scene) { _ in PlainScreen() }
}

/// What a ``plain(_:)`` builder would make.
private final class PlainScreen: Sendable {}

/// The batches a ``RecordingContainer`` was handed, on the main actor, where the tests run.
@MainActor
private final class BatchLog {
    /// The names of each batch, in order.
    var batches: [[SceneIdentifier]] = []
}

/// A container of the app's own making that registers into a ``DependencyContainer`` and
/// records every batch it is handed.
private struct RecordingContainer: SceneBuilderContainer {
    let inner = DependencyContainer()
    let log: BatchLog

    func assemble(contentsOf builders: [any Builder], policy: RegistrationPolicy)
        throws(NavigationError)
    {
        MainActor.assumeIsolated { log.batches.append(builders.map(\.sceneIdentifier)) }
        try inner.assemble(contentsOf: builders, policy: policy)
    }

    func build(for sceneIdentifier: SceneIdentifier) -> (any Builder)? {
        inner.build(for: sceneIdentifier)
    }

    var sceneIdentifiers: [SceneIdentifier] { inner.sceneIdentifiers }
}

@MainActor
@Suite("Registration reads each name once: one builder or a batch, the same errors in order")
struct RegistrationPassTests {
    /// Names and patterns that break a rule, with the problem the first read of their bytes
    /// finds first.
    static let invalid: [(SceneIdentifier, NavigationError.IdentifierProblem)] = [
        ("", .empty),
        ("a//b", .emptySegment(segment: 2)),
        ("/a", .emptySegment(segment: 1)),
        ("a/", .emptySegment(segment: 2)),
        ("a/:x//:y", .emptySegment(segment: 3)),
        ("a b/:x", .whitespace(position: 2)),
    ]

    @Test("an invalid name is rejected alike alone, in a batch of one and in a batch of two")
    func invalidNames() throws {
        for (scene, problem) in Self.invalid {
            #expect(scene.brokenRule == problem, "\(scene)")
            let container = DependencyContainer()
            try container.assemble(contentsOf: [plain("Home")])
            let error = NavigationError.input(.invalidSceneIdentifier(scene, problem: problem))
            expectRefusal(error, leaving: container) {
                try container.assemble(contentsOf: [plain(scene)])
            }
            expectRefusal(error, leaving: container) {
                try container.assemble(contentsOf: [plain("Other"), plain(scene)])
            }
            expectRefusal(error, leaving: container) {
                try container.assemble(builder: plain(scene), for: scene)
            }
            #expect(container.sceneIdentifiers == ["Home"])
        }
    }

    @Test("a registered name is rejected alike alone and in a batch, changing nothing")
    func registeredConflicts() throws {
        let container = DependencyContainer()
        try container.assemble(contentsOf: [plain("Home"), plain("p/:id"), plain("a:b/c")])
        let before = container.sceneIdentifiers
        let cases: [(SceneBuilder, NavigationError)] = [
            (plain("Home"), .misuse(.duplicateRegistration("Home"))),
            (plain("p/:id"), .misuse(.duplicateRegistration("p/:id"))),
            (plain("a:b/c"), .misuse(.duplicateRegistration("a:b/c"))),
        ]
        for (builder, error) in cases {
            expectRefusal(error, leaving: container) {
                try container.assemble(contentsOf: [builder])
            }
            expectRefusal(error, leaving: container) {
                try container.assemble(contentsOf: [plain("New"), builder])
            }
            #expect(container.sceneIdentifiers == before)
            #expect(container.build(for: "p/:id")?.sceneIdentifier == "p/:id")
        }
    }

    @Test("in a batch, the first problem in the order of the builders is the one thrown")
    func batchOrder() throws {
        let container = DependencyContainer()
        try container.assemble(contentsOf: [plain("Home"), plain("p/:id")])
        let cases: [([SceneIdentifier], NavigationError)] = [
            // Within the batch, a name twice before a later invalid name.
            (["X", "X", ""], .misuse(.duplicateRegistration("X"))),
            (
                ["q/:a", "q/:b", "a//b"],
                .input(.invalidSceneIdentifier("a//b", problem: .emptySegment(segment: 2)))
            ),
            // An invalid name before a later repeated one.
            (["X", "", "X"], .input(.invalidSceneIdentifier("", problem: .empty))),
            // Against the registry, in the order of the builders.
            (["p/:other", "Home"], .misuse(.duplicateRegistration("Home"))),
            (["Home", "p/:id"], .misuse(.duplicateRegistration("Home"))),
        ]
        for (names, error) in cases {
            expectRefusal(error, leaving: container) {
                try container.assemble(contentsOf: names.map(plain))
            }
            #expect(container.sceneIdentifiers == ["Home", "p/:id"])
        }
    }

    @Test("a `:` anywhere in a name is part of the name: no segment makes a pattern")
    func colonInsideSegment() throws {
        let container = DependencyContainer()
        try container.assemble(contentsOf: [plain("a:b/c")])
        try container.assemble(contentsOf: [plain("a:b/:id")])
        #expect(try container.resolve("a:b/c").scene == "a:b/c")
        #expect(try container.resolve("a:b/:id").scene == "a:b/:id")
        expectUnknownPath("a:b/42", in: container)
        container.remove("a:b/c")
        expectUnknownPath("a:b/c", in: container)
        #expect(container.sceneIdentifiers == ["a:b/:id"])
    }

    @Test("one builder reaches a custom container as a batch of one, with its policy")
    func customContainerGetsABatch() throws {
        let log = BatchLog()
        let container = RecordingContainer(log: log)
        try container.assemble(contentsOf: [plain("Home")], policy: .rejectDuplicates)
        try container.assemble(contentsOf: [plain("p/:id")], policy: .replaceExisting)
        // Refused by the registry inside, which holds what it held.
        expectRefusal(
            NavigationError.misuse(.duplicateRegistration("Home")), leaving: container.inner
        ) {
            try container.assemble(contentsOf: [plain("Home")], policy: .rejectDuplicates)
        }
        #expect(log.batches == [["Home"], ["p/:id"], ["Home"]])
        #expect(container.sceneIdentifiers == ["Home", "p/:id"])
    }

    @Test("one builder replaces a registered one, in the new spelling, when asked to")
    func replaceOne() throws {
        let container = DependencyContainer()
        try container.assemble(contentsOf: [plain("p/:id")])
        try container.assemble(contentsOf: [plain("p/:id")], policy: .replaceExisting)
        try container.assemble(contentsOf: [plain("Home")])
        try container.assemble(contentsOf: [plain("Home")], policy: .replaceExisting)
        #expect(container.sceneIdentifiers == ["Home", "p/:id"])
        #expect(container.build(for: "p/:id")?.sceneIdentifier == "p/:id")
    }
}
