@_spi(Rules) import CoreModule
import Testing

@MainActor
@Suite("Platform reports: the tree follows what the user did")
struct PlatformReportTests {
    @Test("a back swipe pops the visible screen, marked as the user's")
    func backSwipe() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .push(scene: "A2")])
        let recorder = EventRecorder(coordinator)
        let event = try #require(try coordinator.report(.poppedBackByUser(to: ScreenID(1))))
        #expect(coordinator.tree.scenes == [["A1"]])
        #expect(event.kind == .pop)
        #expect(event.isUserInitiated)
        #expect(event.scene == "A2")
        #expect(recorder.transitions == [event])
        #expect(event.description.hasSuffix("by the user"))
    }

    @Test("the Back button's menu is one report and one event, however many screens leave")
    func backButtonMenu() throws {
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .push(scene: "A2"), .push(scene: "B1"), .push(scene: "B2"),
        ])
        let recorder = EventRecorder(coordinator)
        let menu = try #require(try coordinator.report(.poppedBackByUser(to: ScreenID(1))))
        #expect(coordinator.tree.scenes == [["A1"]])
        #expect(menu.kind == .popTo)
        #expect(menu.removedCount == 3)
        #expect(menu.isUserInitiated)
        #expect(menu.plan.isEmpty)
        #expect(recorder.transitions == [menu])
        #expect(
            PlatformReport.poppedBackByUser(to: ScreenID(1)).description
                == "popped-back-by-user to #1")

        // A back swipe reported the same way: one screen leaves, a pop.
        try coordinator.navigate(.push(scene: "A2"))
        let swipe = try #require(try coordinator.report(.poppedBackByUser(to: ScreenID(1))))
        #expect(swipe.kind == .pop)
        #expect(swipe.removedCount == 1)
        // Back to the screen already visible: nothing to follow.
        #expect(try coordinator.report(.poppedBackByUser(to: ScreenID(1))) == nil)
        #expect(recorder.transitions.count == 3)
    }

    @Test("a pop back to a screen outside the top-most stack is refused and changes nothing")
    func popBackOutsideTheTopStack() throws {
        let coordinator = try makeCoordinator(setup: [
            .tabs([TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "home"),
            .push(scene: "A2"), .selectTab("more"), .push(scene: "B2"),
        ])
        let recorder = EventRecorder(coordinator)
        let before = coordinator.tree
        // #1 is in the home tab, not the selected one; #2 is under a modal after the present.
        let notOnTop = NavigationError.refused(
            .reportedScreenNotOnTop(
                ScreenID(1), kind: .popTo, visible: ScreenID(4)))
        expectRefusal(notOnTop, leaving: coordinator) {
            try coordinator.report(.poppedBackByUser(to: ScreenID(1)))
        }
        expectRefusal(
            NavigationError.refused(.reportedScreenGone(ScreenID(42))), leaving: coordinator
        ) {
            try coordinator.report(.poppedBackByUser(to: ScreenID(42)))
        }
        #expect(coordinator.tree == before)
        #expect(recorder.transitions.isEmpty)
        #expect(
            recorder.failures == [
                NavigationEvent.Failure(
                    operation: .report(.poppedBackByUser(to: ScreenID(1))), error: notOnTop),
                NavigationEvent.Failure(
                    operation: .report(.poppedBackByUser(to: ScreenID(42))),
                    error: .refused(.reportedScreenGone(ScreenID(42)))),
            ])
        try coordinator.navigate(.present(scene: "A1"))
        expectRefusal(
            NavigationError.refused(
                .reportedScreenNotOnTop(ScreenID(2), kind: .popTo, visible: ScreenID(5))),
            leaving: coordinator
        ) { try coordinator.report(.poppedBackByUser(to: ScreenID(2))) }
    }

    @Test("a sheet dragged down dismisses the top-most modal")
    func swipeDown() throws {
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .present(scene: "B1"), .push(scene: "B2"),
        ])
        let event = try #require(try coordinator.report(.dismissedByUser(ScreenID(2))))
        #expect(coordinator.tree.scenes == [["A1"]])
        #expect(event.kind == .dismiss)
        #expect(event.removedCount == 2)
        #expect(event.isUserInitiated)
    }

    @Test("a back swipe finishes the flow whose last screen left, and releases it")
    func backSwipeFinishesFlow() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        var flow: StubFlow? = StubFlow(coordinator: coordinator)
        weak let released = flow
        var byUser: Bool?
        flow?.onFinish = { _, event in byUser = event.isUserInitiated }
        try coordinator.startFlow(try #require(flow), key: "flow")
        flow = nil
        try coordinator.report(.poppedBackByUser(to: ScreenID(1)))
        #expect(byUser == true)
        #expect(released == nil)
    }

    @Test("a report ignores vetoes: the user already left")
    func reportBypassesVeto() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .push(scene: "A2")])
        let stub = try #require(coordinator.tree.visibleScreen?.content as? StubScreen)
        try stub.context.vetoLeaving { "it has unsaved changes" }
        try coordinator.report(.poppedBackByUser(to: ScreenID(1)))
        #expect(coordinator.tree.scenes == [["A1"]])
    }

    @Test("a stale or duplicate report is a typed error and changes nothing")
    func staleReports() throws {
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .push(scene: "A2"), .present(scene: "B1"), .push(scene: "B2"),
        ])
        try coordinator.report(.poppedBackByUser(to: ScreenID(3)))
        let before = coordinator.tree
        let recorder = EventRecorder(coordinator)
        let cases: [(PlatformReport, NavigationError)] = [
            (.poppedBackByUser(to: ScreenID(4)), .refused(.reportedScreenGone(ScreenID(4)))),
            (.poppedBackByUser(to: ScreenID(99)), .refused(.reportedScreenGone(ScreenID(99)))),
            (
                .poppedBackByUser(to: ScreenID(2)),
                .refused(.reportedScreenNotOnTop(ScreenID(2), kind: .popTo, visible: ScreenID(3)))
            ),
            (
                .dismissedByUser(ScreenID(1)),
                .refused(.reportedScreenNotOnTop(ScreenID(1), kind: .dismiss, visible: ScreenID(3)))
            ),
        ]
        for (report, expected) in cases {
            expectRefusal(expected, leaving: coordinator) { try coordinator.report(report) }
        }
        #expect(coordinator.tree == before)
        #expect(recorder.transitions.isEmpty)
        #expect(
            recorder.failures
                == cases.map { NavigationEvent.Failure(operation: .report($0.0), error: $0.1) })
        try coordinator.report(.dismissedByUser(ScreenID(3)))
        expectRefusal(
            NavigationError.refused(.reportedScreenGone(ScreenID(3))), leaving: coordinator
        ) {
            try coordinator.report(.dismissedByUser(ScreenID(3)))
        }
        expectRefusal(
            NavigationError.refused(.nothingToDismiss(visible: "A2")), leaving: coordinator
        ) {
            try coordinator.report(.dismissedByUser(ScreenID(2)))
        }
        #expect(coordinator.tree.scenes == [["A1", "A2"]])
    }
}
