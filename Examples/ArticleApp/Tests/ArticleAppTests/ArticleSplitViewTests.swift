import ArticleApp
import CoreModule
import CoreUI
import Foundation
import Testing

/// The SwiftUI app's split view on iPad, run on Linux: the sidebar is the app's Features screen,
/// whose buttons select the detail; what the user does in the `NavigationSplitView`
/// (`NavigationHost` shows it) reaches the coordinator as the platform reports written here.
@MainActor
@Suite("The SwiftUI app on iPad: the features' list selects the detail, Slide Over collapses")
struct ArticleSplitViewTests {
    @Test("a row tapped shows its feature in the detail; Back in Slide Over returns to the list")
    func sidebarSelection() throws {
        let session = try ArticleSession(restoring: nil, layout: .split)
        let coordinator = session.coordinator
        let tree = { coordinator.tree }
        // A fresh window: feature A in the detail, beside the features' list.
        #expect(tree().split?.primary.map(\.scene) == ["Features"])
        #expect(tree().split?.detail.map(\.scene) == ["A1"])
        let rows = FeaturesViewController.features.map(\.scene)
        #expect(rows.allSatisfy { session.container.build(for: $0) != nil })

        // The sidebar's "Feature B" button: the Features screen's own method.
        let sidebar = try #require(tree().split?.primary.first)
        try tap("Feature B", on: sidebar, in: session)
        #expect(tree().split?.detail.map(\.scene) == ["B1"])
        #expect(tree().split?.primary.map(\.scene) == ["Features"])
        try tap("Push C1", on: try #require(tree().visibleScreen), in: session)
        let detail = try #require(tree().split?.detail)
        #expect(detail.map(\.scene) == ["B1", "C1"])

        // Slide Over: the host reports the compact size class, and the split collapses; Back
        // pops the detail's stack, then returns to the list.
        try coordinator.report(.sizeClassChanged(.compact))
        #expect(tree().horizontalSizeClass == .compact)
        try coordinator.report(.poppedBackByUser(to: detail[0].id))
        try coordinator.report(.poppedBackByUser(to: sidebar.id))
        #expect(tree().visibleScreen?.scene == "Features")
        #expect(tree().split?.detail.isEmpty == true)
        try tap("Feature C", on: sidebar, in: session)
        #expect(tree().visibleScreen?.scene == "C1")

        // Full screen again: the columns side by side, as they are.
        try coordinator.report(.sizeClassChanged(.regular))
        #expect(tree().horizontalSizeClass == .regular)
        #expect(tree().split?.detail.map(\.scene) == ["C1"])
    }

    /// Taps the button titled `title` of `screen`, as the user does.
    private func tap(_ title: String, on screen: Screen, in session: ArticleSession) throws {
        let button = try #require(session.actions(for: screen).first { $0.title == title })
        try button.perform()
    }
}
