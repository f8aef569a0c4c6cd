/// An item the shop sells: the model object A1's rows hold and A2 shows.
///
/// A1 passes the `Item` it already holds to A2 as the navigation's payload, so A2 does not load
/// it again. It is `Codable`, so a snapshot keeps it (``FeatureAScenes/register(in:)`` registers
/// it as `"item"`); a link keeps only its id, from which A2's builder looks it up again.
public struct Item: Hashable, Sendable, Codable {
    /// The item's id, which links and other modules know it by.
    public let id: Int
    /// The item's name, as a row shows it.
    public let name: String

    /// Creates an item.
    ///
    /// - Parameters:
    ///   - id: The item's id.
    ///   - name: The item's name.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// The items FeatureA sells, and their lookup by id: what A2's builder calls when a link or a
/// plain `push` brings only an id.
public enum Catalogue {
    /// Every item, in the order A1 lists them.
    public static let items: [Item] = [
        Item(id: 7, name: "Teapot"), Item(id: 8, name: "Kettle"), Item(id: 9, name: "Tea towel"),
        Item(id: 42, name: "Towel"),
    ]

    /// The item with the id `id`.
    ///
    /// - Parameter id: The item's id.
    /// - Returns: The item.
    /// - Throws: ``UnknownItem`` when the catalogue has no such item.
    public static func item(id: Int) throws(UnknownItem) -> Item {
        guard let item = items.first(where: { $0.id == id }) else { throw UnknownItem(id: "\(id)") }
        return item
    }

    /// The catalogue has no item of this id.
    public struct UnknownItem: Error, Equatable, CustomStringConvertible {
        /// The id asked for, as it was written.
        public let id: String

        /// Creates the error.
        ///
        /// - Parameter id: The id asked for, as it was written.
        public init(id: String) {
            self.id = id
        }

        /// "the catalogue has no item 5".
        public var description: String { "the catalogue has no item \(id)" }
    }
}
