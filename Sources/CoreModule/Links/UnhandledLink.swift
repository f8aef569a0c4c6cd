extension NavigationError {
    /// A universal link the app's table does not handle, with the reason: hand its ``url`` to the
    /// browser.
    ///
    /// ```swift
    /// do {
    ///     try coordinator.open(.universal(url, in: links))
    /// } catch .link(.unhandledLink(let link)) {
    ///     openInBrowser(link.url)
    /// }
    /// ```
    public struct UnhandledLink: Hashable, Sendable, ReasonText {
        /// Why no route handles a link.
        @_spi(Rules) public enum Reason: Hashable, Sendable, ReasonText {
            /// The link cannot be read: too long, a bad escape, a character to escape, an empty path
            /// component, a repeated query item; the problem names the failing part.
            case unreadable(NavigationError.LinkProblem)
            /// The link's scheme and host are not among the table's origins.
            case notAccepted(scheme: String, host: String)
            /// No route's pattern matches the path (decoded, without its trailing `/`).
            case noRoute(path: String)
            /// The route matches, but a link from outside the app may not reach it.
            case notReachableFromOutside(route: String)
            /// The route matches, but its screen needs the parameter `parameter`, which the link
            /// does not give.
            case missingValue(route: String, parameter: String)
            /// The route matches, but the value of `parameter` is not of the type its screen needs.
            case invalidValue(
                route: String, parameter: String, value: String, expected: ParameterType)
            /// The route matches, but it refuses a link that carries the query item `item` (such as
            /// a preview `token` only the website reads): the browser should open it.
            case refused(route: String, item: String)

            /// The reason as the end of a sentence.
            package var description: String {
                switch self {
                case .unreadable(let problem):
                    return "it cannot be read: \(problem)"
                case .notAccepted(let scheme, let host):
                    let origin = host.isEmpty ? "\(scheme):" : "\(scheme)://\(host)"
                    return
                        "the app does not accept links from \"\(NavigationError.shorten(origin))\""
                case .noRoute(let path):
                    return "no route matches the path \"\(NavigationError.shorten(path))\""
                case .notReachableFromOutside(let route):
                    return "its route \"\(route)\" is not reachable from outside the app"
                case .missingValue(let route, let parameter):
                    return
                        "its route \"\(route)\" needs the parameter \"\(parameter)\", which it lacks"
                case .invalidValue(let route, let parameter, let value, let expected):
                    return
                        "its route \"\(route)\" needs \(expected) for \"\(parameter)\", not \"\(NavigationError.shorten(value))\""
                case .refused(let route, let item):
                    return
                        "its route \"\(route)\" refuses links with the query item \"\(NavigationError.shorten(item))\""
                }
            }
        }

        /// The link as it arrived, whole, even when it was over the length limit.
        public let url: String
        /// Why no route handles it: the link cannot be read, its origin is not accepted, no route
        /// matches its path, or the route that matches may not be reached from outside the app,
        /// lacks a value, reads one of the wrong type, or refuses one of the link's query items.
        public let reason: NavigationError.Problem

        /// Creates a record of an unhandled link.
        ///
        /// - Parameters:
        ///   - url: The link.
        ///   - reason: Why no route handles it.
        package init(url: String, reason: Reason) {
            self.url = url
            self.reason = NavigationError.Problem(.unhandledLink(reason))
        }

        /// The link and the reason, as a sentence.
        package var description: String {
            "The link \"\(NavigationError.shorten(url))\" is not handled: \(reason)."
        }
    }
}

extension NavigationError {
    /// What is wrong with a ``LinkTable``, found when it is made.
    @_spi(Rules) public enum LinkTableProblem: Hashable, Sendable, ReasonText {
        /// The table accepts no origin.
        case noOrigins
        /// An origin's host is not a host name, or its scheme not a custom URL scheme.
        case invalidOrigin(LinkTable.Origin)
        /// An origin is given twice (ignoring case), or a scheme both with and without a host.
        case repeatedOrigin(LinkTable.Origin)
        /// A limit is below 1 (or the parameters' below 0).
        case invalidLimits(LinkTable.Limits)
        /// The route of this path breaks a rule.
        case invalidRoute(String, NavigationError.LinkRouteProblem)

        /// The problem as a sentence.
        package var description: String {
            switch self {
            case .noOrigins:
                return "The link table accepts no origin; give at least one host or scheme."
            case .invalidOrigin(let origin):
                return
                    "The link table's origin \(Self.describe(origin)) is not a valid host or custom scheme."
            case .repeatedOrigin(let origin):
                return "The link table gives the origin \(Self.describe(origin)) twice."
            case .invalidLimits(let limits):
                return
                    "The link table's limits (\(limits.maximumLength) bytes, \(limits.maximumScreens) screens, \(limits.maximumParametersPerScreen) parameters) must be positive."
            case .invalidRoute(let path, let problem):
                return "The link route \"\(NavigationError.shorten(path))\" is invalid: \(problem)."
            }
        }

        private static func describe(_ origin: LinkTable.Origin) -> String {
            switch origin {
            case .web(let host): return "host \"\(NavigationError.shorten(host))\""
            case .scheme(let scheme): return "scheme \"\(NavigationError.shorten(scheme))\""
            case .schemeAndHost(let scheme, let host):
                return
                    "scheme \"\(NavigationError.shorten(scheme))\" with the host \"\(NavigationError.shorten(host))\""
            }
        }
    }
}

extension NavigationError {
    /// What is wrong with one route of a ``LinkTable``.
    @_spi(Rules) public enum LinkRouteProblem: Hashable, Sendable, ReasonText {
        /// The path breaks a rule of route patterns.
        case invalidPath(NavigationError.IdentifierProblem)
        /// A catch-all segment (`*name`) is not the path's last.
        case catchAllNotLast(segment: Int)
        /// A literal segment contains `%`; write literals decoded.
        case percentInLiteral(segment: Int)
        /// Another route's path has the same shape: both would match the same links.
        case sameShape(String)
        /// The scene name breaks a naming rule.
        case invalidScene(SceneIdentifier, NavigationError.IdentifierProblem)
        /// The action's name is not a valid name.
        case invalidActionName(String)
        /// The effect selects a tab whose name is invalid.
        case invalidTabName(String)
        /// The effect presents with an invalid style.
        case invalidStyle(PresentationStyle)
        /// The parent is no route of the table.
        case unknownParent(String)
        /// Following parents comes back to a route already in the chain (the chain, child first).
        case parentCycle([String])
        /// The parent is an action, which builds no screen.
        case actionAsParent(String)
        /// The parent `parent` (or a further ancestor) needs the parameter `name`, which this
        /// route's path does not capture.
        case parentParameterNotCaptured(parent: String, name: String)
        /// The route is reachable from outside, but its ancestor is not.
        case parentNotReachable(String)
        /// The chain of parents is `depth` screens deep, over the limit of screens.
        case tooDeep(depth: Int, limit: Int)
        /// A query item the route reads is empty, over 64 bytes, given twice, both added as a
        /// screen and refused, or named like one of the path's parameters.
        case invalidQueryItem(String)
        /// Segment `segment` has two parameters with nothing between them (`:a:b`): where one
        /// ends could not be told.
        case adjacentParameters(segment: Int)
        /// An item of the template's query (after `?`) is not `item=:name`: an item of 1 to 64
        /// bytes without `%`, `=` or whitespace, given once, filling a parameter named with ASCII
        /// letters, digits and `_`.
        case invalidQueryParameter(String)

        /// The problem as the end of a sentence.
        package var description: String {
            switch self {
            case .invalidPath(let problem):
                return "its path is not a valid pattern: \(problem)"
            case .catchAllNotLast(let segment):
                return "its catch-all segment \(segment) is not the last"
            case .percentInLiteral(let segment):
                return "its literal segment \(segment) contains \"%\" (write literals decoded)"
            case .sameShape(let other):
                return
                    "it matches the same links as the route \"\(NavigationError.shorten(other))\""
            case .invalidScene(let scene, let problem):
                return "its scene \(scene.quoted) is invalid: \(problem)"
            case .invalidActionName(let name):
                return "its action name \"\(NavigationError.shorten(name))\" is invalid"
            case .invalidTabName(let name):
                return
                    "it selects the tab \"\(NavigationError.shorten(name))\", an invalid tab name"
            case .invalidStyle(let style):
                return "it presents with the invalid style \(style)"
            case .unknownParent(let parent):
                return "its parent \"\(NavigationError.shorten(parent))\" is no route of the table"
            case .parentCycle(let chain):
                return "its parents loop: \(chain.map { "\"\($0)\"" }.joined(separator: " → "))"
            case .actionAsParent(let parent):
                return "its parent \"\(parent)\" is an action, which builds no screen"
            case .parentParameterNotCaptured(let parent, let name):
                return "its parent \"\(parent)\" needs \"\(name)\", which its path does not capture"
            case .parentNotReachable(let parent):
                return "it is reachable from outside, but its parent \"\(parent)\" is not"
            case .tooDeep(let depth, let limit):
                return "its chain of parents is \(depth) screens deep, over the limit of \(limit)"
            case .invalidQueryItem(let item):
                return
                    "its query item \"\(NavigationError.shorten(item))\" is empty, too long, repeated, "
                    + "both added and refused, or named like a path parameter"
            case .adjacentParameters(let segment):
                return "its segment \(segment) has two parameters with nothing between them"
            case .invalidQueryParameter(let item):
                return
                    "its query \"\(NavigationError.shorten(item))\" is not written item=:name, "
                    + "each item once"
            }
        }
    }
}
