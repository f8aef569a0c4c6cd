extension AppCoordinator {
    // MARK: Asynchronous guards

    /// Adds an asynchronous guard; asynchronous guards are asked in the order they were added.
    ///
    /// They are asked first; the synchronous guards run when the navigation is applied, once
    /// every asynchronous guard has allowed it.
    ///
    /// - Parameter rule: The guard.
    public func addAsyncGuard(_ rule: AsyncNavigationGuard) {
        asyncState.guards.append(rule)
    }

    /// Removes every asynchronous guard named `name`.
    ///
    /// - Parameter name: The guard's name.
    public func removeAsyncGuard(named name: String) {
        asyncState.guards.removeAll { $0.name == name }
    }

    /// The names of the asynchronous guards, in the order they run.
    public var asyncGuardNames: [String] { asyncState.guards.map(\.name) }

    /// The clock that measures ``guardTimeLimit``; a `ContinuousClock` by default.
    ///
    /// Tests set a clock they drive (`ManualClock` from `CoreModuleTesting`), so that a guard
    /// that never answers times out without a real wait.
    public var guardClock: any Clock<Duration> {
        get { asyncState.clock }
        set { asyncState.clock = newValue }
    }

    /// How long an asynchronous guard may take to answer, on ``guardClock``; 10 seconds by
    /// default.
    ///
    /// Past it, the navigation fails with
    /// ``NavigationError/guardTimedOut(name:kind:scene:limit:)`` and changes nothing; the guard's
    /// task is cancelled and its answer, should it come, is dropped.
    public var guardTimeLimit: Duration {
        get { asyncState.timeLimit }
        set { asyncState.timeLimit = newValue }
    }

    /// The navigation waiting for an asynchronous guard's answer, if one is.
    ///
    /// At most one is: a newer request (any `navigate`, `open`, `open(universalLink:in:)`,
    /// `restore`, or an asynchronous one) cancels it. Platform reports do not: what the user did applies at once.
    public var pendingNavigation: NavigationOperation? { asyncState.pending?.operation }

    /// Cancels the pending navigation, if any: its caller gets
    /// ``NavigationError/navigationCancelled(_:by:)`` with no newer request, and nothing changes.
    public func cancelPendingNavigation() {
        cancelPending(by: nil)
    }

    /// Applies `request` once the asynchronous guards allow it, or throws and changes nothing.
    ///
    /// The name differs from ``navigate(_:)`` on purpose: with the same name, Swift would pick
    /// the asynchronous overload inside every `async` function, and each existing
    /// `try coordinator.navigate(…)` there would stop compiling until it was awaited.
    ///
    /// Every asynchronous guard that applies to a scene the request would show is asked, in
    /// order, one answer at a time; meanwhile the navigation is pending
    /// (``pendingNavigation``). A newer request cancels it; platform reports apply meanwhile.
    /// When every guard has allowed it, the navigation is checked again against the tree as it
    /// is then: the screen visible when it was asked must still be visible, and the request is
    /// applied as ``navigate(_:force:onResult:)`` would (scenes, synchronous guards, vetoes,
    /// builders). A redirect is followed the same way, and the redirected screen's
    /// ``SceneContext/redirectedFrom`` holds the request.
    ///
    /// ```swift
    /// try await coordinator.navigateWhenAllowed(.push(scene: "AccountHome"))
    /// ```
    ///
    /// - Parameters:
    ///   - request: The navigation to perform.
    ///   - force: Whether to leave screens that veto leaving.
    /// - Returns: The transition that was applied, or `nil` when the request was already
    ///   satisfied.
    /// - Throws: What ``navigate(_:)`` throws, and
    ///   ``NavigationError/navigationCancelled(_:by:)`` when a newer request (or cancelling the
    ///   calling task) cancelled it, ``NavigationError/guardTimedOut(name:kind:scene:limit:)``
    ///   when a guard did not answer in time, and
    ///   ``NavigationError/navigationOriginGone(_:origin:)`` when the screen it started from is
    ///   no longer visible; the tree is then unchanged.
    @discardableResult
    public func navigateWhenAllowed(_ request: ApplicationTransitionType, force: Bool = false)
        async throws(NavigationError) -> TransitionEvent?
    {
        try await runWhenAllowed(.transition(request), force: force)
    }

    // MARK: The pending navigation

    /// Runs `operation` (a transition or a link) once the asynchronous guards allow it, and
    /// reports its failure, wrapped by `wrap` when given.
    func runWhenAllowed(
        _ request: AsyncRequest, force: Bool,
        wrap: ((NavigationError) -> NavigationError)? = nil
    ) async throws(NavigationError) -> TransitionEvent? {
        let operation = request.operation
        do throws(NavigationError) {
            // No builder, guard or veto is running here: an async function is never called from
            // one without a suspension point first, and none of those spans one.
            cancelPending(by: operation)
            guard !asyncState.guards.isEmpty else {
                return try runNow(request, redirectedFrom: nil, force: force)
            }
            let pending = PendingNavigation(
                id: asyncState.nextPendingID, operation: operation, origin: tree.visibleScreen?.id)
            asyncState.nextPendingID += 1
            asyncState.pending = pending
            defer { if asyncState.pending === pending { asyncState.pending = nil } }

            var current = request
            var chain: [ApplicationTransitionType] = []
            var approved = Set<ApprovedAttempt>()
            asking: while true {
                for attempt in asyncAttempts(for: current) {
                    for rule in asyncState.guards where rule.applies(attempt) {
                        switch try await ask(rule, about: attempt, for: pending) {
                        case .allow:
                            continue
                        case .reject(let reason):
                            throw .rejectedByGuard(
                                name: rule.name, kind: attempt.kind, scene: attempt.scene,
                                reason: reason)
                        case .redirect(let next):
                            if case .transition(let tried) = current { chain.append(tried) }
                            guard chain.count <= maximumRedirects, !chain.contains(next) else {
                                throw .redirectLoop(chain: chain + [next])
                            }
                            current = .transition(next)
                            continue asking
                        }
                    }
                    approved.insert(ApprovedAttempt(attempt))
                }
                break
            }
            // Answered: checked again against the tree as it is now. A caller cancelled while
            // the answer came is cancelled, even if the answer resumed it first.
            if let failure = pending.failure { throw failure }
            if Task.isCancelled { throw .navigationCancelled(operation, by: nil) }
            asyncState.pending = nil
            if let origin = pending.origin, tree.visibleScreen?.id != origin {
                throw .navigationOriginGone(operation, origin: origin)
            }
            asyncState.approved = approved
            defer { asyncState.approved = [] }
            let redirected = current.operation != operation
            return try runNow(current, redirectedFrom: redirected ? operation : nil, force: force)
        } catch {
            let reported = wrap?(error) ?? error
            publish(.failure(NavigationFailure(operation: operation, error: reported)))
            throw reported
        }
    }

    /// Applies `operation` now, as the synchronous entry points do, without reporting a failure.
    private func runNow(
        _ request: AsyncRequest, redirectedFrom: NavigationOperation?, force: Bool
    ) throws(NavigationError) -> TransitionEvent? {
        switch request {
        case .openLink(let link, let format):
            return try openNow(link, format: format, force: force)
        case .universalLink(let url, let table, let source):
            // An action route's link is published as its action; it changes no screen.
            return try openUniversalNow(url, in: table, from: source, force: force)?.transition
        case .transition(let transition):
            return try attemptFollowingRedirects(
                transition, options: Options(force: force), origin: redirectedFrom)
        }
    }

    /// Asks `rule` about `attempt` and waits for its answer, a newer request, a cancelled
    /// caller, or the time limit, whichever comes first.
    private func ask(
        _ rule: AsyncNavigationGuard, about attempt: NavigationAttempt,
        for pending: PendingNavigation
    ) async throws(NavigationError) -> GuardDecision {
        if let failure = pending.failure { throw failure }
        if Task.isCancelled { throw .navigationCancelled(pending.operation, by: nil) }
        let clock = asyncState.clock
        let limit = asyncState.timeLimit
        let id = pending.id
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                pending.continuation = continuation
                pending.guardTask = Task { [weak pending] in
                    let outcome: Outcome
                    do {
                        outcome = .decided(try await rule.decide(attempt))
                    } catch {
                        outcome = .failed(
                            .rejectedByGuard(
                                name: rule.name, kind: attempt.kind, scene: attempt.scene,
                                reason: String(describing: error)))
                    }
                    // A late answer finds nobody waiting, and is dropped.
                    pending?.finish(outcome)
                }
                pending.timerTask = Task { [weak pending] in
                    do {
                        try await clock.sleep(for: limit)
                    } catch {
                        return
                    }
                    pending?.finish(
                        .failed(
                            .guardTimedOut(
                                name: rule.name, kind: attempt.kind, scene: attempt.scene,
                                limit: limit)))
                }
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.cancelPending(id: id) }
        }
        switch outcome {
        case .decided(let decision): return decision
        case .failed(let error): throw error
        }
    }

    /// Cancels the pending navigation because of the newer `operation` (`nil`: the app or the
    /// caller's task cancelled it).
    ///
    /// A newer open of the held link itself drops it, so that it is never opened twice.
    ///
    /// `operation` is made only when something is pending or held: every navigation calls this.
    func cancelPending(by makeOperation: @autoclosure () -> NavigationOperation?) {
        guard asyncState.pending != nil || asyncState.held != nil else { return }
        let operation = makeOperation()
        if let held = asyncState.held, held.operation == operation {
            asyncState.held = nil
        }
        guard let pending = asyncState.pending else { return }
        asyncState.pending = nil
        let error = NavigationError.navigationCancelled(pending.operation, by: operation)
        pending.failure = error
        pending.finish(.failed(error))
    }

    /// Cancels the pending navigation `id` if it is still the pending one.
    private func cancelPending(id: UInt64) {
        guard asyncState.pending?.id == id else { return }
        cancelPending(by: nil)
    }

    /// The attempts the asynchronous guards are asked about for `operation`: each scene it
    /// would show, resolved, with its parameters; scenes that do not resolve are left to the
    /// synchronous pass, which reports them.
    private func asyncAttempts(for operation: AsyncRequest) -> [NavigationAttempt] {
        var raw: [(TransitionKind, SceneIdentifier, SceneParameters)] = []
        switch operation {
        case .transition(let request):
            switch request {
            case .root(let scene, let parameters, _, _), .push(let scene, let parameters, _, _),
                .present(let scene, let parameters, _, _, _),
                .replace(let scene, let parameters, _, _):
                raw = [(request.kind, scene, parameters)]
            case .tabs(let items, _, _):
                raw = items.map { (request.kind, $0.scene, $0.parameters) }
            case .setStack(let destinations, _):
                raw = destinations.map { (request.kind, $0.scene, $0.parameters) }
            case .selectTab(let name, _):
                guard let index = tree.tabIndex(named: name), let top = tree.tabs[index].stack.last
                else { return [] }
                return [
                    NavigationAttempt(
                        kind: .selectTab, scene: top.scene, parameters: top.parameters,
                        leaving: nil, tree: tree)
                ]
            default:
                return []
            }
        case .openLink(let link, let format):
            guard let screens = try? format.parse(link) else { return [] }
            raw = screens.map { ($0.placement.kind, $0.scene, $0.parameters) }
        case .universalLink(let url, let table, let source):
            // A link that does not match, or an action, is left to the synchronous pass.
            guard let link = try? table.match(url, source: source),
                case .screen(_, let effect) = link.entry.route.target
            else { return [] }
            raw = table.plan(link).enumerated().map { index, planned in
                let kind = PlannedScreen.Placement.of(index: index, effect: effect).kind
                return (kind, planned.scene, planned.parameters)
            }
        }
        return raw.compactMap { kind, scene, parameters in
            guard let resolved = try? resolveTarget(scene),
                let merged = try? checkedParameters(parameters, for: resolved)
            else { return nil }
            return NavigationAttempt(
                kind: kind, scene: resolved.scene, parameters: merged, leaving: nil, tree: tree)
        }
    }

    /// Whether any guard, synchronous or asynchronous, may have a say on a scene being shown.
    var hasGuards: Bool { !guards.isEmpty || !asyncState.guards.isEmpty }

    /// Fails the synchronous pass for an attempt that an asynchronous guard applies to and did
    /// not allow beforehand.
    func checkAsyncGuards(_ attempt: NavigationAttempt) throws(NavigationError) {
        guard !asyncState.guards.isEmpty, !attempt.isLeaving,
            let rule = asyncState.guards.first(where: { $0.applies(attempt) }),
            !asyncState.approved.contains(ApprovedAttempt(attempt))
        else { return }
        throw .asynchronousGuard(name: rule.name, kind: attempt.kind, scene: attempt.scene)
    }

    /// Called for every transition published: the approvals were used, and the screen or flow
    /// a held link waits for may have left.
    func asyncTreeChanged() {
        if !asyncState.approved.isEmpty { asyncState.approved = [] }
        guard asyncState.held != nil, asyncState.blocker != nil else { return }
        if asyncState.blocker?.isGone(in: self) == true {
            asyncState.blocker = nil
            if asyncState.isReady { startOpeningHeldLink() }
        }
    }
}

/// What an asynchronous entry point runs: a transition or a link.
enum AsyncRequest {
    case transition(ApplicationTransitionType)
    case openLink(String, format: DeepLinkFormat)
    case universalLink(String, table: LinkTable, source: LinkSource)

    /// The request as observers and errors name it.
    var operation: NavigationOperation {
        switch self {
        case .transition(let request): return .transition(request)
        case .openLink(let link, let format): return .openLink(link, format: format)
        case .universalLink(let url, _, let source): return .openUniversalLink(url, source: source)
        }
    }
}

/// What a guard's task came to: an answer, or an error that ends the wait.
enum Outcome {
    case decided(GuardDecision)
    case failed(NavigationError)
}

/// One navigation waiting for an asynchronous guard.
@MainActor
final class PendingNavigation {
    let id: UInt64
    let operation: NavigationOperation
    /// The screen visible when it was asked.
    let origin: ScreenID?
    /// Set when it was cancelled: every later step throws it.
    var failure: NavigationError?
    var continuation: CheckedContinuation<Outcome, Never>?
    var guardTask: Task<Void, Never>?
    var timerTask: Task<Void, Never>?

    init(id: UInt64, operation: NavigationOperation, origin: ScreenID?) {
        self.id = id
        self.operation = operation
        self.origin = origin
    }

    /// Ends the current wait with `outcome`, once.
    ///
    /// Later calls (a late answer, a time-out after an answer) are dropped. Cancels the guard's
    /// task and the timer, so that neither outlives the wait.
    func finish(_ outcome: Outcome) {
        guard let continuation else { return }
        self.continuation = nil
        guardTask?.cancel()
        timerTask?.cancel()
        guardTask = nil
        timerTask = nil
        continuation.resume(returning: outcome)
    }
}

/// An attempt the asynchronous guards allowed, as the synchronous pass will meet it again.
struct ApprovedAttempt: Hashable {
    let kind: TransitionKind
    let scene: SceneIdentifier
    let parameters: SceneParameters

    init(_ attempt: NavigationAttempt) {
        kind = attempt.kind
        scene = attempt.scene
        parameters = attempt.parameters
    }
}

/// What the asynchronous entry points keep: guards, clock, the pending navigation, the held
/// link and what it waits for.
struct AsyncState {
    var guards: [AsyncNavigationGuard] = []
    var clock: any Clock<Duration> = ContinuousClock()
    var timeLimit: Duration = .seconds(10)
    var pending: PendingNavigation?
    var nextPendingID: UInt64 = 1
    /// The attempts the asynchronous guards allowed, for the synchronous pass that follows.
    var approved: Set<ApprovedAttempt> = []
    var held: HeldLink?
    var isReady = false
    var blocker: LinkBlocker?
    var opening: Task<Void, Never>?
}
