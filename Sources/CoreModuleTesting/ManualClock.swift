import Foundation

/// A clock that moves only when a test advances it, for time limits without real waits.
///
/// Give it to code that takes a `Clock` (an `AppCoordinator`'s `guardClock`), start the
/// work that sleeps on it, then ``advance(by:)``: every sleeper whose deadline has come wakes
/// up, in deadline order. A cancelled sleeper stops waiting at once and throws
/// `CancellationError`, and the clock forgets it.
///
/// ```swift
/// let clock = ManualClock()
/// let coordinator = AppCoordinator(container: container, guardClock: clock)
/// let navigation = Task { try await coordinator.navigateWhenAllowed(.push(scene: "B1")) }
/// await clock.waitForSleepers(1)
/// clock.advance(by: .seconds(10))  // the guard's time limit has passed
/// ```
public final class ManualClock: Clock, @unchecked Sendable {
    // @unchecked: every stored property is read and written with `lock` held.

    /// A point in the manual clock's time: how long after its start.
    public struct Instant: InstantProtocol {
        /// The time since the clock started.
        package var offset: Duration

        /// Creates an instant `offset` after the clock's start.
        ///
        /// - Parameter offset: The time since the start.
        package init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later.
        ///
        /// - Parameter duration: How much later.
        /// - Returns: The later instant.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`.
        ///
        /// - Parameter other: The other instant.
        /// - Returns: How long after this one `other` is.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [UInt64: Sleeper] = [:]
    private var cancelled: Set<UInt64> = []
    private var nextID: UInt64 = 0
    private var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Creates a clock at its start, with nobody sleeping.
    public init() {}

    /// The clock's current time.
    public var now: Instant {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// The smallest step the clock measures: none.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on the clock now.
    package var sleeperCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return sleepers.count
    }

    /// Sleeps until the clock has been advanced to `deadline`.
    ///
    /// - Parameters:
    ///   - deadline: When to wake up.
    ///   - tolerance: Ignored: the clock wakes sleepers exactly.
    /// - Throws: `CancellationError` when the sleeping task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = lock.withLock {
            defer { nextID += 1 }
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                lock.lock()
                if cancelled.remove(id) != nil {
                    lock.unlock()
                    continuation.resume(throwing: CancellationError())
                } else if deadline <= current {
                    lock.unlock()
                    continuation.resume()
                } else {
                    sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    let ready = takeWatchers()
                    lock.unlock()
                    for watcher in ready { watcher.resume() }
                }
            }
        } onCancel: {
            lock.lock()
            let sleeper = sleepers.removeValue(forKey: id)
            if sleeper == nil { cancelled.insert(id) }
            lock.unlock()
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward by `duration` and wakes every sleeper whose deadline has come,
    /// earliest first.
    ///
    /// - Parameter duration: How far to move; a negative duration moves nothing.
    public func advance(by duration: Duration) {
        lock.lock()
        if duration > .zero { current = current.advanced(by: duration) }
        let due = sleepers.filter { $0.value.deadline <= current }
            .sorted { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) }
        for (id, _) in due { sleepers[id] = nil }
        lock.unlock()
        for (_, sleeper) in due { sleeper.continuation.resume() }
    }

    /// Returns once at least `count` tasks are sleeping on the clock, so that a test advances it
    /// only after the work it drives has started to wait.
    ///
    /// - Parameter count: How many sleepers to wait for.
    public func waitForSleepers(_ count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if sleepers.count >= count {
                lock.unlock()
                continuation.resume()
            } else {
                watchers.append((count, continuation))
                lock.unlock()
            }
        }
    }

    /// Removes and returns the watchers whose count is reached; `lock` must be held.
    private func takeWatchers() -> [CheckedContinuation<Void, Never>] {
        let count = sleepers.count
        let ready = watchers.filter { $0.count <= count }.map(\.continuation)
        watchers.removeAll { $0.count <= count }
        return ready
    }
}
