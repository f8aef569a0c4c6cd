extension AppCoordinator {
    // MARK: Observing

    /// The newest events, oldest first, up to the `historyLimit` given at creation.
    public var recentEvents: [NavigationEvent] { history.contents }

    /// Calls `handler` with every event from now on, until the returned token is cancelled or
    /// released.
    ///
    /// Handlers run on the main actor after the tree has changed, in the order they were added.
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
        observers.removeAll { $0.id == id }
    }

    /// Records `event` and delivers it to every observer, after any event being delivered.
    func publish(_ event: NavigationEvent) {
        if history.capacity > 0 { history.append(event) }
        guard !observers.isEmpty || !streams.isEmpty else { return }
        // An observer that navigates publishes while this event is being delivered: queue it,
        // with the tree as it is now, so that every observer sees each event with its own tree.
        guard !isDelivering else {
            pending.append((event, tree))
            return
        }
        isDelivering = true
        // With more than one observer, an earlier one may navigate, so later ones need the
        // tree as it was.
        deliver(event, tree: observers.count > 1 ? tree : nil)
        if !pending.isEmpty { deliverPending() }
        isDelivering = false
    }

    /// Delivers the events observers caused while one was being delivered, in order.
    private func deliverPending() {
        var next = 0
        while next < pending.count {
            let (queued, queuedTree) = pending[next]
            next += 1
            deliver(queued, tree: queuedTree)
        }
        pending.removeAll(keepingCapacity: true)
        treeAtEvent = nil
    }

    private func deliver(_ event: NavigationEvent, tree: ScreenTree?) {
        treeAtEvent = tree
        for observer in observers {
            observer.handler(event)
        }
        if !streams.isEmpty {
            for continuation in streams.values {
                continuation.yield(event)
            }
        }
        treeAtEvent = nil
    }
}

/// A closure observer and the number its token removes it by.
struct Observer {
    let id: UInt64
    let handler: @MainActor (NavigationEvent) -> Void
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
