/// A window's identity in a ``WindowRegistry``: the platform's name for the window scene, or any
/// name the app picks.
///
/// In UIKit, use the scene session's `persistentIdentifier`, which stays the same when the
/// system reconnects the scene; in SwiftUI, a name kept in the scene's `@SceneStorage`.
/// ``WindowRegistry/openWindow(_:restoring:)`` checks it: 1 to 256 bytes.
///
/// ```swift
/// let main: WindowID = "main"
/// let window = WindowID(session.persistentIdentifier)
/// ```
public struct WindowID: Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The most bytes of UTF-8 a window's identity may have (a scene session's identifier has
    /// 36).
    package static let maximumByteCount = 256

    /// The identity as the app gave it.
    public let rawValue: String

    /// Wraps `rawValue`; ``WindowRegistry/openWindow(_:restoring:)`` checks it.
    ///
    /// - Parameter rawValue: The identity.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Wraps a literal identity.
    ///
    /// - Parameter value: The identity.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Reads an identity written as a single string.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: What the decoder throws.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// Writes the identity as a single string.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Whether ``WindowRegistry/openWindow(_:restoring:)`` accepts the identity: 1 to
    /// 256 bytes.
    var isValid: Bool { !rawValue.isEmpty && rawValue.utf8.count <= Self.maximumByteCount }

    /// The identity, quoted (and shortened when long): `"main"`.
    public var description: String { "\"\(NavigationError.shorten(rawValue))\"" }
}

extension WindowRegistry {
    /// Where a ``WindowRegistry`` opens a link: one window, the active one, or a new one.
    public enum Target: Hashable, Sendable {
        /// The open window with this identity.
        case window(WindowID)
        /// The window the user used last (``WindowRegistry/activeWindow``).
        case active
        /// A window opened for the link with this identity, which becomes the active one.
        ///
        /// Use it for identities the app chooses (a SwiftUI `WindowGroup` opened with
        /// `openWindow(id:value:)`, a Mac app's own windows, a test). A UIKit scene's identity is
        /// only known once the scene connects: ask the system for the scene with
        /// `requestSceneSessionActivation`, carrying the link in its user activity, and open the link
        /// with ``window(_:)`` when the scene connects.
        case newWindow(WindowID)
    }
}
