/// The asynchronous entry points: asynchronous guards, the one pending navigation, and the held
/// link with what holds it.
///
/// One job: a navigation or a link that must wait (for a guard's answer from a server, for the
/// app to be ready, for a sign-in screen to leave) waits here, and is then applied through the
/// coordinator's synchronous path. That path only asks the gate to cancel what is pending
/// (`cancelPending(by:)`), whether an asynchronous guard must be asked first
/// (`checkAsyncGuards(_:)`), and tells it when the tree changed (`treeChanged()`); a coordinator
/// that uses no asynchronous guard and holds no link pays nothing else.
///
/// The coordinator owns its gate, and every call into the gate comes from a method of the
/// coordinator's, which keeps the coordinator alive while it runs (a task that opens the held
/// link calls `AppCoordinator.openHeldLinkOnItsOwn()`), so the gate refers to it `unowned`.
@MainActor
final class AsyncGate {
    unowned let coordinator: AppCoordinator

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

    init(coordinator: AppCoordinator) {
        self.coordinator = coordinator
    }

    // MARK: The pending navigation

    /// Runs `operation` (a transition or a link) once the asynchronous guards allow it, and
    /// reports its failure, wrapped by `wrap` when given.
    func runWhenAllowed(
        _ request: AsyncRequest, force: Bool,
        wrap: ((NavigationError) -> NavigationError)? = nil
    ) async throws(NavigationError) -> NavigationEvent? {
        let operation = request.operation
        do throws(NavigationError) {
            // The synchronous entry points' prologue: an async function may run without a
            // suspension from a builder, a guard or an observer (`Task.immediate`).
            try coordinator.navigator.admit(operation, kind: request.kind, scene: request.scene)
            guard !guards.isEmpty else {
                return try runNow(request, redirectedFrom: nil, force: force)
            }
            let pending = PendingNavigation(
                id: nextPendingID, operation: operation,
                origin: coordinator.tree.visibleScreen?.id)
            nextPendingID += 1
            self.pending = pending
            defer { if self.pending === pending { self.pending = nil } }

            var current = request
            var chain = RedirectChain()
            var approved = Set<ApprovedAttempt>()
            asking: while true {
                for attempt in asyncAttempts(for: current) {
                    for rule in guards where rule.applies(attempt) {
                        switch try await ask(rule, about: attempt, for: pending) {
                        case .allow:
                            continue
                        case .reject(let reason):
                            throw .guarded(
                                .rejectedByGuard(
                                    name: rule.name, kind: attempt.kind, scene: attempt.scene,
                                    reason: reason))
                        case .redirect(let next):
                            try chain.follow(
                                from: current.transition, to: next,
                                limit: coordinator.maximumRedirects)
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
            if Task.isCancelled { throw .guarded(.navigationCancelled(operation, by: nil)) }
            self.pending = nil
            if let origin = pending.origin, coordinator.tree.visibleScreen?.id != origin {
                throw .guarded(.navigationOriginGone(operation, origin: origin))
            }
            self.approved = approved
            defer { self.approved = [] }
            let redirected = current.operation != operation
            return try runNow(current, redirectedFrom: redirected ? operation : nil, force: force)
        } catch {
            let reported = wrap?(error) ?? error
            coordinator.navigator.publish(
                .failure(NavigationEvent.Failure(operation: operation, error: reported)))
            throw reported
        }
    }

    /// Applies `operation` now, as the synchronous entry points do, without reporting a failure.
    private func runNow(
        _ request: AsyncRequest, redirectedFrom: NavigationEvent.Operation?, force: Bool
    ) throws(NavigationError) -> NavigationEvent? {
        switch request {
        case .open(let link):
            return try coordinator.navigator.openNow(link, force: force)
        case .transition(let transition):
            return try coordinator.navigator.attemptFollowingRedirects(
                transition, options: NavigationOptions(force: force), origin: redirectedFrom
            ).map(NavigationEvent.transition)
        }
    }

    /// Asks `rule` about `attempt` and waits for its answer, a newer request, a cancelled
    /// caller, or the time limit, whichever comes first.
    private func ask(
        _ rule: AsyncNavigationGuard, about attempt: NavigationGuard.Attempt,
        for pending: PendingNavigation
    ) async throws(NavigationError) -> NavigationGuard.Decision {
        if let failure = pending.failure { throw failure }
        if Task.isCancelled { throw .guarded(.navigationCancelled(pending.operation, by: nil)) }
        let clock = clock
        let limit = timeLimit
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
                            .guarded(
                                .rejectedByGuard(
                                    name: rule.name, kind: attempt.kind, scene: attempt.scene,
                                    reason: String(describing: error))))
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
                            .guarded(
                                .guardTimedOut(
                                    name: rule.name, kind: attempt.kind, scene: attempt.scene,
                                    limit: limit))))
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
    func cancelPending(by makeOperation: @autoclosure () -> NavigationEvent.Operation?) {
        guard self.pending != nil || self.held != nil else { return }
        let operation = makeOperation()
        if let held = self.held, held.operation == operation {
            self.held = nil
        }
        guard let pending = self.pending else { return }
        self.pending = nil
        let error = NavigationError.guarded(.navigationCancelled(pending.operation, by: operation))
        pending.failure = error
        pending.finish(.failed(error))
    }

    /// Cancels the pending navigation `id` if it is still the pending one.
    private func cancelPending(id: UInt64) {
        guard self.pending?.id == id else { return }
        cancelPending(by: nil)
    }

    /// The attempts the asynchronous guards are asked about for `operation`: each scene it
    /// would show, resolved, with its parameters; scenes that do not resolve are left to the
    /// synchronous pass, which reports them.
    private func asyncAttempts(for operation: AsyncRequest) -> [NavigationGuard.Attempt] {
        var raw: [(TransitionEvent.Kind, SceneIdentifier, SceneParameters)] = []
        switch operation {
        case .transition(let request):
            switch request {
            case .root(let scene, let parameters, _, _), .push(let scene, let parameters, _, _, _),
                .present(let scene, let parameters, _, _, _),
                .replace(let scene, let parameters, _, _):
                raw = [(request.kind, scene, parameters)]
            case .tabs(let items, _, _):
                raw = items.map { (request.kind, $0.scene, $0.parameters) }
            case .setStack(let destinations, _, _):
                raw = destinations.map { (request.kind, $0.scene, $0.parameters) }
            case .addTab(let item, _, _):
                raw = [(request.kind, item.scene, item.parameters)]
            case .split(let primary, let supplementary, let detail, _, _):
                raw = [primary, supplementary, detail].compactMap { $0 }.map {
                    (request.kind, $0.scene, $0.parameters)
                }
            case .showDetail(let destination, _), .showSupplementary(let destination, _):
                raw = [(request.kind, destination.scene, destination.parameters)]
            case .selectTab, .removeTab:
                // The top of the tab that comes into view, as the synchronous pass asks.
                let tree = coordinator.tree
                guard let revealed = (try? TransitionPlanner.plan(request, in: tree))??.revealed
                else { return [] }
                return [
                    NavigationGuard.Attempt(
                        kind: request.kind, scene: revealed.scene,
                        parameters: revealed.parameters, leaving: nil, tree: tree)
                ]
            default:
                return []
            }
        case .open(let link):
            switch link.form {
            case .deepLink(let format):
                guard let screens = try? format.parse(link.text) else { return [] }
                raw = screens.map { ($0.placement.kind, $0.scene, $0.parameters) }
            case .universal(let table, let source):
                // A link that does not match, or an action, is left to the synchronous pass.
                guard let matched = try? table.match(link.text, source: source),
                    case .screen(_, let effect) = matched.entry.route.target
                else { return [] }
                raw = table.plan(matched).enumerated().map { index, planned in
                    let kind = PlannedScreen.Placement.of(index: index, effect: effect).kind
                    return (kind, planned.scene, planned.parameters)
                }
            }
        }
        let resolver = coordinator.navigator.runner.resolver
        return raw.compactMap { kind, scene, parameters in
            guard let resolved = try? resolver.resolveTarget(scene),
                let merged = try? resolver.checkedParameters(parameters, for: resolved)
            else { return nil }
            return NavigationGuard.Attempt(
                kind: kind, scene: resolved.scene, parameters: merged, leaving: nil,
                tree: coordinator.tree)
        }
    }

    /// Fails the synchronous pass for an attempt that an asynchronous guard applies to and did
    /// not allow beforehand.
    func checkAsyncGuards(_ attempt: NavigationGuard.Attempt) throws(NavigationError) {
        guard !guards.isEmpty, !attempt.isLeaving,
            let rule = guards.first(where: { $0.applies(attempt) }),
            !self.approved.contains(ApprovedAttempt(attempt))
        else { return }
        throw .guarded(
            .asynchronousGuard(name: rule.name, kind: attempt.kind, scene: attempt.scene))
    }

    /// Called for every transition published: the approvals were used, and the screen or flow
    /// a held link waits for may have left.
    func treeChanged() {
        if !self.approved.isEmpty { self.approved = [] }
        guard self.held != nil, blocker != nil else { return }
        if blocker?.isGone(in: coordinator) == true {
            blocker = nil
            if isReady { startOpeningHeldLink() }
        }
    }

    // MARK: Links that wait

    /// Why links are held now, or `nil` when a link would be opened at once.
    var linkHold: HeldLink.Hold? {
        guard isReady else { return .appNotReady }
        guard let blocker, !blocker.isGone(in: coordinator) else { return nil }
        return blocker.hold
    }

    /// Holds `held` while something holds links, else opens it after the asynchronous guards.
    func openWhenAllowed(_ held: HeldLink) async throws(NavigationError) -> AppLink.Delivery {
        do throws(NavigationError) {
            try coordinator.navigator.checkOpen()
        } catch {
            coordinator.navigator.publish(
                .failure(NavigationEvent.Failure(operation: held.operation, error: error)))
            throw error
        }
        if let hold = linkHold {
            holdLink(held)
            return .held(held, until: hold)
        }
        // A link still held when nothing holds links any more (what it waited for went away
        // without a transition) is older than this one: it is replaced, and reported.
        if self.held != nil {
            holdLink(held)
            self.held = nil
            blocker = nil
        }
        return try await open(held, wrap: nil)
    }

    // MARK: Opening held links

    /// Holds `link`, replacing (and reporting) the one held before.
    func holdLink(_ link: HeldLink) {
        if let older = self.held, older != link {
            coordinator.navigator.publish(
                .failure(
                    NavigationEvent.Failure(
                        operation: older.operation,
                        error: .link(.heldLinkReplaced(older.link.text, by: link.link.text)))))
        }
        self.held = link
    }

    /// Opens `link` after the asynchronous guards; holds it when a guard redirects it.
    func open(_ link: HeldLink, wrap: ((NavigationError) -> NavigationError)?)
        async throws(NavigationError) -> AppLink.Delivery
    {
        let operation = link.operation
        let event = try await runWhenAllowed(.open(link.link), force: link.force, wrap: wrap)
        // A guard sent it elsewhere first (a sign-in): it waits until that screen leaves.
        if let event = event?.transition, event.redirectedFrom == operation {
            self.held = link
            blocker = .screen(event.screen)
            return .held(link, until: .screenInFront(event.screen))
        }
        return .opened(event)
    }

    /// Takes the held link and opens it, when nothing holds it any more.
    func openHeldLink() async throws(NavigationError) -> TransitionEvent? {
        guard let link = self.held, linkHold == nil else { return nil }
        // Taken before it is opened: it is opened exactly once.
        self.held = nil
        let delivery = try await open(link) { .link(.heldLinkFailed(link.link.text, error: $0)) }
        if case .opened(let event) = delivery { return event?.transition }
        return nil
    }

    /// Starts opening the held link on its own task (a screen or flow in front just left).
    func startOpeningHeldLink() {
        guard opening == nil else { return }
        // The task holds the coordinator weakly and calls a method of the coordinator's, which
        // keeps the coordinator alive until it returns: the gate never runs without it.
        opening = Task { [weak coordinator] in
            await coordinator?.openHeldLinkOnItsOwn()
        }
    }
}

/// What an asynchronous entry point runs: a transition or a link.
enum AsyncRequest {
    case transition(ApplicationTransitionType)
    case open(AppLink)

    /// The transition, when the request is one.
    var transition: ApplicationTransitionType? {
        if case .transition(let request) = self { return request }
        return nil
    }

    /// The kind of transition it is, for the re-entrancy and loop errors: a link's is
    /// `replaceTree`, as the synchronous `open` names it.
    var kind: TransitionEvent.Kind {
        switch self {
        case .transition(let request): return request.kind
        case .open: return .replaceTree
        }
    }

    /// The scene it names, if any, for the loop error.
    var scene: SceneIdentifier? { transition?.scene }

    /// The request as observers and errors name it.
    var operation: NavigationEvent.Operation {
        switch self {
        case .transition(let request): return .transition(request)
        case .open(let link): return link.operation
        }
    }
}

/// What a guard's task came to: an answer, or an error that ends the wait.
enum Outcome {
    case decided(NavigationGuard.Decision)
    case failed(NavigationError)
}

/// One navigation waiting for an asynchronous guard.
@MainActor
final class PendingNavigation {
    let id: UInt64
    let operation: NavigationEvent.Operation
    /// The screen visible when it was asked.
    let origin: ScreenID?
    /// Set when it was cancelled: every later step throws it.
    var failure: NavigationError?
    var continuation: CheckedContinuation<Outcome, Never>?
    var guardTask: Task<Void, Never>?
    var timerTask: Task<Void, Never>?

    init(id: UInt64, operation: NavigationEvent.Operation, origin: ScreenID?) {
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
    let kind: TransitionEvent.Kind
    let scene: SceneIdentifier
    let parameters: SceneParameters

    init(_ attempt: NavigationGuard.Attempt) {
        kind = attempt.kind
        scene = attempt.scene
        parameters = attempt.parameters
    }
}
