@_spi(Benchmarks) @_spi(Rules) import CoreModule
import Testing

/// The examples of docs/integrating-swiftui.md, run as the guide shows them (the snippet checker
/// only compiles them), and the projection's rules behind the guide's tables of what the host
/// shows and sends.
@MainActor
@Suite("The SwiftUI guide's examples hold as written")
struct SwiftUIGuideTests {
    /// The guide's tree: tabs "home" (selected) and "search", Product pushed on home, a Filters
    /// sheet over them.
    static func homeWithFilters() throws -> AppCoordinator {
        let coordinator = try makeCoordinator(["Home", "Search", "Product", "Filters"])
        try coordinator.navigate(
            .tabs(
                [TabItem("home", scene: "Home"), TabItem("search", scene: "Search")],
                selected: "home"))
        try coordinator.navigate(.push(scene: "Product", parameters: ["id": "42"]))
        try coordinator.navigate(
            .present(scene: "Filters", style: .sheet(detents: [.medium, .large])))
        return coordinator
    }

    @Test("what the user does: a sheet dragged down, a back swipe, a tab tapped, as the host sends")
    func userGestures() throws {
        let coordinator = try Self.homeWithFilters()

        // The user drags Filters down, swipes back from Product, taps Search. The host sends:
        let filters = try #require(coordinator.tree.visibleScreen)
        try coordinator.report(.dismissedByUser(filters.id))
        let home = try #require(coordinator.tree.tab(named: "home")?.stack.first)
        try coordinator.report(.poppedBackByUser(to: home.id))
        try coordinator.report(.tabSelectedByUser("search"))
        #expect(coordinator.tree.scenes == [["Home"], ["Search"]])
        #expect(coordinator.tree.selectedTab == "search")
    }

    @Test("the alerts section: the user taps Discard, as the host sends it")
    func alertAnswered() throws {
        let container = try makeContainer(["Message"])
        let window = AppCoordinator(container: container)
        try window.navigate(.root(scene: "Message"))
        let discard = AlertContent(
            "Discard", title: "Discard this draft?",
            buttons: [
                AlertContent.Button("Discard", role: .destructive, value: true),
                AlertContent.Button("Cancel", role: .cancel),
            ])
        var discarded: Bool?
        try window.navigate(.alert(discard)) { result in discarded = result.value(as: Bool.self) }

        // The user taps Discard. The host sends:
        let alert = try #require(window.tree.visibleScreen)  // the alert's own screen
        try window.report(.answeredByUser(alert.id, button: 0))
        #expect(discarded == true)
        #expect(window.tree.alert == nil && window.tree.scenes == [["Message"]])
    }

    @Test("the split view section: a row tapped, Slide Over, Back to the list, as the host sends")
    func splitGestures() throws {
        let container = try makeContainer(["Mailboxes", "Message", "Attachment"])
        let window = AppCoordinator(container: container)
        try window.navigate(.split(primary: "Mailboxes", detail: "Message"))
        try window.navigate(.push(scene: "Attachment"))

        // A row tapped in Mailboxes: the screen asks through its SceneContext.
        try window.navigate(.showDetail(Destination("Message", parameters: ["id": "7"])))
        #expect(window.tree.split?.detail.map(\.parameters) == [["id": "7"]])
        // Slide Over, then Back from the message to the list. The host sends:
        try window.report(.sizeClassChanged(.compact))
        let mailboxes = try #require(window.tree.split?.primary.last)
        try window.report(.poppedBackByUser(to: mailboxes.id))
        #expect(window.tree.split?.detail.isEmpty == true)
    }

    @Test(
        "the rules behind the tables: a tab root with a pushed screen and a sheet, the user's writes"
    )
    func guideExamples() throws {
        let coordinator = try Self.homeWithFilters()

        let projection = NavigationProjection(coordinator.tree)
        #expect(projection.selectedTab == "home")
        #expect(projection.tabs.map(\.name) == ["home", "search"])
        let home = projection.tabs[0].stack
        #expect(coordinator.tree.screen(home.root)?.scene == "Home")
        #expect(home.path == [ScreenID(3)])
        let filters = try #require(projection.modal(over: 0, as: .sheet))
        #expect(filters.level == 1 && filters.style == .sheet(detents: [.medium, .large]))
        #expect(projection.modal(over: 0, as: .fullScreenCover) == nil)

        let navigation = ObservableNavigation(following: coordinator)
        navigation[modalOver: 0, as: .sheet] = nil
        navigation[path: home.id] = []
        navigation.selectedTab = "search"
        #expect(coordinator.tree.scenes == [["Home"], ["Search"]])
        #expect(coordinator.tree.selectedTab == "search")
    }

    @Test(
        "the rules behind the split view section: a split's projection, what SwiftUI writes into it"
    )
    func splitView() throws {
        let window = try makeCoordinator(["Mailboxes", "Message", "Attachment"])
        try window.navigate(.split(primary: "Mailboxes", detail: "Message"))
        try window.navigate(.push(scene: "Attachment"))

        let navigation = ObservableNavigation(following: window)
        let recorder = EventRecorder(window)
        let split = try #require(navigation.projection.split)
        #expect(split.style == .doubleColumn)
        #expect(split.detail.selection == "Message")
        #expect(split.detail.path == [ScreenID(3)])
        #expect(split.compactColumn == .detail && split.columnVisibility == .automatic)

        navigation[path: split.detail.id] = []
        navigation[selection: .detail] = Destination("Message", parameters: ["id": "7"])
        #expect(window.tree.split?.detail.map(\.parameters) == [["id": "7"]])
        navigation.horizontalSizeClass = .compact
        navigation[selection: .detail] = nil
        #expect(window.tree.split?.detail.isEmpty == true)
        #expect(navigation.preferredCompactColumn == .primary)
        #expect(navigation.projection.split?.columnVisibility == .all)
        // "by the user" for the reports, "by the app" for the selection's request.
        #expect(recorder.kinds == [.pop, .showDetail, .sizeClass, .pop])
        #expect(recorder.transitions.map(\.isUserInitiated) == [true, false, true, true])
    }

    @Test(
        "the rules behind the alerts section: an alert projected, answered, then isPresented = false"
    )
    func alerts() throws {
        let window = try makeCoordinator(["Message"])
        try window.navigate(.root(scene: "Message"))
        let discard = AlertContent(
            "Discard", title: "Discard this draft?",
            buttons: [
                AlertContent.Button("Discard", role: .destructive, value: true),
                AlertContent.Button("Cancel", role: .cancel),
            ])
        var discarded: Bool?
        try window.navigate(.alert(discard)) { result in discarded = result.value(as: Bool.self) }

        let navigation = ObservableNavigation(following: window)
        let recorder = EventRecorder(window)
        let alert = try #require(navigation[modalOver: 0, as: .alert])
        #expect(alert.alert?.title == "Discard this draft?")
        #expect(navigation[isPresentedOver: 0, as: .alert])

        navigation.answer(alert.id, button: 0)
        navigation[isPresentedOver: 0, as: .alert] = false
        #expect(discarded == true)
        #expect(window.tree.alert == nil && window.tree.scenes == [["Message"]])
        #expect(recorder.kinds == [.dismiss] && recorder.failures.isEmpty)
    }
}
