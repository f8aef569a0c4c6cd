public import CoreModule

/// A placeholder screen for tests: it keeps its context, so a test can navigate "from" it.
///
/// Register stubs for the scenes a test needs instead of the real feature modules:
///
/// ```swift
/// let container = DependencyContainer()
/// try container.assemble(contentsOf: [SceneBuilder.stub("Home"), SceneBuilder.stub("Detail")])
/// ```
@MainActor
public final class StubScreen {
    /// The context the screen was built with: its scene, identity and parameters.
    public let context: SceneContext

    /// Creates a stub screen.
    ///
    /// - Parameter context: The new screen's context.
    package init(context: SceneContext) {
        self.context = context
    }
}

extension SceneBuilder {
    /// A builder that makes a ``StubScreen`` for `scene`.
    ///
    /// - Parameters:
    ///   - scene: The scene's name.
    ///   - requiredParameters: The parameters checked before the stub is built.
    /// - Returns: The builder.
    public static func stub(
        _ scene: SceneIdentifier, requiredParameters: [String: ParameterType] = [:]
    ) -> SceneBuilder {
        SceneBuilder(scene, requiredParameters: requiredParameters) { context in
            StubScreen(context: context)
        }
    }

    /// A builder for `scene` that always fails with `error`, to test a builder failure.
    ///
    /// - Parameters:
    ///   - scene: The scene's name.
    ///   - error: What the builder throws.
    /// - Returns: The builder.
    public static func failing(_ scene: SceneIdentifier, with error: any Error & Sendable)
        -> SceneBuilder
    {
        SceneBuilder(scene) { _ in throw error }
    }
}
