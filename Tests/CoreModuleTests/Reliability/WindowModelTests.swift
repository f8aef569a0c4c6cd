@_spi(Rules) import CoreModule
import Foundation
import Testing

/// A ``WindowRegistry`` and ``WindowModel`` run the same seeded random operations, bad input
/// included; after every step the two must agree, window by window.
///
/// Replay a failure with the seed its message prints: `ROUTER_SEED=N swift test --filter
/// WindowModelTests`. `ROUTER_WINDOW_OPERATIONS=N` changes the number of operations (4,000 by
/// default).
@MainActor
@Suite("Model-based: the window registry agrees with a model of its windows, step by step")
struct WindowModelTests {
    /// Each run starts with no window open, so that runs meet an empty registry too.
    static let operationsPerRun = 500

    static var totalOperations: Int {
        let text = ProcessInfo.processInfo.environment["ROUTER_WINDOW_OPERATIONS"] ?? ""
        return Int(text).map { max($0, 1) } ?? 4_000
    }

    @Test("4,000 random window operations: same windows, same active one, same trees and events")
    func windowModelAgreement() async throws {
        let seed = SeededRandom.seed()
        var random = SeededRandom(seed: seed)
        var statistics = WindowStatistics()
        var remaining = Self.totalOperations
        var run = 0
        while remaining > 0 {
            let steps = min(remaining, Self.operationsPerRun)
            let harness = try WindowHarness(label: "ROUTER_SEED=\(seed), run \(run)")
            guard await harness.run(steps: steps, random: &random, statistics: &statistics)
            else { return }
            remaining -= steps
            run += 1
        }
        #expect(statistics.operations == Self.totalOperations)
        if Self.totalOperations >= 4_000 {
            // Every kind of operation applied (but the closed window's, which always refuses),
            // and every window error was met.
            #expect(statistics.applied.count == 15, "applied: \(statistics.applied)")
            let missing = Self.expectedFailures.subtracting(statistics.failureCases)
            #expect(missing.isEmpty, "never met: \(missing.sorted())")
            #expect(statistics.maximumOpen >= 3)
            for note in [
                WindowStatistics.reopened, WindowStatistics.heldOpened,
                WindowStatistics.heldReplaced, WindowStatistics.closedAgain,
            ] {
                #expect(statistics.notes[note, default: 0] >= 5, "\(note): \(statistics.notes)")
            }
            #expect(statistics.isolated > statistics.operations / 4)
        }
        print("window model-based test: \(statistics) (ROUTER_SEED=\(seed))")
    }

    /// Errors a run of 4,000 operations meets, whatever the seed.
    static let expectedFailures: Set<String> = [
        "invalidWindowID", "unknownWindow", "windowAlreadyOpen", "noActiveWindow", "windowClosed",
        "invalidSnapshot/unreadable", "heldLinkFailed/invalidLink",
        "heldLinkFailed/linkSegmentFailed",
    ]
}

/// A registry over the model's scenes, and what the test watches of it.
@MainActor
final class WindowHarness {
    let registry: WindowRegistry
    let label: String
    let generator = WindowGenerator()
    var model = WindowModel()
    /// The open windows' coordinators, each watched.
    var worlds: [WindowID: ModelWorld] = [:]
    /// For each identity, the coordinator of the window last closed with it (or that failed to
    /// open), kept as a holder of the coordinator would keep it.
    var closed: [WindowID: ModelWorld] = [:]
    /// The coordinator the registry last prepared, watched from before it navigates.
    let preparation: Preparation
    /// The activities saved, as the platform gave them back; the last few.
    var activities: [WindowActivity] = []

    /// Where the registry's `prepare` leaves the coordinator it was given.
    @MainActor
    final class Preparation {
        var world: ModelWorld?
    }

    init(label: String) throws {
        self.label = label
        let preparation = Preparation()
        self.preparation = preparation
        registry = WindowRegistry(container: try ModelWorld.makeContainer()) { coordinator in
            ModelWorld.prepare(coordinator)
            preparation.world = ModelWorld(coordinator: coordinator)
        }
    }

    /// Runs `steps` operations; false after recording an issue.
    func run(steps: Int, random: inout SeededRandom, statistics: inout WindowStatistics) async
        -> Bool
    {
        var history: [(step: Int, operation: WindowOperation)] = []
        for step in 0..<steps {
            let operation = generator.next(
                model, closed: Array(closed.keys), activities: activities, &random)
            history.append((step, operation))
            if history.count > 12 { history.removeFirst() }
            for world in worlds.values { world.clearEvents() }
            for world in closed.values { world.clearEvents() }
            preparation.world = nil
            let subject = self.subject(of: operation)
            let open = model.windows.count
            let outcome = await perform(operation)
            statistics.count(operation, outcome, subject: subject, open: open)
            let mismatch: String? =
                switch outcome {
                case .mismatch(let message): message
                default: checkAll(except: subject)
                }
            if let mismatch {
                Issue.record(
                    """
                    \(label), step \(step): \(mismatch)
                    operation: \(operation)
                    windows: \(model.windows), active \(String(describing: model.activeWindow))
                    \(model.windows.map { "\($0): \(model.states[$0]?.model.tree.description ?? "?")" }.joined(separator: "\n"))
                    last operations:
                    \(history.map { "\($0.step): \($0.operation)" }.joined(separator: "\n"))
                    """)
                return false
            }
        }
        return true
    }

    /// What the registry must show after any operation: its windows and the active one, each
    /// open window's coordinator, tree, readiness and held link, and, for every window the
    /// operation was not about, no event at all.
    func checkAll(except subject: WindowID?) -> String? {
        guard registry.windows == model.windows else {
            return "windows \(registry.windows), expected \(model.windows)"
        }
        guard registry.activeWindow == model.activeWindow else {
            return "active window \(String(describing: registry.activeWindow)), expected "
                + String(describing: model.activeWindow)
        }
        guard Set(worlds.keys) == Set(model.windows) else {
            return
                "the test's own bookkeeping lost a window: \(worlds.keys.sorted { $0.rawValue < $1.rawValue })"
        }
        for id in model.windows {
            guard let world = worlds[id], let window = model.states[id] else { continue }
            guard (try? registry.coordinator(for: id)) === world.coordinator else {
                return "coordinator(for: \(id)) is not the window's coordinator"
            }
            guard world.coordinator.window == id else {
                return "\(id)'s coordinator names \(String(describing: world.coordinator.window))"
            }
            guard world.tree == window.model.tree else {
                return "\(id)'s tree differs: \(world.tree), expected \(window.model.tree)"
            }
            let violations = world.coordinator.tree.invariantViolations()
            guard violations.isEmpty else { return "\(id)'s invariants broken: \(violations)" }
            guard world.coordinator.isReadyForLinks == window.ready,
                world.coordinator.heldLink == window.heldLink
            else {
                return "\(id) is ready \(world.coordinator.isReadyForLinks), holds "
                    + "\(String(describing: world.coordinator.heldLink)); expected ready "
                    + "\(window.ready), holding \(String(describing: window.heldLink))"
            }
            if id != subject, !world.events.isEmpty {
                return "an operation on another window reported in \(id): \(world.events)"
            }
        }
        for (id, world) in closed {
            guard world.coordinator.tree.isEmpty, world.coordinator.heldLink == nil else {
                return "the closed \(id)'s coordinator has a tree or holds a link"
            }
            if id != subject, !world.events.isEmpty {
                return "the closed \(id)'s coordinator reported \(world.events)"
            }
        }
        return nil
    }
}

/// What one operation did, as the harness checked it.
enum WindowOutcome {
    /// It applied as the model predicted; the notes name what it showed (for the statistics).
    case applied(notes: [String] = [])
    /// It failed as the model predicted, with this error, and changed nothing.
    case failed(NavigationError, notes: [String] = [])
    case mismatch(String)
}

/// What a window model-based run did, to show that it covered the ground.
struct WindowStatistics: CustomStringConvertible {
    static let reopened = "reopened from an activity"
    static let heldOpened = "held links opened when ready"
    static let heldReplaced = "held links replaced"
    static let closedAgain = "new windows closed again"

    var operations = 0
    var applied: [String: Int] = [:]
    var failed: [String: Int] = [:]
    var failureCases: Set<String> = []
    var notes: [String: Int] = [:]
    var maximumOpen = 0
    /// Operations on one window while others were open (their isolation was checked).
    var isolated = 0
    /// Operations with no window open.
    var empty = 0

    mutating func count(
        _ operation: WindowOperation, _ outcome: WindowOutcome, subject: WindowID?, open: Int
    ) {
        operations += 1
        maximumOpen = max(maximumOpen, open)
        if subject != nil, open > 1 { isolated += 1 }
        if open == 0 { empty += 1 }
        switch outcome {
        case .applied(let notes):
            applied[operation.kind, default: 0] += 1
            for note in notes { self.notes[note, default: 0] += 1 }
        case .failed(let error, let notes):
            failed[operation.kind, default: 0] += 1
            failureCases.insert(Self.caseName(error))
            for note in notes { self.notes[note, default: 0] += 1 }
        case .mismatch:
            break
        }
    }

    /// The error's case: the window errors, and the case of any other.
    static func caseName(_ error: NavigationError) -> String {
        switch error {
        case .window(.noActiveWindow): return "noActiveWindow"
        case .link(.heldLinkFailed(_, let inner)):
            return "heldLinkFailed/" + (caseName(inner).split(separator: "/").first ?? "")
        default: return ModelStatistics.caseName(error)
        }
    }

    var description: String {
        let total = { (counts: [String: Int]) in counts.values.reduce(0, +) }
        let windowErrors = failureCases.filter {
            $0.lowercased().contains("window") || $0.hasPrefix("heldLink")
        }
        let kinds = Set(applied.keys).union(failed.keys).sorted()
        return "\(operations) operations, \(total(applied)) applied, \(total(failed)) failed "
            + "(\(failureCases.count) distinct error cases; window errors: "
            + windowErrors.sorted().joined(separator: ", ") + "), up to \(maximumOpen) windows "
            + "open, \(isolated) on one window of several, \(empty) with none open; "
            + notes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
            .joined(separator: ", ") + "; by kind (applied/failed): "
            + kinds.map { "\($0) \(applied[$0, default: 0])/\(failed[$0, default: 0])" }
            .joined(separator: ", ")
    }
}
