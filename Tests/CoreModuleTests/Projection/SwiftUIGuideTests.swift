import CoreModule
import Testing

/// The examples of docs/integrating-swiftui.md, run as the guide shows them (the snippet checker
/// only compiles them).
@MainActor
@Suite("The SwiftUI guide's examples hold as written")
struct SwiftUIGuideTests {
    @Test("the projection of a tab root with a pushed screen and a sheet, then the user's writes")
    func guideExamples() throws {
        let coordinator = try makeCoordinator(["Home", "Search", "Product", "Filters"])
        try coordinator.navigate(
            .tabs(
                [TabItem("home", scene: "Home"), TabItem("search", scene: "Search")],
                selected: "home"))
        try coordinator.navigate(.push(scene: "Product", parameters: ["id": "42"]))
        try coordinator.navigate(
            .present(scene: "Filters", style: .sheet(detents: [.medium, .large])))

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
}
