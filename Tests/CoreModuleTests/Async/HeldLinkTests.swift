@_spi(Rules) import CoreModule
import CoreModuleTesting
import Testing

@MainActor
@Suite("Held links: one link waits until the app is ready, and is opened exactly once")
struct HeldLinkTests {
    private let format = DeepLinkFormat(scheme: "demo")

    // MARK: Cold start

    @Test("A link that arrives before the app is ready is held, then opened once when it is")
    func coldStart() async throws {
        let coordinator = try makeCoordinator(["A1", "A2", "B1"])
        let recorder = EventRecorder(coordinator)
        let delivery = try await coordinator.openWhenAllowed(
            .deepLink("demo://open/A1/A2", format: format))
        let held = HeldLink(.deepLink("demo://open/A1/A2", format: format))
        #expect(delivery == .held(held, until: .appNotReady))
        #expect(coordinator.heldLink == held)
        #expect(coordinator.linkHold == .appNotReady)
        #expect(coordinator.tree.isEmpty)
        #expect(recorder.events.isEmpty)

        try coordinator.navigate(.root(scene: "B1"))
        let event = try await coordinator.markReadyForLinks()
        #expect(event?.kind == .replaceTree)
        #expect(coordinator.tree.scenes == [["A1", "A2"]])
        #expect(coordinator.heldLink == nil)
        #expect(coordinator.linkHold == nil)
        #expect(coordinator.isReadyForLinks)
        // Exactly once: nothing is left to open.
        #expect(try await coordinator.markReadyForLinks() == nil)
        #expect(recorder.kinds == [.root, .replaceTree])
    }

    @Test("Once the app is ready, a link is opened at once")
    func readyOpensAtOnce() async throws {
        let coordinator = try makeCoordinator(["A1", "A2"], setup: [.root(scene: "A1")])
        #expect(try await coordinator.markReadyForLinks() == nil)
        let delivery = try await coordinator.openWhenAllowed(
            .deepLink("demo://open/A1/A2", format: format))
        guard case .opened(let event) = delivery else {
            Issue.record("expected the link to open, got \(delivery)")
            return
        }
        #expect(event?.transition?.kind == .replaceTree)
        #expect(coordinator.tree.scenes == [["A1", "A2"]])
        #expect(delivery.description.hasPrefix("opened: replace-tree"))
    }

    @Test("The newest link wins, and the one it replaced is reported, not lost silently")
    func newestWins() async throws {
        let coordinator = try makeCoordinator(["A1", "A2", "B1"])
        let recorder = EventRecorder(coordinator)
        try await coordinator.openWhenAllowed(.deepLink("demo://open/A1", format: format))
        try await coordinator.openWhenAllowed(.deepLink("demo://open/B1", format: format))
        #expect(coordinator.heldLink?.link.text == "demo://open/B1")
        #expect(
            recorder.failures == [
                NavigationEvent.Failure(
                    operation: .open(.deepLink("demo://open/A1", format: format)),
                    error: .link(.heldLinkReplaced("demo://open/A1", by: "demo://open/B1")))
            ])
        try await coordinator.markReadyForLinks()
        #expect(coordinator.tree.scenes == [["B1"]])
    }

    @Test("The app can inspect the held link and drop it")
    func dropped() async throws {
        let coordinator = try makeCoordinator(["A1"])
        try await coordinator.openWhenAllowed(.deepLink("demo://open/A1", format: format))
        #expect(coordinator.heldLink?.description == "\"demo://open/A1\"")
        #expect(coordinator.dropHeldLink()?.link.text == "demo://open/A1")
        #expect(coordinator.heldLink == nil)
        #expect(try await coordinator.markReadyForLinks() == nil)
        #expect(coordinator.tree.isEmpty)
    }

    @Test("A held link that can no longer be opened is a typed error reported to the app")
    func heldLinkFails() async throws {
        let container = try makeContainer(["A1", "Gone"])
        let coordinator = AppCoordinator(container: container)
        try await coordinator.openWhenAllowed(.deepLink("demo://open/A1/Gone", format: format))
        try coordinator.navigate(.root(scene: "A1"))
        coordinator.addGuard(
            NavigationGuard("retired") { attempt in
                attempt.scene == "Gone" ? .reject(reason: "it was retired") : .allow
            })
        let before = coordinator.tree
        let recorder = EventRecorder(coordinator)
        let expected = NavigationError.link(
            .heldLinkFailed(
                "demo://open/A1/Gone",
                error: .link(
                    .linkSegmentFailed(
                        position: 2, segment: "Gone",
                        error: .guarded(
                            .rejectedByGuard(
                                name: "retired", kind: .push, scene: "Gone",
                                reason: "it was retired"))))))
        await #expect(throws: expected) { try await coordinator.markReadyForLinks() }
        #expect(coordinator.tree == before)
        #expect(recorder.transitions.isEmpty)
        #expect(
            recorder.failures == [
                NavigationEvent.Failure(
                    operation: .open(.deepLink("demo://open/A1/Gone", format: format)),
                    error: expected)
            ])
        #expect(coordinator.heldLink == nil)
    }

    @Test("The app opening the held link itself drops it, so it is never opened twice")
    func openedByTheAppItself() async throws {
        let coordinator = try makeCoordinator(["A1", "A2"], setup: [.root(scene: "A1")])
        try await coordinator.openWhenAllowed(.deepLink("demo://open/A1/A2", format: format))
        try coordinator.open(.deepLink("demo://open/A1/A2", format: format))
        #expect(coordinator.heldLink == nil)
        let recorder = EventRecorder(coordinator)
        #expect(try await coordinator.markReadyForLinks() == nil)
        #expect(recorder.events.isEmpty)
    }

    // MARK: Something in front

    @Test("A link redirected to sign-in waits until sign-in leaves, then opens once, allowed")
    func continueAfterSignIn() async throws {
        let fixture = try AsyncFixture()
        let coordinator = fixture.coordinator
        try await coordinator.markReadyForLinks()
        let link = "demo://open/A1/B1"
        let opening = Task {
            try await coordinator.openWhenAllowed(.deepLink(link, format: format))
        }
        await fixture.answers.waitForQuestions(1)
        fixture.answers.answer(.redirect(.present(scene: "Login")))
        let delivery = try await opening.value
        let login = try #require(coordinator.tree.visibleScreen)
        #expect(login.scene == "Login")
        #expect(
            delivery
                == .held(HeldLink(.deepLink(link, format: format)), until: .screenInFront(login.id))
        )
        #expect(coordinator.linkHold == .screenInFront(login.id))
        #expect(coordinator.heldLink?.link.text == link)

        // Signed in: the sign-in screen leaves, and the link is asked about again.
        try coordinator.navigate(.dismiss())
        await fixture.answers.waitForQuestions(2)
        fixture.answers.answer(.allow)
        await coordinator.waitForHeldLink()
        #expect(coordinator.tree.scenes == [["A1", "B1"]])
        #expect(coordinator.heldLink == nil)
        #expect(fixture.recorder.kinds == [.present, .dismiss, .replaceTree])
        #expect(fixture.answers.questions.count == 2)
    }

    @Test("A held link opening on its own keeps its coordinator until its guard has answered")
    func heldLinkKeepsItsCoordinator() async throws {
        final class Seen { var kinds: [TransitionEvent.Kind] = [] }
        let seen = Seen()
        var fixture: AsyncFixture? = try AsyncFixture()
        let answers = try #require(fixture?.answers)
        weak let released = fixture?.coordinator
        var token: ObservationToken?
        do {
            let coordinator = try #require(fixture?.coordinator)
            token = coordinator.observe { event in
                if let kind = event.transition?.kind { seen.kinds.append(kind) }
            }
            try await coordinator.markReadyForLinks()
            try coordinator.navigate(.push(scene: "Login"))
            let login = try #require(coordinator.tree.visibleScreen?.id)
            coordinator.holdLinks(untilLeaves: login)
            try await coordinator.openWhenAllowed(.deepLink("demo://open/A1/B1", format: format))
            // Sign-in leaves: the held link starts opening on its own task, and asks the guard.
            try coordinator.navigate(.pop())
            await answers.waitForQuestions(1)
        }
        // The app lets the window go while the guard decides: the opening task keeps it.
        fixture = nil
        #expect(released != nil)
        answers.answer(.allow)
        var turns = 0
        while released?.heldLinkOpening != nil, turns < 10_000 {
            await Task.yield()
            turns += 1
        }
        #expect(seen.kinds == [.push, .pop, .replaceTree])
        withExtendedLifetime(token) {}
    }

    @Test(
        "A link held behind a flow opens when the flow finishes, held for before or after it starts",
        arguments: [false, true])
    func flowInFront(heldBeforeItStarts: Bool) async throws {
        let coordinator = try makeCoordinator(
            ["A1", "A2", "SignIn"], setup: [.root(scene: "A1")])
        try await coordinator.markReadyForLinks()
        let flow = SignInFlow(coordinator: coordinator)
        if heldBeforeItStarts {
            coordinator.holdLinks(untilFinished: flow)
            #expect(coordinator.linkHold == .flowInFront(key: ""))
            #expect(
                coordinator.linkHold?.description
                    == "until a flow, not started yet, has started and finished")
        }
        try coordinator.startFlow(flow, key: "sign-in")
        if !heldBeforeItStarts { coordinator.holdLinks(untilFinished: flow) }
        // Either way, the hold names the flow by the key it was started with.
        let delivery = try await coordinator.openWhenAllowed(
            .deepLink("demo://open/A1/A2", format: format))
        #expect(
            delivery
                == .held(
                    HeldLink(.deepLink("demo://open/A1/A2", format: format)),
                    until: .flowInFront(key: "sign-in")))
        #expect(coordinator.tree.scenes == [["A1"], ["SignIn"]])
        try coordinator.navigate(.dismiss())
        #expect(flow.isFinished)
        #expect(coordinator.heldLinkOpening != nil)
        await coordinator.waitForHeldLink()
        #expect(coordinator.heldLinkOpening == nil)
        #expect(coordinator.tree.scenes == [["A1", "A2"]])
        #expect(coordinator.heldLink == nil)
    }

    @Test("A link held behind a screen waits for the app to be ready as well")
    func screenInFrontBeforeReady() async throws {
        let coordinator = try makeCoordinator(
            ["A1", "A2", "Splash"], setup: [.root(scene: "A1"), .present(scene: "Splash")])
        let splash = try #require(coordinator.tree.visibleScreen)
        coordinator.holdLinks(untilLeaves: splash.id)
        try await coordinator.openWhenAllowed(.deepLink("demo://open/A1/A2", format: format))
        // Ready, but the splash is in front: still held.
        #expect(try await coordinator.markReadyForLinks() == nil)
        #expect(coordinator.linkHold == .screenInFront(splash.id))
        #expect(coordinator.linkHold?.description == "until screen \(splash.id) leaves")
        try coordinator.navigate(.dismiss())
        await coordinator.waitForHeldLink()
        #expect(coordinator.tree.scenes == [["A1", "A2"]])
    }

    @Test("A flow that is gone holds nothing")
    func releasedFlow() async throws {
        let coordinator = try makeCoordinator(["A1"], setup: [.root(scene: "A1")])
        try await coordinator.markReadyForLinks()
        coordinator.holdLinks(untilFinished: SignInFlow(coordinator: coordinator))
        // Nobody kept the flow: it can never finish, and links are not held for it.
        #expect(coordinator.linkHold == nil)
    }

    @Test("A link held for a flow released unfinished is replaced by the next one, and reported")
    func staleHeldLinkReplaced() async throws {
        let coordinator = try makeCoordinator(["A1", "A2", "B1"], setup: [.root(scene: "A1")])
        try await coordinator.markReadyForLinks()
        var flow: SignInFlow? = SignInFlow(coordinator: coordinator)
        coordinator.holdLinks(untilFinished: try #require(flow))
        try await coordinator.openWhenAllowed(.deepLink("demo://open/A2", format: format))
        #expect(coordinator.heldLink?.link.text == "demo://open/A2")
        flow = nil  // released without finishing and without a transition
        #expect(coordinator.linkHold == nil)

        let recorder = EventRecorder(coordinator)
        let delivery = try await coordinator.openWhenAllowed(
            .deepLink("demo://open/B1", format: format))
        guard case .opened = delivery else {
            Issue.record("expected the newer link to open, got \(delivery)")
            return
        }
        #expect(coordinator.tree.scenes == [["B1"]])
        #expect(coordinator.heldLink == nil)
        #expect(
            recorder.failures.map(\.error) == [
                .link(.heldLinkReplaced("demo://open/A2", by: "demo://open/B1"))
            ])
        // The older link never opens after the newer one.
        try coordinator.navigate(.push(scene: "A2"))
        #expect(coordinator.tree.scenes == [["B1", "A2"]])
        #expect(recorder.kinds == [.replaceTree, .push])
    }

    @Test("A held link a guard redirects when the app becomes ready waits again, behind sign-in")
    func redirectedWhenReady() async throws {
        let fixture = try AsyncFixture()
        let coordinator = fixture.coordinator
        try await coordinator.openWhenAllowed(.deepLink("demo://open/A1/B1", format: format))
        let ready = Task { try await coordinator.markReadyForLinks() }
        await fixture.answers.waitForQuestions(1)
        fixture.answers.answer(.redirect(.present(scene: "Login")))
        #expect(try await ready.value == nil)
        let login = try #require(coordinator.tree.visibleScreen)
        #expect(login.scene == "Login")
        #expect(coordinator.heldLink?.link.text == "demo://open/A1/B1")
        #expect(coordinator.linkHold == .screenInFront(login.id))
    }

    @Test("Each screen of a link is asked about, as a tab or a modal where it goes")
    func linkScreensAsked() async throws {
        let fixture = try AsyncFixture()
        let coordinator = fixture.coordinator
        try await coordinator.markReadyForLinks()
        let link = "demo://open/[tab:home]A1/[tab:more,selected]B1/+B2"
        let opening = Task {
            try await coordinator.openWhenAllowed(.deepLink(link, format: format))
        }
        await fixture.answers.waitForQuestions(1)
        fixture.answers.answer(.allow)
        await fixture.answers.waitForQuestions(2)
        fixture.answers.answer(.allow)
        guard case .opened(let event) = try await opening.value else {
            Issue.record("the link was not opened")
            return
        }
        #expect(event?.transition?.kind == .replaceTree)
        #expect(fixture.answers.questions.map(\.kind) == [.tabs, .present])
        #expect(fixture.answers.questions.map(\.scene) == ["B1", "B2"])
        #expect(coordinator.tree.scenes == [["A1"], ["B1"], ["B2"]])
    }

    @Test("A malformed link given when the app is ready fails as a link, with nothing asked")
    func malformedLink() async throws {
        let fixture = try AsyncFixture()
        try await fixture.coordinator.markReadyForLinks()
        await expectRefusal(
            NavigationError.link(.invalidLink(.noScreens)), leaving: fixture.coordinator
        ) {
            try await fixture.coordinator.openWhenAllowed(.deepLink("demo://open/", format: format))
        }
        #expect(fixture.answers.questions.isEmpty)
        #expect(fixture.coordinator.tree.scenes == [["A1"]])
        #expect(fixture.coordinator.heldLink == nil)
        #expect(fixture.coordinator.pendingNavigation == nil)
    }

    @Test("A second reason going away while the held link is being opened opens it no second time")
    func openedOnceWhileOpening() async throws {
        let coordinator = try makeCoordinator(
            ["A1", "A2", "Splash"], setup: [.root(scene: "A1"), .present(scene: "Splash")])
        try await coordinator.markReadyForLinks()
        let splash = try #require(coordinator.tree.visibleScreen)
        coordinator.holdLinks(untilLeaves: splash.id)
        try await coordinator.openWhenAllowed(.deepLink("demo://open/A1/A2", format: format))
        let recorder = EventRecorder(coordinator)
        try coordinator.navigate(.dismiss())
        // Before the opening runs, a screen that is already gone is named, and the tree changes.
        coordinator.holdLinks(untilLeaves: ScreenID(999))
        try coordinator.navigate(.push(scene: "A2"))
        await coordinator.waitForHeldLink()
        #expect(recorder.kinds == [.dismiss, .push, .replaceTree])
        #expect(coordinator.tree.scenes == [["A1", "A2"]])
    }

    // MARK: Launch

    @Test(
        "At launch with a snapshot and a link, the snapshot is restored and the link opens over it")
    func launchRule() async throws {
        // The last session: tabs home and more, "more" selected.
        let saved = try makeCoordinator(
            ["A1", "A2", "B1", "B2"],
            setup: [
                .tabs(
                    [TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "more"),
                .push(scene: "B2"),
            ])
        let snapshot = try saved.snapshot()

        let coordinator = try makeCoordinator(["A1", "A2", "B1", "B2"])
        // The link arrives first, while the app launches.
        try await coordinator.openWhenAllowed(.deepLink("demo://open/A1/A2", format: format))
        try coordinator.restore(snapshot)
        let event = try await coordinator.markReadyForLinks()
        #expect(event?.kind == .replaceTree)
        // The link named one stack: it went to its tab; the other tab kept its restored stack.
        #expect(coordinator.tree.scenes == [["A1", "A2"], ["B1", "B2"]])
        #expect(coordinator.tree.selectedTab == "home")
    }

    @Test("Hold reasons and deliveries read as phrases")
    func descriptions() {
        #expect(HeldLink.Hold.appNotReady.description == "until the app is ready")
        #expect(
            HeldLink.Hold.flowInFront(key: "sign-in").description
                == "until flow \"sign-in\" finishes")
        let held = AppLink.Delivery.held(
            HeldLink(.deepLink("demo://open/A1", format: format)), until: .appNotReady)
        #expect(held.description == "held \"demo://open/A1\" until the app is ready")
        #expect(AppLink.Delivery.opened(nil).description == "opened: nothing to change")
    }
}

/// A sign-in flow: one modal screen; it finishes when that screen leaves.
final class SignInFlow: FlowCoordinator {
    override func start() throws(NavigationError) {
        try navigate(.present(scene: "SignIn"))
    }
}
