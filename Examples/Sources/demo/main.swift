// The demo app: registers FeatureA and FeatureB by name, then walks the tour and prints every
// transition and the screen tree after it. Run it from the repository's root with
// `swift run --package-path Examples demo`; `--help` shows the script mode (`--script FILE`,
// `--json`), which runs commands such as `push A2 id=7`.

import DemoApp
import Foundation

let status = await DemoCommandLine.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    output: { print($0) },
    errorOutput: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
)
exit(status)
