public import CoreModule
public import CoreUI

#if canImport(SwiftUI)
    public import SceneRouterSwiftUI
    public import SwiftUI
#endif

/// FeatureA's first screen; its button opens "A2" by name, as in step 9 of the article.
@MainActor
public final class A1ViewController: ViewController {
    /// The user tapped the button to A2: push the scene "A2", named and nothing more.
    ///
    /// - Throws: What the coordinator throws; the tree is then as it was.
    public func tappedToA2() throws(NavigationError) {
        try context.navigate(.push(scene: "A2", animated: true))
    }

    /// Its button: Open A2.
    ///
    /// - Parameter location: Where the screen is; A1's button works anywhere.
    /// - Returns: The button.
    public override func actions(at location: ScreenLocation?) -> [ScreenAction] {
        [ScreenAction("Open A2") { () throws(NavigationError) in try self.tappedToA2() }]
    }
}

/// Builds "A1", FeatureA's first screen.
public struct A1Builder: Builder {
    /// Creates the builder.
    public init() {}

    /// "A1", declared as a `String`, as the article's builders declare it.
    public var sceneIdentifier: SceneIdentifier = "A1"

    /// The scene this screen's button pushes, "A2"; checked at start-up by
    /// `checkDestinations()`.
    public let destinations: [SceneIdentifier] = ["A2"]

    /// Makes an ``A1ViewController``.
    ///
    /// - Parameter context: The new screen's context.
    /// - Returns: The screen.
    public func makeScreen(in context: SceneContext) -> any ScreenContent {
        A1ViewController(context: context)
    }
}

#if canImport(SwiftUI)
    extension A1ViewController: SwiftUIScreen {
        /// The screen's own SwiftUI view: what it is, and its buttons.
        public var body: some View {
            ScreenPage(self) {
                Text("FeatureA's first screen. Its button pushes \"A2\" by name.")
            }
        }
    }
#endif
