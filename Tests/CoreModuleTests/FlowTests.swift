@_spi(Rules) import CoreModule
import Testing

/// A flow that pushes or presents one scene on start, and can push more.
@MainActor
final class StubFlow: FlowCoordinator {
    let first: ApplicationTransitionType?
    private(set) var finishedChildren: [String] = []
    private(set) var finishCount = 0

    init(coordinator: AppCoordinator, first: ApplicationTransitionType? = .push(scene: "A2")) {
        self.first = first
        super.init(coordinator: coordinator)
    }

    override func start() throws(NavigationError) {
        if let first { try navigate(first) }
    }

    override func childDidFinish(_ child: FlowCoordinator, event: TransitionEvent) {
        finishedChildren.append(child.key ?? "?")
    }

    override func didFinish(_ event: TransitionEvent) {
        finishCount += 1
    }
}

@MainActor
@Suite("Flows live exactly as long as their screens")
struct FlowTests {
    @Test("a flow owns the screens it starts and finishes when the last one is popped")
    func finishesOnPop() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        var flow: StubFlow? = StubFlow(coordinator: coordinator)
        weak let released = flow
        var told: [TransitionEvent.Kind] = []
        flow?.onFinish = { _, event in told.append(event.kind) }
        try coordinator.startFlow(try #require(flow), key: "detail")
        try flow?.navigate(.push(scene: "B1"))
        #expect(flow?.ownedScreenCount == 2)
        #expect(coordinator.flows.keys.sorted() == ["detail"])
        #expect(coordinator.owner(of: ScreenID(2)) === flow)
        flow = nil
        #expect(released != nil)

        try coordinator.navigate(.pop())
        #expect(released?.isFinished == false)
        try coordinator.navigate(.pop())
        #expect(told == [.pop])
        #expect(coordinator.flows.isEmpty)
        #expect(released == nil)
    }

    @Test(
        "every way a flow's screens can leave finishes it exactly once",
        arguments: [
            ApplicationTransitionType.popToRoot(), .popTo(scene: "A1"), .root(scene: "B2"),
            .dismissAll(), .dismiss(),
        ])
    func finishesOnAnyRemoval(removal: ApplicationTransitionType) throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .present(scene: "B1")])
        var flow: StubFlow? = StubFlow(coordinator: coordinator)
        weak let released = flow
        try coordinator.startFlow(try #require(flow), key: "flow")
        try flow?.navigate(.push(scene: "B2"))
        let count = flow?.finishCount
        flow = nil
        if case .popTo = removal {
            try coordinator.navigate(.popTo(scene: "B1"))
        } else if case .popToRoot = removal {
            try coordinator.navigate(.popToRoot())
        } else {
            try coordinator.navigate(removal)
        }
        #expect(count == 0)
        #expect(released == nil)
        #expect(coordinator.flows.isEmpty)
    }

    @Test("a deep link that replaces the tree finishes the flows that owned it")
    func finishesOnDeepLink() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        var flow: StubFlow? = StubFlow(coordinator: coordinator)
        weak let released = flow
        try coordinator.startFlow(try #require(flow), key: "flow")
        flow = nil
        try coordinator.open(.deepLink("demo://open/B1/B2", format: DeepLinkFormat(scheme: "demo")))
        #expect(released == nil)
    }

    @Test("a child flow's screens belong to its parent too; the child finishes first")
    func nestedFlows() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        var parent: StubFlow? = StubFlow(coordinator: coordinator)
        var child: StubFlow? = StubFlow(coordinator: coordinator, first: .push(scene: "B1"))
        weak let releasedParent = parent
        weak let releasedChild = child
        var order: [String] = []
        parent?.onFinish = { _, _ in order.append("parent") }
        child?.onFinish = { _, _ in order.append("child") }
        try coordinator.startFlow(try #require(parent), key: "parent")
        try parent?.startChild(try #require(child), key: "child")
        #expect(parent?.ownedScreenCount == 2)
        #expect(child?.ownedScreenCount == 1)
        #expect(child?.parent === parent)
        let parentRef = try #require(parent)
        parent = nil
        child = nil

        try coordinator.navigate(.pop())
        #expect(releasedChild == nil)
        #expect(parentRef.finishedChildren == ["child"])
        #expect(parentRef.children.isEmpty)
        #expect(parentRef.isFinished == false)
        try coordinator.navigate(.pop())
        #expect(order == ["child", "parent"])
        _ = consume parentRef
        #expect(releasedParent == nil)
    }

    @Test("popping to root from a child flow finishes both in one step, child first")
    func backToFirst() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let parent = StubFlow(coordinator: coordinator)
        let child = StubFlow(coordinator: coordinator, first: .push(scene: "B1"))
        var order: [String] = []
        parent.onFinish = { _, _ in order.append("parent") }
        child.onFinish = { _, _ in order.append("child") }
        try coordinator.startFlow(parent, key: "parent")
        try parent.startChild(child, key: "child")
        try coordinator.navigate(.popToRoot())
        #expect(order == ["child", "parent"])
        #expect(parent.finishCount == 1)
        #expect(child.finishCount == 1)
    }

    @Test("a finished flow cannot navigate")
    func finishedFlowIsInert() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let flow = StubFlow(coordinator: coordinator)
        try coordinator.startFlow(flow, key: "flow")
        try coordinator.navigate(.pop())
        #expect(flow.isFinished)
        expectRefusal(
            NavigationError.misuse(.coordinatorUnavailable(.navigate(.push), .flowFinished)),
            leaving: coordinator
        ) {
            try flow.navigate(.push(scene: "A2"))
        }
        #expect(coordinator.flows.isEmpty)
    }

    @Test("a flow key already in use is rejected and nothing changes")
    func duplicateKey() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let flow = StubFlow(coordinator: coordinator)
        try coordinator.startFlow(flow, key: "flow")
        let second = StubFlow(coordinator: coordinator)
        expectRefusal(NavigationError.misuse(.flowKeyInUse("flow")), leaving: coordinator) {
            try coordinator.startFlow(second, key: "flow")
        }
        #expect(coordinator.flows.count == 1 && coordinator.flows["flow"] === flow)
        #expect(second.key == nil && second.parent == nil)
        let first = StubFlow(coordinator: coordinator, first: nil)
        try flow.startChild(first, key: "c")
        let again = StubFlow(coordinator: coordinator)
        expectRefusal(NavigationError.misuse(.flowKeyInUse("c")), leaving: coordinator) {
            try flow.startChild(again, key: "c")
        }
        #expect(flow.children.count == 1 && flow.children["c"] === first)
        #expect(again.key == nil && again.parent == nil)
    }

    @Test("a flow whose start fails before adding a screen is dropped")
    func failedStart() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        var flow: StubFlow? = StubFlow(coordinator: coordinator, first: .push(scene: "Nowhere"))
        weak let released = flow
        let before = coordinator.tree
        let starting = try #require(flow)
        expectRefusal(
            NavigationError.unknownScene("Nowhere", suggestions: []), leaving: coordinator
        ) {
            try coordinator.startFlow(starting, key: "flow")
        }
        _ = consume starting
        flow = nil
        #expect(released == nil)
        #expect(coordinator.flows.isEmpty)
        #expect(coordinator.tree == before)
    }

    @Test("the Coordinator protocol's child helpers, as in the seed library")
    func childHelpers() throws {
        let coordinator = try makeCoordinator()
        let parent = StubFlow(coordinator: coordinator, first: nil)
        let a = StubFlow(coordinator: coordinator, first: nil)
        let b = StubFlow(coordinator: coordinator, first: nil)
        parent.add(child: a, key: "a")
        parent.add(child: b, key: "b")
        parent.remove(coordinator: a)
        #expect(parent.children.keys.sorted() == ["b"])
        #expect(parent.removeChild(forKey: "b") === b)
        parent.add(child: a, key: "a")
        parent.removeAllChildren()
        #expect(parent.children.isEmpty)
    }
}
