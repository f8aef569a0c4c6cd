import CoreModule
import Foundation
import Testing

/// A service type for the missing-service case.
struct BadInputClock: Sendable {}

/// The app every bad-input case runs against: stub scenes, a vetoing scene, a failing builder,
/// a scene with a required parameter, a route pattern, a scene a guard rejects, and a scene
/// whose builder needs a service nobody registered.
@MainActor
final class BadInputFixture {
    nonisolated static let format = DeepLinkFormat(scheme: "demo")

    let container: DependencyContainer
    let coordinator: AppCoordinator

    init() throws {
        container = try makeContainer(["A1", "A2", "B1", "B2", "Locked", "product/:id"])
        try container.assemble(
            SceneBuilder("Keep") { context in
                context.vetoLeaving { "it has unsaved changes" }
                return StubScreen(context: context)
            })
        try container.assemble(FailingBuilder(sceneIdentifier: "Broken"))
        try container.assemble(
            SceneBuilder("Order", requiredParameters: ["id": .int]) { StubScreen(context: $0) })
        try container.assemble(
            SceneBuilder("Profile") { context in
                _ = try context.service(BadInputClock.self)
                return StubScreen(context: context)
            })
        coordinator = AppCoordinator(container: container)
        coordinator.addGuard(
            NavigationGuard("policy") { attempt in
                !attempt.isLeaving && attempt.scene == "Locked"
                    ? .reject(reason: "it is locked") : .allow
            })
    }

    /// The visible screen's object.
    var visibleStub: StubScreen? { coordinator.tree.visibleScreen?.content as? StubScreen }
}

/// What a bad-input case does.
enum BadAction: Sendable {
    case navigate(ApplicationTransitionType)
    case open(String)
    case restore(TreeSnapshot)
    case report(PlatformReport)
    /// A registration; the registry must be unchanged afterwards.
    case register(@Sendable (DependencyContainer) throws -> Void)
    /// Any other call (finishing a screen, starting a flow).
    case call(@MainActor @Sendable (BadInputFixture) throws -> Void)

    /// The operation a failure event names, for the coordinator's own operations.
    var operation: NavigationOperation? {
        switch self {
        case .navigate(let request): return .transition(request)
        case .open(let link): return .openLink(link, format: BadInputFixture.format)
        case .restore(let snapshot): return .restore(snapshot)
        case .report(let report): return .report(report)
        case .register, .call: return nil
        }
    }
}

/// One row of the table: a setup, a bad input, and the exact error it must fail with.
struct BadInput: Sendable, CustomTestStringConvertible {
    let name: String
    let setup: [ApplicationTransitionType]
    let extraSetup: (@MainActor @Sendable (BadInputFixture) throws -> Void)?
    let action: BadAction
    let expected: NavigationError

    init(
        _ name: String, setup: [ApplicationTransitionType] = [.root(scene: "A1")],
        extraSetup: (@MainActor @Sendable (BadInputFixture) throws -> Void)? = nil,
        _ action: BadAction, _ expected: NavigationError
    ) {
        self.name = name
        self.setup = setup
        self.extraSetup = extraSetup
        self.action = action
        self.expected = expected
    }

    var testDescription: String { name }
}

@MainActor
@Suite("Bad input: every case fails with its exact error and changes nothing")
struct BadInputTests {
    nonisolated static let longName = String(repeating: "x", count: 100_000)
    nonisolated static let mediumName = String(repeating: "x", count: 300)
    /// 256 characters, each a letter with three combining marks (7 bytes): within the character
    /// limit, over the byte limit.
    nonisolated static let heavyName = String(repeating: "e\u{301}\u{302}\u{303}", count: 256)
    nonisolated static let stack3: [ApplicationTransitionType] = [
        .root(scene: "A1"), .push(scene: "A2"), .present(scene: "B1"),
    ]

    nonisolated static let cases: [BadInput] = [
        // Names
        BadInput(
            "empty name", .navigate(.push(scene: "")), .invalidSceneIdentifier("", problem: .empty)),
        BadInput(
            "whitespace-only name", .navigate(.push(scene: "   ")),
            .invalidSceneIdentifier("   ", problem: .whitespace(position: 1))),
        BadInput(
            "tab and newline", .navigate(.present(scene: "\t\n")),
            .invalidSceneIdentifier("\t\n", problem: .whitespace(position: 1))),
        BadInput(
            "escape character", .navigate(.push(scene: "A\u{1B}1")),
            .invalidSceneIdentifier("A\u{1B}1", problem: .controlCharacter(position: 2))),
        BadInput(
            "NUL at the end", .navigate(.root(scene: "A1\u{0}")),
            .invalidSceneIdentifier("A1\u{0}", problem: .controlCharacter(position: 3))),
        BadInput(
            "100,000-character name", .navigate(.push(scene: SceneIdentifier(longName))),
            .invalidSceneIdentifier(
                SceneIdentifier(longName),
                problem: .tooManyBytes(count: 100_000, limit: 1_024))),
        BadInput(
            "300-character name", .navigate(.push(scene: SceneIdentifier(mediumName))),
            .invalidSceneIdentifier(
                SceneIdentifier(mediumName), problem: .tooLong(length: 300, limit: 256))),
        BadInput(
            "256 characters over 1,024 bytes", .navigate(.push(scene: SceneIdentifier(heavyName))),
            .invalidSceneIdentifier(
                SceneIdentifier(heavyName), problem: .tooManyBytes(count: 1_792, limit: 1_024))),
        BadInput(
            "Cyrillic look-alike of A1", .navigate(.push(scene: "\u{410}1")),
            .unknownScene("\u{410}1", suggestions: ["A1", "B1"])),
        BadInput(
            "full-width look-alike of A1", .navigate(.push(scene: "\u{FF21}1")),
            .unknownScene("\u{FF21}1", suggestions: ["A1", "B1"])),
        BadInput(
            "zero-width space after A1", .navigate(.push(scene: "A1\u{200B}")),
            .invalidSceneIdentifier("A1\u{200B}", problem: .invisibleCharacter(position: 3))),
        BadInput(
            "right-to-left override", .navigate(.push(scene: "\u{202E}A1")),
            .invalidSceneIdentifier("\u{202E}A1", problem: .invisibleCharacter(position: 1))),
        BadInput(
            "combining accent on A1", .navigate(.push(scene: "A1\u{301}")),
            .unknownScene("A1\u{301}", suggestions: ["A1"])),
        BadInput(
            "a typo", .navigate(.push(scene: "A3")), .unknownScene("A3", suggestions: ["A1", "A2"])),

        // Boundaries of the tree
        BadInput("push before any root", setup: [], .navigate(.push(scene: "A1")), .noRoot(.push)),
        BadInput("pop of an empty window", setup: [], .navigate(.pop()), .noRoot(.pop)),
        BadInput("dismiss of an empty window", setup: [], .navigate(.dismiss()), .noRoot(.dismiss)),
        BadInput(
            "pop to root in an empty window", setup: [], .navigate(.popToRoot()),
            .noRoot(.popToRoot)),
        BadInput(
            "dismiss all in an empty window", setup: [], .navigate(.dismissAll()),
            .noRoot(.dismissAll)),
        BadInput(
            "pop of the root stack's first screen", .navigate(.pop()),
            .cannotPopFirstScreen("A1", kind: .pop)),
        BadInput(
            "pop of a modal's first screen", setup: stack3, .navigate(.pop()),
            .cannotPopFirstScreen("B1", kind: .pop)),
        BadInput(
            "pop to the visible scene", setup: [.root(scene: "A1"), .push(scene: "A2")],
            .navigate(.popTo(scene: "A2")), .sceneNotInStack("A2", stack: ["A1", "A2"])),
        BadInput(
            "pop to a scene below the top-most stack", setup: stack3,
            .navigate(.popTo(scene: "A1")), .sceneNotInStack("A1", stack: ["B1"])),
        BadInput(
            "pop to an invalid name", .navigate(.popTo(scene: "")),
            .invalidSceneIdentifier("", problem: .empty)),
        BadInput(
            "dismiss with nothing presented", setup: [.root(scene: "A1"), .push(scene: "A2")],
            .navigate(.dismiss()), .nothingToDismiss(visible: "A2")),

        // Registration
        BadInput(
            "duplicate registration", .register { try $0.assemble(stubBuilder("A1")) },
            .duplicateRegistration("A1")),
        BadInput(
            "mismatched registration",
            .register { try $0.assemble(builder: stubBuilder("A1"), for: "A2") },
            .mismatchedRegistration(key: "A2", builderIdentifier: "A1")),
        BadInput(
            "a batch naming a scene twice registers nothing",
            .register { try $0.assemble(contentsOf: [stubBuilder("New"), stubBuilder("New")]) },
            .duplicateRegistration("New")),
        BadInput(
            "a batch with one invalid name registers nothing",
            .register {
                try $0.assemble(contentsOf: [stubBuilder("New"), stubBuilder("bad name")])
            },
            .invalidSceneIdentifier("bad name", problem: .whitespace(position: 4))),
        BadInput(
            "route collision", .register { try $0.assemble(stubBuilder("product/:slug")) },
            .routeCollision("product/:slug", existing: "product/:id")),
        BadInput(
            "pattern starting with a parameter",
            .register { try $0.assemble(stubBuilder(":id/x")) },
            .invalidSceneIdentifier(":id/x", problem: .parameterFirst)),
        BadInput(
            "pattern naming a parameter twice",
            .register { try $0.assemble(stubBuilder("p/:a/:a")) },
            .invalidSceneIdentifier("p/:a/:a", problem: .repeatedParameterName("a"))),

        // Links
        BadInput(
            "link over the length limit",
            .open("demo://open/A1;q=" + String(repeating: "q", count: 4_100)),
            .invalidLink(.tooLong(length: 4_117, limit: 4_096))),
        BadInput(
            "link naming 65 screens",
            .open("demo://open/A1" + String(repeating: "/A2", count: 64)),
            .invalidLink(.tooManyScreens(count: 65, limit: 64))),
        BadInput(
            "link screen with 17 parameters",
            .open("demo://open/A1" + (1...17).map { ";p\($0)=v" }.joined()),
            .invalidLink(.tooManyParameters(position: 1, count: 17, limit: 16))),
        BadInput(
            "link with a bad percent-encoding", .open("demo://open/A1/A2;id=4%"),
            .invalidLink(.badPercentEncoding(position: 2, segment: "A2;id=4%"))),
        BadInput(
            "link of another scheme", .open("http://open/A1"),
            .invalidLink(.unsupportedScheme(found: "http", expected: "demo"))),
        BadInput(
            "link with a raw control character", .open("demo://open/A1\u{1}"),
            .invalidLink(.invalidCharacter(position: 1, segment: "A1\u{1}"))),
        BadInput(
            "link with an empty segment", .open("demo://open/A1//A2"),
            .invalidLink(.emptySegment(position: 2))),
        BadInput(
            "link naming an unknown scene", .open("demo://open/A1/A3"),
            .linkSegmentFailed(
                position: 2, segment: "A3", error: .unknownScene("A3", suggestions: ["A1", "A2"]))),
        BadInput(
            "link missing a required parameter", .open("demo://open/A1/+Order"),
            .linkSegmentFailed(
                position: 2, segment: "+Order", error: .missingParameter(scene: "Order", name: "id")
            )),

        // Parameters, builders, guards, vetoes, services
        BadInput(
            "missing parameter", .navigate(.push(scene: "Order")),
            .missingParameter(scene: "Order", name: "id")),
        BadInput(
            "malformed parameter", .navigate(.push(scene: "Order", parameters: ["id": "x7"])),
            .malformedParameter(scene: "Order", name: "id", value: "x7", expected: .int)),
        BadInput(
            "route pattern navigated without its parameter", .navigate(.push(scene: "product/:id")),
            .missingParameter(scene: "product/:id", name: "id")),
        BadInput(
            "throwing builder", .navigate(.present(scene: "Broken")),
            .builderFailed("Broken", reason: "the network is down")),
        BadInput(
            "rejecting guard", .navigate(.present(scene: "Locked")),
            .rejectedByGuard(
                name: "policy", kind: .present, scene: "Locked", reason: "it is locked")),
        BadInput(
            "vetoing screen", setup: [.root(scene: "A1"), .push(scene: "Keep")], .navigate(.pop()),
            .leavingVetoed(scene: "Keep", screen: ScreenID(2), reason: "it has unsaved changes")),
        BadInput(
            "vetoing screen under a deep link", setup: [.root(scene: "Keep")],
            .open("demo://open/A1"),
            .leavingVetoed(scene: "Keep", screen: ScreenID(1), reason: "it has unsaved changes")),
        BadInput(
            "missing service", .navigate(.push(scene: "Profile")),
            .missingService(type: "BadInputClock")),
        BadInput(
            "redirect loop",
            extraSetup: { fixture in
                fixture.coordinator.addGuard(
                    NavigationGuard("bounce") { attempt in
                        guard !attempt.isLeaving, attempt.scene == "B2" else { return .allow }
                        return .redirect(
                            attempt.kind == .push ? .present(scene: "B2") : .push(scene: "B2"))
                    })
            }, .navigate(.push(scene: "B2")),
            .redirectLoop(chain: [.push(scene: "B2"), .present(scene: "B2"), .push(scene: "B2")])),

        // Platform reports
        BadInput(
            "stale report", setup: [.root(scene: "A1"), .push(scene: "A2"), .pop()],
            .report(.poppedByUser(ScreenID(2))), .reportedScreenGone(ScreenID(2))),
        BadInput(
            "duplicate report", setup: [.root(scene: "A1"), .push(scene: "A2")],
            extraSetup: { try $0.coordinator.report(.poppedByUser(ScreenID(2))) },
            .report(.poppedByUser(ScreenID(2))), .reportedScreenGone(ScreenID(2))),
        BadInput(
            "report about a screen never built", .report(.dismissedByUser(ScreenID(999))),
            .reportedScreenGone(ScreenID(999))),
        BadInput(
            "report of a pop of a screen under the visible one",
            setup: [.root(scene: "A1"), .push(scene: "A2")], .report(.poppedByUser(ScreenID(1))),
            .reportedScreenNotOnTop(ScreenID(1), kind: .pop, visible: ScreenID(2))),
        BadInput(
            "report of a dismiss with nothing presented", .report(.dismissedByUser(ScreenID(1))),
            .nothingToDismiss(visible: "A1")),
        BadInput(
            "report of a dismiss of the root stack under a modal", setup: stack3,
            .report(.dismissedByUser(ScreenID(1))),
            .reportedScreenNotOnTop(ScreenID(1), kind: .dismiss, visible: ScreenID(3))),
        BadInput(
            "report of a pop of a modal's first screen", setup: stack3,
            .report(.poppedByUser(ScreenID(3))), .cannotPopFirstScreen("B1", kind: .pop)),

        // Restoration, results, flows
        BadInput(
            "snapshot from a newer version",
            .restore(TreeSnapshot(version: 3, stacks: [[.init(scene: "A1")]])),
            .unsupportedSnapshotVersion(found: 3, supported: 2)),
        BadInput(
            "snapshot of version 0",
            .restore(TreeSnapshot(version: 0, stacks: [[.init(scene: "A1")]])),
            .unsupportedSnapshotVersion(found: 0, supported: 2)),
        BadInput(
            "snapshot naming a scene no longer registered",
            .restore(TreeSnapshot(stacks: [[.init(scene: "A1"), .init(scene: "Gone")]])),
            .restorationFailed(
                position: 2, scene: "Gone", error: .unknownScene("Gone", suggestions: []))),
        BadInput(
            "finishing a screen that is not visible",
            setup: [.root(scene: "A1"), .push(scene: "A2")],
            .call { fixture in
                let first = fixture.coordinator.tree.screens.first?.content as? StubScreen
                try first?.context.finish(with: "late")
            }, .finishingScreenNotVisible(ScreenID(1), visible: ScreenID(2))),
        BadInput(
            "a flow key already in use",
            extraSetup: { fixture in
                try fixture.coordinator.startFlow(
                    StubFlow(coordinator: fixture.coordinator), key: "checkout")
            },
            .call { fixture in
                try fixture.coordinator.startFlow(
                    StubFlow(coordinator: fixture.coordinator), key: "checkout")
            }, .flowKeyInUse("checkout")),
    ]

    @Test("the table covers at least 30 cases")
    func tableSize() {
        #expect(Self.cases.count >= 30)
        #expect(Set(Self.cases.map(\.name)).count == Self.cases.count)
    }

    @Test("bad input", arguments: cases)
    func badInput(_ input: BadInput) throws {
        let fixture = try BadInputFixture()
        for request in input.setup {
            try fixture.coordinator.navigate(request)
        }
        try input.extraSetup?(fixture)
        let before = fixture.coordinator.tree
        let registered = fixture.container.sceneIdentifiers
        let flows = fixture.coordinator.flows.keys.sorted()
        let recorder = EventRecorder(fixture.coordinator)

        #expect(throws: input.expected) {
            switch input.action {
            case .navigate(let request): try fixture.coordinator.navigate(request)
            case .open(let link): try fixture.coordinator.open(link, format: BadInputFixture.format)
            case .restore(let snapshot): try fixture.coordinator.restore(snapshot)
            case .report(let report): try fixture.coordinator.report(report)
            case .register(let register): try register(fixture.container)
            case .call(let call): try call(fixture)
            }
        }

        #expect(fixture.coordinator.tree == before)
        #expect(fixture.coordinator.tree.invariantViolations() == [])
        #expect(recorder.transitions.isEmpty)
        if let operation = input.action.operation {
            #expect(
                recorder.failures == [
                    NavigationFailure(operation: operation, error: input.expected)
                ])
        } else {
            #expect(recorder.failures.isEmpty)
        }
        #expect(fixture.container.sceneIdentifiers == registered)
        #expect(fixture.coordinator.flows.keys.sorted() == flows)
        // The error reads as a sentence, however long the input was.
        #expect(String(describing: input.expected).count < 1_000)
    }
}
