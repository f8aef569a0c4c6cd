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
    /// - Throws: ``NavigationError/Misuse/duplicateRegistration(_:)`` when a scene of this module is
    ///   already registered.
    public static func register(in container: DependencyContainer) throws(NavigationError) {
        try container.assemble(contentsOf: builders)
    }
}

// FeatureB's own scene names, as constants for FeatureB's code. They are internal on purpose:
// other modules navigate to "B1" and "B2" by name, without importing FeatureB; the names they
// write are declared in their builders' `destinations` and checked at start-up by the app's
// `checkDestinations()`.
extension SceneIdentifier {
    /// "B1", FeatureB's checkout.
    static let b1: SceneIdentifier = "B1"
    /// "B2", FeatureB's confirmation.
    static let b2: SceneIdentifier = "B2"
}
