// The demo app: registers FeatureA and FeatureB by name, then walks the tour and prints every
// transition and the screen tree after it. Run it with `swift run demo`.

import DemoApp
import Foundation

let succeeded = Tour { print($0) }.run()
exit(succeeded ? 0 : 1)
