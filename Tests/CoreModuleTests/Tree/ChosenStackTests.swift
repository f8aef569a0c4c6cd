@_spi(Rules) import CoreModule
import Foundation
import Testing

@MainActor
@Suite("A request may name its stack: a push, a stack set or a pop on a stack not on top")
struct ChosenStackTests {
    /// Two tabs, home (A1 #1, s1) and more (B1 #2, s2), home selected, and a medium sheet
    /// (s3, m1) of B2 #3 over them.
    func tabsUnderSheet() throws -> AppCoordinator {
        try makeCoordinator(setup: [
            .tabs([TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "home"),
            .present(scene: "B2", style: .sheet(detents: [.medium, .large])),
        ])
    }

    @Test("a push onto the tab under a medium sheet lands there; the sheet stays on top")
    func pushUnderSheet() throws {
        let coordinator = try tabsUnderSheet()
        let home = try #require(coordinator.tree.tab(named: "home")?.stack.id)
        let recorder = EventRecorder(coordinator)
        let event = try #require(try coordinator.navigate(.push(scene: "A2", on: home)))

        #expect(coordinator.tree.scenes == [["A1", "A2"], ["B1"], ["B2"]])
        #expect(coordinator.tree.visibleScreen?.scene == "B2")
        #expect(event.kind == .push)
        #expect(event.scene == "A2")
        #expect(event.stack == home)
        #expect(event.to.scene == "B2")
        #expect(recorder.kinds == [.push])
        // Out of view under the sheet: one push step, not animated.
        #expect(event.plan.description == "push s1: A2 #4")
        #expect(
            ApplicationTransitionType.push(scene: "A2", on: home).description
                == ".push(scene: \"A2\", on: s1, animated: true)")
    }

    @Test("a result pushes onto the tab that opened the sheet while another tab is selected")
    func pushOntoUnselectedTab() throws {
        let coordinator = try makeCoordinator(setup: [
            .tabs([TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "more")
        ])
        let home = try #require(coordinator.tree.tab(named: "home")?.stack.id)
        let event = try #require(try coordinator.navigate(.push(scene: "A2", on: home)))
        #expect(coordinator.tree.selectedTab == "more")
        #expect(coordinator.tree.tab(named: "home")?.stack.map(\.scene) == ["A1", "A2"])
        #expect(coordinator.tree.visibleScreen?.scene == "B1")
        let pushed = try #require(coordinator.tree.tab(named: "home")?.stack.last)
        #expect(event.plan.steps == [.push(pushed, onto: home, animated: false)])
    }

    @Test("set-stack, pop and pop-to-root act on the stack they name, the rest untouched")
    func setStackAndPops() throws {
        let coordinator = try tabsUnderSheet()
        let more = try #require(coordinator.tree.tab(named: "more")?.stack.id)
        try coordinator.navigate(.setStack(["B1", "A1", "A2"], on: more))
        #expect(coordinator.tree.scenes == [["A1"], ["B1", "A1", "A2"], ["B2"]])

        let pop = try #require(try coordinator.navigate(.pop(on: more)))
        #expect(coordinator.tree.scenes == [["A1"], ["B1", "A1"], ["B2"]])
        #expect(pop.scene == "A2")
        #expect(pop.removedCount == 1)
        #expect(pop.stack == more)

        try coordinator.navigate(.push(scene: "A2", on: more))
        let home = try #require(try coordinator.navigate(.popToRoot(on: more)))
        #expect(coordinator.tree.scenes == [["A1"], ["B1"], ["B2"]])
        #expect(home.removedCount == 2)
        // Already at its first screen: nothing to do.
        #expect(try coordinator.navigate(.popToRoot(on: more)) == nil)
        #expect(coordinator.tree.visibleScreen?.scene == "B2")
    }

    @Test("the stack of a modal covered by another modal can be changed")
    func coveredModal() throws {
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .present(scene: "B1"), .present(scene: "B2"),
        ])
        let lower = coordinator.tree.modals[0].id
        try coordinator.navigate(.push(scene: "A2", on: lower))
        #expect(coordinator.tree.scenes == [["A1"], ["B1", "A2"], ["B2"]])
    }

    @Test("a split's column named while the split is collapsed changes that column alone")
    func splitColumn() throws {
        let coordinator = try makeCoordinator(setup: [
            .split(primary: "A1", detail: "B1")
        ])
        let primary = try #require(coordinator.tree.split?.columns.first?.id)
        try coordinator.navigate(.push(scene: "A2", on: primary))
        #expect(coordinator.tree.scenes == [["A1", "A2"], ["B1"]])
        try coordinator.navigate(.pop(on: primary))
        #expect(coordinator.tree.scenes == [["A1"], ["B1"]])
    }

    // MARK: Bad input

    @Test("a stack the tree does not have is a typed error; nothing changes")
    func unknownStack() throws {
        let coordinator = try tabsUnderSheet()
        for request: ApplicationTransitionType in [
            .push(scene: "A2", on: StackID(99)), .setStack(["A1"], on: StackID(99)),
            .pop(on: StackID(99)), .popToRoot(on: StackID(99)),
        ] {
            expectRefusal(
                NavigationError.refused(.noSuchStack(StackID(99), kind: request.kind)),
                leaving: coordinator
            ) { try coordinator.navigate(request) }
        }
    }

    @Test("a named stack keeps the rules: no pop of its first screen, none of an empty column")
    func stackRules() throws {
        let coordinator = try makeCoordinator(setup: [.split(primary: "A1")])
        let columns = try #require(coordinator.tree.split?.columns)
        expectRefusal(
            NavigationError.refused(.cannotPopFirstScreen("A1", kind: .pop)), leaving: coordinator
        ) { try coordinator.navigate(.pop(on: columns[0].id)) }
        expectRefusal(
            NavigationError.refused(.emptyStack(.pop)), leaving: coordinator
        ) { try coordinator.navigate(.pop(on: columns[1].id)) }
        expectRefusal(
            NavigationError.refused(.emptyStack(.setStack)), leaving: coordinator
        ) { try coordinator.navigate(.setStack([], on: columns[0].id)) }
    }

    @Test("nothing is pushed under an alert either")
    func underAlert() throws {
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"),
            .alert(AlertContent("Ask", title: "Sure?", buttons: [AlertContent.Button("OK")])),
        ])
        expectRefusal(
            NavigationError.refused(.alertIsPresented(.push, alert: "Ask")), leaving: coordinator
        ) { try coordinator.navigate(.push(scene: "A2", on: StackID(1))) }
    }
}
