@_spi(Rules) import CoreModule
import Testing

/// A signed-in flag the guards read.
@MainActor
final class Session {
    var isSignedIn = false
}

@MainActor
@Suite("Guards allow, reject or redirect; screens may veto leaving")
struct GuardTests {
    private func makeApp(session: Session) throws -> AppCoordinator {
        let coordinator = try makeCoordinator(["A1", "A2", "B1", "B2", "Login"])
        coordinator.addGuard(
            NavigationGuard("sign-in") { attempt in
                guard !attempt.isLeaving, attempt.scene.rawValue.hasPrefix("B"),
                    !session.isSignedIn
                else { return .allow }
                return .redirect(.present(scene: "Login"))
            })
        return coordinator
    }

    @Test("a redirect shows the sign-in screen, which continues to the original target")
    func redirectAndContinue() throws {
        let session = Session()
        let coordinator = try makeApp(session: session)
        try coordinator.navigate(.root(scene: "A1"))
        let event = try #require(
            try coordinator.navigate(.push(scene: "B1", parameters: ["id": "3"])))
        #expect(coordinator.tree.scenes == [["A1"], ["Login"]])
        #expect(event.redirectedFrom == .transition(.push(scene: "B1", parameters: ["id": "3"])))
        let login = try #require(coordinator.tree.visibleScreen?.content as? StubScreen)
        #expect(login.context.redirectedFrom == event.redirectedFrom)

        session.isSignedIn = true
        try login.context.navigate(.dismiss())
        try login.context.continueRedirectedNavigation()
        #expect(coordinator.tree.scenes == [["A1", "B1"]])
        #expect(coordinator.tree.visibleScreen?.parameters == ["id": "3"])
    }

    @Test("a rejection is a typed error naming the guard, and nothing changes")
    func rejection() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        coordinator.addGuard(
            NavigationGuard("feature-flag") { attempt in
                attempt.scene == "B2" ? .reject(reason: "B2 is not released yet") : .allow
            })
        expectRejected(
            .present(scene: "B2"), on: coordinator,
            with: .guarded(
                .rejectedByGuard(
                    name: "feature-flag", kind: .present, scene: "B2",
                    reason: "B2 is not released yet")))
        #expect(coordinator.guardNames == ["feature-flag"])
        coordinator.removeGuard(named: "feature-flag")
        try coordinator.navigate(.present(scene: "B2"))
    }

    @Test("guards see every screen a pop-to would remove, top first")
    func guardsSeePopToSteps() throws {
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .push(scene: "A2"), .push(scene: "B1"), .push(scene: "B2"),
        ])
        var seen: [SceneIdentifier] = []
        coordinator.addGuard(
            NavigationGuard("log") { attempt in
                if attempt.isLeaving { seen.append(attempt.scene) }
                return .allow
            })
        try coordinator.navigate(.popTo(scene: "A1"))
        #expect(seen == ["B2", "B1", "A2"])
    }

    @Test("a guard that rejects one step of a pop-to or a pop-to-root stops all of it")
    func guardBlocksPopTo() throws {
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .push(scene: "A2"), .push(scene: "B1"),
        ])
        coordinator.addGuard(
            NavigationGuard("keep-A2") { attempt in
                attempt.leaving == ScreenID(2) ? .reject(reason: "A2 is pinned") : .allow
            })
        // B1 may leave; A2, the next step down, may not: neither leaves.
        expectRejected(
            .popToRoot(), on: coordinator,
            with: .guarded(
                .rejectedByGuard(
                    name: "keep-A2", kind: .popToRoot, scene: "A2", reason: "A2 is pinned")))
        expectRejected(
            .popTo(scene: "A1"), on: coordinator,
            with: .guarded(
                .rejectedByGuard(
                    name: "keep-A2", kind: .popTo, scene: "A2", reason: "A2 is pinned")))
        try coordinator.navigate(.pop())
        #expect(coordinator.tree.scenes == [["A1", "A2"]])
    }

    @Test("a screen below the top that vetoes leaving stops the whole pop-to")
    func vetoBlocksPopTo() throws {
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .push(scene: "A2"), .push(scene: "B1"),
        ])
        let middle = try #require(coordinator.tree.screens.first { $0.scene == "A2" })
        let editor = try #require(middle.content as? StubScreen)
        try editor.context.vetoLeaving { "it has unsaved changes" }
        let expected = NavigationError.guarded(
            .leavingVetoed(
                scene: "A2", screen: middle.id, reason: "it has unsaved changes"))
        expectRejected(.popToRoot(), on: coordinator, with: expected)
        expectRejected(.popTo(scene: "A1"), on: coordinator, with: expected)
        // The top screen has no veto: it alone may leave.
        try coordinator.navigate(.pop())
        #expect(coordinator.tree.scenes == [["A1", "A2"]])
    }

    @Test("guards run for each screen of a deep link; a rejection names the segment")
    func guardsInDeepLinks() throws {
        let session = Session()
        let coordinator = try makeApp(session: session)
        coordinator.addGuard(
            NavigationGuard("no-A2") { attempt in
                attempt.scene == "A2" && !attempt.isLeaving ? .reject(reason: "closed") : .allow
            })
        try coordinator.navigate(.root(scene: "A1"))
        let format = DeepLinkFormat(scheme: "demo")
        expectRefusal(
            NavigationError.link(
                .linkSegmentFailed(
                    position: 2, segment: "A2",
                    error: .guarded(
                        .rejectedByGuard(name: "no-A2", kind: .push, scene: "A2", reason: "closed"))
                )),
            leaving: coordinator
        ) { try coordinator.open(.deepLink("demo://open/A1/A2", format: format)) }
    }

    @Test("a redirect inside a deep link opens the redirect, and the link can continue later")
    func redirectInDeepLink() throws {
        let session = Session()
        let coordinator = try makeApp(session: session)
        try coordinator.navigate(.root(scene: "A1"))
        let format = DeepLinkFormat(scheme: "demo")
        try coordinator.open(.deepLink("demo://open/A2/+B1/B2", format: format))
        #expect(coordinator.tree.scenes == [["A1"], ["Login"]])
        let login = try #require(coordinator.tree.visibleScreen?.content as? StubScreen)
        session.isSignedIn = true
        try login.context.continueRedirectedNavigation()
        #expect(coordinator.tree.scenes == [["A2"], ["B1", "B2"]])
    }

    @Test("a redirect loop is a typed error, and nothing changes")
    func redirectLoop() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        coordinator.addGuard(
            NavigationGuard("ping-pong") { attempt in
                switch attempt.scene {
                case "B1": return .redirect(.push(scene: "B2"))
                case "B2": return .redirect(.push(scene: "B1"))
                default: return .allow
                }
            })
        expectRejected(
            .push(scene: "B1"), on: coordinator,
            with: .guarded(
                .redirectLoop(chain: [
                    .push(scene: "B1"), .push(scene: "B2"), .push(scene: "B1"),
                ])))
        coordinator.removeGuard(named: "ping-pong")
        var hops = 0
        coordinator.addGuard(
            NavigationGuard("endless") { attempt in
                guard !attempt.isLeaving else { return .allow }
                hops += 1
                return .redirect(.push(scene: "A2", parameters: ["hop": "\(hops)"]))
            })
        coordinator.maximumRedirects = 3
        // Three redirects are followed; the fourth makes the chain too long.
        expectRejected(
            .push(scene: "A2"), on: coordinator,
            with: .guarded(
                .redirectLoop(chain: [
                    .push(scene: "A2"), .push(scene: "A2", parameters: ["hop": "1"]),
                    .push(scene: "A2", parameters: ["hop": "2"]),
                    .push(scene: "A2", parameters: ["hop": "3"]),
                    .push(scene: "A2", parameters: ["hop": "4"]),
                ])))
        #expect(hops == 4)
    }

    @Test("a screen with unsaved changes vetoes leaving, unless the navigation is forced")
    func veto() throws {
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .present(scene: "B1"), .push(scene: "B2"),
        ])
        let editor = try #require(coordinator.tree.visibleScreen?.content as? StubScreen)
        try editor.context.vetoLeaving { "it has unsaved changes" }
        let expected = NavigationError.guarded(
            .leavingVetoed(
                scene: "B2", screen: ScreenID(3), reason: "it has unsaved changes"))
        for removal in [
            ApplicationTransitionType.pop(), .popToRoot(), .popTo(scene: "B1"), .dismiss(),
            .dismissAll(), .root(scene: "A1"),
        ] {
            expectRejected(removal, on: coordinator, with: expected)
        }
        expectRefusal(expected, leaving: coordinator) {
            try coordinator.open(
                .deepLink("demo://open/A1", format: DeepLinkFormat(scheme: "demo")))
        }
        try coordinator.navigate(.pop(), force: true)
        #expect(coordinator.tree.scenes == [["A1"], ["B1"]])
    }

    @Test("a veto that allows, or is removed, lets the screen go")
    func vetoLifted() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .push(scene: "A2")])
        let editor = try #require(coordinator.tree.visibleScreen?.content as? StubScreen)
        let document = Session()
        try editor.context.vetoLeaving { document.isSignedIn ? nil : "it has unsaved changes" }
        expectRejected(
            .pop(), on: coordinator,
            with: .guarded(
                .leavingVetoed(scene: "A2", screen: ScreenID(2), reason: "it has unsaved changes"))
        )
        document.isSignedIn = true
        try coordinator.navigate(.pop())
        try coordinator.navigate(.push(scene: "A2"))
        let second = try #require(coordinator.tree.visibleScreen?.content as? StubScreen)
        try second.context.vetoLeaving { "never" }
        try second.context.vetoLeaving(nil)
        try coordinator.navigate(.pop())
    }

    @Test("a veto that navigates while a navigation is planned is rejected")
    func reentrantVeto() throws {
        // The same rule for guards is covered in RegressionTests and ReentrancyTests.
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .present(scene: "B1"), .push(scene: "B2"),
        ])
        var nested: [NavigationError] = []
        let screen = try #require(coordinator.tree.visibleScreen?.content as? StubScreen)
        try screen.context.vetoLeaving { [unowned coordinator] in
            do {
                try coordinator.navigate(.dismissAll())
            } catch {
                if let error = error as? NavigationError { nested.append(error) }
            }
            return nil
        }
        try coordinator.navigate(.pop())
        #expect(nested == [.misuse(.reentrantNavigation(.dismissAll, during: .pop))])
        #expect(coordinator.tree.scenes == [["A1"], ["B1"]])
        #expect(coordinator.tree.invariantViolations() == [])
    }
}
