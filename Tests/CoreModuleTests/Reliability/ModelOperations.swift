@_spi(Rules) import CoreModule
import Foundation
import Testing

/// One operation of the model-based test, applied the same way to the model and the coordinator.
enum ModelOperation: CustomStringConvertible {
    case navigate(ApplicationTransitionType, force: Bool)
    case report(PlatformReport)
    case open(ModelLink, force: Bool)
    case restore(TreeSnapshot, force: Bool)
    /// Removes the guard when installed, installs it again when not.
    case toggleGuard
    /// Writes the tree as a link with ``AppCoordinator/link(format:)``, then opens that link.
    case reopen(force: Bool)
    /// Saves the tree with ``AppCoordinator/snapshot()``, through JSON, then restores it.
    case resnapshot(force: Bool)
    /// Opens a universal link of ``ModelWorld/links`` from outside.
    case openUniversal(ModelUniversalLink, force: Bool)

    var description: String {
        switch self {
        case .navigate(let request, let force): return "navigate(\(request), force: \(force))"
        case .report(let report): return "report(\(report))"
        case .open(let link, let force):
            return "open(\(link.text.debugDescription), force: \(force))"
        case .restore(let snapshot, let force): return "restore(\(snapshot), force: \(force))"
        case .toggleGuard: return "toggle the guard"
        case .reopen(let force): return "write the tree as a link and open it (force: \(force))"
        case .resnapshot(let force): return "save the tree and restore it (force: \(force))"
        case .openUniversal(let link, let force):
            return "open(universalLink: \(link.url.debugDescription), force: \(force))"
        }
    }

    /// What the coordinator reports as the failed operation: for a link or a snapshot of the
    /// tree, the one `world` wrote.
    @MainActor
    func operation(in world: ModelWorld) -> NavigationEvent.Operation? {
        switch self {
        case .navigate(let request, _): return .transition(request)
        case .report(let report): return .report(report)
        case .open(let link, _): return .open(.deepLink(link.text, format: ModelWorld.format))
        case .restore(let snapshot, _): return .restore(snapshot)
        case .toggleGuard: return nil
        case .reopen:
            return world.writtenLink.map { .open(.deepLink($0, format: ModelWorld.format)) }
        case .resnapshot: return world.savedSnapshot.map { .restore($0) }
        case .openUniversal(let link, _):
            return ModelWorld.links.map { .open(.universal(link.url, in: $0)) }
        }
    }

    /// How what `world` wrote differs from what `model` predicts it writes, for an operation
    /// that writes the tree; `nil` when they agree.
    @MainActor
    func writingMismatch(_ model: ReferenceModel, _ world: ModelWorld) -> String? {
        switch self {
        case .reopen:
            let expected = try? model.writtenLink(format: ModelWorld.format).get()?.text
            guard world.writtenLink == expected else {
                return "wrote the link \(String(describing: world.writtenLink)), expected "
                    + String(describing: expected)
            }
        case .resnapshot:
            let expected = try? model.savedSnapshot().get()
            guard world.savedSnapshot == expected else {
                return "saved \(String(describing: world.savedSnapshot)), expected "
                    + String(describing: expected)
            }
        default:
            break
        }
        return nil
    }

    /// What the model predicts.
    func predict(_ model: ReferenceModel) -> ModelOutcome {
        switch self {
        case .navigate(let request, let force):
            return model.predict(request, force: force)
        case .report(let report):
            return model.predict(report)
        case .open(let link, let force):
            if let problem = link.problem { return .failed(.link(.invalidLink(problem))) }
            guard let planned = link.planned else {
                return .failed(.link(.invalidLink(.noScreens)))
            }
            return model.predictReplace(planned, force: force, overTabs: true)
        case .restore(let snapshot, let force):
            switch ModelSnapshots.problem(of: snapshot) {
            case .unsupportedVersion(let found, let supported):
                return .failed(.snapshot(.unsupportedVersion(found: found, supported: supported)))
            case .some(let problem):
                return .failed(.snapshot(problem))
            case nil:
                break
            }
            // Every payload is read before anything is built; a snapshot of an empty window
            // restores nothing.
            switch ModelSnapshots.plan(snapshot) {
            case .failure(let error): return .failed(error)
            case .success(nil): return .silent(model)
            case .success(let planned?):
                return model.predictReplace(planned, force: force, overTabs: false)
            }
        case .toggleGuard:
            var next = model
            next.guardInstalled.toggle()
            return .silent(next)
        case .reopen(let force):
            // Links carry no payloads: opening rebuilds those it can.
            switch model.writtenLink(format: ModelWorld.format) {
            case .failure(let error): return .refused(error)
            case .success(nil): return .silent(model)
            case .success(let link?):
                guard let planned = link.planned else {
                    return .failed(.link(.invalidLink(.noScreens)))
                }
                return model.predictReplace(planned, force: force, overTabs: true)
            }
        case .resnapshot(let force):
            switch model.savedSnapshot() {
            case .failure(let error): return .refused(error)
            case .success(let snapshot):
                return ModelOperation.restore(snapshot, force: force).predict(model)
            }
        case .openUniversal(let link, let force):
            return model.predict(link, force: force)
        }
    }

    /// Applies the operation to the coordinator: the event returned, or the error thrown.
    @MainActor
    func apply(to world: ModelWorld) -> Result<TransitionEvent?, NavigationError> {
        let coordinator = world.coordinator
        do throws(NavigationError) {
            switch self {
            case .navigate(.alert(let content, let animated), let force):
                // The alert's answer is its navigation's result: recorded, to be checked.
                let box = ModelResultBox()
                let event = try coordinator.navigate(
                    .alert(content, animated: animated), force: force
                ) { [weak world] result in world?.results.append((box.screen, result)) }
                box.screen = event?.screen
                return .success(event)
            case .navigate(let request, let force):
                return .success(try coordinator.navigate(request, force: force))
            case .report(let report):
                return .success(try coordinator.report(report))
            case .open(let link, let force):
                return .success(
                    try coordinator.open(
                        .deepLink(link.text, format: ModelWorld.format), force: force)?.transition)
            case .restore(let snapshot, let force):
                return .success(try coordinator.restore(snapshot, force: force))
            case .toggleGuard:
                if coordinator.guardNames.isEmpty {
                    coordinator.addGuard(ModelWorld.policyGuard())
                } else {
                    coordinator.removeGuard(named: ModelCatalogue.guardName)
                }
                return .success(nil)
            case .reopen(let force):
                world.writtenLink = nil
                guard let link = try coordinator.link(format: ModelWorld.format) else {
                    return .success(nil)
                }
                world.writtenLink = link
                return .success(
                    try coordinator.open(.deepLink(link, format: ModelWorld.format), force: force)?
                        .transition)
            case .resnapshot(let force):
                world.savedSnapshot = nil
                let snapshot = ModelWorld.throughJSON(try coordinator.snapshot())
                world.savedSnapshot = snapshot
                return .success(try coordinator.restore(snapshot, force: force))
            case .openUniversal(let link, let force):
                guard let table = ModelWorld.links else {
                    Issue.record("the model's link table is invalid")
                    return .success(nil)
                }
                let event = try coordinator.open(.universal(link.url, in: table), force: force)
                guard case .linkAction(let action) = event else {
                    return .success(event?.transition)
                }
                // An action changes nothing: it is checked here, and then is silent.
                if case .action(let expected) = link.meaning, action == expected,
                    world.events == [.linkAction(expected)]
                {
                    world.clearEvents()
                } else {
                    Issue.record("the action \(action) was not \(link.meaning), or \(world.events)")
                }
                return .success(nil)
            }
        } catch {
            return .failure(error)
        }
    }
}

/// The screen an alert's result handler answers for, known once its navigation returned.
@MainActor
final class ModelResultBox {
    var screen: ScreenID?
}

/// A result the model predicts an alert's navigation hears.
enum ModelResult: Equatable, CustomStringConvertible {
    /// A button's value, for an alert without text fields.
    case value(ScenePayload)
    /// A button's index and value and the texts, for an alert with text fields.
    case answer(button: Int, value: ScenePayload, text: [String])
    case cancelled

    /// Whether `result` is this one.
    func matches(_ result: ScreenResult) -> Bool {
        switch (self, result) {
        case (.cancelled, .cancelled): return true
        case (.value(let expected), .value(let value)):
            guard let value = value as? AnyHashable else { return false }
            return value == AnyHashable(expected.base)
        case (.answer(let button, let value, let text), .value(let given)):
            guard let answer = given as? AlertContent.Answer else { return false }
            return answer.button == button && answer.value == value && answer.text == text
        default: return false
        }
    }

    var description: String {
        switch self {
        case .value(let value): return "value(\(value.base))"
        case .answer(let button, let value, let text):
            return "answer(button \(button), \(value.base), \(text))"
        case .cancelled: return "cancelled"
        }
    }
}

extension ModelOperation {
    /// The results the alerts that leave the tree in this operation deliver, by the alert's
    /// screen: an answer gives the button's value (with the texts when the alert has text
    /// fields), a dialog dismissed with a tap outside its cancel button's value, or
    /// `cancelled` without one; any other way out is `cancelled`.
    func alertResults(from model: ReferenceModel, to next: ReferenceModel) -> [(
        screen: UInt64, result: ModelResult
    )] {
        let remaining = Set(next.screens.map(\.id))
        return model.screens.compactMap { screen in
            guard let content = screen.alert, !remaining.contains(screen.id) else { return nil }
            switch self {
            case .report(.answeredByUser(let id, let button, let text))
            where id.rawValue == screen.id:
                let value = content.buttons[button].value
                return (
                    screen.id,
                    content.textFields.isEmpty
                        ? .value(value) : .answer(button: button, value: value, text: text)
                )
            case .report(.dismissedByUser(let id)) where id.rawValue == screen.id:
                let cancel = content.buttons.first { $0.role == .cancel }
                return (screen.id, cancel.map { .value($0.value) } ?? .cancelled)
            default:
                return (screen.id, .cancelled)
            }
        }
    }

    /// What the operation is, as the model's summary counts the kinds drawn.
    var drawnKind: String {
        switch self {
        case .navigate(.alert, _): return "alert"
        case .navigate(let request, _): return request.kind.description
        case .report(.answeredByUser): return "answer"
        case .report(let report): return report.description.prefix { $0 != " " }.description
        case .open: return "open"
        case .restore: return "restore"
        case .toggleGuard: return "toggle-guard"
        case .reopen: return "reopen"
        case .resnapshot: return "resnapshot"
        case .openUniversal: return "universal"
        }
    }
}

/// A deep link the generator wrote, with what the model knows of it.
struct ModelLink {
    var text: String
    /// Why the link cannot be read, for a link from the table of malformed links or over a
    /// limit.
    var problem: NavigationError.LinkProblem?
    /// The tree it describes, for a well-formed link.
    var planned: PlannedTree?
}

/// The model's reading of a ``TreeSnapshot``, from the rules of its documentation.
enum ModelSnapshots {
    /// The first rule the snapshot breaks; the generator breaks at most one at a time.
    static func problem(of snapshot: TreeSnapshot) -> NavigationError.SnapshotProblem? {
        guard (1...4).contains(snapshot.version) else {
            return .unsupportedVersion(found: snapshot.version, supported: 4)
        }
        let splitScreens =
            (snapshot.split?.primary ?? []) + (snapshot.split?.supplementary ?? [])
            + (snapshot.split?.detail ?? [])
        let all =
            snapshot.root + snapshot.tabs.flatMap(\.stack) + snapshot.modals.flatMap(\.stack)
            + splitScreens
        if all.count > TreeSnapshot.maximumScreens {
            return .tooManyScreens(count: all.count, limit: TreeSnapshot.maximumScreens)
        }
        if snapshot.tabs.count > TreeSnapshot.maximumTabs {
            return .tooManyTabs(count: snapshot.tabs.count, limit: TreeSnapshot.maximumTabs)
        }
        if snapshot.modals.count > TreeSnapshot.maximumModals {
            return .tooManyModals(count: snapshot.modals.count, limit: TreeSnapshot.maximumModals)
        }
        if let split = snapshot.split {
            // A split is the root: no root stack nor tabs beside it, a screen in its primary.
            if !snapshot.root.isEmpty || !snapshot.tabs.isEmpty { return .rootAndTabs }
            if split.primary.isEmpty { return .emptyStack }
        } else if !snapshot.tabs.isEmpty {
            if !snapshot.root.isEmpty { return .rootAndTabs }
            guard snapshot.tabs.indices.contains(snapshot.selectedTab) else {
                return .selectedTabOutOfRange(
                    index: snapshot.selectedTab, count: snapshot.tabs.count)
            }
            var names = Set<String>()
            for tab in snapshot.tabs {
                guard ModelCatalogue.isValidTabName(tab.name) else {
                    return .invalidTabName(tab.name)
                }
                guard names.insert(tab.name).inserted else { return .duplicateTabName(tab.name) }
                if tab.stack.isEmpty { return .emptyStack }
            }
        } else if snapshot.root.isEmpty && !snapshot.modals.isEmpty {
            return .modalsWithoutRoot
        }
        if snapshot.modals.contains(where: \.stack.isEmpty) { return .emptyStack }
        if let modal = snapshot.modals.first(where: { !ModelCatalogue.isValid($0.style) }) {
            return .invalidStyle(modal.style)
        }
        let limit = TreeSnapshot.maximumParametersPerScreen
        if let crowded = all.first(where: { $0.parameters.count > limit }) {
            return .tooManyParameters(
                scene: crowded.scene, count: crowded.parameters.count, limit: limit)
        }
        return nil
    }

    /// The tree a well-formed snapshot describes, each screen named by its position and
    /// holding its payload read back; `nil` for an empty window, or the problem of the first
    /// payload (in tree order) that cannot be read.
    static func plan(_ snapshot: TreeSnapshot) -> Result<PlannedTree?, NavigationError> {
        var position = 0
        func planned(_ stack: [TreeSnapshot.Screen]) throws(NavigationError) -> [PlannedScreen] {
            var result: [PlannedScreen] = []
            for screen in stack {
                position += 1
                let label = position
                var payload: ScenePayload?
                if let saved = screen.payload {
                    switch ModelCatalogue.load(saved) {
                    case .failure(let error): throw error
                    case .success(let loaded): payload = loaded
                    }
                }
                result.append(
                    PlannedScreen(
                        target: screen.scene, parameters: screen.parameters.values,
                        failure: { error in
                            .snapshot(
                                .restorationFailed(
                                    position: label, scene: screen.scene, error: error))
                        }, payload: payload))
            }
            return result
        }
        do throws(NavigationError) {
            let root: PlannedTree.Root
            if let split = snapshot.split {
                let primary = try planned(split.primary)
                var supplementary: [PlannedScreen]?
                if let column = split.supplementary { supplementary = try planned(column) }
                root = .split(
                    primary: primary, supplementary: supplementary,
                    detail: try planned(split.detail))
            } else if snapshot.tabs.isEmpty {
                guard !snapshot.root.isEmpty else { return .success(nil) }
                root = .stack(try planned(snapshot.root))
            } else {
                var tabs: [(name: String, screens: [PlannedScreen])] = []
                for tab in snapshot.tabs { tabs.append((tab.name, try planned(tab.stack))) }
                root = .tabs(tabs, selected: snapshot.selectedTab)
            }
            var modals: [(style: PresentationStyle, screens: [PlannedScreen])] = []
            for modal in snapshot.modals { modals.append((modal.style, try planned(modal.stack))) }
            return .success(PlannedTree(root: root, modals: modals))
        } catch {
            return .failure(error)
        }
    }
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
    /// The link the last ``ModelOperation/reopen(force:)`` wrote, if writing succeeded.
    var writtenLink: String?
    /// The snapshot the last ``ModelOperation/resnapshot(force:)`` saved and read back from
    /// JSON, if saving succeeded.
    var savedSnapshot: TreeSnapshot?
    /// The results alerts' navigations heard, with the alert's screen, in order; a test that
    /// checks them empties it before each operation.
    var results: [(screen: ScreenID?, result: ScreenResult)] = []
    /// Whether ``ModelBasedTests/verify`` checks ``results`` against the model's prediction.
    var checksResults = false

    /// A coordinator of its own over ``makeContainer()``, prepared as the model expects.
    convenience init() throws {
        let coordinator = AppCoordinator(container: try Self.makeContainer())
        Self.prepare(coordinator)
        self.init(coordinator: coordinator)
    }

    /// Watches `coordinator`, one made over ``makeContainer()`` and prepared with
    /// ``prepare(_:)`` (a window's, say).
    init(coordinator: AppCoordinator) {
        self.coordinator = coordinator
        token = coordinator.observe { [unowned self] event in self.events.append(event) }
    }

    /// The registry of the scenes ``ModelCatalogue`` knows, with its payload types.
    static func makeContainer() throws -> DependencyContainer {
        let container = DependencyContainer()
        try container.assemble(
            contentsOf: (ModelCatalogue.plain + [ModelCatalogue.locked] + ModelCatalogue.colonNames)
                .map { stubBuilder($0) })
        try container.assemble(
            contentsOf: [
                SceneBuilder(ModelCatalogue.keep) { context in
                    try context.vetoLeaving { ModelCatalogue.keepReason }
                    return StubScreen(context: context)
                }
            ])
        try container.assemble(contentsOf: [FailingBuilder(sceneIdentifier: ModelCatalogue.broken)])
        try container.assemble(
            contentsOf: [
                SceneBuilder(ModelCatalogue.order, requiredParameters: ["id": .int, "paid": .bool])
                {
                    StubScreen(context: $0)
                }
            ])
        try container.assemble(
            contentsOf: [
                SceneBuilder(ModelCatalogue.product, payload: .required(ModelProduct.self)) {
                    context in
                    _ = try context.payload(as: ModelProduct.self)
                    return StubScreen(context: context)
                }
            ])
        try container.assemble(
            contentsOf: [
                SceneBuilder(
                    ModelCatalogue.gift,
                    payload: .required(
                        ModelProduct.self,
                        rebuiltFrom: { try ModelCatalogue.rebuildGift($0.values).get() })
                ) { context in
                    _ = try context.payload(as: ModelProduct.self)
                    return StubScreen(context: context)
                }
            ])
        container.payloadTypes.register(ModelProduct.self, name: "product")
        container.payloadTypes.register(Int.self, name: "count")
        return container
    }

    /// What the model expects of a new coordinator: the guard installed, the tabs' hosts set.
    static func prepare(_ coordinator: AppCoordinator) {
        coordinator.addGuard(policyGuard())
        coordinator.tabHosts = ModelCatalogue.tabHosts
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

    /// `snapshot` encoded as JSON and decoded again, as an app saves it between launches.
    static func throughJSON(_ snapshot: TreeSnapshot) -> TreeSnapshot {
        do {
            let data = try JSONEncoder().encode(snapshot)
            return try JSONDecoder().decode(TreeSnapshot.self, from: data)
        } catch {
            Issue.record("the snapshot did not survive JSON: \(error)")
            return snapshot
        }
    }

    func clearEvents() {
        events.removeAll(keepingCapacity: true)
    }

    /// The real tree as a model tree: structure, identities, tab names and selection, styles.
    var tree: ModelTree { ModelTree(coordinator.tree) }
}

/// The shape of a whole tree the generator draws for a link or a snapshot, before it is written.
struct TreeShape {
    /// A screen to build, and the payload a snapshot saves for it (a link writes none).
    typealias Target = (
        target: SceneIdentifier, parameters: [String: String],
        payload: TreeSnapshot.SavedPayload?
    )

    /// The root stack, when there are no tabs.
    var root: [Target] = []
    var tabs: [(name: String, screens: [Target])] = []
    var selected = 0
    /// A split root's columns, when there is no root stack nor tabs: the supplementary for
    /// three columns.
    var split: (primary: [Target], supplementary: [Target]?, detail: [Target])?
    var modals: [(style: PresentationStyle, screens: [Target])] = []

    /// The split's screens, column after column.
    var splitScreens: [Target] {
        guard let split else { return [] }
        return split.primary + (split.supplementary ?? []) + split.detail
    }

    var screenCount: Int {
        root.count + tabs.reduce(0) { $0 + $1.screens.count }
            + modals.reduce(0) { $0 + $1.screens.count } + splitScreens.count
    }

    /// The shape as a snapshot, in format version 4.
    var snapshot: TreeSnapshot {
        func saved(_ stack: [Target]) -> [TreeSnapshot.Screen] {
            stack.map {
                .init(
                    scene: $0.target, parameters: SceneParameters($0.parameters),
                    payload: $0.payload)
            }
        }
        let modals = self.modals.map {
            TreeSnapshot.Modal(style: $0.style, stack: saved($0.screens))
        }
        if let split {
            return TreeSnapshot(
                split: TreeSnapshot.Split(
                    primary: saved(split.primary), supplementary: split.supplementary.map(saved),
                    detail: saved(split.detail)),
                modals: modals)
        }
        if tabs.isEmpty { return TreeSnapshot(root: saved(root), modals: modals) }
        return TreeSnapshot(
            tabs: tabs.map { TreeSnapshot.Tab(name: $0.name, stack: saved($0.screens)) },
            selectedTab: selected, modals: modals)
    }
}

/// Draws random operations, most of them valid, some of every kind of bad input.
struct ModelGenerator {
    /// Whether it draws split roots (split requests, size class reports, links and snapshots
    /// of splits); off for a renderer that does not show a split yet.
    var drawsSplits = true
    /// Whether it draws alerts and confirmation dialogs (valid and broken), the user's answers
    /// to them, and locked popovers; off for a renderer that does not show them yet.
    var drawsAlerts = false

    static let parameterPool: [(String, String)] = [
        ("q", "café"), ("id", "7"), ("note", "a/b;c=d"), ("emoji", "🚀 launch"), ("empty", ""),
        ("pct", "50%"), ("plus", "+1"), ("ключ", "значение"), ("br", "[x],y"),
    ]

    /// Styles a modal may be presented with, the invalid ones last.
    static let styles: [PresentationStyle] = [
        .sheet(), .sheet(), .sheet(detents: [.medium]), .sheet(detents: [.medium, .large]),
        .sheet(detents: [.large, .medium]), .sheet(interactiveDismissal: false),
        .sheet(detents: [.medium], interactiveDismissal: false), .fullScreenCover,
        .fullScreenCover, .popover(anchor: "share"), .popover(anchor: "Café, more"),
        .popover(anchor: String(repeating: "a", count: 64)),
        .sheet(detents: [.height(230), .medium, .fraction(0.4), .large]),
        .sheet(detents: [.medium, .large], selected: .large),
        .sheet(detents: [.fraction(0.25), .fraction(1)], selected: .fraction(0.25)),
        .sheet(detents: [.height(120.5), .large], interactiveDismissal: false),
    ]
    static let invalidStyles: [PresentationStyle] = [
        .sheet(detents: []), .sheet(detents: [], interactiveDismissal: false),
        .popover(anchor: ""), .popover(anchor: String(repeating: "é", count: 33)),
        .sheet(detents: [.height(0)]), .sheet(detents: [.height(-20), .large]),
        .sheet(detents: [.fraction(0)]), .sheet(detents: [.fraction(1.5)]),
        .sheet(detents: [.fraction(.nan)]), .sheet(detents: [.height(.infinity)]),
        .sheet(detents: [.medium], selected: .large),
    ]
    /// The detents a request or a drag moves a sheet to: offered ones mostly, some not.
    static let detents: [PresentationStyle.Detent] = [
        .medium, .large, .height(230), .fraction(0.4), .fraction(0.25), .fraction(1),
        .height(120.5), .height(0), .fraction(2),
    ]
    /// Popovers the user cannot dismiss with a tap outside.
    static let lockedPopovers: [PresentationStyle] = [
        .popover(anchor: "share", interactiveDismissal: false),
        .popover(anchor: "Café, more", interactiveDismissal: false),
    ]
    /// An alert's styles, which no scene is presented with, nor a link or a snapshot names.
    static let alertStyles: [PresentationStyle] = [.alert, .confirmationDialog]

    /// The styles a modal may be presented with: locked popovers too when alerts are drawn.
    var validStyles: [PresentationStyle] {
        drawsAlerts ? Self.styles + Self.lockedPopovers : Self.styles
    }

    /// The styles no scene may be presented with: an alert's too when alerts are drawn.
    var badStyles: [PresentationStyle] {
        drawsAlerts ? Self.invalidStyles + Self.alertStyles : Self.invalidStyles
    }

    static let malformedLinks: [(String, NavigationError.LinkProblem)] = [
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
        // Tabs and styles.
        ("app://open/[tab:home]A1/[tab:home]A2", .repeatedTab(position: 2, name: "home")),
        (
            "app://open/[tab:home,selected]A1/[selected,tab:more]A2",
            .twoSelectedTabs(position: 2)
        ),
        ("app://open/A1/[tab:home]A2", .misplacedTab(position: 2)),
        ("app://open/[tab:home]A1/+B1/[tab:more]A2", .misplacedTab(position: 3)),
        ("app://open/A1/+[tab:home]B1", .misplacedTab(position: 2)),
        ("app://open/[tab:home", .unclosedAttributes(position: 1)),
        ("app://open/A1/+[medium", .unclosedAttributes(position: 2)),
        ("app://open/A1/+[wobbly]B1", .unknownAttribute(position: 2, text: "wobbly")),
        ("app://open/A1/+[]B1", .unknownAttribute(position: 2, text: "")),
        ("app://open/A1/+[popover:]B1", .unknownAttribute(position: 2, text: "popover:")),
        ("app://open/[tab:]A1", .unknownAttribute(position: 1, text: "tab:")),
        ("app://open/[tab:a%20b]A1", .unknownAttribute(position: 1, text: "tab:a b")),
        (
            "app://open/A1/+[full-screen,full-screen]B1",
            .unknownAttribute(position: 2, text: "full-screen")
        ),
        ("app://open/A1/+[%ZZ]B1", .badPercentEncoding(position: 2, segment: "%ZZ")),
        ("app://open/[full-screen]A1", .misplacedAttributes(position: 1)),
        ("app://open/A1/[fixed]A2", .misplacedAttributes(position: 2)),
        ("app://open/[selected]A1", .misplacedAttributes(position: 1)),
        ("app://open/A1/+[full-screen,medium]B1", .misplacedAttributes(position: 2)),
        ("app://open/A1/+[popover:x,medium]B1", .misplacedAttributes(position: 2)),
        ("app://open/A1/+[popover:x,sheet]B1", .misplacedAttributes(position: 2)),
        ("app://open/A1/+[fixed,popover:x,fixed]B1", .unknownAttribute(position: 2, text: "fixed")),
        ("app://open/A1/+[full-screen,fixed]B1", .misplacedAttributes(position: 2)),
        ("app://open/A1/+[alert]B1", .unknownAttribute(position: 2, text: "alert")),
        ("app://open/[tab:home,full-screen]A1", .misplacedAttributes(position: 1)),
        ("app://open/A1/+[medium]", .modalWithoutScene(position: 2)),
        // Split columns out of place.
        ("app://open/A1/[primary]B1", .misplacedAttributes(position: 2)),
        ("app://open/[detail]B1", .misplacedAttributes(position: 1)),
        ("app://open/[supplementary]A1/[detail]B1", .misplacedAttributes(position: 1)),
        ("app://open/[primary]A1/[detail]B1/[supplementary]A2", .misplacedAttributes(position: 3)),
        ("app://open/[primary]A1/[detail]B1/[detail]B2", .misplacedAttributes(position: 3)),
        ("app://open/[primary]A1/[primary]B1", .misplacedAttributes(position: 2)),
        ("app://open/[primary]A1/+[detail]B1", .misplacedAttributes(position: 2)),
        ("app://open/[primary]A1/+B1/[detail]B2", .misplacedAttributes(position: 3)),
        ("app://open/[primary,full-screen]A1", .misplacedAttributes(position: 1)),
        ("app://open/[detail,three-column]A1", .misplacedAttributes(position: 1)),
        ("app://open/[three-column]A1", .misplacedAttributes(position: 1)),
        ("app://open/[primary,tab:home]A1", .misplacedAttributes(position: 1)),
        ("app://open/[tab:home]A1/[primary]B1", .misplacedAttributes(position: 2)),
        ("app://open/[primary,primary]A1", .unknownAttribute(position: 1, text: "primary")),
        (
            "app://open/[primary,three-column,three-column]A1",
            .unknownAttribute(position: 1, text: "three-column")
        ),
        ("app://open/[primary]A1/[column]B1", .unknownAttribute(position: 2, text: "column")),
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
        switch Int.random(in: 0..<108, using: &random) {
        case 100..<104:
            return (ModelCatalogue.product, parameters)
        case 104..<108:
            // The gift's payload is rebuilt from `id` when none comes; never for a negative one.
            parameters["id"] = ["2", "-3", nil].randomElement(using: &random) ?? nil
            return (ModelCatalogue.gift, parameters)
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

    /// The payload a navigation to `scene` carries: for a payload scene mostly a product, for
    /// any other mostly none; sometimes none, one of a registered type that is not a product
    /// (`Int`), or one of an unregistered type.
    func payload(for scene: SceneIdentifier, _ random: inout SeededRandom) -> ScenePayload? {
        let product = ScenePayload(
            ModelProduct(id: Int.random(in: 1...3, using: &random), name: "Lamp"))
        let roll = Int.random(in: 0..<20, using: &random)
        if ModelCatalogue.requiresPayload(scene), roll < 12 { return product }
        switch roll {
        case 0..<14: return nil
        case 14, 15: return product
        case 16, 17: return ScenePayload(7)
        default: return ScenePayload(ModelCoupon(code: "SPRING"))
        }
    }

    /// The payload a snapshot saves for `scene`: mostly what the app would save, sometimes a
    /// type no one registered or JSON that does not read as the type it names.
    func savedPayload(for scene: SceneIdentifier, _ random: inout SeededRandom)
        -> TreeSnapshot.SavedPayload?
    {
        switch Int.random(in: 0..<40, using: &random) {
        case 0:
            return TreeSnapshot.SavedPayload(type: "coupon", json: #"{"code":"SPRING"}"#)
        case 1:
            return TreeSnapshot.SavedPayload(type: "product", json: #"{"id":"one"}"#)
        case 2:
            return TreeSnapshot.SavedPayload(type: "count", json: "seven")
        default:
            return payload(for: scene, &random).flatMap(ModelCatalogue.saved)
        }
    }

    /// A target that mostly builds: a plain scene two times in three.
    func buildableTarget(_ random: inout SeededRandom) -> (SceneIdentifier, [String: String]) {
        var (target, parameters) = target(&random)
        if Int.random(in: 0..<3, using: &random) > 0 {
            target = ModelCatalogue.plain.randomElement(using: &random) ?? "A1"
        }
        return (target, parameters)
    }

    /// A style to present with: mostly valid ones.
    func style(_ random: inout SeededRandom) -> PresentationStyle {
        if Int.random(in: 0..<15, using: &random) == 0 {
            return badStyles.randomElement(using: &random) ?? .sheet(detents: [])
        }
        return validStyles.randomElement(using: &random) ?? .sheet()
    }

    /// A tab name: mostly valid, sometimes not.
    func tabName(_ random: inout SeededRandom) -> String {
        if Int.random(in: 0..<12, using: &random) == 0 {
            return ModelCatalogue.invalidTabNames.randomElement(using: &random) ?? ""
        }
        return ModelCatalogue.tabNames.randomElement(using: &random) ?? "home"
    }

    /// A tab name to select: mostly one of the tree's tabs.
    func tabToSelect(_ model: ReferenceModel, _ random: inout SeededRandom) -> String {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<7:
            if let name = model.tree.tabNames.randomElement(using: &random) { return name }
        case 7:
            return ["hom", "Home", "serch", "mroe", "nope"].randomElement(using: &random) ?? "x"
        default:
            break
        }
        return tabName(&random)
    }

    /// A `tabs` request: mostly well formed, sometimes empty, with duplicate or invalid names,
    /// or an unknown selected tab.
    func tabsRequest(_ random: inout SeededRandom, animated: Bool) -> ApplicationTransitionType {
        let count =
            Int.random(in: 0..<30, using: &random) == 0 ? 0 : Int.random(in: 1...4, using: &random)
        var names: [String] = []
        let distinct = Int.random(in: 0..<5, using: &random) > 0
        while names.count < count {
            let name = tabName(&random)
            if distinct, names.contains(name) { continue }
            names.append(name)
        }
        let items = names.map { name in
            let (scene, parameters) = buildableTarget(&random)
            return TabItem(
                name, scene: scene, parameters: SceneParameters(parameters),
                payload: payload(for: scene, &random))
        }
        let selected =
            Int.random(in: 0..<12, using: &random) == 0
            ? tabName(&random) : (names.randomElement(using: &random) ?? "home")
        return .tabs(items, selected: selected, animated: animated)
    }

    /// A destination of a split request: a target, its parameters and payload.
    func destination(_ random: inout SeededRandom) -> Destination {
        let (scene, parameters) = target(&random)
        return Destination(
            scene, parameters: SceneParameters(parameters), payload: payload(for: scene, &random))
    }

    /// A `split` request: two or three columns, mostly well formed; sometimes a supplementary
    /// screen with the double-column style.
    func splitRequest(_ random: inout SeededRandom, animated: Bool) -> ApplicationTransitionType {
        func buildable(_ random: inout SeededRandom) -> Destination {
            let (scene, parameters) = buildableTarget(&random)
            return Destination(
                scene, parameters: SceneParameters(parameters),
                payload: payload(for: scene, &random))
        }
        let primary = buildable(&random)
        let supplementary = Bool.random(using: &random) ? nil : buildable(&random)
        let detail = Int.random(in: 0..<4, using: &random) == 0 ? nil : buildable(&random)
        let styles: [ScreenSplit.Style?] = [nil, nil, nil, .tripleColumn, .doubleColumn]
        let style = styles.randomElement(using: &random) ?? nil
        return .split(
            primary: primary, supplementary: supplementary, detail: detail, style: style,
            animated: animated)
    }

    /// A scene name for `popTo`: mostly one in the top-most stack.
    func popTarget(_ model: ReferenceModel, _ random: inout SeededRandom) -> SceneIdentifier {
        if !model.isEmpty, Int.random(in: 0..<4, using: &random) > 0,
            let scene = model.tree.topScreens.randomElement(using: &random)?.scene
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

    /// A random stack of 1 to `limit` targets that mostly build.
    func stack(_ random: inout SeededRandom, limit: Int) -> [TreeShape.Target] {
        (0..<Int.random(in: 1...limit, using: &random)).map { _ in
            let (target, parameters) = buildableTarget(&random)
            return (target, parameters, savedPayload(for: target, &random))
        }
    }

    /// A random whole tree: a stack root, tabs or a split, then modals with styles.
    func shape(_ random: inout SeededRandom) -> TreeShape {
        var shape = TreeShape()
        var root = Int.random(in: 0..<10, using: &random)
        // Without splits, their share goes to stack roots.
        if !drawsSplits, root < 2 { root += 6 }
        if root < 2 {
            // Two or three columns; the supplementary and the detail may be empty.
            func column(_ random: inout SeededRandom) -> [TreeShape.Target] {
                Int.random(in: 0..<3, using: &random) == 0 ? [] : stack(&random, limit: 2)
            }
            let supplementary = Bool.random(using: &random) ? column(&random) : nil
            shape.split = (stack(&random, limit: 2), supplementary, column(&random))
        } else if root < 6 {
            var names = ModelCatalogue.tabNames.shuffled(using: &random)
            names.removeLast(names.count - Int.random(in: 1...3, using: &random))
            shape.tabs = names.map { ($0, stack(&random, limit: 2)) }
            shape.selected = Int.random(in: 0..<names.count, using: &random)
        } else {
            shape.root = stack(&random, limit: Int.random(in: 0..<20, using: &random) == 0 ? 7 : 3)
        }
        for _ in 0..<([0, 0, 1, 1, 2].randomElement(using: &random) ?? 0) {
            shape.modals.append(
                (validStyles.randomElement(using: &random) ?? .sheet(), stack(&random, limit: 2)))
        }
        return shape
    }

    /// A stack-only shape for a link over a tab root: its first scene starts one of the tabs,
    /// is hosted by one, or neither.
    func stackShapeOverTabs(_ model: ReferenceModel, _ random: inout SeededRandom) -> TreeShape {
        var shape = TreeShape()
        var first = buildableTarget(&random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            if let tab = model.tree.base.randomElement(using: &random) {
                let screen = tab.screens[0]
                first = (screen.scene, Bool.random(using: &random) ? screen.parameters : [:])
            }
        case 1:
            let hosted: [SceneIdentifier] = ["A2", "product/42", "B2", "日本", "Keep", "Order"]
            first.0 = hosted.randomElement(using: &random) ?? "A2"
            if first.0 == ModelCatalogue.order {
                first.1["id"] = "7"
                first.1["paid"] = "true"
            }
        default:
            break
        }
        shape.root =
            [(first.0, first.1, nil)]
            + stack(&random, limit: 2).dropLast(Int.random(in: 0...2, using: &random))
        if Int.random(in: 0..<3, using: &random) == 0 {
            shape.modals.append((style(&random), stack(&random, limit: 2)))
            if !ModelCatalogue.isValid(shape.modals[0].style) {
                shape.modals[0].style = .fullScreenCover
            }
        }
        return shape
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

    /// The attribute words that write `style`, in one of the orders reading accepts.
    static func styleWords(_ style: PresentationStyle, raw: Bool, _ random: inout SeededRandom)
        -> [String]
    {
        switch style {
        case .sheet(let detents, let selected, let interactiveDismissal):
            var words =
                detents == [.large] && Bool.random(using: &random)
                ? [] : detents.map(ModelCatalogue.detentWord)
            if let selected {
                words.insert(
                    "at:" + ModelCatalogue.detentWord(selected),
                    at: Int.random(in: 0...words.count, using: &random))
            }
            if !interactiveDismissal {
                words.insert("fixed", at: Int.random(in: 0...words.count, using: &random))
            }
            if Int.random(in: 0..<4, using: &random) == 0 {
                words.insert("sheet", at: Int.random(in: 0...words.count, using: &random))
            }
            return words
        case .fullScreenCover:
            return ["full-screen"]
        case .popover(let anchor, let interactiveDismissal):
            var words = ["popover:" + encode(anchor, raw: raw)]
            if !interactiveDismissal {
                words.insert("fixed", at: Int.random(in: 0...1, using: &random))
            }
            return words
        case .alert, .confirmationDialog:
            // No link names an alert's style: the generator draws none for a link.
            return []
        }
    }

    func link(_ model: ReferenceModel, _ random: inout SeededRandom) -> ModelLink {
        if Int.random(in: 0..<8, using: &random) == 0,
            let (text, problem) = Self.malformedLinks.randomElement(using: &random)
        {
            return ModelLink(text: text, problem: problem, planned: nil)
        }
        var shape =
            model.tree.hasTabs && Bool.random(using: &random)
            ? stackShapeOverTabs(model, &random) : self.shape(&random)
        // An empty name would make an empty segment; that case is in the malformed table.
        func fix(_ stack: inout [TreeShape.Target]) {
            for index in stack.indices where stack[index].target.rawValue.isEmpty {
                stack[index].target = "A1"
            }
        }
        fix(&shape.root)
        for index in shape.tabs.indices { fix(&shape.tabs[index].screens) }
        if var split = shape.split {
            fix(&split.primary)
            if var supplementary = split.supplementary {
                fix(&supplementary)
                split.supplementary = supplementary
            }
            fix(&split.detail)
            shape.split = split
        }
        for index in shape.modals.indices { fix(&shape.modals[index].screens) }
        let raw = Bool.random(using: &random)
        let prefix = Bool.random(using: &random) ? "app://open/" : "APP://Open/"
        return Self.writeLink(shape, raw: raw, prefix: prefix, &random)
    }

    /// Writes `shape` as a link, and what the model knows of it.
    static func writeLink(
        _ shape: TreeShape, raw: Bool, prefix: String, _ random: inout SeededRandom
    ) -> ModelLink {
        var segments: [String] = []
        func write(_ stack: [TreeShape.Target], opening: String) -> [PlannedScreen] {
            stack.enumerated().map { index, screen in
                var segment = index == 0 ? opening : ""
                segment += Self.encode(screen.target.rawValue, raw: raw)
                for (key, value) in screen.parameters.sorted(by: { $0.key < $1.key }) {
                    segment += ";" + Self.encode(key, raw: raw) + "=" + Self.encode(value, raw: raw)
                }
                segments.append(segment)
                let label = (segments.count, segment)
                return PlannedScreen(
                    target: screen.target, parameters: screen.parameters,
                    failure: { error in
                        .link(.linkSegmentFailed(position: label.0, segment: label.1, error: error))
                    })
            }
        }
        let root: PlannedTree.Root
        if let split = shape.split {
            // `three-column` on the primary's segment, where it is needed (an empty
            // supplementary column) and sometimes where it is not; the words in either order.
            let threeColumns =
                split.supplementary.map { $0.isEmpty || Bool.random(using: &random) } ?? false
            var words = ["primary"]
            if threeColumns {
                words.insert("three-column", at: Int.random(in: 0...1, using: &random))
            }
            let primary = write(split.primary, opening: "[" + words.joined(separator: ",") + "]")
            let supplementary = split.supplementary.map { write($0, opening: "[supplementary]") }
            let detail = write(split.detail, opening: "[detail]")
            root = .split(primary: primary, supplementary: supplementary, detail: detail)
        } else if shape.tabs.isEmpty {
            root = .stack(write(shape.root, opening: ""))
        } else {
            // The first tab is selected when none is marked.
            let marked = shape.selected != 0 || Bool.random(using: &random)
            root = .tabs(
                shape.tabs.enumerated().map { index, tab in
                    var words = ["tab:" + Self.encode(tab.name, raw: raw)]
                    if marked, index == shape.selected {
                        words.insert("selected", at: Int.random(in: 0...1, using: &random))
                    }
                    return (
                        tab.name,
                        write(tab.screens, opening: "[" + words.joined(separator: ",") + "]")
                    )
                }, selected: shape.selected)
        }
        let modals = shape.modals.map { modal in
            let words = Self.styleWords(modal.style, raw: raw, &random)
            let attributes = words.isEmpty ? "" : "[" + words.joined(separator: ",") + "]"
            return (modal.style, write(modal.screens, opening: "+" + attributes))
        }
        let text = prefix + segments.joined(separator: "/")
        if segments.count > ModelWorld.format.maximumScreens {
            return ModelLink(
                text: text,
                problem: .tooManyScreens(
                    count: segments.count, limit: ModelWorld.format.maximumScreens),
                planned: nil)
        }
        let limit = ModelWorld.format.maximumParametersPerScreen
        let all =
            shape.root + shape.tabs.flatMap(\.screens) + shape.splitScreens
            + shape.modals.flatMap(\.screens)
        for (offset, screen) in all.enumerated() where screen.parameters.count > limit {
            return ModelLink(
                text: text,
                problem: .tooManyParameters(
                    position: offset + 1, count: screen.parameters.count, limit: limit),
                planned: nil)
        }
        return ModelLink(text: text, problem: nil, planned: PlannedTree(root: root, modals: modals))
    }

    // MARK: Snapshots

    /// The model's own tree as a shape, as the app would save it.
    func shape(of model: ReferenceModel) -> TreeShape {
        var shape = TreeShape()
        func targets(_ stack: ModelStack) -> [TreeShape.Target] {
            stack.screens.map {
                ($0.scene, $0.parameters, $0.payload.flatMap(ModelCatalogue.saved))
            }
        }
        if model.tree.hasTabs {
            shape.tabs = zip(model.tree.tabNames, model.tree.base).map { ($0, targets($1)) }
            shape.selected = model.tree.selected
        } else if model.tree.isSplit {
            let base = model.tree.base
            shape.split = (
                targets(base[0]), model.tree.column(.supplementary).map { targets(base[$0]) },
                targets(base[base.count - 1])
            )
        } else if let root = model.tree.base.first {
            shape.root = targets(root)
        }
        shape.modals = model.tree.modals.map { ($0.style, targets($0.stack)) }
        return shape
    }

    func snapshot(_ model: ReferenceModel, _ random: inout SeededRandom) -> TreeSnapshot {
        switch Int.random(in: 0..<40, using: &random) {
        case 0, 1:
            var snapshot = shape(&random).snapshot
            snapshot.version = [0, -1, 5, Int.max].randomElement(using: &random) ?? 5
            return snapshot
        case 2:
            return [
                TreeSnapshot(root: []), TreeSnapshot(stacks: [[], []]),
                TreeSnapshot(version: 1, stacks: []),
            ].randomElement(using: &random) ?? TreeSnapshot(root: [])
        case 3..<11:
            // The app's own state, saved and restored.
            return shape(of: model).snapshot
        case 11..<17:
            return brokenSnapshot(&random)
        case 17..<21:
            // The version 1 shape: a root, then sheets.
            let stacks =
                [stack(&random, limit: 3)]
                + (0..<Int.random(in: 0...2, using: &random)).map { _ in
                    Int.random(in: 0..<4, using: &random) == 0 ? [] : stack(&random, limit: 2)
                }
            return TreeSnapshot(
                version: 1,
                stacks: stacks.map { stack in
                    stack.map {
                        .init(scene: $0.target, parameters: SceneParameters($0.parameters))
                    }
                })
        default:
            return shape(&random).snapshot
        }
    }

    /// A snapshot that breaks exactly one rule or limit.
    func brokenSnapshot(_ random: inout SeededRandom) -> TreeSnapshot {
        let screen = TreeSnapshot.Screen(scene: "A1")
        var snapshot = shape(&random).snapshot
        switch Int.random(in: 0..<13, using: &random) {
        case 0:
            snapshot = TreeSnapshot(
                root: Array(repeating: screen, count: TreeSnapshot.maximumScreens + 1))
        case 1:
            snapshot = TreeSnapshot(
                tabs: (0...TreeSnapshot.maximumTabs).map { .init(name: "t\($0)", stack: [screen]) },
                selectedTab: 0)
        case 2:
            snapshot = TreeSnapshot(
                root: [screen],
                modals: Array(
                    repeating: .init(stack: [screen]), count: TreeSnapshot.maximumModals + 1))
        case 3:
            var parameters = SceneParameters()
            for index in 0...TreeSnapshot.maximumParametersPerScreen {
                parameters["p\(index)"] = "v"
            }
            snapshot = TreeSnapshot(root: [screen, .init(scene: "A2", parameters: parameters)])
        case 4:
            snapshot = TreeSnapshot(
                tabs: [.init(name: "home", stack: [screen])], selectedTab: 0)
            snapshot.root = [screen]
        case 5:
            snapshot = TreeSnapshot(
                tabs: [.init(name: "home", stack: [screen]), .init(name: "more", stack: [screen])],
                selectedTab: [-1, 2, 7].randomElement(using: &random) ?? 2)
        case 6:
            snapshot = TreeSnapshot(
                tabs: [.init(name: "home", stack: [screen]), .init(name: "home", stack: [screen])],
                selectedTab: 0)
        case 7:
            snapshot = TreeSnapshot(
                tabs: [
                    .init(
                        name: ModelCatalogue.invalidTabNames.randomElement(using: &random) ?? "",
                        stack: [screen])
                ], selectedTab: 0)
        case 8:
            snapshot = TreeSnapshot(root: [], modals: [.init(stack: [screen])])
        case 11:
            // A split beside a root stack or tabs.
            snapshot = TreeSnapshot(split: .init(primary: [screen], detail: [screen]))
            if Bool.random(using: &random) {
                snapshot.root = [screen]
            } else {
                snapshot.tabs = [.init(name: "home", stack: [screen])]
            }
        case 12:
            // A split without a primary screen.
            snapshot = TreeSnapshot(
                split: .init(
                    primary: [], supplementary: Bool.random(using: &random) ? [screen] : nil,
                    detail: [screen]))
        case 9:
            if Bool.random(using: &random) {
                snapshot = TreeSnapshot(
                    tabs: [.init(name: "home", stack: [screen]), .init(name: "more", stack: [])],
                    selectedTab: 0)
            } else {
                snapshot = TreeSnapshot(root: [screen], modals: [.init(stack: [])])
            }
        default:
            snapshot = TreeSnapshot(
                root: [screen],
                modals: [
                    .init(
                        style: badStyles.randomElement(using: &random)
                            ?? .sheet(detents: []),
                        stack: [screen])
                ])
        }
        return snapshot
    }

    // MARK: Alerts

    /// Names an alert's screen may have: the defaults, a name of its own, a registered scene's
    /// (an alert builds nothing: "Keep" vetoes nothing, "Locked" is not guarded), a route's.
    static let alertNames: [SceneIdentifier] = [
        "Alert", "ConfirmationDialog", "DiscardDraft", "Café", "日本", "A1", "Keep", "Locked",
        "product/:id",
    ]

    /// A button answering a value of one of several types: its title, a Boolean, a number.
    func alertButton(_ index: Int, _ random: inout SeededRandom) -> AlertContent.Button {
        let titles = ["OK", "Delete", "Save", "Später", "✓", "Keep editing"]
        let title = titles[index % titles.count]
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            return AlertContent.Button(title, role: .destructive, value: index.isMultiple(of: 2))
        case 1: return AlertContent.Button(title, value: index)
        default: return AlertContent.Button(title)
        }
    }

    /// An alert or a dialog: mostly one that can be shown, sometimes one that breaks exactly
    /// one rule of ``AlertContent``.
    func alertContent(_ random: inout SeededRandom) -> AlertContent {
        let isDialog = Bool.random(using: &random)
        var name = Self.alertNames.randomElement(using: &random) ?? "Alert"
        let buttonCount = Int.random(in: 1...3, using: &random)
        var buttons = (0..<buttonCount).map { alertButton($0, &random) }
        if Int.random(in: 0..<3, using: &random) > 0 {
            buttons.insert(
                AlertContent.Button("Cancel", role: .cancel),
                at: Int.random(in: 0...buttons.count, using: &random))
        }
        let message = Bool.random(using: &random) ? "It cannot be undone." : nil
        var content: AlertContent
        if isDialog {
            let anchors: [String?] = [nil, nil, "share", "Café, more"]
            content = .confirmationDialog(
                name == "Alert" ? "ConfirmationDialog" : name, title: "Discard this draft?",
                message: message, buttons: buttons,
                anchor: anchors.randomElement(using: &random) ?? nil)
        } else {
            let fields = (0..<([0, 0, 1, 2].randomElement(using: &random) ?? 0)).map {
                AlertContent.TextField(placeholder: "Field \($0)", isSecure: $0 == 1)
            }
            content = AlertContent(
                name == "ConfirmationDialog" ? "Alert" : name, title: "Rename",
                message: message, buttons: buttons, textFields: fields)
        }
        guard Int.random(in: 0..<6, using: &random) == 0 else { return content }
        // One rule broken.
        switch Int.random(in: 0..<10, using: &random) {
        case 0: content.buttons = []
        case 1:
            content.buttons = (0..<17).map { AlertContent.Button("B\($0)") }
        case 2:
            if isDialog {
                content.textFields = [AlertContent.TextField()]
            } else {
                content.textFields = Array(repeating: AlertContent.TextField(), count: 5)
            }
        case 3:
            // An anchor on an alert, or a dialog's anchor of no byte or too many.
            content.anchor =
                isDialog
                ? ["", String(repeating: "é", count: 33)].randomElement(using: &random) ?? ""
                : "share"
        case 4: content.title = String(repeating: "t", count: 4_097)
        case 5:
            let index = Int.random(in: 0..<content.buttons.count, using: &random)
            content.buttons[index].title = ""
        case 6:
            if content.cancelButton == nil {
                content.buttons.append(AlertContent.Button("Close", role: .cancel))
            }
            content.buttons.append(AlertContent.Button("Never mind", role: .cancel))
        case 7:
            content.message = String(repeating: "m", count: 4_097)
        default:
            name = ModelCatalogue.invalid.randomElement(using: &random)?.name ?? ""
            content.name = name
        }
        return content
    }

    /// The user's answer: mostly to the alert on top with one of its buttons and as many texts
    /// as it has fields; sometimes a button or a text count it lacks, or another screen.
    func answer(_ model: ReferenceModel, _ random: inout SeededRandom) -> PlatformReport {
        guard let (screen, content) = model.tree.alert, Int.random(in: 0..<8, using: &random) > 0
        else {
            let button = Int.random(in: -1...2, using: &random)
            return .answeredByUser(reportedScreen(model, &random), button: button)
        }
        var button = Int.random(in: 0..<content.buttons.count, using: &random)
        var texts = content.textFields.indices.map { "text \($0) ✎" }
        switch Int.random(in: 0..<12, using: &random) {
        case 0: button = [-1, content.buttons.count, Int.max].randomElement(using: &random) ?? -1
        case 1:
            if texts.isEmpty || Bool.random(using: &random) {
                texts.append("extra")
            } else {
                texts.removeLast()
            }
        default: break
        }
        return .answeredByUser(ScreenID(screen.id), button: button, text: texts)
    }

    /// A stack a request names: one of the tree's mostly, sometimes one that is gone.
    func namedStack(_ model: ReferenceModel, _ random: inout SeededRandom) -> StackID {
        let ids = model.tree.stacks.map(\.id)
        guard let id = ids.randomElement(using: &random), Int.random(in: 0..<6, using: &random) > 0
        else { return StackID(model.nextStackID + UInt64(Int.random(in: 0..<2, using: &random))) }
        return StackID(id)
    }

    /// A stack a request names, one time in four; else none (the top-most stack).
    func maybeNamedStack(_ model: ReferenceModel, _ random: inout SeededRandom) -> StackID? {
        Int.random(in: 0..<4, using: &random) == 0 ? namedStack(model, &random) : nil
    }

    /// A change to a shown modal: the top-most one's mostly, else a named stack's.
    func modalUpdate(_ model: ReferenceModel, _ random: inout SeededRandom, animated: Bool)
        -> ApplicationTransitionType
    {
        let lock: Bool? =
            Int.random(in: 0..<3, using: &random) == 0 ? nil : Bool.random(using: &random)
        let detent =
            lock == nil || Bool.random(using: &random)
            ? Self.detents.randomElement(using: &random) : nil
        let stack = Bool.random(using: &random) ? nil : namedStack(model, &random)
        return .updateModal(
            on: stack, interactiveDismissal: lock, detent: detent, animated: animated)
    }

    // MARK: Operations

    func next(_ model: ReferenceModel, _ random: inout SeededRandom) -> ModelOperation {
        let force = Int.random(in: 0..<3, using: &random) == 0
        let animated = Bool.random(using: &random)
        // Deep trees get trimmed more often, so that runs visit shallow and empty states too.
        let removalBias = model.screens.count > 12 ? 30 : 0
        // Alerts and their answers get 10 more in 136.
        let alertShare = drawsAlerts ? 10 : 0
        var roll = Int.random(in: 0..<(126 + alertShare + removalBias), using: &random)
        if roll >= 126, roll < 126 + alertShare {
            guard roll < 131 else { return .report(answer(model, &random)) }
            return .navigate(.alert(alertContent(&random), animated: animated), force: force)
        }
        if roll >= 126 { roll -= alertShare }
        // Without splits, their share goes to roots, tabs and pushes.
        if !drawsSplits, (112..<126).contains(roll) { roll -= 112 }
        switch roll {
        case 0..<4:
            let (scene, parameters) = target(&random)
            return .navigate(
                .root(
                    scene: scene, parameters: SceneParameters(parameters),
                    payload: payload(for: scene, &random), animated: animated),
                force: force)
        case 4..<8:
            return .navigate(tabsRequest(&random, animated: animated), force: force)
        case 8..<27:
            let (scene, parameters) = target(&random)
            return .navigate(
                .push(
                    scene: scene, parameters: SceneParameters(parameters),
                    payload: payload(for: scene, &random), on: maybeNamedStack(model, &random),
                    animated: animated),
                force: force)
        case 27..<36:
            let (scene, parameters) = target(&random)
            return .navigate(
                .present(
                    scene: scene, parameters: SceneParameters(parameters),
                    payload: payload(for: scene, &random), style: style(&random),
                    animated: animated),
                force: force)
        case 36..<39:
            return .navigate(
                .selectTab(tabToSelect(model, &random), animated: animated), force: force)
        case 39..<40:
            guard Bool.random(using: &random) else {
                return .navigate(
                    .removeTab(tabToSelect(model, &random), animated: animated), force: force)
            }
            // A new name mostly; sometimes one in use, or a position out of range.
            let name =
                Int.random(in: 0..<5, using: &random) == 0
                ? tabToSelect(model, &random) : tabName(&random)
            let (scene, parameters) = target(&random)
            let count = model.tree.tabNames.count
            let index: Int? =
                Bool.random(using: &random) ? nil : Int.random(in: -1...(count + 1), using: &random)
            return .navigate(
                .addTab(
                    TabItem(
                        name, scene: scene, parameters: SceneParameters(parameters),
                        payload: payload(for: scene, &random)), at: index, animated: animated),
                force: force)
        case 40..<43:
            let count =
                Int.random(in: 0..<20, using: &random) == 0
                ? 0 : Int.random(in: 1...4, using: &random)
            let destinations = (0..<count).map { _ in
                let (scene, parameters) = buildableTarget(&random)
                return Destination(
                    scene, parameters: SceneParameters(parameters),
                    payload: payload(for: scene, &random))
            }
            return .navigate(
                .setStack(destinations, on: maybeNamedStack(model, &random), animated: animated),
                force: force)
        case 43..<46:
            let (scene, parameters) = target(&random)
            return .navigate(
                .replace(
                    scene: scene, parameters: SceneParameters(parameters),
                    payload: payload(for: scene, &random), animated: animated),
                force: force)
        case 46..<53:
            return .navigate(
                .pop(on: maybeNamedStack(model, &random), animated: animated), force: force)
        case 53..<56:
            return .navigate(
                .popToRoot(on: maybeNamedStack(model, &random), animated: animated), force: force)
        case 56..<60:
            return .navigate(
                .popTo(scene: popTarget(model, &random), animated: animated), force: force)
        case 60..<63:
            return .navigate(.dismiss(animated: animated), force: force)
        case 63..<65:
            return .navigate(modalUpdate(model, &random, animated: animated), force: force)
        case 65..<67:
            return .navigate(.dismissAll(animated: animated), force: force)
        case 67..<71:
            // A back swipe: to the screen below the visible one, or a stale or odd report.
            if Bool.random(using: &random), model.visible != nil,
                let below = model.tree.topScreens.dropLast().last
            {
                return .report(.poppedBackByUser(to: ScreenID(below.id)))
            }
            return .report(.poppedBackByUser(to: reportedScreen(model, &random)))
        case 71..<73:
            // Mostly a screen below the visible one in its stack, as the Back button's menu
            // offers them.
            if Bool.random(using: &random), model.visible != nil,
                let screen = model.tree.topScreens.dropLast().randomElement(using: &random)
            {
                return .report(.poppedBackByUser(to: ScreenID(screen.id)))
            }
            return .report(.poppedBackByUser(to: reportedScreen(model, &random)))
        case 73..<75:
            return .report(.dismissedByUser(reportedScreen(model, &random)))
        case 75..<78:
            // The user drags the top-most sheet, mostly: to one of its detents, or another.
            let screen =
                Int.random(in: 0..<4, using: &random) > 0
                ? model.visible.map { ScreenID($0.id) } ?? reportedScreen(model, &random)
                : reportedScreen(model, &random)
            var detent = Self.detents.randomElement(using: &random) ?? .large
            if case .sheet(let detents, _, _) = model.tree.modals.last?.style,
                Int.random(in: 0..<4, using: &random) > 0,
                let offered = detents.randomElement(using: &random)
            {
                detent = offered
            }
            return .report(.detentChangedByUser(screen, to: detent))
        case 78..<81:
            return .report(.tabSelectedByUser(tabToSelect(model, &random)))
        case 81..<83:
            return .report(.selectedTabReselectedByUser)
        case 83..<91:
            return .open(link(model, &random), force: force)
        case 91..<98:
            return .restore(snapshot(model, &random), force: force)
        case 98..<100:
            return .toggleGuard
        case 100..<103:
            return .reopen(force: force)
        case 103..<106:
            return .resnapshot(force: force)
        case 106..<112:
            return .openUniversal(ModelUniversalLinks.link(&random), force: force)
        case 112..<116:
            return .navigate(splitRequest(&random, animated: animated), force: force)
        case 116..<120:
            // A selection in the sidebar or the list; on another root, a typed error.
            return .navigate(.showDetail(destination(&random), animated: animated), force: force)
        case 120..<122:
            return .navigate(
                .showSupplementary(destination(&random), animated: animated), force: force)
        case 122..<126:
            // The window's width, mostly a change.
            let sizeClass: SizeClass =
                Int.random(in: 0..<4, using: &random) == 0
                ? model.tree.sizeClass : model.tree.sizeClass == .compact ? .regular : .compact
            return .report(.sizeClassChanged(sizeClass))
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
