import CoreModule
import Foundation

// The reference model of the model-based test: a deliberately simple screen tree (an array of
// stacks, each an array of screens) written from the rules in docs/architecture.md,
// docs/deep-links.md and docs/flows.md, not from the implementation. It predicts, for every
// operation, either the new tree and the one event reported, or the exact error.

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

/// The scenes the model knows, and how each behaves.
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

    /// The guard: rejects building ``locked`` and leaving any screen with `pin=yes`.
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
    /// settings (restoring an empty snapshot; installing or removing the guard).
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

/// The model: stacks of screens, root stack first, and the counters the coordinator keeps.
struct ReferenceModel {
    var stacks: [[ModelScreen]] = []
    /// The identity number of each stack, in the order of `stacks`.
    var stackIDs: [UInt64] = []
    var nextID: UInt64 = 1
    var nextStackID: UInt64 = 1
    var nextSequence: UInt64 = 1
    /// Whether the guard ``ModelCatalogue/guardName`` is installed.
    var guardInstalled = true

    var isEmpty: Bool { stacks.isEmpty }
    var screens: [ModelScreen] { stacks.flatMap { $0 } }
    var visible: ModelScreen? { stacks.last?.last }

    /// Where the visible screen stands.
    var visibleLocation: ScreenLocation? {
        guard let top = stacks.last, let screen = top.last else { return nil }
        return ScreenLocation(
            screen: ScreenID(screen.id), scene: screen.scene, level: stacks.count - 1,
            index: top.count - 1)
    }

    /// The level and index of screen `id`.
    func location(of id: UInt64) -> (level: Int, index: Int)? {
        for (level, stack) in stacks.enumerated() {
            if let index = stack.firstIndex(where: { $0.id == id }) { return (level, index) }
        }
        return nil
    }

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

    /// Runs the builder of a checked scene: the screen, or the error it throws.
    func makeScreen(_ scene: SceneIdentifier, _ parameters: [String: String], id: UInt64)
        -> Result<ModelScreen, NavigationError>
    {
        if scene == ModelCatalogue.broken {
            return .failure(.builderFailed(scene, reason: ModelCatalogue.brokenReason))
        }
        return .success(ModelScreen(id: id, scene: scene, parameters: parameters))
    }

    /// The error the guard or a veto raises against `leaving` (bottom first), checked top
    /// first; `nil` when every screen may leave.
    func leavingError(_ leaving: ArraySlice<ModelScreen>, kind: TransitionKind, force: Bool)
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

    // MARK: Predicting

    /// The event the coordinator reports for a change from `self` to `next`.
    private func event(
        to next: ReferenceModel, kind: TransitionKind, added: Bool, removed: Int,
        animated: Bool, initiator: TransitionInitiator = .app
    ) -> TransitionEvent? {
        guard let to = next.visibleLocation else { return nil }
        let subject = added ? to : (visibleLocation ?? to)
        return TransitionEvent(
            sequence: nextSequence, kind: kind, scene: subject.scene, screen: subject.screen,
            from: visibleLocation, to: to, removedCount: removed, animated: animated,
            initiator: initiator, stack: StackID(next.stackIDs[next.stackIDs.count - 1]),
            style: kind == .present ? .sheet() : nil)
    }

    private func applied(
        _ next: ReferenceModel, kind: TransitionKind, added: Bool, removed: Int,
        animated: Bool, initiator: TransitionInitiator = .app
    ) -> ModelOutcome {
        var next = next
        guard
            let event = event(
                to: next, kind: kind, added: added, removed: removed, animated: animated,
                initiator: initiator)
        else { return .failed(.noRoot(kind)) }
        next.nextSequence = nextSequence + 1
        return .applied(next, event)
    }

    /// What `navigate(request, force:)` does.
    func predict(_ request: ApplicationTransitionType, force: Bool) -> ModelOutcome {
        let kind = request.kind
        switch request {
        case .root(let target, let parameters, _, let animated),
            .push(let target, let parameters, _, let animated),
            .present(let target, let parameters, _, _, let animated):
            if kind != .root, isEmpty { return .failed(.noRoot(kind)) }
            // The guard sees the scene first, then the screens leaving; the builder runs last.
            let checked: (scene: SceneIdentifier, parameters: [String: String])
            switch checkScreen(target, parameters.values, kind: kind) {
            case .failure(let error): return .failed(error)
            case .success(let result): checked = result
            }
            if kind == .root, let error = leavingError(screens[...], kind: .root, force: force) {
                return .failed(error)
            }
            let screen: ModelScreen
            switch makeScreen(checked.scene, checked.parameters, id: nextID) {
            case .failure(let error): return .failed(error, identities: 1)
            case .success(let made): screen = made
            }
            var next = self
            next.nextID += 1
            switch kind {
            case .root:
                next.stacks = [[screen]]
                next.stackIDs = [next.nextStackID]
                next.nextStackID += 1
                return applied(
                    next, kind: kind, added: true, removed: screens.count, animated: animated)
            case .push:
                next.stacks[next.stacks.count - 1].append(screen)
            default:
                next.stacks.append([screen])
                next.stackIDs.append(next.nextStackID)
                next.nextStackID += 1
            }
            return applied(next, kind: kind, added: true, removed: 0, animated: animated)

        case .tabs, .selectTab, .setStack, .replace:
            // Not generated by ModelOperations yet: the tab model comes in the next change.
            return .failed(.noTabs)

        case .pop, .popToRoot, .popTo, .dismiss, .dismissAll:
            guard let top = stacks.last, let visible = top.last else {
                return .failed(.noRoot(kind))
            }
            var next = self
            let leaving: ArraySlice<ModelScreen>
            switch request {
            case .pop:
                guard top.count > 1 else {
                    return .failed(.cannotPopFirstScreen(visible.scene, kind: .pop))
                }
                leaving = top[(top.count - 1)...]
                next.stacks[stacks.count - 1].removeLast()
            case .popToRoot:
                // Already home: nothing changes, nothing is reported, no guard runs.
                guard top.count > 1 else { return .silent(self) }
                leaving = top[1...]
                next.stacks[stacks.count - 1] = [top[0]]
            case .popTo(let scene, _):
                guard let index = top.dropLast().lastIndex(where: { $0.scene == scene }) else {
                    if let problem = ModelCatalogue.problem(of: scene) {
                        return .failed(.invalidSceneIdentifier(scene, problem: problem))
                    }
                    return .failed(.sceneNotInStack(scene, stack: top.map(\.scene)))
                }
                leaving = top[(index + 1)...]
                next.stacks[stacks.count - 1] = Array(top[...index])
            case .dismiss:
                guard stacks.count > 1 else {
                    return .failed(.nothingToDismiss(visible: visible.scene))
                }
                leaving = top[...]
                next.stacks.removeLast()
                next.stackIDs.removeLast()
            default:
                // Nothing presented: nothing changes, nothing is reported, no guard runs.
                guard stacks.count > 1 else { return .silent(self) }
                leaving = stacks.dropFirst().flatMap { $0 }[...]
                next.stacks = [stacks[0]]
                next.stackIDs = [stackIDs[0]]
            }
            if let error = leavingError(leaving, kind: kind, force: force) {
                return .failed(error)
            }
            return applied(
                next, kind: kind, added: false, removed: leaving.count,
                animated: request.animated)
        }
    }

    /// What `report(_:)` does: no guard, no veto; the user already left.
    func predict(_ report: PlatformReport) -> ModelOutcome {
        guard let screen = report.screen else { return .failed(.unknownTab("", tabs: [])) }
        let id = screen.rawValue
        guard let (level, index) = location(of: id), let visible = visible else {
            return .failed(.reportedScreenGone(screen))
        }
        var next = self
        switch report {
        case .poppedByUser:
            guard id == visible.id else {
                return .failed(
                    .reportedScreenNotOnTop(
                        screen, kind: .pop, visible: ScreenID(visible.id)))
            }
            guard index > 0 else {
                return .failed(.cannotPopFirstScreen(stacks[level][index].scene, kind: .pop))
            }
            next.stacks[level].removeLast()
            return applied(
                next, kind: .pop, added: false, removed: 1, animated: true, initiator: .user)
        case .dismissedByUser:
            guard stacks.count > 1 else {
                return .failed(.nothingToDismiss(visible: visible.scene))
            }
            guard level > 0, level == stacks.count - 1 else {
                return .failed(
                    .reportedScreenNotOnTop(
                        screen, kind: .dismiss, visible: ScreenID(visible.id)))
            }
            let removed = stacks[level].count
            next.stacks.removeLast()
            next.stackIDs.removeLast()
            return applied(
                next, kind: .dismiss, added: false, removed: removed, animated: true,
                initiator: .user)
        case .tabSelectedByUser, .selectedTabReselectedByUser:
            return .failed(.unknownTab("", tabs: []))
        }
    }

    /// What opening a link or restoring a snapshot of `planned` stacks does, once the link was
    /// read: vetoes and guards of the screens leaving, then each screen in order.
    func predictReplace(_ planned: [[PlannedScreen]], force: Bool) -> ModelOutcome {
        if let error = leavingError(screens[...], kind: .replaceTree, force: force) {
            return .failed(error)
        }
        var next = self
        next.stacks = []
        next.stackIDs = []
        for (level, stack) in planned.enumerated() {
            var built: [ModelScreen] = []
            for (index, screen) in stack.enumerated() {
                let kind: TransitionKind =
                    level == 0 && index == 0 ? .root : index == 0 ? .present : .push
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
            next.stacks.append(built)
        }
        // Stacks get their identities once every screen is built.
        for _ in next.stacks {
            next.stackIDs.append(next.nextStackID)
            next.nextStackID += 1
        }
        return applied(
            next, kind: .replaceTree, added: true, removed: screens.count, animated: false)
    }
}
