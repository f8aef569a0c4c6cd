/// Delivers a coordinator's events: its closure observers, its streams, its history, and the
/// order of events that observers start while another is being delivered.
///
/// One job: every event the coordinator publishes reaches every observer, in the order events
/// happened, each with the tree as it was right after it; nothing grows without bound (the
/// history has a fixed capacity, each stream keeps its newest events, the queue of events
/// published during a delivery is drained by that delivery). The coordinator owns one and
/// forwards its public observation API to it.
@MainActor
final class EventHub {
    /// What publishing reads and changes, in one stored property: every access to a class's
    /// stored property is checked for exclusivity at run time, so publishing an event reads it
    /// once before delivery, once per observer and once after, rather than once per field.
    private var state: HubState
    private var nextObserverID: UInt64 = 1

    /// While an event is delivered, the tree as it was right after that event, when the
    /// current tree may have moved on (an earlier observer navigated).
    private(set) var treeAtEvent: ScreenTree?

    /// The most navigations observers may start while one event is delivered.
    var maximumObserverNavigations = 50

    /// A hub that keeps the newest `historyLimit` events (none for 0).
    init(historyLimit: Int) {
        state = HubState(history: RingBuffer(capacity: historyLimit))
    }

    /// The newest events, oldest first.
    var recentEvents: [NavigationEvent] { state.history.contents }

    /// The number of closure observers and streams attached.
    var count: Int { state.observers.count + state.streams.count }

    /// Whether an event is being delivered.
    var isDelivering: Bool { state.delivery.isActive }

    // MARK: Observers and streams

    /// Adds a closure observer after every other; returns the number that removes it.
    func add(_ handler: @escaping @MainActor (NavigationEvent) -> Void) -> UInt64 {
        let id = nextObserverID
        nextObserverID += 1
        state.observers.append(Observer(id: id, handler: handler))
        return id
    }

    /// Removes the closure observer `id`, if attached.
    func remove(_ id: UInt64) {
        state.observers.remove(id, compacting: !state.delivery.isActive)
    }

    /// A stream of every event from now on, keeping the newest `limit` unread ones.
    func stream(bufferingNewest limit: Int) -> AsyncStream<NavigationEvent> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: NavigationEvent.self, bufferingPolicy: .bufferingNewest(Swift.max(1, limit)))
        // The coordinator's window closed: no event will come.
        if streamsFinished {
            continuation.finish()
            return stream
        }
        let id = nextObserverID
        nextObserverID += 1
        state.streams[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.state.streams[id] = nil }
        }
        return stream
    }

    /// Whether the streams were ended for good (the window closed).
    private var streamsFinished = false

    /// Ends every stream: their readers' loops finish; `forGood` ends any stream asked for later
    /// too.
    func finishStreams(forGood: Bool = false) {
        if forGood { streamsFinished = true }
        for continuation in state.streams.values {
            continuation.finish()
        }
        state.streams.removeAll()
    }

    // MARK: Observer loops

    /// Counts a navigation that starts while observers are being called, and stops it when
    /// observers have started more than ``maximumObserverNavigations`` during this delivery.
    ///
    /// Every entry point that an observer may call to change the tree calls this before it
    /// checks or builds anything, so a stopped navigation changes nothing.
    ///
    /// - Throws: ``NavigationError/observerNavigationLoop(limit:kind:scene:)`` past the limit.
    func countObserverNavigation(
        _ kind: TransitionKind, scene: @autoclosure () -> SceneIdentifier?
    ) throws(NavigationError) {
        guard state.delivery.isActive else { return }
        state.delivery.navigations += 1
        let limit = Swift.max(0, maximumObserverNavigations)
        if state.delivery.navigations > limit {
            throw .observerNavigationLoop(limit: limit, kind: kind, scene: scene())
        }
    }

    // MARK: Delivering

    /// Records `event` and delivers it to every observer, after any event being delivered.
    ///
    /// - Parameters:
    ///   - event: The event, published right after the tree changed (or failed to).
    ///   - isTransition: Whether `event` is a transition (so that it is not matched again).
    ///   - tree: Reads the coordinator's current tree; an observer may change it.
    func publish(_ event: NavigationEvent, isTransition: Bool, tree: () -> ScreenTree) {
        let start = state.begin(event, isTransition: isTransition)
        switch start {
        case .nobodyListens:
            return
        case .queue(let transitions):
            // An observer that navigates publishes while this event is being delivered: queue
            // it, with the tree as it is now, so that every observer sees each event with its
            // own tree.
            state.delivery.queue.append(
                QueuedEvent(event: event, tree: tree(), transitions: transitions))
            return
        case .deliver(let observerSlots, let severalObservers):
            // With more than one observer, an earlier one may navigate, so later ones need the
            // tree as it was.
            deliver(event, tree: severalObservers ? tree() : nil, slots: observerSlots)
        }
        // Each queued event is taken out before it is delivered, so the queue holds only the
        // events not yet delivered, and a chain of navigations started by observers keeps no
        // tree it has delivered. (The streams' turn and the question whether one is queued
        // take one access to the state, so that the usual delivery of one event ends without
        // making an empty queued one.)
        var ended = state.yieldToStreams(event)
        while !ended, let next = state.nextQueued() {
            deliver(next.event, tree: next.tree, slots: next.observerSlots)
            ended = state.yieldToStreams(next.event)
        }
    }

    /// Calls the observers in the first `end` slots with `event`; the streams get it next
    /// (``HubState/yieldToStreams(_:)``).
    private func deliver(_ event: NavigationEvent, tree: consuming ScreenTree?, slots end: Int) {
        // Asked once, and the tree moved in only when there is one: binding it copied it.
        let keepsTree = tree != nil
        if keepsTree { treeAtEvent = consume tree }
        // By position, up to the observers attached when delivery began: one added meanwhile
        // starts with the next event, and one cancelled meanwhile is not called again.
        var index = 0
        while index < end {
            if let observer = state.observers[slot: index] { observer.handler(event) }
            index += 1
        }
        if keepsTree { treeAtEvent = nil }
    }
}

/// The state an ``EventHub`` reads and changes while it publishes.
struct HubState {
    /// The newest events, up to the history limit.
    var history: RingBuffer<NavigationEvent>
    var observers = ObserverList()
    var streams: [UInt64: AsyncStream<NavigationEvent>.Continuation] = [:]
    var delivery = Delivery()

    /// What to do with an event being published.
    enum Start {
        /// Nobody listens: the event goes nowhere.
        case nobodyListens
        /// An event is being delivered: queue this one, marked with the transition count.
        case queue(transitions: UInt64)
        /// Deliver it now, to the observers in this many slots (and the streams), with the
        /// tree as it is now when there are several observers; delivery has begun.
        case deliver(observerSlots: Int, severalObservers: Bool)
    }

    /// Records `event` in the history and begins its delivery, unless an observer loop was
    /// already reported during this delivery (it is then dropped), nobody listens or another
    /// event is being delivered.
    mutating func begin(_ event: NavigationEvent, isTransition: Bool) -> Start {
        if !isTransition, case .failure(let failure) = event,
            case .observerNavigationLoop = failure.error
        {
            // Reported once per delivery: an observer that navigates on failures too would
            // otherwise turn each report of the loop into one more turn of it.
            guard !delivery.loopReported else { return .nobodyListens }
            delivery.loopReported = true
        }
        if history.capacity > 0 { history.append(event) }
        let listening = !observers.isEmpty || !streams.isEmpty
        switch delivery.begin(transition: isTransition, listening: listening) {
        case .nobodyListens: return .nobodyListens
        case .queue(let transitions): return .queue(transitions: transitions)
        case .deliver:
            return .deliver(
                observerSlots: observers.slotCount, severalObservers: observers.count > 1)
        }
    }

    /// Gives `event`, which every closure observer has had, to the streams, then ends the
    /// delivery when no event is queued, and says whether it did.
    ///
    /// A stream's `yield` runs none of the app's code (its reader resumes later, on its own
    /// task), so nothing reaches the state while this changes it.
    mutating func yieldToStreams(_ event: NavigationEvent) -> Bool {
        if !streams.isEmpty {
            for continuation in streams.values {
                continuation.yield(event)
            }
        }
        guard delivery.queue.isEmpty else { return false }
        delivery.end()
        observers.compact()
        return true
    }

    /// The next queued event to deliver, with the tree its observers must see and the number
    /// of observer slots to deliver it to; `nil` when the queue is empty.
    mutating func nextQueued() -> (event: NavigationEvent, tree: ScreenTree?, observerSlots: Int)? {
        guard var queued = delivery.queue.popFirst() else { return nil }
        // When no transition followed the event, the current tree is the event's own: with
        // one observer, the queued copy is released before the observer runs, so that a
        // navigation it starts changes the tree in place instead of copying it.
        if queued.transitions == delivery.transitions, observers.count <= 1 {
            queued.tree = nil
        }
        return (queued.event, queued.tree, observers.slotCount)
    }
}
