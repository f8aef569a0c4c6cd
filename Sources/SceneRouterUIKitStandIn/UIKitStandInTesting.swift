// Test hooks: not UIKit API. A test drives the stand-in's animations and the user's gestures
// through `window.testing`, and reads the rules broken there.

#if os(Linux)

    extension UIWindow {
        /// The window's test hooks, which are not UIKit API.
        ///
        /// Through them a test finishes animations, simulates the user's gestures and reads the
        /// rules broken.
        public var testing: UIKitStandInTesting { UIKitStandInTesting(window: self) }
    }

    /// Test hooks of a stand-in ``UIWindow``; not UIKit API.
    ///
    /// Animated work (a present, a dismiss, an animated stack change) ends only when the test
    /// finishes it, as a manual clock. A gesture happens only where UIKit lets the user make it,
    /// and returns whether it did: a back swipe needs a stack of two or more on top, a swipe-down
    /// needs a presented view controller that is not modal in presentation nor full screen, a tab
    /// tap needs a tab bar that nothing covers.
    ///
    /// ```swift
    /// renderer.render(event, tree: coordinator.tree)
    /// window.testing.finishAnimations()
    /// #expect(window.testing.simulateBackSwipe())
    /// #expect(window.testing.violations.isEmpty)
    /// ```
    @MainActor
    public struct UIKitStandInTesting {
        /// The window.
        package let window: UIWindow

        /// The rules broken so far by view controllers in this window, or that were last in it, in
        /// order: a test expects none.
        public var violations: [UIKitStandInViolation] { window.violations }

        // MARK: Animations

        /// How many animations have started and not ended.
        package var runningAnimationCount: Int { window.animations.count }

        /// The running animations, oldest first, as `present "B1"`, `dismiss above …`.
        public var runningAnimations: [String] { window.animations.map(\.name) }

        /// Ends the oldest running animation, running its completion handlers (which may start
        /// more).
        ///
        /// - Returns: Whether an animation was running.
        @discardableResult
        public func finishNextAnimation() -> Bool {
            guard !window.animations.isEmpty else { return false }
            let animation = window.animations.removeFirst()
            animation.end()
            return true
        }

        /// Ends every running animation, and those their completion handlers start, until none
        /// runs.
        ///
        /// - Returns: How many animations ended.
        @discardableResult
        public func finishAnimations() -> Int {
            var count = 0
            while finishNextAnimation() { count += 1 }
            return count
        }

        // MARK: What the user sees

        /// The top-most presented view controller, or the window's root when nothing is presented.
        package var topViewController: UIViewController? {
            guard let root = window.rootViewController else { return nil }
            return root.presentedChain.last ?? root
        }

        /// The navigation controller whose top the user sees: the top-most presented one, or the
        /// root one, or the selected tab's; for a split, the secondary column's, or collapsed,
        /// the `.compact` column's, else the top-most one stacked on the primary column's.
        package var visibleNavigationController: UINavigationController? {
            guard let top = topViewController else { return nil }
            if let split = top as? UISplitViewController {
                guard split.collapsed else {
                    return split.columns[.secondary] as? UINavigationController
                }
                if let compact = split.columns[.compact] {
                    return compact as? UINavigationController
                }
                var navigation = split.primaryNavigation
                while let nested = navigation?.stack.last as? UINavigationController {
                    navigation = nested
                }
                return navigation
            }
            if let tabs = top as? UITabBarController {
                return tabs.tabs.indices.contains(tabs.selected)
                    ? tabs.tabs[tabs.selected] as? UINavigationController : nil
            }
            return top as? UINavigationController
        }

        /// Whether the window's width is compact (see ``simulateSizeClass(compact:)``).
        package var isCompactWidth: Bool { window.isCompactWidth }

        /// Whether no animation runs, so the user can act.
        private var isSettled: Bool { window.animations.isEmpty }

        // MARK: Gestures

        /// The user swipes back from the screen's left edge in the visible navigation controller.
        ///
        /// A completed swipe pops the top view controller, and the delegate hears `didShow`. A
        /// cancelled swipe (the finger let go early) leaves the stack as it was and tells the
        /// delegate nothing. In a collapsed split whose columns are stacked on the primary
        /// column's navigation controller, a swipe from the first screen of a stacked column
        /// pops that column's navigation controller off the primary's (it keeps its stack, and
        /// stays the column's): the primary's delegate hears `didShow`.
        ///
        /// - Parameter completed: Whether the swipe goes through; `true` by default.
        /// - Returns: Whether the user could swipe: a visible stack of two or more (or a stacked
        ///   column over another), nothing animating.
        @discardableResult
        public func simulateBackSwipe(completed: Bool = true) -> Bool {
            guard isSettled, let visible = visibleNavigationController else { return false }
            let navigation: UINavigationController
            if visible.stack.count > 1 {
                navigation = visible
            } else if let outer = visible.container as? UINavigationController,
                outer.stack.last === visible, outer.stack.count > 1
            {
                navigation = outer
            } else {
                return false
            }
            // During the swipe UIKit already shows the stack without its top; letting go early
            // puts it back.
            let top = navigation.stack.removeLast()
            guard completed else {
                navigation.stack.append(top)
                return true
            }
            // A split's column popped off the primary's stack goes back to its column.
            let split = navigation.container as? UISplitViewController
            top.container = split.flatMap { split in
                split.columns.values.contains { $0 === top } ? split : nil
            }
            if let shown = navigation.stack.last {
                navigation.delegate?.navigationController(
                    navigation, didShow: shown, animated: true)
            }
            return true
        }

        /// The user holds the Back button and picks an earlier screen in its menu: the visible
        /// navigation controller pops to it, animated; the delegate hears `didShow` when the
        /// animation ends.
        ///
        /// - Parameter index: The position of the screen to go back to, 0 for the first.
        /// - Returns: Whether the user could: a visible stack holding a screen at `index` below
        ///   its top, nothing animating.
        @discardableResult
        public func simulateBackButtonMenu(popTo index: Int) -> Bool {
            guard isSettled, let navigation = visibleNavigationController,
                index >= 0, index < navigation.stack.count - 1
            else { return false }
            popNavigation(navigation, to: index)
            return true
        }

        /// The user drags the top-most sheet down (or taps outside the top-most popover): it is
        /// dismissed, and its presentation controller's delegate hears
        /// `presentationControllerDidDismiss(_:)`.
        ///
        /// - Returns: Whether the user could: something presented, not full screen, not
        ///   `isModalInPresentation`
        ///   (https://developer.apple.com/documentation/uikit/uiviewcontroller/ismodalinpresentation),
        ///   not an alert controller (see ``simulateAlertAction(_:typing:)`` and
        ///   ``simulateTapOutsideActionSheet()``), nothing animating.
        @discardableResult
        public func simulateSwipeDown() -> Bool {
            guard isSettled, let top = topViewController, let presenter = top.presenter,
                top.modalPresentationStyle != .fullScreen, !top.isModalInPresentation,
                !(top is UIAlertController)
            else { return false }
            presenter.presented = nil
            top.presenter = nil
            if let presentation = top.presentationController {
                presentation.delegate?.presentationControllerDidDismiss(presentation)
            }
            return true
        }

        /// The user drags the top-most sheet to its detent at `index` (counted from 0, in the
        /// order of its `detents`): it rests there, and its delegate hears
        /// `sheetPresentationControllerDidChangeSelectedDetentIdentifier(_:)`.
        ///
        /// - Parameter index: The detent's position.
        /// - Returns: Whether the user could: a sheet on top with that detent, not the one it
        ///   rests at, nothing animating.
        @discardableResult
        package func simulateDragSheet(toDetentAt index: Int) -> Bool {
            guard isSettled, let top = topViewController, top.presenter != nil,
                let sheet = top.sheetPresentationController, sheet.detents.indices.contains(index)
            else { return false }
            let identifier = sheet.detents[index].identifier
            let resting = sheet.selectedDetentIdentifier ?? sheet.detents.first?.identifier
            guard identifier != resting else { return false }
            sheet.selectedDetentIdentifier = identifier
            (sheet.delegate as? any UISheetPresentationControllerDelegate)?
                .sheetPresentationControllerDidChangeSelectedDetentIdentifier(sheet)
            return true
        }

        /// The alert or action sheet the user sees: the top-most presented view controller, when
        /// it is an alert controller.
        package var presentedAlert: UIAlertController? {
            topViewController as? UIAlertController
        }

        /// The user types `text` in the top-most alert's text fields, in order, and taps its
        /// button at `index`: the alert is dismissed (at once: its animation is not modelled),
        /// then the button's action handler runs, as in UIKit
        /// (https://developer.apple.com/documentation/uikit/uialertaction/init(title:style:handler:)).
        ///
        /// - Parameters:
        ///   - index: The button's position in the alert's `actions`.
        ///   - text: What the user types in each text field, first field first; the fields
        ///     after these keep their text.
        /// - Returns: Whether the user could: an alert controller presented on top, with an
        ///   enabled button at `index`, which is shown (an action sheet in a popover, in a
        ///   regular width, does not show its cancel button: a tap outside it is the cancel, see
        ///   ``simulateTapOutsideActionSheet()``), no more text than fields, nothing animating.
        @discardableResult
        public func simulateAlertAction(_ index: Int, typing text: [String] = []) -> Bool {
            guard isSettled, let alert = presentedAlert, let presenter = alert.presenter,
                alert.actions.indices.contains(index), alert.actions[index].isEnabled,
                text.count <= (alert.textFields?.count ?? 0)
            else { return false }
            let action = alert.actions[index]
            if alert.preferredStyle == .actionSheet, !window.isCompactWidth,
                action.style == .cancel
            {
                return false
            }
            for (field, line) in zip(alert.textFields ?? [], text) { field.text = line }
            presenter.presented = nil
            alert.presenter = nil
            action.handler?(action)
            return true
        }

        /// The user taps outside the top-most action sheet's popover (in a regular width): it is
        /// dismissed, its presentation controller's delegate hears
        /// `presentationControllerDidDismiss(_:)` as for any popover, then the handler of its
        /// cancel action, if it has one, runs: the popover does not show that button, and a tap
        /// outside stands for it
        /// (https://developer.apple.com/documentation/uikit/uialertcontroller).
        ///
        /// Not verified on a device: UIKit's headers do not say whether both happen, nor in
        /// which order; code that reports the tap reports it once, whichever comes first.
        ///
        /// - Returns: Whether the user could: an action sheet presented on top in a regular
        ///   width (a popover), nothing animating.
        @discardableResult
        public func simulateTapOutsideActionSheet() -> Bool {
            guard isSettled, !window.isCompactWidth, let sheet = presentedAlert,
                sheet.preferredStyle == .actionSheet, let presenter = sheet.presenter
            else { return false }
            presenter.presented = nil
            sheet.presenter = nil
            if let presentation = sheet.presentationController {
                presentation.delegate?.presentationControllerDidDismiss(presentation)
            }
            if let cancel = sheet.actions.first(where: { $0.style == .cancel }) {
                cancel.handler?(cancel)
            }
            return true
        }

        /// The user taps the tab at `index` in the tab bar.
        ///
        /// A tap on the selected tab pops its navigation controller to its first screen
        /// (animated); the delegate hears `tabBarController(_:didSelect:)` either way.
        ///
        /// - Parameter index: The tab's position.
        /// - Returns: Whether the user could: a tab bar at the root that nothing covers, a tab at
        ///   `index`, nothing animating.
        @discardableResult
        public func simulateTabTap(_ index: Int) -> Bool {
            guard isSettled, let tabs = window.rootViewController as? UITabBarController,
                tabs.presented == nil, tabs.tabs.indices.contains(index)
            else { return false }
            if index == tabs.selected {
                if let navigation = tabs.tabs[index] as? UINavigationController,
                    navigation.stack.count > 1
                {
                    popNavigation(navigation, to: 0)
                }
            } else {
                tabs.selected = index
            }
            tabs.delegate?.tabBarController(tabs, didSelect: tabs.tabs[index])
            return true
        }

        /// The window's width changes class, as rotating an iPad, resizing a Split View or Slide
        /// Over app, or a Mac window does: a split view controller at the root collapses
        /// (compact) or expands (regular), asking and telling its delegate (see
        /// ``UISplitViewController``); one set as the root later starts so.
        ///
        /// - Parameter compact: Whether the window becomes compact.
        /// - Returns: Whether a split view controller at the root collapsed or expanded.
        @discardableResult
        public func simulateSizeClass(compact: Bool) -> Bool {
            window.isCompactWidth = compact
            guard let split = window.rootViewController as? UISplitViewController,
                split.collapsed != compact
            else { return false }
            split.adapt(compact: compact)
            return true
        }

        private func popNavigation(_ navigation: UINavigationController, to index: Int) {
            let oldTop = navigation.stack.last
            for controller in navigation.stack[(index + 1)...] { controller.container = nil }
            navigation.stack.removeSubrange((index + 1)...)
            navigation.show(from: oldTop, animated: true)
        }

        // MARK: Description

        /// The window's view controllers, one line each, as a test or a transcript shows them.
        ///
        /// ```
        /// window
        /// └─ UINavigationController: "A1" › "A2"
        ///    └─ presents (pageSheet, large): UINavigationController: "B1"
        /// ```
        ///
        /// A split shows its style, whether it is collapsed, and each column's view controller
        /// (a stacked column's navigation controller shows inside the primary's):
        ///
        /// ```
        /// window
        /// └─ UISplitViewController (doubleColumn, expanded)
        ///    ├─ primary: UINavigationController: "Mailboxes"
        ///    ├─ secondary: UINavigationController: "Message"
        /// ```
        public var hierarchy: [String] {
            var lines = ["window"]
            guard let root = window.rootViewController else { return lines }
            func stack(_ controller: UIViewController) -> String {
                if let navigation = controller as? UINavigationController {
                    guard !navigation.stack.isEmpty else {
                        return "UINavigationController: (empty)"
                    }
                    return "UINavigationController: "
                        + navigation.stack.map(\.label).joined(separator: " › ")
                }
                if let alert = controller as? UIAlertController {
                    let buttons = alert.actions.map { $0.title ?? "?" }
                    return "UIAlertController: \(alert.label) [\(buttons.joined(separator: ", "))]"
                }
                return controller.label
            }
            if let tabs = root as? UITabBarController {
                lines.append("└─ UITabBarController")
                for (index, tab) in tabs.tabs.enumerated() {
                    let mark = index == tabs.selected ? ", selected" : ""
                    lines.append("   ├─ tab \(index)\(mark): \(stack(tab))")
                }
            } else if let split = root as? UISplitViewController {
                let state = split.collapsed ? "collapsed" : "expanded"
                lines.append("└─ UISplitViewController (\(split.style), \(state))")
                for column in split.order + [.compact] {
                    guard let controller = split.columns[column] else { continue }
                    lines.append("   ├─ \(column): \(stack(controller))")
                }
            } else {
                lines.append("└─ \(stack(root))")
            }
            var indent = "   "
            for presented in root.presentedChain {
                lines.append(
                    "\(indent)└─ presents (\(Self.describe(presented))): \(stack(presented))")
                indent += "   "
            }
            return lines
        }

        /// A presented view controller's style, as `pageSheet, medium, large, modal`,
        /// `fullScreen, modal` or `popover, from a source view`.
        ///
        /// - Parameter controller: A view controller.
        /// - Returns: Its presentation style, detents and modality, in words.
        package static func describe(_ controller: UIViewController) -> String {
            if let alert = controller as? UIAlertController {
                guard alert.preferredStyle == .actionSheet else { return "alert" }
                let source = alert.popoverPresentationController?.sourceView != nil
                return source ? "actionSheet, from a source view" : "actionSheet"
            }
            var words: [String]
            switch controller.modalPresentationStyle {
            case .automatic, .pageSheet:
                words = ["pageSheet"]
                let detents = controller.sheetPresentationController?.detents ?? []
                words += detents.map { detent in
                    switch detent.identifier {
                    case .medium: return "medium"
                    case .large: return "large"
                    default: return detent.identifier.rawValue
                    }
                }
            case .fullScreen:
                words = ["fullScreen"]
            case .custom:
                words = ["custom"]
            case .popover:
                let source = controller.popoverPresentationController?.sourceView != nil
                words = ["popover", source ? "from a source view" : "without a source view"]
            }
            if controller.isModalInPresentation { words.append("modal") }
            return words.joined(separator: ", ")
        }
    }
#endif
