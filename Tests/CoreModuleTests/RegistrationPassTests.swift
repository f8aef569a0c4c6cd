import CoreModule
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

    func resolve(_ target: SceneIdentifier) throws(NavigationError) -> ResolvedScene {
        try inner.resolve(target)
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
        ("a/:", .emptyParameterName(segment: 2)),
        (":a/b", .parameterFirst),
        ("a/:x/b/:x", .repeatedParameterName("x")),
        ("a/:x//:y", .emptySegment(segment: 3)),
        ("a b/:x", .whitespace(position: 2)),
        ("é/:x/:x", .repeatedParameterName("x")),
    ]

    @Test("an invalid name is rejected alike alone, in a batch of one and in a batch of two")
    func invalidNames() throws {
        for (scene, problem) in Self.invalid {
            #expect(scene.problem == problem, "\(scene)")
            let container = DependencyContainer()
            try container.assemble(plain("Home"))
            let error = NavigationError.input(.invalidSceneIdentifier(scene, problem: problem))
            expectRefusal(error, leaving: container) { try container.assemble(plain(scene)) }
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

    @Test("a registered name or shape is rejected alike alone and in a batch, changing nothing")
    func registeredConflicts() throws {
        let container = DependencyContainer()
        try container.assemble(contentsOf: [plain("Home"), plain("p/:id"), plain("a:b/c")])
        let before = container.sceneIdentifiers
        let cases: [(SceneBuilder, NavigationError)] = [
            (plain("Home"), .misuse(.duplicateRegistration("Home"))),
            (plain("p/:id"), .misuse(.duplicateRegistration("p/:id"))),
            (plain("p/:other"), .misuse(.routeCollision("p/:other", existing: "p/:id"))),
            (plain("a:b/c"), .misuse(.duplicateRegistration("a:b/c"))),
        ]
        for (builder, error) in cases {
            expectRefusal(error, leaving: container) { try container.assemble(builder) }
            expectRefusal(error, leaving: container) {
                try container.assemble(contentsOf: [builder])
            }
            expectRefusal(error, leaving: container) {
                try container.assemble(contentsOf: [plain("New"), builder])
            }
            #expect(container.sceneIdentifiers == before)
            #expect(try container.resolve("p/7").scene == "p/:id")
        }
    }

    @Test("in a batch, the first problem in the order of the builders is the one thrown")
    func batchOrder() throws {
        let container = DependencyContainer()
        try container.assemble(contentsOf: [plain("Home"), plain("p/:id")])
        let cases: [([SceneIdentifier], NavigationError)] = [
            // Within the batch, a name twice before a later invalid name.
            (["X", "X", ""], .misuse(.duplicateRegistration("X"))),
            (["q/:a", "q/:b", "a//b"], .misuse(.routeCollision("q/:b", existing: "q/:a"))),
            // An invalid name before a later repeated one.
            (["X", "", "X"], .input(.invalidSceneIdentifier("", problem: .empty))),
            // Against the registry, in the order of the builders: a collision before a
            // duplicate, and a duplicate before a collision.
            (["p/:other", "Home"], .misuse(.routeCollision("p/:other", existing: "p/:id"))),
            (["Home", "p/:other"], .misuse(.duplicateRegistration("Home"))),
        ]
        for (names, error) in cases {
            expectRefusal(error, leaving: container) {
                try container.assemble(contentsOf: names.map(plain))
            }
            #expect(container.sceneIdentifiers == ["Home", "p/:id"])
        }
    }

    @Test("a `:` inside a segment makes a name, and one starting a segment a pattern")
    func colonInsideSegment() throws {
        let container = DependencyContainer()
        try container.assemble(plain("a:b/c"))
        try container.assemble(plain("a:b/:id"))
        let name = try container.resolve("a:b/c")
        #expect(name.scene == "a:b/c")
        #expect(name.routeParameters.isEmpty)
        let match = try container.resolve("a:b/42")
        #expect(match.scene == "a:b/:id")
        #expect(match.routeParameters["id"] == "42")
        // Once the name is gone, its path is the pattern's.
        container.remove("a:b/c")
        #expect(try container.resolve("a:b/c").routeParameters["id"] == "c")
        #expect(container.sceneIdentifiers == ["a:b/:id"])
    }

    @Test("one builder reaches a custom container as a batch of one")
    func customContainerGetsABatch() throws {
        let log = BatchLog()
        let container = RecordingContainer(log: log)
        try container.assemble(plain("Home"))
        try container.assemble(plain("p/:id"), policy: .replaceExisting)
        // Refused by the registry inside, which holds what it held.
        expectRefusal(
            NavigationError.misuse(.duplicateRegistration("Home")), leaving: container.inner
        ) {
            try container.assemble(plain("Home"))
        }
        #expect(log.batches == [["Home"], ["p/:id"], ["Home"]])
        #expect(container.sceneIdentifiers == ["Home", "p/:id"])
    }

    @Test("one builder replaces a registered one, in the new spelling, when asked to")
    func replaceOne() throws {
        let container = DependencyContainer()
        try container.assemble(plain("p/:id"))
        try container.assemble(plain("p/:id"), policy: .replaceExisting)
        try container.assemble(plain("Home"))
        try container.assemble(plain("Home"), policy: .replaceExisting)
        #expect(container.sceneIdentifiers == ["Home", "p/:id"])
        #expect(try container.resolve("p/3").routeParameters["id"] == "3")
    }

    @Test("patterns spelled in two normalizations are two routes, in a batch as one at a time")
    func normalizationsInABatch() throws {
        // The same literal, precomposed and decomposed: a path matches the pattern spelled as
        // it is, byte for byte (docs/deep-links.md).
        let composed: SceneIdentifier = "caf\u{E9}/:a"
        let decomposed: SceneIdentifier = "cafe\u{301}/:b"
        let oneByOne = DependencyContainer()
        try oneByOne.assemble(plain(composed))
        try oneByOne.assemble(plain(decomposed))
        let batched = DependencyContainer()
        try batched.assemble(contentsOf: [plain(composed), plain(decomposed)])
        for container in [oneByOne, batched] {
            #expect(container.count == 2)
            let first = try container.resolve("caf\u{E9}/1")
            #expect(first.scene.rawValue == composed.rawValue)
            #expect(first.routeParameters["a"] == "1")
            let second = try container.resolve("cafe\u{301}/2")
            #expect(second.scene.rawValue == decomposed.rawValue)
            #expect(second.routeParameters["b"] == "2")
        }
    }
}
