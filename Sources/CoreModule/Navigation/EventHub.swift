/// Delivers a coordinator's events: its closure observers, its history, and the
/// order of events that observers start while another is being delivered.
///
/// One job: every event the coordinator publishes reaches every observer, in the order events
/// happened, each with the tree as it was right after it; nothing grows without bound (the
/// history has a fixed capacity, the queue of events
/// published during a delivery is drained by that delivery). The coordinator owns one and
/// forwards its public observation API to it.
@MainActor
final class EventHub {
    // What publishing reads and changes on every event: the observers, the delivery's state,
    // and the count of the queue. Each is changed only where no app code runs
    // and nothing is released during the access (a list that can release what it holds is
    // taken out, changed, and put back), so that every access to them is checked for
    // exclusivity when compiled, not at run time.
    private var observers = ObserverList()
    private var delivery = Delivery()
    private var queuedCount = 0
    private var nextObserverID: UInt64 = 1

    // What only some coordinators use, read only when they do (their accesses are checked at
    // run time): the events queued while one is delivered, the history.
    private var queue = EventQueue()
    private var history: RingBuffer<NavigationEvent>
    private let keepsHistory: Bool

    /// While an event is delivered, the tree as it was right after that event, when the
    /// current tree may have moved on (an earlier observer navigated).
    private(set) var treeAtEvent: ScreenTree?

    /// The most navigations observers may start while one event is delivered.
    var maximumObserverNavigations = 50

    /// A hub that keeps the newest `historyLimit` events (none for 0).
    init(historyLimit: Int) {
        history = RingBuffer(capacity: historyLimit)
        keepsHistory = history.capacity > 0
    }

    /// The newest events, oldest first.
    var recentEvents: [NavigationEvent] { history.contents }

    /// The number of observers attached.
    var count: Int { observers.count }

    /// Whether an event is being delivered.
    var isDelivering: Bool { delivery.isActive }

    /// Changes the observer list taken out of its stored property, so that what the change
    /// releases is released outside any access to it.
    private func changeObservers(_ change: (inout ObserverList) -> Void) {
        var list = ObserverList()
        swap(&list, &observers)
        change(&list)
        swap(&list, &observers)
    }

    // MARK: Observers

    /// Adds a closure observer after every other; returns the number that removes it.
    func add(_ handler: @escaping @MainActor (NavigationEvent) -> Void) -> UInt64 {
        let id = nextObserverID
        nextObserverID += 1
        changeObservers { $0.append(Observer(id: id, handler: handler)) }
        return id
    }

    /// Removes the closure observer `id`, if attached.
    func remove(_ id: UInt64) {
        let compacting = !delivery.isActive
        changeObservers { $0.remove(id, compacting: compacting) }
    }

    // MARK: Observer loops

    /// Counts a navigation that starts while observers are being called, and stops it when
    /// observers have started more than ``maximumObserverNavigations`` during this delivery.
    ///
    /// Every entry point that an observer may call to change the tree calls this before it
    /// checks or builds anything, so a stopped navigation changes nothing.
    ///
    /// - Throws: ``NavigationError/Misuse/observerNavigationLoop(limit:kind:scene:)`` past the limit.
    func countObserverNavigation(
        _ kind: TransitionEvent.Kind, scene: @autoclosure () -> SceneIdentifier?
    ) throws(NavigationError) {
        guard delivery.isActive else { return }
        delivery.navigations += 1
        let limit = Swift.max(0, maximumObserverNavigations)
        if delivery.navigations > limit {
            throw .misuse(.observerNavigationLoop(limit: limit, kind: kind, scene: scene()))
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
        if !isTransition, case .failure(let failure) = event,
            case .misuse(.observerNavigationLoop) = failure.error
        {
            // Reported once per delivery: an observer that navigates on failures too would
            // otherwise turn each report of the loop into one more turn of it.
            guard !delivery.loopReported else { return }
            delivery.loopReported = true
        }
        if keepsHistory { history.append(event) }
        let listening = !observers.isEmpty
        switch delivery.begin(transition: isTransition, listening: listening) {
        case .nobodyListens:
            return
        case .queue(let transitions):
            // An observer that navigates publishes while this event is being delivered: queue
            // it, with the tree as it is now, so that every observer sees each event with its
            // own tree.
            let queued = QueuedEvent(event: event, tree: tree(), transitions: transitions)
            changeQueue { $0.append(queued) }
            return
        case .deliver:
            // With more than one observer, an earlier one may navigate, so later ones need the
            // tree as it was.
            deliver(
                event, tree: observers.count > 1 ? tree() : nil, slots: observers.slotCount)
        }
        // Each queued event is taken out before it is delivered, so the queue holds only the
        // events not yet delivered, and a chain of navigations started by observers keeps no
        // tree it has delivered.
        while queuedCount > 0, let next = nextQueued() {
            deliver(next.event, tree: next.tree, slots: next.observerSlots)
        }
        delivery.end()
        if observers.needsCompacting { changeObservers { $0.compact() } }
    }

    /// Calls the observers in the first `end` slots with `event`.
    private func deliver(_ event: NavigationEvent, tree: consuming ScreenTree?, slots end: Int) {
        // Asked once, and the tree moved in only when there is one: binding it copied it.
        let keepsTree = tree != nil
        if keepsTree { treeAtEvent = consume tree }
        // By position, up to the observers attached when delivery began: one added meanwhile
        // starts with the next event, and one cancelled meanwhile is not called again.
        var index = 0
        while index < end {
            if let observer = observers[slot: index] { observer.handler(event) }
            index += 1
        }
        if keepsTree { treeAtEvent = nil }
    }

    /// Changes the queue taken out of its stored property, and counts what it holds.
    private func changeQueue<Result>(_ change: (inout EventQueue) -> Result) -> Result {
        var taken = EventQueue()
        swap(&taken, &queue)
        let result = change(&taken)
        queuedCount = taken.count
        swap(&taken, &queue)
        return result
    }

    /// Takes the next queued event out, with the tree its observers must see and the number
    /// of observer slots to deliver it to; `nil` when the queue is empty.
    private func nextQueued() -> (event: NavigationEvent, tree: ScreenTree?, observerSlots: Int)? {
        let transitions = delivery.transitions
        let oneObserver = observers.count <= 1
        let next = changeQueue { queue -> QueuedEvent? in
            guard var queued = queue.popFirst() else { return nil }
            // When no transition followed the event, the current tree is the event's own:
            // with one observer, the queued copy is released before the observer runs, so that
            // a navigation it starts changes the tree in place instead of copying it.
            if queued.transitions == transitions, oneObserver {
                queued.tree = nil
            }
            return queued
        }
        guard let next else { return nil }
        return (next.event, next.tree, observers.slotCount)
    }
}
