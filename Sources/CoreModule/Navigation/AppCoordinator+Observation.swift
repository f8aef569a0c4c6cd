extension AppCoordinator {
    // MARK: Observing

    /// The newest events, oldest first, up to the `historyLimit` given at creation.
    public var recentEvents: [NavigationEvent] { history.contents }

    /// Calls `handler` with every event from now on, until the returned token is cancelled or
    /// released.
    ///
    /// Handlers run on the main actor after the tree has changed, in the order they were added.
    /// Adding and cancelling an observation cost O(1) amortized, however many there are.
    ///
    /// - Parameter handler: Receives each applied transition and each failure.
    /// - Returns: A token; the observation ends when it is cancelled or deallocated.
    public func observe(_ handler: @escaping @MainActor (NavigationEvent) -> Void)
        -> ObservationToken
    {
        let id = nextObserverID
        nextObserverID += 1
        observers.append(Observer(id: id, handler: handler))
        return ObservationToken(coordinator: self, id: id)
    }

    /// Every event from now on, as an `AsyncSequence`.
    ///
    /// When the reader falls behind, the stream keeps only the newest `limit` events, so memory
    /// stays bounded. The stream ends when the coordinator is released; the coordinator forgets
    /// it when the reader stops iterating.
    ///
    /// - Parameter limit: How many unread events to keep at most.
    /// - Returns: A stream of events.
    public func events(bufferingNewest limit: Int = 256) -> AsyncStream<NavigationEvent> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: NavigationEvent.self, bufferingPolicy: .bufferingNewest(Swift.max(1, limit)))
        let id = nextObserverID
        nextObserverID += 1
        streams[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.streams[id] = nil }
        }
        return stream
    }

    /// The number of closure observers and streams currently attached.
    public var observerCount: Int { observers.count + streams.count }

    func removeObserver(_ id: UInt64) {
        observers.remove(id, compacting: !delivery.isActive)
    }

    // MARK: Observer loops

    /// Counts a navigation that starts while observers are being called, and stops it when
    /// observers have started more than ``maximumObserverNavigations`` during this delivery.
    ///
    /// Every entry point that an observer may call to change the tree calls this before it
    /// checks or builds anything, so a stopped navigation changes nothing.
    ///
    /// - Parameters:
    ///   - kind: The kind of navigation being started.
    ///   - scene: The scene it names, if it names one.
    /// - Throws: ``NavigationError/observerNavigationLoop(limit:kind:scene:)`` past the limit.
    func countObserverNavigation(
        _ kind: TransitionKind, scene: @autoclosure () -> SceneIdentifier?
    ) throws(NavigationError) {
        guard delivery.isActive else { return }
        delivery.navigations += 1
        let limit = Swift.max(0, maximumObserverNavigations)
        if delivery.navigations > limit {
            throw .observerNavigationLoop(limit: limit, kind: kind, scene: scene())
        }
    }

    // MARK: Delivering

    /// Records `event` and delivers it to every observer, after any event being delivered.
    func publish(_ event: NavigationEvent) {
        var isTransition = false
        switch event {
        case .transition:
            isTransition = true
            asyncTreeChanged()
        case .linkAction:
            break
        case .failure(let failure):
            if case .observerNavigationLoop = failure.error {
                // Reported once per delivery: an observer that navigates on failures too would
                // otherwise turn each report of the loop into one more turn of it.
                guard !delivery.loopReported else { return }
                delivery.loopReported = true
            }
        }
        if history.capacity > 0 { history.append(event) }
        let listening = !observers.isEmpty || !streams.isEmpty
        switch delivery.begin(transition: isTransition, listening: listening) {
        case .nobodyListens:
            return
        case .queue(let transitions):
            // An observer that navigates publishes while this event is being delivered: queue
            // it, with the tree as it is now, so that every observer sees each event with its
            // own tree.
            delivery.queue.append(QueuedEvent(event: event, tree: tree, transitions: transitions))
            return
        case .deliver:
            break
        }
        // With more than one observer, an earlier one may navigate, so later ones need the
        // tree as it was.
        deliver(event, tree: observers.count > 1 ? tree : nil)
        // Each queued event is taken out before it is delivered, so the queue holds only the
        // events not yet delivered, and a chain of navigations started by observers keeps no
        // tree it has delivered.
        while var queued = delivery.queue.popFirst() {
            // When no transition followed the event, the current tree is the event's own: with
            // one observer, the queued copy is released before the observer runs, so that a
            // navigation it starts changes the tree in place instead of copying it.
            if queued.transitions == delivery.transitions, observers.count <= 1 {
                queued.tree = nil
            }
            deliver(queued.event, tree: queued.tree)
        }
        delivery.end()
        observers.compact()
    }

    private func deliver(_ event: NavigationEvent, tree: ScreenTree?) {
        if let tree { treeAtEvent = tree }
        // By position, up to the observers attached when delivery began: one added meanwhile
        // starts with the next event, and one cancelled meanwhile is not called again.
        let end = observers.slotCount
        var index = 0
        while index < end {
            if let observer = observers[slot: index] { observer.handler(event) }
            index += 1
        }
        if !streams.isEmpty {
            for continuation in streams.values {
                continuation.yield(event)
            }
        }
        if tree != nil { treeAtEvent = nil }
    }
}

/// A closure observer and the number its token removes it by.
struct Observer {
    let id: UInt64
    let handler: @MainActor (NavigationEvent) -> Void
}

/// The closure observers in the order they were added, with O(1) amortized removal.
///
/// A removed observer leaves an empty slot, found through a dictionary of slots by identifier;
/// the slots are compacted when more than half are empty, outside delivery, so that positions
/// do not move while observers are being called.
struct ObserverList {
    private var slots: [Observer?] = []
    private var positions: [UInt64: Int] = [:]

    /// The number of observers attached.
    private(set) var count = 0

    /// Whether no observer is attached.
    var isEmpty: Bool { count == 0 }

    /// The number of slots, empty ones included.
    var slotCount: Int { slots.count }

    /// The observer in slot `index`, or `nil` when it was removed.
    subscript(slot index: Int) -> Observer? { index < slots.count ? slots[index] : nil }

    /// Adds `observer` after every other.
    mutating func append(_ observer: Observer) {
        positions[observer.id] = slots.count
        slots.append(observer)
        count += 1
    }

    /// Removes the observer with `id`, if attached; compacts the slots when allowed and more
    /// than half are empty.
    mutating func remove(_ id: UInt64, compacting: Bool) {
        guard let position = positions.removeValue(forKey: id) else { return }
        slots[position] = nil
        count -= 1
        if compacting { compact() }
    }

    /// Drops the empty slots when they are more than half, in O(*n*) for *n* slots, which the
    /// removals since the last compaction pay for.
    mutating func compact() {
        guard slots.count > 2 * count + 16 || (count == 0 && !slots.isEmpty) else { return }
        slots.removeAll { $0 == nil }
        positions.removeAll(keepingCapacity: true)
        for (index, observer) in slots.enumerated() {
            if let observer { positions[observer.id] = index }
        }
    }
}

/// An event published while another was being delivered, waiting for its turn.
struct QueuedEvent {
    let event: NavigationEvent
    /// The tree right after the event, until it is known to be the current one.
    var tree: ScreenTree?
    /// The number of transitions published up to and including this event.
    let transitions: UInt64
}

/// The state of the delivery of events to observers.
struct Delivery {
    /// Whether an event is being delivered.
    var isActive = false
    /// The events published meanwhile, not yet delivered, oldest first.
    var queue = EventQueue()
    /// The number of transitions published so far, to tell whether the tree changed since an
    /// event.
    var transitions: UInt64 = 0
    /// The navigations observers started during this delivery.
    var navigations = 0
    /// Whether an observer loop has been reported during this delivery.
    var loopReported = false

    /// What to do with an event being published.
    enum Start {
        /// Nobody listens: the event goes nowhere.
        case nobodyListens
        /// An event is being delivered: queue this one, marked with the transition count.
        case queue(transitions: UInt64)
        /// Deliver it now; delivery has begun.
        case deliver
    }

    /// Counts a transition, and begins a delivery unless one is under way or nobody listens.
    mutating func begin(transition: Bool, listening: Bool) -> Start {
        if transition { transitions &+= 1 }
        guard listening else { return .nobodyListens }
        guard !isActive else { return .queue(transitions: transitions) }
        isActive = true
        return .deliver
    }

    /// Ends a delivery: the counts of this delivery start again from zero.
    mutating func end() {
        isActive = false
        navigations = 0
        loopReported = false
    }
}

/// A first-in, first-out queue whose taken elements are released at once, O(1) amortized.
struct EventQueue {
    private var elements: [QueuedEvent?] = []
    private var head = 0

    /// Adds `element` at the end.
    mutating func append(_ element: QueuedEvent) {
        elements.append(element)
    }

    /// Removes and returns the oldest element, or `nil` when the queue is empty.
    mutating func popFirst() -> QueuedEvent? {
        guard head < elements.count else { return nil }
        let element = elements[head]
        elements[head] = nil
        head += 1
        if head == elements.count {
            elements.removeAll(keepingCapacity: elements.count <= 1024)
            head = 0
        } else if head >= 1024, head * 2 >= elements.count {
            elements.removeFirst(head)
            head = 0
        }
        return element
    }
}

/// Keeps an observation alive; the observation ends when the token is cancelled or released.
@MainActor
public final class ObservationToken {
    private weak var coordinator: AppCoordinator?
    private let id: UInt64

    init(coordinator: AppCoordinator, id: UInt64) {
        self.coordinator = coordinator
        self.id = id
    }

    /// Ends the observation, so the handler is not called again; cancelling twice does nothing.
    public func cancel() {
        coordinator?.removeObserver(id)
        coordinator = nil
    }

    isolated deinit {
        cancel()
    }
}
