import Foundation

/// A value guarded by a lock, for state that any thread may read or change.
///
/// It uses Foundation's `NSLock` rather than `Synchronization.Mutex` because ThreadSanitizer
/// understands `NSLock` (a pthread mutex) and reports false races on `Mutex`; the registry's
/// concurrency tests run under TSan.
final class Locked<State>: @unchecked Sendable {
    // @unchecked: every access to `state` goes through `withLock`, which holds `lock`.
    private let lock = NSLock()
    // Unchecked: the lock already makes every access exclusive.
    @exclusivity(unchecked) private var state: State

    init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state.
    func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
