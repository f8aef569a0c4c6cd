@_spi(Rules) import CoreModule
import Testing

@MainActor
@Suite("Builders receive the caller's data and a way to navigate by name")
struct SceneContextTests {
    @Test("the builder receives the scene, the new screen's identity and the parameters")
    func builderReceivesContext() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        try coordinator.navigate(.push(scene: "A2", parameters: ["id": "42", "source": "list"]))
        let screen = try #require(coordinator.tree.visibleScreen)
        let stub = try #require(screen.content as? StubScreen)
        #expect(stub.context.scene == "A2")
        #expect(stub.context.screen == screen.id)
        #expect(stub.context.parameters == ["source": "list", "id": "42"])
        #expect(screen.parameters["id"] == "42")
        #expect(screen.parameters["missing"] == nil)
    }

    @Test("a screen navigates by name through its context")
    func screenNavigates() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let a1 = try #require(coordinator.tree.visibleScreen?.content as? StubScreen)
        try a1.context.navigate(.push(scene: "B1", animated: true))
        #expect(coordinator.tree.scenes == [["A1", "B1"]])
    }

    @Test("navigating from inside a builder is rejected and the outer navigation goes on")
    func reentrantNavigationRejected() throws {
        let container = try makeContainer()
        let nested = ErrorBox()
        try container.assemble(
            contentsOf: [
                SceneBuilder("Eager") { context in
                    do {
                        try context.navigate(.push(scene: "A2"))
                    } catch {
                        nested.error = error as? NavigationError
                    }
                    return StubScreen(context: context)
                }
            ])
        let coordinator = AppCoordinator(container: container)
        let recorder = EventRecorder(coordinator)
        try coordinator.navigate(.root(scene: "A1"))
        try coordinator.navigate(.push(scene: "Eager"))
        #expect(nested.error == .misuse(.reentrantNavigation(.push, during: .push)))
        #expect(coordinator.tree.scenes == [["A1", "Eager"]])
        #expect(recorder.kinds == [.root, .push])
        #expect(
            recorder.failures.map(\.error) == [.misuse(.reentrantNavigation(.push, during: .push))])
    }

    @Test("a builder that rethrows a navigation error fails with that error, unchanged")
    func builderRethrowsNavigationError() throws {
        let container = try makeContainer()
        try container.assemble(
            contentsOf: [
                SceneBuilder("Strict") { _ in throw NavigationError.refused(.noRoot(.present)) }
            ])
        let strict = AppCoordinator(container: container)
        try strict.navigate(.root(scene: "A1"))
        expectRejected(.push(scene: "Strict"), on: strict, with: .refused(.noRoot(.present)))
    }

    @Test("a context outliving its coordinator fails instead of crashing")
    func contextAfterCoordinatorReleased() throws {
        var coordinator: AppCoordinator? = try makeCoordinator(setup: [.root(scene: "A1")])
        let stub = try #require(coordinator?.tree.visibleScreen?.content as? StubScreen)
        weak let released = coordinator
        coordinator = nil
        #expect(released == nil)
        #expect(
            throws: NavigationError.misuse(.coordinatorUnavailable(.navigate(.push), .released))
        ) {
            try stub.context.navigate(.push(scene: "A2"))
        }
        #expect(throws: NavigationError.misuse(.coordinatorUnavailable(.finish, .released))) {
            try stub.context.finish(with: 7)
        }
        let redirected = SceneContext(
            scene: "Login", screen: ScreenID(2), parameters: [:], coordinator: nil,
            redirectedFrom: .transition(.push(scene: "A2")))
        #expect(
            throws: NavigationError.misuse(.coordinatorUnavailable(.navigate(.push), .released))
        ) {
            try redirected.continueRedirectedNavigation()
        }
        // The screen went with its tree: a veto has nothing to keep, and nothing keeps it.
        let token = Token()
        weak let weakToken = token
        try stub.context.vetoLeaving { withExtendedLifetime(token) { "it has unsaved changes" } }
        try stub.context.vetoLeaving(nil)
        _ = consume token
        #expect(weakToken == nil)
    }

    @Test("a screen that has left the tree keeps no veto")
    func vetoAfterLeaving() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .push(scene: "A2")])
        let stub = try #require(coordinator.tree.visibleScreen?.content as? StubScreen)
        try coordinator.navigate(.pop())
        let token = Token()
        weak let weakToken = token
        try stub.context.vetoLeaving { withExtendedLifetime(token) { "it has unsaved changes" } }
        _ = consume token
        // Not kept: the veto and what it holds are let go at once.
        #expect(weakToken == nil)
        // A screen in the tree keeps its veto, as before.
        let root = try #require(coordinator.tree.visibleScreen?.content as? StubScreen)
        try root.context.vetoLeaving { "it has unsaved changes" }
        expectRejected(
            .root(scene: "B1"), on: coordinator,
            with: .guarded(
                .leavingVetoed(
                    scene: "A1", screen: root.context.screen, reason: "it has unsaved changes")))
        #expect(coordinator.tree.scenes == [["A1"]])
    }

    @Test("parameters compare by content and print sorted")
    func parameters() {
        var parameters: SceneParameters = ["b": "2", "a": "1"]
        #expect(parameters == SceneParameters(["a": "1", "b": "2"]))
        #expect(parameters.description == "a=1, b=2")
        parameters["a"] = nil
        #expect(parameters.count == 1)
        #expect(SceneParameters.none.isEmpty)
    }
}

/// Holds an error caught inside a builder.
@MainActor
private final class ErrorBox {
    var error: NavigationError?
}
