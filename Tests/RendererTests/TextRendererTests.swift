@_spi(Rules) import CoreModule
import Testing

@MainActor
@Suite("The text renderer writes the demo's transcript")
struct TextRendererTests {
    @Test("each transition is a line, then the indented tree")
    func transitionsAndTrees() throws {
        let coordinator = try makeDemoCoordinator()
        let lines = Lines()
        let token = coordinator.attach(TextRenderer(write: lines.append))
        try coordinator.navigate(.root(scene: "A1"))
        try coordinator.navigate(.push(scene: "A2", parameters: ["id": "7"], animated: true))
        try coordinator.navigate(.present(scene: "B1"))
        #expect(
            lines.all == [
                "✓ root A1 #1: empty window → A1 #1, not animated",
                "window",
                "└─ stack: A1 #1",
                "✓ push A2 #2: A1 #1 → A2 #2, animated",
                "window",
                "└─ stack: A1 #1 › A2 #2 (id=7)",
                "✓ present B1 #3 (sheet): A2 #2 → B1 #3, animated",
                "window",
                "└─ stack: A1 #1 › A2 #2 (id=7)",
                "   └─ modal (sheet): B1 #3",
            ])
        token.cancel()
    }

    @Test("a failure is one line with the error's sentence")
    func failures() throws {
        let coordinator = try makeDemoCoordinator()
        let lines = Lines()
        let token = coordinator.attach(TextRenderer(indent: "   ", write: lines.append))
        #expect(throws: NavigationError.refused(.noRoot(.push))) {
            try coordinator.navigate(.push(scene: "A1"))
        }
        #expect(coordinator.tree.isEmpty)
        #expect(
            lines.all == [
                "   ✗ Cannot push: the window has no root yet; navigate to .root(scene:) first."
            ])
        token.cancel()
    }

    @Test("options: an indent, no tree, no failures")
    func options() throws {
        let coordinator = try makeDemoCoordinator()
        try coordinator.navigate(.root(scene: "A1"))
        let lines = Lines()
        let token = coordinator.attach(
            TextRenderer(indent: "> ", showsTree: false, showsFailures: false, write: lines.append))
        try coordinator.navigate(.push(scene: "A2"))
        let before = coordinator.tree
        #expect(throws: NavigationError.refused(.nothingToDismiss(visible: "A2"))) {
            try coordinator.navigate(.dismiss())
        }
        #expect(coordinator.tree == before)
        #expect(lines.all == ["> ✓ push A2 #2: A1 #1 → A2 #2, animated"])
        token.cancel()
    }

    @Test("attached to a running app, it starts with the current tree")
    func currentTree() throws {
        let coordinator = try makeDemoCoordinator()
        let lines = Lines()
        let empty = coordinator.attach(TextRenderer(write: lines.append))
        #expect(lines.all.isEmpty)
        empty.cancel()
        try coordinator.navigate(.root(scene: "A1"))
        let token = coordinator.attach(TextRenderer(write: lines.append))
        #expect(lines.all == ["window", "└─ stack: A1 #1"])
        token.cancel()
    }

    @Test("a line break inside a parameter value never breaks the one-line-per-call rule")
    func lineBreaksInValues() throws {
        let coordinator = try makeDemoCoordinator()
        let lines = Lines()
        let token = coordinator.attach(TextRenderer(indent: "| ", write: lines.append))
        try coordinator.navigate(.root(scene: "A1", parameters: ["note": "two\nlines"]))
        #expect(lines.all.allSatisfy { !$0.contains("\n") && $0.hasPrefix("| ") })
        #expect(lines.all.last == "| lines)")
        token.cancel()
    }

    @Test("the tree's lines are its description, split")
    func treeLines() {
        #expect(TextRenderer.lines(for: .empty) == ["window (empty)"])
    }
}
