/// Makes the screen for one scene.
///
/// A feature module writes one builder per scene and registers it at start-up; any code can then
/// navigate to the scene by its name without importing the module.
///
/// ```swift
/// public struct A2Builder: Builder {
///     public let sceneIdentifier: SceneIdentifier = "A2"
///     public init() {}
///
///     public func makeScreen(in context: SceneContext) throws -> any ScreenContent {
///         A2Screen(context: context)
///     }
/// }
/// ```
///
/// The name is a ``SceneIdentifier``, which takes the same string literal as the original
/// article's `String` (`public var sceneIdentifier: SceneIdentifier = "A2"`).
///
/// For a builder that is only a closure, use ``SceneBuilder``.
public protocol Builder: Sendable {
    /// The name of the scene this builder makes.
    var sceneIdentifier: SceneIdentifier { get }

    /// Makes the screen's object (a view controller, or any class in a headless model).
    ///
    /// It runs on the main actor, before the tree changes: if it throws, the navigation fails
    /// with ``NavigationError/builderFailed(_:reason:)`` and the tree stays as it was. (A
    /// ``NavigationError`` it throws is passed on unchanged.) Keep the context to navigate
    /// later, from the screen's own actions; navigating from inside `makeScreen` is rejected
    /// with ``NavigationError/Misuse/reentrantNavigation(_:during:)``.
    ///
    /// - Parameter context: The scene, the new screen's identity, the parameters the caller
    ///   passed, and a way for the screen to navigate by name.
    /// - Returns: The screen's object.
    /// - Throws: Any error, when the screen cannot be made.
    @MainActor func makeScreen(in context: SceneContext) throws -> any ScreenContent

    /// The parameters this scene cannot be built without, and their types.
    ///
    /// The coordinator checks them before calling ``makeScreen(in:)``: a missing or malformed
    /// one fails the navigation with ``NavigationError/Input/missingParameter(scene:name:)`` or
    /// ``NavigationError/Input/malformedParameter(scene:name:value:expected:)``, naming the scene, the
    /// parameter and the value. The default is none.
    var requiredParameters: [String: ParameterType] { get }

    /// The scenes this builder's screen navigates to, by name.
    ///
    /// ``DependencyContainer/checkDestinations(startingWith:links:)`` checks every declared destination against
    /// what is registered, at start-up, so that a misspelled name fails a test instead of a
    /// user's tap. None by default.
    var destinations: [SceneIdentifier] { get }

    /// The typed payload this builder's screen needs, if any (see ``ScenePayload/Requirement``).
    ///
    /// The coordinator checks a navigation's payload against it before the builder runs. A
    /// builder that requires none (the default) gets whatever payload a navigation carries, in
    /// ``SceneContext/payload(as:)``, unchecked.
    var payload: ScenePayload.Requirement? { get }
}

extension Builder {
    /// No required parameters.
    public var requiredParameters: [String: ParameterType] { [:] }

    /// No declared destinations.
    public var destinations: [SceneIdentifier] { [] }

    /// No payload required.
    public var payload: ScenePayload.Requirement? { nil }
}

/// A builder made from a closure: the smallest way to register a scene.
///
/// ```swift
/// try container.assemble(contentsOf: [SceneBuilder("Settings") { context in SettingsScreen(context) }])
/// ```
public struct SceneBuilder: Builder {
    /// The name of the scene this builder makes.
    public let sceneIdentifier: SceneIdentifier

    /// The closure and what the builder declares, in one object that copies share: so that a
    /// builder is small enough for an `any Builder` to hold without a box of its own, and a
    /// registry hands out the body it keeps rather than wrapping it again.
    let body: Body

    /// The parameters checked before `make` runs.
    public var requiredParameters: [String: ParameterType] {
        body.declarations?.requiredParameters ?? [:]
    }

    /// The scenes the screen navigates to, checked by
    /// ``DependencyContainer/checkDestinations(startingWith:links:)``.
    public var destinations: [SceneIdentifier] { body.declarations?.destinations ?? [] }

    /// The payload the screen needs, checked before `make` runs.
    public var payload: ScenePayload.Requirement? { body.declarations?.payload }

    /// The closure a ``SceneBuilder`` wraps.
    typealias Make = @MainActor @Sendable (SceneContext) throws -> any ScreenContent

    /// Creates a builder for `sceneIdentifier` that calls `make`.
    ///
    /// - Parameters:
    ///   - sceneIdentifier: The scene's name.
    ///   - requiredParameters: The parameters checked before `make` runs, with their types.
    ///   - destinations: The scenes the screen navigates to (names, patterns or example paths),
    ///     checked at start-up by ``DependencyContainer/checkDestinations(startingWith:links:)``.
    ///   - payload: The payload the screen needs, checked before `make` runs.
    ///   - make: Makes the screen's object from its context; it may throw.
    public init(
        _ sceneIdentifier: SceneIdentifier,
        requiredParameters: [String: ParameterType] = [:],
        destinations: [SceneIdentifier] = [],
        payload: ScenePayload.Requirement? = nil,
        make: @escaping @MainActor @Sendable (SceneContext) throws -> any ScreenContent
    ) {
        let declarations =
            requiredParameters.isEmpty && destinations.isEmpty && payload == nil
            ? nil
            : Declarations(
                requiredParameters: requiredParameters, destinations: destinations,
                payload: payload)
        self.init(sceneIdentifier, body: Body(make: make, declarations: declarations))
    }

    /// A builder for `sceneIdentifier` with `body`, shared with the builder it came from.
    init(_ sceneIdentifier: SceneIdentifier, body: Body) {
        self.sceneIdentifier = sceneIdentifier
        self.body = body
    }

    /// Calls the closure this builder was made with.
    ///
    /// - Parameter context: The new screen's context.
    /// - Returns: The screen's object.
    /// - Throws: What the closure throws.
    @MainActor public func makeScreen(in context: SceneContext) throws -> any ScreenContent {
        try body.make(context)
    }

    /// A builder's closure, and its declarations when it has any.
    final class Body: Sendable {
        /// Makes the screen's object.
        let make: Make
        /// The required parameters, destinations and payload; `nil` when there are none (most
        /// builders), so that the body a registry keeps is small.
        let declarations: Declarations?

        init(make: @escaping Make, declarations: Declarations?) {
            self.make = make
            self.declarations = declarations
        }
    }

    /// What a builder declares besides its closure, when it declares anything.
    final class Declarations: Sendable {
        let requiredParameters: [String: ParameterType]
        let destinations: [SceneIdentifier]
        let payload: ScenePayload.Requirement?

        init(
            requiredParameters: [String: ParameterType], destinations: [SceneIdentifier],
            payload: ScenePayload.Requirement?
        ) {
            self.requiredParameters = requiredParameters
            self.destinations = destinations
            self.payload = payload
        }
    }
}
