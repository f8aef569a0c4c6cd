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
/// Lookups cost one hash of the name, whatever the number of registered scenes.
public final class DependencyContainer: SceneBuilderContainer {
    private let builders: Locked<[SceneIdentifier: any Builder]>

    /// Creates an empty container.
    public init() {
        builders = Locked([:])
    }

    /// A process-wide container for apps that want one; nothing in the package depends on it.
    public static let shared = DependencyContainer()

    /// The builder registered for `sceneIdentifier`, or `nil` when there is none.
    ///
    /// - Parameter sceneIdentifier: The scene's name.
    /// - Returns: The registered builder, or `nil`.
    public func build(for sceneIdentifier: SceneIdentifier) -> (any Builder)? {
        builders.withLock { $0[sceneIdentifier] }
    }

    /// The builder registered for `sceneIdentifier`, or an error that suggests close names.
    ///
    /// The suggestions are computed from the registry as it is now, but only when the error's
    /// names are read.
    ///
    /// - Parameter sceneIdentifier: The scene's name.
    /// - Returns: The registered builder.
    /// - Throws: ``NavigationError/invalidSceneIdentifier(_:problem:)`` when the name breaks a
    ///   naming rule, else ``NavigationError/unknownScene(_:suggestions:)``.
    public func builder(for sceneIdentifier: SceneIdentifier) throws(NavigationError)
        -> any Builder
    {
        let (builder, keys) = builders.withLock { builders in
            let builder = builders[sceneIdentifier]
            return (builder, builder == nil ? builders.keys : nil)
        }
        if let builder { return builder }
        try sceneIdentifier.validate()
        throw .unknownScene(
            sceneIdentifier,
            suggestions: SceneSuggestions(for: sceneIdentifier, among: keys ?? [:].keys))
    }

    /// Registers `builder` for `sceneIdentifier`.
    ///
    /// - Parameters:
    ///   - builder: The builder; its ``Builder/sceneIdentifier`` must equal `sceneIdentifier`.
    ///   - sceneIdentifier: The scene's name.
    ///   - policy: What to do when the scene already has a builder.
    /// - Throws: ``NavigationError/invalidSceneIdentifier(_:problem:)``,
    ///   ``NavigationError/mismatchedRegistration(key:builderIdentifier:)``, or
    ///   ``NavigationError/duplicateRegistration(_:)``; nothing is registered then.
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
    ///   ``NavigationError/duplicateRegistration(_:)`` when two of `builders` share a name.
    public func assemble(
        contentsOf builders: [any Builder], policy: RegistrationPolicy = .rejectDuplicates
    ) throws(NavigationError) {
        try assemble(contentsOf: builders.map { ($0.sceneIdentifier, $0) }, policy: policy)
    }

    private func assemble(
        contentsOf entries: [(SceneIdentifier, any Builder)], policy: RegistrationPolicy
    ) throws(NavigationError) {
        var incoming = Set<SceneIdentifier>()
        for (key, builder) in entries {
            try key.validate()
            guard builder.sceneIdentifier == key else {
                throw .mismatchedRegistration(key: key, builderIdentifier: builder.sceneIdentifier)
            }
            guard incoming.insert(key).inserted else { throw .duplicateRegistration(key) }
        }
        try builders.withLock { (builders) throws(NavigationError) in
            if policy == .rejectDuplicates,
                let existing = entries.first(where: { builders[$0.0] != nil })
            {
                throw .duplicateRegistration(existing.0)
            }
            builders.reserveCapacity(builders.count + entries.count)
            for (key, builder) in entries {
                builders[key] = builder
            }
        }
    }

    /// Removes the builder registered for `sceneIdentifier`, if any.
    ///
    /// Screens already built for the scene stay in their trees; only new navigations fail.
    ///
    /// - Parameter sceneIdentifier: The scene's name.
    /// - Returns: The builder that was removed, or `nil` when none was registered.
    @discardableResult
    public func remove(_ sceneIdentifier: SceneIdentifier) -> (any Builder)? {
        builders.withLock { $0.removeValue(forKey: sceneIdentifier) }
    }

    /// Whether a builder is registered for `sceneIdentifier`.
    ///
    /// - Parameter sceneIdentifier: The scene's name.
    public func contains(_ sceneIdentifier: SceneIdentifier) -> Bool {
        builders.withLock { $0[sceneIdentifier] != nil }
    }

    /// The number of registered scenes.
    public var count: Int {
        builders.withLock { $0.count }
    }

    /// Every registered scene name, sorted.
    public var sceneIdentifiers: [SceneIdentifier] {
        builders.withLock { Array($0.keys) }.sorted()
    }
}
