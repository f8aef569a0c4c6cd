/// A typed value a navigation carries to the screen it builds, besides its string parameters:
/// the `Product` the app already holds, rather than its id to fetch again.
///
/// ```swift
/// try coordinator.navigate(.push(scene: "ProductDetail", payload: ScenePayload(product)))
/// // in ProductDetail's builder:
/// let product = try context.payload(as: Product.self)
/// ```
///
/// Like the elements of SwiftUI's `NavigationPath`, a payload is any `Hashable & Sendable`
/// value, so requests, screens and trees stay `Hashable` and cross actors. Links carry only
/// strings: a screen built from a payload is written into a link only when its builder can
/// rebuild the payload from parameters (see ``ScenePayload/Requirement``). Snapshots keep a payload
/// whose type is `Codable` and registered with ``PayloadTypes``.
public struct ScenePayload: Hashable, Sendable, CustomStringConvertible {
    /// The value, in one shared object: the existential alone would make the payload, and every
    /// request, screen and event that holds one, a value copied through its type's witnesses;
    /// a reference is copied with one retain.
    private let box: Box

    /// The value, as `AnyHashable.base` gives it.
    package var base: any Hashable & Sendable { box.base }

    /// Wraps `value`.
    ///
    /// - Parameter value: Any `Hashable & Sendable` value.
    public init<Value: Hashable & Sendable>(_ value: Value) {
        // A payload of a payload is the inner payload.
        if let payload = value as? ScenePayload {
            self = payload
        } else {
            self.box = Box(value)
        }
    }

    /// The value, shared by every copy of the payload.
    private final class Box: Sendable {
        let base: any Hashable & Sendable

        init(_ base: any Hashable & Sendable) {
            self.base = base
        }
    }

    /// The value as `Value`, or `nil` when it is of another type.
    ///
    /// - Parameter type: The type expected.
    public func value<Value>(as type: Value.Type) -> Value? {
        base as? Value
    }

    /// The name of the value's type, as errors print it: `Product`, `Array<Int>`.
    package var typeName: String { Self.name(of: type(of: base)) }

    /// The name errors use for `type`: its name without the module.
    static func name(of type: Any.Type) -> String {
        String(describing: type)
    }

    /// Whether two payloads hold equal values of the same type.
    public static func == (lhs: ScenePayload, rhs: ScenePayload) -> Bool {
        equal(lhs.base, rhs.base)
    }

    private static func equal<Value: Hashable>(_ value: Value, _ other: any Hashable) -> Bool {
        guard let other = other as? Value else { return false }
        return value == other
    }

    /// Hashes the value and its type.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        Self.combine(base, into: &hasher)
    }

    private static func combine<Value: Hashable>(_ value: Value, into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(Value.self))
        hasher.combine(value)
    }

    /// The payload as the tree and errors print it: its value's type's name, as in `Product` or
    /// `Array<Int>`.
    public var description: String { typeName }
}

extension ScenePayload {
    /// What a builder says of the payload its screen needs: its type, and optionally how to rebuild
    /// it from parameters when a link or a snapshot brings none.
    ///
    /// ```swift
    /// SceneBuilder(
    ///     "ProductDetail", requiredParameters: ["id": .int],
    ///     payload: .required(Product.self, rebuiltFrom: { parameters in
    ///         // `id` is checked as an Int before this runs (requiredParameters).
    ///         try Catalogue.product(id: parameters.value("id", as: Int.self) ?? 0)
    ///     })
    /// ) { context in ProductDetailViewController(product: try context.payload(as: Product.self)) }
    /// ```
    ///
    /// Before the builder runs, the coordinator checks the navigation's payload: a missing one is
    /// ``NavigationError/Input/missingPayload(scene:expected:)`` (unless it can be rebuilt), one of another
    /// type ``NavigationError/Input/wrongPayloadType(scene:expected:given:)``; nothing changes then.
    public struct Requirement: Sendable {
        /// The name of the type required, as errors print it.
        package let typeName: String
        /// Whether a payload is of the type required.
        let accepts: @Sendable (ScenePayload) -> Bool
        /// Rebuilds the payload from the screen's parameters, when the builder said how.
        let rebuild: (@MainActor @Sendable (SceneParameters) throws -> ScenePayload)?

        /// Whether the payload can be rebuilt from parameters, so links can name the screen.
        package var canRebuild: Bool { rebuild != nil }

        /// A payload of type `type` is required.
        ///
        /// - Parameters:
        ///   - type: The payload's type.
        ///   - rebuiltFrom: How to make the payload from the screen's parameters (for example, look
        ///     a product up by its id) when a navigation brings none: a link, or a snapshot whose
        ///     payload was not saved. Without it, such a navigation fails.
        public static func required<Value: Hashable & Sendable>(
            _ type: Value.Type,
            rebuiltFrom: (@MainActor @Sendable (SceneParameters) throws -> Value)? = nil
        ) -> ScenePayload.Requirement {
            var rebuild: (@MainActor @Sendable (SceneParameters) throws -> ScenePayload)?
            if let rebuiltFrom {
                rebuild = { parameters in ScenePayload(try rebuiltFrom(parameters)) }
            }
            return ScenePayload.Requirement(
                typeName: ScenePayload.name(of: type), accepts: { $0.base is Value },
                rebuild: rebuild)
        }
    }
}
