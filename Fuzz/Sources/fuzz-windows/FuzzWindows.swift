// Fuzz target: bytes as a sequence of window-registry operations, checked against the invariants.
//
// Built by scripts/fuzz.sh with `--sanitize=fuzzer -Xswiftc -DFUZZING`: libFuzzer supplies
// `main` and calls `LLVMFuzzerTestOneInput` with each input. In a normal build (without
// FUZZING) the file has a small `main` instead that replays files through the same entry
// point: `swift run --package-path Fuzz fuzz-windows Fuzz/corpus/fuzz-windows`.
//
// Each input drives a fresh `WindowRegistry`: every byte picks an operation (open a window,
// empty or restored from a snapshot, a saved activity or an activity read from the input's
// bytes; close, activate or look up a window; navigate a window (split roots and selections
// included) or report its size class; open a link in a window, the
// active one, a new one or where the app's policy says; save a window's activity; navigate a
// closed window's kept coordinator; change the policy), and the following bytes pick its
// arguments (window identities from a table, empty, over-long, or read from the input). After
// every operation:
//   - the registry's windows have no duplicates and are, in order, the windows the fuzzer saw
//     open (each `coordinator(for:)` the very coordinator it opened, naming its window);
//   - the active window is the last one opened or activated that is still open, or `nil`
//     when none is;
//   - every open window's tree is well formed (`ScreenTree.structuralProblems()`);
//   - a failed operation changed nothing: the same windows, the same active one, every tree
//     as it was, no transition reported anywhere (a window's own failure only);
//   - the registry's own refusals are exactly the ones the fuzzer expects from its own
//     bookkeeping of the windows: `unknownWindow` (with the open windows, in order) for a
//     window that is not open, `invalidWindowID` for an empty or over-long identity,
//     `windowAlreadyOpen`, `noActiveWindow`, `noRoot(.sizeClass)` for a size class reported
//     to an empty window; a window restored from a snapshot fails exactly as restoring it on
//     a new coordinator does; a request or a link that reaches a window may fail with that
//     coordinator's error (atomically, as above);
//   - an operation on one window changed no other window's tree and reported nothing there;
//   - a new window whose link failed is not open, and its coordinator navigates no more;
//   - a closed window's kept coordinator has an empty tree and refuses every navigation with
//     `windowClosed`, reporting that failure;
//   - a saved activity names its window and holds the window's own snapshot.
// At the end every window is closed: the registry is empty, and no window holds a link.
// A broken oracle stops the process with `preconditionFailure`, which libFuzzer reports as a
// crash.
//
// Cost: the registry of scenes is made once per process (`WindowFuzzer.container`); the window
// registry and its coordinators, the subject, are new for each input. See Fuzz/README.md
// ("Cost per input").

@_spi(Rules) import CoreModule
import CoreModuleTesting
import Foundation
import FuzzReplay

/// libFuzzer's entry point: runs one input as a sequence of registry operations.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The number of bytes.
/// - Returns: 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWindows(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    MainActor.assumeIsolated {
        WindowFuzzer(bytes).run()
    }
    return 0
}

/// Fails the run with `message` when `condition` does not hold.
@MainActor
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { preconditionFailure("fuzz-windows oracle: \(message())") }
}

/// A screen object.
final class Content: Sendable {}

/// A window's coordinator and what it reported.
@MainActor
final class Watched {
    let id: WindowID
    let coordinator: AppCoordinator
    private(set) var events: [NavigationEvent] = []
    private var token: ObservationToken?

    init(_ coordinator: AppCoordinator) {
        self.coordinator = coordinator
        id = coordinator.window ?? ""
        token = coordinator.observe { [unowned self] event in self.events.append(event) }
    }

    /// The events reported from `index` on.
    func events(from index: Int) -> ArraySlice<NavigationEvent> { events[index...] }
}

/// Where the registry's `prepare` leaves the coordinator it was given.
@MainActor
final class Preparation {
    var watched: Watched?
}

@MainActor
final class WindowFuzzer {
    static let format = DeepLinkFormat(scheme: "app")
    /// The longest window identity, in UTF-8 bytes, as docs/windows.md documents it (the oracle
    /// does not read the library's own constant).
    static let documentedWindowIDLimit = 256
    static let maximumOperations = 256

    static let names: [WindowID] = [
        "main", "side", "orders", "窓", "", WindowID(String(repeating: "w", count: 257)),
        WindowID(String(repeating: "w", count: 256)), "main ",
    ]
    static let requests: [ApplicationTransitionType] = [
        .root(scene: "A1"), .push(scene: "A2"), .push(scene: "B1", parameters: ["id": "7"]),
        .present(scene: "B2"), .present(scene: "A1", style: .fullScreenCover), .pop(),
        // An alert (nothing goes over it, a dismiss takes it away), one that cannot be shown,
        // a dialog, a locked popover.
        .alert(
            AlertContent(
                title: "Sure?",
                buttons: [AlertContent.Button("OK"), AlertContent.Button("Cancel", role: .cancel)])),
        .alert(AlertContent(title: "Empty", buttons: [])),
        .alert(
            .confirmationDialog(
                title: "Share", buttons: [AlertContent.Button("Copy")], anchor: "share")),
        .present(scene: "B2", style: .popover(anchor: "share", interactiveDismissal: false)),
        .popToRoot(), .dismiss(), .dismissAll(), .push(scene: "Keep"), .push(scene: "Broken"),
        .push(scene: "Locked"), .push(scene: "Nope"), .push(scene: ""),
        .tabs([TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "more"),
        .selectTab("more"),
        .selectTab("nope"), .replace(scene: "B2"), .setStack([Destination("A1"), .init("A2")]),
        .push(scene: "Order", parameters: ["id": "x"]),
        // A tab set that changes: a new tab, a name in use, a position out of range, a tab
        // removed (the selected one, or the only one left), an unknown tab.
        .addTab(TabItem("inbox", scene: "B2")), .addTab(TabItem("home", scene: "A1"), at: 0),
        .addTab(TabItem("news", scene: "A1"), at: 0), .addTab(TabItem("x", scene: "A1"), at: 9),
        .removeTab("more"), .removeTab("home"), .removeTab("nope"),
        // Split roots: two and three columns, a double-column one given a supplementary
        // screen, selections (on another root too), a supplementary in two columns.
        .split(primary: "A1", detail: "B1"), .split(primary: "A1", supplementary: "A2"),
        .split(primary: "B1", supplementary: "A2", style: .doubleColumn), .showDetail("B2"),
        .showDetail("Keep"), .showSupplementary("A1"),
    ]
    static let links: [String] = [
        "app://open/A1", "app://open/A1/A2/+B1", "app://open/Keep/+A1", "app://open/A1/Broken",
        "app://open/A1/+Locked", "app://open/A3", "app://open/A1//A2", "other://open/A1",
        "app://open/[tab:home]A1/[tab:more,selected]B1/+[full-screen]A2", "app://open/B1/B2",
        "app://open/Order;id=4", "", "app://open/[tab:home]A1/[tab:home]B1",
        "app://open/[primary]A1/[supplementary]B1/[detail]A2/+B2",
        "app://open/[primary,three-column]A1", "app://open/[detail]A1",
    ]
    /// Saved trees, written as an app's JSON and read as an app reads it (an unsupported
    /// version does not decode, so no snapshot holds one).
    static let snapshots: [TreeSnapshot] = [
        SavedTree(root: [.init(scene: "A1"), .init(scene: "A2")]),
        SavedTree(root: [.init(scene: "A1")], modals: [.init(stack: [.init(scene: "B1")])]),
        SavedTree(root: []),
        SavedTree(root: [.init(scene: "Nope")]),
        SavedTree(root: [.init(scene: "Broken")]),
        SavedTree(root: [.init(scene: "Locked")]),
        SavedTree(
            tabs: [
                .init(name: "home", stack: [.init(scene: "A1")]),
                .init(name: "more", stack: [.init(scene: "Keep")]),
            ], selectedTab: 1),
        SavedTree(tabs: [.init(name: "home", stack: [.init(scene: "A1")])], selectedTab: 4),
        SavedTree(
            split: .init(
                primary: [.init(scene: "A1")], supplementary: [],
                detail: [.init(scene: "B1"), .init(scene: "Keep")])),
        SavedTree(split: .init(primary: [])),
    ].map(\.snapshot)
    static let activityType = "org.scenerouter.restore"

    /// The fixed registry of scenes, made once per process (with LeakSanitizer ignoring its
    /// allocations: see `LeakCheck`); nothing changes it after it is made.
    static let container = LeakCheck.ignoringAllocations { makeContainer() }

    private static func makeContainer() -> DependencyContainer {
        let container = DependencyContainer()
        do {
            let plain: [SceneIdentifier] = ["A1", "A2", "B1", "B2", "Locked"]
            try container.assemble(
                contentsOf: plain.map { name in SceneBuilder(name) { _ in Content() } })
            try container.assemble(
                contentsOf: [
                    SceneBuilder("Keep") { context in
                        try context.vetoLeaving { "it keeps its state" }
                        return Content()
                    }
                ])
            try container.assemble(
                contentsOf: [
                    SceneBuilder("Broken") { _ in
                        throw NavigationError.misuse(.missingService(type: "Network"))
                    }
                ])
            try container.assemble(
                contentsOf: [
                    SceneBuilder("Order", requiredParameters: ["id": .int]) { _ in Content() }
                ])
        } catch {
            preconditionFailure("fuzz-windows: the fixed scenes do not register: \(error)")
        }
        return container
    }

    private var bytes: [UInt8]
    private var position = 0
    private let registry: WindowRegistry
    private let preparation: Preparation
    /// The open windows as the fuzzer saw them open, in order, and the most recently used last.
    private var open: [WindowID: Watched] = [:]
    private var order: [WindowID] = []
    private var activations: [WindowID] = []
    /// Coordinators of windows closed (or that failed to open), kept as an app might keep them.
    private var closed: [Watched] = []
    /// Activities saved from windows.
    private var activities: [WindowActivity] = []
    /// What the registry's `linkTarget` answers.
    private var policy: WindowRegistry.Target = .active

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        let preparation = Preparation()
        self.preparation = preparation
        registry = WindowRegistry(container: Self.container) { coordinator in
            coordinator.addGuard(Self.policy)
            preparation.watched = Watched(coordinator)
        }
    }

    // MARK: Reading the input

    private var isAtEnd: Bool { position >= bytes.count }

    private func byte() -> Int {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return Int(bytes[position])
    }

    private func pick<Element>(_ elements: [Element]) -> Element? {
        elements.isEmpty ? nil : elements[byte() % elements.count]
    }

    /// A window identity: mostly an open one, else one from the table.
    private func name() -> WindowID {
        if byte() % 3 > 0, let id = pick(order) { return id }
        return pick(Self.names) ?? "main"
    }

    /// Up to `limit` bytes of the input, as text.
    private func text(limit: Int) -> String {
        let count = min(byte() % (limit + 1), bytes.count - min(position, bytes.count))
        defer { position += count }
        return String(decoding: bytes[position..<(position + count)], as: UTF8.self)
    }

    private func target() -> WindowRegistry.Target {
        switch byte() % 3 {
        case 0: return .window(name())
        case 1: return .active
        default: return .newWindow(name())
        }
    }

    // MARK: Checking

    /// What the registry must show after any operation.
    private func checkState(after operation: @autoclosure () -> String) {
        check(
            Set(registry.windows).count == registry.windows.count,
            "after \(operation()): duplicate windows \(registry.windows)")
        check(
            registry.windows == order,
            "after \(operation()): windows \(registry.windows), expected \(order)")
        check(
            registry.activeWindow == activations.last,
            "after \(operation()): active \(String(describing: registry.activeWindow)), "
                + "expected \(String(describing: activations.last))")
        if let active = registry.activeWindow {
            check(order.contains(active), "after \(operation()): the active window is not open")
        }
        for id in order {
            guard let watched = open[id] else { continue }
            check(
                (try? registry.coordinator(for: id)) === watched.coordinator,
                "after \(operation()): \(id) has another coordinator")
            check(watched.coordinator.window == id, "after \(operation()): \(id) misnamed")
            let problems = watched.coordinator.tree.structuralProblems()
            check(problems.isEmpty, "after \(operation()): \(id): \(problems)")
        }
        for watched in closed {
            check(
                watched.coordinator.tree.isEmpty && watched.coordinator.heldLink == nil,
                "after \(operation()): the closed \(watched.id) has a tree or a held link")
        }
    }

    /// Runs one operation about the window `subject` (if any) and checks what it did: a
    /// failure changed nothing anywhere, and a success changed no other window.
    private func perform(
        _ name: @autoclosure () -> String, about subject: WindowID?,
        _ body: () throws(NavigationError) -> Void
    ) {
        let windows = registry.windows
        let active = registry.activeWindow
        let watched = Array(open.values) + closed
        let trees = watched.map(\.coordinator.tree)
        let counts = watched.map(\.events.count)
        preparation.watched = nil
        do throws(NavigationError) {
            try body()
            for (index, window) in watched.enumerated() where window.id != subject {
                check(
                    window.coordinator.tree == trees[index]
                        && window.events.count == counts[index],
                    "\(name()) changed or reported in the window \(window.id)")
            }
        } catch {
            check(
                registry.windows == windows && registry.activeWindow == active,
                "a failed \(name()) changed the windows: \(error)")
            for (index, window) in watched.enumerated() {
                check(
                    window.coordinator.tree == trees[index],
                    "a failed \(name()) changed the tree of \(window.id): \(error)")
                let reported = window.events(from: counts[index])
                check(
                    reported.allSatisfy { $0.failure?.error == error },
                    "a failed \(name()) reported \(Array(reported)) in \(window.id)")
                check(
                    reported.isEmpty || window.id == subject,
                    "a failed \(name()) reported in another window, \(window.id)")
            }
            // A window opened for the operation and closed again by its failure.
            if let new = preparation.watched {
                check(
                    new.coordinator.tree.isEmpty && !order.contains(new.id),
                    "a failed \(name()) left its new window \(new.id) open")
                keepClosed(new)
            }
        }
        checkState(after: name())
    }

    /// The guard every window's coordinator gets: it rejects the scene `Locked`.
    static var policy: NavigationGuard {
        NavigationGuard("policy") { attempt in
            attempt.scene == "Locked" ? .reject(reason: "locked") : .allow
        }
    }

    /// Runs `body` and judges it against `expected`, the error the fuzzer expects.
    ///
    /// `expected` is computed from the windows before, from the fuzzer's own bookkeeping, not
    /// from the registry: `nil` when the registry's own checks must pass. `delegated` names an error `body` may then throw
    /// that the registry only passes on (what restoring or opening a link throws), compared by
    /// the caller.
    private func judged<Value>(
        _ expected: NavigationError?, _ what: @autoclosure () -> String,
        delegated: (NavigationError) -> Bool = { _ in false },
        _ body: () throws(NavigationError) -> Value
    ) throws(NavigationError) -> Value {
        do {
            let value = try body()
            if let expected {
                preconditionFailure("fuzz-windows oracle: \(what()) applied; expected \(expected)")
            }
            return value
        } catch {
            check(
                error == expected || (expected == nil && delegated(error)),
                "\(what()) threw \(error); expected \(String(describing: expected))")
            throw error
        }
    }

    /// The error naming `id` when it is not an open window, with the open ones in order.
    private func unknown(_ id: WindowID) -> NavigationError? {
        open[id] == nil ? .window(.unknownWindow(id, open: order)) : nil
    }

    /// The error opening a window `id` must throw before anything is restored: an empty or
    /// over-long identity, or one already open.
    private func openingError(_ id: WindowID) -> NavigationError? {
        if id.rawValue.isEmpty || id.rawValue.utf8.count > Self.documentedWindowIDLimit {
            return .input(.invalidWindowID(id))
        }
        return open[id] == nil ? nil : .window(.windowAlreadyOpen(id))
    }

    /// What restoring `snapshot` throws on a new, empty coordinator of the same registry of
    /// scenes (what opening a window restored from it passes on).
    private func restoreError(_ snapshot: TreeSnapshot) -> NavigationError? {
        let coordinator = AppCoordinator(container: Self.container)
        coordinator.addGuard(Self.policy)
        do throws(NavigationError) {
            try coordinator.restore(snapshot)
            return nil
        } catch {
            return error
        }
    }

    private func keepClosed(_ watched: Watched) {
        closed.append(watched)
        if closed.count > 4 { closed.removeFirst() }
    }

    /// Records a window the registry just opened.
    private func opened(_ id: WindowID, _ coordinator: AppCoordinator) {
        guard let watched = preparation.watched, watched.coordinator === coordinator else {
            preconditionFailure("fuzz-windows oracle: \(id) opened without being prepared")
        }
        check(watched.id == id, "the window \(id) was prepared as \(watched.id)")
        open[id] = watched
        order.append(id)
        activate(id)
    }

    private func activate(_ id: WindowID) {
        activations.removeAll { $0 == id }
        activations.append(id)
    }

    // MARK: Running

    func run() {
        var steps = 0
        while !isAtEnd && steps < Self.maximumOperations {
            steps += 1
            step()
        }
        finish()
    }

    private func step() {
        switch byte() % 12 {
        case 0:
            let id = name()
            let snapshot: TreeSnapshot? =
                switch byte() % 3 {
                case 0: nil
                case 1: pick(Self.snapshots)
                default: try? pick(activities)?.snapshot()
                }
            openWindow(id, restoring: snapshot)
        case 1:
            closeWindow(name())
        case 2:
            let id = name()
            let expected = unknown(id)
            perform("activate(\(id))", about: nil) { () throws(NavigationError) in
                try judged(expected, "activate(\(id))") { () throws(NavigationError) in
                    try registry.activate(id)
                }
                activate(id)
            }
        case 3:
            let id = name()
            let expected = unknown(id)
            perform("coordinator(for: \(id))", about: nil) { () throws(NavigationError) in
                let coordinator = try judged(expected, "coordinator(for: \(id))") {
                    () throws(NavigationError) in try registry.coordinator(for: id)
                }
                check(coordinator === open[id]?.coordinator, "coordinator(for: \(id)) is another")
            }
        case 4, 5:
            let id = name()
            // A request, or (the last two choices) a size class report: the window's own.
            let index = byte() % (Self.requests.count + 2)
            let force = byte() % 4 == 0
            guard index < Self.requests.count else {
                let sizeClass: SizeClass = index == Self.requests.count ? .compact : .regular
                // Refused for a window that is not open, or an empty one (no layout to report).
                let expected =
                    unknown(id)
                    ?? (open[id]?.coordinator.tree.isEmpty == true
                        ? .refused(.noRoot(.sizeClass)) : nil)
                perform("in \(id): report(size-class-changed \(sizeClass))", about: id) {
                    () throws(NavigationError) in
                    let coordinator = try judged(expected, "report in \(id)") {
                        () throws(NavigationError) in
                        let coordinator = try registry.coordinator(for: id)
                        try coordinator.report(.sizeClassChanged(sizeClass))
                        return coordinator
                    }
                    check(
                        coordinator.tree.horizontalSizeClass == sizeClass,
                        "\(id)'s size class is not \(sizeClass)")
                }
                return
            }
            let request = Self.requests[index]
            let expected = unknown(id)
            perform("in \(id): \(request)", about: id) { () throws(NavigationError) in
                let coordinator = try judged(expected, "coordinator(for: \(id))") {
                    () throws(NavigationError) in try registry.coordinator(for: id)
                }
                try coordinator.navigate(request, force: force)
            }
        case 6:
            let text = pick(Self.links) ?? ""
            let target: WindowRegistry.Target? = byte() % 4 == 0 ? nil : self.target()
            openLink(text, in: target)
        case 7:
            let id = name()
            // Every tree here can be saved: no screen holds a payload.
            let expected = unknown(id)
            perform("restorationActivity(for: \(id))", about: nil) { () throws(NavigationError) in
                let activity = try judged(expected, "restorationActivity(for: \(id))") {
                    () throws(NavigationError) in
                    try registry.restorationActivity(for: id, activityType: Self.activityType)
                }
                check(activity.window == id, "\(id)'s activity names another window")
                let saved = try activity.snapshot()
                let own = try registry.coordinator(for: id).snapshot()
                check(saved == own, "\(id)'s activity holds another snapshot")
                activities.append(activity)
                if activities.count > 4 { activities.removeFirst() }
            }
        case 8:
            guard let watched = pick(closed) else { return }
            refuse(watched)
        case 9:
            let target = self.target()
            registry.linkTarget = { _ in target }
            policy = target
        case 10:
            // Any identity the input spells, empty and over-long ones included.
            let id = WindowID(
                byte() % 8 == 0
                    ? String(repeating: "x", count: Self.documentedWindowIDLimit + byte() % 3 - 1)
                    : text(limit: 40))
            openWindow(id, restoring: nil)
        default:
            // An activity the platform gave back, its snapshot's JSON read from the input.
            let id = name()
            let json = text(limit: 200)
            // The keys a saved activity's `userInfo` holds (see `restorationActivity`).
            let activity = WindowActivity(
                activityType: Self.activityType,
                userInfo: ["SceneRouter.window": id.rawValue, "SceneRouter.snapshot": json])
            do throws(NavigationError) {
                openWindow(id, restoring: try activity.snapshot())
            } catch {
                // JSON that reads as a snapshot of another format version names that version.
                switch error {
                case .snapshot: break
                default:
                    preconditionFailure("fuzz-windows oracle: reading an activity threw \(error)")
                }
            }
        }
    }

    private func closeWindow(_ id: WindowID) {
        // No app code runs here, so no window is busy.
        let expected = unknown(id)
        perform("closeWindow(\(id))", about: id) { () throws(NavigationError) in
            let watched = open[id]
            let count = watched?.events.count ?? 0
            // No link is held: links are opened at once here (`open`, not `openWhenAllowed`).
            let held = try judged(expected, "closeWindow(\(id))") { () throws(NavigationError) in
                try registry.closeWindow(id)
            }
            check(held == nil, "closing \(id) returned a held link: no link was held")
            guard let watched else {
                preconditionFailure("fuzz-windows oracle: \(id) closed, but it was not open")
            }
            check(
                watched.coordinator.tree.isEmpty && watched.events.count == count,
                "closing \(id) left a tree or reported \(Array(watched.events(from: count)))")
            open[id] = nil
            order.removeAll { $0 == id }
            activations.removeAll { $0 == id }
            keepClosed(watched)
        }
    }

    private func openWindow(_ id: WindowID, restoring snapshot: TreeSnapshot?) {
        // The registry's own checks, then what restoring throws, as on any new coordinator.
        let expected = openingError(id) ?? snapshot.flatMap(restoreError)
        perform("openWindow(\(id), restoring: \(String(describing: snapshot)))", about: id) {
            () throws(NavigationError) in
            let coordinator = try judged(expected, "openWindow(\(id))") {
                () throws(NavigationError) in try registry.openWindow(id, restoring: snapshot)
            }
            opened(id, coordinator)
            if let snapshot,
                let saved = SavedTree(json: (try? JSONEncoder().encode(snapshot)) ?? Data()),
                !saved.root.isEmpty || !saved.tabs.isEmpty
            {
                check(
                    (coordinator.tree.root?.count ?? 0) == saved.root.count,
                    "\(id) was not restored from \(saved)")
            }
        }
    }

    private func openLink(_ text: String, in target: WindowRegistry.Target?) {
        let link = AppLink.deepLink(text, format: Self.format)
        let force = byte() % 4 == 0
        // The window the link is about, when the fuzzer can tell before opening it.
        let subject: WindowID?
        switch target ?? policy {
        case .window(let id), .newWindow(let id): subject = id
        case .active: subject = activations.last
        }
        // The window the target names must be open (or, for a new one, openable); what opening
        // the link there throws is the coordinator's, passed on.
        let expected: NavigationError? =
            switch target ?? policy {
            case .window(let id): unknown(id)
            case .active: activations.last == nil ? .window(.noActiveWindow) : nil
            case .newWindow(let id): openingError(id)
            }
        perform("open(\(text), in: \(String(describing: target)))", about: subject) {
            () throws(NavigationError) in
            let (id, _) = try judged(
                expected, "open(\(text))", delegated: { _ in true }
            ) { () throws(NavigationError) in try registry.open(link, in: target, force: force) }
            if let new = preparation.watched, new.id == id {
                opened(id, new.coordinator)
            } else {
                check(open[id] != nil, "the link opened in \(id), which is not open")
                activate(id)
            }
            check(registry.activeWindow == id, "the link's window \(id) is not the active one")
        }
    }

    /// A closed window's kept coordinator refuses every navigation, and says so.
    private func refuse(_ watched: Watched) {
        let coordinator = watched.coordinator
        let first = watched.events.count
        let expected = NavigationError.window(.windowClosed(watched.id))
        var refusals = 0
        func refused(_ body: () throws(NavigationError) -> Void) {
            do throws(NavigationError) {
                try body()
                preconditionFailure("fuzz-windows oracle: the closed \(watched.id) navigated")
            } catch {
                check(error == expected, "the closed \(watched.id) threw \(error)")
                refusals += 1
            }
        }
        let request = pick(Self.requests) ?? .pop()
        refused { () throws(NavigationError) in _ = try coordinator.navigate(request) }
        refused { () throws(NavigationError) in
            _ = try coordinator.open(.deepLink(pick(Self.links) ?? "", format: Self.format))
        }
        refused { () throws(NavigationError) in
            _ = try coordinator.restore(pick(Self.snapshots) ?? SavedTree(root: []).snapshot)
        }
        refused { () throws(NavigationError) in
            _ = try coordinator.report(.tabSelectedByUser("home"))
        }
        let reported = watched.events(from: first)
        check(
            reported.count == refusals && reported.allSatisfy { $0.failure?.error == expected },
            "the closed \(watched.id) reported \(Array(reported))")
        check(coordinator.tree.isEmpty, "the closed \(watched.id) has a tree")
        checkState(after: "navigating the closed \(watched.id)")
    }

    /// Closes every window: the registry is empty, and every coordinator refuses.
    private func finish() {
        let all = Array(open.values)
        for id in order { closeWindow(id) }
        check(registry.windows.isEmpty, "windows left open: \(registry.windows)")
        check(registry.activeWindow == nil, "an active window with none open")
        for watched in all { refuse(watched) }
    }
}

#if !FUZZING
    import FuzzReplay

    /// Replays files (or every file in directories) through the fuzz entry point.
    @main
    enum Replay {
        static func main() {
            FuzzReplay.run(tool: "fuzz-windows", entry: fuzzWindows)
        }
    }
#endif
