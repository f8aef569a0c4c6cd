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
///    the second is rejected with ``NavigationError/Misuse/routeCollision(_:existing:)``.
///
/// A pattern's first segment must be literal. A lookup costs one dictionary lookup of the name,
/// and a pattern match one dictionary lookup per shape of pattern of the path's length, whatever
/// the number of registered scenes and patterns.
///
/// Registration reads each builder (its name and required parameters) before the container's
/// lock is taken, and releases a replaced builder after the lock is released, so a builder's
/// code may use the container without deadlocking it.
public final class DependencyContainer: SceneBuilderContainer {
    /// What the lock guards.
    private struct Registry: Sendable {
        /// Every registered name and route pattern, compared as strings (`"K"` and the Kelvin
        /// sign name one scene).
        var names: [SceneIdentifier: Registration] = [:]
        /// The route patterns again, by shape, for matching paths.
        var routes = RouteTable<Registration>()
        /// Where a match copies the bytes it reads, kept from one match to the next.
        var matchBuffers = MatchBuffers()
        /// How many registered names (not patterns) hold a `/`.
        var namesWithSlash = 0

        /// The scene registered under exactly `target`, or the pattern that matches it.
        mutating func find(_ target: SceneIdentifier) -> ResolvedTarget? {
            guard !routes.isEmpty else {
                // Without patterns, a name is never one, and is not read again.
                return registration(of: target).map {
                    ResolvedTarget(scene: $0.scene, registration: $0.1)
                }
            }
            matchBuffers.read(target.rawValue)
            // A path holding `/` and no segment starting with `:` is no registered pattern, and
            // no registered name while none holds a `/`: it is only matched, without hashing it
            // for the names. (No character's canonical decomposition holds `/` or `:`, so a
            // string equal to a name holds them where the name does.)
            if namesWithSlash > 0 || !matchBuffers.isPlainPath,
                let (scene, registration) = registration(of: target)
            {
                // A pattern named exactly: its parameters must be passed. (A name equal to a
                // path with no segment starting with `:` holds none, so it is not read again.)
                let pattern = matchBuffers.holdsColon ? RoutePattern(scene) : nil
                return ResolvedTarget(
                    scene: scene, registration: registration,
                    routeParameterNames: pattern?.parameterNames ?? [])
            }
            guard let (pattern, registration, parameters, names) = routes.match(matchBuffers)
            else { return nil }
            return ResolvedTarget(
                scene: pattern, registration: registration,
                routeParameters: parameters, routeParameterNames: names)
        }

        /// The builder registered under exactly `key`, a name or a pattern, with the key as
        /// registered.
        func registration(of key: SceneIdentifier) -> (scene: SceneIdentifier, Registration)? {
            guard let index = names.index(forKey: key) else { return nil }
            let (scene, registration) = names[index]
            return (scene, registration)
        }

        /// Every registered name and pattern, as they are now: the dictionary's keys share its
        /// storage rather than copying it (an error keeps them, to suggest close names).
        var identifiers: Dictionary<SceneIdentifier, Registration>.Keys { names.keys }

        /// Throws when `entry` may not be added under `policy`.
        func check(_ entry: Prepared, policy: RegistrationPolicy) throws(NavigationError) {
            if let route = entry.route, let existing = routes.route(shapedLike: route),
                existing.pattern != entry.key
            {
                throw .misuse(.routeCollision(entry.key, existing: existing.pattern))
            }
            if policy == .rejectDuplicates, names.index(forKey: entry.key) != nil {
                throw .misuse(.duplicateRegistration(entry.key))
            }
        }

        /// Adds `entry`, replacing what is registered under the same key (in the new spelling,
        /// everywhere); returns what it replaced, for the caller to release after unlocking.
        mutating func insert(_ entry: Prepared) -> Registration? {
            // What is replaced goes back to the caller, to be released after unlocking.
            let replaced = names.updateValue(entry.registration, forKey: entry.key)
            if replaced != nil {
                // A dictionary keeps the key it had: take the old spelling out, everywhere,
                // so that the new one is the one kept.
                _ = remove(entry.key)
                names[entry.key] = entry.registration
            }
            if let route = entry.route {
                routes.insert(route, value: entry.registration)
            } else if entry.holdsSlash {
                namesWithSlash += 1
            }
            return replaced
        }

        /// Removes what is registered under exactly `key`, with its registered name.
        mutating func remove(_ key: SceneIdentifier) -> (scene: SceneIdentifier, Registration)? {
            guard let index = names.index(forKey: key) else { return nil }
            let (scene, registration) = names.remove(at: index)
            // By the spelling it was registered with, which may differ from `key`'s.
            if let pattern = RoutePattern(scene) {
                routes.remove(pattern)
            } else if Array(scene.rawValue.utf8).contains(UInt8(ascii: "/")) {
                namesWithSlash -= 1
            }
            return (scene, registration)
        }
    }

    /// A registration checked on its own, before the lock is taken.
    private struct Prepared: Sendable {
        let key: SceneIdentifier
        /// The key's pattern, read for the route table, when the key is a pattern.
        let route: RouteTable<Registration>.Entry?
        /// Whether the key is a name (not a pattern) that holds a `/`.
        let holdsSlash: Bool
        let registration: Registration

        /// Checks `builder` for `key` and reads what the registry keeps of it: this is where a
        /// builder's own code (its name, its required parameters) runs.
        init(_ builder: any Builder, for key: SceneIdentifier) throws(NavigationError) {
            // One copy of the key's bytes, for its rules, its pattern and its `/`.
            let (bytes, problem) = key.checked()
            if let problem { throw .input(.invalidSceneIdentifier(key, problem: problem)) }
            let declared = builder.sceneIdentifier
            guard declared == key else {
                throw .misuse(.mismatchedRegistration(key: key, builderIdentifier: declared))
            }
            self.key = key.compacted
            // A pattern has a segment that starts with `:`; most names hold no `:` at all.
            let entry =
                bytes.contains(UInt8(ascii: ":"))
                ? RouteTable<Registration>.Entry(self.key, bytes: bytes, catchAll: false) : nil
            route = entry?.mask.contains(true) == true ? entry : nil
            holdsSlash = route == nil && bytes.contains(UInt8(ascii: "/"))
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
    /// original article's lookup.
    ///
    /// This looks up exact names and patterns only; ``resolve(_:)`` also matches paths against
    /// route patterns, and says why a name is not found.
    ///
    /// - Parameter sceneIdentifier: The scene's name or route pattern.
    /// - Returns: The registered builder, or `nil`.
    public func build(for sceneIdentifier: SceneIdentifier) -> (any Builder)? {
        guard
            let (scene, registration) = registry.withLock({ $0.registration(of: sceneIdentifier) })
        else { return nil }
        return registration.builder(named: scene)
    }

    /// Finds the scene a navigation names: an exactly registered name, or a path that a
    /// registered route pattern matches (see "Route patterns" above).
    ///
    /// - Parameter target: A scene name, or a path such as `product/42`.
    /// - Returns: The scene's builder, its registered identifier and the route parameters.
    /// - Throws: ``NavigationError/Input/invalidSceneIdentifier(_:problem:)`` when the name breaks a
    ///   naming rule, else ``NavigationError/unknownScene(_:suggestions:)``.
    public func resolve(_ target: SceneIdentifier) throws(NavigationError) -> ResolvedScene {
        ResolvedScene(try resolveTarget(target))
    }

    /// ``resolve(_:)`` as the coordinator uses it, without wrapping the builder.
    ///
    /// (Inlined into its callers, ``resolve(_:)`` and the coordinator's resolver: the call cost
    /// about 30 instructions a lookup.)
    @inline(__always)
    func resolveTarget(_ target: SceneIdentifier) throws(NavigationError) -> ResolvedTarget {
        // No registered name is longer than this, and no pattern matches a longer path: reject
        // a huge name for its length before hashing or splitting it.
        let byteCount = target.rawValue.utf8.count
        if byteCount > SceneIdentifier.maximumByteCount {
            throw .input(
                .invalidSceneIdentifier(
                    target,
                    problem: .tooManyBytes(
                        count: byteCount, limit: SceneIdentifier.maximumByteCount)))
        }
        switch registry.withLock({ registry in Lookup(registry.find(target), in: registry) }) {
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

        init(_ found: ResolvedTarget?, in registry: Registry) {
            if let found {
                self = .found(found)
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
        if let problem = target.problem {
            return .input(.invalidSceneIdentifier(target, problem: problem))
        }
        return .unknownScene(target, suggestions: SceneSuggestions(for: target, among: identifiers))
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
    ///   `builders` that share a name) or ``NavigationError/Misuse/routeCollision(_:existing:)`` (two
    ///   patterns of the same shape); nothing is registered then.
    public func assemble(
        contentsOf builders: [any Builder], policy: RegistrationPolicy = .rejectDuplicates
    ) throws(NavigationError) {
        try register(contentsOf: builders, policy: policy)
    }

    /// ``assemble(contentsOf:policy:)`` for any collection of builders, so that one builder
    /// (``SceneBuilderContainer/assemble(_:policy:)``) needs no array.
    func register(
        contentsOf builders: some Collection<any Builder>, policy: RegistrationPolicy
    ) throws(NavigationError) {
        // A batch of one has nothing in it to compare its entry with: no list of entries, set
        // of keys or table of shapes is made for it.
        if builders.count == 1, let builder = builders.first {
            let entry = try Prepared(builder, for: builder.sceneIdentifier)
            try register(CollectionOfOne(entry), policy: policy)
            return
        }
        var entries: [Prepared] = []
        entries.reserveCapacity(builders.count)
        var keys = Set<SceneIdentifier>()
        // Shapes as bytes, as the route table compares them: patterns whose literals are
        // spelled in two Unicode normalizations collide in a batch exactly when they would one
        // at a time (they do not).
        var shapes: [[UInt8]: SceneIdentifier] = [:]
        for builder in builders {
            let entry = try Prepared(builder, for: builder.sceneIdentifier)
            guard keys.insert(entry.key).inserted else {
                throw .misuse(.duplicateRegistration(entry.key))
            }
            if let route = entry.route,
                let other = shapes.updateValue(entry.key, forKey: route.shape)
            {
                throw .misuse(.routeCollision(entry.key, existing: other))
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
    /// - Parameter sceneIdentifier: The scene's name or route pattern.
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
    /// against what is registered, and reports the ones that resolve to nothing.
    ///
    /// Call it once at start-up, after every module registered, and assert in a test that the
    /// report is empty: a misspelled scene name then fails that test, naming the scene that
    /// declared it, instead of failing when a user taps the button.
    ///
    /// ```swift
    /// let report = container.checkDestinations()
    /// #expect(report.isEmpty, "\(report)")
    /// ```
    ///
    /// A destination resolves as a navigation would: a registered name, a registered route
    /// pattern, or a path that a pattern matches (an example path such as `"product/42"`).
    ///
    /// - Returns: The report: every unresolved destination with the scene that declared it and
    ///   the reason (an unknown scene, with suggestions, or an invalid name).
    /// - Complexity: O(*d*) lookups for *d* declared destinations.
    public func checkDestinations() -> DestinationReport {
        let declarations = registry.withLock { registry in
            registry.names.compactMap { key, registration in
                let destinations = registration.destinations
                return destinations.isEmpty ? nil : (key, destinations)
            }
        }
        var problems: [DestinationReport.Problem] = []
        var checked = 0
        for (scene, destinations) in declarations.sorted(by: { $0.0 < $1.0 }) {
            for destination in destinations {
                checked += 1
                do throws(NavigationError) {
                    _ = try resolveTarget(destination)
                } catch {
                    problems.append(
                        DestinationReport.Problem(
                            declaredBy: scene, destination: destination, error: error))
                }
            }
        }
        return DestinationReport(checkedCount: checked, problems: problems)
    }

    // MARK: Listing

    /// The number of registered scenes, route patterns included.
    public var count: Int {
        registry.withLock { $0.names.count }
    }

    /// Every registered scene name and route pattern, sorted.
    public var sceneIdentifiers: [SceneIdentifier] {
        Array(registry.withLock { $0.identifiers }).sorted()
    }
}
