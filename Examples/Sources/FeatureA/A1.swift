public import CoreModule

/// FeatureA's start screen: a list whose rows open "A2" with the row's id.
@MainActor
public final class A1Screen {
    /// The screen's context, through which it navigates by name.
    public let context: SceneContext

    /// Creates the screen.
    ///
    /// - Parameter context: The screen's context.
    public init(context: SceneContext) {
        self.context = context
    }

    /// The user tapped the row for item `id`: push its detail screen, "A2".
    ///
    /// - Parameter id: The item's id, passed to "A2" as the parameter `id`.
    /// - Returns: The transition that was applied.
    /// - Throws: What the coordinator throws.
    @discardableResult
    public func didSelectItem(id: Int) throws(NavigationError) -> TransitionEvent? {
        try context.navigate(.push(scene: "A2", parameters: ["id": "\(id)"], animated: true))
    }
}

/// Builds "A1", FeatureA's start screen.
public struct A1Builder: Builder {
    /// "A1".
    public let sceneIdentifier: SceneIdentifier = "A1"

    /// Creates the builder.
    public init() {}

    /// Makes an ``A1Screen``.
    ///
    /// - Parameter context: The new screen's context.
    /// - Returns: The screen.
    public func makeScreen(in context: SceneContext) -> any ScreenContent {
        A1Screen(context: context)
    }
}
