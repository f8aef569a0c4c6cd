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
        // Wrapping arithmetic: offsets stay within `bytes.count`.
        var offset = start
        while offset &+ 8 <= bytes.count {
            let found = matches(
                byte,
                in: UInt64(
                    littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            if found != 0 { return offset &+ found.trailingZeroBitCount &>> 3 }
            offset &+= 8
        }
        while offset < bytes.count, bytes[offset] != byte { offset &+= 1 }
        return offset
    }

    /// Whether `string` contains `byte`, and whether all its bytes are ASCII.
    @inline(__always)
    static func traits(of string: String, searching byte: UInt8) -> (
        contains: Bool, isASCII: Bool
    ) {
        if let traits = string.utf8.withContiguousStorageIfAvailable({
            traits(of: UnsafeRawBufferPointer($0), searching: byte)
        }) {
            return traits
        }
        // A string without contiguous UTF-8 (bridged from Objective-C): copy it first.
        var copy = string
        return copy.withUTF8 { traits(of: UnsafeRawBufferPointer($0), searching: byte) }
    }

    /// Whether `bytes` contains `byte`, and whether all of them are ASCII.
    @inline(__always)
    private static func traits(of bytes: UnsafeRawBufferPointer, searching byte: UInt8) -> (
        contains: Bool, isASCII: Bool
    ) {
        guard bytes.count >= 8 else {
            var contains = false
            var isASCII = true
            for value in bytes {
                contains = contains || value == byte
                isASCII = isASCII && value < 0x80
            }
            return (contains, isASCII)
        }
        var found: UInt64 = 0
        var high: UInt64 = 0
        var offset = 0
        while true {
            // The last word overlaps the one before it, which changes neither answer.
            let word = UInt64(
                littleEndian: bytes.loadUnaligned(
                    fromByteOffset: Swift.min(offset, bytes.count - 8), as: UInt64.self))
            found |= matches(byte, in: word)
            high |= word & highs
            offset += 8
            if offset >= bytes.count { break }
        }
        return (found != 0, high == 0)
    }
}
