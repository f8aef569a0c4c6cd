/// How the registry stores one scene, kept small because a registry may hold 100,000 of them.
///
/// Most scenes are a ``SceneBuilder`` without requirements and with a name short enough to
/// store inline (see ``SceneName``): the registry keeps only its maker, one reference (the name
/// is the dictionary's key), so that an entry costs about what a `[String: closure]` entry
/// does. Any other builder, a builder with required parameters, a long name and a route pattern
/// are kept whole in a ``BuilderEntry`` with what the coordinator checks before building.
enum RegisteredScene: Sendable {
    /// A ``SceneBuilder`` without requirements: its maker alone.
    case scene(SceneMaker)
    /// Any other builder, with its checks worked out once at registration.
    case entry(BuilderEntry)
    /// A route pattern registered with a ``SceneBuilder`` without requirements, as a match
    /// finds it: its maker with the pattern's name, the parameters already captured. (The
    /// registry itself keeps such a pattern as an ``entry(_:)``.)
    case route(RouteSceneMaker)

    init(_ builder: any Builder, key: SceneIdentifier) {
        let pattern = RoutePattern(key)
        if let plain = builder as? SceneBuilder, plain.requiredParameters.isEmpty, pattern == nil,
            SceneName.inline(key.rawValue) != nil
        {
            self = .scene(plain.maker)
        } else {
            self = .entry(
                BuilderEntry(
                    builder: builder, name: SceneName(key),
                    routeParameterNames: pattern?.parameterNames ?? [],
                    requiredParameters: builder.requiredParameters.sorted { $0.key < $1.key }))
        }
    }

    /// The builder as registered (a ``SceneBuilder`` is rebuilt around its closure, named
    /// `key`).
    func builder(for key: SceneIdentifier) -> any Builder {
        switch self {
        case .scene(let maker): return SceneBuilder(sceneIdentifier: key, maker: maker)
        case .entry(let entry): return entry.builder
        case .route(let maker): return SceneBuilder(named: maker)
        }
    }

    /// The builder as registered, a ``SceneBuilder`` rebuilt around its closure named `name`.
    func builder(for name: SceneName) -> any Builder {
        switch self {
        case .entry(let entry): return entry.builder
        case .route(let maker): return SceneBuilder(named: maker)
        case .scene: return builder(for: name.identifier)
        }
    }

    /// The name the registry keeps for `key`: an entry's own, or else `key` packed.
    func name(for key: SceneIdentifier) -> SceneName {
        switch self {
        case .scene: return SceneName(key)
        case .entry(let entry): return entry.name
        case .route(let maker): return maker.name
        }
    }

    /// Makes the screen.
    @MainActor
    func makeScreen(in context: SceneContext) throws -> any ScreenContent {
        switch self {
        case .scene(let maker): return try maker.make(context)
        case .route(let maker): return try maker.make(context)
        case .entry(let entry): return try entry.builder.makeScreen(in: context)
        }
    }
}

/// A registered builder with the checks the coordinator makes before calling it.
final class BuilderEntry: Sendable {
    let builder: any Builder
    /// The registered name, packed or interned once at registration.
    let name: SceneName
    /// The route pattern's parameter names, which every navigation must supply.
    let routeParameterNames: [String]
    /// The builder's required parameters, sorted by name.
    let requiredParameters: [(key: String, value: ParameterType)]

    init(
        builder: any Builder, name: SceneName, routeParameterNames: [String],
        requiredParameters: [(key: String, value: ParameterType)]
    ) {
        self.builder = builder
        self.name = name
        self.routeParameterNames = routeParameterNames
        self.requiredParameters = requiredParameters
    }
}

/// A scene found for a navigation, as the coordinator uses it.
struct ResolvedTarget {
    /// The registered name, or the route pattern that matched, as screens and events store it.
    let name: SceneName
    let registered: RegisteredScene
    /// The values the path gave the pattern's parameters.
    let routeParameters: SceneParameters

    /// The registered identifier: the name, or the route pattern that matched.
    var scene: SceneIdentifier { name.identifier }

    init(_ resolved: ResolvedScene) {
        switch resolved.source {
        case .registered(let name, let registered):
            self.init(name: name, registered: registered, routeParameters: resolved.routeParameters)
        case .given(let given):
            let (scene, builder) = (given.scene, given.builder)
            let name = SceneName(scene)
            self.init(
                name: name,
                registered: .entry(
                    BuilderEntry(
                        builder: builder, name: name,
                        routeParameterNames: RoutePattern(scene)?.parameterNames ?? [],
                        requiredParameters: builder.requiredParameters.sorted { $0.key < $1.key })),
                routeParameters: resolved.routeParameters)
        }
    }

    init(_ hit: SceneIndex.Hit) {
        self.init(name: hit.name, registered: hit.registered)
    }

    init(name: SceneName, registered: RegisteredScene) {
        self.name = name
        self.registered = registered
        routeParameters = SceneParameters()
    }

    init(name: SceneName, registered: RegisteredScene, routeParameters: SceneParameters) {
        self.name = name
        self.registered = registered
        self.routeParameters = routeParameters
    }
}
