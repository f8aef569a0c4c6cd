/// Navigates by scene name over a headless screen tree.
///
/// The coordinator resolves each scene's builder in its container, builds the screen, applies the
/// transition to its ``tree`` and reports an event. It runs on the main actor, like the UI code
/// that calls it.
///
/// ```swift
/// let coordinator = AppCoordinator(container: container)
/// try coordinator.navigate(.root(scene: "A1"))
/// try coordinator.navigate(.push(scene: "A2", parameters: ["id": "7"], animated: true))
/// print(coordinator.tree)
/// ```
///
/// Every navigation is atomic: it either applies completely and reports one
/// ``NavigationEvent/transition(_:)``, or throws a ``NavigationError``, leaves the tree exactly as
/// it was, and reports one ``NavigationEvent/failure(_:)``. Each transition costs O(1) amortized,
/// whatever the number of registered scenes or the depth of the tree.
///
/// Beyond transitions, the coordinator opens deep links and restores snapshots
/// (``open(_:force:)``, ``restore(_:force:)``), follows what the platform did on its own
/// (``report(_:)``), runs flows whose life follows their screens (``startFlow(_:key:)``),
/// delivers screen results (``navigate(_:force:expecting:onResult:)``), and runs guards before each
/// navigation (`addGuard(_:)`, synchronous or asynchronous).
///
/// ## Observing
///
/// Observe with a closure (``observe(_:)``); a renderer attaches with
/// ``attach(_:renderingCurrentTree:)``. Observers are called after the tree has changed, in the
/// order events happened; an observer may navigate, and the events that follow are delivered
/// after the current one reached every observer.
@MainActor
public final class AppCoordinator: AppCoordinatorType {
    /// The registry this coordinator builds screens from.
    package let container: any SceneBuilderContainer

    /// The services builders and flows resolve: the container's when it is a
    /// ``DependencyContainer``.
    public let services: ServiceRegistry

    /// The payload types snapshots may keep (see ``snapshot()``): the container's when it is a
    /// ``DependencyContainer``.
    package let payloadTypes: PayloadTypes

    /// The clock that measures ``guardTimeLimit``, given at creation.
    package let guardClock: any Clock<Duration>

    /// How long an asynchronous guard may take to answer, on ``guardClock``, given at creation.
    package let guardTimeLimit: Duration

    /// The current tree.
    public var tree: ScreenTree { navigator.tree }

    /// The window this coordinator navigates, when a ``WindowRegistry`` made it.
    public var window: WindowID? { navigator.window }

    /// The most redirects one navigation may go through before it fails with
    /// ``NavigationError/GuardFailure/redirectLoop(chain:)``.
    package var maximumRedirects: Int {
        get { navigator.maximumRedirects }
        set { navigator.maximumRedirects = newValue }
    }

    /// The scenes each tab hosts, by tab name, for links
    /// that name one stack and are opened over a tab root.
    ///
    /// Such a link goes to the tab whose first screen is the link's first scene; failing that,
    /// to the tab that hosts the link's first scene here, and then the link's screens go above
    /// that tab's first screen (see ``open(_:force:)``).
    ///
    /// ```swift
    /// coordinator.tabHosts = ["home": ["Product"], "inbox": ["Thread"]]
    /// ```
    public var tabHosts: [String: Set<SceneIdentifier>] {
        get { navigator.tabHosts }
        set { navigator.tabHosts = newValue }
    }

    /// Runs each navigation: the tree, the parts that plan, build and report, and the commit.
    let navigator: Navigator

    /// The coordinator's observable state for SwiftUI (an `ObservableNavigation`), made the
    /// first time a SwiftUI host asks for it and kept as long as the coordinator: see
    /// `ObservableNavigation.of(_:)`.
    package var swiftUIState: AnyObject?

    /// Asynchronous guards, the pending navigation and the held link; all empty unless used.
    lazy var asyncGate: AsyncGate = {
        let gate = AsyncGate(coordinator: self)
        gate.clock = guardClock
        gate.timeLimit = guardTimeLimit
        navigator.runner.gate = gate
        return gate
    }()

    /// Creates a coordinator with an empty window.
    ///
    /// - Parameters:
    ///   - container: The registry to build screens from.
    ///   - services: The services for builders and flows; by default the container's own when it
    ///     is a ``DependencyContainer``, else an empty registry.
    ///   - payloadTypes: The payload types snapshots may keep; by default the container's own
    ///     when it is a ``DependencyContainer``, else an empty table.
    ///   - guardTimeLimit: How long an asynchronous guard may take to answer; past it, the
    ///     navigation fails with ``NavigationError/GuardFailure/guardTimedOut(name:kind:scene:limit:)`` and
    ///     changes nothing, the guard's task is cancelled and its answer, should it come, is
    ///     dropped. 10 seconds by default.
    ///   - guardClock: The clock that measures `guardTimeLimit`; a `ContinuousClock` by default.
    ///     Tests give a clock they drive (`ManualClock` from `CoreModuleTesting`), so that a
    ///     guard that never answers times out without a real wait.
    public convenience init(
        container: any SceneBuilderContainer, services: ServiceRegistry? = nil,
        payloadTypes: PayloadTypes? = nil, guardTimeLimit: Duration = .seconds(10),
        guardClock: any Clock<Duration> = ContinuousClock()
    ) {
        self.init(
            container: container, services: services, payloadTypes: payloadTypes,
            guardTimeLimit: guardTimeLimit, guardClock: guardClock, historyLimit: 0)
    }

    /// Creates a coordinator with an empty window that keeps its newest `historyLimit` events
    /// (``recentEvents``), for the package's diagnostics and tests.
    package init(
        container: any SceneBuilderContainer, services: ServiceRegistry? = nil,
        payloadTypes: PayloadTypes? = nil, guardTimeLimit: Duration = .seconds(10),
        guardClock: any Clock<Duration> = ContinuousClock(), historyLimit: Int
    ) {
        self.container = container
        self.services = container.services(or: services)
        self.payloadTypes = container.payloadTypes(or: payloadTypes)
        self.guardTimeLimit = guardTimeLimit
        self.guardClock = guardClock
        self.navigator = Navigator(
            container: container, services: self.services, historyLimit: historyLimit)
        navigator.owner = self
    }

    // MARK: Navigating

    /// Applies `type` to the screen tree, or throws and changes nothing.
    ///
    /// Scene transitions (`root`, `push`, `present`) look the scene up, run the guards, check
    /// its required parameters, call its builder with a ``SceneContext``, then change the tree.
    /// The others run the guards and the leaving screens' vetoes, then change the tree. Either
    /// way, the result is reported to observers.
    ///
    /// A "go home" request that is already home succeeds and changes nothing: `popToRoot` on a
    /// stack that holds one screen, and `dismissAll` with nothing presented, return `nil`,
    /// publish no event and run no guard, as UIKit's `popToRootViewController(animated:)`
    /// returns no screens. (`pop` on a stack's first screen and `dismiss` with nothing presented
    /// are errors: they ask for one screen to leave, and none can.)
    ///
    /// - Parameter type: The navigation to perform.
    /// - Returns: The transition that was applied, or `nil` when the request was already
    ///   satisfied and nothing changed.
    /// - Throws: ``NavigationError``, the tree unchanged; docs/navigation-model.md lists every
    ///   request's failures. The common ones:
    ///   - `unknownScene` or `invalidSceneIdentifier` when the scene cannot be resolved;
    ///   - `missingParameter`, `malformedParameter`, `missingPayload` or `wrongPayloadType`
    ///     when what the builder declares it needs is not given;
    ///   - `noRoot` for anything but `root`, `tabs` and `split` before the first root;
    ///   - `cannotPopFirstScreen`, `sceneNotInStack`, `nothingToDismiss` when there is nothing
    ///     to pop or dismiss;
    ///   - `alertIsPresented` for a push, present, pop or stack change while an alert shows;
    ///   - the tab and split requests' own (`noTabRoot`, `unknownTab`, `noSplitRoot`, …) and
    ///     `invalidPresentationStyle`, `emptyStack`, `invalidAlert`;
    ///   - `rejectedByGuard`, `redirectLoop` or `leavingVetoed` from guards and vetoes;
    ///   - `builderFailed` when the builder throws; `windowClosed` once the window closed;
    ///   - `reentrantNavigation` when called from inside a builder, a guard or a veto.
    @discardableResult
    public func navigate(_ type: ApplicationTransitionType) throws(NavigationError)
        -> TransitionEvent?
    {
        try navigator.perform(type, options: NavigationOptions())
    }

    /// Applies `type`, optionally leaving screens that veto it, and asks for the new screen's
    /// result.
    ///
    /// With `expecting`, the result's type is checked when the screen finishes: a value of
    /// another type fails that screen's ``SceneContext/finish(with:animated:)`` with
    /// ``NavigationError/Input/wrongResultType(screen:expected:given:)``, and nothing leaves the tree;
    /// for an alert, every button must answer that type. The handler reads the value with
    /// ``ScreenResult/value(as:)``.
    ///
    /// ```swift
    /// try coordinator.navigate(.present(scene: "PickColor"), expecting: Color.self) { result in
    ///     if let color = result.value(as: Color.self) { paint(color) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The navigation to perform.
    ///   - force: Whether to leave screens that veto leaving (see
    ///     ``SceneContext/vetoLeaving(_:)``). Guards still run.
    ///   - resultType: The type of the result the new screen must finish with; `nil`, the
    ///     default, accepts any.
    ///   - onResult: For `root`, `push` and `present`: called exactly once, with the value the
    ///     new screen finishes with (``SceneContext/finish(with:animated:)``) or with
    ///     ``ScreenResult/cancelled`` when it leaves the tree without one.
    /// - Returns: The transition that was applied, or `nil` when the request was already
    ///   satisfied (see ``navigate(_:)``).
    /// - Throws: What ``navigate(_:)`` throws.
    @discardableResult
    public func navigate(
        _ type: ApplicationTransitionType, force: Bool = false,
        expecting resultType: (any Sendable.Type)? = nil,
        onResult: (@MainActor (ScreenResult) -> Void)? = nil
    ) throws(NavigationError) -> TransitionEvent? {
        // A type to expect is checked even with no handler to call.
        let handler =
            onResult == nil && resultType == nil
            ? nil : ResultHandler(onResult ?? { _ in }, expecting: resultType)
        return try navigator.perform(
            type, options: NavigationOptions(force: force, onResult: handler))
    }

    /// Adds a guard; guards run in the order they were added.
    ///
    /// - Parameter rule: The guard.
    public func addGuard(_ rule: NavigationGuard) {
        // Changed in a copy and stored back, here and in `removeGuard(named:)`: no access to
        // the stored guards then spans other code, so that every navigation's reads of them
        // are checked when compiled rather than at run time.
        var guards = navigator.runner.guards
        guards.append(rule)
        navigator.runner.guards = guards
    }

    /// Removes every guard named `name`, synchronous or asynchronous.
    ///
    /// - Parameter name: The guard's name.
    public func removeGuard(named name: String) {
        navigator.runner.guards = navigator.runner.guards.filter { $0.name != name }
        navigator.runner.gate?.guards.removeAll { $0.name == name }
    }

    /// The names of the guards: the asynchronous ones first, since they are asked first, then
    /// the synchronous ones; each in the order it runs.
    package var guardNames: [String] {
        (navigator.runner.gate?.guards.map(\.name) ?? []) + navigator.runner.guards.map(\.name)
    }

}
