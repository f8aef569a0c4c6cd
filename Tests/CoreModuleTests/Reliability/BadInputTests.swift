@_spi(Rules) import CoreModule
import Foundation
import Testing

/// A service type for the missing-service case.
struct BadInputClock: Sendable {}

/// The payload type the fixture's payload scenes require, registered for snapshots as
/// `product` (and `Int` as `count`).
struct BadInputProduct: Codable, Hashable, Sendable {
    var id: Int
}

/// Why the fixture cannot rebuild a gift's product from its parameters.
struct BadInputLookupError: Error, CustomStringConvertible {
    var id: String
    var description: String { "no product has the id \(id)" }
}

/// The app every bad-input case runs against: stub scenes, a vetoing scene, a failing builder,
/// a scene with a required parameter, a route pattern, a scene a guard rejects, and a scene
/// whose builder needs a service nobody registered; "Product" needs a `BadInputProduct` payload,
/// and "Gift" needs one it rebuilds from an integer `id` parameter.
@MainActor
final class BadInputFixture {
    nonisolated static let format = DeepLinkFormat(scheme: "demo")

    /// The universal links of the bad-input app, over `example.com`, the `demo` scheme, and the
    /// `site` scheme that carries the host `example.com`.
    nonisolated static let links: LinkTable? = try? LinkTable(
        accepting: [
            .web(host: "example.com"), .scheme("demo"), .schemeAndHost("site", host: "example.com"),
        ],
        routes: [
            LinkRoute("a1", scene: "A1", reachableFromOutside: true),
            LinkRoute("order", scene: "Order", reachableFromOutside: true),
            LinkRoute("order/:id", scene: "Order", reachableFromOutside: true),
            LinkRoute("broken", scene: "Broken", reachableFromOutside: true),
            LinkRoute("broken/a2", scene: "A2", parent: "broken", reachableFromOutside: true),
            LinkRoute("locked", scene: "Locked", reachableFromOutside: true),
            LinkRoute("secret", scene: "B2"),
            LinkRoute("more", scene: "B1", effect: .selectTab("more"), reachableFromOutside: true),
            LinkRoute("push", scene: "A2", effect: .push, reachableFromOutside: true),
            LinkRoute(
                "sheet", scene: "B1", effect: .present(.sheet()), reachableFromOutside: true),
            LinkRoute(
                "preview", scene: "A1", queryScreens: [LinkRoute.QueryScreen("item", scene: "A2")],
                refusingQueryItems: ["token"], reachableFromOutside: true),
        ])

    let container: DependencyContainer
    /// Two windows: "side", then "main" (the active one), whose coordinator the cases drive.
    let windows: WindowRegistry
    let coordinator: AppCoordinator

    init() throws {
        container = try makeContainer(
            ["A1", "A2", "B1", "B2", "Locked", "Vault", "product/:id"])
        try container.assemble(
            contentsOf: [
                SceneBuilder("Keep") { context in
                    try context.vetoLeaving { "it has unsaved changes" }
                    return StubScreen(context: context)
                }
            ])
        try container.assemble(contentsOf: [FailingBuilder(sceneIdentifier: "Broken")])
        try container.assemble(
            contentsOf: [
                SceneBuilder("Order", requiredParameters: ["id": .int]) { StubScreen(context: $0) }
            ])
        try container.assemble(
            contentsOf: [
                SceneBuilder("Profile") { context in
                    _ = try context.service(BadInputClock.self)
                    return StubScreen(context: context)
                }
            ])
        try container.assemble(
            contentsOf: [
                SceneBuilder("Product", payload: .required(BadInputProduct.self)) {
                    StubScreen(context: $0)
                }
            ])
        try container.assemble(
            contentsOf: [
                SceneBuilder(
                    "Gift",
                    payload: .required(
                        BadInputProduct.self,
                        rebuiltFrom: { parameters in
                            let text = parameters["id"] ?? ""
                            guard let id = Int(text) else { throw BadInputLookupError(id: text) }
                            return BadInputProduct(id: id)
                        })
                ) { StubScreen(context: $0) }
            ])
        container.payloadTypes.register(BadInputProduct.self, name: "product")
        container.payloadTypes.register(Int.self, name: "count")
        windows = WindowRegistry(container: container)
        try windows.openWindow("side")
        coordinator = try windows.openWindow("main")
        coordinator.addGuard(
            NavigationGuard("policy") { attempt in
                !attempt.isLeaving && attempt.scene == "Locked"
                    ? .reject(reason: "it is locked") : .allow
            })
        // Only the asynchronous entry points can wait for it.
        coordinator.addGuard(
            AsyncNavigationGuard("server", appliesTo: { $0.scene == "Vault" }) { _ in .allow })
    }

    /// The visible screen's object.
    var visibleStub: StubScreen? { coordinator.tree.visibleScreen?.content as? StubScreen }
}

/// What a bad-input case does.
enum BadAction: Sendable {
    case navigate(ApplicationTransitionType)
    /// A navigation whose result must be a `Bool`.
    case navigateExpectingBool(ApplicationTransitionType)
    case open(String)
    case restore(TreeSnapshot)
    case report(PlatformReport)
    /// A universal link from outside, through ``BadInputFixture/links``.
    case openUniversal(String)
    /// A registration; the registry must be unchanged afterwards.
    case register(@Sendable (DependencyContainer) throws -> Void)
    /// A screen's `finish(with:)`, which goes in as the removal it asks for: a failure names it.
    case finish(ApplicationTransitionType, @MainActor @Sendable (BadInputFixture) throws -> Void)
    /// Any other call (starting a flow).
    case call(@MainActor @Sendable (BadInputFixture) throws -> Void)

    /// The operation a failure event names, for the coordinator's own operations.
    var operation: NavigationEvent.Operation? {
        switch self {
        case .navigate(let request), .navigateExpectingBool(let request):
            return .transition(request)
        case .open(let link): return .open(.deepLink(link, format: BadInputFixture.format))
        case .restore(let snapshot): return .restore(snapshot)
        case .report(let report): return .report(report)
        case .openUniversal(let url):
            return BadInputFixture.links.map { .open(.universal(url, in: $0)) }
        case .finish(let removal, _): return .transition(removal)
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

    /// A tab root: "home" (A1, selected) and "more" (B1).
    nonisolated static let tabRoot: [ApplicationTransitionType] = [
        .tabs([TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "home")
    ]
    nonisolated static let a1 = TreeSnapshot.Screen(scene: "A1")
    nonisolated static let b1 = TreeSnapshot.Screen(scene: "B1")
    nonisolated static let twoTabs = [
        TreeSnapshot.Tab(name: "home", stack: [a1]), TreeSnapshot.Tab(name: "more", stack: [b1]),
    ]
    nonisolated static let lamp = ScenePayload(BadInputProduct(id: 42))
    /// What "Product" and "Gift" say when their payload is missing.
    nonisolated static let missingProduct = NavigationError.input(
        .missingPayload(
            scene: "Product", expected: "BadInputProduct"))

    /// The reason restoring gives for a `product` payload saved as `json`: the JSON decoder's
    /// own words.
    nonisolated static func unreadableProduct(_ json: String) -> String {
        do {
            _ = try JSONDecoder().decode(BadInputProduct.self, from: Data(json.utf8))
            return "(it reads)"
        } catch {
            return String(describing: error)
        }
    }

    /// A two-column split: "A1" in the primary column, "B1" in the detail.
    nonisolated static let twoColumns: [ApplicationTransitionType] = [
        .split(primary: "A1", detail: "B1")
    ]
    /// Snapshots with a split and another root beside it, which no tree has.
    nonisolated static let splitAndRoot: TreeSnapshot = {
        var snapshot = TreeSnapshot(split: .init(primary: [a1], detail: [b1]))
        snapshot.root = [a1]
        return snapshot
    }()
    nonisolated static let splitAndTabs: TreeSnapshot = {
        var snapshot = TreeSnapshot(split: .init(primary: [a1]))
        snapshot.tabs = twoTabs
        return snapshot
    }()

    /// An alert that can be shown: two buttons, the second one cancels.
    nonisolated static let discard = AlertContent(
        "DiscardDraft", title: "Discard this draft?",
        buttons: [
            AlertContent.Button("Discard", role: .destructive, value: true),
            AlertContent.Button("Cancel", role: .cancel),
        ])
    /// An alert with one text field.
    nonisolated static let rename = AlertContent(
        "Rename", title: "Rename",
        buttons: [AlertContent.Button("Save"), AlertContent.Button("Cancel", role: .cancel)],
        textFields: [AlertContent.TextField(placeholder: "Name")])
    /// "A1" #1, "A2" #2, and the alert "DiscardDraft" #3 over them.
    nonisolated static let underAlert: [ApplicationTransitionType] = [
        .root(scene: "A1"), .push(scene: "A2"), .alert(discard),
    ]
    /// `discard` changed by `change`: an alert that breaks one rule.
    nonisolated static func broken(
        _ content: AlertContent = discard, _ change: (inout AlertContent) -> Void
    ) -> AlertContent {
        var content = content
        change(&content)
        return content
    }
    nonisolated static let dialog = AlertContent.confirmationDialog(
        title: "Share",
        buttons: [AlertContent.Button("Copy"), AlertContent.Button("Cancel", role: .cancel)],
        anchor: "share")
    nonisolated static let lockedPopover = PresentationStyle.popover(
        anchor: "share", interactiveDismissal: false)

    /// A snapshot with both a root stack and tabs, which no tree has.
    nonisolated static let rootAndTabs: TreeSnapshot = {
        var snapshot = TreeSnapshot(tabs: twoTabs, selectedTab: 0)
        snapshot.root = [a1]
        return snapshot
    }()

    nonisolated static let cases: [BadInput] = [
        // Names
        BadInput(
            "empty name", .navigate(.push(scene: "")),
            .input(.invalidSceneIdentifier("", problem: .empty))),
        BadInput(
            "whitespace-only name", .navigate(.push(scene: "   ")),
            .input(.invalidSceneIdentifier("   ", problem: .whitespace(position: 1)))),
        BadInput(
            "tab and newline", .navigate(.present(scene: "\t\n")),
            .input(.invalidSceneIdentifier("\t\n", problem: .whitespace(position: 1)))),
        BadInput(
            "escape character", .navigate(.push(scene: "A\u{1B}1")),
            .input(.invalidSceneIdentifier("A\u{1B}1", problem: .controlCharacter(position: 2)))),
        BadInput(
            "NUL at the end", .navigate(.root(scene: "A1\u{0}")),
            .input(.invalidSceneIdentifier("A1\u{0}", problem: .controlCharacter(position: 3)))),
        BadInput(
            "100,000-character name", .navigate(.push(scene: SceneIdentifier(longName))),
            .input(
                .invalidSceneIdentifier(
                    SceneIdentifier(longName),
                    problem: .tooManyBytes(count: 100_000, limit: 1_024)))),
        BadInput(
            "300-character name", .navigate(.push(scene: SceneIdentifier(mediumName))),
            .input(
                .invalidSceneIdentifier(
                    SceneIdentifier(mediumName), problem: .tooLong(length: 300, limit: 256)))),
        BadInput(
            "256 characters over 1,024 bytes", .navigate(.push(scene: SceneIdentifier(heavyName))),
            .input(
                .invalidSceneIdentifier(
                    SceneIdentifier(heavyName), problem: .tooManyBytes(count: 1_792, limit: 1_024)))
        ),
        BadInput(
            "Cyrillic look-alike of A1", .navigate(.push(scene: "\u{410}1")),
            .unknownScene("\u{410}1", suggestions: ["A1", "B1"])),
        BadInput(
            "full-width look-alike of A1", .navigate(.push(scene: "\u{FF21}1")),
            .unknownScene("\u{FF21}1", suggestions: ["A1", "B1"])),
        BadInput(
            "zero-width space after A1", .navigate(.push(scene: "A1\u{200B}")),
            .input(.invalidSceneIdentifier("A1\u{200B}", problem: .invisibleCharacter(position: 3)))
        ),
        BadInput(
            "right-to-left override", .navigate(.push(scene: "\u{202E}A1")),
            .input(.invalidSceneIdentifier("\u{202E}A1", problem: .invisibleCharacter(position: 1)))
        ),
        BadInput(
            "combining accent on A1", .navigate(.push(scene: "A1\u{301}")),
            .unknownScene("A1\u{301}", suggestions: ["A1"])),
        BadInput(
            "a typo", .navigate(.push(scene: "A3")), .unknownScene("A3", suggestions: ["A1", "A2"])),

        // Boundaries of the tree
        BadInput(
            "push before any root", setup: [], .navigate(.push(scene: "A1")),
            .refused(.noRoot(.push))),
        BadInput("pop of an empty window", setup: [], .navigate(.pop()), .refused(.noRoot(.pop))),
        BadInput(
            "dismiss of an empty window", setup: [], .navigate(.dismiss()),
            .refused(.noRoot(.dismiss))),
        BadInput(
            "pop to root in an empty window", setup: [], .navigate(.popToRoot()),
            .refused(.noRoot(.popToRoot))),
        BadInput(
            "dismiss all in an empty window", setup: [], .navigate(.dismissAll()),
            .refused(.noRoot(.dismissAll))),
        BadInput(
            "pop of the root stack's first screen", .navigate(.pop()),
            .refused(.cannotPopFirstScreen("A1", kind: .pop))),
        BadInput(
            "pop of a modal's first screen", setup: stack3, .navigate(.pop()),
            .refused(.cannotPopFirstScreen("B1", kind: .pop))),
        BadInput(
            "pop to the visible scene", setup: [.root(scene: "A1"), .push(scene: "A2")],
            .navigate(.popTo(scene: "A2")), .refused(.sceneNotInStack("A2", stack: ["A1", "A2"]))),
        BadInput(
            "pop to a scene below the top-most stack", setup: stack3,
            .navigate(.popTo(scene: "A1")), .refused(.sceneNotInStack("A1", stack: ["B1"]))),
        BadInput(
            "pop to an invalid name", .navigate(.popTo(scene: "")),
            .input(.invalidSceneIdentifier("", problem: .empty))),
        BadInput(
            "dismiss with nothing presented", setup: [.root(scene: "A1"), .push(scene: "A2")],
            .navigate(.dismiss()), .refused(.nothingToDismiss(visible: "A2"))),

        // Registration
        BadInput(
            "duplicate registration",
            .register { try $0.assemble(contentsOf: [stubBuilder("A1")]) },
            .misuse(.duplicateRegistration("A1"))),
        BadInput(
            "mismatched registration",
            .register { try $0.assemble(builder: stubBuilder("A1"), for: "A2") },
            .misuse(.mismatchedRegistration(key: "A2", builderIdentifier: "A1"))),
        BadInput(
            "a batch naming a scene twice registers nothing",
            .register { try $0.assemble(contentsOf: [stubBuilder("New"), stubBuilder("New")]) },
            .misuse(.duplicateRegistration("New"))),
        BadInput(
            "a batch with one invalid name registers nothing",
            .register {
                try $0.assemble(contentsOf: [stubBuilder("New"), stubBuilder("bad name")])
            },
            .input(.invalidSceneIdentifier("bad name", problem: .whitespace(position: 4)))),

        // Links
        BadInput(
            "link over the length limit",
            .open("demo://open/A1;q=" + String(repeating: "q", count: 4_100)),
            .link(.invalidLink(.tooLong(length: 4_117, limit: 4_096)))),
        BadInput(
            "link naming 65 screens",
            .open("demo://open/A1" + String(repeating: "/A2", count: 64)),
            .link(.invalidLink(.tooManyScreens(count: 65, limit: 64)))),
        BadInput(
            "link screen with 17 parameters",
            .open("demo://open/A1" + (1...17).map { ";p\($0)=v" }.joined()),
            .link(.invalidLink(.tooManyParameters(position: 1, count: 17, limit: 16)))),
        BadInput(
            "link with a bad percent-encoding", .open("demo://open/A1/A2;id=4%"),
            .link(.invalidLink(.badPercentEncoding(position: 2, segment: "A2;id=4%")))),
        BadInput(
            "link of another scheme", .open("http://open/A1"),
            .link(.invalidLink(.unsupportedScheme(found: "http", expected: "demo")))),
        BadInput(
            "link with a raw control character", .open("demo://open/A1\u{1}"),
            .link(.invalidLink(.invalidCharacter(position: 1, segment: "A1\u{1}")))),
        BadInput(
            "link with an empty segment", .open("demo://open/A1//A2"),
            .link(.invalidLink(.emptySegment(position: 2)))),
        BadInput(
            "link naming an unknown scene", .open("demo://open/A1/A3"),
            .link(
                .linkSegmentFailed(
                    position: 2, segment: "A3",
                    error: .unknownScene("A3", suggestions: ["A1", "A2"])))),
        BadInput(
            "link missing a required parameter", .open("demo://open/A1/+Order"),
            .link(
                .linkSegmentFailed(
                    position: 2, segment: "+Order",
                    error: .input(.missingParameter(scene: "Order", name: "id"))
                ))),

        // Parameters, builders, guards, vetoes, services
        BadInput(
            "missing parameter", .navigate(.push(scene: "Order")),
            .input(.missingParameter(scene: "Order", name: "id"))),
        BadInput(
            "malformed parameter", .navigate(.push(scene: "Order", parameters: ["id": "x7"])),
            .input(.malformedParameter(scene: "Order", name: "id", value: "x7", expected: .int))),
        BadInput(
            "throwing builder", .navigate(.present(scene: "Broken")),
            .builderFailed("Broken", reason: "the network is down")),
        BadInput(
            "a synchronous navigation an asynchronous guard applies to",
            .navigate(.present(scene: "Vault")),
            .guarded(.asynchronousGuard(name: "server", kind: .present, scene: "Vault"))),
        BadInput(
            "a synchronous link through a scene an asynchronous guard applies to",
            .open("demo://open/A1/Vault"),
            .link(
                .linkSegmentFailed(
                    position: 2, segment: "Vault",
                    error: .guarded(.asynchronousGuard(name: "server", kind: .push, scene: "Vault"))
                ))),
        BadInput(
            "rejecting guard", .navigate(.present(scene: "Locked")),
            .guarded(
                .rejectedByGuard(
                    name: "policy", kind: .present, scene: "Locked", reason: "it is locked"))),
        BadInput(
            "vetoing screen", setup: [.root(scene: "A1"), .push(scene: "Keep")], .navigate(.pop()),
            .guarded(
                .leavingVetoed(scene: "Keep", screen: ScreenID(2), reason: "it has unsaved changes")
            )),
        BadInput(
            "vetoing screen under a deep link", setup: [.root(scene: "Keep")],
            .open("demo://open/A1"),
            .guarded(
                .leavingVetoed(scene: "Keep", screen: ScreenID(1), reason: "it has unsaved changes")
            )),
        BadInput(
            "missing service", .navigate(.push(scene: "Profile")),
            .misuse(.missingService(type: "BadInputClock"))),
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
            .guarded(
                .redirectLoop(chain: [
                    .push(scene: "B2"), .present(scene: "B2"), .push(scene: "B2"),
                ]))),

        // Platform reports
        BadInput(
            "stale report", setup: [.root(scene: "A1"), .push(scene: "A2"), .pop()],
            .report(.poppedBackByUser(to: ScreenID(2))), .refused(.reportedScreenGone(ScreenID(2)))),
        BadInput(
            "duplicate report", setup: [.root(scene: "A1"), .present(scene: "A2")],
            extraSetup: { try $0.coordinator.report(.dismissedByUser(ScreenID(2))) },
            .report(.dismissedByUser(ScreenID(2))), .refused(.reportedScreenGone(ScreenID(2)))),
        BadInput(
            "report about a screen never built", .report(.dismissedByUser(ScreenID(999))),
            .refused(.reportedScreenGone(ScreenID(999)))),
        BadInput(
            "report of a pop back to a screen under a modal", setup: stack3,
            .report(.poppedBackByUser(to: ScreenID(1))),
            .refused(.reportedScreenNotOnTop(ScreenID(1), kind: .popTo, visible: ScreenID(3)))),
        BadInput(
            "report of a dismiss with nothing presented", .report(.dismissedByUser(ScreenID(1))),
            .refused(.nothingToDismiss(visible: "A1"))),
        BadInput(
            "report of a dismiss of the root stack under a modal", setup: stack3,
            .report(.dismissedByUser(ScreenID(1))),
            .refused(.reportedScreenNotOnTop(ScreenID(1), kind: .dismiss, visible: ScreenID(3)))),

        // Restoration, results, flows
        BadInput(
            "snapshot from a newer version",
            .restore(TreeSnapshot(version: 5, stacks: [[.init(scene: "A1")]])),
            .snapshot(.unsupportedVersion(found: 5, supported: 4))),
        BadInput(
            "snapshot of version 0",
            .restore(TreeSnapshot(version: 0, stacks: [[.init(scene: "A1")]])),
            .snapshot(.unsupportedVersion(found: 0, supported: 4))),
        BadInput(
            "snapshot naming a scene no longer registered",
            .restore(TreeSnapshot(stacks: [[.init(scene: "A1"), .init(scene: "Gone")]])),
            .snapshot(
                .restorationFailed(
                    position: 2, scene: "Gone", error: .unknownScene("Gone", suggestions: [])))),
        BadInput(
            "finishing a screen that is not visible",
            setup: [.root(scene: "A1"), .push(scene: "A2")],
            .finish(.pop()) { fixture in
                let first = fixture.coordinator.tree.screens.first?.content as? StubScreen
                try first?.context.finish(with: "late")
            }, .refused(.finishingScreenNotVisible(ScreenID(1), visible: ScreenID(2)))),
        BadInput(
            "a flow key already in use",
            extraSetup: { fixture in
                try fixture.coordinator.startFlow(
                    StubFlow(coordinator: fixture.coordinator), key: "checkout")
            },
            .call { fixture in
                try fixture.coordinator.startFlow(
                    StubFlow(coordinator: fixture.coordinator), key: "checkout")
            }, .misuse(.flowKeyInUse("checkout"))),

        // Tabs
        BadInput(
            "selecting an unknown tab suggests the close name", setup: tabRoot,
            .navigate(.selectTab("mroe")), .refused(.unknownTab("mroe", tabs: ["home", "more"]))),
        BadInput(
            "selecting a tab of a stack root", .navigate(.selectTab("home")),
            .refused(.unknownTab("home", tabs: []))),
        BadInput(
            "selecting a tab in an empty window", setup: [], .navigate(.selectTab("home")),
            .refused(.noRoot(.selectTab))),
        BadInput(
            "two tabs with one name",
            .navigate(
                .tabs(
                    [TabItem("home", scene: "A1"), TabItem("home", scene: "B1")],
                    selected: "home")), .refused(.duplicateTabName("home"))),
        BadInput("no tabs", .navigate(.tabs([], selected: "home")), .refused(.noTabs)),
        BadInput(
            "an empty tab name", .navigate(.tabs([TabItem("", scene: "A1")], selected: "")),
            .input(.invalidTabName(""))),
        BadInput(
            "a tab name with a space",
            .navigate(.tabs([TabItem("my home", scene: "A1")], selected: "my home")),
            .input(.invalidTabName("my home"))),
        BadInput(
            "a 65-byte tab name",
            .navigate(
                .tabs(
                    [TabItem(String(repeating: "t", count: 65), scene: "A1")],
                    selected: String(repeating: "t", count: 65))),
            .input(.invalidTabName(String(repeating: "t", count: 65)))),
        BadInput(
            "a tab name with a control character",
            .navigate(.tabs([TabItem("ho\u{7}me", scene: "A1")], selected: "ho\u{7}me")),
            .input(.invalidTabName("ho\u{7}me"))),
        BadInput(
            "a tab name with a zero-width space",
            .navigate(.tabs([TabItem("home\u{200B}", scene: "A1")], selected: "home\u{200B}")),
            .input(.invalidTabName("home\u{200B}"))),
        BadInput(
            "a tab root selecting a tab it does not have",
            .navigate(
                .tabs(
                    [TabItem("home", scene: "A1"), TabItem("more", scene: "B1")],
                    selected: "search")), .refused(.unknownTab("search", tabs: ["home", "more"]))),
        BadInput(
            "a tab root with an unknown scene in its second tab",
            .navigate(
                .tabs(
                    [TabItem("home", scene: "A1"), TabItem("more", scene: "B3")],
                    selected: "home")), .unknownScene("B3", suggestions: ["B1", "B2"])),
        BadInput(
            "a tab root whose second tab's builder throws", setup: tabRoot,
            .navigate(
                .tabs(
                    [TabItem("home", scene: "Keep"), TabItem("more", scene: "Broken")],
                    selected: "home")), .builderFailed("Broken", reason: "the network is down")),
        BadInput(
            "a tab root over a vetoing screen in a tab that is not selected",
            setup: tabRoot + [.selectTab("more"), .push(scene: "Keep"), .selectTab("home")],
            .navigate(
                .tabs([TabItem("home", scene: "A1")], selected: "home")),
            .guarded(
                .leavingVetoed(scene: "Keep", screen: ScreenID(3), reason: "it has unsaved changes")
            )),

        // Presentation styles
        BadInput(
            "a swipe-down of a full-screen cover",
            setup: [.root(scene: "A1"), .present(scene: "B1", style: .fullScreenCover)],
            .report(.dismissedByUser(ScreenID(2))),
            .refused(.notDismissibleByUser(ScreenID(2), style: .fullScreenCover))),
        BadInput(
            "a swipe-down of a sheet that is not swipeable",
            setup: [
                .root(scene: "A1"),
                .present(
                    scene: "B1", style: .sheet(detents: [.medium], interactiveDismissal: false)),
                .push(scene: "B2"),
            ], .report(.dismissedByUser(ScreenID(3))),
            .refused(
                .notDismissibleByUser(
                    ScreenID(3), style: .sheet(detents: [.medium], interactiveDismissal: false)))),
        BadInput(
            "a sheet without detents",
            .navigate(.present(scene: "B1", style: .sheet(detents: []))),
            .refused(.invalidPresentationStyle(.sheet(detents: [])))),
        BadInput(
            "a sheet with a detent twice",
            .navigate(.present(scene: "B1", style: .sheet(detents: [.medium, .medium]))),
            .refused(.invalidPresentationStyle(.sheet(detents: [.medium, .medium])))),
        BadInput(
            "a popover without an anchor",
            .navigate(.present(scene: "B1", style: .popover(anchor: ""))),
            .refused(.invalidPresentationStyle(.popover(anchor: "")))),
        BadInput(
            "a popover with a 65-byte anchor",
            .navigate(
                .present(scene: "B1", style: .popover(anchor: String(repeating: "a", count: 65)))),
            .refused(.invalidPresentationStyle(.popover(anchor: String(repeating: "a", count: 65))))
        ),

        // Tab reports
        BadInput(
            "a tab tap while a modal covers the tab bar",
            setup: tabRoot + [.present(scene: "B2")], .report(.tabSelectedByUser("more")),
            .refused(.tabBarCovered(tab: "more", modal: "B2"))),
        BadInput(
            "a re-tap of the selected tab while a modal covers the tab bar",
            setup: tabRoot + [.push(scene: "A2"), .present(scene: "B2")],
            .report(.selectedTabReselectedByUser),
            .refused(.tabBarCovered(tab: "home", modal: "B2"))),
        BadInput(
            "a tab tap on an unknown tab", setup: tabRoot, .report(.tabSelectedByUser("mroe")),
            .refused(.unknownTab("mroe", tabs: ["home", "more"]))),
        BadInput(
            "a tab tap over a stack root", .report(.tabSelectedByUser("home")),
            .refused(.unknownTab("home", tabs: []))),
        BadInput(
            "a tab tap in an empty window", setup: [], .report(.tabSelectedByUser("home")),
            .refused(.unknownTab("home", tabs: []))),
        BadInput(
            "a re-tap of the selected tab over a stack root",
            setup: [.root(scene: "A1"), .push(scene: "A2")],
            .report(.selectedTabReselectedByUser), .refused(.unknownTab("", tabs: []))),
        BadInput(
            "a back swipe reported in a tab that is not selected",
            setup: tabRoot + [.push(scene: "A2"), .selectTab("more")],
            .report(.poppedBackByUser(to: ScreenID(1))),
            .refused(.reportedScreenNotOnTop(ScreenID(1), kind: .popTo, visible: ScreenID(2)))),

        // Whole-stack transitions
        BadInput("an empty stack", .navigate(.setStack([])), .refused(.emptyStack(.setStack))),
        BadInput(
            "a stack with an unknown scene in the middle",
            setup: [.root(scene: "A1"), .push(scene: "A2")],
            .navigate(.setStack(["B1", "A3", "B2"])),
            .unknownScene("A3", suggestions: ["A1", "A2"])),
        BadInput(
            "a stack whose builder throws in the middle",
            setup: [.root(scene: "A1"), .push(scene: "A2")],
            .navigate(.setStack(["Keep", "Broken", "B2"])),
            .builderFailed("Broken", reason: "the network is down")),
        BadInput(
            "a stack with a scene the guard rejects", .navigate(.setStack(["B1", "Locked"])),
            .guarded(
                .rejectedByGuard(
                    name: "policy", kind: .setStack, scene: "Locked", reason: "it is locked"))),
        BadInput(
            "a stack set over a vetoing screen", setup: [.root(scene: "Keep"), .push(scene: "A2")],
            .navigate(.setStack(["B1"])),
            .guarded(
                .leavingVetoed(scene: "Keep", screen: ScreenID(1), reason: "it has unsaved changes")
            )),
        BadInput(
            "a stack set in an empty window", setup: [], .navigate(.setStack(["A1"])),
            .refused(.noRoot(.setStack))),
        BadInput(
            "a replace in an empty window", setup: [], .navigate(.replace(scene: "A1")),
            .refused(.noRoot(.replace))),
        BadInput(
            "a replace of a vetoing screen", setup: [.root(scene: "A1"), .push(scene: "Keep")],
            .navigate(.replace(scene: "B1")),
            .guarded(
                .leavingVetoed(scene: "Keep", screen: ScreenID(2), reason: "it has unsaved changes")
            )),
        BadInput(
            "a replace by an unknown scene", .navigate(.replace(scene: "A3")),
            .unknownScene("A3", suggestions: ["A1", "A2"])),

        // Links with tabs and styles
        BadInput(
            "link with unclosed attributes", .open("demo://open/A1/+[mediumB1"),
            .link(.invalidLink(.unclosedAttributes(position: 2)))),
        BadInput(
            "link with an unknown attribute", .open("demo://open/A1/+[tiny]B1"),
            .link(.invalidLink(.unknownAttribute(position: 2, text: "tiny")))),
        BadInput(
            "link with an empty tab name", .open("demo://open/[tab:]A1"),
            .link(.invalidLink(.unknownAttribute(position: 1, text: "tab:")))),
        BadInput(
            "link with a popover without an anchor", .open("demo://open/A1/+[popover:]B1"),
            .link(.invalidLink(.unknownAttribute(position: 2, text: "popover:")))),
        BadInput(
            "link with a detent twice",
            .open("demo://open/A1/+[medium,medium]B1"),
            .link(.invalidLink(.unknownAttribute(position: 2, text: "medium")))),
        BadInput(
            "link with a tab selected twice in one segment",
            .open("demo://open/[tab:home,selected,selected]A1"),
            .link(.invalidLink(.unknownAttribute(position: 1, text: "selected")))),
        BadInput(
            "link with fixed twice",
            .open("demo://open/A1/+[fixed,fixed]B1"),
            .link(.invalidLink(.unknownAttribute(position: 2, text: "fixed")))),
        BadInput(
            "link with a 65-byte popover anchor",
            .open("demo://open/A1/+[popover:\(String(repeating: "a", count: 65))]B1"),
            .link(
                .invalidLink(
                    .unknownAttribute(
                        position: 2, text: "popover:" + String(repeating: "a", count: 65))))),
        BadInput(
            "link with a 65-byte tab name",
            .open("demo://open/[tab:\(String(repeating: "t", count: 65))]A1"),
            .link(
                .invalidLink(
                    .unknownAttribute(position: 1, text: "tab:" + String(repeating: "t", count: 65))
                ))),
        BadInput(
            "link with two styles", .open("demo://open/A1/+[full-screen,popover:share]B1"),
            .link(.invalidLink(.unknownAttribute(position: 2, text: "popover:share")))),
        BadInput(
            "link with a style on a pushed screen", .open("demo://open/A1/[full-screen]A2"),
            .link(.invalidLink(.misplacedAttributes(position: 2)))),
        BadInput(
            "link with a style on the root", .open("demo://open/[medium]A1"),
            .link(.invalidLink(.misplacedAttributes(position: 1)))),
        BadInput(
            "link marking a modal selected", .open("demo://open/A1/+[selected]B1"),
            .link(.invalidLink(.misplacedAttributes(position: 2)))),
        BadInput(
            "link marking a root stack selected", .open("demo://open/[selected]A1"),
            .link(.invalidLink(.misplacedAttributes(position: 1)))),
        BadInput(
            "link giving a tab a style", .open("demo://open/[tab:home,full-screen]A1"),
            .link(.invalidLink(.misplacedAttributes(position: 1)))),
        BadInput(
            "link with a sheet that is also full-screen",
            .open("demo://open/A1/+[medium,full-screen]B1"),
            .link(.invalidLink(.misplacedAttributes(position: 2)))),
        BadInput(
            "link starting a tab after a stack root", .open("demo://open/A1/[tab:home]A2"),
            .link(.invalidLink(.misplacedTab(position: 2)))),
        BadInput(
            "link starting a tab after a modal", .open("demo://open/[tab:home]A1/+B1/[tab:more]B2"),
            .link(.invalidLink(.misplacedTab(position: 3)))),
        BadInput(
            "link starting a tab in a modal", .open("demo://open/[tab:home]A1/+[tab:more]B1"),
            .link(.invalidLink(.misplacedTab(position: 2)))),
        BadInput(
            "link naming a tab twice", .open("demo://open/[tab:home]A1/[tab:home]B1"),
            .link(.invalidLink(.repeatedTab(position: 2, name: "home")))),
        BadInput(
            "link selecting two tabs",
            .open("demo://open/[tab:home,selected]A1/A2/[tab:more,selected]B1"),
            .link(.invalidLink(.twoSelectedTabs(position: 3)))),
        BadInput(
            "link to one stack with no tab for it", setup: tabRoot, .open("demo://open/A2"),
            .link(.noTabForLink("A2", tabs: ["home", "more"]))),
        BadInput(
            "link to one tab over a vetoing modal", setup: tabRoot + [.present(scene: "Keep")],
            .open("demo://open/B1/B2"),
            .guarded(
                .leavingVetoed(scene: "Keep", screen: ScreenID(3), reason: "it has unsaved changes")
            )),
        BadInput(
            "link to one tab over its vetoing screen",
            setup: tabRoot + [.selectTab("more"), .push(scene: "Keep")],
            .open("demo://open/B1"),
            .guarded(
                .leavingVetoed(scene: "Keep", screen: ScreenID(3), reason: "it has unsaved changes")
            )),

        // Snapshots with tabs and styles
        BadInput(
            "snapshot of version -1", .restore(TreeSnapshot(version: -1, root: [a1])),
            .snapshot(.unsupportedVersion(found: -1, supported: 4))),
        BadInput(
            "snapshot of tabs from version 5",
            .restore(TreeSnapshot(version: 5, tabs: twoTabs, selectedTab: 0)),
            .snapshot(.unsupportedVersion(found: 5, supported: 4))),
        BadInput(
            "snapshot of 513 screens",
            .restore(TreeSnapshot(root: Array(repeating: a1, count: 513))),
            .snapshot(.tooManyScreens(count: 513, limit: 512))),
        BadInput(
            "snapshot of 17 tabs",
            .restore(
                TreeSnapshot(
                    tabs: (1...17).map { TreeSnapshot.Tab(name: "t\($0)", stack: [a1]) },
                    selectedTab: 0)), .snapshot(.tooManyTabs(count: 17, limit: 16))),
        BadInput(
            "snapshot of 33 modals",
            .restore(
                TreeSnapshot(
                    root: [a1], modals: Array(repeating: TreeSnapshot.Modal(stack: [b1]), count: 33)
                )
            ), .snapshot(.tooManyModals(count: 33, limit: 32))),
        BadInput(
            "snapshot of a screen with 65 parameters",
            .restore(
                TreeSnapshot(root: [
                    TreeSnapshot.Screen(
                        scene: "A1",
                        parameters: SceneParameters(
                            Dictionary(uniqueKeysWithValues: (1...65).map { ("p\($0)", "v") })))
                ])), .snapshot(.tooManyParameters(scene: "A1", count: 65, limit: 64))),
        BadInput(
            "snapshot selecting a tab past the last",
            .restore(TreeSnapshot(tabs: twoTabs, selectedTab: 2)),
            .snapshot(.selectedTabOutOfRange(index: 2, count: 2))),
        BadInput(
            "snapshot selecting a negative tab",
            .restore(TreeSnapshot(tabs: twoTabs, selectedTab: -1)),
            .snapshot(.selectedTabOutOfRange(index: -1, count: 2))),
        BadInput(
            "snapshot with two tabs of one name",
            .restore(
                TreeSnapshot(
                    tabs: [
                        TreeSnapshot.Tab(name: "home", stack: [a1]),
                        TreeSnapshot.Tab(name: "home", stack: [b1]),
                    ], selectedTab: 0)), .snapshot(.duplicateTabName("home"))),
        BadInput(
            "snapshot with an invalid tab name",
            .restore(
                TreeSnapshot(tabs: [TreeSnapshot.Tab(name: "my home", stack: [a1])], selectedTab: 0)
            ),
            .snapshot(.invalidTabName("my home"))),
        BadInput(
            "snapshot with a root stack and tabs", .restore(rootAndTabs),
            .snapshot(.rootAndTabs)),
        BadInput(
            "snapshot with modals and no root",
            .restore(TreeSnapshot(root: [], modals: [TreeSnapshot.Modal(stack: [b1])])),
            .snapshot(.modalsWithoutRoot)),
        BadInput(
            "snapshot with an empty tab",
            .restore(
                TreeSnapshot(
                    tabs: [
                        TreeSnapshot.Tab(name: "home", stack: [a1]),
                        TreeSnapshot.Tab(name: "more", stack: []),
                    ],
                    selectedTab: 0)), .snapshot(.emptyStack)),
        BadInput(
            "snapshot with an empty modal",
            .restore(TreeSnapshot(root: [a1], modals: [TreeSnapshot.Modal(stack: [])])),
            .snapshot(.emptyStack)),
        BadInput(
            "snapshot with a sheet without detents",
            .restore(
                TreeSnapshot(
                    root: [a1],
                    modals: [TreeSnapshot.Modal(style: .sheet(detents: []), stack: [b1])])),
            .snapshot(.invalidStyle(.sheet(detents: [])))),
        BadInput(
            "snapshot with a popover without an anchor",
            .restore(
                TreeSnapshot(
                    root: [a1],
                    modals: [TreeSnapshot.Modal(style: .popover(anchor: ""), stack: [b1])])),
            .snapshot(.invalidStyle(.popover(anchor: "")))),
        BadInput(
            "snapshot with a tab scene no longer registered",
            .restore(
                TreeSnapshot(
                    tabs: [
                        TreeSnapshot.Tab(
                            name: "home", stack: [a1, TreeSnapshot.Screen(scene: "Gone")])
                    ],
                    selectedTab: 0)),
            .snapshot(
                .restorationFailed(
                    position: 2, scene: "Gone", error: .unknownScene("Gone", suggestions: [])))),

        // Payloads and typed results
        BadInput(
            "push without the payload its scene requires", .navigate(.push(scene: "Product")),
            missingProduct),
        BadInput(
            "root without the payload its scene requires", .navigate(.root(scene: "Product")),
            missingProduct),
        BadInput(
            "present with a payload of the wrong type",
            .navigate(.present(scene: "Product", payload: ScenePayload(7))),
            .input(.wrongPayloadType(scene: "Product", expected: "BadInputProduct", given: "Int"))),
        BadInput(
            "replace with a payload of the wrong type",
            .navigate(.replace(scene: "Product", payload: ScenePayload("42"))),
            .input(
                .wrongPayloadType(scene: "Product", expected: "BadInputProduct", given: "String"))),
        BadInput(
            "set-stack with a screen missing its payload",
            .navigate(.setStack(["A2", Destination("Product", parameters: ["id": "42"])])),
            missingProduct),
        BadInput(
            "set-stack with a payload of the wrong type",
            .navigate(
                .setStack([
                    Destination("Product", payload: lamp),
                    Destination("Product", payload: ScenePayload([42])),
                ])),
            .input(
                .wrongPayloadType(
                    scene: "Product", expected: "BadInputProduct", given: "Array<Int>"))),
        BadInput(
            "tabs with a tab missing its payload",
            .navigate(
                .tabs(
                    [TabItem("home", scene: "A1"), TabItem("shop", scene: "Product")],
                    selected: "home")), missingProduct),
        BadInput(
            "tabs with a payload of the wrong type", setup: tabRoot,
            .navigate(
                .tabs(
                    [TabItem("shop", scene: "Gift", payload: ScenePayload(true))],
                    selected: "shop")),
            .input(.wrongPayloadType(scene: "Gift", expected: "BadInputProduct", given: "Bool"))),
        BadInput(
            "a payload that cannot be rebuilt from the parameters",
            .navigate(.push(scene: "Gift", parameters: ["id": "x"])),
            .builderFailed(
                "Gift",
                reason: "its payload could not be rebuilt from its parameters: "
                    + "no product has the id x")),
        BadInput(
            "link to a screen only a payload can build", .open("demo://open/A1/Product;id=42"),
            .link(.linkSegmentFailed(position: 2, segment: "Product;id=42", error: missingProduct))),
        BadInput(
            "link to a tab only a payload can build",
            .open("demo://open/[tab:home]A1/[tab:shop,selected]Product"),
            .link(
                .linkSegmentFailed(
                    position: 2, segment: "[tab:shop,selected]Product", error: missingProduct))),
        BadInput(
            "link whose payload cannot be rebuilt", .open("demo://open/A1/+[full-screen]Gift"),
            .link(
                .linkSegmentFailed(
                    position: 2, segment: "+[full-screen]Gift",
                    error: .builderFailed(
                        "Gift",
                        reason: "its payload could not be rebuilt from its parameters: "
                            + "no product has the id ")))),
        BadInput(
            "writing a link of a screen only a payload can build",
            setup: [.root(scene: "A1"), .push(scene: "Product", payload: lamp)],
            .call { _ = try $0.coordinator.link(format: BadInputFixture.format) },
            .link(.linkNeedsPayload(scene: "Product", screen: ScreenID(2)))),
        BadInput(
            "writing a link of a tab only a payload can build",
            setup: [
                .tabs(
                    [
                        TabItem("home", scene: "A1"),
                        TabItem("shop", scene: "Product", payload: lamp),
                    ],
                    selected: "home")
            ],
            .call { _ = try $0.coordinator.link(format: BadInputFixture.format) },
            .link(.linkNeedsPayload(scene: "Product", screen: ScreenID(2)))),
        BadInput(
            "saving a payload whose type is not registered",
            setup: [.root(scene: "A1"), .present(scene: "A2", payload: ScenePayload(2.5))],
            .call { _ = try $0.coordinator.snapshot() },
            .link(.payloadNotSaved(scene: "A2", screen: ScreenID(2), type: "Double"))),
        BadInput(
            "snapshot naming a payload type that is not registered",
            .restore(
                TreeSnapshot(root: [
                    a1,
                    TreeSnapshot.Screen(
                        scene: "Product", payload: .init(type: "coupon", json: "{}")),
                ])), .snapshot(.unknownPayloadType("coupon"))),
        BadInput(
            "snapshot with a payload its type cannot read",
            .restore(
                TreeSnapshot(root: [
                    a1,
                    TreeSnapshot.Screen(
                        scene: "Product", payload: .init(type: "product", json: "[]")),
                ])),
            .snapshot(.unreadablePayload(type: "product", reason: unreadableProduct("[]")))),
        BadInput(
            "snapshot whose payloads are read before any screen is checked",
            .restore(
                TreeSnapshot(
                    root: [TreeSnapshot.Screen(scene: "Gone")],
                    modals: [
                        TreeSnapshot.Modal(stack: [
                            TreeSnapshot.Screen(
                                scene: "A1", payload: .init(type: "product", json: #"{"id":"7"}"#))
                        ])
                    ])),
            .snapshot(
                .unreadablePayload(type: "product", reason: unreadableProduct(#"{"id":"7"}"#)))),
        BadInput(
            "snapshot without the payload its scene requires",
            .restore(TreeSnapshot(root: [a1, TreeSnapshot.Screen(scene: "Product")])),
            .snapshot(.restorationFailed(position: 2, scene: "Product", error: missingProduct))),
        BadInput(
            "snapshot with a payload of another registered type",
            .restore(
                TreeSnapshot(
                    tabs: [
                        TreeSnapshot.Tab(name: "home", stack: [a1]),
                        TreeSnapshot.Tab(
                            name: "shop",
                            stack: [
                                TreeSnapshot.Screen(
                                    scene: "Product", payload: .init(type: "count", json: "7"))
                            ]),
                    ], selectedTab: 0)),
            .snapshot(
                .restorationFailed(
                    position: 2, scene: "Product",
                    error: .input(
                        .wrongPayloadType(
                            scene: "Product", expected: "BadInputProduct", given: "Int"))))),
        // Universal links
        BadInput(
            "universal link from a host not accepted",
            .openUniversal("https://evil.example.org/a1"),
            unhandled(
                "https://evil.example.org/a1",
                .notAccepted(scheme: "https", host: "evil.example.org"))),
        BadInput(
            "universal link over http", .openUniversal("http://example.com/a1"),
            unhandled("http://example.com/a1", .notAccepted(scheme: "http", host: "example.com"))),
        BadInput(
            "universal link with a port", .openUniversal("https://example.com:443/a1"),
            unhandled(
                "https://example.com:443/a1", .notAccepted(scheme: "https", host: "example.com:443")
            )),
        BadInput(
            "universal link with a user", .openUniversal("https://eve@example.com/a1"),
            unhandled(
                "https://eve@example.com/a1", .notAccepted(scheme: "https", host: "eve@example.com")
            )),
        BadInput(
            "universal link of an unknown scheme", .openUniversal("other://a1"),
            unhandled("other://a1", .notAccepted(scheme: "other", host: "a1"))),
        BadInput(
            "universal link without //", .openUniversal("mailto:someone@example.com"),
            unhandled("mailto:someone@example.com", .notAccepted(scheme: "mailto", host: ""))),
        BadInput(
            "empty universal link", .openUniversal(""), unhandled("", .unreadable(.empty))),
        BadInput(
            "universal link over the length limit",
            .openUniversal("https://example.com/a1?q=" + String(repeating: "x", count: 5_000)),
            unhandled(
                "https://example.com/a1?q=" + String(repeating: "x", count: 5_000),
                .unreadable(.tooLong(length: 5_025, limit: 4_096)))),
        BadInput(
            "universal link with an empty path component",
            .openUniversal("https://example.com/order//7"),
            unhandled("https://example.com/order//7", .unreadable(.emptySegment(position: 2)))),
        BadInput(
            "universal link with a bad escape in its path",
            .openUniversal("https://example.com/order/%zz"),
            unhandled(
                "https://example.com/order/%zz",
                .unreadable(.badPercentEncoding(position: 2, segment: "%zz")))),
        BadInput(
            "universal link with a space in its path",
            .openUniversal("https://example.com/order/7 8"),
            unhandled(
                "https://example.com/order/7 8",
                .unreadable(.invalidCharacter(position: 2, segment: "7 8")))),
        BadInput(
            "universal link with a bad escape in its query",
            .openUniversal("https://example.com/a1?ref=%E2%28"),
            unhandled(
                "https://example.com/a1?ref=%E2%28", .unreadable(.badQueryItem(text: "ref=%E2%28")))
        ),
        BadInput(
            "universal link with a repeated query item, a list, whose value holds a comma",
            .openUniversal("https://example.com/a1?ref=a&ref=b%2Cc"),
            unhandled(
                "https://example.com/a1?ref=a&ref=b%2Cc",
                .unreadable(.repeatedQueryItem(name: "ref")))),
        BadInput(
            "universal link without a scheme",
            .openUniversal("/a1?ref=a"), unhandled("/a1?ref=a", .unreadable(.noScheme))),
        BadInput(
            "universal link with a query item without a name",
            .openUniversal("https://example.com/a1?=x"),
            unhandled("https://example.com/a1?=x", .unreadable(.badQueryItem(text: "=x")))),
        BadInput(
            "universal link whose query names a path value",
            .openUniversal("https://example.com/order/7?id=8"),
            unhandled(
                "https://example.com/order/7?id=8", .unreadable(.queryItemNamesCapture(name: "id")))
        ),
        BadInput(
            "universal link with 17 query items",
            .openUniversal(
                "https://example.com/a1?" + (1...17).map { "k\($0)=v" }.joined(separator: "&")),
            unhandled(
                "https://example.com/a1?" + (1...17).map { "k\($0)=v" }.joined(separator: "&"),
                .unreadable(.tooManyParameters(position: 1, count: 17, limit: 16)))),
        BadInput(
            "universal link with 65 path components",
            .openUniversal(
                "https://example.com/" + Array(repeating: "a", count: 65).joined(separator: "/")),
            unhandled(
                "https://example.com/" + Array(repeating: "a", count: 65).joined(separator: "/"),
                .unreadable(.tooManyScreens(count: 65, limit: 64)))),
        BadInput(
            "universal link no route matches", .openUniversal("https://example.com/a1/a2"),
            unhandled("https://example.com/a1/a2", .noRoute(path: "a1/a2"))),
        BadInput(
            "universal link to the site's root", .openUniversal("https://example.com/"),
            unhandled("https://example.com/", .noRoute(path: ""))),
        BadInput(
            "universal link whose route refuses one of its query items",
            .openUniversal("https://example.com/preview?item=7&token=abc"),
            unhandled(
                "https://example.com/preview?item=7&token=abc",
                .refused(route: "preview", item: "token"))),
        BadInput(
            "universal link of a scheme that carries another host",
            .openUniversal("site://other.example.com/a1"),
            unhandled(
                "site://other.example.com/a1",
                .notAccepted(scheme: "site", host: "other.example.com"))),
        BadInput(
            "universal link of a scheme that carries a host, without it",
            .openUniversal("site://a1"),
            unhandled("site://a1", .notAccepted(scheme: "site", host: "a1"))),
        BadInput(
            "universal link to a route not reachable from outside",
            .openUniversal("demo://secret"),
            unhandled("demo://secret", .notReachableFromOutside(route: "secret"))),
        BadInput(
            "universal link with a value of the wrong type",
            .openUniversal("https://example.com/order/seven"),
            unhandled(
                "https://example.com/order/seven",
                .invalidValue(route: "order/:id", parameter: "id", value: "seven", expected: .int))
        ),
        BadInput(
            "universal link without a value its screen needs",
            .openUniversal("https://example.com/order?ref=mail"),
            unhandled(
                "https://example.com/order?ref=mail", .missingValue(route: "order", parameter: "id")
            )),
        BadInput(
            "universal link that would remove a screen that vetoes",
            setup: [.root(scene: "A1"), .push(scene: "Keep")],
            .openUniversal("https://example.com/a1"),
            .guarded(
                .leavingVetoed(scene: "Keep", screen: ScreenID(2), reason: "it has unsaved changes")
            )),
        BadInput(
            "universal link presenting over a modal that vetoes",
            setup: [.root(scene: "A1"), .present(scene: "Keep")],
            .openUniversal("https://example.com/sheet"),
            .guarded(
                .leavingVetoed(scene: "Keep", screen: ScreenID(2), reason: "it has unsaved changes")
            )),
        BadInput(
            "universal link whose parent's builder fails",
            .openUniversal("https://example.com/broken/a2"),
            .builderFailed("Broken", reason: "the network is down")),
        BadInput(
            "universal link to a scene a guard rejects",
            .openUniversal("https://example.com/locked"),
            .guarded(
                .rejectedByGuard(
                    name: "policy", kind: .root, scene: "Locked", reason: "it is locked"))),
        BadInput(
            "universal link selecting a tab over a stack root",
            .openUniversal("https://example.com/more"), .refused(.unknownTab("more", tabs: []))),
        BadInput(
            "universal link pushing onto an empty window", setup: [],
            .openUniversal("https://example.com/push"), .refused(.noRoot(.push))),
        BadInput(
            "universal link presenting over an empty window", setup: [],
            .openUniversal("https://example.com/sheet"), .refused(.noRoot(.present))),
        BadInput(
            "finishing with a result of the wrong type",
            extraSetup: { fixture in
                try fixture.coordinator.navigate(.push(scene: "A2"), expecting: Int.self) { _ in }
            }, .finish(.pop()) { try $0.visibleStub?.context.finish(with: "seven") },
            .input(.wrongResultType(screen: ScreenID(2), expected: "Int", given: "String"))),
        BadInput(
            "finishing a presented screen with a result of the wrong type",
            extraSetup: { fixture in
                try fixture.coordinator.navigate(.present(scene: "B1"), expecting: Int.self) { _ in
                }
            }, .finish(.dismiss()) { try $0.visibleStub?.context.finish(with: "seven") },
            .input(.wrongResultType(screen: ScreenID(2), expected: "Int", given: "String"))),
        // A tab set that changes
        BadInput(
            "a tab added before the first root", setup: [],
            .navigate(.addTab(TabItem("new", scene: "A1"))), .refused(.noRoot(.addTab))),
        BadInput(
            "a tab added over a stack root", .navigate(.addTab(TabItem("new", scene: "A1"))),
            .refused(.noTabRoot(.addTab))),
        BadInput(
            "a tab added past the end", setup: BadInputTests.tabRoot,
            .navigate(.addTab(TabItem("new", scene: "A1"), at: 3)),
            .refused(.tabIndexOutOfRange(index: 3, count: 2))),
        BadInput(
            "a tab added at a negative position", setup: BadInputTests.tabRoot,
            .navigate(.addTab(TabItem("new", scene: "A1"), at: -1)),
            .refused(.tabIndexOutOfRange(index: -1, count: 2))),
        BadInput(
            "a tab added with a name in use", setup: BadInputTests.tabRoot,
            .navigate(.addTab(TabItem("more", scene: "A1"))), .refused(.duplicateTabName("more"))),
        BadInput(
            "a tab added with an empty name", setup: BadInputTests.tabRoot,
            .navigate(.addTab(TabItem("", scene: "A1"))), .input(.invalidTabName(""))),
        BadInput(
            "a tab added with an unknown scene", setup: BadInputTests.tabRoot,
            .navigate(.addTab(TabItem("new", scene: "A9"))),
            .unknownScene("A9", suggestions: ["A1", "A2"])),
        BadInput(
            "the only tab removed",
            setup: [.tabs([TabItem("home", scene: "A1")], selected: "home")],
            .navigate(.removeTab("home")), .refused(.lastTab("home"))),
        BadInput(
            "an unknown tab removed", setup: BadInputTests.tabRoot, .navigate(.removeTab("nope")),
            .refused(.unknownTab("nope", tabs: ["home", "more"]))),
        BadInput(
            "a tab removed over a stack root", .navigate(.removeTab("home")),
            .refused(.unknownTab("home", tabs: []))),
        // Split roots
        BadInput(
            "a detail shown over a stack root", .navigate(.showDetail("B1")),
            .refused(.noSplitRoot(.showDetail))),
        BadInput(
            "a detail shown over a tab root", setup: BadInputTests.tabRoot,
            .navigate(.showDetail("B1")), .refused(.noSplitRoot(.showDetail))),
        BadInput(
            "a supplementary shown over a stack root", .navigate(.showSupplementary("B1")),
            .refused(.noSplitRoot(.showSupplementary))),
        BadInput(
            "a supplementary shown over a tab root", setup: BadInputTests.tabRoot,
            .navigate(.showSupplementary("B1")), .refused(.noSplitRoot(.showSupplementary))),
        BadInput(
            "a detail shown in an empty window", setup: [], .navigate(.showDetail("B1")),
            .refused(.noRoot(.showDetail))),
        BadInput(
            "a supplementary shown in two columns", setup: BadInputTests.twoColumns,
            .navigate(.showSupplementary("B2")),
            .refused(.noSupplementaryColumn(.showSupplementary))),
        BadInput(
            "a double-column split with a supplementary screen",
            .navigate(.split(primary: "A1", supplementary: "A2", style: .doubleColumn)),
            .refused(.noSupplementaryColumn(.split))),
        BadInput(
            "a replace on an empty detail", setup: [.split(primary: "A1")],
            .navigate(.replace(scene: "A2")), .refused(.noDetailScreen(.replace))),
        BadInput(
            "a replace on a detail a sidebar selection emptied",
            setup: [
                .split(primary: "A1", supplementary: "A2", detail: "B1"),
                .showSupplementary("B2"),
            ], .navigate(.replace(scene: "A2")), .refused(.noDetailScreen(.replace))),
        BadInput(
            "a size class in an empty window", setup: [],
            .report(.sizeClassChanged(.compact)), .refused(.noRoot(.sizeClass))),
        BadInput(
            "a detail of an unknown scene", setup: BadInputTests.twoColumns,
            .navigate(.showDetail("Nope")), .unknownScene("Nope", suggestions: [])),
        BadInput(
            "a supplementary whose builder throws",
            setup: [.split(primary: "A1", style: .tripleColumn)],
            .navigate(.showSupplementary("Broken")),
            .builderFailed("Broken", reason: "the network is down")),
        BadInput(
            "a split whose detail's builder throws",
            .navigate(.split(primary: "A1", detail: "Broken")),
            .builderFailed("Broken", reason: "the network is down")),
        BadInput(
            "a detail shown over a vetoing detail", setup: [.split(primary: "A1", detail: "Keep")],
            .navigate(.showDetail("B1")),
            .guarded(
                .leavingVetoed(scene: "Keep", screen: ScreenID(2), reason: "it has unsaved changes")
            )),
        BadInput(
            "a split over a vetoing screen", setup: [.root(scene: "Keep")],
            .navigate(.split(primary: "A1", detail: "B1")),
            .guarded(
                .leavingVetoed(scene: "Keep", screen: ScreenID(1), reason: "it has unsaved changes")
            )),
        BadInput(
            "a pop of an empty detail", setup: [.split(primary: "A1")], .navigate(.pop()),
            .refused(.cannotPopFirstScreen("A1", kind: .pop))),
        BadInput(
            "a pop of a collapsed split's primary", setup: [.split(primary: "A1")],
            extraSetup: { try $0.coordinator.report(.sizeClassChanged(.compact)) },
            .navigate(.pop()), .refused(.cannotPopFirstScreen("A1", kind: .pop))),
        BadInput(
            "a back report to the primary of an expanded split",
            setup: BadInputTests.twoColumns + [.push(scene: "B2")],
            .report(.poppedBackByUser(to: ScreenID(1))),
            .refused(.reportedScreenNotOnTop(ScreenID(1), kind: .popTo, visible: ScreenID(3)))),
        BadInput(
            "a tab selected in a split", setup: BadInputTests.twoColumns,
            .navigate(.selectTab("home")), .refused(.unknownTab("home", tabs: []))),
        BadInput(
            "a tab added to a split", setup: BadInputTests.twoColumns,
            .navigate(.addTab(TabItem("home", scene: "A1"))), .refused(.noTabRoot(.addTab))),
        BadInput(
            "link with a detail before its supplementary",
            .open("demo://open/[primary]A1/[detail]B1/[supplementary]A2"),
            .link(.invalidLink(.misplacedAttributes(position: 3)))),
        BadInput(
            "link with a detail and no primary", .open("demo://open/[detail]B1"),
            .link(.invalidLink(.misplacedAttributes(position: 1)))),
        BadInput(
            "link with a primary after the root", .open("demo://open/A1/[primary]B1"),
            .link(.invalidLink(.misplacedAttributes(position: 2)))),
        BadInput(
            "link with a modal's column", .open("demo://open/[primary]A1/+[detail]B1"),
            .link(.invalidLink(.misplacedAttributes(position: 2)))),
        BadInput(
            "link with three columns off the primary", .open("demo://open/[detail,three-column]A1"),
            .link(.invalidLink(.misplacedAttributes(position: 1)))),
        BadInput(
            "link with a column among tabs", .open("demo://open/[tab:home]A1/[primary]B1"),
            .link(.invalidLink(.misplacedAttributes(position: 2)))),
        BadInput(
            "link with a column and a style", .open("demo://open/[primary,full-screen]A1"),
            .link(.invalidLink(.misplacedAttributes(position: 1)))),
        BadInput(
            "link with a column named twice", .open("demo://open/[primary,primary]A1"),
            .link(.invalidLink(.unknownAttribute(position: 1, text: "primary")))),
        BadInput(
            "link to a split whose detail scene is unknown",
            .open("demo://open/[primary]A1/[detail]Nope"),
            .link(
                .linkSegmentFailed(
                    position: 2, segment: "[detail]Nope",
                    error: .unknownScene("Nope", suggestions: [])))),
        BadInput(
            "snapshot of a split and a root stack",
            .restore(BadInputTests.splitAndRoot), .snapshot(.rootAndTabs)),
        BadInput(
            "snapshot of a split and tabs",
            .restore(BadInputTests.splitAndTabs), .snapshot(.rootAndTabs)),
        BadInput(
            "snapshot of a split with an empty primary",
            .restore(TreeSnapshot(split: .init(primary: [], detail: [a1]))),
            .snapshot(.emptyStack)),
        BadInput(
            "snapshot of a split whose detail scene is gone",
            .restore(TreeSnapshot(split: .init(primary: [a1], detail: [.init(scene: "Gone")]))),
            .snapshot(
                .restorationFailed(
                    position: 2, scene: "Gone", error: .unknownScene("Gone", suggestions: [])))),
        BadInput(
            "snapshot of a split from version 5",
            .restore(TreeSnapshot(version: 5, split: .init(primary: [a1]))),
            .snapshot(.unsupportedVersion(found: 5, supported: 4))),
        // Alerts and dialogs: content that cannot be shown.
        BadInput(
            "an alert with an invalid name",
            .navigate(.alert(broken { $0.name = "bad name" })),
            .refused(.invalidAlert(.invalidName("bad name", .whitespace(position: 4))))),
        BadInput(
            "an alert without buttons", .navigate(.alert(broken { $0.buttons = [] })),
            .refused(.invalidAlert(.noButtons))),
        BadInput(
            "an alert with 17 buttons",
            .navigate(
                .alert(broken { $0.buttons = (0..<17).map { AlertContent.Button("B\($0)") } })),
            .refused(.invalidAlert(.tooManyButtons(count: 17, limit: 16)))),
        BadInput(
            "an alert with 5 text fields",
            .navigate(
                .alert(
                    broken { $0.textFields = Array(repeating: AlertContent.TextField(), count: 5) })
            ),
            .refused(.invalidAlert(.tooManyTextFields(count: 5, limit: 4)))),
        BadInput(
            "a dialog with a text field",
            .navigate(.alert(broken(dialog) { $0.textFields = [AlertContent.TextField()] })),
            .refused(.invalidAlert(.textFieldsInDialog))),
        BadInput(
            "an alert with an anchor", .navigate(.alert(broken { $0.anchor = "share" })),
            .refused(.invalidAlert(.anchorOnAlert))),
        BadInput(
            "a dialog with an empty anchor", .navigate(.alert(broken(dialog) { $0.anchor = "" })),
            .refused(.invalidAlert(.invalidAnchor))),
        BadInput(
            "a dialog with a 65-byte anchor",
            .navigate(.alert(broken(dialog) { $0.anchor = String(repeating: "a", count: 65) })),
            .refused(.invalidAlert(.invalidAnchor))),
        BadInput(
            "an alert with a 4,097-byte title",
            .navigate(.alert(broken { $0.title = String(repeating: "t", count: 4_097) })),
            .refused(.invalidAlert(.textTooLong(limit: 4_096)))),
        BadInput(
            "an alert with a button without a title",
            .navigate(.alert(broken { $0.buttons[1].title = "" })),
            .refused(.invalidAlert(.emptyButtonTitle(index: 1)))),
        BadInput(
            "an alert with two cancel buttons",
            .navigate(
                .alert(broken { $0.buttons.append(AlertContent.Button("Close", role: .cancel)) })),
            .refused(.invalidAlert(.moreThanOneCancelButton))),
        BadInput(
            "an alert whose buttons answer another type than expected",
            .navigateExpectingBool(.alert(discard)),
            .refused(.invalidAlert(.wrongAnswerType(button: 1, expected: "Bool", given: "String")))),
        // Nothing goes over an alert.
        BadInput(
            "a push over an alert", setup: underAlert, .navigate(.push(scene: "B1")),
            .refused(.alertIsPresented(.push, alert: "DiscardDraft"))),
        BadInput(
            "a present over an alert", setup: underAlert, .navigate(.present(scene: "B1")),
            .refused(.alertIsPresented(.present, alert: "DiscardDraft"))),
        BadInput(
            "an alert over an alert", setup: underAlert, .navigate(.alert(rename)),
            .refused(.alertIsPresented(.present, alert: "DiscardDraft"))),
        BadInput(
            "a pop under an alert", setup: underAlert, .navigate(.pop()),
            .refused(.alertIsPresented(.pop, alert: "DiscardDraft"))),
        BadInput(
            "a pop to a scene under an alert", setup: underAlert,
            .navigate(.popTo(scene: "A1")),
            .refused(.alertIsPresented(.popTo, alert: "DiscardDraft"))),
        BadInput(
            "a pop to root under an alert", setup: underAlert, .navigate(.popToRoot()),
            .refused(.alertIsPresented(.popToRoot, alert: "DiscardDraft"))),
        BadInput(
            "a stack set under an alert", setup: underAlert,
            .navigate(.setStack(["B1", "B2"])),
            .refused(.alertIsPresented(.setStack, alert: "DiscardDraft"))),
        BadInput(
            "a replace of an alert", setup: underAlert, .navigate(.replace(scene: "B1")),
            .refused(.alertIsPresented(.replace, alert: "DiscardDraft"))),
        // The user's answers.
        BadInput(
            "an answer to a screen that is no alert",
            setup: [.root(scene: "A1"), .push(scene: "A2")],
            .report(.answeredByUser(ScreenID(2), button: 0)), .refused(.notAnAlert(ScreenID(2)))),
        BadInput(
            "an answer to a screen under an alert", setup: underAlert,
            .report(.answeredByUser(ScreenID(2), button: 0)), .refused(.notAnAlert(ScreenID(2)))),
        BadInput(
            "an answer with a button past the last", setup: underAlert,
            .report(.answeredByUser(ScreenID(3), button: 2)),
            .refused(.noSuchAlertButton(ScreenID(3), button: 2, count: 2))),
        BadInput(
            "an answer with a negative button", setup: underAlert,
            .report(.answeredByUser(ScreenID(3), button: -1)),
            .refused(.noSuchAlertButton(ScreenID(3), button: -1, count: 2))),
        BadInput(
            "an answer without the text of a text field",
            setup: [.root(scene: "A1"), .alert(rename)],
            .report(.answeredByUser(ScreenID(2), button: 0)),
            .refused(.alertTextMismatch(ScreenID(2), given: 0, expected: 1))),
        BadInput(
            "an answer with a text for an alert without text fields", setup: underAlert,
            .report(.answeredByUser(ScreenID(3), button: 0, text: ["x"])),
            .refused(.alertTextMismatch(ScreenID(3), given: 1, expected: 0))),
        BadInput(
            "an answer to an alert already answered", setup: underAlert,
            extraSetup: { try $0.coordinator.report(.answeredByUser(ScreenID(3), button: 1)) },
            .report(.answeredByUser(ScreenID(3), button: 1)),
            .refused(.reportedScreenGone(ScreenID(3)))),
        BadInput(
            "a swipe-down of an alert", setup: underAlert, .report(.dismissedByUser(ScreenID(3))),
            .refused(.notDismissibleByUser(ScreenID(3), style: .alert))),
        BadInput(
            "a tap outside a locked popover",
            setup: [.root(scene: "A1"), .present(scene: "B1", style: lockedPopover)],
            .report(.dismissedByUser(ScreenID(2))),
            .refused(.notDismissibleByUser(ScreenID(2), style: lockedPopover))),
        // An alert's style is not a scene's, nor a link's or a snapshot's.
        BadInput(
            "a scene presented with the alert style",
            .navigate(.present(scene: "B1", style: .alert)),
            .refused(.invalidPresentationStyle(.alert))),
        BadInput(
            "a scene presented with the dialog style",
            .navigate(.present(scene: "B1", style: .confirmationDialog)),
            .refused(.invalidPresentationStyle(.confirmationDialog))),
        BadInput(
            "a link presenting with an alert's style", .open("demo://open/A1/+[alert]B1"),
            .link(.invalidLink(.unknownAttribute(position: 2, text: "alert")))),
        BadInput(
            "a link table presenting with an alert's style",
            .call { _ in
                _ = try LinkTable(
                    accepting: [.scheme("demo")],
                    routes: [LinkRoute("ask", scene: "B1", effect: .present(.alert))])
            }, .link(.invalidLinkTable(.invalidRoute("ask", .invalidStyle(.alert))))),
        BadInput(
            "a link route with two parameters and nothing between",
            .call { _ in
                _ = try LinkTable(
                    accepting: [.scheme("demo")], routes: [LinkRoute("v:major:minor", scene: "B1")])
            },
            .link(
                .invalidLinkTable(.invalidRoute("v:major:minor", .adjacentParameters(segment: 1))))),
        BadInput(
            "a link route whose query does not name a parameter",
            .call { _ in
                _ = try LinkTable(
                    accepting: [.scheme("demo")], routes: [LinkRoute("search?q=term", scene: "B1")])
            },
            .link(
                .invalidLinkTable(.invalidRoute("search?q=term", .invalidQueryParameter("q=term"))))
        ),
        BadInput(
            "two link routes of one shape, parameters inside a segment",
            .call { _ in
                _ = try LinkTable(
                    accepting: [.scheme("demo")],
                    routes: [LinkRoute("item-:id", scene: "B1"), LinkRoute("item-:n", scene: "B1")])
            }, .link(.invalidLinkTable(.invalidRoute("item-:n", .sameShape("item-:id"))))),
        BadInput(
            "a host pattern that is not a leading `*.`",
            .call { _ in
                _ = try LinkTable(accepting: [.web(host: "shop.*.com")], routes: [])
            }, .link(.invalidLinkTable(.invalidOrigin(.web(host: "shop.*.com"))))),
        BadInput(
            "a snapshot of an alert",
            .restore(TreeSnapshot(root: [a1], modals: [.init(style: .alert, stack: [b1])])),
            .snapshot(.invalidStyle(.alert))),
        BadInput(
            "a snapshot of a dialog",
            .restore(
                TreeSnapshot(root: [a1], modals: [.init(style: .confirmationDialog, stack: [b1])])),
            .snapshot(.invalidStyle(.confirmationDialog))),
        // Chosen stacks, locks that change, detents that rest
        BadInput(
            "a push onto a stack the tree does not have",
            .navigate(.push(scene: "A2", on: StackID(99))),
            .refused(.noSuchStack(StackID(99), kind: .push))),
        BadInput(
            "a stack set on a stack the tree does not have",
            .navigate(.setStack(["A1"], on: StackID(99))),
            .refused(.noSuchStack(StackID(99), kind: .setStack))),
        BadInput(
            "a pop of a named stack's first screen", .navigate(.pop(on: StackID(1))),
            .refused(.cannotPopFirstScreen("A1", kind: .pop))),
        BadInput(
            "a lock for a modal that is not shown",
            .navigate(.updateModal(interactiveDismissal: false)),
            .refused(.noSuchStack(StackID(1), kind: .updateModal))),
        BadInput(
            "a lock for an alert", setup: underAlert,
            .navigate(.updateModal(interactiveDismissal: true)),
            .refused(.noSuchStack(StackID(2), kind: .updateModal))),
        BadInput(
            "a detent for a popover",
            setup: [.root(scene: "A1"), .present(scene: "B1", style: .popover(anchor: "share"))],
            .navigate(.updateModal(detent: .large)),
            .refused(.noSuchStack(StackID(2), kind: .updateModal))),
        BadInput(
            "a detent the sheet does not offer",
            setup: [.root(scene: "A1"), .present(scene: "B1", style: .sheet(detents: [.medium]))],
            .navigate(.updateModal(detent: .fraction(0.3))),
            .refused(
                .invalidPresentationStyle(.sheet(detents: [.medium], selected: .fraction(0.3))))),
        BadInput(
            "a drag to a detent the sheet does not offer",
            setup: [.root(scene: "A1"), .present(scene: "B1")],
            .report(.detentChangedByUser(ScreenID(2), to: .medium)),
            .refused(.invalidPresentationStyle(.sheet(selected: .medium)))),
        BadInput(
            "a sheet of a height that is not positive",
            .navigate(.present(scene: "B1", style: .sheet(detents: [.height(0)]))),
            .refused(.invalidPresentationStyle(.sheet(detents: [.height(0)])))),
        BadInput(
            "a sheet of a fraction over 1",
            .navigate(.present(scene: "B1", style: .sheet(detents: [.fraction(1.5)]))),
            .refused(.invalidPresentationStyle(.sheet(detents: [.fraction(1.5)])))),
        BadInput(
            "a sheet resting at a detent it does not offer",
            .navigate(.present(scene: "B1", style: .sheet(detents: [.medium], selected: .large))),
            .refused(.invalidPresentationStyle(.sheet(detents: [.medium], selected: .large)))),
        BadInput(
            "a link resting at a detent its sheet does not offer",
            .open("demo://open/A1/+[medium,at:large]B1"),
            .link(.invalidLink(.misplacedAttributes(position: 2)))),
        BadInput(
            "a link with a height that is not positive", .open("demo://open/A1/+[0pt]B1"),
            .link(.invalidLink(.unknownAttribute(position: 2, text: "0pt")))),
        BadInput(
            "a link with a height written in hexadecimal", .open("demo://open/A1/+[0x10pt]B1"),
            .link(.invalidLink(.unknownAttribute(position: 2, text: "0x10pt")))),
        BadInput(
            "a link with a fraction that is not a number", .open("demo://open/A1/+[nan]B1"),
            .link(.invalidLink(.unknownAttribute(position: 2, text: "nan")))),
        BadInput(
            "a link with a fraction of two points", .open("demo://open/A1/+[1.2.3]B1"),
            .link(.invalidLink(.unknownAttribute(position: 2, text: "1.2.3")))),
        BadInput(
            "a link resting at a detent that is no detent",
            .open("demo://open/A1/+[medium,at:small]B1"),
            .link(.invalidLink(.unknownAttribute(position: 2, text: "at:small")))),
        // Windows
        BadInput(
            "a window named by nothing", .call { try $0.windows.openWindow("") },
            .input(.invalidWindowID(""))),
        BadInput(
            "a window name over the byte limit",
            .call { try $0.windows.openWindow(WindowID(BadInputTests.mediumName)) },
            .input(.invalidWindowID(WindowID(BadInputTests.mediumName)))),
        BadInput(
            "a window opened twice", .call { try $0.windows.openWindow("main") },
            .window(.windowAlreadyOpen("main"))),
        BadInput(
            "an unknown window's coordinator",
            .call { _ = try $0.windows.coordinator(for: "gone") },
            .window(.unknownWindow("gone", open: ["side", "main"]))),
        BadInput(
            "an unknown window activated", .call { try $0.windows.activate("gone") },
            .window(.unknownWindow("gone", open: ["side", "main"]))),
        BadInput(
            "an unknown window closed", .call { try $0.windows.closeWindow("gone") },
            .window(.unknownWindow("gone", open: ["side", "main"]))),
        BadInput(
            "a link into an unknown window",
            .call {
                try $0.windows.open(
                    .deepLink("demo://open/A2", format: BadInputFixture.format), in: .window("gone")
                )
            }, .window(.unknownWindow("gone", open: ["side", "main"]))),
        BadInput(
            "a link into a new window with an open window's name",
            .call {
                try $0.windows.open(
                    .deepLink("demo://open/A2", format: BadInputFixture.format),
                    in: .newWindow("side"))
            }, .window(.windowAlreadyOpen("side"))),
        BadInput(
            "a failing link into a new window",
            .call {
                try $0.windows.open(
                    .deepLink("demo://open/Nope", format: BadInputFixture.format),
                    in: .newWindow("new"))
            },
            .link(
                .linkSegmentFailed(
                    position: 1, segment: "Nope", error: .unknownScene("Nope", suggestions: [])))),
        BadInput(
            "a link to the active window when none is open",
            extraSetup: { fixture in
                try fixture.windows.closeWindow("side")
                try fixture.windows.closeWindow("main")
            },
            .call {
                try $0.windows.open(.deepLink("demo://open/A2", format: BadInputFixture.format))
            }, .window(.noActiveWindow)),
        BadInput(
            "a closed window's navigation",
            extraSetup: { try $0.windows.closeWindow("main") }, .navigate(.push(scene: "A2")),
            .window(.windowClosed("main"))),
        BadInput(
            "a closed window's link", extraSetup: { try $0.windows.closeWindow("main") },
            .open("demo://open/A1"), .window(.windowClosed("main"))),
        BadInput(
            "a closed window's report", extraSetup: { try $0.windows.closeWindow("main") },
            .report(.dismissedByUser(ScreenID(1))), .window(.windowClosed("main"))),
    ]

    @Test("the table covers at least 100 cases")
    func tableSize() {
        #expect(Self.cases.count >= 100)
        #expect(Set(Self.cases.map(\.name)).count == Self.cases.count)
    }

    /// The trees of the fixture's open windows other than the one the cases drive.
    private static func otherTrees(of fixture: BadInputFixture) -> [WindowID: ScreenTree] {
        var trees: [WindowID: ScreenTree] = [:]
        for window in fixture.windows.windows {
            guard let coordinator = try? fixture.windows.coordinator(for: window),
                coordinator !== fixture.coordinator
            else { continue }
            trees[window] = coordinator.tree
        }
        return trees
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
        let windows = fixture.windows.windows
        let activeWindow = fixture.windows.activeWindow
        let otherTrees = Self.otherTrees(of: fixture)
        let held = fixture.coordinator.heldLink
        let pending = fixture.coordinator.pendingNavigation
        let recorder = EventRecorder(fixture.coordinator)

        #expect(throws: input.expected) {
            switch input.action {
            case .navigate(let request): try fixture.coordinator.navigate(request)
            case .navigateExpectingBool(let request):
                try fixture.coordinator.navigate(request, expecting: Bool.self) { _ in }
            case .open(let link):
                try fixture.coordinator.open(.deepLink(link, format: BadInputFixture.format))
            case .restore(let snapshot): try fixture.coordinator.restore(snapshot)
            case .report(let report): try fixture.coordinator.report(report)
            case .openUniversal(let url):
                guard let links = BadInputFixture.links else {
                    Issue.record("the bad-input link table is invalid")
                    return
                }
                try fixture.coordinator.open(.universal(url, in: links))
            case .register(let register): try register(fixture.container)
            case .finish(_, let call), .call(let call): try call(fixture)
            }
        }

        #expect(fixture.coordinator.tree == before)
        #expect(fixture.coordinator.tree.invariantViolations() == [])
        #expect(recorder.transitions.isEmpty)
        if let operation = input.action.operation {
            #expect(
                recorder.failures == [
                    NavigationEvent.Failure(operation: operation, error: input.expected)
                ])
        } else {
            #expect(recorder.failures.isEmpty)
        }
        #expect(fixture.container.sceneIdentifiers == registered)
        #expect(fixture.coordinator.flows.keys.sorted() == flows)
        #expect(fixture.windows.windows == windows)
        #expect(fixture.windows.activeWindow == activeWindow)
        #expect(Self.otherTrees(of: fixture) == otherTrees)
        #expect(fixture.coordinator.heldLink == held)
        #expect(fixture.coordinator.pendingNavigation == pending)
        // The error reads as a sentence, however long the input was.
        #expect(String(describing: input.expected).count < 1_000)
    }
}
