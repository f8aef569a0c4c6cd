// The SwiftUI split view of the iOS app on iPad: the features in a sidebar, the selected one's
// stack in the detail column, collapsing into one stack in a compact window.
// docs/integrating-swiftui.md quotes this file; scripts/check-doc-snippets.sh checks each quote.
// iOS only, as the rest of the module.

#if os(iOS)
    public import ArticleApp
    import CoreModule
    import SwiftUI
    import UIKit

    extension ArticleLayout {
        /// What a fresh window shows on this device: a split on iPad and Mac, a tab bar on
        /// iPhone.
        @MainActor public static var forThisDevice: ArticleLayout {
            UIDevice.current.userInterfaceIdiom == .phone ? .tabs : .split
        }
    }

    /// A split root: a `NavigationSplitView` whose sidebar's selection is the detail's first
    /// screen.
    @MainActor
    struct SplitRoot: View {
        @Bindable var navigation: ObservableNavigation
        let session: ArticleSession

        var body: some View {
            NavigationSplitView(
                columnVisibility: $navigation.splitViewVisibility,
                preferredCompactColumn: $navigation.splitViewCompactColumn
            ) {
                // A row tapped is a `showDetail` request; Back in a compact window clears it.
                List(selection: $navigation[selection: .detail]) {
                    ForEach(FeaturesViewController.features, id: \.scene) { feature in
                        Text(feature.title).tag(Optional(Destination(feature.scene)))
                    }
                }
                .navigationTitle("Features")
            } detail: {
                if let detail = navigation.projection.split?.detail, !detail.isEmpty {
                    StackView(navigation: navigation, session: session, stack: detail.id)
                } else {
                    Text("Select a feature")
                }
            }
        }
    }

    extension ObservableNavigation {
        /// `columnVisibility` as SwiftUI's value, for `NavigationSplitView(columnVisibility:)`.
        var splitViewVisibility: NavigationSplitViewVisibility {
            get { columnVisibility.swiftUI }
            set { columnVisibility = ScreenSplit.ColumnVisibility(newValue) }
        }

        /// `preferredCompactColumn` as SwiftUI's value, for `preferredCompactColumn:`.
        var splitViewCompactColumn: NavigationSplitViewColumn {
            get { preferredCompactColumn.swiftUI }
            set { preferredCompactColumn = ScreenSplit.Column(newValue) }
        }
    }

    extension ScreenSplit.ColumnVisibility {
        /// SwiftUI's value of the same name.
        var swiftUI: NavigationSplitViewVisibility {
            switch self {
            case .automatic: .automatic
            case .all: .all
            case .doubleColumn: .doubleColumn
            case .detailOnly: .detailOnly
            }
        }

        /// The value SwiftUI's `visibility` is.
        init(_ visibility: NavigationSplitViewVisibility) {
            self = Self.allCases.first { $0.swiftUI == visibility } ?? .automatic
        }
    }

    extension ScreenSplit.Column {
        /// SwiftUI's column: the sidebar, the content, the detail.
        var swiftUI: NavigationSplitViewColumn {
            switch self {
            case .primary: .sidebar
            case .supplementary: .content
            case .detail: .detail
            }
        }

        /// The column SwiftUI's `column` is.
        init(_ column: NavigationSplitViewColumn) {
            self = Self.allCases.first { $0.swiftUI == column } ?? .primary
        }
    }
#endif
