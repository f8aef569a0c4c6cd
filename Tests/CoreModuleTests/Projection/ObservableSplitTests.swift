@_spi(Benchmarks) @_spi(Rules) import CoreModule
import Foundation
import Observation
import Testing

/// `ObservableNavigation`'s bindings for a `NavigationSplitView`, written as SwiftUI writes them.
@MainActor
@Suite("Observable navigation: a NavigationSplitView's bindings over a coordinator")
struct ObservableSplitTests {
    @Test("a row tapped in the list is a showDetail request, the detail's old screens leaving")
    func selectionShowsDetail() throws {
        let coordinator = try makeCoordinator(setup: SplitProjectionTests.twoColumns)
        let recorder = EventRecorder(coordinator)
        let navigation = ObservableNavigation(following: coordinator)
        let detail = try #require(navigation.projection.split?.detail.id)
        #expect(navigation[selection: .detail] == "B1")
        navigation[keyPath: \.[selection: .detail]] = Destination("A2", parameters: ["id": "9"])
        #expect(recorder.kinds == [.showDetail])
        #expect(recorder.transitions.map(\.isUserInitiated) == [false])
        let split = try #require(coordinator.tree.split)
        #expect(split.detail.map(\.scene) == ["A2"] && split.detail.id == detail)
        #expect(split.detail[0].parameters == ["id": "9"])
        #expect(navigation[selection: .detail] == Destination("A2", parameters: ["id": "9"]))
        #expect(navigation[path: detail].isEmpty)
        #expect(navigation.projection == NavigationProjection(coordinator.tree))
        // The same row again: an echo.
        navigation[selection: .detail] = Destination("A2", parameters: ["id": "9"])
        #expect(recorder.events.count == 1)
    }

    @Test("three columns: the sidebar's selection fills the list and empties the detail")
    func selectionShowsSupplementary() throws {
        let coordinator = try makeCoordinator(setup: SplitProjectionTests.threeColumns)
        let navigation = ObservableNavigation(following: coordinator)
        navigation[selection: .supplementary] = "B2"
        #expect(coordinator.tree.split?.supplementary?.map(\.scene) == ["B2"])
        #expect(coordinator.tree.split?.detail.isEmpty == true)
        #expect(navigation[selection: .detail] == nil)
        #expect(navigation.preferredCompactColumn == .supplementary)
        navigation[selection: .detail] = "A1"
        #expect(coordinator.tree.split?.detail.map(\.scene) == ["A1"])
        #expect(navigation.preferredCompactColumn == .detail)
    }

    @Test("a back swipe in the detail's NavigationStack is a report, as in any stack")
    func detailPathPopped() throws {
        let coordinator = try makeCoordinator(setup: SplitProjectionTests.twoColumns)
        let recorder = EventRecorder(coordinator)
        let navigation = ObservableNavigation(following: coordinator)
        let detail = try #require(navigation.projection.split?.detail)
        #expect(navigation[path: detail.id] == [ScreenID(3)])
        navigation[path: detail.id] = []
        #expect(recorder.kinds == [.pop])
        #expect(recorder.transitions.map(\.isUserInitiated) == [true])
        #expect(coordinator.tree.split?.detail.map(\.scene) == ["B1"])
        #expect(navigation[selection: .detail] == "B1")
    }

    @Test("the size class from the environment collapses and expands the split")
    func sizeClass() throws {
        let coordinator = try makeCoordinator(setup: SplitProjectionTests.twoColumns)
        let recorder = EventRecorder(coordinator)
        let navigation = ObservableNavigation(following: coordinator)
        #expect(navigation.horizontalSizeClass == .regular)
        navigation.horizontalSizeClass = .compact
        #expect(recorder.kinds == [.sizeClass])
        #expect(coordinator.tree.horizontalSizeClass == .compact)
        #expect(navigation.projection.split?.isCollapsed == true)
        navigation.horizontalSizeClass = .compact  // an echo
        #expect(recorder.events.count == 1)
        navigation.horizontalSizeClass = .regular
        #expect(navigation.projection.split?.isCollapsed == false)
        #expect(recorder.kinds == [.sizeClass, .sizeClass])
    }

    @Test("collapsed, Back from the detail's first screen clears the selection: a report")
    func compactBackClearsSelection() throws {
        let coordinator = try makeCoordinator(setup: SplitProjectionTests.twoColumns)
        let navigation = ObservableNavigation(following: coordinator)
        navigation.horizontalSizeClass = .compact
        let recorder = EventRecorder(coordinator)
        let detail = try #require(navigation.projection.split?.detail.id)
        // SwiftUI pops the detail's path first, then clears the selection.
        navigation[path: detail] = []
        navigation[selection: .detail] = nil
        #expect(recorder.kinds == [.pop, .pop])
        #expect(recorder.transitions.map(\.isUserInitiated) == [true, true])
        #expect(coordinator.tree.split?.detail.isEmpty == true)
        #expect(navigation.preferredCompactColumn == .primary)
        // SwiftUI's write of the compact column after it is an echo.
        navigation.preferredCompactColumn = .primary
        #expect(recorder.events.count == 2)
        // A tap in the list pushes a new detail over it.
        navigation[selection: .detail] = "B2"
        #expect(coordinator.tree.visibleScreen?.scene == "B2")
        #expect(navigation.preferredCompactColumn == .detail)
    }

    @Test("collapsed, Back to an earlier column written as the compact column pops to it")
    func compactColumnBack() throws {
        let coordinator = try makeCoordinator(setup: SplitProjectionTests.threeColumns)
        let navigation = ObservableNavigation(following: coordinator)
        navigation.horizontalSizeClass = .compact
        let recorder = EventRecorder(coordinator)
        navigation.preferredCompactColumn = .supplementary
        #expect(recorder.kinds == [.popTo])
        #expect(coordinator.tree.split?.detail.isEmpty == true)
        #expect(coordinator.tree.visibleScreen?.scene == "A2")
        navigation[keyPath: \.preferredCompactColumn] = .primary
        #expect(recorder.kinds == [.popTo, .pop])
        #expect(coordinator.tree.split?.collapsedScreens.map(\.scene) == ["A1"])
    }

    @Test("refused writes change nothing, and SwiftUI reads the bindings again")
    func refusedWrites() throws {
        let coordinator = try makeCoordinator(setup: SplitProjectionTests.twoColumns)
        let navigation = ObservableNavigation(following: coordinator)
        let before = coordinator.tree
        let recorder = EventRecorder(coordinator)
        // A guard keeps the detail's screen: the selection is refused, the row snaps back.
        let kept = try #require(before.split?.detail.last?.id)
        coordinator.addGuard(
            NavigationGuard("unsaved") { attempt in
                attempt.leaving == kept ? .reject(reason: "unsaved changes") : .allow
            })
        let changed = Flag()
        withObservationTracking {
            _ = navigation[selection: .detail]
        } onChange: {
            changed.raise()
        }
        navigation[selection: .detail] = "A2"
        #expect(coordinator.tree == before)
        #expect(recorder.transitions.isEmpty)
        #expect(recorder.failures.map(\.error.code) == ["rejected-by-guard"])
        #expect(changed.isRaised)
        #expect(navigation[selection: .detail] == "B1")

        // An unknown scene: the builder cannot make it.
        navigation[selection: .detail] = "Nope"
        #expect(coordinator.tree == before)
        #expect(recorder.failures.map(\.error.code) == ["rejected-by-guard", "unknown-scene"])

        // Expanded, clearing the selection or an earlier compact column asks for nothing.
        let resynced = Flag()
        withObservationTracking {
            _ = navigation[selection: .detail]
            _ = navigation.preferredCompactColumn
        } onChange: {
            resynced.raise()
        }
        navigation[selection: .detail] = nil
        navigation.preferredCompactColumn = .primary
        // A selection for a column a two-column split does not have.
        navigation[selection: .supplementary] = "A2"
        #expect(coordinator.tree == before)
        #expect(recorder.events.count == 2)
        #expect(resynced.isRaised)
        #expect(navigation[selection: .detail] == "B1")
    }

    @Test("collapsed under a sheet, Back in the split is refused: the sheet covers it")
    func coveredBackRefused() throws {
        let coordinator = try makeCoordinator(setup: SplitProjectionTests.twoColumns)
        try coordinator.report(.sizeClassChanged(.compact))
        try coordinator.navigate(.present(scene: "A2"))
        let navigation = ObservableNavigation(following: coordinator)
        let before = coordinator.tree
        let recorder = EventRecorder(coordinator)
        navigation[selection: .detail] = nil
        #expect(coordinator.tree == before)
        #expect(recorder.failures.map(\.error.code) == ["reported-screen-not-on-top"])
        // The size class of an empty window: the coordinator refuses it.
        let empty = ObservableNavigation(following: try makeCoordinator())
        empty.horizontalSizeClass = .compact
        #expect(empty.horizontalSizeClass == .regular)
    }

    @Test("the column visibility: the suggested one, the user's until the suggestion changes")
    func columnVisibility() throws {
        let coordinator = try makeCoordinator(setup: [.split(primary: "A1", style: .tripleColumn)])
        let recorder = EventRecorder(coordinator)
        let navigation = ObservableNavigation(following: coordinator)
        #expect(navigation.columnVisibility == .all)
        // The sidebar button: layout only, no report, the tree as it was.
        let before = coordinator.tree
        navigation.columnVisibility = .detailOnly
        #expect(navigation.columnVisibility == .detailOnly)
        #expect(coordinator.tree == before && recorder.events.isEmpty)
        // A selection changes the suggestion, which the visibility follows again.
        navigation[selection: .supplementary] = "A2"
        #expect(navigation.columnVisibility == .doubleColumn)
        navigation.columnVisibility = .all
        navigation[selection: .detail] = "B1"
        #expect(navigation.columnVisibility == .automatic)
        // A push changes no suggestion: the user's choice stays.
        navigation.columnVisibility = .detailOnly
        try coordinator.navigate(.push(scene: "B2"))
        #expect(navigation.columnVisibility == .detailOnly)
        try coordinator.navigate(.root(scene: "A1"))
        #expect(navigation.columnVisibility == .automatic)
    }

    @Test("without a split root, the compact column is the primary and no column is selected")
    func noSplit() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let navigation = ObservableNavigation(following: coordinator)
        #expect(navigation.preferredCompactColumn == .primary)
        #expect(navigation[selection: .detail] == nil)
        #expect(navigation.projection.split == nil)
    }
}
