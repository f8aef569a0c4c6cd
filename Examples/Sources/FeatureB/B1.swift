public import CoreModule

/// FeatureB's checkout screen, usually presented modally; it pushes "B2" to confirm.
@MainActor
public final class B1Screen {
    /// The screen's context, through which it navigates by name.
    public let context: SceneContext

    /// Creates the screen.
    ///
    /// - Parameter context: The screen's context.
    public init(context: SceneContext) {
        self.context = context
    }

    /// The user tapped "Continue": push the confirmation screen, "B2", in the same stack.
    ///
    /// - Returns: The transition that was applied.
    /// - Throws: What the coordinator throws.
    @discardableResult
    public func didTapContinue() throws(NavigationError) -> TransitionEvent? {
        try context.navigate(.push(scene: .b2, parameters: context.parameters, animated: true))
    }
}

/// Builds "B1", FeatureB's checkout screen.
public struct B1Builder: Builder {
    /// "B1".
    public let sceneIdentifier: SceneIdentifier = .b1

    /// The scene B1 navigates to: "B2", checked at start-up.
    public let destinations: [SceneIdentifier] = [.b2]

    /// Creates the builder.
    public init() {}

    /// Makes a ``B1Screen``.
    ///
    /// - Parameter context: The new screen's context.
    /// - Returns: The screen.
    public func makeScreen(in context: SceneContext) -> any ScreenContent {
        B1Screen(context: context)
    }
}
