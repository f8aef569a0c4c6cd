/// Works out what a request, a link, a snapshot or a platform report asks of the tree.
///
/// From the tree alone: which scenes arrive, which screens would leave, and how the screens,
/// once built, change the tree. It runs no app code and changes nothing; ``PlanRunner`` asks the guards and
/// vetoes and builds the screens, and the coordinator commits.
enum TransitionPlanner {
    /// What a navigation asks of the tree.
    ///
    /// One object, made once and only read: a plan is handed from the planner to the runner
    /// and back, and a value this size (its edit, its arrival) was copied, and destroyed,
    /// through its type's witnesses at each step.
    final class Plan {
        /// The kind of transition it commits as.
        let kind: TransitionEvent.Kind
        /// Whether it animates.
        let animated: Bool
        /// The scenes a request resolves, checks and builds, in order (a link's or a snapshot's
        /// are its placement's screens).
        let arrivals: Arrivals
        /// The screens that would leave; their guards and vetoes are asked top first.
        let leaving: Leaving
        /// A screen already in the tree that the guards are asked about as it comes into view
        /// (the top of the tab `selectTab` shows).
        let revealed: Screen?
        /// How the built screens change the tree.
        let shape: Shape
        /// Whether the shape is a link's or a snapshot's placed screens, known without matching
        /// the shape (a match copies it).
        let isPlaced: Bool

        init(
            kind: TransitionEvent.Kind, animated: Bool, arrivals: Arrivals = .none,
            leaving: Leaving = .screens([]), revealed: Screen? = nil, shape: Shape
        ) {
            self.kind = kind
            self.animated = animated
            self.arrivals = arrivals
            self.leaving = leaving
            self.revealed = revealed
            self.shape = shape
            isPlaced = false
        }

        /// The plan of a link's or a snapshot's screens, placed as `placement` says.
        init(kind: TransitionEvent.Kind, leaving: Leaving, placement: Placement) {
            self.kind = kind
            animated = false
            arrivals = .none
            self.leaving = leaving
            revealed = nil
            shape = .placed(placement)
            isPlaced = true
        }
    }

    // MARK: Requests

    /// The plan of `request` over `tree`: `nil` when a "go home" request is already home, or the
    /// error that forbids it.
    static func plan(_ request: ApplicationTransitionType, in tree: ScreenTree)
        throws(NavigationError) -> Plan?
    {
        let kind = request.kind
        if kind != .root && kind != .tabs && kind != .split && tree.isEmpty {
            throw .refused(.noRoot(kind))
        }
        let animated = request.animated
        // Nothing is pushed or presented over an alert, nor is its stack changed.
        if let style = tree.topModalStyle, style.isAlert, kind.actsOnTopStack {
            throw .refused(.alertIsPresented(kind, alert: tree.lastLocation().scene))
        }
        // A request that names its stack acts on that stack alone.
        if let id = request.namedStack, kind != .updateModal {
            guard let stack = tree.stack(id) else { throw .refused(.noSuchStack(id, kind: kind)) }
            return try plan(request, on: stack)
        }
        func one(_ scene: SceneIdentifier, _ parameters: SceneParameters, _ payload: ScenePayload?)
            -> Arrivals
        {
            .one(Arrival(kind: kind, scene: scene, parameters: parameters, payload: payload))
        }
        switch request {
        case .root(let scene, let parameters, let payload, _):
            return Plan(
                kind: kind, animated: animated, arrivals: one(scene, parameters, payload),
                leaving: .everything, shape: .root)
        case .push(let scene, let parameters, let payload, _, _):
            return Plan(
                kind: kind, animated: animated, arrivals: one(scene, parameters, payload),
                shape: .push)
        case .present(let scene, let parameters, let payload, let style, _):
            guard style.isValid else { throw .refused(.invalidPresentationStyle(style)) }
            return Plan(
                kind: kind, animated: animated, arrivals: one(scene, parameters, payload),
                shape: .present(style))
        case .alert(let content, _):
            if let problem = content.problem { throw .refused(.invalidAlert(problem)) }
            return Plan(kind: kind, animated: animated, shape: .alert(content))
        case .replace(let scene, let parameters, let payload, _):
            guard tree.topStackCount > 0 else { throw .refused(.noDetailScreen(kind)) }
            return Plan(
                kind: kind, animated: animated, arrivals: one(scene, parameters, payload),
                leaving: .screens([tree.topScreens[tree.topStackCount - 1]]),
                shape: .replaceVisible(tree.topScreens))
        case .tabs(let items, let selected, _):
            guard !items.isEmpty else { throw .refused(.noTabs) }
            var names = Set<String>()
            for item in items {
                guard TabItem.isValidName(item.name) else {
                    throw .input(.invalidTabName(item.name))
                }
                guard names.insert(item.name).inserted else {
                    throw .refused(.duplicateTabName(item.name))
                }
            }
            guard TabItem.isValidName(selected),
                let selectedIndex = items.firstIndex(where: { $0.name == selected })
            else {
                throw .refused(.unknownTab(selected, tabs: items.map(\.name)))
            }
            let arrivals = items.map {
                Arrival(kind: kind, scene: $0.scene, parameters: $0.parameters, payload: $0.payload)
            }
            return Plan(
                kind: kind, animated: animated, arrivals: .many(arrivals), leaving: .everything,
                shape: .tabs(names: items.map(\.name), selected: selectedIndex))
        case .selectTab(let name, _):
            guard let index = tree.tabIndex(named: name) else {
                throw .refused(.unknownTab(name, tabs: tree.tabNameList))
            }
            guard index != tree.selectedTabIndex else { return nil }
            return Plan(
                kind: kind, animated: animated, revealed: tree.tabs[index].stack.last,
                shape: .edit(.selectTab(index)))
        case .addTab(let item, let position, _):
            guard tree.hasTabs else { throw .refused(.noTabRoot(kind)) }
            guard TabItem.isValidName(item.name) else { throw .input(.invalidTabName(item.name)) }
            guard tree.tabIndex(named: item.name) == nil else {
                throw .refused(.duplicateTabName(item.name))
            }
            let count = tree.tabs.count
            let index = position ?? count
            guard (0...count).contains(index) else {
                throw .refused(.tabIndexOutOfRange(index: index, count: count))
            }
            return Plan(
                kind: kind, animated: animated,
                arrivals: one(item.scene, item.parameters, item.payload),
                shape: .addTab(name: item.name, at: index))
        case .removeTab(let name, _):
            guard let index = tree.tabIndex(named: name) else {
                throw .refused(.unknownTab(name, tabs: tree.tabNameList))
            }
            guard tree.tabs.count > 1 else { throw .refused(.lastTab(name)) }
            let edit = TreeEdit.removeTab(index)
            var revealed: Screen?
            if index == tree.selectedTabIndex {
                // The tab that comes into view: the next one, or the one before the last.
                let next = index + 1 < tree.tabs.count ? index + 1 : index - 1
                revealed = tree.tabs[next].stack.last
            }
            return Plan(
                kind: kind, animated: animated, leaving: .removedBy(edit), revealed: revealed,
                shape: .edit(edit))
        case .split(let primary, let supplementary, let detail, let style, _):
            let style = style ?? (supplementary == nil ? .doubleColumn : .tripleColumn)
            if style == .doubleColumn, supplementary != nil {
                throw .refused(.noSupplementaryColumn(kind))
            }
            let columns = style.columns
            var arrivals: [Arrival] = []
            var filled: [Int] = []
            for (destination, column) in [
                (primary, ScreenSplit.Column.primary), (supplementary, .supplementary),
                (detail, .detail),
            ] {
                guard let destination, let index = columns.firstIndex(of: column) else { continue }
                arrivals.append(
                    Arrival(
                        kind: kind, scene: destination.scene, parameters: destination.parameters,
                        payload: destination.payload))
                filled.append(index)
            }
            return Plan(
                kind: kind, animated: animated, arrivals: .many(arrivals), leaving: .everything,
                shape: .split(columns: columns, filled: filled))
        case .showDetail(let destination, _), .showSupplementary(let destination, _):
            let column: ScreenSplit.Column = kind == .showDetail ? .detail : .supplementary
            guard tree.isSplit else { throw .refused(.noSplitRoot(kind)) }
            guard let index = tree.splitIndex(of: column) else {
                throw .refused(.noSupplementaryColumn(kind))
            }
            return Plan(
                kind: kind, animated: animated,
                arrivals: one(destination.scene, destination.parameters, destination.payload),
                leaving: .screens(tree.leavingScreens(.setColumn(index, []))),
                shape: .column(index))
        case .setStack(let destinations, _, _):
            guard !destinations.isEmpty else { throw .refused(.emptyStack(kind)) }
            let arrivals = destinations.map {
                Arrival(kind: kind, scene: $0.scene, parameters: $0.parameters, payload: $0.payload)
            }
            if tree.isSplit, tree.modalCount == 0, let detail = tree.splitIndex(of: .detail) {
                // On a split, the detail column, collapsed or not.
                return Plan(
                    kind: kind, animated: animated, arrivals: .many(arrivals),
                    leaving: .screens(tree.baseScreens(at: detail)), shape: .column(detail))
            }
            return Plan(
                kind: kind, animated: animated, arrivals: .many(arrivals), leaving: .topStack,
                shape: .setStack)
        case .pop:
            let topCount = tree.topStackCount
            guard topCount > 1 else {
                // The stack's first screen; for a split's empty detail column, the visible one.
                throw .refused(
                    .cannotPopFirstScreen(
                        topCount == 1 ? tree.topScreens[0].scene : tree.lastLocation().scene,
                        kind: .pop))
            }
            return removal(.truncateTop(keeping: topCount - 1))
        case .popToRoot:
            guard tree.topStackCount > 1 else { return nil }
            return removal(.truncateTop(keeping: 1))
        case .popTo(let scene, _):
            let screens = tree.topScreens
            guard let index = screens.dropLast().lastIndex(where: { $0.scene == scene }) else {
                try scene.validate()
                throw .refused(.sceneNotInStack(scene, stack: screens.map(\.scene)))
            }
            return removal(.truncateTop(keeping: index + 1))
        case .dismiss:
            let modalCount = tree.modalCount
            guard modalCount > 0 else {
                throw .refused(.nothingToDismiss(visible: tree.lastLocation().scene))
            }
            return removal(.dismissModals(from: modalCount - 1))
        case .dismissAll:
            guard tree.modalCount > 0 else { return nil }
            return removal(.dismissModals(from: 0))
        case .updateModal(let id, let lock, let detent, _):
            let target = id ?? tree.topStackID
            guard tree.stack(target) != nil else {
                throw .refused(.noSuchStack(target, kind: kind))
            }
            guard let edit = try modalUpdate(tree, stack: target, lock: lock, detent: detent)
            else { return nil }
            return Plan(kind: kind, animated: animated, shape: .edit(edit))
        }
        /// The plan of a removal: its screens leave, asked only when a guard or veto may answer.
        func removal(_ edit: TreeEdit) -> Plan {
            Plan(kind: kind, animated: animated, leaving: .removedBy(edit), shape: .edit(edit))
        }
    }

    /// The plan of a `push`, `setStack`, `pop` or `popToRoot` that names `stack`: as on the
    /// top-most stack, on that stack alone.
    private static func plan(_ request: ApplicationTransitionType, on stack: ScreenStack)
        throws(NavigationError) -> Plan?
    {
        let kind = request.kind
        let animated = request.animated
        let screens = stack.screenArray
        switch request {
        case .push(let scene, let parameters, let payload, _, _):
            return Plan(
                kind: kind, animated: animated,
                arrivals: .one(
                    Arrival(kind: kind, scene: scene, parameters: parameters, payload: payload)),
                shape: .pushOnto(stack.id))
        case .setStack(let destinations, _, _):
            guard !destinations.isEmpty else { throw .refused(.emptyStack(kind)) }
            let arrivals = destinations.map {
                Arrival(kind: kind, scene: $0.scene, parameters: $0.parameters, payload: $0.payload)
            }
            return Plan(
                kind: kind, animated: animated, arrivals: .many(arrivals),
                leaving: .screens(screens), shape: .setScreens(stack.id))
        case .pop:
            guard let first = screens.first else { throw .refused(.emptyStack(kind)) }
            guard screens.count > 1 else {
                throw .refused(.cannotPopFirstScreen(first.scene, kind: kind))
            }
            let edit = TreeEdit.truncate(stack.id, keeping: screens.count - 1)
            return Plan(
                kind: kind, animated: animated, leaving: .removedBy(edit), shape: .edit(edit))
        default:
            // `popToRoot`: the only other request that names its stack and is planned here.
            guard screens.count > 1 else { return nil }
            let edit = TreeEdit.truncate(stack.id, keeping: 1)
            return Plan(
                kind: kind, animated: animated, leaving: .removedBy(edit), shape: .edit(edit))
        }
    }

    /// The edit that changes the lock or the resting detent of the modal whose stack is `stack`
    /// (in the tree): `nil` when it already has them, or the error that forbids it.
    static func modalUpdate(
        _ tree: ScreenTree, stack: StackID, lock: Bool?, detent: PresentationStyle.Detent?
    ) throws(NavigationError) -> TreeEdit? {
        guard let position = tree.modalPosition(of: stack),
            let style = tree.modalStack(at: position).style,
            let updated = style.updating(interactiveDismissal: lock, detent: detent)
        else {
            throw .refused(.noSuchStack(stack, kind: .updateModal))
        }
        guard updated.isValid else { throw .refused(.invalidPresentationStyle(updated)) }
        return updated == style ? nil : .restyle(position, updated)
    }

    // MARK: Links and snapshots

    /// The plan of a link's or a snapshot's screens over `tree`.
    ///
    /// With the `.tree` destination: when `overTabs` is true, the root is a tab container and
    /// the screens' root is a stack, the screens go to one tab: the tab whose first screen is
    /// the first screen's scene (resolved by `resolve`), else the tab that hosts it in
    /// `tabHosts` (the screens then go above that tab's first screen). Otherwise they replace
    /// everything. The other destinations place a universal link's stack.
    ///
    /// - Throws: ``NavigationError/LinkFailure/invalidLink(_:)`` for no screens, `noRoot` or `unknownTab`
    ///   for a destination the tree cannot take, ``NavigationError/LinkFailure/noTabForLink(_:tabs:)``, or
    ///   what `resolve` throws.
    static func plan(
        _ screens: [PlannedScreen], into destination: LinkDestination, overTabs: Bool,
        tabHosts: [String: Set<SceneIdentifier>], in tree: ScreenTree,
        resolve: (SceneIdentifier) throws(NavigationError) -> SceneIdentifier
    ) throws(NavigationError) -> Plan {
        guard let first = screens.first else { throw .link(.invalidLink(.noScreens)) }
        var tab: (index: Int, kept: Screen?)?
        var kind = TransitionEvent.Kind.replaceTree
        switch destination {
        case .tree:
            break
        case .tab(let name):
            guard let index = tree.tabIndex(named: name) else {
                throw .refused(.unknownTab(name, tabs: tree.tabNameList))
            }
            tab = (index, nil)
        case .pushOnBase:
            guard !tree.isEmpty else { throw .refused(.noRoot(.push)) }
            kind = .push
        case .modalOverBase:
            guard !tree.isEmpty else { throw .refused(.noRoot(.present)) }
            kind = .present
        }
        if destination == .tree, overTabs, tree.hasTabs, first.placement == .root {
            let scene = try resolve(first.scene)
            let tabs = tree.tabs
            if let index = tabs.firstIndex(where: { $0.stack[0].scene == scene }) {
                tab = (index, nil)
            } else if let index = tabs.firstIndex(where: {
                tabHosts[$0.name]?.contains(scene) == true
            }) {
                tab = (index, tabs[index].stack[0])
            } else {
                throw .link(.noTabForLink(scene, tabs: tabs.map(\.name)))
            }
        }
        let leaving: Leaving
        if let tab {
            let tabScreens = Array(tree.tabs[tab.index].stack)
            leaving = .screens(
                (tab.kept == nil ? tabScreens : Array(tabScreens.dropFirst()))
                    + tree.modalScreens(from: 0))
        } else if destination == .tree {
            leaving = .everything
        } else {
            leaving = .screens(tree.modalScreens(from: 0))
        }
        return Plan(
            kind: kind, leaving: leaving,
            placement: Placement(destination: destination, tab: tab, screens: screens))
    }

    // MARK: Edits

    /// The edit that puts `screen`, built for a single-screen plan (`root`, `push`,
    /// `present`, `replace`), into the tree the plan was made for; a new stack or modal takes
    /// its identity from `counters`.
    static func edit(_ plan: Plan, screen: consuming Screen, counters: inout Counters)
        -> TreeEdit
    {
        switch plan.shape {
        case .root:
            return .setRoot(screen, counters.nextStack())
        case .present(let style):
            return .present(screen, counters.nextModal(), counters.nextStack(), style)
        case .replaceVisible(var screens):
            screens[screens.count - 1] = screen
            return .setTop(screens)
        case .addTab(let name, let index):
            return .insertTab(
                TabBuild(name: name, stack: counters.nextStack(), screens: [screen]), at: index)
        case .column(let index):
            return .setColumn(index, [screen])
        case .pushOnto(let stack):
            return .pushOnto(screen, stack)
        case .push, .tabs, .setStack, .setScreens, .split, .edit, .placed, .alert:
            // Only `.push` builds one screen onto the top; the others build lists or nothing
            // (see `edit(_:built:in:counters:)`), and never come here.
            return .push(screen)
        }
    }

    /// The edit that puts `built`, the screens built for `plan`'s arrivals in order, into the
    /// tree `tree` reads (only a link's or a snapshot's placed screens read it); new stacks and
    /// modals take their identities from `counters`.
    static func edit(
        _ plan: Plan, built: [Screen], in tree: () -> ScreenTree, counters: inout Counters
    ) -> TreeEdit {
        switch plan.shape {
        case .root, .push, .present, .replaceVisible, .addTab, .pushOnto:
            return edit(plan, screen: built[0], counters: &counters)
        case .setScreens(let stack):
            return .setScreens(stack, built)
        case .split(let columns, let filled):
            var screens = [[Screen]](repeating: [], count: columns.count)
            for (index, screen) in zip(filled, built) { screens[index].append(screen) }
            return .setSplit(
                zip(columns, screens).map { column, screens in
                    ColumnBuild(column: column, stack: counters.nextStack(), screens: screens)
                })
        case .column(let index):
            return .setColumn(index, built)
        case .tabs(let names, let selected):
            return .setTabs(
                zip(names, built).map { name, screen in
                    TabBuild(name: name, stack: counters.nextStack(), screens: [screen])
                }, selected: selected)
        case .setStack:
            return .setTop(built)
        case .edit(let edit):
            return edit
        case .alert(let content):
            let screen = Screen(
                id: counters.nextScreen(), scene: content.name, parameters: SceneParameters(),
                payload: ScenePayload(content), content: AlertScreen(content))
            return .present(screen, counters.nextModal(), counters.nextStack(), content.style)
        case .placed(let placement):
            // A universal link's push or present is an edit of the base stack or the modals; a
            // link to a tab or to the whole tree is a new tree.
            switch placement.destination {
            case .pushOnBase:
                return .pushOnBase(built)
            case .modalOverBase(let style):
                return .presentOnBase(built, counters.nextModal(), counters.nextStack(), style)
            case .tree, .tab:
                return .replaceTree(place(built, placement, over: tree(), counters: &counters))
            }
        }
    }

    /// The tree a link's or a snapshot's built screens make, placed as planned.
    private static func place(
        _ built: [Screen], _ placement: Placement, over tree: ScreenTree,
        counters: inout Counters
    ) -> ScreenTree {
        let screens = placement.screens
        var result = placement.tab == nil ? ScreenTree() : tree
        if let tab = placement.tab {
            result.dismissModals(from: 0)
            var stack = tab.kept.map { [$0] } ?? []
            var index = 0
            while index < screens.count, !screens[index].isModal {
                stack.append(built[index])
                index += 1
            }
            result.setTabStack(at: tab.index, stack, stack: tree.tabs[tab.index].stack.id)
            result.selectTab(at: tab.index)
            assemble(&result, screens[index...], built[index...], counters: &counters)
        } else {
            assemble(&result, screens[...], built[...], counters: &counters)
        }
        return result
    }

    /// Adds the built screens to `tree` as their plan places them: a root, tabs, a split's
    /// columns, pushes and modals, with new stack and modal identities.
    private static func assemble(
        _ tree: inout ScreenTree, _ planned: ArraySlice<PlannedScreen>,
        _ built: ArraySlice<Screen>, counters: inout Counters
    ) {
        var tabs: [(name: String, stack: StackID, screens: [Screen])] = []
        var selected = 0
        // A split's columns as they fill, and the one the next push goes to.
        var columns: [(column: ScreenSplit.Column, stack: StackID, screens: [Screen])] = []
        var current = 0
        for (plan, screen) in zip(planned, built) {
            switch plan.placement {
            case .column(let column, let threeColumns):
                if column == .primary {
                    let style: ScreenSplit.Style = threeColumns ? .tripleColumn : .doubleColumn
                    columns = style.columns.map { ($0, counters.nextStack(), []) }
                }
                // The reader makes a split of three columns when one is supplementary, so
                // every column named is one of the split's.
                for (index, entry) in columns.enumerated() where entry.column == column {
                    current = index
                }
                columns[current].screens.append(screen)
            case .root:
                tree.setRoot([screen], stack: counters.nextStack())
            case .tab(let name, let isSelected):
                if isSelected { selected = tabs.count }
                tabs.append((name, counters.nextStack(), [screen]))
            case .modal(let style):
                if !tabs.isEmpty {
                    tree.setTabs(tabs, selected: selected)
                    tabs = []
                }
                if !columns.isEmpty {
                    tree.setSplit(columns)
                    columns = []
                }
                tree.present(
                    [screen], modal: counters.nextModal(), stack: counters.nextStack(),
                    style: style)
            case .push:
                if !tabs.isEmpty {
                    tabs[tabs.count - 1].screens.append(screen)
                } else if !columns.isEmpty {
                    columns[current].screens.append(screen)
                } else {
                    tree.push(screen)
                }
            }
        }
        if !tabs.isEmpty { tree.setTabs(tabs, selected: selected) }
        if !columns.isEmpty { tree.setSplit(columns) }
    }
}
