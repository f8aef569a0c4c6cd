public import CoreModule
public import CoreUI

#if canImport(SwiftUI)
    public import SceneRouterSwiftUI
    public import SwiftUI
#endif

/// FeatureC's screen.
@MainActor
public final class C1ViewController: ViewController {
    /// The user tapped Back: pop this screen.
    ///
    /// - Throws: What the coordinator throws; the tree is then as it was.
    public func tappedBack() throws(NavigationError) {
        try context.navigate(.pop(animated: true))
    }

    /// Its button: Back, above another screen.
    ///
    /// - Parameter location: Where the screen is: Back pops, so it appears only above another
    ///   screen.
    /// - Returns: The button, or none.
    public override func actions(at location: ScreenLocation?) -> [ScreenAction] {
        guard let location, location.index > 0 else { return [] }
        return [ScreenAction("Back") { () throws(NavigationError) in try self.tappedBack() }]
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

#if canImport(SwiftUI)
    extension C1ViewController: SwiftUIScreen {
        /// The screen's own SwiftUI view: what it is, and its buttons.
        public var body: some View {
            ScreenPage(self) {
                Text("FeatureC's screen.")
            }
        }
    }
#endif
