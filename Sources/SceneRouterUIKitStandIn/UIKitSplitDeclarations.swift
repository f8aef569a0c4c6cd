// The part of UIKit's column-style split view controller that SceneRouterUIKit uses, declared
// with UIKit's own names (see UIKitDeclarations.swift for what the stand-in is). Linux only.

#if os(Linux)

    /// A container that shows its view controllers side by side in columns, or one over the
    /// other in a compact window.
    ///
    /// Mirrors the column-style `UISplitViewController`
    /// (https://developer.apple.com/documentation/uikit/uisplitviewcontroller), iOS 14 and
    /// later: `init(style:)`, `style`, `setViewController(_:for:)`, `viewController(for:)`,
    /// `isCollapsed`, `delegate`. A test collapses and expands it as a size class change would
    /// (`UIWindow.simulateSizeClass(_:)`).
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

        /// The split's style, set when it is made.
        public let style: Style
        var columns: [Column: UIViewController] = [:]
        var collapsed = false

        /// A split view controller of `style`, its columns empty.
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
            if let old = columns[column], old.container === self { old.container = nil }
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
    }

    /// Tells an object when a split view controller collapses or expands.
    ///
    /// Mirrors `UISplitViewControllerDelegate`
    /// (https://developer.apple.com/documentation/uikit/uisplitviewcontrollerdelegate): only
    /// `splitViewControllerDidCollapse(_:)` and `splitViewControllerDidExpand(_:)`, optional in
    /// UIKit (here, defaults that do nothing).
    @MainActor
    public protocol UISplitViewControllerDelegate: AnyObject {
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
        /// Does nothing, as an unimplemented optional method in UIKit.
        ///
        /// - Parameter svc: The split view controller.
        public func splitViewControllerDidCollapse(_ svc: UISplitViewController) {}
        /// Does nothing, as an unimplemented optional method in UIKit.
        ///
        /// - Parameter svc: The split view controller.
        public func splitViewControllerDidExpand(_ svc: UISplitViewController) {}
    }

    extension UIWindow {
        /// The window's width changes class, as rotating an iPad, resizing a Split View or
        /// Slide Over app, or a Mac window does: a split view controller at the root collapses
        /// (compact) or expands (regular) and tells its delegate.
        ///
        /// - Parameter compact: Whether the window becomes compact.
        /// - Returns: Whether a split view controller at the root changed.
        @discardableResult
        public func simulateSizeClass(compact: Bool) -> Bool {
            guard let split = rootViewController as? UISplitViewController,
                split.collapsed != compact
            else { return false }
            split.collapsed = compact
            if compact {
                split.delegate?.splitViewControllerDidCollapse(split)
            } else {
                split.delegate?.splitViewControllerDidExpand(split)
            }
            return true
        }
    }
#endif
