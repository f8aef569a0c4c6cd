import Glibc

/// Reads the monotonic clock, in nanoseconds.
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}

/// Returns its argument through a call the optimizer cannot see into, so that a value computed
/// once is not hoisted out of a timed loop.
@inline(never)
func opaque<Value>(_ value: Value) -> Value {
    value
}

/// A piece of timed work: runs its operation `iterations` times and returns a checksum of the
/// results, which the caller folds into the printed checksum so that no work is dead code.
///
/// Most workloads are a closure alone. A registration row also makes, before each sample, the
/// empty containers and the builders it will register, and drops what it filled after the
/// sample; neither is timed. One of its iterations fills a container, so it counts as many
/// operations as it registers entries.
struct Workload {
    /// How many operations one iteration performs: 1, or the entries one fill registers.
    var operationsPerIteration = 1
    /// Readies the state for a sample of `iterations`; not timed.
    var prepare: @MainActor (_ iterations: Int) throws -> Void = { _ in }
    /// The timed work.
    let run: @MainActor (_ iterations: Int) throws -> UInt64
    /// Drops what the sample made; not timed.
    var finish: @MainActor () -> Void = {}

    /// A workload that needs nothing before or after a sample.
    init(_ run: @escaping @MainActor (_ iterations: Int) throws -> UInt64) {
        self.run = run
    }

    /// A workload that makes its state before each sample and drops it after.
    init(
        operationsPerIteration: Int,
        prepare: @escaping @MainActor (_ iterations: Int) throws -> Void,
        run: @escaping @MainActor (_ iterations: Int) throws -> UInt64,
        finish: @escaping @MainActor () -> Void
    ) {
        self.operationsPerIteration = operationsPerIteration
        self.prepare = prepare
        self.run = run
        self.finish = finish
    }
}

/// One timed row of the table: a figure of the router and the plain standard-library baseline
/// that does the same logical work, measured back to back in every round.
struct TimedCase {
    /// What is measured, as the table prints it.
    let figure: String
    /// The set of scene names the row runs with.
    let names: NameSet
    /// The number of registered scenes (the entries of one fill, for registration rows).
    let size: Int
    /// The largest acceptable median ratio of figure to baseline.
    let budget: Budget
    /// The router doing the work.
    let subject: Workload
    /// Plain `Dictionary` and `Array` code doing the same work.
    let baseline: Workload
}

/// How long samples should take and how many rounds to run.
struct SamplingPlan {
    /// The number of interleaved rounds; each round samples every row once.
    let rounds: Int
    /// The time one sample should take; iteration counts are calibrated to it after warm-up.
    let sampleNanoseconds: UInt64
    /// When set, every sample runs this many iterations, without warm-up or calibration (for
    /// profiling).
    var fixedIterations: Int?

    /// The most rounds a case runs when one of its samples lasts over ten times
    /// ``sampleNanoseconds``, as filling a registry of 100,000 route patterns may.
    static let longCaseRounds = 7
}

/// Samples timed cases in interleaved rounds and reduces them to rows.
///
/// Every case is set up once, warmed up and calibrated (each side gets the iteration count that
/// makes a sample last about ``SamplingPlan/sampleNanoseconds``). Then each round samples every
/// case once, figure and baseline back to back, alternating which goes first, so that drift of
/// the machine (frequency, other load) hits figure and baseline alike. A row's ratio is the
/// median of the per-round ratios, each computed within one round. A case whose one sample
/// lasts far longer than planned runs in fewer rounds (``SamplingPlan/longCaseRounds``).
@MainActor
struct Sampler {
    /// How long samples take and how many rounds run.
    let plan: SamplingPlan
    /// Called with a line of progress before each phase; the report goes elsewhere.
    let progress: (String) -> Void
    /// Every result of every sample, folded together.
    private(set) var checksum: UInt64 = 0

    init(plan: SamplingPlan, progress: @escaping (String) -> Void) {
        self.plan = plan
        self.progress = progress
    }

    /// Measures `cases` and returns one row per case, in the same order.
    mutating func run(_ cases: [TimedCase]) throws -> [Row] {
        var subjectIterations: [Int] = []
        var baselineIterations: [Int] = []
        var rounds: [Int] = []
        for timed in cases {
            if let fixed = plan.fixedIterations {
                // A fixed count is a count of operations: entries, for a registration row.
                subjectIterations.append(
                    Swift.max(1, fixed / timed.subject.operationsPerIteration))
                baselineIterations.append(
                    Swift.max(1, fixed / timed.baseline.operationsPerIteration))
                rounds.append(plan.rounds)
                continue
            }
            progress(
                "calibrating \(timed.figure) [\(timed.names)] at \(formatCount(timed.size))")
            let subject = try calibrate(timed.subject, side: .subject)
            let baseline = try calibrate(timed.baseline, side: .baseline)
            subjectIterations.append(subject.iterations)
            baselineIterations.append(baseline.iterations)
            // A case whose one iteration lasts far longer than a planned sample (filling a large
            // registry) averages over many operations in every sample: a few rounds suffice,
            // and keep the run's length bounded.
            let longest = Swift.max(subject.sampleNanoseconds, baseline.sampleNanoseconds)
            let isLong = longest > 10 * Double(plan.sampleNanoseconds)
            rounds.append(
                isLong ? Swift.min(plan.rounds, SamplingPlan.longCaseRounds) : plan.rounds)
        }

        var subjectSamples = Array(repeating: [Double](), count: cases.count)
        var baselineSamples = Array(repeating: [Double](), count: cases.count)
        var ratios = Array(repeating: [Double](), count: cases.count)
        for round in 0..<plan.rounds {
            progress("round \(round + 1) of \(plan.rounds)")
            for (index, timed) in cases.enumerated() where round < rounds[index] {
                let subject: Double
                let baseline: Double
                if round % 2 == 0 {
                    subject = try sample(timed.subject, subjectIterations[index], .subject)
                    baseline = try sample(timed.baseline, baselineIterations[index], .baseline)
                } else {
                    baseline = try sample(timed.baseline, baselineIterations[index], .baseline)
                    subject = try sample(timed.subject, subjectIterations[index], .subject)
                }
                subjectSamples[index].append(subject)
                baselineSamples[index].append(baseline)
                ratios[index].append(subject / baseline)
            }
        }

        return cases.indices.map { index in
            Row(
                figure: cases[index].figure, names: cases[index].names,
                size: cases[index].size, unit: .nanosecondsPerOperation,
                median: median(subjectSamples[index]), minimum: subjectSamples[index].min(),
                baseline: median(baselineSamples[index]), ratio: median(ratios[index]),
                budget: cases[index].budget)
        }
    }

    /// Warms `workload` up and returns the iteration count that makes one sample last about the
    /// planned time (at least one iteration: one fill of a large registry may take longer),
    /// with the time such a sample takes.
    private mutating func calibrate(_ workload: Workload, side: Side) throws
        -> (iterations: Int, sampleNanoseconds: Double)
    {
        let target = Double(plan.sampleNanoseconds)
        var iterations = 1
        while true {
            let elapsed = Double(try time(workload, iterations, side))
            if elapsed >= target / 4 || iterations >= 1 << 30 {
                let perIteration = Swift.max(elapsed / Double(iterations), 0.01)
                let calibrated = Swift.max(1, Int(target / perIteration))
                // One full-length warm-up sample, unless that one already was.
                if calibrated != iterations {
                    _ = try time(workload, calibrated, side)
                }
                return (calibrated, perIteration * Double(calibrated))
            }
            iterations *= 4
        }
    }

    /// Runs one sample and returns its nanoseconds per operation.
    private mutating func sample(_ workload: Workload, _ iterations: Int, _ side: Side) throws
        -> Double
    {
        Double(try time(workload, iterations, side))
            / Double(iterations * workload.operationsPerIteration)
    }

    /// Prepares `workload`, runs it for `iterations`, folds its result into the checksum,
    /// finishes it, and returns the elapsed nanoseconds of the run alone.
    private mutating func time(_ workload: Workload, _ iterations: Int, _ side: Side) throws
        -> UInt64
    {
        try workload.prepare(iterations)
        defer { workload.finish() }
        switch side {
        case .subject: return try profiledSubject(workload.run, iterations, checksum: &checksum)
        case .baseline: return try profiledBaseline(workload.run, iterations, checksum: &checksum)
        }
    }

    /// Which side of a row a workload is.
    private enum Side {
        case subject, baseline
    }
}

/// Times a router workload and adds its result to `checksum`; returns the elapsed nanoseconds.
///
/// It is a function of its own, so that a profiler can collect inside it alone:
/// `valgrind --tool=callgrind --toggle-collect='*profiledSubject*'`. (It adds where its twin,
/// ``profiledBaseline(_:_:checksum:)``, xors, so that the compiler does not merge the two.)
@inline(never)
@MainActor
func profiledSubject(
    _ workload: @MainActor (Int) throws -> UInt64, _ iterations: Int, checksum: inout UInt64
) throws
    -> UInt64
{
    let start = monotonicNanoseconds()
    let result = try workload(iterations)
    let end = monotonicNanoseconds()
    checksum = (checksum &* 0x100_0000_01B3) &+ result
    return end &- start
}

/// Times a baseline workload and xors its result into `checksum`.
///
/// It returns the elapsed nanoseconds, and is a function of its own, as
/// ``profiledSubject(_:_:checksum:)`` is.
@inline(never)
@MainActor
func profiledBaseline(
    _ workload: @MainActor (Int) throws -> UInt64, _ iterations: Int, checksum: inout UInt64
) throws
    -> UInt64
{
    let start = monotonicNanoseconds()
    let result = try workload(iterations)
    let end = monotonicNanoseconds()
    checksum = (checksum &* 0x100_0000_01B3) ^ result
    return end &- start
}

/// The median of `values`; the mean of the middle two when the count is even.
func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
