@_spi(Rules) import CoreModule
import Foundation
import Testing

/// The coordinator and ``ReferenceModel`` run the same seeded random operations, bad input
/// included; after every step the two must agree.
///
/// Replay a failure with the seed its message prints: `ROUTER_SEED=N swift test --filter
/// ModelBasedTests`. `ROUTER_MODEL_OPERATIONS=N` changes the number of operations (100,000 by
/// default).
@MainActor
@Suite("Model-based: the coordinator agrees with a reference model, step by step")
struct ModelBasedTests {
    static let operationsPerRun = 2_500

    static var totalOperations: Int {
        let text = ProcessInfo.processInfo.environment["ROUTER_MODEL_OPERATIONS"] ?? ""
        return Int(text).map { max($0, 1) } ?? 100_000
    }

    @Test("100,000 random operations: same tree, same event or same error, every step")
    func modelAgreement() throws {
        let seed = SeededRandom.seed()
        var random = SeededRandom(seed: seed)
        let generator = ModelGenerator(drawsAlerts: true)
        var statistics = ModelStatistics()
        var remaining = Self.totalOperations
        var run = 0
        while remaining > 0 {
            let steps = min(remaining, Self.operationsPerRun)
            let label = "ROUTER_SEED=\(seed), run \(run)"
            guard
                try runOnce(
                    steps: steps, generator: generator, random: &random, label: label,
                    statistics: &statistics)
            else { return }
            remaining -= steps
            run += 1
        }
        #expect(statistics.operations == Self.totalOperations)
        // The mix is wide enough to mean something: most kinds both apply and fail.
        #expect(statistics.applied > statistics.operations / 4)
        #expect(statistics.failed > statistics.operations / 10)
        #expect(statistics.failureCases.count >= 20, "\(statistics.failureCases.sorted())")
        if Self.totalOperations >= 50_000 {
            // Every kind of transition applied, and every error of tabs, splits, styles and
            // whole-stack transitions was met. Only the platform reports a size class.
            let kinds = Set(TransitionEvent.Kind.allCases.map(\.description))
                .subtracting(["size-class"])
                .union(["pop by the user", "dismiss by the user", "select-tab by the user"])
                .union(["pop-to-root by the user", "pop-to by the user", "size-class by the user"])
            #expect(
                kinds.subtracting(statistics.appliedKinds).isEmpty,
                "never applied: \(kinds.subtracting(statistics.appliedKinds).sorted())")
            let missing = Self.expectedFailures.subtracting(statistics.failureCases)
            #expect(missing.isEmpty, "never met: \(missing.sorted())")
            #expect(statistics.tabRoots > statistics.applied / 5)
            // Split roots, expanded and collapsed, pops across their columns included.
            #expect(statistics.splitRoots > statistics.applied / 20, "\(statistics)")
            // Alerts and dialogs shown, answered, dismissed by a tap outside and cancelled;
            // locked popovers shown and their dismissal refused.
            #expect(statistics.alertsShown > 500, "\(statistics)")
            #expect(statistics.alertsAnswered > 100, "\(statistics)")
            #expect(statistics.dialogsDismissed > 20, "\(statistics)")
            #expect(statistics.alertsCancelled > 100, "\(statistics)")
            #expect(statistics.lockedPopoverRefusals > 5, "\(statistics)")
            #expect(statistics.collapsedSplits > statistics.applied / 100, "\(statistics)")
            #expect(statistics.crossColumnPops > 100, "\(statistics)")
            // Trees were written as links and snapshots and read back, payloads included.
            #expect(statistics.reopened > 100)
            #expect(statistics.restoredWithPayloads > 100)
            #expect(statistics.rebuiltPayloads > 100)
            // Each kind of universal link applied over a tab root and over a stack root.
            for kind in ["replace-tree", "push", "present"] {
                for root in ["tabs", "a stack"] {
                    #expect(
                        statistics.universalKinds["\(kind) over \(root)", default: 0] > 20,
                        "\(statistics.universalKinds)")
                }
            }
        }
        print("model-based test: \(statistics) (ROUTER_SEED=\(seed))")
    }

    /// Errors a run of 100,000 operations meets, whatever the seed.
    static let expectedFailures: Set<String> = [
        "noTabs", "duplicateTabName", "invalidTabName", "unknownTab", "tabBarCovered",
        "notDismissibleByUser", "emptyStack", "noTabForLink", "invalidPresentationStyle",
        "unsupportedSnapshotVersion", "invalidSnapshot/tooManyScreens",
        "invalidSnapshot/tooManyTabs", "invalidSnapshot/tooManyModals",
        "invalidSnapshot/tooManyParameters", "invalidSnapshot/selectedTabOutOfRange",
        "invalidSnapshot/duplicateTabName", "invalidSnapshot/invalidTabName",
        "invalidSnapshot/rootAndTabs", "invalidSnapshot/modalsWithoutRoot",
        "invalidSnapshot/emptyStack", "invalidSnapshot/invalidStyle",
        "invalidLink/repeatedTab", "invalidLink/twoSelectedTabs", "invalidLink/misplacedTab",
        "invalidLink/misplacedAttributes", "invalidLink/unknownAttribute",
        "invalidLink/unclosedAttributes", "linkSegmentFailed/unknownScene",
        "restorationFailed/builderFailed", "leavingVetoed", "rejectedByGuard",
        // Payloads: checked before the builder, rebuilt or not by links, saved or not by
        // snapshots.
        "missingPayload", "wrongPayloadType", "builderFailed", "linkNeedsPayload",
        "payloadNotSaved", "linkSegmentFailed/missingPayload",
        "restorationFailed/missingPayload", "restorationFailed/wrongPayloadType",
        "invalidSnapshot/unknownPayloadType", "invalidSnapshot/unreadablePayload",
        // Universal links: unhandled, and failing in their effect.
        "unhandledLink",
        // Split roots: a split step on another root or a missing column, a replace on an empty
        // detail, a size class on an empty window; their links and snapshots.
        "noSplitRoot", "noSupplementaryColumn", "noDetailScreen", "noRoot",
        "invalidLink/unknownAttribute", "restorationFailed/unknownScene",
        // Alerts: broken content, requests over one, wrong answers.
        "invalidAlert/invalidName", "invalidAlert/noButtons", "invalidAlert/tooManyButtons",
        "invalidAlert/tooManyTextFields", "invalidAlert/textFieldsInDialog",
        "invalidAlert/anchorOnAlert", "invalidAlert/invalidAnchor", "invalidAlert/textTooLong",
        "invalidAlert/emptyButtonTitle", "invalidAlert/moreThanOneCancelButton",
        "alertIsPresented", "notAnAlert", "noSuchAlertButton", "alertTextMismatch",
        "invalidSnapshot/invalidStyle",
    ]

    /// Runs `steps` operations on a fresh coordinator; false after recording an issue.
    private func runOnce(
        steps: Int, generator: ModelGenerator, random: inout SeededRandom, label: String,
        statistics: inout ModelStatistics
    ) throws -> Bool {
        let world = try ModelWorld()
        world.checksResults = true
        var model = ReferenceModel()
        // The last operations, described only when a step fails.
        var history: [(step: Int, operation: ModelOperation)] = []
        for step in 0..<steps {
            let operation = generator.next(model, &random)
            history.append((step, operation))
            if history.count > 12 { history.removeFirst() }
            let outcome = operation.predict(model)
            let before = world.coordinator.tree
            world.clearEvents()
            world.results.removeAll()
            let result = operation.apply(to: world)
            statistics.count(outcome, of: operation, over: model)

            func fail(_ message: String) -> Bool {
                Issue.record(
                    """
                    \(label), step \(step): \(message)
                    operation: \(operation)
                    model: \(model.tree)
                    real:  \(world.tree)
                    last operations:
                    \(history.map { "\($0.step): \($0.operation)" }.joined(separator: "\n"))
                    """)
                return false
            }

            if let mismatch = Self.verify(
                operation, outcome: outcome, result: result, before: before, world: world,
                model: &model)
            {
                return fail(mismatch)
            }
        }
        return true
    }
}

extension ModelBasedTests {
    /// Checks one step: what `world`'s coordinator did for `operation` (its `result`, its
    /// events, its tree, which was `before`) against the model's `outcome`; on agreement, moves
    /// `model` on and returns `nil`, else says how they differ.
    static func verify(
        _ operation: ModelOperation, outcome: ModelOutcome,
        result: Result<TransitionEvent?, NavigationError>, before: ScreenTree, world: ModelWorld,
        model: inout ReferenceModel
    ) -> String? {
        if let mismatch = operation.writingMismatch(model, world) { return mismatch }
        let previous = model
        switch (outcome, result) {
        case (.applied(let next, let expected), .success(let event)):
            guard let event, event.withPlan(RenderPlan()) == expected else {
                return "returned \(String(describing: event)), expected \(expected)"
                    + differences(event, expected)
            }
            guard world.events == [.transition(event)] else {
                return "observers saw \(world.events), expected \(expected)"
            }
            // The plan takes a host showing the tree before to the tree after; what the
            // user did is already on screen.
            var single = false
            if case .navigate = operation { single = true }
            if let mismatch = PlanHost.check(
                event, from: before, to: world.coordinator.tree, single: single)
            {
                return mismatch
            }
            model = next
        case (.failed(let expected, let identities), .failure(let error)):
            guard error == expected else {
                return "threw \(error), expected \(expected)"
            }
            guard world.coordinator.tree == before else {
                return "the failed operation changed the tree"
            }
            guard
                let operation = operation.operation(in: world),
                world.events == [
                    .failure(NavigationEvent.Failure(operation: operation, error: expected))
                ]
            else {
                return "observers saw \(world.events) for a failure"
            }
            // Builders that ran before the failure used their identities up.
            model.nextID += identities
        case (.refused(let expected), .failure(let error)):
            guard error == expected else {
                return "threw \(error), expected \(expected)"
            }
            guard world.coordinator.tree == before, world.events.isEmpty else {
                return "writing the tree changed it, or reported \(world.events)"
            }
        case (.silent(let next), .success(nil)):
            guard world.coordinator.tree == before, world.events.isEmpty else {
                return "a silent operation reported \(world.events)"
            }
            model = next
        default:
            return "the model predicted \(outcome), the coordinator gave \(result)"
        }
        // Structure, screen, stack and modal identities, tab names and selection, styles.
        guard world.tree == model.tree else {
            return "the trees differ"
        }
        // Each alert that left answered its navigation once, as the model says.
        if world.checksResults {
            let expected = operation.alertResults(from: previous, to: model)
            let heard = world.results
            guard heard.count == expected.count,
                zip(heard, expected).allSatisfy({
                    $0.screen?.rawValue == $1.screen && $1.result.matches($0.result)
                })
            else {
                let shown = heard.map { "\($0.screen.map { "\($0)" } ?? "?"): \($0.result)" }
                return "alerts' navigations heard \(shown), expected "
                    + "\(expected.map { "#\($0.screen): \($0.result)" })"
            }
        }
        let violations = world.coordinator.tree.invariantViolations()
        guard violations.isEmpty else {
            return "invariants broken: \(violations)"
        }
        return nil
    }

    /// The fields in which two events differ, for a failure message.
    static func differences(_ actual: TransitionEvent?, _ expected: TransitionEvent) -> String {
        guard let actual else { return "" }
        let fields = zip(Mirror(reflecting: actual).children, Mirror(reflecting: expected).children)
            .compactMap { real, model -> String? in
                let (shown, predicted) = (
                    String(describing: real.value), String(describing: model.value)
                )
                return shown == predicted ? nil : "\(real.label ?? "?"): \(shown) ≠ \(predicted)"
            }
        return fields.isEmpty ? "" : "\n(differing fields: \(fields.joined(separator: "; ")))"
    }
}

/// What a model-based run did, to show that it covered the ground.
struct ModelStatistics: CustomStringConvertible {
    var operations = 0
    var applied = 0
    var failed = 0
    var silent = 0
    var failureCases: Set<String> = []
    /// The kinds of the events applied, initiator included (`pop` and `pop by the user`).
    var appliedKinds: Set<String> = []
    var maximumScreens = 0
    /// Applied operations that left a tab root.
    var tabRoots = 0
    /// Trees written as a link and opened again.
    var reopened = 0
    /// Trees saved as a snapshot holding payloads and restored.
    var restoredWithPayloads = 0
    /// Applied operations after which a screen holds a payload its builder rebuilt.
    var rebuiltPayloads = 0
    /// Universal links applied, by the kind of their event (`replace-tree`, `push`, `present`),
    /// over a tab root or a stack root.
    var universalKinds: [String: Int] = [:]
    /// Applied operations that left a split root, and a collapsed one.
    var splitRoots = 0
    var collapsedSplits = 0
    /// Pops, pops to a screen and back reports on a collapsed split that left the detail
    /// column (a supplementary's or the primary's screen visible after).
    var crossColumnPops = 0
    /// How many operations of each kind were drawn (`alert` and `answer` included).
    var drawn: [String: Int] = [:]
    /// Alerts and dialogs shown, answered by the user, dialogs dismissed with a tap outside,
    /// and alerts that left another way (their navigations hear `cancelled`).
    var alertsShown = 0
    var alertsAnswered = 0
    var dialogsDismissed = 0
    var alertsCancelled = 0
    /// Locked popovers shown, and the user's dismissals of one refused.
    var lockedPopovers = 0
    var lockedPopoverRefusals = 0

    mutating func count(
        _ outcome: ModelOutcome, of operation: ModelOperation, over model: ReferenceModel
    ) {
        let overTabs = model.tree.hasTabs
        operations += 1
        drawn[operation.drawnKind, default: 0] += 1
        switch outcome {
        case .applied(let next, let event):
            applied += 1
            for (_, result) in operation.alertResults(from: model, to: next) {
                switch (operation, result) {
                case (.report(.answeredByUser), _): alertsAnswered += 1
                case (.report(.dismissedByUser), _): dialogsDismissed += 1
                default: alertsCancelled += 1
                }
            }
            if case .navigate(.alert, _) = operation { alertsShown += 1 }
            if case .popover(_, false) = event.style, event.kind == .present { lockedPopovers += 1 }
            switch operation {
            case .reopen: reopened += 1
            case .openUniversal:
                universalKinds["\(event.kind) over \(overTabs ? "tabs" : "a stack")", default: 0] +=
                    1
            case .resnapshot:
                if next.screens.contains(where: { $0.payload != nil }) { restoredWithPayloads += 1 }
            default: break
            }
            if next.screens.contains(where: {
                $0.payload?.value(as: ModelProduct.self)?.name == "rebuilt"
            }) {
                rebuiltPayloads += 1
            }
            appliedKinds.insert("\(event.kind)" + (event.isUserInitiated ? " by the user" : ""))
            maximumScreens = max(maximumScreens, next.screens.count)
            if next.tree.hasTabs { tabRoots += 1 }
            if next.tree.isSplit { splitRoots += 1 }
            if next.tree.isCollapsed {
                collapsedSplits += 1
                if [.pop, .popTo, .popToRoot].contains(event.kind), next.tree.modals.isEmpty,
                    next.tree.base[next.tree.base.count - 1].screens.isEmpty
                {
                    crossColumnPops += 1
                }
            }
        case .failed(let error, _), .refused(let error):
            failed += 1
            failureCases.insert(Self.caseName(error))
            if case .refused(.notDismissibleByUser(_, .popover)) = error {
                lockedPopoverRefusals += 1
            }
        case .silent:
            silent += 1
        }
    }

    /// The error's case, and the case of the error it wraps.
    static func caseName(_ error: NavigationError) -> String {
        switch error {
        case .link(.linkSegmentFailed(_, _, let inner)):
            return "linkSegmentFailed/" + caseName(inner)
        case .snapshot(let problem):
            switch problem.detail {
            case .snapshot(.restorationFailed(_, _, let inner)):
                return "restorationFailed/" + caseName(inner)
            case .snapshot(.unsupportedVersion): return "unsupportedSnapshotVersion"
            default: return "invalidSnapshot/" + label(problem)
            }
        case .link(.invalidLink(let problem)): return "invalidLink/" + label(problem)
        case .refused(.invalidAlert(let problem)): return "invalidAlert/" + label(problem)
        case .unknownScene, .builderFailed: return label(error)
        case .input(let reason): return label(reason)
        case .refused(let reason): return label(reason)
        case .guarded(let reason): return label(reason)
        case .link(let reason): return label(reason)
        case .window(let reason): return label(reason)
        case .misuse(let reason): return label(reason)
        }
    }

    /// An enum value's case name.
    static func label(_ value: Any) -> String {
        if let problem = value as? NavigationError.Problem {
            switch problem.detail {
            case .snapshot(let rule): return label(rule)
            case .identifier(let rule): return label(rule)
            case .link(let rule): return label(rule)
            case .linkTable(let rule): return label(rule)
            case .unhandledLink(let rule): return label(rule)
            case .alert(let rule): return label(rule)
            case .coordinatorUnavailable(let request, _): return label(request)
            }
        }
        if let label = Mirror(reflecting: value).children.first?.label { return label }
        // Cases without a payload have no child to name them.
        switch value {
        case let reason as NavigationError.Refusal where reason == NavigationError.Refusal.noTabs:
            return "noTabs"
        case let problem as NavigationError.LinkProblem:
            switch problem {
            case .empty: return "empty"
            case .noScreens: return "noScreens"
            case .modalBeforeRoot: return "modalBeforeRoot"
            default: return "\(problem)"
            }
        case let problem as NavigationError.AlertProblem:
            switch problem {
            case .noButtons: return "noButtons"
            case .textFieldsInDialog: return "textFieldsInDialog"
            case .anchorOnAlert: return "anchorOnAlert"
            case .invalidAnchor: return "invalidAnchor"
            case .moreThanOneCancelButton: return "moreThanOneCancelButton"
            default: return "\(problem)"
            }
        case let problem as NavigationError.SnapshotProblem:
            switch problem {
            case .rootAndTabs: return "rootAndTabs"
            case .modalsWithoutRoot: return "modalsWithoutRoot"
            case .emptyStack: return "emptyStack"
            default: return "\(problem)"
            }
        default: return "\(value)"
        }
    }

    var description: String {
        "\(operations) operations, \(applied) applied, \(failed) failed (\(failureCases.count) "
            + "distinct error cases), \(silent) silent, up to \(maximumScreens) screens, "
            + "\(tabRoots) applied over a tab root, \(splitRoots) over a split root "
            + "(\(collapsedSplits) collapsed, \(crossColumnPops) pops into the columns before the "
            + "detail), \(reopened) reopened from a link, "
            + "\(restoredWithPayloads) restored with payloads, \(alertsShown) alerts shown "
            + "(\(alertsAnswered) answered, \(dialogsDismissed) dialogs dismissed by the user, "
            + "\(alertsCancelled) cancelled), \(lockedPopovers) locked popovers shown "
            + "(\(lockedPopoverRefusals) dismissals refused); kinds drawn: "
            + drawn.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            .joined(separator: ", ") + "; universal links applied: "
            + universalKinds.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
            .joined(separator: ", ") + "; kinds applied: "
            + appliedKinds.sorted().joined(separator: ", ") + "; errors met: "
            + failureCases.sorted().joined(separator: ", ")
    }
}
