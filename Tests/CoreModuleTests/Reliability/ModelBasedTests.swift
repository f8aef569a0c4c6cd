import CoreModule
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
        let generator = ModelGenerator()
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
        print("model-based test: \(statistics) (ROUTER_SEED=\(seed))")
    }

    /// Runs `steps` operations on a fresh coordinator; false after recording an issue.
    private func runOnce(
        steps: Int, generator: ModelGenerator, random: inout SeededRandom, label: String,
        statistics: inout ModelStatistics
    ) throws -> Bool {
        let world = try ModelWorld()
        var model = ReferenceModel()
        var history: [String] = []
        for step in 0..<steps {
            let operation = generator.next(model, &random)
            history.append("\(step): \(operation)")
            if history.count > 12 { history.removeFirst() }
            let outcome = operation.predict(model)
            let before = world.coordinator.tree
            world.clearEvents()
            let result = operation.apply(to: world)
            statistics.count(outcome)

            func fail(_ message: String) -> Bool {
                Issue.record(
                    """
                    \(label), step \(step): \(message)
                    operation: \(operation)
                    model: \(model.stacks)
                    real:  \(world.stacks)
                    last operations:
                    \(history.joined(separator: "\n"))
                    """)
                return false
            }

            switch (outcome, result) {
            case (.applied(let next, let expected), .success(let event)):
                guard event == expected else {
                    return fail("returned \(String(describing: event)), expected \(expected)")
                }
                guard world.events == [.transition(expected)] else {
                    return fail("observers saw \(world.events), expected \(expected)")
                }
                model = next
            case (.failed(let expected, let identities), .failure(let error)):
                guard error == expected else {
                    return fail("threw \(error), expected \(expected)")
                }
                guard world.coordinator.tree == before else {
                    return fail("the failed operation changed the tree")
                }
                guard
                    let operation = operation.operation,
                    world.events == [
                        .failure(NavigationFailure(operation: operation, error: expected))
                    ]
                else {
                    return fail("observers saw \(world.events) for a failure")
                }
                // Builders that ran before the failure used their identities up.
                model.nextID += identities
            case (.silent(let next), .success(nil)):
                guard world.coordinator.tree == before, world.events.isEmpty else {
                    return fail("a silent operation reported \(world.events)")
                }
                model = next
            default:
                return fail("the model predicted \(outcome), the coordinator gave \(result)")
            }
            guard world.stacks == model.stacks else {
                return fail("the trees differ")
            }
            let violations = world.coordinator.tree.invariantViolations()
            guard violations.isEmpty else {
                return fail("invariants broken: \(violations)")
            }
        }
        return true
    }
}

/// What a model-based run did, to show that it covered the ground.
struct ModelStatistics: CustomStringConvertible {
    var operations = 0
    var applied = 0
    var failed = 0
    var silent = 0
    var failureCases: Set<String> = []
    var maximumScreens = 0

    mutating func count(_ outcome: ModelOutcome) {
        operations += 1
        switch outcome {
        case .applied(let next, _):
            applied += 1
            maximumScreens = max(maximumScreens, next.screens.count)
        case .failed(let error, _):
            failed += 1
            failureCases.insert(Self.caseName(error))
        case .silent:
            silent += 1
        }
    }

    /// The error's case, and the case of the error it wraps.
    static func caseName(_ error: NavigationError) -> String {
        switch error {
        case .linkSegmentFailed(_, _, let inner): return "linkSegmentFailed/" + caseName(inner)
        case .restorationFailed(_, _, let inner): return "restorationFailed/" + caseName(inner)
        case .invalidLink(let problem): return "invalidLink/" + label(problem)
        default: return label(error)
        }
    }

    /// An enum value's case name.
    static func label(_ value: Any) -> String {
        Mirror(reflecting: value).children.first?.label ?? "\(value)"
    }

    var description: String {
        "\(operations) operations, \(applied) applied, \(failed) failed (\(failureCases.count) "
            + "distinct error cases), \(silent) silent, up to \(maximumScreens) screens"
    }
}
