/// The platform operations that take a UIKit-shaped host from one tree to the next, in order.
///
/// Every ``TransitionEvent`` carries the plan of its change in ``TransitionEvent/plan``. A host
/// (a window with navigation controllers, a tab bar controller and presented modals) that shows
/// the tree before the event and performs the plan's steps in order shows the tree after it.
/// A plan:
///
/// - is **minimal**: a push is one ``RenderPlan/Step/push(_:onto:animated:)``, a pop of any number
///   of screens one ``RenderPlan/Step/pop(to:in:animated:)``, a stack set or a replace one
///   ``RenderPlan/Step/setStack(_:animated:)``, a present one ``RenderPlan/Step/present(_:animated:)``, a
///   dismiss of any number of modals one ``RenderPlan/Step/dismiss(aboveLevel:animated:)``;
/// - is **small**: a push or a pop step holds one screen or identity, never the stack's
///   screens, so an app that keeps events does not make the next push copy the stack;
/// - follows **UIKit's rules**: modals are dismissed before the window's root is replaced and
///   before new ones are presented over the same level; each present is made from the level
///   just below it, which by then presents nothing; a host waits for each animated dismissal or
///   presentation to end before the next step (the UIKit adapter does the waiting);
/// - is **empty for what the user already did**: a back swipe, a sheet dragged down or a tab
///   tapped, which the platform reported with ``AppCoordinator/report(_:)``, is already on
///   screen.
///
/// ```swift
/// try coordinator.navigate(.root(scene: "A1"))
/// let event = try coordinator.navigate(.present(scene: "B1"))
/// print(event.plan)
/// // present s2 (m1, sheet) over level 0: B1 #2, animated
/// ```
///
/// ``init(from:to:animated:)`` computes the plan between any two trees of one coordinator; an
/// adapter attached to a coordinator that already shows screens uses it to start from an empty
/// window.
public struct RenderPlan: Hashable, Sendable {
    // Most transitions plan one step: it is kept apart, so that planning one allocates nothing.
    private let first: RenderPlan.Step?
    private let rest: [RenderPlan.Step]

    /// A plan with these steps.
    ///
    /// - Parameter steps: The steps, in order.
    package init(steps: [RenderPlan.Step] = []) {
        first = steps.first
        rest = Array(steps.dropFirst())
    }

    /// An empty plan: what every edit starts from before it is planned, made without a list.
    init() {
        first = nil
        rest = []
    }

    /// A plan of one step.
    init(_ step: RenderPlan.Step) {
        first = step
        rest = []
    }

    /// The steps, to be performed in order.
    public var steps: [RenderPlan.Step] {
        guard let first else { return [] }
        return [first] + rest
    }

    /// Whether there is nothing to do on screen.
    package var isEmpty: Bool { first == nil }

    /// The plan that takes a host showing `old` to showing `new`.
    ///
    /// Stacks and modals are matched by identity (``StackID``, and each modal's own number), so
    /// both trees must come from the same coordinator. The steps come in this order:
    ///
    /// 1. When the root changes (another root stack or tab container): every modal is
    ///    dismissed without animation, then the window's root is set.
    /// 2. Otherwise the modals that leave are dismissed in one step, above the last modal both
    ///    trees share; then each kept stack whose screens changed is changed: a push when it
    ///    gained one screen on top, a pop when it lost screens from the top, else a stack set
    ///    (animated only when it is the top-most stack before and after, so that changes under
    ///    a modal or in another tab do not animate), and each kept modal whose style changed
    ///    (its lock, its resting detent) is updated; then the tab is selected, if it changed.
    /// 3. Finally the new modals are presented, each over the one before; only the last one
    ///    animates.
    ///
    /// - Parameters:
    ///   - old: The tree the host shows.
    ///   - new: The tree it must show.
    ///   - animated: Whether the change animates, as its event says.
    public init(from old: ScreenTree, to new: ScreenTree, animated: Bool) {
        var steps: [RenderPlan.Step] = []
        let newModals = new.modalRecords
        // Arrays that share storage compare in O(1): only the stacks that changed are read.
        let rootChanged =
            old.tabNames != new.tabNames || old.splitColumns != new.splitColumns
            || old.base.count != new.base.count
            || zip(old.base, new.base).contains { $0.id != $1.id }
        var kept = 0
        if rootChanged {
            if !old.modalRecords.isEmpty { steps.append(.dismiss(aboveLevel: 0, animated: false)) }
            if new.hasTabs {
                steps.append(
                    .setTabs(new.base.indices.map(new.baseStack(at:)), selected: new.selectedIndex))
            } else if new.isSplit {
                steps.append(.setSplit(new.base.indices.map(new.baseStack(at:))))
            } else if !new.base.isEmpty {
                steps.append(.setRoot(new.baseStack(at: 0)))
            }
        } else {
            let oldModals = old.modalRecords
            while kept < oldModals.count, kept < newModals.count,
                oldModals[kept].id == newModals[kept].id
            {
                kept += 1
            }
            if oldModals.count > kept {
                steps.append(.dismiss(aboveLevel: kept, animated: animated))
            }
            let oldTop = old.isEmpty ? nil : old.topStackID
            let newTop = new.isEmpty ? nil : new.topStackID
            // An expanded split with nothing presented shows every column.
            let columnsShow = new.isSplit && !new.isCollapsed && newModals.isEmpty
            func change(_ before: [Screen], _ after: ScreenStack) {
                let visible =
                    (after.id == oldTop && after.id == newTop) || (columnsShow && after.level == 0)
                steps.append(.change(before, to: after, animated: animated && visible))
            }
            for index in new.base.indices where old.base[index].screens != new.base[index].screens {
                change(old.base[index].screens, new.baseStack(at: index))
            }
            for position in 0..<kept {
                if oldModals[position].style != newModals[position].style {
                    steps.append(.updateModal(new.modalStack(at: position), animated: animated))
                }
                if oldModals[position].stack.screens != newModals[position].stack.screens {
                    change(oldModals[position].stack.screens, new.modalStack(at: position))
                }
            }
            if new.hasTabs, new.selectedIndex != old.selectedIndex {
                steps.append(.selectTab(new.tabNames[new.selectedIndex], index: new.selectedIndex))
            }
        }
        for position in kept..<newModals.count {
            let last = position == newModals.count - 1
            steps.append(.present(new.modalStack(at: position), animated: animated && last))
        }
        self.init(steps: steps)
    }
}

extension RenderPlan {
    /// One operation of a ``RenderPlan``, named after what a UIKit host does.
    public enum Step: Hashable, Sendable {
        /// Make the window's root a navigation stack holding these screens (UIKit: a new
        /// `UINavigationController` as the window's `rootViewController`). Never animated.
        case setRoot(ScreenStack)
        /// Make the window's root a tab container of these stacks, one per tab in order, with the
        /// tab at `selected` selected (UIKit: a `UITabBarController` whose `viewControllers` are one
        /// navigation controller per stack). Never animated.
        case setTabs([ScreenStack], selected: Int)
        /// Make the window's root a split of these column stacks, leading first: a primary and a
        /// detail column, or a primary, a supplementary and a detail column (UIKit: a
        /// `UISplitViewController` of the `.doubleColumn` or `.tripleColumn` style, one navigation
        /// controller per column; an empty column shows the app's placeholder). Never animated.
        /// Later changes to a column are ``push(_:onto:animated:)``, ``pop(to:in:animated:)`` and
        /// ``setStack(_:animated:)`` steps of the column's stack; the platform collapses and expands
        /// the split itself, so a size class is no step.
        case setSplit([ScreenStack])
        /// Select the tab with this name, at this index (UIKit: `selectedIndex`). Never animated.
        case selectTab(String, index: Int)
        /// Insert a tab holding this stack at `at`, the tab at `selected` staying selected (UIKit:
        /// one more navigation controller in the tab bar controller's `viewControllers`, then
        /// `selectedIndex`). Never animated.
        case insertTab(ScreenStack, at: Int, selected: Int)
        /// Remove the tab with this name, whose stack has this identity, from `index`, the tab at
        /// `selected` being selected afterwards (UIKit: its navigation controller out of the tab
        /// bar controller's `viewControllers`, then `selectedIndex`). Never animated.
        case removeTab(String, stack: StackID, index: Int, selected: Int)
        /// Push this screen onto the stack with this identity (UIKit:
        /// `pushViewController(_:animated:)` on the stack's navigation controller).
        case push(Screen, onto: StackID, animated: Bool)
        /// Pop the stack with this identity back to this screen, which stays (UIKit:
        /// `popToViewController(_:animated:)`): one screen or several.
        case pop(to: ScreenID, in: StackID, animated: Bool)
        /// Make the stack with the stack's identity hold exactly these screens, keeping the screens
        /// it already shows (UIKit: `setViewControllers(_:animated:)`): a stack set, a replace, or
        /// a link's change to a stack.
        case setStack(ScreenStack, animated: Bool)
        /// Present this modal stack over the level just below it, in its style (UIKit:
        /// `present(_:animated:completion:)` from the top-most controller of level
        /// `stack.level - 1`).
        case present(ScreenStack, animated: Bool)
        /// Dismiss every modal above this level, in one call (UIKit:
        /// `dismiss(animated:completion:)` on the top-most controller of the level): level 0
        /// dismisses them all.
        case dismiss(aboveLevel: Int, animated: Bool)
        /// Give the shown modal of this stack its style's lock and resting detent (UIKit: the
        /// presented controller's `isModalInPresentation`, and its sheet presentation
        /// controller's `selectedDetentIdentifier`, inside `animateChanges` when animated).
        case updateModal(ScreenStack, animated: Bool)

        /// Whether the step animates.
        public var animated: Bool {
            switch self {
            case .setRoot, .setTabs, .setSplit, .selectTab, .insertTab, .removeTab: return false
            case .push(_, _, let animated), .pop(_, _, let animated), .setStack(_, let animated),
                .present(_, let animated), .dismiss(_, let animated),
                .updateModal(_, let animated):
                return animated
            }
        }

        /// The step that changes a stack from `before` to `after`: a push when it gained one
        /// screen on top, a pop when it lost screens from the top, else a stack set.
        static func change(_ before: [Screen], to after: ScreenStack, animated: Bool)
            -> RenderPlan.Step
        {
            if after.count == before.count + 1, let top = after.last,
                after.dropLast().elementsEqual(before, by: { $0.id == $1.id })
            {
                return .push(top, onto: after.id, animated: animated)
            }
            if after.count < before.count, let kept = after.last,
                after.elementsEqual(before.prefix(after.count), by: { $0.id == $1.id })
            {
                return .pop(to: kept.id, in: after.id, animated: animated)
            }
            return .setStack(after, animated: animated)
        }
    }
}

extension RenderPlan: CustomStringConvertible {
    /// The steps, one per line; `nothing to do` for an empty plan.
    public var description: String {
        steps.isEmpty ? "nothing to do" : steps.map(\.description).joined(separator: "\n")
    }
}

extension RenderPlan.Step: CustomStringConvertible {
    /// The step as one line: `push s1: A2 #2, animated`, `pop s1 to #1, animated`,
    /// `set-stack s1: A1 #1 › A2 #2, animated`,
    /// `present s3 (m1, sheet) over level 0: B1 #3, animated`, `dismiss above level 0, animated`.
    public var description: String {
        func screens(_ stack: ScreenStack) -> String {
            stack.isEmpty ? "(empty)" : stack.map(\.description).joined(separator: " › ")
        }
        func animation(_ animated: Bool) -> String { animated ? ", animated" : "" }
        switch self {
        case .setRoot(let stack):
            return "set-root \(stack.id): \(screens(stack))"
        case .setSplit(let stacks):
            let columns = stacks.map { stack in
                "[\(stack.column.map { "\($0)" } ?? "?")] \(stack.id): \(screens(stack))"
            }
            return "set-split " + columns.joined(separator: "; ")
        case .setTabs(let stacks, let selected):
            let tabs = stacks.enumerated().map { index, stack in
                let mark = index == selected ? ", selected" : ""
                return "[\(stack.tab ?? "?")\(mark)] \(stack.id): \(screens(stack))"
            }
            return "set-tabs " + tabs.joined(separator: "; ")
        case .selectTab(let name, let index):
            return "select-tab \(NavigationError.shorten(name)) (\(index))"
        case .insertTab(let stack, let index, let selected):
            return
                "insert-tab [\(stack.tab ?? "?")] \(stack.id) at \(index): \(screens(stack)); "
                + "selected \(selected)"
        case .removeTab(let name, let stack, let index, let selected):
            return
                "remove-tab [\(NavigationError.shorten(name))] \(stack) at \(index); selected "
                + "\(selected)"
        case .push(let screen, let stack, let animated):
            return "push \(stack): \(screen)\(animation(animated))"
        case .pop(let screen, let stack, let animated):
            return "pop \(stack) to \(screen)\(animation(animated))"
        case .setStack(let stack, let animated):
            return "set-stack \(stack.id): \(screens(stack))\(animation(animated))"
        case .present(let stack, let animated):
            let modal = stack.modal?.description ?? "?"
            let style = stack.style?.description ?? "?"
            return
                "present \(stack.id) (\(modal), \(style)) over level \(stack.level - 1): "
                + "\(screens(stack))\(animation(animated))"
        case .dismiss(let level, let animated):
            return "dismiss above level \(level)\(animation(animated))"
        case .updateModal(let stack, let animated):
            // A modal's stack: its modal and its style.
            let modal = [stack.modal?.description, stack.style?.description].compactMap { $0 }
            return
                "update-modal \(stack.id) (\(modal.joined(separator: ", ")))\(animation(animated))"
        }
    }
}
