extension RouteTable {
    /// A pattern read once for the table: its mask, the fingerprint of its shape and its
    /// parameter names, which a link table makes, then checks and inserts.
    struct Entry: Sendable {
        /// The pattern as registered.
        let identifier: SceneIdentifier
        /// Whether the pattern's last segment is a catch-all (`*name`).
        let catchAll: Bool
        /// Which segments are parameters, in order, up to a catch-all.
        let mask: [Bool]
        /// The fingerprint of ``shape`` (``ShapeFingerprint``).
        let fingerprint: UInt64
        /// The pattern's parameter names, a catch-all's last, and their bytes.
        let names: ParameterTemplate.Names
        /// The pattern's shape: its bytes with each parameter segment written `:` and a
        /// catch-all `*`.
        let shape: [UInt8]

        /// Reads `pattern`, a universal link's, from its identifier's bytes.
        init(_ pattern: RoutePattern) {
            self.init(
                pattern.identifier, bytes: Array(pattern.identifier.rawValue.utf8),
                catchAll: pattern.hasCatchAll)
        }

        /// Reads the pattern `identifier`, whose bytes are `bytes`, in one pass.
        ///
        /// A segment starting with `:` is a parameter, and with `catchAll`, the last segment
        /// (starting with `*`) a catch-all. The identifier must satisfy
        /// ``SceneIdentifier/problem``.
        init(_ identifier: SceneIdentifier, bytes: [UInt8], catchAll: Bool) {
            let slash = UInt8(ascii: "/")
            var mask: [Bool] = []
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
                    if !isCatchAll { mask.append(true) }
                } else {
                    // A literal, copied whole (appending it byte by byte costs several times
                    // more).
                    shape.append(contentsOf: bytes[start..<stop])
                    mask.append(false)
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
        }
    }
}
