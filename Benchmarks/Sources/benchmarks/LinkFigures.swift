import CoreModule

// The rows for universal links, deep links and tree depth (the routes and deep-links issue).

extension TimedFigures {
    /// The link format of the deep-link rows.
    static let linkFormat = DeepLinkFormat(scheme: "bench")

    /// The six screens of the deep-link rows: a stack of five and a modal.
    private static func linkScenes(_ scenes: SceneSet, at position: Int) -> [SceneIdentifier] {
        (0..<6).map { scenes.keys.identifiers[(position &+ $0) & scenes.keys.mask] }
    }

    private static func link(of names: [SceneIdentifier]) -> String {
        let stack = names.prefix(5).map(\.rawValue).joined(separator: "/")
        return "bench://open/\(stack)/+\(names[5].rawValue)"
    }

    /// Opening a deep link of five screens and a modal, in one atomic step; against the same
    /// six navigations one by one.
    static func openLink(_ scenes: SceneSet) throws -> Workloads {
        let observed = try ObservedCoordinator(container: scenes.container, names: scenes.names)
        let links = (0...scenes.keys.mask).map { link(of: linkScenes(scenes, at: $0)) }
        let mask = scenes.keys.mask
        let cursor = Cursor()
        return (
            subject: Workload { iterations in
                let coordinator = observed.coordinator
                var sum: UInt64 = 0
                var position = cursor.position
                for _ in 0..<iterations {
                    let link = links[position & mask]
                    position &+= 1
                    sum &+=
                        try coordinator.open(.deepLink(link, format: linkFormat))?.transition?
                        .screen
                        .rawValue
                        ?? 0
                }
                cursor.position = position
                return sum
            },
            baseline: try sixNavigations(scenes)
        )
    }

    /// Opening a universal link with a query string, `https://bench.example.com/PATH?ref=mail&
    /// campaign=spring`, through a table of 200 three-segment routes (one parameter) onto the
    /// registered scenes; against navigating to the same screens with the same parameters
    /// (`navigate(.root(scene:parameters:))`), so that the ratio is what reading and matching
    /// the link add.
    static func openUniversalLink(_ scenes: SceneSet) throws -> Workloads {
        try openUniversalLink(
            scenes, routeCount: min(200, scenes.size), segments: .three,
            query: "?ref=mail&campaign=spring")
    }

    /// Opening a universal link of 5 segments (2 parameters) through a route per scene.
    ///
    /// No query; the table has as many 5-segment routes as scenes, one onto each; the baseline
    /// is the same navigations. The row must be flat from 10 routes to 100,000: matching does
    /// not grow with the table.
    static func openFiveSegmentLink(_ scenes: SceneSet) throws -> Workloads {
        try openUniversalLink(scenes, routeCount: scenes.size, segments: .five, query: "")
    }

    /// Opening `https://bench.example.com/PATH` + `query` through a table of `routeCount` routes
    /// of `segments` segments onto the first registered scenes, against navigating to the same
    /// screens with the same parameters.
    private static func openUniversalLink(
        _ scenes: SceneSet, routeCount: Int, segments: RouteSegments, query: String
    ) throws -> Workloads {
        let routes = (0..<routeCount).map { index in
            LinkRoute(
                scenes.names.route(index, segments: segments),
                scene: SceneIdentifier(scenes.names.name(index)), reachableFromOutside: true)
        }
        let table = try LinkTable(accepting: [.web(host: "bench.example.com")], routes: routes)
        let observed = try ObservedCoordinator(container: scenes.container, names: scenes.names)
        var generator = SplitMix64(seed: 0x11AC ^ UInt64(scenes.size))
        let targets = (0...scenes.keys.mask).map { position in
            let index = Int.random(in: 0..<routeCount, using: &generator)
            return (
                index: index, path: scenes.names.path(index, segments: segments, value: position)
            )
        }
        let urls = targets.map { "https://bench.example.com/\($0.path)\(query)" }
        // The baseline's requests: the same scenes, with the values the links give.
        let requests = targets.map { target in
            let values = target.path.split(separator: "/")
            let pattern = scenes.names.route(target.index, segments: segments).split(separator: "/")
            var parameters: SceneParameters =
                query.isEmpty ? [:] : ["ref": "mail", "campaign": "spring"]
            for (segment, value) in zip(pattern, values) where segment.hasPrefix(":") {
                parameters[String(segment.dropFirst())] = String(value)
            }
            return ApplicationTransitionType.root(
                scene: SceneIdentifier(scenes.names.name(target.index)), parameters: parameters)
        }
        let baselineCoordinator = try ObservedCoordinator(
            container: scenes.container, names: scenes.names)
        guard case .transition? = try observed.coordinator.open(.universal(urls[0], in: table))
        else { throw BenchmarkFailure("\(urls[0]) opened nothing") }
        return linkWorkloads(
            observed: observed, urls: urls, table: table, baseline: baselineCoordinator,
            requests: requests, mask: scenes.keys.mask)
    }

    /// Opening `urls[position & mask]` through `table` by turns, against navigating
    /// `requests[position & mask]` in `baseline`.
    private static func linkWorkloads(
        observed: ObservedCoordinator, urls: [String], table: LinkTable,
        baseline baselineCoordinator: ObservedCoordinator,
        requests: [ApplicationTransitionType], mask: Int
    ) -> Workloads {
        let cursor = Cursor()
        let baselineCursor = Cursor()
        return (
            subject: Workload { iterations in
                let coordinator = observed.coordinator
                var sum: UInt64 = 0
                var position = cursor.position
                for _ in 0..<iterations {
                    let url = urls[position & mask]
                    position &+= 1
                    sum &+=
                        try coordinator.open(.universal(url, in: table))?.transition?.screen
                        .rawValue ?? 0
                }
                cursor.position = position
                return sum
            },
            baseline: Workload { iterations in
                let coordinator = baselineCoordinator.coordinator
                var sum: UInt64 = 0
                var position = baselineCursor.position
                for _ in 0..<iterations {
                    let request = requests[position & mask]
                    position &+= 1
                    sum &+= try coordinator.navigate(request)?.screen.rawValue ?? 0
                }
                baselineCursor.position = position
                return sum
            }
        )
    }

    /// Opening a profile link whose first segment is a user name, `https://bench.example.com/
    /// USER` or `…/USER/posts/ID` by turns, through a table of as many literal routes as scenes
    /// (``NameSet/literalRoute(_:)``: 1, 2 and 3 segments), the routes with a parameter inside
    /// a segment (``NameSet/compositeRoutes``), `:user` and `:user/posts/:id`; against
    /// navigating to the same screens with the same parameters.
    ///
    /// The literal routes are tried first at the first segment and miss; the row must be flat
    /// from 10 routes to 100,000.
    static func openFirstSegmentParameterLink(_ scenes: SceneSet) throws -> Workloads {
        let names = scenes.names
        let links = (0...scenes.keys.mask).map { position in
            let user = names.user(position)
            guard position % 2 == 1 else {
                return (path: user, scene: 0, parameters: ["user": user] as SceneParameters)
            }
            let id = String(position % 1000)
            return (
                path: "\(user)/posts/\(id)", scene: 1,
                parameters: ["user": user, "id": id] as SceneParameters
            )
        }
        return try openRoutedLinks(scenes, links: links)
    }

    /// Opening a link whose last segment fills a parameter inside literal text,
    /// `https://bench.example.com/shop/item-ID` or `…/blog/SLUG.html` by turns (the
    /// ``NameSet/compositeRoutes``), through the table of
    /// ``openFirstSegmentParameterLink(_:)``; against navigating to the same screens with the
    /// same parameters.
    ///
    /// A literal route of two segments is tried first and misses; the row must be flat from
    /// 10 routes to 100,000.
    static func openCompositeSegmentLink(_ scenes: SceneSet) throws -> Workloads {
        let composites = scenes.names.compositeRoutes
        let links = (0...scenes.keys.mask).map { position in
            let which = position % composites.count
            let route = composites[which]
            let link = route.link(position)
            return (
                path: link.path, scene: 2 + which,
                parameters: [route.parameter: link.value] as SceneParameters
            )
        }
        return try openRoutedLinks(scenes, links: links)
    }

    /// Opening `https://bench.example.com/PATH` for each of `links` in turn through a table of
    /// a literal route per scene (``NameSet/literalRoute(_:)``, literal route `i` onto scene
    /// `i`), the ``NameSet/compositeRoutes`` onto scenes 2 and 3, `:user` onto scene 0 and
    /// `:user/posts/:id` onto scene 1; against `navigate(.root(scene:parameters:))` to each
    /// link's scene with its parameters, written out by the caller.
    private static func openRoutedLinks(
        _ scenes: SceneSet, links: [(path: String, scene: Int, parameters: SceneParameters)]
    ) throws -> Workloads {
        let names = scenes.names
        func scene(_ index: Int) -> SceneIdentifier { SceneIdentifier(names.name(index)) }
        var routes = (0..<scenes.size).map { index in
            LinkRoute(names.literalRoute(index), scene: scene(index), reachableFromOutside: true)
        }
        for (offset, composite) in names.compositeRoutes.enumerated() {
            routes.append(
                LinkRoute(composite.template, scene: scene(2 + offset), reachableFromOutside: true))
        }
        routes.append(LinkRoute(":user", scene: scene(0), reachableFromOutside: true))
        routes.append(LinkRoute(":user/posts/:id", scene: scene(1), reachableFromOutside: true))
        let table = try LinkTable(accepting: [.web(host: "bench.example.com")], routes: routes)
        let urls = links.map { "https://bench.example.com/\($0.path)" }
        let requests = links.map { link in
            ApplicationTransitionType.root(scene: scene(link.scene), parameters: link.parameters)
        }
        let observed = try ObservedCoordinator(container: scenes.container, names: names)
        let baselineCoordinator = try ObservedCoordinator(
            container: scenes.container, names: names)
        // Every link opens its screen with the parameters the baseline gives it, before timing.
        for (url, link) in zip(urls, links) {
            try observed.coordinator.open(.universal(url, in: table))
            let shown = observed.coordinator.tree.visibleScreen
            guard shown?.scene == scene(link.scene), shown?.parameters == link.parameters else {
                throw BenchmarkFailure(
                    "\(url) opened \(String(describing: shown)), not \(names.name(link.scene)) "
                        + "with \(link.parameters)")
            }
        }
        return linkWorkloads(
            observed: observed, urls: urls, table: table, baseline: baselineCoordinator,
            requests: requests, mask: scenes.keys.mask)
    }

    /// Writing the current tree, five screens and a modal, as a link; against the six
    /// navigations that build such a tree.
    static func writeLink(_ scenes: SceneSet) throws -> Workloads {
        let observed = try ObservedCoordinator(container: scenes.container, names: scenes.names)
        try observed.coordinator.open(
            .deepLink(link(of: linkScenes(scenes, at: 0)), format: linkFormat))
        return (
            subject: Workload { iterations in
                let coordinator = observed.coordinator
                var sum: UInt64 = 0
                for _ in 0..<iterations {
                    sum &+= UInt64(try coordinator.link(format: linkFormat)?.utf8.count ?? 0)
                }
                return sum
            },
            baseline: try sixNavigations(scenes)
        )
    }

    /// The deep-link rows' baseline: a root, four pushes and a present, one by one.
    ///
    /// The names are made before timing, as the links of the rows are.
    private static func sixNavigations(_ scenes: SceneSet) throws -> Workload {
        let observed = try ObservedCoordinator(container: scenes.container, names: scenes.names)
        let mask = scenes.keys.mask
        let namesByPosition = (0...mask).map { linkScenes(scenes, at: $0) }
        let cursor = Cursor()
        return Workload { iterations in
            let coordinator = observed.coordinator
            var sum: UInt64 = 0
            var position = cursor.position
            for _ in 0..<iterations {
                let names = namesByPosition[position & mask]
                position &+= 1
                try coordinator.navigate(.root(scene: names[0]))
                for index in 1..<5 {
                    try coordinator.navigate(.push(scene: names[index]))
                }
                sum &+= try coordinator.navigate(.present(scene: names[5]))?.screen.rawValue ?? 0
            }
            cursor.position = position
            return sum
        }
    }

    /// A push then a pop on top of a stack 10,000 screens deep.
    ///
    /// The cost does not grow with depth; the baseline is the shallow push and pop's.
    static func deepPushPop(_ scenes: SceneSet) throws -> Workloads {
        try addThenRemove(scenes, presenting: false, depth: 10_000)
    }
}
