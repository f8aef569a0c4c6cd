public import Foundation

/// The types a scene parameter can be read as and declared with.
public indirect enum ParameterType: Hashable, Sendable, CustomStringConvertible {
    /// Any text, including the empty string.
    case string
    /// A whole number in decimal, such as `42` or `-7`.
    case int
    /// `true` or `false` (also `1` or `0`).
    case bool
    /// A UUID such as `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`.
    case uuid
    /// A list of values of one type, separated by `,` (`1,2,3`); the empty text is the empty
    /// list. A universal link gives one with a query item given more than once
    /// (`?tag=a&tag=b` is `a,b`) or a value with commas; read it as an array:
    /// `parameters.value("tag", as: [String].self)`.
    case list(ParameterType)

    /// The type's name as messages print it: "a string", "an integer", … .
    public var description: String {
        switch self {
        case .string: return "a string"
        case .int: return "an integer"
        case .bool: return "true or false"
        case .uuid: return "a UUID"
        case .list(let element): return "a list of values, each \(element)"
        }
    }

    /// Whether `text` can be read as this type.
    ///
    /// - Parameter text: A parameter's value.
    package func accepts(_ text: String) -> Bool {
        switch self {
        case .string: return true
        case .int: return Int(text) != nil
        case .bool: return Bool(parameter: text) != nil
        case .uuid: return UUID(uuidString: text) != nil
        case .list(let element):
            return text.isEmpty || Self.listItems(text).allSatisfy { element.accepts($0) }
        }
    }
}

extension ParameterType {
    /// The values of a list: `text` split at each `,` byte (a `,` that a combining mark follows
    /// is one `Character`, and still separates two values).
    static func listItems(_ text: String) -> [String] {
        text.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    }
}

/// A type a scene parameter can be read as: `String`, `Int`, `Bool` or `UUID`.
public protocol SceneParameterValue: Sendable {
    /// The parameter type this Swift type reads.
    static var parameterType: ParameterType { get }

    /// Reads a value from a parameter's text, or returns `nil` when the text is malformed.
    ///
    /// - Parameter parameter: The parameter's text.
    init?(parameter: String)
}

extension String: SceneParameterValue {
    /// ``ParameterType/string``.
    public static var parameterType: ParameterType { .string }

    /// The text itself.
    ///
    /// - Parameter parameter: The parameter's text.
    public init?(parameter: String) { self = parameter }
}

extension Int: SceneParameterValue {
    /// ``ParameterType/int``.
    public static var parameterType: ParameterType { .int }

    /// A decimal whole number.
    ///
    /// - Parameter parameter: The parameter's text.
    public init?(parameter: String) { self.init(parameter) }
}

extension Bool: SceneParameterValue {
    /// ``ParameterType/bool``.
    public static var parameterType: ParameterType { .bool }

    /// `true`/`1` or `false`/`0`.
    ///
    /// - Parameter parameter: The parameter's text.
    public init?(parameter: String) {
        switch parameter {
        case "true", "1": self = true
        case "false", "0": self = false
        default: return nil
        }
    }
}

extension UUID: SceneParameterValue {
    /// ``ParameterType/uuid``.
    public static var parameterType: ParameterType { .uuid }

    /// A UUID string.
    ///
    /// - Parameter parameter: The parameter's text.
    public init?(parameter: String) { self.init(uuidString: parameter) }
}

extension Array: SceneParameterValue where Element: SceneParameterValue {
    /// A ``ParameterType/list(_:)`` of the element's type.
    public static var parameterType: ParameterType { .list(Element.parameterType) }

    /// The values separated by `,`, each read as an element; the empty text is the empty list.
    ///
    /// - Parameter parameter: The parameter's text, such as `1,2,3`.
    public init?(parameter: String) {
        guard !parameter.isEmpty else {
            self = []
            return
        }
        var values: [Element] = []
        for text in ParameterType.listItems(parameter) {
            guard let value = Element(parameter: text) else { return nil }
            values.append(value)
        }
        self = values
    }
}

extension SceneParameters {
    /// The parameter `name` read as `type`, or `nil` when it is missing or malformed.
    ///
    /// ```swift
    /// let id = parameters.value("id", as: Int.self)   // Int?
    /// ```
    ///
    /// - Parameters:
    ///   - name: The parameter's name.
    ///   - type: The type to read it as.
    /// - Returns: The value, or `nil`.
    public func value<Value: SceneParameterValue>(_ name: String, as type: Value.Type) -> Value? {
        self[name].flatMap(Value.init(parameter:))
    }
}

extension SceneContext {
    /// The parameter `name` read as `type`, or an error naming the scene, the parameter and the
    /// value.
    ///
    /// Builders use it to read what they need; declare required parameters in
    /// ``Builder/requiredParameters`` to have them checked before the builder runs.
    ///
    /// ```swift
    /// let id = try context.parameter("id", as: Int.self)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The parameter's name.
    ///   - type: The type to read it as.
    /// - Returns: The value.
    /// - Throws: ``NavigationError/Input/missingParameter(scene:name:)`` or
    ///   ``NavigationError/Input/malformedParameter(scene:name:value:expected:)``.
    public func parameter<Value: SceneParameterValue>(_ name: String, as type: Value.Type)
        throws(NavigationError) -> Value
    {
        guard let text = parameters[name] else {
            throw .input(.missingParameter(scene: scene, name: name))
        }
        guard let value = Value(parameter: text) else {
            throw .input(
                .malformedParameter(
                    scene: scene, name: name, value: text, expected: Value.parameterType))
        }
        return value
    }
}
