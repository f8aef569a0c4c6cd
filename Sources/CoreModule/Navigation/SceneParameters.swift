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
    /// The pairs, or `nil` when there are none: most navigations pass none, and an absent
    /// storage copies without reference counting.
    private var storage: ParameterStorage?

    /// The pairs, keyed by name.
    public var values: [String: String] { storage?.dictionary ?? [:] }

    /// Creates parameters from a dictionary of names and values.
    ///
    /// - Parameter values: The pairs, keyed by name.
    public init(_ values: [String: String]) {
        storage = values.isEmpty ? nil : ParameterStorage(values)
    }

    /// No parameters.
    public init() {
        storage = nil
    }

    /// The values a route match captured.
    init(captured: CapturedParameters) {
        storage = captured.count == 0 ? nil : ParameterStorage(captured)
    }

    /// No parameters.
    public static let none = SceneParameters()

    /// Whether there are no parameters.
    public var isEmpty: Bool { storage == nil }

    /// The number of parameters.
    public var count: Int { storage?.count ?? 0 }

    /// The value for `key`, or `nil` when the caller did not pass it.
    ///
    /// - Parameter key: The parameter's name.
    public subscript(key: String) -> String? {
        get { storage?.value(for: key) }
        set {
            var pairs = values
            // Dropped before the change, so that the dictionary is changed in place.
            storage = nil
            pairs[key] = newValue
            storage = pairs.isEmpty ? nil : ParameterStorage(pairs)
        }
    }

    /// Calls `body` with each pair, in no particular order.
    func forEach(_ body: (_ key: String, _ value: String) -> Void) {
        storage?.forEach(body)
    }

    /// The pairs sorted by key, the order in which they are printed and written into links.
    public var sorted: [(key: String, value: String)] {
        var pairs: [(key: String, value: String)] = []
        pairs.reserveCapacity(count)
        forEach { pairs.append(($0, $1)) }
        return pairs.sorted { $0.key < $1.key }
    }

    /// Whether both hold the same pairs, however each was made.
    ///
    /// - Parameters:
    ///   - lhs: Some parameters.
    ///   - rhs: Other parameters.
    public static func == (lhs: SceneParameters, rhs: SceneParameters) -> Bool {
        if let left = lhs.storage?.pairs, let right = rhs.storage?.pairs {
            return left == right
        }
        guard lhs.count == rhs.count else { return false }
        var same = true
        lhs.forEach { key, value in
            if same, rhs[key] != value { same = false }
        }
        return same
    }

    /// Hashes the pairs, in an order-independent way that agrees with ``==(_:_:)``.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        var mixed = 0
        forEach { key, value in
            var pair = Hasher()
            pair.combine(key)
            pair.combine(value)
            mixed &+= pair.finalize()
        }
        hasher.combine(count)
        hasher.combine(mixed)
    }
}

/// Where parameters keep their pairs: a dictionary, or the values of one route match.
///
/// Immutable once made, so it is shared freely between copies and threads; changing a pair
/// makes a new storage. One final class rather than a class per kind, so that releasing one
/// is a plain deallocation, with no dynamic dispatch and no superclass teardown.
final class ParameterStorage: Sendable {
    private enum Contents {
        case pairs([String: String])
        case captured(CapturedParameters)
    }

    private let contents: Contents

    init(_ pairs: [String: String]) {
        contents = .pairs(pairs)
    }

    init(_ captured: CapturedParameters) {
        contents = .captured(captured)
    }

    /// The number of pairs.
    var count: Int {
        switch contents {
        case .pairs(let pairs): return pairs.count
        case .captured(let captured): return captured.count
        }
    }

    /// The value of the parameter `key`, if there is one.
    func value(for key: String) -> String? {
        switch contents {
        case .pairs(let pairs): return pairs[key]
        case .captured(let captured): return captured.value(for: key)
        }
    }

    /// Calls `body` with each pair, in no particular order.
    func forEach(_ body: (_ key: String, _ value: String) -> Void) {
        switch contents {
        case .pairs(let pairs):
            for (key, value) in pairs { body(key, value) }
        case .captured(let captured):
            captured.forEach(body)
        }
    }

    /// The pairs as a dictionary.
    var dictionary: [String: String] {
        switch contents {
        case .pairs(let pairs): return pairs
        case .captured(let captured):
            var pairs = [String: String](minimumCapacity: captured.count)
            captured.forEach { pairs[$0] = $1 }
            return pairs
        }
    }

    /// The pairs when they are a caller's dictionary; `nil` for captured values.
    var pairs: [String: String]? {
        if case .pairs(let pairs) = contents { return pairs }
        return nil
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
