@_spi(Rules) import CoreModule
import Testing

@MainActor
@Suite("Tabs: a tab root keeps one stack per tab")
struct TabTests {
    private let tabs: ApplicationTransitionType = .tabs(
        [TabItem("home", scene: "A1"), TabItem("more", scene: "B1", parameters: ["id": "3"])],
        selected: "home")

    @Test("a tab root builds every tab's first screen and selects one")
    func tabRoot() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A2")])
        let recorder = EventRecorder(coordinator)
        let event = try #require(try coordinator.navigate(tabs))
        #expect(event.kind == .tabs)
        #expect(event.tab == "home")
        #expect(event.scene == "A1")
        #expect(event.removedCount == 1)
        #expect(recorder.transitions == [event])
        let tree = coordinator.tree
        #expect(tree.hasTabs)
        #expect(tree.root == nil)
        #expect(tree.tabs.map(\.name) == ["home", "more"])
        #expect(tree.selectedTab == "home")
        #expect(tree.scenes == [["A1"], ["B1"]])
        #expect(tree.tab(named: "more")?.stack.first?.parameters == ["id": "3"])
        #expect(tree.visibleScreen?.scene == "A1")
        #expect(event.stack == tree.tab(named: "home")?.stack.id)
        #expect(
            tree.description == """
                window
                └─ tabs
                   ├─ tab home, selected: A1 #2
                   └─ tab more: B1 #3 (id=3)
                """)
    }

    @Test("each tab keeps its own history while another is selected")
    func tabsKeepHistory() throws {
        let coordinator = try makeCoordinator(setup: [tabs])
        try coordinator.navigate(.push(scene: "A2"))
        let homeStack = coordinator.tree.tab(named: "home")?.stack.id
        try coordinator.navigate(.selectTab("more"))
        try coordinator.navigate(.push(scene: "B2"))
        #expect(coordinator.tree.scenes == [["A1", "A2"], ["B1", "B2"]])
        try coordinator.navigate(.selectTab("home"))
        #expect(coordinator.tree.visibleScreen?.scene == "A2")
        try coordinator.navigate(.pop())
        #expect(coordinator.tree.scenes == [["A1"], ["B1", "B2"]])
        #expect(coordinator.tree.tab(named: "home")?.stack.id == homeStack)
    }

    @Test("selecting the selected tab changes nothing and reports nothing")
    func selectSelected() throws {
        let coordinator = try makeCoordinator(setup: [tabs])
        let recorder = EventRecorder(coordinator)
        let before = coordinator.tree
        #expect(try coordinator.navigate(.selectTab("home")) == nil)
        #expect(coordinator.tree == before)
        #expect(recorder.events.isEmpty)
    }

    @Test("an unknown tab is a typed error suggesting the close name, and nothing changes")
    func unknownTab() throws {
        let coordinator = try makeCoordinator(setup: [tabs])
        expectRejected(
            .selectTab("mroe"), on: coordinator,
            with: .refused(.unknownTab("mroe", tabs: ["home", "more"])))
        #expect(
            NavigationError.refused(.unknownTab("mroe", tabs: ["home", "more"])).description
                == #"No tab is named "mroe". Did you mean "more"? The tabs are "home" and "more"."#
        )
    }

    @Test("modals stay presented across a tab switch, over the whole tab bar")
    func modalsStay() throws {
        let coordinator = try makeCoordinator(setup: [tabs, .present(scene: "B2")])
        try coordinator.navigate(.selectTab("more"))
        #expect(coordinator.tree.modalCount == 1)
        #expect(coordinator.tree.visibleScreen?.scene == "B2")
        try coordinator.navigate(.dismiss())
        #expect(coordinator.tree.visibleScreen?.scene == "B1")
    }

    @Test("the user's tab tap selects; a re-tap pops the tab to its root; covered, it fails")
    func tabReports() throws {
        let coordinator = try makeCoordinator(setup: [tabs, .push(scene: "A2")])
        let tap = try #require(try coordinator.report(.tabSelectedByUser("more")))
        #expect(tap.kind == .selectTab && tap.isUserInitiated)
        #expect(try coordinator.report(.tabSelectedByUser("more")) == nil)
        try coordinator.navigate(.selectTab("home"))
        let retap = try #require(try coordinator.report(.selectedTabReselectedByUser))
        #expect(retap.kind == .popToRoot && retap.removedCount == 1)
        #expect(try coordinator.report(.selectedTabReselectedByUser) == nil)
        try coordinator.navigate(.present(scene: "B2", style: .fullScreenCover))
        expectRefusal(
            NavigationError.refused(.tabBarCovered(tab: "more", modal: "B2")), leaving: coordinator
        ) {
            try coordinator.report(.tabSelectedByUser("more"))
        }
    }
}

@MainActor
@Suite("Presentation styles and whole-stack transitions")
struct StyleAndStackTests {
    @Test("the style is kept on the modal and in the event; a cover refuses the swipe-down")
    func styles() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let sheet = try #require(
            try coordinator.navigate(
                .present(scene: "B1", style: .sheet(detents: [.medium, .large]))))
        #expect(sheet.style == .sheet(detents: [.medium, .large]))
        let cover = try #require(
            try coordinator.navigate(.present(scene: "B2", style: .fullScreenCover)))
        #expect(coordinator.tree.modals.map(\.style) == [sheet.style, .fullScreenCover])
        expectRefusal(
            NavigationError.refused(.notDismissibleByUser(cover.screen, style: .fullScreenCover)),
            leaving: coordinator
        ) {
            try coordinator.report(.dismissedByUser(cover.screen))
        }
        #expect(
            coordinator.tree.description == """
                window
                └─ stack: A1 #1
                   └─ modal (sheet: medium, large): B1 #2
                      └─ modal (full-screen): B2 #3
                """)
    }

    @Test("set-stack builds every screen first and replaces the top-most stack in one event")
    func setStack() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .push(scene: "A2")])
        let stack = coordinator.tree.topStack?.id
        let recorder = EventRecorder(coordinator)
        let event = try #require(
            try coordinator.navigate(.setStack(["B1", Destination("B2", parameters: ["x": "1"])])))
        #expect(coordinator.tree.scenes == [["B1", "B2"]])
        #expect(coordinator.tree.topStack?.id == stack)
        #expect(event.kind == .setStack && event.removedCount == 2 && event.scene == "B2")
        #expect(recorder.transitions == [event])
        expectRejected(
            .setStack(["A1", "Nope"]), on: coordinator,
            with: .unknownScene("Nope", suggestions: []))
        expectRejected(.setStack([]), on: coordinator, with: .refused(.emptyStack(.setStack)))
    }

    @Test("replace swaps the visible screen in one event")
    func replace() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .push(scene: "A2")])
        let event = try #require(try coordinator.navigate(.replace(scene: "B1")))
        #expect(coordinator.tree.scenes == [["A1", "B1"]])
        #expect(event.kind == .replace && event.removedCount == 1)
        #expect(event.from?.scene == "A2" && event.to.scene == "B1")
    }
}

@MainActor
@Suite("Links and tabs: the grammar describes tabs and styles")
struct TabLinkTests {
    private let format = DeepLinkFormat(scheme: "demo")

    @Test("a tab tree with styled modals is written as a link that opens an equal tree")
    func roundTrip() throws {
        let coordinator = try makeCoordinator(setup: [
            .tabs([TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "more"),
            .push(scene: "B2", parameters: ["q": "a b"]),
            .present(scene: "A2", style: .sheet(detents: [.medium], interactiveDismissal: false)),
            .present(scene: "A1", style: .fullScreenCover),
            .present(scene: "B1", style: .popover(anchor: "share")),
        ])
        let link = try #require(try coordinator.link(format: format))
        #expect(
            link
                == "demo://open/[tab:home]A1/[tab:more,selected]B1/B2;q=a%20b/+[medium,fixed]A2"
                + "/+[full-screen]A1/+[popover:share]B1")
        let reopened = try makeCoordinator()
        try reopened.open(.deepLink(link, format: format))
        #expect(reopened.tree.snapshot == coordinator.tree.snapshot)
    }

    @Test("a stack-only link over a tab root replaces the tab that starts with its scene")
    func stackLinkGoesToItsTab() throws {
        let coordinator = try makeCoordinator(setup: [
            .tabs([TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "home"),
            .push(scene: "A2"), .present(scene: "B2"),
        ])
        let homeBefore = coordinator.tree.tab(named: "home")
        try coordinator.open(.deepLink("demo://open/B1;id=9/B2", format: format))
        #expect(coordinator.tree.selectedTab == "more")
        #expect(coordinator.tree.modalCount == 0)
        #expect(coordinator.tree.tab(named: "home")?.stack == homeBefore?.stack)
        #expect(coordinator.tree.scenes == [["A1", "A2"], ["B1", "B2"]])
        #expect(coordinator.tree.tab(named: "more")?.stack.first?.parameters == ["id": "9"])
    }

    @Test("a stack-only link goes above the first screen of the tab that hosts its scene")
    func stackLinkGoesToHostingTab() throws {
        let coordinator = try makeCoordinator(setup: [
            .tabs([TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "home")
        ])
        coordinator.tabHosts = ["more": ["B2"]]
        let first = coordinator.tree.tab(named: "more")?.stack.first
        try coordinator.open(.deepLink("demo://open/B2/A2", format: format))
        #expect(coordinator.tree.scenes == [["A1"], ["B1", "B2", "A2"]])
        #expect(coordinator.tree.tab(named: "more")?.stack.first == first)
        expectRefusal(
            NavigationError.link(.noTabForLink("A2", tabs: ["home", "more"])), leaving: coordinator
        ) {
            try coordinator.open(.deepLink("demo://open/A2", format: format))
        }
    }
}

@MainActor
@Suite("Tabs: requests act on the top-most stack, the selected tab's or the top modal's")
struct TabStackTests {
    @Test("a tab root replaces everything, modals included; a stack root replaces a tab root")
    func tabsReplaceEverything() throws {
        let coordinator = try makeTreeCoordinator(setup: [
            .root(scene: "A1"), .push(scene: "A2"), .present(scene: "B1"), .push(scene: "B2"),
        ])
        let before = Set(coordinator.tree.screens.map(\.id))
        let tabs = try #require(try coordinator.navigate(homeAndMore))
        #expect(tabs.removedCount == 4)
        #expect(coordinator.tree.modalCount == 0)
        #expect(coordinator.tree.scenes == [["A1"], ["B1"]])
        #expect(before.isDisjoint(with: coordinator.tree.screens.map(\.id)))

        try coordinator.navigate(.selectTab("more"))
        try coordinator.navigate(.push(scene: "B2"))
        try coordinator.navigate(.present(scene: "A2"))
        let root = try #require(try coordinator.navigate(.root(scene: "A2")))
        #expect(root.removedCount == 4)
        #expect(root.tab == nil)
        #expect(!coordinator.tree.hasTabs && coordinator.tree.tabs.isEmpty)
        #expect(coordinator.tree.selectedTab == nil)
        #expect(coordinator.tree.scenes == [["A2"]])
        #expect(coordinator.tree.root?.place == .root)
    }

    @Test("push, pop, pop-to and pop-to-root act on the selected tab and leave the others")
    func stackRequestsActOnTheSelectedTab() throws {
        let coordinator = try makeTreeCoordinator(setup: [homeAndMore, .push(scene: "A2")])
        let home = try #require(coordinator.tree.tab(named: "home")?.stack)
        try coordinator.navigate(.selectTab("more"))
        let more = try #require(coordinator.tree.tab(named: "more")?.stack.id)
        for scene: SceneIdentifier in ["B2", "A1", "A2"] {
            let event = try #require(try coordinator.navigate(.push(scene: scene)))
            #expect(event.tab == "more")
            #expect(event.stack == more)
        }
        #expect(coordinator.tree.scenes == [["A1", "A2"], ["B1", "B2", "A1", "A2"]])

        try coordinator.navigate(.popTo(scene: "B2"))
        #expect(coordinator.tree.scenes == [["A1", "A2"], ["B1", "B2"]])
        expectRejected(
            .popTo(scene: "A2"), on: coordinator,
            with: .refused(.sceneNotInStack("A2", stack: ["B1", "B2"])))
        try coordinator.navigate(.pop())
        expectRejected(
            .pop(), on: coordinator, with: .refused(.cannotPopFirstScreen("B1", kind: .pop)))
        expectUnchanged(.popToRoot(), on: coordinator)
        try coordinator.navigate(.push(scene: "A1"))
        try coordinator.navigate(.push(scene: "B2"))
        let popToRoot = try #require(try coordinator.navigate(.popToRoot()))
        #expect(popToRoot.removedCount == 2)
        #expect(popToRoot.tab == "more")
        #expect(coordinator.tree.scenes == [["A1", "A2"], ["B1"]])
        #expect(coordinator.tree.tab(named: "home")?.stack == home)
        expectRejected(
            .dismiss(), on: coordinator, with: .refused(.nothingToDismiss(visible: "B1")))
    }

    @Test("with a modal up, requests act on the top modal and every tab keeps its stack")
    func requestsActOnTheTopModal() throws {
        let coordinator = try makeTreeCoordinator(setup: [homeAndMore, .present(scene: "B2")])
        let tabStacks = coordinator.tree.tabs.map(\.stack)
        try coordinator.navigate(.push(scene: "A2"))
        #expect(coordinator.tree.scenes == [["A1"], ["B1"], ["B2", "A2"]])
        #expect(coordinator.tree.topStack?.modal != nil)
        try coordinator.navigate(.pop())
        expectRejected(
            .pop(), on: coordinator, with: .refused(.cannotPopFirstScreen("B2", kind: .pop)))
        expectRejected(
            .popTo(scene: "A1"), on: coordinator,
            with: .refused(.sceneNotInStack("A1", stack: ["B2"])))
        try coordinator.navigate(.selectTab("more"))
        #expect(coordinator.tree.visibleScreen?.scene == "B2")
        #expect(coordinator.tree.baseStack?.tab == "more")
        let dismiss = try #require(try coordinator.navigate(.dismiss()))
        #expect(dismiss.tab == "more")
        #expect(dismiss.stack == coordinator.tree.tab(named: "more")?.stack.id)
        #expect(coordinator.tree.visibleScreen?.scene == "B1")
        #expect(coordinator.tree.tabs.map(\.stack.id) == tabStacks.map(\.id))
        #expect(coordinator.tree.scenes == [["A1"], ["B1"]])
    }

    @Test("the top-most stack is the last modal's, else the selected tab's")
    func topMostStack() throws {
        let coordinator = try makeTreeCoordinator(setup: [homeAndMore])
        #expect(coordinator.tree.topStack == coordinator.tree.tab(named: "home")?.stack)
        #expect(coordinator.tree.stack(at: 0) == coordinator.tree.tab(named: "home")?.stack)
        #expect(coordinator.tree.stack(at: 1) == nil)
        #expect(coordinator.tree.stack(at: -1) == nil)
        #expect(ScreenTree().stack(at: 0) == nil)
        try coordinator.navigate(.present(scene: "B1"))
        #expect(coordinator.tree.stack(at: 1) == coordinator.tree.topStack)
        #expect(coordinator.tree.stack(at: 1)?.map(\.scene) == ["B1"])
        #expect(coordinator.tree.stack(at: 2) == nil)
        try coordinator.navigate(.dismiss())
        try coordinator.navigate(.selectTab("more"))
        #expect(coordinator.tree.topStack == coordinator.tree.tab(named: "more")?.stack)
        try coordinator.navigate(.present(scene: "A2"))
        try coordinator.navigate(.present(scene: "B2", style: .fullScreenCover))
        #expect(coordinator.tree.topStack == coordinator.tree.modals.last)
        #expect(coordinator.tree.topStack?.level == 2)
        #expect(coordinator.tree.stacks.map(\.level) == [0, 0, 1, 2])
        #expect(coordinator.tree.visibleLocation?.level == 2)
    }

    @Test("a tab name may be 64 bytes long and hold any letters, punctuation or emoji")
    func validTabNames() throws {
        let names = [String(repeating: "t", count: 64), "หน้าแรก", "my-home_2", "🏠"]
        let coordinator = try makeTreeCoordinator(setup: [
            .tabs(names.map { TabItem($0, scene: "A1") }, selected: "🏠")
        ])
        #expect(coordinator.tree.tabs.map(\.name) == names)
        #expect(coordinator.tree.selectedTab == "🏠")
        try coordinator.navigate(.selectTab("หน้าแรก"))
        let link = try #require(try coordinator.link(format: treeLinkFormat))
        let reopened = try makeTreeCoordinator()
        try reopened.open(.deepLink(link, format: treeLinkFormat))
        #expect(reopened.tree.snapshot == coordinator.tree.snapshot)
    }

    @Test("the user's back swipe pops the selected tab; a tab tap runs no guard")
    func userReportsInTabs() throws {
        let coordinator = try makeTreeCoordinator(setup: [
            homeAndMore, .push(scene: "A2"), .selectTab("more"), .push(scene: "B2"),
        ])
        coordinator.addGuard(NavigationGuard("never") { _ in .reject(reason: "no") })
        let below = try #require(coordinator.tree.screenBelowVisible)
        let swipe = try #require(try coordinator.report(.poppedBackByUser(to: below)))
        #expect(swipe.isUserInitiated && swipe.tab == "more")
        #expect(coordinator.tree.scenes == [["A1", "A2"], ["B1"]])
        let tap = try #require(try coordinator.report(.tabSelectedByUser("home")))
        #expect(tap.kind == .selectTab && tap.isUserInitiated && tap.tab == "home")
        #expect(coordinator.tree.visibleScreen?.scene == "A2")
    }
}

@MainActor
@Suite("Tabs: flows, results, guards and vetoes work in a tab as in a stack")
struct TabLifecycleTests {
    @Test(
        "a flow on a tab lives while its screens are in any tab, and finishes when .tabs replaces them"
    )
    func flowFinishesWhenTabsReplaceIt() throws {
        let coordinator = try makeTreeCoordinator(setup: [homeAndMore])
        let flow = StubFlow(coordinator: coordinator, first: .push(scene: "A2"))
        try coordinator.startFlow(flow, key: "detail")
        try coordinator.navigate(.selectTab("more"))
        try coordinator.navigate(.push(scene: "B2"))
        try coordinator.navigate(.selectTab("home"))
        #expect(!flow.isFinished)
        #expect(coordinator.flows["detail"] === flow)
        try coordinator.navigate(homeAndMore)
        #expect(flow.isFinished && flow.finishCount == 1)
        #expect(coordinator.flows["detail"] == nil)
    }

    @Test("a flow that made the tab root finishes when a stack root replaces it, not on selection")
    func flowOwningTheTabRoot() throws {
        let coordinator = try makeTreeCoordinator()
        let flow = StubFlow(coordinator: coordinator, first: homeAndMore)
        try coordinator.startFlow(flow, key: "main")
        #expect(coordinator.tree.screens.allSatisfy { coordinator.owner(of: $0.id) === flow })
        try coordinator.navigate(.selectTab("more"))
        try coordinator.navigate(.popToRoot())
        #expect(!flow.isFinished)
        try coordinator.navigate(.root(scene: "A1"))
        #expect(flow.isFinished && flow.finishCount == 1)
    }

    @Test("a link to one tab finishes the flow on that tab; the flow on the other tab lives on")
    func linkFinishesTheFlowOfItsTab() throws {
        let coordinator = try makeTreeCoordinator(setup: [homeAndMore])
        let homeFlow = StubFlow(coordinator: coordinator, first: .push(scene: "A2"))
        try coordinator.startFlow(homeFlow, key: "home")
        try coordinator.navigate(.selectTab("more"))
        let moreFlow = StubFlow(coordinator: coordinator, first: .push(scene: "B2"))
        try coordinator.startFlow(moreFlow, key: "more")
        try coordinator.navigate(.selectTab("home"))
        try coordinator.open(.deepLink("demo://open/B1/A1", format: treeLinkFormat))
        #expect(moreFlow.isFinished)
        #expect(!homeFlow.isFinished)
        #expect(coordinator.flows.keys.sorted() == ["home"])
        #expect(coordinator.tree.scenes == [["A1", "A2"], ["B1", "A1"]])
    }

    @Test("a flow whose screens a set-stack replaces finishes")
    func setStackFinishesTheFlow() throws {
        let coordinator = try makeTreeCoordinator(setup: [homeAndMore])
        let flow = StubFlow(coordinator: coordinator, first: .push(scene: "A2"))
        try coordinator.startFlow(flow, key: "detail")
        try coordinator.navigate(.setStack(["A1", "B2"]))
        #expect(flow.isFinished)
        #expect(coordinator.flows.isEmpty)
    }

    @Test(
        "a result asked for in a tab is cancelled when the tab's stack is replaced",
        arguments: [
            homeAndMore, .setStack(["A1"]), .replace(scene: "B2"), .root(scene: "B1"),
        ])
    func resultCancelledWhenTheTabIsReplaced(replacement: ApplicationTransitionType) throws {
        let coordinator = try makeTreeCoordinator(setup: [homeAndMore])
        let log = ResultLog()
        try coordinator.navigate(.push(scene: "A2"), onResult: log.handler)
        try coordinator.navigate(.selectTab("more"))
        try coordinator.navigate(.push(scene: "B2"))
        try coordinator.navigate(.selectTab("home"))
        #expect(log.results.isEmpty)
        try coordinator.navigate(replacement)
        #expect(log.results == ["cancelled"])
    }

    @Test("a result asked for in a tab survives other tabs' changes and a link to another tab")
    func resultSurvivesOtherTabs() throws {
        let coordinator = try makeTreeCoordinator(setup: [homeAndMore])
        let log = ResultLog()
        try coordinator.navigate(.push(scene: "A2"), onResult: log.handler)
        try coordinator.open(.deepLink("demo://open/B1/B2", format: treeLinkFormat))
        try coordinator.navigate(.setStack(["B1", "A1"]))
        #expect(log.results.isEmpty)
        try coordinator.open(.deepLink("demo://open/A1", format: treeLinkFormat))
        #expect(log.results == ["cancelled"])
    }

    @Test("a screen in a tab finishes with a value its caller receives")
    func resultDeliveredInATab() throws {
        let coordinator = try makeTreeCoordinator(setup: [homeAndMore, .selectTab("more")])
        let log = ResultLog()
        try coordinator.navigate(.push(scene: "B2"), onResult: log.handler)
        let screen = try #require(coordinator.tree.visibleScreen?.content as? StubScreen)
        try coordinator.navigate(.selectTab("home"))
        try coordinator.navigate(.selectTab("more"))
        try screen.context.finish(with: 7)
        #expect(log.results == ["value(7)"])
        #expect(coordinator.tree.scenes == [["A1"], ["B1"]])
    }

    @Test("guards see a tab selection as the target tab's top screen, and may reject it")
    func guardsSeeTabSelection() throws {
        let coordinator = try makeTreeCoordinator(setup: [
            homeAndMore, .selectTab("more"), .push(scene: "B2", parameters: ["id": "4"]),
            .selectTab("home"),
        ])
        var attempts: [NavigationGuard.Attempt] = []
        coordinator.addGuard(
            NavigationGuard("lock") { attempt in
                attempts.append(attempt)
                return attempt.kind == .selectTab ? .reject(reason: "it is locked") : .allow
            })
        let before = coordinator.tree
        expectRejected(
            .selectTab("more"), on: coordinator,
            with: .guarded(
                .rejectedByGuard(
                    name: "lock", kind: .selectTab, scene: "B2", reason: "it is locked")))
        let attempt = try #require(attempts.first)
        #expect(attempts.count == 1)
        #expect(attempt.kind == .selectTab && attempt.scene == "B2")
        #expect(attempt.parameters == ["id": "4"])
        #expect(attempt.leaving == nil)
        #expect(attempt.tree == before)
    }

    @Test("a guard may redirect a tab selection; the tab stays as it was")
    func guardRedirectsTabSelection() throws {
        let coordinator = try makeTreeCoordinator(setup: [homeAndMore])
        coordinator.addGuard(
            NavigationGuard("sign-in") { attempt in
                attempt.kind == .selectTab ? .redirect(.present(scene: "A2")) : .allow
            })
        let event = try #require(try coordinator.navigate(.selectTab("more")))
        #expect(event.kind == .present)
        #expect(event.redirectedFrom == .transition(.selectTab("more")))
        #expect(coordinator.tree.selectedTab == "home")
        #expect(coordinator.tree.scenes == [["A1"], ["B1"], ["A2"]])
    }

    @Test(
        "a screen that refuses to leave, in a tab that is not selected, stops .tabs unless forced")
    func vetoInAnotherTabStopsTabs() throws {
        let coordinator = try makeTreeCoordinator(setup: [
            homeAndMore, .selectTab("more"), .push(scene: "Keep"), .selectTab("home"),
        ])
        let keep = try #require(coordinator.tree.tab(named: "more")?.stack.last?.id)
        expectRejected(
            homeAndMore, on: coordinator,
            with: .guarded(
                .leavingVetoed(scene: "Keep", screen: keep, reason: "it has unsaved changes")))
        let event = try #require(try coordinator.navigate(homeAndMore, force: true))
        #expect(event.removedCount == 3)
    }

    @Test("a link to one tab ignores a refusing screen in another tab, and stops at one in its own")
    func linkVetoesOnlyInItsTab() throws {
        let coordinator = try makeTreeCoordinator(setup: [homeAndMore, .push(scene: "Keep")])
        try coordinator.open(.deepLink("demo://open/B1/B2", format: treeLinkFormat))
        #expect(coordinator.tree.scenes == [["A1", "Keep"], ["B1", "B2"]])
        let keep = try #require(coordinator.tree.tab(named: "home")?.stack.last?.id)
        expectRefusal(
            NavigationError.guarded(
                .leavingVetoed(
                    scene: "Keep", screen: keep, reason: "it has unsaved changes")),
            leaving: coordinator
        ) {
            try coordinator.open(.deepLink("demo://open/A1/A2", format: treeLinkFormat))
        }
        try coordinator.open(.deepLink("demo://open/A1/A2", format: treeLinkFormat), force: true)
        #expect(coordinator.tree.scenes == [["A1", "A2"], ["B1", "B2"]])
        #expect(coordinator.tree.selectedTab == "home")
    }
}
