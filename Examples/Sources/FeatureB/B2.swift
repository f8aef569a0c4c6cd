public import CoreModule

/// FeatureB's confirmation screen; "Done" dismisses the whole checkout modal.
@MainActor
public final class B2Screen {
    /// The screen's context, through which it navigates by name.
    public let context: SceneContext

    /// Creates the screen.
    ///
    /// - Parameter context: The screen's context.
    public init(context: SceneContext) {
        self.context = context
    }

    /// The user tapped "Done": dismiss the modal this screen is in.
    ///
    /// - Returns: The transition that was applied.
    /// - Throws: What the coordinator throws; ``NavigationError/Refusal/nothingToDismiss(visible:)``
    ///   when "B2" was pushed onto the root stack rather than presented.
    @discardableResult
    public func didTapDone() throws(NavigationError) -> TransitionEvent? {
        try context.navigate(.dismiss(animated: true))
    }
}

/// Builds "B2", FeatureB's confirmation screen.
public struct B2Builder: Builder {
    /// "B2".
    public let sceneIdentifier: SceneIdentifier = .b2

    /// Creates the builder.
    public init() {}

    /// Makes a ``B2Screen``.
    ///
    /// - Parameter context: The new screen's context.
    /// - Returns: The screen.
    public func makeScreen(in context: SceneContext) -> any ScreenContent {
        B2Screen(context: context)
    }
}
