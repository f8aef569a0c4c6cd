extension ScreenSplit {
    /// A column of a split root, as iPad and Mac show a `UISplitViewController` or a SwiftUI
    /// `NavigationSplitView`.
    public enum Column: String, Hashable, Sendable, CaseIterable, Codable {
        /// The leading column: a sidebar or a list. It always holds a screen.
        case primary
        /// The middle column of a three-column split: what the sidebar selected, such as a list.
        case supplementary
        /// The trailing column: what the list selected. Its stack is its own; it may be empty
        /// (nothing selected yet), and then the app shows a placeholder there.
        case detail
    }
}

extension ScreenSplit {
    /// How many columns a split root has.
    public enum Style: String, Hashable, Sendable, Codable, CustomStringConvertible {
        /// A primary and a detail column.
        case doubleColumn
        /// A primary, a supplementary and a detail column.
        case tripleColumn

        /// The columns of this style, leading first.
        package var columns: [ScreenSplit.Column] {
            self == .doubleColumn ? [.primary, .detail] : [.primary, .supplementary, .detail]
        }

        /// The style's name: `double-column` or `triple-column`.
        public var description: String {
            self == .doubleColumn ? "double-column" : "triple-column"
        }
    }
}

/// A window's horizontal size class, as the platform reports it
/// (``PlatformReport/sizeClassChanged(_:)``).
///
/// In a compact window a split root **collapses**: its columns show as one stack, the primary
/// column's screens first, then the supplementary's, then the detail's. In a regular window it
/// **expands** back: each column shows its own screens again.
public enum SizeClass: String, Hashable, Sendable, Codable {
    /// A narrow window: an iPhone, or an iPad app in a narrow Split View or Slide Over.
    case compact
    /// A wide window: a full-screen iPad app, or a Mac window.
    case regular
}

/// The columns of a split root, read from a ``ScreenTree`` (see ``ScreenTree/split``).
///
/// ```swift
/// let split = try #require(coordinator.tree.split)
/// #expect(split.primary.map(\.scene) == ["Mailboxes"])
/// #expect(split.detail.map(\.scene) == ["Message"])
/// #expect(split.isCollapsed == false)
/// ```
public struct ScreenSplit: Equatable, Sendable {
    /// The primary column's stack: never empty.
    public let primary: ScreenStack
    /// The supplementary column's stack, for a three-column split; `nil` for two columns.
    public let supplementary: ScreenStack?
    /// The detail column's stack; empty when nothing is selected.
    public let detail: ScreenStack
    /// Whether the columns show as one stack, the window being compact.
    public let isCollapsed: Bool

    /// How many columns the split has (``supplementary`` is `nil` for two).
    package var style: ScreenSplit.Style { supplementary == nil ? .doubleColumn : .tripleColumn }

    /// The columns' stacks, leading first.
    public var columns: [ScreenStack] { [primary] + (supplementary.map { [$0] } ?? []) + [detail] }

    /// The stack the user sees when the split is collapsed: every column's screens, the
    /// primary's first.
    public var collapsedScreens: [Screen] { columns.flatMap { Array($0) } }
}
