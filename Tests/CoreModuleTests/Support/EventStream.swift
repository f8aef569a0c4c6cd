@_spi(Rules) import CoreModule

extension AppCoordinator {
    /// Every event from now on as an `AsyncSequence`, fed by `observe(_:)`.
    ///
    /// What an app or a test builds when it wants one. When the reader falls behind, the stream keeps only the newest
    /// `limit` events; the observation ends when the reader stops iterating.
    func eventStream(bufferingNewest limit: Int = 256) -> AsyncStream<NavigationEvent> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: NavigationEvent.self, bufferingPolicy: .bufferingNewest(limit))
        let token = observe { continuation.yield($0) }
        continuation.onTermination = { _ in Task { @MainActor in token.cancel() } }
        return stream
    }
}
