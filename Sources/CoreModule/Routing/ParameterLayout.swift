/// The parameter names of a route pattern and the positions (from 0) of its parameter segments.
///
/// Interned for the life of the process, one instance per distinct layout (so there are as
/// many as there are distinct sets of names and positions ever registered, a handful in an
/// app), so that a match and the parameters it captured refer to it without reference
/// counting.
final class ParameterLayout: Sendable {
    let positions: [Int]
    let names: [String]

    private init(positions: [Int], names: [String]) {
        self.positions = positions
        self.names = names
    }

    /// The positions and names, the names compared byte for byte: two patterns whose parameter
    /// names are equal but spelled differently (canonically equivalent Unicode) each keep
    /// their own spelling.
    private struct Key: Hashable {
        let positions: [Int]
        let names: [String]

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.positions == rhs.positions && lhs.names.count == rhs.names.count
                && zip(lhs.names, rhs.names).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(positions)
            for name in names {
                hasher.combine(name.utf8.count)
                for byte in name.utf8 { hasher.combine(byte) }
            }
        }
    }

    private static let table = Locked<[Key: ParameterLayout]>([:])

    /// The one layout of `positions` and `names`, made the first time it is asked for.
    ///
    /// - Parameters:
    ///   - positions: The positions of the parameter segments, in order.
    ///   - names: The parameter names, in the same order.
    static func interned(positions: [Int], names: [String]) -> Unmanaged<ParameterLayout> {
        table.withLock { table in
            let key = Key(positions: positions, names: names)
            if let layout = table[key] { return Unmanaged.passUnretained(layout) }
            let layout = ParameterLayout(positions: positions, names: names)
            table[key] = layout
            return Unmanaged.passUnretained(layout)
        }
    }
}
