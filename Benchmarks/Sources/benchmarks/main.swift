// The benchmark: measures the router next to plain standard-library baselines, in one process.
// Run it with `swift run -c release --package-path Benchmarks benchmarks`; `--help` lists the
// flags.

import Foundation

let options: Options
do {
    options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("benchmarks: \(error)\n\n\(Options.usage)\n".utf8))
    exit(64)
}
if options.help {
    print(Options.usage)
    exit(0)
}

let report: Report
do {
    report = try BenchmarkRun(configuration: Configuration(options), filter: options.filter).run()
    print(options.json ? try report.json() : report.table())
} catch {
    FileHandle.standardError.write(Data("benchmarks: cannot run: \(error)\n".utf8))
    exit(1)
}

// --check: a full run exits with status 2 when a figure misses its budget; a quick run's
// figures are too noisy to judge, so its misses are listed and the exit code stays 0.
if options.check, !report.misses.isEmpty {
    let judged = !options.quick
    let lines =
        [
            judged
                ? "benchmarks: \(report.misses.count) figure(s) over budget:"
                : "benchmarks: a --quick run is not judged; over budget in this run:"
        ] + report.misses.map { "  \($0.summary)" }
    FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    if judged { exit(2) }
}
