import Foundation

/// A value guarded by a lock, for state that any thread may read or change.
///
/// The lock is Foundation's `NSLock`, which ThreadSanitizer understands (it reports false races
/// on `Synchronization.Mutex`, and the registry's concurrency tests run under TSan). Keep the
/// work inside `withLock` to reading and writing the state: never call code the package does
/// not own there (a builder, an observer), so that such code may use the state itself.
final class Locked<State: Sendable>: @unchecked Sendable {
    // @unchecked: `state` is read and written only inside `withLock`, which holds `lock`.
    private let lock = NSLock()
    private var state: State

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
