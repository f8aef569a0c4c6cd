@_spi(Rules) import CoreModule
import Foundation
import Testing

/// A navigation attempted from inside another: by a builder, a guard, a veto, an observer, a
/// result handler or a flow's finish hook.
enum NestedCall: Sendable, CustomTestStringConvertible {
    case navigate(ApplicationTransitionType)
    case open
    case restore
    case reportVisible

    static let format = DeepLinkFormat(scheme: "app")

    /// The kind a `reentrantNavigation` error names for this call.
    var kind: TransitionEvent.Kind {
        switch self {
        case .navigate(let request): return request.kind
        case .open, .restore: return .replaceTree
        case .reportVisible: return .popTo
        }
    }

    @MainActor
    func run(on coordinator: AppCoordinator) throws(NavigationError) {
        switch self {
        case .navigate(let request):
            try coordinator.navigate(request)
        case .open:
            try coordinator.open(.deepLink("app://open/B2/+A1", format: Self.format))
        case .restore:
            try coordinator.restore(TreeSnapshot(stacks: [[.init(scene: "B2")]]))
        case .reportVisible:
            try coordinator.report(
                .poppedBackByUser(to: coordinator.tree.screenBelowVisible ?? ScreenID(0)))
        }
    }

    var testDescription: String {
        switch self {
        case .navigate(let request): return "\(request)"
        case .open: return "open"
        case .restore: return "restore"
        case .reportVisible: return "report"
        }
    }

    static let all: [NestedCall] = [
        .navigate(.push(scene: "B2")), .navigate(.pop()), .navigate(.dismissAll()),
        .navigate(.root(scene: "B2")), .open, .restore, .reportVisible,
    ]
}

/// An outer operation during which something navigates.
enum OuterCall: Sendable, CustomTestStringConvertible {
    case navigate(ApplicationTransitionType)
    case open(String)
    case restore([SceneIdentifier])

    @MainActor
    func run(on coordinator: AppCoordinator) throws(NavigationError) {
        switch self {
        case .navigate(let request): try coordinator.navigate(request)
        case .open(let link): try coordinator.open(.deepLink(link, format: NestedCall.format))
        case .restore(let scenes):
            try coordinator.restore(TreeSnapshot(stacks: [scenes.map { .init(scene: $0) }]))
        }
    }

    var testDescription: String {
        switch self {
        case .navigate(let request): return "\(request)"
        case .open(let link): return "open(\(link))"
        case .restore(let scenes): return "restore(\(scenes))"
        }
    }
}

/// Holds what the nested calls threw.
@MainActor
final class NestedErrors {
    var errors: [NavigationError] = []
    var armed = true

    /// Runs `call` once, the first time it is asked, and keeps the error it throws.
    func runOnce(_ call: NestedCall, on coordinator: AppCoordinator?) {
        guard armed, let coordinator else { return }
        armed = false
        do {
            try call.run(on: coordinator)
        } catch {
            errors.append(error)
        }
    }
}

/// Re-entrancy: navigation attempted from inside another navigation.
///
/// The rule (docs/contributing/reliability.md): while a navigation is being planned or built — builders,
/// guards and vetoes running — any navigation is rejected with `.misuse(.reentrantNavigation)`, and the
/// outer one goes on as if nothing had been asked; once the tree has changed — observers,
/// result handlers, flow hooks — navigating is allowed, and its events follow the current one.
/// Every test compares with a twin coordinator that ran the same outer operations with nobody
/// meddling.
@MainActor
@Suite("Re-entrancy: nested navigation is rejected while planning, allowed after, never corrupts")
struct ReentrancyTests {
    nonisolated static let setup: [ApplicationTransitionType] = [
        .root(scene: "A1"), .push(scene: "A2"), .present(scene: "B1"), .push(scene: "A2"),
    ]

    nonisolated static let outerCalls: [OuterCall] = [
        .navigate(.root(scene: "Meddler")), .navigate(.push(scene: "Meddler")),
        .navigate(.present(scene: "Meddler")), .open("app://open/A1/+Meddler/A2"),
        .restore(["Meddler", "A2"]),
    ]

    nonisolated static let removals: [OuterCall] = [
        .navigate(.pop()), .navigate(.popToRoot()), .navigate(.popTo(scene: "B1")),
        .navigate(.dismiss()), .navigate(.dismissAll()), .navigate(.root(scene: "A1")),
        .open("app://open/A1/+B1"), .restore(["B1", "A2"]),
    ]

    /// A coordinator whose scene "Meddler" runs `meddle` while it is built.
    private func makeApp(meddle: (@MainActor (AppCoordinator?) -> Void)? = nil) throws
        -> AppCoordinator
    {
        let container = try makeContainer()
        let box = MeddleBox()
        try container.assemble(
            contentsOf: [
                SceneBuilder("Meddler") { context in
                    box.meddle?(box.coordinator)
                    return StubScreen(context: context)
                }
            ])
        let coordinator = AppCoordinator(container: container)
        box.coordinator = coordinator
        box.meddle = meddle
        for request in Self.setup { try coordinator.navigate(request) }
        return coordinator
    }

    /// The outer operation's build kind, which the nested error names.
    private func buildKind(_ outer: OuterCall) -> TransitionEvent.Kind {
        switch outer {
        case .navigate(let request): return request.kind
        case .open, .restore: return .replaceTree
        }
    }

    @Test(
        "a builder that navigates is rejected; the outer navigation goes on",
        arguments: outerCalls, NestedCall.all)
    func builderNavigates(outer: OuterCall, nested: NestedCall) throws {
        let errors = NestedErrors()
        let meddled = try makeApp { errors.runOnce(nested, on: $0) }
        let twin = try makeApp()
        let recorder = EventRecorder(meddled)
        try outer.run(on: meddled)
        try outer.run(on: twin)
        #expect(
            errors.errors == [.misuse(.reentrantNavigation(nested.kind, during: buildKind(outer)))])
        #expect(meddled.tree == twin.tree)
        #expect(meddled.tree.invariantViolations() == [])
        // One failure (the nested call), then the outer transition.
        #expect(recorder.events.count == 2)
        #expect(recorder.events.first?.failure?.error == errors.errors.first)
        #expect(recorder.transitions.count == 1)
    }

    @Test(
        "a guard that navigates is rejected; the outer navigation goes on",
        arguments: removals + Array(outerCalls.dropFirst()), NestedCall.all)
    func guardNavigates(outer: OuterCall, nested: NestedCall) throws {
        let errors = NestedErrors()
        let meddled = try makeApp()
        let twin = try makeApp()
        var firstAttempt: TransitionEvent.Kind?
        meddled.addGuard(
            NavigationGuard("meddler") { [weak meddled] attempt in
                if firstAttempt == nil { firstAttempt = attempt.kind }
                errors.runOnce(nested, on: meddled)
                return .allow
            })
        twin.addGuard(NavigationGuard("allow") { _ in .allow })
        try outer.run(on: meddled)
        try outer.run(on: twin)
        let during = try #require(firstAttempt)
        #expect(errors.errors == [.misuse(.reentrantNavigation(nested.kind, during: during))])
        #expect(meddled.tree == twin.tree)
        #expect(meddled.tree.invariantViolations() == [])
    }

    @Test(
        "a veto that navigates is rejected; the outer navigation goes on",
        arguments: removals, NestedCall.all)
    func vetoNavigates(outer: OuterCall, nested: NestedCall) throws {
        let errors = NestedErrors()
        let meddled = try makeApp()
        let twin = try makeApp()
        let visible = try #require(meddled.tree.visibleScreen?.content as? StubScreen)
        try visible.context.vetoLeaving { [weak meddled] in
            errors.runOnce(nested, on: meddled)
            return nil
        }
        let kind: TransitionEvent.Kind
        switch outer {
        case .navigate(let request): kind = request.kind
        case .open, .restore: kind = .replaceTree
        }
        try outer.run(on: meddled)
        try outer.run(on: twin)
        #expect(errors.errors == [.misuse(.reentrantNavigation(nested.kind, during: kind))])
        #expect(meddled.tree == twin.tree)
        #expect(meddled.tree.invariantViolations() == [])
    }

    @Test("observers that navigate: every observer sees every event once, in order, contiguous")
    func observersNavigate() throws {
        let coordinator = try makeApp()
        var budget = 200
        coordinator.maximumObserverNavigations = budget  // past the default loop guard's 50
        var seen: [[NavigationEvent]] = [[], [], []]
        var tokens: [ObservationToken] = []
        for index in 0..<3 {
            tokens.append(
                coordinator.observe { [unowned coordinator] event in
                    seen[index].append(event)
                    // The first observer answers each push with a present, each present with a
                    // pop (which fails on a modal's first screen), and each failure with a dismiss.
                    guard index == 0, budget > 0 else { return }
                    budget -= 1
                    switch event.transition?.kind {
                    case .push: _ = try? coordinator.navigate(.present(scene: "B2"))
                    case .present: _ = try? coordinator.navigate(.pop())
                    case nil: _ = try? coordinator.navigate(.dismiss())
                    default: _ = try? coordinator.navigate(.push(scene: "A1"))
                    }
                })
        }
        try coordinator.navigate(.push(scene: "B1"))
        #expect(budget == 0)
        #expect(seen[0] == seen[1])
        #expect(seen[1] == seen[2])
        let transitions = seen[0].compactMap(\.transition)
        #expect(transitions.map(\.sequence) == Array(5...UInt64(4 + transitions.count)))
        for (previous, next) in zip(transitions, transitions.dropFirst()) {
            #expect(next.from == previous.to, "\(previous) then \(next)")
        }
        #expect(transitions.last?.to == coordinator.tree.visibleLocation)
        #expect(coordinator.tree.invariantViolations() == [])
        tokens.forEach { $0.cancel() }
    }

    @Test("an observer may chain 20,000 navigations without deepening the stack")
    func longObserverChain() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        var budget = 20_000
        coordinator.maximumObserverNavigations = budget  // past the default loop guard's 50
        let token = coordinator.observe { [unowned coordinator] event in
            guard budget > 0 else { return }
            budget -= 1
            _ = try? coordinator.navigate(
                event.transition?.kind == .push ? .pop() : .push(scene: "A2"))
        }
        try coordinator.navigate(.push(scene: "A2"))
        #expect(budget == 0)
        #expect(coordinator.tree.scenes == [["A1", "A2"]])
        #expect(coordinator.tree.visibleScreen?.id == ScreenID(10_002))
        token.cancel()
    }

    @Test("a result handler that navigates runs after the removal, once")
    func resultHandlerNavigates() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let recorder = EventRecorder(coordinator)
        var results: [String] = []
        try coordinator.navigate(
            .present(scene: "B1"),
            onResult: { [unowned coordinator] result in
                results.append("\(result)")
                _ = try? coordinator.navigate(.push(scene: "A2"))
            })
        let picker = try #require(coordinator.tree.visibleScreen?.content as? StubScreen)
        try picker.context.finish(with: "red")
        #expect(results == ["value(red)"])
        #expect(coordinator.tree.scenes == [["A1", "A2"]])
        #expect(recorder.kinds == [.present, .dismiss, .push])
        try coordinator.navigate(.present(scene: "B1"), onResult: { results.append("\($0)") })
        try coordinator.navigate(.root(scene: "B2"))
        #expect(results == ["value(red)", "cancelled"])
        #expect(coordinator.tree.invariantViolations() == [])
    }

    @Test("a flow's finish hook that navigates leaves a consistent tree and no flow behind")
    func finishHookNavigates() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        var flow: StubFlow? = StubFlow(coordinator: coordinator, first: .present(scene: "B1"))
        weak let released = flow
        flow?.onFinish = { [unowned coordinator] _, _ in
            _ = try? coordinator.navigate(.push(scene: "B2"))
        }
        try coordinator.startFlow(try #require(flow), key: "modal")
        flow = nil
        try coordinator.report(.dismissedByUser(ScreenID(2)))
        #expect(coordinator.tree.scenes == [["A1", "B2"]])
        #expect(coordinator.flows.isEmpty)
        #expect(released == nil)
        #expect(coordinator.owner(of: ScreenID(3)) == nil)
        #expect(coordinator.tree.invariantViolations() == [])
    }
}

/// What the "Meddler" builder runs, set after the coordinator exists.
@MainActor
private final class MeddleBox {
    weak var coordinator: AppCoordinator?
    var meddle: (@MainActor (AppCoordinator?) -> Void)?
}
