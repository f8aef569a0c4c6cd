@_spi(Rules) import CoreModule
import Dispatch
import Foundation
import Testing

/// Runs `body` on a thread of its own and says whether it finished within `seconds`.
///
/// A hang (a deadlock, an endless loop) makes this return `false` instead of stopping the whole
/// test run; the stuck thread is left behind. This is a hang test, never a timing test: the
/// limit is a minute for work that takes milliseconds, so that a loaded 2-core machine running
/// the other suites in parallel (the main actor is shared) never fails it.
func finishes(within seconds: Double = 60, _ body: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        body()
        done.signal()
    }
    return done.wait(timeout: .now() + seconds) == .success
}

/// Runs `body` on the main actor and returns its result, or `nil` when it did not finish within
/// `seconds`: ``finishes(within:_:)`` for code that must run on the main actor.
///
/// The caller waits off the main actor, so a main actor stuck in `body` makes this return `nil`
/// instead of stopping the whole test run.
func finishesOnMainActor<Result: Sendable>(
    within seconds: Double = 60, _ body: @escaping @MainActor @Sendable () -> Result
) async -> Result? {
    let outcome = Box<Result>()
    let done = DispatchSemaphore(value: 0)
    Task { @MainActor in
        outcome.set(body())
        done.signal()
    }
    return await withCheckedContinuation { continuation in
        Thread.detachNewThread {
            let finished = done.wait(timeout: .now() + seconds) == .success
            continuation.resume(returning: finished ? outcome.value : nil)
        }
    }
}

/// A value handed from one thread to another.
private final class Box<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    func set(_ value: Value) {
        lock.lock()
        stored = value
        lock.unlock()
    }
    var value: Value? {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

/// Registered names, counting how many of them are read, from any thread.
private struct CountingNames: Sequence, Sendable {
    let names: [SceneIdentifier]
    let reads: Counter

    func makeIterator() -> AnyIterator<SceneIdentifier> {
        var iterator = names.makeIterator()
        return AnyIterator {
            guard let next = iterator.next() else { return nil }
            reads.add(1)
            return next
        }
    }
}

/// A builder whose requirements are computed by asking the container, as a builder that checks
/// what else is registered might.
private struct InquisitiveBuilder: Builder {
    let sceneIdentifier: SceneIdentifier
    let container: DependencyContainer

    var requiredParameters: [String: ParameterType] {
        // User code, run while the builder is registered: it must not find the lock taken.
        _ = container.build(for: "A1")
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
        try container.assemble(contentsOf: [SceneBuilder(scene) { [witness] _ in witness }])
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
                contentsOf: [InquisitiveBuilder(sceneIdentifier: "P", container: container)])
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
                contentsOf: [SceneBuilder("A1") { context in StubScreenLike() }],
                policy: .replaceExisting)
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
        let problem = NavigationError.IdentifierProblem.tooManyBytes(
            count: huge.rawValue.utf8.count, limit: SceneIdentifier.maximumByteCount)
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let container = try #require(coordinator.container as? DependencyContainer)
        for request: ApplicationTransitionType in [
            .push(scene: huge), .present(scene: huge), .root(scene: huge), .popTo(scene: huge),
        ] {
            expectRejected(
                request, on: coordinator,
                with: .input(.invalidSceneIdentifier(huge, problem: problem)))
        }
        let invalid = NavigationError.input(.invalidSceneIdentifier(huge, problem: problem))
        expectRefusal(invalid, leaving: container) {
            try container.assemble(contentsOf: [
                SceneBuilder(huge) { context in StubScreen(context: context) }
            ])
        }
        expectRefusal(invalid, leaving: container) { try container.resolve(huge) }
        #expect(container.build(for: huge) == nil)
        #expect(container.remove(huge) == nil)
        #expect(container.count == 4)
    }
}

extension HostileTests {
    // MARK: Errors of bounded size

    @Test("errors about inputs of megabytes describe them in a few hundred bytes, at once")
    @MainActor
    func hugeInputsMakeSmallErrors() async throws {
        // A hang detector, not a timing: the main actor is shared with every test running in
        // parallel (about a second alone in a debug build).
        // One character of two megabytes: a letter and a million combining marks.
        let huge = "e" + String(repeating: "\u{301}", count: 1_000_000)
        let finished = await finishesOnMainActor(within: 600) {
            () -> (errors: [NavigationError], descriptions: [String], unchanged: Bool)? in
            guard
                let coordinator = try? makeCoordinator(setup: [
                    .tabs(
                        [TabItem("home", scene: "A1"), TabItem("more", scene: "B1")],
                        selected: "home")
                ])
            else { return nil }
            let before = coordinator.tree
            let recorder = EventRecorder(coordinator)
            let format = DeepLinkFormat(scheme: "demo", maximumLength: 4_000_000)
            var errors: [NavigationError] = []
            for request: ApplicationTransitionType in [
                .selectTab(huge),
                .tabs([TabItem(huge, scene: "A1")], selected: huge),
                .tabs([TabItem("home", scene: "A1")], selected: huge),
                .present(scene: "A2", style: .popover(anchor: huge)),
            ] {
                do throws(NavigationError) {
                    try coordinator.navigate(request)
                } catch {
                    errors.append(error)
                }
            }
            for link in [
                "demo://open/[tab:\(huge)]A1", "demo://open/A1/+[\(huge)]A2",
                "demo://open/A1/" + huge,
            ] {
                do throws(NavigationError) {
                    try coordinator.open(.deepLink(link, format: format))
                } catch {
                    errors.append(error)
                }
            }
            let unchanged = coordinator.tree == before && recorder.transitions.isEmpty
            return (errors, errors.map(\.description), unchanged)
        }
        let outcome = try #require(finished ?? nil)
        // Each input is refused with its own error, naming the huge value, and changes nothing.
        let hugeScene = SceneIdentifier(huge)
        func firstBytes(_ text: String) -> String {
            String(decoding: Array(text.utf8.prefix(64)), as: UTF8.self)
        }
        let expected: [NavigationError] = [
            .refused(.unknownTab(huge, tabs: ["home", "more"])), .input(.invalidTabName(huge)),
            .refused(.unknownTab(huge, tabs: ["home"])),
            .refused(.invalidPresentationStyle(.popover(anchor: huge))),
            // An attribute over the longest one is refused by its first 64 bytes.
            .link(.invalidLink(.unknownAttribute(position: 1, text: firstBytes("tab:" + huge)))),
            .link(.invalidLink(.unknownAttribute(position: 2, text: firstBytes(huge)))),
            .link(
                .linkSegmentFailed(
                    position: 2, segment: huge,
                    error: .input(
                        .invalidSceneIdentifier(
                            hugeScene,
                            problem: .tooManyBytes(
                                count: huge.utf8.count, limit: SceneIdentifier.maximumByteCount))))),
        ]
        // One by one: a failure names the input.
        #expect(outcome.errors.count == expected.count)
        for (index, (error, want)) in zip(outcome.errors, expected).enumerated() {
            #expect(error == want, "input \(index)")
        }
        #expect(outcome.unchanged)
        let descriptions = outcome.descriptions
        #expect(descriptions.count == 7)
        for description in descriptions {
            #expect(description.utf8.count < 600, "\(description.prefix(200))")
        }
        #expect(descriptions[0].contains("(2000001 bytes)"))
    }
}

extension HostileTests {
    // MARK: Observer-driven chains

    /// Makes a coordinator whose only observer pushes "A2" after every event while the tree holds
    /// fewer than `depth` screens, records the sequence numbers and errors it sees, then
    /// navigates to the root "A1".
    @MainActor
    private static func runChain(depth: Int, limit: Int? = nil) throws -> ChainOutcome {
        let coordinator = try makeCoordinator()
        if let limit { coordinator.maximumObserverNavigations = limit }
        var outcome = ChainOutcome()
        let token = coordinator.observe { [unowned coordinator] event in
            switch event {
            case .transition(let transition): outcome.sequences.append(transition.sequence)
            case .failure(let failure): outcome.reported.append(failure.error)
            case .linkAction: break
            }
            // Navigates on failures too: a report of the loop must not feed it.
            guard coordinator.tree.screenCount < depth else { return }
            do throws(NavigationError) {
                try coordinator.navigate(.push(scene: "A2"))
            } catch {
                outcome.thrown.append(error)
            }
        }
        try coordinator.navigate(.root(scene: "A1"))
        outcome.screenCount = coordinator.tree.screenCount
        outcome.visible = coordinator.tree.visibleScreen?.scene
        token.cancel()
        return outcome
    }

    /// What a chain of navigations started by an observer came to.
    private struct ChainOutcome: Sendable {
        var sequences: [UInt64] = []
        var reported: [NavigationError] = []
        var thrown: [NavigationError] = []
        var screenCount = 0
        var visible: SceneIdentifier?
    }

    @Test("an observer that navigates on every event runs a chain of 16,000 steps to its end")
    func longObserverChain() async throws {
        let outcome = await finishesOnMainActor(within: 60) {
            try? Self.runChain(depth: 16_000, limit: 20_000)
        }
        let chain = try #require(outcome ?? nil, "the chain did not finish")
        #expect(chain.screenCount == 16_000)
        #expect(chain.reported.isEmpty && chain.thrown.isEmpty)
        // Every event reached the observer once, in order.
        #expect(chain.sequences == Array(1...16_000))
    }

    @Test(
        "a chain of observer navigations stops at the limit with a typed error, on the last good tree"
    )
    func observerLoopStops() async throws {
        let outcome = await finishesOnMainActor { try? Self.runChain(depth: .max) }
        let chain = try #require(outcome ?? nil, "the loop was not stopped")
        let loop = NavigationError.misuse(
            .observerNavigationLoop(limit: 50, kind: .push, scene: "A2"))
        // The root, then the 50 pushes the limit allows; the 51st failed and changed nothing.
        #expect(chain.screenCount == 51)
        #expect(chain.visible == "A2")
        #expect(chain.sequences == Array(1...51))
        // Reported once, though the observer kept navigating on the report.
        #expect(chain.reported == [loop])
        #expect(chain.thrown.first == loop)
        #expect(loop.code == "observer-navigation-loop")
        #expect(loop.description.contains("50"))
    }

    @Test("the observer limit counts per delivery, is settable, and covers links")
    @MainActor
    func observerLimitPerDelivery() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        #expect(coordinator.maximumObserverNavigations == 50)
        coordinator.maximumObserverNavigations = 2
        #expect(coordinator.maximumObserverNavigations == 2)
        var thrown: [NavigationError] = []
        let token = coordinator.observe { [unowned coordinator] event in
            guard case .transition(let transition) = event, transition.kind != .replaceTree
            else { return }
            do throws(NavigationError) {
                try coordinator.open(
                    .deepLink("app://open/A1/B1", format: DeepLinkFormat(scheme: "app")))
            } catch {
                thrown.append(error)
            }
        }
        let recorder = EventRecorder(coordinator)
        // A push, then a link from the observer; the link's event starts nothing more.
        try coordinator.navigate(.push(scene: "A2"))
        #expect(thrown.isEmpty)
        #expect(recorder.kinds == [.push, .replaceTree])
        // A new delivery starts a new count.
        try coordinator.navigate(.push(scene: "B2"))
        #expect(thrown.isEmpty)
        #expect(recorder.kinds == [.push, .replaceTree, .push, .replaceTree])
        coordinator.maximumObserverNavigations = 0
        try coordinator.navigate(.push(scene: "B2"))
        let loop = NavigationError.misuse(
            .observerNavigationLoop(limit: 0, kind: .replaceTree, scene: nil))
        #expect(thrown == [loop])
        #expect(recorder.failures.map(\.error) == [loop])
        #expect(coordinator.tree.visibleScreen?.scene == "B2")
        token.cancel()
    }

    @Test("the observer limit covers universal links too")
    @MainActor
    func observerLimitCoversUniversalLinks() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        coordinator.maximumObserverNavigations = 0
        let links = try LinkTable(
            accepting: [.scheme("app")], routes: [LinkRoute("b1", scene: "B1", effect: .push)])
        var thrown: [NavigationError] = []
        let token = coordinator.observe { [unowned coordinator] event in
            guard event.transition?.kind == .push, event.transition?.scene == "A2" else { return }
            do throws(NavigationError) {
                try coordinator.open(.universal("app://b1", in: links, from: .app))
            } catch {
                thrown.append(error)
            }
        }
        let recorder = EventRecorder(coordinator)
        try coordinator.navigate(.push(scene: "A2"))
        let loop = NavigationError.misuse(
            .observerNavigationLoop(limit: 0, kind: .replaceTree, scene: nil))
        #expect(thrown == [loop])
        #expect(coordinator.tree.scenes == [["A1", "A2"]])
        #expect(recorder.failures.map(\.error) == [loop])
        token.cancel()
    }

    /// What an asynchronous entry point started with `Task.immediate` threw.
    @MainActor
    final class ImmediateErrors {
        var errors: [NavigationError] = []
    }

    @Test("the observer limit covers asynchronous navigations an observer starts at once")
    @MainActor
    func observerLimitCoversImmediateTasks() async throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        try await coordinator.markReadyForLinks()
        coordinator.maximumObserverNavigations = 2
        let thrown = ImmediateErrors()
        let links = try LinkTable(
            accepting: [.scheme("app")], routes: [LinkRoute("b1", scene: "B1", effect: .push)])
        // Each push starts another push at once, then a universal link, through the
        // asynchronous entry points: `Task.immediate` runs them before the observer returns.
        let token = coordinator.observe { [unowned coordinator] event in
            guard event.transition?.kind == .push else { return }
            Task.immediate { @MainActor in
                do throws(NavigationError) {
                    try await coordinator.navigateWhenAllowed(.push(scene: "A2"))
                } catch {
                    thrown.errors.append(error)
                }
                do throws(NavigationError) {
                    try await coordinator.openWhenAllowed(
                        .universal("app://b1", in: links, from: .app))
                } catch {
                    thrown.errors.append(error)
                }
            }
        }
        let recorder = EventRecorder(coordinator)
        try coordinator.navigate(.push(scene: "A2"))
        // The push, then the two navigations the limit allows in that delivery (a push, and the
        // link's push of B1); the rest fail, and the loop is reported once.
        #expect(recorder.kinds == [.push, .push, .push])
        #expect(coordinator.tree.scenes == [["A1", "A2", "A2", "B1"]])
        #expect(
            recorder.failures.map(\.error) == [
                .misuse(.observerNavigationLoop(limit: 2, kind: .push, scene: "A2"))
            ])
        // Past the limit, each task's push, then its link, threw the loop error.
        let push = NavigationError.misuse(
            .observerNavigationLoop(limit: 2, kind: .push, scene: "A2"))
        let link = NavigationError.misuse(
            .observerNavigationLoop(limit: 2, kind: .replaceTree, scene: nil))
        #expect(thrown.errors == [push, link, push, link])
        token.cancel()
    }

    @Test("a builder that starts an asynchronous navigation at once is refused, as any other")
    @MainActor
    func builderStartsImmediateTask() async throws {
        let container = try makeContainer()
        let thrown = ImmediateErrors()
        weak var weakCoordinator: AppCoordinator?
        try container.assemble(
            contentsOf: [
                SceneBuilder("Meddler") { context in
                    Task.immediate { @MainActor in
                        do throws(NavigationError) {
                            try await weakCoordinator?.navigateWhenAllowed(.push(scene: "A2"))
                        } catch {
                            thrown.errors.append(error)
                        }
                    }
                    return StubScreen(context: context)
                }
            ])
        let coordinator = AppCoordinator(container: container)
        weakCoordinator = coordinator
        try coordinator.navigate(.root(scene: "A1"))
        let recorder = EventRecorder(coordinator)
        try coordinator.navigate(.push(scene: "Meddler"))
        #expect(thrown.errors == [.misuse(.reentrantNavigation(.push, during: .push))])
        #expect(coordinator.tree.scenes == [["A1", "Meddler"]])
        #expect(recorder.kinds == [.push])
    }

    @Test("the observer limit covers restores too, which name no scene")
    @MainActor
    func observerLimitCoversRestores() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        coordinator.maximumObserverNavigations = 0
        let snapshot = TreeSnapshot(root: [.init(scene: "A1"), .init(scene: "B1")])
        var thrown: [NavigationError] = []
        let token = coordinator.observe { [unowned coordinator] event in
            guard event.transition?.kind == .push else { return }
            do throws(NavigationError) {
                try coordinator.restore(snapshot)
            } catch {
                thrown.append(error)
            }
        }
        try coordinator.navigate(.push(scene: "A2"))
        let loop = NavigationError.misuse(
            .observerNavigationLoop(limit: 0, kind: .replaceTree, scene: nil))
        #expect(thrown == [loop])
        #expect(coordinator.tree.scenes == [["A1", "A2"]])
        coordinator.maximumObserverNavigations = 1
        try coordinator.navigate(.push(scene: "B2"))
        #expect(thrown == [loop])
        #expect(coordinator.tree.scenes == [["A1", "B1"]])
        token.cancel()
    }

    // MARK: History

    @Test("any history limit works: Int.max keeps what happened, a negative one keeps nothing")
    @MainActor
    func historyLimits() throws {
        let container = try makeContainer()
        let unbounded = AppCoordinator(container: container, historyLimit: .max)
        let none = AppCoordinator(container: container, historyLimit: .min)
        let two = AppCoordinator(container: container, historyLimit: 2)
        for coordinator in [unbounded, none, two] {
            try coordinator.navigate(.root(scene: "A1"))
            try coordinator.navigate(.push(scene: "A2"))
            try coordinator.navigate(.push(scene: "B1"))
        }
        #expect(unbounded.recentEvents.compactMap(\.transition?.scene) == ["A1", "A2", "B1"])
        #expect(none.recentEvents.isEmpty)
        #expect(two.recentEvents.compactMap(\.transition?.scene) == ["A2", "B1"])
    }

    // MARK: Cancelling observers

    @Test("30,000 observations are cancelled without a stall; the others are still called in order")
    func manyCancellations() async throws {
        let calls = await finishesOnMainActor { () -> [Int]? in
            guard let coordinator = try? makeCoordinator() else { return nil }
            var calls: [Int] = []
            var kept: [ObservationToken] = []
            var cancelled: [ObservationToken] = []
            for group in 0..<3 {
                kept.append(coordinator.observe { _ in calls.append(group) })
                for _ in 0..<10_000 {
                    cancelled.append(coordinator.observe { _ in calls.append(-1) })
                }
            }
            kept.append(coordinator.observe { _ in calls.append(3) })
            // Every other one from the front, then the rest from the back.
            for index in stride(from: 0, to: cancelled.count, by: 2) { cancelled[index].cancel() }
            for index in stride(from: cancelled.count - 1, through: 1, by: -2) {
                cancelled[index].cancel()
            }
            guard coordinator.observerCount == 4 else { return nil }
            _ = try? coordinator.navigate(.root(scene: "A1"))
            _ = try? coordinator.navigate(.push(scene: "A2"))
            withExtendedLifetime(kept) {}
            return calls
        }
        let observed = try #require(calls ?? nil, "cancelling stalled or the count is wrong")
        #expect(observed == [0, 1, 2, 3, 0, 1, 2, 3])
    }

    @Test("an observation cancelled while an event is delivered is not called again")
    @MainActor
    func cancelledDuringDelivery() throws {
        let coordinator = try makeCoordinator()
        var calls: [String] = []
        var second: ObservationToken?
        let first = coordinator.observe { _ in
            calls.append("first")
            second?.cancel()
        }
        second = coordinator.observe { _ in calls.append("second") }
        let third = coordinator.observe { _ in calls.append("third") }
        try coordinator.navigate(.root(scene: "A1"))
        try coordinator.navigate(.push(scene: "A2"))
        #expect(calls == ["first", "third", "first", "third"])
        #expect(coordinator.observerCount == 2)
        withExtendedLifetime((first, third)) {}
    }

    // MARK: Errors about unknown scenes

    @Test("suggestions among many names are right, computed once, and bounded in size")
    @MainActor
    func suggestionsAmongManyNames() throws {
        let container = DependencyContainer()
        try container.assemble(
            contentsOf: (0..<20_000).map { stubBuilder(SceneIdentifier("scene-\($0)")) }
                + (0..<2_000).map { stubBuilder(SceneIdentifier("area-\($0)/:id/items/:item")) })
        let coordinator = AppCoordinator(container: container)
        // The same name in capitals is found wherever it is among 22,000.
        let error = NavigationError.unknownScene("SCENE-12345", suggestions: ["scene-12345"])
        expectRejected(.root(scene: "SCENE-12345"), on: coordinator, with: error)
        expectRejected(
            .root(scene: "Scene-7"), on: coordinator,
            with: .unknownScene("Scene-7", suggestions: ["scene-7"]))
        do throws(NavigationError) {
            try coordinator.navigate(.root(scene: "Scene-7"))
            Issue.record("navigating to an unknown scene succeeded")
        } catch {
            // The suggestions are part of the error's value, and its description stays short.
            #expect(error != .unknownScene("Scene-7", suggestions: []))
            #expect(error.description.utf8.count < 1_024)
        }

        let reads = Counter()
        let names = CountingNames(
            names: (0..<10_000).map { SceneIdentifier("screen-\($0)") }, reads: reads)
        let suggestions = NavigationError.SceneSuggestions(for: "Screen-12", among: names)
        let copy = suggestions
        #expect(suggestions.names == ["screen-12"])
        let readOnce = reads.count
        // Computed on the first read only; the copy shares the result.
        let expected = NavigationError.SceneSuggestions(["screen-12"])
        #expect(copy.names == ["screen-12"])
        #expect(copy == expected)
        #expect(suggestions == expected)
        #expect(copy.description == expected.description)
        #expect(reads.count == readOnce)
        #expect(suggestions.names.count <= NavigationError.SceneSuggestions.limit)
    }
}

/// A screen object for builders that need no context.
@MainActor private final class StubScreenLike {}
