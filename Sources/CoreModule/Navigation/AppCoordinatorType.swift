/// Something that navigates by scene name: the original design's coordinator protocol.
///
/// ``AppCoordinator`` is the implementation. Code that only needs to navigate by name (a
/// screen's logic, a view model) can depend on this protocol instead, and a unit test can pass a
/// test double that records the requests. A ``SceneContext`` made over such a double navigates
/// through it; what needs the coordinator's tree (a flow, a link, a screen's result, a veto)
/// needs an ``AppCoordinator`` and reports ``NavigationError/Misuse/coordinatorUnavailable(_:_:)``
/// otherwise.
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
