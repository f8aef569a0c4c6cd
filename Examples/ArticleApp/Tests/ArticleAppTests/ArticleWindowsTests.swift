import ArticleApp
import CoreModule
import CoreUI
import Foundation
import Testing

/// The iOS app's windows on iPad: one registry for the app, one navigation per window, and the
/// split layout, run on Linux.
@MainActor
@Suite("The iOS app's windows: two windows over one registry, and the iPad split layout")
struct ArticleWindowsTests {
    /// Taps the button `title` of the visible screen of `session`.
    private func tap(_ title: String, in session: ArticleSession) throws {
        let screen = try #require(session.coordinator.tree.visibleScreen)
        let action = try #require(session.actions(for: screen).first { $0.title == title })
        try action.perform()
    }

    @Test("two windows share the registry; each navigates, opens links and is saved on its own")
    func twoWindows() throws {
        let windows = try ArticleWindows()
        let main = try windows.session(for: "main", restoring: nil, layout: .tabs)
        let side = try windows.session(for: "side", restoring: nil, layout: .split)
        #expect(main.container === side.container)
        #expect(windows.registry.windows == ["main", "side"])

        try tap("Open A2", in: main)
        #expect(main.coordinator.tree.scenes == [["A1", "A2"], ["B1"], ["C1"]])
        #expect(side.coordinator.tree.split?.detail.map(\.scene) == ["A1"])
        #expect(side.open(try #require(URL(string: "articleapp-uikit://b1/c1"))) == .opened)
        #expect(main.coordinator.tree.scenes == [["A1", "A2"], ["B1"], ["C1"]])

        // The system discards both scenes; their saved states bring each back as it was.
        let (savedMain, savedSide) = (main.savedState(), side.savedState())
        let (mainTree, sideTree) = (
            try main.coordinator.snapshot(), try side.coordinator.snapshot()
        )
        #expect(side.coordinator.tree.split != nil && !side.coordinator.tree.modals.isEmpty)
        windows.close("main")
        windows.close("side")
        #expect(windows.registry.windows.isEmpty)
        let later = try ArticleWindows()
        let mainAgain = try later.session(for: "main", restoring: savedMain, layout: .tabs)
        let sideAgain = try later.session(for: "side", restoring: savedSide, layout: .split)
        #expect(try mainAgain.coordinator.snapshot() == mainTree)
        #expect(try sideAgain.coordinator.snapshot() == sideTree)
        #expect(sideAgain.restorationProblem == nil)
    }

    @Test("a reconnecting scene gets its open window back; a bad identity is a start-up failure")
    func reconnects() throws {
        let windows = try ArticleWindows()
        let first = try windows.session(for: "main", restoring: nil, layout: .tabs)
        try tap("Open A2", in: first)
        let again = try windows.session(for: "main", restoring: nil, layout: .tabs)
        #expect(again.coordinator === first.coordinator)
        #expect(again.coordinator.tree.visibleScreen?.scene == "A2")
        let before = first.coordinator.tree
        #expect(throws: StartUpFailure.window(.input(.invalidWindowID("")))) {
            try windows.session(for: "", restoring: nil, layout: .tabs)
        }
        #expect(windows.registry.windows == ["main"])
        #expect(windows.registry.activeWindow == "main")
        #expect(first.coordinator.tree == before)
        #expect(
            StartUpFailure.window(.input(.invalidWindowID(""))).description
                .hasPrefix("The window could not be opened: "))
    }

    @Test("on iPad the features are a sidebar; a selection shows one in the detail column")
    func splitLayout() throws {
        let session = try ArticleSession(restoring: nil, layout: .split)
        let tree = { session.coordinator.tree }
        #expect(tree().split?.primary.map(\.scene) == ["Features"])
        #expect(tree().split?.detail.map(\.scene) == ["A1"])
        let sidebar = try #require(tree().split?.primary.first)
        #expect(
            session.actions(for: sidebar).map(\.title) == ["Feature A", "Feature B", "Feature C"])

        // The article's buttons work in the detail column as they do in a tab.
        try tap("Open A2", in: session)
        #expect(tree().split?.detail.map(\.scene) == ["A1", "A2"])
        let select = try #require(session.actions(for: sidebar).first { $0.title == "Feature B" })
        try select.perform()
        #expect(tree().split?.detail.map(\.scene) == ["B1"])
        try tap("Push C1", in: session)
        #expect(tree().visibleScreen?.scene == "C1")

        // Slide Over: the split collapses; back goes from the detail to the sidebar.
        try session.coordinator.report(.sizeClassChanged(.compact))
        try tap("Back", in: session)
        try session.coordinator.navigate(.pop())
        #expect(tree().visibleScreen?.scene == "Features")
        #expect(tree().split?.detail.isEmpty == true)

        // Saved and restored, the window comes back as a split.
        let restored = try ArticleSession(restoring: session.savedState(), layout: .tabs)
        #expect(restored.coordinator.tree.split?.primary.map(\.scene) == ["Features"])
        #expect(restored.restorationProblem == nil)
    }
}
