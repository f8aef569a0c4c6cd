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
public struct SceneParameters: Hashable, Sendable {
    /// The pairs, keyed by name.
    public private(set) var values: [String: String]

    /// Creates parameters from a dictionary of names and values.
    ///
    /// - Parameter values: The pairs, keyed by name.
    public init(_ values: [String: String]) {
        self.values = values
    }

    /// No parameters.
    public init() {
        values = [:]
    }

    /// No parameters.
    package static let none = SceneParameters()

    /// Whether there are no parameters.
    package var isEmpty: Bool { values.isEmpty }

    /// The number of parameters.
    package var count: Int { values.count }

    /// The value for `key`, or `nil` when the caller did not pass it.
    ///
    /// - Parameter key: The parameter's name.
    public subscript(key: String) -> String? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// The pairs sorted by key, the order in which they are printed and written into links.
    package var sorted: [(key: String, value: String)] {
        values.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }
    }

    /// These parameters with every pair of `other` added, replacing any of the same name.
    func merging(_ other: SceneParameters) -> SceneParameters {
        guard !other.isEmpty else { return self }
        guard !isEmpty else { return other }
        return SceneParameters(values.merging(other.values) { _, new in new })
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
