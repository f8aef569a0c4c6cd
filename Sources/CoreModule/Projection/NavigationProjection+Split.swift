extension NavigationProjection {
    /// One column of a split root, as a `NavigationSplitView` shows it: a `NavigationStack` whose
    /// root view is the column's first screen, and the path above it.
    ///
    /// The first screen of the supplementary or the detail column is what the column before it
    /// **selected**: the value of that column's `List(selection:)` is ``selection``, the
    /// destination the screen was built from. A column with nothing selected is empty: its
    /// ``root`` and ``selection`` are `nil`, and the app shows a placeholder there.
    package struct Column: Identifiable, Hashable, Sendable {
        /// The column's stack identity, stable while screens are pushed, popped and selected in
        /// it: give it to the column's `NavigationStack` as its identity, and to
        /// ``ObservableNavigation/subscript(path:)`` for its path.
        package let id: StackID
        /// Which column this is.
        package let column: ScreenSplit.Column
        /// The column's first screen, the root view of its `NavigationStack`; `nil` when the
        /// column is empty.
        package let root: ScreenID?
        /// The screens above the first, bottom first: the column's `NavigationStack` path.
        package let path: [ScreenID]
        /// The first screen as the destination it was built from: its scene, parameters and
        /// payload.
        ///
        /// It is the selection of the list that fills this column, `nil` when the column is
        /// empty. Tag each row of that list with the `Destination` it selects.
        package let selection: Destination?

        /// Creates a column from its screens, bottom first.
        ///
        /// - Parameters:
        ///   - id: The column's stack identity.
        ///   - column: Which column it is.
        ///   - screens: Its screens, bottom first; empty when nothing is selected there.
        package init(id: StackID, column: ScreenSplit.Column, screens: [Screen]) {
            self.id = id
            self.column = column
            root = screens.first?.id
            path = screens.dropFirst().map(\.id)
            selection = screens.first.map {
                Destination($0.scene, parameters: $0.parameters, payload: $0.payload)
            }
        }

        /// Whether nothing is selected in the column: it holds no screen.
        package var isEmpty: Bool { root == nil }

        /// The column as a stack, or `nil` when it is empty.
        package var stack: Stack? { root.map { Stack(id: id, root: $0, path: path) } }

        /// Every screen of the column, bottom first.
        package var screens: [ScreenID] { (root.map { [$0] } ?? []) + path }
    }

    /// A split root, as a `NavigationSplitView` shows it: its columns, whether the window is
    /// compact, and the state of its `columnVisibility` and `preferredCompactColumn` bindings.
    ///
    /// In a regular-width window each column shows its own `NavigationStack`; in a compact one
    /// SwiftUI collapses them into one stack: the primary column is its root, a selection pushes
    /// the selected column's screens over it, and Back from a column's first screen clears the
    /// selection that showed it.
    package struct Split: Hashable, Sendable {
        /// The primary column (the sidebar): it always holds a screen.
        package let primary: Column
        /// The supplementary column of a three-column split (the `content:` of a
        /// `NavigationSplitView`); `nil` for two columns.
        package let supplementary: Column?
        /// The detail column: what the last list selected, and the screens pushed above it.
        package let detail: Column
        /// Whether the window is compact, so that the columns show as one stack.
        package let isCollapsed: Bool

        /// Creates the projection of a split's columns.
        ///
        /// - Parameters:
        ///   - columns: The columns, leading first: a primary, maybe a supplementary, a detail.
        ///   - isCollapsed: Whether the columns show as one stack.
        package init(columns: [Column], isCollapsed: Bool) {
            primary = columns[0]
            supplementary = columns.count == 3 ? columns[1] : nil
            detail = columns[columns.count - 1]
            self.isCollapsed = isCollapsed
        }

        /// How many columns the split has: whether to use the `NavigationSplitView` with a
        /// `content:` column.
        package var style: ScreenSplit.Style {
            supplementary == nil ? .doubleColumn : .tripleColumn
        }

        /// The columns, leading first.
        package var columns: [Column] { [primary] + (supplementary.map { [$0] } ?? []) + [detail] }

        /// The column `column`, if the split has it (a two-column split has no supplementary).
        ///
        /// - Parameter column: The column asked for.
        package func column(_ column: ScreenSplit.Column) -> Column? {
            switch column {
            case .primary: return primary
            case .supplementary: return supplementary
            case .detail: return detail
            }
        }

        /// The column on top when the split is collapsed, the value of `NavigationSplitView`'s
        /// `preferredCompactColumn`: the last column that holds a screen (the detail's, else
        /// the supplementary's, else the primary).
        package var compactColumn: ScreenSplit.Column { SplitShape(self).compactColumn }

        /// The column visibility the app should give the `NavigationSplitView` in a regular-width
        /// window: the columns the user needs next.
        ///
        /// - `all` while nothing is selected but in the primary column (nothing to read yet:
        ///   the sidebar is where the user starts);
        /// - `doubleColumn` in three columns when the supplementary column holds a screen and
        ///   the detail does not (the list to pick from, and the detail beside it);
        /// - `automatic` once the detail holds a screen: the platform's own layout for what the
        ///   user reads.
        ///
        /// ``ObservableNavigation/columnVisibility`` starts from this value and follows it when
        /// it changes; the user's own changes (the sidebar button) stay until then.
        package var columnVisibility: ScreenSplit.ColumnVisibility {
            SplitShape(self).columnVisibility
        }

        /// The last screen of the nearest column before `column` that holds one: where a Back
        /// from `column`'s first screen goes in the collapsed stack.
        ///
        /// - Parameter column: The column the user leaves.
        package func lastScreen(before column: ScreenSplit.Column) -> ScreenID? {
            columns.filter { $0.column.position < column.position }.last { !$0.isEmpty }?.screens
                .last
        }
    }
}

extension ScreenSplit {
    /// Which columns of a split a `NavigationSplitView` shows in a regular-width window: the values
    /// of SwiftUI's `NavigationSplitViewVisibility`, for its `columnVisibility` binding.
    ///
    /// On Apple platforms, the app maps each to SwiftUI's value of the same name (see
    /// ``NavigationProjection/Split/columnVisibility``). A compact window shows one column whatever
    /// the value.
    package enum ColumnVisibility: String, Hashable, Sendable, CaseIterable,
        CustomStringConvertible
    {
        /// The platform's default for the window's width (`.automatic`).
        case automatic
        /// Every column (`.all`).
        case all
        /// The detail and the column before it: the supplementary of three columns, the primary
        /// of two (`.doubleColumn`).
        case doubleColumn
        /// The detail alone (`.detailOnly`).
        case detailOnly

        /// The value's name, as SwiftUI spells it: `automatic`, `all`, `doubleColumn`, `detailOnly`.
        package var description: String { rawValue }
    }
}

extension ScreenSplit.Column {
    /// The column's place, leading first: 0 for the primary, 1 for the supplementary, 2 for
    /// the detail.
    var position: Int {
        switch self {
        case .primary: return 0
        case .supplementary: return 1
        case .detail: return 2
        }
    }
}
