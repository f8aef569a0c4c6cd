/// The data a caller passes to a scene when navigating to it, such as an item's id.
///
/// Parameters are string keys and string values, so that they survive being written into a link
/// or a restoration snapshot unchanged. Builders read them from their ``SceneContext``:
///
/// ```swift
/// try coordinator.navigate(.push(scene: "A2", parameters: ["id": "7"], animated: true))
///
/// // In A2's builder:
/// let id = context.parameters["id"]   // "7"
/// ```
///
/// Parameters compare equal when they hold the same pairs, whatever order they were written in,
/// and always print sorted by key.
///
/// They are kept as a short list sorted by key, not a dictionary: a scene has a few parameters,
/// and a route match fills a copy of its pattern's list without hashing a name. ``values``
/// makes a dictionary of them when it is read; read one value by its name with the subscript.
public struct SceneParameters: Hashable, Sendable {
    /// The pairs, sorted by name (by `String`'s `<`), no two names equal.
    ///
    /// Compared and hashed in that order: two parameters holding the same pairs hold them in the
    /// same order, so they are equal and hash equal. (One array, so that parameters are one
    /// reference wide wherever a request, a screen or an event copies them.)
    private var pairs: [Pair]

    /// A name and its value.
    struct Pair: Hashable, Sendable {
        let key: String
        var value: String
    }

    /// The pairs, keyed by name, in a dictionary made when this is read.
    public var values: [String: String] {
        var values = [String: String](minimumCapacity: pairs.count)
        for pair in pairs { values[pair.key] = pair.value }
        return values
    }

    /// Creates parameters from a dictionary of names and values.
    ///
    /// - Parameter values: The pairs, keyed by name.
    public init(_ values: [String: String]) {
        pairs = values.map { Pair(key: $0.key, value: $0.value) }
        pairs.sort { $0.key < $1.key }
    }

    /// No parameters: `[:]`.
    package init() {
        pairs = []
    }

    /// No parameters.
    package static let none = SceneParameters()

    /// Whether there are no parameters.
    package var isEmpty: Bool { pairs.isEmpty }

    /// The number of parameters.
    package var count: Int { pairs.count }

    /// Where `key` is in ``pairs``, or where it would go.
    private func position(of key: String) -> (index: Int, found: Bool) {
        let index = pairs.partitioningIndex { !($0.key < key) }
        return (index, index < pairs.count && pairs[index].key == key)
    }

    /// The value for `key`, or `nil` when the caller did not pass it.
    ///
    /// - Parameter key: The parameter's name.
    public subscript(key: String) -> String? {
        get {
            // A few pairs are compared for equality one by one, which costs less than ordering
            // names (a name spelled as the key is equal at once); more are searched by halves.
            guard pairs.count > 4 else {
                for position in pairs.indices where pairs[position].key == key {
                    return pairs[position].value
                }
                return nil
            }
            let (index, found) = position(of: key)
            return found ? pairs[index].value : nil
        }
        set {
            let (index, found) = position(of: key)
            switch (found, newValue) {
            // As a dictionary does, a key already there keeps its spelling.
            case (true, let value?): pairs[index].value = value
            case (true, nil): pairs.remove(at: index)
            case (false, let value?): pairs.insert(Pair(key: key, value: value), at: index)
            case (false, nil): break
            }
        }
    }

    /// The pairs sorted by key, the order in which they are printed and written into links.
    package var sorted: [(key: String, value: String)] {
        pairs.map { (key: $0.key, value: $0.value) }
    }
}

extension SceneParameters: ExpressibleByDictionaryLiteral {
    /// Creates parameters from a literal such as `["id": "7"]`; a repeated key keeps its last value.
    ///
    /// - Parameter elements: The pairs, in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        if elements.isEmpty {
            self.init()
        } else {
            self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
        }
    }
}

extension SceneParameters: CustomStringConvertible {
    /// The pairs as `key=value`, sorted by key and separated by commas; empty when there are none.
    public var description: String {
        sorted.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    }

    /// The pairs as a Swift dictionary literal, `["id": "7"]`, sorted by key.
    var literal: String {
        "["
            + sorted.map {
                "\"\(NavigationError.shorten($0.key))\": \"\(NavigationError.shorten($0.value))\""
            }.joined(separator: ", ") + "]"
    }
}

extension SceneParameters: Codable {
    /// Decodes parameters from a JSON-style object of strings.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: A `DecodingError` when the value is not an object of strings.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode([String: String].self))
    }

    /// Encodes the parameters as an object of strings.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: An `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }
}
