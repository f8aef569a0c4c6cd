public import CoreModule
public import CoreUI

/// FeatureC's screen.
@MainActor
public final class C1ViewController: ViewController {
    /// The user tapped Back: pop this screen.
    ///
    /// - Throws: What the coordinator throws; the tree is then as it was.
    public func tappedBack() throws(NavigationError) {
        try context.navigate(.pop(animated: true))
    }
}

/// Builds "C1", FeatureC's screen.
public struct C1Builder: Builder {
    /// Creates the builder.
    public init() {}

    /// "C1", declared as a `String`, as the article's builders declare it.
    public var sceneIdentifier: SceneIdentifier = "C1"

    /// Makes a ``C1ViewController``.
    ///
    /// - Parameter context: The new screen's context.
    /// - Returns: The screen.
    public func makeScreen(in context: SceneContext) -> any ScreenContent {
        C1ViewController(context: context)
    }
}
