// The data structures of EventHub: the observer list, the delivery state, the event queue.

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

    /// Whether ``compact()`` would drop empty slots.
    var needsCompacting: Bool {
        slots.count > 2 * count + 16 || (count == 0 && !slots.isEmpty)
    }

    /// Drops the empty slots when they are more than half, in O(*n*) for *n* slots, which the
    /// removals since the last compaction pay for.
    mutating func compact() {
        guard needsCompacting else { return }
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

    /// The number of elements waiting.
    var count: Int { elements.count - head }

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
