import CoreModule
import Foundation

// The reference model of the model-based test: a deliberately simple screen tree (a root that is
// one stack or a list of named tabs, plus a chain of styled modals, all plain arrays) written
// from the documented rules (docs/navigation-model.md, docs/deep-links.md, docs/flows.md and the
// API's doc comments), not from the implementation. It predicts, for every operation, either the
// new tree and the one event reported, or the exact error, or that nothing happens.

/// One screen of the model: its identity number, registered scene and parameters.
struct ModelScreen: Equatable, CustomStringConvertible {
    var id: UInt64
    var scene: SceneIdentifier
    var parameters: [String: String]

    init(id: UInt64, scene: SceneIdentifier, parameters: [String: String]) {
        self.id = id
        self.scene = scene
        self.parameters = parameters
    }

    /// The real screen as a model screen, for comparing trees.
    init(_ screen: Screen) {
        self.init(id: screen.id.rawValue, scene: screen.scene, parameters: screen.parameters.values)
    }

    var description: String {
        let parameters = self.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let suffix = parameters.isEmpty ? "" : " (\(parameters.joined(separator: ", ")))"
        return "\(scene) #\(id)\(suffix)"
    }
}

/// One stack of the model: its identity number and its screens, bottom first.
struct ModelStack: Equatable, CustomStringConvertible {
    var id: UInt64
    var screens: [ModelScreen]

    var description: String {
        "s\(id): " + screens.map(\.description).joined(separator: " › ")
    }
}

/// One modal of the model: its identity number, its style and its stack.
struct ModelModal: Equatable {
    var id: UInt64
    var style: PresentationStyle
    var stack: ModelStack
}

/// The model's tree: a root (one stack, or one stack per named tab and the selected one) and the
/// modals presented over it, in order.
struct ModelTree: Equatable, CustomStringConvertible {
    /// The root stack alone, or each tab's stack in order; empty for an empty window.
    var base: [ModelStack] = []
    /// The tabs' names, in the order of `base`; empty for a stack root.
    var tabNames: [String] = []
    /// The index in `base` of the selected tab; 0 for a stack root.
    var selected = 0
    var modals: [ModelModal] = []

    init() {}

    /// The real tree as a model tree, identities included.
    init(_ tree: ScreenTree) {
        func stack(_ stack: ScreenStack) -> ModelStack {
            ModelStack(id: stack.id.rawValue, screens: stack.map(ModelScreen.init))
        }
        if tree.hasTabs {
            base = tree.tabs.map { stack($0.stack) }
            tabNames = tree.tabs.map(\.name)
            // A tab root without a selected tab shows up as a difference.
            selected = tree.tabs.firstIndex(where: \.isSelected) ?? -1
        } else if let root = tree.root {
            base = [stack(root)]
        }
        modals = tree.modals.map { modal in
            ModelModal(
                id: modal.modal?.rawValue ?? 0, style: modal.style ?? .sheet(), stack: stack(modal))
        }
    }

    var isEmpty: Bool { base.isEmpty }
    var hasTabs: Bool { !tabNames.isEmpty }
    var selectedTab: String? { hasTabs ? tabNames[selected] : nil }

    /// Every stack: the root's or each tab's, then each modal's.
    var stacks: [ModelStack] { base + modals.map(\.stack) }
    var screens: [ModelScreen] { stacks.flatMap(\.screens) }

    /// The top-most stack: the last modal's, else the selected tab's or the root; the window
    /// must not be empty.
    var top: ModelStack {
        get { modals.last?.stack ?? base[selected] }
        set {
            if modals.isEmpty {
                base[selected] = newValue
            } else {
                modals[modals.count - 1].stack = newValue
            }
        }
    }

    var visible: ModelScreen? { isEmpty ? nil : top.screens.last }

    /// Where the visible screen stands: level 0 for the root or a tab, N for the N-th modal.
    var visibleLocation: ScreenLocation? {
        guard let visible else { return nil }
        return ScreenLocation(
            screen: ScreenID(visible.id), scene: visible.scene, level: modals.count,
            index: top.screens.count - 1)
    }

    /// The level and index of screen `id`: level 0 for any tab's stack.
    func location(of id: UInt64) -> (level: Int, index: Int)? {
        for (position, modal) in modals.enumerated() {
            if let index = modal.stack.screens.firstIndex(where: { $0.id == id }) {
                return (position + 1, index)
            }
        }
        for stack in base {
            if let index = stack.screens.firstIndex(where: { $0.id == id }) { return (0, index) }
        }
        return nil
    }

    var description: String {
        var lines: [String] = []
        if hasTabs {
            for (index, stack) in base.enumerated() {
                let mark = index == selected ? ", selected" : ""
                lines.append("tab \(tabNames[index])\(mark) \(stack)")
            }
        } else if let root = base.first {
            lines.append("stack \(root)")
        }
        for modal in modals {
            lines.append("modal m\(modal.id) (\(modal.style)) \(modal.stack)")
        }
        return lines.isEmpty ? "empty window" : lines.joined(separator: " | ")
    }
}

/// The scenes and tabs the model knows, and how each behaves.
///
/// The real container registers the same scenes (see ``ModelWorld``); the model only reads
/// this table.
enum ModelCatalogue {
    /// Scenes whose builder always succeeds.
    static let plain: [SceneIdentifier] = ["A1", "A2", "B1", "B2", "Café", "日本", "product/new"]
    /// Its builder vetoes leaving: non-forced navigations that would remove it fail.
    static let keep: SceneIdentifier = "Keep"
    static let keepReason = "it has unsaved changes"
    /// Its builder throws.
    static let broken: SceneIdentifier = "Broken"
    static let brokenReason = "the network is down"
    /// Requires `id` as an integer and `paid` as a boolean.
    static let order: SceneIdentifier = "Order"
    /// Built fine, but the guard ``guardName`` rejects building it.
    static let locked: SceneIdentifier = "Locked"
    /// Route patterns.
    static let patterns: [SceneIdentifier] = ["product/:id", "user/:name/posts/:page"]

    /// The guard: rejects building or selecting ``locked`` and leaving any screen with `pin=yes`.
    static let guardName = "policy"
    static let lockedReason = "it is locked"
    static let pinnedReason = "it is pinned"

    /// Every registered identifier, for the suggestions of an unknown-scene error.
    static var registered: [SceneIdentifier] {
        plain + [keep, broken, order, locked] + patterns
    }

    /// Names that are valid but not registered (and match no pattern).
    static let unknown: [SceneIdentifier] = [
        "A3", "Nope", "a1", "product", "product/42/extra", "user/ann/posts", "Kep", "Lock",
    ]

    /// Names that break a naming rule, with the rule they break.
    static let invalid: [(name: SceneIdentifier, problem: IdentifierProblem)] = [
        ("", .empty),
        (" A1", .whitespace(position: 1)),
        ("A\u{7}1", .controlCharacter(position: 2)),
        ("\u{200B}A1", .invisibleCharacter(position: 1)),
        ("a//b", .emptySegment(segment: 2)),
        ("x/", .emptySegment(segment: 2)),
        ("p/:", .emptyParameterName(segment: 2)),
        // Not a valid name, but a path that `product/:id` matches: navigation resolves it.
        ("product/x y", .whitespace(position: 10)),
        (SceneIdentifier(String(repeating: "x", count: 300)), .tooLong(length: 300, limit: 256)),
    ]

    /// Tab names that are valid: 1 to 64 bytes, no whitespace, control or format character.
    ///
    /// Some need percent-encoding in a link.
    static let tabNames = [
        "home", "search", "more", "inbox", "Café", "設定", "x,y]", "a=b;c",
        String(repeating: "ü", count: 32),
    ]
    /// Tab names that are not valid.
    static let invalidTabNames = [
        "", "two words", "tab\u{7}", "\u{200B}home", "new\nline", String(repeating: "t", count: 65),
    ]

    /// The scenes each tab hosts, for a link that names one stack over a tab root
    /// (``AppCoordinator/tabHosts``); two tabs host `B2`, so the first of them in tab order
    /// gets it.
    static let tabHosts: [String: Set<SceneIdentifier>] = [
        "home": ["A2", "product/:id"], "more": ["B2", "日本"], "inbox": ["B2", "Keep"],
        "Café": ["Order"],
    ]

    /// Whether `name` may name a tab.
    static func isValidTabName(_ name: String) -> Bool {
        !name.isEmpty && !invalidTabNames.contains(name)
    }

    /// Whether the user may dismiss a modal of `style` with a gesture: not a full-screen cover,
    /// nor a sheet whose interactive dismissal is off.
    static func userCanDismiss(_ style: PresentationStyle) -> Bool {
        switch style {
        case .sheet(_, let interactiveDismissal): return interactiveDismissal
        case .fullScreenCover: return false
        case .popover: return true
        }
    }

    /// Whether `style` can be shown: a sheet has a detent, a popover an anchor of 1 to 64 bytes.
    static func isValid(_ style: PresentationStyle) -> Bool {
        switch style {
        case .sheet(let detents, _): return !detents.isEmpty
        case .fullScreenCover: return true
        case .popover(let anchor): return !anchor.isEmpty && anchor.utf8.count <= 64
        }
    }

    /// The problem of an invalid name from ``invalid``, else `nil`.
    static func problem(of name: SceneIdentifier) -> IdentifierProblem? {
        invalid.first { $0.name == name }?.problem
    }

    /// The required parameters of a scene, sorted by name.
    static func required(_ scene: SceneIdentifier) -> [(name: String, type: ParameterType)] {
        scene == order ? [("id", .int), ("paid", .bool)] : []
    }

    /// The parameter names of a pattern, in order; empty for a name.
    static func patternParameters(_ scene: SceneIdentifier) -> [String] {
        guard patterns.contains(scene) else { return [] }
        return scene.rawValue.split(separator: "/").filter { $0.hasPrefix(":") }.map {
            String($0.dropFirst())
        }
    }

    /// Whether `text` reads as `type`, by the rules of docs/deep-links.md.
    static func accepts(_ text: String, as type: ParameterType) -> Bool {
        switch type {
        case .string: return true
        case .int: return Int(text) != nil
        case .bool: return ["true", "false", "1", "0"].contains(text)
        case .uuid: return UUID(uuidString: text) != nil
        }
    }
}

/// What the model predicts for one operation.
enum ModelOutcome {
    /// The operation applies: the model's next state and the one event reported.
    case applied(ReferenceModel, TransitionEvent)
    /// The operation fails with this error and changes nothing but the next screen identity:
    /// `identities` builders ran before it failed, and each used up an identity.
    case failed(NavigationError, identities: UInt64 = 0)
    /// The operation leaves the tree as it is and reports nothing, but may change the model's
    /// settings (installing or removing the guard).
    case silent(ReferenceModel)
}

/// One screen of a planned whole tree (a deep link or a snapshot).
struct PlannedScreen {
    /// The name or path to resolve.
    var target: SceneIdentifier
    var parameters: [String: String]
    /// How the operation's error names this screen when it fails.
    var failure: (NavigationError) -> NavigationError
}

/// A whole tree a link or a snapshot describes: a root stack or tabs, then modals.
struct PlannedTree {
    enum Root {
        case stack([PlannedScreen])
        case tabs([(name: String, screens: [PlannedScreen])], selected: Int)
    }

    var root: Root
    var modals: [(style: PresentationStyle, screens: [PlannedScreen])]

    /// Every screen in the order it is built, with the kind of transition its guard sees.
    var buildOrder: [(screen: PlannedScreen, kind: TransitionKind)] {
        func stack(_ screens: [PlannedScreen], first: TransitionKind) -> [(
            screen: PlannedScreen, kind: TransitionKind
        )] {
            screens.enumerated().map { ($0.element, $0.offset == 0 ? first : .push) }
        }
        var order: [(screen: PlannedScreen, kind: TransitionKind)] = []
        switch root {
        case .stack(let screens): order += stack(screens, first: .root)
        case .tabs(let tabs, _):
            for tab in tabs { order += stack(tab.screens, first: .tabs) }
        }
        for modal in modals { order += stack(modal.screens, first: .present) }
        return order
    }
}

/// The model: the tree and the counters the coordinator keeps.
struct ReferenceModel {
    var tree = ModelTree()
    var nextID: UInt64 = 1
    var nextStackID: UInt64 = 1
    var nextModalID: UInt64 = 1
    var nextSequence: UInt64 = 1
    /// Whether the guard ``ModelCatalogue/guardName`` is installed.
    var guardInstalled = true

    var isEmpty: Bool { tree.isEmpty }
    var screens: [ModelScreen] { tree.screens }
    var visible: ModelScreen? { tree.visible }
    /// The screens of each stack, in the order of ``ModelTree/stacks``.
    var stacks: [[ModelScreen]] { tree.stacks.map(\.screens) }

    // MARK: Resolving and building one screen

    /// Resolves a name or path: an exact name first, then a pattern, segment by segment.
    func resolve(_ target: SceneIdentifier) -> Result<
        (scene: SceneIdentifier, route: [String: String]), NavigationError
    > {
        if ModelCatalogue.registered.contains(target) { return .success((target, [:])) }
        if target.rawValue.contains("/") {
            let parts = target.rawValue.split(separator: "/", omittingEmptySubsequences: false)
            for pattern in ModelCatalogue.patterns {
                let segments = pattern.rawValue.split(separator: "/")
                guard segments.count == parts.count else { continue }
                var route: [String: String] = [:]
                var matches = true
                for (segment, part) in zip(segments, parts) {
                    if segment.hasPrefix(":") {
                        if part.isEmpty { matches = false }
                        route[String(segment.dropFirst())] = String(part)
                    } else if segment != part {
                        matches = false
                    }
                }
                if matches { return .success((pattern, route)) }
            }
        }
        if let problem = ModelCatalogue.problem(of: target) {
            return .failure(.invalidSceneIdentifier(target, problem: problem))
        }
        return .failure(
            .unknownScene(
                target,
                suggestions: SceneSuggestions(for: target, among: ModelCatalogue.registered)))
    }

    /// Resolves and checks one screen, and asks the guard.
    ///
    /// Returns the scene and its parameters, or the error; the builder has not run yet.
    func checkScreen(
        _ target: SceneIdentifier, _ parameters: [String: String], kind: TransitionKind
    )
        -> Result<(scene: SceneIdentifier, parameters: [String: String]), NavigationError>
    {
        let scene: SceneIdentifier
        var merged = parameters
        switch resolve(target) {
        case .failure(let error): return .failure(error)
        case .success(let resolved):
            scene = resolved.scene
            for (name, value) in resolved.route { merged[name] = value }
        }
        for name in ModelCatalogue.patternParameters(scene) where merged[name] == nil {
            return .failure(.missingParameter(scene: scene, name: name))
        }
        for (name, type) in ModelCatalogue.required(scene) {
            guard let value = merged[name] else {
                return .failure(.missingParameter(scene: scene, name: name))
            }
            guard ModelCatalogue.accepts(value, as: type) else {
                return .failure(
                    .malformedParameter(scene: scene, name: name, value: value, expected: type))
            }
        }
        if guardInstalled, scene == ModelCatalogue.locked {
            return .failure(
                .rejectedByGuard(
                    name: ModelCatalogue.guardName, kind: kind, scene: scene,
                    reason: ModelCatalogue.lockedReason))
        }
        return .success((scene, merged))
    }

    /// Checks every target of a request that builds several, in order.
    func checkScreens(_ targets: [(SceneIdentifier, [String: String])], kind: TransitionKind)
        -> Result<[(scene: SceneIdentifier, parameters: [String: String])], NavigationError>
    {
        var checked: [(scene: SceneIdentifier, parameters: [String: String])] = []
        for (target, parameters) in targets {
            switch checkScreen(target, parameters, kind: kind) {
            case .failure(let error): return .failure(error)
            case .success(let value): checked.append(value)
            }
        }
        return .success(checked)
    }

    /// Runs the builder of a checked scene: the screen, or the error it throws.
    func makeScreen(_ scene: SceneIdentifier, _ parameters: [String: String], id: UInt64)
        -> Result<ModelScreen, NavigationError>
    {
        if scene == ModelCatalogue.broken {
            return .failure(.builderFailed(scene, reason: ModelCatalogue.brokenReason))
        }
        return .success(ModelScreen(id: id, scene: scene, parameters: parameters))
    }

    /// Runs the builders of checked scenes in order, each using up an identity: the screens,
    /// or the first error and how many builders ran.
    func makeScreens(_ checked: [(scene: SceneIdentifier, parameters: [String: String])])
        -> Result<[ModelScreen], ModelBuildFailure>
    {
        var made: [ModelScreen] = []
        for (offset, value) in checked.enumerated() {
            switch makeScreen(value.scene, value.parameters, id: nextID + UInt64(offset)) {
            case .failure(let error):
                return .failure(ModelBuildFailure(error: error, identities: UInt64(offset + 1)))
            case .success(let screen): made.append(screen)
            }
        }
        return .success(made)
    }

    /// The error the guard or a veto raises against `leaving` (bottom first), checked top
    /// first; `nil` when every screen may leave.
    func leavingError(_ leaving: [ModelScreen], kind: TransitionKind, force: Bool)
        -> NavigationError?
    {
        for screen in leaving.reversed() {
            if guardInstalled, screen.parameters["pin"] == "yes" {
                return .rejectedByGuard(
                    name: ModelCatalogue.guardName, kind: kind, scene: screen.scene,
                    reason: ModelCatalogue.pinnedReason)
            }
            if !force, screen.scene == ModelCatalogue.keep {
                return .leavingVetoed(
                    scene: screen.scene, screen: ScreenID(screen.id),
                    reason: ModelCatalogue.keepReason)
            }
        }
        return nil
    }

    /// A new stack identity.
    mutating func newStack(_ screens: [ModelScreen]) -> ModelStack {
        defer { nextStackID += 1 }
        return ModelStack(id: nextStackID, screens: screens)
    }

    /// A new modal identity, then a new stack identity.
    mutating func newModal(_ style: PresentationStyle, _ screens: [ModelScreen]) -> ModelModal {
        let id = nextModalID
        nextModalID += 1
        return ModelModal(id: id, style: style, stack: newStack(screens))
    }

    // MARK: Predicting

    /// Kinds whose event is about the screen that left rather than the one now visible.
    private static let removals: Set<TransitionKind> = [
        .pop, .popTo, .popToRoot, .dismiss, .dismissAll,
    ]

    /// The model after `next`, with the event the coordinator reports for the change.
    private func applied(
        _ next: ReferenceModel, kind: TransitionKind, removed: Int, animated: Bool,
        initiator: TransitionInitiator = .app, style: PresentationStyle? = nil
    ) -> ModelOutcome {
        var next = next
        guard let to = next.tree.visibleLocation else { return .failed(.noRoot(kind)) }
        let from = tree.visibleLocation
        let subject = Self.removals.contains(kind) ? (from ?? to) : to
        let event = TransitionEvent(
            sequence: nextSequence, kind: kind, scene: subject.scene, screen: subject.screen,
            from: from, to: to, removedCount: removed, animated: animated,
            initiator: initiator, stack: StackID(next.tree.top.id), style: style,
            tab: next.tree.selectedTab)
        next.nextSequence = nextSequence + 1
        return .applied(next, event)
    }

    /// What `navigate(request, force:)` does.
    func predict(_ request: ApplicationTransitionType, force: Bool) -> ModelOutcome {
        let kind = request.kind
        if kind != .root, kind != .tabs, isEmpty { return .failed(.noRoot(kind)) }
        switch request {
        case .root(let target, let parameters, _, let animated),
            .push(let target, let parameters, _, let animated),
            .present(let target, let parameters, _, _, let animated),
            .replace(let target, let parameters, _, let animated):
            var style: PresentationStyle?
            if case .present(_, _, _, let presented, _) = request {
                guard ModelCatalogue.isValid(presented) else {
                    return .failed(.invalidPresentationStyle(presented))
                }
                style = presented
            }
            // The guard sees the scene first, then the screens leaving; the builder runs last.
            let checked: (scene: SceneIdentifier, parameters: [String: String])
            switch checkScreen(target, parameters.values, kind: kind) {
            case .failure(let error): return .failed(error)
            case .success(let result): checked = result
            }
            let leaving: [ModelScreen]
            switch kind {
            case .root: leaving = screens
            case .replace: leaving = [tree.top.screens[tree.top.screens.count - 1]]
            default: leaving = []
            }
            if let error = leavingError(leaving, kind: kind, force: force) {
                return .failed(error)
            }
            let screen: ModelScreen
            switch makeScreen(checked.scene, checked.parameters, id: nextID) {
            case .failure(let error): return .failed(error, identities: 1)
            case .success(let made): screen = made
            }
            var next = self
            next.nextID += 1
            switch request {
            case .root:
                next.tree = ModelTree()
                next.tree.base = [next.newStack([screen])]
            case .push:
                next.tree.top.screens.append(screen)
            case .present(_, _, _, let presented, _):
                next.tree.modals.append(next.newModal(presented, [screen]))
            default:
                next.tree.top.screens[next.tree.top.screens.count - 1] = screen
            }
            return applied(
                next, kind: kind, removed: leaving.count, animated: animated, style: style)

        case .tabs(let items, let selected, let animated):
            guard !items.isEmpty else { return .failed(.noTabs) }
            var names = Set<String>()
            for item in items {
                guard ModelCatalogue.isValidTabName(item.name) else {
                    return .failed(.invalidTabName(item.name))
                }
                guard names.insert(item.name).inserted else {
                    return .failed(.duplicateTabName(item.name))
                }
            }
            guard let selectedIndex = items.firstIndex(where: { $0.name == selected }) else {
                return .failed(.unknownTab(selected, tabs: items.map(\.name)))
            }
            return replacing(
                screens, by: items.map { ($0.scene, $0.parameters.values) }, kind: kind,
                force: force, animated: animated
            ) { next, made in
                next.tree = ModelTree()
                next.tree.tabNames = items.map(\.name)
                next.tree.selected = selectedIndex
                // Stacks get their identities once every tab's screen is built, in tab order.
                next.tree.base = made.map { next.newStack([$0]) }
            }

        case .selectTab(let name, let animated):
            guard let index = tree.tabNames.firstIndex(of: name) else {
                return .failed(.unknownTab(name, tabs: tree.tabNames))
            }
            // Already selected: nothing changes, nothing is reported, no guard runs.
            guard index != tree.selected else { return .silent(self) }
            if guardInstalled, let top = tree.base[index].screens.last,
                top.scene == ModelCatalogue.locked
            {
                return .failed(
                    .rejectedByGuard(
                        name: ModelCatalogue.guardName, kind: .selectTab, scene: top.scene,
                        reason: ModelCatalogue.lockedReason))
            }
            var next = self
            next.tree.selected = index
            return applied(next, kind: kind, removed: 0, animated: animated)

        case .setStack(let destinations, let animated):
            guard !destinations.isEmpty else { return .failed(.emptyStack(.setStack)) }
            return replacing(
                tree.top.screens, by: destinations.map { ($0.scene, $0.parameters.values) },
                kind: kind, force: force, animated: animated
            ) { next, made in
                // The top-most stack keeps its identity.
                next.tree.top.screens = made
            }

        case .pop, .popToRoot, .popTo, .dismiss, .dismissAll:
            let top = tree.top.screens
            let visible = top[top.count - 1]
            var next = self
            let leaving: [ModelScreen]
            switch request {
            case .pop:
                guard top.count > 1 else {
                    return .failed(.cannotPopFirstScreen(visible.scene, kind: .pop))
                }
                leaving = [visible]
                next.tree.top.screens.removeLast()
            case .popToRoot:
                // Already home: nothing changes, nothing is reported, no guard runs.
                guard top.count > 1 else { return .silent(self) }
                leaving = Array(top[1...])
                next.tree.top.screens = [top[0]]
            case .popTo(let scene, _):
                guard let index = top.dropLast().lastIndex(where: { $0.scene == scene }) else {
                    if let problem = ModelCatalogue.problem(of: scene) {
                        return .failed(.invalidSceneIdentifier(scene, problem: problem))
                    }
                    return .failed(.sceneNotInStack(scene, stack: top.map(\.scene)))
                }
                leaving = Array(top[(index + 1)...])
                next.tree.top.screens = Array(top[...index])
            case .dismiss:
                guard !tree.modals.isEmpty else {
                    return .failed(.nothingToDismiss(visible: visible.scene))
                }
                leaving = top
                next.tree.modals.removeLast()
            default:
                // Nothing presented: nothing changes, nothing is reported, no guard runs.
                guard !tree.modals.isEmpty else { return .silent(self) }
                leaving = tree.modals.flatMap(\.stack.screens)
                next.tree.modals = []
            }
            if let error = leavingError(leaving, kind: kind, force: force) {
                return .failed(error)
            }
            return applied(
                next, kind: kind, removed: leaving.count, animated: request.animated)
        }
    }

    /// A request that builds several screens in place of `leaving`: every scene is checked
    /// (guards included) first, then the screens leaving, then every builder runs; `place`
    /// puts the built screens in the tree.
    private func replacing(
        _ leaving: [ModelScreen], by targets: [(SceneIdentifier, [String: String])],
        kind: TransitionKind, force: Bool, animated: Bool,
        place: (inout ReferenceModel, [ModelScreen]) -> Void
    ) -> ModelOutcome {
        let checked: [(scene: SceneIdentifier, parameters: [String: String])]
        switch checkScreens(targets, kind: kind) {
        case .failure(let error): return .failed(error)
        case .success(let value): checked = value
        }
        if let error = leavingError(leaving, kind: kind, force: force) {
            return .failed(error)
        }
        let made: [ModelScreen]
        switch makeScreens(checked) {
        case .failure(let failure): return .failed(failure.error, identities: failure.identities)
        case .success(let value): made = value
        }
        var next = self
        next.nextID += UInt64(made.count)
        place(&next, made)
        return applied(next, kind: kind, removed: leaving.count, animated: animated)
    }

    /// What `report(_:)` does: no guard, no veto; the user already acted.
    func predict(_ report: PlatformReport) -> ModelOutcome {
        if let screen = report.screen, tree.location(of: screen.rawValue) == nil {
            return .failed(.reportedScreenGone(screen))
        }
        var next = self
        switch report {
        case .poppedByUser(let screen), .dismissedByUser(let screen):
            // The screen is in the tree, so the window is not empty.
            let id = screen.rawValue
            guard let (level, index) = tree.location(of: id), let visible = tree.visible else {
                return .failed(.reportedScreenGone(screen))
            }
            if case .poppedByUser = report {
                guard id == visible.id else {
                    return .failed(
                        .reportedScreenNotOnTop(screen, kind: .pop, visible: ScreenID(visible.id)))
                }
                guard index > 0 else {
                    return .failed(.cannotPopFirstScreen(visible.scene, kind: .pop))
                }
                next.tree.top.screens.removeLast()
                return applied(
                    next, kind: .pop, removed: 1, animated: true, initiator: .user)
            }
            guard let modal = tree.modals.last else {
                return .failed(.nothingToDismiss(visible: visible.scene))
            }
            guard level == tree.modals.count else {
                return .failed(
                    .reportedScreenNotOnTop(screen, kind: .dismiss, visible: ScreenID(visible.id)))
            }
            guard ModelCatalogue.userCanDismiss(modal.style) else {
                return .failed(.notDismissibleByUser(screen, style: modal.style))
            }
            next.tree.modals.removeLast()
            return applied(
                next, kind: .dismiss, removed: modal.stack.screens.count, animated: true,
                initiator: .user)
        case .tabSelectedByUser(let name):
            guard let index = tree.tabNames.firstIndex(of: name) else {
                return .failed(.unknownTab(name, tabs: tree.tabNames))
            }
            if let modal = tree.modals.first {
                return .failed(.tabBarCovered(tab: name, modal: modal.stack.screens[0].scene))
            }
            guard index != tree.selected else { return .silent(self) }
            next.tree.selected = index
            return applied(next, kind: .selectTab, removed: 0, animated: true, initiator: .user)
        case .selectedTabReselectedByUser:
            guard let name = tree.selectedTab else { return .failed(.unknownTab("", tabs: [])) }
            if let modal = tree.modals.first {
                return .failed(.tabBarCovered(tab: name, modal: modal.stack.screens[0].scene))
            }
            let stack = tree.base[tree.selected].screens
            guard stack.count > 1 else { return .silent(self) }
            next.tree.base[tree.selected].screens = [stack[0]]
            return applied(
                next, kind: .popToRoot, removed: stack.count - 1, animated: true,
                initiator: .user)
        }
    }

    /// What opening a link or restoring a snapshot of `planned` does, once it was read.
    ///
    /// A plan whose root is a stack, opened as a link (`overTabs`) over a tab root, goes to one
    /// tab: the one whose first screen has the link's first scene (its stack is replaced), else
    /// the first tab in ``ModelCatalogue/tabHosts`` that hosts that scene (the link's screens
    /// go above its first screen); that tab keeps its stack identity and is selected, the
    /// modals leave, the plan's modals are presented. Otherwise the whole tree is replaced.
    /// Either way the guards and vetoes of the screens leaving run first, then each screen is
    /// checked and built in order.
    func predictReplace(_ planned: PlannedTree, force: Bool, overTabs: Bool) -> ModelOutcome {
        // The tab a stack-only link goes to, whether it keeps that tab's first screen, and how
        // many screens the link's stack holds.
        var target: (index: Int, keepsFirst: Bool, count: Int)?
        if overTabs, tree.hasTabs, case .stack(let rootScreens) = planned.root,
            let first = rootScreens.first
        {
            let scene: SceneIdentifier
            switch resolve(first.target) {
            case .failure(let error): return .failed(first.failure(error))
            case .success(let resolved): scene = resolved.scene
            }
            if let index = tree.base.firstIndex(where: { $0.screens[0].scene == scene }) {
                target = (index, false, rootScreens.count)
            } else if let index = tree.tabNames.firstIndex(where: {
                ModelCatalogue.tabHosts[$0]?.contains(scene) == true
            }) {
                target = (index, true, rootScreens.count)
            } else {
                return .failed(.noTabForLink(scene, tabs: tree.tabNames))
            }
        }
        let leaving: [ModelScreen]
        if let target {
            let tab = tree.base[target.index].screens
            leaving =
                (target.keepsFirst ? Array(tab.dropFirst()) : tab)
                + tree.modals.flatMap(\.stack.screens)
        } else {
            leaving = screens
        }
        if let error = leavingError(leaving, kind: .replaceTree, force: force) {
            return .failed(error)
        }
        var next = self
        var built: [ModelScreen] = []
        for (screen, kind) in planned.buildOrder {
            let checked: (scene: SceneIdentifier, parameters: [String: String])
            switch checkScreen(screen.target, screen.parameters, kind: kind) {
            case .failure(let error):
                return .failed(screen.failure(error), identities: next.nextID - nextID)
            case .success(let result): checked = result
            }
            // The builder runs, and uses an identity up, even when it then fails.
            let made = makeScreen(checked.scene, checked.parameters, id: next.nextID)
            next.nextID += 1
            switch made {
            case .failure(let error):
                return .failed(screen.failure(error), identities: next.nextID - nextID)
            case .success(let made): built.append(made)
            }
        }
        // Stacks and modals get their identities once every screen is built, in tree order.
        var remaining = built[...]
        func take(_ count: Int) -> [ModelScreen] {
            defer { remaining = remaining.dropFirst(count) }
            return Array(remaining.prefix(count))
        }
        if let target {
            let kept = target.keepsFirst ? [tree.base[target.index].screens[0]] : []
            next.tree.base[target.index].screens = kept + take(target.count)
            next.tree.selected = target.index
        } else {
            next.tree = ModelTree()
            switch planned.root {
            case .stack(let rootScreens):
                next.tree.base = [next.newStack(take(rootScreens.count))]
            case .tabs(let tabs, let selected):
                next.tree.tabNames = tabs.map(\.name)
                next.tree.selected = selected
                for tab in tabs { next.tree.base.append(next.newStack(take(tab.screens.count))) }
            }
        }
        next.tree.modals = []
        for modal in planned.modals {
            next.tree.modals.append(next.newModal(modal.style, take(modal.screens.count)))
        }
        return applied(next, kind: .replaceTree, removed: leaving.count, animated: false)
    }
}

/// A builder's error while several screens are built, and how many builders ran.
struct ModelBuildFailure: Error {
    var error: NavigationError
    var identities: UInt64
}
