@_spi(Benchmarks) import CoreModule
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

    @Test("a popover is shown from its anchor's view when one is on screen, else from its place")
    func popoverSources() throws {
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .present(scene: "B1", style: .popover(anchor: "share")),
        ])
        let navigation = ObservableNavigation.of(coordinator)
        let popover = try #require(navigation.projection.modal(over: 0, as: .popover))
        // The anchor is on screen: its view shows the popover, the place's view does not.
        #expect(navigation[popoverOver: 0, from: .anchor("share")] == popover)
        #expect(navigation[popoverOver: 0, from: .place(anchorsOnScreen: ["share"])] == nil)
        // No view marks it: the place's view shows it, and no other anchor does.
        #expect(navigation[popoverOver: 0, from: .place(anchorsOnScreen: ["other"])] == popover)
        #expect(navigation[popoverOver: 0, from: .anchor("other")] == nil)
        // Over another level there is no popover.
        #expect(navigation[popoverOver: 1, from: .place(anchorsOnScreen: [])] == nil)
        // Dismissed from its anchor's view: the user's dismissal, reported.
        let recorder = EventRecorder(coordinator)
        navigation[popoverOver: 0, from: .anchor("share")] = nil
        #expect(recorder.kinds == [.dismiss])
        #expect(recorder.transitions.map(\.initiator) == [.user])
        #expect(coordinator.tree.modals.isEmpty)
    }
}

/// After a transition SwiftUI re-reads what changed: each part the host reads tells its readers
/// only when it changes.
@MainActor
@Suite("The SwiftUI host re-reads what a transition changed, and nothing else")
struct HostReReadTests {
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
        let coordinator = try makeCoordinator(setup: [
            .tabs([TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "home")
        ])
        let navigation = ObservableNavigation.of(coordinator)
        guard case .tabs(let tabs) = navigation.shape else {
            Issue.record("not a tab root: \(navigation.shape)")
            return
        }
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
        let coordinator = try makeCoordinator(setup: [
            .tabs([TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "home")
        ])
        let navigation = ObservableNavigation.of(coordinator)
        guard case .tabs(let tabs) = navigation.shape else {
            Issue.record("not a tab root: \(navigation.shape)")
            return
        }
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

    @Test("a stack that left the tree is dropped, and its views keep what they showed")
    func stackLeaves() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .present(scene: "B1")])
        let navigation = ObservableNavigation.of(coordinator)
        let sheet = try #require(navigation[modalOver: 0, as: .sheet])
        let state = navigation.state(of: sheet.stack)
        #expect(state.screens.map(\.scene) == ["B1"])
        #expect(try notifies({ _ = state.screens }) { try coordinator.navigate(.dismiss()) })
        #expect(state.screens.isEmpty && state.root == nil)
        // Asked again, a stack no longer in the tree is an empty state, not kept.
        #expect(navigation.state(of: sheet.stack) !== state)
        #expect(navigation.state(of: sheet.stack).screens.isEmpty)
    }
}
