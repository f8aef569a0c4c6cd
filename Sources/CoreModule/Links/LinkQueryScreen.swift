extension LinkRoute {
    /// A screen a universal link's query item adds above its route's own screen.
    ///
    /// The GitHub-style link `…/projects/a/b/comments?comment=42` opens the comments, then the
    /// replies to comment 42:
    ///
    /// ```swift
    /// LinkRoute(
    ///     "projects/:owner/:name/comments", scene: "Comments",
    ///     queryScreens: [LinkRoute.QueryScreen("comment", scene: "Replies")],
    ///     reachableFromOutside: true)
    /// ```
    ///
    /// The added screen is built with the route's path parameters and the item (`comment=42`); the
    /// item is not passed to the route's own screen. A link without the item opens the route's
    /// screen alone. The scene is checked like any destination: list ``LinkRoute/scenes`` in the
    /// app's start-up check.
    public struct QueryScreen: Hashable, Sendable {
        /// The query item's name: a link that carries it gets the screen.
        public let item: String
        /// The scene of the added screen.
        public let scene: SceneIdentifier

        /// Creates a query screen.
        ///
        /// - Parameters:
        ///   - item: The query item's name, such as `comment`.
        ///   - scene: The scene it opens, above the route's own screen.
        public init(_ item: String, scene: SceneIdentifier) {
            self.item = item
            self.scene = scene
        }
    }
}

extension LinkRoute {
    /// What is wrong with the route's query rules, if anything: each item named once, 1 to 64
    /// bytes, and not both added and refused; each query screen's scene valid. (An action
    /// route has no query screens: its initializer takes none.)
    var queryProblem: NavigationError.LinkRouteProblem? {
        var seen = Set<String>()
        for item in queryScreens.map(\.item) + refusedQueryItems {
            guard (1...64).contains(item.utf8.count), seen.insert(item).inserted else {
                return .invalidQueryItem(item)
            }
        }
        for screen in queryScreens {
            if let problem = screen.scene.brokenRule { return .invalidScene(screen.scene, problem) }
        }
        return nil
    }
}
