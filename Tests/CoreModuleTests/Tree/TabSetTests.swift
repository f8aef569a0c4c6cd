@_spi(Rules) import CoreModule
import Testing

@MainActor
@Suite("A tab set that changes at run time: the other tabs keep their stacks")
struct TabSetTests {
    /// "home" (A1 › A2, selected) and "more" (B1).
    static let setup: [ApplicationTransitionType] = [
        .tabs([TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "home"),
        .push(scene: "A2"),
    ]

    @Test("a tab added at the end, or at a position, keeps every stack and the selection")
    func addTab() throws {
        let coordinator = try makeCoordinator(setup: Self.setup)
        let before = coordinator.tree
        let recorder = EventRecorder(coordinator)

        let event = try #require(
            try coordinator.navigate(
                .addTab(TabItem("inbox", scene: "B2", parameters: ["id": "7"]))))

        #expect(coordinator.tree.tabs.map(\.name) == ["home", "more", "inbox"])
        #expect(coordinator.tree.selectedTab == "home")
        #expect(coordinator.tree.tabs[0].stack == before.tabs[0].stack)
        #expect(coordinator.tree.tabs[1].stack == before.tabs[1].stack)
        #expect(coordinator.tree.tab(named: "inbox")?.stack.map(\.scene) == ["B2"])
        // The event is about the new tab's screen; the visible screen has not changed.
        #expect(event.kind == .addTab)
        #expect(event.scene == "B2")
        #expect(event.to == before.visibleLocation)
        #expect(event.tab == "home")
        #expect(event.removedCount == 0)
        #expect(recorder.kinds == [.addTab])
        let inbox = try #require(coordinator.tree.tab(named: "inbox"))
        #expect(event.plan.steps == [.insertTab(inbox.stack, at: 2, selected: 0)])
        #expect(event.plan.description.hasPrefix("insert-tab [inbox]"))

        try coordinator.navigate(.addTab(TabItem("first", scene: "A1"), at: 0))
        #expect(coordinator.tree.tabs.map(\.name) == ["first", "home", "more", "inbox"])
        #expect(coordinator.tree.selectedTab == "home")
        #expect(coordinator.tree.visibleScreen?.scene == "A2")
    }

    @Test("a removed tab takes its screens along; the next tab is selected when it was selected")
    func removeTab() throws {
        let coordinator = try makeCoordinator(setup: Self.setup)
        try coordinator.navigate(.addTab(TabItem("inbox", scene: "B2")))
        try coordinator.navigate(.present(scene: "B1"))
        let more = try #require(coordinator.tree.tab(named: "more")).stack

        // Not the selected tab: the selection and the modal stay.
        let removedInbox = try #require(try coordinator.navigate(.removeTab("inbox")))
        #expect(removedInbox.kind == .removeTab)
        #expect(removedInbox.removedCount == 1)
        #expect(coordinator.tree.tabs.map(\.name) == ["home", "more"])
        #expect(coordinator.tree.modals.count == 1)

        // The selected tab: the one after it comes into view, under the same modal.
        let event = try #require(try coordinator.navigate(.removeTab("home")))
        #expect(event.removedCount == 2)
        #expect(event.scene == "B1")
        #expect(coordinator.tree.tabs.map(\.name) == ["more"])
        #expect(coordinator.tree.selectedTab == "more")
        #expect(coordinator.tree.tab(named: "more")?.stack == more)
        #expect(coordinator.tree.modals.count == 1)
        #expect(event.plan.description.contains("remove-tab [home]"))
    }

    @Test("removing the last tab in the row selects the one before it")
    func removeLastSelected() throws {
        let coordinator = try makeCoordinator(setup: Self.setup + [.selectTab("more")])
        try coordinator.navigate(.removeTab("more"))
        #expect(coordinator.tree.selectedTab == "home")
        #expect(coordinator.tree.visibleScreen?.scene == "A2")
    }

    @Test("the removed tab's screens are asked, and a veto keeps the tab unless forced")
    func vetoes() throws {
        let container = try makeContainer(["A1", "A2", "B1"])
        try container.assemble(
            contentsOf: [
                SceneBuilder("Draft") { context in
                    try context.vetoLeaving { "it has unsaved changes" }
                    return StubScreen(context: context)
                }
            ])
        let coordinator = AppCoordinator(container: container)
        try coordinator.navigate(
            .tabs(
                [TabItem("home", scene: "A1"), TabItem("draft", scene: "Draft")], selected: "home"))
        let draft = try #require(coordinator.tree.tab(named: "draft")?.stack.first)
        expectRejected(
            .removeTab("draft"), on: coordinator,
            with: .guarded(
                .leavingVetoed(scene: "Draft", screen: draft.id, reason: "it has unsaved changes"))
        )
        try coordinator.navigate(.removeTab("draft"), force: true)
        #expect(coordinator.tree.tabs.map(\.name) == ["home"])
    }

    @Test("guards see the new tab's scene, and the tab that comes into view when one is removed")
    func guards() throws {
        let coordinator = try makeCoordinator(setup: Self.setup)
        var asked: [(TransitionEvent.Kind, SceneIdentifier)] = []
        coordinator.addGuard(
            NavigationGuard("log") { attempt in
                if !attempt.isLeaving { asked.append((attempt.kind, attempt.scene)) }
                return attempt.scene == "B2" ? .reject(reason: "no") : .allow
            })
        expectRejected(
            .addTab(TabItem("inbox", scene: "B2")), on: coordinator,
            with: .guarded(.rejectedByGuard(name: "log", kind: .addTab, scene: "B2", reason: "no")))
        try coordinator.navigate(.removeTab("home"))
        #expect(asked.map(\.0) == [.addTab, .removeTab])
        #expect(asked.map(\.1) == ["B2", "B1"])
    }

    @Test("a new tab's screen can finish with a result")
    func result() throws {
        let coordinator = try makeCoordinator(setup: Self.setup)
        var result: ScreenResult?
        try coordinator.navigate(.addTab(TabItem("inbox", scene: "B2"))) { result = $0 }
        try coordinator.navigate(.removeTab("inbox"))
        #expect(result?.isCancelled == true)
    }

    @Test("requests and kinds describe themselves")
    func descriptions() {
        #expect(
            ApplicationTransitionType.addTab(TabItem("inbox", scene: "B2"), at: 1).description
                == ".addTab(TabItem(\"inbox\", scene: \"B2\"), at: 1, animated: false)")
        #expect(
            ApplicationTransitionType.addTab(TabItem("inbox", scene: "B2")).description
                == ".addTab(TabItem(\"inbox\", scene: \"B2\"), animated: false)")
        #expect(
            ApplicationTransitionType.removeTab("inbox").description
                == ".removeTab(\"inbox\", animated: false)")
        #expect(TransitionEvent.Kind.addTab.description == "add-tab")
        #expect(TransitionEvent.Kind.removeTab.description == "remove-tab")
        #expect(
            TransitionEvent.Kind.addTab.addsScreen && !TransitionEvent.Kind.removeTab.addsScreen)
        #expect(ApplicationTransitionType.addTab(TabItem("x", scene: "B2")).scene == "B2")
        #expect(ApplicationTransitionType.removeTab("x", animated: true).animated)
        #expect(ApplicationTransitionType.removeTab("x").scene == nil)
    }
}
