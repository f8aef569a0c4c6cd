@_spi(Rules) import CoreModule
import Foundation
import Testing

@MainActor
@Suite("Tree queries: finding screens, stacks and tabs, and nothing where there is none")
struct TreeQueryTests {
    /// A tab root ("home": A1 › A2, "more" selected: B1) with a sheet (B2) over it.
    private func tabsWithSheet() throws -> AppCoordinator {
        try makeCoordinator(setup: [
            .tabs([TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "home"),
            .push(scene: "A2"), .selectTab("more"), .present(scene: "B2"),
        ])
    }

    @Test("the stack holding a screen is its tab's, its modal's, or none for a screen gone")
    func stackHoldingAScreen() throws {
        let tree = try tabsWithSheet().tree
        #expect(tree.stack(holding: ScreenID(3))?.tab == "home")
        #expect(tree.stack(holding: ScreenID(3))?.map(\.scene) == ["A1", "A2"])
        #expect(tree.stack(holding: ScreenID(2))?.tab == "more")
        #expect(tree.stack(holding: ScreenID(4))?.modal == ModalID(1))
        #expect(tree.stack(holding: ScreenID(4))?.isRoot == false)
        #expect(tree.stack(holding: ScreenID(99)) == nil)
        #expect(ScreenTree().stack(holding: ScreenID(1)) == nil)
    }

    @Test("a screen is found by identity in any tab or modal, and nothing for one not there")
    func screenByIdentity() throws {
        let tree = try tabsWithSheet().tree
        #expect(tree.screen(ScreenID(4))?.scene == "B2")
        #expect(tree.screen(ScreenID(3))?.scene == "A2")
        #expect(tree.screen(ScreenID(2))?.scene == "B1")
        #expect(tree.screen(ScreenID(5)) == nil)
    }

    @Test("an empty window has no base stack, no tab and no screen; a stack root has no tabs")
    func emptyAnswers() throws {
        let empty = ScreenTree()
        #expect(empty.baseStack == nil)
        #expect(empty.tab(named: "home") == nil)
        #expect(empty.screen(ScreenID(1)) == nil)
        let tree = try tabsWithSheet().tree
        #expect(tree.tab(named: "search") == nil)
        #expect(tree.tab(named: "more")?.isSelected == true)
        let stackRoot = try makeCoordinator(setup: [.root(scene: "A1")]).tree
        #expect(stackRoot.tab(named: "home") == nil)
        #expect(stackRoot.baseStack?.map(\.scene) == ["A1"])
    }

    @Test("screen, stack and modal identities sort in the order they were made")
    func identitiesSort() throws {
        let tree = try tabsWithSheet().tree
        #expect(tree.screens.map(\.id).sorted() == [1, 2, 3, 4].map { ScreenID($0) })
        #expect(tree.stacks.map(\.id).sorted() == [StackID(1), StackID(2), StackID(3)])
        #expect(ScreenID(2) < ScreenID(10) && !(ScreenID(10) < ScreenID(2)))
        #expect(StackID(2) < StackID(10) && ModalID(2) < ModalID(10))
        #expect([ModalID(3), ModalID(1)].sorted() == [ModalID(1), ModalID(3)])
    }
}
