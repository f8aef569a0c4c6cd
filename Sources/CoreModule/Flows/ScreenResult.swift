/// What the code that navigated to a screen hears back from it: a value, or that it was
/// cancelled.
///
/// Ask for it when navigating, with ``AppCoordinator/navigate(_:force:expecting:onResult:)``; the screen sends
/// a value with ``SceneContext/finish(with:animated:)``. The handler is called exactly once:
/// with the value, or with ``cancelled`` when the screen leaves the tree without one (the user
/// swiped back, a dismiss took its modal away, a new root replaced everything).
///
/// Values cross module boundaries, so they are `Sendable` values of types both sides know — a
/// string, a number, a type from a shared module:
///
/// ```swift
/// try coordinator.navigate(.present(scene: "ColorPicker"), onResult: { result in
///     if let color = result.value(as: String.self) { apply(color) }
/// })
/// ```
public enum ScreenResult: Sendable, CustomStringConvertible {
    /// The screen finished with `value`.
    case value(any Sendable)
    /// The screen left the tree without a value.
    case cancelled

    /// The value as `type`, or `nil` when cancelled or of another type.
    ///
    /// - Parameter type: The value's expected type.
    /// - Returns: The value, or `nil`.
    public func value<Value>(as type: Value.Type) -> Value? {
        if case .value(let value) = self { return value as? Value }
        return nil
    }

    /// Whether the screen left without a value (an alert dismissed without an answer); outside
    /// the package, `if case .cancelled = result`.
    package var isCancelled: Bool {
        if case .cancelled = self { return true }
        return false
    }

    /// The result as `value(…)` or `cancelled`.
    public var description: String {
        switch self {
        case .value(let value): return "value(\(value))"
        case .cancelled: return "cancelled"
        }
    }
}
