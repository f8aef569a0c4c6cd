@_spi(Benchmarks) @_spi(Rules) import CoreModule
import Foundation
import Observation
import Testing

@MainActor
@Suite("Observable navigation: SwiftUI's bindings over a coordinator")
struct ObservableNavigationTests {
    @Test("it starts from the coordinator's tree and follows every transition")
    func follows() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let navigation = ObservableNavigation(following: coordinator)
        #expect(navigation.tree == coordinator.tree)
        try coordinator.navigate(.push(scene: "A2"))
        try coordinator.navigate(.present(scene: "B1", style: .fullScreenCover))
        #expect(navigation.tree == coordinator.tree)
        #expect(navigation.projection == NavigationProjection(coordinator.tree))
        let root = try #require(navigation.projection.root)
        #expect(navigation.state(of: root.id).screen(ScreenID(2))?.scene == "A2")
        #expect(navigation[path: root.id] == [ScreenID(2)])
        #expect(navigation[modalOver: 0, as: .fullScreenCover]?.level == 1)
        #expect(navigation[modalOver: 0, as: .sheet] == nil)
        #expect(navigation.selectedTab == "")
    }

    @Test("SwiftUI reading a binding is told when the coordinator navigates")
    func notifiesReaders() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let navigation = ObservableNavigation(following: coordinator)
        let stack = try #require(navigation.projection.root?.id)
        let changed = Flag()
        withObservationTracking {
            _ = navigation[path: stack]
        } onChange: {
            changed.raise()
        }
        try coordinator.navigate(.push(scene: "A2"))
        #expect(changed.isRaised)
    }

    @Test("a back swipe written through a key path, as @Bindable does, pops on the coordinator")
    func backSwipeThroughKeyPath() throws {
        let coordinator = try makeCoordinator(
            setup: [.root(scene: "A1"), .push(scene: "A2"), .push(scene: "B1")])
        let recorder = EventRecorder(coordinator)
        let navigation = ObservableNavigation(following: coordinator)
        let stack = try #require(navigation.projection.root?.id)
        let path = \ObservableNavigation.[path: stack]
        navigation[keyPath: path] = [ScreenID(2)]
        #expect(coordinator.tree.scenes == [["A1", "A2"]])
        #expect(recorder.transitions.map(\.isUserInitiated) == [true])
        #expect(navigation[path: stack] == [ScreenID(2)])
        // The Back button's menu, to the root: one report per screen.
        navigation[path: stack] = []
        #expect(coordinator.tree.scenes == [["A1"]])
        #expect(recorder.kinds == [.pop, .pop])
    }

    @Test("a sheet dragged down and a tab tapped are followed by the coordinator")
    func dismissAndSelect() throws {
        let coordinator = try makeCoordinator(setup: [homeAndMore, .present(scene: "B1")])
        let navigation = ObservableNavigation(following: coordinator)
        navigation[keyPath: \.[modalOver: 0, as: .sheet]] = nil
        #expect(coordinator.tree.modalCount == 0)
        navigation[keyPath: \.selectedTab] = "more"
        #expect(coordinator.tree.selectedTab == "more")
        #expect(navigation.selectedTab == "more")
        #expect(navigation.projection == NavigationProjection(coordinator.tree))
    }

    @Test("an echoed write sends nothing and tells no reader")
    func echo() throws {
        let coordinator = try makeCoordinator(setup: [homeAndMore, .push(scene: "A2")])
        let recorder = EventRecorder(coordinator)
        let navigation = ObservableNavigation(following: coordinator)
        let stack = try #require(navigation.projection.tabs.first?.stack)
        let changed = Flag()
        withObservationTracking {
            _ = navigation[path: stack.id]
            _ = navigation.selectedTab
        } onChange: {
            changed.raise()
        }
        navigation[path: stack.id] = stack.path
        navigation.selectedTab = "home"
        navigation[modalOver: 0, as: .sheet] = nil
        #expect(recorder.events.isEmpty)
        #expect(!changed.isRaised)
    }

    @Test("a write the coordinator refuses makes SwiftUI read the unchanged tree again")
    func refusedWrite() throws {
        let coordinator = try makeCoordinator(
            setup: [.root(scene: "A1"), .present(scene: "B1", style: .fullScreenCover)])
        let recorder = EventRecorder(coordinator)
        let navigation = ObservableNavigation(following: coordinator)
        let before = coordinator.tree
        let changed = Flag()
        withObservationTracking {
            _ = navigation[modalOver: 0, as: .fullScreenCover]
        } onChange: {
            changed.raise()
        }
        // `@Environment(\.dismiss)` inside a cover writes nil; the user cannot dismiss a cover.
        navigation[modalOver: 0, as: .fullScreenCover] = nil
        #expect(coordinator.tree == before)
        #expect(
            recorder.failures.map(\.error) == [
                .refused(.notDismissibleByUser(ScreenID(2), style: .fullScreenCover))
            ])
        #expect(changed.isRaised)
        #expect(navigation[modalOver: 0, as: .fullScreenCover] != nil)
    }

    @Test("a write no gesture makes sends nothing and makes SwiftUI read the tree again")
    func ignoredWrite() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .push(scene: "A2")])
        let recorder = EventRecorder(coordinator)
        let navigation = ObservableNavigation(following: coordinator)
        let stack = try #require(navigation.projection.root?.id)
        let changed = Flag()
        withObservationTracking {
            _ = navigation[path: stack]
        } onChange: {
            changed.raise()
        }
        navigation[path: stack] = [ScreenID(2), ScreenID(9)]  // a NavigationLink(value:) push
        #expect(recorder.events.isEmpty)
        #expect(changed.isRaised)
        #expect(navigation[path: stack] == [ScreenID(2)])
    }

    @Test("the app's transitions go through applyChange, with the event; SwiftUI's own do not")
    func applyChange() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let navigation = ObservableNavigation(following: coordinator)
        var seen: [(TransitionEvent.Kind, Bool)] = []
        navigation.applyChange = { event, update in
            seen.append((event.kind, event.animated))
            update()
        }
        try coordinator.navigate(.push(scene: "A2", animated: false))
        try coordinator.navigate(.push(scene: "B1", animated: true))
        #expect(seen.map(\.0) == [.push, .push])
        #expect(seen.map(\.1) == [false, true])
        #expect(navigation.tree == coordinator.tree)
        let stack = try #require(navigation.projection.root?.id)
        navigation[path: stack] = []
        #expect(seen.count == 2)
        #expect(navigation.tree == coordinator.tree)
    }

    @Test("once it stops following, or is released, the coordinator forgets it")
    func lifetime() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .push(scene: "A2")])
        var navigation: ObservableNavigation? = ObservableNavigation(following: coordinator)
        #expect(coordinator.observerCount == 1)
        weak let released = navigation
        navigation = nil
        #expect(released == nil)
        #expect(coordinator.observerCount == 0)

        let stopped = ObservableNavigation(following: coordinator)
        stopped.stopFollowing()
        #expect(coordinator.observerCount == 0)
        let stack = try #require(stopped.projection.root?.id)
        stopped[path: stack] = []
        try coordinator.navigate(.push(scene: "B1"))
        #expect(coordinator.tree.scenes == [["A1", "A2", "B1"]])
        #expect(stopped.projection.path(of: stack) == [ScreenID(2)])
    }
}

/// A flag an observation's `onChange` raises; checked after the change, on the main actor.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false

    func raise() { lock.withLock { raised = true } }
    var isRaised: Bool { lock.withLock { raised } }
}
