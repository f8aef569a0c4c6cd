import CoreModule
import Foundation

/// One operation of the model-based test, applied the same way to the model and the coordinator.
enum ModelOperation: CustomStringConvertible {
    case navigate(ApplicationTransitionType, force: Bool)
    case report(PlatformReport)
    case open(ModelLink, force: Bool)
    case restore(TreeSnapshot, force: Bool)
    /// Removes the guard when installed, installs it again when not.
    case toggleGuard

    var description: String {
        switch self {
        case .navigate(let request, let force): return "navigate(\(request), force: \(force))"
        case .report(let report): return "report(\(report))"
        case .open(let link, let force):
            return "open(\(link.text.debugDescription), force: \(force))"
        case .restore(let snapshot, let force): return "restore(\(snapshot), force: \(force))"
        case .toggleGuard: return "toggle the guard"
        }
    }

    /// What the coordinator reports as the failed operation.
    var operation: NavigationOperation? {
        switch self {
        case .navigate(let request, _): return .transition(request)
        case .report(let report): return .report(report)
        case .open(let link, _): return .openLink(link.text, format: ModelWorld.format)
        case .restore(let snapshot, _): return .restore(snapshot)
        case .toggleGuard: return nil
        }
    }

    /// What the model predicts.
    func predict(_ model: ReferenceModel) -> ModelOutcome {
        switch self {
        case .navigate(let request, let force):
            return model.predict(request, force: force)
        case .report(let report):
            return model.predict(report)
        case .open(let link, let force):
            if let problem = link.problem { return .failed(.invalidLink(problem)) }
            return model.predictReplace(link.planned, force: force)
        case .restore(let snapshot, let force):
            guard (1...TreeSnapshot.currentVersion).contains(snapshot.version) else {
                return .failed(
                    .unsupportedSnapshotVersion(
                        found: snapshot.version, supported: TreeSnapshot.currentVersion))
            }
            var position = 0
            let planned = ([snapshot.root] + snapshot.modals.map(\.stack)).filter { !$0.isEmpty }
                .map { stack in
                    stack.map { screen in
                        position += 1
                        let label = position
                        return PlannedScreen(
                            target: screen.scene, parameters: screen.parameters.values,
                            failure: { error in
                                .restorationFailed(
                                    position: label, scene: screen.scene, error: error)
                            })
                    }
                }
            guard !planned.isEmpty else { return .silent(model) }
            return model.predictReplace(planned, force: force)
        case .toggleGuard:
            var next = model
            next.guardInstalled.toggle()
            return .silent(next)
        }
    }

    /// Applies the operation to the coordinator: the event returned, or the error thrown.
    @MainActor
    func apply(to world: ModelWorld) -> Result<TransitionEvent?, NavigationError> {
        let coordinator = world.coordinator
        do throws(NavigationError) {
            switch self {
            case .navigate(let request, let force):
                return .success(try coordinator.navigate(request, force: force))
            case .report(let report):
                return .success(try coordinator.report(report))
            case .open(let link, let force):
                return .success(
                    try coordinator.open(link.text, format: ModelWorld.format, force: force))
            case .restore(let snapshot, let force):
                return .success(try coordinator.restore(snapshot, force: force))
            case .toggleGuard:
                if coordinator.guardNames.isEmpty {
                    coordinator.addGuard(ModelWorld.policyGuard())
                } else {
                    coordinator.removeGuard(named: ModelCatalogue.guardName)
                }
                return .success(nil)
            }
        } catch {
            return .failure(error)
        }
    }
}

/// A deep link the generator wrote, with what the model knows of it.
struct ModelLink {
    var text: String
    /// Why the link cannot be read, for a link from the table of malformed links.
    var problem: LinkProblem?
    /// The screens it names, for a well-formed link.
    var planned: [[PlannedScreen]]
}

/// The coordinator under test, over the same scenes as ``ModelCatalogue``.
@MainActor
final class ModelWorld {
    nonisolated static let format = DeepLinkFormat(
        scheme: "app", host: "open", maximumScreens: 6, maximumParametersPerScreen: 3)

    let coordinator: AppCoordinator
    /// Every event reported since the last ``clearEvents()``.
    private(set) var events: [NavigationEvent] = []
    private var token: ObservationToken?

    init() throws {
        let container = DependencyContainer()
        try container.assemble(
            contentsOf: (ModelCatalogue.plain + [ModelCatalogue.locked] + ModelCatalogue.patterns)
                .map { stubBuilder($0) })
        try container.assemble(
            SceneBuilder(ModelCatalogue.keep) { context in
                context.vetoLeaving { ModelCatalogue.keepReason }
                return StubScreen(context: context)
            })
        try container.assemble(FailingBuilder(sceneIdentifier: ModelCatalogue.broken))
        try container.assemble(
            SceneBuilder(ModelCatalogue.order, requiredParameters: ["id": .int, "paid": .bool]) {
                StubScreen(context: $0)
            })
        coordinator = AppCoordinator(container: container)
        coordinator.addGuard(Self.policyGuard())
        token = coordinator.observe { [unowned self] event in self.events.append(event) }
    }

    /// The guard the model knows as ``ModelCatalogue/guardName``.
    static func policyGuard() -> NavigationGuard {
        NavigationGuard(ModelCatalogue.guardName) { attempt in
            if attempt.isLeaving {
                return attempt.parameters["pin"] == "yes"
                    ? .reject(reason: ModelCatalogue.pinnedReason) : .allow
            }
            return attempt.scene == ModelCatalogue.locked
                ? .reject(reason: ModelCatalogue.lockedReason) : .allow
        }
    }

    func clearEvents() {
        events.removeAll(keepingCapacity: true)
    }

    /// The real tree as model stacks.
    var stacks: [[ModelScreen]] {
        coordinator.tree.stacks.map { stack in stack.map(ModelScreen.init) }
    }
}

/// Draws random operations, most of them valid, some of every kind of bad input.
struct ModelGenerator {
    static let parameterPool: [(String, String)] = [
        ("q", "café"), ("id", "7"), ("note", "a/b;c=d"), ("emoji", "🚀 launch"), ("empty", ""),
        ("pct", "50%"), ("plus", "+1"), ("ключ", "значение"),
    ]

    static let malformedLinks: [(String, LinkProblem)] = [
        ("", .empty),
        ("other://open/A1", .unsupportedScheme(found: "other", expected: "app")),
        ("app://close/A1", .unexpectedHost(found: "close", expected: "open")),
        ("app://open", .noScreens),
        ("app://open/", .noScreens),
        ("app://open/A1//A2", .emptySegment(position: 2)),
        ("app://open/A1/", .emptySegment(position: 2)),
        ("app://open/+A1", .modalBeforeRoot),
        ("app://open/A1/+", .modalWithoutScene(position: 2)),
        ("app://open/A1/+;x=1", .modalWithoutScene(position: 2)),
        ("app://open/A1;id", .malformedParameter(position: 1, text: "id")),
        ("app://open/A1;a=1;a=2", .repeatedParameter(position: 1, name: "a")),
        ("app://open/A1/A2%2", .badPercentEncoding(position: 2, segment: "A2%2")),
        ("app://open/A1%FF", .badPercentEncoding(position: 1, segment: "A1%FF")),
        ("app://open/A1?x=1", .invalidCharacter(position: 1, segment: "A1?x=1")),
        ("app://open/A1#top", .invalidCharacter(position: 1, segment: "A1#top")),
        ("app://open/A 1", .invalidCharacter(position: 1, segment: "A 1")),
        ("app://open/A1;a=1;b=2;c=3;d=4", .tooManyParameters(position: 1, count: 4, limit: 3)),
    ]

    // MARK: Pieces

    func parameters(_ random: inout SeededRandom) -> [String: String] {
        var parameters: [String: String] = [:]
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            let (key, value) = Self.parameterPool.randomElement(using: &random) ?? ("q", "")
            parameters[key] = value
        }
        if Int.random(in: 0..<25, using: &random) == 0 { parameters["pin"] = "yes" }
        return parameters
    }

    /// A name or path to navigate to, with parameters: mostly registered scenes.
    func target(_ random: inout SeededRandom) -> (SceneIdentifier, [String: String]) {
        var parameters = self.parameters(&random)
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<50:
            return (ModelCatalogue.plain.randomElement(using: &random) ?? "A1", parameters)
        case 50..<56:
            return (ModelCatalogue.keep, parameters)
        case 56..<59:
            return (ModelCatalogue.broken, parameters)
        case 59..<67:
            parameters["id"] = ["7", "-3", "x7", "", nil].randomElement(using: &random) ?? nil
            parameters["paid"] = ["true", "0", "maybe", nil].randomElement(using: &random) ?? nil
            return (ModelCatalogue.order, parameters)
        case 67..<70:
            return (ModelCatalogue.locked, parameters)
        case 70..<80:
            let paths: [SceneIdentifier] = [
                "product/42", "product/x y", "product/new", "user/ann/posts/3", "product/:id",
                "user/:name/posts/:page",
            ]
            let path = paths.randomElement(using: &random) ?? "product/42"
            if path == "product/:id", Bool.random(using: &random) { parameters["id"] = "9" }
            return (path, parameters)
        case 80..<92:
            return (ModelCatalogue.unknown.randomElement(using: &random) ?? "A3", parameters)
        default:
            return (ModelCatalogue.invalid.randomElement(using: &random)?.name ?? "", parameters)
        }
    }

    /// A scene name for `popTo`: mostly one in the top-most stack.
    func popTarget(_ model: ReferenceModel, _ random: inout SeededRandom) -> SceneIdentifier {
        if Int.random(in: 0..<4, using: &random) > 0,
            let scene = model.stacks.last?.randomElement(using: &random)?.scene
        {
            return scene
        }
        if Bool.random(using: &random),
            let scene = model.screens.randomElement(using: &random)?.scene
        {
            return scene
        }
        return target(&random).0
    }

    /// A screen identity to report: visible, in the tree, gone, or never built.
    func reportedScreen(_ model: ReferenceModel, _ random: inout SeededRandom) -> ScreenID {
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<9:
            if let visible = model.visible { return ScreenID(visible.id) }
        case 9..<15:
            if let screen = model.screens.randomElement(using: &random) {
                return ScreenID(screen.id)
            }
        case 15..<18:
            return ScreenID(UInt64.random(in: 1...max(1, model.nextID), using: &random))
        default:
            break
        }
        return ScreenID(model.nextID + UInt64.random(in: 0...100, using: &random))
    }

    /// Stacks of targets for a link or a snapshot.
    func plannedStacks(_ random: inout SeededRandom, allowEmptyStacks: Bool) -> [[(
        target: SceneIdentifier, parameters: [String: String]
    )]] {
        let count =
            Int.random(in: 0..<30, using: &random) == 0 ? 7 : Int.random(in: 1...5, using: &random)
        var stacks: [[(target: SceneIdentifier, parameters: [String: String])]] = [[]]
        for index in 0..<count {
            if index > 0, Int.random(in: 0..<3, using: &random) == 0 {
                stacks.append([])
                if allowEmptyStacks, Int.random(in: 0..<6, using: &random) == 0 {
                    stacks.append([])
                }
            }
            // Mostly screens that build, so that whole trees get replaced.
            var (target, parameters) = target(&random)
            if Int.random(in: 0..<3, using: &random) > 0 {
                target = ModelCatalogue.plain.randomElement(using: &random) ?? "A1"
            }
            stacks[stacks.count - 1].append((target, parameters))
        }
        return stacks
    }

    // MARK: Links

    /// Percent-encodes `text` as docs/deep-links.md asks; Unicode letters are sometimes left as
    /// they are, which reading accepts.
    static func encode(_ text: String, raw: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            let unreserved =
                (scalar.isASCII
                    && (CharacterSet.alphanumerics.contains(scalar)
                        || "-._~".unicodeScalars.contains(scalar)))
                || (raw && !scalar.isASCII && CharacterSet.letters.contains(scalar))
            if unreserved {
                result.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 {
                    result += String(format: "%%%02X", byte)
                }
            }
        }
        return result
    }

    func link(_ model: ReferenceModel, _ random: inout SeededRandom) -> ModelLink {
        if Int.random(in: 0..<8, using: &random) == 0,
            let (text, problem) = Self.malformedLinks.randomElement(using: &random)
        {
            return ModelLink(text: text, problem: problem, planned: [])
        }
        var stacks = plannedStacks(&random, allowEmptyStacks: false)
        // An empty name would make an empty segment; that case is in the malformed table.
        for level in stacks.indices {
            for index in stacks[level].indices where stacks[level][index].target.rawValue.isEmpty {
                stacks[level][index].target = "A1"
            }
        }
        let raw = Bool.random(using: &random)
        let prefix = Bool.random(using: &random) ? "app://open/" : "APP://Open/"
        return Self.writeLink(stacks, raw: raw, prefix: prefix)
    }

    /// Writes `stacks` as a link, and what the model knows of it.
    static func writeLink(
        _ stacks: [[(target: SceneIdentifier, parameters: [String: String])]], raw: Bool,
        prefix: String
    ) -> ModelLink {
        var segments: [String] = []
        var planned: [[PlannedScreen]] = []
        var position = 0
        for (level, stack) in stacks.enumerated() {
            var plannedStack: [PlannedScreen] = []
            for (index, screen) in stack.enumerated() {
                position += 1
                var segment = level > 0 && index == 0 ? "+" : ""
                segment += Self.encode(screen.target.rawValue, raw: raw)
                for (key, value) in screen.parameters.sorted(by: { $0.key < $1.key }) {
                    segment += ";" + Self.encode(key, raw: raw) + "=" + Self.encode(value, raw: raw)
                }
                segments.append(segment)
                let label = (position, segment)
                plannedStack.append(
                    PlannedScreen(
                        target: screen.target, parameters: screen.parameters,
                        failure: { error in
                            .linkSegmentFailed(position: label.0, segment: label.1, error: error)
                        }))
            }
            planned.append(plannedStack)
        }
        let text = prefix + segments.joined(separator: "/")
        if segments.count > ModelWorld.format.maximumScreens {
            return ModelLink(
                text: text,
                problem: .tooManyScreens(
                    count: segments.count, limit: ModelWorld.format.maximumScreens),
                planned: [])
        }
        let limit = ModelWorld.format.maximumParametersPerScreen
        for (offset, screen) in stacks.flatMap({ $0 }).enumerated()
        where screen.parameters.count > limit {
            return ModelLink(
                text: text,
                problem: .tooManyParameters(
                    position: offset + 1, count: screen.parameters.count, limit: limit),
                planned: [])
        }
        return ModelLink(text: text, problem: nil, planned: planned)
    }

    // MARK: Snapshots

    func snapshot(_ model: ReferenceModel, _ random: inout SeededRandom) -> TreeSnapshot {
        var stacks: [[(target: SceneIdentifier, parameters: [String: String])]]
        switch Int.random(in: 0..<20, using: &random) {
        case 0:
            return TreeSnapshot(
                version: TreeSnapshot.currentVersion + 1, stacks: [[.init(scene: "A1")]])
        case 1:
            return TreeSnapshot(stacks: Bool.random(using: &random) ? [] : [[], []])
        case 2..<6:
            // The app's own state, saved and restored.
            stacks = model.stacks.map { stack in stack.map { ($0.scene, $0.parameters) } }
        default:
            stacks = plannedStacks(&random, allowEmptyStacks: true)
        }
        let make = { (stacks: [[(target: SceneIdentifier, parameters: [String: String])]]) in
            TreeSnapshot(
                stacks: stacks.map { stack in
                    stack.map {
                        .init(scene: $0.target, parameters: SceneParameters($0.parameters))
                    }
                })
        }
        return make(stacks)
    }

    // MARK: Operations

    func next(_ model: ReferenceModel, _ random: inout SeededRandom) -> ModelOperation {
        let force = Int.random(in: 0..<3, using: &random) == 0
        let animated = Bool.random(using: &random)
        // Deep trees get trimmed more often, so that runs visit shallow and empty states too.
        let removalBias = model.screens.count > 12 ? 30 : 0
        let roll = Int.random(in: 0..<(100 + removalBias), using: &random)
        switch roll {
        case 0..<5:
            let (scene, parameters) = target(&random)
            return .navigate(
                .root(scene: scene, parameters: SceneParameters(parameters), animated: animated),
                force: force)
        case 5..<30:
            let (scene, parameters) = target(&random)
            return .navigate(
                .push(scene: scene, parameters: SceneParameters(parameters), animated: animated),
                force: force)
        case 30..<42:
            let (scene, parameters) = target(&random)
            return .navigate(
                .present(scene: scene, parameters: SceneParameters(parameters), animated: animated),
                force: force)
        case 42..<52:
            return .navigate(.pop(animated: animated), force: force)
        case 52..<56:
            return .navigate(.popToRoot(animated: animated), force: force)
        case 56..<61:
            return .navigate(
                .popTo(scene: popTarget(model, &random), animated: animated), force: force)
        case 61..<68:
            return .navigate(.dismiss(animated: animated), force: force)
        case 68..<71:
            return .navigate(.dismissAll(animated: animated), force: force)
        case 71..<79:
            return .report(.poppedByUser(reportedScreen(model, &random)))
        case 79..<85:
            return .report(.dismissedByUser(reportedScreen(model, &random)))
        case 85..<92:
            return .open(link(model, &random), force: force)
        case 92..<98:
            return .restore(snapshot(model, &random), force: force)
        case 98..<100:
            return .toggleGuard
        default:
            let removals: [ApplicationTransitionType] = [
                .pop(animated: animated), .dismiss(animated: animated),
                .popToRoot(animated: animated),
                .dismissAll(animated: animated),
            ]
            return .navigate(removals.randomElement(using: &random) ?? .pop(), force: true)
        }
    }
}
