/// Keeps an observation alive; the observation ends when the token is cancelled or released.
@MainActor
public final class ObservationToken {
    private weak var hub: EventHub?
    private let id: UInt64

    init(hub: EventHub, id: UInt64) {
        self.hub = hub
        self.id = id
    }

    /// Ends the observation, so the handler is not called again; cancelling twice does nothing.
    public func cancel() {
        hub?.remove(id)
        hub = nil
    }

    isolated deinit {
        cancel()
    }
}
