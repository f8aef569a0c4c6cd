// Fuzz target: bytes as a saved snapshot, decoded and restored.
//
// Built by scripts/fuzz.sh with `--sanitize=fuzzer -Xswiftc -DFUZZING`: libFuzzer supplies
// `main` and calls `LLVMFuzzerTestOneInput` with each input. In a normal build (without
// FUZZING) the file has a small `main` instead that replays files through the same entry
// point: `swift run --package-path Fuzz fuzz-snapshots Fuzz/corpus/fuzz-snapshots`.
//
// Every input is read as the JSON an app saved (`JSONDecoder().decode(TreeSnapshot.self, …)`)
// and, when it decodes, read again by the oracle itself (FuzzReplay's `SavedTree`, from the
// documented format), then restored over an empty window, over a stack root with a sheet and over a
// collapsed split in a compact window. The oracle:
//   - decoding and restoring never crash, and take bounded time (scripts/fuzz.sh gives each
//     input a time limit);
//   - what the library decodes, the oracle reads too, and it is within the documented limits
//     (version, screens, tabs, modals: the decoder refuses more as it reads);
//   - a restore fails exactly when, and with exactly the error that, the oracle computes
//     itself (`expectedError(restoring:)`): the snapshot's own problem, by `NavigationError.SnapshotProblem`'s
//     rules in their order; an unknown or unreadable payload; `restorationFailed` naming the
//     first screen that fails (its position and saved scene) and why (an unknown scene with
//     its suggestions, an invalid one, a missing or malformed parameter, a payload it cannot
//     rebuild, its builder's failure); a failed restore changed nothing, reported one failure
//     and no transition, with a description of bounded size; a restore of no screen returns
//     nil and changes nothing;
//   - a successful restore left a well-formed tree (`ScreenTree.structuralProblems()`),
//     reported one transition, kept the window's size class, and holds exactly what the
//     snapshot describes, compared with values the oracle computes itself: the root, or each tab
//     (its name, in order, and the selected one), or each split column (a supplementary one
//     only when saved), then each modal (its style); in each stack, in order, every screen's
//     scene (the registered one it names; `product/:id` is a plain name), its parameters (the
//     saved ones) and its payload (the saved one
//     decoded as `Product`, or for `Product` saved without one, the one rebuilt from its `id`,
//     else none); the split is collapsed in a compact window;
//   - the restored tree's own snapshot (`coordinator.snapshot()`) survives JSON, and restoring
//     it elsewhere gives a tree that saves the very same snapshot.
// A broken oracle stops the process with `preconditionFailure`, which libFuzzer reports as a
// crash.
//
// Cost: the registry and the three trees snapshots are restored over are made once per process
// (a failed restore leaves its tree as it was, which the oracle checks; a tree a restore
// changed is made again). See Fuzz/README.md ("Cost per input").

@_spi(Rules) import CoreModule
import CoreModuleTesting
import Foundation
import FuzzReplay

/// libFuzzer's entry point: runs one input through every oracle.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The number of bytes.
/// - Returns: 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSnapshots(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    MainActor.assumeIsolated {
        SnapshotFuzzer.run(bytes)
    }
    return 0
}

/// A payload the `Product` scene requires; snapshots keep it, registered as "product".
struct Product: Codable, Hashable, Sendable {
    var id: Int
}

@MainActor
enum SnapshotFuzzer {
    /// A screen object.
    final class Content: Sendable {}

    /// The fixed registry: plain scenes (one named `product/:id`), a scene with a required
    /// parameter, a scene whose builder fails, and one that requires a payload (rebuilt from its `id`).
    static let container = LeakCheck.ignoringAllocations { makeContainer() }

    private static func makeContainer() -> DependencyContainer {
        let container = DependencyContainer()
        container.payloadTypes.register(Product.self, name: "product")
        do {
            let plain: [SceneIdentifier] = ["A1", "A2", "B1", "B2", "Café", "product/:id"]
            try container.assemble(
                contentsOf: plain.map { name in SceneBuilder(name) { _ in Content() } })
            try container.assemble(
                contentsOf: [
                    SceneBuilder("Order", requiredParameters: ["id": .int]) { _ in Content() }
                ])
            try container.assemble(
                contentsOf: [
                    SceneBuilder("Broken") { _ in
                        throw NavigationError.misuse(.missingService(type: "Network"))
                    }
                ])
            try container.assemble(
                contentsOf: [
                    SceneBuilder(
                        "Product",
                        payload: .required(
                            Product.self,
                            rebuiltFrom: { parameters in
                                guard let id = parameters["id"].flatMap({ Int($0) }) else {
                                    throw NavigationError.input(
                                        .missingParameter(
                                            scene: "Product", name: "id"))
                                }
                                return Product(id: id)
                            })
                    ) { context in
                        check(
                            (try? context.payload(as: Product.self)) != nil,
                            "the Product builder ran without a Product")
                        return Content()
                    }
                ])
        } catch {
            preconditionFailure("fuzz-snapshots: the fixed scenes do not register: \(error)")
        }
        return container
    }

    /// Fails the run with `message` when `condition` does not hold.
    static func check(
        _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String
    ) {
        if !condition() { preconditionFailure("fuzz-snapshots oracle: \(message())") }
    }

    /// Records a coordinator's events.
    @MainActor
    final class Recorder {
        var events: [NavigationEvent] = []
        var token: ObservationToken?

        init(_ coordinator: AppCoordinator) {
            token = coordinator.observe { [unowned self] event in self.events.append(event) }
        }
    }

    /// A tree to restore over, with a recorder of its events.
    struct Fixture {
        let coordinator: AppCoordinator
        let recorder: Recorder
    }

    /// The trees snapshots are restored over: an empty window, a stack root with a sheet, and
    /// a collapsed two-column split in a compact window.
    enum Setup: CaseIterable {
        case empty, stack, split
    }

    /// The trees, kept while restores fail on them (a failed restore changes nothing: the
    /// oracle checks it), made again after one changes them.
    static var fixtures: [Setup: Fixture] = [:]

    static func fixture(_ setup: Setup) -> Fixture {
        if let fixture = fixtures[setup] { return fixture }
        let fixture = LeakCheck.ignoringAllocations {
            let coordinator = AppCoordinator(container: container)
            do {
                switch setup {
                case .empty:
                    break
                case .stack:
                    try coordinator.navigate(.root(scene: "A1"))
                    try coordinator.navigate(.push(scene: "A2"))
                    try coordinator.navigate(
                        .present(scene: "B1", style: .sheet(detents: [.medium])))
                case .split:
                    try coordinator.navigate(.split(primary: "A1", detail: "B1"))
                    try coordinator.navigate(.push(scene: "A2"))
                    try coordinator.report(.sizeClassChanged(.compact))
                }
            } catch {
                preconditionFailure("fuzz-snapshots: the setup fails: \(error)")
            }
            return Fixture(coordinator: coordinator, recorder: Recorder(coordinator))
        }
        fixtures[setup] = fixture
        return fixture
    }

    // MARK: Running

    static func run(_ data: Data) {
        let snapshot: TreeSnapshot
        do {
            snapshot = try JSONDecoder().decode(TreeSnapshot.self, from: data)
        } catch {
            // Not a snapshot this package reads: a decoding error, nothing else to check.
            return
        }
        guard let saved = SavedTree(json: data) else {
            preconditionFailure("fuzz-snapshots oracle: the library read what the format is not")
        }
        checkLimits(saved)
        for setup in Setup.allCases {
            restore(snapshot, saved: saved, over: setup, input: data)
        }
    }

    /// What the decoder enforces while it reads.
    static func checkLimits(_ snapshot: SavedTree) {
        check(
            (1...SavedTree.currentVersion).contains(snapshot.version),
            "decoded a snapshot of version \(snapshot.version)")
        let screens = Self.screens(of: snapshot).count
        check(screens <= DocumentedRules.snapshotScreens, "decoded \(screens) screens")
        check(
            snapshot.tabs.count <= DocumentedRules.snapshotTabs,
            "decoded \(snapshot.tabs.count) tabs")
        check(
            snapshot.modals.count <= DocumentedRules.snapshotModals,
            "decoded \(snapshot.modals.count) modals")
    }

    /// Every saved screen of `snapshot`, in the tree's order: root, tabs or split columns, then
    /// modals.
    static func screens(of snapshot: SavedTree) -> [SavedTree.Screen] {
        let split = snapshot.split
        let columns = (split?.primary ?? []) + (split?.supplementary ?? []) + (split?.detail ?? [])
        return snapshot.root + snapshot.tabs.flatMap(\.stack) + columns
            + snapshot.modals.flatMap(\.stack)
    }

    /// Restores `snapshot`, which the oracle read as `saved`, over the `setup` tree.
    static func restore(
        _ snapshot: TreeSnapshot, saved: SavedTree, over setup: Setup, input: Data
    ) {
        let fixture = fixture(setup)
        let coordinator = fixture.coordinator
        let recorder = fixture.recorder
        let before = coordinator.tree
        // Nothing an input allocates may outlive it (see Fuzz/README.md, "Cost per input").
        defer { recorder.events.removeAll() }
        let expected = expectedError(restoring: saved)
        let event: TransitionEvent?
        do {
            event = try coordinator.restore(snapshot)
            if let expected {
                preconditionFailure(
                    "fuzz-snapshots oracle: the restore applied; expected \(expected)")
            }
        } catch {
            check(
                error == expected,
                "the restore threw \(error); expected \(String(describing: expected))")
            check(coordinator.tree == before, "a failed restore changed the tree")
            check(
                recorder.events
                    == [
                        .failure(
                            NavigationEvent.Failure(operation: .restore(snapshot), error: error))
                    ],
                "a failed restore reported \(recorder.events)")
            let sentence = error.description
            check(!sentence.isEmpty, "an empty error description")
            check(
                sentence.utf8.count <= 4_000,
                "an error description of \(sentence.utf8.count) bytes for \(input.count) bytes")
            return
        }
        guard let event else {
            // Nothing to do: the snapshot holds no screen.
            check(screens(of: saved).isEmpty, "a restore of \(saved) returned nil")
            check(coordinator.tree == before, "a restore that returned nil changed the tree")
            check(
                recorder.events.isEmpty, "a restore that returned nil reported \(recorder.events)")
            return
        }
        fixtures[setup] = nil
        let tree = coordinator.tree
        check(tree.structuralProblems().isEmpty, "\(tree.structuralProblems())")
        check(recorder.events == [.transition(event)], "restore reported \(recorder.events)")
        check(event.kind == .replaceTree, "restore applied a \(event.kind)")
        check(
            event.to == tree.visibleScreen.flatMap { tree.location(of: $0.id) },
            "the event does not end at the visible screen")
        // The tree the snapshot describes, screen by screen.
        check(
            tree.screens.count == screens(of: saved).count,
            "restored \(tree.screens.count) screens of \(screens(of: saved).count)")
        let limit = DocumentedRules.snapshotParametersPerScreen
        check(
            tree.screens.allSatisfy { $0.parameters.values.count <= limit },
            "restored a screen with more parameters than the limit")
        check(
            tree.horizontalSizeClass == before.horizontalSizeClass,
            "a restore changed the window's size class")
        checkStacks(of: tree, against: saved)
        checkOwnSnapshot(coordinator)
    }

    /// The registered names of ``container``, for an unknown scene's suggestions.
    static let registered: [SceneIdentifier] = [
        "A1", "A2", "B1", "B2", "Café", "product/:id", "Order", "Broken", "Product",
    ]

    /// The error restoring `snapshot` must throw, or `nil` when it must apply or do nothing.
    ///
    /// Computed without the library (but for an invalid name's problem, read from
    /// `SceneIdentifier.problem`): the snapshot's own problem first (by the rules of
    /// `NavigationError.SnapshotProblem`, in its order), then an unknown or unreadable payload (every payload is
    /// read before anything is built), then, named after the first screen that fails, its
    /// scene's resolution, its parameters, its payload rebuilt, its builder. Nothing vetoes or
    /// guards the trees restored over.
    static func expectedError(restoring snapshot: SavedTree) -> NavigationError? {
        if let problem = problem(of: snapshot) { return .snapshot(problem) }
        let saved = screens(of: snapshot)
        for screen in saved {
            guard let payload = screen.payload else { continue }
            guard payload.type == "product" else {
                return .snapshot(.unknownPayloadType(payload.type))
            }
            do {
                _ = try JSONDecoder().decode(Product.self, from: Data(payload.json.utf8))
            } catch {
                return .snapshot(
                    .unreadablePayload(type: payload.type, reason: String(describing: error)))
            }
        }
        for (index, screen) in saved.enumerated() {
            if let error = expectedError(building: screen) {
                return .snapshot(
                    .restorationFailed(position: index + 1, scene: screen.scene, error: error))
            }
        }
        return nil
    }

    /// What is wrong with `snapshot` as a whole, by the rules `NavigationError.SnapshotProblem` documents.
    static func problem(of snapshot: SavedTree) -> NavigationError.SnapshotProblem? {
        let version = SavedTree.currentVersion
        guard (1...version).contains(snapshot.version) else {
            return .unsupportedVersion(found: snapshot.version, supported: version)
        }
        let count = screens(of: snapshot).count
        if count > DocumentedRules.snapshotScreens {
            return .tooManyScreens(count: count, limit: DocumentedRules.snapshotScreens)
        }
        if snapshot.tabs.count > DocumentedRules.snapshotTabs {
            return .tooManyTabs(count: snapshot.tabs.count, limit: DocumentedRules.snapshotTabs)
        }
        if snapshot.modals.count > DocumentedRules.snapshotModals {
            return .tooManyModals(
                count: snapshot.modals.count, limit: DocumentedRules.snapshotModals)
        }
        if let split = snapshot.split {
            if !snapshot.root.isEmpty || !snapshot.tabs.isEmpty { return .rootAndTabs }
            if split.primary.isEmpty { return .emptyStack }
        } else if !snapshot.tabs.isEmpty {
            if !snapshot.root.isEmpty { return .rootAndTabs }
            guard snapshot.tabs.indices.contains(snapshot.selectedTab) else {
                return .selectedTabOutOfRange(
                    index: snapshot.selectedTab, count: snapshot.tabs.count)
            }
            var names: Set<String> = []
            for tab in snapshot.tabs {
                guard DocumentedRules.isValidTabName(tab.name) else {
                    return .invalidTabName(tab.name)
                }
                guard names.insert(tab.name).inserted else { return .duplicateTabName(tab.name) }
                if tab.stack.isEmpty { return .emptyStack }
            }
        } else if snapshot.root.isEmpty, !snapshot.modals.isEmpty {
            return .modalsWithoutRoot
        }
        if snapshot.modals.contains(where: \.stack.isEmpty) { return .emptyStack }
        if let modal = snapshot.modals.first(where: { !DocumentedRules.isValid($0.style) }) {
            return .invalidStyle(modal.style)
        }
        // (In this order: the root, the tabs, the modals, the split's columns.)
        let split = snapshot.split
        let columns = (split?.primary ?? []) + (split?.supplementary ?? []) + (split?.detail ?? [])
        let all =
            snapshot.root + snapshot.tabs.flatMap(\.stack) + snapshot.modals.flatMap(\.stack)
            + columns
        let limit = DocumentedRules.snapshotParametersPerScreen
        if let crowded = all.first(where: { $0.parameters.values.count > limit }) {
            return .tooManyParameters(
                scene: crowded.scene, count: crowded.parameters.values.count, limit: limit)
        }
        return nil
    }

    /// The error building the saved screen `saved` throws (its payload already read), or `nil`.
    static func expectedError(building saved: SavedTree.Screen) -> NavigationError? {
        let scene = saved.scene
        let bytes = scene.rawValue.utf8.count
        if bytes > DocumentedRules.sceneNameBytes {
            return .input(
                .invalidSceneIdentifier(
                    scene,
                    problem: .tooManyBytes(count: bytes, limit: DocumentedRules.sceneNameBytes)))
        }
        let parameters = saved.parameters.values
        let resolved: SceneIdentifier
        if let name = registered.first(where: { $0 == scene }) {
            resolved = name
        } else if let problem = scene.problem {
            return .input(.invalidSceneIdentifier(scene, problem: problem))
        } else {
            return .unknownScene(
                scene, suggestions: NavigationError.SceneSuggestions(for: scene, among: registered))
        }
        switch resolved {
        case "Order":
            guard let id = parameters["id"] else {
                return .input(.missingParameter(scene: resolved, name: "id"))
            }
            if Int(id) == nil {
                return .input(
                    .malformedParameter(scene: resolved, name: "id", value: id, expected: .int))
            }
        case "Product":
            if saved.payload == nil, parameters["id"].flatMap({ Int($0) }) == nil {
                return .input(.missingParameter(scene: "Product", name: "id"))
            }
        case "Broken":
            return .misuse(.missingService(type: "Network"))
        default:
            break
        }
        return nil
    }

    /// The screen a restore builds for `saved`, by the fixed registry's rules, computed without
    /// the library: the registered scene it names; the parameters saved; the payload saved,
    /// read as its registered type (only `product` is registered, as `Product`), or for
    /// `Product` saved without one, the one rebuilt from its `id`; no payload otherwise.
    static func expected(_ saved: SavedTree.Screen) -> ExpectedScreen {
        var scene = saved.scene
        let parameters = saved.parameters.values
        if let name = registered.first(where: { $0 == saved.scene }) {
            scene = name
        } else {
            preconditionFailure("fuzz-snapshots oracle: restored the unknown scene \(saved.scene)")
        }
        var payload: ScenePayload?
        if let given = saved.payload {
            check(given.type == "product", "restored a payload of the unknown type \(given.type)")
            guard let product = try? JSONDecoder().decode(Product.self, from: Data(given.json.utf8))
            else {
                preconditionFailure(
                    "fuzz-snapshots oracle: restored the unreadable payload \(given.json)")
            }
            payload = ScenePayload(product)
        } else if scene == "Product" {
            guard let id = parameters["id"].flatMap({ Int($0) }) else {
                preconditionFailure(
                    "fuzz-snapshots oracle: restored Product without a payload or an id")
            }
            payload = ScenePayload(Product(id: id))
        }
        return ExpectedScreen(
            scene: scene, parameters: SceneParameters(parameters), payload: payload)
    }

    /// A screen as a restore must build it.
    struct ExpectedScreen: Equatable, CustomStringConvertible {
        var scene: SceneIdentifier
        var parameters: SceneParameters
        var payload: ScenePayload?

        init(scene: SceneIdentifier, parameters: SceneParameters, payload: ScenePayload?) {
            self.scene = scene
            self.parameters = parameters
            self.payload = payload
        }

        init(_ screen: Screen) {
            self.init(scene: screen.scene, parameters: screen.parameters, payload: screen.payload)
        }

        var description: String {
            let shown =
                payload.map { $0.value(as: Product.self).map { "\($0)" } ?? $0.description }
                ?? "no payload"
            return "\(scene) \(parameters) \(shown)"
        }
    }

    /// Checks that `stack` holds, in order, the screens a restore builds for `saved`.
    static func checkStack(
        _ stack: ScreenStack?, _ saved: [SavedTree.Screen], _ what: String
    ) {
        let built = stack.map { $0.map { ExpectedScreen($0) } } ?? []
        let expected = saved.map(Self.expected)
        check(built == expected, "restored \(what) as \(built), not \(expected)")
    }

    /// Checks the restored `tree` against `snapshot`, stack by stack and screen by screen: the
    /// root, or each tab (its name, its screens, the selected one), or each split column; then
    /// each modal (its style, its screens), in order.
    static func checkStacks(of tree: ScreenTree, against snapshot: SavedTree) {
        if let split = snapshot.split {
            guard let columns = tree.split else {
                preconditionFailure("fuzz-snapshots oracle: restored no split: \(tree)")
            }
            check(tree.root == nil && tree.tabs.isEmpty, "restored a split and more: \(tree)")
            checkStack(columns.primary, split.primary, "the primary column")
            check(
                (columns.supplementary == nil) == (split.supplementary == nil),
                "restored the columns \(columns.columns)")
            checkStack(columns.supplementary, split.supplementary ?? [], "the supplementary column")
            checkStack(columns.detail, split.detail, "the detail column")
            check(
                columns.isCollapsed == (tree.horizontalSizeClass == .compact),
                "restored the split collapsed: \(columns.isCollapsed)")
        } else if !snapshot.tabs.isEmpty {
            check(tree.split == nil && tree.root == nil, "restored tabs and more: \(tree)")
            check(
                tree.tabs.map(\.name) == snapshot.tabs.map(\.name), "restored tabs \(tree.tabs)")
            for (tab, saved) in zip(tree.tabs, snapshot.tabs) {
                checkStack(tab.stack, saved.stack, "the tab \(saved.name)")
            }
            check(
                tree.selectedTab == snapshot.tabs[snapshot.selectedTab].name,
                "selected \(String(describing: tree.selectedTab))")
        } else {
            check(tree.split == nil && tree.tabs.isEmpty, "restored a root and more: \(tree)")
            checkStack(tree.root, snapshot.root, "the root")
        }
        check(
            tree.modals.map(\.style) == snapshot.modals.map(\.style),
            "restored modals \(tree.modals.map(\.style))")
        for (index, (modal, saved)) in zip(tree.modals, snapshot.modals).enumerated() {
            checkStack(modal, saved.stack, "modal \(index)")
        }
    }

    /// The restored tree's own snapshot survives JSON and restores to a tree that saves the
    /// same snapshot.
    static func checkOwnSnapshot(_ coordinator: AppCoordinator) {
        let own: TreeSnapshot
        do {
            // Every payload restored is of a registered type, so it can be saved again.
            own = try coordinator.snapshot()
        } catch {
            preconditionFailure(
                "fuzz-snapshots oracle: the restored tree's snapshot fails: \(error)")
        }
        do {
            let json = try JSONEncoder().encode(own)
            guard let saved = SavedTree(json: json) else {
                preconditionFailure(
                    "fuzz-snapshots oracle: the package wrote what the format is not: "
                        + String(decoding: json, as: UTF8.self))
            }
            check(saved.version == SavedTree.currentVersion, "wrote version \(saved.version)")
            checkLimits(saved)
            let decoded = try JSONDecoder().decode(TreeSnapshot.self, from: json)
            check(decoded == own, "the snapshot reads back as \(decoded), not \(own)")
        } catch {
            preconditionFailure(
                "fuzz-snapshots oracle: the snapshot does not survive JSON: \(error)")
        }
        let again = AppCoordinator(container: container)
        do {
            try again.restore(own)
            let saved = try again.snapshot()
            check(saved == own, "the snapshot restores to \(saved), not \(own)")
        } catch {
            preconditionFailure("fuzz-snapshots oracle: the tree's own snapshot fails: \(error)")
        }
        check(
            again.tree.scenes == coordinator.tree.scenes,
            "the snapshot rebuilds \(again.tree), not \(coordinator.tree)")
    }
}

#if !FUZZING
    /// Replays files (or every file in directories) through the fuzz entry point.
    @main
    enum Replay {
        static func main() {
            FuzzReplay.run(tool: "fuzz-snapshots", entry: fuzzSnapshots)
        }
    }
#endif
