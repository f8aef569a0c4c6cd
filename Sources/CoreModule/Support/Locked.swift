#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value guarded by a lock, for state that any thread may read or change.
///
/// The lock is the platform's own, allocated once beside the state: `os_unfair_lock` on Apple
/// platforms, a `pthread_mutex_t` elsewhere. Both are what ThreadSanitizer understands (it
/// reports false races on `Synchronization.Mutex`; the registry's concurrency tests run under
/// TSan), and taking either costs no reference counting and no dynamic dispatch, unlike
/// Foundation's `NSLock`, which matters on the navigation path.
final class Locked<State>: @unchecked Sendable {
    // @unchecked: every access to `state` goes through `withLock`, which holds `lock`.
    #if canImport(Darwin)
        private let lock: UnsafeMutablePointer<os_unfair_lock_s>
    #else
        private let lock: UnsafeMutablePointer<pthread_mutex_t>
    #endif
    // Unchecked: the lock already makes every access exclusive.
    @exclusivity(unchecked) private var state: State

    init(_ state: State) {
        self.state = state
        #if canImport(Darwin)
            lock = .allocate(capacity: 1)
            lock.initialize(to: os_unfair_lock_s())
        #else
            lock = .allocate(capacity: 1)
            lock.initialize(to: pthread_mutex_t())
            pthread_mutex_init(lock, nil)
        #endif
    }

    deinit {
        #if !canImport(Darwin)
            pthread_mutex_destroy(lock)
        #endif
        lock.deinitialize(count: 1)
        lock.deallocate()
    }

    /// Runs `body` with exclusive access to the state.
    @inline(__always)
    func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        #if canImport(Darwin)
            os_unfair_lock_lock(lock)
            defer { os_unfair_lock_unlock(lock) }
        #else
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
        #endif
        return try body(&state)
    }
}
