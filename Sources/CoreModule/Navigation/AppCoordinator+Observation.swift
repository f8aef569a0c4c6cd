extension AppCoordinator {
    // MARK: Observing

    /// The newest events, oldest first, up to the `historyLimit` given at creation.
    package var recentEvents: [NavigationEvent] { navigator.eventHub.recentEvents }

    /// Calls `handler` with every event from now on, until the returned token is cancelled or
    /// released.
    ///
    /// Handlers run on the main actor after the tree has changed, in the order they were added.
    /// Adding and cancelling an observation cost O(1) amortized, however many there are. This is
    /// the one way to follow changes; a renderer attaches with ``attach(_:renderingCurrentTree:)``.
    /// Where an `AsyncSequence` reads better, feed one from the handler:
    ///
    /// ```swift
    /// let (events, continuation) = AsyncStream.makeStream(of: NavigationEvent.self)
    /// let token = coordinator.observe { continuation.yield($0) }
    /// ```
    ///
    /// - Parameter handler: Receives each applied transition and each failure.
    /// - Returns: A token; the observation ends when it is cancelled or deallocated.
    public func observe(_ handler: @escaping @MainActor (NavigationEvent) -> Void)
        -> ObservationToken
    {
        ObservationToken(hub: navigator.eventHub, id: navigator.eventHub.add(handler))
    }

    /// The number of observers currently attached.
    package var observerCount: Int { navigator.eventHub.count }

    /// The most navigations observers may start while one event is delivered (see
    /// ``NavigationError/Misuse/observerNavigationLoop(limit:kind:scene:)``); 50 by default.
    package var maximumObserverNavigations: Int {
        get { navigator.eventHub.maximumObserverNavigations }
        set { navigator.eventHub.maximumObserverNavigations = newValue }
    }

}
