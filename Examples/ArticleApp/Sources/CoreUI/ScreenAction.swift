public import CoreModule

/// A button of a screen: its title, and the screen's own method it calls.
///
/// Each screen lists its buttons (``ViewController/actions(at:)``): its SwiftUI view draws them
/// (``ScreenPage``), and the tests tap them on Linux, where there is no view to draw.
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
}
