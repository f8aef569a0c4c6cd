/// Carries out a ``TransitionPlanner/Plan``: the edit to commit, or a guard's redirect.
///
/// It resolves and checks each arriving scene, asks the guards and the leaving screens' vetoes,
/// and calls the builders. It changes nothing of the tree: the coordinator commits.
///
/// It owns what running app code needs: the synchronous guards, the kind of transition being
/// applied while a builder, guard or veto runs (a navigation started then is refused), and the
/// numbers new screens, stacks and modals get.
@MainActor
final class PlanRunner {
    /// What a plan came to.
    enum Outcome {
        /// Every screen was built: commit this edit.
        case edit(TreeEdit)
        /// A guard redirected the navigation.
        case redirect(ApplicationTransitionType)
    }

    /// A scene resolved, its parameters and payload checked and the guards passed: ready to
    /// build.
    struct Checked {
        let resolved: ResolvedTarget
        let parameters: SceneParameters
        let payload: ScenePayload?
    }

    typealias Arrival = TransitionPlanner.Arrival

    let resolver: SceneResolver
    /// Flows, owners, results and leave vetoes; a runner reads and discards vetoes.
    let lifecycle: ScreenLifecycle
    /// The synchronous guards, in the order they run.
    var guards: [NavigationGuard] = []
    /// The asynchronous gate, once made (it refers to the coordinator `unowned`, so holding it
    /// makes no cycle): its guards fail the synchronous pass unless they approved it beforehand.
    var gate: AsyncGate?
    /// The kind of transition being applied while a builder, guard or veto runs.
    private(set) var applying: TransitionEvent.Kind?
    /// The numbers the next screen, stack, modal and event get.
    var counters = Counters()
    /// What each new screen's context holds to navigate later: the coordinator, once it
    /// exists, and its services.
    var link: CoordinatorLink

    init(resolver: SceneResolver, lifecycle: ScreenLifecycle, link: CoordinatorLink) {
        self.resolver = resolver
        self.lifecycle = lifecycle
        self.link = link
    }

    /// Whether any guard, synchronous or asynchronous, is installed.
    var hasGuards: Bool { !guards.isEmpty || gate?.guards.isEmpty == false }

    /// Runs `body`, app code, refusing any navigation it starts as `kind`.
    func runningAppCode<Value>(
        _ kind: TransitionEvent.Kind, _ body: () throws(NavigationError) -> Value
    ) throws(NavigationError) -> Value {
        // One access to swap the kind in, one to put the previous one back.
        let previous = Self.exchange(&applying, with: kind)
        defer { applying = previous }
        return try body()
    }

    /// Puts `value` in `slot` and returns what was there.
    private static func exchange(
        _ slot: inout TransitionEvent.Kind?, with value: TransitionEvent.Kind
    ) -> TransitionEvent.Kind? {
        let previous = slot
        slot = value
        return previous
    }

    // MARK: Running a plan

    /// Checks, asks and builds what `plan` asks of `tree`.
    ///
    /// A request's arriving scenes are all checked (resolved, parameters and payload checked,
    /// guards asked) before the leaving screens are asked, then built. A link's or a snapshot's
    /// leaving screens are asked first, then each screen is checked and built in turn, and an
    /// error is named after its screen by `failure`.
    ///
    /// - Parameters:
    ///   - plan: What the navigation asks of the tree.
    ///   - tree: Reads the tree it applies to (the same all through the run, since nothing
    ///     changes it meanwhile); read only when a guard or a veto is asked, or for a link's or
    ///     a snapshot's placed screens, so that a push or a pop copies no tree.
    ///   - force: Whether to leave screens that veto leaving.
    ///   - redirectedFrom: What a request for one screen was redirected from, for its context.
    ///   - failure: For a link or a snapshot: names a screen's error after the screen.
    func run(
        _ plan: TransitionPlanner.Plan, in tree: () -> ScreenTree, force: Bool,
        redirectedFrom: NavigationEvent.Operation? = nil,
        failure: ((PlannedScreen, NavigationError) -> NavigationError)? = nil
    ) throws(NavigationError) -> Outcome {
        if plan.isPlaced, case .placed(let placement) = plan.shape {
            return try runPlaced(
                plan, placement.screens, in: tree, force: force,
                failure: failure ?? { _, error in error })
        }
        let arrivals: [Arrival]
        switch plan.arrivals {
        case .one(let arrival):
            // One screen: no list to allocate.
            let checked: Checked
            let result = try check(arrival, in: tree)
            switch consume result {
            case .checked(let value): checked = value
            case .redirect(let request): return .redirect(request)
            }
            if let redirect = try askLeaving(plan, in: tree, force: force) {
                return .redirect(redirect)
            }
            // Only a request for one screen is `.one`: its context remembers the redirect.
            let screen = try build(
                checked, for: plan.kind, redirectedFrom: redirectedFrom)
            // Numbered from a copy of the counters, as in `makeEdit(_:built:in:)`.
            var next = counters
            let edit = TransitionPlanner.edit(plan, screen: consume screen, counters: &next)
            counters = next
            return .edit(consume edit)
        case .none:
            arrivals = []
        case .many(let list):
            arrivals = list
        }
        var checked: [Checked] = []
        // A removal or a tab selection arrives with nothing: no list to allocate.
        if !arrivals.isEmpty { checked.reserveCapacity(arrivals.count) }
        for arrival in arrivals {
            switch try check(arrival, in: tree) {
            case .checked(let value): checked.append(value)
            case .redirect(let request): return .redirect(request)
            }
        }
        if let revealed = plan.revealed, hasGuards,
            let redirect = try runGuards(
                NavigationGuard.Attempt(
                    kind: plan.kind, scene: revealed.scene, parameters: revealed.parameters,
                    leaving: nil, tree: tree()))
        {
            return .redirect(redirect)
        }
        if let redirect = try askLeaving(plan, in: tree, force: force) {
            return .redirect(redirect)
        }
        var built: [Screen] = []
        if !checked.isEmpty { built.reserveCapacity(checked.count) }
        for value in checked {
            do {
                built.append(try build(value, for: plan.kind))
            } catch {
                lifecycle.discardVetoes(of: built.map(\.id))
                throw error
            }
        }
        return .edit(makeEdit(plan, built: built, in: tree))
    }

    /// Runs a link's or a snapshot's plan: the leaving screens are asked first, then each
    /// screen is checked and built in turn, and an error is named after its screen.
    private func runPlaced(
        _ plan: TransitionPlanner.Plan, _ screens: [PlannedScreen], in tree: () -> ScreenTree,
        force: Bool,
        failure: (PlannedScreen, NavigationError) -> NavigationError
    ) throws(NavigationError) -> Outcome {
        if let redirect = try askLeaving(plan, in: tree, force: force) {
            return .redirect(redirect)
        }
        var built: [Screen] = []
        built.reserveCapacity(screens.count)
        for planned in screens {
            let arrival = Arrival(
                kind: planned.placement.kind, scene: planned.scene,
                parameters: planned.parameters, payload: planned.payload)
            do {
                switch try check(arrival, in: tree) {
                case .checked(let checked):
                    built.append(try build(checked, for: plan.kind))
                case .redirect(let request):
                    lifecycle.discardVetoes(of: built.map(\.id))
                    return .redirect(request)
                }
            } catch {
                lifecycle.discardVetoes(of: built.map(\.id))
                throw failure(planned, error)
            }
        }
        return .edit(makeEdit(plan, built: built, in: tree))
    }

    /// The edit `built` makes, new stacks and modals numbered from a copy of the counters: no
    /// access to the stored counters spans the planner's code, so that every access to them is
    /// checked when compiled rather than at run time.
    private func makeEdit(
        _ plan: TransitionPlanner.Plan, built: [Screen], in tree: () -> ScreenTree
    ) -> TreeEdit {
        var next = counters
        let edit = TransitionPlanner.edit(plan, built: built, in: tree, counters: &next)
        counters = next
        return edit
    }

    /// Asks the guards and, unless forced, the vetoes of the screens `plan` removes, when any
    /// can answer.
    private func askLeaving(
        _ plan: TransitionPlanner.Plan, in readTree: () -> ScreenTree, force: Bool
    ) throws(NavigationError) -> ApplicationTransitionType? {
        // Without a guard or a veto to ask, the tree is not read.
        guard !guards.isEmpty || (!force && lifecycle.hasLeaveVetoes) else { return nil }
        let tree = readTree()
        guard !plan.leaving.isEmpty(in: tree) else { return nil }
        return try checkLeaving(
            plan.leaving.screens(in: tree), kind: plan.kind, force: force, in: tree)
    }

    // MARK: Checking and building

    /// What checking an arriving scene came to. (Its own type, not a `Result`: a generic
    /// enum is destroyed through its type's witnesses.)
    enum CheckOutcome {
        /// Ready to build.
        case checked(Checked)
        /// A guard redirected the navigation to this request.
        case redirect(ApplicationTransitionType)
    }

    /// Resolves the arriving scene, checks its parameters and its payload, and runs the guards
    /// on it: what to build, or the guards' redirect.
    func check(_ arrival: TransitionPlanner.Arrival, in tree: () -> ScreenTree)
        throws(NavigationError) -> CheckOutcome
    {
        let resolved = try resolver.resolveTarget(arrival.scene)
        let merged = try resolver.checkedParameters(arrival.parameters, for: resolved)
        let payload = try checkedPayload(
            arrival.payload, for: resolved, parameters: merged, kind: arrival.kind)
        if hasGuards,
            let redirect = try runGuards(
                NavigationGuard.Attempt(
                    kind: arrival.kind, scene: resolved.scene, parameters: merged, leaving: nil,
                    tree: tree()))
        {
            return .redirect(redirect)
        }
        return .checked(Checked(resolved: resolved, parameters: merged, payload: payload))
    }

    /// The payload the builder gets: the one given when its type is the one required, one
    /// rebuilt from the parameters when none was given and the builder says how, or the error.
    ///
    /// A builder that requires none gets the one given, unchecked.
    private func checkedPayload(
        _ payload: ScenePayload?, for resolved: ResolvedTarget, parameters: SceneParameters,
        kind: TransitionEvent.Kind
    ) throws(NavigationError) -> ScenePayload? {
        guard let requirement = resolved.registration.payloadRequirement else { return payload }
        if let payload {
            guard requirement.accepts(payload) else {
                throw .input(
                    .wrongPayloadType(
                        scene: resolved.scene, expected: requirement.typeName,
                        given: payload.typeName))
            }
            return payload
        }
        guard let rebuild = requirement.rebuild else {
            throw .input(.missingPayload(scene: resolved.scene, expected: requirement.typeName))
        }
        // The app's code runs here: a navigation it starts is refused, as from a builder.
        return try runningAppCode(kind) { () throws(NavigationError) in
            do {
                return try rebuild(parameters)
            } catch let error as NavigationError {
                throw error
            } catch {
                throw .builderFailed(
                    resolved.scene,
                    reason: "its payload could not be rebuilt from its parameters: \(error)")
            }
        }
    }

    /// Runs the builder for a checked scene as a new screen.
    ///
    /// The screen's identity is used up as soon as its builder is called, even if the build or
    /// the navigation then fails: the builder may have kept its context, and a later screen must
    /// never answer to it. Changes nothing else.
    private func build(
        _ checked: Checked, for kind: TransitionEvent.Kind,
        redirectedFrom: NavigationEvent.Operation? = nil
    ) throws(NavigationError) -> Screen {
        let id = counters.nextScreen()
        let scene = checked.resolved.scene
        let context = SceneContext(
            scene: scene, screen: id, parameters: checked.parameters, payload: checked.payload,
            link: link, redirectedFrom: redirectedFrom)
        let content = try runningAppCode(kind) { () throws(NavigationError) -> any ScreenContent in
            do {
                return try checked.resolved.registration.makeScreen(in: context)
            } catch let error as NavigationError {
                lifecycle.setLeaveVeto(id, nil)
                throw error
            } catch {
                lifecycle.setLeaveVeto(id, nil)
                throw .builderFailed(scene, reason: String(describing: error))
            }
        }
        return Screen(
            id: id, scene: scene, parameters: checked.parameters, payload: checked.payload,
            content: content)
    }

    // MARK: Guards and vetoes

    /// Runs the guards on `attempt`: `nil` to go on, a redirect, or a rejection thrown.
    func runGuards(_ attempt: NavigationGuard.Attempt) throws(NavigationError)
        -> ApplicationTransitionType?
    {
        guard hasGuards else { return nil }
        // A guard that navigates would act on a tree this navigation is about to change.
        return try runningAppCode(attempt.kind) { () throws(NavigationError) in
            try gate?.checkAsyncGuards(attempt)
            for rule in guards {
                switch rule.decide(attempt) {
                case .allow:
                    continue
                case .reject(let reason):
                    throw .guarded(
                        .rejectedByGuard(
                            name: rule.name, kind: attempt.kind, scene: attempt.scene,
                            reason: reason))
                case .redirect(let next):
                    return next
                }
            }
            return nil
        }
    }

    /// Runs the guards and, unless forced, the vetoes of every screen in `leaving` (bottom
    /// first), top first.
    private func checkLeaving(
        _ leaving: [Screen], kind: TransitionEvent.Kind, force: Bool, in tree: ScreenTree
    ) throws(NavigationError) -> ApplicationTransitionType? {
        for screen in leaving.reversed() {
            if let redirect = try runGuards(
                NavigationGuard.Attempt(
                    kind: kind, scene: screen.scene, parameters: screen.parameters,
                    leaving: screen.id, tree: tree))
            {
                return redirect
            }
            if !force, let veto = lifecycle.tables.leaveVetoes[screen.id],
                let reason = try runningAppCode(kind, { () -> String? in veto() })
            {
                throw .guarded(
                    .leavingVetoed(scene: screen.scene, screen: screen.id, reason: reason))
            }
        }
        return nil
    }
}
