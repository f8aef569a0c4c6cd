@_spi(Rules) import CoreModule
import Testing

/// Weak handle on a flow, so the test can see it released.
@MainActor
private struct Tracked {
    let id: Int
    weak var flow: StubFlow?
}

@MainActor
@Suite("Randomized: no flow outlives its screens, none finishes early")
struct FlowLifecycleRandomTests {
    @Test("interleaved app and user pops and dismisses across nested flows keep flows in sync")
    func randomizedLifecycle() throws {
        let seed = SeededRandom.seed()
        var random = SeededRandom(seed: seed)
        for run in 0..<20 {
            try runOnce(&random, label: "seed \(seed) (ROUTER_SEED=\(seed)), run \(run)")
        }
    }

    private func runOnce(_ random: inout SeededRandom, label: String) throws {
        let scenes: [SceneIdentifier] = ["A1", "A2", "B1", "B2"]
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        var tracked: [Tracked] = []
        var finishCounts: [Int: Int] = [:]
        var nextID = 0

        func makeFlow() -> StubFlow {
            let scene = scenes.randomElement(using: &random) ?? "A1"
            let first: ApplicationTransitionType =
                Bool.random(using: &random) ? .push(scene: scene) : .present(scene: scene)
            let flow = StubFlow(coordinator: coordinator, first: first)
            let id = nextID
            nextID += 1
            flow.onFinish = { _, _ in finishCounts[id, default: 0] += 1 }
            tracked.append(Tracked(id: id, flow: flow))
            return flow
        }

        for step in 0..<500 {
            // Flows are looked up inside each case, so that no strong reference outlives it.
            let tree = coordinator.tree
            switch Int.random(in: 0..<12, using: &random) {
            case 0:
                try coordinator.startFlow(makeFlow(), key: "flow-\(nextID)")
            case 1:
                if let parent = tracked.compactMap(\.flow).randomElement(using: &random) {
                    try parent.startChild(makeFlow(), key: "child-\(nextID)")
                }
            case 2:
                if let flow = tracked.compactMap(\.flow).randomElement(using: &random) {
                    let scene = scenes.randomElement(using: &random) ?? "A1"
                    _ = try? flow.navigate(
                        Bool.random(using: &random) ? .push(scene: scene) : .present(scene: scene))
                }
            case 3, 4:
                _ = try? coordinator.navigate(.pop())
            case 5:
                _ = try? coordinator.navigate(.dismiss())
            case 6:
                _ = try? coordinator.navigate(
                    .popTo(scene: scenes.randomElement(using: &random) ?? "A1"))
            case 7:
                _ = try? coordinator.navigate(
                    [.popToRoot(), .dismissAll(), .root(scene: "A1")].randomElement(using: &random)
                        ?? .pop())
            case 8, 9:
                if let below = tree.screenBelowVisible {
                    _ = try? coordinator.report(.poppedBackByUser(to: below))
                }
            case 10:
                if let screen = tree.screens.randomElement(using: &random) {
                    _ = try? coordinator.report(.dismissedByUser(screen.id))
                }
            default:
                // A stale report about a screen that may be long gone.
                let id = ScreenID(
                    UInt64.random(in: 1...UInt64(max(1, tree.screens.count * 2)), using: &random))
                _ = try? coordinator.report(.poppedBackByUser(to: id))
            }

            // Every flow that owns a screen in the tree (directly or through a child) is alive
            // and unfinished; every other flow has finished exactly once and been released.
            var owning = Set<ObjectIdentifier>()
            for screen in coordinator.tree.screens {
                var current = coordinator.owner(of: screen.id)
                while let flow = current {
                    owning.insert(ObjectIdentifier(flow))
                    current = flow.parent
                }
            }
            let alive = Set(tracked.compactMap(\.flow).map(ObjectIdentifier.init))
            guard alive == owning else {
                Issue.record(
                    "\(label), step \(step): \(alive.count) flows alive, \(owning.count) own screens\n\(coordinator.tree)"
                )
                return
            }
            for entry in tracked {
                let count = finishCounts[entry.id, default: 0]
                let released = entry.flow == nil
                guard count <= 1, (count == 1) == released, entry.flow?.isFinished != true else {
                    Issue.record(
                        "\(label), step \(step): flow \(entry.id) finished \(count) times, released: \(released)"
                    )
                    return
                }
            }
            guard coordinator.tree.invariantViolations().isEmpty else {
                Issue.record("\(label), step \(step): \(coordinator.tree.invariantViolations())")
                return
            }
        }
    }
}
