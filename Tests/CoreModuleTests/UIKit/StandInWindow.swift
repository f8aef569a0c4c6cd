#if os(Linux)
    import CoreModule
    import SceneRouterUIKit
    import SceneRouterUIKitStandIn
    import Testing

    /// A coordinator shown by a ``UIKitRenderer`` in a stand-in UIKit window.
    @MainActor
    final class StandInWindow {
        let coordinator: AppCoordinator
        let window = UIWindow()
        let renderer: UIKitRenderer
        /// The view a popover anchored at "share" points at; other anchors are unknown.
        let shareButton = UIView()
        private var token: ObservationToken?
        /// The view controller each screen was first shown with, to check that it keeps it.
        private var firstController: [ScreenID: ObjectIdentifier] = [:]

        init(_ coordinator: AppCoordinator) {
            self.coordinator = coordinator
            let share = shareButton
            renderer = UIKitRenderer(
                window: window, coordinator: coordinator,
                viewController: { screen in
                    let controller = UIViewController()
                    controller.title = "\(screen.scene) \(screen.id)"
                    return controller
                },
                popoverSource: { anchor in anchor == "share" ? share : nil })
            token = coordinator.attach(renderer)
        }

        var testing: UIKitStandInTesting { window.testing }

        /// Ends every animation.
        func settle() {
            testing.finishAnimations()
        }

        /// The window as lines, for failure messages.
        var hierarchy: String { testing.hierarchy.joined(separator: "\n") }

        /// How the settled window differs from the coordinator's tree, or `nil`: stack for stack
        /// and screen for screen by view controller identity, style for style, selected tab; no
        /// UIKit rule broken, no step left to run.
        func mismatch() -> String? {
            let tree = coordinator.tree
            if let violation = testing.violations.first { return "UIKit rule broken: \(violation)" }
            guard renderer.player.isIdle, testing.runningAnimationCount == 0 else {
                return "steps still running: \(testing.runningAnimations)"
            }
            let root = window.rootViewController
            if tree.isEmpty { return root == nil ? nil : "the window shows \(hierarchy)" }
            if tree.hasTabs {
                guard let tabs = root as? UITabBarController,
                    let controllers = tabs.viewControllers, controllers.count == tree.tabs.count
                else { return "the root is not a tab bar of \(tree.tabs.count) tabs" }
                for (index, tab) in tree.tabs.enumerated() {
                    if let problem = check(controllers[index], shows: tab.stack) { return problem }
                }
                let selected = tree.tabs.firstIndex(where: \.isSelected)
                guard tabs.selectedIndex == selected else {
                    return
                        "tab \(tabs.selectedIndex) is selected, not \(String(describing: selected))"
                }
            } else if let split = tree.split {
                if let problem = check(root, shows: split) { return problem }
            } else if let stack = tree.root {
                if let problem = check(root, shows: stack) { return problem }
            }
            var presenter = root
            for modal in tree.modals {
                let presented = presenter?.presentedViewController
                if modal.style?.isAlert == true {
                    if let problem = check(presented, showsAlert: modal) { return problem }
                } else if let problem = check(presented, shows: modal) {
                    return problem
                }
                if let presented, let style = modal.style,
                    let problem = check(presented, isShownAs: style)
                {
                    return problem
                }
                presenter = presented
            }
            if let extra = presenter?.presentedViewController {
                return "the window presents \(extra.title ?? "a view controller") the tree does not"
            }
            return nil
        }

        /// How a split view controller differs from the tree's split: its style, whether it
        /// is collapsed, each column's navigation controller (the renderer's, kept), showing its
        /// screens, or only a placeholder when empty; collapsed, the compact column's showing
        /// every column's screens, the columns' own empty.
        private func check(_ controller: UIViewController?, shows split: ScreenSplit) -> String? {
            guard let splitController = controller as? UISplitViewController else {
                return "the root is not a split view controller"
            }
            let style: UISplitViewController.Style =
                split.style == .tripleColumn ? .tripleColumn : .doubleColumn
            guard splitController.style == style else { return "the split is not \(split.style)" }
            guard splitController.isCollapsed == split.isCollapsed else {
                return "the split is \(splitController.isCollapsed ? "" : "not ")collapsed"
            }
            let columns: [(UISplitViewController.Column, ScreenStack)] =
                [(.primary, split.primary)]
                + (split.supplementary.map { [(.supplementary, $0)] } ?? [])
                + [(.secondary, split.detail)]
            for (column, stack) in columns {
                let navigation = splitController.viewController(for: column)
                guard let navigation = navigation as? UINavigationController,
                    navigation === renderer.navigationController(for: stack.id)
                else {
                    return "the \(column) column is not stack \(stack.id)'s navigation controller"
                }
                if split.isCollapsed {
                    guard navigation.viewControllers.isEmpty else {
                        return "collapsed, the \(column) column still holds view controllers"
                    }
                } else if stack.isEmpty {
                    let shown = navigation.viewControllers
                    guard shown.count == 1, !shown.contains(where: isScreen) else {
                        return "the empty \(column) column shows \(shown.count) view controllers"
                    }
                } else if let problem = check(navigation, shows: stack) {
                    return problem
                }
            }
            let compact = splitController.viewController(for: .compact) as? UINavigationController
            guard let compact else { return "the split has no compact navigation controller" }
            let expected = split.isCollapsed ? split.collapsedScreens : []
            let shown = compact.viewControllers.map(ObjectIdentifier.init)
            guard
                shown
                    == expected.compactMap({ renderer.viewController(for: $0.id) })
                    .map(ObjectIdentifier.init), shown.count == expected.count
            else {
                let titles = compact.viewControllers.map { $0.title ?? "?" }
                return "the compact column shows \(titles), not \(expected.map(\.description))"
            }
            return nil
        }

        private func isScreen(_ controller: UIViewController) -> Bool {
            coordinator.tree.screens.contains { renderer.viewController(for: $0.id) === controller }
        }

        private func check(_ controller: UIViewController?, shows stack: ScreenStack) -> String? {
            let place = "stack \(stack.id) at level \(stack.level)"
            guard let navigation = controller as? UINavigationController,
                navigation === renderer.navigationController(for: stack.id)
            else { return "\(place) is not shown by its navigation controller" }
            let shown = navigation.viewControllers.map(ObjectIdentifier.init)
            var expected: [ObjectIdentifier] = []
            for screen in stack {
                guard let controller = renderer.viewController(for: screen.id) else {
                    return "\(screen) has no view controller"
                }
                let identity = ObjectIdentifier(controller)
                if let first = firstController[screen.id], first != identity {
                    return "\(screen) changed view controller"
                }
                firstController[screen.id] = identity
                expected.append(identity)
            }
            guard shown == expected else {
                let titles = navigation.viewControllers.map { $0.title ?? "?" }
                return "\(place) shows \(titles), not \(stack.map(\.description))"
            }
            return nil
        }

        /// How the presented `controller` differs from the alert modal `stack`: the renderer's
        /// alert controller for its screen, with the content's title, message, one action per
        /// button (title and style, in order) and its text fields (placeholder, text, secure).
        private func check(_ controller: UIViewController?, showsAlert stack: ScreenStack)
            -> String?
        {
            guard let screen = stack.last, let content = (screen.content as? AlertScreen)?.content
            else { return "the alert stack \(stack.id) holds no alert" }
            guard let alert = controller as? UIAlertController,
                alert === renderer.viewController(for: screen.id)
            else { return "\(screen) is not shown by its alert controller" }
            let styles: [AlertContent.Button.Role: UIAlertAction.Style] = [
                .default: .default, .cancel: .cancel, .destructive: .destructive,
            ]
            let fields = (alert.textFields ?? []).map {
                AlertContent.TextField(
                    placeholder: $0.placeholder ?? "", text: $0.text ?? "",
                    isSecure: $0.isSecureTextEntry)
            }
            guard alert.title == content.title, alert.message == content.message,
                alert.actions.map(\.title) == content.buttons.map(\.title),
                alert.actions.map(\.style) == content.buttons.map({ styles[$0.role] }),
                fields == content.textFields
            else { return "\(screen)'s alert controller does not show \(content)" }
            return nil
        }

        private func check(_ controller: UIViewController, isShownAs style: PresentationStyle)
            -> String?
        {
            let shown = UIKitStandInTesting.describe(controller)
            switch style {
            case .sheet(let detents, let selected, let interactiveDismissal):
                let sheet = controller.sheetPresentationController
                let identifiers = sheet?.detents.map(\.identifier)
                func identifier(_ detent: PresentationStyle.Detent)
                    -> UISheetPresentationController.Detent.Identifier
                {
                    switch detent {
                    case .medium: return .medium
                    case .large: return .large
                    case .height(let points):
                        let text = points == points.rounded() ? "\(Int(points))" : "\(points)"
                        return .init(rawValue: "scene-router.\(text)pt")
                    case .fraction(let fraction):
                        let text = fraction == 1 ? "1" : "\(fraction)"
                        return .init(rawValue: "scene-router.\(text)")
                    }
                }
                let wanted = detents.map(identifier)
                // A custom detent's height, for a sheet 800 points high at most.
                let heights = sheet?.detents.map { $0.resolver?(800) }
                let wantedHeights = detents.map { detent -> Double? in
                    switch detent {
                    case .medium, .large: return nil
                    case .height(let points): return points
                    case .fraction(let fraction): return 800 * fraction
                    }
                }
                if controller.modalPresentationStyle == .pageSheet, identifiers == wanted,
                    heights == wantedHeights,
                    sheet?.selectedDetentIdentifier == identifier(selected ?? detents[0]),
                    controller.isModalInPresentation == !interactiveDismissal
                {
                    return nil
                }
            case .fullScreenCover:
                if controller.modalPresentationStyle == .fullScreen,
                    controller.isModalInPresentation
                {
                    return nil
                }
            case .popover(_, let interactiveDismissal):
                if controller.modalPresentationStyle == .popover,
                    controller.popoverPresentationController?.sourceView != nil,
                    controller.isModalInPresentation == !interactiveDismissal
                {
                    return nil
                }
            case .alert:
                if (controller as? UIAlertController)?.preferredStyle == .alert { return nil }
            case .confirmationDialog:
                if (controller as? UIAlertController)?.preferredStyle == .actionSheet,
                    controller.popoverPresentationController?.sourceView != nil
                {
                    return nil
                }
            }
            return "a modal in style \(style) is shown as \(shown)"
        }

        /// Forgets the view controllers seen, when the coordinator is replaced.
        func forgetScreens() {
            firstController.removeAll()
        }
    }
#endif
