public import CoreModule

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
