public import CoreModule
import FeatureA
import FeatureB

/// The app target's composition root, as in the original design.
///
/// It is the only code that knows every feature module. It registers each module through that
/// module's single entry point, then checks, once, that every scene a module's screens navigate
/// to is registered: the feature modules never import each other, so nothing else can.
public struct DependencyInjection {
    /// The registry the app's coordinator builds from.
    public let container: DependencyContainer

    /// Creates the composition root over `container` (a new, empty one by default).
    ///
    /// - Parameter container: The registry to register into.
    public init(container: DependencyContainer = DependencyContainer()) {
        self.container = container
    }

    /// The transitions the app starts with: its ways in, besides its links.
    ///
    /// On a phone, two tabs, `home` (A1) and `shop` (B1, as ``DemoLinks`` selects them); on an
    /// iPad, a split with A1 in the sidebar and B1 in the detail column.
    public static let start: [ApplicationTransitionType] = [
        .tabs([TabItem("home", scene: "A1"), TabItem("shop", scene: "B1")], selected: "home"),
        .split(primary: "A1", detail: "B1"),
    ]

    /// Registers every feature module's scenes, then checks every destination their builders
    /// declare, and that a start transition, a link or a declared destination leads to every
    /// scene (``DependencyContainer/checkDestinations(startingWith:links:)``).
    ///
    /// A test asserts that the report is empty, so a misspelled scene name in any module fails
    /// that test, naming the scene that declares it, instead of failing at a user's tap.
    ///
    /// - Returns: The start-up check's report: empty when every declared destination is
    ///   registered and every scene reached; else each unknown destination, the scene that
    ///   declares it and close names, and the scenes nothing reaches.
    /// - Throws: ``NavigationError/Misuse/duplicateRegistration(_:)`` when two modules claim a scene.
    @discardableResult
    public func configure() throws(NavigationError) -> DestinationReport {
        try FeatureAScenes.register(in: container)
        try FeatureBScenes.register(in: container)
        return container.checkDestinations(startingWith: Self.start, links: try DemoLinks.table())
    }
}
