/// The command-line flags.
struct Options {
    /// Run the short smoke version.
    var quick = false
    /// Write JSON to standard output instead of the table.
    var json = false
    /// Exit with status 2 when a figure misses its budget (full runs only).
    var check = false
    /// Print the help and exit.
    var help = false
    /// Run only the figures whose name contains this text, ignoring case.
    var filter: String?
    /// Override the number of interleaved rounds.
    var rounds: Int?
    /// Run every timed sample for this many iterations, without calibration.
    var iterations: Int?

    /// The flags as the help prints them.
    static let usage = """
        USAGE: benchmarks [--quick] [--check] [--json] [--filter <text>] [--rounds <n>]
                          [--iterations <n>]

        Measures the router next to plain standard-library baselines in one process, with short
        and with realistic scene names, and prints a table of figures, baselines, ratios and
        budgets. A figure over its budget is marked MISS; the exit code is 0 either way unless
        --check is given (1 when the benchmark itself cannot run, 64 for a bad argument).

        OPTIONS:
          --quick          Short smoke run: 5 rounds, short samples, 10,000 scenes instead of
                           100,000, a 200,000-transition soak. Finishes in seconds; its figures
                           are noisy and only show that every row runs.
          --check          After the table, exit with status 2 and name every figure over its
                           budget on standard error. A --quick run is not judged: its misses
                           are listed, and the exit code stays 0.
          --json           Write the figures to standard output as one JSON object with an
                           array of rows, for tools. Progress always goes to standard error.
          --filter <text>  Run only the figures whose name contains <text>, ignoring case
                           (for example "push", "heap", "RSS"); useful under a profiler.
          --rounds <n>     Sample the timed rows in <n> interleaved rounds (default 21, or 5
                           with --quick).
          --iterations <n> Run every timed sample for <n> operations (entries, for the register
                           rows), without warm-up or calibration, in 1 round unless --rounds
                           says otherwise. For profiling:
                           the router side runs inside profiledSubject and the baseline inside
                           profiledBaseline, so callgrind can collect one side alone, e.g.
                             SWIFT_DETERMINISTIC_HASHING=1 setarch -R valgrind --tool=callgrind \\
                               --toggle-collect='*profiledSubject*' \\
                               Benchmarks/.build/release/benchmarks \\
                               --quick --filter "push + pop" --iterations 20000
          -h, --help       Show this help.

        Build and run with: swift run -c release --package-path Benchmarks benchmarks [options]
        """

    /// A flag that is not understood.
    struct UsageError: Error, CustomStringConvertible {
        /// What is wrong, as a sentence.
        let description: String
    }

    /// Parses the arguments after the program's name.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": options.quick = true
            case "--json": options.json = true
            case "--check": options.check = true
            case "-h", "--help": options.help = true
            case "--filter":
                guard let text = remaining.popFirst() else {
                    throw UsageError(description: "--filter needs a text")
                }
                options.filter = text
            case "--rounds":
                guard let text = remaining.popFirst(), let rounds = Int(text), rounds > 0 else {
                    throw UsageError(description: "--rounds needs a positive number")
                }
                options.rounds = rounds
            case "--iterations":
                guard let text = remaining.popFirst(), let count = Int(text), count > 0 else {
                    throw UsageError(description: "--iterations needs a positive number")
                }
                options.iterations = count
            default:
                throw UsageError(description: "unknown argument '\(argument)'")
            }
        }
        return options
    }
}

/// The sizes, counts and sampling plan of one run.
struct Configuration {
    /// `"full"` or `"quick"`.
    let mode: String
    /// The registry sizes every timed row is measured at.
    let sizes: [Int]
    /// How many rounds to run and how long samples take.
    let plan: SamplingPlan
    /// The base-2 logarithm of the most names in a timed row's key sequence (a small
    /// registry's is shorter; see ``KeySequence``).
    let log2KeyCount: Int
    /// The number of scenes registered for the heap-per-entry rows.
    let registeredScenes: Int
    /// The number of distinct unregistered names asked for in the heap-growth row.
    let unregisteredNames: Int
    /// The number of screens pushed for the heap-per-screen row.
    let pushedScreens: Int
    /// The number of soak transitions before the first resident-memory reading.
    let soakWarmUp: Int
    /// The number of soak transitions measured.
    let soakTransitions: Int
    /// The number of scenes registered for the soak.
    let soakScenes: Int

    /// The configuration `options` ask for.
    init(_ options: Options) {
        if options.quick {
            mode = "quick"
            sizes = [10, 1_000, 10_000]
            plan = SamplingPlan(
                rounds: options.rounds ?? (options.iterations == nil ? 5 : 1),
                sampleNanoseconds: 200_000, fixedIterations: options.iterations)
            log2KeyCount = 12
            registeredScenes = 10_000
            unregisteredNames = 100_000
            pushedScreens = 10_000
            soakWarmUp = 20_000
            soakTransitions = 200_000
            soakScenes = 100
        } else {
            mode = "full"
            sizes = [10, 1_000, 100_000]
            plan = SamplingPlan(
                rounds: options.rounds ?? (options.iterations == nil ? 21 : 1),
                sampleNanoseconds: 3_000_000, fixedIterations: options.iterations)
            log2KeyCount = 17
            registeredScenes = 100_000
            unregisteredNames = 1_000_000
            pushedScreens = 100_000
            soakWarmUp = 1_000_000
            soakTransitions = 10_000_000
            soakScenes = 1_000
        }
    }
}
