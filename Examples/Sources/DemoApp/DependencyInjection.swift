public import CoreModule
import FeatureA
import FeatureB

/// The app target's composition root, as in the original design.
///
/// It is the only code that knows every feature module. It registers each module through that module's single entry point.
public struct DependencyInjection {
    /// The registry the app's coordinator builds from.
    public let container: DependencyContainer

    /// Creates the composition root over `container` (a new, empty one by default).
    ///
    /// - Parameter container: The registry to register into.
    public init(container: DependencyContainer = DependencyContainer()) {
        self.container = container
    }

    /// Registers every feature module's scenes.
    ///
    /// - Throws: ``NavigationError/duplicateRegistration(_:)`` when two modules claim a scene.
    public func configure() throws(NavigationError) {
        try FeatureAScenes.register(in: container)
        try FeatureBScenes.register(in: container)
    }
}
