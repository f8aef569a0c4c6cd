@_spi(Benchmarks) @_spi(Rules) import CoreModule
import Observation
import Testing

/// The rules the SwiftUI host (SceneRouterSwiftUI) follows and does not decide.
///
/// One observable state per coordinator, when the window's size class is sent, and where a
/// popover is shown from: the host only maps them to SwiftUI; these tests hold them on Linux.
@MainActor
@Suite("The SwiftUI host's rules: shared state, the window's size class, popover anchors")
struct HostDecisionTests {
    @Test("every host of one coordinator shares its one observable state, kept by the coordinator")
    func oneStatePerCoordinator() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let first = ObservableNavigation.of(coordinator)
        #expect(ObservableNavigation.of(coordinator) === first)
        #expect(ObservableNavigation.of(try makeCoordinator()) !== first)
        // The coordinator keeps it: it follows without the host holding it.
        weak let kept = ObservableNavigation.of(coordinator)
        try coordinator.navigate(.push(scene: "A2"))
        #expect(kept?.tree.topStack?.map(\.scene) == ["A1", "A2"])
    }

    @Test("the window's size class: sent once there is a root, kept while the window is empty")
    func windowSizeClass() throws {
        let coordinator = try makeCoordinator()
        let recorder = EventRecorder(coordinator)
        let navigation = ObservableNavigation.of(coordinator)
        // An empty window: nothing is sent (the coordinator would refuse it), nothing fails.
        navigation.windowSizeClassChanged(.compact)
        #expect(recorder.events.isEmpty && coordinator.tree.isEmpty)
        // The root comes; the host tells the size class again, and it is sent now.
        try coordinator.navigate(.split(primary: "A1", detail: "B1"))
        navigation.windowSizeClassChanged()
        #expect(coordinator.tree.horizontalSizeClass == .compact)
        #expect(recorder.kinds == [.split, .sizeClass])
        // The same size class again sends nothing; another one is sent.
        navigation.windowSizeClassChanged(.compact)
        #expect(recorder.events.count == 2)
        navigation.windowSizeClassChanged(.regular)
        #expect(coordinator.tree.horizontalSizeClass == .regular)
        #expect(recorder.events.count == 3 && recorder.failures.isEmpty)
    }

    @Test("the parts a host reads: the root's shape, each stack's first screen and path")
    func parts() throws {
        let stack = ObservableNavigation.of(try makeCoordinator(setup: [.root(scene: "A1")]))
        guard case .stack(let id) = stack.shape else {
            Issue.record("not a stack root: \(stack.shape)")
            return
        }
        #expect(stack.state(of: id).root == ScreenID(1) && stack.state(of: id).path.isEmpty)
        let tabs = ObservableNavigation.of(
            try makeCoordinator(setup: [
                .tabs(
                    [TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "more")
            ]))
        guard case .tabs(let items) = tabs.shape else {
            Issue.record("not a tab root: \(tabs.shape)")
            return
        }
        #expect(items.map(\.id) == ["home", "more"] && tabs.selectedTab == "more")
        let two = ObservableNavigation.of(
            try makeCoordinator(setup: SplitProjectionTests.twoColumns))
        let split = try #require(two.split)
        #expect(!split.hasSupplementary && split.column(.supplementary) == nil)
        #expect(split.column(.detail)?.selection == "B1" && split.compactColumn == .detail)
        let three = ObservableNavigation.of(
            try makeCoordinator(setup: [.split(primary: "A1", style: .tripleColumn)]))
        #expect(three.split?.hasSupplementary == true)
        #expect(three.split?.column(.supplementary)?.isEmpty == true)
        #expect(three.projection.split?.supplementary?.screens == [])
        #expect(three.split?.columnVisibility == .all && three.split?.compactColumn == .primary)
        #expect(ObservableNavigation.of(try makeCoordinator()).shape == .empty)
    }

    @Test("a popover over a sheet is shown from the anchor the sheet's screen marks")
    func popoverOverSheet() throws {
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .present(scene: "B1"),
            .present(scene: "B2", style: .popover(anchor: "more")),
        ])
        let navigation = ObservableNavigation.of(coordinator)
        let popover = try #require(navigation.projection.modal(over: 1, as: .popover))
        let sheetScreen = ScreenID(2)
        #expect(navigation[popoverOver: 1, from: .anchor("more", screen: sheetScreen)] == popover)
        #expect(navigation[popoverOver: 1, from: .anchor("more", screen: ScreenID(1))] == nil)
        #expect(navigation[popoverOver: 0, from: .anchor("more", screen: ScreenID(1))] == nil)
        let marks: Set = [PopoverAnchorMark(screen: sheetScreen, name: "more")]
        #expect(navigation[popoverOver: 1, from: .place(anchorsOnScreen: marks)] == nil)
    }

    @Test("a popover is shown from the anchor its presenting screen marks, else from its place")
    func popoverSources() throws {
        // A2 above A1, both marking "share" (a screen below stays in SwiftUI's hierarchy).
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .push(scene: "A2"),
            .present(scene: "B1", style: .popover(anchor: "share")),
        ])
        let navigation = ObservableNavigation.of(coordinator)
        let popover = try #require(navigation.projection.modal(over: 0, as: .popover))
        let (below, presenting) = (ScreenID(1), ScreenID(2))
        let marks: Set = [
            PopoverAnchorMark(screen: below, name: "share"),
            PopoverAnchorMark(screen: presenting, name: "share"),
        ]
        // The presenting screen marks it: that view alone shows it; not the screen below, not
        // the place's view.
        #expect(navigation[popoverOver: 0, from: .anchor("share", screen: presenting)] == popover)
        #expect(navigation[popoverOver: 0, from: .anchor("share", screen: below)] == nil)
        #expect(navigation[popoverOver: 0, from: .place(anchorsOnScreen: marks)] == nil)
        // Only the screen below marks it: the place's view shows it.
        let belowOnly: Set = [PopoverAnchorMark(screen: below, name: "share")]
        #expect(navigation[popoverOver: 0, from: .place(anchorsOnScreen: belowOnly)] == popover)
        // No view marks it: the place's view shows it, and no other anchor does.
        #expect(navigation[popoverOver: 0, from: .place(anchorsOnScreen: [])] == popover)
        #expect(navigation[popoverOver: 0, from: .anchor("other", screen: presenting)] == nil)
        // Over another level there is no popover.
        #expect(navigation[popoverOver: 1, from: .place(anchorsOnScreen: [])] == nil)
        // Dismissed from its anchor's view: the user's dismissal, reported.
        let recorder = EventRecorder(coordinator)
        navigation[popoverOver: 0, from: .anchor("share", screen: presenting)] = nil
        #expect(recorder.kinds == [.dismiss])
        #expect(recorder.transitions.map(\.isUserInitiated) == [true])
        #expect(coordinator.tree.modals.isEmpty)
    }
}

/// After a transition SwiftUI re-reads what changed: each part the host reads tells its readers
/// only when it changes.
@MainActor
@Suite("The SwiftUI host re-reads what a transition changed, and nothing else")
struct HostReReadTests {
    /// A coordinator over the tabs "home" (A1, selected) and "more" (B1), its SwiftUI state,
    /// and the tabs as the state reads them.
    private func homeAndMore() throws -> (AppCoordinator, ObservableNavigation, [TabShape]) {
        let coordinator = try makeCoordinator(setup: [
            .tabs([TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "home")
        ])
        let navigation = ObservableNavigation.of(coordinator)
        guard case .tabs(let tabs) = navigation.shape else {
            throw HostTestFailure("not a tab root: \(navigation.shape)")
        }
        return (coordinator, navigation, tabs)
    }

    /// Whether `read` reads a part that `change` changes.
    private func notifies(_ read: @escaping () -> Void, after change: () throws -> Void) rethrows
        -> Bool
    {
        let changed = Flag()
        withObservationTracking(read) { changed.raise() }
        try change()
        return changed.isRaised
    }

    @Test(
        "a push on one tab's stack re-reads that stack alone: not the other tab, the tabs, modals")
    func pushOnOneTab() throws {
        let (coordinator, navigation, tabs) = try homeAndMore()
        let home = navigation.state(of: tabs[0].stack)
        let more = navigation.state(of: tabs[1].stack)
        let others = {
            _ = more.screens
            _ = navigation[path: tabs[1].stack]
            _ = navigation.shape
            _ = navigation.selectedTab
            _ = navigation[modalOver: 0, as: .sheet]
            _ = navigation.horizontalSizeClass
        }
        #expect(try !notifies(others) { try coordinator.navigate(.push(scene: "A2")) })
        #expect(try notifies({ _ = home.screens }) { try coordinator.navigate(.push(scene: "B2")) })
        #expect(home.screens.map(\.scene) == ["A1", "A2", "B2"])
        #expect(navigation[path: tabs[0].stack] == [ScreenID(3), ScreenID(4)])
    }

    @Test("a modal presented re-reads the modals, not the stacks under it; a tab tapped, the tab")
    func presentAndSelect() throws {
        let (coordinator, navigation, tabs) = try homeAndMore()
        let home = navigation.state(of: tabs[0].stack)
        let stacks = {
            _ = home.screens
            _ = navigation.shape
        }
        #expect(try !notifies(stacks) { try coordinator.navigate(.present(scene: "B2")) })
        #expect(
            try notifies({ _ = navigation[modalOver: 0, as: .sheet] }) {
                try coordinator.navigate(.dismiss())
            })
        #expect(try !notifies(stacks) { try coordinator.report(.tabSelectedByUser("more")) })
        #expect(navigation.selectedTab == "more")
        #expect(
            try notifies({ _ = navigation.selectedTab }) {
                try coordinator.report(.tabSelectedByUser("home"))
            })
    }

    @Test("a stack leaving with its modal keeps its screens for one transition, then is dropped")
    func stackLeaves() throws {
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .present(scene: "B1"), .push(scene: "B2"),
        ])
        let navigation = ObservableNavigation.of(coordinator)
        let sheet = try #require(navigation[modalOver: 0, as: .sheet])
        let state = navigation.state(of: sheet.stack)
        #expect(state.screens.map(\.scene) == ["B1", "B2"])
        // Dismissed: the sheet's NavigationStack slides away as it was, without popping.
        #expect(try !notifies({ _ = state.screens }) { try coordinator.navigate(.dismiss()) })
        #expect(state.screens.map(\.scene) == ["B1", "B2"])
        #expect(navigation[path: sheet.stack] == [ScreenID(3)])
        #expect(navigation.state(of: sheet.stack) === state)
        // A write into the leaving stack's path sends nothing.
        let recorder = EventRecorder(coordinator)
        navigation[path: sheet.stack] = []
        #expect(recorder.events.isEmpty)
        // The next transition drops it: asked again, it is an empty state, not kept.
        try coordinator.navigate(.push(scene: "A2"))
        #expect(navigation.state(of: sheet.stack) !== state)
        #expect(navigation.state(of: sheet.stack).screens.isEmpty)
    }
}

/// A setup that did not give the tree a test needs.
struct HostTestFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
