/// A registry of builders, keyed by scene name.
///
/// ``DependencyContainer`` is the implementation; the protocol lets an app or a test supply its
/// own (for example one that logs every registration).
public protocol SceneBuilderContainer: Sendable {
    /// The builder registered for `sceneIdentifier`, or `nil` when there is none.
    ///
    /// - Parameter sceneIdentifier: The scene's name.
    /// - Returns: The registered builder, or `nil`.
    func build(for sceneIdentifier: SceneIdentifier) -> (any Builder)?

    /// Registers `builder` for `sceneIdentifier`.
    ///
    /// - Parameters:
    ///   - builder: The builder; its ``Builder/sceneIdentifier`` must equal `sceneIdentifier`.
    ///   - sceneIdentifier: The scene's name.
    ///   - policy: What to do when the scene already has a builder.
    /// - Throws: ``NavigationError/invalidSceneIdentifier(_:problem:)``,
    ///   ``NavigationError/mismatchedRegistration(key:builderIdentifier:)``, or
    ///   ``NavigationError/duplicateRegistration(_:)``; nothing is registered then.
    func assemble(
        builder: any Builder, for sceneIdentifier: SceneIdentifier, policy: RegistrationPolicy
    ) throws(NavigationError)

    /// The builder registered for `sceneIdentifier`, or an error that suggests close names.
    ///
    /// - Parameter sceneIdentifier: The scene's name.
    /// - Returns: The registered builder.
    /// - Throws: ``NavigationError/invalidSceneIdentifier(_:problem:)`` when the name breaks a
    ///   naming rule, else ``NavigationError/unknownScene(_:suggestions:)``.
    func builder(for sceneIdentifier: SceneIdentifier) throws(NavigationError) -> any Builder

    /// Every registered scene name, sorted.
    var sceneIdentifiers: [SceneIdentifier] { get }

    /// Finds the scene a navigation names: a registered name, or a path that a registered route
    /// pattern matches.
    ///
    /// - Parameter target: A scene name, or a path such as `product/42`.
    /// - Returns: The scene's builder, its registered identifier and the values the path gave
    ///   its route parameters.
    /// - Throws: ``NavigationError/invalidSceneIdentifier(_:problem:)`` or
    ///   ``NavigationError/unknownScene(_:suggestions:)``.
    func resolve(_ target: SceneIdentifier) throws(NavigationError) -> ResolvedScene
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
    public let routeParameterNames: [String]

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
    /// Registers `builder` for `sceneIdentifier`, rejecting a duplicate.
    ///
    /// This is the original design's call: `container.assemble(builder: a1, for: a1.sceneIdentifier)`.
    ///
    /// - Parameters:
    ///   - builder: The builder; its ``Builder/sceneIdentifier`` must equal `sceneIdentifier`.
    ///   - sceneIdentifier: The scene's name.
    /// - Throws: See ``assemble(builder:for:policy:)``.
    public func assemble(builder: any Builder, for sceneIdentifier: SceneIdentifier)
        throws(NavigationError)
    {
        try assemble(builder: builder, for: sceneIdentifier, policy: .rejectDuplicates)
    }

    /// Registers `builder` for the scene named `sceneIdentifier`, rejecting a duplicate: the
    /// original design's call for a builder that declares its name as a `String`.
    ///
    /// ```swift
    /// let a1Builder = A1Builder()  // public var sceneIdentifier: String = "A1"
    /// try container.assemble(builder: a1Builder, for: a1Builder.sceneIdentifier)
    /// ```
    ///
    /// - Parameters:
    ///   - builder: The builder; its ``Builder/sceneIdentifier`` must equal `sceneIdentifier`.
    ///   - sceneIdentifier: The scene's name.
    /// - Throws: See ``assemble(builder:for:policy:)``.
    public func assemble(builder: any Builder, for sceneIdentifier: String)
        throws(NavigationError)
    {
        try assemble(builder: builder, for: SceneIdentifier(sceneIdentifier))
    }

    /// The builder registered for the scene named `sceneIdentifier`, or `nil`: the original
    /// design's call with a name held in a `String`.
    ///
    /// - Parameter sceneIdentifier: The scene's name.
    /// - Returns: The registered builder, or `nil`.
    public func build(for sceneIdentifier: String) -> (any Builder)? {
        build(for: SceneIdentifier(sceneIdentifier))
    }

    /// Registers `builder` under its own ``Builder/sceneIdentifier``.
    ///
    /// - Parameters:
    ///   - builder: The builder.
    ///   - policy: What to do when the scene already has a builder.
    /// - Throws: See ``assemble(builder:for:policy:)``.
    public func assemble(_ builder: any Builder, policy: RegistrationPolicy = .rejectDuplicates)
        throws(NavigationError)
    {
        try assemble(builder: builder, for: builder.scene, policy: policy)
    }

    /// The builder registered for `sceneIdentifier`, or an error that suggests close names.
    ///
    /// - Parameter sceneIdentifier: The scene's name.
    /// - Returns: The registered builder.
    /// - Throws: ``NavigationError/invalidSceneIdentifier(_:problem:)`` when the name breaks a
    ///   naming rule, else ``NavigationError/unknownScene(_:suggestions:)``.
    public func builder(for sceneIdentifier: SceneIdentifier) throws(NavigationError)
        -> any Builder
    {
        if let builder = build(for: sceneIdentifier) { return builder }
        try sceneIdentifier.validate()
        throw .unknownScene(
            sceneIdentifier,
            suggestions: SceneSuggestions(for: sceneIdentifier, among: sceneIdentifiers))
    }
}

/// What a registration does when the scene already has a builder.
public enum RegistrationPolicy: Hashable, Sendable {
    /// Throw ``NavigationError/duplicateRegistration(_:)`` and keep the existing builder.
    case rejectDuplicates
    /// Replace the existing builder (for example a test double over a real screen).
    case replaceExisting
}
