import CoreModule
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
