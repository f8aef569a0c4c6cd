/// Something that navigates by scene name: the original design's coordinator protocol.
///
/// ``AppCoordinator`` is the implementation. Code that only navigates by name (a screen's
/// logic, a view model) can depend on this protocol, and a unit test can pass a test double that
/// records the requests; a ``SceneContext`` made over such a double navigates through it. A flow
/// cannot: ``FlowCoordinator`` is made over an ``AppCoordinator``, since it owns screens of its
/// tree. What else needs that tree (a link, a screen's result, a veto) needs an
/// ``AppCoordinator`` too: through a context over another coordinator it fails with
/// ``NavigationError/Misuse/coordinatorUnavailable(_:)``.
@MainActor
public protocol AppCoordinatorType: AnyObject, Sendable {
    /// Applies `type` to the screen tree, or throws and changes nothing.
    ///
    /// - Parameter type: The navigation to perform.
    /// - Returns: The transition that was applied, or `nil` when the request was already
    ///   satisfied and nothing changed (`popToRoot` on a one-screen stack, `dismissAll` with
    ///   nothing presented).
    /// - Throws: A ``NavigationError`` that explains why the navigation cannot be applied; the
    ///   tree is then exactly as it was.
    @discardableResult
    func navigate(_ type: ApplicationTransitionType) throws(NavigationError) -> TransitionEvent?
}
