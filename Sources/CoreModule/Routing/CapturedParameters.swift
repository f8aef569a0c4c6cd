/// The values one match of a route pattern captured, beside the pattern's parameter names.
///
/// The names are the pattern's own array, shared by every match. The first two values (most
/// patterns have one or two parameters) are kept inline, and each of them, when at most 16
/// bytes, is kept packed (see ``PackedBytes``) and made a `String` only when it is read: a
/// match makes one allocation (the ``ParameterStorage`` that holds this), and no string for a
/// value nobody reads. Other values are strings in `more`.
struct CapturedParameters: Sendable {
    /// A value captured from a path.
    private enum Value: Sendable {
        case packed(PackedBytes)
        case string(String)

        init(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) {
            if end &- start <= PackedBytes.capacity {
                self = .packed(PackedBytes(bytes, from: start, to: end))
            } else {
                self = .string(
                    String(
                        decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]),
                        as: UTF8.self))
            }
        }

        var string: String {
            switch self {
            case .packed(let packed): return packed.string
            case .string(let string): return string
            }
        }
    }

    private let names: [String]
    private let first: Value
    private let second: Value
    private let more: [String]

    /// Captures a value for each of `names` from a path's UTF-8 `bytes`.
    ///
    /// - Parameters:
    ///   - names: The pattern's parameter names, at least one.
    ///   - bytes: The path's UTF-8 bytes.
    ///   - range: The start and end in `bytes` of the value of the parameter at an index of
    ///     `names`; each range is whole UTF-8 characters.
    init(
        names: [String], in bytes: UnsafeRawBufferPointer,
        range: (Int) -> (start: Int, end: Int)
    ) {
        func value(_ index: Int) -> Value {
            let (start, end) = range(index)
            return Value(bytes, from: start, to: end)
        }
        self.names = names
        // A pattern with one parameter leaves `second` empty; it is never read.
        first = names.isEmpty ? .string("") : value(0)
        second = names.count < 2 ? .string("") : value(1)
        more = names.count < 3 ? [] : (2..<names.count).map { value($0).string }
    }

    var count: Int { names.count }

    /// The value of the pair at `index`.
    private func value(at index: Int) -> String {
        switch index {
        case 0: return first.string
        case 1: return second.string
        default: return more[index - 2]
        }
    }

    func value(for key: String) -> String? {
        for index in names.indices where names[index] == key {
            return value(at: index)
        }
        return nil
    }

    func forEach(_ body: (_ key: String, _ value: String) -> Void) {
        for index in names.indices {
            body(names[index], value(at: index))
        }
    }
}
