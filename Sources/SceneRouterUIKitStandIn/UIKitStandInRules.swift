// How the stand-in behaves as UIKit does: the presentation rules, animated work that ends only
// when a test finishes it, and which changes call which delegate. Each rule names the Apple
// documentation page it follows; none is verified on a device.

#if os(Linux)

    /// A UIKit rule that the code driving the stand-in broke: the call was dropped, as UIKit drops
    /// it with a console warning or refuses it with an exception.
    ///
    /// Tests read them in ``UIKitStandInTesting/violations`` and expect none.
    public struct UIKitStandInViolation: Hashable, Sendable, CustomStringConvertible {
        /// The rules the stand-in enforces, each after an Apple documentation page.
        public enum Rule: String, Hashable, Sendable, CaseIterable {
            /// Presenting from a view controller that already presents one ("Attempt to present …
            /// which is already presenting …"); mirrors
            /// https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:).
            case presentingWhilePresenting
            /// Presenting from a view controller that is being presented or dismissed, or whose
            /// presented view controller is ("… while a presentation is in progress"); mirrors
            /// https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:).
            case presentingDuringTransition
            /// Presenting from a view controller that is not in the window ("… whose view is not in
            /// the window hierarchy"); mirrors
            /// https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:).
            case presenterNotInWindow
            /// Presenting a view controller that is already presented, or is a child of a container;
            /// mirrors https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:).
            case presentingPresentedOrChild
            /// Presenting a popover whose presentation controller has no source view (UIKit raises),
            /// an action sheet's included in a regular width, where it is a popover; mirrors
            /// https://developer.apple.com/documentation/uikit/uipopoverpresentationcontroller/sourceview.
            case popoverWithoutSource
            /// Adding a text field to an action sheet (UIKit raises: only an alert has text
            /// fields); mirrors
            /// https://developer.apple.com/documentation/uikit/uialertcontroller/addtextfield(configurationhandler:).
            case textFieldInActionSheet
            /// Putting a view controller in a navigation stack twice, or one that is already in
            /// another container, presented or the window's root, or a tab bar controller (UIKit
            /// raises); mirrors https://developer.apple.com/documentation/uikit/uinavigationcontroller/pushviewcontroller(_:animated:).
            case pushingInstanceAlreadyInStack
            /// Dismissing from a view controller that neither presents nor is presented; mirrors
            /// https://developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:).
            case dismissingNothing
            /// Dismissing while a presentation or dismissal of that chain is still animating;
            /// mirrors https://developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:).
            case dismissingDuringTransition

            /// The Apple documentation page the rule follows.
            package var documentation: String {
                let base = "https://developer.apple.com/documentation/uikit/"
                switch self {
                case .presentingWhilePresenting, .presentingDuringTransition, .presenterNotInWindow,
                    .presentingPresentedOrChild:
                    return base + "uiviewcontroller/present(_:animated:completion:)"
                case .popoverWithoutSource:
                    return base + "uipopoverpresentationcontroller/sourceview"
                case .textFieldInActionSheet:
                    return base + "uialertcontroller/addtextfield(configurationhandler:)"
                case .pushingInstanceAlreadyInStack:
                    return base + "uinavigationcontroller/pushviewcontroller(_:animated:)"
                case .dismissingNothing, .dismissingDuringTransition:
                    return base + "uiviewcontroller/dismiss(animated:completion:)"
                }
            }
        }

        /// The rule broken.
        public let rule: Rule
        /// What happened, naming the view controllers by title.
        package let message: String

        /// The message, then the page of the rule.
        public var description: String { "\(message) (\(rule.documentation))" }
    }

    /// Animated work that has started: it ends when a test finishes it.
    struct Animation {
        let name: String
        let end: @MainActor () -> Void
    }

    /// A running navigation transition, which calls its completion handlers when it ends.
    @MainActor
    final class TransitionCoordinator: UIViewControllerTransitionCoordinator {
        private(set) var isCancelled = false
        private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []

        func animate(
            alongsideTransition animation: (
                (any UIViewControllerTransitionCoordinatorContext) -> Void
            )?,
            completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
        ) -> Bool {
            animation?(self)
            if let completion { completions.append(completion) }
            return true
        }

        func end(cancelled: Bool) {
            isCancelled = cancelled
            let handlers = completions
            completions.removeAll()
            for handler in handlers { handler(self) }
        }
    }

    extension UIViewController {
        /// The view controller's name in messages: its title, or its type.
        var label: String {
            if let title { return "\"\(title)\"" }
            if let navigation = self as? UINavigationController {
                let titles = navigation.stack.map(\.label).joined(separator: " › ")
                return "UINavigationController[\(titles)]"
            }
            return "\(type(of: self))"
        }

        /// The outermost container holding this view controller: the root of its presentation
        /// context.
        var outermost: UIViewController {
            var controller = self
            while let container = controller.container { controller = container }
            return controller
        }

        /// The window this view controller is shown in: through its containers to the window's
        /// root, or through the view controllers that present it.
        var shownWindow: UIWindow? {
            let root = outermost
            if let window = root.window, window.rootViewController === root { return window }
            return root.presenter?.shownWindow
        }

        /// The window to record a broken rule in: the one it is shown in, or was last in.
        var knownWindow: UIWindow? {
            if let window = shownWindow {
                lastWindow = window
                return window
            }
            return lastWindow ?? container?.knownWindow
        }

        /// The chain of view controllers presented from this one, nearest first.
        var presentedChain: [UIViewController] {
            var chain: [UIViewController] = []
            var next = outermost.presented
            while let controller = next {
                chain.append(controller)
                next = controller.presented
            }
            return chain
        }

        func record(_ rule: UIKitStandInViolation.Rule, _ message: String) {
            let violation = UIKitStandInViolation(rule: rule, message: message)
            if let window = knownWindow {
                window.violations.append(violation)
            } else {
                // Never in a window: the rule is kept with the view controller.
                violationsOutsideWindows.append(violation)
            }
        }

        // MARK: present(_:animated:completion:)

        func performPresent(
            _ presented: UIViewController, animated: Bool, completion: (() -> Void)?
        ) {
            let context = outermost
            let attempt = "Attempt to present \(presented.label) on \(context.label)"
            guard let window = context.shownWindow else {
                record(
                    .presenterNotInWindow, "\(attempt) whose view is not in the window hierarchy")
                return
            }
            if let current = context.presented {
                if current.isBeingPresented || current.isBeingDismissed {
                    record(
                        .presentingDuringTransition,
                        "\(attempt) while a presentation is in progress")
                } else {
                    record(
                        .presentingWhilePresenting,
                        "\(attempt) which is already presenting \(current.label)")
                }
                return
            }
            if context.isBeingPresented || context.isBeingDismissed {
                record(
                    .presentingDuringTransition, "\(attempt) while a presentation is in progress")
                return
            }
            if presented.presenter != nil || presented.container != nil || presented.window != nil {
                record(
                    .presentingPresentedOrChild,
                    "Application tried to present modally \(presented.label), which is already "
                        + "presented or a child of a container")
                return
            }
            if let sheet = presented as? UIAlertController, sheet.preferredStyle == .actionSheet {
                // In a compact width an action sheet slides up from the bottom: no source needed.
                if !window.isCompactWidth, sheet.popoverPresentationController?.sourceView == nil {
                    record(
                        .popoverWithoutSource,
                        "Your application has presented a UIAlertController (\(sheet.label)) of "
                            + "style UIAlertControllerStyleActionSheet from \(context.label). The "
                            + "modalPresentationStyle of a UIAlertController with this style is "
                            + "UIModalPresentationPopover. You must provide location information "
                            + "for this popover through the alert controller's "
                            + "popoverPresentationController.")
                    return
                }
            } else if presented.modalPresentationStyle == .popover,
                presented.popoverPresentationController?.sourceView == nil
            {
                record(
                    .popoverWithoutSource,
                    "UIPopoverPresentationController (\(presented.label)) should have a non-nil "
                        + "sourceView set before the presentation occurs")
                return
            }
            context.presented = presented
            presented.presenter = context
            presented.lastWindow = window
            guard animated else {
                completion?()
                return
            }
            presented.isBeingPresented = true
            window.animations.append(
                Animation(name: "present \(presented.label)") {
                    presented.isBeingPresented = false
                    completion?()
                })
        }

        // MARK: dismiss(animated:completion:)

        func performDismiss(animated: Bool, completion: (() -> Void)?) {
            let context = outermost
            let presenter: UIViewController
            if context.presented != nil {
                presenter = context
            } else if let parent = context.presenter {
                presenter = parent
            } else {
                record(
                    .dismissingNothing, "Dismissing from \(context.label), which presents nothing")
                return
            }
            let chain = presenter.presentedChain
            if chain.contains(where: { $0.isBeingPresented || $0.isBeingDismissed }) {
                record(
                    .dismissingDuringTransition,
                    "Attempt to dismiss from \(presenter.label) while a presentation or dismiss is "
                        + "in progress")
                return
            }
            func unlink() {
                presenter.presented = nil
                for controller in chain {
                    controller.presenter = nil
                    controller.presented = nil
                    controller.isBeingDismissed = false
                }
            }
            guard animated, let window = presenter.shownWindow else {
                unlink()
                completion?()
                return
            }
            for controller in chain { controller.isBeingDismissed = true }
            window.animations.append(
                Animation(name: "dismiss above \(presenter.label)") {
                    unlink()
                    completion?()
                })
        }
    }

    extension UINavigationController {
        // MARK: setViewControllers(_:animated:)

        func performSetViewControllers(_ controllers: [UIViewController], animated: Bool) {
            var seen = Set<ObjectIdentifier>()
            for controller in controllers {
                let problem: String?
                if controller is UITabBarController {
                    problem = "is a tab bar controller"
                } else if !seen.insert(ObjectIdentifier(controller)).inserted {
                    problem = "is in the new stack twice"
                } else if let container = controller.container, container !== self {
                    problem = "is already in \(container.label)"
                } else if controller.presenter != nil || controller.window != nil {
                    problem = "is presented or the window's root"
                } else {
                    problem = nil
                }
                if let problem {
                    record(
                        .pushingInstanceAlreadyInStack,
                        "Pushing \(controller.label) onto \(label), which \(problem)")
                    return
                }
            }
            let oldTop = stack.last
            for controller in stack where !seen.contains(ObjectIdentifier(controller)) {
                controller.container = nil
            }
            stack = controllers
            for controller in controllers {
                controller.container = self
                controller.lastWindow = knownWindow
            }
            show(from: oldTop, animated: animated)
        }

        /// Ends a change of the stack: at once, or when a test finishes its animation, the
        /// delegate hears `didShow` (UIKit tells it for every change of the top).
        func show(from oldTop: UIViewController?, animated: Bool) {
            guard let top = stack.last else { return }
            guard animated, oldTop !== top, let window = shownWindow else {
                delegate?.navigationController(self, didShow: top, animated: false)
                return
            }
            let transition = TransitionCoordinator()
            runningTransition = transition
            window.animations.append(
                Animation(name: "navigation in \(label)") { [weak self] in
                    guard let self else { return }
                    if self.runningTransition === transition { self.runningTransition = nil }
                    transition.end(cancelled: false)
                    if let top = self.stack.last {
                        self.delegate?.navigationController(self, didShow: top, animated: true)
                    }
                })
        }
    }
#endif
