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
/// (``open(_:format:force:)``, ``restore(_:force:)``), follows what the platform did on its own
/// (``report(_:)``), runs flows whose life follows their screens (``startFlow(_:key:)``),
/// delivers screen results (``navigate(_:force:onResult:)``), and runs guards before each
/// navigation (``addGuard(_:)``).
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

    // The coordinator's state is main-actor isolated and never accessed re-entrantly in
    // overlapping ways (a builder cannot navigate while a transition is applied), so the dynamic
    // exclusivity checks are turned off: on Linux they take about a third of a transition
    // (push + pop: 640 ns with them, 450 ns without, in the benchmark). This stays until the
    // transition path is rewritten with the tree (issue 15), which will touch the coordinator's
    // state once per phase instead of some twenty times.
    /// The current tree.
    @exclusivity(unchecked) public internal(set) var tree = ScreenTree()

    /// The most redirects one navigation may go through before it fails with
    /// ``NavigationError/redirectLoop(chain:)``.
    public var maximumRedirects = 8

    /// The most navigations observers may start while one event is delivered (see
    /// ``NavigationError/observerNavigationLoop(limit:kind:scene:)``); 50 by default.
    public var maximumObserverNavigations = 50

    @exclusivity(unchecked) var nextScreenNumber: UInt64 = 1
    @exclusivity(unchecked) var nextSequence: UInt64 = 1
    /// The kind of transition being applied while a builder, guard or veto runs: a navigation
    /// started then is rejected.
    @exclusivity(unchecked) var applying: TransitionKind?

    /// The container as a ``DependencyContainer``, whose lookups skip wrapping the builder.
    let registry: DependencyContainer?

    /// What every ``SceneContext`` this coordinator makes shares.
    let link: CoordinatorLink

    // Observation.
    @exclusivity(unchecked) var history: RingBuffer<NavigationEvent>
    @exclusivity(unchecked) var observers = ObserverList()
    @exclusivity(unchecked) var streams: [UInt64: AsyncStream<NavigationEvent>.Continuation] = [:]
    @exclusivity(unchecked) var nextObserverID: UInt64 = 1
    /// While an event is delivered, the tree as it was right after that event.
    @exclusivity(unchecked) var treeAtEvent: ScreenTree?
    @exclusivity(unchecked) var delivery = Delivery()

    // Guards, flows, results and leave vetoes; all empty unless used.
    @exclusivity(unchecked) var guards: [NavigationGuard] = []
    @exclusivity(unchecked) var flowsByKey: [String: FlowCoordinator] = [:]
    @exclusivity(unchecked) var owners: [ScreenID: FlowCoordinator] = [:]
    @exclusivity(unchecked) var resultHandlers: [ScreenID: @MainActor (ScreenResult) -> Void] = [:]
    @exclusivity(unchecked) var leaveVetoes: [ScreenID: @MainActor () -> String?] = [:]

    /// Creates a coordinator with an empty window.
    ///
    /// - Parameters:
    ///   - container: The registry to build screens from.
    ///   - services: The services for builders and flows; by default the container's own when it
    ///     is a ``DependencyContainer``, else an empty registry.
    ///   - historyLimit: How many recent events ``recentEvents`` keeps; 0, the default, keeps
    ///     none and costs nothing.
    public init(
        container: any SceneBuilderContainer, services: ServiceRegistry? = nil,
        historyLimit: Int = 0
    ) {
        self.container = container
        self.registry = container as? DependencyContainer
        self.services =
            services ?? (container as? DependencyContainer)?.services ?? ServiceRegistry()
        self.history = RingBuffer(capacity: historyLimit)
        self.link = CoordinatorLink(coordinator: nil, services: self.services)
        link.coordinator = self
    }

    isolated deinit {
        for continuation in streams.values {
            continuation.finish()
        }
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
        try perform(type, options: Options())
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
        try perform(type, options: Options(force: force, onResult: onResult))
    }

    /// How a navigation is performed, beyond its request.
    struct Options {
        var force = false
        var owner: FlowCoordinator?
        var onResult: (@MainActor (ScreenResult) -> Void)?
    }

    /// Performs a request for the app or a flow: plan (guards, vetoes, builder), then commit.
    func perform(_ request: ApplicationTransitionType, options: Options) throws(NavigationError)
        -> TransitionEvent?
    {
        do throws(NavigationError) {
            if let applying { throw .reentrantNavigation(request.kind, during: applying) }
            try countObserverNavigation(request.kind, scene: request.scene)
            return try attemptFollowingRedirects(request, options: options, origin: nil)
        } catch {
            publish(.failure(NavigationFailure(request: request, error: error)))
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
        _ request: ApplicationTransitionType, options: Options, origin: NavigationOperation?
    ) throws(NavigationError) -> TransitionEvent? {
        var current = request
        var chain: [ApplicationTransitionType] = []
        while true {
            let redirectedFrom = origin ?? (chain.isEmpty ? nil : .transition(request))
            switch try attempt(current, options: options, redirectedFrom: redirectedFrom) {
            case .applied(let event):
                return event
            case .unchanged:
                return nil
            case .redirect(let next):
                chain.append(current)
                guard chain.count <= maximumRedirects, !chain.contains(next) else {
                    throw .redirectLoop(chain: chain + [next])
                }
                current = next
            }
        }
    }

    /// A change ready to commit: everything that can fail has been checked and built.
    struct Change {
        enum Addition {
            case none
            case root(Screen)
            case push(Screen)
            case present(Screen)
            case tree(ScreenTree)
        }

        var kind: TransitionKind
        var animated: Bool
        var initiator: TransitionInitiator = .app
        /// Screens from this offset on leave the tree.
        var removeFrom: Int?
        var addition: Addition = .none
        var redirectedFrom: NavigationOperation?
    }

    /// What an attempt at a request came to: applied, already satisfied, or redirected by a
    /// guard.
    enum Attempt {
        case applied(TransitionEvent)
        case unchanged
        case redirect(ApplicationTransitionType)
    }

    /// Checks `request` against the tree, the guards and the vetoes, builds its screen, and
    /// commits it, unless a guard redirects it.
    func attempt(
        _ request: ApplicationTransitionType, options: Options,
        redirectedFrom: NavigationOperation?
    ) throws(NavigationError) -> Attempt {
        let kind = request.kind
        let animated = request.animated
        var change = Change(kind: kind, animated: animated, redirectedFrom: redirectedFrom)
        switch request {
        case .root(let scene, let parameters, _), .push(let scene, let parameters, _),
            .present(let scene, let parameters, _):
            if kind != .root, tree.isEmpty { throw .noRoot(kind) }
            let resolved = try resolveTarget(scene)
            let merged = try checkedParameters(parameters, for: resolved)
            if !guards.isEmpty,
                let redirect = try runGuards(
                    NavigationAttempt(
                        kind: kind, scene: resolved.scene, parameters: merged, leaving: nil,
                        tree: tree))
            {
                return .redirect(redirect)
            }
            if kind == .root {
                if let redirect = try checkLeaving(from: 0, kind: kind, force: options.force) {
                    return .redirect(redirect)
                }
                change.removeFrom = 0
            }
            let screen = try build(resolved, merged, for: kind, redirectedFrom: redirectedFrom)
            switch kind {
            case .root: change.addition = .root(screen)
            case .push: change.addition = .push(screen)
            default: change.addition = .present(screen)
            }

        case .pop, .popToRoot, .popTo, .dismiss, .dismissAll:
            guard let visible = tree.visibleScreen else { throw .noRoot(kind) }
            guard let offset = try removalOffset(for: request, visible: visible) else {
                return .unchanged
            }
            if let redirect = try checkLeaving(from: offset, kind: kind, force: options.force) {
                return .redirect(redirect)
            }
            change.removeFrom = offset
        }
        return .applied(commit(change, options: options))
    }

    /// Where the screens a removal takes away begin, `nil` when a "go home" request is already
    /// home, or the error that forbids it.
    func removalOffset(for request: ApplicationTransitionType, visible: Screen)
        throws(NavigationError) -> Int?
    {
        let count = tree.screenCount
        let topCount = tree.topStackCount
        switch request {
        case .pop:
            guard topCount > 1 else { throw .cannotPopFirstScreen(visible.scene, kind: .pop) }
            return count - 1
        case .popToRoot:
            guard topCount > 1 else { return nil }
            return count - topCount + 1
        case .popTo(let scene, _):
            let stack = tree.stack(at: tree.stackCount - 1)
            guard let index = stack.dropLast().lastIndex(where: { $0.scene == scene }) else {
                try scene.validate()
                throw .sceneNotInStack(scene, stack: stack.map(\.scene))
            }
            return count - topCount + index + 1
        case .dismiss:
            guard tree.modalCount > 0 else { throw .nothingToDismiss(visible: visible.scene) }
            return count - topCount
        case .dismissAll:
            guard tree.modalCount > 0 else { return nil }
            return tree.stack(at: 0).count
        case .root, .push, .present:
            return count
        }
    }

    // MARK: Building

    /// Finds the scene a navigation names.
    func resolveTarget(_ scene: SceneIdentifier) throws(NavigationError) -> ResolvedTarget {
        if let registry { return try registry.resolveTarget(scene) }
        return ResolvedTarget(try container.resolve(scene))
    }

    /// Adds route parameters to `parameters` and checks the pattern's and the builder's
    /// required parameters.
    func checkedParameters(_ parameters: SceneParameters, for resolved: ResolvedTarget)
        throws(NavigationError) -> SceneParameters
    {
        let parameters = parameters.merging(resolved.routeParameters)
        for name in resolved.routeParameterNames where parameters[name] == nil {
            throw .missingParameter(scene: resolved.scene, name: name)
        }
        for (name, type) in resolved.registration.requiredParameters {
            guard let value = parameters[name] else {
                throw .missingParameter(scene: resolved.scene, name: name)
            }
            guard type.accepts(value) else {
                throw .malformedParameter(
                    scene: resolved.scene, name: name, value: value, expected: type)
            }
        }
        return parameters
    }

    /// Runs the builder for a resolved scene as a new screen.
    ///
    /// The screen's identity is used up as soon as its builder is called, even if the build or
    /// the navigation then fails: the builder may have kept its context, and a later screen must
    /// never answer to it. Changes nothing else.
    func build(
        _ resolved: ResolvedTarget, _ parameters: SceneParameters, for kind: TransitionKind,
        redirectedFrom: NavigationOperation?
    ) throws(NavigationError) -> Screen {
        let id = ScreenID(nextScreenNumber)
        nextScreenNumber += 1
        let context = SceneContext(
            scene: resolved.scene, screen: id, parameters: parameters, link: link,
            redirectedFrom: redirectedFrom)
        let previous = applying
        applying = kind
        defer { applying = previous }
        let content: any ScreenContent
        do {
            content = try resolved.registration.makeScreen(in: context)
        } catch let error as NavigationError {
            leaveVetoes[id] = nil
            throw error
        } catch {
            leaveVetoes[id] = nil
            throw .builderFailed(resolved.scene, reason: String(describing: error))
        }
        return Screen(id: id, scene: resolved.scene, parameters: parameters, content: content)
    }

    /// Reports a committed change that involves flows, results or vetoes, and does their
    /// bookkeeping: ownership, cancelled results, finished flows.
    private func settle(
        _ change: Change, options: Options, removed: [ScreenID], added: ScreenID?,
        event: TransitionEvent
    ) {
        // Ownership of the new screen is recorded first, so that a flow replacing its own
        // screens (a new root) never drops to zero on the way.
        if let owner = options.owner {
            if case .tree(let built) = change.addition {
                for screen in built.screens { recordOwnership(of: screen.id, by: owner) }
            } else if let added {
                recordOwnership(of: added, by: owner)
            }
        }
        var cancelled: [@MainActor (ScreenResult) -> Void] = []
        var finished: [FlowCoordinator] = []
        for id in removed {
            leaveVetoes[id] = nil
            if let handler = resultHandlers.removeValue(forKey: id) { cancelled.append(handler) }
            if let owner = owners.removeValue(forKey: id) {
                releaseOwnership(of: owner, finished: &finished)
            }
        }
        if let onResult = options.onResult, let added {
            resultHandlers[added] = onResult
        }
        let finishing = finished.flatMap(markFinished)
        publish(.transition(event))
        for handler in cancelled { handler(.cancelled) }
        for flow in finishing { notifyFinished(flow, event: event) }
    }

    // MARK: Guards and vetoes

    /// Runs the guards on `attempt`: `nil` to go on, a redirect, or a rejection thrown.
    func runGuards(_ attempt: NavigationAttempt) throws(NavigationError)
        -> ApplicationTransitionType?
    {
        guard !guards.isEmpty else { return nil }
        // A guard that navigates would act on a tree this navigation is about to change.
        let previous = applying
        applying = attempt.kind
        defer { applying = previous }
        for rule in guards {
            switch rule.decide(attempt) {
            case .allow:
                continue
            case .reject(let reason):
                throw .rejectedByGuard(
                    name: rule.name, kind: attempt.kind, scene: attempt.scene, reason: reason)
            case .redirect(let next):
                return next
            }
        }
        return nil
    }

    /// Runs the guards and, unless forced, the vetoes of every screen from `offset` on, top
    /// first.
    func checkLeaving(from offset: Int, kind: TransitionKind, force: Bool) throws(NavigationError)
        -> ApplicationTransitionType?
    {
        guard !guards.isEmpty || (!force && !leaveVetoes.isEmpty) else { return nil }
        let leaving = tree.screens[offset...]
        for screen in leaving.reversed() {
            if let redirect = try runGuards(
                NavigationAttempt(
                    kind: kind, scene: screen.scene, parameters: screen.parameters,
                    leaving: screen.id, tree: tree))
            {
                return redirect
            }
            if !force, let veto = leaveVetoes[screen.id], let reason = askVeto(veto, kind: kind) {
                throw .leavingVetoed(scene: screen.scene, screen: screen.id, reason: reason)
            }
        }
        return nil
    }

    /// Asks a veto, rejecting any navigation it attempts meanwhile.
    private func askVeto(_ veto: @MainActor () -> String?, kind: TransitionKind) -> String? {
        let previous = applying
        applying = kind
        defer { applying = previous }
        return veto()
    }

    /// Adds a guard; guards run in the order they were added.
    ///
    /// - Parameter rule: The guard.
    public func addGuard(_ rule: NavigationGuard) {
        guards.append(rule)
    }

    /// Removes every guard named `name`.
    ///
    /// - Parameter name: The guard's name.
    public func removeGuard(named name: String) {
        guards.removeAll { $0.name == name }
    }

    /// The names of the guards, in the order they run.
    public var guardNames: [String] { guards.map(\.name) }

    // MARK: Committing

    /// Applies a checked change, does the bookkeeping, and reports it.
    func commit(_ change: Change, options: Options = Options()) -> TransitionEvent {
        let from = tree.visibleLocation
        let tracking = !owners.isEmpty || !resultHandlers.isEmpty || !leaveVetoes.isEmpty
        var removedIDs: [ScreenID] = []
        var removedCount = 0
        if let offset = change.removeFrom {
            removedCount = tree.screenCount - offset
            if tracking { removedIDs = tree.screens[offset...].map(\.id) }
            tree.removeSuffix(from: offset)
        }
        // The transition is about the screen it added, or else the visible screen that left.
        var addedID: ScreenID?
        let to: ScreenLocation
        switch change.addition {
        case .none:
            to = tree.lastLocation()
        case .root(let screen):
            to = tree.replaceAll(with: screen)
            addedID = to.screen
        case .push(let screen):
            to = tree.push(screen)
            addedID = to.screen
        case .present(let screen):
            to = tree.present(screen)
            addedID = to.screen
        case .tree(let built):
            tree = built
            to = tree.lastLocation()
            addedID = to.screen
        }
        let event = TransitionEvent(
            sequence: nextSequence, kind: change.kind, aboutFrom: addedID == nil, from: from,
            to: to, removedCount: removedCount,
            animated: change.animated, initiator: change.initiator,
            redirectedFrom: change.redirectedFrom)
        nextSequence += 1

        if tracking || options.owner != nil || options.onResult != nil {
            settle(
                change, options: options, removed: removedIDs, added: addedID, event: event)
        } else {
            publish(.transition(event))
        }
        return event
    }
}
