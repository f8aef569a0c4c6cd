import ArticleApp
import CoreModule
import CoreUI
import Foundation
import Testing

/// The SwiftUI app's split view on iPad, run on Linux: the sidebar is the app's Features screen,
/// whose buttons select the detail, and the library's `NavigationHost` gives its
/// `NavigationSplitView` the bindings of `ObservableNavigation`, written here as SwiftUI writes
/// them.
@MainActor
@Suite("The SwiftUI app on iPad: the features' list selects the detail, Slide Over collapses")
struct ArticleSplitViewTests {
    /// The detail's selection when it shows `scene`.
    private func row(_ scene: SceneIdentifier) -> Destination? { Destination(scene) }

    @Test("a row tapped shows its feature in the detail; Back in Slide Over returns to the list")
    func sidebarSelection() throws {
        let session = try ArticleSession(restoring: nil, layout: .split)
        let navigation = ObservableNavigation(following: session.coordinator)
        let tree = { session.coordinator.tree }
        // A fresh window: feature A selected, its row highlighted.
        #expect(navigation[selection: .detail] == row("A1"))
        #expect(navigation.columnVisibility == .automatic)
        let rows = FeaturesViewController.features.map(\.scene)
        #expect(rows.allSatisfy { session.container.build(for: $0) != nil })

        // The sidebar's "Feature B" button: the Features screen's own method.
        let sidebar = try #require(tree().split?.primary.first)
        let feature = try #require(
            session.actions(for: sidebar).first { $0.title == "Feature B" })
        try feature.perform()
        #expect(navigation[selection: .detail] == row("B1"))
        #expect(tree().split?.detail.map(\.scene) == ["B1"])
        #expect(tree().split?.primary.map(\.scene) == ["Features"])
        let screen = try #require(tree().visibleScreen)
        let push = try #require(session.actions(for: screen).first { $0.title == "Push C1" })
        try push.perform()
        let detail = try #require(navigation.projection.split?.detail)
        #expect(navigation[path: detail.id].count == 1)

        // Slide Over: the environment's size class collapses the split; Back pops the detail's
        // path, then clears the selection.
        navigation.horizontalSizeClass = .compact
        #expect(navigation.projection.split?.isCollapsed == true)
        navigation[path: detail.id] = []
        navigation[selection: .detail] = nil
        #expect(tree().visibleScreen?.scene == "Features")
        #expect(navigation.preferredCompactColumn == .primary)
        #expect(navigation.columnVisibility == .all)
        navigation.preferredCompactColumn = .primary  // SwiftUI's second write: an echo
        navigation[selection: .detail] = row("C1")
        #expect(tree().visibleScreen?.scene == "C1")
        #expect(navigation.preferredCompactColumn == .detail)

        // Full screen again: the columns side by side, as they are.
        navigation.horizontalSizeClass = .regular
        #expect(tree().split?.detail.map(\.scene) == ["C1"])
        #expect(navigation.projection == NavigationProjection(tree()))
    }
}
