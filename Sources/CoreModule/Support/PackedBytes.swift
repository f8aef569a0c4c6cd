/// Up to 16 bytes packed little-endian into two words, zero beyond the end: a short path
/// segment or parameter value kept without a `String`, compared as two words and turned into
/// a `String` only when read.
struct PackedBytes: Equatable {
    /// The most bytes two words hold.
    static let capacity = 16

    var low: UInt64 = 0
    var high: UInt64 = 0
    var count = 0

    /// No bytes.
    init() {}

    /// Packs `bytes[start..<end]`, which the caller keeps to at most ``capacity`` bytes.
    ///
    /// The bytes are read with one or two eight-byte loads wherever the buffer has eight bytes
    /// around them, and one by one only in a buffer shorter than that.
    @inline(__always)
    init(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) {
        // Wrapping arithmetic: `start <= end <= bytes.count`, and every shift is below 64.
        count = end &- start
        if count == 0 {
            return
        } else if count >= 8 {
            low = Self.load(bytes, at: start)
            if count > 8 {
                // The last eight bytes, without those already in `low`.
                high =
                    Self.load(bytes, at: end &- 8)
                    &>> UInt64(truncatingIfNeeded: 128 &- 8 &* count)
            }
        } else if start &+ 8 <= bytes.count {
            // The eight bytes from the start, cut to the length.
            low =
                Self.load(bytes, at: start)
                & (UInt64.max &>> UInt64(truncatingIfNeeded: 64 &- 8 &* count))
        } else if end >= 8 {
            // The eight bytes up to the end, shifted down to the start.
            low = Self.load(bytes, at: end &- 8) &>> UInt64(truncatingIfNeeded: 64 &- 8 &* count)
        } else {
            var shift: UInt64 = 0
            for offset in start..<end {
                low |= UInt64(bytes[offset]) &<< shift
                shift &+= 8
            }
        }
    }

    /// Eight bytes of `bytes` from `offset`, little-endian.
    @inline(__always)
    private static func load(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The bytes as a string: made in place, without allocating, when it is at most 15 bytes
    /// (then ASCII needs no validation, either).
    var string: String {
        let (low, high) = (low, high)
        return String(unsafeUninitializedCapacity: count) { buffer in
            for offset in buffer.indices {
                let word = offset < 8 ? low : high
                buffer[offset] = UInt8(truncatingIfNeeded: word &>> UInt64(8 &* (offset & 7)))
            }
            return buffer.count
        }
    }
}
