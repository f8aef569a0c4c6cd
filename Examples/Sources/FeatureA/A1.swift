public import CoreModule

/// FeatureA's start screen: a list of the catalogue's items, whose rows open "A2".
@MainActor
public final class A1Screen {
    /// The screen's context, through which it navigates by name.
    public let context: SceneContext

    /// The items the list shows, one a row.
    public let items: [Item]

    /// Creates the screen.
    ///
    /// - Parameters:
    ///   - context: The screen's context.
    ///   - items: The items to list; the whole ``Catalogue`` by default.
    public init(context: SceneContext, items: [Item] = Catalogue.items) {
        self.context = context
        self.items = items
    }

    /// The user tapped the row for item `id`: push its detail screen, "A2".
    ///
    /// The row's ``Item`` goes to "A2" as the navigation's payload, so A2 does not look it up
    /// again; its id goes as the parameter `id` too, so that the screen can be written into a
    /// link (from which A2's builder looks the item up).
    ///
    /// - Parameter id: The item's id.
    /// - Returns: The transition that was applied.
    /// - Throws: What the coordinator throws.
    @discardableResult
    public func didSelectItem(id: Int) throws(NavigationError) -> TransitionEvent? {
        let item = items.first { $0.id == id }
        return try context.navigate(
            .push(
                scene: .a2, parameters: ["id": "\(id)"], payload: item.map(ScenePayload.init),
                animated: true))
    }
}

/// Builds "A1", FeatureA's start screen.
public struct A1Builder: Builder {
    /// "A1".
    public let sceneIdentifier: SceneIdentifier = .a1

    /// The scene A1 navigates to: "A2", checked at start-up.
    public let destinations: [SceneIdentifier] = [.a2]

    /// Creates the builder.
    public init() {}

    /// Makes an ``A1Screen``.
    ///
    /// - Parameter context: The new screen's context.
    /// - Returns: The screen.
    public func makeScreen(in context: SceneContext) -> any ScreenContent {
        A1Screen(context: context)
    }
}
