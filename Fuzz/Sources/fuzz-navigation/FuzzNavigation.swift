// Fuzz target: bytes as a sequence of navigation operations, checked against the invariants.
//
// Built by scripts/fuzz.sh with `--sanitize=fuzzer -Xswiftc -DFUZZING`: libFuzzer supplies
// `main` and calls `LLVMFuzzerTestOneInput` with each input. In a normal build (without
// FUZZING) the file has a small `main` instead that replays files through the same entry
// point: `swift run --package-path Fuzz fuzz-navigation Fuzz/corpus/fuzz-navigation`.
//
// Each input drives a fresh coordinator: every byte picks an operation (transitions with good
// and bad scenes, tab roots and tab switches, styled modals, whole-stack sets and replacements,
// forced removals, platform reports, deep links with tabs and styles, snapshots, flows,
// results (typed ones finished with a value of the wrong type too), payloads (of the required
// type, of another, none), vetoes, the tabs' hosted scenes, tabs added (new names, names in
// use, invalid ones; at the end, at a position, out of range) and removed (the selected tab,
// another, an unknown one, the only one), split roots (two or three columns, a double-column
// split given a supplementary screen, detail and supplementary selections on any root) and size
// class reports, which collapse a split so that pops cross its columns) or toggles a meddler (a guard that
// navigates, an observer that navigates, guards that reject or redirect); the following bytes
// pick its arguments. After every operation:
//   - the tree's invariants hold (`ScreenTree.structuralProblems()`);
//   - a styled modal carries its style, a refused swipe-down was of a modal the user cannot
//     dismiss, a selected tab is the tree's selected tab;
//   - while no observer navigates, the tree's own link and snapshot rebuild an equal tree;
//   - a failed operation left the tree as it was and reported no transition;
//   - every request the fuzzer sends the coordinator itself (root, push, present, styled too,
//     replace, set a stack, pop, pop to root, pop to a scene, dismiss, dismiss all, a tab root,
//     a tab selection, add or remove a tab, a split, a column selection; payloads included;
//     not a flow's, an alert's or a link's) is judged against the
//     fuzzer's own expectation (ExpectedRefusal.swift), computed from the tree before, the
//     guards and vetoes the fuzzer installed and the fixed registry, never from the library's
//     answer: it is refused with exactly the error expected (no root, an alert on top, an
//     invalid style, no tab root, an invalid or taken tab name, a position out of range, an
//     unknown or the only tab, no split, no supplementary column, an unknown or invalid scene
//     with its suggestions, a missing or malformed parameter, a missing or wrong payload, a
//     guard's rejection, a veto, a builder's failure, a redirect loop), or applies when none is
//     expected; a size class report is refused only over an empty window, with `.refused(.noRoot)`;
//   - transitions are numbered without gaps and each starts where the previous one ended;
//   - every new screen has an identity above all earlier ones;
//   - every live flow is unfinished and owns exactly the screens in the tree that it and its
//     children started; no screen is owned by a finished flow;
//   - no result handler runs twice;
//   - a payload is checked before the builder: none for a scene that requires one fails with
//     `.input(.missingPayload)`, one of another type with `.input(.wrongPayloadType)`, and a screen keeps the
//     payload it was given; a typed result finished with a value of another type fails with
//     `.input(.wrongResultType)` and nothing leaves;
//   - an added tab holds one screen of its scene at its position, a removed tab is gone, the
//     selection stays (or passes to the next tab, the one before the last, when the selected
//     tab left), and every other stack and every modal is as it was; a refused add or remove
//     names what was wrong (no root, a stack root, a position out of range, a name in use, the
//     only tab, an unknown tab: exactly, see above);
//   - a split holds the columns its request gave (three when a supplementary screen or the
//     style asks), a detail selection changes only the detail column (its identity kept), a
//     supplementary one only the supplementary and the detail (emptied); a size class report
//     moves no screen and plans no step; a refused split step names exactly what was wrong;
//   - a saved snapshot keeps registered payloads (restoring it saves the same snapshot); a tree
//     holding a payload of an unregistered type is refused with `.link(.payloadNotSaved)`, and one
//     whose builder needs a payload it cannot rebuild gets no link (`.link(.linkNeedsPayload)`).
// At the end the tree is replaced by a forced root: every result handler ran exactly once and
// every flow finished and was released. A broken oracle stops the process with
// `preconditionFailure`, which libFuzzer reports as a crash.
//
// Cost: the registry is made once per process (`NavigationFuzzer.container`); only the
// coordinator, the subject, is new for each input. See Fuzz/README.md ("Cost per input").

@_spi(Rules) import CoreModule
import CoreModuleTesting
import Foundation
import FuzzReplay

/// libFuzzer's entry point: runs one input as a sequence of operations.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The number of bytes.
/// - Returns: 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNavigation(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    MainActor.assumeIsolated {
        NavigationFuzzer(bytes).run()
        // Nothing an input allocates may outlive it (see Fuzz/README.md, "Cost per input").
        NavigationFuzzer.log.vetoing.removeAll()
        NavigationFuzzer.log.vetoes.removeAll()
    }
    return 0
}

/// Fails the run with `message` when `condition` does not hold.
@MainActor
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { preconditionFailure("fuzz-navigation oracle: \(message())") }
}

/// A screen object that keeps its context, so the fuzzer can finish it or make it veto.
@MainActor
final class FuzzScreen {
    let context: SceneContext
    init(context: SceneContext) { self.context = context }
}

/// A flow that navigates once when started.
@MainActor
final class FuzzFlow: FlowCoordinator {
    let first: ApplicationTransitionType
    var finishCount = 0

    init(coordinator: AppCoordinator, first: ApplicationTransitionType) {
        self.first = first
        super.init(coordinator: coordinator)
    }

    override func start() throws(NavigationError) {
        try navigate(first)
    }

    override func didFinish(_ event: TransitionEvent) {
        finishCount += 1
        check(finishCount == 1, "a flow finished twice")
    }
}

/// What the builders report back to the fuzzer.
@MainActor
final class BuilderLog {
    /// Screens whose builder made them veto leaving.
    var vetoing: Set<ScreenID> = []
    /// The vetoes the fuzzer set (a reason) or dropped (`nil`) since, by screen.
    var vetoes: [ScreenID: String?] = [:]
}

/// A payload the `Product` scene requires; snapshots keep it (registered as "product").
struct Product: Codable, Hashable, Sendable {
    var id: Int
}

/// A payload the `Gift` scene requires; not registered for snapshots, and not rebuilt from
/// parameters, so a tree holding one has no link and no snapshot.
struct Gift: Codable, Hashable, Sendable {
    var note: String
}

@MainActor
final class NavigationFuzzer {
    static let format = DeepLinkFormat(scheme: "app")
    /// The same scheme without practical limits, so that any tree's link can be read back.
    static let roomy = DeepLinkFormat(
        scheme: "app", maximumLength: 1 << 24, maximumScreens: 1 << 16,
        maximumParametersPerScreen: 1 << 16)

    static let scenes: [SceneIdentifier] = [
        "A1", "A2", "B1", "B2", "Keep", "Broken", "Order", "product/7", "product/:id", "Locked",
        "Eager", "A3", "", "a//b", "B1 ", "Product", "Gift",
    ]
    /// Payloads: of the type `Product` requires, of the type `Gift` requires, of neither, none.
    static let payloads: [ScenePayload?] = [
        nil, ScenePayload(Product(id: 7)), ScenePayload(Product(id: -1)),
        ScenePayload(Gift(note: "for you")), ScenePayload(42), ScenePayload("a string"),
    ]
    static let parameters: [SceneParameters] = [
        [:], ["id": "7"], ["id": "x7"], ["pin": "yes"], ["id": "-2", "q": "café"],
    ]
    static let links: [String] = [
        "app://open/A1", "app://open/A1/A2;id=7/+B1/B2", "app://open/Keep/+A1",
        "app://open/A1/Broken", "app://open/A1/+Locked", "app://open/product%2F7/+Order;id=7",
        "app://open/Order;id=x", "app://open/A1/+B1/+B2/+A2", "app://open/Eager/A2",
        "app://open/A1//A2", "app://open/A3", "app://open/B2;pin=yes/+Keep/A1",
        // Tabs and styles.
        "app://open/[tab:home]A1/A2/[tab:more,selected]B1/+[full-screen]Keep",
        "app://open/[tab:home]A1/[tab:x%2Cy]B1/Keep/+[medium,fixed]A2/+[popover:share]B2",
        "app://open/A1/+[medium,large]B1/+[fixed]B2/+[popover:a%5Db]A2",
        "app://open/[tab:home]A1/[tab:home]B1", "app://open/[tab:a]Broken/[tab:b]A1",
        "app://open/[tab:x]Locked", "app://open/A1/+[bogus]B1", "app://open/A1/[tab:x]B1",
        // Stack-only links: over a tab root they go to one tab (its first scene, or a host).
        "app://open/B1/B2", "app://open/A1;id=3/+[full-screen]B2", "app://open/product%2F7/A2",
        "app://open/B2/Keep", "app://open/Order;id=4",
        // Payloads: rebuilt from the parameters, not rebuildable, no parameters to rebuild from.
        "app://open/A1/Product;id=3", "app://open/A1/+Gift", "app://open/Product",
        // Split roots, well formed and not.
        "app://open/[primary]A1/[supplementary]A2/[detail]B1;id=4/B2/+B1",
        "app://open/[primary,three-column]A1/A2", "app://open/[primary]Keep/[detail]A2/Keep",
        "app://open/[primary]A1/[detail]Broken", "app://open/[three-column,primary]B1/[detail]A2",
        "app://open/[detail]B1", "app://open/[primary]A1/[detail]B1/[supplementary]A2",
        "app://open/[primary]A1/+[detail]B1", "app://open/[tab:home]A1/[primary]B1",
        // Locked popovers, and an alert's style, which no link names.
        "app://open/A1/+[popover:share,fixed]B1", "app://open/A1/+[fixed,popover:x]B2/+B1",
        "app://open/A1/+[alert]B1", "app://open/A1/+[popover:share,fixed,fixed]B1",
    ]
    /// Saved trees, written as an app's JSON and read as an app reads it (an unsupported
    /// version does not decode, so no snapshot holds one).
    static let snapshots: [TreeSnapshot] = [
        SavedTree(stacks: [[.init(scene: "A1"), .init(scene: "Keep")], [.init(scene: "B1")]]),
        SavedTree(stacks: [[.init(scene: "Broken")]]),
        SavedTree(stacks: [[]]),
        SavedTree(version: 1, stacks: [[.init(scene: "A1")]]),
        SavedTree(stacks: [[.init(scene: "B2")], [], [.init(scene: "product/9")]]),
        SavedTree(
            tabs: [
                .init(name: "home", stack: [.init(scene: "A1"), .init(scene: "Keep")]),
                .init(name: "more", stack: [.init(scene: "B1")]),
            ], selectedTab: 1,
            modals: [.init(style: .fullScreenCover, stack: [.init(scene: "A2")])]),
        SavedTree(
            tabs: [.init(name: "home", stack: [.init(scene: "A1")])], selectedTab: 3),
        SavedTree(
            tabs: [.init(name: "a b", stack: [.init(scene: "A1")])], selectedTab: 0),
        SavedTree(
            root: [.init(scene: "A1")],
            modals: [.init(style: .sheet(detents: []), stack: [.init(scene: "B1")])]),
        // Payloads: saved, missing (rebuilt from the parameters, or not), unknown, unreadable.
        SavedTree(
            root: [
                .init(scene: "A1"),
                .init(scene: "Product", payload: .init(type: "product", json: #"{"id":5}"#)),
            ]),
        SavedTree(root: [.init(scene: "Product", parameters: ["id": "8"])]),
        SavedTree(root: [.init(scene: "A1"), .init(scene: "Gift")]),
        SavedTree(
            root: [.init(scene: "A1", payload: .init(type: "gift", json: #"{"note":"x"}"#))]),
        SavedTree(
            root: [.init(scene: "Product", payload: .init(type: "product", json: #"{"id":"#))]),
        // Split roots: three columns, two with an empty detail, an empty primary.
        SavedTree(
            split: .init(
                primary: [.init(scene: "A1")], supplementary: [.init(scene: "A2")],
                detail: [.init(scene: "B1"), .init(scene: "Keep")]),
            modals: [.init(style: .sheet(), stack: [.init(scene: "B2")])]),
        SavedTree(split: .init(primary: [.init(scene: "B1"), .init(scene: "A2")])),
        SavedTree(split: .init(primary: [], detail: [.init(scene: "A1")])),
        SavedTree(
            split: .init(primary: [.init(scene: "A1")], supplementary: [], detail: [])),
        // A locked popover, and an alert's style, which no snapshot holds.
        SavedTree(
            root: [.init(scene: "A1")],
            modals: [
                .init(
                    style: .popover(anchor: "share", interactiveDismissal: false),
                    stack: [.init(scene: "B1")])
            ]),
        SavedTree(
            root: [.init(scene: "A1")], modals: [.init(style: .alert, stack: [.init(scene: "B1")])]
        ),
    ].map(\.snapshot)
    static let tabNames = ["home", "more", "x,y]", "Café", "", "a b", "home"]
    static let styles: [PresentationStyle] = [
        .sheet(), .sheet(detents: [.medium, .large]), .sheet(interactiveDismissal: false),
        .sheet(detents: [.height(230), .fraction(0.5), .large], selected: .large),
        .sheet(detents: [.fraction(0)]), .sheet(detents: [.medium], selected: .large),
        .fullScreenCover, .popover(anchor: "share"), .popover(anchor: ""), .sheet(detents: []),
        .popover(anchor: "share", interactiveDismissal: false), .alert, .confirmationDialog,
    ]

    /// What the builders of ``container`` report; emptied after each input.
    static let log = LeakCheck.ignoringAllocations { BuilderLog() }

    /// The fixed registry, made once per process (with LeakSanitizer ignoring its allocations:
    /// see `LeakCheck`); nothing changes it after it is made.
    static let container = LeakCheck.ignoringAllocations { makeContainer() }

    private var bytes: [UInt8]
    private var position = 0
    var log: BuilderLog { Self.log }
    let coordinator: AppCoordinator
    private var events: [NavigationEvent] = []
    private var tokens: [ObservationToken] = []
    private var chatty: ObservationToken?
    private var chattyBudget = 0
    private var lastTransition: TransitionEvent?
    private var highestID: UInt64 = 0
    private var resultCalls: [Int: Int] = [:]
    /// The tickets of navigations that applied with a result handler.
    private var expectedResults: Set<Int> = []
    private var tickets = 0
    /// Every stack the fuzzer has seen in the tree, gone or not, for requests that name one.
    private var seenStacks: Set<StackID> = []
    /// The ticket of each alert on screen that an alert step presented, and its content.
    private var alertTickets: [ScreenID: (ticket: Int, content: AlertContent)] = [:]
    /// What each alert's navigation heard, by ticket.
    private var alertResults: [Int: ScreenResult] = [:]
    private var flows: [WeakFlow] = []
    /// The guards installed, in the order they run (the coordinator's list is not public).
    var guardNames: [String] = []
    /// The most redirects one navigation may go through: the coordinator's, which is fixed.
    static let maximumRedirects = 8
    private var flowNumber = 0
    /// Screens navigated to with `expecting: Int.self` (the visible screen after the
    /// navigation, which is where the coordinator keeps the result handler).
    private var typedScreens: Set<ScreenID> = []

    private struct WeakFlow {
        weak var flow: FuzzFlow?
    }

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        coordinator = AppCoordinator(container: Self.container)
        tokens.append(coordinator.observe { [unowned self] event in self.record(event) })
    }

    private static func makeContainer() -> DependencyContainer {
        let log = Self.log
        let container = DependencyContainer()
        container.payloadTypes.register(Product.self, name: "product")
        do {
            let plain: [SceneIdentifier] = ["A1", "A2", "B1", "B2", "Locked", "product/:id"]
            try container.assemble(
                contentsOf: plain.map { name in
                    SceneBuilder(name) { FuzzScreen(context: $0) }
                })
            try container.assemble(
                contentsOf: [
                    SceneBuilder("Keep") { context in
                        try context.vetoLeaving { NavigationFuzzer.keepReason }
                        log.vetoing.insert(context.screen)
                        return FuzzScreen(context: context)
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
                    SceneBuilder("Order", requiredParameters: ["id": .int]) {
                        FuzzScreen(context: $0)
                    }
                ])
            try container.assemble(
                contentsOf: [
                    SceneBuilder("Eager") { context in
                        // A builder's navigation is rejected, and the outer one goes on.
                        do throws(NavigationError) {
                            try context.navigate(.pop())
                            preconditionFailure("fuzz-navigation oracle: a builder navigated")
                        } catch {
                            guard case .misuse(.reentrantNavigation(.pop, during: _)) = error else {
                                preconditionFailure(
                                    "fuzz-navigation oracle: a builder's pop threw \(error)")
                            }
                        }
                        return FuzzScreen(context: context)
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
                        return FuzzScreen(context: context)
                    }
                ])
            try container.assemble(
                contentsOf: [
                    SceneBuilder("Gift", payload: .required(Gift.self)) { context in
                        check(
                            (try? context.payload(as: Gift.self)) != nil,
                            "the Gift builder ran without a Gift")
                        return FuzzScreen(context: context)
                    }
                ])
        } catch {
            preconditionFailure("fuzz-navigation: the fixed scenes do not register: \(error)")
        }
        return container
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

    private func scene() -> SceneIdentifier { pick(Self.scenes) ?? "A1" }
    private func parameters() -> SceneParameters { pick(Self.parameters) ?? [:] }
    private func style() -> PresentationStyle { pick(Self.styles) ?? .sheet() }

    /// A tab name: mostly one of the tree's tabs, sometimes any from the table.
    private func tabName() -> String {
        let names = coordinator.tree.tabs.map(\.name)
        return byte() % 3 > 0 && !names.isEmpty
            ? (pick(names) ?? "home") : (pick(Self.tabNames) ?? "home")
    }

    /// A screen identity: mostly the visible one or one in the tree, sometimes a stale one.
    private func screenID() -> ScreenID {
        let tree = coordinator.tree
        switch byte() % 4 {
        case 0, 1: return tree.visibleScreen?.id ?? ScreenID(1)
        case 2: return pick(tree.screens)?.id ?? ScreenID(1)
        default: return ScreenID(UInt64(byte()))
        }
    }

    // MARK: Recording and checking

    private func record(_ event: NavigationEvent) {
        events.append(event)
        guard let transition = event.transition else { return }
        if let last = lastTransition {
            check(
                transition.sequence == last.sequence + 1,
                "transition \(transition.sequence) after \(last.sequence)")
            check(transition.from == last.to, "\(transition) does not start where \(last) ended")
        } else {
            check(
                transition.from == nil,
                "the first transition starts at \(String(describing: transition.from))")
        }
        if transition.kind.addsScreen {
            let added = transition.kind == .replaceTree ? transition.to.screen : transition.screen
            check(added.rawValue > highestID, "new screen \(added) is not above \(highestID)")
            highestID = added.rawValue
        }
        lastTransition = transition
    }

    /// Every check that holds after any operation.
    private func checkState(after operation: @autoclosure () -> String) {
        let tree = coordinator.tree
        let violations = tree.structuralProblems()
        check(violations.isEmpty, "after \(operation()): \(violations)")
        check(resultCalls.values.allSatisfy { $0 <= 1 }, "a result handler ran twice")
        check(
            expectedResults.isSuperset(of: resultCalls.keys),
            "a handler ran for a failed navigation")
        // An alert is the top-most modal, alone in its stack, and shows its content.
        for (index, stack) in tree.modals.enumerated() where stack.style?.isAlert == true {
            check(
                index == tree.modals.count - 1 && stack.count == 1,
                "after \(operation()): something is over the alert, or beside it: \(tree)")
            check(
                stack.last?.payload?.value(as: AlertContent.self) == tree.alert
                    && tree.alert != nil,
                "after \(operation()): the alert's screen does not hold its content")
        }
        // Flows: a live flow is its parent's child under its key, and its parent is live. (Which
        // flow owns which screen is not public: the root package's flow tests check it.)
        guard !flows.isEmpty else { return }
        for entry in flows {
            guard let flow = entry.flow, !flow.isFinished, let parent = flow.parent else {
                continue
            }
            check(!parent.isFinished, "after \(operation()): a live flow's parent has finished")
            check(
                flow.key.map { parent.children[$0] === flow } == true,
                "after \(operation()): a live flow is not its parent's child under its key")
        }
        for entry in flows {
            if let flow = entry.flow, flow.isFinished {
                check(flow.finishCount == 1, "a finished flow is still alive")
            }
        }
    }

    /// Runs one operation and checks what it did.
    ///
    /// A body returns `nil` for a request that was already satisfied (which must change nothing and report
    /// nothing), unless `returnsEvents` is false: a flow's start returns no event of its own.
    private func perform(
        _ name: @autoclosure () -> String, returnsEvents: Bool = true,
        _ body: () throws(NavigationError) -> TransitionEvent?
    ) {
        let before = coordinator.tree
        let first = events.count
        do {
            let event = try body()
            let transitions = events[first...].compactMap(\.transition)
            if let event {
                check(
                    transitions.contains(event),
                    "\(name()) returned \(event) but reported \(transitions)")
            } else if returnsEvents {
                // A request that was already satisfied changes nothing and reports nothing.
                check(coordinator.tree == before, "\(name()) returned nil but changed the tree")
                check(
                    events.count == first,
                    "\(name()) returned nil but reported \(Array(events[first...]))")
            }
        } catch {
            let reported = events[first...]
            check(coordinator.tree == before, "a failed \(name()) changed the tree: \(error)")
            check(
                reported.allSatisfy { $0.transition == nil },
                "a failed \(name()) reported a transition")
            if let last = reported.last {
                check(last.failure?.error == error, "\(name()) threw \(error) but reported \(last)")
            }
            if case .guarded(.leavingVetoed(_, let screen, _)) = error {
                // Only a screen whose builder asked may veto (a failed link or restore once
                // leaked the vetoes of the screens it built onto later ones).
                check(
                    log.vetoing.contains(screen), "\(screen) vetoed, but its builder never asked to"
                )
            }
        }
        checkState(after: name())
    }

    /// Runs `request` through ``perform(_:returnsEvents:_:)`` and judges it against the
    /// fuzzer's own expectation (``expectedRefusal(_:force:over:)``), computed from the tree
    /// before: refused with exactly the error expected, or applied when none is; `applied`
    /// then checks what it did.
    private func navigate(
        _ request: ApplicationTransitionType, force: Bool, _ name: @autoclosure () -> String,
        applied: (TransitionEvent?) -> Void = { _ in }
    ) {
        let expected = expectedRefusal(request, force: force, over: coordinator.tree)
        perform(name()) { () throws(NavigationError) in
            do throws(NavigationError) {
                let event = try coordinator.navigate(request, force: force)
                if let expected {
                    preconditionFailure(
                        "fuzz-navigation oracle: \(name()) applied over \(coordinator.tree); expected \(expected)"
                    )
                }
                applied(event)
                return event
            } catch {
                check(
                    error == expected,
                    "\(name()) threw \(error); expected \(String(describing: expected))")
                throw error
            }
        }
    }

    /// Sends the platform report `report` through ``perform(_:returnsEvents:_:)`` and judges
    /// it against the fuzzer's own expectation
    /// (``expectedRefusal(of:over:)``), computed from the tree before: refused with exactly
    /// the error expected, or followed when none is.
    private func follow(_ report: PlatformReport) {
        let expected = Self.expectedRefusal(of: report, over: coordinator.tree)
        perform("report(\(report))") { () throws(NavigationError) in
            do throws(NavigationError) {
                let event = try coordinator.report(report)
                if let expected {
                    preconditionFailure(
                        "fuzz-navigation oracle: report(\(report)) was followed over \(coordinator.tree); expected \(expected)"
                    )
                }
                return event
            } catch {
                check(
                    error == expected,
                    "report(\(report)) threw \(error); expected \(String(describing: expected))")
                throw error
            }
        }
    }

    // MARK: Running

    func run() {
        var steps = 0
        while !isAtEnd && steps < 512 {
            steps += 1
            step()
        }
        finish()
    }

    private func step() {
        let operation = byte() % 51
        if operation >= 49 {
            modalStep(operation)
            return
        }
        if operation >= 46 {
            alertStep(operation)
            return
        }
        if operation >= 42 {
            splitStep(operation)
            return
        }
        if operation >= 40 {
            tabSetStep(operation)
            return
        }
        if operation >= 36 {
            payloadStep(operation)
            return
        }
        let force = operation >= 28 && operation != 35
        switch operation % 28 {
        case 0:
            let request = ApplicationTransitionType.root(scene: scene(), parameters: parameters())
            navigate(request, force: force, "\(request), force: \(force)")
        case 1, 2:
            let request = ApplicationTransitionType.push(scene: scene(), parameters: parameters())
            navigate(request, force: false, "\(request)")
        case 3:
            let request = ApplicationTransitionType.present(
                scene: scene(), parameters: parameters())
            navigate(request, force: false, "\(request)")
        case 4:
            let request: ApplicationTransitionType =
                pick([.pop(), .popToRoot(), .dismiss(), .dismissAll()]) ?? .pop()
            navigate(request, force: force, "\(request), force: \(force)")
        case 5:
            let request = ApplicationTransitionType.popTo(scene: scene())
            navigate(request, force: force, "\(request), force: \(force)")
        case 6:
            let report: PlatformReport =
                byte() % 2 == 0
                ? .poppedBackByUser(to: screenID()) : .dismissedByUser(screenID())
            follow(report)
        case 7:
            let link = pick(Self.links) ?? ""
            perform("open(\(link))") { () throws(NavigationError) in
                try coordinator.open(.deepLink(link, format: Self.format), force: force)?.transition
            }
        case 8:
            let own = byte() % 2 == 0 ? ownSnapshot() : nil
            if let snapshot = own ?? pick(Self.snapshots) {
                perform("restore(\(snapshot))") { () throws(NavigationError) in
                    try coordinator.restore(snapshot, force: force)
                }
            }
        case 9:
            startFlow()
        case 10:
            let request: ApplicationTransitionType =
                byte() % 2 == 0 ? .push(scene: scene()) : .present(scene: scene())
            if let flow = pick(liveFlows()) {
                perform("flow \(flow.key ?? "?"): \(request)") { () throws(NavigationError) in
                    try flow.navigate(request)
                }
            }
        case 11:
            tickets += 1
            let ticket = tickets
            let request: ApplicationTransitionType =
                byte() % 2 == 0 ? .push(scene: scene()) : .present(scene: scene())
            perform("\(request) with a result") { () throws(NavigationError) in
                let event = try coordinator.navigate(
                    request,
                    onResult: { [unowned self] _ in self.resultCalls[ticket, default: 0] += 1 })
                expectedResults.insert(ticket)
                return event
            }
        case 12:
            if let screen = coordinator.tree.visibleScreen?.content as? FuzzScreen {
                perform("finish \(screen.context.screen)") { () throws(NavigationError) in
                    try screen.context.finish(with: byte())
                }
            }
        case 13:
            if let screen = pick(coordinator.tree.screens)?.content as? FuzzScreen {
                // A screen of a live coordinator keeps or drops its veto, never throwing.
                do throws(NavigationError) {
                    if byte() % 2 == 0 {
                        try screen.context.vetoLeaving { Self.fuzzerReason }
                        log.vetoing.insert(screen.context.screen)
                        log.vetoes[screen.context.screen] = .some(Self.fuzzerReason)
                    } else {
                        try screen.context.vetoLeaving(nil)
                        log.vetoes[screen.context.screen] = .some(nil)
                    }
                } catch {
                    preconditionFailure("fuzz-navigation oracle: a veto failed: \(error)")
                }
                checkState(after: "a veto")
            }
        case 14:
            toggleGuard("policy") { attempt in
                if attempt.leaving != nil {
                    return attempt.parameters["pin"] == "yes" ? .reject(reason: "pinned") : .allow
                }
                return attempt.scene == "Locked" ? .reject(reason: "locked") : .allow
            }
        case 15:
            toggleGuard("bounce") { attempt in
                guard attempt.leaving == nil, attempt.scene == "B2" else { return .allow }
                return .redirect(attempt.kind == .push ? .present(scene: "B1") : .push(scene: "B2"))
            }
        case 16:
            let coordinator = self.coordinator
            toggleGuard("meddler") { [weak coordinator] attempt in
                // A guard's navigation is rejected while the navigation it judges is planned.
                guard let coordinator else { return .allow }
                do throws(NavigationError) {
                    try coordinator.navigate(.dismissAll())
                    preconditionFailure("fuzz-navigation oracle: a guard navigated")
                } catch {
                    guard error == .misuse(.reentrantNavigation(.dismissAll, during: attempt.kind))
                    else {
                        preconditionFailure(
                            "fuzz-navigation oracle: a guard's navigation threw \(error)")
                    }
                }
                return .allow
            }
        case 17:
            toggleChatty()
        case 18:
            // Nothing: the redirect limit is the coordinator's own (8), no longer set here.
            break
        case 19:
            let request: ApplicationTransitionType = pick([.pop(), .dismiss()]) ?? .pop()
            navigate(request, force: true, "\(request) forced")
        case 20:
            let names = (0..<(byte() % 4)).map { _ in pick(Self.tabNames) ?? "home" }
            let items = names.map { TabItem($0, scene: scene(), parameters: parameters()) }
            let request = ApplicationTransitionType.tabs(
                items, selected: pick(names + ["nope"]) ?? "home")
            navigate(request, force: force, "\(request), force: \(force)")
        case 21:
            let name = tabName()
            let selected = coordinator.tree.selectedTab == name
            navigate(.selectTab(name), force: false, "select tab \(name)") { event in
                // A guard may redirect the selection to another request (which may change
                // nothing); selecting the selected tab changes nothing.
                if event.map({ $0.redirectedFrom == nil }) ?? selected {
                    check(coordinator.tree.selectedTab == name, "selected \(name), got another tab")
                }
            }
        case 22:
            let style = style()
            let request = ApplicationTransitionType.present(
                scene: scene(), parameters: parameters(), style: style)
            navigate(request, force: false, "\(request)") { event in
                // A guard may redirect the present to another request.
                if let event, event.redirectedFrom == nil, chatty == nil {
                    check(event.style == style, "\(event) lost the style \(style)")
                    check(
                        coordinator.tree.topStack?.style == style,
                        "the modal lost the style \(style)")
                }
            }
        case 23:
            let destinations = (0..<(byte() % 4)).map { _ in
                Destination(scene(), parameters: parameters())
            }
            let request = ApplicationTransitionType.setStack(destinations)
            let stack = coordinator.tree.topStack?.id
            navigate(request, force: force, "\(request), force: \(force)") { event in
                if let event, event.redirectedFrom == nil {
                    check(event.stack == stack, "set-stack changed the stack's identity")
                }
            }
        case 24:
            let request = ApplicationTransitionType.replace(
                scene: scene(), parameters: parameters())
            navigate(request, force: force, "\(request), force: \(force)")
        case 25:
            let report: PlatformReport
            switch byte() % 3 {
            case 0: report = .tabSelectedByUser(tabName())
            case 1: report = .selectedTabReselectedByUser
            default: report = .dismissedByUser(screenID())
            }
            follow(report)
        case 26:
            openOwnLink()
        default:
            coordinator.tabHosts =
                coordinator.tabHosts.isEmpty
                ? ["home": ["A2", "product/:id"], "more": ["B2", "Keep"], "x,y]": ["Order"]] : [:]
            checkState(after: "changing the tabs' hosted scenes")
        }
    }

    /// Opens the tree's own link and restores its own snapshot: each rebuilds an equal tree
    /// (identities aside; payloads aside for the link, which carries none), unless a guard or
    /// a veto stops it, or an observer navigates.
    private func openOwnLink() {
        let structure = TreeStructure(coordinator.tree)
        let link = ownLink()
        let snapshot = ownSnapshot()
        let force = byte() % 2 == 0
        if let link {
            perform("open its own link \(link)") { () throws(NavigationError) in
                let event = try coordinator.open(.deepLink(link, format: Self.roomy), force: force)?
                    .transition
                if chatty == nil, let event, event.redirectedFrom == nil {
                    check(
                        TreeStructure(coordinator.tree) == structure,
                        "\(link) rebuilt \(coordinator.tree)")
                }
                return event
            }
        }
        if let snapshot {
            perform("restore its own snapshot") { () throws(NavigationError) in
                let event = try coordinator.restore(snapshot, force: force)
                if chatty == nil, let event, event.redirectedFrom == nil {
                    // Payloads included: the restored tree saves the same snapshot.
                    check(
                        ownSnapshot() == snapshot,
                        "its snapshot rebuilt \(coordinator.tree), which saves another")
                }
                return event
            }
        }
    }

    /// The tree's own link, or `nil` for an empty window and for a tree whose link is refused:
    /// over the format's limits, or holding a screen whose payload cannot be rebuilt.
    private func ownLink() -> String? {
        do {
            return try coordinator.link(format: Self.roomy)
        } catch {
            switch error {
            case .link(.invalidLink):
                return nil
            case .link(.linkNeedsPayload(let scene, let screen)):
                // Only `Gift` requires a payload it cannot rebuild from parameters.
                check(
                    scene == "Gift"
                        && coordinator.tree.screens.first { $0.id == screen }?.scene == scene,
                    "the link was refused for \(scene) \(screen)")
                return nil
            default:
                preconditionFailure("fuzz-navigation oracle: writing the link failed: \(error)")
            }
        }
    }

    /// The tree's own snapshot, or `nil` when a screen holds a payload of a type not
    /// registered for snapshots (only `Product` is).
    private func ownSnapshot() -> TreeSnapshot? {
        do {
            return try coordinator.snapshot()
        } catch {
            guard case .link(.payloadNotSaved(let scene, let screen, let type)) = error,
                let found = coordinator.tree.screens.first(where: { $0.id == screen }),
                let payload = found.payload
            else {
                preconditionFailure("fuzz-navigation oracle: the tree's snapshot failed: \(error)")
            }
            check(
                found.scene == scene && payload.description == type
                    && payload.value(as: Product.self) == nil,
                "the snapshot refused \(scene) \(screen) with a \(type)")
            return nil
        }
    }

    // MARK: Payloads and typed results

    /// What a request for `scene` with `payload` and `parameters` must do at the payload check:
    /// fail with an error, or give the builder a payload (the one given, or for `Product`
    /// without one, the one rebuilt from its `id` parameter).
    static func payloadCheck(
        _ scene: SceneIdentifier, _ payload: ScenePayload?, _ parameters: SceneParameters
    ) -> Result<ScenePayload?, NavigationError> {
        let expected: String
        switch scene {
        case "Product":
            if payload?.value(as: Product.self) != nil { return .success(payload) }
            if payload == nil {
                guard let id = parameters["id"].flatMap({ Int($0) }) else {
                    return .failure(.input(.missingParameter(scene: "Product", name: "id")))
                }
                return .success(ScenePayload(Product(id: id)))
            }
            expected = ScenePayload(Product(id: 0)).description
        case "Gift":
            if payload?.value(as: Gift.self) != nil { return .success(payload) }
            expected = ScenePayload(Gift(note: "")).description
        default:
            return .success(payload)
        }
        guard let payload else {
            return .failure(.input(.missingPayload(scene: scene, expected: expected)))
        }
        return .failure(
            .input(.wrongPayloadType(scene: scene, expected: expected, given: payload.description)))
    }

    /// Navigations with payloads, typed results, and finishes with a value of the wrong type.
    private func payloadStep(_ operation: Int) {
        switch operation {
        case 36, 39:
            let scene = pick(["Product", "Gift", "A1", "Order", "product/7"] as [SceneIdentifier])
            let payload = pick(Self.payloads) ?? nil
            let parameters = parameters()
            let request: ApplicationTransitionType
            switch byte() % 4 {
            case 0:
                request = .push(scene: scene ?? "A1", parameters: parameters, payload: payload)
            case 1:
                request = .present(
                    scene: scene ?? "A1", parameters: parameters, payload: payload, style: style())
            case 2:
                request = .replace(scene: scene ?? "A1", parameters: parameters, payload: payload)
            default:
                request = .setStack([
                    "A1", Destination(scene ?? "A1", parameters: parameters, payload: payload),
                ])
            }
            let expected = Self.payloadCheck(scene ?? "A1", payload, parameters)
            navigate(request, force: operation == 39, "\(request)") { event in
                if let event, event.redirectedFrom == nil, chatty == nil {
                    guard case .success(let built) = expected else {
                        preconditionFailure(
                            "fuzz-navigation oracle: \(request) applied; expected \(expected)")
                    }
                    check(
                        coordinator.tree.visibleScreen?.payload == built,
                        "the new screen does not hold the payload \(String(describing: built))")
                }
            }
        case 37:
            tickets += 1
            let ticket = tickets
            let request: ApplicationTransitionType =
                byte() % 2 == 0 ? .push(scene: scene()) : .present(scene: scene())
            perform("\(request) expecting an Int") { () throws(NavigationError) in
                let event = try coordinator.navigate(
                    request, expecting: Int.self,
                    onResult: { [unowned self] _ in self.resultCalls[ticket, default: 0] += 1 })
                expectedResults.insert(ticket)
                // The handler waits on the screen the navigation showed, a redirect's included.
                if let event, event.kind.addsScreen {
                    typedScreens.insert(event.to.screen)
                }
                return event
            }
        default:
            guard let screen = coordinator.tree.visibleScreen?.content as? FuzzScreen else {
                return
            }
            let id = screen.context.screen
            let typed = typedScreens.contains(id)
            perform("finish \(id) with a String") { () throws(NavigationError) in
                do throws(NavigationError) {
                    let event = try screen.context.finish(with: "not an Int")
                    check(!typed, "\(id) expects an Int, but a String finished it")
                    return event
                } catch {
                    if case .input(.wrongResultType(let refused, _, let given)) = error {
                        check(
                            typed && refused == id && given == ScenePayload("").description,
                            "finishing \(id) threw \(error)")
                    }
                    throw error
                }
            }
        }
    }

    // MARK: A tab set that changes

    /// Adds a tab (a new name, one in use or an invalid one; at the end, at a position in
    /// range or out of it) or removes one (the selected one, another, an unknown one, the only
    /// one), and checks what changed: only that tab, the selection kept or handed to its
    /// neighbour, every other stack and every modal as they were.
    private func tabSetStep(_ operation: Int) {
        let before = coordinator.tree
        let names = before.tabs.map(\.name)
        let force = byte() % 4 == 0
        if operation == 40 {
            let name =
                byte() % 2 == 0 ? "tab-\(byte() % 4)" : (pick(Self.tabNames + names) ?? "home")
            let count = names.count
            let index: Int? =
                switch byte() % 5 {
                case 0, 1: nil
                case 2: count == 0 ? 0 : byte() % (count + 1)
                case 3: count + 1 + byte() % 3
                default: -1 - byte() % 2
                }
            let item = TabItem(name, scene: scene(), parameters: parameters())
            let request = ApplicationTransitionType.addTab(item, at: index)
            navigate(request, force: force, "\(request), force: \(force)") { event in
                if let event, event.redirectedFrom == nil, chatty == nil {
                    checkTabAdded(item, at: index ?? count, before: before, event: event)
                }
            }
        } else {
            let name: String
            switch byte() % 4 {
            case 0: name = before.selectedTab ?? "home"
            case 1: name = pick(names) ?? "home"
            case 2: name = pick(Self.tabNames) ?? "home"
            default: name = "nope"
            }
            let request = ApplicationTransitionType.removeTab(name)
            navigate(request, force: force, "\(request), force: \(force)") { event in
                if let event, event.redirectedFrom == nil, chatty == nil {
                    checkTabRemoved(name, before: before, event: event)
                }
            }
        }
    }

    /// Makes a split root (two or three columns, sometimes a double-column one given a
    /// supplementary screen), selects a detail or a supplementary screen (on any root), or
    /// reports a size class; checks that only what it names changed, or that its refusal names
    /// what was wrong.
    private func splitStep(_ operation: Int) {
        let before = coordinator.tree
        let force = byte() % 4 == 0
        switch operation {
        case 42:
            let supplementary = byte() % 2 == 0 ? Destination(scene()) : nil
            let detail = byte() % 3 == 0 ? nil : Destination(scene(), parameters: parameters())
            let style = pick([nil, ScreenSplit.Style.doubleColumn, .tripleColumn]) ?? nil
            let request = ApplicationTransitionType.split(
                primary: Destination(scene(), parameters: parameters()),
                supplementary: supplementary, detail: detail, style: style)
            let expected = style ?? (supplementary == nil ? .doubleColumn : .tripleColumn)
            navigate(request, force: force, "\(request), force: \(force)") { event in
                let tree = coordinator.tree
                if let event, event.redirectedFrom == nil, chatty == nil {
                    let split = tree.split
                    check(
                        (split?.supplementary == nil) == (expected == .doubleColumn)
                            && split?.primary.count == 1
                            && (split?.supplementary?.count ?? 0)
                                == (supplementary == nil ? 0 : 1)
                            && split?.detail.count == (detail == nil ? 0 : 1)
                            && tree.modals.isEmpty,
                        "\(request) made \(tree)")
                    check(
                        tree.horizontalSizeClass == before.horizontalSizeClass,
                        "\(request) changed the size class")
                }
            }
        case 43, 44:
            let column: ScreenSplit.Column = operation == 43 ? .detail : .supplementary
            let destination = Destination(scene(), parameters: parameters())
            let request: ApplicationTransitionType =
                column == .detail ? .showDetail(destination) : .showSupplementary(destination)
            navigate(request, force: force, "\(request), force: \(force)") { event in
                if let event, event.redirectedFrom == nil, chatty == nil, let old = before.split {
                    checkColumnShown(column, old: old, before: before)
                }
            }
        default:
            let sizeClass: SizeClass = byte() % 2 == 0 ? .compact : .regular
            perform("report(size-class-changed \(sizeClass))") { () throws(NavigationError) in
                do throws(NavigationError) {
                    let event = try coordinator.report(.sizeClassChanged(sizeClass))
                    let tree = coordinator.tree
                    check(
                        tree.horizontalSizeClass == sizeClass,
                        "the size class is \(tree.horizontalSizeClass), not \(sizeClass)")
                    check(
                        (event == nil) == (before.horizontalSizeClass == sizeClass),
                        "a size class report returned \(String(describing: event))")
                    if let event, chatty == nil {
                        // The platform lays the split out: no screen moves, no step is planned
                        // (unless an observer navigates after the event).
                        check(
                            event.plan.steps.isEmpty, "a size class report planned \(event.plan)")
                        let columns = tree.split?.columns.map(\.id)
                        check(
                            tree.screens == before.screens
                                && columns == before.split?.columns.map(\.id),
                            "a size class report moved screens: \(tree)")
                        check(
                            (tree.split?.isCollapsed ?? false)
                                == (tree.split != nil && sizeClass == .compact),
                            "a split is not collapsed in a \(sizeClass) window")
                    }
                    return event
                } catch {
                    // Only an empty window has no layout to report.
                    check(
                        before.isEmpty
                            && error == .refused(.noRoot(.sizeClass)),
                        "a size class report refused: \(error)")
                    throw error
                }
            }
        }
    }

    /// After a detail (or supplementary) selection on the split `old` of `before`: the column
    /// holds one screen and keeps its identity, the columns after it are empty, the columns
    /// before it and the modals are as they were.
    private func checkColumnShown(
        _ column: ScreenSplit.Column, old: ScreenSplit, before: ScreenTree
    ) {
        let tree = coordinator.tree
        guard let split = tree.split else {
            check(false, "a \(column) selection left no split: \(tree)")
            return
        }
        let shown = column == .detail ? split.detail : split.supplementary
        let previous = column == .detail ? old.detail : old.supplementary
        check(
            shown?.count == 1 && shown?.id == previous?.id && split.primary == old.primary
                && (column == .supplementary ? split.detail.isEmpty : true)
                && (column == .detail ? split.supplementary == old.supplementary : true)
                && tree.modals == before.modals
                && tree.horizontalSizeClass == before.horizontalSizeClass,
            "a \(column) selection made \(tree) of \(before)")
    }

    /// After `addTab(item, at: index)`: the new tab holds one screen of the item's scene, at
    /// `index`; the selected tab, every other stack and the modals are as they were.
    private func checkTabAdded(
        _ item: TabItem, at index: Int, before: ScreenTree, event: TransitionEvent
    ) {
        let tree = coordinator.tree
        var names = before.tabs.map(\.name)
        names.insert(item.name, at: index)
        check(tree.tabs.map(\.name) == names, "addTab \(item.name) at \(index) made \(tree)")
        check(tree.selectedTab == before.selectedTab, "addTab changed the selected tab: \(tree)")
        // One screen, of the item's scene.
        let added = tree.tabs[index].stack
        check(
            added.count == 1 && added.first?.scene == item.scene, "the new tab holds \(added)")
        check(
            tree.tabs.filter { $0.name != item.name }.map(\.stack)
                == before.tabs.map(\.stack) && tree.modals == before.modals,
            "addTab changed another stack: \(before) became \(tree)")
        check(
            event.kind == .addTab && event.screen == tree.tabs[index].stack.first?.id
                && event.to == before.visibleScreen.flatMap { before.location(of: $0.id) },
            "addTab reported \(event)")
    }

    /// After `removeTab(name)`: the tab and its screens are gone; the selection stays, or,
    /// when the tab was selected, passes to the next tab (the one before it, when it was the
    /// last); every other stack and the modals are as they were.
    private func checkTabRemoved(_ name: String, before: ScreenTree, event: TransitionEvent) {
        let tree = coordinator.tree
        let names = before.tabs.map(\.name)
        guard let index = names.firstIndex(of: name) else {
            preconditionFailure("fuzz-navigation oracle: removed the unknown tab \(name)")
        }
        let kept = before.tabs.filter { $0.name != name }
        check(tree.tabs.map(\.name) == kept.map(\.name), "removeTab \(name) made \(tree)")
        let selected: String?
        if before.selectedTab == name {
            selected = names[index + 1 < names.count ? index + 1 : index - 1]
        } else {
            selected = before.selectedTab
        }
        check(
            tree.selectedTab == selected,
            "removeTab \(name) selected \(String(describing: tree.selectedTab))")
        check(
            tree.tabs.map(\.stack) == kept.map(\.stack) && tree.modals == before.modals,
            "removeTab changed another stack: \(before) became \(tree)")
        check(
            event.kind == .removeTab && event.removedCount == before.tabs[index].stack.count,
            "removeTab reported \(event)")
    }

    private func liveFlows() -> [FuzzFlow] {
        flows.compactMap(\.flow).filter { !$0.isFinished }
    }

    private func startFlow() {
        let first: ApplicationTransitionType =
            byte() % 2 == 0 ? .push(scene: scene()) : .present(scene: scene())
        let flow = FuzzFlow(coordinator: coordinator, first: first)
        flowNumber += 1
        let key = byte() % 4 == 0 ? "shared" : "flow-\(flowNumber)"
        let parent = byte() % 2 == 0 ? pick(liveFlows()) : nil
        flows.append(WeakFlow(flow: flow))
        perform("start flow \(key) with \(first)", returnsEvents: false) {
            () throws(NavigationError) in
            if let parent {
                try parent.startChild(flow, key: key)
            } else {
                try coordinator.startFlow(flow, key: key)
            }
            return nil
        }
    }

    private func toggleGuard(
        _ name: String,
        _ decide: @escaping @MainActor (NavigationGuard.Attempt) -> NavigationGuard.Decision
    ) {
        if let index = guardNames.firstIndex(of: name) {
            coordinator.removeGuard(named: name)
            guardNames.remove(at: index)
        } else {
            coordinator.addGuard(NavigationGuard(name, decide: decide))
            guardNames.append(name)
        }
        checkState(after: "toggling the guard \(name)")
    }

    /// An observer that answers transitions with more navigation, a few times.
    private func toggleChatty() {
        if let chatty {
            chatty.cancel()
            self.chatty = nil
            return
        }
        chattyBudget = 1 + byte() % 8
        let throughFlow = byte() % 2 == 0
        chatty = coordinator.observe { [unowned self] event in
            guard let transition = event.transition, self.chattyBudget > 0 else { return }
            self.chattyBudget -= 1
            let request: ApplicationTransitionType =
                transition.kind.addsScreen ? .pop() : .push(scene: "A2")
            // Known issue: navigating through a flow whose last screen just left.
            if throughFlow, let flow = self.flows.last?.flow, !flow.isFinished {
                _ = try? flow.navigate(request)
            } else {
                _ = try? self.coordinator.navigate(request)
            }
        }
    }

    /// Replaces everything by a forced root: every result answered, every flow gone.
    // MARK: Alerts

    /// An alert or a dialog read from the input: mostly one that can be shown, sometimes one
    /// without buttons, with a button without a title, two cancel buttons, too many text
    /// fields, text fields in a dialog, an anchor on an alert or a bad anchor, an invalid name.
    private func alertContent() -> AlertContent {
        let titles = ["OK", "Delete", "Save", "", "Keep editing"]
        var buttons: [AlertContent.Button] = []
        for index in 0..<(byte() % 5) {
            let title = pick(titles) ?? "OK"
            switch byte() % 4 {
            case 0: buttons.append(AlertContent.Button("Cancel", role: .cancel))
            case 1:
                buttons.append(AlertContent.Button(title, role: .destructive, value: index == 0))
            case 2: buttons.append(AlertContent.Button(title, value: index))
            default: buttons.append(AlertContent.Button(title))
            }
        }
        let name = SceneIdentifier(pick(["Alert", "DiscardDraft", "Keep", "A1", "bad name"]) ?? "")
        if byte() % 2 == 0 {
            let fields = (0..<(byte() % 6 == 5 ? 5 : byte() % 3)).map {
                AlertContent.TextField(placeholder: "Field \($0)", isSecure: $0 == 1)
            }
            var alert = AlertContent(name, title: "Rename", buttons: buttons, textFields: fields)
            if byte() % 8 == 0 { alert.anchor = "share" }
            return alert
        }
        let anchors: [String?] = [nil, "share", nil, "", String(repeating: "a", count: 65)]
        var dialog = AlertContent.confirmationDialog(
            name, title: "Share", buttons: buttons, anchor: pick(anchors) ?? nil)
        if byte() % 8 == 0 { dialog.textFields = [AlertContent.TextField()] }
        return dialog
    }

    /// Whether `value`, which an alert's navigation heard, is `payload`'s value.
    private static func same(_ value: any Sendable, _ payload: ScenePayload) -> Bool {
        if let value = value as? Bool { return payload.value(as: Bool.self) == value }
        if let value = value as? Int { return payload.value(as: Int.self) == value }
        if let value = value as? String { return payload.value(as: String.self) == value }
        return false
    }

    /// Checks what the alert of `screen` heard, if an alert step presented it.
    ///
    /// It heard the value of `button` (with the texts, for an alert with text fields), or
    /// `cancelled` for no button; with `orCancel`, a dialog may also have heard its cancel
    /// button's value (a tap outside it, reported by another step).
    private func checkAnswer(
        of screen: ScreenID, button: Int?, text: [String], orCancel: Bool = false,
        _ what: String
    ) {
        guard let (ticket, content) = alertTickets.removeValue(forKey: screen) else { return }
        let heard = alertResults[ticket]
        guard let button else {
            if case .cancelled = heard { return }
            if orCancel, content.style == .confirmationDialog,
                let cancel = content.buttons.first(where: { $0.role == .cancel }),
                case .value(let given) = heard, Self.same(given, cancel.value)
            {
                return
            }
            preconditionFailure(
                "fuzz-navigation oracle: \(what): the alert heard \(String(describing: heard))")
        }
        let value = content.buttons[button].value
        guard case .value(let given) = heard else {
            preconditionFailure(
                "fuzz-navigation oracle: \(what): the alert heard \(String(describing: heard))")
        }
        if content.textFields.isEmpty {
            check(Self.same(given, value), "\(what): the alert answered \(given)")
        } else {
            let answer = given as? AlertContent.Answer
            check(
                answer?.button == button && answer?.value == value && answer?.text == text,
                "\(what): the alert answered \(given)")
        }
    }

    /// Alerts and dialogs presented, answered and dismissed; locked popovers.
    private func alertStep(_ operation: Int) {
        let before = coordinator.tree
        let beforeAlert = before.alert
        let visible = before.visibleScreen?.id
        switch operation {
        case 46:
            // An alert with a result handler, sometimes one that expects a Bool.
            let content = alertContent()
            let typed = byte() % 4 == 0
            tickets += 1
            let ticket = tickets
            let request = ApplicationTransitionType.alert(content, animated: byte() % 2 == 0)
            perform("\(request)\(typed ? " expecting Bool" : "")") { () throws(NavigationError) in
                let handler: @MainActor (ScreenResult) -> Void = { [unowned self] result in
                    self.resultCalls[ticket, default: 0] += 1
                    self.alertResults[ticket] = result
                }
                do throws(NavigationError) {
                    let event =
                        typed
                        ? try coordinator.navigate(request, expecting: Bool.self, onResult: handler)
                        : try coordinator.navigate(request, onResult: handler)
                    expectedResults.insert(ticket)
                    check(
                        content.problem == nil,
                        "\(request) applied with \(String(describing: content.problem))")
                    check(beforeAlert == nil, "\(request) applied over an alert")
                    if let event {
                        check(event.style == content.style, "\(event) lost the alert's style")
                        if chatty == nil {
                            check(coordinator.tree.alert == content, "the tree lost the alert")
                            alertTickets[event.screen] = (ticket, content)
                        }
                    }
                    return event
                } catch {
                    switch error {
                    case .refused(.noRoot):
                        check(before.isEmpty, "\(request): no root over \(before)")
                    case .refused(.alertIsPresented(.present, let alert)):
                        check(
                            beforeAlert != nil && before.visibleScreen?.scene == alert,
                            "\(request) refused over \(alert), not an alert")
                    case .refused(.invalidAlert(let problem))
                    where problem.detail.wrongAnswerButton != nil:
                        let button = problem.detail.wrongAnswerButton ?? -1
                        let answers = content.buttons.indices.map {
                            content.textFields.isEmpty
                                && content.buttons[$0].value.value(as: Bool.self) != nil
                        }
                        // Checked once the request itself can apply.
                        check(
                            typed && answers.firstIndex(of: false) == button
                                && content.problem == nil && beforeAlert == nil && !before.isEmpty,
                            "\(request): button \(button) refused as the wrong type")
                    case .refused(.invalidAlert(let problem)):
                        check(problem == content.problem, "\(request) refused for \(problem)")
                    default:
                        preconditionFailure("fuzz-navigation oracle: \(request) threw \(error)")
                    }
                    throw error
                }
            }
        case 47:
            // The user's answer: mostly to the alert on top.
            let id = byte() % 4 == 0 ? screenID() : (visible ?? ScreenID(1))
            let button = byte() % 5 == 0 ? byte() % 20 - 2 : byte() % 3
            let text = (0..<(byte() % 3)).map { "text \($0)" }
            let report = PlatformReport.answeredByUser(id, button: button, text: text)
            perform("report(\(report))") { () throws(NavigationError) in
                do throws(NavigationError) {
                    let event = try coordinator.report(report)
                    guard let alert = beforeAlert else {
                        preconditionFailure(
                            "fuzz-navigation oracle: \(report) applied with no alert")
                    }
                    check(
                        id == visible && alert.buttons.indices.contains(button)
                            && text.count == alert.textFields.count,
                        "\(report) applied to \(alert)")
                    check(
                        !coordinator.tree.screens.contains { $0.id == id } || chatty != nil,
                        "the alert stayed")
                    checkAnswer(of: id, button: button, text: text, "\(report)")
                    return event
                } catch {
                    switch error {
                    case .refused(.reportedScreenGone):
                        check(before.location(of: id) == nil, "\(report): \(id) is in the tree")
                    case .refused(.notAnAlert):
                        check(beforeAlert == nil || visible != id, "\(report): it is an alert")
                    case .refused(.noSuchAlertButton(_, _, let count)):
                        check(
                            beforeAlert?.buttons.count == count && !(0..<count).contains(button),
                            "\(report): button \(button) of \(count) refused")
                    case .refused(.alertTextMismatch(_, let given, let expected)):
                        check(
                            given == text.count && expected == beforeAlert?.textFields.count,
                            "\(report): \(given) texts for \(expected) fields refused")
                    default:
                        preconditionFailure("fuzz-navigation oracle: \(report) threw \(error)")
                    }
                    throw error
                }
            }
        default:
            // A tap outside the alert on top: a dialog answers its cancel button's value (or
            // cancelled), an alert refuses it. With none on top, a locked popover refuses it.
            guard let alert = beforeAlert, let id = visible else {
                let request = ApplicationTransitionType.present(
                    scene: scene(), style: .popover(anchor: "share", interactiveDismissal: false))
                perform("\(request)") { () throws(NavigationError) in
                    try coordinator.navigate(request)
                }
                guard let top = coordinator.tree.visibleScreen?.id,
                    coordinator.tree.topStack?.style
                        == .popover(anchor: "share", interactiveDismissal: false)
                else { return }
                perform("report(dismissed-by-user \(top)) of a locked popover") {
                    () throws(NavigationError) in
                    do throws(NavigationError) {
                        _ = try coordinator.report(.dismissedByUser(top))
                        preconditionFailure(
                            "fuzz-navigation oracle: a locked popover was dismissed")
                    } catch {
                        check(
                            error
                                == .refused(
                                    .notDismissibleByUser(
                                        top,
                                        style: .popover(
                                            anchor: "share", interactiveDismissal: false))),
                            "a locked popover's dismissal threw \(error)")
                        throw error
                    }
                }
                return
            }
            perform("report(dismissed-by-user \(id)) of \(alert)") { () throws(NavigationError) in
                do throws(NavigationError) {
                    let event = try coordinator.report(.dismissedByUser(id))
                    check(alert.style == .confirmationDialog, "an alert was dismissed by the user")
                    checkAnswer(
                        of: id, button: alert.buttons.firstIndex { $0.role == .cancel }, text: [],
                        "a tap outside")
                    return event
                } catch {
                    check(
                        alert.style == .alert
                            && error == .refused(.notDismissibleByUser(id, style: .alert)),
                        "a tap outside \(alert) threw \(error)")
                    throw error
                }
            }
        }
    }

    /// The detents a request or a drag names: offered by some sheets, invalid, or not offered.
    static let detents: [PresentationStyle.Detent] = [
        .medium, .large, .height(230), .fraction(0.5), .height(-1), .fraction(2),
    ]

    /// A stack of the tree, or one seen before that is gone.
    private func someStack() -> StackID? {
        seenStacks.formUnion(coordinator.tree.stacks.map(\.id))
        return pick(seenStacks.sorted())
    }

    /// A request on a named stack, a change to a shown modal, or a sheet dragged; each judged
    /// by the oracle, then what it did checked on the stack or the modal it names.
    private func modalStep(_ operation: Int) {
        guard let stack = someStack() else { return }
        let before = coordinator.tree
        switch byte() % 6 {
        case 0:
            let request = ApplicationTransitionType.push(scene: scene(), on: stack)
            navigate(request, force: false, "\(request)") { event in
                // A guard may redirect it; a chatty observer may navigate after it.
                guard let event, event.redirectedFrom == nil else { return }
                check(
                    event.kind == .push && event.stack == stack,
                    "\(request) reported \(event), not a push onto \(stack)")
                let was = before.stacks.first { $0.id == stack }
                check(
                    was?.contains { $0.id == event.screen } == false,
                    "\(request) reported a screen that was there")
            }
        case 1:
            let request: ApplicationTransitionType =
                pick([.pop(on: stack), .popToRoot(on: stack), .setStack(["A1", "A2"], on: stack)])
                ?? .pop(on: stack)
            navigate(request, force: byte() % 2 == 0, "\(request)") { event in
                guard let event, event.redirectedFrom == nil else { return }
                check(event.stack == stack, "\(request) reported \(event), not on \(stack)")
            }
        case 2, 3:
            let lock: Bool? = byte() % 3 == 0 ? nil : byte() % 2 == 0
            let detent = byte() % 2 == 0 ? pick(Self.detents) : nil
            let request = ApplicationTransitionType.updateModal(
                on: byte() % 2 == 0 ? nil : stack, interactiveDismissal: lock, detent: detent)
            navigate(request, force: false, "\(request)") { event in
                guard let event else { return }
                let was = before.modals.first { $0.id == event.stack }?.style
                check(
                    event.kind == .updateModal && was != nil, "\(request) reported \(event)")
                // A chatty observer may have dismissed it since; if it is there, it has the style.
                if let style = coordinator.tree.modals.first(where: { $0.id == event.stack })?.style
                {
                    check(
                        style
                            == was.flatMap {
                                DocumentedRules.updated($0, lock: lock, detent: detent)
                            }, "\(request) left the style \(style)")
                }
            }
        default:
            let screen =
                byte() % 4 == 0 ? screenID() : coordinator.tree.visibleScreen?.id ?? screenID()
            let offered: [PresentationStyle.Detent]
            if case .sheet(let detents, _, _) = coordinator.tree.modals.last?.style {
                offered = detents
            } else {
                offered = []
            }
            let detent = pick(byte() % 4 == 0 ? Self.detents : offered) ?? .large
            follow(.detentChangedByUser(screen, to: detent))
        }
    }

    private func finish() {
        chatty?.cancel()
        chatty = nil
        for name in guardNames {
            coordinator.removeGuard(named: name)
        }
        guardNames = []
        perform("the final root") { () throws(NavigationError) in
            try coordinator.navigate(.root(scene: "A1"), force: true)
        }
        check(coordinator.tree.scenes == [["A1"]], "the final root left \(coordinator.tree)")
        // An alert the final root took away heard `cancelled`.
        for screen in Array(alertTickets.keys) {
            checkAnswer(of: screen, button: nil, text: [], orCancel: true, "the final root")
        }
        check(
            Set(resultCalls.keys) == expectedResults,
            "\(expectedResults.subtracting(resultCalls.keys).count) results never answered")
        check(
            flows.allSatisfy { $0.flow?.isFinished ?? true }, "a flow outlived its screens")
        check(flows.allSatisfy { $0.flow == nil }, "a flow was not released")
    }
}

#if !FUZZING
    import FuzzReplay

    /// Replays files (or every file in directories) through the fuzz entry point.
    @main
    enum Replay {
        static func main() {
            FuzzReplay.run(tool: "fuzz-navigation", entry: fuzzNavigation)
        }
    }
#endif

extension NavigationError.Problem.Detail {
    /// The button of an alert refused because its answer is not of the type asked for, or `nil`.
    fileprivate var wrongAnswerButton: Int? {
        guard case .alert(.wrongAnswerType(let button, _, _)) = self else { return nil }
        return button
    }
}

extension TransitionEvent.Kind {
    /// Whether a transition of this kind shows new screens (a root, a push, a present, tabs, a
    /// new tab, a set or replaced stack, a restored tree, a split, a new column), each numbered
    /// above every screen before it; the others remove screens, select a tab or follow the
    /// window's size.
    fileprivate var addsScreen: Bool {
        switch self {
        case .root, .push, .present, .replaceTree, .tabs, .addTab, .setStack, .replace, .split,
            .showDetail, .showSupplementary:
            return true
        case .pop, .popToRoot, .popTo, .dismiss, .dismissAll, .selectTab, .removeTab,
            .sizeClass, .updateModal:
            return false
        }
    }
}
