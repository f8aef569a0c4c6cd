public import CoreModule

/// FeatureA's detail screen for one item; it can open FeatureB's "B1" without importing it.
@MainActor
public final class A2Screen {
    /// The screen's context, through which it navigates by name.
    public let context: SceneContext

    /// The item shown: the payload the navigation carried, or the one looked up by its id.
    public let item: Item

    /// The item's id, from the `id` parameter.
    public var itemID: String? { context.parameters["id"] }

    /// Creates the screen.
    ///
    /// - Parameters:
    ///   - context: The screen's context.
    ///   - item: The item to show.
    public init(context: SceneContext, item: Item) {
        self.context = context
        self.item = item
    }

    /// The user tapped "Buy": present FeatureB's checkout, "B1", for this item.
    ///
    /// FeatureB does not know FeatureA's ``Item`` type, so the item goes across as its id, a
    /// string parameter.
    ///
    /// - Returns: The transition that was applied.
    /// - Throws: What the coordinator throws.
    @discardableResult
    public func didTapBuy() throws(NavigationError) -> TransitionEvent? {
        try context.navigate(
            .present(scene: "B1", parameters: ["item": "\(item.id)"], animated: true))
    }
}

/// Builds "A2", FeatureA's detail screen, for the ``Item`` the navigation carries.
///
/// A navigation that carries no item (a link, a `push` with only an id) gets the item looked up
/// in the ``Catalogue`` by its `id` parameter; an id the catalogue lacks fails the navigation.
public struct A2Builder: Builder {
    /// "A2".
    public let sceneIdentifier: SceneIdentifier = .a2

    /// `id`, the item's id: checked before the builder runs, and what links keep.
    public let requiredParameters: [String: ParameterType] = ["id": .int]

    /// The scene A2 navigates to: FeatureB's "B1", a name FeatureA cannot hold a constant for;
    /// checked at start-up.
    public let destinations: [SceneIdentifier] = ["B1"]

    /// An ``Item``, or its id to look it up by.
    public var payload: ScenePayload.Requirement? {
        .required(
            Item.self,
            rebuiltFrom: { parameters in
                // The coordinator has checked that `id` is an integer before this runs.
                guard let id = parameters.value("id", as: Int.self) else {
                    throw Catalogue.UnknownItem(id: parameters["id"] ?? "")
                }
                return try Catalogue.item(id: id)
            })
    }

    /// Creates the builder.
    public init() {}

    /// Makes an ``A2Screen`` for the navigation's item.
    ///
    /// - Parameter context: The new screen's context.
    /// - Returns: The screen.
    /// - Throws: What ``SceneContext/payload(as:)`` throws (the coordinator has checked it).
    public func makeScreen(in context: SceneContext) throws -> any ScreenContent {
        A2Screen(context: context, item: try context.payload(as: Item.self))
    }
}
