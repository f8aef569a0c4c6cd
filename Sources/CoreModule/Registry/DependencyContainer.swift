/// The registry of scene builders: feature modules register into it, coordinators read from it.
///
/// It is safe to use from any thread: registration and lookup are serialised by a lock, and the
/// container is `Sendable`. Pass it to the coordinator that should use it:
///
/// ```swift
/// let container = DependencyContainer()
/// try FeatureAScenes.register(in: container)
/// let coordinator = AppCoordinator(container: container)
/// ```
///
/// A process-wide ``shared`` instance exists for apps that want one, as in the original design,
/// but nothing in this package depends on it; tests should make their own containers.
///
/// ## Route patterns
///
/// A scene may be registered under a pattern whose `:name` segments are parameters:
/// a builder for `product/:id` makes the screen for `"product/42"`, with the parameter
/// `id = "42"`. Resolution follows fixed rules, never the order of registration:
///
/// 1. An exactly registered name wins (`product/new` registered as a name beats `product/:id`).
/// 2. Otherwise the patterns are matched segment by segment, and at each segment a literal beats
///    a parameter.
/// 3. Two patterns of the same shape (`product/:id` and `product/:slug`) would always collide:
///    the second is rejected with ``NavigationError/routeCollision(_:existing:)``.
///
/// A pattern's first segment must be literal. A lookup costs one cheap hash of the name (a short
/// name is packed into two words first), and a pattern match one walk down the path's segments,
/// whatever the number of registered scenes and patterns.
public final class DependencyContainer: SceneBuilderContainer {
    private struct Registry {
        var scenes = SceneIndex()
        var routes = RouteTrie()
        var shapes: [String: SceneIdentifier] = [:]

        /// Takes out of the trie the route pattern `registered` was registered under, if any,
        /// by the spelling it was registered with.
        mutating func removeRoute(of registered: RegisteredScene) {
            guard case .entry(let entry) = registered,
                let pattern = RoutePattern(entry.name.identifier)
            else { return }
            if shapes[pattern.shape] == pattern.identifier { shapes[pattern.shape] = nil }
            routes.remove(pattern)
        }
    }

    private let registry: Locked<Registry>

    /// The services builders and flows share (seed 003's container of services).
    ///
    /// A coordinator made with this container hands them to every ``SceneContext``.
    public let services = ServiceRegistry()

    /// Creates an empty container.
    public init() {
        registry = Locked(Registry())
    }

    /// A process-wide container for apps that want one; nothing in the package depends on it.
    public static let shared = DependencyContainer()

    // MARK: Looking up

    /// The builder registered for `sceneIdentifier`, or `nil` when there is none.
    ///
    /// This looks up exact names only; ``resolve(_:)`` also matches route patterns.
    ///
    /// - Parameter sceneIdentifier: The scene's name.
    /// - Returns: The registered builder, or `nil`.
    public func build(for sceneIdentifier: SceneIdentifier) -> (any Builder)? {
        registry.withLock { $0.scenes.lookup(sceneIdentifier)?.registered }?.builder(
            for: sceneIdentifier)
    }

    /// The builder registered for `sceneIdentifier`, or an error that suggests close names.
    ///
    /// The suggestions are taken from the registry as it is now, but computed only when the
    /// error's names are read.
    ///
    /// - Parameter sceneIdentifier: The scene's name.
    /// - Returns: The registered builder.
    /// - Throws: ``NavigationError/invalidSceneIdentifier(_:problem:)`` when the name breaks a
    ///   naming rule, else ``NavigationError/unknownScene(_:suggestions:)``.
    public func builder(for sceneIdentifier: SceneIdentifier) throws(NavigationError)
        -> any Builder
    {
        let (found, names) = registry.withLock { registry in
            let found = registry.scenes.lookup(sceneIdentifier)
            return (found, found == nil ? registry.scenes.names : nil)
        }
        if let found { return found.registered.builder(for: sceneIdentifier) }
        throw Self.notFound(sceneIdentifier, names: names)
    }

    /// Finds the scene a navigation names: an exactly registered name, or a path that a
    /// registered route pattern matches (see "Route patterns" above).
    ///
    /// - Parameter target: A scene name, or a path such as `product/42`.
    /// - Returns: The scene's builder, its registered identifier and the route parameters.
    /// - Throws: ``NavigationError/invalidSceneIdentifier(_:problem:)`` when the name breaks a
    ///   naming rule, else ``NavigationError/unknownScene(_:suggestions:)``.
    public func resolve(_ target: SceneIdentifier) throws(NavigationError) -> ResolvedScene {
        ResolvedScene(try resolveTarget(target))
    }

    /// The registration of a short ASCII name, packed: the coordinator's fastest path.
    @inline(__always)
    func registration(inline name: SceneName) -> RegisteredScene? {
        registry.withLock { $0.scenes.registration(inline: name) }
    }

    /// The coordinator's fast path: ``resolve(_:)`` without rebuilding the builder.
    func resolveTarget(_ target: SceneIdentifier) throws(NavigationError) -> ResolvedTarget {
        let found: ResolvedTarget? = registry.withLock { registry in
            if let hit = registry.scenes.lookup(target) {
                return ResolvedTarget(hit)
            }
            return registry.routes.match(target.rawValue)
        }
        if let found { return found }
        let names = registry.withLock { $0.scenes.names }
        throw Self.notFound(target, names: names)
    }

    private static func notFound(_ target: SceneIdentifier, names: SceneIndex.Names?)
        -> NavigationError
    {
        if let problem = target.problem {
            return .invalidSceneIdentifier(target, problem: problem)
        }
        return .unknownScene(
            target, suggestions: SceneSuggestions(for: target, among: names ?? SceneIndex().names))
    }

    // MARK: Registering

    /// Registers `builder` for `sceneIdentifier`.
    ///
    /// - Parameters:
    ///   - builder: The builder; its ``Builder/sceneIdentifier`` must equal `sceneIdentifier`.
    ///   - sceneIdentifier: The scene's name or route pattern.
    ///   - policy: What to do when the scene already has a builder.
    /// - Throws: ``NavigationError/invalidSceneIdentifier(_:problem:)``,
    ///   ``NavigationError/mismatchedRegistration(key:builderIdentifier:)``,
    ///   ``NavigationError/duplicateRegistration(_:)`` or
    ///   ``NavigationError/routeCollision(_:existing:)``; nothing is registered then.
    public func assemble(
        builder: any Builder, for sceneIdentifier: SceneIdentifier, policy: RegistrationPolicy
    ) throws(NavigationError) {
        try assemble(contentsOf: [(sceneIdentifier, builder)], policy: policy)
    }

    /// Registers several builders in one step: all of them, or, when one is rejected, none.
    ///
    /// This is what a feature module's single entry point calls, so that a module is either
    /// registered whole or not at all.
    ///
    /// - Parameters:
    ///   - builders: The builders, each registered under its own ``Builder/sceneIdentifier``.
    ///   - policy: What to do when a scene already has a builder.
    /// - Throws: The first problem found, as in ``assemble(builder:for:policy:)``; also
    ///   ``NavigationError/duplicateRegistration(_:)`` when two of `builders` share a name, and
    ///   ``NavigationError/routeCollision(_:existing:)`` when two share a pattern's shape.
    public func assemble(
        contentsOf builders: [any Builder], policy: RegistrationPolicy = .rejectDuplicates
    ) throws(NavigationError) {
        try assemble(contentsOf: builders.map { ($0.scene, $0) }, policy: policy)
    }

    private func assemble(
        contentsOf entries: [(SceneIdentifier, any Builder)], policy: RegistrationPolicy
    ) throws(NavigationError) {
        var incoming = Set<SceneIdentifier>()
        var incomingShapes: [String: SceneIdentifier] = [:]
        var patterns: [RoutePattern] = []
        for (key, builder) in entries {
            try key.validate()
            let declared = builder.scene
            guard declared == key else {
                throw .mismatchedRegistration(key: key, builderIdentifier: declared)
            }
            guard incoming.insert(key).inserted else { throw .duplicateRegistration(key) }
            if let pattern = RoutePattern(key) {
                if let other = incomingShapes.updateValue(key, forKey: pattern.shape) {
                    throw .routeCollision(key, existing: other)
                }
                patterns.append(pattern)
            }
        }
        try registry.withLock { (registry) throws(NavigationError) in
            for (key, _) in entries where registry.scenes.contains(key) {
                if policy == .rejectDuplicates { throw .duplicateRegistration(key) }
            }
            for pattern in patterns {
                if let existing = registry.shapes[pattern.shape], existing != pattern.identifier {
                    throw .routeCollision(pattern.identifier, existing: existing)
                }
            }
            registry.scenes.reserveCapacity(forAdding: entries.count)
            for (key, builder) in entries {
                // A replaced pattern leaves the trie under its own spelling, which may differ
                // from an equal key's.
                if let replaced = registry.scenes.remove(key) {
                    // The new spelling replaces the old one everywhere (index, trie, shapes).
                    registry.removeRoute(of: replaced)
                }
                registry.scenes.insert(RegisteredScene(builder, key: key), for: key)
            }
            for pattern in patterns {
                guard let registered = registry.scenes.lookup(pattern.identifier)?.registered
                else { continue }
                registry.shapes[pattern.shape] = pattern.identifier
                registry.routes.insert(pattern, registered: registered)
            }
        }
    }

    /// Removes the builder registered for `sceneIdentifier`, if any.
    ///
    /// Screens already built for the scene stay in their trees; only new navigations fail.
    ///
    /// - Parameter sceneIdentifier: The scene's name or route pattern.
    /// - Returns: The builder that was removed, or `nil` when none was registered.
    @discardableResult
    public func remove(_ sceneIdentifier: SceneIdentifier) -> (any Builder)? {
        registry.withLock { registry in
            guard let removed = registry.scenes.remove(sceneIdentifier) else {
                return nil
            }
            registry.removeRoute(of: removed)
            return removed.builder(for: sceneIdentifier)
        }
    }

    // MARK: Listing

    /// Whether a builder is registered for `sceneIdentifier` (a name or pattern, not a path).
    ///
    /// - Parameter sceneIdentifier: The scene's name or route pattern.
    public func contains(_ sceneIdentifier: SceneIdentifier) -> Bool {
        registry.withLock { $0.scenes.contains(sceneIdentifier) }
    }

    /// The number of registered scenes, route patterns included.
    public var count: Int {
        registry.withLock { $0.scenes.count }
    }

    /// Every registered scene name and route pattern, sorted.
    public var sceneIdentifiers: [SceneIdentifier] {
        registry.withLock { $0.scenes.names }.sorted()
    }
}
