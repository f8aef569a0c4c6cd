/// Searches of UTF-8 bytes eight at a time, for the paths and names on the navigation path.
///
/// Each word is tested with the classic "has a zero byte" trick: for `w = word ^ repeated`,
/// `(w - 0x01…01) & ~w & 0x80…80` is zero exactly when no byte of `word` equals the searched
/// byte, and its lowest set bit marks the first one that does (the words are read
/// little-endian, so the lowest byte comes first).
enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` that equals `byte` (and possibly of later bytes,
    /// never of earlier ones).
    @inline(__always)
    private static func matches(_ byte: UInt8, in word: UInt64) -> UInt64 {
        let folded = word ^ (UInt64(byte) &* ones)
        return (folded &- ones) & ~folded & highs
    }

    /// The offset of the first `byte` in `bytes` at or after `start`, or `bytes.count`.
    @inline(__always)
    static func firstIndex(of byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int)
        -> Int
    {
        var offset = start
        while offset + 8 <= bytes.count {
            let found = matches(
                byte,
                in: UInt64(
                    littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            if found != 0 { return offset + found.trailingZeroBitCount / 8 }
            offset += 8
        }
        while offset < bytes.count, bytes[offset] != byte { offset += 1 }
        return offset
    }

    /// Whether `string` contains `byte`, and whether all its bytes are ASCII.
    static func traits(of string: String, searching byte: UInt8) -> (
        contains: Bool, isASCII: Bool
    ) {
        var string = string
        return string.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            var found: UInt64 = 0
            var high: UInt64 = 0
            var offset = 0
            while offset + 8 <= bytes.count {
                let word = UInt64(
                    littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                found |= matches(byte, in: word)
                high |= word & highs
                offset += 8
            }
            var contains = found != 0
            var isASCII = high == 0
            while offset < bytes.count {
                contains = contains || bytes[offset] == byte
                isASCII = isASCII && bytes[offset] < 0x80
                offset += 1
            }
            return (contains, isASCII)
        }
    }
}
