public import CoreModule

/// An asynchronous guard's answers, given by a test instead of a server.
///
/// Use ``decide(_:)`` as an `AsyncNavigationGuard`'s decision: each question waits
/// until the test answers it with ``answer(_:)``, oldest first. A question whose task is
/// cancelled (the navigation was cancelled or timed out) stops waiting at once, so the guard
/// keeps nothing alive.
///
/// ```swift
/// let answers = ScriptedGuardAnswers()
/// coordinator.addGuard(
///     AsyncNavigationGuard("session", appliesTo: { $0.scene == "B1" }, decide: answers.decide))
/// let navigation = Task { try await coordinator.navigateWhenAllowed(.push(scene: "B1")) }
/// await answers.waitForQuestions(1)
/// answers.answer(.allow)
/// let event = try await navigation.value
/// ```
@MainActor
public final class ScriptedGuardAnswers {
    private var waiting:
        [(id: UInt64, continuation: CheckedContinuation<NavigationGuard.Decision, any Error>)] =
            []
    private var nextID: UInt64 = 0
    private var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Every attempt the guard was asked about, oldest first.
    public private(set) var questions: [NavigationGuard.Attempt] = []

    /// Creates an empty script.
    public init() {}

    /// How many questions wait for an answer now.
    package var waitingCount: Int { waiting.count }

    /// Waits for the test's answer about `attempt`.
    ///
    /// - Parameter attempt: What the guard is asked.
    /// - Returns: The test's answer.
    /// - Throws: `CancellationError` when the asking task is cancelled.
    public func decide(_ attempt: NavigationGuard.Attempt) async throws -> NavigationGuard.Decision
    {
        questions.append(attempt)
        let id = nextID
        nextID += 1
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<NavigationGuard.Decision, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                waiting.append((id, continuation))
                let ready = watchers.filter { $0.count <= questions.count }
                watchers.removeAll { $0.count <= questions.count }
                for watcher in ready { watcher.continuation.resume() }
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.drop(id) }
        }
    }

    /// Answers the oldest waiting question.
    ///
    /// - Parameter decision: The answer.
    /// - Returns: Whether a question was waiting.
    @discardableResult
    public func answer(_ decision: NavigationGuard.Decision) -> Bool {
        guard !waiting.isEmpty else { return false }
        waiting.removeFirst().continuation.resume(returning: decision)
        return true
    }

    /// Returns once the guard has been asked `count` questions in all.
    ///
    /// - Parameter count: How many questions to wait for.
    public func waitForQuestions(_ count: Int) async {
        guard questions.count < count else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            watchers.append((count, continuation))
        }
    }

    private func drop(_ id: UInt64) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        waiting.remove(at: index).continuation.resume(throwing: CancellationError())
    }
}
