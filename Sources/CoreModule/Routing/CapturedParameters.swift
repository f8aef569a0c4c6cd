/// The values one match of a route pattern captured, beside the pattern's parameter names.
///
/// The names are the pattern's own, in a ``ParameterLayout`` every match shares. The first two
/// values (most patterns have one or two parameters) are kept inline, and each of them, when at
/// most 16 bytes, is kept packed (see ``PackedBytes``) and made a `String` only when it is
/// read: a match makes one allocation (the ``ParameterStorage`` that holds this), and no
/// string for a value nobody reads. Other values are strings in `more`.
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

    /// Interned: read without reference counting.
    private let layout: Unmanaged<ParameterLayout>
    private let first: Value
    private let second: Value
    private let more: [String]

    /// Captures the value of each parameter of `layout` from a path's UTF-8 `bytes`.
    ///
    /// - Parameters:
    ///   - layout: The pattern's parameter names and positions, at least one.
    ///   - bytes: The path's UTF-8 bytes.
    ///   - range: The start and end in `bytes` of the segment at a position of the layout;
    ///     each range is whole UTF-8 characters.
    init(
        layout: Unmanaged<ParameterLayout>, in bytes: UnsafeRawBufferPointer,
        range: (Int) -> (start: Int, end: Int)
    ) {
        self.layout = layout
        (first, second, more) = layout._withUnsafeGuaranteedRef { layout in
            func value(_ index: Int) -> Value {
                let (start, end) = range(layout.positions[index])
                return Value(bytes, from: start, to: end)
            }
            let count = layout.positions.count
            // A pattern with one parameter leaves `second` empty; it is never read.
            return (
                count < 1 ? .string("") : value(0), count < 2 ? .string("") : value(1),
                count < 3 ? [] : (2..<count).map { value($0).string }
            )
        }
    }

    var count: Int { layout._withUnsafeGuaranteedRef { $0.names.count } }

    /// The value of the pair at `index`.
    private func value(at index: Int) -> String {
        switch index {
        case 0: return first.string
        case 1: return second.string
        default: return more[index - 2]
        }
    }

    func value(for key: String) -> String? {
        let index = layout._withUnsafeGuaranteedRef { $0.names.firstIndex(of: key) }
        return index.map(value(at:))
    }

    func forEach(_ body: (_ key: String, _ value: String) -> Void) {
        let names = layout._withUnsafeGuaranteedRef { $0.names }
        for index in names.indices {
            body(names[index], value(at: index))
        }
    }
}
