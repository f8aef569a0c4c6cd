import CoreModule
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
                   └─ modal: B1 #3 › B2 #4
                      └─ modal: A1 #5
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
                == "pop-to-root B1 #3: B1 #3 → A1 #1, 2 screens removed, animated")
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
        #expect(TransitionKind.allCases.map(\.description).contains("pop-to-root"))
    }
}
