@_spi(Rules) import CoreModule
import Testing

/// A screen object for tests: remembers its context so tests can navigate from it.
@MainActor
final class StubScreen {
    let context: SceneContext
    init(context: SceneContext) { self.context = context }
}

extension ScreenTree {
    /// The screen below the visible one in its stack: where a back swipe goes, if anywhere.
    var screenBelowVisible: ScreenID? {
        guard let stack = topStack, stack.count > 1 else { return nil }
        return stack[stack.count - 2].id
    }
}

/// An error a builder throws in tests.
struct StubFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// A builder whose screen fails to build.
struct FailingBuilder: Builder {
    let sceneIdentifier: SceneIdentifier
    func makeScreen(in context: SceneContext) throws -> any ScreenContent {
        throw StubFailure(message: "the network is down")
    }
}

/// A container holding a stub builder for each of `names`.
func makeContainer(_ names: [SceneIdentifier] = ["A1", "A2", "B1", "B2"]) throws
    -> DependencyContainer
{
    let container = DependencyContainer()
    try container.assemble(contentsOf: names.map { stubBuilder($0) })
    return container
}

func stubBuilder(_ name: SceneIdentifier) -> SceneBuilder {
    SceneBuilder(name) { context in StubScreen(context: context) }
}

/// A registry holding a stub builder for each of `names`, registered in one batch.
func stubContainer(_ names: [SceneIdentifier]) throws -> DependencyContainer {
    let container = DependencyContainer()
    try container.assemble(contentsOf: names.map(stubBuilder))
    return container
}

/// Records every event a coordinator reports while it is alive.
@MainActor
final class EventRecorder {
    private(set) var events: [NavigationEvent] = []
    private var token: ObservationToken?

    init(_ coordinator: AppCoordinator) {
        token = coordinator.observe { [unowned self] event in self.events.append(event) }
    }

    var transitions: [TransitionEvent] { events.compactMap(\.transition) }
    var failures: [NavigationEvent.Failure] { events.compactMap(\.failure) }
    var kinds: [TransitionEvent.Kind] { transitions.map(\.kind) }
}

/// A coordinator over a container of stub scenes, already navigated through `setup`.
@MainActor
func makeCoordinator(
    _ names: [SceneIdentifier] = ["A1", "A2", "B1", "B2"],
    setup: [ApplicationTransitionType] = [],
    guardClock: any Clock<Duration> = ContinuousClock()
) throws -> AppCoordinator {
    let coordinator = AppCoordinator(container: try makeContainer(names), guardClock: guardClock)
    for transition in setup {
        try coordinator.navigate(transition)
    }
    return coordinator
}

/// Asserts that `request` fails with exactly `expected`, leaves the tree as it was, emits no
/// transition and reports the failure once.
@MainActor
func expectRejected(
    _ request: ApplicationTransitionType, on coordinator: AppCoordinator,
    with expected: NavigationError, sourceLocation: SourceLocation = #_sourceLocation
) {
    let before = coordinator.tree
    let recorder = EventRecorder(coordinator)
    #expect(throws: expected, sourceLocation: sourceLocation) {
        try coordinator.navigate(request)
    }
    #expect(coordinator.tree == before, sourceLocation: sourceLocation)
    #expect(recorder.transitions.isEmpty, sourceLocation: sourceLocation)
    #expect(
        recorder.failures == [NavigationEvent.Failure(request: request, error: expected)],
        sourceLocation: sourceLocation)
    #expect(coordinator.tree.invariantViolations() == [], sourceLocation: sourceLocation)
}

/// Asserts that `request` succeeds without changing anything: it returns `nil`, leaves the tree
/// as it was, and reports nothing to observers, neither a transition nor a failure.
@MainActor
func expectUnchanged(
    _ request: ApplicationTransitionType, on coordinator: AppCoordinator,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let before = coordinator.tree
    let recorder = EventRecorder(coordinator)
    do {
        let event = try coordinator.navigate(request)
        #expect(event == nil, sourceLocation: sourceLocation)
    } catch {
        Issue.record("\(request) threw \(error)", sourceLocation: sourceLocation)
    }
    #expect(coordinator.tree == before, sourceLocation: sourceLocation)
    #expect(recorder.events.isEmpty, sourceLocation: sourceLocation)
}

/// A navigator that is not an ``AppCoordinator``, as a unit test of one builder might pass: it
/// records the requests it is given.
@MainActor
final class RecordingNavigator: AppCoordinatorType {
    var requests: [ApplicationTransitionType] = []

    func navigate(_ type: ApplicationTransitionType) throws(NavigationError) -> TransitionEvent? {
        requests.append(type)
        return nil
    }
}
