/// A path read for matching: a copy of its bytes and where its segments end, kept by the
/// caller from one match to the next so that a match allocates nothing for them.
package struct MatchBuffers: Sendable {
    /// The path's bytes.
    private(set) var path: [UInt8] = []
    /// Where each `/`-separated segment of the path ends.
    ///
    /// Each is the index of the `/` after the segment, or the path's length for the last one.
    /// Only the first ``segmentCount`` are this path's: the array is written over from one path
    /// to the next, never cleared. One read of the path finds them, so that the fingerprint,
    /// the comparison and the values do not look for `/` again.
    private(set) var ends: [Int] = []
    /// The number of `/`-separated segments of the path.
    private(set) var segmentCount = 0

    /// No path read yet.
    package init() {}

    /// Copies the bytes of `path`, the next path to match, into ``path``, and finds where its
    /// segments end.
    ///
    /// (Inlined: the call cost about 20 to 35 instructions a match.)
    @inline(__always)
    package mutating func read(_ path: String) {
        // One replacement of the old bytes, in place (emptying the array, then appending,
        // costs about 150 instructions more).
        self.path.replaceSubrange(self.path.indices, with: path.utf8)
        var segment = 0
        for index in self.path.indices where self.path[index] == UInt8(ascii: "/") {
            setEnd(of: segment, to: index)
            segment += 1
        }
        setEnd(of: segment, to: self.path.count)
        segmentCount = segment + 1
    }

    /// Records that `segment` ends at `end`, over the end an earlier path left there.
    ///
    /// (Inlined: the last segment's end was written through a call.)
    @inline(__always)
    private mutating func setEnd(of segment: Int, to end: Int) {
        if segment < ends.count {
            ends[segment] = end
        } else {
            ends.append(end)
        }
    }
}

/// What a segment of a pattern is, in the order a match tries them at one place of the path: a
/// literal first, then parameters inside literal text (`item-:id`), then a whole parameter.
package enum SegmentKind: UInt8, Hashable, Sendable {
    case literal = 0
    case composite = 1
    case parameter = 2
}

/// The names of a pattern's parameters, in its order and sorted by name, and the segment each
/// is read from, from which a match makes its parameters' pairs in their sorted order: routes
/// whose parameters have the same names in the same segments share one template.
final class ParameterTemplate: Sendable {
    /// The names, in the order of the pattern's parameter segments.
    let names: [String]
    /// The names sorted, as parameters keep them.
    let sortedNames: [String]
    /// For each of ``sortedNames``, the number of the pattern's segment its value is: so that
    /// a match cuts each value out of the path without reading the mask.
    let segments: [Int]
    /// What each of the pattern's segments is, up to a catch-all: the mask a path that matches
    /// the pattern is read through.
    let mask: [SegmentKind]
    /// The template's key in its table.
    let key: Key

    init(_ key: Key) {
        let names = key.names.names
        let mask = key.mask
        // The parameters' numbers in the order of their names. (A pattern names each parameter
        // once.)
        let order = names.indices.sorted { names[$0] < names[$1] }
        self.names = names
        sortedNames = order.map { names[$0] }
        segments = order.map { Self.segment(ofParameter: $0, in: mask) }
        self.mask = mask
        self.key = key
    }

    /// The segment of parameter `number` (in the pattern's order) of a pattern with `mask`: the
    /// mask's parameter of that number, or, past them, a catch-all's segment, after the mask.
    private static func segment(ofParameter number: Int, in mask: [SegmentKind]) -> Int {
        var passed = 0
        for segment in mask.indices where mask[segment] == .parameter {
            if passed == number { return segment }
            passed += 1
        }
        return mask.count
    }

    /// A template's key: the names, and the mask that says which segments they are read from.
    struct Key: Hashable, Sendable {
        let names: Names
        let mask: [SegmentKind]

        /// Hashed by the names alone (their hash is worked out once): templates with the same
        /// names and another mask are told apart by comparing the masks, which routes of one
        /// mask share.
        func hash(into hasher: inout Hasher) {
            names.hash(into: &hasher)
        }
    }

    /// Parameter names compared byte for byte, as the key of a template: two spellings of one
    /// name are two keys of the parameters.
    struct Names: Hashable, Sendable {
        /// The names' bytes, each followed by `/`.
        private let bytes: [UInt8]
        /// The FNV-1a hash of ``bytes``.
        private let hash: UInt64

        /// The names, in order.
        var names: [String] {
            bytes.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
        }

        /// The names whose bytes are `bytes`, each followed by `/`.
        init(bytes: [UInt8]) {
            var hash = ShapeFingerprint.basis
            for byte in bytes { ShapeFingerprint.add(byte, to: &hash) }
            self.bytes = bytes
            self.hash = hash
        }

        static func == (lhs: Names, rhs: Names) -> Bool {
            lhs.hash == rhs.hash && lhs.bytes == rhs.bytes
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }
    }
}

/// The 64-bit FNV-1a hash of a route's shape: a pattern or a path read through a mask of what
/// each of its `/`-separated segments is, each parameter segment written as `:`, each composite
/// segment (parameters inside literal text) as `%`, and a catch-all's segments as one `*`, in
/// UTF-8.
///
/// `product/:id` and `product/42`, both read through the mask `[false, true]`, have the shape
/// `product/:`; the catch-all pattern `files/*path` and the path `files/a/b` both `files/*`. A
/// pattern's shape is written once, when it is registered; a path's is hashed as it is read,
/// never written out.
package enum ShapeFingerprint {
    static let basis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x100_0000_01b3

    static func add(_ byte: UInt8, to hash: inout UInt64) {
        hash = (hash ^ UInt64(byte)) &* prime
    }

    /// The fingerprint of a pattern's shape (``RouteTable/Entry/shape``).
    static func of(shape: [UInt8]) -> UInt64 {
        var hash = basis
        for byte in shape { add(byte, to: &hash) }
        return hash
    }

    /// The fingerprint of the path `buffers` have read, read through `mask` (for a catch-all,
    /// the segments before it), or `nil` when the path cannot have that shape: a parameter
    /// segment is empty, or the path has another number of segments than the mask (more, for a
    /// catch-all).
    package static func of(_ buffers: MatchBuffers, mask: [SegmentKind], catchAll: Bool)
        -> UInt64?
    {
        let path = buffers.path
        let ends = buffers.ends
        let count = buffers.segmentCount
        guard catchAll ? count > mask.count : !mask.isEmpty && count == mask.count else {
            return nil
        }
        var hash = basis
        var start = 0
        for (segment, kind) in mask.enumerated() {
            if segment > 0 { add(UInt8(ascii: "/"), to: &hash) }
            let end = ends[segment]
            switch kind {
            case .parameter:
                guard end > start else { return nil }
                add(UInt8(ascii: ":"), to: &hash)
            case .composite:
                guard end > start else { return nil }
                add(UInt8(ascii: "%"), to: &hash)
            case .literal:
                for index in start..<end { add(path[index], to: &hash) }
            }
            start = end + 1
        }
        // A catch-all takes the rest of the path, one segment or more, as one `*`.
        if catchAll {
            if !mask.isEmpty { add(UInt8(ascii: "/"), to: &hash) }
            add(UInt8(ascii: "*"), to: &hash)
        }
        return hash
    }
}

extension RandomAccessCollection {
    /// The first index whose element satisfies `belongs`, for a collection partitioned so that
    /// every element that does comes after every element that does not.
    func partitioningIndex(where belongs: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if belongs(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
