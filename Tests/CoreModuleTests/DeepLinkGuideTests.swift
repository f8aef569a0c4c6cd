@_spi(Rules) import CoreModule
import Testing

/// The examples of docs/deep-links.md, as the guide shows them.
@MainActor
@Suite("The deep-link guide's examples hold as written")
struct DeepLinkGuideTests {
    private let format = DeepLinkFormat(scheme: "demo")

    @Test("a link with tabs makes a tab root, selects the marked tab, and is written back as is")
    func tabRoot() throws {
        let coordinator = try makeCoordinator()
        let link = "demo://open/[tab:home]A1/A2;id=7/[tab:more,selected]B1/B2"
        try coordinator.open(.deepLink(link, format: format))
        #expect(
            coordinator.tree.description == """
                window
                └─ tabs
                   ├─ tab home: A1 #1 › A2 #2 (id=7)
                   └─ tab more, selected: B1 #3 › B2 #4
                """)
        #expect(try coordinator.link(format: format) == link)
    }

    @Test("without a tab marked selected, the first tab is selected")
    func firstTabSelected() throws {
        let coordinator = try makeCoordinator()
        try coordinator.open(.deepLink("demo://open/[tab:home]A1/[tab:more]B1", format: format))
        #expect(coordinator.tree.selectedTab == "home")
        #expect(
            try coordinator.link(format: format)
                == "demo://open/[tab:home,selected]A1/[tab:more]B1")
    }

    @Test(
        "each modal segment of the styles table opens its style and is written back",
        arguments: [
            ("+B1", PresentationStyle.sheet(), "+B1"),
            ("+[sheet]B1", .sheet(), "+B1"),
            ("+[medium]B1", .sheet(detents: [.medium]), "+[medium]B1"),
            ("+[medium,large]B1", .sheet(detents: [.medium, .large]), "+[medium,large]B1"),
            ("+[fixed]B1", .sheet(interactiveDismissal: false), "+[fixed]B1"),
            (
                "+[medium,fixed]B1", .sheet(detents: [.medium], interactiveDismissal: false),
                "+[medium,fixed]B1"
            ),
            ("+[full-screen]B1", .fullScreenCover, "+[full-screen]B1"),
            ("+[popover:share]B1", .popover(anchor: "share"), "+[popover:share]B1"),
        ])
    func modalStyles(segment: String, style: PresentationStyle, written: String) throws {
        let coordinator = try makeCoordinator()
        try coordinator.open(.deepLink("demo://open/A1/" + segment, format: format))
        #expect(coordinator.tree.modals.map(\.style) == [style])
        #expect(try coordinator.link(format: format) == "demo://open/A1/" + written)
    }

    @Test("the whole tree with tabs and every kind of modal opens as shown and round-trips")
    func wholeTree() throws {
        let coordinator = try makeCoordinator()
        let link =
            "demo://open/[tab:home]A1/A2;id=7/[tab:more,selected]B1/B2/+[full-screen]A1"
            + "/+[popover:share]B1/+[medium,fixed]A2"
        try coordinator.open(.deepLink(link, format: format))
        #expect(
            coordinator.tree.description == """
                window
                └─ tabs
                   ├─ tab home: A1 #1 › A2 #2 (id=7)
                   ├─ tab more, selected: B1 #3 › B2 #4
                   └─ modal (full-screen): A1 #5
                      └─ modal (popover from share): B1 #6
                         └─ modal (sheet: medium, not swipeable): A2 #7
                """)
        #expect(try coordinator.link(format: format) == link)
    }

    // MARK: A link to one stack, over a tab root

    /// Tabs "home" (A1 › A2, selected) and "more" (B1), with a sheet A2 presented.
    private func tabRootWithSheet() throws -> AppCoordinator {
        try makeCoordinator(setup: [
            .tabs([TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "home"),
            .push(scene: "A2"), .present(scene: "A2"),
        ])
    }

    @Test("a link whose first scene starts a tab replaces that tab's stack and keeps the others")
    func linkToTabByFirstScene() throws {
        let coordinator = try tabRootWithSheet()
        let homeStack = coordinator.tree.tab(named: "home")?.stack.id
        let more = coordinator.tree.tab(named: "more")?.stack
        try coordinator.open(.deepLink("demo://open/A1/A2;id=42/+[medium]B2", format: format))
        #expect(
            coordinator.tree.description == """
                window
                └─ tabs
                   ├─ tab home, selected: A1 #5 › A2 #6 (id=42)
                   ├─ tab more: B1 #2
                   └─ modal (sheet: medium): B2 #7
                """)
        #expect(coordinator.tree.tab(named: "home")?.stack.id == homeStack)
        #expect(coordinator.tree.tab(named: "more")?.stack == more)
    }

    @Test("a link to a scene a tab hosts goes above that tab's first screen, and selects it")
    func linkToHostingTab() throws {
        let coordinator = try tabRootWithSheet()
        coordinator.tabHosts = ["more": ["B2"], "home": ["A2"]]
        let home = coordinator.tree.tab(named: "home")?.stack
        try coordinator.open(.deepLink("demo://open/B2;id=5", format: format))
        #expect(
            coordinator.tree.description == """
                window
                └─ tabs
                   ├─ tab home: A1 #1 › A2 #3
                   └─ tab more, selected: B1 #2 › B2 #5 (id=5)
                """)
        #expect(coordinator.tree.tab(named: "home")?.stack == home)
    }

    @Test("a link no tab starts with or hosts is refused, naming the tabs, and changes nothing")
    func noTabForLink() throws {
        let coordinator = try tabRootWithSheet()
        expectRefusal(
            NavigationError.link(.noTabForLink("A2", tabs: ["home", "more"])), leaving: coordinator
        ) {
            try coordinator.open(.deepLink("demo://open/A2", format: format))
        }
        #expect(
            NavigationError.link(.noTabForLink("A2", tabs: ["home", "more"])).description
                == "The link's stack starts with \"A2\", but no tab starts with that scene or "
                + "hosts it; the tabs are \"home\" and \"more\".")
    }

    @Test("a veto of a modal the link would dismiss fails the whole link")
    func vetoFailsLink() throws {
        let coordinator = try tabRootWithSheet()
        let sheet = try #require(coordinator.tree.visibleScreen)
        let context = try #require(sheet.content as? StubScreen).context
        try context.vetoLeaving { "unsaved changes" }
        expectRefusal(
            NavigationError.guarded(
                .leavingVetoed(scene: "A2", screen: sheet.id, reason: "unsaved changes")),
            leaving: coordinator
        ) {
            try coordinator.open(.deepLink("demo://open/B1/B2", format: format))
        }
    }
}
