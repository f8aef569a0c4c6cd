@_spi(Rules) import CoreModule
import CoreModuleTesting
import Testing

@MainActor
@Suite("Asynchronous guards decide on asynchronous navigations, one pending at a time")
struct AsyncGuardTests {
    // MARK: The synchronous entry points

    @Test("The synchronous navigate fails where an asynchronous guard applies and changes nothing")
    func synchronousNavigateFails() throws {
        let fixture = try AsyncFixture()
        expectRejected(
            .push(scene: "B1"), on: fixture.coordinator,
            with: .guarded(.asynchronousGuard(name: "session", kind: .push, scene: "B1")))
        #expect(fixture.answers.questions.isEmpty)
    }

    @Test("The synchronous navigate goes on where no asynchronous guard applies")
    func synchronousNavigateElsewhere() throws {
        let fixture = try AsyncFixture()
        try fixture.coordinator.navigate(.push(scene: "A2"))
        #expect(fixture.coordinator.tree.scenes == [["A1", "A2"]])
        #expect(fixture.answers.questions.isEmpty)
    }

    @Test("A synchronous link to a guarded scene fails at that screen")
    func synchronousLinkFails() throws {
        let fixture = try AsyncFixture()
        let format = DeepLinkFormat(scheme: "demo")
        expectRefusal(
            NavigationError.link(
                .linkSegmentFailed(
                    position: 2, segment: "B1",
                    error: .guarded(.asynchronousGuard(name: "session", kind: .push, scene: "B1")))),
            leaving: fixture.coordinator
        ) {
            try fixture.coordinator.open(.deepLink("demo://open/A1/B1", format: format))
        }
        #expect(fixture.coordinator.tree.scenes == [["A1"]])
        #expect(fixture.answers.questions.isEmpty)
    }

    // MARK: Answers

    @Test("An allowed navigation is applied once the guard answers, and nothing is pending after")
    func allowed() async throws {
        let fixture = try AsyncFixture()
        let task = await fixture.startPending(.push(scene: "B1", parameters: ["id": "7"]))
        #expect(
            fixture.coordinator.pendingNavigation
                == .transition(.push(scene: "B1", parameters: ["id": "7"])))
        #expect(fixture.coordinator.tree.scenes == [["A1"]])
        #expect(fixture.recorder.events.isEmpty)
        let question = try #require(fixture.answers.questions.first)
        #expect(
            question.kind == .push && question.scene == "B1" && question.parameters == ["id": "7"])
        fixture.answers.answer(.allow)
        let event = try await task.value
        #expect(event?.kind == .push && event?.scene == "B1")
        #expect(fixture.coordinator.tree.scenes == [["A1", "B1"]])
        #expect(fixture.recorder.kinds == [.push])
        #expect(fixture.coordinator.pendingNavigation == nil)
        #expect(fixture.clock.sleeperCount == 0)
    }

    @Test("A navigation no asynchronous guard applies to is applied at once")
    func notGuarded() async throws {
        let fixture = try AsyncFixture()
        let event = try await fixture.coordinator.navigateWhenAllowed(.push(scene: "A2"))
        #expect(event?.scene == "A2")
        #expect(fixture.answers.questions.isEmpty)
    }

    @Test("A rejection fails the navigation with the guard's reason and changes nothing")
    func rejected() async throws {
        let fixture = try AsyncFixture()
        let before = fixture.coordinator.tree
        let task = await fixture.startPending(.present(scene: "B1"))
        fixture.answers.answer(.reject(reason: "the session expired"))
        let expected = NavigationError.guarded(
            .rejectedByGuard(
                name: "session", kind: .present, scene: "B1", reason: "the session expired"))
        await #expect(throws: expected) { try await task.value }
        #expect(fixture.coordinator.tree == before)
        #expect(fixture.recorder.transitions.isEmpty)
        #expect(
            fixture.recorder.failures == [
                NavigationEvent.Failure(request: .present(scene: "B1"), error: expected)
            ])
    }

    @Test("A guard that throws rejects the navigation with the error's text")
    func guardThrows() async throws {
        let coordinator = try makeCoordinator(["A1", "B1"], setup: [.root(scene: "A1")])
        coordinator.addGuard(
            AsyncNavigationGuard("server", appliesTo: { _ in true }) { _ in
                throw StubFailure(message: "the server is unreachable")
            })
        await expectRefusal(
            NavigationError.guarded(
                .rejectedByGuard(
                    name: "server", kind: .push, scene: "B1", reason: "the server is unreachable")),
            leaving: coordinator
        ) {
            try await coordinator.navigateWhenAllowed(.push(scene: "B1"))
        }
        #expect(coordinator.tree.scenes == [["A1"]])
        #expect(coordinator.pendingNavigation == nil)
    }

    @Test("A redirect applies the new request, which remembers the one it replaced")
    func redirected() async throws {
        let fixture = try AsyncFixture()
        let task = await fixture.startPending(.push(scene: "B1"))
        fixture.answers.answer(.redirect(.present(scene: "Login")))
        let event = try await task.value
        #expect(event?.kind == .present && event?.scene == "Login")
        #expect(event?.redirectedFrom == .transition(.push(scene: "B1")))
        #expect(fixture.coordinator.tree.scenes == [["A1"], ["Login"]])
        #expect(fixture.recorder.kinds == [.present])
    }

    @Test("A redirect to a guarded scene asks the guards again")
    func redirectAskedAgain() async throws {
        let fixture = try AsyncFixture()
        let task = await fixture.startPending(.push(scene: "B1"))
        fixture.answers.answer(.redirect(.push(scene: "B2")))
        await fixture.answers.waitForQuestions(2)
        #expect(fixture.answers.questions.map(\.scene) == ["B1", "B2"])
        fixture.answers.answer(.allow)
        let event = try await task.value
        #expect(event?.scene == "B2" && event?.redirectedFrom == .transition(.push(scene: "B1")))
    }

    @Test("Redirects that come back to a request already tried fail as a loop")
    func redirectLoop() async throws {
        let fixture = try AsyncFixture()
        let before = fixture.coordinator.tree
        let task = await fixture.startPending(.push(scene: "B1"))
        fixture.answers.answer(.redirect(.push(scene: "B2")))
        await fixture.answers.waitForQuestions(2)
        fixture.answers.answer(.redirect(.push(scene: "B1")))
        let expected = NavigationError.guarded(
            .redirectLoop(chain: [
                .push(scene: "B1"), .push(scene: "B2"), .push(scene: "B1"),
            ]))
        await #expect(throws: expected) { try await task.value }
        expectNothingChanged(
            fixture, since: before, failing: [.transition(.push(scene: "B1"))], with: expected)
    }

    @Test("Every scene of a tab container or a whole stack is asked about, in order")
    func everySceneAsked() async throws {
        let fixture = try AsyncFixture()
        let coordinator = fixture.coordinator
        let task = Task {
            try await coordinator.navigateWhenAllowed(.setStack(["A1", "B1", "B2"]))
        }
        await fixture.answers.waitForQuestions(1)
        fixture.answers.answer(.allow)
        await fixture.answers.waitForQuestions(2)
        fixture.answers.answer(.allow)
        _ = try await task.value
        #expect(fixture.answers.questions.map(\.scene) == ["B1", "B2"])
        #expect(fixture.answers.questions.map(\.kind) == [.setStack, .setStack])
        #expect(coordinator.tree.scenes == [["A1", "B1", "B2"]])
    }

    @Test("A tab container's tabs, a selected tab's top screen and an added tab are asked about")
    func tabsAsked() async throws {
        let fixture = try AsyncFixture()
        let coordinator = fixture.coordinator
        let tabs = Task {
            try await coordinator.navigateWhenAllowed(
                .tabs(
                    [TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "home"))
        }
        await fixture.answers.waitForQuestions(1)
        fixture.answers.answer(.allow)
        #expect(try await tabs.value?.kind == .tabs)
        let select = Task { try await coordinator.navigateWhenAllowed(.selectTab("more")) }
        await fixture.answers.waitForQuestions(2)
        fixture.answers.answer(.allow)
        #expect(try await select.value?.tab == "more")
        #expect(fixture.answers.questions.map(\.kind) == [.tabs, .selectTab])
        #expect(fixture.answers.questions.map(\.scene) == ["B1", "B1"])
        // A tab whose top screen no guard applies to: nothing to ask.
        #expect(try await coordinator.navigateWhenAllowed(.selectTab("home"))?.tab == "home")
        // A tab that is not there is left to the synchronous pass, which names it.
        await expectRefusal(
            NavigationError.refused(.unknownTab("nope", tabs: ["home", "more"])),
            leaving: coordinator
        ) {
            try await coordinator.navigateWhenAllowed(.selectTab("nope"))
        }
        #expect(fixture.answers.questions.count == 2)
        // A tab added at run time: its first screen is asked about.
        let add = Task {
            try await coordinator.navigateWhenAllowed(.addTab(TabItem("extra", scene: "B2")))
        }
        await fixture.answers.waitForQuestions(3)
        fixture.answers.answer(.allow)
        #expect(try await add.value?.kind == .addTab)
        #expect(fixture.answers.questions.last?.kind == .addTab)
        #expect(fixture.answers.questions.last?.scene == "B2")
        #expect(coordinator.tree.tabs.map(\.name) == ["home", "more", "extra"])
    }

    @Test("A removal shows no new scene, so no asynchronous guard is asked about it")
    func removalsNotAsked() async throws {
        let fixture = try AsyncFixture(setup: [.root(scene: "A1"), .push(scene: "A2")])
        let event = try await fixture.coordinator.navigateWhenAllowed(.pop())
        #expect(event?.kind == .pop)
        #expect(fixture.answers.questions.isEmpty)
    }

    @Test(
        "Guards of both kinds are listed (asynchronous first) and removed by name, and the clock can be read back"
    )
    func guardList() throws {
        let fixture = try AsyncFixture()
        let coordinator = fixture.coordinator
        coordinator.addGuard(NavigationGuard("policy") { _ in .allow })
        #expect(coordinator.guardNames == ["session", "policy"])
        #expect(coordinator.guardClock is ManualClock)
        coordinator.removeGuard(named: "session")
        #expect(coordinator.guardNames == ["policy"])
        coordinator.removeGuard(named: "policy")
        #expect(coordinator.guardNames.isEmpty)
        // Without it, the synchronous navigate goes on.
        try coordinator.navigate(.push(scene: "B1"))
        #expect(coordinator.tree.scenes == [["A1", "B1"]])
    }

    @Test("removeGuard(named:) removes a synchronous and an asynchronous guard of that name")
    func sameNameBothKinds() throws {
        let fixture = try AsyncFixture()
        let coordinator = fixture.coordinator
        coordinator.addGuard(NavigationGuard("session") { _ in .reject(reason: "signed out") })
        #expect(coordinator.guardNames == ["session", "session"])
        coordinator.removeGuard(named: "session")
        #expect(coordinator.guardNames.isEmpty)
        // Neither kind stops a navigation any more.
        try coordinator.navigate(.push(scene: "B1"))
        #expect(coordinator.tree.scenes == [["A1", "B1"]])
    }

    // MARK: Cancelling

    @Test("A newer synchronous request cancels the pending one, which changes nothing")
    func cancelledBySynchronousRequest() async throws {
        let fixture = try AsyncFixture()
        let task = await fixture.startPending(.push(scene: "B1"))
        try fixture.coordinator.navigate(.push(scene: "A2"))
        let expected = NavigationError.guarded(
            .navigationCancelled(
                .transition(.push(scene: "B1")), by: .transition(.push(scene: "A2"))))
        await #expect(throws: expected) { try await task.value }
        #expect(fixture.coordinator.tree.scenes == [["A1", "A2"]])
        #expect(fixture.recorder.kinds == [.push])
        #expect(fixture.recorder.transitions.map(\.scene) == ["A2"])
        #expect(
            fixture.recorder.failures == [
                NavigationEvent.Failure(request: .push(scene: "B1"), error: expected)
            ])
        #expect(fixture.coordinator.pendingNavigation == nil)
        // The guard's question and the timer were cancelled with it.
        await expectNothingWaits(fixture)
        // A late answer is dropped.
        #expect(fixture.answers.answer(.allow) == false)
        #expect(fixture.coordinator.tree.scenes == [["A1", "A2"]])
    }

    @Test("A finish that fails its checks is no newer request: the pending one goes on")
    func failedFinishKeepsThePending() async throws {
        let fixture = try AsyncFixture(setup: [.root(scene: "A1"), .push(scene: "A2")])
        let coordinator = fixture.coordinator
        let first = try #require(coordinator.tree.screens.first?.content as? StubScreen)
        let task = await fixture.startPending(.push(scene: "B1"))
        let before = coordinator.tree
        // A1 is not the visible screen: its finish fails, and is published as a failure.
        #expect(
            throws: NavigationError.refused(
                .finishingScreenNotVisible(ScreenID(1), visible: ScreenID(2)))
        ) {
            try first.context.finish(with: "late")
        }
        #expect(coordinator.tree == before)
        #expect(fixture.recorder.transitions.isEmpty)
        #expect(coordinator.pendingNavigation == .transition(.push(scene: "B1")))
        fixture.answers.answer(.allow)
        #expect(try await task.value?.scene == "B1")
        #expect(coordinator.tree.scenes == [["A1", "A2", "B1"]])
        #expect(
            fixture.recorder.failures == [
                NavigationEvent.Failure(
                    operation: .transition(.pop()),
                    error: .refused(.finishingScreenNotVisible(ScreenID(1), visible: ScreenID(2))))
            ])
        #expect(fixture.recorder.kinds == [.push])
    }

    @Test("A newer asynchronous request cancels the pending one and becomes the pending one")
    func cancelledByAsynchronousRequest() async throws {
        let fixture = try AsyncFixture()
        let first = await fixture.startPending(.push(scene: "B1"))
        let coordinator = fixture.coordinator
        let second = Task { try await coordinator.navigateWhenAllowed(.push(scene: "B2")) }
        let expected = NavigationError.guarded(
            .navigationCancelled(
                .transition(.push(scene: "B1")), by: .transition(.push(scene: "B2"))))
        await #expect(throws: expected) { try await first.value }
        #expect(coordinator.tree.scenes == [["A1"]])
        #expect(fixture.recorder.transitions.isEmpty)
        #expect(
            fixture.recorder.failures == [
                NavigationEvent.Failure(request: .push(scene: "B1"), error: expected)
            ])
        await fixture.answers.waitForQuestions(2)
        #expect(coordinator.pendingNavigation == .transition(.push(scene: "B2")))
        fixture.answers.answer(.allow)
        #expect(try await second.value?.scene == "B2")
        #expect(coordinator.tree.scenes == [["A1", "B2"]])
        #expect(fixture.recorder.kinds == [.push])
    }

    @Test("A universal link is a newer request: it cancels the pending navigation")
    func cancelledByUniversalLink() async throws {
        let fixture = try AsyncFixture()
        let table = try LinkTable(
            accepting: [.scheme("shop")],
            routes: [LinkRoute("home", scene: "A2", reachableFromOutside: true)])
        let task = await fixture.startPending(.push(scene: "B1"))
        try fixture.coordinator.open(.universal("shop://home", in: table))
        let expected = NavigationError.guarded(
            .navigationCancelled(
                .transition(.push(scene: "B1")), by: .open(.universal("shop://home", in: table))))
        await #expect(throws: expected) { try await task.value }
        #expect(fixture.coordinator.tree.scenes == [["A2"]])
        #expect(fixture.recorder.transitions.map(\.scene) == ["A2"])
        #expect(
            fixture.recorder.failures == [
                NavigationEvent.Failure(request: .push(scene: "B1"), error: expected)
            ])
        await expectNothingWaits(fixture)
    }

    @Test("The app can cancel the pending navigation")
    func cancelledByApp() async throws {
        let fixture = try AsyncFixture()
        let before = fixture.coordinator.tree
        let task = await fixture.startPending(.push(scene: "B1"))
        fixture.coordinator.cancelPendingNavigation()
        let expected = NavigationError.guarded(
            .navigationCancelled(.transition(.push(scene: "B1")), by: nil))
        await #expect(throws: expected) { try await task.value }
        expectNothingChanged(
            fixture, since: before, failing: [.transition(.push(scene: "B1"))], with: expected)
        await expectNothingWaits(fixture)
    }

    @Test("Cancelling the caller's task cancels the pending navigation")
    func cancelledByCaller() async throws {
        let fixture = try AsyncFixture()
        let before = fixture.coordinator.tree
        let task = await fixture.startPending(.push(scene: "B1"))
        task.cancel()
        let expected = NavigationError.guarded(
            .navigationCancelled(.transition(.push(scene: "B1")), by: nil))
        await #expect(throws: expected) { try await task.value }
        expectNothingChanged(
            fixture, since: before, failing: [.transition(.push(scene: "B1"))], with: expected)
        #expect(fixture.coordinator.pendingNavigation == nil)
        await expectNothingWaits(fixture)
    }

    @Test("A request cancelled right after its guard answered still fails, and changes nothing")
    func cancelledAfterAnswer() async throws {
        let fixture = try AsyncFixture()
        let before = fixture.coordinator.tree
        let task = await fixture.startPending(.push(scene: "B1"))
        fixture.answers.answer(.allow)
        fixture.coordinator.cancelPendingNavigation()
        let expected = NavigationError.guarded(
            .navigationCancelled(.transition(.push(scene: "B1")), by: nil))
        await #expect(throws: expected) { try await task.value }
        expectNothingChanged(
            fixture, since: before, failing: [.transition(.push(scene: "B1"))], with: expected)
    }

    @Test("A caller whose task is cancelled as the answer comes gets a cancel, and nothing changes")
    func callerTaskCancelledAtAnswer() async throws {
        let fixture = try AsyncFixture()
        let before = fixture.coordinator.tree
        let task = await fixture.startPending(.push(scene: "B1"))
        task.cancel()
        fixture.answers.answer(.allow)
        let expected = NavigationError.guarded(
            .navigationCancelled(.transition(.push(scene: "B1")), by: nil))
        await #expect(throws: expected) { try await task.value }
        expectNothingChanged(
            fixture, since: before, failing: [.transition(.push(scene: "B1"))], with: expected)
        #expect(fixture.coordinator.pendingNavigation == nil)
    }

    @Test("A request cancelled between two of its questions asks no more")
    func cancelledBetweenQuestions() async throws {
        let fixture = try AsyncFixture()
        let before = fixture.coordinator.tree
        let request = ApplicationTransitionType.setStack(["A1", "B1", "B2"])
        let task = await fixture.startPending(request)
        fixture.answers.answer(.allow)
        fixture.coordinator.cancelPendingNavigation()
        let expected = NavigationError.guarded(.navigationCancelled(.transition(request), by: nil))
        await #expect(throws: expected) { try await task.value }
        #expect(fixture.answers.questions.map(\.scene) == ["B1"])
        expectNothingChanged(
            fixture, since: before, failing: [.transition(request)], with: expected)
    }

    @Test("Cancelling a caller whose request a newer one already cancelled changes nothing more")
    func callerCancelledAfterNewer() async throws {
        let fixture = try AsyncFixture()
        let task = await fixture.startPending(.push(scene: "B1"))
        task.cancel()
        try fixture.coordinator.navigate(.push(scene: "A2"))
        // The caller's cancel reaches the coordinator after the newer request has run: the
        // newer request is the one named, and the late cancel finds nothing pending.
        let expected = NavigationError.guarded(
            .navigationCancelled(
                .transition(.push(scene: "B1")), by: .transition(.push(scene: "A2"))))
        await #expect(throws: expected) { try await task.value }
        #expect(fixture.coordinator.tree.scenes == [["A1", "A2"]])
        #expect(fixture.recorder.transitions.map(\.scene) == ["A2"])
        #expect(
            fixture.recorder.failures == [
                NavigationEvent.Failure(request: .push(scene: "B1"), error: expected)
            ])
        #expect(fixture.coordinator.pendingNavigation == nil)
    }

    @Test("A scene that does not resolve is left to the synchronous pass, which names it")
    func unresolvedScene() async throws {
        let fixture = try AsyncFixture()
        await expectRefusal(
            NavigationError.unknownScene("Nope", suggestions: []), leaving: fixture.coordinator
        ) {
            try await fixture.coordinator.navigateWhenAllowed(.push(scene: "Nope"))
        }
        #expect(fixture.answers.questions.isEmpty)
        #expect(fixture.coordinator.tree.scenes == [["A1"]])
    }

    // MARK: While a guard decides

    @Test("User reports apply while a guard decides")
    func reportsApplyMeanwhile() async throws {
        let fixture = try AsyncFixture(setup: [.root(scene: "A1"), .push(scene: "A2")])
        let task = await fixture.startPending(.present(scene: "B1"))
        let top = try #require(fixture.coordinator.tree.visibleScreen)
        let below = try #require(fixture.coordinator.tree.screenBelowVisible)
        let event = try fixture.coordinator.report(.poppedBackByUser(to: below))
        #expect(event?.initiator == .user)
        #expect(fixture.coordinator.pendingNavigation == .transition(.present(scene: "B1")))
        fixture.answers.answer(.allow)
        // What it started from is gone: it fails, and the user's pop stays.
        let afterPop = fixture.coordinator.tree
        let expected = NavigationError.guarded(
            .navigationOriginGone(
                .transition(.present(scene: "B1")), origin: top.id))
        await #expect(throws: expected) { try await task.value }
        #expect(fixture.coordinator.tree == afterPop)
        #expect(fixture.coordinator.tree.scenes == [["A1"]])
        #expect(fixture.recorder.kinds == [.pop])
        #expect(
            fixture.recorder.failures == [
                NavigationEvent.Failure(request: .present(scene: "B1"), error: expected)
            ])
    }

    @Test("An answer is checked again against the tree: the synchronous guards run then")
    func checkedAgainOnAnswer() async throws {
        let fixture = try AsyncFixture()
        let before = fixture.coordinator.tree
        let task = await fixture.startPending(.push(scene: "B1"))
        fixture.coordinator.addGuard(
            NavigationGuard("maintenance") { attempt in
                attempt.scene == "B1" ? .reject(reason: "B is down") : .allow
            })
        fixture.answers.answer(.allow)
        let expected = NavigationError.guarded(
            .rejectedByGuard(
                name: "maintenance", kind: .push, scene: "B1", reason: "B is down"))
        await #expect(throws: expected) { try await task.value }
        expectNothingChanged(
            fixture, since: before, failing: [.transition(.push(scene: "B1"))], with: expected)
    }

    // MARK: Time limit

    @Test(
        "A guard that does not answer in time fails the navigation, and its late answer is dropped")
    func timedOut() async throws {
        let fixture = try AsyncFixture()
        let before = fixture.coordinator.tree
        let task = await fixture.startPending(.push(scene: "B1"))
        fixture.clock.advance(by: .seconds(9))
        #expect(fixture.coordinator.pendingNavigation != nil)
        fixture.clock.advance(by: .seconds(1))
        let expected = NavigationError.guarded(
            .guardTimedOut(
                name: "session", kind: .push, scene: "B1", limit: .seconds(10)))
        await #expect(throws: expected) { try await task.value }
        #expect(fixture.coordinator.tree == before)
        #expect(fixture.recorder.transitions.isEmpty)
        #expect(
            fixture.recorder.failures == [
                NavigationEvent.Failure(request: .push(scene: "B1"), error: expected)
            ])
        await expectNothingWaits(fixture)
        #expect(fixture.answers.answer(.allow) == false)
        #expect(fixture.coordinator.tree == before)
    }

    @Test("A guard that ignores cancellation answers too late, and the answer changes nothing")
    func lateAnswerDropped() async throws {
        let clock = ManualClock()
        let coordinator = try makeCoordinator(
            ["A1", "B1"], setup: [.root(scene: "A1")], guardClock: clock)
        let late = LateAnswer()
        coordinator.addGuard(
            AsyncNavigationGuard("stubborn", appliesTo: { _ in true }) { _ in
                await late.wait()
            })
        let before = coordinator.tree
        let recorder = EventRecorder(coordinator)
        let task = Task { try await coordinator.navigateWhenAllowed(.push(scene: "B1")) }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(10))
        let expected = NavigationError.guarded(
            .guardTimedOut(
                name: "stubborn", kind: .push, scene: "B1", limit: .seconds(10)))
        await #expect(throws: expected) { try await task.value }
        late.release(.allow)
        await late.finished()
        #expect(coordinator.tree == before)
        #expect(recorder.transitions.isEmpty)
        #expect(
            recorder.failures == [
                NavigationEvent.Failure(request: .push(scene: "B1"), error: expected)
            ])
        #expect(coordinator.pendingNavigation == nil)
    }

    // MARK: Nothing stays alive

    @Test("After a cancel or a time-out, nothing keeps the coordinator or its screens alive")
    func nothingStaysAlive() async throws {
        weak var weakCoordinator: AppCoordinator?
        weak var weakScreen: StubScreen?
        do {
            let fixture = try AsyncFixture()
            weakCoordinator = fixture.coordinator
            weakScreen = fixture.coordinator.tree.visibleScreen?.content as? StubScreen
            let cancelled = await fixture.startPending(.push(scene: "B1"))
            fixture.coordinator.cancelPendingNavigation()
            await #expect(
                throws: NavigationError.guarded(
                    .navigationCancelled(
                        .transition(.push(scene: "B1")), by: nil))
            ) { try await cancelled.value }
            let timedOut = await fixture.startPending(.push(scene: "B2"), questions: 2)
            fixture.clock.advance(by: .seconds(10))
            await #expect(
                throws: NavigationError.guarded(
                    .guardTimedOut(
                        name: "session", kind: .push, scene: "B2", limit: .seconds(10)))
            ) { try await timedOut.value }
            await expectNothingWaits(fixture)
        }
        // The guard's tasks end on the main actor after they are cancelled.
        for _ in 0..<100 where weakCoordinator != nil || weakScreen != nil { await Task.yield() }
        #expect(weakCoordinator == nil)
        #expect(weakScreen == nil)
    }

    /// Asserts that the tree is `before`, that no transition reached observers, and that they
    /// were told of `failing` operations' failures, each with `expected`.
    private func expectNothingChanged(
        _ fixture: AsyncFixture, since before: ScreenTree, failing: [NavigationEvent.Operation],
        with expected: NavigationError, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(fixture.coordinator.tree == before, sourceLocation: sourceLocation)
        #expect(fixture.recorder.transitions.isEmpty, sourceLocation: sourceLocation)
        #expect(
            fixture.recorder.failures
                == failing.map { NavigationEvent.Failure(operation: $0, error: expected) },
            sourceLocation: sourceLocation)
        #expect(fixture.coordinator.pendingNavigation == nil, sourceLocation: sourceLocation)
    }

    private func expectNothingWaits(_ fixture: AsyncFixture) async {
        for _ in 0..<100 where fixture.answers.waitingCount > 0 || fixture.clock.sleeperCount > 0 {
            await Task.yield()
        }
        #expect(fixture.answers.waitingCount == 0)
        #expect(fixture.clock.sleeperCount == 0)
    }
}

/// A guard's answer that ignores cancellation: it comes when the test releases it.
@MainActor
final class LateAnswer {
    private var waiting: CheckedContinuation<NavigationGuard.Decision, Never>?
    private var done: [CheckedContinuation<Void, Never>] = []
    private var answered = false

    func wait() async -> NavigationGuard.Decision {
        let decision = await withCheckedContinuation { waiting = $0 }
        answered = true
        for continuation in done { continuation.resume() }
        return decision
    }

    func release(_ decision: NavigationGuard.Decision) {
        waiting?.resume(returning: decision)
        waiting = nil
    }

    func finished() async {
        guard !answered else { return }
        await withCheckedContinuation { done.append($0) }
    }
}
