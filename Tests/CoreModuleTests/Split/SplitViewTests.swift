@_spi(Rules) import CoreModule
import Foundation
import Testing

@MainActor
@Suite("A split root: columns of their own, a detail that selection replaces")
struct SplitViewTests {
    static let format = DeepLinkFormat(scheme: "app")

    /// A two-column split: A1 in the primary column, B1 › B2 in the detail.
    static let twoColumns: [ApplicationTransitionType] = [
        .split(primary: "A1", detail: "B1"), .push(scene: "B2"),
    ]

    @Test("a split root's plan reads as one set-split line naming each column, empty ones too")
    func splitPlanReads() throws {
        let coordinator = try makeCoordinator()
        let event = try #require(
            try coordinator.navigate(.split(primary: "A1", supplementary: "A2", detail: nil)))
        #expect(
            event.plan.steps.map(\.description) == [
                "set-split [primary] s1: A1 #1; [supplementary] s2: A2 #2; [detail] s3: (empty)"
            ])
    }

    @Test("a split root holds its columns, the detail's top screen visible")
    func makesASplit() throws {
        let coordinator = try makeCoordinator()
        let recorder = EventRecorder(coordinator)
        let event = try #require(
            try coordinator.navigate(
                .split(primary: "A1", detail: Destination("B1", parameters: ["id": "7"]))))

        let split = try #require(coordinator.tree.split)
        #expect(split.style == .doubleColumn)
        #expect(split.primary.map(\.scene) == ["A1"])
        #expect(split.supplementary == nil)
        #expect(split.detail.map(\.scene) == ["B1"])
        #expect(split.detail[0].parameters == ["id": "7"])
        #expect(split.isCollapsed == false)
        #expect(split.primary.place == .column(.primary))
        #expect(split.detail.column == .detail)
        #expect(coordinator.tree.root == nil)
        #expect(coordinator.tree.tabs.isEmpty)
        #expect(coordinator.tree.visibleScreen?.scene == "B1")
        #expect(coordinator.tree.stack(at: 0) == split.detail)
        #expect(event.kind == .split)
        #expect(recorder.kinds == [.split])
        #expect(event.plan.steps == [.setSplit([split.primary, split.detail])])
        #expect(
            coordinator.tree.description
                == "window\n└─ split\n   ├─ primary: A1 #1\n   └─ detail: B1 #2 (id=7)")
        #expect(coordinator.tree.invariantViolations().isEmpty)
    }

    @Test("push, pop and setStack act on the detail column; the primary stays")
    func detailIsTheTopStack() throws {
        let coordinator = try makeCoordinator(setup: Self.twoColumns)
        let primary = try #require(coordinator.tree.split?.primary)
        #expect(coordinator.tree.split?.detail.map(\.scene) == ["B1", "B2"])

        let pop = try #require(try coordinator.navigate(.pop()))
        #expect(pop.plan.steps.count == 1)
        #expect(coordinator.tree.split?.detail.map(\.scene) == ["B1"])
        // The detail's first screen is not popped while the columns show side by side.
        expectRejected(
            .pop(), on: coordinator, with: .refused(.cannotPopFirstScreen("B1", kind: .pop)))
        try coordinator.navigate(.setStack(["A2", "B2"]))
        #expect(coordinator.tree.split?.detail.map(\.scene) == ["A2", "B2"])
        #expect(coordinator.tree.split?.primary == primary)
        try coordinator.navigate(.replace(scene: "A1"))
        #expect(coordinator.tree.split?.detail.map(\.scene) == ["A2", "A1"])
        #expect(coordinator.tree.invariantViolations().isEmpty)
    }

    @Test("a selection replaces the detail's stack, asking the leaving screens' vetoes")
    func showDetail() throws {
        let coordinator = try makeCoordinator(setup: Self.twoColumns)
        let detailID = try #require(coordinator.tree.split?.detail.id)
        let event = try #require(try coordinator.navigate(.showDetail("A2")))
        #expect(event.kind == .showDetail)
        #expect(event.removedCount == 2)
        let detail = try #require(coordinator.tree.split?.detail)
        #expect(detail.map(\.scene) == ["A2"])
        #expect(detail.id == detailID)
        #expect(event.plan.steps == [.setStack(detail, animated: true)])

        // A guard that keeps the detail's screen refuses the selection; nothing changes.
        let screen = try #require(detail.last)
        coordinator.addGuard(
            NavigationGuard("unsaved") { attempt in
                attempt.leaving == screen.id ? .reject(reason: "unsaved changes") : .allow
            })
        expectRejected(
            .showDetail("B1"), on: coordinator,
            with: .guarded(
                .rejectedByGuard(
                    name: "unsaved", kind: .showDetail, scene: "A2", reason: "unsaved changes")))
    }

    @Test(
        "three columns: a sidebar selection fills the supplementary column and empties the detail")
    func threeColumns() throws {
        let coordinator = try makeCoordinator(setup: [
            .split(primary: "A1", supplementary: "A2", detail: "B1")
        ])
        #expect(coordinator.tree.split?.style == .tripleColumn)
        let event = try #require(try coordinator.navigate(.showSupplementary("B2")))
        #expect(event.kind == .showSupplementary)
        #expect(event.removedCount == 2)
        let split = try #require(coordinator.tree.split)
        #expect(split.supplementary?.map(\.scene) == ["B2"])
        #expect(split.detail.isEmpty)
        // With nothing in the detail, the supplementary's screen is visible.
        #expect(coordinator.tree.visibleScreen?.scene == "B2")
        #expect(
            coordinator.tree.description
                == "window\n└─ split\n   ├─ primary: A1 #1\n   ├─ supplementary: B2 #4\n   └─ detail: (empty)"
        )
        expectRejected(
            .replace(scene: "A1"), on: coordinator, with: .refused(.noDetailScreen(.replace)))
        #expect(coordinator.tree.split == split)
        // A push onto an empty detail starts it.
        try coordinator.navigate(.push(scene: "A1"))
        #expect(coordinator.tree.split?.detail.map(\.scene) == ["A1"])

        let empty = try makeCoordinator(setup: [.split(primary: "A1", style: .tripleColumn)])
        #expect(empty.tree.split?.supplementary?.isEmpty == true)
        #expect(empty.tree.visibleScreen?.scene == "A1")
        #expect(empty.tree.invariantViolations().isEmpty)
    }

    @Test(
        "a split step on another root, or a missing column, is a typed error that changes nothing")
    func badSplitSteps() throws {
        let stack = try makeCoordinator(setup: [.root(scene: "A1")])
        let tabs = try makeCoordinator(setup: [
            .tabs([TabItem("home", scene: "A1")], selected: "home")
        ])
        let two = try makeCoordinator(setup: Self.twoColumns)
        let cases: [(AppCoordinator, ApplicationTransitionType, NavigationError)] = [
            (stack, .showDetail("B1"), .refused(.noSplitRoot(.showDetail))),
            (tabs, .showSupplementary("B1"), .refused(.noSplitRoot(.showSupplementary))),
            (two, .showSupplementary("B1"), .refused(.noSupplementaryColumn(.showSupplementary))),
            (
                two, .split(primary: "A1", supplementary: "A2", style: .doubleColumn),
                .refused(.noSupplementaryColumn(.split))
            ),
            (two, .showDetail("Nope"), .unknownScene("Nope", suggestions: [])),
        ]
        for (coordinator, request, expected) in cases {
            expectRejected(request, on: coordinator, with: expected)
        }
    }

    @Test("compact width collapses the columns into one stack; pops cross columns; regular expands")
    func collapseAndExpand() throws {
        let coordinator = try makeCoordinator(setup: Self.twoColumns)
        let columns = try #require(coordinator.tree.split)
        let event = try #require(try coordinator.report(.sizeClassChanged(.compact)))
        #expect(event.kind == .sizeClass)
        #expect(event.isUserInitiated)
        #expect(event.plan.isEmpty)
        #expect(event.removedCount == 0)
        let collapsed = try #require(coordinator.tree.split)
        #expect(collapsed.isCollapsed)
        #expect(collapsed.collapsedScreens.map(\.scene) == ["A1", "B1", "B2"])
        #expect(collapsed.primary == columns.primary && collapsed.detail == columns.detail)
        #expect(coordinator.tree.horizontalSizeClass == .compact)
        #expect(coordinator.tree.description.contains("└─ split, collapsed"))
        // The same size class again changes nothing.
        #expect(try coordinator.report(.sizeClassChanged(.compact)) == nil)

        // Back from the detail's first screen: the detail empties, the list shows.
        try coordinator.navigate(.pop())
        let pop = try #require(try coordinator.navigate(.pop()))
        #expect(coordinator.tree.split?.detail.isEmpty == true)
        #expect(coordinator.tree.visibleScreen?.scene == "A1")
        // The detail column's stack empties: the host shows the list again.
        let emptied = try #require(coordinator.tree.split?.detail)
        #expect(pop.plan.steps == [.setStack(emptied, animated: true)])
        #expect(pop.plan.description == "set-stack \(emptied.id): (empty), animated")
        expectRejected(
            .pop(), on: coordinator, with: .refused(.cannotPopFirstScreen("A1", kind: .pop)))
        // A selection in compact width pushes the detail over the list.
        try coordinator.navigate(.showDetail("B2"))
        #expect(coordinator.tree.visibleScreen?.scene == "B2")

        // Regular width: the columns show side by side, as they are.
        let expand = try #require(try coordinator.report(.sizeClassChanged(.regular)))
        #expect(expand.plan.isEmpty)
        #expect(coordinator.tree.split?.isCollapsed == false)
        #expect(coordinator.tree.split?.detail.map(\.scene) == ["B2"])
        #expect(coordinator.tree.invariantViolations().isEmpty)
    }

    @Test("collapsed, popToRoot and a back report go back across columns to the primary")
    func collapsedPopsAcrossColumns() throws {
        let coordinator = try makeCoordinator(setup: [
            .split(primary: "A1", supplementary: "A2", detail: "B1"), .push(scene: "B2"),
        ])
        try coordinator.report(.sizeClassChanged(.compact))
        let supplementary = try #require(coordinator.tree.split?.supplementary?.first)
        // The user goes back to the supplementary column's screen.
        let back = try #require(try coordinator.report(.poppedBackByUser(to: supplementary.id)))
        #expect(back.kind == .popTo)
        #expect(back.removedCount == 2)
        #expect(coordinator.tree.split?.detail.isEmpty == true)
        #expect(coordinator.tree.visibleScreen?.id == supplementary.id)
        try coordinator.navigate(.showDetail("B1"))
        let home = try #require(try coordinator.navigate(.popToRoot()))
        #expect(home.removedCount == 2)
        #expect(coordinator.tree.split?.collapsedScreens.map(\.scene) == ["A1"])
        #expect(try coordinator.navigate(.popToRoot()) == nil)
        // Expanded, the primary's screen is not in the top-most stack.
        try coordinator.report(.sizeClassChanged(.regular))
        try coordinator.navigate(.showSupplementary("A2"))
        try coordinator.navigate(.showDetail("B1"))
        let primary = try #require(coordinator.tree.split?.primary.first)
        let visible = try #require(coordinator.tree.visibleScreen?.id)
        expectRefusal(
            NavigationError.refused(
                .reportedScreenNotOnTop(primary.id, kind: .popTo, visible: visible)),
            leaving: coordinator
        ) {
            try coordinator.report(.poppedBackByUser(to: primary.id))
        }
    }

    @Test("a selection under a modal is about the new column screen, which gets the result")
    func selectionUnderAModal() throws {
        // The event is about the screen added (navigation-model.md, "Events"), out of view
        // under the modal like a new tab's; the result handler belongs to that screen, not to
        // the modal's visible one.
        let coordinator = try makeCoordinator(setup: [
            .split(primary: "A1", supplementary: "A2", detail: "B1"), .present(scene: "B2"),
        ])
        let modal = try #require(coordinator.tree.visibleScreen)
        var results: [String] = []
        let event = try #require(
            try coordinator.navigate(
                .showDetail("A1"), onResult: { results.append("\($0)") }))
        let detail = try #require(coordinator.tree.split?.detail.first)
        #expect(event.screen == detail.id)
        #expect(event.scene == "A1")
        #expect(event.to.screen == modal.id)
        // The modal finishing delivers nothing to the detail's handler.
        let content = try #require(modal.content as? StubScreen)
        try content.context.finish(with: "done")
        #expect(results.isEmpty)
        // The detail leaving cancels its result, once.
        try coordinator.navigate(.showDetail("B1"))
        #expect(results == ["cancelled"])

        try coordinator.navigate(.present(scene: "B2"))
        let supplementary = try #require(try coordinator.navigate(.showSupplementary("B1")))
        #expect(supplementary.screen == coordinator.tree.split?.supplementary?.first?.id)
    }

    @Test("a back report to the visible screen of a split whose detail is empty changes nothing")
    func backReportToTheVisibleColumn() throws {
        // The detail column is empty: the supplementary's screen is visible, though the
        // top-most stack is the detail column. The spec: `nil` when the screen is visible (a
        // navigation controller's `didShow` for the column the user sees), not an error.
        let coordinator = try makeCoordinator(setup: [
            .split(primary: "A1", supplementary: "A2"), .showSupplementary("B1"),
        ])
        let visible = try #require(coordinator.tree.visibleScreen)
        #expect(coordinator.tree.split?.detail.isEmpty == true)
        let before = coordinator.tree
        let recorder = EventRecorder(coordinator)
        #expect(try coordinator.report(.poppedBackByUser(to: visible.id)) == nil)
        #expect(coordinator.tree == before)
        #expect(recorder.transitions.isEmpty)
        #expect(recorder.failures.isEmpty)
        // Another screen of a column that is not the top-most stack is still refused.
        let primary = try #require(coordinator.tree.split?.primary.first)
        expectRefusal(
            NavigationError.refused(
                .reportedScreenNotOnTop(primary.id, kind: .popTo, visible: visible.id)),
            leaving: coordinator
        ) {
            try coordinator.report(.poppedBackByUser(to: primary.id))
        }
    }

    @Test("the size class is the window's: a new split in a compact window is collapsed")
    func sizeClassBelongsToTheWindow() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let event = try #require(try coordinator.report(.sizeClassChanged(.compact)))
        #expect(event.kind == .sizeClass)
        #expect(coordinator.tree.root?.map(\.scene) == ["A1"])
        try coordinator.navigate(.split(primary: "A1", detail: "B1"))
        #expect(coordinator.tree.split?.isCollapsed == true)
        // A snapshot restored keeps it too.
        let snapshot = try coordinator.snapshot()
        try coordinator.navigate(.root(scene: "A2"))
        try coordinator.restore(snapshot)
        #expect(coordinator.tree.split?.isCollapsed == true)

        let empty = try makeCoordinator()
        expectRefusal(NavigationError.refused(.noRoot(.sizeClass)), leaving: empty) {
            try empty.report(.sizeClassChanged(.compact))
        }
        #expect(empty.tree.isEmpty)
        #expect(empty.tree.horizontalSizeClass == .regular)
    }

    @Test("a split round-trips through a package link and through a snapshot's JSON")
    func linksAndSnapshots() throws {
        let coordinator = try makeCoordinator(setup: [
            .split(
                primary: "A1", supplementary: "A2",
                detail: Destination("B1", parameters: ["id": "4"])),
            .push(scene: "B2"), .present(scene: "A1"),
        ])
        let link = try #require(try coordinator.link(format: Self.format))
        #expect(link == "app://open/[primary]A1/[supplementary]A2/[detail]B1;id=4/B2/+A1")
        let other = try makeCoordinator()
        try other.open(.deepLink(link, format: Self.format))
        #expect(other.tree.snapshot == coordinator.tree.snapshot)
        #expect(other.tree.split?.style == .tripleColumn)

        let data = try JSONEncoder().encode(try coordinator.snapshot())
        let decoded = try TreeSnapshot.decode(data)
        #expect(decoded.version == TreeSnapshot.currentVersion)
        #expect(decoded.split?.supplementary?.map(\.scene) == ["A2"])
        let restored = try makeCoordinator()
        try restored.restore(decoded)
        #expect(restored.tree.snapshot == coordinator.tree.snapshot)
        #expect(restored.tree.split?.detail.map(\.scene) == ["B1", "B2"])

        // A three-column split with an empty supplementary column, and an empty detail.
        let bare = try makeCoordinator(setup: [.split(primary: "A1", style: .tripleColumn)])
        let bareLink = try #require(try bare.link(format: Self.format))
        #expect(bareLink == "app://open/[primary,three-column]A1")
        let reopened = try makeCoordinator()
        try reopened.open(.deepLink(bareLink, format: Self.format))
        #expect(reopened.tree.snapshot == bare.tree.snapshot)
        #expect(reopened.tree.split?.supplementary?.isEmpty == true)
    }

    @Test("a split attribute out of place is a link problem, found before anything is built")
    func misplacedColumns() throws {
        let links: [(String, NavigationError.LinkProblem)] = [
            // a primary after the root
            ("app://open/A1/[primary]B1", .misplacedAttributes(position: 2)),
            // a detail without a primary
            ("app://open/[detail]B1", .misplacedAttributes(position: 1)),
            // out of order
            (
                "app://open/[primary]A1/[detail]B1/[supplementary]A2",
                .misplacedAttributes(position: 3)
            ),
            // twice
            ("app://open/[primary]A1/[detail]B1/[detail]B2", .misplacedAttributes(position: 3)),
            // a modal column
            ("app://open/[primary]A1/+[detail]B1", .misplacedAttributes(position: 2)),
            // two kinds of attribute
            ("app://open/[primary,full-screen]A1", .misplacedAttributes(position: 1)),
            // three-column off the primary
            ("app://open/[detail,three-column]A1", .misplacedAttributes(position: 1)),
            // a split among tabs
            ("app://open/[tab:home]A1/[primary]B1", .misplacedAttributes(position: 2)),
        ]
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        for (link, problem) in links {
            expectRefusal(NavigationError.link(.invalidLink(problem)), leaving: coordinator) {
                try coordinator.open(.deepLink(link, format: Self.format))
            }
        }
        #expect(coordinator.tree.scenes == [["A1"]])
    }

    @Test("a snapshot's split must have a primary screen and no other root")
    func badSnapshots() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let screen = TreeSnapshot.Screen(scene: "A1")
        var both = TreeSnapshot(split: .init(primary: [screen]))
        both.root = [screen]
        for (snapshot, problem) in [
            (TreeSnapshot(split: .init(primary: [])), NavigationError.SnapshotProblem.emptyStack),
            (both, .rootAndTabs),
        ] {
            expectRefusal(NavigationError.snapshot(problem), leaving: coordinator) {
                try coordinator.restore(snapshot)
            }
        }
        #expect(coordinator.tree.scenes == [["A1"]])
    }

    @Test("Mermaid draws a split as one subgraph per column, an empty column as one node")
    func mermaid() throws {
        let coordinator = try makeCoordinator(setup: [
            .split(primary: "A1", style: .tripleColumn), .present(scene: "B1"),
        ])
        let chart = MermaidRenderer.flowchart(for: coordinator.tree)
        #expect(
            chart == """
                flowchart LR
                    subgraph stack0["split"]
                        subgraph column1["primary"]
                            screen1["A1 #1"]
                        end
                        subgraph column2["supplementary"]
                            empty2["(empty)"]
                        end
                        subgraph column3["detail"]
                            empty3["(empty)"]
                        end
                    end
                    subgraph stack1["modal 1 (sheet)"]
                        screen2["B1 #2"]
                    end
                    screen1 -. presents .-> screen2
                    classDef visible stroke-width:3px
                    class screen2 visible
                """)
        // As a renderer, fenced for Markdown.
        var written: [String] = []
        let renderer = MermaidRenderer(fenced: true) { written.append($0) }
        renderer.renderCurrentTree(coordinator.tree)
        #expect(written == ["```mermaid\n\(chart)\n```"])
        try coordinator.navigate(.dismiss())
        try coordinator.report(.sizeClassChanged(.compact))
        #expect(
            MermaidRenderer.flowchart(for: coordinator.tree).contains(
                "stack0[\"split, collapsed\"]"))
    }

    @Test("the split's names read as the docs write them")
    func names() {
        #expect(
            ScreenSplit.Column.allCases.map { "\($0)" } == [
                "primary", "supplementary", "detail",
            ])
        #expect(ScreenSplit.Style.doubleColumn.description == "double-column")
        #expect(ScreenSplit.Style.tripleColumn.description == "triple-column")
        #expect(ScreenSplit.Style.tripleColumn.columns == [.primary, .supplementary, .detail])
        #expect("\(SizeClass.compact)" == "compact")
        #expect(
            PlatformReport.sizeClassChanged(.regular).description == "size-class-changed regular")
        #expect(TransitionEvent.Kind.sizeClass.description == "size-class")
        #expect(
            !TransitionEvent.Kind.sizeClass.addsScreen && TransitionEvent.Kind.showDetail.addsScreen
        )
    }

    @Test("a version 3 snapshot's split is read within the limits, its columns counted")
    func snapshotLimits() throws {
        let screen = TreeSnapshot.Screen(scene: "A1")
        let three = TreeSnapshot(
            split: .init(primary: [screen], supplementary: [], detail: [screen, screen]))
        #expect(three.stackCount == 3 && three.screenCount == 3)
        #expect(TreeSnapshot(split: .init(primary: [screen])).stackCount == 2)
        // A split without its columns' keys: an empty primary, refused on restore.
        let bare = try TreeSnapshot.decode(Array(#"{"version":3,"split":{}}"#.utf8))
        #expect(bare.split == TreeSnapshot.Split(primary: []))
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        expectRefusal(NavigationError.snapshot(.emptyStack), leaving: coordinator) {
            try coordinator.restore(bare)
        }
        // Over the screens' limit, counted as the columns are read: 512 are read, 513 are not.
        func json(_ count: Int) -> [UInt8] {
            let screens = Array(repeating: #"{"scene":"A1","parameters":{}}"#, count: count)
            return Array(
                #"{"version":3,"split":{"primary":[\#(screens.joined(separator: ","))]}}"#.utf8)
        }
        #expect(try TreeSnapshot.decode(json(512)).split?.primary.count == 512)
        // The decoder stops at the 513th screen; decode says why, in the snapshot's words.
        #expect(
            throws: NavigationError.snapshot(
                .unreadable(reason: "The snapshot holds too many screens"))
        ) {
            try TreeSnapshot.decode(json(513))
        }
    }

    @Test("collapsed, a back report to the visible screen changes nothing")
    func collapsedBackToVisible() throws {
        let coordinator = try makeCoordinator(setup: Self.twoColumns)
        try coordinator.report(.sizeClassChanged(.compact))
        let visible = try #require(coordinator.tree.visibleScreen)
        let before = coordinator.tree
        #expect(try coordinator.report(.poppedBackByUser(to: visible.id)) == nil)
        #expect(coordinator.tree == before)
    }

    @Test("an asynchronous guard is asked about each column's scene and each selection")
    func asynchronousGuards() async throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        coordinator.addGuard(
            AsyncNavigationGuard("server", appliesTo: { $0.scene == "B2" }) { _ in
                .reject(reason: "not yet")
            })
        await expectRefusal(
            NavigationError.guarded(
                .rejectedByGuard(
                    name: "server", kind: .split, scene: "B2", reason: "not yet")),
            leaving: coordinator
        ) {
            try await coordinator.navigateWhenAllowed(
                .split(primary: "A1", supplementary: "B2", detail: "B1"))
        }
        #expect(coordinator.tree.root?.map(\.scene) == ["A1"])
        try await coordinator.navigateWhenAllowed(.split(primary: "A1", detail: "B1"))
        await expectRefusal(
            NavigationError.guarded(
                .rejectedByGuard(
                    name: "server", kind: .showDetail, scene: "B2", reason: "not yet")),
            leaving: coordinator
        ) {
            try await coordinator.navigateWhenAllowed(.showDetail("B2"))
        }
        #expect(coordinator.tree.split?.detail.map(\.scene) == ["B1"])
        try await coordinator.navigateWhenAllowed(.showDetail("A2"))
        #expect(coordinator.tree.split?.detail.map(\.scene) == ["A2"])
    }
}
