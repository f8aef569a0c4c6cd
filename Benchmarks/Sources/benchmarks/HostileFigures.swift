import CoreModule

/// The `hostile` rows of issue 22: what hostile input and use cost.
///
/// Each row has an absolute budget and no baseline. Their figures all start with `hostile:`, so `--filter hostile` runs them
/// alone.
///
/// Each timed row runs its operation in `rounds` samples, every sample on fresh state made
/// before the clock starts, and reports the median and the fastest sample per operation.
@MainActor
enum HostileFigures {
    /// Every hostile row, in table order, each named by its figure for the filter.
    ///
    /// Each runs with the number of rounds to sample and a function that writes progress.
    static let all: [(figure: String, run: @MainActor (Int, (String) -> Void) throws -> [Row])] = [
        (rejectName, { rounds, _ in try [rejectHugeName(rounds: rounds)] }),
        (rejectLink, { rounds, _ in try [rejectHugeLink(rounds: rounds)] }),
        (
            describe,
            { rounds, _ in try NameSet.allCases.map { try describeUnknown(rounds, $0) } }
        ),
        (cancel, { rounds, _ in try [cancelObservers(rounds: rounds)] }),
        (chain, { _, progress in try [observerChain(progress: progress)] }),
    ]

    static let rejectName = "hostile: reject a 2 MB scene name"
    static let rejectLink = "hostile: reject a 1 MB link"
    static let describe = "hostile: unknown-scene error made + described, 110,000 scenes"
    static let cancel = "hostile: cancel 30,000 observers (all of them, per op)"
    static let chain = "hostile: 16,000 pushes in observer chains, peak heap growth"

    /// `navigate(.push(scene:))` of a name of 2 MB of UTF-8 (700,000 `e` + combining acute
    /// accent pairs: 1,400,000 scalars, 700,000 characters), caught.
    static func rejectHugeName(rounds: Int) throws -> Row {
        let observed = try ObservedCoordinator(
            container: registeredContainer(count: 10, names: .short), names: .short)
        let huge = SceneIdentifier(String(repeating: "e\u{301}", count: 700_000))
        let timing = try measure(rounds: rounds, iterations: 20) {
            do {
                try observed.coordinator.navigate(.push(scene: opaque(huge)))
                throw BenchmarkFailure("a 2 MB name was pushed")
            } catch let error as NavigationError {
                return UInt64(error.code.utf8.count)
            }
        }
        return row(rejectName, .short, size: huge.rawValue.utf8.count, timing, .below(1_000_000))
    }

    /// `open(.deepLink(_:format:))` of a link of 1 MiB (`bench://open/` then `a` up to 1 MiB), caught.
    static func rejectHugeLink(rounds: Int) throws -> Row {
        let observed = try ObservedCoordinator(
            container: registeredContainer(count: 10, names: .short), names: .short)
        let prefix = "bench://open/"
        let link = prefix + String(repeating: "a", count: 1_048_576 - prefix.utf8.count)
        let timing = try measure(rounds: rounds, iterations: 20) {
            do {
                try observed.coordinator.open(
                    .deepLink(opaque(link), format: TimedFigures.linkFormat))
                throw BenchmarkFailure("a 1 MB link was opened")
            } catch let error as NavigationError {
                return UInt64(error.code.utf8.count)
            }
        }
        return row(rejectLink, .short, size: link.utf8.count, timing, .below(1_000_000))
    }

    /// An unknown-scene error made and described among 110,000 scenes.
    ///
    /// A push of an unregistered name one letter longer than a registered one, with 100,000
    /// scenes and 10,000 five-segment names such as `route-1/items/:id/reviews/:page` registered: the error is made, then its
    /// description read, which computes the suggestions. Each iteration names a different
    /// scene, so no error is described twice.
    static func describeUnknown(_ rounds: Int, _ names: NameSet) throws -> Row {
        let sceneCount = 100_000
        let container = try registeredContainer(count: sceneCount, names: names)
        try container.assemble(
            contentsOf: (0..<10_000).map { sceneBuilder(names.route($0, segments: .five)) })
        let observed = try ObservedCoordinator(container: container, names: names)
        var generator = SplitMix64(seed: 0xBAD)
        let typos = (0..<4_096).map { _ in
            SceneIdentifier(names.name(Int(generator.next() % UInt64(sceneCount))) + "x")
        }
        var position = 0
        var longest = 0
        let timing = try measure(rounds: rounds, iterations: 8) {
            let typo = typos[position & 4_095]
            position += 1
            do {
                try observed.coordinator.navigate(.push(scene: typo))
                throw BenchmarkFailure("\(typo) was pushed")
            } catch let error as NavigationError {
                let text = error.description
                longest = max(longest, text.utf8.count)
                return UInt64(text.utf8.count)
            }
        }
        guard longest < 4_096 else { throw BenchmarkFailure("a description of \(longest) B") }
        return row(describe, names, size: sceneCount, timing, .below(5_000_000))
    }

    /// Cancelling 30,000 closure observations of one coordinator; one operation is all of them.
    ///
    /// One token at a time: every other one from the first, then the rest from the last.
    static func cancelObservers(rounds: Int) throws -> Row {
        let observed = try ObservedCoordinator(
            container: registeredContainer(count: 10, names: .short), names: .short)
        let coordinator = observed.coordinator
        var tokens: [ObservationToken] = []
        let count = 30_000
        var called = 0
        let timing = try measure(
            rounds: rounds, iterations: 1,
            prepare: {
                tokens = (0..<count).map { _ in coordinator.observe { _ in called += 1 } }
            },
            {
                for index in stride(from: 0, to: count, by: 2) { tokens[index].cancel() }
                for index in stride(from: count - 1, through: 1, by: -2) { tokens[index].cancel() }
                return UInt64(tokens.count)
            })
        // A cancelled observer is not called again.
        try coordinator.navigate(.root(scene: SceneIdentifier(NameSet.short.name(0))))
        guard called == 0 else { throw BenchmarkFailure("\(called) cancelled observers called") }
        tokens = []
        return row(cancel, .short, size: count, timing, .below(10_000_000))
    }

    /// The peak heap growth of 16,000 pushes started by an observer, in chains of 50.
    ///
    /// After a root, 16,000 pushes, each started by the coordinator's only observer when it is
    /// told of the one before, in chains of 50 (the most observers may start while one event
    /// is delivered), each chain started by a push from outside; measured as the largest growth
    /// of the heap in use
    /// (glibc's `mallinfo2()`, as the other heap rows) over the heap before the root, sampled
    /// at every step of the chain. Each screen's object is shared, so what grows is what the
    /// coordinator keeps: the tree, and whatever it holds for events not yet delivered.
    static func observerChain(progress: (String) -> Void) throws -> Row {
        let steps = 16_000
        let coordinator = AppCoordinator(
            container: try registeredContainer(count: 10, names: .short))
        let scene = SceneIdentifier(NameSet.short.name(1))
        var peak = 0
        var failures = 0
        var chained = 0
        let token = coordinator.observe { [unowned coordinator] _ in
            peak = max(peak, heapInUse())
            guard (coordinator.tree.root?.count ?? 0) < steps, chained < 50 else { return }
            chained += 1
            do {
                try coordinator.navigate(.push(scene: scene))
            } catch {
                failures += 1
            }
        }
        let before = heapInUse()
        let start = monotonicNanoseconds()
        try coordinator.navigate(.root(scene: SceneIdentifier(NameSet.short.name(0))))
        while (coordinator.tree.root?.count ?? 0) < steps {
            chained = 0
            try coordinator.navigate(.push(scene: scene))
        }
        let elapsed = monotonicNanoseconds() - start
        token.cancel()
        guard failures == 0, coordinator.tree.root?.count == steps else {
            throw BenchmarkFailure(
                "the chain stopped at \(coordinator.tree.screens.count) screens, \(failures) failed"
            )
        }
        progress("chain: \(formatCount(steps)) steps in \(formatDecimal(Double(elapsed) / 1e6)) ms")
        return Row(
            figure: chain, names: .short, size: steps, unit: .bytes,
            median: Double(peak - before), minimum: nil, baseline: nil, ratio: nil,
            budget: .below(256 * 1024 * 1024))
    }

    // MARK: Measuring

    /// The median and fastest nanoseconds per operation over `rounds` samples of `iterations`
    /// operations, each sample after `prepare`, which is not timed.
    private static func measure(
        rounds: Int, iterations: Int, prepare: () -> Void = {},
        _ operation: () throws -> UInt64
    ) throws -> (median: Double, minimum: Double) {
        var samples: [Double] = []
        var checksum: UInt64 = 0
        // One untimed sample first, so that one-time work is not counted.
        for round in 0...rounds {
            prepare()
            let start = monotonicNanoseconds()
            for _ in 0..<iterations { checksum &+= try operation() }
            let elapsed = monotonicNanoseconds() - start
            if round > 0 { samples.append(Double(elapsed) / Double(iterations)) }
        }
        _ = opaque(checksum)
        return (median(samples), samples.min() ?? .nan)
    }

    private static func row(
        _ figure: String, _ names: NameSet, size: Int, _ timing: (median: Double, minimum: Double),
        _ budget: Budget
    ) -> Row {
        Row(
            figure: figure, names: names, size: size, unit: .nanosecondsPerOperation,
            median: timing.median, minimum: timing.minimum, baseline: nil, ratio: nil,
            budget: budget)
    }
}
