#if os(Linux)
    import CoreModule
    import SceneRouterUIKit
    import SceneRouterUIKitStandIn
    import Testing

    @MainActor
    @Suite("UIKit adapter: plans become UIKit calls, gestures become reports")
    struct UIKitRendererTests {
        static let format = DeepLinkFormat(scheme: "app")
        static let tabs: ApplicationTransitionType = .tabs(
            [TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "home")

        func shown(_ setup: [ApplicationTransitionType] = []) throws -> StandInWindow {
            StandInWindow(try makeCoordinator(setup: setup))
        }

        // MARK: Steps to UIKit calls

        @Test("attached to a coordinator that already shows screens, it builds the window")
        func attachShowsCurrentTree() throws {
            let shown = try shown([
                Self.tabs, .push(scene: "A2"), .present(scene: "B2", style: .fullScreenCover),
            ])
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            #expect(
                shown.testing.hierarchy == [
                    "window",
                    "└─ UITabBarController",
                    "   ├─ tab 0, selected: UINavigationController: \"A1 #1\" › \"A2 #3\"",
                    "   ├─ tab 1: UINavigationController: \"B1 #2\"",
                    "   └─ presents (fullScreen, modal): UINavigationController: \"B2 #4\"",
                ])
        }

        @Test("a deep link replacing a modal chain dismisses it, then presents the link's")
        func deepLinkReplacesModalChain() throws {
            let shown = try shown([
                Self.tabs, .present(scene: "B2"), .present(scene: "A2", style: .fullScreenCover),
            ])
            shown.settle()
            let old = try #require(shown.window.rootViewController?.presentedViewController)

            // A stack-only link over the tab root: tab "home" gets the link's stack, the
            // modals leave, the link's modal comes.
            let event = try #require(
                try shown.coordinator.open(.deepLink("app://open/A1/A2/+B1", format: Self.format))?
                    .transition)
            #expect(event.plan.steps.count == 3)
            shown.settle()
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            #expect(shown.window.rootViewController?.presentedViewController !== old)
            #expect(old.presentingViewController == nil)
        }

        @Test("a present after an animated dismissal waits until the dismissal has ended")
        func presentWaitsForDismissal() throws {
            let shown = try shown([.root(scene: "A1"), .present(scene: "B1")])
            shown.settle()
            let old = try #require(shown.window.rootViewController?.presentedViewController)
            try shown.coordinator.navigate(.dismiss(animated: true))
            try shown.coordinator.navigate(.present(scene: "B2", animated: true))
            #expect(shown.testing.runningAnimations.count == 1)
            #expect(shown.testing.runningAnimations.first?.hasPrefix("dismiss") == true)
            // The dismissal is still animating: the old sheet is there, nothing new presented.
            #expect(shown.window.rootViewController?.presentedViewController === old)

            #expect(shown.testing.finishNextAnimation())
            #expect(shown.testing.runningAnimations.first?.hasPrefix("present") == true)
            shown.settle()
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
        }

        @Test("modal over modal: each presented from the one below, dismissed in one call")
        func modalOverModal() throws {
            let shown = try shown([.root(scene: "A1")])
            try shown.coordinator.navigate(.present(scene: "B1"))
            try shown.coordinator.navigate(.push(scene: "B2"))
            try shown.coordinator.navigate(
                .present(scene: "A2", style: .sheet(detents: [.medium, .large])))
            try shown.coordinator.navigate(.present(scene: "A1", style: .popover(anchor: "share")))
            shown.settle()
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            let popover = try #require(shown.testing.topViewController)
            #expect(popover.popoverPresentationController?.sourceView === shown.shareButton)

            try shown.coordinator.navigate(.dismissAll(animated: true))
            #expect(shown.testing.runningAnimationCount == 1)
            shown.settle()
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
        }

        @Test("a popover whose anchor the app does not know points at the presenting screen")
        func popoverWithUnknownAnchor() throws {
            let shown = try shown([.root(scene: "A1")])
            try shown.coordinator.navigate(.present(scene: "B1", style: .popover(anchor: "menu")))
            shown.settle()
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            let popover = try #require(shown.testing.topViewController)
            #expect(
                popover.popoverPresentationController?.sourceView
                    === shown.window.rootViewController?.view)
        }

        @Test("a tab switch under a modal selects the tab behind it, and taps stay refused")
        func tabSwitchUnderModal() throws {
            let shown = try shown([Self.tabs, .present(scene: "B2")])
            shown.settle()
            let event = try #require(try shown.coordinator.navigate(.selectTab("more")))
            shown.settle()
            #expect(shown.mismatch() == nil, "\(shown.hierarchy) after \(event.plan)")
            // The modal covers the tab bar: the user cannot tap it.
            #expect(!shown.testing.simulateTabTap(0))
            #expect(shown.coordinator.tree.selectedTab == shown.coordinator.tree.tabs[1].name)
        }

        @Test(
            "a tab added or removed at run time: the other tabs keep their navigation controllers")
        func tabSetChanges() throws {
            let shown = try shown([Self.tabs, .push(scene: "A2")])
            shown.settle()
            let tabs = try #require(shown.window.rootViewController as? UITabBarController)
            let before = tabs.viewControllers ?? []
            try shown.coordinator.navigate(.addTab(TabItem("inbox", scene: "B2"), at: 1))
            shown.settle()
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            let added = tabs.viewControllers ?? []
            #expect(added.count == 3)
            #expect(added[0] === before[0] && added[2] === before[1])
            #expect(added[1].tabBarItem.title == "inbox")
            #expect(shown.window.rootViewController === tabs)

            try shown.coordinator.navigate(.removeTab("home"))
            shown.settle()
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            #expect(
                (tabs.viewControllers ?? []).map { $0 === added[1] || $0 === added[2] } == [
                    true, true,
                ])
            #expect(tabs.selectedIndex == 0)
            // The user's tap on a tab still names the right one.
            #expect(shown.testing.simulateTabTap(1))
            #expect(shown.coordinator.tree.selectedTab == "more")
        }

        // MARK: Gestures to reports

        @Test("a back swipe reports the pop; a cancelled one reports nothing")
        func backSwipe() throws {
            let shown = try shown([.root(scene: "A1"), .push(scene: "A2"), .push(scene: "B1")])
            let recorder = EventRecorder(shown.coordinator)
            shown.settle()

            #expect(shown.testing.simulateBackSwipe(completed: false))
            #expect(recorder.events.isEmpty)
            #expect(shown.coordinator.tree.scenes == [["A1", "A2", "B1"]])
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")

            #expect(shown.testing.simulateBackSwipe())
            #expect(recorder.transitions.map(\.kind) == [.pop])
            #expect(recorder.transitions.first?.initiator == .user)
            #expect(shown.coordinator.tree.scenes == [["A1", "A2"]])
            shown.settle()
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
        }

        @Test("a back swipe the coordinator refuses puts the tree's stack back on screen")
        func refusedBackSwipeIsUndone() throws {
            let shown = try shown([.root(scene: "A1"), .push(scene: "A2")])
            shown.settle()
            // A screen whose builder runs while the user swipes back: the report comes in the
            // middle of a navigation, which the coordinator refuses.
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
            if case .misuse(.reentrantNavigation) = recorder.failures.first?.error {
            } else {
                Issue.record("expected the report to be refused: \(recorder.failures)")
            }
            #expect(shown.coordinator.tree.scenes == [["A1", "A2", "Swiper"]])
            shown.settle()
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
        }

        @Test("the Back button's menu pops several screens: one report, one event")
        func backButtonMenu() throws {
            let shown = try shown([
                .root(scene: "A1"), .push(scene: "A2"), .push(scene: "B1"), .push(scene: "B2"),
            ])
            let recorder = EventRecorder(shown.coordinator)
            shown.settle()
            let screens = shown.coordinator.tree.screens.map(\.id)
            #expect(shown.testing.simulateBackButtonMenu(popTo: 0))
            #expect(recorder.events.isEmpty)  // UIKit tells the delegate when the pop ends
            shown.settle()
            let event = try #require(recorder.transitions.first)
            #expect(recorder.transitions.count == 1)
            #expect(event.kind == .popTo)
            #expect(event.from?.screen == screens[3])
            #expect(event.to.screen == screens[0])
            #expect(event.removedCount == 3)
            #expect(event.isUserInitiated && event.plan.isEmpty)
            #expect(shown.coordinator.tree.scenes == [["A1"]])
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
        }

        @Test("the renderer's own stack changes are never reported as the user's")
        func ownChangesAreNotReported() throws {
            let shown = try shown([.root(scene: "A1"), .push(scene: "A2"), .push(scene: "B1")])
            let recorder = EventRecorder(shown.coordinator)
            try shown.coordinator.navigate(.pop(animated: true))
            try shown.coordinator.navigate(.popToRoot(animated: false))
            shown.settle()
            #expect(recorder.kinds == [.pop, .popToRoot])
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
        }

        @Test("a sheet dragged down reports the dismissal; a non-swipeable one is refused")
        func swipeDown() throws {
            let shown = try shown([.root(scene: "A1")])
            try shown.coordinator.navigate(.present(scene: "B1"))
            try shown.coordinator.navigate(
                .present(scene: "B2", style: .sheet(interactiveDismissal: false)))
            let recorder = EventRecorder(shown.coordinator)
            shown.settle()

            #expect(!shown.testing.simulateSwipeDown())
            #expect(recorder.events.isEmpty)
            #expect(shown.coordinator.tree.modalCount == 2)

            try shown.coordinator.navigate(.dismiss())
            shown.settle()
            #expect(shown.testing.simulateSwipeDown())
            #expect(recorder.transitions.last?.kind == .dismiss)
            #expect(recorder.transitions.last?.initiator == .user)
            #expect(shown.coordinator.tree.modalCount == 0)
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
        }

        @Test("a full-screen cover cannot be dragged down")
        func coverRefusesSwipeDown() throws {
            let shown = try shown([
                .root(scene: "A1"), .present(scene: "B1", style: .fullScreenCover),
            ])
            shown.settle()
            #expect(!shown.testing.simulateSwipeDown())
            #expect(shown.coordinator.tree.modalCount == 1)
        }

        @Test("a tab tap reports the selection; a re-tap pops the tab to its first screen")
        func tabTaps() throws {
            let shown = try shown([Self.tabs, .push(scene: "A2"), .push(scene: "B2")])
            let recorder = EventRecorder(shown.coordinator)
            shown.settle()

            #expect(shown.testing.simulateTabTap(1))
            #expect(recorder.transitions.map(\.kind) == [.selectTab])
            #expect(shown.coordinator.tree.selectedTab == "more")
            #expect(shown.testing.simulateTabTap(0))
            #expect(shown.testing.simulateTabTap(0))
            shown.settle()
            #expect(recorder.transitions.map(\.kind) == [.selectTab, .selectTab, .popToRoot])
            #expect(recorder.transitions.allSatisfy { $0.isUserInitiated })
            #expect(shown.coordinator.tree.scenes == [["A1"], ["B1"]])
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
        }

        // MARK: Screens and view controllers

        @Test(
            "each tab's navigation controller carries a tab bar item: the tab's name, or the app's")
        func tabBarItems() throws {
            let coordinator = try makeCoordinator(setup: [Self.tabs])
            func items(
                _ renderer: (UIWindow) -> UIKitRenderer
            ) throws -> [(title: String?, tag: Int)] {
                let window = UIWindow()
                let token = coordinator.attach(renderer(window))
                defer { token.cancel() }
                let tabs = try #require(window.rootViewController as? UITabBarController)
                return (tabs.viewControllers ?? []).map { ($0.tabBarItem.title, $0.tabBarItem.tag) }
            }
            let byDefault = try items { UIKitRenderer(window: $0, coordinator: coordinator) }
            #expect(byDefault.map(\.title) == ["home", "more"])
            let image = UIImage()
            let custom = try items { window in
                UIKitRenderer(
                    window: window, coordinator: coordinator,
                    tabBarItem: { name in
                        UITabBarItem(title: "Tab \(name)", image: image, tag: name.count)
                    })
            }
            #expect(custom.map(\.title) == ["Tab home", "Tab more"])
            #expect(custom.map(\.tag) == [4, 4])
        }

        @Test("a screen whose content is a view controller is shown as that view controller")
        func contentIsTheViewController() throws {
            let container = DependencyContainer()
            try container.assemble(
                contentsOf: [
                    SceneBuilder("A1") { context in
                        let controller = UIViewController()
                        controller.title = "made by A1's module"
                        return controller
                    }
                ])
            let coordinator = AppCoordinator(container: container)
            let window = UIWindow()
            let renderer = UIKitRenderer(window: window, coordinator: coordinator)
            let token = coordinator.attach(renderer)
            defer { token.cancel() }
            try coordinator.navigate(.root(scene: "A1"))
            let screen = try #require(coordinator.tree.visibleScreen)
            let controller = try #require(renderer.viewController(for: screen.id))
            #expect(controller === screen.content)
            #expect(
                (window.rootViewController as? UINavigationController)?.viewControllers.first
                    === controller)
        }

        @Test("view controllers of screens that left are let go once the player is idle")
        func leftScreensAreDropped() throws {
            let shown = try shown([.root(scene: "A1"), .push(scene: "A2")])
            let pushed = try #require(shown.coordinator.tree.visibleScreen)
            #expect(shown.renderer.viewController(for: pushed.id) != nil)
            try shown.coordinator.navigate(.pop(animated: true))
            #expect(shown.renderer.viewController(for: pushed.id) != nil)  // still animating
            shown.settle()
            try shown.coordinator.navigate(.push(scene: "B1", animated: false))
            #expect(shown.renderer.viewController(for: pushed.id) == nil)
        }
    }

    @MainActor
    @Suite("UIKit stand-in: UIKit's presentation rules are recorded, not dropped silently")
    struct UIKitStandInRuleTests {
        func windowWithRoot() -> (UIWindow, UINavigationController) {
            let window = UIWindow()
            let root = UINavigationController()
            root.setViewControllers([UIViewController()], animated: false)
            window.rootViewController = root
            return (window, root)
        }

        @Test("presenting from a controller that is presenting is refused and recorded")
        func presentingWhilePresenting() {
            let (window, root) = windowWithRoot()
            root.present(UIViewController(), animated: false)
            var completed = false
            root.present(UIViewController(), animated: false) { completed = true }
            #expect(!completed)
            #expect(window.testing.violations.map(\.rule) == [.presentingWhilePresenting])
        }

        @Test("presenting while a dismissal animates is refused and recorded")
        func presentingDuringDismissal() {
            let (window, root) = windowWithRoot()
            root.present(UIViewController(), animated: false)
            root.dismiss(animated: true)
            root.present(UIViewController(), animated: true)
            #expect(window.testing.violations.map(\.rule) == [.presentingDuringTransition])
            window.testing.finishAnimations()
            root.present(UIViewController(), animated: true)
            #expect(window.testing.violations.count == 1)
        }

        @Test("presenting from a controller that is not in the window is refused and recorded")
        func presenterNotInWindow() {
            let (window, root) = windowWithRoot()
            window.rootViewController = UINavigationController()
            root.present(UIViewController(), animated: false)
            #expect(window.testing.violations.map(\.rule) == [.presenterNotInWindow])
        }

        @Test("pushing an instance already in a stack is refused and recorded")
        func pushingTwice() {
            let (window, root) = windowWithRoot()
            let screen = UIViewController()
            root.setViewControllers([screen, screen], animated: false)
            let other = UINavigationController()
            root.present(other, animated: false)
            other.setViewControllers([root.viewControllers[0]], animated: false)
            #expect(
                window.testing.violations.map(\.rule) == [
                    .pushingInstanceAlreadyInStack, .pushingInstanceAlreadyInStack,
                ])
            #expect(root.viewControllers.count == 1)
        }

        @Test("a popover without a source view is refused and recorded")
        func popoverWithoutSource() {
            let (window, root) = windowWithRoot()
            let popover = UIViewController()
            popover.modalPresentationStyle = .popover
            root.present(popover, animated: false)
            #expect(window.testing.violations.map(\.rule) == [.popoverWithoutSource])
            #expect(root.presentedViewController == nil)
        }

        @Test("animated work ends only when the test finishes it")
        func animationsWaitForTheTest() {
            let (window, root) = windowWithRoot()
            var presented = false
            root.present(UIViewController(), animated: true) { presented = true }
            #expect(!presented)
            #expect(window.testing.runningAnimationCount == 1)
            window.testing.finishAnimations()
            #expect(presented)
            #expect(window.testing.violations.isEmpty)
        }

        @Test("delegates hear about the user's dismissals and taps, never about code's")
        func delegatesForUserActionsOnly() {
            final class Listener: UIAdaptivePresentationControllerDelegate,
                UITabBarControllerDelegate
            {
                var dismissals = 0
                var taps = 0
                func presentationControllerDidDismiss(
                    _ presentationController: UIPresentationController
                ) { dismissals += 1 }
                func tabBarController(
                    _ tabBarController: UITabBarController,
                    didSelect viewController: UIViewController
                ) { taps += 1 }
            }
            let listener = Listener()
            let window = UIWindow()
            let tabs = UITabBarController()
            tabs.delegate = listener
            tabs.viewControllers = [UINavigationController(), UINavigationController()]
            window.rootViewController = tabs
            tabs.selectedIndex = 1
            #expect(listener.taps == 0)
            #expect(window.testing.simulateTabTap(0))
            #expect(listener.taps == 1)

            let sheet = UIViewController()
            sheet.presentationController?.delegate = listener
            tabs.present(sheet, animated: false)
            tabs.dismiss(animated: false)
            #expect(listener.dismissals == 0)
            tabs.present(sheet, animated: false)
            #expect(window.testing.simulateSwipeDown())
            #expect(listener.dismissals == 1)
            #expect(window.testing.violations.isEmpty)
        }
    }
#endif
