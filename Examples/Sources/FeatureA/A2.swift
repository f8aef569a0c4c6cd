public import CoreModule

/// FeatureA's detail screen for one item; it can open FeatureB's "B1" without importing it.
@MainActor
public final class A2Screen {
    /// The screen's context, through which it navigates by name.
    public let context: SceneContext

    /// The item shown, from the `id` parameter; `nil` when the caller passed none.
    public var itemID: String? { context.parameters["id"] }

    /// Creates the screen.
    ///
    /// - Parameter context: The screen's context.
    public init(context: SceneContext) {
        self.context = context
    }

    /// The user tapped "Buy": present FeatureB's checkout, "B1", for this item.
    ///
    /// - Returns: The transition that was applied.
    /// - Throws: What the coordinator throws.
    @discardableResult
    public func didTapBuy() throws(NavigationError) -> TransitionEvent? {
        var parameters: SceneParameters = [:]
        parameters["item"] = itemID
        return try context.navigate(.present(scene: "B1", parameters: parameters, animated: true))
    }
}

/// Builds "A2", FeatureA's detail screen.
public struct A2Builder: Builder {
    /// "A2".
    public let sceneIdentifier: SceneIdentifier = "A2"

    /// Creates the builder.
    public init() {}

    /// Makes an ``A2Screen``.
    ///
    /// - Parameter context: The new screen's context.
    /// - Returns: The screen.
    public func makeScreen(in context: SceneContext) -> any ScreenContent {
        A2Screen(context: context)
    }
}
