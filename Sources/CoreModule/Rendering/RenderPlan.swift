/// The platform operations that take a UIKit-shaped host from one tree to the next, in order.
///
/// Every ``TransitionEvent`` carries the plan of its change in ``TransitionEvent/plan``. A host
/// (a window with navigation controllers, a tab bar controller and presented modals) that shows
/// the tree before the event and performs the plan's steps in order shows the tree after it.
/// A plan:
///
/// - is **minimal**: a push, a pop, a stack set or a replace is one ``RenderStep/setStack(_:animated:)``,
///   a present one ``RenderStep/present(_:animated:)``, a dismiss of any number of modals one
///   ``RenderStep/dismiss(aboveLevel:animated:)``;
/// - follows **UIKit's rules**: modals are dismissed before the window's root is replaced and
///   before new ones are presented over the same level; each present is made from the level
///   just below it, which by then presents nothing; a host waits for each animated dismissal or
///   presentation to end before the next step (``RenderPlayer`` does the waiting);
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
    /// The steps, to be performed in order.
    public let steps: [RenderStep]

    /// A plan with these steps.
    ///
    /// - Parameter steps: The steps, in order.
    public init(steps: [RenderStep] = []) {
        self.steps = steps
    }

    /// Whether there is nothing to do on screen.
    public var isEmpty: Bool { steps.isEmpty }

    /// The plan that takes a host showing `old` to showing `new`.
    ///
    /// Stacks and modals are matched by identity (``StackID``, ``ModalID``), so both trees must
    /// come from the same coordinator. The steps come in this order:
    ///
    /// 1. When the root changes (another root stack or tab container): every modal is
    ///    dismissed without animation, then the window's root is set.
    /// 2. Otherwise the modals that leave are dismissed in one step, above the last modal both
    ///    trees share; then each kept stack whose screens changed is set (animated only when it
    ///    is the top-most stack before and after, so that changes under a modal or in another
    ///    tab do not animate); then the tab is selected, if it changed.
    /// 3. Finally the new modals are presented, each over the one before; only the last one
    ///    animates.
    ///
    /// - Parameters:
    ///   - old: The tree the host shows.
    ///   - new: The tree it must show.
    ///   - animated: Whether the change animates, as its event says.
    public init(from old: ScreenTree, to new: ScreenTree, animated: Bool) {
        var steps: [RenderStep] = []
        let newModals = new.modalRecords
        // Arrays that share storage compare in O(1): only the stacks that changed are read.
        let rootChanged =
            old.tabNames != new.tabNames || old.base.count != new.base.count
            || zip(old.base, new.base).contains { $0.id != $1.id }
        var kept = 0
        if rootChanged {
            if !old.modalRecords.isEmpty { steps.append(.dismiss(aboveLevel: 0, animated: false)) }
            if new.hasTabs {
                steps.append(
                    .setTabs(new.base.indices.map(new.baseStack(at:)), selected: new.selectedIndex))
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
            func set(_ stack: ScreenStack) {
                let visible = stack.id == oldTop && stack.id == newTop
                steps.append(.setStack(stack, animated: animated && visible))
            }
            for index in new.base.indices where old.base[index].screens != new.base[index].screens {
                set(new.baseStack(at: index))
            }
            for position in 0..<kept
            where oldModals[position].stack.screens != newModals[position].stack.screens {
                set(new.modalStack(at: position))
            }
            if new.hasTabs, new.selectedIndex != old.selectedIndex {
                steps.append(.selectTab(new.tabNames[new.selectedIndex], index: new.selectedIndex))
            }
        }
        for position in kept..<newModals.count {
            let last = position == newModals.count - 1
            steps.append(.present(new.modalStack(at: position), animated: animated && last))
        }
        self.steps = steps
    }
}

/// One operation of a ``RenderPlan``, named after what a UIKit host does.
public enum RenderStep: Hashable, Sendable {
    /// Make the window's root a navigation stack holding these screens (UIKit: a new
    /// `UINavigationController` as the window's `rootViewController`). Never animated.
    case setRoot(ScreenStack)
    /// Make the window's root a tab container of these stacks, one per tab in order, with the
    /// tab at `selected` selected (UIKit: a `UITabBarController` whose `viewControllers` are one
    /// navigation controller per stack). Never animated.
    case setTabs([ScreenStack], selected: Int)
    /// Select the tab with this name, at this index (UIKit: `selectedIndex`). Never animated.
    case selectTab(String, index: Int)
    /// Make the stack with the stack's identity hold exactly these screens, keeping the screens
    /// it already shows (UIKit: `setViewControllers(_:animated:)`): a push, a pop, a stack set
    /// or a replace.
    case setStack(ScreenStack, animated: Bool)
    /// Present this modal stack over the level just below it, in its style (UIKit:
    /// `present(_:animated:completion:)` from the top-most controller of level
    /// `stack.level - 1`).
    case present(ScreenStack, animated: Bool)
    /// Dismiss every modal above this level, in one call (UIKit:
    /// `dismiss(animated:completion:)` on the top-most controller of the level): level 0
    /// dismisses them all.
    case dismiss(aboveLevel: Int, animated: Bool)

    /// Whether the step animates.
    public var animated: Bool {
        switch self {
        case .setRoot, .setTabs, .selectTab: return false
        case .setStack(_, let animated), .present(_, let animated),
            .dismiss(_, let animated):
            return animated
        }
    }
}

extension RenderPlan: CustomStringConvertible {
    /// The steps, one per line; `nothing to do` for an empty plan.
    public var description: String {
        steps.isEmpty ? "nothing to do" : steps.map(\.description).joined(separator: "\n")
    }
}

extension RenderStep: CustomStringConvertible {
    /// The step as one line: `set-stack s1: A1 #1 › A2 #2, animated`,
    /// `present s3 (m1, sheet) over level 0: B1 #3, animated`, `dismiss above level 0, animated`.
    public var description: String {
        func screens(_ stack: ScreenStack) -> String {
            stack.map(\.description).joined(separator: " › ")
        }
        func animation(_ animated: Bool) -> String { animated ? ", animated" : "" }
        switch self {
        case .setRoot(let stack):
            return "set-root \(stack.id): \(screens(stack))"
        case .setTabs(let stacks, let selected):
            let tabs = stacks.enumerated().map { index, stack in
                let mark = index == selected ? ", selected" : ""
                return "[\(stack.tab ?? "?")\(mark)] \(stack.id): \(screens(stack))"
            }
            return "set-tabs " + tabs.joined(separator: "; ")
        case .selectTab(let name, let index):
            return "select-tab \(NavigationError.shorten(name)) (\(index))"
        case .setStack(let stack, let animated):
            return "set-stack \(stack.id): \(screens(stack))\(animation(animated))"
        case .present(let stack, let animated):
            let place = stack.modal.map { "\($0), \(stack.style.map { "\($0)" } ?? "")" } ?? ""
            return
                "present \(stack.id) (\(place)) over level \(stack.level - 1): "
                + "\(screens(stack))\(animation(animated))"
        case .dismiss(let level, let animated):
            return "dismiss above level \(level)\(animation(animated))"
        }
    }
}
