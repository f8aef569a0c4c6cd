@_spi(Rules) import CoreModule
import Testing

/// An object whose release a test watches.
private final class Witness: Sendable {}

/// Holds a ``Witness`` weakly, to tell whether anything still keeps it.
@MainActor
private final class WeakWitness {
    weak var value: Witness?
}

@MainActor
@Suite("Whole-stack transitions: set-stack and replace, atomic and in one event")
struct StackTransitionTests {
    // MARK: Set-stack

    @Test("set-stack builds every screen, replaces the top-most stack and reports one event")
    func setStackInOneEvent() throws {
        let coordinator = try makeTreeCoordinator(setup: [.root(scene: "A1"), .push(scene: "A2")])
        let stack = try #require(coordinator.tree.topStack?.id)
        let recorder = EventRecorder(coordinator)
        let event = try #require(
            try coordinator.navigate(
                .setStack(["A1", "B1", Destination("B2", parameters: ["x": "1"])])))
        #expect(recorder.transitions == [event])
        #expect(event.kind == .setStack)
        #expect(event.removedCount == 2)
        #expect(event.from?.scene == "A2" && event.to.scene == "B2")
        #expect(event.stack == stack)
        #expect(coordinator.tree.topStack?.id == stack)
        #expect(coordinator.tree.scenes == [["A1", "B1", "B2"]])
        // Every screen is new, the first one too, though its scene was there before.
        #expect(coordinator.tree.screens.map(\.id) == [ScreenID(3), ScreenID(4), ScreenID(5)])
        #expect(coordinator.tree.visibleScreen?.parameters == ["x": "1"])
        #expect(event.description == "set-stack B2 #5: A2 #2 → B2 #5, 2 screens removed, animated")
    }

    @Test("a failing builder in the middle changes nothing and leaves nothing behind")
    func setStackIsAtomic() throws {
        let container = try makeContainer()
        try container.assemble(contentsOf: [FailingBuilder(sceneIdentifier: "Broken")])
        let released = WeakWitness()
        try container.assemble(
            contentsOf: [
                SceneBuilder("Tracked") { context in
                    let witness = Witness()
                    released.value = witness
                    try context.vetoLeaving { withExtendedLifetime(witness) { "it is tracked" } }
                    return StubScreen(context: context)
                }
            ])
        let coordinator = AppCoordinator(container: container)
        try coordinator.navigate(.root(scene: "A1"))
        try coordinator.navigate(.push(scene: "A2"))
        expectRejected(
            .setStack(["B1", "Tracked", "Broken", "B2"]), on: coordinator,
            with: .builderFailed("Broken", reason: "the network is down"))
        #expect(released.value == nil, "the veto of a screen that never entered the tree was kept")
        // Nothing refuses a later change: no veto of the discarded screen is left.
        try coordinator.navigate(.setStack(["B1"]))
        #expect(coordinator.tree.scenes == [["B1"]])
    }

    @Test("guards run for each coming screen, in order, then for each leaving screen, top first")
    func setStackGuards() throws {
        let coordinator = try makeTreeCoordinator(setup: [.root(scene: "A1"), .push(scene: "A2")])
        var seen: [String] = []
        coordinator.addGuard(
            NavigationGuard("log") { attempt in
                seen.append(
                    "\(attempt.kind) \(attempt.isLeaving ? "leaving" : "coming") \(attempt.scene)")
                return .allow
            })
        try coordinator.navigate(.setStack(["B1", "B2"]))
        #expect(
            seen == [
                "set-stack coming B1", "set-stack coming B2", "set-stack leaving A2",
                "set-stack leaving A1",
            ])
    }

    @Test("a guard that rejects a leaving screen stops set-stack; one that redirects replaces it")
    func setStackGuardDecisions() throws {
        let coordinator = try makeTreeCoordinator(setup: [.root(scene: "A1"), .push(scene: "A2")])
        coordinator.addGuard(
            NavigationGuard("stay") { attempt in
                attempt.isLeaving && attempt.scene == "A1" ? .reject(reason: "home") : .allow
            })
        expectRejected(
            .setStack(["B1"]), on: coordinator,
            with: .guarded(
                .rejectedByGuard(name: "stay", kind: .setStack, scene: "A1", reason: "home")))
        coordinator.removeGuard(named: "stay")
        coordinator.addGuard(
            NavigationGuard("detour") { attempt in
                !attempt.isLeaving && attempt.scene == "B2" ? .redirect(.push(scene: "B1")) : .allow
            })
        let event = try #require(try coordinator.navigate(.setStack(["A1", "B2"])))
        #expect(event.kind == .push)
        #expect(event.redirectedFrom == .transition(.setStack(["A1", "B2"])))
        #expect(coordinator.tree.scenes == [["A1", "A2", "B1"]])
    }

    @Test("a refusing screen stops set-stack unless forced")
    func setStackVeto() throws {
        let coordinator = try makeTreeCoordinator(setup: [.root(scene: "A1"), .push(scene: "Keep")])
        expectRejected(
            .setStack(["B1"]), on: coordinator,
            with: .guarded(
                .leavingVetoed(
                    scene: "Keep", screen: ScreenID(2), reason: "it has unsaved changes")))
        let event = try #require(try coordinator.navigate(.setStack(["B1"]), force: true))
        #expect(event.removedCount == 2)
        #expect(coordinator.tree.scenes == [["B1"]])
    }

    @Test("the result handlers of the screens that left hear cancelled, once")
    func setStackCancelsResults() throws {
        let coordinator = try makeTreeCoordinator(setup: [.root(scene: "A1")])
        let log = ResultLog()
        try coordinator.navigate(.push(scene: "A2"), onResult: log.handler)
        try coordinator.navigate(.push(scene: "B1"), onResult: log.handler)
        try coordinator.navigate(.setStack(["B2"]))
        #expect(log.results == ["cancelled", "cancelled"])
        try coordinator.navigate(.setStack(["A1"]))
        #expect(log.results.count == 2)
    }

    @Test("set-stack in a modal keeps the modal, its identity and its style")
    func setStackInAModal() throws {
        let coordinator = try makeTreeCoordinator(setup: [
            homeAndMore, .present(scene: "B1", style: .sheet(detents: [.medium])),
            .push(scene: "B2"),
        ])
        let modal = try #require(coordinator.tree.topStack)
        let event = try #require(try coordinator.navigate(.setStack(["A2", "A1"])))
        let after = try #require(coordinator.tree.topStack)
        #expect(after.id == modal.id && after.modal == modal.modal)
        #expect(after.style == .sheet(detents: [.medium]))
        #expect(event.stack == modal.id && event.tab == "home" && event.style == nil)
        #expect(coordinator.tree.scenes == [["A1"], ["B1"], ["A2", "A1"]])
    }

    @Test("set-stack in a tab changes the selected tab only")
    func setStackInATab() throws {
        let coordinator = try makeTreeCoordinator(setup: [homeAndMore, .push(scene: "A2")])
        let home = try #require(coordinator.tree.tab(named: "home")?.stack)
        try coordinator.navigate(.selectTab("more"))
        let more = try #require(coordinator.tree.tab(named: "more")?.stack.id)
        let event = try #require(try coordinator.navigate(.setStack(["B2", "A1"])))
        #expect(event.tab == "more" && event.stack == more)
        #expect(coordinator.tree.tab(named: "more")?.stack.id == more)
        #expect(coordinator.tree.tab(named: "home")?.stack == home)
        #expect(coordinator.tree.scenes == [["A1", "A2"], ["B2", "A1"]])
    }

    // MARK: Replace

    @Test("replace swaps the visible screen; an observer never sees a tree without it")
    func replaceInOneStep() throws {
        let coordinator = try makeTreeCoordinator(setup: [.root(scene: "A1"), .push(scene: "A2")])
        var seen: [[[SceneIdentifier]]] = []
        let token = coordinator.observe { _ in seen.append(coordinator.tree.scenes) }
        let event = try #require(
            try coordinator.navigate(.replace(scene: "B1", parameters: ["id": "2"])))
        #expect(seen == [[["A1", "B1"]]])
        #expect(event.kind == .replace && event.removedCount == 1)
        #expect(event.from?.scene == "A2" && event.to.scene == "B1")
        #expect(event.description == "replace B1 #3: A2 #2 → B1 #3, animated")
        _ = token
    }

    @Test("replace at a stack's first screen: the root's, a tab's, a modal's, keeping the stack")
    func replaceAtIndexZero() throws {
        let coordinator = try makeTreeCoordinator(setup: [.root(scene: "A1")])
        let root = try #require(coordinator.tree.root?.id)
        try coordinator.navigate(.replace(scene: "A2"))
        #expect(coordinator.tree.scenes == [["A2"]])
        #expect(coordinator.tree.root?.id == root)

        try coordinator.navigate(.present(scene: "B1", style: .fullScreenCover))
        let modal = try #require(coordinator.tree.topStack)
        let event = try #require(try coordinator.navigate(.replace(scene: "B2")))
        #expect(event.stack == modal.id)
        #expect(coordinator.tree.topStack?.modal == modal.modal)
        #expect(coordinator.tree.topStack?.style == .fullScreenCover)
        #expect(coordinator.tree.scenes == [["A2"], ["B2"]])

        try coordinator.navigate(homeAndMore)
        try coordinator.navigate(.selectTab("more"))
        let more = try #require(coordinator.tree.tab(named: "more")?.stack.id)
        try coordinator.navigate(.replace(scene: "A1"))
        #expect(coordinator.tree.tab(named: "more")?.stack.id == more)
        #expect(coordinator.tree.scenes == [["A1"], ["A1"]])
    }

    @Test("replace runs the guards for the coming screen, then the leaving one, and the veto")
    func replaceGuardsAndVetoes() throws {
        let coordinator = try makeTreeCoordinator(setup: [.root(scene: "A1"), .push(scene: "Keep")])
        var seen: [String] = []
        coordinator.addGuard(
            NavigationGuard("log") { attempt in
                seen.append("\(attempt.isLeaving ? "leaving" : "coming") \(attempt.scene)")
                return .allow
            })
        expectRejected(
            .replace(scene: "B1"), on: coordinator,
            with: .guarded(
                .leavingVetoed(
                    scene: "Keep", screen: ScreenID(2), reason: "it has unsaved changes")))
        #expect(seen == ["coming B1", "leaving Keep"])
        let log = ResultLog()
        try coordinator.navigate(.replace(scene: "B1"), force: true, onResult: log.handler)
        #expect(coordinator.tree.scenes == [["A1", "B1"]])
        try coordinator.navigate(.replace(scene: "B2"))
        #expect(log.results == ["cancelled"])
    }
}
