/// Runs the coordinator's synchronous navigations over the tree it owns.
///
/// One job: turn a request, a link, a snapshot or a platform report into one change of the
/// tree and one event, or one typed error and nothing changed. It holds the one entry wrapper
/// every entry point goes through (`enter`), the one redirect loop, the opening of a link's or a
/// snapshot's planned screens, and
/// ``commit(_:animated:edit:initiator:redirectedFrom:options:)``, the only place the tree
/// changes. Planning is ``TransitionPlanner``'s, running app code ``PlanRunner``'s, delivery
/// ``EventHub``'s; ``AppCoordinator`` is the public face over it.
@MainActor
final class Navigator {
    /// The current tree; only ``commit(_:animated:edit:initiator:redirectedFrom:options:)``
    /// changes it, and ``close()`` empties it.
    private(set) var tree = ScreenTree()
    /// The most redirects one navigation may go through.
    var maximumRedirects = 8
    /// The scenes each tab hosts, for links that name one stack (see `AppCoordinator.tabHosts`).
    var tabHosts: [String: Set<SceneIdentifier>] = [:]
    /// Resolves, checks, asks and builds what each navigation plans.
    let runner: PlanRunner
    /// The observers and history, and the order of delivery.
    let eventHub: EventHub
    /// Flows, owners, results and leave vetoes: the screens' life beyond the tree.
    let lifecycle: ScreenLifecycle
    /// The window this coordinator shows, when a ``WindowRegistry`` made it.
    var window: WindowID?
    /// Whether the window was closed: every navigation then fails.
    private(set) var isClosed = false
    /// The coordinator new screens' contexts navigate through; set once it exists, and then
    /// the runner's ``PlanRunner/link`` refers to it.
    weak var owner: AppCoordinator? {
        didSet { runner.link = CoordinatorLink(coordinator: owner, services: services) }
    }
    private let services: ServiceRegistry

    init(container: any SceneBuilderContainer, services: ServiceRegistry, historyLimit: Int) {
        let lifecycle = ScreenLifecycle()
        self.lifecycle = lifecycle
        self.runner = PlanRunner(
            resolver: SceneResolver(container), lifecycle: lifecycle,
            link: CoordinatorLink(coordinator: nil, services: services))
        self.eventHub = EventHub(historyLimit: historyLimit)
        self.services = services
    }

    // MARK: Entering

    /// Performs a request for the app or a flow: plan (guards, vetoes, builder), then commit.
    func perform(_ request: ApplicationTransitionType, options: NavigationOptions)
        throws(NavigationError)
        -> TransitionEvent?
    {
        try enter(.transition(request), kind: request.kind, scene: request.scene) {
            () throws(NavigationError) in
            // An alert's answers are known now: each must be of the type the handler expects,
            // once the request itself can apply (a root, no alert on top, content that can be
            // shown), so that its errors come in the documented order.
            if let expected = options.onResult?.expected, case .alert(let content, _) = request {
                _ = try TransitionPlanner.plan(request, in: tree)
                for index in content.buttons.indices {
                    let answer = content.answer(button: index, text: content.textFields.map(\.text))
                    guard expected.accepts(answer) else {
                        throw .refused(
                            .invalidAlert(
                                .wrongAnswerType(
                                    button: index, expected: expected.name,
                                    given: ScenePayload.name(of: type(of: answer)))))
                    }
                }
            }
            return try attemptFollowingRedirects(request, options: options, origin: nil)
        }
    }

    /// The one way in for every synchronous entry point (a request, a link, a universal link,
    /// a snapshot, a platform report, a screen's finish): it refuses a navigation started while
    /// a builder, guard or veto runs, runs `check`, cancels the pending navigation (a newer
    /// request wins; a report does not cancel it, since what the user did applies at once),
    /// counts a navigation an observer starts, runs `body`, and publishes its failure before
    /// throwing it.
    ///
    /// - Parameters:
    ///   - operation: What is entered, as observers and errors name it; made only when needed.
    ///   - kind: The kind of transition it is, for the re-entrancy and loop errors.
    ///   - scene: The scene it names, if any, for the loop error.
    ///   - isReport: Whether it is a platform report.
    ///   - check: What must hold before the entry point counts as a request at all: its
    ///     failure cancels nothing (a screen's finish checks the screen and its result here).
    ///   - body: The entry point's own work.
    /// - Returns: What `body` returns.
    /// - Throws: What `check` and `body` throw,
    ///   ``NavigationError/Misuse/reentrantNavigation(_:during:)`` or
    ///   ``NavigationError/Misuse/observerNavigationLoop(limit:kind:scene:)``.
    func enter<Value>(
        _ operation: @autoclosure () -> NavigationEvent.Operation, kind: TransitionEvent.Kind,
        scene: @autoclosure () -> SceneIdentifier? = nil, isReport: Bool = false,
        checking check: () throws(NavigationError) -> Void = {},
        _ body: () throws(NavigationError) -> Value
    ) throws(NavigationError) -> Value {
        do throws(NavigationError) {
            try admit(operation(), kind: kind, scene: scene(), isReport: isReport, checking: check)
            return try body()
        } catch {
            publish(.failure(NavigationEvent.Failure(operation: operation(), error: error)))
            throw error
        }
    }

    /// Lets a navigation in, or throws why not: the prologue of
    /// ``enter(_:kind:scene:isReport:checking:_:)``, and of the asynchronous entry points, which
    /// publish their own failure.
    ///
    /// A window that is closed, and a navigation started while a builder, guard or veto runs
    /// (even through `Task.immediate`), are refused; then `check` runs; then a request (not a
    /// report) cancels the pending navigation and is counted when an observer starts it.
    func admit(
        _ operation: @autoclosure () -> NavigationEvent.Operation, kind: TransitionEvent.Kind,
        scene: @autoclosure () -> SceneIdentifier?, isReport: Bool = false,
        checking check: () throws(NavigationError) -> Void = {}
    ) throws(NavigationError) {
        try checkOpen()
        if let applying = runner.applying {
            throw .misuse(.reentrantNavigation(kind, during: applying))
        }
        try check()
        if !isReport {
            runner.gate?.cancelPending(by: operation())
            try eventHub.countObserverNavigation(kind, scene: scene())
        }
    }

    /// Attempts `request`, then each navigation a guard redirects it to, until one applies.
    ///
    /// The applied one remembers `origin`, or else `request` when it was redirected.
    ///
    /// - Throws: What the attempts throw, or ``NavigationError/GuardFailure/redirectLoop(chain:)`` when the
    ///   chain grows past ``maximumRedirects`` or comes back to a navigation already in it.
    func attemptFollowingRedirects(
        _ request: ApplicationTransitionType, options: NavigationOptions,
        origin: NavigationEvent.Operation?
    ) throws(NavigationError) -> TransitionEvent? {
        // The request itself first: it is copied only when a guard redirects it.
        var next: ApplicationTransitionType
        switch try attempt(request, options: options, redirectedFrom: origin) {
        case .applied(let event): return event
        case .redirected(let redirect): next = redirect
        }
        var chain = RedirectChain()
        var current = request
        while true {
            try chain.follow(from: current, to: next, limit: maximumRedirects)
            current = next
            let redirectedFrom = origin ?? .transition(request)
            switch try attempt(current, options: options, redirectedFrom: redirectedFrom) {
            case .applied(let event): return event
            case .redirected(let redirect): next = redirect
            }
        }
    }

    /// What one attempt at a request came to.
    private enum Attempt {
        /// It applied, or was already satisfied (`nil`).
        case applied(TransitionEvent?)
        /// A guard redirected it to this request.
        case redirected(ApplicationTransitionType)
    }

    /// Plans, runs and commits `request` once, remembering `redirectedFrom`.
    private func attempt(
        _ request: ApplicationTransitionType, options: NavigationOptions,
        redirectedFrom: NavigationEvent.Operation?
    ) throws(NavigationError) -> Attempt {
        // Planning reads the tree where it is moved to, and the runner reads it only to ask a
        // guard or a veto: a read of the stored property copies it, and an unasked push or pop
        // then copies no tree.
        guard
            let plan = try withTreeMovedOut({ (tree) throws(NavigationError) in
                try TransitionPlanner.plan(request, in: tree)
            })
        else {
            return .applied(nil)
        }
        let outcome = try runner.run(
            plan, in: { self.tree }, force: options.force, redirectedFrom: redirectedFrom)
        switch consume outcome {
        case .edit(let edit):
            return .applied(
                commit(
                    plan.kind, animated: plan.animated, edit: consume edit,
                    redirectedFrom: redirectedFrom, options: options))
        case .redirect(let next):
            return .redirected(next)
        }
    }

    /// Runs `body`, which runs no app code, over the tree moved out of its stored property and
    /// back after: reading it there copies nothing, and no access to the stored property spans
    /// `body`, so that every access to it is checked when compiled.
    private func withTreeMovedOut<Value>(
        _ body: (borrowing ScreenTree) throws(NavigationError) -> Value
    ) throws(NavigationError) -> Value {
        var moved = ScreenTree()
        swap(&moved, &tree)
        defer { swap(&moved, &tree) }
        return try body(moved)
    }

    // MARK: Links, snapshots and reports

    /// Opens `link` (see `AppCoordinator.open(_:force:)`).
    func open(_ link: AppLink, force: Bool) throws(NavigationError) -> NavigationEvent? {
        try enter(link.operation, kind: .replaceTree) { () throws(NavigationError) in
            try openNow(link, force: force)
        }
    }

    /// Restores `snapshot` (see `AppCoordinator.restore(_:force:)`).
    func restore(_ snapshot: TreeSnapshot, payloadTypes: PayloadTypes, force: Bool)
        throws(NavigationError) -> TransitionEvent?
    {
        let operation = NavigationEvent.Operation.restore(snapshot)
        return try enter(operation, kind: .replaceTree) {
            () throws(NavigationError) -> TransitionEvent? in
            let screens = try LinkCodec.read(snapshot, payloadTypes: payloadTypes)
            guard !screens.isEmpty else { return nil }
            return try openPlanned(
                screens, operation: operation, force: force, overTabs: false,
                failure: { screen, error in
                    .snapshot(
                        .restorationFailed(
                            position: screen.position, scene: screen.scene, error: error))
                })
        }
    }

    /// Follows what the platform did (see `AppCoordinator.report(_:)`).
    func report(_ report: PlatformReport) throws(NavigationError) -> TransitionEvent? {
        try enter(.report(report), kind: report.kind, isReport: true) {
            () throws(NavigationError) -> TransitionEvent? in
            guard let (kind, edit) = try ReportPlanner.change(for: report, in: tree) else {
                return nil
            }
            // An alert answered, or a dialog dismissed with a cancel button, answers a value.
            guard let (alert, answer) = alertAnswer(to: report) else {
                return commit(kind, animated: true, edit: edit, initiator: .user)
            }
            try lifecycle.checkResult(answer, for: alert)
            return try lifecycle.deliver(answer, to: alert) {
                commit(kind, animated: true, edit: edit, initiator: .user)
            }
        }
    }

    /// Keeps `veto` for screen `id` while it is in the tree, or being built (a builder sets its
    /// screen's veto before the screen is in the tree); a screen that has left, or a closed
    /// window's, keeps none (see `SceneContext.vetoLeaving(_:)`).
    func setLeaveVeto(_ id: ScreenID, _ veto: (@MainActor () -> String?)?) {
        if veto != nil, isClosed || (runner.applying == nil && tree.location(of: id) == nil) {
            return
        }
        lifecycle.setLeaveVeto(id, veto)
    }

    /// Delivers `value` to the code that navigated to the visible screen `id`, then removes it
    /// (see `SceneContext.finish(with:animated:)`).
    ///
    /// It goes in as the removal it asks for (a dismiss for the first screen of a modal, else a
    /// pop), so that its failures are published as every navigation's are; a screen that is
    /// not visible, or a result of the wrong type, fails before the pending navigation is
    /// cancelled.
    func finish(_ id: ScreenID, with value: any Sendable, animated: Bool)
        throws(NavigationError) -> TransitionEvent?
    {
        let top = tree.visibleLocation
        let request: ApplicationTransitionType =
            if let top, top.index == 0, top.level > 0 {
                .dismiss(animated: animated)
            } else {
                .pop(animated: animated)
            }
        return try enter(
            .transition(request), kind: request.kind,
            checking: { () throws(NavigationError) in
                guard let top, top.screen == id else {
                    throw .refused(.finishingScreenNotVisible(id, visible: top?.screen))
                }
                try lifecycle.checkResult(value, for: id)
            }
        ) { () throws(NavigationError) in
            try lifecycle.deliver(value, to: id) { () throws(NavigationError) in
                try attemptFollowingRedirects(
                    request, options: NavigationOptions(force: true), origin: nil)
            }
        }
    }

    /// The alert screen a checked report answers, and the value it answers: the button's for
    /// an answer, the cancel button's for a dialog dismissed with a tap outside.
    private func alertAnswer(to report: PlatformReport) -> (ScreenID, any Sendable)? {
        switch report {
        case .answeredByUser(let id, let button, let text):
            return tree.alert.map { (id, $0.answer(button: button, text: text)) }
        case .dismissedByUser(let id):
            guard let cancel = tree.alert?.cancelButton else { return nil }
            return (id, cancel.button.value.base)
        default:
            return nil
        }
    }

    /// Reads and opens `link` as ``open(_:force:)`` does, without reporting a failure: the
    /// asynchronous entry points run it once their guards allowed it.
    func openNow(_ link: AppLink, force: Bool) throws(NavigationError) -> NavigationEvent? {
        let text = link.text
        switch link.form {
        case .deepLink(let format):
            let screens = try format.parse(text)
            let event = try openPlanned(
                screens, operation: link.operation, force: force, overTabs: true,
                failure: { screen, error in
                    let bytes = Array(text.utf8)
                    return .link(
                        .linkSegmentFailed(
                            position: screen.position,
                            segment: String(decoding: bytes[screen.segment], as: UTF8.self),
                            error: error))
                })
            return event.map(NavigationEvent.transition)
        case .universal(let table, let source):
            switch try LinkCodec(resolver: runner.resolver).read(text, in: table, from: source) {
            case .action(let action):
                publish(.linkAction(action))
                return .linkAction(action)
            case .screens(let screens, let destination):
                let event = try openPlanned(
                    screens, operation: link.operation, force: force, overTabs: true,
                    into: destination, failure: { _, error in error })
                return event.map(NavigationEvent.transition)
            }
        }
    }

    /// Checks and builds every planned screen of a link or a snapshot, then commits them.
    ///
    /// They go where `destination` places them (see ``TransitionPlanner``), in one step; a
    /// guard's redirect is performed instead, remembering `operation`. Nothing changes if any step fails;
    /// `failure` names a screen's error after the screen.
    func openPlanned(
        _ screens: [PlannedScreen], operation: NavigationEvent.Operation, force: Bool,
        overTabs: Bool, into destination: TransitionPlanner.LinkDestination = .tree,
        failure: @escaping (PlannedScreen, NavigationError) -> NavigationError
    ) throws(NavigationError) -> TransitionEvent? {
        let resolver = runner.resolver
        // Read once: the resolver may be the app's own container, so the tree is not moved.
        let tree = self.tree
        let plan = try TransitionPlanner.plan(
            screens, into: destination, overTabs: overTabs, tabHosts: tabHosts, in: tree,
            resolve: { (scene) throws(NavigationError) -> SceneIdentifier in
                do throws(NavigationError) {
                    return try resolver.resolveTarget(scene).scene
                } catch {
                    throw failure(screens[0], error)
                }
            })
        switch try runner.run(plan, in: { tree }, force: force, failure: failure) {
        case .edit(let edit):
            return commit(plan.kind, animated: false, edit: edit)
        case .redirect(let redirect):
            return try attemptFollowingRedirects(
                redirect, options: NavigationOptions(), origin: operation)
        }
    }

    // MARK: Closing

    /// Fails with ``NavigationError/WindowFailure/windowClosed(_:)`` once the window was closed.
    func checkOpen() throws(NavigationError) {
        if isClosed, let window { throw .window(.windowClosed(window)) }
    }

    /// Closes the window, once: the pending navigation is cancelled, the held link dropped and
    /// returned, the tree emptied without an event (results cancelled, flows finished and
    /// released, see ``ScreenLifecycle/closeAll()``).
    func close() -> HeldLink? {
        isClosed = true
        let gate = runner.gate
        gate?.cancelPending(by: nil)
        let held = gate?.held
        gate?.held = nil
        gate?.blocker = nil
        let screens = tree.screens.map(\.id)
        tree = ScreenTree()
        lifecycle.closeAll(screens)
        return held
    }

    // MARK: Committing

    /// Applies a checked change, does the bookkeeping, and reports it.
    ///
    /// Every change to the tree, requested or reported by the platform, goes through here:
    /// the tree is changed in one step, the event made once, then handed to observers. The
    /// edit is moved into the tree, never copied.
    ///
    /// - Parameters:
    ///   - kind: The kind of transition the change is.
    ///   - animated: Whether it animates.
    ///   - edit: The checked and built change.
    ///   - initiator: Who started it.
    ///   - redirectedFrom: What a guard redirected it from, if it did.
    ///   - options: The flow that owns the new screens and the handler of its result.
    func commit(
        _ kind: TransitionEvent.Kind, animated: Bool, edit: consuming TreeEdit,
        initiator: TransitionEvent.Initiator = .app,
        redirectedFrom: NavigationEvent.Operation? = nil,
        options: NavigationOptions = NavigationOptions()
    ) -> TransitionEvent {
        let tracked = !lifecycle.isEmpty || options.owner != nil || options.onResult != nil
        var leaving: [Screen] = []
        var added: [Screen] = []
        if tracked {
            leaving = tree.leavingScreens(edit)
            added = tree.addedScreens(edit)
        }
        // What the user did through the platform is already on screen: nothing to plan. The
        // tree is moved out while it changes and back after, so that no access to the stored
        // property spans the edit's code: every access to it is then checked when compiled,
        // not at run time.
        var changing = ScreenTree()
        swap(&changing, &tree)
        let applied = changing.apply(
            consume edit, planning: initiator == .app, animated: animated)
        tree = consume changing
        // The transition is about the screen it added (the visible one, when it added several),
        // or else the visible screen that left.
        let about: ScreenLocation
        switch kind {
        case .pop, .popTo, .popToRoot, .dismiss, .dismissAll, .removeTab:
            about = applied.leftScreen ?? applied.from ?? applied.to
        default:
            // A new tab's screen is added out of view; so is a split column's under a modal.
            about = applied.addedScreen.flatMap { tree.location(of: $0) } ?? applied.to
        }
        let event = TransitionEvent(
            sequence: runner.counters.nextSequence(), kind: kind, about: about,
            applied: consume applied, animated: animated, initiator: initiator,
            redirectedFrom: redirectedFrom)
        if tracked {
            lifecycle.settle(
                options: options, removed: leaving.map(\.id), added: added.map(\.id),
                resultScreen: kind.addsScreen ? about.screen : nil, event: event,
                publish: publish)
        } else {
            runner.gate?.treeChanged()
            eventHub.publish(.transition(event), isTransition: true) { tree }
        }
        return event
    }

    /// Publishes `event` to every observer, after the asynchronous gate has seen a transition.
    func publish(_ event: NavigationEvent) {
        var isTransition = false
        if case .transition = event {
            isTransition = true
            runner.gate?.treeChanged()
        }
        eventHub.publish(event, isTransition: isTransition) { tree }
    }
}
