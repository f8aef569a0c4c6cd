@_spi(Rules) import CoreModule
import Testing

/// A host whose animated steps end only when the test says so: a manual clock for animations.
@MainActor
final class ManualHost: RenderHost {
    /// Every step started, in order.
    private(set) var started: [RenderPlan.Step] = []
    /// The completions of animated steps still running, oldest first.
    private var running: [@MainActor () -> Void] = []
    /// Whether to call a completion a second time when the animation ends (a buggy handler).
    var completesTwice = false

    func perform(_ step: RenderPlan.Step, completion: @escaping @MainActor () -> Void) {
        started.append(step)
        if step.animated {
            running.append(completion)
        } else {
            completion()
        }
    }

    var animating: Int { running.count }

    /// Ends the oldest running animation.
    func endAnimation() {
        guard !running.isEmpty else {
            Issue.record("no animation is running")
            return
        }
        let completion = running.removeFirst()
        completion()
        if completesTwice { completion() }
    }
}

@MainActor
@Suite("Render player: one step at a time, animated ones waited for")
struct RenderPlayerTests {
    /// A coordinator showing A1 with a modal chain B1 › B2 (sheet over sheet).
    func modalChain() throws -> AppCoordinator {
        try makeCoordinator(setup: [
            .root(scene: "A1"), .present(scene: "B1"), .present(scene: "B2"),
        ])
    }

    // MARK: Waiting

    @Test("a present after an animated dismissal waits until the dismissal has ended")
    func presentWaitsForDismissal() throws {
        let coordinator = try modalChain()
        let host = ManualHost()
        let player = RenderPlayer(host: host)
        let dismiss = try #require(try coordinator.navigate(.dismiss(animated: true)))
        let present = try #require(try coordinator.navigate(.present(scene: "A2")))
        player.play(dismiss.plan)
        player.play(present.plan)

        // The present is made from the level the dismissal is leaving: it waits.
        #expect(host.started == dismiss.plan.steps)
        #expect(!player.isIdle)
        #expect(player.currentStep == dismiss.plan.steps[0])
        #expect(player.pendingSteps == present.plan.steps)

        host.endAnimation()
        #expect(host.started == dismiss.plan.steps + present.plan.steps)
        #expect(player.pendingSteps.isEmpty)
        host.endAnimation()
        #expect(player.isIdle)
        #expect(player.completedStepCount == 2)
    }

    @Test("steps that end at once run in one go, in order")
    func immediateStepsRunTogether() throws {
        let coordinator = try makeCoordinator()
        let host = ManualHost()
        let player = RenderPlayer(host: host)
        let first = try #require(try coordinator.navigate(.root(scene: "A1")))
        let second = try #require(try coordinator.navigate(.push(scene: "A2", animated: false)))
        player.play(first.plan)
        player.play(second.plan)
        #expect(host.started == first.plan.steps + second.plan.steps)
        #expect(player.isIdle)
        #expect(player.completedStepCount == 2)
    }

    @Test("plans that arrive while a step runs are queued, and run in the order they arrived")
    func plansQueueInOrder() throws {
        let coordinator = try modalChain()
        let host = ManualHost()
        let player = RenderPlayer(host: host)
        let dismiss = try #require(try coordinator.navigate(.dismissAll(animated: true)))
        let push = try #require(try coordinator.navigate(.push(scene: "A2", animated: true)))
        let present = try #require(try coordinator.navigate(.present(scene: "B1")))
        for event in [dismiss, push, present] { player.play(event.plan) }

        let all = dismiss.plan.steps + push.plan.steps + present.plan.steps
        #expect(host.started == [all[0]])
        #expect(player.pendingSteps == Array(all.dropFirst()))
        host.endAnimation()
        #expect(host.started == Array(all.prefix(2)))
        host.endAnimation()
        #expect(host.started == all)
        host.endAnimation()
        #expect(player.isIdle)
        #expect(host.animating == 0)
    }

    // MARK: Nothing twice

    @Test("a completion called twice is ignored: no step starts twice, none is skipped")
    func completionTwiceIsIgnored() throws {
        let coordinator = try modalChain()
        let host = ManualHost()
        host.completesTwice = true
        let player = RenderPlayer(host: host)
        let dismiss = try #require(try coordinator.navigate(.dismiss(animated: true)))
        let push = try #require(try coordinator.navigate(.push(scene: "A2", animated: true)))
        player.play(dismiss.plan)
        player.play(push.plan)

        host.endAnimation()  // the dismissal's completion, twice
        #expect(host.started == dismiss.plan.steps + push.plan.steps)
        #expect(player.currentStep == push.plan.steps[0])
        #expect(player.ignoredCompletionCount == 1)
        host.endAnimation()
        #expect(player.isIdle)
        #expect(player.completedStepCount == 2)
        #expect(host.started.count == 2)
    }

    @Test("a host that completes a step from inside perform does not start the next one early")
    func synchronousCompletionDoesNotRecurse() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let host = ManualHost()
        let player = RenderPlayer(host: host)
        var plans: [RenderPlan] = []
        for _ in 0..<200 {
            plans.append(
                try #require(try coordinator.navigate(.push(scene: "A2", animated: false))).plan)
        }
        for plan in plans { player.play(plan) }
        #expect(host.started == plans.flatMap(\.steps))
        #expect(player.isIdle)
    }

    // MARK: User changes while steps are pending

    @Test("a user's report while steps are pending adds nothing and leaves them in order")
    func userReportWhileStepsArePending() throws {
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .push(scene: "A2"), .present(scene: "B1"),
        ])
        let host = ManualHost()
        let player = RenderPlayer(host: host)
        let dismiss = try #require(try coordinator.navigate(.dismiss(animated: true)))
        let push = try #require(try coordinator.navigate(.push(scene: "B2", animated: true)))
        player.play(dismiss.plan)
        player.play(push.plan)
        let pending = player.pendingSteps

        // The coordinator's visible screen is B2; the user pops it (the report comes from the
        // screen): the event's plan is empty.
        let below = try #require(coordinator.tree.screenBelowVisible)
        let report = try #require(try coordinator.report(.poppedBackByUser(to: below)))
        #expect(report.plan.isEmpty)
        player.play(report.plan)
        #expect(player.pendingSteps == pending)

        // A report about what the screen showed before the pending steps (the sheet, already
        // dismissed in the tree) is refused, and the steps still bring the screen to the tree.
        let sheet = try #require(dismiss.from)
        expectRefusal(
            NavigationError.refused(.reportedScreenGone(sheet.screen)), leaving: coordinator
        ) {
            try coordinator.report(.dismissedByUser(sheet.screen))
        }
        #expect(player.pendingSteps == pending)
        host.endAnimation()
        host.endAnimation()
        #expect(host.started == dismiss.plan.steps + push.plan.steps)
        #expect(player.isIdle)
    }

    // MARK: Idle

    @Test("whenIdle runs at once when idle, else once the last queued step has ended")
    func whenIdleRunsOnce() throws {
        let coordinator = try modalChain()
        let host = ManualHost()
        let player = RenderPlayer(host: host)
        var calls = 0
        player.whenIdle { calls += 1 }
        #expect(calls == 1)

        player.play(try #require(try coordinator.navigate(.dismissAll(animated: true))).plan)
        player.whenIdle { calls += 1 }
        #expect(calls == 1)
        host.endAnimation()
        #expect(calls == 2)
        player.play(
            try #require(try coordinator.navigate(.push(scene: "A2", animated: false))).plan)
        #expect(calls == 2)
    }

    @Test("a player whose host is gone drops its steps instead of holding them")
    func hostGone() throws {
        let coordinator = try modalChain()
        var host: ManualHost? = ManualHost()
        let player = RenderPlayer(host: try #require(host))
        player.play(try #require(try coordinator.navigate(.dismiss(animated: false))).plan)
        #expect(host?.started.count == 1)
        host = nil
        player.play(try #require(try coordinator.navigate(.push(scene: "A2"))).plan)
        #expect(player.isIdle)
        #expect(player.completedStepCount == 1)
    }
}
