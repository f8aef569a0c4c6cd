/// A registry of builders, keyed by scene name.
///
/// ``DependencyContainer`` is the implementation; the protocol lets an app or a test supply its
/// own (for example one that logs every registration).
///
/// One way to register and one way to look up:
///
/// - ``assemble(contentsOf:policy:)`` registers a module's builders, all or none
///   (``assemble(_:policy:)`` is the same call for one builder, as `Array.append(_:)` is for
///   `append(contentsOf:)`);
/// - ``resolve(_:)`` finds the scene a navigation names, or throws an error that says why not.
///
/// The original article's calls stay, for its readers: ``assemble(builder:for:)`` registers one
/// builder under a name it repeats, and ``build(for:)`` returns the builder registered under
/// exactly that name, or `nil`.
public protocol SceneBuilderContainer: Sendable {
    /// Registers builders, each under its own ``Builder/sceneIdentifier``: all of them, or,
    /// when one is rejected, none.
    ///
    /// - Parameters:
    ///   - builders: The builders.
    ///   - policy: What to do when a scene already has a builder.
    /// - Throws: ``NavigationError/Input/invalidSceneIdentifier(_:problem:)``,
    ///   ``NavigationError/Misuse/duplicateRegistration(_:)`` (a name registered already, or twice in
    ///   `builders`) or ``NavigationError/Misuse/routeCollision(_:existing:)``; nothing is registered
    ///   then.
    func assemble(contentsOf builders: [any Builder], policy: RegistrationPolicy)
        throws(NavigationError)

    /// Finds the scene a navigation names: a registered name, or a path that a registered route
    /// pattern matches.
    ///
    /// - Parameter target: A scene name, or a path such as `product/42`.
    /// - Returns: The scene's builder, its registered identifier and the values the path gave
    ///   its route parameters.
    /// - Throws: ``NavigationError/Input/invalidSceneIdentifier(_:problem:)`` when the name breaks a
    ///   naming rule, else ``NavigationError/unknownScene(_:suggestions:)`` (make its
    ///   suggestions with ``SceneSuggestions/init(for:among:)``).
    func resolve(_ target: SceneIdentifier) throws(NavigationError) -> ResolvedScene

    /// The builder registered under exactly `sceneIdentifier` (a name or a route pattern, not a
    /// path), or `nil`: the original article's lookup.
    ///
    /// - Parameter sceneIdentifier: The scene's name or route pattern.
    /// - Returns: The registered builder, or `nil`.
    func build(for sceneIdentifier: SceneIdentifier) -> (any Builder)?

    /// Every registered scene name and route pattern, sorted.
    var sceneIdentifiers: [SceneIdentifier] { get }
}

/// A scene found for a navigation: its builder, its registered identifier, and its route
/// parameters.
public struct ResolvedScene: Sendable {
    /// The registered identifier: the name itself, or the route pattern that matched.
    public let scene: SceneIdentifier

    /// The scene's builder.
    public let builder: any Builder

    /// The values the path gave the pattern's parameters; empty for an exact name.
    public let routeParameters: SceneParameters

    /// The names of the route pattern's parameters (`id` in `product/:id`); empty for a name.
    package let routeParameterNames: [String]

    /// Creates a resolved scene.
    ///
    /// - Parameters:
    ///   - scene: The registered identifier.
    ///   - builder: The scene's builder.
    ///   - routeParameters: The values captured from the path.
    public init(
        scene: SceneIdentifier, builder: any Builder, routeParameters: SceneParameters = [:]
    ) {
        self.init(
            scene: scene, builder: builder, routeParameters: routeParameters,
            routeParameterNames: RoutePattern(scene)?.parameterNames ?? [])
    }

    init(
        scene: SceneIdentifier, builder: any Builder, routeParameters: SceneParameters,
        routeParameterNames: [String]
    ) {
        self.scene = scene
        self.builder = builder
        self.routeParameters = routeParameters
        self.routeParameterNames = routeParameterNames
    }
}

extension SceneBuilderContainer {
    /// Registers one builder under its own ``Builder/sceneIdentifier``.
    ///
    /// ```swift
    /// try container.assemble(SceneBuilder("Settings") { context in SettingsScreen(context) })
    /// ```
    ///
    /// - Parameters:
    ///   - builder: The builder.
    ///   - policy: What to do when the scene already has a builder.
    /// - Throws: See ``assemble(contentsOf:policy:)``.
    public func assemble(_ builder: any Builder, policy: RegistrationPolicy = .rejectDuplicates)
        throws(NavigationError)
    {
        // The package's own container takes the builder as it is, without an array around it.
        if let container = self as? DependencyContainer {
            try container.register(contentsOf: CollectionOfOne(builder), policy: policy)
        } else {
            try assemble(contentsOf: [builder], policy: policy)
        }
    }

    /// Registers `builder` for `sceneIdentifier`, rejecting a duplicate: the original article's
    /// call, `container.assemble(builder: a1Builder, for: a1Builder.sceneIdentifier)`.
    ///
    /// - Parameters:
    ///   - builder: The builder; its ``Builder/sceneIdentifier`` must equal `sceneIdentifier`.
    ///   - sceneIdentifier: The scene's name.
    /// - Throws: ``NavigationError/Input/invalidSceneIdentifier(_:problem:)``,
    ///   ``NavigationError/Misuse/mismatchedRegistration(key:builderIdentifier:)`` when the two names
    ///   differ, or what ``assemble(contentsOf:policy:)`` throws; nothing is registered then.
    public func assemble(builder: any Builder, for sceneIdentifier: SceneIdentifier)
        throws(NavigationError)
    {
        try sceneIdentifier.validate()
        let declared = builder.sceneIdentifier
        guard declared == sceneIdentifier else {
            throw .misuse(
                .mismatchedRegistration(key: sceneIdentifier, builderIdentifier: declared))
        }
        try assemble(contentsOf: [builder], policy: .rejectDuplicates)
    }

}

/// What a registration does when the scene already has a builder.
public enum RegistrationPolicy: Hashable, Sendable {
    /// Throw ``NavigationError/Misuse/duplicateRegistration(_:)`` and keep the existing builder.
    case rejectDuplicates
    /// Replace the existing builder (for example a test double over a real screen).
    case replaceExisting
}

extension SceneBuilderContainer {
    /// The services a coordinator or a window registry over this container uses: `given`, or
    /// else a ``DependencyContainer``'s own, or else an empty registry.
    func services(or given: ServiceRegistry?) -> ServiceRegistry {
        given ?? (self as? DependencyContainer)?.services ?? ServiceRegistry()
    }

    /// The payload types a coordinator or a window registry over this container uses: `given`,
    /// or else a ``DependencyContainer``'s own, or else an empty table.
    func payloadTypes(or given: PayloadTypes?) -> PayloadTypes {
        given ?? (self as? DependencyContainer)?.payloadTypes ?? PayloadTypes()
    }
}
