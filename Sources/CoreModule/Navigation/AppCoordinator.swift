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
/// delivers screen results (``navigate(_:force:onResult:)``), and runs guards before each
/// navigation (`addGuard(_:)`, synchronous or asynchronous).
///
/// ## Observing
///
/// Observe with a closure (``observe(_:)``) or an `AsyncSequence` (``events(bufferingNewest:)``).
/// Observers are called after the tree has changed, in the order events happened; an observer
/// may navigate, and the events that follow are delivered after the current one reached every
/// observer. ``recentEvents`` keeps the newest events for diagnostics when the coordinator was made
/// with a `historyLimit` (none by default). Nothing grows without
/// bound: the history has a fixed capacity and each stream keeps only its newest events when its
/// reader falls behind.
@MainActor
public final class AppCoordinator: AppCoordinatorType {
    /// The registry this coordinator builds screens from.
    public let container: any SceneBuilderContainer

    /// The services builders and flows resolve: the container's when it is a
    /// ``DependencyContainer``.
    public let services: ServiceRegistry

    /// The payload types snapshots may keep (see ``snapshot()``): the container's when it is a
    /// ``DependencyContainer``.
    public let payloadTypes: PayloadTypes

    /// The current tree.
    public internal(set) var tree = ScreenTree()

    /// The most redirects one navigation may go through before it fails with
    /// ``NavigationError/redirectLoop(chain:)``.
    public var maximumRedirects = 8

    /// The scenes (registered names or route patterns) each tab hosts, by tab name, for links
    /// that name one stack and are opened over a tab root.
    ///
    /// Such a link goes to the tab whose first screen is the link's first scene; failing that,
    /// to the tab that hosts the link's first scene here, and then the link's screens go above
    /// that tab's first screen (see ``open(_:force:)``).
    ///
    /// ```swift
    /// coordinator.tabHosts = ["home": ["product/:id"], "inbox": ["Thread"]]
    /// ```
    public var tabHosts: [String: Set<SceneIdentifier>] = [:]

    /// Resolves, checks, asks and builds what each navigation plans; owns the guards, the
    /// numbers new screens get, and the kind of transition applied while app code runs.
    let runner: PlanRunner

    /// What every ``SceneContext`` this coordinator makes shares; made at first use, once the
    /// coordinator exists to be held weakly.
    lazy var link = CoordinatorLink(coordinator: self, services: services)

    /// The observers, streams and history, and the order of delivery.
    let eventHub: EventHub

    /// Flows, owners, results and leave vetoes: the screens' life beyond the tree.
    let lifecycle: ScreenLifecycle
    /// Asynchronous guards, the pending navigation and the held link; all empty unless used.
    lazy var asyncGate: AsyncGate = {
        let gate = AsyncGate(coordinator: self)
        runner.gate = gate
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
    ///   - historyLimit: How many recent events ``recentEvents`` keeps; 0, the default, keeps
    ///     none and costs nothing.
    public init(
        container: any SceneBuilderContainer, services: ServiceRegistry? = nil,
        payloadTypes: PayloadTypes? = nil, historyLimit: Int = 0
    ) {
        self.container = container
        let lifecycle = ScreenLifecycle()
        self.lifecycle = lifecycle
        self.runner = PlanRunner(resolver: SceneResolver(container), lifecycle: lifecycle)
        self.services =
            services ?? (container as? DependencyContainer)?.services ?? ServiceRegistry()
        self.payloadTypes =
            payloadTypes ?? (container as? DependencyContainer)?.payloadTypes ?? PayloadTypes()
        self.eventHub = EventHub(historyLimit: historyLimit)
    }

    isolated deinit {
        eventHub.finishStreams()
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
    /// - Throws: ``NavigationError``:
    ///   - `unknownScene` or `invalidSceneIdentifier` when the scene cannot be resolved;
    ///   - `missingParameter` or `malformedParameter` when a required parameter is wrong;
    ///   - `noRoot` for anything but `root` before the first root;
    ///   - `cannotPopFirstScreen` when the top-most stack holds one screen;
    ///   - `sceneNotInStack` when `popTo` names no screen below the top;
    ///   - `nothingToDismiss` when no modal is presented;
    ///   - `rejectedByGuard`, `redirectLoop` or `leavingVetoed` from guards and vetoes;
    ///   - `builderFailed` when the builder throws;
    ///   - `reentrantNavigation` when called from inside a builder.
    @discardableResult
    public func navigate(_ type: ApplicationTransitionType) throws(NavigationError)
        -> TransitionEvent?
    {
        try perform(type, options: NavigationOptions())
    }

    /// Applies `type`, optionally leaving screens that veto it, and asks for the new screen's
    /// result.
    ///
    /// - Parameters:
    ///   - type: The navigation to perform.
    ///   - force: Whether to leave screens that veto leaving (see
    ///     ``SceneContext/vetoLeaving(_:)``). Guards still run.
    ///   - onResult: For `root`, `push` and `present`: called exactly once, with the value the
    ///     new screen finishes with (``SceneContext/finish(with:animated:)``) or with
    ///     ``ScreenResult/cancelled`` when it leaves the tree without one.
    /// - Returns: The transition that was applied, or `nil` when the request was already
    ///   satisfied (see ``navigate(_:)``).
    /// - Throws: What ``navigate(_:)`` throws.
    @discardableResult
    public func navigate(
        _ type: ApplicationTransitionType, force: Bool = false,
        onResult: (@MainActor (ScreenResult) -> Void)? = nil
    ) throws(NavigationError) -> TransitionEvent? {
        try perform(
            type,
            options: NavigationOptions(force: force, onResult: onResult.map { ResultHandler($0) }))
    }

    /// Applies `type` and asks for the new screen's result, of type `Result`.
    ///
    /// The result is checked when the screen finishes: a value of another type fails that
    /// screen's ``SceneContext/finish(with:animated:)`` with
    /// ``NavigationError/wrongResultType(screen:expected:given:)``, and nothing leaves the tree.
    ///
    /// ```swift
    /// try coordinator.navigate(.present(scene: "PickColor"), expecting: Color.self) { result in
    ///     if let color = result.value(as: Color.self) { paint(color) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The navigation to perform.
    ///   - force: Whether to leave screens that veto leaving.
    ///   - resultType: The type of the result the new screen must finish with.
    ///   - onResult: Called exactly once, with the value or with ``ScreenResult/cancelled``.
    /// - Returns: The transition that was applied, or `nil` when the request was already
    ///   satisfied.
    /// - Throws: What ``navigate(_:)`` throws.
    @discardableResult
    public func navigate<Result: Sendable>(
        _ type: ApplicationTransitionType, force: Bool = false, expecting resultType: Result.Type,
        onResult: @escaping @MainActor (ScreenResult) -> Void
    ) throws(NavigationError) -> TransitionEvent? {
        try perform(
            type,
            options: NavigationOptions(
                force: force, onResult: ResultHandler(onResult, expecting: resultType))
        )
    }

    /// Performs a request for the app or a flow: plan (guards, vetoes, builder), then commit.
    func perform(_ request: ApplicationTransitionType, options: NavigationOptions)
        throws(NavigationError)
        -> TransitionEvent?
    {
        try enter(.transition(request), kind: request.kind, scene: request.scene) {
            () throws(NavigationError) in
            try attemptFollowingRedirects(request, options: options, origin: nil)
        }
    }

    /// The one way in for every synchronous entry point (a request, a link, a universal link,
    /// a snapshot, a platform report): it refuses a navigation started while a builder, guard
    /// or veto runs, cancels the pending navigation (a newer request wins; a report does not
    /// cancel it, since what the user did applies at once), counts a navigation an observer
    /// starts, runs `body`, and publishes its failure before throwing it.
    ///
    /// - Parameters:
    ///   - operation: What is entered, as observers and errors name it; made only when needed.
    ///   - kind: The kind of transition it is, for the re-entrancy and loop errors.
    ///   - scene: The scene it names, if any, for the loop error.
    ///   - isReport: Whether it is a platform report.
    ///   - body: The entry point's own work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, ``NavigationError/reentrantNavigation(_:during:)`` or
    ///   ``NavigationError/observerNavigationLoop(limit:kind:scene:)``.
    func enter<Value>(
        _ operation: @autoclosure () -> NavigationOperation, kind: TransitionKind,
        scene: @autoclosure () -> SceneIdentifier? = nil, isReport: Bool = false,
        _ body: () throws(NavigationError) -> Value
    ) throws(NavigationError) -> Value {
        do throws(NavigationError) {
            if let applying = runner.applying {
                throw .reentrantNavigation(kind, during: applying)
            }
            if !isReport {
                runner.gate?.cancelPending(by: operation())
                try eventHub.countObserverNavigation(kind, scene: scene())
            }
            return try body()
        } catch {
            publish(.failure(NavigationFailure(operation: operation(), error: error)))
            throw error
        }
    }

    /// Attempts `request`, then each navigation a guard redirects it to, until one applies.
    ///
    /// The applied one remembers `origin`, or else `request` when it was redirected.
    ///
    /// - Throws: What the attempts throw, or ``NavigationError/redirectLoop(chain:)`` when the
    ///   chain grows past ``maximumRedirects`` or comes back to a navigation already in it.
    func attemptFollowingRedirects(
        _ request: ApplicationTransitionType, options: NavigationOptions,
        origin: NavigationOperation?
    ) throws(NavigationError) -> TransitionEvent? {
        var current = request
        var chain = RedirectChain()
        while true {
            let redirectedFrom = origin ?? (chain.isEmpty ? nil : .transition(request))
            guard let plan = try TransitionPlanner.plan(current, in: tree) else { return nil }
            switch try runner.run(
                plan, in: tree, force: options.force, redirectedFrom: redirectedFrom, link: link)
            {
            case .edit(let edit):
                return commit(
                    TreeChange(
                        kind: plan.kind, animated: plan.animated, edit: edit,
                        redirectedFrom: redirectedFrom), options: options)
            case .redirect(let next):
                try chain.follow(from: current, to: next, limit: maximumRedirects)
                current = next
            }
        }
    }

    /// Adds a guard; guards run in the order they were added.
    ///
    /// - Parameter rule: The guard.
    public func addGuard(_ rule: NavigationGuard) {
        runner.guards.append(rule)
    }

    /// Removes every guard named `name`, synchronous or asynchronous.
    ///
    /// - Parameter name: The guard's name.
    public func removeGuard(named name: String) {
        runner.guards.removeAll { $0.name == name }
        runner.gate?.guards.removeAll { $0.name == name }
    }

    /// The names of the guards: the asynchronous ones first, since they are asked first, then
    /// the synchronous ones; each in the order it runs.
    public var guardNames: [String] {
        (runner.gate?.guards.map(\.name) ?? []) + runner.guards.map(\.name)
    }

    // MARK: Committing

    /// Applies a checked change, does the bookkeeping, and reports it.
    ///
    /// Every change to the tree, requested or reported by the platform, goes through here:
    /// the tree is changed in one step, the event made once, then handed to observers.
    func commit(_ change: TreeChange, options: NavigationOptions = NavigationOptions())
        -> TransitionEvent
    {
        let tracked = !lifecycle.isEmpty || options.owner != nil || options.onResult != nil
        var leaving: [Screen] = []
        var added: [Screen] = []
        if tracked {
            leaving = tree.leavingScreens(change.edit)
            added = tree.addedScreens(change.edit)
        }
        // What the user did through the platform is already on screen: nothing to plan.
        let applied = tree.apply(
            change.edit, planning: change.initiator == .app, animated: change.animated)
        // The transition is about the screen it added (the visible one, when it added several),
        // or else the visible screen that left.
        let about: ScreenLocation
        switch (change.kind, applied.from) {
        case (.pop, let from?), (.popTo, let from?), (.popToRoot, let from?),
            (.dismiss, let from?), (.dismissAll, let from?):
            about = from
        default:
            about = applied.to
        }
        var style: PresentationStyle?
        if case .present(_, _, _, let presented) = change.edit { style = presented }
        // A universal link's stack presented in one modal.
        if case .presentOnBase(_, _, _, let presented) = change.edit { style = presented }
        let event = TransitionEvent(
            sequence: runner.counters.nextSequence(), kind: change.kind, scene: about.scene,
            screen: about.screen, from: applied.from, to: applied.to,
            removedCount: applied.removedCount, animated: change.animated,
            initiator: change.initiator, redirectedFrom: change.redirectedFrom,
            stack: applied.stack, style: style, tab: applied.tab, plan: applied.plan)
        if tracked {
            lifecycle.settle(
                options: options, removed: leaving.map(\.id), added: added.map(\.id),
                resultScreen: change.kind.addsScreen ? applied.to.screen : nil, event: event,
                publish: publish)
        } else {
            publish(.transition(event))
        }
        return event
    }

}
