/// What a builder receives: which screen it is making, the caller's parameters, and a way for
/// that screen to navigate by name.
///
/// A screen keeps its context and navigates from its own actions, without knowing which module
/// owns the next scene — the way the original design's `A1ViewController` opens "A2":
///
/// ```swift
/// @MainActor final class A1Screen {
///     let context: SceneContext
///     init(context: SceneContext) { self.context = context }
///
///     func showDetail(id: Int) throws(NavigationError) {
///         try context.navigate(.push(scene: "A2", parameters: ["id": "\(id)"], animated: true))
///     }
/// }
/// ```
///
/// The context holds its coordinator weakly, so a screen never keeps its coordinator alive.
public struct SceneContext: Sendable {
    /// The scene being built.
    public let scene: SceneIdentifier
    /// The identity the new screen will have in the tree.
    public let screen: ScreenID
    /// The parameters the caller passed with the navigation.
    public let parameters: SceneParameters
    private weak var coordinator: (any AppCoordinatorType)?

    /// Creates a context; coordinators make these, and tests may too.
    ///
    /// - Parameters:
    ///   - scene: The scene being built.
    ///   - screen: The identity the new screen will have.
    ///   - parameters: The caller's parameters.
    ///   - coordinator: The coordinator the screen navigates through; held weakly.
    public init(
        scene: SceneIdentifier, screen: ScreenID, parameters: SceneParameters,
        coordinator: (any AppCoordinatorType)?
    ) {
        self.scene = scene
        self.screen = screen
        self.parameters = parameters
        self.coordinator = coordinator
    }

    /// Navigates through the screen's coordinator, as ``AppCoordinatorType/navigate(_:)`` does.
    ///
    /// - Parameter transition: The navigation to perform.
    /// - Returns: The transition that was applied.
    /// - Throws: What the coordinator throws, or
    ///   ``NavigationError/coordinatorUnavailable(_:)`` when it has been released.
    @MainActor @discardableResult
    public func navigate(_ transition: ApplicationTransitionType) throws(NavigationError)
        -> TransitionEvent
    {
        guard let coordinator else { throw .coordinatorUnavailable(transition.kind) }
        return try coordinator.navigate(transition)
    }
}
