@_spi(Rules) import CoreModule
import CoreModuleTesting
import Testing

/// Universal links through the asynchronous entry point: held at launch like the package's own
/// links, checked again (reachability from outside included) when opened, and asked of the
/// asynchronous guards.
@MainActor
@Suite("Held universal links: one mechanism for both link forms")
struct HeldUniversalLinkTests {
    /// A table over the fixture's scenes: a product page reachable from outside (A1 › B1), a
    /// debug screen that is not.
    static func table() throws -> LinkTable {
        try LinkTable(
            accepting: [.web(host: "shop.example.com")],
            routes: [
                LinkRoute("home", scene: "A1", reachableFromOutside: true),
                LinkRoute("home/b", scene: "B1", parent: "home", reachableFromOutside: true),
                LinkRoute("debug", scene: "A2"),
            ])
    }

    @Test("a universal link at cold start is held, then opened once when the app is ready")
    func coldStart() async throws {
        let coordinator = try makeCoordinator(["A1", "A2", "B1"])
        let table = try Self.table()
        let recorder = EventRecorder(coordinator)
        let url = "https://shop.example.com/home/b?ref=mail"
        let delivery = try await coordinator.openWhenAllowed(.universal(url, in: table))
        let held = HeldLink(.universal(url, in: table))
        #expect(delivery == .held(held, until: .appNotReady))
        #expect(coordinator.heldLink == held)
        #expect(coordinator.heldLink?.link.form == .universal(table, source: .outside))
        #expect(coordinator.tree.isEmpty)
        #expect(recorder.events.isEmpty)

        try coordinator.navigate(.root(scene: "A2"))
        let event = try #require(try await coordinator.markReadyForLinks())
        #expect(event.kind == .replaceTree)
        #expect(coordinator.tree.scenes == [["A1", "B1"]])
        #expect(coordinator.tree.visibleScreen?.parameters["ref"] == "mail")
        #expect(coordinator.heldLink == nil)
        #expect(try await coordinator.markReadyForLinks() == nil)
        #expect(recorder.kinds == [.root, .replaceTree])
    }

    @Test("an action route's link, once allowed, is delivered as the action it reported")
    func actionDelivered() async throws {
        let coordinator = try makeCoordinator(["A1", "A2", "B1"])
        let table = try LinkTable(
            accepting: [.web(host: "shop.example.com")],
            routes: [
                LinkRoute("home", scene: "A1", reachableFromOutside: true),
                LinkRoute("theme/:value", action: "set-theme", reachableFromOutside: true),
            ])
        try coordinator.navigate(.root(scene: "A1"))
        try await coordinator.markReadyForLinks()
        let recorder = EventRecorder(coordinator)
        let before = coordinator.tree
        let delivery = try await coordinator.openWhenAllowed(
            .universal("https://shop.example.com/theme/dark", in: table))
        guard case .opened(.linkAction(let action)) = delivery else {
            Issue.record("expected the action, got \(delivery)")
            return
        }
        #expect(action.name == "set-theme")
        #expect(action.parameters["value"] == "dark")
        #expect(recorder.events == [.linkAction(action)])
        #expect(coordinator.tree == before)
    }

    @Test("a held link of either form replaces the other: one link waits")
    func newestOfEitherForm() async throws {
        let coordinator = try makeCoordinator(["A1", "A2", "B1"])
        let table = try Self.table()
        let recorder = EventRecorder(coordinator)
        let format = DeepLinkFormat(scheme: "demo")
        try await coordinator.openWhenAllowed(.deepLink("demo://open/A2", format: format))
        try await coordinator.openWhenAllowed(
            .universal("https://shop.example.com/home", in: table))
        #expect(
            recorder.failures == [
                NavigationEvent.Failure(
                    operation: .open(.deepLink("demo://open/A2", format: format)),
                    error: .link(
                        .heldLinkReplaced(
                            "demo://open/A2", by: "https://shop.example.com/home")))
            ])
        try coordinator.navigate(.root(scene: "A2"))
        try await coordinator.markReadyForLinks()
        #expect(coordinator.tree.scenes == [["A1"]])
    }

    @Test("a held link from outside to a route not reachable from outside fails when opened")
    func heldLinkNotReachable() async throws {
        let coordinator = try makeCoordinator(["A1", "A2", "B1"])
        let table = try Self.table()
        let url = "https://shop.example.com/debug"
        try await coordinator.openWhenAllowed(.universal(url, in: table))
        try coordinator.navigate(.root(scene: "A1"))
        let before = coordinator.tree
        let recorder = EventRecorder(coordinator)
        let expected = NavigationError.link(
            .heldLinkFailed(
                url,
                error: .link(
                    .unhandledLink(
                        NavigationError.UnhandledLink(
                            url: url, reason: .notReachableFromOutside(route: "debug"))))))
        await #expect(throws: expected) { try await coordinator.markReadyForLinks() }
        #expect(coordinator.tree == before)
        #expect(recorder.transitions.isEmpty)
        #expect(recorder.failures.map(\.error) == [expected])
        #expect(coordinator.heldLink == nil)
        // The app's own link may reach it.
        let delivery = try await coordinator.openWhenAllowed(
            .universal(url, in: table, from: .app))
        guard case .opened(let event) = delivery else {
            Issue.record("expected the app's link to open, got \(delivery)")
            return
        }
        #expect(event?.transition?.kind == .replaceTree)
        #expect(coordinator.tree.scenes == [["A2"]])
    }

    @Test("an asynchronous guard is asked about a universal link's screens; a redirect holds it")
    func guardedUniversalLink() async throws {
        let fixture = try AsyncFixture()
        let coordinator = fixture.coordinator
        let table = try Self.table()
        try await coordinator.markReadyForLinks()
        let url = "https://shop.example.com/home/b"
        // The synchronous entry point refuses where an asynchronous guard applies.
        expectRefusal(
            NavigationError.guarded(.asynchronousGuard(name: "session", kind: .push, scene: "B1")),
            leaving: coordinator
        ) {
            try coordinator.open(.universal(url, in: table))
        }
        #expect(fixture.answers.questions.isEmpty)
        #expect(coordinator.heldLink == nil)

        let opening = Task { try await coordinator.openWhenAllowed(.universal(url, in: table)) }
        await fixture.answers.waitForQuestions(1)
        #expect(fixture.answers.questions.map(\.scene) == ["B1"])
        fixture.answers.answer(.redirect(.present(scene: "Login")))
        let delivery = try await opening.value
        let login = try #require(coordinator.tree.visibleScreen)
        #expect(login.scene == "Login")
        #expect(
            delivery
                == .held(HeldLink(.universal(url, in: table)), until: .screenInFront(login.id)))

        // Signed in: the link is asked about again, allowed, and opened once.
        try coordinator.navigate(.dismiss())
        await fixture.answers.waitForQuestions(2)
        fixture.answers.answer(.allow)
        await coordinator.waitForHeldLink()
        #expect(coordinator.tree.scenes == [["A1", "B1"]])
        #expect(coordinator.heldLink == nil)
        #expect(fixture.answers.questions.count == 2)
    }
}
