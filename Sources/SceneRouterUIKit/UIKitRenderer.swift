// The UIKit adapter: one source for every platform. On iOS (Mac Catalyst included) it builds
// against UIKit; on Linux against SceneRouterUIKitStandIn, which declares the same subset of
// UIKit and follows its presentation rules, so that CI builds and tests this very file.
// Elsewhere (macOS, and tvOS, visionOS and watchOS, whose UIKit lacks sheet detents or
// navigation controllers) it builds to nothing.
//
// Every decision is in the render plan (what to do) and the render player (when): this file only
// maps plan steps to UIKit calls and UIKit callbacks to platform reports.

#if os(iOS)
    public import UIKit
    import Foundation
#elseif os(Linux)
    public import SceneRouterUIKitStandIn
#endif

#if os(iOS) || os(Linux)
    public import CoreModule

    /// Shows a coordinator's screen tree in a UIKit window, and tells the coordinator what the
    /// user did.
    ///
    /// Attach it like any `NavigationRenderer`. It keeps one
    /// `UINavigationController` per stack (under a `UITabBarController` for a tab root, or a
    /// `UISplitViewController` for a split root) and presents each modal in its style, performing each event's `RenderPlan`
    /// one step at a time: it waits for every animated step to end before the next. When the user changes the screen on their own, it reports it with
    /// `AppCoordinator.report(_:)`:
    ///
    /// - a back swipe, the Back button or its menu: one
    ///   `PlatformReport.poppedBackByUser(to:)`, naming the screen now on top, however
    ///   many screens left;
    /// - a sheet dragged down, or a tap outside a popover (unless locked) or a confirmation
    ///   dialog's: `PlatformReport.dismissedByUser(_:)`;
    /// - a button of an alert or a confirmation dialog tapped:
    ///   `PlatformReport.answeredByUser(_:button:text:)`, with what its text fields hold;
    /// - a tap on another tab: `PlatformReport.tabSelectedByUser(_:)`; a tap on the
    ///   selected one: `PlatformReport.selectedTabReselectedByUser`;
    /// - a split view controller collapsing or expanding (the window's width changed):
    ///   `PlatformReport.sizeClassChanged(_:)`.
    ///
    /// A split root is a column-style `UISplitViewController` (`.doubleColumn` or
    /// `.tripleColumn`), one navigation controller per column; a column with no screen shows the
    /// view controller `placeholder` makes for it, alone in its navigation controller. The split
    /// also has a navigation controller in its `.compact` column: collapsed, the split shows
    /// that one, holding every column's screens as one stack (the primary's first), as the tree
    /// reads them, so that a back swipe there may go back into another column; it is reported
    /// as `PlatformReport.poppedBackByUser(to:)` like any other.
    ///
    /// An alert is a `UIAlertController` of style `.alert`, presented as it is (not in a
    /// navigation controller): the content's title and message, one action per button in order
    /// (the button's role as the action's style), and its text fields. A confirmation dialog is
    /// one of style `.actionSheet`, whose popover points at the view `popoverSource` gives for
    /// its anchor, or at the presenting view controller's view.
    ///
    /// Its own changes are never reported. A report the coordinator refuses (it names a screen
    /// the tree has already left) changes nothing; the coordinator tells its observers.
    ///
    /// ```swift
    /// let renderer = UIKitRenderer(window: window, coordinator: coordinator)
    /// let token = coordinator.attach(renderer)  // keep the token while the window lives
    /// try coordinator.navigate(.root(scene: "Home"))
    /// ```
    ///
    /// Screens become view controllers through `viewController`: by default a screen whose
    /// content (what its builder made) is a `UIViewController` is shown as that view
    /// controller, so a feature module's builders return their own view controllers and no other
    /// module needs to know them. A screen whose content is not one, and for which the closure
    /// returns `nil`, is shown as a plain `UIViewController` titled with its scene name.
    ///
    /// On Apple platforms it runs on iOS and Mac Catalyst (the package's minimums: 16).
    @MainActor
    public final class UIKitRenderer: NavigationRenderer {
        private let window: UIWindow
        private weak var coordinator: AppCoordinator?
        private let makeViewController: @MainActor (Screen) -> UIViewController?
        private let popoverSource: @MainActor (String) -> UIView?
        private let makeTabBarItem: @MainActor (String) -> UITabBarItem
        private let makePlaceholder: @MainActor (ScreenSplit.Column) -> UIViewController
        private let bridge: Bridge

        /// The player that performs the plans, one step at a time: its state says whether
        /// steps are still running (`RenderPlayer.isIdle`).
        package let player: RenderPlayer

        private var controllers: [ScreenID: UIViewController] = [:]
        private var screens: [ObjectIdentifier: ScreenID] = [:]
        private var navigations: [StackID: UINavigationController] = [:]
        private var stacks: [ObjectIdentifier: StackID] = [:]
        /// The screens each navigation controller was last given, by this renderer or the user.
        private var shown: [StackID: [ScreenID]] = [:]
        private var tabNames: [String] = []
        private var selectedTab = 0
        /// The coordinator's tree when the last event arrived.
        private var latestTree = ScreenTree()
        /// Whether a clean-up already waits for the player to be idle.
        private var cleanupQueued = false
        /// The split view controller at the window's root, when the root is a split.
        private var split: UISplitViewController?
        /// The split's column stacks, leading first.
        private var columnStacks: [StackID] = []
        /// The navigation controller in the split's `.compact` column: every column's screens
        /// while the split is collapsed, nothing while it is expanded.
        private var compactNavigation: UINavigationController?
        /// The view controller each empty column's navigation controller shows, made once.
        private var placeholders: [StackID: UIViewController] = [:]
        /// The alerts shown whose answer (a tapped button, a tap outside a dialog) is not yet
        /// reported: each is reported once.
        private var unansweredAlerts: Set<ScreenID> = []

        /// A renderer that shows `coordinator`'s tree in `window`.
        ///
        /// - Parameters:
        ///   - window: The window whose `rootViewController` it sets.
        ///   - coordinator: The coordinator to report the user's changes to; held weakly (the
        ///     coordinator holds the renderer once attached).
        ///   - viewController: Makes the view controller of a screen, once per screen; by
        ///     default the screen's content when it is a `UIViewController`.
        ///   - popoverSource: The view a popover with this anchor name points at (see
        ///     `PresentationStyle.popover(anchor:)`); `nil` when the app has none
        ///     by that name, and the popover then points at the presenting screen's view.
        ///   - tabBarItem: The item that represents a tab in the tab bar, by the tab's name: its
        ///     title and image; by default the name as the title, with no image.
        ///   - placeholder: The view controller a split's column shows while it holds no screen
        ///     (nothing selected there yet), made once per column of each split; by default a
        ///     plain `UIViewController`.
        public init(
            window: UIWindow, coordinator: AppCoordinator,
            viewController: @escaping @MainActor (Screen) -> UIViewController? = {
                $0.content as? UIViewController
            },
            popoverSource: @escaping @MainActor (String) -> UIView? = { _ in nil },
            tabBarItem: @escaping @MainActor (String) -> UITabBarItem = {
                UITabBarItem(title: $0, image: nil, tag: 0)
            },
            placeholder: @escaping @MainActor (ScreenSplit.Column) -> UIViewController = { _ in
                UIViewController()
            }
        ) {
            self.window = window
            self.coordinator = coordinator
            self.makeViewController = viewController
            self.popoverSource = popoverSource
            self.makeTabBarItem = tabBarItem
            self.makePlaceholder = placeholder
            bridge = Bridge()
            player = RenderPlayer(host: bridge)
            bridge.renderer = self
        }

        /// The view controller showing `screen`, while the screen is on screen or about to be.
        ///
        /// - Parameter screen: The screen's identity.
        /// - Returns: Its view controller, or `nil` for a screen this renderer has not shown.
        public func viewController(for screen: ScreenID) -> UIViewController? {
            controllers[screen]
        }

        /// The navigation controller showing `stack`.
        ///
        /// - Parameter stack: The stack's identity.
        /// - Returns: Its navigation controller, or `nil` for a stack this renderer has not
        ///   shown.
        public func navigationController(for stack: StackID) -> UINavigationController? {
            navigations[stack]
        }

        // MARK: NavigationRenderer

        /// Shows `tree` in the window, as if it started empty.
        ///
        /// - Parameter tree: The coordinator's tree when the renderer is attached.
        public func renderCurrentTree(_ tree: ScreenTree) {
            latestTree = tree
            player.play(RenderPlan(from: ScreenTree(), to: tree, animated: false))
            dropLeftScreensWhenIdle()
        }

        /// Performs `event`'s plan after the plans before it.
        ///
        /// - Parameters:
        ///   - event: The transition; its `TransitionEvent.plan` is empty when the
        ///     user made it, since the screen already shows it.
        ///   - tree: The coordinator's tree.
        public func render(_ event: TransitionEvent, tree: ScreenTree) {
            latestTree = tree
            player.play(event.plan)
            dropLeftScreensWhenIdle()
        }

        // MARK: Steps to UIKit calls

        fileprivate func perform(
            _ step: RenderPlan.Step, completion: @escaping @MainActor () -> Void
        ) {
            switch step {
            case .setRoot(let stack):
                let navigation = navigationController(showing: stack)
                tabNames = []
                forgetSplit()
                window.rootViewController = navigation
                completion()
            case .setTabs(let stacks, let selected):
                let tabs = UITabBarController()
                tabs.delegate = bridge
                tabs.viewControllers = stacks.map { stack in
                    let navigation = navigationController(showing: stack)
                    navigation.tabBarItem = makeTabBarItem(stack.tab ?? "")
                    return navigation
                }
                tabs.selectedIndex = selected
                tabNames = stacks.map { $0.tab ?? "" }
                selectedTab = selected
                forgetSplit()
                window.rootViewController = tabs
                completion()
            case .setSplit(let stacks):
                setSplit(stacks)
                completion()
            case .selectTab(_, let index):
                (window.rootViewController as? UITabBarController)?.selectedIndex = index
                selectedTab = index
                completion()
            case .insertTab(let stack, let index, let selected):
                // The other tabs keep their navigation controllers, and so their stacks.
                guard let tabs = window.rootViewController as? UITabBarController else {
                    return completion()
                }
                let navigation = navigationController(showing: stack)
                navigation.tabBarItem = makeTabBarItem(stack.tab ?? "")
                var controllers = tabs.viewControllers ?? []
                controllers.insert(navigation, at: min(index, controllers.count))
                tabs.viewControllers = controllers
                tabs.selectedIndex = selected
                tabNames.insert(stack.tab ?? "", at: min(index, tabNames.count))
                selectedTab = selected
                completion()
            case .removeTab(_, let stack, let index, let selected):
                guard let tabs = window.rootViewController as? UITabBarController,
                    let navigation = navigations[stack]
                else { return completion() }
                tabs.viewControllers = (tabs.viewControllers ?? []).filter { $0 !== navigation }
                tabs.selectedIndex = selected
                if tabNames.indices.contains(index) { tabNames.remove(at: index) }
                selectedTab = selected
                completion()
            case .push(let screen, let id, let animated) where columnStacks.contains(id):
                _ = viewController(showing: screen)
                showColumn(
                    id, (shown[id] ?? []) + [screen.id], animated: animated,
                    completion: completion)
            case .pop(let screen, let id, let animated) where columnStacks.contains(id):
                guard let ids = shown[id], let index = ids.firstIndex(of: screen) else {
                    return completion()
                }
                showColumn(id, Array(ids[...index]), animated: animated, completion: completion)
            case .setStack(let stack, let animated) where columnStacks.contains(stack.id):
                for screen in stack { _ = viewController(showing: screen) }
                showColumn(
                    stack.id, stack.map(\.id), animated: animated, completion: completion)
            case .push(let screen, let id, let animated):
                guard let navigation = navigations[id] else { return completion() }
                show(
                    (shown[id] ?? []) + [screen.id],
                    as: navigation.viewControllers + [viewController(showing: screen)],
                    in: navigation, stack: id, animated: animated, completion: completion)
            case .pop(let screen, let id, let animated):
                guard let navigation = navigations[id], let ids = shown[id],
                    let index = ids.firstIndex(of: screen),
                    index < navigation.viewControllers.count
                else { return completion() }
                show(
                    Array(ids[...index]), as: Array(navigation.viewControllers[...index]),
                    in: navigation, stack: id, animated: animated, completion: completion)
            case .setStack(let stack, let animated):
                guard let navigation = navigations[stack.id] else { return completion() }
                show(
                    stack.map(\.id), as: stack.map(viewController(showing:)), in: navigation,
                    stack: stack.id, animated: animated, completion: completion)
            case .present(let stack, let animated) where stack.style?.isAlert == true:
                guard let presenter = controller(atLevel: stack.level - 1),
                    let screen = stack.last,
                    let content = (screen.content as? AlertScreen)?.content
                else { return completion() }
                let alert = alertController(showing: content, screen: screen, over: presenter)
                presenter.present(alert, animated: animated) { completion() }
                // UIKit drops a presentation it refuses without calling back: do not wait.
                if alert.presentingViewController == nil { completion() }
            case .present(let stack, let animated):
                guard let presenter = controller(atLevel: stack.level - 1) else {
                    return completion()
                }
                let navigation = navigationController(showing: stack)
                apply(stack.style ?? .sheet(), to: navigation, over: presenter)
                presenter.present(navigation, animated: animated) { completion() }
                // UIKit drops a presentation it refuses without calling back: do not wait.
                if navigation.presentingViewController == nil { completion() }
            case .updateModal(let stack, let animated):
                update(stack, animated: animated)
                completion()
            case .dismiss(let level, let animated):
                guard let presenter = controller(atLevel: level),
                    presenter.presentedViewController != nil
                else { return completion() }
                presenter.dismiss(animated: animated) { completion() }
            }
        }

        /// The controller of a level: the window's root for level 0, else the navigation
        /// controller presented at that level.
        private func controller(atLevel level: Int) -> UIViewController? {
            var controller = window.rootViewController
            for _ in 0..<max(level, 0) { controller = controller?.presentedViewController }
            return controller
        }

        /// The navigation controller of `stack`, made on first use, holding its screens.
        private func navigationController(showing stack: ScreenStack) -> UINavigationController {
            let navigation: UINavigationController
            if let known = navigations[stack.id] {
                navigation = known
            } else {
                navigation = UINavigationController()
                navigation.delegate = bridge
                navigations[stack.id] = navigation
                stacks[ObjectIdentifier(navigation)] = stack.id
            }
            set(navigation, to: stack, animated: false)
            return navigation
        }

        private func set(
            _ navigation: UINavigationController, to stack: ScreenStack, animated: Bool
        ) {
            shown[stack.id] = stack.map(\.id)
            let controllers = stack.map(viewController(showing:))
            navigation.setViewControllers(
                controllers.isEmpty ? [placeholder(for: stack)] : controllers, animated: animated)
        }

        // MARK: Split roots

        /// Makes the window's root a column-style split (iOS 14 and later) of `stacks`: one
        /// navigation controller per column, and one in the `.compact` column that shows every
        /// column's screens while the split is collapsed.
        private func setSplit(_ stacks: [ScreenStack]) {
            let split = UISplitViewController(
                style: stacks.count == 3 ? .tripleColumn : .doubleColumn)
            split.delegate = bridge
            let compact = UINavigationController()
            compact.delegate = bridge
            forgetSplit()
            tabNames = []
            self.split = split
            compactNavigation = compact
            columnStacks = stacks.map(\.id)
            for stack in stacks {
                let column: UISplitViewController.Column
                switch stack.column {
                case .primary?: column = .primary
                case .supplementary?: column = .supplementary
                case .detail?, nil: column = .secondary
                }
                split.setViewController(navigationController(showing: stack), for: column)
            }
            split.setViewController(compact, for: .compact)
            // In a compact window UIKit collapses the split here, and the bridge moves the
            // screens to the compact column's navigation controller.
            window.rootViewController = split
            moveScreens(collapsed: split.isCollapsed)
            // A tree made in another width than the window's (a restored snapshot) learns it.
            let sizeClass: SizeClass = split.isCollapsed ? .compact : .regular
            if let coordinator, coordinator.tree.horizontalSizeClass != sizeClass {
                report(.sizeClassChanged(sizeClass))
            }
        }

        /// Forgets the split, when the root is replaced.
        private func forgetSplit() {
            split = nil
            columnStacks = []
            compactNavigation = nil
            placeholders = [:]
        }

        /// The view controller the column `stack` shows while empty.
        private func placeholder(for stack: ScreenStack) -> UIViewController {
            placeholder(for: stack.id, column: stack.column ?? .detail)
        }

        private func placeholder(for stack: StackID, column: ScreenSplit.Column) -> UIViewController
        {
            if let made = placeholders[stack] { return made }
            let made = makePlaceholder(column)
            placeholders[stack] = made
            return made
        }

        /// What a column's navigation controller holds for its screens `ids`: their view
        /// controllers, or the column's placeholder when there is none.
        private func columnContent(_ stack: StackID, _ ids: [ScreenID]) -> [UIViewController] {
            let content = ids.compactMap { controllers[$0] }
            guard content.isEmpty else { return content }
            let index = columnStacks.firstIndex(of: stack) ?? 0
            let column: ScreenSplit.Column =
                index == 0 ? .primary : index == columnStacks.count - 1 ? .detail : .supplementary
            return [placeholder(for: stack, column: column)]
        }

        /// Every column's screens as one stack, the primary's first: what the split shows
        /// collapsed.
        private var collapsedContent: [UIViewController] {
            columnStacks.flatMap { shown[$0] ?? [] }.compactMap { controllers[$0] }
        }

        /// Makes the column `stack` show the screens `ids`, whose view controllers are made: in
        /// the column's navigation controller, or while the split is collapsed, in the compact
        /// column's with the other columns' screens.
        private func showColumn(
            _ stack: StackID, _ ids: [ScreenID], animated: Bool,
            completion: @escaping @MainActor () -> Void
        ) {
            if let split, split.isCollapsed, let compact = compactNavigation {
                shown[stack] = ids
                show(
                    columnStacks.flatMap { shown[$0] ?? [] }, as: collapsedContent, in: compact,
                    stack: nil, animated: animated, completion: completion)
            } else if let navigation = navigations[stack] {
                show(
                    ids, as: columnContent(stack, ids), in: navigation, stack: stack,
                    animated: animated, completion: completion)
            } else {
                completion()
            }
        }

        /// Puts the screens where the split shows them.
        ///
        /// Collapsed, every column's go to the compact column's navigation controller, the
        /// columns' own empty; expanded, each column's go back to its own (its placeholder when
        /// it has none), the compact one empty. Nothing moves when they already are there.
        fileprivate func moveScreens(collapsed: Bool) {
            guard let compact = compactNavigation else { return }
            if collapsed {
                guard compact.viewControllers.isEmpty else { return }
                // A view controller leaves its navigation controller before it joins another.
                for stack in columnStacks {
                    navigations[stack]?.setViewControllers([], animated: false)
                }
                compact.setViewControllers(collapsedContent, animated: false)
            } else {
                guard !compact.viewControllers.isEmpty else { return }
                compact.setViewControllers([], animated: false)
                for stack in columnStacks {
                    navigations[stack]?.setViewControllers(
                        columnContent(stack, shown[stack] ?? []), animated: false)
                }
            }
        }

        /// Makes `navigation` show `controllers` (the screens `ids`).
        ///
        /// It completes when the animation, if any, has ended. A push or a pop is a
        /// `setViewControllers` too: UIKit animates it as a push when the new top is new, as a
        /// pop when it was in the stack.
        private func show(
            _ ids: [ScreenID], as controllers: [UIViewController],
            in navigation: UINavigationController, stack: StackID?, animated: Bool,
            completion: @escaping @MainActor () -> Void
        ) {
            if let stack { shown[stack] = ids }
            navigation.setViewControllers(controllers, animated: animated)
            if animated, let transition = navigation.transitionCoordinator {
                _ = transition.animate(alongsideTransition: nil) { _ in completion() }
            } else {
                completion()
            }
        }

        private func viewController(showing screen: Screen) -> UIViewController {
            if let known = controllers[screen.id] { return known }
            let made: UIViewController
            if let controller = makeViewController(screen) {
                made = controller
            } else {
                made = UIViewController()
                made.title = screen.scene.rawValue
            }
            controllers[screen.id] = made
            screens[ObjectIdentifier(made)] = screen.id
            return made
        }

        private func apply(
            _ style: PresentationStyle, to navigation: UINavigationController,
            over presenter: UIViewController
        ) {
            switch style {
            case .sheet(let detents, _, let interactiveDismissal):
                navigation.modalPresentationStyle = .pageSheet
                if let sheet = navigation.sheetPresentationController {
                    sheet.detents = detents.map(Self.sheetDetent)
                    sheet.selectedDetentIdentifier = style.restingDetent.map(Self.identifier)
                }
                navigation.isModalInPresentation = !interactiveDismissal
            case .fullScreenCover:
                navigation.modalPresentationStyle = .fullScreen
                navigation.isModalInPresentation = true
            case .popover(let anchor, let interactiveDismissal):
                navigation.modalPresentationStyle = .popover
                navigation.popoverPresentationController?.sourceView =
                    popoverSource(anchor) ?? presenter.view
                navigation.isModalInPresentation = !interactiveDismissal
            case .alert, .confirmationDialog:
                // Not a navigation controller's style: an alert is a UIAlertController of its
                // own (see alertController(showing:screen:over:)).
                break
            }
            navigation.presentationController?.delegate = bridge
        }

        /// UIKit's detent for `detent`: a custom one for a height or a fraction.
        private static func sheetDetent(_ detent: PresentationStyle.Detent)
            -> UISheetPresentationController.Detent
        {
            switch detent {
            case .medium: return .medium()
            case .large: return .large()
            case .height(let points):
                return .custom(identifier: identifier(detent)) { _ in CGFloat(points) }
            case .fraction(let fraction):
                return .custom(identifier: identifier(detent)) { context in
                    context.maximumDetentValue * CGFloat(fraction)
                }
            }
        }

        /// The identifier of the detent UIKit shows for `detent`.
        private static func identifier(_ detent: PresentationStyle.Detent)
            -> UISheetPresentationController.Detent.Identifier
        {
            switch detent {
            case .medium: return .medium
            case .large: return .large
            case .height, .fraction: return .init(rawValue: "scene-router." + detent.word)
            }
        }

        /// Gives the shown modal of `stack` its style's lock and resting detent.
        private func update(_ stack: ScreenStack, animated: Bool) {
            guard let navigation = navigations[stack.id], let style = stack.style else { return }
            navigation.isModalInPresentation = !style.userCanDismiss
            guard let sheet = navigation.sheetPresentationController,
                let resting = style.restingDetent
            else { return }
            if animated {
                sheet.animateChanges { sheet.selectedDetentIdentifier = Self.identifier(resting) }
            } else {
                sheet.selectedDetentIdentifier = Self.identifier(resting)
            }
        }

        /// The user dragged the sheet of `presented` to another detent: reported as the detent
        /// of the sheet's style that UIKit now shows.
        fileprivate func sheetDidChangeDetent(
            _ presented: UIViewController,
            to identifier: UISheetPresentationController.Detent
                .Identifier?
        ) {
            guard let stack = stacks[ObjectIdentifier(presented)],
                let screen = shown[stack]?.last,
                case .sheet(let detents, _, _) = latestTree.stack(stack)?.style,
                let detent = detents.first(where: { Self.identifier($0) == identifier })
            else { return }
            report(.detentChangedByUser(screen, to: detent))
        }

        // MARK: Alerts and confirmation dialogs

        /// The alert controller showing the alert `screen`: its title, message and text fields,
        /// and one action per button, in order, the button's role as the action's style; a
        /// confirmation dialog is an action sheet pointing at its anchor's view (the presenter's
        /// when the app has none by that name), as a popover in a regular width.
        ///
        /// Each action's handler reports the user's answer; UIKit runs it after dismissing the
        /// alert, never when the app dismisses it.
        private func alertController(
            showing content: AlertContent, screen: Screen, over presenter: UIViewController
        ) -> UIAlertController {
            let isDialog = content.style == .confirmationDialog
            let alert = UIAlertController(
                title: content.title, message: content.message,
                preferredStyle: isDialog ? .actionSheet : .alert)
            for field in content.textFields {
                alert.addTextField { textField in
                    textField.placeholder = field.placeholder
                    textField.text = field.text
                    textField.isSecureTextEntry = field.isSecure
                }
            }
            for (index, button) in content.buttons.enumerated() {
                let style: UIAlertAction.Style
                switch button.role {
                case .default: style = .default
                case .cancel: style = .cancel
                case .destructive: style = .destructive
                }
                alert.addAction(
                    UIAlertAction(title: button.title, style: style) { [weak self, weak alert] _ in
                        guard let self, let alert else { return }
                        alertAnswered(alert, button: index)
                    })
            }
            if isDialog {
                alert.popoverPresentationController?.sourceView =
                    content.anchor.flatMap(popoverSource) ?? presenter.view
                // A tap outside the popover: see presentationDidDismiss(_:).
                alert.presentationController?.delegate = bridge
            }
            controllers[screen.id] = alert
            screens[ObjectIdentifier(alert)] = screen.id
            unansweredAlerts.insert(screen.id)
            return alert
        }

        /// The user tapped the button at `index` of `alert`: one report, with what the text
        /// fields hold.
        private func alertAnswered(_ alert: UIAlertController, button index: Int) {
            guard let screen = screens[ObjectIdentifier(alert)],
                unansweredAlerts.remove(screen) != nil
            else { return }
            let text = (alert.textFields ?? []).map { $0.text ?? "" }
            report(.answeredByUser(screen, button: index, text: text))
        }

        /// Forgets the view controllers of screens and stacks that have left the tree, once
        /// the plans queued so far have run.
        private func dropLeftScreensWhenIdle() {
            guard !cleanupQueued else { return }
            cleanupQueued = true
            player.whenIdle { [weak self] in
                guard let self else { return }
                cleanupQueued = false
                let tree = latestTree
                guard controllers.count > tree.screenCount || navigations.count > tree.stackCount
                else { return }
                let liveScreens = Set(tree.screens.map(\.id))
                controllers = controllers.filter { liveScreens.contains($0.key) }
                unansweredAlerts = unansweredAlerts.filter { liveScreens.contains($0) }
                screens = screens.filter { liveScreens.contains($0.value) }
                let liveStacks = Set(tree.stacks.map(\.id))
                navigations = navigations.filter { liveStacks.contains($0.key) }
                stacks = stacks.filter { liveStacks.contains($0.value) }
                shown = shown.filter { liveStacks.contains($0.key) }
            }
        }

        // MARK: UIKit callbacks to reports

        fileprivate func navigationControllerDidShow(_ navigation: UINavigationController) {
            if navigation === compactNavigation { return collapsedSplitDidShow(navigation) }
            guard let stack = stacks[ObjectIdentifier(navigation)], let expected = shown[stack]
            else { return }
            let now = navigation.viewControllers.compactMap { screens[ObjectIdentifier($0)] }
            // The renderer's own change, or one already reported (a re-tapped tab).
            guard now != expected else { return }
            // The user went back (a swipe, the Back button or its menu).
            guard now.count < expected.count, expected.starts(with: now) else { return }
            shown[stack] = now
            // One report, however many screens left (the Back button's menu pops several).
            guard let screen = now.last, !report(.poppedBackByUser(to: screen)) else { return }
            // The coordinator refused it (the tree moved on while the user acted, or the
            // gesture came in the middle of a navigation): show the tree's stack again, after
            // the steps already queued.
            if let current = coordinator?.tree.stack(stack) {
                player.play(RenderPlan(steps: [.setStack(current, animated: false)]))
            }
        }

        /// The collapsed split's navigation controller changed: the user went back, maybe into
        /// another column.
        private func collapsedSplitDidShow(_ navigation: UINavigationController) {
            let expected = columnStacks.flatMap { shown[$0] ?? [] }
            let now = navigation.viewControllers.compactMap { screens[ObjectIdentifier($0)] }
            guard now != expected, now.count < expected.count, expected.starts(with: now),
                let screen = now.last
            else { return }
            // Each column keeps the screens of its own still shown: the later ones empty.
            var left = now.count
            for stack in columnStacks {
                let ids = shown[stack] ?? []
                shown[stack] = Array(ids.prefix(left))
                left -= min(ids.count, left)
            }
            guard !report(.poppedBackByUser(to: screen)) else { return }
            // Refused: show the tree's columns again, after the steps already queued.
            if let columns = coordinator?.tree.split?.columns {
                player.play(RenderPlan(steps: columns.map { .setStack($0, animated: false) }))
            }
        }

        fileprivate func presentationDidDismiss(_ presented: UIViewController) {
            if let screen = screens[ObjectIdentifier(presented)] {
                // A confirmation dialog's popover, tapped outside. UIKit may also run its cancel
                // action's handler: whichever comes first reports, once.
                guard unansweredAlerts.remove(screen) != nil else { return }
                report(.dismissedByUser(screen))
                return
            }
            guard let stack = stacks[ObjectIdentifier(presented)],
                let screen = shown[stack]?.last
            else { return }
            report(.dismissedByUser(screen))
        }

        fileprivate func tabBarDidSelect(_ tabs: UITabBarController) {
            let index = tabs.selectedIndex
            guard tabNames.indices.contains(index) else { return }
            if index == selectedTab {
                // UIKit pops the selected tab's stack to its first screen.
                if let navigation = tabs.viewControllers?[index] as? UINavigationController,
                    let stack = stacks[ObjectIdentifier(navigation)],
                    let first = shown[stack]?.first
                {
                    shown[stack] = [first]
                }
                report(.selectedTabReselectedByUser)
            } else {
                selectedTab = index
                report(.tabSelectedByUser(tabNames[index]))
            }
        }

        fileprivate func sizeClassDidChange(compact: Bool) {
            moveScreens(collapsed: compact)
            report(.sizeClassChanged(compact ? .compact : .regular))
        }

        /// Reports `report`, and says whether the coordinator accepted it.
        ///
        /// A refused report is published to the coordinator's observers as a failure.
        @discardableResult
        private func report(_ report: PlatformReport) -> Bool {
            guard let coordinator else { return false }
            do {
                _ = try coordinator.report(report)
                return true
            } catch {
                return false
            }
        }
    }

    /// Receives UIKit's callbacks and the player's steps for a renderer, so that the renderer's
    /// public face is only a renderer.
    @MainActor
    private final class Bridge: BridgeBase, RenderHost, UINavigationControllerDelegate,
        UITabBarControllerDelegate, UIAdaptivePresentationControllerDelegate,
        UISheetPresentationControllerDelegate, UISplitViewControllerDelegate
    {
        weak var renderer: UIKitRenderer?

        func perform(_ step: RenderPlan.Step, completion: @escaping @MainActor () -> Void) {
            guard let renderer else { return completion() }
            renderer.perform(step, completion: completion)
        }

        func navigationController(
            _ navigationController: UINavigationController,
            didShow viewController: UIViewController, animated: Bool
        ) {
            renderer?.navigationControllerDidShow(navigationController)
        }

        func tabBarController(
            _ tabBarController: UITabBarController, didSelect viewController: UIViewController
        ) {
            renderer?.tabBarDidSelect(tabBarController)
        }

        func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
            renderer?.presentationDidDismiss(presentationController.presentedViewController)
        }

        func sheetPresentationControllerDidChangeSelectedDetentIdentifier(
            _ sheetPresentationController: UISheetPresentationController
        ) {
            renderer?.sheetDidChangeDetent(
                sheetPresentationController.presentedViewController,
                to: sheetPresentationController.selectedDetentIdentifier)
        }

        func splitViewController(
            _ svc: UISplitViewController,
            topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController
                .Column
        ) -> UISplitViewController.Column {
            // About to collapse: the screens go to the compact column's navigation controller.
            renderer?.moveScreens(collapsed: true)
            return proposedTopColumn
        }

        func splitViewController(
            _ svc: UISplitViewController,
            displayModeForExpandingToProposedDisplayMode proposedDisplayMode: UISplitViewController
                .DisplayMode
        ) -> UISplitViewController.DisplayMode {
            // About to expand: the screens go back to their columns.
            renderer?.moveScreens(collapsed: false)
            return proposedDisplayMode
        }

        func splitViewControllerDidCollapse(_ svc: UISplitViewController) {
            renderer?.sizeClassDidChange(compact: true)
        }

        func splitViewControllerDidExpand(_ svc: UISplitViewController) {
            renderer?.sizeClassDidChange(compact: false)
        }
    }

    #if os(iOS)
        /// UIKit's delegate protocols are Objective-C protocols: their adopters are objects.
        private typealias BridgeBase = NSObject
    #else
        /// The stand-in's delegate protocols need no Objective-C object.
        @MainActor private class BridgeBase {}
    #endif
#endif
