public import CoreModule
public import CoreUI

#if canImport(SwiftUI)
    public import SceneRouterSwiftUI
    public import SwiftUI
#endif

/// FeatureA's second screen; it opens FeatureB's "B1" without importing FeatureB.
@MainActor
public final class A2ViewController: ViewController {
    /// The user tapped the button to B1: present the scene "B1" as a modal.
    ///
    /// - Throws: What the coordinator throws; the tree is then as it was.
    public func tappedToB1() throws(NavigationError) {
        try context.navigate(.present(scene: "B1", animated: true))
    }

    /// The user tapped a link whose scene arrived as a `String` (from a server, say): push it.
    ///
    /// A string literal is a scene name as it is; a `String` variable is wrapped in a
    /// `SceneIdentifier`.
    ///
    /// - Parameter sceneName: The scene to push.
    /// - Throws: ``NavigationError/unknownScene(_:suggestions:)`` when no scene has that name,
    ///   or what else the coordinator throws; the tree is then as it was.
    public func tappedLink(to sceneName: String) throws(NavigationError) {
        try context.navigate(.push(scene: SceneIdentifier(sceneName), animated: true))
    }

    /// Its buttons: Present B1, and a link to "C1" whose name arrives as a `String`.
    ///
    /// - Parameter location: Where the screen is; A2's buttons work anywhere.
    /// - Returns: The buttons.
    public override func actions(at location: ScreenLocation?) -> [ScreenAction] {
        [
            ScreenAction("Present B1") { () throws(NavigationError) in try self.tappedToB1() },
            ScreenAction("Open C1 by a name from a server") { () throws(NavigationError) in
                try self.tappedLink(to: "C1")
            },
        ]
    }
}

/// Builds "A2", FeatureA's second screen: step 6 of the article.
public struct A2Builder: Builder {
    /// Creates the builder.
    public init() {}

    /// "A2", declared as a `String`, as the article's builders declare it.
    public var sceneIdentifier: SceneIdentifier = "A2"

    /// The scene this screen's button presents, FeatureB's "B1"; checked at start-up by
    /// `checkDestinations()`.
    ///
    /// A link's scene (``A2ViewController/tappedLink(to:)``) is known only when the link
    /// arrives, so it is not declared.
    public let destinations: [SceneIdentifier] = ["B1"]

    /// Makes an ``A2ViewController``.
    ///
    /// - Parameter context: The new screen's context.
    /// - Returns: The screen.
    public func makeScreen(in context: SceneContext) -> any ScreenContent {
        A2ViewController(context: context)
    }
}

#if canImport(SwiftUI)
    extension A2ViewController: SwiftUIScreen {
        /// The screen's own SwiftUI view: what it is, and its buttons.
        public var body: some View {
            ScreenPage(self) {
                Text("FeatureA's second screen. It opens FeatureB's \"B1\" without importing it.")
                SceneNameField(screen: self)
            }
        }
    }

    /// A link whose scene name the user types, as a server would send it: a name no module
    /// registers (a typo) fails with the names it suggests, and the screen stays.
    @MainActor
    private struct SceneNameField: View {
        let screen: A2ViewController
        @State private var name = "A3"
        @State private var failure: String?

        var body: some View {
            HStack {
                TextField("A scene's name", text: $name)
                Button("Open") { open() }
            }
            if let failure {
                Text(failure).foregroundStyle(.red)
            }
        }

        private func open() {
            do throws(NavigationError) {
                try screen.tappedLink(to: name)
                failure = nil
            } catch {
                failure = error.description
            }
        }
    }
#endif
