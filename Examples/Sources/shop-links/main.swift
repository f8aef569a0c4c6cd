// A shop's universal links as a runnable example: `swift run --package-path Examples shop-links`.

import Foundation
import LinkExamples

exit(runShopLinksExample { print($0) } ? 0 : 1)
