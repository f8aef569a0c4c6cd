// The fuzzer's own reckoning of what a request does to the tree it is asked of: the exact error
// it must be refused with, or that it must apply. It is computed from the tree before the
// request, the guards the fuzzer installed, the vetoes it knows of and the fixed registry,
// never from the library's answer, by the documented rules (docs/navigation-model.md, the
// API's doc comments): the request's own checks first (no root, an alert on top, its shape),
// then each arriving scene in order (resolved, its parameters, its payload, the guards), then
// the screen a removal reveals (the guards), then the leaving screens, top first (the guards,
// then, unless forced, their vetoes), then the builders; a guard's redirect is followed,
// until the chain grows past `maximumRedirects` or comes back to a request already in it.

@_spi(Rules) import CoreModule
import FuzzReplay

extension NavigationFuzzer {
    /// What one attempt at a request comes to.
    enum Attempt {
        /// It applies (or is already satisfied).
        case applies
        /// It is refused with this error.
        case refused(NavigationError)
        /// A guard redirects it to this request.
        case redirected(ApplicationTransitionType)
    }

    /// The registered names of ``container``.
    static let registered: [SceneIdentifier] = [
        "A1", "A2", "B1", "B2", "Locked", "product/:id", "Keep", "Broken", "Order", "Eager",
        "Product", "Gift",
    ]

    /// The problem of each invalid name in ``scenes``.
    static let identifierProblems: [SceneIdentifier: NavigationError.IdentifierProblem] = [
        "": .empty, "a//b": .emptySegment(segment: 2), "B1 ": .whitespace(position: 3),
    ]

    /// The veto each builder sets: `Keep`'s.
    static let keepReason = "it keeps its state"
    /// The veto the fuzzer sets on a screen.
    static let fuzzerReason = "the fuzzer says so"

    /// Resolves a name: a registered name named exactly (`product/:id` is a plain name), else
    /// an invalid name, else an unknown one.
    static func resolve(_ target: SceneIdentifier) -> Result<SceneIdentifier, NavigationError> {
        if let scene = registered.first(where: { $0 == target }) { return .success(scene) }
        if let problem = identifierProblems[target] {
            return .failure(.input(.invalidSceneIdentifier(target, problem: problem)))
        }
        return .failure(
            .unknownScene(
                target,
                suggestions: NavigationError.SceneSuggestions(for: target, among: registered)))
    }

    /// Whether the screen `screen` of the tree vetoes leaving, and why: `Keep`'s builder sets a
    /// veto, and the fuzzer sets and drops them (``BuilderLog/vetoes``).
    func veto(of screen: Screen) -> String? {
        if let set = log.vetoes[screen.id] { return set }
        return log.vetoing.contains(screen.id) && screen.scene == "Keep" ? Self.keepReason : nil
    }

    /// What the installed guards, in order, decide for an attempt: `nil` to go on.
    func guardsDecide(
        kind: TransitionEvent.Kind, scene: SceneIdentifier, parameters: SceneParameters,
        leaving: Bool
    ) -> Attempt? {
        for name in guardNames {
            switch name {
            case "policy":
                if leaving {
                    if parameters["pin"] == "yes" {
                        return .refused(
                            .guarded(
                                .rejectedByGuard(
                                    name: name, kind: kind, scene: scene, reason: "pinned")))
                    }
                } else if scene == "Locked" {
                    return .refused(
                        .guarded(
                            .rejectedByGuard(name: name, kind: kind, scene: scene, reason: "locked")
                        ))
                }
            case "bounce":
                if !leaving, scene == "B2" {
                    return .redirected(kind == .push ? .present(scene: "B1") : .push(scene: "B2"))
                }
            case "meddler":
                continue
            default:
                preconditionFailure("fuzz-navigation oracle: an unknown guard \(name)")
            }
        }
        return nil
    }

    /// Checks an arriving scene: resolves it, checks its parameters and payload, asks the guards.
    ///
    /// - Returns: The scene the builder runs for, or what stops the request.
    func checkArrival(
        _ target: SceneIdentifier, _ parameters: SceneParameters, _ payload: ScenePayload?,
        kind: TransitionEvent.Kind
    ) -> Result<SceneIdentifier, Stop> {
        let scene: SceneIdentifier
        let merged = parameters
        switch Self.resolve(target) {
        case .failure(let error): return .failure(.refused(error))
        case .success(let resolved): scene = resolved
        }
        if scene == "Order" {
            guard let id = merged["id"] else {
                return .failure(.refused(.input(.missingParameter(scene: scene, name: "id"))))
            }
            guard Int(id) != nil else {
                return .failure(
                    .refused(
                        .input(
                            .malformedParameter(scene: scene, name: "id", value: id, expected: .int)
                        )))
            }
        }
        if case .failure(let error) = Self.payloadCheck(scene, payload, merged) {
            return .failure(.refused(error))
        }
        switch guardsDecide(kind: kind, scene: scene, parameters: merged, leaving: false) {
        case .refused(let error): return .failure(.refused(error))
        case .redirected(let next): return .failure(.redirected(next))
        case .applies, nil: return .success(scene)
        }
    }

    /// What stops a request before it applies.
    enum Stop: Error {
        case refused(NavigationError)
        case redirected(ApplicationTransitionType)
    }

    /// The leaving screens asked, top first: each screen's guards, then, unless forced, its
    /// veto.
    func checkLeaving(_ leaving: [Screen], kind: TransitionEvent.Kind, force: Bool) -> Attempt? {
        for screen in leaving.reversed() {
            if let decision = guardsDecide(
                kind: kind, scene: screen.scene, parameters: screen.parameters, leaving: true)
            {
                return decision
            }
            // An alert's screen has no builder, so no veto.
            if !force, screen.content is FuzzScreen, let reason = veto(of: screen) {
                return .refused(
                    .guarded(.leavingVetoed(scene: screen.scene, screen: screen.id, reason: reason))
                )
            }
        }
        return nil
    }

    /// One attempt at `request` over `tree`.
    func attempt(_ request: ApplicationTransitionType, force: Bool, over tree: ScreenTree)
        -> Attempt
    {
        let kind = request.kind
        if ![.root, .tabs, .split].contains(kind), tree.isEmpty {
            return .refused(.refused(.noRoot(kind)))
        }
        let topStackKinds: [TransitionEvent.Kind] = [
            .push, .present, .pop, .popToRoot, .popTo, .setStack, .replace,
        ]
        if let alert = tree.modals.last, alert.style?.isAlert == true,
            topStackKinds.contains(kind), let scene = alert.last?.scene
        {
            return .refused(.refused(.alertIsPresented(kind, alert: scene)))
        }
        // The arriving scenes, the screen a removal reveals, the leaving screens.
        var arrivals: [(SceneIdentifier, SceneParameters, ScenePayload?)] = []
        var revealed: Screen?
        var leaving: [Screen] = []
        // The top-most stack; a collapsed split's columns are one stack for a replace or a
        // removal.
        let top = tree.topStack.map(Array.init) ?? []
        var visibleStack = top
        if tree.modals.isEmpty, let split = tree.split, split.isCollapsed {
            visibleStack = split.collapsedScreens
        }
        // A request that names its stack acts on that stack alone: its screens.
        var named: [Screen]?
        switch request {
        case .push(_, _, _, let id?, _), .setStack(_, let id?, _), .pop(let id?, _),
            .popToRoot(let id?, _):
            guard let stack = tree.stacks.first(where: { $0.id == id }) else {
                return .refused(.refused(.noSuchStack(id, kind: kind)))
            }
            named = Array(stack)
        default:
            break
        }
        switch request {
        case .root(let scene, let parameters, let payload, _):
            arrivals = [(scene, parameters, payload)]
            leaving = tree.screens
        case .push(let scene, let parameters, let payload, _, _):
            arrivals = [(scene, parameters, payload)]
        case .present(let scene, let parameters, let payload, let style, _):
            guard DocumentedRules.isValid(style) else {
                return .refused(.refused(.invalidPresentationStyle(style)))
            }
            arrivals = [(scene, parameters, payload)]
        case .replace(let scene, let parameters, let payload, _):
            guard let last = visibleStack.last else {
                return .refused(.refused(.noDetailScreen(kind)))
            }
            arrivals = [(scene, parameters, payload)]
            leaving = [last]
        case .setStack(let destinations, _, _):
            guard !destinations.isEmpty else { return .refused(.refused(.emptyStack(kind))) }
            arrivals = destinations.map { ($0.scene, $0.parameters, $0.payload) }
            leaving = named ?? top
        case .addTab(let item, let position, _):
            let names = tree.tabs.map(\.name)
            guard !names.isEmpty else { return .refused(.refused(.noTabRoot(kind))) }
            guard DocumentedRules.isValidTabName(item.name) else {
                return .refused(.input(.invalidTabName(item.name)))
            }
            guard !names.contains(item.name) else {
                return .refused(.refused(.duplicateTabName(item.name)))
            }
            let index = position ?? names.count
            guard (0...names.count).contains(index) else {
                return .refused(.refused(.tabIndexOutOfRange(index: index, count: names.count)))
            }
            arrivals = [(item.scene, item.parameters, item.payload)]
        case .removeTab(let name, _):
            let names = tree.tabs.map(\.name)
            guard let index = names.firstIndex(of: name) else {
                return .refused(.refused(.unknownTab(name, tabs: names)))
            }
            guard names.count > 1 else { return .refused(.refused(.lastTab(name))) }
            if tree.selectedTab == name {
                revealed = tree.tabs[index + 1 < names.count ? index + 1 : index - 1].stack.last
            }
            leaving = Array(tree.tabs[index].stack)
        case .split(let primary, let supplementary, let detail, let style, _):
            if style == .doubleColumn, supplementary != nil {
                return .refused(.refused(.noSupplementaryColumn(kind)))
            }
            arrivals = [primary, supplementary, detail].compactMap { $0 }.map {
                ($0.scene, $0.parameters, $0.payload)
            }
            leaving = tree.screens
        case .showDetail(let destination, _), .showSupplementary(let destination, _):
            guard let split = tree.split else { return .refused(.refused(.noSplitRoot(kind))) }
            if kind == .showSupplementary {
                guard let supplementary = split.supplementary else {
                    return .refused(.refused(.noSupplementaryColumn(kind)))
                }
                leaving = Array(supplementary) + Array(split.detail)
            } else {
                leaving = Array(split.detail)
            }
            arrivals = [(destination.scene, destination.parameters, destination.payload)]
        case .tabs(let items, let selected, _):
            guard !items.isEmpty else { return .refused(.refused(.noTabs)) }
            var names: Set<String> = []
            for item in items {
                guard DocumentedRules.isValidTabName(item.name) else {
                    return .refused(.input(.invalidTabName(item.name)))
                }
                guard names.insert(item.name).inserted else {
                    return .refused(.refused(.duplicateTabName(item.name)))
                }
            }
            guard items.contains(where: { $0.name == selected }) else {
                return .refused(.refused(.unknownTab(selected, tabs: items.map(\.name))))
            }
            arrivals = items.map { ($0.scene, $0.parameters, $0.payload) }
            leaving = tree.screens
        case .selectTab(let name, _):
            let names = tree.tabs.map(\.name)
            guard let index = names.firstIndex(of: name) else {
                return .refused(.refused(.unknownTab(name, tabs: names)))
            }
            // The selected tab: nothing to do.
            guard tree.selectedTab != name else { return .applies }
            revealed = tree.tabs[index].stack.last
        // Removals act on the visible stack (a collapsed split's columns as one).
        case .pop where named != nil:
            let screens = named ?? []
            guard let first = screens.first else { return .refused(.refused(.emptyStack(kind))) }
            guard screens.count > 1 else {
                return .refused(.refused(.cannotPopFirstScreen(first.scene, kind: .pop)))
            }
            leaving = Array(screens.suffix(1))
        case .pop:
            guard visibleStack.count > 1 else {
                let scene = visibleStack.first?.scene ?? tree.visibleScreen?.scene ?? ""
                return .refused(.refused(.cannotPopFirstScreen(scene, kind: .pop)))
            }
            leaving = [visibleStack[visibleStack.count - 1]]
        case .popToRoot:
            leaving = Array((named ?? visibleStack).dropFirst())
        case .popTo(let scene, _):
            guard let index = visibleStack.dropLast().lastIndex(where: { $0.scene == scene })
            else {
                if let problem = Self.identifierProblems[scene] {
                    return .refused(.input(.invalidSceneIdentifier(scene, problem: problem)))
                }
                return .refused(.refused(.sceneNotInStack(scene, stack: visibleStack.map(\.scene))))
            }
            leaving = Array(visibleStack[(index + 1)...])
        case .dismiss:
            guard let last = tree.modals.last else {
                return .refused(
                    .refused(.nothingToDismiss(visible: tree.visibleScreen?.scene ?? "")))
            }
            leaving = Array(last)
        case .dismissAll:
            leaving = tree.modals.flatMap { Array($0) }
        case .updateModal(let id, let lock, let detent, _):
            // The window is not empty (checked above): it has a top-most stack.
            guard let target = id ?? tree.topStack?.id else {
                return .refused(.refused(.noRoot(kind)))
            }
            guard let modal = tree.modals.first(where: { $0.id == target }),
                let style = modal.style,
                let updated = DocumentedRules.updated(style, lock: lock, detent: detent)
            else { return .refused(.refused(.noSuchStack(target, kind: .updateModal))) }
            guard DocumentedRules.isValid(updated) else {
                return .refused(.refused(.invalidPresentationStyle(updated)))
            }
        default:
            preconditionFailure("fuzz-navigation oracle: no expectation for \(request)")
        }
        var built: [SceneIdentifier] = []
        for (scene, parameters, payload) in arrivals {
            switch checkArrival(scene, parameters, payload, kind: kind) {
            case .success(let scene): built.append(scene)
            case .failure(.refused(let error)): return .refused(error)
            case .failure(.redirected(let next)): return .redirected(next)
            }
        }
        if let revealed,
            let decision = guardsDecide(
                kind: kind, scene: revealed.scene, parameters: revealed.parameters,
                leaving: false)
        {
            return decision
        }
        if let decision = checkLeaving(leaving, kind: kind, force: force) { return decision }
        if built.contains("Broken") { return .refused(.misuse(.missingService(type: "Network"))) }
        return .applies
    }

    /// The error `request` must be refused with over `tree`, following redirects, or `nil` when
    /// it must apply.
    func expectedRefusal(
        _ request: ApplicationTransitionType, force: Bool, over tree: ScreenTree
    ) -> NavigationError? {
        var tried: [ApplicationTransitionType] = []
        var current = request
        while true {
            switch attempt(current, force: force, over: tree) {
            case .applies: return nil
            case .refused(let error): return error
            case .redirected(let next):
                tried.append(current)
                guard tried.count <= Self.maximumRedirects, !tried.contains(next) else {
                    return .guarded(.redirectLoop(chain: tried + [next]))
                }
                current = next
            }
        }
    }

    /// The error the platform report `report` must be refused with over `tree`, or `nil` when
    /// it must be followed (or is already shown), by the reports' table in
    /// docs/navigation-model.md: a screen no longer in the tree is gone; Back goes to a screen
    /// of the stack the user sees (a collapsed split's columns as one stack), and to the
    /// visible screen changes nothing; a swipe-down is of the top-most modal, which must let
    /// the user dismiss it; a tab tap names a tab, is refused under a modal, and on the
    /// selected tab changes nothing.
    static func expectedRefusal(of report: PlatformReport, over tree: ScreenTree)
        -> NavigationError?
    {
        let screens = tree.screens
        func isGone(_ id: ScreenID) -> Bool { !screens.contains { $0.id == id } }
        // The stack the user sees: the last modal's, else the selected tab's, the root stack,
        // or a split's detail column (all its columns while it is collapsed).
        var seen: [ScreenID] = []
        if let modal = tree.modals.last {
            seen = modal.map(\.id)
        } else if let split = tree.split {
            seen = (split.isCollapsed ? split.collapsedScreens : Array(split.detail)).map(\.id)
        } else if let tab = tree.tabs.first(where: { $0.name == tree.selectedTab }) {
            seen = tab.stack.map(\.id)
        } else if let stack = tree.stacks.first {
            seen = stack.map(\.id)
        }
        let visible = tree.visibleScreen
        let coveringModal = tree.modals.first?.first?.scene
        switch report {
        case .poppedBackByUser(let id):
            // A screen in the tree means the tree has a visible screen.
            guard !isGone(id), let shown = visible?.id else {
                return .refused(.reportedScreenGone(id))
            }
            if id == shown || seen.contains(id) { return nil }
            return .refused(.reportedScreenNotOnTop(id, kind: .popTo, visible: shown))
        case .dismissedByUser(let id):
            if isGone(id) { return .refused(.reportedScreenGone(id)) }
            guard let top = tree.modals.last, let shown = visible else {
                return .refused(.nothingToDismiss(visible: visible?.scene ?? ""))
            }
            guard top.contains(where: { $0.id == id }) else {
                return .refused(.reportedScreenNotOnTop(id, kind: .dismiss, visible: shown.id))
            }
            // A modal's stack always has its style.
            guard let style = top.style, !style.userCanDismiss else { return nil }
            return .refused(.notDismissibleByUser(id, style: style))
        case .tabSelectedByUser(let name):
            let names = tree.tabs.map(\.name)
            guard names.contains(name) else { return .refused(.unknownTab(name, tabs: names)) }
            if let coveringModal {
                return .refused(.tabBarCovered(tab: name, modal: coveringModal))
            }
            return nil
        case .selectedTabReselectedByUser:
            guard let name = tree.selectedTab else { return .refused(.unknownTab("", tabs: [])) }
            if let coveringModal {
                return .refused(.tabBarCovered(tab: name, modal: coveringModal))
            }
            return nil
        case .detentChangedByUser(let id, let detent):
            if isGone(id) { return .refused(.reportedScreenGone(id)) }
            // Only the top-most sheet is in reach of the user's finger.
            guard let top = tree.modals.last, top.contains(where: { $0.id == id }) else {
                return .refused(
                    .reportedScreenNotOnTop(
                        id, kind: .updateModal, visible: visible?.id ?? id))
            }
            guard let style = top.style, case .sheet = style,
                let updated = DocumentedRules.updated(style, lock: nil, detent: detent)
            else { return .refused(.noSuchStack(top.id, kind: .updateModal)) }
            return DocumentedRules.isValid(updated)
                ? nil : .refused(.invalidPresentationStyle(updated))
        case .answeredByUser, .sizeClassChanged:
            // Judged where the fuzzer sends them (alerts, size classes).
            return nil
        }
    }

}
