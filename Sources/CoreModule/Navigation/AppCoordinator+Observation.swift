extension AppCoordinator {
    // MARK: Observing

    /// The newest events, oldest first, up to the `historyLimit` given at creation.
    public var recentEvents: [NavigationEvent] { navigator.eventHub.recentEvents }

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
        ObservationToken(hub: navigator.eventHub, id: navigator.eventHub.add(handler))
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
        navigator.eventHub.stream(bufferingNewest: limit)
    }

    /// The number of closure observers and streams currently attached.
    public var observerCount: Int { navigator.eventHub.count }

    /// The most navigations observers may start while one event is delivered (see
    /// ``NavigationError/Misuse/observerNavigationLoop(limit:kind:scene:)``); 50 by default.
    public var maximumObserverNavigations: Int {
        get { navigator.eventHub.maximumObserverNavigations }
        set { navigator.eventHub.maximumObserverNavigations = newValue }
    }

}
