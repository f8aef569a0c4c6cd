public import CoreModule
public import CoreUI

#if canImport(SwiftUI)
    public import SceneRouterSwiftUI
    public import SwiftUI
#endif

/// The iPad sidebar: the app's feature modules in a list, as a tab bar lists them on iPhone.
///
/// Selecting one shows its first screen in the split's detail column.
///
/// The app module owns it: only the app knows every feature, as only the app builds the tab
/// bar.
@MainActor
public final class FeaturesViewController: ViewController {
    /// The features the sidebar lists: each one's title and its first scene.
    public nonisolated static let features: [(title: String, scene: SceneIdentifier)] = [
        ("Feature A", "A1"), ("Feature B", "B1"), ("Feature C", "C1"),
    ]

    /// The user selected a feature in the sidebar: show its first scene in the detail column,
    /// in place of what the detail showed.
    ///
    /// - Parameter scene: The feature's first scene.
    /// - Throws: What the coordinator throws; the tree is then as it was.
    public func select(_ scene: SceneIdentifier) throws(NavigationError) {
        try context.navigate(.showDetail(Destination(scene), animated: true))
    }

    /// Its buttons: one per feature, which selects it.
    ///
    /// - Parameter location: Where the screen is; the sidebar's buttons work anywhere.
    /// - Returns: The buttons.
    public override func actions(at location: ScreenLocation?) -> [ScreenAction] {
        Self.features.map { feature in
            ScreenAction(feature.title) { () throws(NavigationError) in
                try self.select(feature.scene)
            }
        }
    }
}

/// Builds "Features", the iPad sidebar.
public struct FeaturesBuilder: Builder {
    /// Creates the builder.
    public init() {}

    /// "Features".
    public var sceneIdentifier: SceneIdentifier = "Features"

    /// Each feature's first scene, which a selection shows; checked at start-up.
    public let destinations: [SceneIdentifier] = FeaturesViewController.features.map(\.scene)

    /// Makes a ``FeaturesViewController``.
    ///
    /// - Parameter context: The new screen's context.
    /// - Returns: The screen.
    public func makeScreen(in context: SceneContext) -> any ScreenContent {
        FeaturesViewController(context: context)
    }
}

#if canImport(SwiftUI)
    extension FeaturesViewController: SwiftUIScreen {
        /// The sidebar's SwiftUI view: a button per feature.
        public var body: some View {
            ScreenPage(self) {
                Text("The app's feature modules: select one to show it in the detail column.")
            }
        }
    }
#endif
