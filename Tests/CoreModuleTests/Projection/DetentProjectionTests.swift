@_spi(Benchmarks) @_spi(Rules) import CoreModule
import Observation
import Testing

@MainActor
@Suite("SwiftUI projection: a sheet's resting detent and its lock, as bindings")
struct DetentProjectionTests {
    /// A1 #1 with a sheet B1 #2 (m1, s2) at medium and large over it.
    func sheet() throws -> AppCoordinator {
        try makeCoordinator(setup: [
            .root(scene: "A1"), .present(scene: "B1", style: .sheet(detents: [.medium, .large])),
        ])
    }

    @Test("presentationDetents' selection writing another detent is the user's drag")
    func dragWritten() throws {
        let coordinator = try sheet()
        let navigation = ObservableNavigation(following: coordinator)
        let modal = try #require(navigation.projection.modals.first)
        #expect(navigation[detentOf: modal.id] == .medium)

        let recorder = EventRecorder(coordinator)
        let detent = \ObservableNavigation.[detentOf: modal.id]
        navigation[keyPath: detent] = .large
        #expect(recorder.kinds == [.updateModal])
        #expect(recorder.transitions.first?.isUserInitiated == true)
        #expect(navigation[detentOf: modal.id] == .large)
        #expect(
            coordinator.tree.modals[0].style
                == .sheet(detents: [.medium, .large], selected: .large))
        // SwiftUI echoing the value it was given: no report.
        navigation[keyPath: detent] = .large
        #expect(recorder.kinds == [.updateModal])
    }

    @Test("the projection reports a drag of the top-most sheet, and nothing for an echo")
    func reports() throws {
        let coordinator = try sheet()
        let projection = NavigationProjection(coordinator.tree)
        let modal = try #require(projection.modals.first)
        #expect(
            projection.reports(for: .detent(.large, of: modal.id))
                == [.detentChangedByUser(ScreenID(2), to: .large)])
        #expect(projection.reports(for: .detent(.medium, of: modal.id)).isEmpty)
        #expect(projection.shows(.detent(.medium, of: modal.id)))
        // A modal gone: nothing to report.
        #expect(projection.reports(for: .detent(.large, of: ModalID(9))).isEmpty)
        #expect(ObservableNavigation(following: coordinator)[detentOf: ModalID(9)] == .large)
        // A popover has no detent to drag: whatever is written shows as it is.
        try coordinator.navigate(.present(scene: "B2", style: .popover(anchor: "share")))
        let popover = NavigationProjection(coordinator.tree)
        let id = try #require(popover.modals.last?.id)
        #expect(popover.shows(.detent(.large, of: id)))
        #expect(popover.reports(for: .detent(.large, of: id)).isEmpty)
        #expect(
            BindingWrite.detent(.height(230), of: modal.id).description == "detent of m1 = 230pt")
    }

    @Test("a detent the sheet does not offer is refused, and SwiftUI reads the binding again")
    func refusedDrag() throws {
        let coordinator = try sheet()
        let navigation = ObservableNavigation(following: coordinator)
        let modal = try #require(navigation.projection.modals.first)
        let reread = Flag()
        withObservationTracking {
            _ = navigation[detentOf: modal.id]
        } onChange: {
            reread.raise()
        }
        navigation[detentOf: modal.id] = .fraction(0.3)
        #expect(reread.isRaised)
        #expect(navigation[detentOf: modal.id] == .medium)
        #expect(coordinator.tree.modals[0].style == .sheet(detents: [.medium, .large]))
    }

    @Test("a lock that turns on reaches the projected modal, which the host shows locked")
    func lockProjected() throws {
        let coordinator = try sheet()
        let navigation = ObservableNavigation(following: coordinator)
        try coordinator.navigate(.updateModal(interactiveDismissal: false))
        let modal = try #require(navigation.projection.modals.first)
        #expect(!modal.style.userCanDismiss)
        // The swipe SwiftUI would not allow, written anyway, is refused by the coordinator.
        navigation[modalOver: 0, as: .sheet] = nil
        #expect(coordinator.tree.modals.count == 1)
    }
}
