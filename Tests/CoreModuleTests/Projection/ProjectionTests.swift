@_spi(Rules) import CoreModule
import Testing

@MainActor
@Suite("SwiftUI projection: paths, presented items and the selected tab of a tree")
struct ProjectionTests {
    // MARK: Stacks

    @Test("a stack root is one NavigationStack: its first screen the root view, the rest the path")
    func stackRoot() throws {
        let coordinator = try makeCoordinator(
            setup: [.root(scene: "A1"), .push(scene: "A2"), .push(scene: "A2")])
        let tree = coordinator.tree
        let projection = NavigationProjection(tree)
        let root = try #require(projection.root)
        #expect(root.id == tree.root?.id)
        #expect(root.root == ScreenID(1))
        #expect(root.path == [ScreenID(2), ScreenID(3)])
        #expect(root.screens == tree.screens.map(\.id))
        #expect(projection.tabs.isEmpty)
        #expect(projection.selectedTab == nil)
        #expect(projection.modals.isEmpty)
        #expect(projection.stacks == [root])
        #expect(projection.path(of: root.id) == [ScreenID(2), ScreenID(3)])
    }

    @Test("an empty window projects to nothing at all")
    func emptyWindow() throws {
        let coordinator = try makeCoordinator()
        let projection = NavigationProjection(coordinator.tree)
        #expect(projection == .empty)
        #expect(projection.root == nil)
        #expect(projection.stacks.isEmpty)
        #expect(projection.path(of: StackID(1)).isEmpty)
        #expect(projection.modal(over: 0) == nil)
    }

    @Test("a tab root is a TabView: one stack per tab, selected by the tab's name")
    func tabRoot() throws {
        let coordinator = try makeCoordinator(
            setup: [homeAndMore, .push(scene: "A2"), .selectTab("more"), .push(scene: "B2")])
        let tree = coordinator.tree
        let projection = NavigationProjection(tree)
        #expect(projection.root == nil)
        #expect(projection.selectedTab == "more")
        #expect(projection.tabs.map(\.name) == ["home", "more"])
        #expect(projection.tabs.map(\.id) == ["home", "more"])
        let home = try #require(projection.tabs.first?.stack)
        #expect(home.id == tree.tab(named: "home")?.stack.id)
        #expect(home.screens.count == 2)
        #expect(tree.screen(home.root)?.scene == "A1")
        #expect(home.path.map { tree.screen($0)?.scene } == ["A2"])
        let more = try #require(projection.tabs.last?.stack)
        #expect(more.path.map { tree.screen($0)?.scene } == ["B2"])
        #expect(projection.stacks == [home, more])
        // A push never changes a stack's identity, so SwiftUI keeps each NavigationStack.
        try coordinator.navigate(.push(scene: "B1"))
        #expect(NavigationProjection(coordinator.tree).tabs.map(\.stack.id) == [home.id, more.id])
    }

    // MARK: Modals

    @Test("each style is the item of its own modifier, and of no other")
    func everyStyle() throws {
        let styles: [(PresentationStyle, PresentationStyle.Kind)] = [
            (.sheet(), .sheet), (.sheet(detents: [.medium], interactiveDismissal: false), .sheet),
            (.fullScreenCover, .fullScreenCover), (.popover(anchor: "share"), .popover),
        ]
        for (style, kind) in styles {
            let coordinator = try makeCoordinator(
                setup: [.root(scene: "A1"), .present(scene: "B1", style: style)])
            let projection = NavigationProjection(coordinator.tree)
            let modal = try #require(projection.modal(over: 0))
            #expect(modal.style == style)
            #expect(modal.kind == kind)
            #expect(PresentationStyle.Kind(style) == kind)
            #expect(modal.level == 1)
            #expect(modal.id == coordinator.tree.modals.first?.modal)
            #expect(projection.modal(over: 0, as: kind) == modal)
            for other in PresentationStyle.Kind.allCases where other != kind {
                #expect(projection.modal(over: 0, as: other) == nil, "\(style) as \(other)")
            }
        }
    }

    @Test("nested modals stack level over level, each with its own stack and path")
    func nestedModals() throws {
        let coordinator = try makeCoordinator(
            setup: [
                homeAndMore, .present(scene: "A2"), .push(scene: "B2"),
                .present(scene: "B1", style: .fullScreenCover),
                .present(scene: "A1", style: .popover(anchor: "more")),
            ])
        let tree = coordinator.tree
        let projection = NavigationProjection(tree)
        #expect(projection.modals.map(\.level) == [1, 2, 3])
        #expect(projection.modals.map(\.kind) == [.sheet, .fullScreenCover, .popover])
        #expect(projection.modals.map(\.id) == tree.modals.compactMap(\.modal))
        #expect(projection.modals.map(\.stack) == tree.modals.map(\.id))
        #expect(projection.stacks.map(\.id) == tree.stacks.map(\.id))
        let sheet = try #require(projection.modal(over: 0, as: .sheet))
        #expect(projection.path(of: sheet.stack).map { tree.screen($0)?.scene } == ["B2"])
        #expect(projection.modal(over: 1, as: .fullScreenCover)?.level == 2)
        #expect(projection.modal(over: 2, as: .popover)?.level == 3)
        #expect(projection.modal(over: 3) == nil)
        #expect(projection.modal(over: -1) == nil)
    }

    // MARK: Paths written back

    @Test("a back swipe, a path one shorter, is one pop the coordinator accepts")
    func backSwipe() throws {
        let coordinator = try makeCoordinator(
            setup: [.root(scene: "A1"), .push(scene: "A2"), .push(scene: "B1")])
        let projection = NavigationProjection(coordinator.tree)
        let stack = try #require(projection.root)
        let write = BindingWrite.path(Array(stack.path.dropLast()), of: stack.id)
        #expect(!projection.shows(write))
        let reports = projection.reports(for: write)
        #expect(reports == [.poppedBackByUser(to: ScreenID(2))])
        let events = try send(reports, to: coordinator)
        #expect(events.map(\.kind) == [.pop])
        #expect(events.allSatisfy { $0.isUserInitiated })
        #expect(NavigationProjection(coordinator.tree).shows(write))
    }

    @Test("the Back button's menu, a path cut to any prefix, is one pop back to the new top")
    func backMenu() throws {
        let coordinator = try makeCoordinator(
            setup: [
                .root(scene: "A1"), .push(scene: "A2"), .push(scene: "B1"), .push(scene: "B2"),
            ])
        let projection = NavigationProjection(coordinator.tree)
        let stack = try #require(projection.root)
        let write = BindingWrite.path([ScreenID(2)], of: stack.id)
        #expect(projection.reports(for: write) == [.poppedBackByUser(to: ScreenID(2))])
        let toRoot = BindingWrite.path([], of: stack.id)
        #expect(projection.reports(for: toRoot) == [.poppedBackByUser(to: ScreenID(1))])
        let events = try send(projection.reports(for: toRoot), to: coordinator)
        #expect(events.map(\.kind) == [.popTo])
        #expect(events.first?.removedCount == 3)
        #expect(coordinator.tree.scenes == [["A1"]])
        #expect(NavigationProjection(coordinator.tree).shows(toRoot))
    }

    @Test("a path SwiftUI echoes gives no report")
    func pathEcho() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .push(scene: "A2")])
        let projection = NavigationProjection(coordinator.tree)
        let stack = try #require(projection.root)
        let echo = BindingWrite.path(stack.path, of: stack.id)
        #expect(projection.shows(echo))
        #expect(projection.reports(for: echo).isEmpty)
    }

    @Test("a longer or reordered path is no gesture: no report, the tree stays")
    func pathsNoGestureMakes() throws {
        let coordinator = try makeCoordinator(
            setup: [.root(scene: "A1"), .push(scene: "A2"), .push(scene: "B1")])
        let projection = NavigationProjection(coordinator.tree)
        let stack = try #require(projection.root)
        let writes: [BindingWrite] = [
            .path(stack.path + [ScreenID(99)], of: stack.id),  // NavigationLink(value:)
            .path(stack.path.reversed(), of: stack.id),
            .path([ScreenID(3)], of: stack.id),  // not a prefix: the lower screen left
            .path([stack.root], of: stack.id),  // the root view is not in the path
        ]
        for write in writes {
            #expect(!projection.shows(write), "\(write)")
            #expect(projection.reports(for: write).isEmpty, "\(write)")
        }
    }

    @Test("a path written for a stack no longer in the tree gives no report")
    func stalePath() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .push(scene: "A2")])
        let old = try #require(NavigationProjection(coordinator.tree).root)
        try coordinator.navigate(.root(scene: "B1"))
        try coordinator.navigate(.push(scene: "B2"))
        let projection = NavigationProjection(coordinator.tree)
        let write = BindingWrite.path([], of: old.id)
        #expect(!projection.shows(write))
        #expect(projection.reports(for: write).isEmpty)
    }

    @Test("a pop in a stack under a modal is refused by the coordinator, which keeps its tree")
    func popUnderModal() throws {
        let coordinator = try makeCoordinator(
            setup: [.root(scene: "A1"), .push(scene: "A2"), .present(scene: "B1")])
        let projection = NavigationProjection(coordinator.tree)
        let stack = try #require(projection.root)
        let reports = projection.reports(for: .path([], of: stack.id))
        #expect(reports == [.poppedBackByUser(to: ScreenID(1))])
        expectRefusal(
            NavigationError.refused(
                .reportedScreenNotOnTop(ScreenID(1), kind: .popTo, visible: ScreenID(3))),
            leaving: coordinator
        ) {
            try coordinator.report(reports[0])
        }
    }

    // MARK: Items written back

    @Test("a sheet dragged down, its item set to nil, is a dismissal the coordinator accepts")
    func swipeDown() throws {
        for style in [
            PresentationStyle.sheet(), .sheet(detents: [.medium, .large]),
            .popover(anchor: "share"),
        ] {
            let coordinator = try makeCoordinator(
                setup: [
                    .root(scene: "A1"), .present(scene: "B1", style: style), .push(scene: "B2"),
                ])
            let projection = NavigationProjection(coordinator.tree)
            let kind = PresentationStyle.Kind(style)
            let write = BindingWrite.modal(nil, over: 0, as: kind)
            let reports = projection.reports(for: write)
            #expect(reports == [.dismissedByUser(ScreenID(2))], "\(style)")
            let events = try send(reports, to: coordinator)
            #expect(events.map(\.kind) == [.dismiss])
            #expect(events.first?.initiator == .user)
            #expect(coordinator.tree.modalCount == 0)
            #expect(NavigationProjection(coordinator.tree).shows(write))
        }
    }

    @Test("the top modal of a chain is dismissed at its own level")
    func swipeDownNested() throws {
        let coordinator = try makeCoordinator(
            setup: [.root(scene: "A1"), .present(scene: "A2"), .present(scene: "B1")])
        let projection = NavigationProjection(coordinator.tree)
        let write = BindingWrite.modal(nil, over: 1, as: .sheet)
        try send(projection.reports(for: write), to: coordinator)
        #expect(coordinator.tree.scenes == [["A1"], ["A2"]])
        // The lower sheet's binding still shows its modal: the write is not an echo of it.
        #expect(!NavigationProjection(coordinator.tree).shows(.modal(nil, over: 0, as: .sheet)))
    }

    @Test("nil for a modal with others above it is refused by the coordinator")
    func swipeDownUnderAnother() throws {
        let coordinator = try makeCoordinator(
            setup: [.root(scene: "A1"), .present(scene: "A2"), .present(scene: "B1")])
        let reports = NavigationProjection(coordinator.tree).reports(
            for: .modal(nil, over: 0, as: .sheet))
        #expect(reports == [.dismissedByUser(ScreenID(2))])
        expectRefusal(
            NavigationError.refused(
                .reportedScreenNotOnTop(
                    ScreenID(2), kind: .dismiss, visible: ScreenID(3))),
            leaving: coordinator
        ) {
            try coordinator.report(reports[0])
        }
        #expect(coordinator.tree.modalCount == 2)
    }

    @Test("a modal the user cannot dismiss is refused: a cover, a sheet that is not swipeable")
    func notDismissible() throws {
        for style in [PresentationStyle.fullScreenCover, .sheet(interactiveDismissal: false)] {
            let coordinator = try makeCoordinator(
                setup: [.root(scene: "A1"), .present(scene: "B1", style: style)])
            let reports = NavigationProjection(coordinator.tree).reports(
                for: .modal(nil, over: 0, as: PresentationStyle.Kind(style)))
            #expect(reports == [.dismissedByUser(ScreenID(2))])
            let recorder = EventRecorder(coordinator)
            expectRefusal(
                NavigationError.refused(.notDismissibleByUser(ScreenID(2), style: style)),
                leaving: coordinator
            ) {
                try coordinator.report(reports[0])
            }
            #expect(
                recorder.failures.map(\.error) == [
                    .refused(.notDismissibleByUser(ScreenID(2), style: style))
                ]
            )
            #expect(coordinator.tree.modalCount == 1)
        }
    }

    @Test("nil from another modifier's binding, or over a level with no modal, is an echo")
    func itemEchoes() throws {
        let coordinator = try makeCoordinator(
            setup: [.root(scene: "A1"), .present(scene: "B1", style: .fullScreenCover)])
        let projection = NavigationProjection(coordinator.tree)
        let echoes: [BindingWrite] = [
            .modal(nil, over: 0, as: .sheet), .modal(nil, over: 0, as: .popover),
            .modal(nil, over: 1, as: .sheet),
            .modal(projection.modals.first, over: 0, as: .fullScreenCover),
        ]
        for write in echoes {
            #expect(projection.shows(write), "\(write)")
            #expect(projection.reports(for: write).isEmpty, "\(write)")
        }
    }

    @Test("nil written after the modal left, a late write, gives no report")
    func staleItem() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .present(scene: "B1")])
        try coordinator.navigate(.dismiss())
        let projection = NavigationProjection(coordinator.tree)
        #expect(projection.reports(for: .modal(nil, over: 0, as: .sheet)).isEmpty)
    }

    @Test("an item SwiftUI did not get is no gesture: SwiftUI never presents on its own")
    func itemNoGestureMakes() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .present(scene: "B1")])
        let projection = NavigationProjection(coordinator.tree)
        let shown = try #require(projection.modal(over: 0))
        let other = NavigationProjection.Modal(
            id: ModalID(99), stack: StackID(99), level: 1, style: .sheet())
        let writes: [BindingWrite] = [
            .modal(other, over: 0, as: .sheet), .modal(shown, over: 1, as: .sheet),
            .modal(shown, over: 0, as: .popover),
        ]
        for write in writes {
            #expect(!projection.shows(write), "\(write)")
            #expect(projection.reports(for: write).isEmpty, "\(write)")
        }
    }

    // MARK: Tab selection written back

    @Test("a tab tapped is a selection the coordinator accepts; the selected tab is an echo")
    func tabTap() throws {
        let coordinator = try makeCoordinator(setup: [homeAndMore, .push(scene: "A2")])
        let projection = NavigationProjection(coordinator.tree)
        #expect(projection.reports(for: .selectedTab("home")).isEmpty)
        let write = BindingWrite.selectedTab("more")
        #expect(projection.reports(for: write) == [.tabSelectedByUser("more")])
        let events = try send(projection.reports(for: write), to: coordinator)
        #expect(events.map(\.kind) == [.selectTab])
        #expect(NavigationProjection(coordinator.tree).shows(write))
        // Home kept its stack.
        #expect(coordinator.tree.scenes == [["A1", "A2"], ["B1"]])
    }

    @Test("a tab that is not there, or a selection over a stack root, gives no report")
    func staleTabs() throws {
        let tabs = try makeCoordinator(setup: [homeAndMore])
        #expect(NavigationProjection(tabs.tree).reports(for: .selectedTab("gone")).isEmpty)
        let stack = try makeCoordinator(setup: [.root(scene: "A1")])
        let projection = NavigationProjection(stack.tree)
        #expect(projection.shows(.selectedTab("")))
        #expect(projection.reports(for: .selectedTab("")).isEmpty)
        #expect(projection.reports(for: .selectedTab("home")).isEmpty)
    }

    @Test("a tab tapped under a modal is refused by the coordinator: the modal covers the tab bar")
    func tabUnderModal() throws {
        let coordinator = try makeCoordinator(setup: [homeAndMore, .present(scene: "B1")])
        let reports = NavigationProjection(coordinator.tree).reports(for: .selectedTab("more"))
        #expect(reports == [.tabSelectedByUser("more")])
        expectRefusal(
            NavigationError.refused(.tabBarCovered(tab: "more", modal: "B1")), leaving: coordinator
        ) {
            try coordinator.report(reports[0])
        }
        #expect(coordinator.tree.selectedTab == "home")
    }

    @Test("writes print what SwiftUI wrote")
    func writeDescriptions() {
        #expect(BindingWrite.path([ScreenID(2)], of: StackID(1)).description == "path [#2] of s1")
        #expect(BindingWrite.modal(nil, over: 0, as: .sheet).description == "sheet over 0 = nil")
        #expect(BindingWrite.selectedTab("more").description == "selected tab \"more\"")
        let popover = NavigationProjection.Modal(
            id: ModalID(2), stack: StackID(3), level: 2, style: .popover(anchor: "share"))
        #expect(
            BindingWrite.modal(popover, over: 1, as: .popover).description == "popover over 1 = m2")
    }
}

/// Sends `reports` to `coordinator` in order, and returns the events they made.
@MainActor
@discardableResult
func send(_ reports: [PlatformReport], to coordinator: AppCoordinator) throws -> [TransitionEvent] {
    var events: [TransitionEvent] = []
    for report in reports {
        if let event = try coordinator.report(report) { events.append(event) }
    }
    return events
}
