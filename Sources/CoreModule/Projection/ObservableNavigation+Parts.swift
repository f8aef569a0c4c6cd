public import Observation

// The parts of the tree SwiftUI reads, each observed on its own and assigned only when it
// changes: after a transition, SwiftUI re-reads what changed. A push on one tab's stack changes
// that stack's `StackState` alone; the other stacks, the tab bar and the modals are not re-read.

/// One stack's screens, observed by the views that show that stack alone.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
@Observable
@_spi(Benchmarks)
public final class StackState {
    /// The stack's screens, bottom first; empty once the stack left the tree.
    @_spi(Benchmarks)
    public private(set) var screens: [Screen]

    /// A stack's state, holding `screens`.
    ///
    /// - Parameter screens: Its screens, bottom first.
    init(_ screens: [Screen]) {
        self.screens = screens
    }

    /// The stack's first screen: the `NavigationStack`'s root view.
    package var root: ScreenID? { screens.first?.id }

    /// The screens above the first: the `NavigationStack`'s path.
    package var path: [ScreenID] { screens.dropFirst().map(\.id) }

    /// The screen `id` of the stack, if it holds it.
    ///
    /// - Parameter id: The screen's identity.
    package func screen(_ id: ScreenID) -> Screen? {
        screens.first { $0.id == id }
    }

    /// Shows `screens`, telling readers only when they changed.
    func show(_ screens: [Screen]) {
        if screens != self.screens { self.screens = screens }
    }
}

/// What the window's root is, without the screens of its stacks: which container SwiftUI shows.
package enum RootShape: Hashable, Sendable {
    /// An empty window.
    case empty
    /// One stack.
    case stack(StackID)
    /// Tabs, in order, by name and stack.
    case tabs([TabShape])
    /// A split view.
    case split(SplitShape)

    /// The shape of `tree`'s root.
    ///
    /// - Parameter tree: A tree.
    /// - Complexity: O(*s*) in the number of the root's stacks.
    package init(_ tree: ScreenTree) {
        let names = tree.tabNameList
        let columns = tree.splitColumns
        if !names.isEmpty {
            self = .tabs(zip(names, tree.base).map { TabShape(name: $0, stack: $1.id) })
        } else if !columns.isEmpty {
            self = .split(
                SplitShape(
                    columns: zip(columns, tree.base).map { column, record in
                        SplitShape.ColumnShape(
                            column: column, stack: record.id, isEmpty: record.screens.isEmpty,
                            selection: record.screens.first.map {
                                Destination(
                                    $0.scene, parameters: $0.parameters, payload: $0.payload)
                            })
                    }))
        } else if let root = tree.base.first {
            self = .stack(root.id)
        } else {
            self = .empty
        }
    }

    /// The split's shape, when the root is a split.
    package var split: SplitShape? {
        guard case .split(let split) = self else { return nil }
        return split
    }
}

/// One tab: the tag of its view and its stack.
package struct TabShape: Identifiable, Hashable, Sendable {
    /// The tab's name: its view's tag.
    package let name: String
    /// The tab's stack.
    package let stack: StackID

    /// A tab named `name`, of the stack `stack`.
    ///
    /// - Parameters:
    ///   - name: The tab's name.
    ///   - stack: Its stack.
    package init(name: String, stack: StackID) {
        self.name = name
        self.stack = stack
    }

    /// The tab's name.
    package var id: String { name }
}

/// A split root without its columns' screens: what a `NavigationSplitView` needs beside them.
package struct SplitShape: Hashable, Sendable {
    /// One column: its stack, whether it holds a screen, and the selection of the list before it.
    package struct ColumnShape: Hashable, Sendable {
        /// The column.
        package let column: ScreenSplit.Column
        /// Its stack's identity.
        package let stack: StackID
        /// Whether it holds no screen.
        package let isEmpty: Bool
        /// The destination its first screen was built from.
        package let selection: Destination?
    }

    /// The columns: primary, supplementary (three columns), detail.
    package let columns: [ColumnShape]
    /// The column on top when collapsed.
    package let compactColumn: ScreenSplit.Column
    /// The suggested column visibility.
    package let columnVisibility: ScreenSplit.ColumnVisibility

    /// The shape of a split of `columns`.
    ///
    /// - Parameter columns: The columns, leading first: a primary, maybe a supplementary, a
    ///   detail.
    package init(columns: [ColumnShape]) {
        self.columns = columns
        // The last column that holds a screen: the detail's, else the supplementary's, else the
        // primary (which always holds one).
        compactColumn = columns.reduce(.primary) { $1.isEmpty ? $0 : $1.column }
        // The columns the user needs next: all while only the sidebar holds a screen, the list
        // and the detail beside it while a three-column list holds one, else the platform's.
        if columns.last?.isEmpty == false {
            columnVisibility = .automatic
        } else if columns.count == 3, !columns[1].isEmpty {
            columnVisibility = .doubleColumn
        } else {
            columnVisibility = .all
        }
    }

    /// The shape of `split`.
    ///
    /// - Parameter split: A split's projection.
    package init(_ split: NavigationProjection.Split) {
        self.init(
            columns: split.columns.map {
                ColumnShape(
                    column: $0.column, stack: $0.id, isEmpty: $0.isEmpty, selection: $0.selection)
            })
    }

    /// Whether the split has three columns.
    package var hasSupplementary: Bool { columns.contains { $0.column == .supplementary } }

    /// The column `column`, if the split has it.
    ///
    /// - Parameter column: The column.
    package func column(_ column: ScreenSplit.Column) -> ColumnShape? {
        columns.first { $0.column == column }
    }
}

/// An anchor a screen marks: the screen, and the anchor's name.
package struct PopoverAnchorMark: Hashable, Sendable {
    /// The screen that marks it.
    package let screen: ScreenID
    /// The anchor's name.
    package let name: String

    /// The anchor `name` of the screen `screen`.
    ///
    /// - Parameters:
    ///   - screen: The screen that marks it.
    ///   - name: The anchor's name.
    package init(screen: ScreenID, name: String) {
        self.screen = screen
        self.name = name
    }
}
