public import CoreModule
import CoreUI
import FeatureA
import FeatureB
import FeatureC

/// A button of a screen: its title, and the screen's own method it calls.
///
/// The app is the only module that knows every feature's screens, so it says which buttons
/// each shows; the SwiftUI and UIKit shells draw them the same way, and the tests tap them on
/// Linux. A button appears only where the article's screen offers it and it can work: B1's
/// Close and Discard… inside a modal, C1's Back above another screen.
@MainActor
public struct ScreenAction: Identifiable {
    /// The button's title.
    public let title: String
    /// What a tap does: the screen's method, which navigates by scene name.
    public let perform: @MainActor () throws(NavigationError) -> Void

    /// The title, unique among one screen's buttons.
    public nonisolated var id: String { title }

    /// Creates a button.
    ///
    /// - Parameters:
    ///   - title: The button's title.
    ///   - perform: What a tap does.
    public init(
        _ title: String, perform: @escaping @MainActor () throws(NavigationError) -> Void
    ) {
        self.title = title
        self.perform = perform
    }

    /// The buttons of `screen`, in the tree it is in.
    ///
    /// - Parameters:
    ///   - screen: A screen of `tree`.
    ///   - tree: The tree, which says whether the screen is in a modal or above another.
    /// - Returns: Its buttons; none for a screen the app does not know.
    public static func actions(for screen: Screen, in tree: ScreenTree) -> [ScreenAction] {
        let location = tree.location(of: screen.id)
        switch screen.content {
        case let features as FeaturesViewController:
            return FeaturesViewController.features.map { feature in
                ScreenAction(feature.title) { () throws(NavigationError) in
                    try features.select(feature.scene)
                }
            }
        case let a1 as A1ViewController:
            return [ScreenAction("Open A2") { () throws(NavigationError) in try a1.tappedToA2() }]
        case let a2 as A2ViewController:
            return [
                ScreenAction("Present B1") { () throws(NavigationError) in try a2.tappedToB1() },
                ScreenAction("Open C1 by a name from a server") { () throws(NavigationError) in
                    try a2.tappedLink(to: "C1")
                },
            ]
        case let b1 as B1ViewController:
            var actions = [
                ScreenAction("Push C1") { () throws(NavigationError) in try b1.tappedToC1() }
            ]
            if let location, location.level > 0 {
                actions.append(
                    ScreenAction("Close") { () throws(NavigationError) in try b1.tappedClose() })
                actions.append(
                    ScreenAction("Discard…") { () throws(NavigationError) in
                        try b1.tappedDiscard()
                    })
            }
            return actions
        case let c1 as C1ViewController:
            guard let location, location.index > 0 else { return [] }
            return [ScreenAction("Back") { () throws(NavigationError) in try c1.tappedBack() }]
        default:
            return []
        }
    }
}
