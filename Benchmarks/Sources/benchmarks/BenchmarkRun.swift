import CoreModule
import Foundation

/// One run of the benchmark: the heap rows first, then the timed rows in interleaved rounds,
/// then the resident-memory soaks, every row with each ``NameSet``; then the hostile rows
/// (``HostileFigures``).
///
/// The heap rows come first, as an app's first registration does: a core that keeps names in a
/// process-wide table then pays for that table's growth with its own entries, not for the
/// millions of names the timed registration rows add. What the heap rows registered stays alive
/// until the run ends, so that the timed rows' registries are laid out on fresh memory, not in
/// the holes freed blocks would leave between names such a core keeps forever.
@MainActor
struct BenchmarkRun {
    /// The sizes, counts and sampling plan.
    let configuration: Configuration
    /// Only figures whose name contains this text run, ignoring case; `nil` runs all.
    let filter: String?

    /// Measures every selected figure and returns the report.
    func run() throws -> Report {
        var memory: [Row] = []
        var kept: [Any] = []
        var checksum: UInt64 = 0
        let registered = configuration.registeredScenes

        for names in NameSet.allCases where selects("heap bytes / registered scene") {
            progress("heap [\(names)]: registering \(formatCount(registered)) scenes")
            let figure = try MemoryFigures.heapPerRegisteredScene(count: registered, names: names)
            memory.append(figure.row)
            kept.append(figure.kept)
        }
        for names in NameSet.allCases where selects("heap bytes / screen in tree") {
            progress("heap [\(names)]: pushing \(formatCount(configuration.pushedScreens)) screens")
            memory.append(
                try MemoryFigures.heapPerScreen(count: configuration.pushedScreens, names: names))
        }
        for names in NameSet.allCases
        where selects("heap growth over distinct unregistered names") {
            let count = configuration.unregisteredNames
            progress("heap [\(names)]: asking for \(formatCount(count)) unregistered names")
            memory.append(try MemoryFigures.heapOverUnregisteredNames(count: count, names: names))
        }

        let timed = try timedRows()
        checksum ^= timed.checksum

        for names in NameSet.allCases where selects("RSS growth") {
            let soak = try MemoryFigures.residentGrowth(
                transitions: configuration.soakTransitions, warmUp: configuration.soakWarmUp,
                sceneCount: configuration.soakScenes, names: names, progress: progress)
            memory.append(soak.row)
            checksum ^= soak.checksum
        }

        var hostile: [Row] = []
        for (figure, run) in HostileFigures.all where selects(figure) {
            progress(figure)
            hostile += try run(configuration.plan.rounds, progress)
        }

        withExtendedLifetime(kept) {}
        return Report(
            mode: configuration.mode, rounds: configuration.plan.rounds,
            rows: timed.rows + hostile + memory, checksum: checksum)
    }

    /// Sets up every selected timed figure at every size and with every name set, samples them
    /// in interleaved rounds, and returns their rows in table order: each figure with short
    /// names at every size, then with realistic names, then the next figure.
    private func timedRows() throws -> (rows: [Row], checksum: UInt64) {
        let figures = TimedFigures.all.filter { selects($0.name) }
        guard !figures.isEmpty else { return ([], 0) }
        var cases = Array(
            repeating: Array(repeating: [TimedCase](), count: NameSet.allCases.count),
            count: figures.count)
        for (sizeIndex, size) in configuration.sizes.enumerated() {
            for (namesIndex, names) in NameSet.allCases.enumerated() {
                progress("setting up \(formatCount(size)) scenes [\(names)]")
                let scenes = try SceneSet(
                    size: size, names: names, log2KeyCount: configuration.log2KeyCount)
                for (index, figure) in figures.enumerated()
                where figure.fixedSize == nil || sizeIndex == 0 {
                    let workloads = try figure.make(scenes)
                    cases[index][namesIndex].append(
                        TimedCase(
                            figure: figure.name, names: names, size: figure.fixedSize ?? size,
                            budget: figure.budgets[sizeIndex], subject: workloads.subject,
                            baseline: workloads.baseline))
                }
            }
        }
        var sampler = Sampler(plan: configuration.plan, progress: progress)
        let rows = try sampler.run(cases.flatMap { $0.flatMap { $0 } })
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
