public import CoreModule

#if os(iOS)
    public import SwiftUI
    public import UIKit
    import SceneRouterSwiftUI
#endif

/// The base type of the app's screens: what `UIViewController` is to the article's screens.
///
/// Every feature module's screen subclasses it. It keeps the ``SceneContext`` the screen's
/// builder received, through which the screen navigates by scene name, to a scene of any module,
/// without importing that module:
///
/// ```swift
/// public final class A1ViewController: ViewController {
///     public func tappedToA2() throws(NavigationError) {
///         try context.navigate(.push(scene: "A2", animated: true))
///     }
/// }
/// ```
///
/// It is a main-actor class, like `UIViewController`, so a screen is `Sendable` and can live in
/// the coordinator's tree.
///
/// A screen lists its buttons in ``actions(at:)``, and gives its own SwiftUI view by adopting
/// `SwiftUIScreen` where SwiftUI exists (its `body`, usually a ``ScreenPage``): the SwiftUI
/// host shows that view, and on iOS ``makeViewController()`` hosts it for UIKit. No other
/// module knows the screen's type.
@MainActor
open class ViewController {
    /// The screen's context: its scene, its parameters, and the coordinator that built it.
    public let context: SceneContext

    /// Creates the screen with the context its builder received.
    ///
    /// - Parameter context: The new screen's context.
    public init(context: SceneContext) {
        self.context = context
    }

    /// The buttons the screen shows, each a call to one of its own methods; none by default.
    ///
    /// Its SwiftUI view draws them (``ScreenPage``), and the tests tap them on Linux.
    ///
    /// - Parameter location: Where the screen is in its window's tree (in a modal, above
    ///   another screen), or `nil` when it is not there.
    /// - Returns: Its buttons, in order.
    open func actions(at location: ScreenLocation?) -> [ScreenAction] {
        []
    }

    #if os(iOS)
        /// The view controller UIKit shows for the screen: its SwiftUI view (`SwiftUIScreen`)
        /// in a `UIHostingController`, titled with its scene; a screen may give its own.
        ///
        /// - Returns: A new view controller for the screen.
        open func makeViewController() -> UIViewController {
            let controller: UIViewController
            if let screen = self as? any SwiftUIScreen {
                controller = Self.hostingController(of: screen)
            } else {
                controller = UIViewController()
            }
            controller.title = context.scene.rawValue
            return controller
        }

        /// `screen`'s SwiftUI view in a hosting controller.
        private static func hostingController<Screen: SwiftUIScreen>(
            of screen: Screen
        ) -> UIViewController {
            UIHostingController(rootView: screen.body)
        }
    #endif
}

extension AppCoordinator {
    /// The screen the user sees, as the article's `UIViewController.topMostViewController()`
    /// finds it: the top of the top-most stack, or `nil` when the window is empty or that screen
    /// is not a ``ViewController``.
    ///
    /// - Returns: The visible screen.
    public func topMostViewController() -> ViewController? {
        tree.visibleScreen?.content as? ViewController
    }
}
