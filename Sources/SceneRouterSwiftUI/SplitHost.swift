// The split root of the SwiftUI host: a NavigationSplitView of two or three columns, each the
// stack of a column of the tree, with the column visibility and the compact column bound to the
// projection.

#if canImport(SwiftUI)
    @_spi(Benchmarks) import CoreModule
    import SwiftUI

    /// A split root: each column shows its stack, or the app's empty-column view.
    @available(iOS 17.0, macOS 14.0, *)
    @MainActor
    struct SplitHost<ScreenView: View>: View {
        let views: HostViews<ScreenView>
        /// The split, without its columns' screens.
        let split: SplitShape

        var body: some View {
            @Bindable var navigation = views.navigation
            let visibility = Binding(
                get: { navigation.columnVisibility.swiftUI },
                set: { navigation.columnVisibility = ScreenSplit.ColumnVisibility($0) })
            let compactColumn = Binding(
                get: { navigation.preferredCompactColumn.swiftUI },
                set: { navigation.preferredCompactColumn = ScreenSplit.Column($0) })
            if split.hasSupplementary {
                NavigationSplitView(
                    columnVisibility: visibility, preferredCompactColumn: compactColumn
                ) {
                    column(.primary)
                } content: {
                    column(.supplementary)
                } detail: {
                    column(.detail)
                }
            } else {
                NavigationSplitView(
                    columnVisibility: visibility, preferredCompactColumn: compactColumn
                ) {
                    column(.primary)
                } detail: {
                    column(.detail)
                }
            }
        }

        /// The column's stack, or what an empty column shows.
        @ViewBuilder
        private func column(_ column: ScreenSplit.Column) -> some View {
            if let shape = split.column(column), !shape.isEmpty {
                StackHost(views: views, stack: shape.stack)
            } else {
                views.emptyColumn(column)
            }
        }
    }

    extension ScreenSplit.ColumnVisibility {
        /// SwiftUI's value of the same name.
        @available(iOS 17.0, macOS 14.0, *)
        var swiftUI: NavigationSplitViewVisibility {
            switch self {
            case .automatic: .automatic
            case .all: .all
            case .doubleColumn: .doubleColumn
            case .detailOnly: .detailOnly
            }
        }

        /// The value SwiftUI's `visibility` is.
        @available(iOS 17.0, macOS 14.0, *)
        init(_ visibility: NavigationSplitViewVisibility) {
            self = Self.allCases.first { $0.swiftUI == visibility } ?? .automatic
        }
    }

    extension ScreenSplit.Column {
        /// SwiftUI's column: the sidebar, the content, the detail.
        @available(iOS 17.0, macOS 14.0, *)
        var swiftUI: NavigationSplitViewColumn {
            switch self {
            case .primary: .sidebar
            case .supplementary: .content
            case .detail: .detail
            }
        }

        /// The column SwiftUI's `column` is.
        @available(iOS 17.0, macOS 14.0, *)
        init(_ column: NavigationSplitViewColumn) {
            self = Self.allCases.first { $0.swiftUI == column } ?? .primary
        }
    }
#endif
