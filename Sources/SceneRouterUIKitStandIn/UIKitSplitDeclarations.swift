// The part of UIKit's column-style split view controller that SceneRouterUIKit uses, declared
// with UIKit's own names (see UIKitDeclarations.swift for what the stand-in is). Linux only.
//
// What it follows, besides the pages each member names: the comments of UIKit's
// UISplitViewController.h (iPhoneOS 17 SDK) on `UISplitViewControllerColumnCompact` (a view
// controller set for it is shown when collapsed, instead of the columns' view controllers
// stacked) and on `-showColumn:` / `-hideColumn:` in a collapsed split.

#if os(Linux)

    /// A container that shows its view controllers side by side in columns, or one over the
    /// other in a compact window.
    ///
    /// Mirrors the column-style `UISplitViewController`
    /// (https://developer.apple.com/documentation/uikit/uisplitviewcontroller), iOS 14 and
    /// later: `init(style:)`, `style`, `setViewController(_:for:)`, `viewController(for:)`,
    /// `isCollapsed`, `show(_:)`, `hide(_:)`, `delegate`.
    ///
    /// It collapses when its window becomes compact (a test calls
    /// ``UIKitStandInTesting/simulateSizeClass(compact:)``), or when it becomes the root of a
    /// compact window; it expands when the window becomes regular. Collapsing, it asks its
    /// delegate for the top column (proposing `.secondary`, as UIKit shows the secondary column
    /// by default), then:
    ///
    /// - with a view controller in the `.compact` column, shows that one instead of the columns;
    /// - else stacks the columns on the primary column's navigation controller, as UIKit does:
    ///   the navigation controllers of the supplementary and secondary columns, up to the top
    ///   column, are pushed onto the primary's stack (they stay the columns' view controllers).
    ///   A back swipe from the first screen of a stacked column pops that column's navigation
    ///   controller off the primary's; its own stack is kept, for when the split expands.
    ///
    /// Expanding, it asks the delegate for the display mode (proposing `.automatic`), takes the
    /// stacked navigation controllers back to their columns, and tells the delegate. Display
    /// modes are not modelled: in an expanded split `show(_:)` and `hide(_:)` do nothing here.
    /// A view controller that is not a navigation controller is not wrapped in one, as UIKit
    /// does for the columns but `.compact`: the adapter gives navigation controllers only.
    @MainActor
    open class UISplitViewController: UIViewController {
        /// How many columns the split view controller shows
        /// (https://developer.apple.com/documentation/uikit/uisplitviewcontroller/style).
        public enum Style: Int, Sendable {
            /// The classic interface, without columns.
            case unspecified
            /// A primary and a secondary column.
            case doubleColumn
            /// A primary, a supplementary and a secondary column.
            case tripleColumn
        }

        /// A column of the split view controller
        /// (https://developer.apple.com/documentation/uikit/uisplitviewcontroller/column).
        public enum Column: Int, Sendable {
            /// The leading column.
            case primary
            /// The middle column of a triple-column split.
            case supplementary
            /// The trailing column.
            case secondary
            /// The view controller shown instead of the columns when collapsed.
            case compact
        }

        /// How the columns of an expanded split are laid out
        /// (https://developer.apple.com/documentation/uikit/uisplitviewcontroller/displaymode-swift.enum).
        ///
        /// Only named here: the stand-in lays nothing out.
        public enum DisplayMode: Int, Sendable {
            /// The system's choice.
            case automatic
            /// Only the secondary column.
            case secondaryOnly
            /// One column beside the secondary.
            case oneBesideSecondary
            /// One column over the secondary.
            case oneOverSecondary
            /// Two columns beside the secondary.
            case twoBesideSecondary
            /// Two columns over the secondary.
            case twoOverSecondary
            /// Two columns displacing the secondary.
            case twoDisplaceSecondary
        }

        /// The split's style, set when it is made.
        public let style: Style
        var columns: [Column: UIViewController] = [:]
        var collapsed = false

        /// A split view controller of `style`, its columns empty
        /// (https://developer.apple.com/documentation/uikit/uisplitviewcontroller/init(style:)).
        ///
        /// - Parameter style: How many columns it shows.
        public init(style: Style) {
            self.style = style
            super.init()
        }

        /// The delegate, told when the split collapses and expands
        /// (https://developer.apple.com/documentation/uikit/uisplitviewcontroller/delegate).
        open weak var delegate: (any UISplitViewControllerDelegate)?

        /// Whether the columns show as one stack, the window being compact
        /// (https://developer.apple.com/documentation/uikit/uisplitviewcontroller/iscollapsed).
        open var isCollapsed: Bool { collapsed }

        /// Puts `viewController` in `column`, replacing what was there
        /// (https://developer.apple.com/documentation/uikit/uisplitviewcontroller/setviewcontroller(_:for:)).
        ///
        /// - Parameters:
        ///   - viewController: The column's view controller, or `nil` to empty it.
        ///   - column: The column.
        open func setViewController(_ viewController: UIViewController?, for column: Column) {
            if let old = columns[column] {
                if let primary = primaryNavigation, old.container === primary {
                    // Stacked on the primary's: it leaves that stack too.
                    primary.stack.removeAll { $0 === old }
                }
                if old.container === self || old.container === primaryNavigation {
                    old.container = nil
                }
            }
            columns[column] = viewController
            viewController?.container = self
            viewController?.lastWindow = lastWindow ?? viewController?.lastWindow
        }

        /// The view controller in `column`, if any
        /// (https://developer.apple.com/documentation/uikit/uisplitviewcontroller/viewcontroller(for:)).
        ///
        /// - Parameter column: The column.
        /// - Returns: Its view controller.
        open func viewController(for column: Column) -> UIViewController? {
            columns[column]
        }

        /// Shows `column`.
        ///
        /// Collapsed, without a `.compact` view controller: pushes the column's
        /// navigation controller (and those of the columns between) onto the primary's if it is
        /// not stacked, pops the columns covering it if it is, does nothing if it is on top
        /// (https://developer.apple.com/documentation/uikit/uisplitviewcontroller/show(_:)).
        ///
        /// - Parameter column: The column; `.compact` is not accepted.
        open func show(_ column: Column) {
            guard collapsed, columns[.compact] == nil, column != .compact,
                let primary = primaryNavigation, let target = order.firstIndex(of: column)
            else { return }
            let stacked = stackedColumns
            let oldTop = primary.stack.last
            if let position = stacked.firstIndex(of: column) {
                let covering = stacked[(position + 1)...]
                guard !covering.isEmpty else { return }
                unstack(Array(covering), from: primary)
            } else if column != .primary {
                let from = stacked.last.flatMap { order.firstIndex(of: $0) } ?? 0
                for next in order[(from + 1)...target] { stack(next, on: primary) }
            } else {
                unstack(stacked, from: primary)
            }
            primary.show(from: oldTop, animated: true)
        }

        /// Hides `column`.
        ///
        /// Collapsed, without a `.compact` view controller: pops the column's
        /// navigation controller off the primary's when it is on top; ignored for the primary
        /// column and for a column not on top
        /// (https://developer.apple.com/documentation/uikit/uisplitviewcontroller/hide(_:)).
        ///
        /// - Parameter column: The column; `.compact` is not accepted.
        open func hide(_ column: Column) {
            guard collapsed, columns[.compact] == nil, column != .compact, column != .primary,
                let primary = primaryNavigation, stackedColumns.last == column
            else { return }
            let oldTop = primary.stack.last
            unstack([column], from: primary)
            primary.show(from: oldTop, animated: true)
        }

        // MARK: Collapsing and expanding (stand-in bookkeeping)

        /// The columns of the style, leading first (no `.compact`).
        var order: [Column] {
            style == .tripleColumn
                ? [.primary, .supplementary, .secondary] : [.primary, .secondary]
        }

        /// The primary column's navigation controller, if it is one.
        var primaryNavigation: UINavigationController? {
            columns[.primary] as? UINavigationController
        }

        /// The columns whose navigation controllers are stacked on the primary's, in order.
        var stackedColumns: [Column] {
            guard let primary = primaryNavigation else { return [] }
            return order.dropFirst().filter { column in
                guard let controller = columns[column] else { return false }
                return primary.stack.contains { $0 === controller }
            }
        }

        private func stack(_ column: Column, on primary: UINavigationController) {
            guard let controller = columns[column] else { return }
            primary.stack.append(controller)
            controller.container = primary
        }

        private func unstack(_ columnsToRemove: [Column], from primary: UINavigationController) {
            for column in columnsToRemove {
                guard let controller = columns[column] else { continue }
                primary.stack.removeAll { $0 === controller }
                controller.container = self
            }
        }

        /// Collapses or expands the split as its window's width class says, telling the
        /// delegate; does nothing when it already is.
        func adapt(compact: Bool) {
            guard compact != collapsed else { return }
            if compact {
                let top =
                    delegate?.splitViewController(
                        self, topColumnForCollapsingToProposedTopColumn: .secondary) ?? .secondary
                collapsed = true
                if columns[.compact] == nil, let primary = primaryNavigation,
                    let target = order.firstIndex(of: top)
                {
                    for column in order[1..<max(target + 1, 1)] { stack(column, on: primary) }
                }
                delegate?.splitViewControllerDidCollapse(self)
            } else {
                _ = delegate?.splitViewController(
                    self, displayModeForExpandingToProposedDisplayMode: .automatic)
                if let primary = primaryNavigation { unstack(stackedColumns, from: primary) }
                collapsed = false
                delegate?.splitViewControllerDidExpand(self)
            }
        }
    }

    /// Tells an object when a split view controller collapses or expands.
    ///
    /// Mirrors `UISplitViewControllerDelegate`
    /// (https://developer.apple.com/documentation/uikit/uisplitviewcontrollerdelegate), its
    /// column-style methods: `splitViewController(_:topColumnForCollapsingToProposedTopColumn:)`,
    /// `splitViewController(_:displayModeForExpandingToProposedDisplayMode:)`,
    /// `splitViewControllerDidCollapse(_:)` and `splitViewControllerDidExpand(_:)`, optional in
    /// UIKit (here, defaults that return the proposal or do nothing).
    @MainActor
    public protocol UISplitViewControllerDelegate: AnyObject {
        /// Asked before the split collapses: the column to show on top
        /// (https://developer.apple.com/documentation/uikit/uisplitviewcontrollerdelegate/splitviewcontroller(_:topcolumnforcollapsingtoproposedtopcolumn:)).
        ///
        /// - Parameters:
        ///   - svc: The split view controller.
        ///   - proposedTopColumn: The column UIKit would show.
        /// - Returns: The column to show.
        func splitViewController(
            _ svc: UISplitViewController,
            topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController
                .Column
        ) -> UISplitViewController.Column
        /// Asked before the split expands: the display mode to expand to
        /// (https://developer.apple.com/documentation/uikit/uisplitviewcontrollerdelegate/splitviewcontroller(_:displaymodeforexpandingtoproposeddisplaymode:)).
        ///
        /// - Parameters:
        ///   - svc: The split view controller.
        ///   - proposedDisplayMode: The display mode UIKit would use.
        /// - Returns: The display mode to use.
        func splitViewController(
            _ svc: UISplitViewController,
            displayModeForExpandingToProposedDisplayMode proposedDisplayMode: UISplitViewController
                .DisplayMode
        ) -> UISplitViewController.DisplayMode
        /// Called after the split collapsed into one stack
        /// (https://developer.apple.com/documentation/uikit/uisplitviewcontrollerdelegate/splitviewcontrollerdidcollapse(_:)).
        ///
        /// - Parameter svc: The split view controller.
        func splitViewControllerDidCollapse(_ svc: UISplitViewController)
        /// Called after the split expanded into its columns
        /// (https://developer.apple.com/documentation/uikit/uisplitviewcontrollerdelegate/splitviewcontrollerdidexpand(_:)).
        ///
        /// - Parameter svc: The split view controller.
        func splitViewControllerDidExpand(_ svc: UISplitViewController)
    }

    extension UISplitViewControllerDelegate {
        /// Returns the proposed column, as an unimplemented optional method in UIKit.
        ///
        /// - Parameters:
        ///   - svc: The split view controller.
        ///   - proposedTopColumn: The column UIKit would show.
        /// - Returns: `proposedTopColumn`.
        public func splitViewController(
            _ svc: UISplitViewController,
            topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController
                .Column
        ) -> UISplitViewController.Column { proposedTopColumn }
        /// Returns the proposed display mode, as an unimplemented optional method in UIKit.
        ///
        /// - Parameters:
        ///   - svc: The split view controller.
        ///   - proposedDisplayMode: The display mode UIKit would use.
        /// - Returns: `proposedDisplayMode`.
        public func splitViewController(
            _ svc: UISplitViewController,
            displayModeForExpandingToProposedDisplayMode proposedDisplayMode: UISplitViewController
                .DisplayMode
        ) -> UISplitViewController.DisplayMode { proposedDisplayMode }
        /// Does nothing, as an unimplemented optional method in UIKit.
        ///
        /// - Parameter svc: The split view controller.
        public func splitViewControllerDidCollapse(_ svc: UISplitViewController) {}
        /// Does nothing, as an unimplemented optional method in UIKit.
        ///
        /// - Parameter svc: The split view controller.
        public func splitViewControllerDidExpand(_ svc: UISplitViewController) {}
    }
#endif
