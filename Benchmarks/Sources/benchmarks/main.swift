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

do {
    let report = try BenchmarkRun(configuration: Configuration(options), filter: options.filter)
        .run()
    print(options.json ? try report.json() : report.table())
} catch {
    FileHandle.standardError.write(Data("benchmarks: cannot run: \(error)\n".utf8))
    exit(1)
}
