import CoreModule
import CoreModuleTesting
import Foundation

extension ScriptAnswer: CustomStringConvertible {
    /// The answer as the transcript prints it: `allow`, `reject (reason)`, `redirect to …`.
    public var description: String {
        switch self {
        case .allow: return "allow"
        case .reject(let reason): return "reject (\(reason))"
        case .redirect(let request): return "redirect to \(request)"
        }
    }
}

/// What a script session keeps for the asynchronous guard: its clock, its unanswered questions,
/// and the navigations started by `async` and `incoming` that have not settled yet.
@MainActor
final class ScriptAsyncState {
    let clock = ScriptClock()
    /// The guard's questions waiting for the script's `answer`, oldest first.
    var questions:
        [(
            id: UInt64, attempt: NavigationGuard.Attempt,
            reply: CheckedContinuation<NavigationGuard.Decision, Never>
        )] =
            []
    var nextQuestion: UInt64 = 0
    /// The navigations started and not settled: what to call them, and their outcome once known.
    var running: [RunningNavigation] = []
}

/// Whether the held link that was opening on its own when `settle` began to wait is done.
@MainActor
final class HeldLinkWait {
    var task: Task<Void, Never>?
    var isDone = false
}

/// A navigation a script started with `async` or `incoming`.
@MainActor
final class RunningNavigation {
    let name: String
    var outcome: String?

    init(name: String) {
        self.name = name
    }
}

extension ScriptSession {
    /// How long a line may take to settle, in real time, before the session goes on anyway.
    static let settleTimeLimit: Duration = .seconds(30)

    /// Runs a command of asynchronous guards and held links, then waits until what it started
    /// has settled.
    func performAsync(_ command: ScriptCommand) async throws {
        switch command {
        case .asyncGuard(let scenes):
            let guarded = Set(scenes)
            coordinator.addGuard(
                AsyncNavigationGuard("session", appliesTo: { guarded.contains($0.scene) }) {
                    [weak self] attempt in
                    guard let self else { return .reject(reason: "the session is gone") }
                    return await self.ask(attempt)
                })
            let names = scenes.map(\.rawValue).joined(separator: ", ")
            note("guard", "asynchronous guard \"session\" added: it asks the server about \(names)")
        case .navigateWhenAllowed(let request):
            let name = ["async", "\(request.kind)", request.scene?.rawValue].compactMap { $0 }
            start(name.joined(separator: " ")) { coordinator in
                let event = try await coordinator.navigateWhenAllowed(request)
                return event.map { "applied: \($0)" } ?? "nothing to change"
            }
        case .incoming(let link):
            start("link \"\(link)\"") { coordinator in
                let delivery = try await coordinator.openWhenAllowed(
                    .deepLink(link, format: ScriptSession.linkFormat))
                return "\(delivery)"
            }
        case .answer(let answer):
            guard !async.questions.isEmpty else {
                throw ScriptError("answer: the guard has no question waiting for an answer.")
            }
            let question = async.questions.removeFirst()
            note("answer", "the server answers about \(question.attempt.scene): \(answer)")
            question.reply.resume(returning: answer.decision)
        case .advanceClock(let seconds):
            note("clock", "the clock moves \(seconds) seconds forward")
            let pending = coordinator.pendingNavigation
            if async.clock.advance(by: .seconds(seconds)) > 0, pending != nil {
                // A time limit passed: wait until the coordinator has heard of it. The timer
                // wakes on another thread, which a loaded machine may run late: the wait is
                // bounded in real time, not in turns.
                let deadline = ContinuousClock.now + Self.settleTimeLimit
                while coordinator.pendingNavigation == pending, ContinuousClock.now < deadline {
                    await Task.yield()
                }
            }
        case .ready:
            note("ready", "the app is ready for links")
            start("the held link") { coordinator in
                let event = try await coordinator.markReadyForLinks()
                return event.map { "opened: \($0)" } ?? "no link was waiting"
            }
        case .held:
            let text =
                coordinator.heldLink.map { "held: \($0) \(coordinator.linkHold ?? .appNotReady)" }
                ?? "no link is held"
            note("held", text)
        default:
            break
        }
    }

    /// The guard's question to the script: waits for its `answer`, or stops waiting when the
    /// navigation is cancelled or times out.
    private func ask(_ attempt: NavigationGuard.Attempt) async -> NavigationGuard.Decision {
        note("question", "the guard asks the server about \(attempt.kind) \(attempt.scene)")
        let id = async.nextQuestion
        async.nextQuestion += 1
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                async.questions.append((id, attempt, continuation))
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.dropQuestion(id) }
        }
    }

    private func dropQuestion(_ id: UInt64) {
        guard let index = async.questions.firstIndex(where: { $0.id == id }) else { return }
        async.questions.remove(at: index).reply.resume(returning: .reject(reason: "cancelled"))
    }

    /// Starts a navigation on its own task; its outcome is printed when it settles.
    private func start(
        _ name: String, _ body: @escaping @MainActor (AppCoordinator) async throws -> String
    ) {
        let running = RunningNavigation(name: name)
        async.running.append(running)
        let coordinator = coordinator
        Task {
            do {
                running.outcome = try await body(coordinator)
            } catch {
                running.outcome = "failed: \(error)"
            }
        }
    }

    /// Lets the started work run until each navigation has finished or waits for the guard's
    /// next answer, then prints the outcomes that came, oldest first.
    func settle() async {
        // Bounded in real time, not in turns: guards answer on other threads, which a loaded
        // machine may run late.
        let deadline = ContinuousClock.now + Self.settleTimeLimit
        // Once every started navigation is done, a held link may still be opening on its own (a
        // screen in front of it left): `waitForHeldLink()`, awaited on a task of its own, says
        // when it is done, and the loop goes on meanwhile (its guard may ask a question).
        let heldLink = HeldLinkWait()
        while ContinuousClock.now < deadline {
            let started = async.running.allSatisfy { $0.outcome != nil }
            if started, heldLink.task == nil {
                let coordinator = coordinator
                heldLink.task = Task {
                    await coordinator.waitForHeldLink()
                    heldLink.isDone = true
                }
            }
            let finished = started && heldLink.isDone
            // Waiting for an answer: asked, and its time limit running (the timer sleeps on the
            // clock), so that a `clock` line that follows finds it.
            let waiting =
                coordinator.pendingNavigation != nil && !async.questions.isEmpty
                && async.clock.sleeperCount > 0
            if finished || waiting { break }
            await Task.yield()
        }
        let done = async.running.filter { $0.outcome != nil }
        async.running.removeAll { $0.outcome != nil }
        for navigation in done {
            note("outcome", "\(navigation.name): \(navigation.outcome ?? "")")
        }
        if let pending = coordinator.pendingNavigation {
            note("pending", "pending: \(pending), waiting for the server")
        }
    }

    private func note(_ kind: String, _ text: String) {
        answer(.note(kind: kind, text: text), text: ["· \(text)"])
    }
}

/// The guard's clock in a script: it moves only on `clock SECONDS`.
final class ScriptClock: Clock, @unchecked Sendable {
    // @unchecked: `now` and `sleepers` are read and written with `lock` held.
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers:
        [UInt64: (deadline: Instant, wake: CheckedContinuation<Void, any Error>)] =
            [:]
    private var cancelled: Set<UInt64> = []
    private var nextID: UInt64 = 0

    var now: Instant { lock.withLock { current } }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = lock.withLock {
            defer { nextID += 1 }
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let early: (any Error)?? = lock.withLock {
                    if cancelled.remove(id) != nil { return .some(CancellationError()) }
                    if deadline <= current { return .some(nil) }
                    sleepers[id] = (deadline, continuation)
                    return .none
                }
                switch early {
                case .some(.some(let error)): continuation.resume(throwing: error)
                case .some(.none): continuation.resume()
                case .none: break
                }
            }
        } onCancel: {
            let sleeper = lock.withLock {
                let sleeper = sleepers.removeValue(forKey: id)
                if sleeper == nil { cancelled.insert(id) }
                return sleeper
            }
            sleeper?.wake.resume(throwing: CancellationError())
        }
    }

    /// How many tasks sleep on the clock now.
    var sleeperCount: Int { lock.withLock { sleepers.count } }

    /// Moves the clock forward and wakes the sleepers whose deadline has come; returns how many
    /// woke.
    @discardableResult
    func advance(by duration: Duration) -> Int {
        let due = lock.withLock {
            current = current.advanced(by: duration)
            let due = sleepers.filter { $0.value.deadline <= current }
            for id in due.keys { sleepers[id] = nil }
            return due.sorted { $0.key < $1.key }.map(\.value.wake)
        }
        for wake in due { wake.resume() }
        return due.count
    }
}
