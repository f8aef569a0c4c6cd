public import CoreModule
import FeatureA
import FeatureB
import FeatureC

/// Registers the builder of every scene of the app: steps 7 and 8 of the article.
///
/// The app module is the only one that knows every feature module; `configure()` is called once,
/// at start-up, before the first navigation.
public final class DependencyInjection {
    /// The registry the builders go into: ``DependencyContainer/shared`` unless another is given.
    public let container: DependencyContainer

    /// Creates the registration for `container`.
    ///
    /// - Parameter container: The registry to register into; the process-wide one by default,
    ///   as in the article. A test gives a new one, so that it can register again.
    public init(container: DependencyContainer = .shared) {
        self.container = container
    }

    /// Registers A1, A2, B1 and C1, each under its builder's own name.
    ///
    /// - Throws: ``NavigationError/Misuse/duplicateRegistration(_:)`` when a scene is already registered
    ///   (the article's container silently replaced it).
    public func configure() throws(NavigationError) {
        let a1Builder = A1Builder()
        let a2Builder = A2Builder()
        let b1Builder = B1Builder()
        let c1Builder = C1Builder()

        try container.assemble(builder: a1Builder, for: a1Builder.sceneIdentifier)
        try container.assemble(builder: a2Builder, for: a2Builder.sceneIdentifier)
        try container.assemble(builder: b1Builder, for: b1Builder.sceneIdentifier)
        try container.assemble(builder: c1Builder, for: c1Builder.sceneIdentifier)
    }
}
