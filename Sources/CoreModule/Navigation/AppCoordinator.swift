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
    /// that tab's first screen (see ``open(_:format:force:)``).
    ///
    /// ```swift
    /// coordinator.tabHosts = ["home": ["product/:id"], "inbox": ["Thread"]]
    /// ```
    public var tabHosts: [String: Set<SceneIdentifier>] = [:]

    /// The numbers the next screen, stack, modal and event get.
    var counters = Counters()
    /// The kind of transition being applied while a builder, guard or veto runs: a navigation
    /// started then is rejected.
    var applying: TransitionKind?

    /// The container as a ``DependencyContainer``, whose lookups skip wrapping the builder.
    let registry: DependencyContainer?

    /// What every ``SceneContext`` this coordinator makes shares; made at first use, once the
    /// coordinator exists to be held weakly.
    lazy var link = CoordinatorLink(coordinator: self, services: services)

    /// The observers, streams and history, and the order of delivery.
    let eventHub: EventHub

    /// The synchronous guards, in the order they run.
    var guards: [NavigationGuard] = []
    /// Flows, owners, results and leave vetoes: the screens' life beyond the tree.
    let lifecycle = ScreenLifecycle()
    /// Asynchronous guards, the pending navigation and the held link; all empty unless used.
    lazy var asyncGate = AsyncGate(coordinator: self)

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
        self.registry = container as? DependencyContainer
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
        try perform(
            type, options: Options(force: force, onResult: onResult.map { ResultHandler($0) }))
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
            options: Options(force: force, onResult: ResultHandler(onResult, expecting: resultType))
        )
    }

    /// How a navigation is performed, beyond its request.
    struct Options {
        var force = false
        var owner: FlowCoordinator?
        var onResult: ResultHandler?
    }

    /// The code waiting for a screen's result, and the type it expects, if it said.
    struct ResultHandler {
        let call: @MainActor (ScreenResult) -> Void
        /// The expected type's name, and whether a value is of that type.
        let expected: (name: String, accepts: @Sendable (any Sendable) -> Bool)?

        init(_ call: @escaping @MainActor (ScreenResult) -> Void) {
            self.call = call
            self.expected = nil
        }

        init<Result: Sendable>(
            _ call: @escaping @MainActor (ScreenResult) -> Void, expecting type: Result.Type
        ) {
            self.call = call
            self.expected = (ScenePayload.name(of: type), { $0 is Result })
        }
    }

    /// Performs a request for the app or a flow: plan (guards, vetoes, builder), then commit.
    func perform(_ request: ApplicationTransitionType, options: Options) throws(NavigationError)
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
            if let applying { throw .reentrantNavigation(kind, during: applying) }
            if !isReport {
                asyncGate.cancelPending(by: operation())
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
        _ request: ApplicationTransitionType, options: Options, origin: NavigationOperation?
    ) throws(NavigationError) -> TransitionEvent? {
        var current = request
        var chain = RedirectChain()
        while true {
            let redirectedFrom = origin ?? (chain.isEmpty ? nil : .transition(request))
            switch try attempt(current, options: options, redirectedFrom: redirectedFrom) {
            case .applied(let event):
                return event
            case .unchanged:
                return nil
            case .redirect(let next):
                try chain.follow(from: current, to: next, limit: maximumRedirects)
                current = next
            }
        }
    }

    /// The numbers the next screen, stack, modal and event of a coordinator get; each is used
    /// once.
    struct Counters {
        var screen: UInt64 = 1
        var stack: UInt64 = 1
        var modal: UInt64 = 1
        var sequence: UInt64 = 1

        mutating func nextStack() -> StackID {
            defer { stack += 1 }
            return StackID(stack)
        }

        mutating func nextModal() -> ModalID {
            defer { modal += 1 }
            return ModalID(modal)
        }

        mutating func nextSequence() -> UInt64 {
            defer { sequence += 1 }
            return sequence
        }

        mutating func nextScreen() -> ScreenID {
            defer { screen += 1 }
            return ScreenID(screen)
        }
    }

    /// A change ready to commit: everything that can fail has been checked and built.
    struct Change {
        var kind: TransitionKind
        var animated: Bool
        var edit: TreeEdit
        var initiator: TransitionInitiator = .app
        var redirectedFrom: NavigationOperation?
    }

    /// What an attempt at a request came to: applied, already satisfied, or redirected by a
    /// guard.
    enum Attempt {
        case applied(TransitionEvent)
        case unchanged
        case redirect(ApplicationTransitionType)
    }

    /// A scene resolved, its parameters checked and the guards passed: ready to build.
    struct Checked {
        let resolved: ResolvedTarget
        let parameters: SceneParameters
        let payload: ScenePayload?
    }

    /// Checks `request` against the tree, the guards and the vetoes, builds its screens, and
    /// commits it, unless a guard redirects it.
    func attempt(
        _ request: ApplicationTransitionType, options: Options,
        redirectedFrom: NavigationOperation?
    ) throws(NavigationError) -> Attempt {
        let kind = request.kind
        if kind != .root && kind != .tabs && tree.isEmpty { throw .noRoot(kind) }
        if case .present(_, _, _, let style, _) = request, !style.isValid {
            throw .invalidPresentationStyle(style)
        }
        var edit: TreeEdit
        switch request {
        case .root(let scene, let parameters, let payload, _),
            .push(let scene, let parameters, let payload, _),
            .present(let scene, let parameters, let payload, _, _),
            .replace(let scene, let parameters, let payload, _):
            let checked: Checked
            switch try check(scene, parameters, payload, kind: kind) {
            case .success(let value): checked = value
            case .failure(let redirect): return .redirect(redirect.request)
            }
            let leaving: [Screen]
            switch kind {
            case .root: leaving = tree.screens
            case .replace: leaving = [tree.topScreens[tree.topStackCount - 1]]
            default: leaving = []
            }
            if !leaving.isEmpty,
                let redirect = try checkLeaving(leaving, kind: kind, force: options.force)
            {
                return .redirect(redirect)
            }
            let screen = try build(checked, for: kind, redirectedFrom: redirectedFrom)
            switch request {
            case .root: edit = .setRoot(screen, counters.nextStack())
            case .push: edit = .push(screen)
            case .present(_, _, _, let style, _):
                edit = .present(screen, counters.nextModal(), counters.nextStack(), style)
            default:
                var screens = tree.topScreens
                screens[screens.count - 1] = screen
                edit = .setTop(screens)
            }

        case .tabs(let items, let selected, _):
            guard !items.isEmpty else { throw .noTabs }
            var names = Set<String>()
            for item in items {
                guard TabItem.isValidName(item.name) else { throw .invalidTabName(item.name) }
                guard names.insert(item.name).inserted else { throw .duplicateTabName(item.name) }
            }
            guard TabItem.isValidName(selected),
                let selectedIndex = items.firstIndex(where: { $0.name == selected })
            else {
                throw .unknownTab(selected, tabs: items.map(\.name))
            }
            var checked: [Checked] = []
            for item in items {
                switch try check(item.scene, item.parameters, item.payload, kind: kind) {
                case .success(let value): checked.append(value)
                case .failure(let redirect): return .redirect(redirect.request)
                }
            }
            if !tree.isEmpty,
                let redirect = try checkLeaving(tree.screens, kind: kind, force: options.force)
            {
                return .redirect(redirect)
            }
            var screens: [Screen] = []
            screens.reserveCapacity(checked.count)
            for value in checked {
                screens.append(
                    try buildDiscardingOnFailure(value, for: kind, since: screens.map(\.id)))
            }
            // Stack identities are allocated once every build has succeeded.
            edit = .setTabs(
                zip(items, screens).map { item, screen in
                    TabBuild(name: item.name, stack: counters.nextStack(), screens: [screen])
                }, selected: selectedIndex)

        case .selectTab(let name, _):
            let names = tree.tabNameList
            guard let index = tree.tabIndex(named: name) else {
                throw .unknownTab(name, tabs: names)
            }
            guard index != tree.selectedTabIndex else { return .unchanged }
            if hasGuards, let top = tree.tabs[index].stack.last,
                let redirect = try runGuards(
                    NavigationAttempt(
                        kind: kind, scene: top.scene, parameters: top.parameters, leaving: nil,
                        tree: tree))
            {
                return .redirect(redirect)
            }
            edit = .selectTab(index)

        case .setStack(let destinations, _):
            guard !destinations.isEmpty else { throw .emptyStack(kind) }
            var checked: [Checked] = []
            for destination in destinations {
                switch try check(
                    destination.scene, destination.parameters, destination.payload, kind: kind)
                {
                case .success(let value): checked.append(value)
                case .failure(let redirect): return .redirect(redirect.request)
                }
            }
            if let redirect = try checkLeaving(tree.topScreens, kind: kind, force: options.force) {
                return .redirect(redirect)
            }
            var screens: [Screen] = []
            screens.reserveCapacity(checked.count)
            for value in checked {
                screens.append(
                    try buildDiscardingOnFailure(value, for: kind, since: screens.map(\.id)))
            }
            edit = .setTop(screens)

        case .pop, .popToRoot, .popTo, .dismiss, .dismissAll:
            guard let removal = try removal(for: request) else { return .unchanged }
            if !guards.isEmpty || (!options.force && !lifecycle.leaveVetoes.isEmpty),
                let redirect = try checkLeaving(
                    tree.leavingScreens(removal), kind: kind, force: options.force)
            {
                return .redirect(redirect)
            }
            edit = removal
        }
        return .applied(
            commit(
                Change(
                    kind: kind, animated: request.animated, edit: edit,
                    redirectedFrom: redirectedFrom), options: options))
    }

    /// Resolves `scene`, checks its parameters and its payload, and runs the guards on it: what
    /// to build, or the guards' redirect.
    func check(
        _ scene: SceneIdentifier, _ parameters: SceneParameters, _ payload: ScenePayload?,
        kind: TransitionKind
    ) throws(NavigationError) -> Result<Checked, Redirect> {
        let resolved = try resolveTarget(scene)
        let merged = try checkedParameters(parameters, for: resolved)
        let checkedPayload = try checkedPayload(
            payload, for: resolved, parameters: merged, kind: kind)
        if hasGuards,
            let redirect = try runGuards(
                NavigationAttempt(
                    kind: kind, scene: resolved.scene, parameters: merged, leaving: nil,
                    tree: tree))
        {
            return .failure(Redirect(request: redirect))
        }
        return .success(Checked(resolved: resolved, parameters: merged, payload: checkedPayload))
    }

    /// The payload the builder gets: the one given when its type is the one required, one
    /// rebuilt from the parameters when none was given and the builder says how, or the error.
    ///
    /// A builder that requires none gets the one given, unchecked.
    func checkedPayload(
        _ payload: ScenePayload?, for resolved: ResolvedTarget, parameters: SceneParameters,
        kind: TransitionKind
    ) throws(NavigationError) -> ScenePayload? {
        guard let requirement = resolved.registration.payloadRequirement else { return payload }
        if let payload {
            guard requirement.accepts(payload) else {
                throw .wrongPayloadType(
                    scene: resolved.scene, expected: requirement.typeName,
                    given: payload.typeName)
            }
            return payload
        }
        guard let rebuild = requirement.rebuild else {
            throw .missingPayload(scene: resolved.scene, expected: requirement.typeName)
        }
        // The app's code runs here: a navigation it starts is rejected, as from a builder.
        let previous = applying
        applying = kind
        defer { applying = previous }
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

    /// A guard's redirect, carried where a check's result is expected.
    struct Redirect: Error {
        let request: ApplicationTransitionType
    }

    /// The removal a `pop`, `popToRoot`, `popTo`, `dismiss` or `dismissAll` asks of the tree,
    /// `nil` when a "go home" request is already home, or the error that forbids it.
    func removal(for request: ApplicationTransitionType) throws(NavigationError) -> TreeEdit? {
        let topCount = tree.topStackCount
        switch request {
        case .pop:
            guard topCount > 1 else {
                throw .cannotPopFirstScreen(tree.topScreens[0].scene, kind: .pop)
            }
            return .truncateTop(keeping: topCount - 1)
        case .popToRoot:
            guard topCount > 1 else { return nil }
            return .truncateTop(keeping: 1)
        case .popTo(let scene, _):
            let screens = tree.topScreens
            guard let index = screens.dropLast().lastIndex(where: { $0.scene == scene }) else {
                try scene.validate()
                throw .sceneNotInStack(scene, stack: screens.map(\.scene))
            }
            return .truncateTop(keeping: index + 1)
        case .dismiss:
            let modalCount = tree.modalCount
            guard modalCount > 0 else {
                throw .nothingToDismiss(visible: tree.topScreens[topCount - 1].scene)
            }
            return .dismissModals(from: modalCount - 1)
        case .dismissAll:
            guard tree.modalCount > 0 else { return nil }
            return .dismissModals(from: 0)
        default:
            return nil
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

    /// Runs the builder for a checked scene as a new screen.
    ///
    /// The screen's identity is used up as soon as its builder is called, even if the build or
    /// the navigation then fails: the builder may have kept its context, and a later screen must
    /// never answer to it. Changes nothing else.
    func build(
        _ checked: Checked, for kind: TransitionKind, redirectedFrom: NavigationOperation? = nil
    ) throws(NavigationError) -> Screen {
        let id = counters.nextScreen()
        let scene = checked.resolved.scene
        let context = SceneContext(
            scene: scene, screen: id, parameters: checked.parameters, payload: checked.payload,
            link: link, redirectedFrom: redirectedFrom)
        let previous = applying
        applying = kind
        defer { applying = previous }
        let content: any ScreenContent
        do {
            content = try checked.resolved.registration.makeScreen(in: context)
        } catch let error as NavigationError {
            lifecycle.leaveVetoes[id] = nil
            throw error
        } catch {
            lifecycle.leaveVetoes[id] = nil
            throw .builderFailed(scene, reason: String(describing: error))
        }
        return Screen(
            id: id, scene: scene, parameters: checked.parameters, payload: checked.payload,
            content: content)
    }

    /// Builds one screen of a request that builds several; if it fails, the vetoes the screens
    /// already built (`built`) set go with them, since they will never be in the tree.
    func buildDiscardingOnFailure(
        _ checked: Checked, for kind: TransitionKind, since built: [ScreenID]
    ) throws(NavigationError) -> Screen {
        do {
            return try build(checked, for: kind)
        } catch {
            lifecycle.discardVetoes(of: built)
            throw error
        }
    }

    // MARK: Guards and vetoes

    /// Runs the guards on `attempt`: `nil` to go on, a redirect, or a rejection thrown.
    func runGuards(_ attempt: NavigationAttempt) throws(NavigationError)
        -> ApplicationTransitionType?
    {
        guard hasGuards else { return nil }
        // A guard that navigates would act on a tree this navigation is about to change.
        let previous = applying
        applying = attempt.kind
        defer { applying = previous }
        try asyncGate.checkAsyncGuards(attempt)
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

    /// Runs the guards and, unless forced, the vetoes of every screen in `leaving` (bottom
    /// first), top first.
    func checkLeaving(_ leaving: [Screen], kind: TransitionKind, force: Bool)
        throws(NavigationError) -> ApplicationTransitionType?
    {
        guard !guards.isEmpty || (!force && !lifecycle.leaveVetoes.isEmpty) else { return nil }
        for screen in leaving.reversed() {
            if let redirect = try runGuards(
                NavigationAttempt(
                    kind: kind, scene: screen.scene, parameters: screen.parameters,
                    leaving: screen.id, tree: tree))
            {
                return redirect
            }
            if !force, let veto = lifecycle.leaveVetoes[screen.id],
                let reason = askVeto(veto, kind: kind)
            {
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
    ///
    /// Every change to the tree, requested or reported by the platform, goes through here:
    /// the tree is changed in one step, the event made once, then handed to observers.
    func commit(_ change: Change, options: Options = Options()) -> TransitionEvent {
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
        switch change.kind {
        case .pop, .popTo, .popToRoot, .dismiss, .dismissAll: about = applied.from ?? applied.to
        default: about = applied.to
        }
        var style: PresentationStyle?
        if case .present(_, _, _, let presented) = change.edit { style = presented }
        // A universal link's stack presented in one modal.
        if change.kind == .present, case .replaceTree = change.edit {
            style = tree.modals.last?.style
        }
        let event = TransitionEvent(
            sequence: counters.nextSequence(), kind: change.kind, scene: about.scene,
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
