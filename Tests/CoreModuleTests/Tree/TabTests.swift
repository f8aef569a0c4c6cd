import CoreModule
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
            with: .unknownTab("mroe", tabs: ["home", "more"]))
        #expect(
            NavigationError.unknownTab("mroe", tabs: ["home", "more"]).description
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
        #expect(tap.kind == .selectTab && tap.initiator == .user)
        #expect(try coordinator.report(.tabSelectedByUser("more")) == nil)
        try coordinator.navigate(.selectTab("home"))
        let retap = try #require(try coordinator.report(.selectedTabReselectedByUser))
        #expect(retap.kind == .popToRoot && retap.removedCount == 1)
        #expect(try coordinator.report(.selectedTabReselectedByUser) == nil)
        try coordinator.navigate(.present(scene: "B2", style: .fullScreenCover))
        let before = coordinator.tree
        #expect(throws: NavigationError.tabBarCovered(tab: "more", modal: "B2")) {
            try coordinator.report(.tabSelectedByUser("more"))
        }
        #expect(coordinator.tree == before)
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
        let before = coordinator.tree
        let recorder = EventRecorder(coordinator)
        #expect(throws: NavigationError.notDismissibleByUser(cover.screen, style: .fullScreenCover))
        {
            try coordinator.report(.dismissedByUser(cover.screen))
        }
        #expect(coordinator.tree == before)
        #expect(recorder.transitions.isEmpty)
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
        expectRejected(.setStack([]), on: coordinator, with: .emptyStack(.setStack))
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
        let link = try #require(coordinator.link(format: format))
        #expect(
            link
                == "demo://open/[tab:home]A1/[tab:more,selected]B1/B2;q=a%20b/+[medium,fixed]A2"
                + "/+[full-screen]A1/+[popover:share]B1")
        let reopened = try makeCoordinator()
        try reopened.open(link, format: format)
        #expect(reopened.tree.snapshot == coordinator.tree.snapshot)
    }

    @Test("a stack-only link over a tab root replaces the tab that starts with its scene")
    func stackLinkGoesToItsTab() throws {
        let coordinator = try makeCoordinator(setup: [
            .tabs([TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "home"),
            .push(scene: "A2"), .present(scene: "B2"),
        ])
        let homeBefore = coordinator.tree.tab(named: "home")
        try coordinator.open("demo://open/B1;id=9/B2", format: format)
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
        try coordinator.open("demo://open/B2/A2", format: format)
        #expect(coordinator.tree.scenes == [["A1"], ["B1", "B2", "A2"]])
        #expect(coordinator.tree.tab(named: "more")?.stack.first == first)
        let before = coordinator.tree
        #expect(throws: NavigationError.noTabForLink("A2", tabs: ["home", "more"])) {
            try coordinator.open("demo://open/A2", format: format)
        }
        #expect(coordinator.tree == before)
    }
}
