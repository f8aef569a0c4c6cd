@_spi(Rules) import CoreModule

/// A plain model of what a UIKit host holds (a window root, tabs, navigation stacks, presented
/// modals), to check that a render plan takes a host from one tree to the next.
///
/// It checks the plan's own promises: each step names a stack or level the host has, a present
/// is made from a level that presents nothing, a dismiss has something to dismiss, and a stack
/// set keeps its stack.
struct PlanHost: Equatable {
    struct Stack: Equatable {
        var id: StackID
        var screens: [ScreenID]
    }
    struct Modal: Equatable {
        var id: ModalID
        var style: PresentationStyle
        var stack: Stack
    }

    var tabs: [String] = []
    /// A split root's columns, in the order of `base`; empty otherwise.
    var columns: [ScreenSplit.Column] = []
    var base: [Stack] = []
    var selected = 0
    var modals: [Modal] = []

    /// The host showing `tree`.
    init(showing tree: ScreenTree) {
        tabs = tree.tabs.map(\.name)
        columns = tree.split?.columns.compactMap(\.column) ?? []
        base = (tree.root.map { [$0] } ?? tree.split?.columns ?? tree.tabs.map(\.stack)).map(
            Self.stack)
        selected = tree.tabs.firstIndex(where: \.isSelected) ?? 0
        modals = tree.modals.map { modal in
            Modal(
                id: modal.modal ?? ModalID(0), style: modal.style ?? .sheet(),
                stack: Self.stack(modal))
        }
    }

    static func stack(_ stack: ScreenStack) -> Stack {
        Stack(id: stack.id, screens: stack.map(\.id))
    }

    /// Performs one step; returns what is wrong with it, if anything.
    mutating func perform(_ step: RenderPlan.Step) -> String? {
        switch step {
        case .setRoot(let stack):
            guard modals.isEmpty else { return "set-root while modals are presented" }
            (tabs, base, selected, columns) = ([], [Self.stack(stack)], 0, [])
        case .setTabs(let stacks, let index):
            guard modals.isEmpty else { return "set-tabs while modals are presented" }
            guard stacks.indices.contains(index) else { return "selected tab out of range" }
            (tabs, base, selected, columns) = (
                stacks.map { $0.tab ?? "" }, stacks.map(Self.stack), index, []
            )
        case .setSplit(let stacks):
            guard modals.isEmpty else { return "set-split while modals are presented" }
            let named = stacks.compactMap(\.column)
            guard
                named == ScreenSplit.Style.doubleColumn.columns
                    || named == ScreenSplit.Style.tripleColumn.columns
            else { return "set-split of the columns \(named)" }
            (tabs, base, selected, columns) = ([], stacks.map(Self.stack), 0, named)
        case .selectTab(let name, let index):
            guard tabs.indices.contains(index), tabs[index] == name else {
                return "no tab \(name) at \(index)"
            }
            selected = index
        case .insertTab(let stack, let index, let selected):
            guard !tabs.isEmpty, (0...tabs.count).contains(index) else {
                return "insert-tab at \(index) into \(tabs.count) tabs"
            }
            tabs.insert(stack.tab ?? "", at: index)
            base.insert(Self.stack(stack), at: index)
            guard tabs.indices.contains(selected) else { return "selected tab out of range" }
            self.selected = selected
        case .removeTab(let name, let id, let index, let selected):
            guard tabs.count > 1, tabs.indices.contains(index), tabs[index] == name,
                base[index].id == id
            else { return "no tab \(name) (\(id)) at \(index) to remove" }
            tabs.remove(at: index)
            base.remove(at: index)
            guard tabs.indices.contains(selected) else { return "selected tab out of range" }
            self.selected = selected
        case .push(let screen, let id, _):
            guard let problem = changeStack(id, { $0.screens.append(screen.id) }) else {
                return nil
            }
            return problem
        case .pop(let screen, let id, _):
            return changeStack(id) { stack in
                if let index = stack.screens.firstIndex(of: screen), index < stack.screens.count - 1
                {
                    stack.screens.removeSubrange((index + 1)...)
                } else {
                    stack.screens = []  // a pop to a screen the stack does not have, or to its top
                }
            }
        case .setStack(let stack, _):
            if let index = base.firstIndex(where: { $0.id == stack.id }) {
                base[index] = Self.stack(stack)
            } else if let position = modals.firstIndex(where: { $0.stack.id == stack.id }) {
                modals[position].stack = Self.stack(stack)
            } else {
                return "set-stack of \(stack.id), which the host does not have"
            }
        case .present(let stack, _):
            guard stack.level == modals.count + 1 else {
                return "present at level \(stack.level) over \(modals.count) modals"
            }
            guard let id = stack.modal, let style = stack.style else {
                return "present of a non-modal stack"
            }
            modals.append(Modal(id: id, style: style, stack: Self.stack(stack)))
        case .dismiss(let level, _):
            guard level < modals.count else { return "dismiss above level \(level): nothing there" }
            modals.removeSubrange(level...)
        case .updateModal(let stack, _):
            guard let position = modals.firstIndex(where: { $0.stack.id == stack.id }),
                let style = stack.style
            else { return "update-modal of \(stack.id), which is no modal the host shows" }
            guard modals[position].style != style else {
                return "update-modal that changes nothing"
            }
            modals[position].style = style
        }
        return nil
    }

    /// Changes the stack `id`, wherever it is; returns what is wrong, if anything.
    mutating func changeStack(_ id: StackID, _ change: (inout Stack) -> Void) -> String? {
        if let index = base.firstIndex(where: { $0.id == id }) {
            change(&base[index])
        } else if let position = modals.firstIndex(where: { $0.stack.id == id }) {
            change(&modals[position].stack)
        } else {
            return "a change to \(id), which the host does not have"
        }
        return nil
    }

    /// What is wrong with `event`'s plan, which took `before` to `after`, or `nil`; with
    /// `single`, the event is a single request's (not a link's or a snapshot's), whose plan
    /// must be minimal.
    static func check(
        _ event: TransitionEvent, from before: ScreenTree, to after: ScreenTree, single: Bool
    ) -> String? {
        if event.isUserInitiated {
            return event.plan.isEmpty ? nil : "a user's change has a plan: \(event.plan)"
        }
        var host = PlanHost(showing: before)
        for step in event.plan.steps {
            if let problem = host.perform(step) { return "plan step \(step): \(problem)" }
        }
        guard host == PlanHost(showing: after) else {
            return
                "the plan \(event.plan) leaves the host at \(host), not \(PlanHost(showing: after))"
        }
        let compared = RenderPlan(from: before, to: after, animated: event.animated)
        // Comparing trees whose tab sets differ sets every tab; a tab's addition or removal is
        // one step that keeps the other tabs.
        guard compared == event.plan || [.addTab, .removeTab].contains(event.kind) else {
            return "the event's plan \(event.plan) differs from comparing the trees: \(compared)"
        }
        let count = event.plan.steps.count
        guard single else { return nil }
        switch event.kind {
        case .root, .tabs, .split:
            let expected = before.modalCount > 0 ? 2 : 1
            if count != expected { return "a new root took \(count) steps, not \(expected)" }
        case .push, .pop, .popTo, .popToRoot, .present, .dismiss, .dismissAll, .selectTab,
            .setStack, .replace, .addTab, .removeTab, .updateModal:
            // A collapsed split's pop may change several columns.
            if count != 1 && !before.isSplit { return "a \(event.kind) took \(count) steps" }
        case .showDetail, .showSupplementary:
            // The column shown, and for a supplementary one the detail emptied.
            if count > 2 { return "a \(event.kind) took \(count) steps" }
        case .sizeClass:
            if count != 0 { return "a size class took \(count) steps" }
        case .replaceTree:
            break  // a link or a snapshot: as many steps as the trees differ by
        }
        return nil
    }
}

extension TransitionEvent {
    /// The same event with another plan, to compare the rest with a model's prediction.
    func withPlan(_ plan: RenderPlan) -> TransitionEvent {
        TransitionEvent(
            sequence: sequence, kind: kind, scene: scene, screen: screen, from: from, to: to,
            removedCount: removedCount, animated: animated, initiator: initiator,
            redirectedFrom: redirectedFrom, stack: stack, style: style, tab: tab, plan: plan)
    }
}
