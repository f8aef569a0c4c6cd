/// A registry of builders, keyed by scene name.
///
/// ``DependencyContainer`` is the implementation; the protocol lets an app or a test supply its
/// own (for example one that logs every registration).
///
/// One way to register and one way to look up:
///
/// - ``assemble(contentsOf:policy:)`` registers a module's builders, all or none;
/// - ``build(for:)`` returns the builder registered under exactly a name, or `nil`. A navigation
///   to a name that is not registered fails with an error that says why.
///
/// ``assemble(builder:for:)`` is the original article's call, kept for its readers: it
/// registers one builder under a name it repeats, through ``assemble(contentsOf:policy:)``.
public protocol SceneBuilderContainer: Sendable {
    /// Registers builders, each under its own ``Builder/sceneIdentifier``: all of them, or,
    /// when one is rejected, none.
    ///
    /// - Parameters:
    ///   - builders: The builders.
    ///   - policy: What to do when a scene already has a builder.
    /// - Throws: ``NavigationError/Input/invalidSceneIdentifier(_:problem:)``,
    ///   ``NavigationError/Misuse/duplicateRegistration(_:)`` (a name registered already, or twice in
    ///   `builders`); nothing is registered then.
    func assemble(contentsOf builders: [any Builder], policy: RegistrationPolicy)
        throws(NavigationError)

    /// The builder registered under exactly `sceneIdentifier`, or `nil`: the original
    /// article's lookup, and the one a coordinator makes.
    ///
    /// A coordinator reports a `nil` as ``NavigationError/unknownScene(_:suggestions:)``,
    /// suggesting close names from ``sceneIdentifiers``, or as
    /// ``NavigationError/Input/invalidSceneIdentifier(_:problem:)`` for a name that breaks a rule.
    ///
    /// - Parameter sceneIdentifier: The scene's name.
    /// - Returns: The registered builder, or `nil`.
    func build(for sceneIdentifier: SceneIdentifier) -> (any Builder)?

    /// Every registered scene name, sorted.
    var sceneIdentifiers: [SceneIdentifier] { get }
}

/// A scene found for a navigation: its builder and its registered identifier.
package struct ResolvedScene: Sendable {
    /// The registered identifier.
    package let scene: SceneIdentifier

    /// The scene's builder.
    package let builder: any Builder
}

extension SceneBuilderContainer {
    /// Registers `builder` for `sceneIdentifier`, rejecting a duplicate: the original article's
    /// call, `container.assemble(builder: a1Builder, for: a1Builder.sceneIdentifier)`, and its
    /// entry point onto ``assemble(contentsOf:policy:)``.
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
