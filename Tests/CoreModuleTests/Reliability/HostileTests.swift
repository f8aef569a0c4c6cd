import CoreModule
import Dispatch
import Foundation
import Testing

/// Runs `body` on a thread of its own and says whether it finished within `seconds`.
///
/// A hang (a deadlock, an endless loop) makes this return `false` instead of stopping the whole
/// test run; the stuck thread is left behind. This is a hang test, never a timing test: the
/// limit is seconds for work that takes microseconds.
func finishes(within seconds: Double = 10, _ body: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        body()
        done.signal()
    }
    return done.wait(timeout: .now() + seconds) == .success
}

/// A builder whose requirements are computed by asking the container, as a builder that checks
/// what else is registered might.
private struct InquisitiveBuilder: Builder {
    let sceneIdentifier: SceneIdentifier
    let container: DependencyContainer

    var requiredParameters: [String: ParameterType] {
        // User code, run while the builder is registered: it must not find the lock taken.
        _ = container.contains("A1")
        _ = container.count
        return ["id": .int]
    }

    func makeScreen(in context: SceneContext) throws -> any ScreenContent {
        StubScreen(context: context)
    }
}

/// An object that asks the container for its count when it goes, as a view model holding a
/// reference to the app's container might.
private final class Witness: Sendable {
    let container: DependencyContainer
    let released: @Sendable (Int) -> Void

    init(container: DependencyContainer, released: @escaping @Sendable (Int) -> Void) {
        self.container = container
        self.released = released
    }

    deinit {
        released(container.count)
    }
}

/// Counts deinits from any thread.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add(_ amount: Int) {
        lock.lock()
        value += amount
        lock.unlock()
    }
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

/// Registers, as `scene`, a builder that captures a ``Witness``: when the builder goes, the
/// witness asks `container` its count and adds it, plus one, to `counter`.
private func registerWitness(
    as scene: SceneIdentifier, in container: DependencyContainer, counting counter: Counter
) {
    let witness = Witness(container: container) { counter.add($0 + 1) }
    do {
        try container.assemble(SceneBuilder(scene) { [witness] _ in witness })
    } catch {
        Issue.record("\(error)")
    }
}

@Suite("Hostile user code and input: no hang, bounded cost")
struct HostileTests {
    // MARK: No user code under a lock

    @Test("a builder whose requirements ask the container is registered without a deadlock")
    func builderAsksContainerWhileRegistered() {
        let container = DependencyContainer()
        let finished = finishes {
            _ = try? container.assemble(
                InquisitiveBuilder(sceneIdentifier: "P", container: container))
            _ = try? container.assemble(
                contentsOf: [InquisitiveBuilder(sceneIdentifier: "Q", container: container)])
        }
        // After a deadlock the container's lock stays taken: read nothing more from it.
        guard finished else {
            Issue.record("registering deadlocked")
            return
        }
        #expect(container.sceneIdentifiers == ["P", "Q"])
    }

    @Test("a replaced builder's captures may use the container when they are released")
    func replacedBuilderReleasedOutsideTheLock() {
        let container = DependencyContainer()
        let counter = Counter()
        let finished = finishes {
            registerWitness(as: "A1", in: container, counting: counter)
            _ = try? container.assemble(
                SceneBuilder("A1") { context in StubScreenLike() }, policy: .replaceExisting)
        }
        guard finished else {
            Issue.record("replacing a builder deadlocked")
            return
        }
        // The witness saw the container holding the new builder: it went after the lock.
        #expect(counter.count == 2)
    }

    @Test("a removed builder's captures may use the container when they are released")
    func removedBuilderReleasedOutsideTheLock() {
        let container = DependencyContainer()
        let counter = Counter()
        let finished = finishes {
            registerWitness(as: "A1", in: container, counting: counter)
            container.remove("A1")
        }
        guard finished else {
            Issue.record("removing a builder deadlocked")
            return
        }
        #expect(counter.count == 1)
    }

    // MARK: Names bounded in bytes

    @Test("a name of megabytes is rejected by its byte count on every path that takes a name")
    @MainActor
    func hugeNamesEverywhere() throws {
        let huge = SceneIdentifier(String(repeating: "e\u{301}", count: 1_000_000))
        let problem = IdentifierProblem.tooManyBytes(
            count: huge.rawValue.utf8.count, limit: SceneIdentifier.maximumByteCount)
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let container = try #require(coordinator.container as? DependencyContainer)
        for request: ApplicationTransitionType in [
            .push(scene: huge), .present(scene: huge), .root(scene: huge), .popTo(scene: huge),
        ] {
            expectRejected(
                request, on: coordinator, with: .invalidSceneIdentifier(huge, problem: problem))
        }
        #expect(throws: NavigationError.invalidSceneIdentifier(huge, problem: problem)) {
            try container.assemble(SceneBuilder(huge) { context in StubScreen(context: context) })
        }
        #expect(throws: NavigationError.invalidSceneIdentifier(huge, problem: problem)) {
            try container.resolve(huge)
        }
        #expect(container.build(for: huge) == nil)
        #expect(!container.contains(huge))
        #expect(container.remove(huge) == nil)
        #expect(container.count == 4)
    }
}

/// A screen object for builders that need no context.
@MainActor private final class StubScreenLike {}
