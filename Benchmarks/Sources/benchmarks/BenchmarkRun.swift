import CoreModule
import Foundation

/// One run of the benchmark: the heap rows first (on a quiet heap), then the timed rows in
/// interleaved rounds, then the resident-memory soak.
@MainActor
struct BenchmarkRun {
    /// The sizes, counts and sampling plan.
    let configuration: Configuration
    /// Only figures whose name contains this text run, ignoring case; `nil` runs all.
    let filter: String?

    /// Measures every selected figure and returns the report.
    func run() throws -> Report {
        var rows: [Row] = []
        var checksum: UInt64 = 0

        if selects("heap bytes / registered scene") {
            progress("heap: registering \(formatCount(configuration.registeredScenes)) scenes")
            rows.append(
                try MemoryFigures.heapPerRegisteredScene(count: configuration.registeredScenes))
        }
        if selects("heap bytes / screen in tree") {
            progress("heap: pushing \(formatCount(configuration.pushedScreens)) screens")
            rows.append(try MemoryFigures.heapPerScreen(count: configuration.pushedScreens))
        }

        let timed = try timedRows()
        rows.insert(contentsOf: timed.rows, at: 0)
        checksum ^= timed.checksum

        if selects("RSS growth") {
            let soak = try MemoryFigures.residentGrowth(
                transitions: configuration.soakTransitions, warmUp: configuration.soakWarmUp,
                sceneCount: configuration.soakScenes, progress: progress)
            rows.append(soak.row)
            checksum ^= soak.checksum
        }

        return Report(
            mode: configuration.mode, rounds: configuration.plan.rounds, rows: rows,
            checksum: checksum)
    }

    /// Sets up every selected timed figure at every size, samples them in interleaved rounds,
    /// and returns their rows in table order (each figure at every size, then the next one).
    private func timedRows() throws -> (rows: [Row], checksum: UInt64) {
        let figures = TimedFigures.all.filter { selects($0.name) }
        guard !figures.isEmpty else { return ([], 0) }
        var cases = Array(repeating: [TimedCase](), count: figures.count)
        for size in configuration.sizes {
            progress("setting up \(formatCount(size)) scenes")
            let scenes = try SceneSet(size: size, log2KeyCount: configuration.log2KeyCount)
            for (index, figure) in figures.enumerated() {
                let workloads = try figure.make(scenes)
                cases[index].append(
                    TimedCase(
                        figure: figure.name, size: size, budget: figure.budget,
                        subject: workloads.subject, baseline: workloads.baseline))
            }
        }
        var sampler = Sampler(plan: configuration.plan, progress: progress)
        let rows = try sampler.run(cases.flatMap { $0 })
        return (rows, sampler.checksum)
    }

    /// Whether `figure` is selected by the filter.
    private func selects(_ figure: String) -> Bool {
        guard let filter else { return true }
        return figure.lowercased().contains(filter.lowercased())
    }

    /// Writes a line of progress to standard error.
    private func progress(_ line: String) {
        FileHandle.standardError.write(Data("· \(line)\n".utf8))
    }
}
