@_spi(Rules) import CoreModule
import Foundation

// The reference model of the model-based test: a deliberately simple screen tree (a root that is
// one stack, a list of named tabs or a split's columns, plus a chain of styled modals, all plain
// arrays, and the window's size class) written
// from the documented rules (docs/navigation-model.md, docs/deep-links.md, docs/flows.md and the
// API's doc comments), not from the implementation. It predicts, for every operation, either the
// new tree and the one event reported, or the exact error, or that nothing happens.

/// One screen of the model: its identity number, registered scene, parameters and payload.
struct ModelScreen: Equatable, CustomStringConvertible {
    var id: UInt64
    var scene: SceneIdentifier
    var parameters: [String: String]
    var payload: ScenePayload?

    init(
        id: UInt64, scene: SceneIdentifier, parameters: [String: String],
        payload: ScenePayload? = nil
    ) {
        self.id = id
        self.scene = scene
        self.parameters = parameters
        self.payload = payload
    }

    /// The alert or dialog the screen shows, for an alert's screen: its payload is its content.
    var alert: AlertContent? { payload?.value(as: AlertContent.self) }

    /// The real screen as a model screen, for comparing trees.
    init(_ screen: Screen) {
        self.init(
            id: screen.id.rawValue, scene: screen.scene, parameters: screen.parameters.values,
            payload: screen.payload)
    }

    var description: String {
        var details = self.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        if let payload { details.append("payload \(payload.base)") }
        let suffix = details.isEmpty ? "" : " (\(details.joined(separator: ", ")))"
        return "\(scene) #\(id)\(suffix)"
    }
}

/// The payload type the model's payload scenes require, registered for snapshots as
/// `product`.
struct ModelProduct: Codable, Hashable, Sendable {
    var id: Int
    var name: String
}

/// A payload type registered for nothing: a wrong type for the payload scenes, and one a
/// snapshot cannot keep.
struct ModelCoupon: Hashable, Sendable {
    var code: String
}

/// Why ``ModelCatalogue/gift``'s payload cannot be rebuilt.
struct ModelRebuildError: Error, CustomStringConvertible {
    var id: String
    var description: String { "no product has the id \(id)" }
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

/// The model's tree: a root (one stack, one stack per named tab and the selected one, or one
/// stack per split column) and the modals presented over it, in order; and the window's size
/// class, which stays whatever the root.
struct ModelTree: Equatable, CustomStringConvertible {
    /// The root stack alone, each tab's stack in order, or each split column's, leading first;
    /// empty for an empty window.
    var base: [ModelStack] = []
    /// The tabs' names, in the order of `base`; empty for a stack or a split root.
    var tabNames: [String] = []
    /// The columns of a split root, in the order of `base`; empty for a stack or a tab root.
    var columns: [ScreenSplit.Column] = []
    /// The index in `base` of the selected tab; 0 for a stack root; a split's detail column.
    var selected = 0
    var modals: [ModelModal] = []
    /// The window's horizontal size class, as the platform last reported it: `regular` until
    /// then, kept whatever the root.
    var sizeClass: SizeClass = .regular

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
        } else if let split = tree.split {
            base = split.columns.map(stack)
            columns = split.style.columns
            // The columns' own names show up as a difference when they are wrong.
            if split.columns.map(\.column) != columns { columns = [] }
            selected = base.count - 1
        } else if let root = tree.root {
            base = [stack(root)]
        }
        modals = tree.modals.map { modal in
            ModelModal(
                id: modal.modal?.rawValue ?? 0, style: modal.style ?? .sheet(), stack: stack(modal))
        }
        sizeClass = tree.horizontalSizeClass
    }

    var isEmpty: Bool { base.isEmpty }
    var hasTabs: Bool { !tabNames.isEmpty }
    var isSplit: Bool { !columns.isEmpty }
    /// Whether the root is a split shown as one stack, the window being compact.
    var isCollapsed: Bool { isSplit && sizeClass == .compact }
    var selectedTab: String? { hasTabs ? tabNames[selected] : nil }

    /// The index in `base` of a split's `column`, if the root is a split that has it.
    func column(_ column: ScreenSplit.Column) -> Int? { columns.firstIndex(of: column) }

    /// Replaces the whole tree by an empty window of the same size class.
    mutating func clear() {
        self = ModelTree(sizeClass: sizeClass)
    }

    private init(sizeClass: SizeClass) { self.sizeClass = sizeClass }

    /// Every stack: the root's or each tab's or column's, then each modal's.
    var stacks: [ModelStack] { base + modals.map(\.stack) }
    var screens: [ModelScreen] { stacks.flatMap(\.screens) }

    /// The top-most stack as the events name it: the last modal's, else the selected tab's,
    /// the root, or a split's detail column; the window must not be empty.
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

    /// The screens of the top-most stack as the user goes back in it: the top stack's, or a
    /// collapsed split's columns as one stack, the primary's first.
    var topScreens: [ModelScreen] {
        if modals.isEmpty, isCollapsed { return base.flatMap(\.screens) }
        return isEmpty ? [] : top.screens
    }

    /// Keeps the first `count` screens of ``topScreens``: a collapsed split's columns lose
    /// their last screens, the detail's first, then the supplementary's, down to the primary's.
    mutating func keepTop(_ count: Int) {
        guard modals.isEmpty, isCollapsed else {
            top.screens = Array(top.screens.prefix(count))
            return
        }
        var left = count
        for index in base.indices {
            let kept = min(left, base[index].screens.count)
            base[index].screens = Array(base[index].screens.prefix(kept))
            left -= kept
        }
    }

    /// Where the visible screen is: its stack (a modal's, the selected tab's, the root, or a
    /// split's last column that holds a screen) and its position in it.
    private var visiblePlace: (screens: [ModelScreen], index: Int)? {
        if let modal = modals.last { return (modal.stack.screens, modal.stack.screens.count - 1) }
        guard !isEmpty else { return nil }
        var index = selected
        if isSplit { index = base.lastIndex { !$0.screens.isEmpty } ?? 0 }
        return (base[index].screens, base[index].screens.count - 1)
    }

    /// The index in `base` of the split column whose last screen is visible under the modals.
    var visibleColumn: Int? {
        isSplit ? base.lastIndex { !$0.screens.isEmpty } : nil
    }

    var visible: ModelScreen? { visiblePlace.flatMap { $0.screens.last } }

    /// The alert or dialog on top, if the last modal is one: nothing is presented over it.
    var alert: (screen: ModelScreen, content: AlertContent)? {
        guard let modal = modals.last, ModelCatalogue.isAlertStyle(modal.style),
            let screen = modal.stack.screens.first, let content = screen.alert
        else { return nil }
        return (screen, content)
    }

    /// The tree without its alert: what a link or a snapshot of it shows.
    var withoutAlert: ModelTree {
        var tree = self
        if alert != nil { tree.modals.removeLast() }
        return tree
    }

    /// Where the visible screen stands: level 0 for the root, a tab or a split column, N for
    /// the N-th modal; its index in its own stack.
    var visibleLocation: ScreenLocation? {
        guard let visible, let place = visiblePlace else { return nil }
        return ScreenLocation(
            screen: ScreenID(visible.id), scene: visible.scene, level: modals.count,
            index: place.index)
    }

    /// The level and index of screen `id`: level 0 for any tab's or column's stack.
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
        } else if isSplit {
            lines.append("split" + (isCollapsed ? ", collapsed" : ""))
            for (index, stack) in base.enumerated() {
                lines.append("\(columns[index]) \(stack)")
            }
        } else if let root = base.first {
            lines.append("stack \(root)")
        }
        if sizeClass == .compact { lines.append("compact") }
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
    /// Names whose segments start with `:`: plain names, matched whole (no path opens them).
    static let colonNames: [SceneIdentifier] = ["product/:id", "user/:name/posts/:page"]
    /// Requires a ``ModelProduct`` payload and cannot rebuild it: a link cannot name it.
    static let product: SceneIdentifier = "Product"
    /// Requires a ``ModelProduct`` payload, rebuilt from its `id` parameter when a navigation,
    /// a link or a snapshot brings none (see ``rebuildGift(_:)``).
    static let gift: SceneIdentifier = "Gift"
    /// The name errors give the payload type ``product`` and ``gift`` require.
    static let payloadTypeName = "ModelProduct"

    /// The guard: rejects building or selecting ``locked`` and leaving any screen with `pin=yes`.
    static let guardName = "policy"
    static let lockedReason = "it is locked"
    static let pinnedReason = "it is pinned"

    /// Every registered identifier, for the suggestions of an unknown-scene error.
    static var registered: [SceneIdentifier] {
        plain + [keep, broken, order, locked, product, gift] + colonNames
    }

    /// Whether `scene` requires a ``ModelProduct`` payload.
    static func requiresPayload(_ scene: SceneIdentifier) -> Bool {
        scene == product || scene == gift
    }

    /// ``gift``'s payload rebuilt from its parameters: the product numbered `id` (0 when there
    /// is none or it is not a number), or an error for a negative number.
    static func rebuildGift(_ parameters: [String: String]) -> Result<
        ModelProduct, ModelRebuildError
    > {
        let id = parameters["id"].flatMap { Int($0) } ?? 0
        guard id >= 0 else { return .failure(ModelRebuildError(id: "\(id)")) }
        return .success(ModelProduct(id: id, name: "rebuilt"))
    }

    /// A payload saved as a snapshot keeps it: the types registered with ``PayloadTypes`` are
    /// ``ModelProduct`` (as `product`) and `Int` (as `count`); `nil` for any other type.
    static func saved(_ payload: ScenePayload) -> TreeSnapshot.SavedPayload? {
        // The same payload always saves as the same bytes: keys sorted.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data?
        let name: String
        if let product = payload.value(as: ModelProduct.self) {
            (data, name) = (try? encoder.encode(product), "product")
        } else if let count = payload.value(as: Int.self) {
            (data, name) = (try? encoder.encode(count), "count")
        } else {
            return nil
        }
        return data.map {
            TreeSnapshot.SavedPayload(type: name, json: String(decoding: $0, as: UTF8.self))
        }
    }

    /// A saved payload read back, or the problem restoring meets: a type name not registered,
    /// or JSON its type cannot decode (the reason is the decoder's error).
    static func load(_ saved: TreeSnapshot.SavedPayload) -> Result<ScenePayload, NavigationError> {
        let decoder = JSONDecoder()
        let data = Data(saved.json.utf8)
        do {
            switch saved.type {
            case "product":
                return .success(ScenePayload(try decoder.decode(ModelProduct.self, from: data)))
            case "count": return .success(ScenePayload(try decoder.decode(Int.self, from: data)))
            default: return .failure(.snapshot(.unknownPayloadType(saved.type)))
            }
        } catch {
            return .failure(
                .snapshot(
                    .unreadablePayload(type: saved.type, reason: String(describing: error))))
        }
    }

    /// Names that are valid but not registered.
    static let unknown: [SceneIdentifier] = [
        "A3", "Nope", "a1", "product", "product/42/extra", "user/ann/posts", "Kep", "Lock",
    ]

    /// Names that break a naming rule, with the rule they break.
    static let invalid: [(name: SceneIdentifier, problem: NavigationError.IdentifierProblem)] = [
        ("", .empty),
        (" A1", .whitespace(position: 1)),
        ("A\u{7}1", .controlCharacter(position: 2)),
        ("\u{200B}A1", .invisibleCharacter(position: 1)),
        ("a//b", .emptySegment(segment: 2)),
        ("x/", .emptySegment(segment: 2)),
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
        case .sheet(_, _, let interactiveDismissal): return interactiveDismissal
        case .fullScreenCover, .alert: return false
        case .popover(_, let interactiveDismissal): return interactiveDismissal
        case .confirmationDialog: return true
        }
    }

    /// Whether `style` can be shown: a sheet has a detent, a popover an anchor of 1 to 64 bytes.
    static func isValid(_ style: PresentationStyle) -> Bool {
        switch style {
        case .sheet(let detents, let selected, _):
            // Heights above 0, fractions in (0, 1], none twice, resting at one of them.
            let valid = detents.allSatisfy { detent in
                switch detent {
                case .medium, .large: return true
                case .height(let points): return points > 0 && points < .infinity
                case .fraction(let fraction): return fraction > 0 && fraction <= 1
                }
            }
            return valid && !detents.isEmpty && Set(detents).count == detents.count
                && (selected.map(detents.contains) ?? true)
        case .fullScreenCover: return true
        case .popover(let anchor, _): return !anchor.isEmpty && anchor.utf8.count <= 64
        case .alert, .confirmationDialog: return false
        }
    }

    /// How links and the tree write a detent: `medium`, `large`, `230pt`, `0.4`.
    static func detentWord(_ detent: PresentationStyle.Detent) -> String {
        func number(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
        }
        switch detent {
        case .medium: return "medium"
        case .large: return "large"
        case .height(let points): return number(points) + "pt"
        case .fraction(let fraction): return number(fraction)
        }
    }

    /// Whether `style` is an alert's or a confirmation dialog's, which no scene is presented with.
    static func isAlertStyle(_ style: PresentationStyle) -> Bool {
        style == .alert || style == .confirmationDialog
    }

    /// The kinds refused over an alert: those that push onto, present over, pop or set the
    /// top-most stack (docs: "nothing goes over an alert").
    static let refusedOverAlert: Set<TransitionEvent.Kind> = [
        .push, .present, .pop, .popToRoot, .popTo, .setStack, .replace,
    ]

    /// What is wrong with an alert, by the rules of ``AlertContent``'s documentation; the
    /// generator breaks at most one at a time.
    static func alertProblem(_ content: AlertContent) -> NavigationError.AlertProblem? {
        if let problem = problem(of: content.name) { return .invalidName(content.name, problem) }
        if content.buttons.isEmpty { return .noButtons }
        if content.buttons.count > 16 {
            return .tooManyButtons(count: content.buttons.count, limit: 16)
        }
        let isDialog = content.style == .confirmationDialog
        if isDialog, !content.textFields.isEmpty { return .textFieldsInDialog }
        if content.textFields.count > 4 {
            return .tooManyTextFields(count: content.textFields.count, limit: 4)
        }
        if !isDialog, content.anchor != nil { return .anchorOnAlert }
        if let anchor = content.anchor, anchor.isEmpty || anchor.utf8.count > 64 {
            return .invalidAnchor
        }
        let texts =
            [content.title, content.message ?? ""] + content.buttons.map(\.title)
            + content.textFields.map(\.placeholder)
        if texts.contains(where: { $0.utf8.count > 4_096 }) { return .textTooLong(limit: 4_096) }
        if let index = content.buttons.firstIndex(where: { $0.title.isEmpty }) {
            return .emptyButtonTitle(index: index)
        }
        if content.buttons.filter({ $0.role == .cancel }).count > 1 {
            return .moreThanOneCancelButton
        }
        return nil
    }

    /// The problem of an invalid name from ``invalid``, else `nil`.
    static func problem(of name: SceneIdentifier) -> NavigationError.IdentifierProblem? {
        invalid.first { $0.name == name }?.problem
    }

    /// The required parameters of a scene, sorted by name.
    static func required(_ scene: SceneIdentifier) -> [(name: String, type: ParameterType)] {
        scene == order ? [("id", .int), ("paid", .bool)] : []
    }

    /// Whether `text` reads as `type`, by the rules of docs/deep-links.md.
    static func accepts(_ text: String, as type: ParameterType) -> Bool {
        switch type {
        case .string: return true
        case .int: return Int(text) != nil
        case .bool: return ["true", "false", "1", "0"].contains(text)
        case .uuid: return UUID(uuidString: text) != nil
        case .list(let element):
            return text.isEmpty
                || text.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
                    .allSatisfy { accepts(String(decoding: $0, as: UTF8.self), as: element) }
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
    /// Writing the tree as a link or a snapshot throws this error: nothing changes and nothing
    /// is reported, as writing is no navigation.
    case refused(NavigationError)
}

/// One screen of a planned whole tree (a deep link or a snapshot).
struct PlannedScreen {
    /// The name or path to resolve.
    var target: SceneIdentifier
    var parameters: [String: String]
    /// How the operation's error names this screen when it fails.
    var failure: (NavigationError) -> NavigationError
    /// The payload it brings: a snapshot's, read back; never a link's.
    var payload: ScenePayload? = nil
}

/// A whole tree a link or a snapshot describes: a root stack, tabs or a split, then modals.
struct PlannedTree {
    enum Root {
        case stack([PlannedScreen])
        case tabs([(name: String, screens: [PlannedScreen])], selected: Int)
        /// A split's columns: the primary's screens (at least one), the supplementary's for
        /// three columns (possibly none), the detail's (possibly none).
        case split(
            primary: [PlannedScreen], supplementary: [PlannedScreen]?, detail: [PlannedScreen])
    }

    var root: Root
    var modals: [(style: PresentationStyle, screens: [PlannedScreen])]

    /// Every screen in the order it is built, with the kind of transition its guard sees.
    var buildOrder: [(screen: PlannedScreen, kind: TransitionEvent.Kind)] {
        func stack(_ screens: [PlannedScreen], first: TransitionEvent.Kind) -> [(
            screen: PlannedScreen, kind: TransitionEvent.Kind
        )] {
            screens.enumerated().map { ($0.element, $0.offset == 0 ? first : .push) }
        }
        var order: [(screen: PlannedScreen, kind: TransitionEvent.Kind)] = []
        switch root {
        case .stack(let screens): order += stack(screens, first: .root)
        case .tabs(let tabs, _):
            for tab in tabs { order += stack(tab.screens, first: .tabs) }
        case .split(let primary, let supplementary, let detail):
            // Each column's first screen is checked as the split's, the others as pushes.
            for column in [primary, supplementary ?? [], detail] {
                order += stack(column, first: .split)
            }
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

    /// Resolves a name: registered exactly, or an error.
    func resolve(_ target: SceneIdentifier) -> Result<
        (scene: SceneIdentifier, route: [String: String]), NavigationError
    > {
        if ModelCatalogue.registered.contains(target) { return .success((target, [:])) }
        if let problem = ModelCatalogue.problem(of: target) {
            return .failure(.input(.invalidSceneIdentifier(target, problem: problem)))
        }
        return .failure(
            .unknownScene(
                target,
                suggestions: NavigationError.SceneSuggestions(
                    for: target, among: ModelCatalogue.registered)))
    }

    /// Resolves and checks one screen, checks its payload, and asks the guard.
    ///
    /// Returns the scene, its parameters and the payload its builder gets, or the error; the
    /// builder has not run yet.
    func checkScreen(
        _ target: SceneIdentifier, _ parameters: [String: String], _ payload: ScenePayload?,
        kind: TransitionEvent.Kind
    ) -> Result<ModelChecked, NavigationError> {
        let scene: SceneIdentifier
        var merged = parameters
        switch resolve(target) {
        case .failure(let error): return .failure(error)
        case .success(let resolved):
            scene = resolved.scene
            for (name, value) in resolved.route { merged[name] = value }
        }
        for (name, type) in ModelCatalogue.required(scene) {
            guard let value = merged[name] else {
                return .failure(.input(.missingParameter(scene: scene, name: name)))
            }
            guard ModelCatalogue.accepts(value, as: type) else {
                return .failure(
                    .input(
                        .malformedParameter(scene: scene, name: name, value: value, expected: type))
                )
            }
        }
        // A builder that requires no payload gets any, unchecked; one that requires one gets
        // it checked, or rebuilt from the parameters when none came and it says how.
        var payload = payload
        if ModelCatalogue.requiresPayload(scene) {
            let expected = ModelCatalogue.payloadTypeName
            if let given = payload {
                guard given.value(as: ModelProduct.self) != nil else {
                    return .failure(
                        .input(
                            .wrongPayloadType(
                                scene: scene, expected: expected, given: given.typeName)))
                }
            } else if scene == ModelCatalogue.gift {
                switch ModelCatalogue.rebuildGift(merged) {
                case .failure(let error):
                    return .failure(
                        .builderFailed(
                            scene,
                            reason: "its payload could not be rebuilt from its parameters: \(error)"
                        ))
                case .success(let rebuilt): payload = ScenePayload(rebuilt)
                }
            } else {
                return .failure(.input(.missingPayload(scene: scene, expected: expected)))
            }
        }
        if guardInstalled, scene == ModelCatalogue.locked {
            return .failure(
                .guarded(
                    .rejectedByGuard(
                        name: ModelCatalogue.guardName, kind: kind, scene: scene,
                        reason: ModelCatalogue.lockedReason)))
        }
        return .success((scene, merged, payload))
    }

    /// Checks every target of a request that builds several, in order.
    func checkScreens(
        _ targets: [(SceneIdentifier, [String: String], ScenePayload?)], kind: TransitionEvent.Kind
    ) -> Result<[ModelChecked], NavigationError> {
        var checked: [ModelChecked] = []
        for (target, parameters, payload) in targets {
            switch checkScreen(target, parameters, payload, kind: kind) {
            case .failure(let error): return .failure(error)
            case .success(let value): checked.append(value)
            }
        }
        return .success(checked)
    }

    /// Runs the builder of a checked scene: the screen, or the error it throws.
    func makeScreen(_ checked: ModelChecked, id: UInt64) -> Result<ModelScreen, NavigationError> {
        if checked.scene == ModelCatalogue.broken {
            return .failure(.builderFailed(checked.scene, reason: ModelCatalogue.brokenReason))
        }
        return .success(
            ModelScreen(
                id: id, scene: checked.scene, parameters: checked.parameters,
                payload: checked.payload))
    }

    /// Runs the builders of checked scenes in order, each using up an identity: the screens,
    /// or the first error and how many builders ran.
    func makeScreens(_ checked: [ModelChecked]) -> Result<[ModelScreen], ModelBuildFailure> {
        var made: [ModelScreen] = []
        for (offset, value) in checked.enumerated() {
            switch makeScreen(value, id: nextID + UInt64(offset)) {
            case .failure(let error):
                return .failure(ModelBuildFailure(error: error, identities: UInt64(offset + 1)))
            case .success(let screen): made.append(screen)
            }
        }
        return .success(made)
    }

    /// The error the guard or a veto raises against `leaving` (bottom first), checked top
    /// first; `nil` when every screen may leave.
    func leavingError(_ leaving: [ModelScreen], kind: TransitionEvent.Kind, force: Bool)
        -> NavigationError?
    {
        for screen in leaving.reversed() {
            if guardInstalled, screen.parameters["pin"] == "yes" {
                return .guarded(
                    .rejectedByGuard(
                        name: ModelCatalogue.guardName, kind: kind, scene: screen.scene,
                        reason: ModelCatalogue.pinnedReason))
            }
            // An alert's screen has no builder, so no veto, whatever its name.
            if !force, screen.scene == ModelCatalogue.keep, screen.alert == nil {
                return .guarded(
                    .leavingVetoed(
                        scene: screen.scene, screen: ScreenID(screen.id),
                        reason: ModelCatalogue.keepReason))
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
    private static let removals: Set<TransitionEvent.Kind> = [
        .pop, .popTo, .popToRoot, .dismiss, .dismissAll, .removeTab,
    ]

    /// The model after `next`, with the event the coordinator reports for the change.
    func applied(
        _ next: ReferenceModel, kind: TransitionEvent.Kind, removed: Int, animated: Bool,
        initiator: TransitionEvent.Initiator = .app, style: PresentationStyle? = nil,
        about added: ScreenLocation? = nil, stack named: UInt64? = nil
    ) -> ModelOutcome {
        var next = next
        guard let to = next.tree.visibleLocation else { return .failed(.refused(.noRoot(kind))) }
        let from = tree.visibleLocation
        // A removal is about the visible screen that left, or the last screen of the stack a
        // request named.
        let subject =
            Self.removals.contains(kind)
            ? (named.flatMap { _ in added } ?? from ?? to) : (added ?? to)
        let event = TransitionEvent(
            sequence: nextSequence, kind: kind, scene: subject.scene, screen: subject.screen,
            from: from, to: to, removedCount: removed, animated: animated,
            initiator: initiator, stack: StackID(named ?? next.tree.top.id), style: style,
            tab: next.tree.selectedTab)
        next.nextSequence = nextSequence + 1
        return .applied(next, event)
    }

    /// What `navigate(request, force:)` does.
    func predict(_ request: ApplicationTransitionType, force: Bool) -> ModelOutcome {
        let kind = request.kind
        if kind != .root, kind != .tabs, kind != .split, isEmpty {
            return .failed(.refused(.noRoot(kind)))
        }
        // Nothing is pushed or presented over an alert, nor is its stack changed.
        if let alert = tree.alert, ModelCatalogue.refusedOverAlert.contains(kind) {
            return .failed(.refused(.alertIsPresented(kind, alert: alert.screen.scene)))
        }
        // A replace on a split's empty detail column has no screen to replace.
        if kind == .replace, tree.topScreens.isEmpty {
            return .failed(.refused(.noDetailScreen(kind)))
        }
        if let named = Self.namedStack(of: request) {
            return predict(request, on: named, force: force)
        }
        switch request {
        case .root(let target, let parameters, let payload, let animated),
            .push(let target, let parameters, let payload, _, let animated),
            .present(let target, let parameters, let payload, _, let animated),
            .replace(let target, let parameters, let payload, let animated):
            var style: PresentationStyle?
            if case .present(_, _, _, let presented, _) = request {
                guard ModelCatalogue.isValid(presented) else {
                    return .failed(.refused(.invalidPresentationStyle(presented)))
                }
                style = presented
            }
            // The guard sees the scene first, then the screens leaving; the builder runs last.
            let checked: ModelChecked
            switch checkScreen(target, parameters.values, payload, kind: kind) {
            case .failure(let error): return .failed(error)
            case .success(let result): checked = result
            }
            let leaving: [ModelScreen]
            switch kind {
            case .root: leaving = screens
            case .replace: leaving = [tree.topScreens[tree.topScreens.count - 1]]
            default: leaving = []
            }
            if let error = leavingError(leaving, kind: kind, force: force) {
                return .failed(error)
            }
            let screen: ModelScreen
            switch makeScreen(checked, id: nextID) {
            case .failure(let error): return .failed(error, identities: 1)
            case .success(let made): screen = made
            }
            var next = self
            next.nextID += 1
            switch request {
            case .root:
                next.tree.clear()
                next.tree.base = [next.newStack([screen])]
            case .push:
                // On a split, onto the detail column, collapsed or not.
                next.tree.top.screens.append(screen)
            case .present(_, _, _, let presented, _):
                next.tree.modals.append(next.newModal(presented, [screen]))
            default:
                // Collapsed, the visible screen is replaced in whichever column it is.
                if next.tree.modals.isEmpty, next.tree.isCollapsed,
                    let column = next.tree.visibleColumn
                {
                    next.tree.base[column].screens.removeLast()
                    next.tree.base[column].screens.append(screen)
                } else {
                    next.tree.top.screens[next.tree.top.screens.count - 1] = screen
                }
            }
            return applied(
                next, kind: kind, removed: leaving.count, animated: animated, style: style)

        case .tabs(let items, let selected, let animated):
            guard !items.isEmpty else { return .failed(.refused(.noTabs)) }
            var names = Set<String>()
            for item in items {
                guard ModelCatalogue.isValidTabName(item.name) else {
                    return .failed(.input(.invalidTabName(item.name)))
                }
                guard names.insert(item.name).inserted else {
                    return .failed(.refused(.duplicateTabName(item.name)))
                }
            }
            guard let selectedIndex = items.firstIndex(where: { $0.name == selected }) else {
                return .failed(.refused(.unknownTab(selected, tabs: items.map(\.name))))
            }
            return replacing(
                screens, by: items.map { ($0.scene, $0.parameters.values, $0.payload) }, kind: kind,
                force: force, animated: animated
            ) { next, made in
                next.tree.clear()
                next.tree.tabNames = items.map(\.name)
                next.tree.selected = selectedIndex
                // Stacks get their identities once every tab's screen is built, in tab order.
                next.tree.base = made.map { next.newStack([$0]) }
            }

        case .selectTab(let name, let animated):
            guard let index = tree.tabNames.firstIndex(of: name) else {
                return .failed(.refused(.unknownTab(name, tabs: tree.tabNames)))
            }
            // Already selected: nothing changes, nothing is reported, no guard runs.
            guard index != tree.selected else { return .silent(self) }
            if guardInstalled, let top = tree.base[index].screens.last,
                top.scene == ModelCatalogue.locked
            {
                return .failed(
                    .guarded(
                        .rejectedByGuard(
                            name: ModelCatalogue.guardName, kind: .selectTab, scene: top.scene,
                            reason: ModelCatalogue.lockedReason)))
            }
            var next = self
            next.tree.selected = index
            return applied(next, kind: kind, removed: 0, animated: animated)

        case .addTab(let item, let position, let animated):
            guard !tree.tabNames.isEmpty else { return .failed(.refused(.noTabRoot(.addTab))) }
            guard ModelCatalogue.isValidTabName(item.name) else {
                return .failed(.input(.invalidTabName(item.name)))
            }
            guard !tree.tabNames.contains(item.name) else {
                return .failed(.refused(.duplicateTabName(item.name)))
            }
            let count = tree.tabNames.count
            let index = position ?? count
            guard (0...count).contains(index) else {
                return .failed(.refused(.tabIndexOutOfRange(index: index, count: count)))
            }
            let checked: ModelChecked
            switch checkScreen(item.scene, item.parameters.values, item.payload, kind: kind) {
            case .failure(let error): return .failed(error)
            case .success(let result): checked = result
            }
            let screen: ModelScreen
            switch makeScreen(checked, id: nextID) {
            case .failure(let error): return .failed(error, identities: 1)
            case .success(let made): screen = made
            }
            var next = self
            next.nextID += 1
            next.tree.base.insert(next.newStack([screen]), at: index)
            next.tree.tabNames.insert(item.name, at: index)
            if index <= next.tree.selected { next.tree.selected += 1 }
            // The event is about the new tab's screen, out of view.
            let added = ScreenLocation(
                screen: ScreenID(screen.id), scene: screen.scene, level: 0, index: 0)
            return applied(next, kind: kind, removed: 0, animated: animated, about: added)

        case .removeTab(let name, let animated):
            guard let index = tree.tabNames.firstIndex(of: name) else {
                return .failed(.refused(.unknownTab(name, tabs: tree.tabNames)))
            }
            guard tree.tabNames.count > 1 else { return .failed(.refused(.lastTab(name))) }
            var next = self
            next.tree.base.remove(at: index)
            next.tree.tabNames.remove(at: index)
            if index < tree.selected || tree.selected == next.tree.base.count {
                next.tree.selected -= 1
            }
            // Removing the selected tab brings the next one into view: its top is guarded.
            if index == tree.selected, guardInstalled,
                let top = next.tree.base[next.tree.selected].screens.last,
                top.scene == ModelCatalogue.locked
            {
                return .failed(
                    .guarded(
                        .rejectedByGuard(
                            name: ModelCatalogue.guardName, kind: .removeTab, scene: top.scene,
                            reason: ModelCatalogue.lockedReason)))
            }
            let leaving = tree.base[index].screens
            if let error = leavingError(leaving, kind: kind, force: force) {
                return .failed(error)
            }
            return applied(next, kind: kind, removed: leaving.count, animated: animated)

        case .setStack(let destinations, _, let animated):
            guard !destinations.isEmpty else { return .failed(.refused(.emptyStack(.setStack))) }
            return replacing(
                tree.top.screens,
                by: destinations.map { ($0.scene, $0.parameters.values, $0.payload) },
                kind: kind, force: force, animated: animated
            ) { next, made in
                // The top-most stack keeps its identity.
                next.tree.top.screens = made
            }

        case .split(let primary, let supplementary, let detail, let style, let animated):
            let style = style ?? (supplementary == nil ? .doubleColumn : .tripleColumn)
            if style == .doubleColumn, supplementary != nil {
                return .failed(.refused(.noSupplementaryColumn(.split)))
            }
            let given = [primary, supplementary, detail].compactMap { $0 }
            return replacing(
                screens, by: given.map { ($0.scene, $0.parameters.values, $0.payload) },
                kind: kind, force: force, animated: animated
            ) { next, made in
                next.tree.clear()
                next.tree.columns = style.columns
                // Each given screen goes to its column; the stacks get their identities in
                // column order once every screen is built.
                var made = made[...]
                func take(_ destination: Destination?) -> [ModelScreen] {
                    guard destination != nil, let screen = made.popFirst() else { return [] }
                    return [screen]
                }
                let primaryScreens = take(primary)
                let supplementaryScreens = take(supplementary)
                let detailScreens = take(detail)
                next.tree.base = [next.newStack(primaryScreens)]
                if style == .tripleColumn {
                    next.tree.base.append(next.newStack(supplementaryScreens))
                }
                next.tree.base.append(next.newStack(detailScreens))
                next.tree.selected = next.tree.base.count - 1
            }

        case .alert(let content, let animated):
            // It builds nothing and asks no guard: one screen of the alert's name, holding the
            // content as its payload, in a modal of the alert's style.
            if let problem = ModelCatalogue.alertProblem(content) {
                return .failed(.refused(.invalidAlert(problem)))
            }
            let style = content.style
            var next = self
            let screen = ModelScreen(
                id: nextID, scene: content.name, parameters: [:], payload: ScenePayload(content))
            next.nextID += 1
            next.tree.modals.append(next.newModal(style, [screen]))
            return applied(next, kind: kind, removed: 0, animated: animated, style: style)
        case .showDetail(let destination, let animated),
            .showSupplementary(let destination, let animated):
            guard tree.isSplit else { return .failed(.refused(.noSplitRoot(kind))) }
            guard let index = tree.column(kind == .showDetail ? .detail : .supplementary) else {
                return .failed(.refused(.noSupplementaryColumn(kind)))
            }
            // The column and those after it leave; the column gets the one new screen.
            let leaving = tree.base[index...].flatMap(\.screens)
            // The event is about the new screen, out of view under a modal.
            return replacing(
                leaving,
                by: [(destination.scene, destination.parameters.values, destination.payload)],
                kind: kind, force: force, animated: animated, aboutAdded: true
            ) { next, made in
                for later in index..<next.tree.base.count { next.tree.base[later].screens = [] }
                next.tree.base[index].screens = made
            }

        case .updateModal(let named, let lock, let detent, let animated):
            return predictUpdate(
                stack: named?.rawValue ?? tree.top.id, lock: lock, detent: detent,
                animated: animated, initiator: .app)

        case .pop, .popToRoot, .popTo, .dismiss, .dismissAll:
            let top = tree.topScreens
            // The visible screen: a split's empty detail column shows another column's.
            guard let visible = tree.visible else { return .failed(.refused(.noRoot(kind))) }
            var next = self
            let leaving: [ModelScreen]
            switch request {
            case .pop:
                guard top.count > 1 else {
                    return .failed(.refused(.cannotPopFirstScreen(visible.scene, kind: .pop)))
                }
                leaving = [top[top.count - 1]]
                next.tree.keepTop(top.count - 1)
            case .popToRoot:
                // Already home: nothing changes, nothing is reported, no guard runs.
                guard top.count > 1 else { return .silent(self) }
                leaving = Array(top[1...])
                next.tree.keepTop(1)
            case .popTo(let scene, _):
                guard let index = top.dropLast().lastIndex(where: { $0.scene == scene }) else {
                    if let problem = ModelCatalogue.problem(of: scene) {
                        return .failed(.input(.invalidSceneIdentifier(scene, problem: problem)))
                    }
                    return .failed(.refused(.sceneNotInStack(scene, stack: top.map(\.scene))))
                }
                leaving = Array(top[(index + 1)...])
                next.tree.keepTop(index + 1)
            case .dismiss:
                guard !tree.modals.isEmpty else {
                    return .failed(.refused(.nothingToDismiss(visible: visible.scene)))
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
        _ leaving: [ModelScreen], by targets: [(SceneIdentifier, [String: String], ScenePayload?)],
        kind: TransitionEvent.Kind, force: Bool, animated: Bool, aboutAdded: Bool = false,
        place: (inout ReferenceModel, [ModelScreen]) -> Void
    ) -> ModelOutcome {
        let checked: [ModelChecked]
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
        // A split column's screens: level 0, bottom first.
        let about = made.last.map {
            ScreenLocation(
                screen: ScreenID($0.id), scene: $0.scene, level: 0, index: made.count - 1)
        }
        return applied(
            next, kind: kind, removed: leaving.count, animated: animated,
            about: aboutAdded ? about : nil)
    }

    /// What `report(_:)` does: no guard, no veto; the user already acted.
    func predict(_ report: PlatformReport) -> ModelOutcome {
        if let screen = report.screen, tree.location(of: screen.rawValue) == nil {
            return .failed(.refused(.reportedScreenGone(screen)))
        }
        var next = self
        switch report {
        case .detentChangedByUser(let screen, let detent):
            guard let (level, _) = tree.location(of: screen.rawValue), let visible = tree.visible
            else {
                return .failed(.refused(.reportedScreenGone(screen)))
            }
            // Only the top-most sheet is in reach of the user's finger.
            guard level > 0, level == tree.modals.count else {
                return .failed(
                    .refused(
                        .reportedScreenNotOnTop(
                            screen, kind: .updateModal, visible: ScreenID(visible.id))))
            }
            return predictUpdate(
                stack: tree.top.id, lock: nil, detent: detent, animated: true, initiator: .user)
        case .sizeClassChanged(let sizeClass):
            // The window's, whatever its root; a split collapses or expands, moving no screen.
            guard !isEmpty else { return .failed(.refused(.noRoot(.sizeClass))) }
            guard sizeClass != tree.sizeClass else { return .silent(self) }
            next.tree.sizeClass = sizeClass
            return applied(next, kind: .sizeClass, removed: 0, animated: true, initiator: .user)
        case .dismissedByUser(let screen):
            // The screen is in the tree, so the window is not empty.
            let id = screen.rawValue
            guard let (level, _) = tree.location(of: id), let visible = tree.visible else {
                return .failed(.refused(.reportedScreenGone(screen)))
            }
            guard let modal = tree.modals.last else {
                return .failed(.refused(.nothingToDismiss(visible: visible.scene)))
            }
            guard level == tree.modals.count else {
                return .failed(
                    .refused(
                        .reportedScreenNotOnTop(
                            screen, kind: .dismiss, visible: ScreenID(visible.id))))
            }
            guard ModelCatalogue.userCanDismiss(modal.style) else {
                return .failed(.refused(.notDismissibleByUser(screen, style: modal.style)))
            }
            next.tree.modals.removeLast()
            return applied(
                next, kind: .dismiss, removed: modal.stack.screens.count, animated: true,
                initiator: .user)
        case .poppedBackByUser(let screen):
            guard let (level, _) = tree.location(of: screen.rawValue),
                let visible = tree.visible
            else {
                return .failed(.refused(.reportedScreenGone(screen)))
            }
            // Back to the visible screen: nothing to do, whichever stack shows it (a split's
            // empty detail column shows another column's screen).
            guard screen.rawValue != visible.id else { return .silent(self) }
            // In the top-most stack: a collapsed split's columns are one stack.
            let top = tree.topScreens
            guard level == tree.modals.count,
                let index = top.firstIndex(where: { $0.id == screen.rawValue })
            else {
                return .failed(
                    .refused(
                        .reportedScreenNotOnTop(screen, kind: .popTo, visible: ScreenID(visible.id))
                    ))
            }
            let count = top.count
            guard index < count - 1 else { return .silent(self) }
            let removed = count - index - 1
            next.tree.keepTop(index + 1)
            return applied(
                next, kind: removed == 1 ? .pop : .popTo, removed: removed, animated: true,
                initiator: .user)
        case .tabSelectedByUser(let name):
            guard let index = tree.tabNames.firstIndex(of: name) else {
                return .failed(.refused(.unknownTab(name, tabs: tree.tabNames)))
            }
            if let modal = tree.modals.first {
                return .failed(
                    .refused(.tabBarCovered(tab: name, modal: modal.stack.screens[0].scene)))
            }
            guard index != tree.selected else { return .silent(self) }
            next.tree.selected = index
            return applied(next, kind: .selectTab, removed: 0, animated: true, initiator: .user)
        case .answeredByUser(let screen, let button, let text):
            // Only the alert on top, the visible screen, is answered.
            guard let alert = tree.alert, alert.screen.id == screen.rawValue else {
                return .failed(.refused(.notAnAlert(screen)))
            }
            let buttons = alert.content.buttons.count
            guard (0..<buttons).contains(button) else {
                return .failed(.refused(.noSuchAlertButton(screen, button: button, count: buttons)))
            }
            let fields = alert.content.textFields.count
            guard text.count == fields else {
                return .failed(
                    .refused(.alertTextMismatch(screen, given: text.count, expected: fields)))
            }
            next.tree.modals.removeLast()
            return applied(next, kind: .dismiss, removed: 1, animated: true, initiator: .user)
        case .selectedTabReselectedByUser:
            guard let name = tree.selectedTab else {
                return .failed(.refused(.unknownTab("", tabs: [])))
            }
            if let modal = tree.modals.first {
                return .failed(
                    .refused(.tabBarCovered(tab: name, modal: modal.stack.screens[0].scene)))
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
                return .failed(.link(.noTabForLink(scene, tabs: tree.tabNames)))
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
            let checked: ModelChecked
            switch checkScreen(screen.target, screen.parameters, screen.payload, kind: kind) {
            case .failure(let error):
                return .failed(screen.failure(error), identities: next.nextID - nextID)
            case .success(let result): checked = result
            }
            // The builder runs, and uses an identity up, even when it then fails.
            let made = makeScreen(checked, id: next.nextID)
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
            // The window keeps its size class.
            next.tree.clear()
            switch planned.root {
            case .stack(let rootScreens):
                next.tree.base = [next.newStack(take(rootScreens.count))]
            case .tabs(let tabs, let selected):
                next.tree.tabNames = tabs.map(\.name)
                next.tree.selected = selected
                for tab in tabs { next.tree.base.append(next.newStack(take(tab.screens.count))) }
            case .split(let primary, let supplementary, let detail):
                let style: ScreenSplit.Style = supplementary == nil ? .doubleColumn : .tripleColumn
                next.tree.columns = style.columns
                for column in [primary] + (supplementary.map { [$0] } ?? []) + [detail] {
                    next.tree.base.append(next.newStack(take(column.count)))
                }
                next.tree.selected = next.tree.base.count - 1
            }
        }
        next.tree.modals = []
        for modal in planned.modals {
            next.tree.modals.append(next.newModal(modal.style, take(modal.screens.count)))
        }
        return applied(next, kind: .replaceTree, removed: leaving.count, animated: false)
    }
}

/// A scene resolved and checked: its parameters with the route's, and the payload its builder
/// gets.
typealias ModelChecked = (
    scene: SceneIdentifier, parameters: [String: String], payload: ScenePayload?
)

/// A builder's error while several screens are built, and how many builders ran.
struct ModelBuildFailure: Error {
    var error: NavigationError
    var identities: UInt64
}

// MARK: Writing the tree as a link or a snapshot

extension ReferenceModel {
    /// The model's own reading of docs/deep-links.md's percent-encoding: ASCII letters and
    /// digits, `-`, `.`, `_`, `~`, `:` and `@` as they are, every other UTF-8 byte as `%XX`.
    static func percentEncoded(_ text: String) -> String {
        let kept = Set("-._~:@".utf8)
        var result = ""
        for byte in text.utf8 {
            let letterOrDigit =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            if letterOrDigit || kept.contains(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }

    /// The attribute words the writer gives a modal of `style`: none for a default sheet.
    static func linkAttributes(of style: PresentationStyle) -> [String] {
        switch style {
        case .sheet(let detents, let selected, let interactiveDismissal):
            return (detents == [.large] ? [] : detents.map(ModelCatalogue.detentWord))
                + (selected.map { ["at:" + ModelCatalogue.detentWord($0)] } ?? [])
                + (interactiveDismissal ? [] : ["fixed"])
        case .fullScreenCover: return ["full-screen"]
        case .popover(let anchor, let interactiveDismissal):
            return ["popover:" + percentEncoded(anchor)] + (interactiveDismissal ? [] : ["fixed"])
        case .alert, .confirmationDialog: return []
        }
    }

    /// How the writer names a screen: by its scene, with its parameters.
    func linkName(of screen: ModelScreen) -> (name: SceneIdentifier, parameters: [String: String]) {
        (screen.scene, screen.parameters)
    }

    /// What `coordinator.link(format:)` returns for the tree, with the plan opening it
    /// follows; `nil` for an empty window, or the writer's error: screen by screen in tree order,
    /// one past the format's screen limit, one whose builder needs a payload it cannot rebuild,
    /// or one with more parameters than the format allows.
    func writtenLink(format: DeepLinkFormat) -> Result<ModelLink?, NavigationError> {
        guard !isEmpty else { return .success(nil) }
        // An alert is left out: the link shows what was under it.
        let tree = self.tree.withoutAlert
        let total = tree.screens.count
        var segments: [String] = []
        func write(_ stack: ModelStack, opening: String) throws(NavigationError)
            -> [PlannedScreen]
        {
            var planned: [PlannedScreen] = []
            for (index, screen) in stack.screens.enumerated() {
                let position = segments.count + 1
                guard position <= format.maximumScreens else {
                    throw .link(
                        .invalidLink(
                            .tooManyScreens(count: total, limit: format.maximumScreens)))
                }
                if screen.scene == ModelCatalogue.product {
                    throw .link(.linkNeedsPayload(scene: screen.scene, screen: ScreenID(screen.id)))
                }
                let (name, parameters) = linkName(of: screen)
                guard parameters.count <= format.maximumParametersPerScreen else {
                    throw .link(
                        .invalidLink(
                            .tooManyParameters(
                                position: position, count: parameters.count,
                                limit: format.maximumParametersPerScreen)))
                }
                var segment = (index == 0 ? opening : "") + Self.percentEncoded(name.rawValue)
                for (key, value) in parameters.sorted(by: { $0.key < $1.key }) {
                    segment += ";" + Self.percentEncoded(key) + "=" + Self.percentEncoded(value)
                }
                segments.append(segment)
                planned.append(
                    PlannedScreen(
                        target: name, parameters: parameters,
                        failure: { [segment] error in
                            .link(
                                .linkSegmentFailed(
                                    position: position, segment: segment, error: error))
                        }))
            }
            return planned
        }
        do throws(NavigationError) {
            let root: PlannedTree.Root
            if tree.hasTabs {
                var tabs: [(name: String, screens: [PlannedScreen])] = []
                for (index, stack) in tree.base.enumerated() {
                    let name = tree.tabNames[index]
                    let words =
                        ["tab:" + Self.percentEncoded(name)]
                        + (index == tree.selected ? ["selected"] : [])
                    tabs.append(
                        (name, try write(stack, opening: "[" + words.joined(separator: ",") + "]")))
                }
                root = .tabs(tabs, selected: tree.selected)
            } else if tree.isSplit {
                // Each column that holds a screen starts with its name; an empty supplementary
                // column is said on the primary's segment, an empty detail not at all.
                let supplementary = tree.column(.supplementary).map { tree.base[$0] }
                let threeColumns = supplementary?.screens.isEmpty == true
                let primary = try write(
                    tree.base[0], opening: threeColumns ? "[primary,three-column]" : "[primary]")
                var middle: [PlannedScreen]?
                if let supplementary {
                    middle = try write(supplementary, opening: "[supplementary]")
                }
                let detail = try write(tree.base[tree.base.count - 1], opening: "[detail]")
                root = .split(primary: primary, supplementary: middle, detail: detail)
            } else {
                root = .stack(try write(tree.base[0], opening: ""))
            }
            var modals: [(style: PresentationStyle, screens: [PlannedScreen])] = []
            for modal in tree.modals {
                let words = Self.linkAttributes(of: modal.style)
                let attributes = words.isEmpty ? "" : "[" + words.joined(separator: ",") + "]"
                modals.append((modal.style, try write(modal.stack, opening: "+" + attributes)))
            }
            let text = "\(format.scheme)://\(format.host)/" + segments.joined(separator: "/")
            return .success(
                ModelLink(
                    text: text, problem: nil, planned: PlannedTree(root: root, modals: modals)))
        } catch {
            return .failure(error)
        }
    }

    /// What `coordinator.snapshot()` returns for the tree: every payload saved by its registered
    /// type, or the first screen (in tree order) whose payload's type is not registered.
    func savedSnapshot() -> Result<TreeSnapshot, NavigationError> {
        do throws(NavigationError) {
            func saved(_ stack: ModelStack) throws(NavigationError) -> [TreeSnapshot.Screen] {
                var result: [TreeSnapshot.Screen] = []
                for screen in stack.screens {
                    var saved: TreeSnapshot.SavedPayload?
                    if let payload = screen.payload {
                        guard let kept = ModelCatalogue.saved(payload) else {
                            throw .link(
                                .payloadNotSaved(
                                    scene: screen.scene, screen: ScreenID(screen.id),
                                    type: payload.typeName))
                        }
                        saved = kept
                    }
                    result.append(
                        TreeSnapshot.Screen(
                            scene: screen.scene, parameters: SceneParameters(screen.parameters),
                            payload: saved))
                }
                return result
            }
            // An alert is left out: the snapshot shows what was under it.
            let tree = self.tree.withoutAlert
            var modals: [TreeSnapshot.Modal] = []
            var base: [[TreeSnapshot.Screen]] = []
            for stack in tree.base { base.append(try saved(stack)) }
            for modal in tree.modals {
                modals.append(TreeSnapshot.Modal(style: modal.style, stack: try saved(modal.stack)))
            }
            if tree.isSplit {
                let supplementary = tree.column(.supplementary).map { base[$0] }
                return .success(
                    TreeSnapshot(
                        split: TreeSnapshot.Split(
                            primary: base[0], supplementary: supplementary,
                            detail: base[base.count - 1]),
                        modals: modals))
            }
            guard tree.hasTabs else {
                return .success(TreeSnapshot(root: base.first ?? [], modals: modals))
            }
            return .success(
                TreeSnapshot(
                    tabs: zip(tree.tabNames, base).map { TreeSnapshot.Tab(name: $0, stack: $1) },
                    selectedTab: tree.selected, modals: modals))
        } catch {
            return .failure(error)
        }
    }
}

extension String {
    /// The string with zeros in front, up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}

// MARK: Requests that name their stack, and modal updates

extension ReferenceModel {
    /// The stack a `push`, `setStack`, `pop` or `popToRoot` names with `on:`, if any.
    static func namedStack(of request: ApplicationTransitionType) -> UInt64? {
        switch request {
        case .push(_, _, _, let stack?, _), .setStack(_, let stack?, _), .pop(let stack?, _),
            .popToRoot(let stack?, _):
            return stack.rawValue
        default:
            return nil
        }
    }

    /// What a request that names stack `id` does: as on the top-most stack, on that stack
    /// alone (an expanded or collapsed split's column alone, too).
    private func predict(_ request: ApplicationTransitionType, on id: UInt64, force: Bool)
        -> ModelOutcome
    {
        let kind = request.kind
        let found =
            tree.base.firstIndex { $0.id == id }.map { (level: 0, index: $0) }
            ?? tree.modals.firstIndex { $0.stack.id == id }.map { (level: $0 + 1, index: $0) }
        guard let found else {
            return .failed(.refused(.noSuchStack(StackID(id), kind: kind)))
        }
        let screens =
            found.level == 0
            ? tree.base[found.index].screens : tree.modals[found.index].stack.screens
        func change(_ next: inout ReferenceModel, _ change: (inout [ModelScreen]) -> Void) {
            if found.level == 0 {
                change(&next.tree.base[found.index].screens)
            } else {
                change(&next.tree.modals[found.index].stack.screens)
            }
        }
        switch request {
        case .push(let target, let parameters, let payload, _, let animated):
            let checked: ModelChecked
            switch checkScreen(target, parameters.values, payload, kind: kind) {
            case .failure(let error): return .failed(error)
            case .success(let result): checked = result
            }
            let screen: ModelScreen
            switch makeScreen(checked, id: nextID) {
            case .failure(let error): return .failed(error, identities: 1)
            case .success(let made): screen = made
            }
            var next = self
            next.nextID += 1
            change(&next) { $0.append(screen) }
            let about = ScreenLocation(
                screen: ScreenID(screen.id), scene: screen.scene, level: found.level,
                index: screens.count)
            return applied(
                next, kind: kind, removed: 0, animated: animated, about: about, stack: id)
        case .setStack(let destinations, _, let animated):
            guard !destinations.isEmpty else { return .failed(.refused(.emptyStack(kind))) }
            let checked: [ModelChecked]
            switch checkScreens(
                destinations.map { ($0.scene, $0.parameters.values, $0.payload) }, kind: kind)
            {
            case .failure(let error): return .failed(error)
            case .success(let result): checked = result
            }
            if let error = leavingError(screens, kind: kind, force: force) {
                return .failed(error)
            }
            let made: [ModelScreen]
            switch makeScreens(checked) {
            case .failure(let failure):
                return .failed(failure.error, identities: failure.identities)
            case .success(let value): made = value
            }
            var next = self
            next.nextID += UInt64(made.count)
            change(&next) { $0 = made }
            let about = made.last.map {
                ScreenLocation(
                    screen: ScreenID($0.id), scene: $0.scene, level: found.level,
                    index: made.count - 1)
            }
            return applied(
                next, kind: kind, removed: screens.count, animated: animated, about: about,
                stack: id)
        default:
            // `pop` and `popToRoot`.
            guard let last = screens.last else {
                return kind == .pop ? .failed(.refused(.emptyStack(kind))) : .silent(self)
            }
            guard screens.count > 1 else {
                return kind == .pop
                    ? .failed(.refused(.cannotPopFirstScreen(last.scene, kind: kind)))
                    : .silent(self)
            }
            let keeping = kind == .pop ? screens.count - 1 : 1
            let leaving = Array(screens[keeping...])
            if let error = leavingError(leaving, kind: kind, force: force) {
                return .failed(error)
            }
            var next = self
            change(&next) { $0 = Array($0.prefix(keeping)) }
            let about = ScreenLocation(
                screen: ScreenID(last.id), scene: last.scene, level: found.level,
                index: screens.count - 1)
            return applied(
                next, kind: kind, removed: leaving.count, animated: request.animated,
                about: about, stack: id)
        }
    }

    /// What an update-modal of the modal whose stack is `id` does, requested or reported.
    private func predictUpdate(
        stack id: UInt64, lock: Bool?, detent: PresentationStyle.Detent?, animated: Bool,
        initiator: TransitionEvent.Initiator
    ) -> ModelOutcome {
        guard tree.stacks.contains(where: { $0.id == id }) else {
            return .failed(.refused(.noSuchStack(StackID(id), kind: .updateModal)))
        }
        let notAModal = ModelOutcome.failed(.refused(.noSuchStack(StackID(id), kind: .updateModal)))
        guard let position = tree.modals.firstIndex(where: { $0.stack.id == id }) else {
            return notAModal
        }
        let style = tree.modals[position].style
        let updated: PresentationStyle
        switch style {
        case .sheet(let detents, let selected, let interactiveDismissal):
            // Resting where it rests already keeps `selected` as it is.
            var resting = selected
            if let detent, detent != (selected ?? detents.first) { resting = detent }
            updated = .sheet(
                detents: detents, selected: resting,
                interactiveDismissal: lock ?? interactiveDismissal)
        case .popover(let anchor, let interactiveDismissal):
            guard detent == nil else { return notAModal }
            updated = .popover(anchor: anchor, interactiveDismissal: lock ?? interactiveDismissal)
        case .fullScreenCover, .alert, .confirmationDialog:
            return notAModal
        }
        guard ModelCatalogue.isValid(updated) else {
            return .failed(.refused(.invalidPresentationStyle(updated)))
        }
        guard updated != style else { return .silent(self) }
        var next = self
        next.tree.modals[position].style = updated
        return applied(
            next, kind: .updateModal, removed: 0, animated: animated, initiator: initiator,
            stack: id)
    }
}
