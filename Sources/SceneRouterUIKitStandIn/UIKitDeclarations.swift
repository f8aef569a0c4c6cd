// The subset of UIKit that SceneRouterUIKit uses, declared with UIKit's own names, labels and
// types, so that the adapter's one source file builds on Linux against this module and on Apple
// platforms against UIKit. It behaves as UIKit does for that subset, presentation rules
// included; where UIKit would log a warning and drop the call, or raise an exception, it records
// a ``UIKitStandInViolation`` on the window instead (see UIKitStandInRules.swift), so that a
// test fails. What tests drive (animations, gestures) is in UIKitStandInTesting.swift, apart.
//
// Not verified on a device: each rule follows the Apple documentation page it names.
//
// Linux only: on Apple platforms an app has UIKit itself, and these names would be ambiguous
// next to it, so the module builds to nothing there.

#if os(Linux)

    /// A rectangular area on screen: here, only something a popover can point at.
    ///
    /// Mirrors `UIView` (https://developer.apple.com/documentation/uikit/uiview); only its
    /// identity is used.
    @MainActor
    open class UIView {
        /// A view.
        public init() {}
    }

    /// The window: the root of what is on screen.
    ///
    /// Mirrors `UIWindow` (https://developer.apple.com/documentation/uikit/uiwindow); only
    /// `rootViewController`. Tests read the rules broken in it, and drive its animations and the
    /// user's gestures, through ``UIWindow/testing``, which is not UIKit API.
    @MainActor
    open class UIWindow: UIView {
        /// The rules broken so far, in order.
        var violations: [UIKitStandInViolation] = []
        /// Animated work that has started and not ended, oldest first.
        var animations: [Animation] = []
        /// Whether the window's horizontal size class is compact (a test sets it).
        var isCompactWidth = false

        /// A window showing nothing.
        public override init() {}

        /// The window's root view controller
        /// (https://developer.apple.com/documentation/uikit/uiwindow/rootviewcontroller).
        open var rootViewController: UIViewController? {
            didSet {
                if let oldValue, oldValue !== rootViewController { oldValue.window = nil }
                rootViewController?.window = self
                rootViewController?.lastWindow = self
                // A split view controller takes the window's size class: it collapses in a
                // compact one.
                (rootViewController as? UISplitViewController)?.adapt(compact: isCompactWidth)
            }
        }
    }

    /// How a view controller is presented.
    ///
    /// Mirrors `UIModalPresentationStyle`
    /// (https://developer.apple.com/documentation/uikit/uimodalpresentationstyle): the cases the
    /// adapter uses, and the default.
    public enum UIModalPresentationStyle: Int, Sendable {
        /// The system's choice: a page sheet.
        case automatic = -2
        /// Covers the whole screen; the user cannot drag it down.
        case fullScreen = 0
        /// A sheet over the presenting content.
        case pageSheet = 1
        /// A style the presented view controller manages: here, an alert's.
        case custom = 4
        /// A popover pointing at a source view.
        case popover = 7
    }

    /// A screen of content, which may present another modally.
    ///
    /// Mirrors `UIViewController` (https://developer.apple.com/documentation/uikit/uiviewcontroller):
    /// `title`, `view`, `present(_:animated:completion:)`, `dismiss(animated:completion:)`,
    /// `presentedViewController`, `presentingViewController`, `modalPresentationStyle`,
    /// `isModalInPresentation`, `presentationController`, `sheetPresentationController`,
    /// `popoverPresentationController`, `transitionCoordinator`.
    @MainActor
    open class UIViewController {
        /// A view controller.
        public init() {}

        /// A short name for the screen (https://developer.apple.com/documentation/uikit/uiviewcontroller/title).
        open var title: String?

        // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
        // UIKit declares it `UIView!`; the stand-in mirrors the declaration.
        /// The screen's view (https://developer.apple.com/documentation/uikit/uiviewcontroller/view),
        /// made on first use.
        open var view: UIView! {
            get {
                if let loadedView { return loadedView }
                let made = UIView()
                loadedView = made
                return made
            }
            set { loadedView = newValue }
        }
        private var loadedView: UIView?

        // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
        // UIKit declares it `UITabBarItem!`; the stand-in mirrors the declaration.
        /// The item that represents the view controller in a tab bar
        /// (https://developer.apple.com/documentation/uikit/uiviewcontroller/tabbaritem), made on
        /// first use with the view controller's title.
        open var tabBarItem: UITabBarItem! {
            get {
                if let assignedTabBarItem { return assignedTabBarItem }
                let made = UITabBarItem(title: title, image: nil, tag: 0)
                assignedTabBarItem = made
                return made
            }
            set { assignedTabBarItem = newValue }
        }
        private var assignedTabBarItem: UITabBarItem?

        /// How the view controller is shown when presented
        /// (https://developer.apple.com/documentation/uikit/uiviewcontroller/modalpresentationstyle).
        open var modalPresentationStyle: UIModalPresentationStyle = .automatic

        /// Whether UIKit prevents the interactive dismissal of the view controller while it is
        /// onscreen (https://developer.apple.com/documentation/uikit/uiviewcontroller/ismodalinpresentation).
        open var isModalInPresentation = false

        // MARK: Hierarchy (stand-in bookkeeping)

        /// The container holding this view controller (a navigation or tab bar controller).
        weak var container: UIViewController?
        /// Set on the window's root view controller.
        weak var window: UIWindow?
        /// The window this view controller was last in, to record rules it breaks after leaving.
        weak var lastWindow: UIWindow?
        /// Rules broken by this view controller while it was in no window.
        var violationsOutsideWindows: [UIKitStandInViolation] = []
        var presented: UIViewController?
        weak var presenter: UIViewController?
        var isBeingPresented = false
        var isBeingDismissed = false
        /// The transition running on this container's children (a navigation change), if any.
        var runningTransition: TransitionCoordinator?
        private var madePresentationController: UIPresentationController?

        /// The view controller this one presented, or that one of its ancestors presented
        /// (https://developer.apple.com/documentation/uikit/uiviewcontroller/presentedviewcontroller).
        open var presentedViewController: UIViewController? {
            presented ?? container?.presentedViewController
        }

        /// The view controller that presented this one or one of its ancestors
        /// (https://developer.apple.com/documentation/uikit/uiviewcontroller/presentingviewcontroller).
        open var presentingViewController: UIViewController? {
            presenter ?? container?.presentingViewController
        }

        /// The presentation controller for the view controller's style, made on first use, as in
        /// UIKit: set its delegate before presenting
        /// (https://developer.apple.com/documentation/uikit/uiviewcontroller/presentationcontroller).
        open var presentationController: UIPresentationController? {
            if let made = madePresentationController { return made }
            let made: UIPresentationController
            switch modalPresentationStyle {
            case .automatic, .pageSheet:
                made = UISheetPresentationController(presentedViewController: self)
            case .popover:
                made = UIPopoverPresentationController(presentedViewController: self)
            case .fullScreen, .custom:
                made = UIPresentationController(presentedViewController: self)
            }
            madePresentationController = made
            return made
        }

        /// The sheet presentation controller, for a sheet style, else `nil`
        /// (https://developer.apple.com/documentation/uikit/uiviewcontroller/sheetpresentationcontroller).
        open var sheetPresentationController: UISheetPresentationController? {
            presentationController as? UISheetPresentationController
        }

        /// The popover presentation controller, for the popover style, else `nil`
        /// (https://developer.apple.com/documentation/uikit/uiviewcontroller/popoverpresentationcontroller).
        open var popoverPresentationController: UIPopoverPresentationController? {
            modalPresentationStyle == .popover
                ? presentationController as? UIPopoverPresentationController : nil
        }

        /// The transition in progress on this view controller or an ancestor, else `nil`
        /// (https://developer.apple.com/documentation/uikit/uiviewcontroller/transitioncoordinator).
        open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
            runningTransition ?? container?.transitionCoordinator
        }

        /// Presents `viewControllerToPresent` modally, over the content of the presentation context
        /// this view controller belongs to
        /// (https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:)).
        ///
        /// A call that breaks a presentation rule is recorded and dropped, as UIKit drops it (or
        /// raises), and `completion` is not called.
        ///
        /// - Parameters:
        ///   - viewControllerToPresent: The view controller to show.
        ///   - flag: Whether to animate; an animated presentation ends when the test finishes it.
        ///   - completion: Called when the presentation has ended.
        open func present(
            _ viewControllerToPresent: UIViewController, animated flag: Bool,
            completion: (() -> Void)? = nil
        ) {
            performPresent(viewControllerToPresent, animated: flag, completion: completion)
        }

        /// Dismisses the view controller this one presented, and every one above it; called on a
        /// presented view controller that presents nothing, dismisses it
        /// (https://developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:)).
        ///
        /// - Parameters:
        ///   - flag: Whether to animate; an animated dismissal ends when the test finishes it.
        ///   - completion: Called when the dismissal has ended.
        open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
            performDismiss(animated: flag, completion: completion)
        }
    }

    /// A container that shows a stack of view controllers, with a Back button and a back swipe.
    ///
    /// Mirrors `UINavigationController`
    /// (https://developer.apple.com/documentation/uikit/uinavigationcontroller): `viewControllers`,
    /// `setViewControllers(_:animated:)`, `delegate`.
    @MainActor
    open class UINavigationController: UIViewController {
        var stack: [UIViewController] = []

        /// A navigation controller with no view controllers yet.
        public override init() {}

        /// The delegate, told after each change of the top view controller
        /// (https://developer.apple.com/documentation/uikit/uinavigationcontroller/delegate).
        open weak var delegate: (any UINavigationControllerDelegate)?

        /// The view controllers on the stack, root first.
        ///
        /// Setting it is `setViewControllers(_:animated:)` without animation
        /// (https://developer.apple.com/documentation/uikit/uinavigationcontroller/viewcontrollers).
        open var viewControllers: [UIViewController] {
            get { stack }
            set { setViewControllers(newValue, animated: false) }
        }

        /// Replaces the stack with `viewControllers`, animating the push or pop of the top one
        /// (https://developer.apple.com/documentation/uikit/uinavigationcontroller/setviewcontrollers(_:animated:)).
        ///
        /// The delegate's `navigationController(_:didShow:animated:)` follows, at once or when the
        /// animation ends, as in UIKit for any change of the stack.
        ///
        /// - Parameters:
        ///   - viewControllers: The new stack, root first.
        ///   - animated: Whether to animate.
        open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
            performSetViewControllers(viewControllers, animated: animated)
        }
    }

    /// Tells an object about a navigation controller's changes.
    ///
    /// Mirrors `UINavigationControllerDelegate`
    /// (https://developer.apple.com/documentation/uikit/uinavigationcontrollerdelegate): only
    /// `navigationController(_:didShow:animated:)`, which UIKit declares optional (here, a default
    /// that does nothing).
    @MainActor
    public protocol UINavigationControllerDelegate: AnyObject {
        /// Called after the navigation controller shows a view controller, for the adapter's own
        /// changes and the user's alike
        /// (https://developer.apple.com/documentation/uikit/uinavigationcontrollerdelegate/navigationcontroller(_:didshow:animated:)).
        ///
        /// - Parameters:
        ///   - navigationController: The navigation controller.
        ///   - viewController: Its top view controller.
        ///   - animated: Whether the change animated.
        func navigationController(
            _ navigationController: UINavigationController,
            didShow viewController: UIViewController,
            animated: Bool)
    }

    extension UINavigationControllerDelegate {
        /// Does nothing, as an unimplemented optional method in UIKit.
        ///
        /// - Parameters:
        ///   - navigationController: The navigation controller.
        ///   - viewController: Its top view controller.
        ///   - animated: Whether the change animated.
        public func navigationController(
            _ navigationController: UINavigationController,
            didShow viewController: UIViewController,
            animated: Bool
        ) {}
    }

    /// An image: here, only what a tab bar item shows.
    ///
    /// Mirrors `UIImage` (https://developer.apple.com/documentation/uikit/uiimage); only its
    /// identity is used.
    @MainActor
    open class UIImage {
        /// An image.
        package init() {}
    }

    /// The item that represents a view controller in a tab bar: its title and image.
    ///
    /// Mirrors `UITabBarItem` (https://developer.apple.com/documentation/uikit/uitabbaritem):
    /// `init(title:image:tag:)`, `title`.
    @MainActor
    open class UITabBarItem {
        /// The title shown under the image.
        open var title: String?
        /// The image shown.
        package var image: UIImage?
        /// A number the app identifies the item by.
        package var tag: Int

        /// An item with a title, an image and a tag
        /// (https://developer.apple.com/documentation/uikit/uitabbaritem/init(title:image:tag:)).
        ///
        /// - Parameters:
        ///   - title: The title shown under the image.
        ///   - image: The image shown.
        ///   - tag: A number the app identifies the item by.
        public init(title: String?, image: UIImage?, tag: Int) {
            self.title = title
            self.image = image
            self.tag = tag
        }
    }

    /// A container that shows one of its view controllers, chosen in a tab bar.
    ///
    /// Mirrors `UITabBarController` (https://developer.apple.com/documentation/uikit/uitabbarcontroller):
    /// `viewControllers`, `selectedIndex`, `delegate`.
    @MainActor
    open class UITabBarController: UIViewController {
        var tabs: [UIViewController] = []
        var selected = 0

        /// A tab bar controller with no tabs yet.
        public override init() {}

        /// The delegate, told when the user taps a tab
        /// (https://developer.apple.com/documentation/uikit/uitabbarcontroller/delegate).
        open weak var delegate: (any UITabBarControllerDelegate)?

        /// The tabs' root view controllers, in order
        /// (https://developer.apple.com/documentation/uikit/uitabbarcontroller/viewcontrollers).
        open var viewControllers: [UIViewController]? {
            get { tabs.isEmpty ? nil : tabs }
            set {
                for tab in tabs where tab.container === self { tab.container = nil }
                tabs = newValue ?? []
                for tab in tabs {
                    tab.container = self
                    tab.lastWindow = lastWindow ?? tab.lastWindow
                }
                if selected >= tabs.count { selected = 0 }
            }
        }

        /// The index of the selected tab.
        ///
        /// Setting it does not call the delegate: only a tap does
        /// (https://developer.apple.com/documentation/uikit/uitabbarcontroller/selectedindex).
        open var selectedIndex: Int {
            get { selected }
            set {
                if tabs.indices.contains(newValue) { selected = newValue }
            }
        }
    }

    /// Tells an object about the user's taps in a tab bar.
    ///
    /// Mirrors `UITabBarControllerDelegate`
    /// (https://developer.apple.com/documentation/uikit/uitabbarcontrollerdelegate): only
    /// `tabBarController(_:didSelect:)`, optional in UIKit (here, a default that does nothing).
    @MainActor
    public protocol UITabBarControllerDelegate: AnyObject {
        /// Called when the user taps a tab, the selected one included, and never for a selection
        /// made in code
        /// (https://developer.apple.com/documentation/uikit/uitabbarcontrollerdelegate/tabbarcontroller(_:didselect:)).
        ///
        /// - Parameters:
        ///   - tabBarController: The tab bar controller.
        ///   - viewController: The tapped tab's view controller.
        func tabBarController(
            _ tabBarController: UITabBarController, didSelect viewController: UIViewController)
    }

    extension UITabBarControllerDelegate {
        /// Does nothing, as an unimplemented optional method in UIKit.
        ///
        /// - Parameters:
        ///   - tabBarController: The tab bar controller.
        ///   - viewController: The tapped tab's view controller.
        public func tabBarController(
            _ tabBarController: UITabBarController, didSelect viewController: UIViewController
        ) {}
    }

    /// Manages a presentation: here, its delegate and the view controller it presents.
    ///
    /// Mirrors `UIPresentationController`
    /// (https://developer.apple.com/documentation/uikit/uipresentationcontroller): `delegate`,
    /// `presentedViewController`.
    @MainActor
    open class UIPresentationController {
        /// The view controller being presented
        /// (https://developer.apple.com/documentation/uikit/uipresentationcontroller/presentedviewcontroller).
        public unowned let presentedViewController: UIViewController

        init(presentedViewController: UIViewController) {
            self.presentedViewController = presentedViewController
        }

        /// The delegate, told when the user dismisses the presentation
        /// (https://developer.apple.com/documentation/uikit/uipresentationcontroller/delegate).
        open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?
    }

    /// Tells an object about a presentation the user dismissed.
    ///
    /// Mirrors `UIAdaptivePresentationControllerDelegate`
    /// (https://developer.apple.com/documentation/uikit/uiadaptivepresentationcontrollerdelegate):
    /// only `presentationControllerDidDismiss(_:)`, optional in UIKit (here, a default that does
    /// nothing).
    @MainActor
    public protocol UIAdaptivePresentationControllerDelegate: AnyObject {
        /// Called after the user dismissed the presentation (a sheet dragged down, a tap outside a
        /// popover); never for a dismissal made in code
        /// (https://developer.apple.com/documentation/uikit/uiadaptivepresentationcontrollerdelegate/presentationcontrollerdiddismiss(_:)).
        ///
        /// - Parameter presentationController: The presentation that was dismissed.
        func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
    }

    extension UIAdaptivePresentationControllerDelegate {
        /// Does nothing, as an unimplemented optional method in UIKit.
        ///
        /// - Parameter presentationController: The presentation that was dismissed.
        public func presentationControllerDidDismiss(
            _ presentationController: UIPresentationController
        ) {}
    }

    /// The presentation controller of a sheet.
    ///
    /// Mirrors `UISheetPresentationController`
    /// (https://developer.apple.com/documentation/uikit/uisheetpresentationcontroller): `detents`,
    /// `selectedDetentIdentifier`, `animateChanges(_:)`.
    @MainActor
    open class UISheetPresentationController: UIPresentationController {
        /// The heights the sheet can rest at; large only by default
        /// (https://developer.apple.com/documentation/uikit/uisheetpresentationcontroller/detents).
        open var detents: [Detent] = [.large()]

        /// The detent the sheet rests at.
        ///
        /// `nil` for the smallest
        /// (https://developer.apple.com/documentation/uikit/uisheetpresentationcontroller/selecteddetentidentifier).
        /// Setting it in code tells the delegate nothing, as in UIKit.
        package var selectedDetentIdentifier: Detent.Identifier?

        /// Runs `changes` (a new selected detent) as one animation
        /// (https://developer.apple.com/documentation/uikit/uisheetpresentationcontroller/animatechanges(_:)):
        /// here, at once.
        ///
        /// - Parameter changes: The changes to animate.
        package func animateChanges(_ changes: () -> Void) {
            changes()
        }

        /// A height a sheet can rest at.
        ///
        /// Mirrors `UISheetPresentationController.Detent`
        /// (https://developer.apple.com/documentation/uikit/uisheetpresentationcontroller/detent):
        /// `medium()`, `large()`.
        @MainActor
        public final class Detent {
            /// The detent's identifier
            /// (https://developer.apple.com/documentation/uikit/uisheetpresentationcontroller/detent/identifier-swift.property).
            package let identifier: Identifier

            /// A custom detent's height for a sheet whose largest height is the argument.
            package let resolver: ((Double) -> Double?)?

            private init(_ identifier: Identifier, resolver: ((Double) -> Double?)? = nil) {
                self.identifier = identifier
                self.resolver = resolver
            }

            /// A detent of the height `resolver` returns
            /// (https://developer.apple.com/documentation/uikit/uisheetpresentationcontroller/detent/custom(identifier:resolver:)).
            ///
            /// - Parameters:
            ///   - identifier: The detent's identifier.
            ///   - resolver: Its height, from the sheet's largest height.
            /// - Returns: The custom detent.
            package static func custom(
                identifier: Identifier?,
                resolver:
                    @escaping (any UISheetPresentationControllerDetentResolutionContext)
                    -> CGFloat?
            ) -> Detent {
                Detent(identifier ?? Identifier(rawValue: "custom")) { maximum in
                    resolver(DetentResolutionContext(maximumDetentValue: maximum))
                }
            }

            /// About half the screen's height
            /// (https://developer.apple.com/documentation/uikit/uisheetpresentationcontroller/detent/medium()).
            ///
            /// - Returns: The medium detent.
            public static func medium() -> Detent { Detent(.medium) }

            /// The full height
            /// (https://developer.apple.com/documentation/uikit/uisheetpresentationcontroller/detent/large()).
            ///
            /// - Returns: The large detent.
            public static func large() -> Detent { Detent(.large) }

            /// Names a detent.
            ///
            /// Mirrors `UISheetPresentationController.Detent.Identifier`: `medium`, `large`.
            package struct Identifier: Hashable, Sendable {
                /// The identifier's text.
                package let rawValue: String

                /// An identifier with this text.
                ///
                /// - Parameter rawValue: The text.
                package init(rawValue: String) {
                    self.rawValue = rawValue
                }

                /// The medium detent's identifier.
                package static let medium = Identifier(rawValue: "com.apple.UIKit.medium")
                /// The large detent's identifier.
                package static let large = Identifier(rawValue: "com.apple.UIKit.large")
            }
        }
    }

    /// A height in points, as UIKit's `CGFloat` is on 64-bit devices.
    package typealias CGFloat = Double

    /// What a custom detent's resolver is told.
    ///
    /// Mirrors `UISheetPresentationControllerDetentResolutionContext`
    /// (https://developer.apple.com/documentation/uikit/uisheetpresentationcontrollerdetentresolutioncontext):
    /// `maximumDetentValue`.
    @MainActor
    package protocol UISheetPresentationControllerDetentResolutionContext {
        /// The largest height a detent may have.
        var maximumDetentValue: CGFloat { get }
    }

    @MainActor
    private struct DetentResolutionContext: UISheetPresentationControllerDetentResolutionContext {
        let maximumDetentValue: CGFloat
    }

    /// Tells an object that the user dragged a sheet to another detent.
    ///
    /// Mirrors `UISheetPresentationControllerDelegate`
    /// (https://developer.apple.com/documentation/uikit/uisheetpresentationcontrollerdelegate):
    /// `sheetPresentationControllerDidChangeSelectedDetentIdentifier(_:)`, optional in UIKit.
    @MainActor
    package protocol UISheetPresentationControllerDelegate: UIAdaptivePresentationControllerDelegate
    {
        /// Called after the user dragged the sheet to another detent; never for a change made
        /// in code.
        ///
        /// - Parameter sheetPresentationController: The sheet.
        func sheetPresentationControllerDidChangeSelectedDetentIdentifier(
            _ sheetPresentationController: UISheetPresentationController)
    }

    /// The presentation controller of a popover.
    ///
    /// Mirrors `UIPopoverPresentationController`
    /// (https://developer.apple.com/documentation/uikit/uipopoverpresentationcontroller):
    /// `sourceView`.
    @MainActor
    open class UIPopoverPresentationController: UIPresentationController {
        /// The view the popover points at; it must be set before the presentation
        /// (https://developer.apple.com/documentation/uikit/uipopoverpresentationcontroller/sourceview).
        open var sourceView: UIView?
    }

    /// What a transition's completion handler learns.
    ///
    /// Mirrors `UIViewControllerTransitionCoordinatorContext`
    /// (https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinatorcontext):
    /// only `isCancelled`.
    @MainActor
    public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
        /// Whether the transition was cancelled (an interactive back swipe let go of).
        var isCancelled: Bool { get }
    }

    /// A transition in progress, which runs code when it ends.
    ///
    /// Mirrors `UIViewControllerTransitionCoordinator`
    /// (https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinator):
    /// only `animate(alongsideTransition:completion:)`.
    @MainActor
    public protocol UIViewControllerTransitionCoordinator:
        UIViewControllerTransitionCoordinatorContext
    {
        /// Runs `animation` with the transition and `completion` when it has ended
        /// (https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinator/animate(alongsidetransition:completion:)).
        ///
        /// - Parameters:
        ///   - animation: Animations to run alongside.
        ///   - completion: Called when the transition ends.
        /// - Returns: Whether the animations were queued.
        func animate(
            alongsideTransition animation: (
                (any UIViewControllerTransitionCoordinatorContext) -> Void
            )?,
            completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
        ) -> Bool
    }
#endif
