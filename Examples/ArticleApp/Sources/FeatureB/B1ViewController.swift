public import CoreModule
public import CoreUI

#if canImport(SwiftUI)
    public import SceneRouterSwiftUI
    public import SwiftUI
#endif

/// FeatureB's screen, shown as a modal; it opens FeatureC's "C1" without importing FeatureC.
@MainActor
public final class B1ViewController: ViewController {
    /// The user tapped the button to C1: push the scene "C1" inside this modal.
    ///
    /// - Throws: What the coordinator throws; the tree is then as it was.
    public func tappedToC1() throws(NavigationError) {
        try context.navigate(.push(scene: "C1", animated: true))
    }

    /// The user tapped Close: dismiss the modal this screen is in.
    ///
    /// - Throws: What the coordinator throws; the tree is then as it was.
    public func tappedClose() throws(NavigationError) {
        try context.navigate(.dismiss(animated: true))
    }

    /// The alert ``tappedDiscard()`` asks: Discard answers `true`, Cancel its title.
    public static let discardAlert = AlertContent(
        "DiscardB1", title: "Discard this draft?", message: "Its changes cannot be recovered.",
        buttons: [
            AlertContent.Button("Discard", role: .destructive, value: true),
            AlertContent.Button("Cancel", role: .cancel),
        ])

    /// The user tapped Discard: ask first, in an alert over this screen.
    ///
    /// The modal is dismissed only when the user confirms. The platform shows the alert (a
    /// `UIAlertController`, or SwiftUI's `.alert`) and reports the button tapped.
    ///
    /// - Throws: What the coordinator throws; the tree is then as it was.
    public func tappedDiscard() throws(NavigationError) {
        try context.navigate(.alert(Self.discardAlert)) { [context] result in
            guard result.value(as: Bool.self) == true else { return }
            _ = try? context.navigate(.dismiss(animated: true))
        }
    }

    /// Its buttons: Push C1; in a modal, Close and Discard… too.
    ///
    /// - Parameter location: Where the screen is: Close and Discard… dismiss a modal, so they
    ///   appear only in one.
    /// - Returns: The buttons.
    public override func actions(at location: ScreenLocation?) -> [ScreenAction] {
        let push = ScreenAction("Push C1") { () throws(NavigationError) in try self.tappedToC1() }
        guard let location, location.level > 0 else { return [push] }
        return [
            push,
            ScreenAction("Close") { () throws(NavigationError) in try self.tappedClose() },
            ScreenAction("Discard…") { () throws(NavigationError) in try self.tappedDiscard() },
        ]
    }
}

/// Builds "B1", FeatureB's screen.
public struct B1Builder: Builder {
    /// Creates the builder.
    public init() {}

    /// "B1", declared as a `String`, as the article's builders declare it.
    public var sceneIdentifier: SceneIdentifier = "B1"

    /// The scene this screen's button pushes, FeatureC's "C1"; checked at start-up by
    /// `checkDestinations()`.
    public let destinations: [SceneIdentifier] = ["C1"]

    /// Makes a ``B1ViewController``.
    ///
    /// - Parameter context: The new screen's context.
    /// - Returns: The screen.
    public func makeScreen(in context: SceneContext) -> any ScreenContent {
        B1ViewController(context: context)
    }
}

#if canImport(SwiftUI)
    extension B1ViewController: SwiftUIScreen {
        /// The screen's own SwiftUI view: what it is, and its buttons.
        public var body: some View {
            ScreenPage(self) {
                Text("FeatureB's screen. It pushes FeatureC's \"C1\" without importing it.")
            }
        }
    }
#endif
