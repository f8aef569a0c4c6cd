/// A map of the app's navigation, as a value: every scene, the scenes each navigates to, and
/// the ways in.
///
/// It is made from a registry (the scenes and their builders' ``Builder/destinations``), the
/// transitions the app starts with (its root, its tabs, its split columns) and, when given, its
/// ``LinkTable`` (each route's path, the scenes it opens or its action). Tests compare maps, or
/// their ``report``; ``mermaid(direction:)`` and ``json(prettyPrinted:)`` draw one.
///
/// ```swift
/// let map = NavigationMap(
///     of: container,
///     startingWith: [.tabs([TabItem("home", scene: "Home"), TabItem("cart", scene: "Cart")],
///                          selected: "home")],
///     links: links)
/// #expect(map.report.problems.isEmpty && map.report.unreachableScenes.isEmpty)
/// print(map.mermaid())
/// ```
///
/// **Entry points** are the scenes the app enters without another scene's navigation: each
/// scene a start transition builds (a root, a tab's or a column's first screen, a stack's
/// screens) and each scene a route of the link table opens (its own and its query screens',
/// from outside or from the app). A registered scene is **reached** when it is an entry point
/// or a declared destination of a reached scene; ``report`` names the registered scenes that
/// are not, once the app names a way in (a start transition or a link table): without one,
/// nothing is called unreachable. Scenes are sorted by name, routes by path; start transitions
/// keep their order.
public struct NavigationMap: Equatable, Sendable {
    /// Every registered scene, with the scenes its builder declares it navigates to
    /// (``Builder/destinations``), sorted and without repeats.
    public let scenes: [SceneIdentifier: [SceneIdentifier]]

    /// The scenes the app enters without another scene's navigation, sorted: those the start
    /// transitions build and those the link table's routes open.
    public let entryPoints: [SceneIdentifier]

    /// The start-up check over this map (what ``DependencyContainer/checkDestinations(startingWith:links:)``
    /// returns): the declared destinations that are not registered, and the registered scenes
    /// nothing reaches.
    public let report: DestinationReport

    /// The ways in the start transitions declare, in the order given, without repeats.
    let starts: [Start]

    /// The link table's routes, by path.
    let routes: [LinkRoute]

    /// One way in that a start transition declares: how, and which scene.
    package struct Start: Hashable, Sendable {
        /// How the scene is entered.
        package enum Way: Hashable, Sendable {
            /// By a transition of this kind: `root`, `push`, `present`, `replace`, `set-stack`.
            case transition(TransitionEvent.Kind)
            /// As the first screen of the tab of this name.
            case tab(String)
            /// As the first screen of this split column.
            case column(ScreenSplit.Column)
        }

        package let way: Way
        package let scene: SceneIdentifier

        package init(way: Way, scene: SceneIdentifier) {
            self.way = way
            self.scene = scene
        }
    }

    /// Draws the map of `container`'s scenes.
    ///
    /// - Parameters:
    ///   - container: The registry: its scenes and what their builders declare.
    ///   - start: The transitions the app starts with, which declare its entry points: a
    ///     ``ApplicationTransitionType/root(scene:parameters:payload:animated:)``, its
    ///     ``ApplicationTransitionType/tabs(_:selected:animated:)``, its
    ///     ``ApplicationTransitionType/split(primary:supplementary:detail:style:animated:)``, or
    ///     any other that builds screens; those that build none (a pop, an alert) add nothing.
    ///   - links: The app's link table, whose routes lead in from outside (or from the app).
    /// - Complexity: O(*n* log *n* + *d*) for *n* scenes and *d* declared destinations.
    public init(
        of container: some SceneBuilderContainer,
        startingWith start: [ApplicationTransitionType] = [], links: LinkTable? = nil
    ) {
        let declared = Self.declarations(of: container)
        let registered = Set(declared.map(\.scene))
        var scenes: [SceneIdentifier: [SceneIdentifier]] = [:]
        var problems: [DestinationReport.Problem] = []
        var checked = 0
        for (scene, destinations) in declared {
            scenes[scene] = Set(destinations).sorted()
            for destination in destinations {
                checked += 1
                guard !registered.contains(destination) else { continue }
                let error: NavigationError =
                    if let problem = destination.brokenRule {
                        .input(.invalidSceneIdentifier(destination, problem: problem))
                    } else {
                        .unknownScene(
                            destination,
                            suggestions: NavigationError.SceneSuggestions(
                                for: destination, among: registered))
                    }
                problems.append(
                    DestinationReport.Problem(
                        declaredBy: scene, destination: destination, error: error))
            }
        }
        var starts: [Start] = []
        for way in start.flatMap(Self.starts(of:)) where !starts.contains(way) {
            starts.append(way)
        }
        let routes = (links?.routes ?? []).sorted { $0.path < $1.path }
        let entryPoints = Set(starts.map(\.scene) + routes.flatMap(\.scenes)).sorted()

        // Reached: the entry points, then every declared destination of a reached scene.
        var unreachable: [SceneIdentifier] = []
        if !start.isEmpty || links != nil {
            var reached = Set<SceneIdentifier>()
            var pending = entryPoints
            while let scene = pending.popLast() {
                guard reached.insert(scene).inserted else { continue }
                pending += scenes[scene] ?? []
            }
            unreachable = declared.map(\.scene).filter { !reached.contains($0) }
        }
        self.scenes = scenes
        self.entryPoints = entryPoints
        self.report = DestinationReport(
            checkedCount: checked, problems: problems, unreachableScenes: unreachable)
        self.starts = starts
        self.routes = routes
    }

    /// A map made of its parts, as a test writes the one it expects.
    package init(
        scenes: [SceneIdentifier: [SceneIdentifier]], entryPoints: [SceneIdentifier],
        report: DestinationReport, starts: [Start], routes: [LinkRoute]
    ) {
        self.scenes = scenes
        self.entryPoints = entryPoints
        self.report = report
        self.starts = starts
        self.routes = routes
    }

    /// Every registered scene, sorted, with its declared destinations as declared.
    ///
    /// A ``DependencyContainer`` answers from one look at its registry, with the destinations
    /// read when each builder was registered; another registry is asked scene by scene.
    private static func declarations(of container: some SceneBuilderContainer)
        -> [(scene: SceneIdentifier, destinations: [SceneIdentifier])]
    {
        if let container = container as? DependencyContainer {
            return container.declaredDestinations
        }
        return container.sceneIdentifiers.compactMap { scene in
            // A scene removed since the list was read is left out.
            container.build(for: scene).map { (scene, $0.destinations) }
        }
    }

    /// The ways in that `transition` declares: every screen it builds.
    private static func starts(of transition: ApplicationTransitionType) -> [Start] {
        switch transition {
        case .root(let scene, _, _, _), .push(let scene, _, _, _, _),
            .present(let scene, _, _, _, _), .replace(let scene, _, _, _):
            return [Start(way: .transition(transition.kind), scene: scene)]
        case .setStack(let screens, _, _):
            return screens.map { Start(way: .transition(.setStack), scene: $0.scene) }
        case .tabs(let items, _, _):
            return items.map { Start(way: .tab($0.name), scene: $0.scene) }
        case .addTab(let item, _, _):
            return [Start(way: .tab(item.name), scene: item.scene)]
        case .split(let primary, let supplementary, let detail, _, _):
            return [Start(way: .column(.primary), scene: primary.scene)]
                + (supplementary.map { [Start(way: .column(.supplementary), scene: $0.scene)] }
                    ?? [])
                + (detail.map { [Start(way: .column(.detail), scene: $0.scene)] } ?? [])
        case .showDetail(let destination, _):
            return [Start(way: .column(.detail), scene: destination.scene)]
        case .showSupplementary(let destination, _):
            return [Start(way: .column(.supplementary), scene: destination.scene)]
        case .alert, .selectTab, .removeTab, .pop, .popToRoot, .popTo, .dismiss, .dismissAll,
            .updateModal:
            return []
        }
    }
}

extension NavigationMap.Start.Way: CustomStringConvertible {
    /// The way as a map labels it: `root`, `tab home`, `primary column`.
    package var description: String {
        switch self {
        case .transition(let kind): return kind.description
        case .tab(let name): return "tab \(name)"
        case .column(let column): return "\(column.rawValue) column"
        }
    }
}
