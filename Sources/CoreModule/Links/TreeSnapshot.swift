/// A `Codable` description of a screen tree, for state restoration: scene names, parameters and
/// structure, with a format version.
///
/// ```swift
/// let data = try JSONEncoder().encode(coordinator.snapshot())
/// // … the app is killed and relaunched …
/// try coordinator.restore(JSONDecoder().decode(TreeSnapshot.self, from: data))
/// ```
///
/// Screen objects and identities are not saved: restoring rebuilds every screen through its
/// builder, with the parameters it was built with.
public struct TreeSnapshot: Codable, Hashable, Sendable {
    /// One saved screen: its scene and the parameters it was built with.
    public struct Screen: Codable, Hashable, Sendable {
        /// The scene's registered identifier.
        public var scene: SceneIdentifier
        /// The parameters the screen was built with.
        public var parameters: SceneParameters

        /// Creates a saved screen.
        ///
        /// - Parameters:
        ///   - scene: The scene's registered identifier.
        ///   - parameters: The parameters it was built with.
        public init(scene: SceneIdentifier, parameters: SceneParameters = [:]) {
            self.scene = scene
            self.parameters = parameters
        }
    }

    /// The format version this package writes, and the newest it reads.
    public static let currentVersion = 1

    /// The format version the snapshot was written with.
    public var version: Int
    /// The stacks, root stack first, each from bottom to top; empty for an empty window.
    public var stacks: [[Screen]]

    /// Creates a snapshot.
    ///
    /// - Parameters:
    ///   - version: The format version; ``currentVersion`` by default.
    ///   - stacks: The stacks, root stack first.
    public init(version: Int = TreeSnapshot.currentVersion, stacks: [[Screen]]) {
        self.version = version
        self.stacks = stacks
    }
}

extension ScreenTree {
    /// The tree as a ``TreeSnapshot``: scene names, parameters and structure.
    public var snapshot: TreeSnapshot {
        TreeSnapshot(
            stacks: stacks.map { stack in
                stack.map { TreeSnapshot.Screen(scene: $0.scene, parameters: $0.parameters) }
            })
    }
}
