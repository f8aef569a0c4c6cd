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
/// A scene is found by its exact name (compared as strings: `"K"` and the Kelvin sign name one
/// scene); a lookup costs one dictionary lookup, whatever the number of registered scenes. Which
/// URL opens which screen is said by a ``LinkTable``, not by scene names: a name holding `:` or
/// `/` is a plain name, matched whole.
///
/// Registration reads each builder (its name and required parameters) before the container's
/// lock is taken, and releases a replaced builder after the lock is released, so a builder's
/// code may use the container without deadlocking it.
public final class DependencyContainer: SceneBuilderContainer {
    /// What the lock guards.
    private struct Registry: Sendable {
        /// Every registered name, compared as strings (`"K"` and the Kelvin sign name one
        /// scene).
        var names: [SceneIdentifier: Registration] = [:]

        /// The builder registered under exactly `key`, with the key as registered.
        func registration(of key: SceneIdentifier) -> (scene: SceneIdentifier, Registration)? {
            guard let index = names.index(forKey: key) else { return nil }
            let (scene, registration) = names[index]
            return (scene, registration)
        }

        /// Every registered name, as they are now: the dictionary's keys share its storage
        /// rather than copying it (an error keeps them, to suggest close names).
        var identifiers: Dictionary<SceneIdentifier, Registration>.Keys { names.keys }

        /// Throws when `entry` may not be added under `policy`.
        func check(_ entry: Prepared, policy: RegistrationPolicy) throws(NavigationError) {
            if policy == .rejectDuplicates, names.index(forKey: entry.key) != nil {
                throw .misuse(.duplicateRegistration(entry.key))
            }
        }

        /// Adds `entry`, replacing what is registered under the same key (in the new spelling);
        /// returns what it replaced, for the caller to release after unlocking.
        mutating func insert(_ entry: Prepared) -> Registration? {
            // What is replaced goes back to the caller, to be released after unlocking.
            let replaced = names.updateValue(entry.registration, forKey: entry.key)
            if replaced != nil {
                // A dictionary keeps the key it had: take the old spelling out, so that the new
                // one is the one kept.
                _ = remove(entry.key)
                names[entry.key] = entry.registration
            }
            return replaced
        }

        /// Removes what is registered under exactly `key`, with its registered name.
        mutating func remove(_ key: SceneIdentifier) -> (scene: SceneIdentifier, Registration)? {
            guard let index = names.index(forKey: key) else { return nil }
            let (scene, registration) = names.remove(at: index)
            return (scene, registration)
        }
    }

    /// A registration checked on its own, before the lock is taken.
    private struct Prepared: Sendable {
        let key: SceneIdentifier
        let registration: Registration

        /// Checks `builder` for `key` and reads what the registry keeps of it: this is where a
        /// builder's own code (its name, its required parameters) runs.
        init(_ builder: any Builder, for key: SceneIdentifier) throws(NavigationError) {
            if let problem = key.brokenRule {
                throw .input(.invalidSceneIdentifier(key, problem: problem))
            }
            let declared = builder.sceneIdentifier
            guard declared == key else {
                throw .misuse(.mismatchedRegistration(key: key, builderIdentifier: declared))
            }
            self.key = key.compacted
            registration = Registration(builder)
        }
    }

    private let registry: Locked<Registry>

    /// The services builders and flows share (seed 003's container of services).
    ///
    /// A coordinator made with this container hands them to every ``SceneContext``.
    public let services = ServiceRegistry()

    /// The payload types snapshots may keep: feature modules register theirs here, with their
    /// builders, and a coordinator made with this container saves and restores them.
    public let payloadTypes = PayloadTypes()

    /// Creates an empty container.
    public init() {
        registry = Locked(Registry())
    }

    /// A process-wide container for apps that want one; nothing in the package depends on it.
    public static let shared = DependencyContainer()

    // MARK: Looking up

    /// The builder registered under exactly `sceneIdentifier`, or `nil` when there is none: the
    /// original article's lookup, and the container's one public lookup.
    ///
    /// A navigation to a scene that is not registered fails with an error that says why
    /// (``NavigationError/unknownScene(_:suggestions:)`` with close names, or
    /// ``NavigationError/Input/invalidSceneIdentifier(_:problem:)``).
    ///
    /// - Parameter sceneIdentifier: The scene's name.
    /// - Returns: The registered builder, or `nil`.
    public func build(for sceneIdentifier: SceneIdentifier) -> (any Builder)? {
        guard
            let (scene, registration) = registry.withLock({ $0.registration(of: sceneIdentifier) })
        else { return nil }
        return registration.builder(named: scene)
    }

    /// Finds the scene a navigation names, or throws the error the navigation would.
    ///
    /// - Parameter target: A scene name.
    /// - Returns: The scene's builder and its identifier as registered.
    /// - Throws: ``NavigationError/Input/invalidSceneIdentifier(_:problem:)`` when the name breaks a
    ///   naming rule, else ``NavigationError/unknownScene(_:suggestions:)``.
    package func resolve(_ target: SceneIdentifier) throws(NavigationError) -> ResolvedScene {
        ResolvedScene(try resolveTarget(target))
    }

    /// `resolve(_:)` as the coordinator uses it, without wrapping the builder.
    ///
    /// (Inlined into its callers, `resolve(_:)` and the coordinator's resolver: the call cost
    /// about 30 instructions a lookup.)
    @inline(__always)
    func resolveTarget(_ target: SceneIdentifier) throws(NavigationError) -> ResolvedTarget {
        // No registered name is longer than this: reject a huge name for its length before
        // hashing it.
        let byteCount = target.rawValue.utf8.count
        if byteCount > SceneIdentifier.maximumByteCount {
            throw .input(
                .invalidSceneIdentifier(
                    target,
                    problem: .tooManyBytes(
                        count: byteCount, limit: SceneIdentifier.maximumByteCount)))
        }
        switch registry.withLock({ registry in
            Lookup(registry.registration(of: target), in: registry)
        }) {
        case .found(let found):
            return found
        case .missing(let identifiers):
            throw Self.notFound(target, among: identifiers)
        }
    }

    /// What a lookup under the lock found: the scene, or, to suggest close names, every
    /// registered name as it was then (the dictionary's keys share its storage).
    private enum Lookup {
        case found(ResolvedTarget)
        case missing(Dictionary<SceneIdentifier, Registration>.Keys)

        init(_ found: (scene: SceneIdentifier, Registration)?, in registry: Registry) {
            if let found {
                self = .found(ResolvedTarget(scene: found.scene, registration: found.1))
            } else {
                self = .missing(registry.identifiers)
            }
        }
    }

    /// The error for `target`, found nowhere among `identifiers`: the naming rule it breaks,
    /// or an unknown scene with the close names to suggest.
    private static func notFound(
        _ target: SceneIdentifier, among identifiers: Dictionary<SceneIdentifier, Registration>.Keys
    ) -> NavigationError {
        if let problem = target.brokenRule {
            return .input(.invalidSceneIdentifier(target, problem: problem))
        }
        return .unknownScene(
            target, suggestions: NavigationError.SceneSuggestions(for: target, among: identifiers))
    }

    // MARK: Registering

    /// Registers several builders in one step: all of them, or, when one is rejected, none.
    ///
    /// This is what a feature module's single entry point calls, so that a module is either
    /// registered whole or not at all.
    ///
    /// - Parameters:
    ///   - builders: The builders, each registered under its own ``Builder/sceneIdentifier``.
    ///   - policy: What to do when a scene already has a builder.
    /// - Throws: The first problem found: ``NavigationError/Input/invalidSceneIdentifier(_:problem:)``,
    ///   ``NavigationError/Misuse/duplicateRegistration(_:)`` (a name registered already, or two of
    ///   `builders` that share a name); nothing is registered then.
    public func assemble(
        contentsOf builders: [any Builder], policy: RegistrationPolicy = .rejectDuplicates
    ) throws(NavigationError) {
        try register(contentsOf: builders, policy: policy)
    }

    /// ``assemble(contentsOf:policy:)``'s checks, then its entries added.
    private func register(
        contentsOf builders: [any Builder], policy: RegistrationPolicy
    ) throws(NavigationError) {
        // A batch of one has nothing in it to compare its entry with: no list of entries or
        // set of keys is made for it.
        if builders.count == 1, let builder = builders.first {
            let entry = try Prepared(builder, for: builder.sceneIdentifier)
            try register(CollectionOfOne(entry), policy: policy)
            return
        }
        var entries: [Prepared] = []
        entries.reserveCapacity(builders.count)
        var keys = Set<SceneIdentifier>()
        for builder in builders {
            let entry = try Prepared(builder, for: builder.sceneIdentifier)
            guard keys.insert(entry.key).inserted else {
                throw .misuse(.duplicateRegistration(entry.key))
            }
            entries.append(entry)
        }
        try register(entries, policy: policy)
    }

    /// Adds checked entries, all or none; what they replace is released after the lock is.
    private func register(
        _ entries: some Collection<Prepared>, policy: RegistrationPolicy
    ) throws(NavigationError) {
        let replaced = try registry.withLock { (registry) throws(NavigationError) in
            for index in entries.indices {
                try registry.check(entries[index], policy: policy)
            }
            var replaced: [Registration] = []
            for index in entries.indices {
                if let old = registry.insert(entries[index]) { replaced.append(old) }
            }
            return replaced
        }
        // Released here, with the lock free: a replaced builder's captures may use the
        // container when they go.
        withExtendedLifetime(replaced) {}
    }

    /// Removes the builder registered for `sceneIdentifier`, if any.
    ///
    /// Screens already built for the scene stay in their trees; only new navigations fail.
    ///
    /// - Parameter sceneIdentifier: The scene's name.
    /// - Returns: The builder that was removed, or `nil` when none was registered.
    @discardableResult
    public func remove(_ sceneIdentifier: SceneIdentifier) -> (any Builder)? {
        guard let (scene, registration) = registry.withLock({ $0.remove(sceneIdentifier) }) else {
            return nil
        }
        return registration.builder(named: scene)
    }

    // MARK: Checking declared destinations

    /// Checks every destination the registered builders declare (``Builder/destinations``)
    /// against what is registered, and reports the ones that resolve to nothing; given the
    /// app's ways in, it also names the registered scenes nothing reaches.
    ///
    /// Call it once at start-up, after every module registered, and assert in a test that the
    /// report has no problems: a misspelled scene name then fails that test, naming the scene
    /// that declared it, instead of failing when a user taps the button.
    ///
    /// ```swift
    /// let report = container.checkDestinations(startingWith: [.root(scene: "Home")], links: links)
    /// #expect(report.problems.isEmpty, "\(report)")
    /// ```
    ///
    /// A destination resolves as a navigation would: to a registered name. A scene is reached
    /// when a start transition builds it, a route of `links` opens it, or a reached scene
    /// declares it (see ``NavigationMap``); an unreached scene is a warning, not a problem.
    ///
    /// - Parameters:
    ///   - start: The transitions the app starts with (its root, its tabs, its split columns);
    ///     none by default.
    ///   - links: The app's link table, if it has one.
    /// - Returns: The report: every unresolved destination with the scene that declared it and
    ///   the reason (an unknown scene, with suggestions, or an invalid name); and, when `start`
    ///   or `links` is given, the registered scenes nothing reaches.
    /// - Complexity: O(*n* log *n* + *d*) for *n* scenes and *d* declared destinations.
    public func checkDestinations(
        startingWith start: [ApplicationTransitionType] = [], links: LinkTable? = nil
    ) -> DestinationReport {
        NavigationMap(of: self, startingWith: start, links: links).report
    }

    /// Every registered scene, sorted, with the destinations its builder declared when it was
    /// registered: one look at the registry.
    var declaredDestinations: [(scene: SceneIdentifier, destinations: [SceneIdentifier])] {
        registry.withLock { registry in
            registry.names.map { key, registration in (key, registration.destinations) }
        }
        .sorted { $0.scene < $1.scene }
    }

    // MARK: Listing

    /// The number of registered scenes (``sceneIdentifiers``'s count, without sorting them).
    package var count: Int {
        registry.withLock { $0.names.count }
    }

    /// Every registered scene name, sorted.
    public var sceneIdentifiers: [SceneIdentifier] {
        Array(registry.withLock { $0.identifiers }).sorted()
    }
}
