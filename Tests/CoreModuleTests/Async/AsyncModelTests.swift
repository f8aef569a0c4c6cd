@_spi(Rules) import CoreModule
import CoreModuleTesting
import Testing

/// Pending navigations, cancellations, time-outs and held links, run at random against a small
/// reference model of their rules; after every step the coordinator and the model agree on the
/// tree, the pending navigation, the held link and every outcome.
///
/// Replay a failure with the seed its message prints: `ROUTER_SEED=N swift test --filter
/// AsyncModelTests`.
@MainActor
@Suite("Model-based: pending navigations and held links follow their rules, step by step")
struct AsyncModelTests {
    static let steps = 300
    static let launches = 6
    private static let format = DeepLinkFormat(scheme: "demo")

    /// The rules, written plainly: scenes as names, screens as numbers.
    struct Model {
        var stacks: [[(scene: String, id: Int)]] = [[("A1", 1)]]
        var nextID = 2
        var pending: (request: ApplicationTransitionType, origin: Int)?
        var held: String?
        var isReady = false

        var visible: Int { stacks.last?.last?.id ?? 0 }
        var scenes: [[SceneIdentifier]] { stacks.map { $0.map { SceneIdentifier($0.scene) } } }

        mutating func build(_ scene: String) -> (scene: String, id: Int) {
            defer { nextID += 1 }
            return (scene, nextID)
        }

        mutating func replace(withLink link: String) {
            let names = link.dropFirst("demo://open/".count).split(separator: "/").map(String.init)
            stacks = [names.map { build($0) }]
        }
    }

    /// What the test waits for from a navigation it started.
    struct Started {
        let task: Task<TransitionEvent?, any Error>
        let request: ApplicationTransitionType
    }

    @Test("Random pending navigations, answers, time-outs, reports and held links")
    func modelAgreement() async throws {
        let seed = SeededRandom.seed()
        var random = SeededRandom(seed: seed)
        var counts: [String: Int] = [:]
        // Each run is one launch: links are held until the app is ready, then opened at once.
        for run in 0..<Self.launches {
            try await launch(
                random: &random, label: "ROUTER_SEED=\(seed), launch \(run)", counts: &counts)
        }
        // The mix means something: every rule was exercised.
        for operation in [
            "async push", "sync push", "allow", "reject", "redirect", "time-out", "back swipe",
            "link, held", "link, ready", "ready", "drop",
        ] {
            #expect(
                counts[operation, default: 0] > 0, "ROUTER_SEED=\(seed): never ran \(operation)")
        }
    }

    private func launch(
        random: inout SeededRandom, label: String, counts: inout [String: Int]
    ) async throws {
        let fixture = try AsyncFixture(["A1", "A2", "B1", "B2", "Login"])
        let coordinator = fixture.coordinator
        var model = Model()
        var started: Started?
        var questions = 0

        /// Awaits the started navigation and checks its outcome.
        func settle(expecting expected: Result<SceneIdentifier?, NavigationError>) async {
            guard let current = started else { return }
            started = nil
            do {
                let event = try await current.task.value
                #expect(expected == .success(event?.scene), "\(label): \(current.request)")
            } catch let error as NavigationError {
                #expect(expected == .failure(error), "\(label): \(current.request)")
            } catch {
                Issue.record("\(label): \(error)")
            }
        }

        /// Cancels the model's pending navigation because of `newer`, as the coordinator does.
        func cancelPending(by newer: NavigationEvent.Operation) async {
            guard let pending = model.pending else { return }
            model.pending = nil
            await settle(
                expecting: .failure(
                    .guarded(.navigationCancelled(.transition(pending.request), by: newer))))
        }

        for step in 0..<Self.steps {
            let roll = Int.random(in: 0..<100, using: &random)
            let operation: String
            switch roll {
            case 0..<20:
                // An asynchronous push: guarded for B scenes.
                let scene = ["A2", "B1", "B2"].randomElement(using: &random) ?? "A2"
                let request = ApplicationTransitionType.push(scene: SceneIdentifier(scene))
                operation = "async push"
                let task = Task { try await coordinator.navigateWhenAllowed(request) }
                // The newer request cancels the pending one as soon as it starts.
                await cancelPending(by: .transition(request))
                started = Started(task: task, request: request)
                if scene.hasPrefix("B") {
                    model.pending = (request, model.visible)
                    questions += 1
                    await fixture.answers.waitForQuestions(questions)
                    await fixture.clock.waitForSleepers(1)
                } else {
                    model.stacks[model.stacks.count - 1].append(model.build(scene))
                    await settle(expecting: .success(SceneIdentifier(scene)))
                }
            case 20..<30:
                let scene = ["A2", "B1"].randomElement(using: &random) ?? "A2"
                let request = ApplicationTransitionType.push(scene: SceneIdentifier(scene))
                operation = "sync push"
                let result: Result<SceneIdentifier?, NavigationError>
                do {
                    result = .success(try coordinator.navigate(request)?.scene)
                } catch {
                    result = .failure(error)
                }
                await cancelPending(by: .transition(request))
                if scene.hasPrefix("B") {
                    #expect(
                        result
                            == .failure(
                                .guarded(
                                    .asynchronousGuard(name: "session", kind: .push, scene: "B1"))),
                        "\(label)")
                } else {
                    model.stacks[model.stacks.count - 1].append(model.build(scene))
                    #expect(result == .success("A2"), "\(label)")
                }
            case 30..<50:
                guard let pending = model.pending else { continue }
                let answer = Int.random(in: 0..<3, using: &random)
                operation = ["allow", "reject", "redirect"][answer]
                model.pending = nil
                let scene = (pending.request.scene ?? "")
                switch answer {
                case 0:
                    fixture.answers.answer(.allow)
                    if pending.origin != model.visible {
                        await settle(
                            expecting: .failure(
                                .guarded(
                                    .navigationOriginGone(
                                        .transition(pending.request),
                                        origin: ScreenID(UInt64(pending.origin))))))
                    } else {
                        model.stacks[model.stacks.count - 1].append(model.build(scene.rawValue))
                        await settle(expecting: .success(scene))
                    }
                case 1:
                    fixture.answers.answer(.reject(reason: "no"))
                    await settle(
                        expecting: .failure(
                            .guarded(
                                .rejectedByGuard(
                                    name: "session", kind: .push, scene: scene, reason: "no"))))
                default:
                    fixture.answers.answer(.redirect(.present(scene: "Login")))
                    if pending.origin != model.visible {
                        await settle(
                            expecting: .failure(
                                .guarded(
                                    .navigationOriginGone(
                                        .transition(pending.request),
                                        origin: ScreenID(UInt64(pending.origin))))))
                    } else {
                        model.stacks.append([model.build("Login")])
                        await settle(expecting: .success("Login"))
                    }
                }
            case 50..<57:
                guard let pending = model.pending else { continue }
                operation = "time-out"
                model.pending = nil
                fixture.clock.advance(by: coordinator.guardTimeLimit)
                await settle(
                    expecting: .failure(
                        .guarded(
                            .guardTimedOut(
                                name: "session", kind: .push, scene: (pending.request.scene ?? ""),
                                limit: coordinator.guardTimeLimit))))
            case 57..<72:
                // The user goes back: a pop, or a sheet dragged down.
                let top = model.stacks[model.stacks.count - 1]
                if top.count > 1 {
                    operation = "back swipe"
                    try coordinator.report(
                        .poppedBackByUser(to: ScreenID(UInt64(top[top.count - 2].id))))
                    model.stacks[model.stacks.count - 1].removeLast()
                } else if model.stacks.count > 1 {
                    operation = "swipe down"
                    try coordinator.report(.dismissedByUser(ScreenID(UInt64(top[0].id))))
                    model.stacks.removeLast()
                } else {
                    continue
                }
            case 72..<84:
                let link =
                    ["demo://open/A1/A2", "demo://open/A2", "demo://open/A1"].randomElement(
                        using: &random) ?? "demo://open/A1"
                operation = model.isReady ? "link, ready" : "link, held"
                let delivery = try await coordinator.openWhenAllowed(
                    .deepLink(link, format: Self.format))
                if model.isReady {
                    await cancelPending(by: .open(.deepLink(link, format: Self.format)))
                    model.replace(withLink: link)
                    guard case .opened = delivery else {
                        Issue.record("\(label): \(link) was not opened: \(delivery)")
                        return
                    }
                } else {
                    model.held = link
                    #expect(
                        delivery
                            == .held(
                                HeldLink(.deepLink(link, format: Self.format)), until: .appNotReady),
                        "\(label)")
                }
            case 84..<90:
                operation = "ready"
                let event = try await coordinator.markReadyForLinks()
                model.isReady = true
                if let link = model.held {
                    model.held = nil
                    await cancelPending(by: .open(.deepLink(link, format: Self.format)))
                    model.replace(withLink: link)
                    #expect(event?.kind == .replaceTree, "\(label)")
                } else {
                    #expect(event == nil, "\(label)")
                }
            default:
                operation = "drop"
                #expect(coordinator.dropHeldLink()?.link.text == model.held, "\(label)")
                model.held = nil
            }
            counts[operation, default: 0] += 1
            let context = "\(label), step \(step), \(operation)"
            #expect(coordinator.tree.scenes == model.scenes, "\(context)")
            #expect(
                coordinator.pendingNavigation == model.pending.map { .transition($0.request) },
                "\(context)")
            #expect(coordinator.heldLink?.link.text == model.held, "\(context)")
            #expect(
                coordinator.tree.visibleScreen?.id == ScreenID(UInt64(model.visible)), "\(context)")
            if coordinator.tree.scenes != model.scenes { return }
        }
        if let pending = model.pending {
            coordinator.cancelPendingNavigation()
            await settle(
                expecting: .failure(
                    .guarded(.navigationCancelled(.transition(pending.request), by: nil))))
        }
    }
}
