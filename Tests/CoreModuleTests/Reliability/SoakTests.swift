@_spi(Rules) import CoreModule
import Foundation
import Testing

/// A weak reference, to see objects released.
private struct Weak {
    weak var object: AnyObject?
}

/// The quick, test-side soak; the long one is `swift run -c release benchmarks --filter RSS`
/// (10,000,000 transitions, RSS growth).
@MainActor
@Suite("Soak: 200,000 transitions with flows, results and observers leave nothing behind")
struct SoakTests {
    static let transitions = 200_000
    static let checkpoint = 20_000

    @Test("200,000 random transitions; at each checkpoint nothing is left but the root")
    func soak() throws {
        let seed = SeededRandom.seed()
        var random = SeededRandom(seed: seed)
        let label = "ROUTER_SEED=\(seed)"
        let scenes: [SceneIdentifier] = ["A1", "A2", "B1", "B2"]
        let coordinator = try makeCoordinator(scenes, setup: [.root(scene: "A1")])

        var applied = 0
        var failures = 0
        let counter = coordinator.observe { event in
            if event.transition != nil { applied += 1 } else { failures += 1 }
        }
        // A stream nobody reads: it must stay bounded and attached.
        let unread = coordinator.eventStream(bufferingNewest: 8)
        let observers = coordinator.observerCount

        var requested = 0
        var answered: Set<Int> = []
        var answeredTwice = 0
        var flowsStarted = 0
        var flows: [Weak] = []
        var contents: [Weak] = []
        var checkpoints = 0

        func scene() -> SceneIdentifier { scenes.randomElement(using: &random) ?? "A1" }

        /// One random operation; the tree it reads is released when it returns, so that the
        /// checkpoint sees only what the coordinator keeps.
        func step() {
            do {
                let tree = coordinator.tree
                switch Int.random(in: 0..<20, using: &random) {
                case 0, 1:
                    let flow = StubFlow(
                        coordinator: coordinator,
                        first: Bool.random(using: &random)
                            ? .push(scene: scene()) : .present(scene: scene()))
                    flowsStarted += 1
                    if let parent = coordinator.flows.values.randomElement(using: &random),
                        Bool.random(using: &random)
                    {
                        try? parent.startChild(flow, key: "child-\(flowsStarted)")
                    } else {
                        try coordinator.startFlow(flow, key: "flow-\(flowsStarted)")
                    }
                    flows.append(Weak(object: flow))
                case 2, 3:
                    if let flow = coordinator.flows.values.randomElement(using: &random) {
                        _ = try? flow.navigate(.push(scene: scene()))
                    }
                case 4, 5, 6:
                    requested += 1
                    let ticket = requested
                    let request: ApplicationTransitionType =
                        Bool.random(using: &random)
                        ? .push(scene: scene()) : .present(scene: scene())
                    try coordinator.navigate(
                        request,
                        onResult: { _ in
                            if !answered.insert(ticket).inserted { answeredTwice += 1 }
                        })
                case 7, 8:
                    try coordinator.navigate(.push(scene: scene()))
                case 9, 10, 11:
                    _ = try? coordinator.navigate(.pop())
                case 12:
                    _ = try? coordinator.navigate(.dismiss())
                case 13:
                    _ = try? coordinator.navigate(.popTo(scene: scene()))
                case 14:
                    _ = try? coordinator.navigate(
                        Bool.random(using: &random) ? .popToRoot() : .dismissAll())
                case 15, 16:
                    if let below = tree.screenBelowVisible {
                        _ = try? coordinator.report(.poppedBackByUser(to: below))
                    }
                case 17:
                    if let visible = tree.visibleScreen {
                        _ = try? coordinator.report(.dismissedByUser(visible.id))
                    }
                case 18:
                    if let screen = tree.visibleScreen?.content as? StubScreen {
                        _ = try? screen.context.finish(with: "done")
                    }
                default:
                    if Int.random(in: 0..<10, using: &random) == 0 {
                        try coordinator.navigate(.root(scene: scene()))
                    } else {
                        _ = try? coordinator.report(
                            .poppedBackByUser(
                                to: ScreenID(
                                    UInt64.random(in: 1...UInt64(applied + 2), using: &random))))
                    }
                }
            } catch {
                Issue.record("\(label): an operation that cannot fail threw \(error)")
            }
        }

        while applied < Self.transitions {
            step()
            if let content = coordinator.tree.visibleScreen?.content, contents.count < 4_096 {
                contents.append(Weak(object: content))
            }

            if applied / Self.checkpoint > checkpoints {
                checkpoints += 1
                // Back to the root stack's first screen: everything else must be gone.
                _ = try? coordinator.navigate(.dismissAll(), force: true)
                _ = try? coordinator.navigate(.popToRoot(), force: true)
                let root = coordinator.tree.visibleScreen?.content
                #expect(coordinator.tree.screenCount == 1, "\(label)")
                #expect(coordinator.flows.isEmpty, "\(label): \(coordinator.flows.keys)")
                #expect(
                    flows.allSatisfy { $0.object == nil }, "\(label): a flow outlived its screens")
                #expect(
                    answered.count == requested,
                    "\(label): \(requested - answered.count) results unanswered")
                #expect(answeredTwice == 0, "\(label)")
                #expect(
                    contents.allSatisfy { $0.object == nil || $0.object === root },
                    "\(label): a screen's object outlived the screen")
                #expect(coordinator.observerCount == observers)
                #expect(coordinator.recentEvents.isEmpty)
                #expect(coordinator.tree.invariantViolations() == [], "\(label)")
                flows.removeAll()
                contents.removeAll()
            }
        }
        withExtendedLifetime(unread) {}
        counter.cancel()
        #expect(checkpoints == Self.transitions / Self.checkpoint)
        print(
            "soak: \(applied) transitions, \(failures) failures, \(flowsStarted) flows, "
                + "\(requested) results, \(checkpoints) checkpoints (\(label))")
    }
}
