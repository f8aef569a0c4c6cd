@_spi(Rules) import CoreModule
import Foundation
import Testing

@MainActor
@Suite("Identities: every stack and modal has one, stable across transitions")
struct IdentityTests {
    @Test(
        "a push keeps the stack's id; each present gets a new modal id and stack id, never reused")
    func stackAndModalNumbering() throws {
        let coordinator = try makeTreeCoordinator()
        let root = try #require(try coordinator.navigate(.root(scene: "A1")))
        #expect(root.stack == StackID(1))
        #expect(try coordinator.navigate(.push(scene: "A2"))?.stack == StackID(1))
        let sheet = try #require(try coordinator.navigate(.present(scene: "B1")))
        #expect(sheet.stack == StackID(2))
        #expect(coordinator.tree.topStack?.modal == ModalID(1))
        #expect(try coordinator.navigate(.push(scene: "B2"))?.stack == StackID(2))
        let cover = try #require(
            try coordinator.navigate(.present(scene: "A1", style: .fullScreenCover)))
        #expect(cover.stack == StackID(3))
        #expect(coordinator.tree.topStack?.modal == ModalID(2))
        #expect(try coordinator.navigate(.dismiss())?.stack == StackID(2))
        #expect(try coordinator.navigate(.dismiss())?.stack == StackID(1))
        try coordinator.navigate(.present(scene: "B1"))
        #expect(coordinator.tree.topStack?.id == StackID(4))
        #expect(coordinator.tree.topStack?.modal == ModalID(3))
        #expect(try coordinator.navigate(.root(scene: "A2"))?.stack == StackID(5))
        #expect(StackID(5).description == "s5" && ModalID(3).description == "m3")
    }

    @Test("a tab root numbers one stack per tab, in order; each tab keeps its id across selection")
    func tabStackNumbering() throws {
        let coordinator = try makeTreeCoordinator(setup: [.root(scene: "A1")])
        try coordinator.navigate(
            .tabs(
                [
                    TabItem("home", scene: "A1"), TabItem("more", scene: "B1"),
                    TabItem("search", scene: "A2"),
                ], selected: "more"))
        #expect(coordinator.tree.tabs.map(\.stack.id) == [StackID(2), StackID(3), StackID(4)])
        #expect(coordinator.tree.stacks.map(\.id) == [StackID(2), StackID(3), StackID(4)])
        for name in ["search", "home", "more", "search"] {
            let event = try #require(try coordinator.navigate(.selectTab(name)))
            #expect(event.stack == coordinator.tree.tab(named: name)?.stack.id)
            try coordinator.navigate(.push(scene: "B2"))
        }
        #expect(coordinator.tree.tabs.map(\.stack.id) == [StackID(2), StackID(3), StackID(4)])
        try coordinator.navigate(.present(scene: "A1"))
        #expect(coordinator.tree.topStack?.id == StackID(5))
        #expect(coordinator.tree.topStack?.modal == ModalID(1))
        #expect(coordinator.tree.stack(StackID(3))?.tab == "more")
        #expect(coordinator.tree.stack(StackID(5))?.level == 1)
        #expect(coordinator.tree.stack(StackID(1)) == nil)
    }

    @Test("a failed request uses up no stack or modal id")
    func failuresUseNoIdentity() throws {
        let coordinator = try makeTreeCoordinator(setup: [.root(scene: "A1")])
        _ = try? coordinator.navigate(.present(scene: "Broken"))
        _ = try? coordinator.navigate(
            .tabs(
                [TabItem("home", scene: "A1"), TabItem("more", scene: "Broken")], selected: "home"))
        try coordinator.navigate(.present(scene: "B1"))
        #expect(coordinator.tree.topStack?.id == StackID(2))
        #expect(coordinator.tree.topStack?.modal == ModalID(1))
    }

    @Test("open and restore number stacks in tree order: each tab, then each modal's id and stack")
    func openAndRestoreNumbering() throws {
        let link = "demo://open/[tab:home]A1/[tab:more,selected]B1/+A2/+[full-screen]B2"
        let opened = try makeTreeCoordinator()
        try opened.open(.deepLink(link, format: treeLinkFormat))
        #expect(opened.tree.stacks.map(\.id) == [StackID(1), StackID(2), StackID(3), StackID(4)])
        #expect(opened.tree.modals.map(\.modal) == [ModalID(1), ModalID(2)])
        #expect(opened.tree.selectedTab == "more")

        let restored = try makeTreeCoordinator(setup: [.root(scene: "A1")])
        try restored.restore(try opened.snapshot())
        #expect(restored.tree.stacks.map(\.id) == [StackID(2), StackID(3), StackID(4), StackID(5)])
        #expect(restored.tree.modals.map(\.modal) == [ModalID(1), ModalID(2)])
        #expect(restored.tree.snapshot == opened.tree.snapshot)
    }

    @Test("a link to one tab keeps that tab's stack id and every other tab's")
    func linkToOneTabKeepsIds() throws {
        let coordinator = try makeTreeCoordinator(setup: [homeAndMore, .present(scene: "A2")])
        let ids = coordinator.tree.tabs.map(\.stack.id)
        let event = try #require(
            try coordinator.open(.deepLink("demo://open/B1/B2/+A1", format: treeLinkFormat))?
                .transition)
        #expect(coordinator.tree.tabs.map(\.stack.id) == ids)
        #expect(event.kind == .replaceTree)
        #expect(event.tab == "more")
        #expect(coordinator.tree.topStack?.id == StackID(4))
        #expect(coordinator.tree.topStack?.modal == ModalID(2))
        #expect(coordinator.tree.scenes == [["A1"], ["B1", "B2"], ["A1"]])
    }
}

@MainActor
@Suite("The tree is a value: kept copies never change, and two trees compare in one expression")
struct TreeValueTests {
    @Test("an observer keeping each tree sees it unchanged after every later transition")
    func keptTreesNeverChange() throws {
        let coordinator = try makeTreeCoordinator(setup: [homeAndMore])
        var kept: [(ScreenTree, String, [[SceneIdentifier]])] = []
        let token = coordinator.observe { _ in
            let tree = coordinator.tree
            kept.append((tree, tree.description, tree.scenes))
        }
        let requests: [ApplicationTransitionType] = [
            .push(scene: "A2"), .selectTab("more"), .push(scene: "B2"), .present(scene: "A1"),
            .push(scene: "A2"), .setStack(["B1"]), .replace(scene: "B2"), .dismiss(),
            .selectTab("home"), .pop(), homeAndMore, .root(scene: "A1"),
        ]
        for request in requests {
            try coordinator.navigate(request)
        }
        try coordinator.open(
            .deepLink("demo://open/[tab:home]A1/[tab:more]B1/+B2", format: treeLinkFormat))
        try coordinator.report(.dismissedByUser(try #require(coordinator.tree.visibleScreen?.id)))
        #expect(kept.count == requests.count + 2)
        for (tree, description, scenes) in kept {
            #expect(tree.description == description)
            #expect(tree.scenes == scenes)
            #expect(tree.invariantViolations() == [])
        }
        #expect(kept[0].2 == [["A1", "A2"], ["B1"]])
        #expect(kept[4].2 == [["A1", "A2"], ["B1", "B2"], ["A1", "A2"]])
        _ = token
    }

    @Test("two coordinators that made the same transitions hold equal trees")
    func equalTrees() throws {
        let setup: [ApplicationTransitionType] = [
            homeAndMore, .push(scene: "A2"), .selectTab("more"),
            .present(scene: "B2", style: .sheet(detents: [.medium])),
        ]
        let first = try makeTreeCoordinator(setup: setup)
        let second = try makeTreeCoordinator(setup: setup)
        #expect(first.tree == second.tree)

        try second.navigate(.dismiss())
        try second.navigate(.present(scene: "B2", style: .sheet(detents: [.medium])))
        #expect(first.tree != second.tree, "the modal's identity differs")
        #expect(first.tree.snapshot == second.tree.snapshot, "identities aside, they are equal")
    }

    @Test("trees that differ only in the selected tab, a style or a tab name are not equal")
    func treesDiffer() throws {
        let home = try makeTreeCoordinator(setup: [homeAndMore])
        let more = try makeTreeCoordinator(setup: [
            .tabs([TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "more")
        ])
        #expect(home.tree != more.tree)
        #expect(home.tree.snapshot != more.tree.snapshot)
        let renamed = try makeTreeCoordinator(setup: [
            .tabs([TabItem("home", scene: "A1"), TabItem("less", scene: "B1")], selected: "home")
        ])
        #expect(home.tree != renamed.tree)
        let sheet = try makeTreeCoordinator(setup: [.root(scene: "A1"), .present(scene: "B1")])
        let cover = try makeTreeCoordinator(setup: [
            .root(scene: "A1"), .present(scene: "B1", style: .fullScreenCover),
        ])
        #expect(sheet.tree != cover.tree)
        #expect(ScreenTree() == ScreenTree.empty)
    }
}

@MainActor
@Suite("The tree and its events read as text")
struct TreeTextTests {
    @Test("a tab root with styled modals renders every tab, the selected one and each style")
    func tabTreeText() throws {
        let coordinator = try makeTreeCoordinator(setup: [
            .tabs([TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "more"),
            .push(scene: "B2"),
            .present(scene: "A2", style: .sheet(detents: [.medium], interactiveDismissal: false)),
            .present(scene: "A1", style: .fullScreenCover),
            .present(scene: "B1", parameters: ["id": "7"], style: .popover(anchor: "share")),
        ])
        #expect(
            coordinator.tree.description == """
                window
                └─ tabs
                   ├─ tab home: A1 #1
                   ├─ tab more, selected: B1 #2 › B2 #3
                   └─ modal (sheet: medium, not swipeable): A2 #4
                      └─ modal (full-screen): A1 #5
                         └─ modal (popover from share): B1 #6 (id=7)
                """)
        try coordinator.navigate(.dismissAll())
        #expect(
            coordinator.tree.description == """
                window
                └─ tabs
                   ├─ tab home: A1 #1
                   └─ tab more, selected: B1 #2 › B2 #3
                """)
    }

    @Test("a stack root with a modal renders as before, with the modal's style")
    func stackTreeText() throws {
        let coordinator = try makeTreeCoordinator(setup: [
            .root(scene: "A1"), .push(scene: "A2", parameters: ["id": "7"]), .present(scene: "B1"),
        ])
        #expect(
            coordinator.tree.description == """
                window
                └─ stack: A1 #1 › A2 #2 (id=7)
                   └─ modal (sheet): B1 #3
                """)
        #expect(ScreenTree().description == "window (empty)")
    }

    @Test("events name their tab and their style")
    func eventText() throws {
        let coordinator = try makeTreeCoordinator(setup: [homeAndMore])
        let recorder = EventRecorder(coordinator)
        try coordinator.navigate(.push(scene: "A2"))
        try coordinator.navigate(.selectTab("more"))
        try coordinator.navigate(.present(scene: "B2", style: .fullScreenCover))
        try coordinator.navigate(.dismiss(animated: false))
        try coordinator.report(.tabSelectedByUser("home"))
        try coordinator.report(.selectedTabReselectedByUser)
        try coordinator.navigate(.setStack(["A2", "A1"]))
        #expect(
            recorder.transitions.map(\.description) == [
                "push A2 #3 in tab home: A1 #1 → A2 #3, animated",
                "select-tab B1 #2 in tab more: A2 #3 → B1 #2, not animated",
                // A change in a modal over the tabs names no tab.
                "present B2 #4 (full-screen): B1 #2 → B2 #4, animated",
                "dismiss B1 #2 in tab more: B2 #4 → B1 #2, not animated",
                "select-tab A2 #3 in tab home: B1 #2 → A2 #3, animated, by the user",
                "pop-to-root A1 #1 in tab home: A2 #3 → A1 #1, animated, by the user",
                "set-stack A1 #6 in tab home: A1 #1 → A1 #6, animated",
            ])
        let root = try #require(try coordinator.navigate(.root(scene: "B1")))
        #expect(root.description == "root B1 #7: A1 #6 → B1 #7, 3 screens removed, not animated")
    }
}
