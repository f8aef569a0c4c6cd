/// What the coordinator keeps about screens beyond the tree itself: the flow that owns each,
/// the handler waiting for each one's result, each one's leave veto, and the live top-level
/// flows.
///
/// One job: when screens enter and leave the tree, ownership is counted, results of screens that
/// left are cancelled, flows left without screens finish (children first) and are released, and
/// vetoes of screens that left are forgotten. A coordinator that uses none of these keeps all
/// of it empty, and a transition then looks at none of it.
@MainActor
final class ScreenLifecycle {
    /// The live top-level flows, by key.
    var flowsByKey: [String: FlowCoordinator] = [:]
    /// The owners, result handlers and leave vetoes of screens, changed only through
    /// ``changeTables(_:)``: no access to the stored property then spans a release or app
    /// code, so that every access to it is checked for exclusivity when compiled, not at run
    /// time.
    private(set) var tables = ScreenTables()

    /// Whether nothing is kept: no transition needs to look at the screens it adds or removes.
    ///
    /// Kept with each change of the tables, since every transition asks.
    private(set) var isEmpty = true

    /// Whether any screen has a leave veto; kept with each change of the tables.
    private(set) var hasLeaveVetoes = false

    /// Changes the tables taken out of their stored property: what the change releases is
    /// released outside any access to it.
    func changeTables<Result>(_ change: (inout ScreenTables) -> Result) -> Result {
        var taken = ScreenTables()
        swap(&taken, &tables)
        let result = change(&taken)
        isEmpty = taken.isEmpty
        hasLeaveVetoes = !taken.leaveVetoes.isEmpty
        swap(&taken, &tables)
        return result
    }

    // MARK: Ownership and flows

    /// Records that `flow` started screen `id`: it and its ancestors own one more screen.
    func recordOwnership(of id: ScreenID, by flow: FlowCoordinator) {
        changeTables { $0.owners[id] = flow }
        var current: FlowCoordinator? = flow
        while let node = current {
            node.ownedScreenCount += 1
            current = node.parent
        }
    }

    /// Drops one owned screen from `flow` and its ancestors; collects the flows left with none.
    func releaseOwnership(of flow: FlowCoordinator, finished: inout [FlowCoordinator]) {
        var current: FlowCoordinator? = flow
        while let node = current {
            node.ownedScreenCount -= 1
            if node.ownedScreenCount == 0 && !node.isFinished
                && !finished.contains(where: { $0 === node })
            {
                finished.append(node)
            }
            current = node.parent
        }
    }

    /// Marks `flow` and its remaining child flows finished, children first, and returns them in
    /// that order; flows already finished are skipped.
    ///
    /// This happens as soon as the flow's last screen has left the tree, before anyone hears of
    /// the transition, so that an observer reacting to it finds the flow finished (its
    /// `navigate` then fails) rather than bringing it back to life.
    func markFinished(_ flow: FlowCoordinator) -> [FlowCoordinator] {
        guard !flow.isFinished else { return [] }
        var order: [FlowCoordinator] = []
        for (_, child) in flow.children.sorted(by: { $0.key < $1.key }) {
            if let child = child as? FlowCoordinator { order += markFinished(child) }
        }
        flow.isFinished = true
        order.append(flow)
        return order
    }

    /// Tells a finished flow's parent, lets the parent drop it, and calls the flow's hooks.
    func notifyFinished(_ flow: FlowCoordinator, event: TransitionEvent) {
        if let parent = flow.parent, let key = flow.key {
            if parent.children[key] === flow { parent.children[key] = nil }
            parent.childDidFinish(flow, event: event)
        } else if let key = flow.key, flowsByKey[key] === flow {
            flowsByKey[key] = nil
        }
        flow.didFinish(event)
        flow.onFinish?(flow, event)
        flow.onFinish = nil
        flow.parent = nil
    }

    /// Forgets every screen at once, when the window closes.
    ///
    /// Each result handler hears ``ScreenResult/cancelled``, the vetoes are dropped, and every
    /// flow is marked finished and released. No flow hook runs, since no transition removed
    /// the screens.
    ///
    /// - Parameter screens: The tree's screens, in tree order: the order the handlers hear it.
    func closeAll(_ screens: [ScreenID]) {
        let handlers = screens.compactMap { tables.resultHandlers[$0]?.call }
        for (_, flow) in flowsByKey.sorted(by: { $0.key < $1.key }) {
            for finished in markFinished(flow) {
                finished.ownedScreenCount = 0
                finished.onFinish = nil
                finished.parent = nil
            }
        }
        flowsByKey = [:]
        changeTables { $0 = ScreenTables() }
        for handler in handlers { handler(.cancelled) }
    }

    // MARK: Vetoes

    /// Sets or clears the veto of screen `id`, which is in the tree or being built.
    func setLeaveVeto(_ id: ScreenID, _ veto: (@MainActor () -> String?)?) {
        changeTables { $0.leaveVetoes[id] = veto }
    }

    /// Forgets the vetoes of screens that were built but will not enter the tree.
    func discardVetoes(of screens: [ScreenID]) {
        guard hasLeaveVetoes else { return }
        changeTables { tables in
            for id in screens { tables.leaveVetoes[id] = nil }
        }
    }

    // MARK: Settling a transition

    /// Reports a committed change that involves flows, results or vetoes, and does their
    /// bookkeeping: ownership, cancelled results, finished flows.
    func settle(
        options: NavigationOptions, removed: [ScreenID], added: [ScreenID],
        resultScreen: ScreenID?, event: TransitionEvent, publish: (NavigationEvent) -> Void
    ) {
        // Ownership of the new screens is recorded first, so that a flow replacing its own
        // screens (a new root) never drops to zero on the way.
        if let owner = options.owner {
            for id in added { recordOwnership(of: id, by: owner) }
        }
        let (cancelled, owners) = changeTables { tables in
            var cancelled: [@MainActor (ScreenResult) -> Void] = []
            var owners: [FlowCoordinator] = []
            for id in removed {
                tables.leaveVetoes[id] = nil
                if let handler = tables.resultHandlers.removeValue(forKey: id) {
                    cancelled.append(handler.call)
                }
                if let owner = tables.owners.removeValue(forKey: id) { owners.append(owner) }
            }
            if let onResult = options.onResult, let resultScreen {
                tables.resultHandlers[resultScreen] = onResult
            }
            return (cancelled, owners)
        }
        var finished: [FlowCoordinator] = []
        for owner in owners { releaseOwnership(of: owner, finished: &finished) }
        let finishing = finished.flatMap(markFinished)
        publish(.transition(event))
        for handler in cancelled { handler(.cancelled) }
        for flow in finishing { notifyFinished(flow, event: event) }
    }

    // MARK: Results

    /// Keeps `flow` alive under `key` as a top-level flow and starts it (see
    /// `FlowCoordinator.start(under:parent:keep:)`).
    func start(_ flow: FlowCoordinator, key: String) throws(NavigationError) {
        guard flowsByKey[key] == nil else { throw .misuse(.flowKeyInUse(key)) }
        try flow.start(under: key, parent: nil) { flowsByKey[key] = $0 }
    }

    /// Throws when the code waiting for screen `id`'s result asked for another type than
    /// `value`'s: checked before anything leaves.
    func checkResult(_ value: any Sendable, for id: ScreenID) throws(NavigationError) {
        if let expected = tables.resultHandlers[id]?.expected, !expected.accepts(value) {
            throw .input(
                .wrongResultType(
                    screen: id, expected: expected.name,
                    given: ScenePayload.name(of: type(of: value))))
        }
    }

    /// Delivers `value`, checked with ``checkResult(_:for:)``, to the code waiting for screen
    /// `id`'s result, once `remove` has taken the screen out of the tree.
    ///
    /// The handler is taken out first, so that removing the screen does not cancel it; it is
    /// put back when the removal fails, or when a guard redirected it to a request that changes
    /// nothing (the screen stays).
    func deliver(
        _ value: any Sendable, to id: ScreenID,
        removing remove: () throws(NavigationError) -> TransitionEvent?
    ) throws(NavigationError) -> TransitionEvent? {
        let handler = changeTables { $0.resultHandlers.removeValue(forKey: id) }
        let event: TransitionEvent?
        do {
            event = try remove()
        } catch {
            changeTables { $0.resultHandlers[id] = handler }
            throw error
        }
        guard event != nil else {
            changeTables { $0.resultHandlers[id] = handler }
            return nil
        }
        handler?.call(.value(value))
        return event
    }
}

/// What a coordinator keeps per screen in the tree (or being built), beyond the tree itself.
struct ScreenTables {
    /// The flow that started each screen in the tree, if one did.
    var owners: [ScreenID: FlowCoordinator] = [:]
    /// The handler waiting for each screen's result.
    var resultHandlers: [ScreenID: ResultHandler] = [:]
    /// Each screen's leave veto.
    var leaveVetoes: [ScreenID: @MainActor () -> String?] = [:]

    /// Whether nothing is kept.
    var isEmpty: Bool { owners.isEmpty && resultHandlers.isEmpty && leaveVetoes.isEmpty }
}

/// How a navigation is performed, beyond its request.
struct NavigationOptions {
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

    init(
        _ call: @escaping @MainActor (ScreenResult) -> Void,
        expecting type: (any Sendable.Type)?
    ) {
        self.call = call
        self.expected = type.map { Self.expectation($0) }
    }

    /// The name of `type`, and whether a value is of it.
    private static func expectation<Result: Sendable>(
        _ type: Result.Type
    ) -> (name: String, accepts: @Sendable (any Sendable) -> Bool) {
        (ScenePayload.name(of: type), { $0 is Result })
    }
}
