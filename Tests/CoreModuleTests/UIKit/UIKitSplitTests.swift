#if os(Linux)
    import CoreModule
    import SceneRouterUIKit
    import SceneRouterUIKitStandIn
    import Testing

    @MainActor
    @Suite("UIKit adapter: a split root, collapsed and expanded")
    struct UIKitSplitTests {
        func shown(_ setup: [ApplicationTransitionType] = []) throws -> StandInWindow {
            StandInWindow(try makeCoordinator(setup: setup))
        }

        /// The navigation controllers of the tree's split columns, leading first.
        func columnNavigations(_ shown: StandInWindow) throws -> [UINavigationController] {
            let split = try #require(shown.coordinator.tree.split)
            return try split.columns.map {
                try #require(shown.renderer.navigationController(for: $0.id))
            }
        }

        // MARK: Steps

        @Test("each column keeps its navigation controller across steps; empty shows a placeholder")
        func columnSteps() throws {
            let shown = try shown([.split(primary: "A1")])
            shown.settle()
            let split = try #require(shown.window.rootViewController as? UISplitViewController)
            let navigations = try columnNavigations(shown)
            #expect(
                shown.testing.hierarchy == [
                    "window",
                    "└─ UISplitViewController (doubleColumn, expanded)",
                    "   ├─ primary: UINavigationController: \"A1 #1\"",
                    "   ├─ secondary: UINavigationController: UIViewController",
                    "   ├─ compact: UINavigationController: (empty)",
                ])
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")

            let steps: [(ApplicationTransitionType, String)] = [
                (.showDetail("B1"), "\"B1 #2\""),
                (.push(scene: "B2"), "\"B1 #2\" › \"B2 #3\""),
                (.pop(), "\"B1 #2\""),
                (.setStack(["A2", "B2"]), "\"A2 #4\" › \"B2 #5\""),
                (.replace(scene: "B1"), "\"A2 #4\" › \"B1 #6\""),
                (.showDetail("A2"), "\"A2 #7\""),
            ]
            for (request, detail) in steps {
                try shown.coordinator.navigate(request)
                shown.settle()
                #expect(shown.mismatch() == nil, "\(request): \(shown.hierarchy)")
                #expect(
                    shown.testing.hierarchy[3]
                        == "   ├─ secondary: UINavigationController: \(detail)",
                    "\(request)")
                #expect(
                    try columnNavigations(shown).map(ObjectIdentifier.init)
                        == navigations.map(ObjectIdentifier.init))
                #expect(shown.window.rootViewController === split)
                #expect(split.viewController(for: .primary) === navigations[0])
                #expect(split.viewController(for: .secondary) === navigations[1])
            }
            #expect(shown.testing.violations.isEmpty)
        }

        @Test("three columns: a supplementary selection empties the detail, its placeholder kept")
        func threeColumns() throws {
            var placeholders: [ScreenSplit.Column] = []
            let coordinator = try makeCoordinator(setup: [
                .split(primary: "A1", supplementary: "A2", detail: "B1")
            ])
            let window = UIWindow()
            let renderer = UIKitRenderer(
                window: window, coordinator: coordinator,
                placeholder: { column in
                    placeholders.append(column)
                    let controller = UIViewController()
                    controller.title = "no \(column)"
                    return controller
                })
            let token = coordinator.attach(renderer)
            #expect(
                window.testing.hierarchy == [
                    "window",
                    "└─ UISplitViewController (tripleColumn, expanded)",
                    "   ├─ primary: UINavigationController: \"A1\"",
                    "   ├─ supplementary: UINavigationController: \"A2\"",
                    "   ├─ secondary: UINavigationController: \"B1\"",
                    "   ├─ compact: UINavigationController: (empty)",
                ])
            try coordinator.navigate(.showSupplementary("B2"))
            window.testing.finishAnimations()
            #expect(
                window.testing.hierarchy[3] == "   ├─ supplementary: UINavigationController: \"B2\""
            )
            #expect(
                window.testing.hierarchy[4]
                    == "   ├─ secondary: UINavigationController: \"no detail\"")
            try coordinator.navigate(.showDetail("A1"))
            try coordinator.navigate(.showSupplementary("A2"))
            window.testing.finishAnimations()
            // One placeholder per column, made once.
            #expect(placeholders == [.detail])
            #expect(window.testing.violations.isEmpty)
            token.cancel()
        }

        @Test("a modal over a split is presented by the split view controller")
        func presentOverSplit() throws {
            let shown = try shown([.split(primary: "A1", detail: "B1"), .present(scene: "B2")])
            shown.settle()
            let split = try #require(shown.window.rootViewController as? UISplitViewController)
            let presented = try #require(split.presentedViewController)
            #expect(presented.presentingViewController === split)
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            // The window narrows under the sheet: the split collapses behind it.
            #expect(shown.testing.simulateSizeClass(compact: true))
            #expect(shown.coordinator.tree.split?.isCollapsed == true)
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            #expect(shown.testing.simulateSwipeDown())
            #expect(shown.coordinator.tree.modals.isEmpty)
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
        }

        // MARK: Size classes

        @Test("collapsing and expanding are reported; the screens move, the columns stay")
        func collapseAndExpand() throws {
            let shown = try shown([.split(primary: "A1", detail: "B1"), .push(scene: "B2")])
            shown.settle()
            let recorder = EventRecorder(shown.coordinator)
            let navigations = try columnNavigations(shown)

            #expect(shown.testing.simulateSizeClass(compact: true))
            #expect(recorder.kinds == [.sizeClass])
            #expect(recorder.transitions.allSatisfy { $0.plan.isEmpty })
            #expect(shown.coordinator.tree.horizontalSizeClass == .compact)
            #expect(
                shown.testing.hierarchy == [
                    "window",
                    "└─ UISplitViewController (doubleColumn, collapsed)",
                    "   ├─ primary: UINavigationController: (empty)",
                    "   ├─ secondary: UINavigationController: (empty)",
                    "   ├─ compact: UINavigationController: \"A1 #1\" › \"B1 #2\" › \"B2 #3\"",
                ])
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            // The same size class again: nothing happens.
            #expect(!shown.testing.simulateSizeClass(compact: true))
            #expect(recorder.kinds == [.sizeClass])

            // Collapsed, a push goes to the one stack the user sees.
            try shown.coordinator.navigate(.push(scene: "A2", animated: true))
            #expect(shown.testing.runningAnimations.count == 1)
            shown.settle()
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")

            #expect(shown.testing.simulateSizeClass(compact: false))
            #expect(recorder.kinds == [.sizeClass, .push, .sizeClass])
            #expect(shown.coordinator.tree.split?.isCollapsed == false)
            #expect(
                shown.testing.hierarchy[3]
                    == "   ├─ secondary: UINavigationController: \"B1 #2\" › \"B2 #3\" › \"A2 #4\"")
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            #expect(
                try columnNavigations(shown).map(ObjectIdentifier.init)
                    == navigations.map(ObjectIdentifier.init))
        }

        @Test("a split made in a compact window starts collapsed, and the tree learns it")
        func splitInCompactWindow() throws {
            let shown = try shown([.root(scene: "A1")])
            // No split yet: the window narrows, nobody reports it.
            #expect(!shown.testing.simulateSizeClass(compact: true))
            #expect(shown.coordinator.tree.horizontalSizeClass == .regular)
            try shown.coordinator.navigate(.split(primary: "A1", detail: "B1"))
            shown.settle()
            #expect(shown.coordinator.tree.horizontalSizeClass == .compact)
            #expect(shown.coordinator.tree.split?.isCollapsed == true)
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
        }

        // MARK: Gestures while collapsed

        @Test("collapsed, a back swipe from the detail's first screen goes back to the list")
        func collapsedBackFromDetail() throws {
            let shown = try shown([.split(primary: "A1", detail: "B1")])
            shown.settle()
            #expect(shown.testing.simulateSizeClass(compact: true))
            let primary = try #require(shown.coordinator.tree.split?.primary.last)
            let recorder = EventRecorder(shown.coordinator)

            #expect(shown.testing.simulateBackSwipe(completed: false))
            #expect(recorder.events.isEmpty)
            #expect(shown.testing.simulateBackSwipe())
            let event = try #require(recorder.transitions.first)
            #expect(recorder.transitions.count == 1)
            #expect(event.kind == .pop)
            #expect(event.to.screen == primary.id)
            #expect(event.isUserInitiated && event.plan.isEmpty)
            #expect(shown.coordinator.tree.split?.detail.isEmpty == true)
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            // Nothing left to go back to.
            #expect(!shown.testing.simulateBackSwipe())

            // Expanded again, the emptied detail shows its placeholder.
            #expect(shown.testing.simulateSizeClass(compact: false))
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            #expect(
                shown.testing.hierarchy[3]
                    == "   ├─ secondary: UINavigationController: UIViewController")
        }

        @Test("collapsed, the Back button's menu goes back across columns: one report")
        func collapsedBackAcrossColumns() throws {
            let shown = try shown([
                .split(primary: "A1", supplementary: "A2", detail: "B1"), .push(scene: "B2"),
            ])
            shown.settle()
            #expect(shown.testing.simulateSizeClass(compact: true))
            let first = try #require(shown.coordinator.tree.split?.primary.first)
            let recorder = EventRecorder(shown.coordinator)

            #expect(shown.testing.simulateBackSwipe())
            #expect(shown.coordinator.tree.split?.detail.map(\.scene) == ["B1"])
            #expect(shown.testing.simulateBackButtonMenu(popTo: 0))
            shown.settle()
            #expect(recorder.kinds == [.pop, .popTo])
            #expect(recorder.transitions.last?.to.screen == first.id)
            let split = try #require(shown.coordinator.tree.split)
            #expect(split.supplementary?.isEmpty == true && split.detail.isEmpty)
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")

            #expect(shown.testing.simulateSizeClass(compact: false))
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
        }

        @Test("collapsed, a back swipe the coordinator refuses puts the columns back on screen")
        func refusedCollapsedBack() throws {
            let shown = try shown([.split(primary: "A1", detail: "B1")])
            shown.settle()
            #expect(shown.testing.simulateSizeClass(compact: true))
            // The report comes in the middle of a navigation, which the coordinator refuses.
            let testing = shown.testing
            try shown.coordinator.container.assemble(
                contentsOf: [
                    SceneBuilder("Swiper") { context in
                        #expect(testing.simulateBackSwipe())
                        return StubScreen(context: context)
                    }
                ], policy: .rejectDuplicates)
            let recorder = EventRecorder(shown.coordinator)
            try shown.coordinator.navigate(.push(scene: "Swiper"))
            #expect(recorder.failures.count == 1)
            #expect(recorder.kinds == [.push])
            #expect(shown.coordinator.tree.split?.detail.map(\.scene) == ["B1", "Swiper"])
            shown.settle()
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
        }

        @Test("collapsed, requests change the one stack: a selection, a pop across columns")
        func collapsedRequests() throws {
            let shown = try shown([.split(primary: "A1", supplementary: "A2", detail: "B1")])
            shown.settle()
            #expect(shown.testing.simulateSizeClass(compact: true))
            let requests: [ApplicationTransitionType] = [
                .showSupplementary("B2"), .showDetail("A1"), .push(scene: "B1"), .pop(),
                .popToRoot(), .showDetail("B2"), .setStack(["A1", "A2"]), .replace(scene: "B1"),
                .pop(), .pop(),
            ]
            for request in requests {
                try shown.coordinator.navigate(request)
                shown.settle()
                #expect(shown.mismatch() == nil, "\(request): \(shown.hierarchy)")
            }
            #expect(shown.testing.simulateSizeClass(compact: false))
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
        }

        @Test("expanded, a back swipe goes back in the detail column only")
        func expandedBackSwipe() throws {
            let shown = try shown([.split(primary: "A1", detail: "B1"), .push(scene: "B2")])
            shown.settle()
            let recorder = EventRecorder(shown.coordinator)
            let detail = try #require(shown.coordinator.tree.split?.detail)
            #expect(shown.testing.simulateBackSwipe())
            #expect(recorder.transitions.map(\.to.screen) == [detail[0].id])
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            // The detail's first screen stays while the columns show side by side.
            #expect(!shown.testing.simulateBackSwipe())
            #expect(shown.coordinator.tree.split?.detail.count == 1)
        }

        @Test("the model-based property test's gestures for split reports: size class, back")
        func propertyTestGestures() throws {
            let shown = try shown([.split(primary: "A1", detail: "B1"), .push(scene: "B2")])
            shown.settle()
            var random = SeededRandom(seed: 1)
            let compact = Gesture.for(.sizeClassChanged(.compact), shown.coordinator.tree, &random)
            #expect(compact.possible)
            let (performed, reports) = compact.perform(on: shown.testing)
            #expect(performed && reports == [.sizeClassChanged(.compact)])
            #expect(shown.coordinator.tree.split?.isCollapsed == true)
            // The same size class again is no gesture.
            let again = Gesture.for(.sizeClassChanged(.compact), shown.coordinator.tree, &random)
            #expect(!again.possible)

            // Collapsed, back from the detail's first screen goes to the primary's.
            try shown.coordinator.navigate(.pop())
            shown.settle()
            let primary = try #require(shown.coordinator.tree.split?.primary.last)
            // A back swipe or the Back button's menu: both go back to the primary's screen.
            let gesture = Gesture.for(
                .poppedBackByUser(to: primary.id), shown.coordinator.tree, &random)
            #expect(gesture.possible, "\(gesture)")
            let (swiped, expected) = gesture.perform(on: shown.testing)
            #expect(swiped && expected == [.poppedBackByUser(to: primary.id)])
            #expect(shown.coordinator.tree.split?.detail.isEmpty == true)
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
        }

        // MARK: The stand-in's own split view controller

        /// Records what a split view controller asks and tells its delegate.
        @MainActor
        final class SplitDelegateSpy: UISplitViewControllerDelegate {
            var calls: [String] = []
            var topColumn: UISplitViewController.Column?

            func splitViewController(
                _ svc: UISplitViewController,
                topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController
                    .Column
            ) -> UISplitViewController.Column {
                calls.append("top column? \(proposedTopColumn)")
                return topColumn ?? proposedTopColumn
            }

            func splitViewController(
                _ svc: UISplitViewController,
                displayModeForExpandingToProposedDisplayMode proposedDisplayMode:
                    UISplitViewController.DisplayMode
            ) -> UISplitViewController.DisplayMode {
                calls.append("display mode? \(proposedDisplayMode)")
                return proposedDisplayMode
            }

            func splitViewControllerDidCollapse(_ svc: UISplitViewController) {
                calls.append("did collapse")
            }

            func splitViewControllerDidExpand(_ svc: UISplitViewController) {
                calls.append("did expand")
            }
        }

        func titled(_ title: String) -> UIViewController {
            let controller = UIViewController()
            controller.title = title
            return controller
        }

        @Test("stand-in: without a compact column, collapsing stacks the columns on the primary")
        func standInStacksColumns() {
            let window = UIWindow()
            let split = UISplitViewController(style: .tripleColumn)
            let spy = SplitDelegateSpy()
            split.delegate = spy
            let navigations = (0..<3).map { _ in UINavigationController() }
            navigations[0].viewControllers = [titled("Mailboxes")]
            navigations[1].viewControllers = [titled("Inbox")]
            navigations[2].viewControllers = [titled("Message"), titled("Attachment")]
            split.setViewController(navigations[0], for: .primary)
            split.setViewController(navigations[1], for: .supplementary)
            split.setViewController(navigations[2], for: .secondary)
            window.rootViewController = split

            #expect(window.testing.simulateSizeClass(compact: true))
            #expect(spy.calls == ["top column? secondary", "did collapse"])
            #expect(split.isCollapsed)
            // UIKit shows the secondary column on top: the columns' navigation controllers are
            // pushed onto the primary's, and stay the columns' view controllers.
            #expect(navigations[0].viewControllers.count == 3)
            #expect(navigations[0].viewControllers.last === navigations[2])
            #expect(split.viewController(for: .secondary) === navigations[2])
            #expect(window.testing.visibleNavigationController === navigations[2])
            #expect(
                window.testing.hierarchy[2]
                    == "   ├─ primary: UINavigationController: \"Mailboxes\" › "
                    + "UINavigationController[\"Inbox\"] › "
                    + "UINavigationController[\"Message\" › \"Attachment\"]")

            // Back in the secondary's own stack, then off the primary's from its first screen:
            // the secondary keeps its stack.
            #expect(window.testing.simulateBackSwipe())
            #expect(navigations[2].viewControllers.count == 1)
            #expect(window.testing.simulateBackSwipe())
            #expect(navigations[0].viewControllers.count == 2)
            #expect(navigations[2].viewControllers.map(\.title) == ["Message"])
            #expect(window.testing.visibleNavigationController === navigations[1])

            // show(_:) pushes a column back, hide(_:) pops the top one only.
            split.show(.secondary)
            window.testing.finishAnimations()
            #expect(navigations[0].viewControllers.last === navigations[2])
            split.hide(.supplementary)  // not on top: ignored
            split.hide(.primary)  // never
            #expect(navigations[0].viewControllers.count == 3)
            split.hide(.secondary)
            window.testing.finishAnimations()
            #expect(navigations[0].viewControllers.count == 2)
            split.show(.primary)  // pops the columns covering it
            window.testing.finishAnimations()
            #expect(navigations[0].viewControllers.map(\.title) == ["Mailboxes"])

            #expect(window.testing.simulateSizeClass(compact: false))
            #expect(spy.calls.suffix(2) == ["display mode? automatic", "did expand"])
            #expect(navigations[0].viewControllers.map(\.title) == ["Mailboxes"])
            #expect(split.viewController(for: .supplementary) === navigations[1])
            #expect(window.testing.violations.isEmpty)
        }

        @Test("stand-in: the delegate's top column decides what is stacked; a compact column wins")
        func standInTopColumnAndCompact() {
            let window = UIWindow()
            let split = UISplitViewController(style: .doubleColumn)
            let spy = SplitDelegateSpy()
            spy.topColumn = .primary
            split.delegate = spy
            let primary = UINavigationController()
            primary.viewControllers = [titled("List")]
            let secondary = UINavigationController()
            secondary.viewControllers = [titled("Detail")]
            split.setViewController(primary, for: .primary)
            split.setViewController(secondary, for: .secondary)
            window.rootViewController = split
            #expect(window.testing.simulateSizeClass(compact: true))
            #expect(primary.viewControllers.map(\.title) == ["List"])
            #expect(window.testing.simulateSizeClass(compact: false))

            let compact = UINavigationController()
            compact.viewControllers = [titled("All")]
            split.setViewController(compact, for: .compact)
            spy.topColumn = nil
            #expect(window.testing.simulateSizeClass(compact: true))
            #expect(primary.viewControllers.map(\.title) == ["List"])
            #expect(window.testing.visibleNavigationController === compact)
            #expect(window.testing.violations.isEmpty)
        }
    }
#endif
