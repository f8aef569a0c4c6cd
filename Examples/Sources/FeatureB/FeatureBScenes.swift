public import CoreModule

/// FeatureB's entry point: registers every scene the module owns.
///
/// The app target calls this once at start-up. Other modules never import FeatureB; they
/// navigate to its scenes by name ("B1", "B2").
public enum FeatureBScenes {
    /// The module's builders, one per scene.
    public static var builders: [any Builder] { [B1Builder(), B2Builder()] }

    /// Registers FeatureB's scenes into `container`: all of them, or none when one is rejected.
    ///
    /// - Parameter container: The registry to register into.
    /// - Throws: ``NavigationError/duplicateRegistration(_:)`` when a scene of this module is
    ///   already registered.
    public static func register(in container: DependencyContainer) throws(NavigationError) {
        try container.assemble(contentsOf: builders)
    }
}
