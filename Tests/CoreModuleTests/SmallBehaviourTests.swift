@_spi(Rules) import CoreModule
import Foundation
import Testing

/// A flow that overrides nothing: its hooks are the defaults.
@MainActor
private final class PlainFlow: FlowCoordinator {}

/// A flow whose start navigates to `first` (when given), then fails.
@MainActor
private final class FailingStartFlow: FlowCoordinator {
    let first: ApplicationTransitionType?

    init(coordinator: AppCoordinator, first: ApplicationTransitionType?) {
        self.first = first
        super.init(coordinator: coordinator)
    }

    override func start() throws(NavigationError) {
        if let first { try navigate(first) }
        throw .builderFailed("Checkout", reason: "the cart is empty")
    }
}

/// A renderer that implements only transitions: the other two calls do nothing.
@MainActor
private final class TransitionsOnly: NavigationRenderer {
    var lines: [String] = []
    func render(_ event: TransitionEvent, tree: ScreenTree) { lines.append("\(event.kind)") }
}

@MainActor
@Suite("Small behaviours: flows, renderers, stacks, payload types, snapshots, parameters")
struct SmallBehaviourTests {
    // MARK: Flows

    @Test("a flow that overrides nothing starts with no screen and finishes quietly")
    func plainFlow() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let flow = PlainFlow(coordinator: coordinator)
        try coordinator.startFlow(flow, key: "plain")
        var results: [String] = []
        try flow.navigate(.push(scene: "A2")) { results.append("\($0)") }
        try flow.startChild(PlainFlow(coordinator: coordinator), key: "b")
        let child = PlainFlow(coordinator: coordinator)
        try flow.startChild(child, key: "a")
        try child.navigate(.present(scene: "B1"))
        #expect(coordinator.owner(of: ScreenID(3)) === child)
        try coordinator.navigate(.popToRoot(), force: true)
        try coordinator.navigate(.dismiss())
        try coordinator.navigate(.pop())
        #expect(results == ["cancelled"])
        #expect(flow.isFinished && child.isFinished)
        #expect(coordinator.flows.isEmpty)
    }

    @Test("a child flow whose start fails before adding a screen is removed; one that added stays")
    func childStartFails() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let parent = PlainFlow(coordinator: coordinator)
        try coordinator.startFlow(parent, key: "parent")
        try parent.navigate(.push(scene: "A2"))
        let empty = FailingStartFlow(coordinator: coordinator, first: nil)
        let expected = NavigationError.builderFailed("Checkout", reason: "the cart is empty")
        expectRefusal(expected, leaving: coordinator) {
            try parent.startChild(empty, key: "checkout")
        }
        #expect(parent.children.isEmpty && empty.parent == nil && empty.key == nil)
        #expect(Set(coordinator.flows.keys) == ["parent"])
        // A start that added a screen before failing keeps it, and its flow with it.
        let recorder = EventRecorder(coordinator)
        let started = FailingStartFlow(coordinator: coordinator, first: .push(scene: "B1"))
        #expect(throws: expected) {
            try parent.startChild(started, key: "checkout")
        }
        #expect(coordinator.tree.scenes == [["A1", "A2", "B1"]])
        #expect(recorder.kinds == [.push])
        #expect(parent.children["checkout"] === started)
        #expect(coordinator.owner(of: ScreenID(3)) === started)
    }

    // MARK: Renderers

    @Test("a renderer that implements only transitions gets transitions and nothing else")
    func defaultRendererCalls() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let renderer = TransitionsOnly()
        let token = coordinator.attach(renderer)
        try coordinator.navigate(.push(scene: "A2"))
        expectRejected(
            .push(scene: "Nope"), on: coordinator, with: .unknownScene("Nope", suggestions: []))
        #expect(renderer.lines == ["push"])
        token.cancel()
        token.cancel()
        try coordinator.navigate(.pop())
        #expect(renderer.lines == ["push"])
    }

    @Test("the Mermaid renderer draws the current tree, fenced when asked, and styles modals")
    func mermaidCurrentTree() throws {
        var written: [String] = []
        let renderer = MermaidRenderer(fenced: true) { written.append($0) }
        let empty = try makeCoordinator()
        _ = empty.attach(renderer)
        #expect(written.isEmpty)
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .present(scene: "B1", style: .fullScreenCover),
        ])
        let token = coordinator.attach(renderer)
        let first = try #require(written.first)
        #expect(first.hasPrefix("```mermaid\n") && first.hasSuffix("\n```"))
        #expect(first.contains("(full-screen)"))
        #expect(
            first == "```mermaid\n" + MermaidRenderer.flowchart(for: coordinator.tree) + "\n```")
        token.cancel()
    }

    // MARK: Stacks

    @Test("a root stack has no tab, modal or style; a tab stack has a tab; a modal's has all")
    func stackPlaces() throws {
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .present(scene: "B1", style: .popover(anchor: "share")),
        ])
        let root = try #require(coordinator.tree.root)
        #expect(root.tab == nil && root.modal == nil && root.style == nil && root.isRoot)
        let modal = try #require(coordinator.tree.modals.first)
        #expect(modal.tab == nil && modal.modal == ModalID(1))
        #expect(modal.style == .popover(anchor: "share"))
        try coordinator.navigate(.tabs([TabItem("home", scene: "A1")], selected: "home"))
        let tab = try #require(coordinator.tree.tabs.first?.stack)
        #expect(tab.tab == "home" && tab.modal == nil && tab.style == nil)
    }

    // MARK: Payload types and snapshots

    @Test("a payload type registered without a name goes by its type's; registering again renames")
    func payloadTypeNames() throws {
        let types = PayloadTypes()
        #expect(types.names.isEmpty)
        types.register(Int.self)
        types.register(String.self, name: "text")
        #expect(types.names == ["Int", "text"])
        types.register(Int.self, name: "count")
        #expect(types.names == ["count", "text"])
        let coordinator = AppCoordinator(container: try makeContainer(), payloadTypes: types)
        try coordinator.navigate(.root(scene: "A1", payload: ScenePayload(7)))
        #expect(try coordinator.snapshot().root.first?.payload?.type == "count")
    }

    @Test("a snapshot counts its stacks: root or tabs, then modals")
    func snapshotStackCount() {
        let screen = TreeSnapshot.Screen(scene: "A1")
        #expect(TreeSnapshot(root: []).stackCount == 0)
        #expect(TreeSnapshot(root: [screen], modals: [.init(stack: [screen])]).stackCount == 2)
        #expect(
            TreeSnapshot(
                tabs: [.init(name: "a", stack: [screen]), .init(name: "b", stack: [screen])],
                selectedTab: 0, modals: [.init(stack: [screen])]
            ).stackCount == 3)
    }

    @Test("a version 1 snapshot of no stacks decodes as an empty window")
    func emptyVersionOne() throws {
        let snapshot = try JSONDecoder().decode(
            TreeSnapshot.self, from: Data(#"{"stacks":[[],[]],"version":1}"#.utf8))
        #expect(snapshot.root.isEmpty && snapshot.modals.isEmpty && snapshot.screenCount == 0)
    }

    @Test("decoding refuses a snapshot with more modals than restoring accepts")
    func decodingTooMany() throws {
        let modal = TreeSnapshot.Modal(stack: [.init(scene: "B1")])
        let crowded = TreeSnapshot(
            root: [.init(scene: "A1")],
            modals: Array(repeating: modal, count: TreeSnapshot.maximumModals + 1))
        let data = try JSONEncoder().encode(crowded)
        #expect {
            try JSONDecoder().decode(TreeSnapshot.self, from: data)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription == "The snapshot holds too many modals."
        }
        let fits = TreeSnapshot(
            root: [.init(scene: "A1")],
            modals: Array(repeating: modal, count: TreeSnapshot.maximumModals))
        #expect(
            try JSONDecoder().decode(TreeSnapshot.self, from: JSONEncoder().encode(fits)) == fits)
    }

    @Test("a selected tab out of range of one tab says tab, not tabs")
    func singularTab() {
        let problem = NavigationError.SnapshotProblem.selectedTabOutOfRange(index: 3, count: 1)
        #expect(NavigationError.snapshot(problem).description.contains("outside its 1 tab"))
    }

    // MARK: Values and errors

    @Test("parameters written twice keep the last value")
    func repeatedParameterKeys() {
        let parameters = SceneParameters(dictionaryLiteral: ("id", "1"), ("id", "2"))
        #expect(parameters == ["id": "2"])
    }

    @Test("a failure of a link or restore carries no request")
    func failureWithoutRequest() {
        let failure = NavigationEvent.Failure(
            operation: .open(.deepLink("app://open/A1", format: DeepLinkFormat(scheme: "app"))),
            error: .link(.invalidLink(.empty)))
        #expect(failure.request == nil)
        #expect(
            NavigationEvent.Failure(request: .pop(), error: .refused(.noRoot(.pop))).request
                == .pop())
    }

    @Test("a destination report of several problems uses the plural")
    func pluralDestinationReport() throws {
        let container = DependencyContainer()
        try container.assemble(
            contentsOf: [
                SceneBuilder("A1", destinations: ["A3", "A4"]) { StubScreen(context: $0) }
            ])
        #expect(
            container.checkDestinations().description.hasPrefix(
                "2 of 2 declared destinations are not registered:\n- "))
    }

    @Test("selecting a tab with an empty name lists the one tab there is")
    func emptyTabName() throws {
        let coordinator = try makeCoordinator(setup: [
            .tabs([TabItem("home", scene: "A1")], selected: "home")
        ])
        let expected = NavigationError.refused(.unknownTab("", tabs: ["home"]))
        expectRejected(.selectTab(""), on: coordinator, with: expected)
        #expect(expected.description == #"No tab is named "". The tabs are "home"."#)
    }

    @Test("a navigation error thrown while rebuilding a payload fails the navigation as it is")
    func rebuildThrowsNavigationError() throws {
        let container = try makeContainer()
        try container.assemble(
            contentsOf: [
                SceneBuilder(
                    "Item",
                    payload: .required(
                        Int.self,
                        rebuiltFrom: { parameters throws(NavigationError) in
                            guard let id = parameters.value("id", as: Int.self) else {
                                throw .input(.missingParameter(scene: "Item", name: "id"))
                            }
                            return id
                        })
                ) { StubScreen(context: $0) }
            ])
        let coordinator = AppCoordinator(container: container)
        try coordinator.navigate(.root(scene: "A1"))
        expectRejected(
            .push(scene: "Item"), on: coordinator,
            with: .input(.missingParameter(scene: "Item", name: "id")))
        try coordinator.navigate(.push(scene: "Item", parameters: ["id": "7"]))
        #expect(coordinator.tree.visibleScreen?.payload == ScenePayload(7))
    }

    @Test("an unknown tab suggests every close name, closest first")
    func tabSuggestions() throws {
        let coordinator = try makeCoordinator(setup: [
            .tabs(
                [
                    TabItem("home", scene: "A1"), TabItem("hone", scene: "A2"),
                    TabItem("more", scene: "B1"),
                ],
                selected: "home")
        ])
        expectRejected(
            .selectTab("hom"), on: coordinator,
            with: .refused(.unknownTab("hom", tabs: ["home", "hone", "more"])))
        let text = NavigationError.refused(.unknownTab("hom", tabs: ["home", "hone", "more"]))
            .description
        #expect(text.contains(#""home" or "hone""#))
    }
}
