extension RouteTable {
    /// A pattern read once for the table: its mask, the fingerprint of its shape and its
    /// parameter names, which a link table makes, then checks and inserts.
    struct Entry: Sendable {
        /// The pattern as registered.
        let identifier: SceneIdentifier
        /// Whether the pattern's last segment is a catch-all (`*name`).
        let catchAll: Bool
        /// What each segment is, in order, up to a catch-all.
        let mask: [SegmentKind]
        /// The fingerprint of ``shape`` (``ShapeFingerprint``).
        let fingerprint: UInt64
        /// The pattern's parameter names, a catch-all's last, and their bytes.
        let names: ParameterTemplate.Names
        /// The pattern's shape: its bytes with each parameter segment written `:` and a
        /// catch-all `*`.
        let shape: [UInt8]

        /// For a pattern with parameters inside a segment, how precise it is among patterns of
        /// its shape; `nil` for every other pattern.
        let rank: CompositeRank?

        /// Reads `pattern`, a universal link's, from its table path's bytes.
        init(_ pattern: RoutePattern) {
            let path = pattern.tablePath
            let counts = pattern.compositeLiteralCounts
            self.init(
                path, bytes: Array(path.rawValue.utf8), catchAll: pattern.hasCatchAll,
                rank: counts.isEmpty
                    ? nil : CompositeRank(literalCounts: counts, template: pattern.template))
        }

        /// Reads the pattern `identifier`, whose bytes are `bytes`, in one pass.
        ///
        /// A segment starting with `:` is a parameter, a segment `%` a composite, and with
        /// `catchAll`, the last segment (starting with `*`) a catch-all. The identifier must
        /// satisfy ``SceneIdentifier/problem``.
        init(
            _ identifier: SceneIdentifier, bytes: [UInt8], catchAll: Bool,
            rank: CompositeRank? = nil
        ) {
            let slash = UInt8(ascii: "/")
            var mask: [SegmentKind] = []
            var shape: [UInt8] = []
            shape.reserveCapacity(bytes.count)
            var names: [UInt8] = []
            var start = 0
            while true {
                var stop = start
                while stop < bytes.count, bytes[stop] != slash { stop += 1 }
                let first = start < stop ? bytes[start] : nil
                let isCatchAll = catchAll && stop == bytes.count && first == UInt8(ascii: "*")
                if let first, first == UInt8(ascii: ":") || isCatchAll {
                    shape.append(first)
                    if names.isEmpty { names.reserveCapacity(bytes.count - start) }
                    names.append(contentsOf: bytes[(start + 1)..<stop])
                    names.append(slash)
                    if !isCatchAll { mask.append(.parameter) }
                } else if first == UInt8(ascii: "%") {
                    shape.append(UInt8(ascii: "%"))
                    mask.append(.composite)
                } else {
                    // A literal, copied whole (appending it byte by byte costs several times
                    // more).
                    shape.append(contentsOf: bytes[start..<stop])
                    mask.append(.literal)
                }
                guard stop < bytes.count else { break }
                shape.append(slash)
                start = stop + 1
            }
            self.identifier = identifier
            self.catchAll = catchAll
            self.mask = mask
            self.shape = shape
            fingerprint = ShapeFingerprint.of(shape: shape)
            self.names = ParameterTemplate.Names(bytes: names)
            self.rank = rank
        }
    }

    /// How precise a pattern with parameters inside a segment is, among patterns of its shape
    /// (`item-:id` and `:slug.html` are both "any segment" to the table): the one with more
    /// literal characters in its first composite segment where they differ comes first, then the
    /// template that sorts first.
    final class CompositeRank: Sendable {
        let literalCounts: [Int]
        let template: String

        init(literalCounts: [Int], template: String) {
            self.literalCounts = literalCounts
            self.template = template
        }

        /// Whether a path tries `self`'s pattern before `other`'s.
        func precedes(_ other: CompositeRank) -> Bool {
            for (mine, theirs) in zip(literalCounts, other.literalCounts) where mine != theirs {
                return mine > theirs
            }
            return template < other.template
        }
    }
}
