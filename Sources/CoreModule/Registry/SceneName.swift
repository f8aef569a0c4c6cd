/// A scene name as the registry, screens, locations and events store it: two words of plain
/// bits, so that copying a screen's location or a transition event costs no reference counting,
/// and looking a name up hashes two words rather than a string.
///
/// A name of 1 to 15 ASCII bytes (nearly every scene name) is stored inline: the bytes, then the
/// count in the last byte. Any other name is interned: stored once for the life of the process
/// in ``SceneNameTable``, spelling by spelling, and referred to by the address of its
/// never-released record.
///
/// Interning is what keeps the types that carry names plain bits, which makes a transition
/// several times cheaper than reference-counted names do. Its cost is that the table grows
/// with the number of distinct long or non-ASCII names that ever reach a screen, a location or
/// an event: the names registered in a ``DependencyContainer`` (which never interns a name it
/// does not know), the names a custom ``SceneBuilderContainer`` resolves, and the names given
/// to the public initializers of ``Screen``, ``ScreenLocation``, ``TransitionEvent`` and
/// ``SceneContext``. It never grows with the number of navigations.
///
/// Equality is the equality of the ``SceneIdentifier``s the names stand for. Equal bits mean
/// equal names; names whose bits differ are compared as strings only when one of them is
/// interned and not ASCII, since only then can two spellings be canonically equivalent.
struct SceneName: Sendable {
    /// The first eight bytes of an inline name, or an interned record's address.
    let low: UInt64
    /// The other seven bytes and the count of an inline name, or a marker for an interned one.
    ///
    /// An interned name has ``internedMarker`` here, with the ``nonASCIIFlag`` bit when it
    /// applies. Never 0.
    let high: UInt64

    /// The longest name stored inline, in UTF-8 bytes.
    static let inlineCapacity = 15

    private static let internedMarker: UInt64 = 0xFF00_0000_0000_0000
    private static let nonASCIIFlag: UInt64 = 1
    private static let countShift: UInt64 = 56

    /// A name from bits another ``SceneName`` had (as a ``SceneIndex`` slot keeps them).
    init(bits low: UInt64, _ high: UInt64) {
        self.init(low: low, high: high)
    }

    private init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// The name of `identifier`, inline when it fits, else interned.
    init(_ identifier: SceneIdentifier) {
        if let inline = Self.inline(identifier.rawValue) {
            self = inline
        } else {
            let record = SceneNameTable.intern(identifier)
            let isASCII = identifier.rawValue.utf8.allSatisfy { $0 < 0x80 }
            self.init(
                low: UInt64(UInt(bitPattern: record.toOpaque())),
                high: Self.internedMarker | (isASCII ? 0 : Self.nonASCIIFlag))
        }
    }

    /// The inline form of `string`, or `nil` when it is empty, longer than
    /// ``inlineCapacity`` bytes or not ASCII.
    @inline(__always)
    static func inline(_ string: String) -> SceneName? {
        if let packed = string.utf8.withContiguousStorageIfAvailable({ inline(bytes: $0) }) {
            return packed
        }
        // A string without contiguous UTF-8 (bridged from Objective-C): copy it first.
        var copy = string
        copy.makeContiguousUTF8()
        return copy.utf8.withContiguousStorageIfAvailable({ inline(bytes: $0) }) ?? nil
    }

    /// The inline form of the UTF-8 `bytes`, or `nil` when there are none, more than
    /// ``inlineCapacity`` or a non-ASCII one.
    @inline(__always)
    static func inline(bytes: UnsafeBufferPointer<UInt8>) -> SceneName? {
        let count = bytes.count
        guard count > 0, count <= inlineCapacity else { return nil }
        guard let base = bytes.baseAddress else { return nil }
        // Byte by byte: a wide load across the end of what the caller just stored (a short
        // string is copied to the stack to be read) would stall store-to-load forwarding.
        var low: UInt64 = 0
        var high: UInt64 = 0
        for offset in 0..<min(count, 8) {
            low |= UInt64(base[offset]) << UInt64(8 * offset)
        }
        var offset = 8
        while offset < count {
            high |= UInt64(base[offset]) << UInt64(8 * (offset - 8))
            offset += 1
        }
        guard (low | high) & 0x8080_8080_8080_8080 == 0 else { return nil }
        return SceneName(low: low, high: high | UInt64(count) << countShift)
    }

    /// The ASCII spelling canonically equivalent to `string`, when it has one and is not ASCII
    /// itself.
    ///
    /// Three characters are canonically equivalent to an ASCII one: KELVIN SIGN (`K`), GREEK
    /// QUESTION MARK (`;`) and GREEK VARIA (`` ` ``); Unicode's stability policy guarantees
    /// that no other will ever be. So `"\u{212A}"` names the scene registered as `"K"`, as the
    /// strings compare equal.
    static func asciiEquivalent(of string: String) -> String? {
        var scalars = String.UnicodeScalarView()
        var changed = false
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0..<0x80: scalars.append(scalar)
            case 0x212A: scalars.append("K")
            case 0x037E: scalars.append(";")
            case 0x1FEF: scalars.append("`")
            default: return nil
            }
            changed = changed || scalar.value >= 0x80
        }
        return changed ? String(scalars) : nil
    }

    private var isInterned: Bool { high & Self.internedMarker == Self.internedMarker }

    /// The number of bytes of an inline name; 0 for an interned one.
    var inlineCount: Int { isInterned ? 0 : Int(high >> Self.countShift) }

    /// Whether an inline name contains `byte`.
    func inlineContains(_ byte: UInt8) -> Bool {
        for offset in 0..<inlineCount where inlineByte(offset) == byte { return true }
        return false
    }

    /// The byte at `offset` of an inline name (`offset` below ``inlineCount``).
    @inline(__always)
    func inlineByte(_ offset: Int) -> UInt8 {
        let word = offset < 8 ? low : high
        return UInt8(truncatingIfNeeded: word >> UInt64(8 * (offset & 7)))
    }

    /// The identifier this name stands for.
    var identifier: SceneIdentifier {
        if isInterned {
            guard let address = UnsafeRawPointer(bitPattern: UInt(low)) else {
                return SceneIdentifier("")
            }
            return Unmanaged<SceneNameTable.Record>.fromOpaque(address)
                .takeUnretainedValue().identifier
        }
        let count = Int(high >> Self.countShift)
        let (low, high) = (low, high)
        // At most 15 bytes: the string is made in place, without a heap allocation.
        let string = String(unsafeUninitializedCapacity: count) { buffer in
            for offset in 0..<count {
                let word = offset < 8 ? low : high
                buffer[offset] = UInt8(truncatingIfNeeded: word >> UInt64(8 * (offset % 8)))
            }
            return count
        }
        return SceneIdentifier(string)
    }
}

extension SceneName: Hashable {
    static func == (lhs: SceneName, rhs: SceneName) -> Bool {
        if lhs.low == rhs.low && lhs.high == rhs.high { return true }
        let flagged = internedMarker | nonASCIIFlag
        guard lhs.high == flagged || rhs.high == flagged else { return false }
        return lhs.identifier == rhs.identifier
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
    }
}

/// The process-wide table of interned scene names; records are never released, which is what
/// lets a ``SceneName`` refer to one by address.
enum SceneNameTable {
    /// One interned name.
    final class Record: Sendable {
        let identifier: SceneIdentifier

        init(_ identifier: SceneIdentifier) {
            self.identifier = identifier
        }
    }

    /// A name compared byte for byte, so that each spelling keeps its own record (two
    /// canonically equivalent spellings are still equal scene names, through `==`).
    private struct Spelling: Hashable {
        let identifier: SceneIdentifier

        static func == (lhs: Spelling, rhs: Spelling) -> Bool {
            lhs.identifier.rawValue.utf8.elementsEqual(rhs.identifier.rawValue.utf8)
        }

        func hash(into hasher: inout Hasher) {
            for byte in identifier.rawValue.utf8 { hasher.combine(byte) }
        }
    }

    private static let records = Locked<[Spelling: Unmanaged<Record>]>([:])

    /// The record for `identifier`, made and retained for good on first use.
    static func intern(_ identifier: SceneIdentifier) -> Unmanaged<Record> {
        records.withLock { records in
            let key = Spelling(identifier: identifier)
            if let record = records[key] { return record }
            let record = Unmanaged.passRetained(Record(identifier))
            records[key] = record
            return record
        }
    }
}
