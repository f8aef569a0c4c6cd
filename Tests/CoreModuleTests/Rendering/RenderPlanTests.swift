@_spi(Rules) import CoreModule
import Testing

/// The plans a UIKit host is asked to perform, written out for the cases hand-written adapters
/// get wrong: links that replace modal chains, modals over modals, dismissals after a user's
/// swipe, tab switches under a modal.
@MainActor
@Suite("Render plans: what a UIKit host is asked to do, step by step")
struct RenderPlanTests {
    /// The plan of `request`, navigated on `coordinator`, as text.
    func plan(_ request: ApplicationTransitionType, on coordinator: AppCoordinator) throws
        -> String
    {
        try #require(try coordinator.navigate(request)).plan.description
    }

    @Test("each single transition is one step, named after what UIKit does")
    func singleTransitions() throws {
        let coordinator = try makeTreeCoordinator()
        #expect(try plan(.root(scene: "A1"), on: coordinator) == "set-root s1: A1 #1")
        #expect(
            try plan(.push(scene: "A2"), on: coordinator)
                == "push s1: A2 #2, animated")
        #expect(try plan(.pop(), on: coordinator) == "pop s1 to #1, animated")
        #expect(
            try plan(.present(scene: "B1", style: .sheet(detents: [.medium])), on: coordinator)
                == "present s2 (m1, sheet: medium) over level 0: B1 #3, animated")
        #expect(
            try plan(.push(scene: "B2", animated: false), on: coordinator)
                == "push s2: B2 #4")
        #expect(
            try plan(.replace(scene: "A2"), on: coordinator)
                == "set-stack s2: B1 #3 › A2 #5, animated")
        #expect(
            try plan(.setStack(["A1", "A2"]), on: coordinator)
                == "set-stack s2: A1 #6 › A2 #7, animated")
        #expect(try plan(.dismiss(), on: coordinator) == "dismiss above level 0, animated")
    }

    @Test("dismissing three modals is one call, at the level that stays")
    func dismissAllIsOneStep() throws {
        let coordinator = try makeTreeCoordinator(setup: [
            .root(scene: "A1"), .present(scene: "B1"), .present(scene: "B2"),
            .present(scene: "A2"),
        ])
        #expect(try plan(.dismissAll(), on: coordinator) == "dismiss above level 0, animated")
        #expect(coordinator.tree.modalCount == 0)
    }

    @Test("a modal over a modal is presented from the level below it, and only that one moves")
    func modalOverModal() throws {
        let coordinator = try makeTreeCoordinator(setup: [
            .root(scene: "A1"), .present(scene: "B1"),
        ])
        #expect(
            try plan(.present(scene: "B2", style: .fullScreenCover), on: coordinator)
                == "present s3 (m2, full-screen) over level 1: B2 #3, animated")
        #expect(
            try plan(.present(scene: "A2", style: .popover(anchor: "share")), on: coordinator)
                == "present s4 (m3, popover from share) over level 2: A2 #4, animated")
    }

    @Test("a new root over modals dismisses them first, without animation, then sets the root")
    func newRootOverModals() throws {
        let coordinator = try makeTreeCoordinator(setup: [
            .root(scene: "A1"), .present(scene: "B1"), .present(scene: "B2"),
        ])
        #expect(
            try plan(homeAndMore, on: coordinator)
                == """
                dismiss above level 0
                set-tabs [home, selected] s4: A1 #4; [more] s5: B1 #5
                """)
    }

    @Test("a link replacing a modal chain: one dismissal, the new root, then each modal in turn")
    func linkReplacingAModalChain() throws {
        let coordinator = try makeTreeCoordinator(setup: [
            .root(scene: "A1"), .present(scene: "B1"), .present(scene: "B2"),
        ])
        let event = try #require(
            try coordinator.open(
                .deepLink("demo://open/A1/A2/+B1/+[full-screen]B2", format: treeLinkFormat))?
                .transition)
        #expect(
            event.plan.description
                == """
                dismiss above level 0
                set-root s4: A1 #4 › A2 #5
                present s5 (m3, sheet) over level 0: B1 #6
                present s6 (m4, full-screen) over level 1: B2 #7
                """)
    }

    @Test("a stack-only link over tabs: modals leave, the tab's stack is set unseen, then selected")
    func stackOnlyLinkOverTabs() throws {
        let coordinator = try makeTreeCoordinator(setup: [
            homeAndMore, .present(scene: "A2"), .present(scene: "B2"),
        ])
        let event = try #require(
            try coordinator.open(.deepLink("demo://open/B1/B2/+A2", format: treeLinkFormat))?
                .transition)
        // A link is applied without animation, so no step animates.
        #expect(
            event.plan.description
                == """
                dismiss above level 0
                set-stack s2: B1 #5 › B2 #6
                select-tab more (1)
                present s5 (m3, sheet) over level 0: A2 #7
                """)
    }

    @Test("animated, only the stack seen before and after changes with an animation")
    func animatedOnlyWhereSeen() throws {
        let coordinator = try makeTreeCoordinator(setup: [homeAndMore])
        var before = coordinator.tree
        try coordinator.open(.deepLink("demo://open/A1/A2", format: treeLinkFormat))
        #expect(
            RenderPlan(from: before, to: coordinator.tree, animated: true).description
                == "set-stack s1: A1 #3 › A2 #4, animated")
        try coordinator.navigate(.present(scene: "B1"))
        before = coordinator.tree
        try coordinator.open(.deepLink("demo://open/B1/B2", format: treeLinkFormat))
        #expect(
            RenderPlan(from: before, to: coordinator.tree, animated: true).description
                == """
                dismiss above level 0, animated
                set-stack s2: B1 #6 › B2 #7
                select-tab more (1)
                """)
    }

    @Test("after the user swipes the top sheet down, dismissing a middle modal is one call")
    func dismissMiddleModalAfterSwipe() throws {
        let coordinator = try makeTreeCoordinator(setup: [
            .root(scene: "A1"), .present(scene: "B1"), .present(scene: "B2"),
            .present(scene: "A2"),
        ])
        let swipe = try #require(try coordinator.report(.dismissedByUser(ScreenID(4))))
        #expect(swipe.plan.isEmpty)
        #expect(swipe.plan.description == "nothing to do")
        #expect(try plan(.dismiss(), on: coordinator) == "dismiss above level 1, animated")
        #expect(coordinator.tree.scenes == [["A1"], ["B1"]])
    }

    @Test("a tab switch under a modal selects the tab and leaves the modal where it is")
    func tabSwitchUnderAModal() throws {
        let coordinator = try makeTreeCoordinator(setup: [homeAndMore, .present(scene: "A2")])
        #expect(try plan(.selectTab("more"), on: coordinator) == "select-tab more (1)")
        #expect(coordinator.tree.modalCount == 1)
    }

    @Test("what the user did through the platform has nothing left to do")
    func userReportsHaveEmptyPlans() throws {
        let coordinator = try makeTreeCoordinator(setup: [
            homeAndMore, .push(scene: "A2"), .push(scene: "A2"),
        ])
        let popped = try #require(try coordinator.report(.poppedBackByUser(to: ScreenID(3))))
        let tapped = try #require(try coordinator.report(.tabSelectedByUser("more")))
        try coordinator.navigate(.push(scene: "B2"))
        let retapped = try #require(try coordinator.report(.selectedTabReselectedByUser))
        try coordinator.navigate(.present(scene: "A1"))
        let swiped = try #require(try coordinator.report(.dismissedByUser(ScreenID(6))))
        for event in [popped, tapped, retapped, swiped] {
            #expect(event.isUserInitiated)
            #expect(event.plan.isEmpty, "\(event)")
        }
    }

    @Test("not animated: no step animates")
    func notAnimated() throws {
        let coordinator = try makeTreeCoordinator(setup: [.root(scene: "A1")])
        let present = try #require(try coordinator.navigate(.present(scene: "B1", animated: false)))
        let push = try #require(try coordinator.navigate(.push(scene: "B2", animated: false)))
        let dismiss = try #require(try coordinator.navigate(.dismiss(animated: false)))
        for step in (present.plan.steps + push.plan.steps + dismiss.plan.steps) {
            #expect(!step.animated, "\(step)")
        }
    }

    @Test("a host attached late starts from an empty window with the plan to the current tree")
    func planFromAnEmptyWindow() throws {
        let coordinator = try makeTreeCoordinator(setup: [
            homeAndMore, .push(scene: "A2"), .present(scene: "B1"),
            .present(scene: "B2", style: .sheet(interactiveDismissal: false)),
        ])
        let plan = RenderPlan(from: ScreenTree(), to: coordinator.tree, animated: false)
        #expect(
            plan.description
                == """
                set-tabs [home, selected] s1: A1 #1 › A2 #3; [more] s2: B1 #2
                present s3 (m1, sheet) over level 0: B1 #4
                present s4 (m2, sheet, not swipeable) over level 1: B2 #5
                """)
        #expect(RenderPlan(from: coordinator.tree, to: coordinator.tree, animated: true).isEmpty)
    }

    @Test("restoring a snapshot is planned like a link: the old tree out, the saved one in")
    func restore() throws {
        let coordinator = try makeTreeCoordinator(setup: [
            .root(scene: "A1"), .push(scene: "A2"), .present(scene: "B1"),
        ])
        let saved = try coordinator.snapshot()
        try coordinator.navigate(homeAndMore)
        let event = try #require(try coordinator.restore(saved))
        #expect(
            event.plan.description
                == """
                set-root s5: A1 #6 › A2 #7
                present s6 (m2, sheet) over level 0: B1 #8
                """)
    }
}
