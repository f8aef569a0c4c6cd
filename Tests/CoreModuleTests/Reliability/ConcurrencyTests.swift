@_spi(Rules) import CoreModule
import Foundation
import Testing

/// Runs `body(index)` on `count` threads of their own, released together, and waits for all.
///
/// Real threads rather than `DispatchQueue.concurrentPerform`, which runs only as many
/// iterations at once as there are cores.
func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    let start = DispatchSemaphore(value: 0)
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            start.wait()
            body(index)
            group.leave()
        }
        thread.start()
    }
    for _ in 0..<count { start.signal() }
    group.wait()
}

/// Counts that many threads may add to, one slot per thread.
final class ThreadTally: @unchecked Sendable {
    // @unchecked: `counts` is only touched while `lock` is held.
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func add(_ key: String, _ amount: Int = 1) {
        lock.withLock { counts[key, default: 0] += amount }
    }
    subscript(key: String) -> Int { lock.withLock { counts[key, default: 0] } }
}

/// The suite `scripts/tsan.sh` runs under ThreadSanitizer: registration, lookup, route
/// resolution, removal and services, hammered from 8 threads at once.
@Suite("Thread safety: the registry under 8 threads (run under TSan by scripts/tsan.sh)")
struct ThreadSafetyTests {
    static let threads = 8
    static let operationsPerThread = 12_000
    static let contested = 64

    @Test("8 threads × 12,000 registrations, lookups, removals and services")
    func registryHammer() throws {
        let container = DependencyContainer()
        let tally = ThreadTally()
        runOnThreads(Self.threads) { thread in
            // Each thread owns a name with segments; the contested names are shared by all.
            do {
                try container.assemble(contentsOf: [
                    stubBuilder(SceneIdentifier("route\(thread)/:id"))
                ])
                tally.add("operations")
            } catch {
                tally.add("unexpected")
            }
            for index in 0..<Self.operationsPerThread {
                let own = SceneIdentifier("T\(thread)-\(index)")
                switch index % 10 {
                case 0, 1:
                    do {
                        try container.assemble(contentsOf: [stubBuilder(own)])
                    } catch {
                        tally.add("unexpected")
                    }
                case 2:
                    let shared = SceneIdentifier("Shared-\(index / 10 % Self.contested)")
                    do {
                        try container.assemble(contentsOf: [stubBuilder(shared)])
                        tally.add("contested wins")
                    } catch NavigationError.misuse(.duplicateRegistration(shared)) {
                        tally.add("contested losses")
                    } catch {
                        tally.add("unexpected")
                    }
                case 3:
                    // Registered and removed again: never visible afterwards.
                    let temporary = SceneIdentifier("Tmp\(thread)-\(index)")
                    let second = SceneIdentifier("Tmp\(thread)-\(index)b")
                    do {
                        try container.assemble(contentsOf: [
                            stubBuilder(temporary), stubBuilder(second),
                        ])
                    } catch {
                        tally.add("unexpected")
                    }
                    if container.remove(temporary) == nil { tally.add("unexpected") }
                    if container.remove(second) == nil { tally.add("unexpected") }
                case 4:
                    let earlier = SceneIdentifier("T\(thread)-\(index - 4)")
                    if container.build(for: earlier)?.sceneIdentifier != earlier {
                        tally.add("unexpected")
                    }
                case 5:
                    let other = SceneIdentifier("T\((thread + 1) % Self.threads)-\(index - 5)")
                    _ = container.build(for: other)
                    _ = try? container.resolve(other)
                case 6:
                    do {
                        let owned = SceneIdentifier("route\(thread)/:id")
                        let resolved = try container.resolve(owned)
                        if resolved.scene != owned { tally.add("unexpected") }
                    } catch {
                        tally.add("unexpected")
                    }
                case 7:
                    do {
                        _ = try container.resolve(SceneIdentifier("missing\(thread)/\(index)/x"))
                        tally.add("unexpected")
                    } catch NavigationError.unknownScene(_, let suggestions) {
                        // Reading suggestions scans the registry as it was: only now and then.
                        if index % 2_000 == 7 { _ = suggestions.names }
                    } catch {
                        tally.add("unexpected")
                    }
                case 8:
                    container.services.register(index, as: Int.self)
                    if (try? container.services.resolve(Int.self)) == nil {
                        tally.add("unexpected")
                    }
                default:
                    _ = container.count
                    if index % 3_000 == 9 { _ = container.sceneIdentifiers }
                }
                tally.add("operations")
            }
        }
        #expect(tally["unexpected"] == 0)
        #expect(tally["operations"] == Self.threads * (Self.operationsPerThread + 1))
        #expect(tally["contested wins"] == Self.contested)
        #expect(
            tally["contested wins"] + tally["contested losses"]
                == Self.threads * Self.operationsPerThread / 10)
        // Every thread's names are there, once; the temporary ones are gone.
        let ownPerThread = Self.operationsPerThread / 10 * 2
        #expect(
            container.count
                == Self.threads * (ownPerThread + 1) + Self.contested)
        #expect(container.build(for: "T7-11990") != nil)
        #expect(container.build(for: "Tmp3-13") == nil)
        #expect(container.sceneIdentifiers.filter { $0.rawValue.hasPrefix("Tmp") }.isEmpty)
        print(
            "thread safety: \(Self.threads) threads × \(Self.operationsPerThread) operations, "
                + "\(container.count) scenes registered")
    }

    @Test("the main actor navigates while 7 threads register and remove scenes")
    @MainActor
    func navigationDuringRegistration() throws {
        let container = try makeContainer()
        let coordinator = AppCoordinator(container: container)
        try coordinator.navigate(.root(scene: "A1"))
        let done = DispatchSemaphore(value: 0)
        let finished = ThreadTally()
        Thread {
            runOnThreads(7) { thread in
                for index in 0..<3_000 {
                    let name = SceneIdentifier("Dyn\(index % 20)")
                    if index % 2 == 0 {
                        try? container.assemble(contentsOf: [stubBuilder(name)])
                    } else {
                        container.remove(name)
                    }
                    _ = container.build(for: SceneIdentifier("Dyn\(thread)"))
                }
            }
            finished.add("threads")
            done.signal()
        }.start()
        var applied = 0
        var failed = 0
        var step = 0
        while finished["threads"] == 0 || step < 2_000 {
            let request: ApplicationTransitionType =
                coordinator.tree.screenCount > 8
                ? .popToRoot() : .push(scene: SceneIdentifier("Dyn\(step % 20)"))
            do {
                try coordinator.navigate(request)
                applied += 1
            } catch .unknownScene {
                failed += 1
            }
            #expect(coordinator.tree.invariantViolations() == [])
            step += 1
        }
        done.wait()
        #expect(applied > 0)
        #expect(
            coordinator.tree.screens.allSatisfy {
                $0.scene == "A1" || $0.scene.rawValue.hasPrefix("Dyn")
            })
    }
}

/// Navigation requested from many concurrent tasks, each hopping to the main actor.
@Suite("Concurrent navigation: 100 tasks hop to the main actor and leave a consistent tree")
struct ConcurrentNavigationTests {
    /// One navigation that applied, in the order the main actor applied it.
    @MainActor
    final class AppliedLog {
        var requests: [ApplicationTransitionType] = []
    }

    @Test("100 tasks × 30 navigations: the tree is what the applied navigations make")
    func hundredTasks() async throws {
        let coordinator = try await makeCoordinator(setup: [.root(scene: "A1")])
        let log = AppliedLog()
        let stream = await coordinator.eventStream(bufferingNewest: 100_000)
        // Reads every event until the sentinel transition to "B2", which only the end sends.
        let reader = Task {
            var sequences: [UInt64] = []
            for await event in stream {
                guard let transition = event.transition else { continue }
                sequences.append(transition.sequence)
                if transition.scene == "B2" { break }
            }
            return sequences
        }
        let applied = await withTaskGroup(of: Int.self) { group in
            for task in 0..<100 {
                group.addTask {
                    var applied = 0
                    for step in 0..<30 {
                        let request: ApplicationTransitionType
                        switch (task + step) % 6 {
                        case 0, 1:
                            request = .push(
                                scene: "A2", parameters: ["task": "\(task)", "step": "\(step)"])
                        case 2: request = .present(scene: "B1", parameters: ["task": "\(task)"])
                        case 3: request = .pop()
                        case 4: request = .dismiss()
                        default: request = .popTo(scene: "A2")
                        }
                        let ok = await MainActor.run {
                            guard (try? coordinator.navigate(request)) != nil else { return false }
                            log.requests.append(request)
                            return true
                        }
                        if ok { applied += 1 }
                        await Task.yield()
                    }
                    return applied
                }
            }
            return await group.reduce(0, +)
        }
        let dismissed = try await MainActor.run {
            #expect(coordinator.tree.invariantViolations() == [])
            #expect(log.requests.count == applied)
            // Replaying the applied navigations, in order, on the reference model gives the tree.
            var model = ReferenceModel()
            model.guardInstalled = false
            for request in [ApplicationTransitionType.root(scene: "A1")] + log.requests {
                guard case .applied(let next, _) = model.predict(request, force: false) else {
                    Issue.record("the model cannot apply \(request)")
                    break
                }
                model = next
            }
            let real = coordinator.tree.stacks.map { $0.map(ModelScreen.init) }
            #expect(real == model.stacks)
            let dismissed = (try? coordinator.navigate(.dismissAll())) != nil
            try coordinator.navigate(.root(scene: "B2"))
            return dismissed
        }
        // The stream delivered every transition, in the order applied: from 2 (the first task's)
        // up to the sentinel.
        let sequences = await reader.value
        #expect(sequences.count == applied + (dismissed ? 2 : 1))
        #expect(sequences == Array(2...UInt64(sequences.count + 1)))
        #expect(applied > 100)
    }
}
