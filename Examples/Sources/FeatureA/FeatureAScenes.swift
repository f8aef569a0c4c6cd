public import CoreModule

/// FeatureA's entry point: registers every scene the module owns.
///
/// The app target calls this once at start-up. Other modules never import FeatureA; they
/// navigate to its scenes by name ("A1", "A2").
public enum FeatureAScenes {
    /// The module's builders, one per scene.
    public static var builders: [any Builder] { [A1Builder(), A2Builder()] }

    /// Registers FeatureA's scenes into `container`: all of them, or none when one is rejected.
    ///
    /// It also registers the module's payload type, ``Item``, as `"item"`, so that snapshots
    /// keep it.
    ///
    /// - Parameter container: The registry to register into.
    /// - Throws: ``NavigationError/Misuse/duplicateRegistration(_:)`` when a scene of this module is
    ///   already registered.
    public static func register(in container: DependencyContainer) throws(NavigationError) {
        try container.assemble(contentsOf: builders)
        container.payloadTypes.register(Item.self, name: "item")
    }
}

// FeatureA's own scene names, as constants for FeatureA's code. They are internal on purpose:
// other modules navigate to "A1" and "A2" by name, without importing FeatureA. A name FeatureA
// writes for another module's scene ("B1") has no constant here; the builders declare it in
// `destinations`, and the app's `checkDestinations()` checks it at start-up.
extension SceneIdentifier {
    /// "A1", FeatureA's list.
    static let a1: SceneIdentifier = "A1"
    /// "A2", FeatureA's item detail.
    static let a2: SceneIdentifier = "A2"
}
