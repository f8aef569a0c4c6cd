// The article's example app: registers A1, A2, B1 and C1 with `DependencyInjection().configure()`,
// starts with `.root(scene: "A1")`, then taps through the screens, which navigate by scene name
// alone, and prints each transition and the tree after it. Run it with
// `swift run --package-path Examples/ArticleApp article-app`.

import ArticleApp
import Foundation

let succeeded = ArticleTour { print($0) }.run()
exit(succeeded ? 0 : 1)
