@_spi(Rules) import CoreModule
import Testing

@MainActor
@Suite("Transitions change the tree as UIKit would")
struct TransitionTests {
    // MARK: Root

    @Test("root on an empty window makes a root stack holding just that scene")
    func rootOnEmptyWindow() throws {
        let coordinator = try makeCoordinator()
        #expect(coordinator.tree.isEmpty)
        let event = try #require(try coordinator.navigate(.root(scene: "A1")))
        #expect(coordinator.tree.scenes == [["A1"]])
        #expect(coordinator.tree.visibleScreen?.id == ScreenID(1))
        #expect(event.kind == .root)
        #expect(event.from == nil)
        #expect(event.to == ScreenLocation(screen: ScreenID(1), scene: "A1", level: 0, index: 0))
        #expect(event.animated == false)
    }

    @Test("root replaces every stack and modal with a single new screen")
    func rootReplacesEverything() throws {
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .push(scene: "A2"), .present(scene: "B1"), .push(scene: "B2"),
        ])
        let event = try #require(try coordinator.navigate(.root(scene: "B1", animated: true)))
        #expect(coordinator.tree.scenes == [["B1"]])
        #expect(coordinator.tree.modalCount == 0)
        #expect(event.removedCount == 4)
        #expect(event.from?.scene == "B2")
        #expect(event.animated)
    }

    // MARK: Push and present

    @Test("push adds to the top-most stack, and two pushes of one scene are two screens")
    func pushAddsToTopStack() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        try coordinator.navigate(.push(scene: "A2", animated: true))
        try coordinator.navigate(.push(scene: "A2", animated: true))
        #expect(coordinator.tree.scenes == [["A1", "A2", "A2"]])
        let ids = coordinator.tree.screens.map(\.id)
        #expect(Set(ids).count == 3)
        let contents = coordinator.tree.screens.map { ObjectIdentifier($0.content) }
        #expect(Set(contents).count == 3)
    }

    @Test("push inside a modal goes onto the modal's stack, not the root stack")
    func pushInsideModal() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .present(scene: "B1")])
        let event = try #require(try coordinator.navigate(.push(scene: "B2")))
        #expect(coordinator.tree.scenes == [["A1"], ["B1", "B2"]])
        #expect(event.to == ScreenLocation(screen: ScreenID(3), scene: "B2", level: 1, index: 1))
    }

    @Test("present shows a new modal over the top-most place, and modals chain")
    func presentChainsModals() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        try coordinator.navigate(.present(scene: "B1"))
        try coordinator.navigate(.present(scene: "A2"))
        #expect(coordinator.tree.scenes == [["A1"], ["B1"], ["A2"]])
        #expect(coordinator.tree.modalCount == 2)
        #expect(coordinator.tree.topStack?.level == 2)
        #expect(coordinator.tree.visibleLocation?.level == 2)
    }

    // MARK: Pop

    @Test("pop removes the visible screen and reveals the one below")
    func popRemovesVisibleScreen() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .push(scene: "A2")])
        let event = try #require(try coordinator.navigate(.pop(animated: true)))
        #expect(coordinator.tree.scenes == [["A1"]])
        #expect(event.scene == "A2")
        #expect(event.screen == ScreenID(2))
        #expect(event.to.scene == "A1")
        #expect(event.removedCount == 1)
    }

    @Test("pop acts on the top-most modal's stack")
    func popInsideModal() throws {
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .push(scene: "A2"), .present(scene: "B1"), .push(scene: "B2"),
        ])
        try coordinator.navigate(.pop())
        #expect(coordinator.tree.scenes == [["A1", "A2"], ["B1"]])
    }

    @Test("pop to root leaves only the top-most stack's first screen")
    func popToRoot() throws {
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .push(scene: "A2"), .push(scene: "B1"), .push(scene: "B2"),
        ])
        let event = try #require(try coordinator.navigate(.popToRoot(animated: false)))
        #expect(coordinator.tree.scenes == [["A1"]])
        #expect(event.removedCount == 3)
        #expect(event.scene == "B2")
        #expect(event.animated == false)
    }

    @Test("pop to a scene stops at its nearest screen below the top")
    func popToNearestScene() throws {
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .push(scene: "A2"), .push(scene: "B1"), .push(scene: "A2"),
            .push(scene: "B2"),
        ])
        let event = try #require(try coordinator.navigate(.popTo(scene: "A2")))
        #expect(coordinator.tree.scenes == [["A1", "A2", "B1", "A2"]])
        #expect(coordinator.tree.visibleScreen?.id == ScreenID(4))
        #expect(event.removedCount == 1)
        try coordinator.navigate(.popTo(scene: "A2"))
        #expect(coordinator.tree.scenes == [["A1", "A2"]])
    }

    @Test("pop to the stack's first scene works like pop to root")
    func popToFirstScene() throws {
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .push(scene: "A2"), .push(scene: "B1"),
        ])
        try coordinator.navigate(.popTo(scene: "A1"))
        #expect(coordinator.tree.scenes == [["A1"]])
    }

    // MARK: Dismiss

    @Test("dismiss removes the top-most modal with its whole stack")
    func dismissRemovesTopModal() throws {
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .present(scene: "B1"), .present(scene: "A2"), .push(scene: "B2"),
        ])
        let event = try #require(try coordinator.navigate(.dismiss()))
        #expect(coordinator.tree.scenes == [["A1"], ["B1"]])
        #expect(event.removedCount == 2)
        #expect(event.from?.scene == "B2")
        #expect(event.to.scene == "B1")
    }

    @Test("dismiss all removes every modal and keeps the root stack as it is")
    func dismissAllKeepsRootStack() throws {
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .push(scene: "A2"), .present(scene: "B1"), .push(scene: "B2"),
            .present(scene: "A1"),
        ])
        let event = try #require(try coordinator.navigate(.dismissAll()))
        #expect(coordinator.tree.scenes == [["A1", "A2"]])
        #expect(event.removedCount == 3)
        #expect(event.to == ScreenLocation(screen: ScreenID(2), scene: "A2", level: 0, index: 1))
    }

    // MARK: The tree value

    @Test("trees built by the same transitions are equal; different identities are not")
    func treeEquality() throws {
        let steps: [ApplicationTransitionType] = [
            .root(scene: "A1"), .push(scene: "A2", parameters: ["id": "7"]), .present(scene: "B1"),
        ]
        let first = try makeCoordinator(setup: steps)
        let second = try makeCoordinator(setup: steps)
        #expect(first.tree == second.tree)
        try second.navigate(.dismiss())
        try second.navigate(.present(scene: "B1"))
        #expect(first.tree.scenes == second.tree.scenes)
        #expect(first.tree != second.tree)
    }

    @Test("a snapshot keeps its value when the coordinator moves on")
    func snapshotIsAValue() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .push(scene: "A2")])
        let snapshot = coordinator.tree
        try coordinator.navigate(.pop())
        #expect(snapshot.scenes == [["A1", "A2"]])
        #expect(coordinator.tree.scenes == [["A1"]])
    }

    @Test("stacks, locations and lookups describe where every screen stands")
    func treeQueries() throws {
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .push(scene: "A2"), .present(scene: "B1"), .push(scene: "B2"),
        ])
        let tree = coordinator.tree
        #expect(tree.stackCount == 2)
        #expect(tree.screenCount == 4)
        #expect(tree.root?.map(\.scene) == ["A1", "A2"])
        #expect(tree.root?.isRoot == true)
        #expect(tree.modals.map { $0.map(\.scene) } == [["B1", "B2"]])
        #expect(
            tree.location(of: ScreenID(3))
                == ScreenLocation(screen: ScreenID(3), scene: "B1", level: 1, index: 0))
        #expect(tree.location(of: ScreenID(99)) == nil)
        #expect(tree.screen(ScreenID(2))?.scene == "A2")
        #expect(tree.invariantViolations() == [])
    }

    @Test("the event sequence numbers count applied transitions only")
    func sequenceNumbers() throws {
        let coordinator = try makeCoordinator()
        let first = try #require(try coordinator.navigate(.root(scene: "A1")))
        expectRejected(
            .pop(), on: coordinator, with: .refused(.cannotPopFirstScreen("A1", kind: .pop)))
        let second = try #require(try coordinator.navigate(.push(scene: "A2")))
        #expect(first.sequence == 1)
        #expect(second.sequence == 2)
    }
}
