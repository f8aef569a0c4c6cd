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

    /// What every ``SceneContext`` this coordinator makes shares.
    let link: CoordinatorLink

    // Observation.
    var history: RingBuffer<NavigationEvent>
    var observers: [Observer] = []
    var streams: [UInt64: AsyncStream<NavigationEvent>.Continuation] = [:]
    var nextObserverID: UInt64 = 1
    var pending: [(NavigationEvent, ScreenTree)] = []
    /// While an event is delivered, the tree as it was right after that event.
    var treeAtEvent: ScreenTree?
    var isDelivering = false

    // Guards, flows, results and leave vetoes; all empty unless used.
    var guards: [NavigationGuard] = []
    var flowsByKey: [String: FlowCoordinator] = [:]
    var owners: [ScreenID: FlowCoordinator] = [:]
    var resultHandlers: [ScreenID: @MainActor (ScreenResult) -> Void] = [:]
    var leaveVetoes: [ScreenID: @MainActor () -> String?] = [:]

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
    }

    /// What a change does to the tree.
    ///
    /// Every transition, requested or reported, is one of these, applied by
    /// ``commit(_:options:)``.
    enum Edit {
        /// A new root stack of one screen.
        case setRoot(Screen, StackID)
        /// A new tab container.
        case setTabs([TabBuild], selected: Int)
        /// A screen pushed onto the top-most stack.
        case push(Screen)
        /// A modal presented over the top-most place.
        case present(Screen, ModalID, StackID, PresentationStyle)
        /// The top-most stack cut down to its first `keeping` screens.
        case truncateTop(keeping: Int)
        /// The modals from `from` on dismissed.
        case dismissModals(from: Int)
        /// Another tab selected.
        case selectTab(Int)
        /// The top-most stack's screens replaced.
        case setTop([Screen])
        /// A whole new tree (a link or a snapshot); the screens it keeps from the current tree
        /// (the untouched tabs of a link to one tab) stay, the others leave.
        case replaceTree(ScreenTree)
    }

    /// One tab of a new tab container, built.
    struct TabBuild {
        let name: String
        let stack: StackID
        let screens: [Screen]
    }

    /// A change ready to commit: everything that can fail has been checked and built.
    struct Change {
        var kind: TransitionKind
        var animated: Bool
        var edit: Edit
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
    }

    /// Checks `request` against the tree, the guards and the vetoes, builds its screens, and
    /// commits it, unless a guard redirects it.
    func attempt(
        _ request: ApplicationTransitionType, options: Options,
        redirectedFrom: NavigationOperation?
    ) throws(NavigationError) -> Attempt {
        let kind = request.kind
        if kind != .root && kind != .tabs && tree.isEmpty { throw .noRoot(kind) }
        if case .present(_, _, let style, _) = request, !style.isValid {
            throw .invalidPresentationStyle(style)
        }
        var edit: Edit
        switch request {
        case .root(let scene, let parameters, _), .push(let scene, let parameters, _),
            .present(let scene, let parameters, _, _), .replace(let scene, let parameters, _):
            let checked: Checked
            switch try check(scene, parameters, kind: kind) {
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
            case .present(_, _, let style, _):
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
            guard let selectedIndex = items.firstIndex(where: { $0.name == selected }) else {
                throw .unknownTab(selected, tabs: items.map(\.name))
            }
            var checked: [Checked] = []
            for item in items {
                switch try check(item.scene, item.parameters, kind: kind) {
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
            // Stacks get their identities only once every tab's screen is built, in tab order:
            // a failed build uses none up.
            let tabs = zip(items, screens).map { item, screen in
                TabBuild(name: item.name, stack: counters.nextStack(), screens: [screen])
            }
            edit = .setTabs(tabs, selected: selectedIndex)

        case .selectTab(let name, _):
            let names = tree.tabNameList
            guard let index = tree.tabIndex(named: name) else {
                throw .unknownTab(name, tabs: names)
            }
            guard index != tree.selectedTabIndex else { return .unchanged }
            if !guards.isEmpty, let top = tree.tabs[index].stack.last,
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
                switch try check(destination.scene, destination.parameters, kind: kind) {
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
            if !guards.isEmpty || (!options.force && !leaveVetoes.isEmpty),
                let redirect = try checkLeaving(
                    leavingScreens(removal), kind: kind, force: options.force)
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

    /// Resolves `scene`, checks its parameters and runs the guards on it: what to build, or the
    /// guards' redirect.
    func check(_ scene: SceneIdentifier, _ parameters: SceneParameters, kind: TransitionKind)
        throws(NavigationError) -> Result<Checked, Redirect>
    {
        let resolved = try resolveTarget(scene)
        let merged = try checkedParameters(parameters, for: resolved)
        if !guards.isEmpty,
            let redirect = try runGuards(
                NavigationAttempt(
                    kind: kind, scene: resolved.scene, parameters: merged, leaving: nil,
                    tree: tree))
        {
            return .failure(Redirect(request: redirect))
        }
        return .success(Checked(resolved: resolved, parameters: merged))
    }

    /// A guard's redirect, carried where a check's result is expected.
    struct Redirect: Error {
        let request: ApplicationTransitionType
    }

    /// The removal a `pop`, `popToRoot`, `popTo`, `dismiss` or `dismissAll` asks of the tree,
    /// `nil` when a "go home" request is already home, or the error that forbids it.
    func removal(for request: ApplicationTransitionType) throws(NavigationError) -> Edit? {
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

    /// The screens `edit` takes out of the tree, bottom first.
    func leavingScreens(_ edit: Edit) -> [Screen] {
        switch edit {
        case .setRoot, .setTabs:
            return tree.screens
        case .push, .present, .selectTab:
            return []
        case .truncateTop(let keeping):
            return Array(tree.topScreens[keeping...])
        case .dismissModals(let position):
            return tree.modalScreens(from: position)
        case .setTop(let screens):
            let kept = Set(screens.map(\.id))
            return tree.topScreens.filter { !kept.contains($0.id) }
        case .replaceTree(let built):
            let kept = Set(built.screens.map(\.id))
            return tree.screens.filter { !kept.contains($0.id) }
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
        let id = ScreenID(counters.screen)
        counters.screen += 1
        let scene = checked.resolved.scene
        let context = SceneContext(
            scene: scene, screen: id, parameters: checked.parameters, link: link,
            redirectedFrom: redirectedFrom)
        let previous = applying
        applying = kind
        defer { applying = previous }
        let content: any ScreenContent
        do {
            content = try checked.resolved.registration.makeScreen(in: context)
        } catch let error as NavigationError {
            leaveVetoes[id] = nil
            throw error
        } catch {
            leaveVetoes[id] = nil
            throw .builderFailed(scene, reason: String(describing: error))
        }
        return Screen(id: id, scene: scene, parameters: checked.parameters, content: content)
    }

    /// Builds one screen of a request that builds several; if it fails, the vetoes the screens
    /// already built (`built`) set go with them, since they will never be in the tree.
    func buildDiscardingOnFailure(
        _ checked: Checked, for kind: TransitionKind, since built: [ScreenID]
    ) throws(NavigationError) -> Screen {
        do {
            return try build(checked, for: kind)
        } catch {
            discardVetoes(of: built)
            throw error
        }
    }

    /// Forgets the vetoes of screens that were built but will not enter the tree.
    func discardVetoes(of screens: [ScreenID]) {
        guard !leaveVetoes.isEmpty else { return }
        for id in screens { leaveVetoes[id] = nil }
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

    /// Runs the guards and, unless forced, the vetoes of every screen in `leaving` (bottom
    /// first), top first.
    func checkLeaving(_ leaving: [Screen], kind: TransitionKind, force: Bool)
        throws(NavigationError) -> ApplicationTransitionType?
    {
        guard !guards.isEmpty || (!force && !leaveVetoes.isEmpty) else { return nil }
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
    ///
    /// Every change to the tree, requested or reported by the platform, goes through here.
    func commit(_ change: Change, options: Options = Options()) -> TransitionEvent {
        let from = tree.visibleLocation
        let tracking = !owners.isEmpty || !resultHandlers.isEmpty || !leaveVetoes.isEmpty
        let leaving: [Screen]
        let removedCount: Int
        switch change.edit {
        case .push, .present, .selectTab:
            leaving = []
            removedCount = 0
        case .truncateTop(let keeping) where !tracking:
            leaving = []
            removedCount = tree.topStackCount - keeping
        default:
            leaving = leavingScreens(change.edit)
            removedCount = leaving.count
        }
        var style: PresentationStyle?
        var added: [Screen] = []
        switch change.edit {
        case .setRoot(let screen, let stack):
            tree.setRoot([screen], stack: stack)
            added = [screen]
        case .setTabs(let tabs, let selected):
            tree.setTabs(tabs.map { ($0.name, $0.stack, $0.screens) }, selected: selected)
            added = tabs.flatMap(\.screens)
        case .push(let screen):
            tree.push(screen)
            added = [screen]
        case .present(let screen, let modal, let stack, let presented):
            tree.present([screen], modal: modal, stack: stack, style: presented)
            style = presented
            added = [screen]
        case .truncateTop(let keeping):
            tree.truncateTop(keeping: keeping)
        case .dismissModals(let position):
            tree.dismissModals(from: position)
        case .selectTab(let index):
            tree.selectTab(at: index)
        case .setTop(let screens):
            let kept = Set(tree.topScreens.map(\.id))
            tree.setTop(screens)
            added = screens.filter { !kept.contains($0.id) }
        case .replaceTree(let built):
            let kept = Set(tree.screens.map(\.id))
            tree = built
            added = built.screens.filter { !kept.contains($0.id) }
        }
        let to = tree.lastLocation()
        // The transition is about the screen it added (the visible one, when it added several),
        // or else the visible screen that left.
        let about: ScreenLocation
        switch change.kind {
        case .pop, .popTo, .popToRoot, .dismiss, .dismissAll: about = from ?? to
        default: about = to
        }
        let event = TransitionEvent(
            sequence: counters.sequence, kind: change.kind, scene: about.scene,
            screen: about.screen, from: from, to: to, removedCount: removedCount,
            animated: change.animated, initiator: change.initiator,
            redirectedFrom: change.redirectedFrom, stack: tree.topStackID, style: style,
            tab: tree.selectedTab)
        counters.sequence += 1

        if tracking || options.owner != nil || options.onResult != nil {
            settle(
                options: options, removed: leaving.map(\.id), added: added.map(\.id),
                resultScreen: change.kind.addsScreen ? to.screen : nil, event: event)
        } else {
            publish(.transition(event))
        }
        return event
    }

    /// Reports a committed change that involves flows, results or vetoes, and does their
    /// bookkeeping: ownership, cancelled results, finished flows.
    private func settle(
        options: Options, removed: [ScreenID], added: [ScreenID], resultScreen: ScreenID?,
        event: TransitionEvent
    ) {
        // Ownership of the new screens is recorded first, so that a flow replacing its own
        // screens (a new root) never drops to zero on the way.
        if let owner = options.owner {
            for id in added { recordOwnership(of: id, by: owner) }
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
        if let onResult = options.onResult, let resultScreen {
            resultHandlers[resultScreen] = onResult
        }
        let finishing = finished.flatMap(markFinished)
        publish(.transition(event))
        for handler in cancelled { handler(.cancelled) }
        for flow in finishing { notifyFinished(flow, event: event) }
    }
}
