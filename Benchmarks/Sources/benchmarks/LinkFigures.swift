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
        let mask = scenes.keys.mask
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
