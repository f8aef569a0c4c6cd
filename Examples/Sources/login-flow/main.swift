// Seed 000's login flow as a runnable example: `swift run login-flow`.

import FlowExamples
import Foundation

exit(runLoginFlowExample { print($0) } ? 0 : 1)
