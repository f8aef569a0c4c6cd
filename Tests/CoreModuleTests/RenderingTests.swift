@_spi(Rules) import CoreModule
import Testing

@MainActor
@Suite("The tree, events and requests print readably")
struct RenderingTests {
    @Test("the tree renders as an indented tree, one line per stack")
    func treeRendering() throws {
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .push(scene: "A2", parameters: ["id": "7"]),
            .present(scene: "B1"), .push(scene: "B2"), .present(scene: "A1"),
        ])
        #expect(
            coordinator.tree.description == """
                window
                └─ stack: A1 #1 › A2 #2 (id=7)
                   └─ modal (sheet): B1 #3 › B2 #4
                      └─ modal (sheet): A1 #5
                """)
        #expect(ScreenTree.empty.description == "window (empty)")
    }

    @Test("an event prints on one line: kind, scene, from, to, animation")
    func eventRendering() throws {
        let coordinator = try makeCoordinator()
        let root = try #require(try coordinator.navigate(.root(scene: "A1")))
        #expect(root.description == "root A1 #1: empty window → A1 #1, not animated")
        try coordinator.navigate(.push(scene: "A2"))
        try coordinator.navigate(.push(scene: "B1"))
        let popToRoot = try #require(try coordinator.navigate(.popToRoot()))
        #expect(
            popToRoot.description
                == "pop-to-root A1 #1: B1 #3 → A1 #1, 2 screens removed, animated")
    }

    @Test(
        "every event line names first the screen visible after it, not the one that left",
        arguments: [
            (TransitionEvent.Kind.pop, 1, "pop A2 #5: A1 #9 → A2 #5, animated"),
            (.popTo, 2, "pop-to A2 #5: A1 #9 → A2 #5, 2 screens removed, animated"),
            (.popToRoot, 3, "pop-to-root A2 #5: A1 #9 → A2 #5, 3 screens removed, animated"),
            (.dismiss, 2, "dismiss A2 #5: A1 #9 → A2 #5, 2 screens removed, animated"),
            (.dismissAll, 4, "dismiss-all A2 #5: A1 #9 → A2 #5, 4 screens removed, animated"),
        ])
    func removalNamesTheScreenLeftVisible(kind: TransitionEvent.Kind, removed: Int, line: String) {
        let gone = ScreenLocation(screen: ScreenID(9), scene: "A1", level: 1, index: 1)
        let back = ScreenLocation(screen: ScreenID(5), scene: "A2", level: 0, index: 1)
        // A removal is about the screen that left: the properties say so, the line does not.
        let event = TransitionEvent(
            sequence: 12, kind: kind, scene: "A1", screen: ScreenID(9), from: gone, to: back,
            removedCount: removed, animated: true, stack: StackID(1))
        #expect(event.description == line)
        #expect(event.scene == "A1" && event.screen == ScreenID(9))
    }

    @Test("an event about a screen that is neither from nor to names it at the end")
    func eventAboutAnotherScreen() {
        let a1 = ScreenLocation(screen: ScreenID(1), scene: "A1", level: 0, index: 0)
        let a2 = ScreenLocation(screen: ScreenID(2), scene: "A2", level: 0, index: 1)
        let event = TransitionEvent(
            sequence: 3, kind: .pop, scene: "B1", screen: ScreenID(3), from: a2, to: a1,
            removedCount: 2, animated: false, initiator: .user, stack: StackID(1))
        #expect(
            event.description
                == "pop A1 #1: A2 #2 → A1 #1, 2 screens removed, not animated, by the user, "
                + "about B1 #3")
    }

    @Test("a request prints as Swift source")
    func requestRendering() {
        #expect(
            ApplicationTransitionType.push(scene: "A2", parameters: ["id": "7"], animated: true)
                .description == ".push(scene: \"A2\", parameters: [\"id\": \"7\"], animated: true)")
        #expect(
            ApplicationTransitionType.root(scene: "A1").description
                == ".root(scene: \"A1\", animated: false)")
        #expect(ApplicationTransitionType.dismissAll().description == ".dismissAll(animated: true)")
        #expect(ApplicationTransitionType.popTo(scene: "A1").scene == "A1")
        #expect(ApplicationTransitionType.pop().scene == nil)
        #expect(TransitionEvent.Kind.allCases.map(\.description).contains("pop-to-root"))
    }
}
