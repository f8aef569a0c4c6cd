/// One change to a tree, checked and built by the coordinator: every transition, requested or
/// reported by the platform, is one of these, applied by ``ScreenTree/apply(_:)``.
enum TreeEdit {
    /// A new root stack of one screen.
    case setRoot(Screen, StackID)
    /// A new tab container.
    case setTabs([TabBuild], selected: Int)
    /// A screen pushed onto the top-most stack.
    case push(Screen)
    /// A modal presented over the top-most place.
    case present(Screen, ModalID, StackID, PresentationStyle)
    /// The top-most stack cut down to its first `keeping` screens.
    case truncateTop(keeping: Int)
    /// The modals from `from` on dismissed.
    case dismissModals(from: Int)
    /// Another tab selected.
    case selectTab(Int)
    /// A tab inserted at this index of the tab container.
    case insertTab(TabBuild, at: Int)
    /// The tab at this index removed, with its stack.
    case removeTab(Int)
    /// The top-most stack's screens replaced.
    case setTop([Screen])
    /// The modals dismissed, then screens pushed onto the base stack (a universal link's push).
    case pushOnBase([Screen])
    /// The modals dismissed, then one modal of these screens presented over the base stack (a
    /// universal link's present).
    case presentOnBase([Screen], ModalID, StackID, PresentationStyle)
    /// A whole new tree (a link or a snapshot); the screens it keeps from the current tree
    /// (the untouched tabs of a link to one tab) stay, the others leave.
    case replaceTree(ScreenTree)
    /// A new split root, its columns leading first.
    case setSplit([ColumnBuild])
    /// The split column at this index set to these screens, the columns after it emptied.
    case setColumn(Int, [Screen])
    /// The window's size class, as the platform reported it: a split root collapses or expands.
    case setSizeClass(SizeClass)
    /// A screen pushed onto the stack with this identity (a request's `on:`).
    case pushOnto(Screen, StackID)
    /// The stack with this identity cut down to its first `keeping` screens.
    case truncate(StackID, keeping: Int)
    /// The screens of the stack with this identity replaced.
    case setScreens(StackID, [Screen])
    /// The modal at this position given a new style: its lock or its resting detent changed.
    case restyle(Int, PresentationStyle)
}

/// One column of a new split root, built.
struct ColumnBuild {
    let column: ScreenSplit.Column
    let stack: StackID
    let screens: [Screen]
}

/// One tab of a new tab container, built.
struct TabBuild {
    let name: String
    let stack: StackID
    let screens: [Screen]
}

/// What applying an edit did, as an event reports it.
struct AppliedEdit {
    /// The visible screen before; `nil` when the window was empty.
    let from: ScreenLocation?
    /// The visible screen after.
    let to: ScreenLocation
    /// How many screens left the tree.
    let removedCount: Int
    /// The top-most stack after.
    let stack: StackID
    /// The selected tab after, when the root is a tab container.
    let tab: String?
    /// What a host must do to show the change.
    let plan: RenderPlan
    /// The style of the modal a present made; otherwise `nil`.
    let style: PresentationStyle?
    /// The screen an edit added where it may be out of view: a new tab's first screen, a split
    /// column's new last screen (under a modal, say); otherwise `nil`.
    let addedScreen: ScreenID?
    /// Where the last screen of a stack a request named stood before a pop took it; otherwise
    /// `nil`.
    let leftScreen: ScreenLocation?
}

extension ScreenTree {
    /// Applies `edit`, whose preconditions the coordinator has checked, and says what changed.
    ///
    /// It reads and changes the tree in one pass: no user code runs here. With `planning`, the
    /// result holds the render plan of the change (see ``RenderPlan``): each edit but a whole
    /// new tree is one known step (two for a new root over modals), read off the tree after
    /// it, so that no copy of the tree before is kept; a whole new tree is compared with the
    /// tree before.
    mutating func apply(_ edit: consuming TreeEdit, planning: Bool, animated: Bool) -> AppliedEdit {
        let from = visibleLocation
        let modalsBefore = modalRecords.count
        // The stack a request named (or the modal's an update changed), which the event names.
        var changedStack: StackID?
        var leftScreen: ScreenLocation?
        var plan = RenderPlan()
        var style: PresentationStyle?
        var addedScreen: ScreenID?
        // For a universal link's push: the base stack's screens before, and whether modals
        // covered it.
        var basePlan: (before: [Screen], hadModals: Bool) = ([], false)
        var removed = 0
        // A split's edits, and a collapsed split's pops, which may cross columns, are planned
        // by comparing the tree before with the tree after (a split root is never on the path of
        // a push or a pop of another root).
        var splitBefore: ScreenTree?
        if planning, isSplit || edit.makesSplit || edit.namesStack { splitBefore = self }
        switch edit {
        case .setRoot(let screen, let stack):
            removed = screenCount
            setRoot([screen], stack: stack)
        case .setTabs(let tabs, let selected):
            removed = screenCount
            setTabs(tabs.map { ($0.name, $0.stack, $0.screens) }, selected: selected)
        case .push(let screen):
            push(screen)
            // Planned here, from the screen at hand: matching the edit again copies it.
            if planning {
                plan = RenderPlan(.push(screen, onto: topStackID, animated: animated))
            }
        case .present(let screen, let modal, let stack, let presented):
            style = presented
            present([screen], modal: modal, stack: stack, style: presented)
        case .truncateTop(let keeping):
            removed = topStackCount - keeping
            truncateTop(keeping: keeping)
        case .dismissModals(let position):
            removed = modalScreens(from: position).count
            dismissModals(from: position)
        case .selectTab(let index):
            selectTab(at: index)
        case .insertTab(let tab, let index):
            addedScreen = tab.screens.first?.id
            insertTab(tab.name, stack: tab.stack, screens: tab.screens, at: index)
        case .removeTab(let index):
            removed = base[index].screens.count
            // The step names the tab and its stack: read before they go.
            let (name, stack) = (tabNames[index], base[index].id)
            removeTab(at: index)
            if planning {
                plan = RenderPlan(
                    .removeTab(name, stack: stack, index: index, selected: selectedIndex))
            }
        case .pushOnBase(let screens):
            removed = modalScreens(from: 0).count
            // The base stack before, for its plan: one stack, never the whole tree.
            if planning { basePlan = (base[selectedIndex].screens, modalsBefore > 0) }
            dismissModals(from: 0)
            for screen in screens { push(screen) }
        case .presentOnBase(let screens, let modal, let stack, let presented):
            // A universal link's stack presented in one modal.
            style = presented
            removed = modalScreens(from: 0).count
            dismissModals(from: 0)
            present(screens, modal: modal, stack: stack, style: presented)
        case .setTop(let screens):
            removed = leavingScreens(edit).count
            setTop(screens)
        case .replaceTree(let built):
            // The one edit planned by comparing trees: the tree before is read before it goes.
            if planning { plan = RenderPlan(from: self, to: built, animated: animated) }
            removed = leavingScreens(edit).count
            // The size class is the window's, not the content's: it stays.
            let windowSize = sizeClass
            self = built
            setSizeClass(windowSize)
        case .setSplit(let columns):
            removed = screenCount
            setSplit(columns.map { ($0.column, $0.stack, $0.screens) })
        case .setColumn(let index, let screens):
            removed = leavingScreens(edit).count
            setColumn(at: index, screens)
            addedScreen = screens.last?.id
        case .setSizeClass(let newSizeClass):
            setSizeClass(newSizeClass)
        case .pushOnto(let screen, let stack):
            changeStack(stack) { $0.append(screen) }
            addedScreen = screen.id
            changedStack = stack
        case .truncate(let stack, let keeping):
            removed = leavingScreens(edit).count
            if let last = self.stack(stack)?.last { leftScreen = location(of: last.id) }
            changeStack(stack) { Self.truncate(&$0, keeping: keeping) }
            changedStack = stack
        case .setScreens(let stack, let screens):
            removed = leavingScreens(edit).count
            changeStack(stack) { $0 = screens }
            addedScreen = screens.last?.id
            changedStack = stack
        case .restyle(let position, let newStyle):
            restyleModal(at: position, newStyle)
            changedStack = modalRecords[position].stack.id
        }
        let to = lastLocation()
        let stack = changedStack ?? topStackID
        if let splitBefore {
            // The platform collapses and expands a split itself: a size class is no step.
            if case .setSizeClass = edit {
            } else if case .replaceTree = edit {
            } else {
                plan = RenderPlan(from: splitBefore, to: self, animated: animated)
            }
        } else if planning {
            switch edit {
            case .push, .replaceTree, .removeTab, .setSizeClass, .pushOnto, .truncate, .setScreens:
                // Planned above, from what was read before or during the change; a size class
                // changes nothing on screen but a split, which the platform lays out itself.
                break
            case .truncateTop:
                plan = RenderPlan(.pop(to: to.screen, in: stack, animated: animated))
            case .pushOnBase:
                // As comparing the trees plans it: the modals go without animation, then the
                // base stack changes (a push for one screen, else a stack set), animated only
                // when it was the top-most stack before.
                var steps: [RenderPlan.Step] = []
                if basePlan.hadModals { steps.append(.dismiss(aboveLevel: 0, animated: false)) }
                steps.append(
                    .change(
                        basePlan.before, to: baseStack(at: selectedIndex),
                        animated: animated && !basePlan.hadModals))
                plan = RenderPlan(steps: steps)
            default:
                plan = plannedStep(edit, modalsBefore: modalsBefore, animated: animated)
            }
        }
        return AppliedEdit(
            from: from, to: to, removedCount: removed, stack: stack, tab: selectedTab, plan: plan,
            style: style, addedScreen: addedScreen, leftScreen: leftScreen)
    }

    /// The render plan of `edit`, just applied to this tree, for every edit but a whole new
    /// tree (which ``RenderPlan/init(from:to:animated:)`` compares): one step, or two for a new
    /// root over modals.
    private func plannedStep(_ edit: TreeEdit, modalsBefore: Int, animated: Bool) -> RenderPlan {
        switch edit {
        case .setRoot, .setTabs:
            let root: RenderPlan.Step =
                hasTabs
                ? .setTabs(base.indices.map(baseStack(at:)), selected: selectedIndex)
                : .setRoot(baseStack(at: 0))
            return modalsBefore > 0
                ? RenderPlan(steps: [.dismiss(aboveLevel: 0, animated: false), root])
                : RenderPlan(root)
        case .setTop:
            let top =
                modalRecords.isEmpty
                ? baseStack(at: selectedIndex) : modalStack(at: modalRecords.count - 1)
            return RenderPlan(.setStack(top, animated: animated))
        case .present:
            return RenderPlan(
                .present(modalStack(at: modalRecords.count - 1), animated: animated))
        case .presentOnBase:
            // As comparing the trees plans it: the modals that leave, then the new one.
            let present = RenderPlan.Step.present(modalStack(at: 0), animated: animated)
            return modalsBefore > 0
                ? RenderPlan(steps: [.dismiss(aboveLevel: 0, animated: animated), present])
                : RenderPlan(present)
        case .dismissModals(let position):
            return RenderPlan(.dismiss(aboveLevel: position, animated: animated))
        case .selectTab(let index):
            return RenderPlan(.selectTab(tabNames[index], index: index))
        case .insertTab(_, let index):
            return RenderPlan(.insertTab(baseStack(at: index), at: index, selected: selectedIndex))
        case .restyle(let position, _):
            return RenderPlan(.updateModal(modalStack(at: position), animated: animated))
        case .push, .truncateTop, .pushOnBase, .replaceTree, .removeTab, .setSplit, .setColumn,
            .setSizeClass, .pushOnto, .truncate, .setScreens:
            // Planned by `apply(_:planning:animated:)` from what it read, never here.
            return RenderPlan()
        }
    }

    /// The screens `edit` would take out of the tree, bottom first.
    func leavingScreens(_ edit: TreeEdit) -> [Screen] {
        switch edit {
        case .setRoot, .setTabs, .setSplit:
            return screens
        case .push, .present, .selectTab, .insertTab, .setSizeClass, .pushOnto, .restyle:
            return []
        case .truncate(let id, let keeping):
            return Array((stack(id)?.screenArray ?? []).dropFirst(keeping))
        case .setScreens(let id, let new):
            let kept = Set(new.map(\.id))
            return (stack(id)?.screenArray ?? []).filter { !kept.contains($0.id) }
        case .setColumn(let index, let new):
            let kept = Set(new.map(\.id))
            return (index..<splitColumnCount).flatMap { baseScreens(at: $0) }
                .filter { !kept.contains($0.id) }
        case .removeTab(let index):
            return base[index].screens
        case .truncateTop(let keeping):
            return Array(topScreens[keeping...])
        case .dismissModals(let position):
            return modalScreens(from: position)
        case .pushOnBase, .presentOnBase:
            return modalScreens(from: 0)
        case .setTop(let new):
            let kept = Set(new.map(\.id))
            return topScreens.filter { !kept.contains($0.id) }
        case .replaceTree(let built):
            return screens(notIn: built.screenIDs)
        }
    }

    /// The screens `edit` would add to the tree, bottom first.
    func addedScreens(_ edit: TreeEdit) -> [Screen] {
        switch edit {
        case .setRoot(let screen, _), .push(let screen), .present(let screen, _, _, _),
            .pushOnto(let screen, _):
            return [screen]
        case .setScreens(let id, let new):
            let kept = Set((stack(id)?.screenArray ?? []).map(\.id))
            return new.filter { !kept.contains($0.id) }
        case .setTabs(let tabs, _):
            return tabs.flatMap(\.screens)
        case .setSplit(let columns):
            return columns.flatMap(\.screens)
        case .setColumn(let index, let new):
            let kept = Set(baseScreens(at: index).map(\.id))
            return new.filter { !kept.contains($0.id) }
        case .pushOnBase(let screens), .presentOnBase(let screens, _, _, _):
            return screens
        case .insertTab(let tab, _):
            return tab.screens
        case .truncateTop, .dismissModals, .selectTab, .removeTab, .setSizeClass, .truncate,
            .restyle:
            return []
        case .setTop(let new):
            let kept = Set(topScreens.map(\.id))
            return new.filter { !kept.contains($0.id) }
        case .replaceTree(let built):
            return built.screens(notIn: screenIDs)
        }
    }
}

extension ScreenTree {
    /// The identities of every screen, read without copying the screens.
    var screenIDs: Set<ScreenID> {
        var ids = Set<ScreenID>(minimumCapacity: screenCount)
        for record in base {
            for screen in record.screens { ids.insert(screen.id) }
        }
        for modal in modalRecords {
            for screen in modal.stack.screens { ids.insert(screen.id) }
        }
        return ids
    }

    /// The screens whose identities `kept` does not hold, in the order of ``screens``.
    func screens(notIn kept: Set<ScreenID>) -> [Screen] {
        var found: [Screen] = []
        // At most every screen: one list, not one per doubling.
        found.reserveCapacity(screenCount)
        for record in base {
            for screen in record.screens where !kept.contains(screen.id) { found.append(screen) }
        }
        for modal in modalRecords {
            for screen in modal.stack.screens where !kept.contains(screen.id) {
                found.append(screen)
            }
        }
        return found
    }
}

extension TreeEdit {
    /// Whether the edit makes a new split root.
    fileprivate var makesSplit: Bool {
        if case .setSplit = self { return true }
        return false
    }

    /// Whether the edit changes a stack a request named, planned by comparing the trees (the
    /// stack may be under a modal, in another tab, or the top-most one).
    fileprivate var namesStack: Bool {
        switch self {
        case .pushOnto, .truncate, .setScreens: return true
        default: return false
        }
    }
}
