@_spi(Rules) import CoreModule
import Foundation
import Testing

/// The projection of split roots, and what SwiftUI's `NavigationSplitView` writes back.
@MainActor
@Suite("SwiftUI projection of a split root: columns, selections, the compact stack")
struct SplitProjectionTests {
    /// A two-column split: A1 in the primary column, B1 › B2 in the detail.
    static let twoColumns: [ApplicationTransitionType] = [
        .split(primary: "A1", detail: "B1"), .push(scene: "B2"),
    ]
    /// A three-column split: A1, A2, then B1 (id=4) › B2 in the detail.
    static let threeColumns: [ApplicationTransitionType] = [
        .split(
            primary: "A1", supplementary: "A2", detail: Destination("B1", parameters: ["id": "4"])),
        .push(scene: "B2"),
    ]

    // MARK: Shapes

    @Test("two columns: each column a stack, the detail's first screen its selection")
    func twoColumnShape() throws {
        let coordinator = try makeCoordinator(setup: Self.twoColumns)
        let tree = coordinator.tree
        let projection = NavigationProjection(tree)
        let split = try #require(projection.split)
        let columns = try #require(tree.split)
        #expect(projection.root == nil && projection.tabs.isEmpty && projection.selectedTab == nil)
        #expect(split.style == .doubleColumn)
        #expect(split.supplementary == nil && split.column(.supplementary) == nil)
        #expect(split.primary.id == columns.primary.id && split.primary.column == .primary)
        #expect(split.primary.root == ScreenID(1) && split.primary.path.isEmpty)
        #expect(split.primary.selection == "A1")
        #expect(split.detail.id == columns.detail.id && split.detail.column == .detail)
        #expect(split.detail.root == ScreenID(2) && split.detail.path == [ScreenID(3)])
        #expect(split.detail.selection == "B1")
        #expect(split.columns.map(\.column) == [.primary, .detail])
        #expect(projection.stacks.map(\.id) == [columns.primary.id, columns.detail.id])
        #expect(projection.stack(columns.detail.id) == split.detail.stack)
        #expect(split.isCollapsed == false && projection.horizontalSizeClass == .regular)
        #expect(split.compactColumn == .detail)
        #expect(split.columnVisibility == .automatic)
    }

    @Test("three columns: the supplementary's selection too, parameters and payload included")
    func threeColumnShape() throws {
        let coordinator = try makeCoordinator(setup: Self.threeColumns)
        let split = try #require(NavigationProjection(coordinator.tree).split)
        #expect(split.style == .tripleColumn)
        #expect(split.columns.map(\.column) == [.primary, .supplementary, .detail])
        #expect(split.supplementary?.selection == "A2")
        #expect(split.column(.supplementary)?.root == ScreenID(2))
        #expect(split.detail.selection == Destination("B1", parameters: ["id": "4"]))
        #expect(split.detail.path == [ScreenID(4)])

        // A selection built with a payload is that destination, payload included.
        let payload = ScenePayload(42)
        try coordinator.navigate(.showDetail(Destination("B2", payload: payload)))
        let detail = try #require(NavigationProjection(coordinator.tree).split?.detail)
        #expect(detail.selection == Destination("B2", payload: payload))
        #expect(detail.selection != Destination("B2", payload: ScenePayload(43)))
    }

    @Test("empty columns have no stack; the visibility shows the columns the user picks from")
    func emptyColumns() throws {
        let two = try makeCoordinator(setup: [.split(primary: "A1")])
        let bare = try #require(NavigationProjection(two.tree).split)
        #expect(bare.detail.isEmpty && bare.detail.root == nil && bare.detail.path.isEmpty)
        #expect(bare.detail.selection == nil && bare.detail.stack == nil)
        #expect(bare.detail.id == two.tree.split?.detail.id)
        #expect(NavigationProjection(two.tree).stacks.map(\.id) == [bare.primary.id])
        #expect(bare.compactColumn == .primary)
        #expect(bare.columnVisibility == .all)

        let three = try makeCoordinator(setup: [.split(primary: "A1", style: .tripleColumn)])
        let empty = try #require(NavigationProjection(three.tree).split)
        #expect(empty.supplementary?.isEmpty == true && empty.detail.isEmpty)
        #expect(empty.columnVisibility == .all && empty.compactColumn == .primary)
        try three.navigate(.showSupplementary("A2"))
        let listed = try #require(NavigationProjection(three.tree).split)
        #expect(listed.columnVisibility == .doubleColumn && listed.compactColumn == .supplementary)
        try three.navigate(.showDetail("B1"))
        let shown = try #require(NavigationProjection(three.tree).split)
        #expect(shown.columnVisibility == .automatic && shown.compactColumn == .detail)
        // A detail shown with the supplementary column empty.
        let skipped = try makeCoordinator(setup: [
            .split(primary: "A1", style: .tripleColumn), .showDetail("B1"),
        ])
        let gap = try #require(NavigationProjection(skipped.tree).split)
        #expect(gap.supplementary?.isEmpty == true && gap.compactColumn == .detail)
    }

    @Test("a compact window collapses the split; modals over it are projected as over any root")
    func collapsedAndModals() throws {
        let coordinator = try makeCoordinator(setup: Self.twoColumns)
        let expanded = try #require(NavigationProjection(coordinator.tree).split)
        try coordinator.report(.sizeClassChanged(.compact))
        let projection = NavigationProjection(coordinator.tree)
        let collapsed = try #require(projection.split)
        #expect(collapsed.isCollapsed && projection.horizontalSizeClass == .compact)
        #expect(collapsed.columns.map(\.stack) == expanded.columns.map(\.stack))
        try coordinator.navigate(.present(scene: "A2", style: .sheet()))
        let covered = NavigationProjection(coordinator.tree)
        #expect(covered.split?.detail == expanded.detail)
        let sheet = try #require(covered.modal(over: 0, as: .sheet))
        #expect(covered.stacks.last?.id == sheet.stack)
        // Another root: no split, the size class stays the window's.
        try coordinator.navigate(.root(scene: "A1"))
        let stack = NavigationProjection(coordinator.tree)
        #expect(stack.split == nil && stack.root != nil && stack.horizontalSizeClass == .compact)
    }

    // MARK: What each write asks for

    @Test("a new selection is a request; the same one an echo; none for other roots")
    func selectionRequests() throws {
        let coordinator = try makeCoordinator(setup: Self.threeColumns)
        let projection = NavigationProjection(coordinator.tree)
        let detail = BindingWrite.selection("A1", column: .detail)
        #expect(projection.request(for: detail) == .showDetail("A1"))
        #expect(projection.reports(for: detail).isEmpty && !projection.shows(detail))
        let list = BindingWrite.selection("B2", column: .supplementary)
        #expect(projection.request(for: list) == .showSupplementary("B2"))
        let same = BindingWrite.selection(
            Destination("B1", parameters: ["id": "4"]), column: .detail)
        #expect(projection.shows(same) && projection.request(for: same) == nil)
        #expect(projection.reports(for: same).isEmpty)
        #expect(projection.request(for: .selection("B1", column: .primary)) == nil)
        // Expanded, clearing a selection leaves nothing: no report, no request.
        let cleared = BindingWrite.selection(nil, column: .detail)
        #expect(projection.reports(for: cleared).isEmpty && projection.request(for: cleared) == nil)
        // Only selections ask for requests.
        #expect(projection.request(for: .sizeClass(.compact)) == nil)
        #expect(projection.request(for: .compactColumn(.primary)) == nil)

        let two = NavigationProjection(try makeCoordinator(setup: Self.twoColumns).tree)
        #expect(two.request(for: .selection("A2", column: .supplementary)) == nil)
        let stack = NavigationProjection(try makeCoordinator(setup: [.root(scene: "A1")]).tree)
        #expect(stack.request(for: .selection("A2", column: .detail)) == nil)
        #expect(stack.shows(.selection(nil, column: .detail)))
        #expect(stack.shows(.compactColumn(.primary)))
    }

    @Test("collapsed, Back clears a selection or moves the compact column: a report")
    func compactBackReports() throws {
        let coordinator = try makeCoordinator(setup: Self.threeColumns)
        let expanded = NavigationProjection(coordinator.tree)
        #expect(expanded.reports(for: .compactColumn(.primary)).isEmpty)
        try coordinator.report(.sizeClassChanged(.compact))
        let projection = NavigationProjection(coordinator.tree)
        let split = try #require(projection.split)
        let list = try #require(split.supplementary?.root)
        let sidebar = try #require(split.primary.root)
        #expect(
            projection.reports(for: .selection(nil, column: .detail)) == [
                .poppedBackByUser(to: list)
            ])
        #expect(
            projection.reports(for: .selection(nil, column: .supplementary)) == [
                .poppedBackByUser(to: sidebar)
            ])
        #expect(projection.reports(for: .selection(nil, column: .primary)).isEmpty)
        #expect(
            projection.reports(for: .compactColumn(.supplementary)) == [
                .poppedBackByUser(to: list)
            ])
        #expect(
            projection.reports(for: .compactColumn(.primary)) == [.poppedBackByUser(to: sidebar)])
        // The column on top is an echo; a later one is no gesture.
        #expect(projection.shows(.compactColumn(.detail)))
        #expect(projection.reports(for: .compactColumn(.detail)).isEmpty)
        try coordinator.report(.poppedBackByUser(to: sidebar))
        let back = NavigationProjection(coordinator.tree)
        #expect(back.reports(for: .compactColumn(.detail)).isEmpty)
        #expect(!back.shows(.compactColumn(.detail)))
    }

    @Test("collapsed with an empty column between: Back lands on the nearest screen before it")
    func backOverAnEmptyColumn() throws {
        let coordinator = try makeCoordinator(setup: [
            .split(primary: "A1", style: .tripleColumn), .showDetail("B1"),
        ])
        try coordinator.report(.sizeClassChanged(.compact))
        let projection = NavigationProjection(coordinator.tree)
        let sidebar = try #require(projection.split?.primary.root)
        #expect(
            projection.reports(for: .compactColumn(.supplementary)) == [
                .poppedBackByUser(to: sidebar)
            ])
        #expect(
            projection.reports(for: .selection(nil, column: .detail)) == [
                .poppedBackByUser(to: sidebar)
            ])
        // Two columns have no supplementary column to go back to.
        let two = try makeCoordinator(setup: Self.twoColumns)
        try two.report(.sizeClassChanged(.compact))
        #expect(NavigationProjection(two.tree).reports(for: .compactColumn(.supplementary)).isEmpty)
    }

    @Test("the size class is a report; the same one an echo; an empty column's path is empty")
    func sizeClassAndPaths() throws {
        let coordinator = try makeCoordinator(setup: [.split(primary: "A1")])
        let projection = NavigationProjection(coordinator.tree)
        #expect(projection.reports(for: .sizeClass(.compact)) == [.sizeClassChanged(.compact)])
        #expect(projection.shows(.sizeClass(.regular)))
        #expect(projection.reports(for: .sizeClass(.regular)).isEmpty)
        let detail = try #require(projection.split?.detail.id)
        #expect(projection.shows(.path([], of: detail)))
        #expect(!projection.shows(.path([ScreenID(1)], of: detail)))
        #expect(projection.reports(for: .path([ScreenID(1)], of: detail)).isEmpty)
        #expect(
            BindingWrite.selection("B1", column: .detail).description == "detail selection = \"B1\""
        )
        #expect(
            BindingWrite.selection(nil, column: .detail).description == "detail selection = nil")
        #expect(BindingWrite.compactColumn(.primary).description == "compact column = primary")
        #expect(BindingWrite.sizeClass(.compact).description == "size class = compact")
        #expect(ScreenSplit.ColumnVisibility.doubleColumn.description == "doubleColumn")
    }
}
