/// How the registry keeps one scene: what the coordinator needs to check and build it.
///
/// A ``SceneBuilder`` without required parameters, destinations or a payload (nearly every
/// scene) is kept as its body, the object that holds its closure, so that registering it
/// allocates nothing of its own and resolving it hands the body out again without boxing it.
/// Any other builder is kept whole, with the checks worked out once at registration.
enum Registration: Sendable {
    /// A ``SceneBuilder`` without requirements: its body (its closure).
    case closure(SceneBuilder.Body)
    /// Any other builder, with its required parameters.
    case builder(BuilderEntry)

    /// The registration of `builder`: reads the builder's `requiredParameters`, so it is made
    /// before the registry's lock is taken (no user code runs under the lock).
    init(_ builder: any Builder) {
        // A builder declares nothing when its body holds no declarations.
        if let plain = builder as? SceneBuilder, plain.body.declarations == nil {
            self = .closure(plain.body)
        } else {
            self = .builder(BuilderEntry(builder))
        }
    }

    /// The builder as registered; a ``SceneBuilder``'s body is wrapped again, named `scene`.
    func builder(named scene: SceneIdentifier) -> any Builder {
        switch self {
        case .closure(let body): return SceneBuilder(scene, body: body)
        case .builder(let entry): return entry.builder
        }
    }

    /// The required parameters, sorted by name; none for a closure.
    var requiredParameters: [(key: String, value: ParameterType)] {
        switch self {
        case .closure: return []
        case .builder(let entry): return entry.requiredParameters
        }
    }

    /// The payload the builder requires, read when it was registered.
    var payloadRequirement: ScenePayload.Requirement? {
        switch self {
        case .closure: return nil
        case .builder(let entry): return entry.payload
        }
    }

    /// The scenes the builder declared it navigates to, read when it was registered.
    var destinations: [SceneIdentifier] {
        switch self {
        case .closure: return []
        case .builder(let entry): return entry.destinations
        }
    }

    /// Makes the screen.
    @MainActor
    func makeScreen(in context: SceneContext) throws -> any ScreenContent {
        switch self {
        case .closure(let body): return try body.make(context)
        case .builder(let entry): return try entry.builder.makeScreen(in: context)
        }
    }
}

/// A registered builder with the parameters the coordinator checks before calling it.
final class BuilderEntry: Sendable {
    let builder: any Builder
    /// The builder's required parameters, sorted by name.
    let requiredParameters: [(key: String, value: ParameterType)]
    let destinations: [SceneIdentifier]
    let payload: ScenePayload.Requirement?

    init(_ builder: any Builder) {
        self.builder = builder
        self.requiredParameters = builder.requiredParameters.sorted { $0.key < $1.key }
        self.destinations = builder.destinations
        self.payload = builder.payload
    }
}

/// A scene found for a navigation, as the coordinator uses it.
struct ResolvedTarget: Sendable {
    /// The registered identifier: the name as registered.
    let scene: SceneIdentifier
    let registration: Registration

    init(scene: SceneIdentifier, registration: Registration) {
        self.scene = scene
        self.registration = registration
    }

    /// What a custom ``SceneBuilderContainer``'s ``SceneBuilderContainer/build(for:)`` found.
    init(scene: SceneIdentifier, builder: any Builder) {
        self.init(scene: scene, registration: .builder(BuilderEntry(builder)))
    }
}

extension ResolvedScene {
    /// The scene the registry found, with its builder as registered.
    ///
    /// `found` is consumed, so that its parts are moved into the result rather than copied.
    init(_ found: consuming ResolvedTarget) {
        let builder = found.registration.builder(named: found.scene)
        self.init(scene: found.scene, builder: builder)
    }
}
