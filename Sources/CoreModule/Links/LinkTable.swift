/// The app's table of universal links: the origins it accepts, its routes, and what each link
/// does to the tree.
///
/// A universal link is a standard URL that the system hands the app, from a web page, a
/// message or another app: `https://shop.example.com/product/42?ref=mail`. The table says which
/// links the app handles and how:
///
/// - its **origins**: the web hosts (`https://HOST/…`) and custom schemes (`shop://…`, whose first
///   component is the path's first segment) it accepts; nothing else is guessed;
/// - its **routes**: a path pattern (`product/:id`, `files/*path`), the scene it opens or the
///   action it runs, an optional **parent** route whose screen goes below it (a back stack),
///   what the link does to the tree (``LinkRoute/Effect``), and whether a link from **outside** the
///   app may reach it (no route may, unless marked).
///
/// ```swift
/// let links = try LinkTable(
///     accepting: [.web(host: "shop.example.com"), .web(host: "www.shop.example.com"),
///                 .scheme("shop")],
///     routes: [
///         LinkRoute("product/:id", scene: "Product", reachableFromOutside: true),
///         LinkRoute("product/:id/reviews", scene: "Reviews", parent: "product/:id",
///                   reachableFromOutside: true),
///         LinkRoute("debug/menu", scene: "DebugMenu"),
///     ])
/// try coordinator.open(.universal("https://shop.example.com/product/42?ref=mail", in: links))
/// ```
///
/// The table is checked when it is made: each path is a valid pattern, no two paths have the
/// same shape, each parent exists, no chain of parents loops, each parent's parameters are
/// captured by its children, a route reachable from outside has parents that are too, and every
/// tab name, style and limit is valid. Misconfiguration fails here, with
/// ``NavigationError/LinkFailure/invalidLinkTable(_:)``; a link fails only when it is opened.
public struct LinkTable: Hashable, Sendable {
    /// The origins whose links the app handles, in the order given; links are shared with the
    /// first (see ``AppCoordinator/universalLink(in:origin:)``).
    package let origins: [LinkTable.Origin]
    /// The limits a link must respect, in bytes, components and parameters.
    package let limits: LinkTable.Limits
    /// The routes, in the order given.
    package let routes: [LinkRoute]

    /// Each route's template read, in the order of ``routes``, for the link writer.
    let patterns: [RoutePattern]
    /// The routes by path pattern, for matching.
    let table: RouteTable<Entry>
    /// The route of the site's root (`/`), if any: the one route of no segment.
    let root: Entry?

    /// A route as the table keeps it: the route, its pattern, and the screens its chain of
    /// parents builds.
    struct Entry: Sendable {
        let route: LinkRoute
        let pattern: RoutePattern
        /// The screens the route opens, its ancestors' first; empty for an action.
        ///
        /// Each is a route's path, its scene, and the parameter names of its path.
        let screens: [(path: String, scene: SceneIdentifier, parameterNames: [String])]
    }

    /// Makes a table and checks it.
    ///
    /// - Parameters:
    ///   - origins: The web hosts and custom schemes whose links the app handles.
    ///   - limits: The limits a link must respect; the package's own links' by default.
    ///   - routes: The routes, in any order (a parent may come after its children).
    /// - Throws: ``NavigationError/LinkFailure/invalidLinkTable(_:)`` naming the first problem found.
    public init(
        accepting origins: [LinkTable.Origin], limits: LinkTable.Limits = LinkTable.Limits(),
        routes: [LinkRoute]
    ) throws(NavigationError) {
        func fail(_ problem: NavigationError.LinkTableProblem) -> NavigationError {
            .link(.invalidLinkTable(problem))
        }
        guard !origins.isEmpty else { throw fail(.noOrigins) }
        var seenOrigins = Set<LinkTable.Origin>()
        for origin in origins {
            guard origin.isValid else { throw fail(.invalidOrigin(origin)) }
            guard seenOrigins.insert(origin.normalized).inserted else {
                throw fail(.repeatedOrigin(origin))
            }
        }
        // A scheme reads its first component as a host, or as the path's first segment: not
        // both.
        for origin in origins {
            guard case .schemeAndHost(let scheme, _) = origin.normalized else { continue }
            if seenOrigins.contains(.scheme(scheme)) { throw fail(.repeatedOrigin(origin)) }
        }
        guard limits.isValid else { throw fail(.invalidLimits(limits)) }

        // Each path read and checked on its own; two paths of one shape (the same path, too)
        // match the same links and are refused, so each path names one route.
        var byPath: [String: (route: LinkRoute, pattern: RoutePattern)] = [:]
        var shapes: [String: String] = [:]
        for route in routes {
            let pattern = try RoutePattern.linkPath(route.path)
            if let existing = shapes.updateValue(route.path, forKey: pattern.shape) {
                throw fail(.invalidRoute(route.path, .sameShape(existing)))
            }
            if let problem = route.problem { throw fail(.invalidRoute(route.path, problem)) }
            byPath[route.path] = (route, pattern)
        }

        // Then each chain of parents.
        var entries = RouteTable<Entry>()
        var root: Entry?
        for route in routes {
            guard let own = byPath[route.path] else { continue }
            var chain = [own]
            var visited: Set<String> = [route.path]
            var current = route
            while let parentPath = current.parent {
                guard let parent = byPath[parentPath] else {
                    throw fail(.invalidRoute(route.path, .unknownParent(parentPath)))
                }
                guard visited.insert(parentPath).inserted else {
                    throw fail(
                        .invalidRoute(
                            route.path,
                            .parentCycle(chain.map(\.route.path).reversed() + [parentPath])))
                }
                if case .action = parent.route.target {
                    throw fail(.invalidRoute(route.path, .actionAsParent(parentPath)))
                }
                chain.insert(parent, at: 0)
                current = parent.route
            }
            guard chain.count <= limits.maximumScreens else {
                throw fail(
                    .invalidRoute(
                        route.path, .tooDeep(depth: chain.count, limit: limits.maximumScreens)))
            }
            let captured = Set(own.pattern.parameterNames)
            // An item that adds a screen or refuses the link is neither a path parameter nor
            // an item the template names, nor the parameter such an item fills.
            let templateItems = own.pattern.queryParameters.flatMap { [$0.item, $0.name] }
            if let item = (route.queryScreens.map(\.item) + route.refusedQueryItems).first(where: {
                captured.contains($0) || templateItems.contains($0)
            }) {
                throw fail(.invalidRoute(route.path, .invalidQueryItem(item)))
            }
            guard chain.count + route.queryScreens.count <= limits.maximumScreens else {
                throw fail(
                    .invalidRoute(
                        route.path,
                        .tooDeep(
                            depth: chain.count + route.queryScreens.count,
                            limit: limits.maximumScreens)))
            }
            for ancestor in chain.dropLast() {
                for name in ancestor.pattern.parameterNames where !captured.contains(name) {
                    throw fail(
                        .invalidRoute(
                            route.path,
                            .parentParameterNotCaptured(parent: ancestor.route.path, name: name)))
                }
                if route.isReachableFromOutside && !ancestor.route.isReachableFromOutside {
                    throw fail(.invalidRoute(route.path, .parentNotReachable(ancestor.route.path)))
                }
            }
            let screens = chain.compactMap { link in
                link.route.scene.map { (link.route.path, $0, link.pattern.parameterNames) }
            }
            let entry = Entry(route: route, pattern: own.pattern, screens: screens)
            if own.pattern.segments.isEmpty {
                root = entry
            } else {
                entries.insert(own.pattern, value: entry)
            }
        }
        self.origins = origins
        self.limits = limits
        self.routes = routes
        self.table = entries
        self.root = root
        patterns = routes.compactMap { byPath[$0.path]?.pattern }
    }
}

extension LinkTable {
    /// Whether two tables were made from the same origins, limits and routes (they then match
    /// every link alike).
    public static func == (lhs: LinkTable, rhs: LinkTable) -> Bool {
        lhs.origins == rhs.origins && lhs.limits == rhs.limits && lhs.routes == rhs.routes
    }

    /// Hashes what the table was made from.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(origins)
        hasher.combine(limits)
        hasher.combine(routes)
    }
}

extension LinkTable {
    /// Where a universal link may come from: a web host or a custom scheme.
    public enum Origin: Hashable, Sendable, CustomStringConvertible {
        /// `https://HOST/path?query`: the host as written, without a port or user; `www.` and the
        /// bare domain are two origins.
        case web(host: String)
        /// `SCHEME://first/rest?query`: everything after `://` is the path, its first component
        /// the path's first segment (`shop://product/42` is the path `product/42`).
        case scheme(String)
        /// `SCHEME://HOST/path?query`: a custom scheme whose first component is a host to check,
        /// as an app that sends its web links with its own scheme writes them
        /// (`app://www.example.com/projects/a/b` is the path `projects/a/b`); one table then reads
        /// both forms with the same routes. A scheme may have several hosts, each an origin.
        case schemeAndHost(String, host: String)

        /// The origin as a link starts with it: `https://shop.example.com/` or `shop://`.
        public var description: String {
            switch self {
            case .web(let host): return "https://\(host)/"
            case .scheme(let scheme): return "\(scheme)://"
            case .schemeAndHost(let scheme, let host): return "\(scheme)://\(host)/"
            }
        }

        /// The origin's scheme, for a custom scheme with or without a host.
        var customScheme: String? {
            switch self {
            case .web: return nil
            case .scheme(let scheme), .schemeAndHost(let scheme, _): return scheme
            }
        }

        /// The origin in lowercase, as links are compared with it.
        var normalized: LinkTable.Origin {
            switch self {
            case .web(let host): return .web(host: host.lowercased())
            case .scheme(let scheme): return .scheme(scheme.lowercased())
            case .schemeAndHost(let scheme, let host):
                return .schemeAndHost(scheme.lowercased(), host: host.lowercased())
            }
        }

        /// Whether the host is a host name (1–253 bytes of ASCII letters, digits, `-` and `.`,
        /// or non-ASCII letters), or the scheme a URL scheme (an ASCII letter, then letters, digits,
        /// `+`, `-` and `.`) other than `http` and `https`.
        var isValid: Bool {
            switch self {
            case .schemeAndHost(let scheme, let host):
                return LinkTable.Origin.scheme(scheme).isValid
                    && LinkTable.Origin.web(host: host).isValid
            case .web(let host):
                // A host pattern, `*.example.com`, is a host name after its leading `*.`.
                let name = host.hasPrefix("*.") ? host.dropFirst(2) : Substring(host)
                let bytes = name.utf8
                return (1...253).contains(bytes.count)
                    && bytes.allSatisfy { byte in
                        byte >= 0x80
                            || PercentEncoding.isUnreserved(byte) && byte != UInt8(ascii: ":")
                                && byte != UInt8(ascii: "@") && byte != UInt8(ascii: "~")
                                && byte != UInt8(ascii: "_")
                    }
                    && !name.unicodeScalars.contains { $0.properties.isWhitespace }
            case .scheme(let scheme):
                let lowered = scheme.lowercased()
                return lowered != "http" && lowered != "https"
                    && Self.isScheme(Array(scheme.utf8)[...])
            }
        }

        /// Whether the origin's host is a pattern, `*.example.com`, that accepts every host
        /// under the domain after `*.` (`shop.example.com`, `a.b.example.com`, never
        /// `example.com` itself).
        var isHostPattern: Bool {
            switch self {
            case .web(let host), .schemeAndHost(_, let host): return host.hasPrefix("*.")
            case .scheme: return false
            }
        }

        /// Whether `bytes` are a URL scheme: an ASCII letter, then letters, digits, `+`, `-`
        /// and `.`, 64 bytes at most.
        static func isScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
            guard let first = bytes.first, bytes.count <= 64, isLetter(first) else { return false }
            return bytes.allSatisfy { byte in
                isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: ".")
            }
        }

        private static func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
    }
}

/// One route of a ``LinkTable``: a path pattern and what a link that matches it does.
public struct LinkRoute: Hashable, Sendable {
    /// What a route opens: a screen, or an action that builds none.
    public enum Target: Hashable, Sendable {
        /// A screen of `scene` (a registered name), placed by `effect`.
        case screen(SceneIdentifier, effect: LinkRoute.Effect)
        /// An action named `name`, reported as ``NavigationEvent/linkAction(_:)``; the tree is
        /// unchanged.
        case action(String)
    }

    /// The path pattern: literal segments, `:name` parameters, and optionally a last `*name`
    /// that takes the rest of the path (`files/*path`).
    public let path: String
    /// What the route opens.
    public let target: Target
    /// The path of the route whose screen goes below this one's, if any.
    public let parent: String?
    /// Whether a link from outside the app may open this route; `false` unless marked.
    public let isReachableFromOutside: Bool
    /// The screens the link's query items add above the route's own screen, in this order:
    /// each for a link that carries its item.
    public let queryScreens: [LinkRoute.QueryScreen]
    /// The query items that make the route refuse a link: a link that carries one is
    /// unhandled (``NavigationError/LinkFailure/unhandledLink(_:)``), for the browser to open.
    public let refusedQueryItems: [String]

    /// A route that opens a screen.
    ///
    /// - Parameters:
    ///   - path: The path pattern, such as `product/:id/reviews`.
    ///   - scene: The scene to open; its parameters are the path's captures and, for this
    ///     route's own screen, the link's query items.
    ///   - parent: The path of the route whose screen goes below this one (its parameters are
    ///     taken from this route's captures).
    ///   - effect: What the link does to the tree; ``LinkRoute/Effect/replace`` by default.
    ///   - queryScreens: The screens the link's query items add above the route's screen
    ///     (`comment=ID` opening the replies to that comment); none by default.
    ///   - refusingQueryItems: The query items that make the route refuse a link (a preview
    ///     `token`): the link is unhandled, for the browser; none by default.
    ///   - reachableFromOutside: Whether a link from outside the app may open the route;
    ///     `false` by default.
    public init(
        _ path: String, scene: SceneIdentifier, parent: String? = nil,
        effect: LinkRoute.Effect = .replace, queryScreens: [LinkRoute.QueryScreen] = [],
        refusingQueryItems: [String] = [], reachableFromOutside: Bool = false
    ) {
        self.path = path
        self.target = .screen(scene, effect: effect)
        self.parent = parent
        self.isReachableFromOutside = reachableFromOutside
        self.queryScreens = queryScreens
        self.refusedQueryItems = refusingQueryItems
    }

    /// A route that runs an action and builds no screen.
    ///
    /// - Parameters:
    ///   - path: The path pattern, such as `settings/dark-mode/:value`.
    ///   - action: The action's name, reported with the link's parameters.
    ///   - refusingQueryItems: The query items that make the route refuse a link: the link
    ///     is unhandled; none by default.
    ///   - reachableFromOutside: Whether a link from outside the app may run it; `false` by
    ///     default.
    public init(
        _ path: String, action: String, refusingQueryItems: [String] = [],
        reachableFromOutside: Bool = false
    ) {
        self.path = path
        self.target = .action(action)
        self.parent = nil
        self.isReachableFromOutside = reachableFromOutside
        self.queryScreens = []
        self.refusedQueryItems = refusingQueryItems
    }

    /// The scene the route opens, or `nil` for an action.
    package var scene: SceneIdentifier? {
        if case .screen(let scene, _) = target { return scene }
        return nil
    }

    /// Every scene a link to this route may open: its own, then its query screens'; what an
    /// app's start-up check looks up in its registry.
    public var scenes: [SceneIdentifier] {
        (scene.map { [$0] } ?? []) + queryScreens.map(\.scene)
    }

    /// What is wrong with the route on its own, if anything.
    var problem: NavigationError.LinkRouteProblem? {
        if let problem = queryProblem { return problem }
        switch target {
        case .screen(let scene, let effect):
            if let problem = scene.brokenRule { return .invalidScene(scene, problem) }
            switch effect {
            case .selectTab(let tab) where !TabItem.isValidName(tab):
                return .invalidTabName(tab)
            case .present(let style) where !style.isValid:
                return .invalidStyle(style)
            default:
                return nil
            }
        case .action(let name):
            return SceneIdentifier(name).problem == nil ? nil : .invalidActionName(name)
        }
    }
}

extension LinkRoute {
    /// What opening a universal link does to the tree: one atomic transition, one event.
    public enum Effect: Hashable, Sendable {
        /// The default: replaces the whole tree with the route's stack (its parents' screens, then
        /// its own). Over a tab root, the stack goes to one tab, as a stack-only link does (see
        /// ``AppCoordinator/open(_:force:)``): the tab whose first screen is the stack's first
        /// scene, or else the tab that hosts it in ``AppCoordinator/tabHosts``.
        case replace
        /// Selects the tab named so and sets its stack to the route's stack; modals are dismissed,
        /// the other tabs untouched.
        case selectTab(String)
        /// Pushes the route's stack onto the selected tab's stack (the root stack without tabs),
        /// after dismissing the modals.
        case push
        /// Dismisses the modals, then presents the route's stack in one modal of this style.
        case present(PresentationStyle)
    }
}

extension AppLink {
    /// Where a universal link comes from, which decides the routes it may reach.
    public enum Source: Hashable, Sendable {
        /// From outside the app (the system, a web page, a message, another app): only routes
        /// marked reachable from outside open.
        case outside
        /// From the app itself (a link in its own help text, say): every route opens.
        case app
    }
}

extension LinkTable {
    /// The limits a link must respect, shared by the package's own links and universal links.
    public struct Limits: Hashable, Sendable {
        /// The longest link read, in UTF-8 bytes.
        public var maximumLength: Int
        /// The most screens a link may name (for a universal link: the most path components, and
        /// the deepest chain of parents).
        public var maximumScreens: Int
        /// The most parameters one screen may have (for a universal link's screen: its captures
        /// and query items together).
        public var maximumParametersPerScreen: Int

        /// Creates limits.
        ///
        /// - Parameters:
        ///   - maximumLength: The longest link read, in UTF-8 bytes; 4,096 by default.
        ///   - maximumScreens: The most screens (or path components); 64 by default.
        ///   - maximumParametersPerScreen: The most parameters per screen; 16 by default.
        public init(
            maximumLength: Int = 4_096, maximumScreens: Int = 64,
            maximumParametersPerScreen: Int = 16
        ) {
            self.maximumLength = maximumLength
            self.maximumScreens = maximumScreens
            self.maximumParametersPerScreen = maximumParametersPerScreen
        }

        /// Whether every limit is at least 1.
        var isValid: Bool {
            maximumLength >= 1 && maximumScreens >= 1 && maximumParametersPerScreen >= 0
        }

        /// The problem with a link of `length` bytes: empty or too long; `nil` when none.
        func lengthProblem(_ length: Int) -> NavigationError.LinkProblem? {
            guard length > 0 else { return .empty }
            guard length <= maximumLength else {
                return .tooLong(length: length, limit: maximumLength)
            }
            return nil
        }

        /// The problem with a link of `count` screens (or components), if over the limit.
        func screensProblem(_ count: Int) -> NavigationError.LinkProblem? {
            guard count <= maximumScreens else {
                return .tooManyScreens(count: count, limit: maximumScreens)
            }
            return nil
        }

        /// The problem with `count` parameters for the screen at `position`, if over the limit.
        func parametersProblem(_ count: Int, position: Int) -> NavigationError.LinkProblem? {
            guard count <= maximumParametersPerScreen else {
                return .tooManyParameters(
                    position: position, count: count, limit: maximumParametersPerScreen)
            }
            return nil
        }
    }
}

extension LinkRoute {
    /// An action a universal link ran: the route's action name and the link's values.
    ///
    /// The tree is unchanged; the app performs the action when it observes it.
    public struct Action: Hashable, Sendable, CustomStringConvertible {
        /// The action's name, as the route declares it.
        public let name: String
        /// The path captures and query items of the link.
        public let parameters: SceneParameters
        /// The route's path pattern.
        public let route: String
        /// The link as it arrived.
        public let url: String

        /// Creates an action record; coordinators make these, and tests may too.
        ///
        /// - Parameters:
        ///   - name: The action's name.
        ///   - parameters: The link's captures and query items.
        ///   - route: The route's path pattern.
        ///   - url: The link.
        package init(name: String, parameters: SceneParameters, route: String, url: String) {
            self.name = name
            self.parameters = parameters
            self.route = route
            self.url = url
        }

        /// The action as one line: `action set-theme (value=dark) from route theme/:value`.
        public var description: String {
            let values = parameters.isEmpty ? "" : " (\(parameters))"
            return "action \(name)\(values) from route \(route)"
        }
    }
}
