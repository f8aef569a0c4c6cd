@_spi(Rules) import CoreModule
import Testing

@MainActor
@Suite("Guard redirects: every kind of request and every leaving screen can be redirected")
struct GuardRedirectTests {
    /// A coordinator whose guard "gate" sends the user to "Login" instead of building "B2" or
    /// removing a screen marked `gate=yes`, unless the session is signed in.
    private func makeApp(
        session: Session, leavingRedirect: ApplicationTransitionType = .present(scene: "Login")
    ) throws -> AppCoordinator {
        let coordinator = try makeCoordinator(["A1", "A2", "B1", "B2", "Login"])
        coordinator.addGuard(
            NavigationGuard("gate") { attempt in
                guard !session.isSignedIn else { return .allow }
                if attempt.isLeaving {
                    return attempt.parameters["gate"] == "yes" ? .redirect(leavingRedirect) : .allow
                }
                return attempt.scene == "B2" ? .redirect(.present(scene: "Login")) : .allow
            })
        return coordinator
    }

    private static let gated: ApplicationTransitionType = .push(
        scene: "A2", parameters: ["gate": "yes"])

    /// Performs `request` and expects the sign-in screen presented in its place, the event
    /// naming what it replaced.
    private func expectRedirected(
        _ request: ApplicationTransitionType, setup: [ApplicationTransitionType],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let coordinator = try makeApp(session: Session())
        for step in setup { try coordinator.navigate(step) }
        let before = coordinator.tree.scenes
        let event = try coordinator.navigate(request)
        #expect(event?.redirectedFrom == .transition(request), sourceLocation: sourceLocation)
        #expect(coordinator.tree.scenes == before + [["Login"]], sourceLocation: sourceLocation)
    }

    @Test(
        "a root, replace, tabs, pop or whole stack that would remove a guarded screen is redirected"
    )
    func leavingIsRedirected() throws {
        let setup: [ApplicationTransitionType] = [.root(scene: "A1"), Self.gated]
        try expectRedirected(.root(scene: "B1"), setup: setup)
        try expectRedirected(.replace(scene: "B1"), setup: setup)
        try expectRedirected(.tabs([TabItem("home", scene: "A1")], selected: "home"), setup: setup)
        try expectRedirected(.pop(), setup: setup)
        try expectRedirected(.setStack(["B1"]), setup: setup)
    }

    @Test("tabs or a whole stack that would build a guarded scene are redirected")
    func buildingIsRedirected() throws {
        let setup: [ApplicationTransitionType] = [.root(scene: "A1")]
        try expectRedirected(
            .tabs([TabItem("home", scene: "A1"), TabItem("more", scene: "B2")], selected: "home"),
            setup: setup)
        try expectRedirected(.setStack(["A1", "B2"]), setup: setup)
    }

    @Test("a link that would remove a guarded screen is redirected, and continues after sign-in")
    func linkIsRedirected() throws {
        let session = Session()
        let coordinator = try makeApp(session: session)
        try coordinator.navigate(.root(scene: "A1"))
        try coordinator.navigate(Self.gated)
        let format = DeepLinkFormat(scheme: "demo")
        let event = try coordinator.open(.deepLink("demo://open/B1", format: format))?.transition
        #expect(event?.redirectedFrom == .open(.deepLink("demo://open/B1", format: format)))
        #expect(coordinator.tree.scenes == [["A1", "A2"], ["Login"]])
        let login = try #require(coordinator.tree.visibleScreen?.content as? StubScreen)
        session.isSignedIn = true
        try login.context.continueRedirectedNavigation()
        #expect(coordinator.tree.scenes == [["B1"]])
    }

    @Test("a universal link redirected to a sign-in continues after it, read again from its table")
    func universalLinkIsRedirected() throws {
        let session = Session()
        let coordinator = try makeApp(session: session)
        try coordinator.navigate(.root(scene: "A1"))
        try coordinator.navigate(Self.gated)
        let table = try LinkTable(
            accepting: [.web(host: "example.com")],
            routes: [LinkRoute("b", scene: "B1", reachableFromOutside: true)])
        let link = AppLink.universal("https://example.com/b", in: table)
        let event = try coordinator.open(link)?.transition
        #expect(event?.redirectedFrom == .open(link))
        #expect(coordinator.tree.scenes == [["A1", "A2"], ["Login"]])
        let login = try #require(coordinator.tree.visibleScreen?.content as? StubScreen)
        session.isSignedIn = true
        let continued = try login.context.continueRedirectedNavigation()
        #expect(continued?.kind == .replaceTree)
        #expect(coordinator.tree.scenes == [["B1"]])
    }

    @Test("a restore that would build a guarded scene is redirected, and continues after sign-in")
    func restoreIsRedirected() throws {
        let session = Session()
        let coordinator = try makeApp(session: session)
        try coordinator.navigate(.root(scene: "A1"))
        let snapshot = TreeSnapshot(root: [.init(scene: "A1"), .init(scene: "B2")])
        let event = try coordinator.restore(snapshot)
        #expect(event?.redirectedFrom == .restore(snapshot))
        #expect(coordinator.tree.scenes == [["A1"], ["Login"]])
        let login = try #require(coordinator.tree.visibleScreen?.content as? StubScreen)
        session.isSignedIn = true
        try login.context.continueRedirectedNavigation()
        #expect(coordinator.tree.scenes == [["A1", "B2"]])
    }

    @Test("a finish whose removal a guard redirects to nothing keeps the screen and its handler")
    func finishRedirectedToNothing() throws {
        let session = Session()
        let coordinator = try makeApp(session: session, leavingRedirect: .dismissAll())
        try coordinator.navigate(.root(scene: "A1"))
        var results: [String] = []
        try coordinator.navigate(Self.gated, expecting: Int.self) { results.append("\($0)") }
        let screen = try #require(coordinator.tree.visibleScreen?.content as? StubScreen)
        // Nothing is presented, so the redirect to dismiss-all changes nothing.
        #expect(try screen.context.finish(with: 1) == nil)
        #expect(coordinator.tree.scenes == [["A1", "A2"]])
        #expect(results.isEmpty)
        session.isSignedIn = true
        try screen.context.finish(with: 2)
        #expect(results == ["value(2)"])
        #expect(coordinator.tree.scenes == [["A1"]])
    }
}
