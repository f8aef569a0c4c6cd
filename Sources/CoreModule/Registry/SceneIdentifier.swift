/// The name of a scene, such as `"A1"` or `"Checkout"`.
///
/// Scenes are registered and navigated to by name, so that a feature module can open another
/// module's screen without importing it. `SceneIdentifier` keeps call sites as short as a plain
/// string — it is `ExpressibleByStringLiteral` — while giving the name one place for its rules.
///
/// ```swift
/// try coordinator.navigate(.push(scene: "A2", animated: true))
/// let scene = SceneIdentifier(nameFromServer)
/// ```
///
/// Any string can be wrapped; the rules are checked where a name enters the system: when a
/// builder is registered (``SceneBuilderContainer/assemble(contentsOf:policy:)``) and when a
/// navigation names a scene that is not registered. A valid identifier is non-empty, at most
/// 256 characters and 1,024 bytes of UTF-8 long, and contains no
/// whitespace, control or invisible
/// formatting characters. A name may contain `/`-separated segments, none of them empty. `:` is
/// an ordinary character: `product/:id` is a name, matched whole, never a pattern (which URL opens
/// which screen is a ``LinkTable``'s job). See ``problem``.
public struct SceneIdentifier: Hashable, Comparable, Sendable {
    /// The name as written.
    public let rawValue: String

    /// The longest identifier accepted, in characters.
    package static let maximumLength = 256

    /// The longest identifier accepted, in bytes of UTF-8: four bytes for each of the
    /// ``maximumLength`` characters.
    ///
    /// A character can be made of any number of Unicode scalars (a letter with combining marks),
    /// so a name within the character limit could still be megabytes long. This limit is
    /// checked first, without reading the name, so that a name of any size is rejected at once.
    package static let maximumByteCount = 1_024

    /// Wraps a name without checking it; see ``problem`` for the rules.
    ///
    /// - Parameter rawValue: The scene's name.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Orders identifiers by their raw value, so lists of scenes print in a stable order.
    public static func < (lhs: SceneIdentifier, rhs: SceneIdentifier) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// Checks the identifier's rules and throws the first one it breaks.
    ///
    /// - Throws: ``NavigationError/input(_:)`` (`invalid-scene-identifier`) when the identifier is
    ///   empty, longer than 1,024 bytes of UTF-8 or 256
    ///   characters, or contains whitespace, a control
    ///   character or an invisible formatting character (such as a zero-width space).
    package func validate() throws(NavigationError) {
        if let problem = brokenRule {
            throw .input(.invalidSceneIdentifier(self, problem: problem))
        }
    }

    /// The first rule this identifier breaks, or `nil` when it is valid.
    ///
    /// An identifier is valid when it is not empty, at most 1,024 bytes of UTF-8
    /// and 256 characters long, and holds no whitespace, control character or
    /// invisible formatting character (such as a zero-width space); its `/`-separated segments
    /// are not empty. A registration throws it as ``NavigationError/input(_:)``:
    ///
    /// ```swift
    /// let name: SceneIdentifier = "Order /1"
    /// if let problem = name.problem { print(problem) }  // it contains whitespace at character 6
    /// ```
    public var problem: NavigationError.Problem? {
        brokenRule.map { NavigationError.Problem(.identifier($0)) }
    }

    /// The first rule this identifier breaks, or `nil` when it is valid (``problem``'s detail).
    package var brokenRule: NavigationError.IdentifierProblem? {
        checked().problem
    }

    /// The identifier's bytes of UTF-8 and the first rule it breaks (``problem``), read once,
    /// for a caller that reads the bytes for more.
    ///
    /// The bytes are empty when the identifier is empty or over `maximumByteCount` bytes
    /// long: such a name is never copied.
    func checked() -> (bytes: [UInt8], problem: NavigationError.IdentifierProblem?) {
        let utf8 = rawValue.utf8
        if utf8.isEmpty { return ([], .empty) }
        // Bytes first: `utf8.count` reads nothing on a native string, and bounds what the
        // character scan below may read.
        if utf8.count > Self.maximumByteCount {
            return ([], .tooManyBytes(count: utf8.count, limit: Self.maximumByteCount))
        }
        // One copy of the bytes, read below (reading a `String`'s bytes one at a time costs
        // several times more).
        let bytes = Array(utf8)
        // Fast path: printable ASCII without spaces is valid when short enough, but for the
        // segment rule of names with `/`.
        if bytes.count <= Self.maximumLength, bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) {
            return (bytes, Self.emptySegment(in: bytes))
        }
        var position = 0
        for character in rawValue {
            position += 1
            if position > Self.maximumLength {
                return (bytes, .tooLong(length: rawValue.count, limit: Self.maximumLength))
            }
            for scalar in character.unicodeScalars {
                let properties = scalar.properties
                if properties.isWhitespace {
                    return (bytes, .whitespace(position: position))
                }
                switch properties.generalCategory {
                case .control:
                    return (bytes, .controlCharacter(position: position))
                case .format, .lineSeparator, .paragraphSeparator:
                    return (bytes, .invisibleCharacter(position: position))
                default:
                    continue
                }
            }
        }
        return (bytes, Self.emptySegment(in: bytes))
    }

    /// The first empty `/`-separated segment of `bytes` (as in `a//b` or `a/`), if any.
    private static func emptySegment(in bytes: [UInt8]) -> NavigationError.IdentifierProblem? {
        let slash = UInt8(ascii: "/")
        guard bytes.contains(slash) else { return nil }
        var number = 1
        var start = 0
        for index in bytes.indices where bytes[index] == slash {
            if index == start { return .emptySegment(segment: number) }
            number += 1
            start = index + 1
        }
        return start == bytes.count ? .emptySegment(segment: number) : nil
    }
}

extension SceneIdentifier {
    /// The same name, in Swift's small-string form when it fits one (up to 15 bytes of UTF-8).
    ///
    /// A name made by interpolation (`"scene-\(index)"`) is kept on the heap even when short;
    /// the registry keeps names in this form, so that screens, locations and events of scenes
    /// with short names copy no reference-counted storage.
    var compacted: SceneIdentifier {
        guard rawValue.utf8.count <= 15 else { return self }
        return SceneIdentifier(String(Substring(rawValue)))
    }
}

extension SceneIdentifier: ExpressibleByStringLiteral {
    /// Creates an identifier from a string literal, as in `.push(scene: "A2")`.
    ///
    /// - Parameter value: The scene's name.
    public init(stringLiteral value: String) {
        self.init(value)
    }
}

extension SceneIdentifier: CustomStringConvertible, CustomDebugStringConvertible {
    /// The name itself, as written.
    public var description: String { rawValue }

    /// The name in quotes, shortened when very long, as error messages print it.
    public var debugDescription: String { quoted }

    /// The name in double quotes; a long name is cut and its length added.
    ///
    /// Its cost is bounded whatever the name's size: a name within `maximumByteCount` is
    /// measured in characters, a longer one in bytes, and at most 32 Unicode scalars are quoted.
    var quoted: String {
        let bytes = rawValue.utf8.count
        guard bytes > 40 else { return "\"\(rawValue)\"" }
        let length: String
        if bytes <= Self.maximumByteCount {
            let count = rawValue.count
            guard count > 40 else { return "\"\(rawValue)\"" }
            length = "\(count) characters"
        } else {
            length = "\(bytes) bytes"
        }
        var head = String.UnicodeScalarView()
        head.append(contentsOf: rawValue.unicodeScalars.prefix(32))
        return "\"\(String(head))…\" (\(length))"
    }
}

extension SceneIdentifier: Codable {
    /// Decodes an identifier from a single string.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: A `DecodingError` when the value is not a string.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the identifier as a single string.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: An `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension NavigationError {
    /// Why a ``SceneIdentifier`` is not valid.
    ///
    /// Positions count characters from 1, as a person reading the name would.
    @_spi(Rules) public enum IdentifierProblem: Hashable, Sendable, ReasonText {
        /// The identifier is the empty string.
        case empty
        /// The identifier has more than `limit` characters.
        case tooLong(length: Int, limit: Int)
        /// The identifier has more than `limit` bytes of UTF-8 (1,024, checked before the
        /// characters are counted).
        case tooManyBytes(count: Int, limit: Int)
        /// A space, tab, newline or other whitespace character stands at `position`.
        case whitespace(position: Int)
        /// A control character (such as NUL or ESC) stands at `position`.
        case controlCharacter(position: Int)
        /// An invisible formatting character (such as a zero-width space) stands at `position`.
        case invisibleCharacter(position: Int)
        /// The `segment`-th `/`-separated segment is empty (as in `a//b` or `a/`).
        case emptySegment(segment: Int)
        /// The `segment`-th segment of a ``LinkRoute``'s path has a `:` or `*` without a name
        /// after it (a name is ASCII letters, digits and `_`).
        case emptyParameterName(segment: Int)
        /// A ``LinkRoute``'s path names the same parameter twice.
        case repeatedParameterName(String)

        /// The problem as the end of a sentence: "it is empty", "it contains whitespace at …".
        package var description: String {
            switch self {
            case .empty:
                return "it is empty"
            case .tooLong(let length, let limit):
                return "it is \(length) characters long, over the limit of \(limit)"
            case .tooManyBytes(let count, let limit):
                return "it is \(count) bytes long in UTF-8, over the limit of \(limit) bytes"
            case .whitespace(let position):
                return "it contains whitespace at character \(position)"
            case .controlCharacter(let position):
                return "it contains a control character at character \(position)"
            case .invisibleCharacter(let position):
                return "it contains an invisible formatting character at character \(position)"
            case .emptySegment(let segment):
                return "its segment \(segment) is empty"
            case .emptyParameterName(let segment):
                return "its segment \(segment) is a parameter without a name"
            case .repeatedParameterName(let name):
                return "it names the parameter \"\(name)\" twice"
            }
        }
    }
}
