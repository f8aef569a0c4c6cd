// Seed 002's child coordinators as a runnable example: `swift run child-flows`.

import FlowExamples
import Foundation

exit(runChildFlowsExample { print($0) } ? 0 : 1)
