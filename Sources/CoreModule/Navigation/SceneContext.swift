/// What a builder receives: which screen it is making, the caller's parameters, the app's
/// services, and a way for that screen to navigate by name.
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
    /// The scene being built (its registered identifier).
    public let scene: SceneIdentifier
    /// The identity the new screen will have in the tree.
    public let screen: ScreenID
    /// The parameters the caller passed with the navigation, and the route parameters.
    public let parameters: SceneParameters
    /// The typed value the navigation carried, if any (see ``ScenePayload``): a builder that
    /// knows its type reads it with ``payload(as:)``; one that passes it on unread takes it whole.
    public let payload: ScenePayload?
    /// The services registered for builders and flows.
    package var services: ServiceRegistry { link.services }
    /// The operation a guard redirected to this screen, if one did; see
    /// ``continueRedirectedNavigation()``.
    public let redirectedFrom: NavigationEvent.Operation?
    /// The coordinator (weakly) and its services, shared by every context it makes, so that
    /// making a context costs one reference.
    private let link: CoordinatorLink

    private var coordinator: (any AppCoordinatorType)? { link.coordinator }

    /// Creates a context; coordinators make these, and tests may too.
    ///
    /// - Parameters:
    ///   - scene: The scene being built.
    ///   - screen: The identity the new screen will have.
    ///   - parameters: The caller's parameters.
    ///   - payload: The typed value the navigation carries, if any.
    ///   - coordinator: The coordinator the screen navigates through; held weakly.
    ///   - services: The services for the builder; empty by default.
    ///   - redirectedFrom: The operation a guard redirected to this screen.
    public init(
        scene: SceneIdentifier, screen: ScreenID, parameters: SceneParameters,
        payload: ScenePayload? = nil,
        coordinator: (any AppCoordinatorType)?, services: ServiceRegistry = ServiceRegistry(),
        redirectedFrom: NavigationEvent.Operation? = nil
    ) {
        self.init(
            scene: scene, screen: screen, parameters: parameters, payload: payload,
            link: CoordinatorLink(coordinator: coordinator, services: services),
            redirectedFrom: redirectedFrom)
    }

    init(
        scene: SceneIdentifier, screen: ScreenID, parameters: SceneParameters,
        payload: ScenePayload?, link: CoordinatorLink, redirectedFrom: NavigationEvent.Operation?
    ) {
        self.scene = scene
        self.screen = screen
        self.parameters = parameters
        self.payload = payload
        self.link = link
        self.redirectedFrom = redirectedFrom
    }

    /// The payload as `Value`.
    ///
    /// ```swift
    /// let product = try context.payload(as: Product.self)
    /// ```
    ///
    /// - Parameter type: The type expected.
    /// - Returns: The payload's value.
    /// - Throws: ``NavigationError/Input/missingPayload(scene:expected:)`` when the navigation carried
    ///   none, ``NavigationError/Input/wrongPayloadType(scene:expected:given:)`` when it is of another
    ///   type.
    public func payload<Value>(as type: Value.Type) throws(NavigationError) -> Value {
        let expected = ScenePayload.name(of: type)
        guard let payload else { throw .input(.missingPayload(scene: scene, expected: expected)) }
        guard let value = payload.value(as: type) else {
            throw .input(
                .wrongPayloadType(scene: scene, expected: expected, given: payload.typeName))
        }
        return value
    }

    /// The payload as `Value`, or `nil` when the navigation carried none or one of another type.
    ///
    /// - Parameter type: The type expected.
    package func payloadIfPresent<Value>(as type: Value.Type) -> Value? {
        payload?.value(as: type)
    }

    /// The service registered for `type`.
    ///
    /// - Parameter type: The service's type.
    /// - Returns: The registered implementation.
    /// - Throws: ``NavigationError/Misuse/missingService(type:)`` when none is registered; thrown from
    ///   a builder, it fails the navigation with that error.
    public func service<Service>(_ type: Service.Type) throws(NavigationError) -> Service {
        try services.resolve(type)
    }

    /// Where the screen stands in its coordinator's tree now: its level (0 for the root, N in the
    /// N-th modal) and its position in its stack; `nil` once it has left the tree, or when its
    /// coordinator is gone or is not an ``AppCoordinator``.
    ///
    /// A screen reads it to offer what its place allows: a Close button in a modal, a Back
    /// button above another screen.
    @MainActor public var location: ScreenLocation? {
        (coordinator as? AppCoordinator)?.tree.location(of: screen)
    }

    /// Navigates through the screen's coordinator, as ``AppCoordinatorType/navigate(_:)`` does.
    ///
    /// - Parameter transition: The navigation to perform.
    /// - Returns: The transition that was applied, or `nil` when the request was already
    ///   satisfied (see ``AppCoordinator/navigate(_:)``).
    /// - Throws: What the coordinator throws, or
    ///   ``NavigationError/Misuse/coordinatorUnavailable(_:)`` when it has been released.
    @MainActor @discardableResult
    public func navigate(_ transition: ApplicationTransitionType) throws(NavigationError)
        -> TransitionEvent?
    {
        guard let coordinator else {
            throw .misuse(.coordinatorUnavailable(.navigate(transition.kind), .released))
        }
        return try coordinator.navigate(transition)
    }

    /// Navigates through the screen's coordinator and asks for the new screen's result, as
    /// ``AppCoordinator/navigate(_:force:expecting:onResult:)`` does: what a screen uses to hear its
    /// alert's answer, or a picker's choice.
    ///
    /// ```swift
    /// let discard = AlertContent(
    ///     title: "Discard your changes?",
    ///     buttons: [
    ///         AlertContent.Button("Discard", role: .destructive, value: true),
    ///         AlertContent.Button("Cancel", role: .cancel),
    ///     ])
    /// try context.navigate(.alert(discard)) { [context] result in
    ///     if result.value(as: Bool.self) == true { _ = try? context.navigate(.dismiss()) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - transition: The navigation to perform.
    ///   - onResult: Called exactly once, with the value the new screen finishes with (the
    ///     button an alert's user tapped) or with ``ScreenResult/cancelled``.
    /// - Returns: The transition that was applied, or `nil` when the request was already
    ///   satisfied.
    /// - Throws: What the coordinator throws, or
    ///   ``NavigationError/Misuse/coordinatorUnavailable(_:)`` when it has been released or is not an
    ///   ``AppCoordinator`` (a test double hears no results).
    @MainActor @discardableResult
    public func navigate(
        _ transition: ApplicationTransitionType,
        onResult: @escaping @MainActor (ScreenResult) -> Void
    ) throws(NavigationError) -> TransitionEvent? {
        try app(for: .navigateForResult(transition.kind)).navigate(transition, onResult: onResult)
    }

    /// Finishes this screen with `value`: removes it (a pop, or a dismiss when it is the first
    /// screen of a modal) and delivers `value` to the code that navigated to it, exactly once.
    ///
    /// - Parameters:
    ///   - value: The result, such as the choice a picker made.
    ///   - animated: Whether to animate the removal.
    /// - Returns: The transition that removed the screen, or `nil` when a guard redirected the
    ///   removal to a request that changed nothing (the screen then stays, and nothing is
    ///   delivered).
    /// - Throws: ``NavigationError/Refusal/finishingScreenNotVisible(_:visible:)`` when this screen is
    ///   not the visible one, ``NavigationError/Input/wrongResultType(screen:expected:given:)`` when
    ///   the code that navigated here asked for a result of another type, what the removal
    ///   throws (a guard may reject it), or ``NavigationError/Misuse/coordinatorUnavailable(_:)``
    ///   when the coordinator has been released or is not an ``AppCoordinator``. Nothing is
    ///   delivered and nothing leaves then.
    @MainActor @discardableResult
    public func finish(with value: any Sendable, animated: Bool = true) throws(NavigationError)
        -> TransitionEvent?
    {
        try app(for: .finish).navigator.finish(screen, with: value, animated: animated)
    }

    /// Lets the screen refuse to be left, for example while it has unsaved changes.
    ///
    /// Before any navigation the app starts would remove the screen, `veto` is asked; a reason
    /// it returns fails that navigation with
    /// ``NavigationError/GuardFailure/leavingVetoed(scene:screen:reason:)``, and `nil` lets it go.
    ///
    /// A navigation with `force: true`, and a platform report (the user already swiped), leave
    /// the screen regardless. Call it again with `nil` to remove the veto.
    ///
    /// ```swift
    /// try context.vetoLeaving { [weak self] in
    ///     self?.hasUnsavedChanges == true ? "it has unsaved changes" : nil
    /// }
    /// ```
    ///
    /// A screen that is no longer in the tree (it left, its window closed, its coordinator was
    /// released) keeps no veto: nothing can leave it again, so the call does nothing.
    ///
    /// - Parameter veto: Returns why the screen must stay, or `nil`.
    /// - Throws: ``NavigationError/Misuse/coordinatorUnavailable(_:)`` when the context's coordinator
    ///   is not an ``AppCoordinator``: a test double keeps no vetoes, so a veto is tested with an
    ///   `AppCoordinator`.
    @MainActor
    public func vetoLeaving(_ veto: (@MainActor () -> String?)?) throws(NavigationError) {
        guard let coordinator else { return }
        guard let app = coordinator as? AppCoordinator else {
            throw .misuse(.coordinatorUnavailable(.vetoLeaving, .notAnAppCoordinator))
        }
        app.navigator.setLeaveVeto(screen, veto)
    }

    /// Performs the navigation a guard redirected to this screen (after a sign-in, say).
    ///
    /// The guards run again, so the original navigation now goes through if the condition that
    /// redirected it holds.
    ///
    /// A navigation goes through any ``AppCoordinatorType``, a test double's too; a link or a
    /// snapshot needs an ``AppCoordinator``.
    ///
    /// - Returns: The transition applied, or `nil` when the screen was not reached by a redirect.
    /// - Throws: What the original navigation throws, or
    ///   ``NavigationError/Misuse/coordinatorUnavailable(_:)`` when the coordinator has been released
    ///   or cannot open a link or a snapshot.
    @MainActor @discardableResult
    public func continueRedirectedNavigation() throws(NavigationError) -> TransitionEvent? {
        switch redirectedFrom {
        case .transition(let request):
            return try navigate(request)
        case .open(let link):
            return try app(for: .continueRedirectedNavigation).open(link)?.transition
        case .restore(let snapshot):
            return try app(for: .continueRedirectedNavigation).restore(snapshot)
        case .report, nil:
            return nil
        }
    }

    /// The screen's coordinator, when it is an ``AppCoordinator``, for `request`.
    ///
    /// - Throws: ``NavigationError/Misuse/coordinatorUnavailable(_:)`` when it has been released or
    ///   is another ``AppCoordinatorType``.
    @MainActor
    private func app(for request: NavigationError.CoordinatorRequest) throws(NavigationError)
        -> AppCoordinator
    {
        guard let coordinator else { throw .misuse(.coordinatorUnavailable(request, .released)) }
        guard let app = coordinator as? AppCoordinator else {
            throw .misuse(.coordinatorUnavailable(request, .notAnAppCoordinator))
        }
        return app
    }
}

/// What every context a coordinator makes shares: the coordinator, held weakly, and the
/// services.
final class CoordinatorLink: Sendable {
    weak let coordinator: (any AppCoordinatorType)?
    let services: ServiceRegistry

    init(coordinator: (any AppCoordinatorType)?, services: ServiceRegistry) {
        self.coordinator = coordinator
        self.services = services
    }
}
