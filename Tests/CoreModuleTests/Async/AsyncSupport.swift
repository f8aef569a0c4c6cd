@_spi(Rules) import CoreModule
import CoreModuleTesting
import Testing

/// A coordinator for the asynchronous tests: stub scenes, a manual clock, and one asynchronous
/// "session" guard, answered by the test, on every scene whose name starts with "B".
@MainActor
struct AsyncFixture {
    let coordinator: AppCoordinator
    let clock: ManualClock
    let answers = ScriptedGuardAnswers()
    let recorder: EventRecorder

    init(
        _ names: [SceneIdentifier] = ["A1", "A2", "B1", "B2", "Login"],
        setup: [ApplicationTransitionType] = [.root(scene: "A1")]
    ) throws {
        let clock = ManualClock()
        self.clock = clock
        coordinator = try makeCoordinator(names, setup: setup, guardClock: clock)
        coordinator.addGuard(
            AsyncNavigationGuard(
                "session", appliesTo: { $0.scene.rawValue.hasPrefix("B") },
                decide: answers.decide))
        recorder = EventRecorder(coordinator)
    }

    /// Starts `request` through the asynchronous entry point and returns once its guard has been
    /// asked (the navigation is pending).
    func startPending(_ request: ApplicationTransitionType, questions: Int = 1) async
        -> Task<TransitionEvent?, any Error>
    {
        let coordinator = coordinator
        let task = Task { try await coordinator.navigateWhenAllowed(request) }
        await answers.waitForQuestions(questions)
        await clock.waitForSleepers(1)
        return task
    }
}

/// Something the tests hold weakly, to see that nothing keeps it alive.
final class Token: Sendable {}
