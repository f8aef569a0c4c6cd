/// The registered route patterns, for matching a path in time that does not grow with the
/// number of patterns.
///
/// Each pattern is kept under its **shape**: the pattern read with its parameter segments as
/// `:` (`product/:id` is kept under `product/:`). Two patterns of the same shape would match
/// exactly the same paths, so a ``LinkTable`` refuses the second. To match a path of *n* segments,
/// the table tries the **masks** that patterns of *n* segments have (which segments are
/// parameters), most literal first, and looks the path up read through each mask: `product/42`
/// read through the mask of `product/:id` is `product/:`. The first shape found wins.
///
/// The masks are tried in the order that makes **literal segments beat parameters** at the
/// first segment where two patterns differ: with `product/new` and `product/:id` registered,
/// `product/new` matches the first and `product/42` the second; with `a/:x/c` and `a/b/:y`,
/// the path `a/b/c` matches `a/b/:y`, whose literal comes first. So a match costs one lookup
/// per mask tried, and the masks are those of the app's own patterns of that length: a
/// handful, set at registration, whatever the path.
///
/// A pattern of the app's universal links may end with a **catch-all** segment, `*name`, that
/// takes the rest of the path (one segment or more) as one value: `files/*path` matches
/// `files/a/b`. Catch-all patterns are tried in the same order, a catch-all segment coming after
/// both a literal and a parameter: at the first segment where two patterns differ, literal >
/// parameter > catch-all.
///
/// The table holds what each pattern stands for (`Value`): a route of the app's link table.
///
/// ## Storage
///
/// The routes are kept in one array, and found through a hash table of their indices keyed by
/// a 64-bit **fingerprint** of the shape (``ShapeFingerprint``), which a path read through a
/// mask gives without writing its shape out. A route found by its fingerprint is then compared
/// with the path byte for byte, and the parameters' values are the path's segments where the
/// mask has a parameter. A match reads the path from a copy of its bytes, in a buffer the caller
/// keeps from one match to the next, and the pattern from the bytes of its shape the route keeps
/// (reading a `String`'s bytes one at a time costs several times more).
///
/// A match's parameters are made from a **template** (``ParameterTemplate``): the names of a
/// pattern's parameters, in its order and sorted, with the segment each is read from, which
/// patterns with the same names in the same segments share. A match makes the pairs in their
/// sorted order, each value cut out of the segment the template names, without comparing or
/// hashing a name or reading the mask.
package struct RouteTable<Value: Sendable>: Sendable {
    /// A registered pattern, as a match needs it.
    struct Route: Sendable {
        // (In this order, so that the flag and the shape's place fill the value's padding.)
        /// The pattern as registered.
        let pattern: SceneIdentifier
        /// What the pattern stands for.
        let value: Value
        /// Whether the pattern's last segment is a catch-all (`*name`).
        let catchAll: Bool
        /// The length of the pattern's shape (see ``shape``; an identifier is at most
        /// ``SceneIdentifier/maximumByteCount`` bytes long).
        private let shapeLength: UInt16
        /// Where the pattern's shape starts in the table's ``RouteTable/shapes``.
        private var shapeStart: UInt32
        /// The fingerprint of the pattern's shape.
        fileprivate let fingerprint: UInt64
        /// The pattern's parameter names, in its order and sorted.
        let parameters: ParameterTemplate
        /// For a pattern with parameters inside a segment, its precedence among the patterns of
        /// its shape; `nil` otherwise.
        let rank: CompositeRank?

        /// A route whose shape is at `shape` in the table's ``RouteTable/shapes``.
        init(
            pattern: SceneIdentifier, value: Value, catchAll: Bool, shape: Range<Int>,
            fingerprint: UInt64, parameters: ParameterTemplate, rank: CompositeRank?
        ) {
            self.pattern = pattern
            self.value = value
            self.catchAll = catchAll
            // An identifier has at most `SceneIdentifier.maximumByteCount` (1,024) bytes, and
            // the shapes of all routes would need 4 GiB of memory before a start overflows.
            shapeLength = UInt16(shape.count)
            shapeStart = UInt32(shape.lowerBound)
            self.fingerprint = fingerprint
            self.parameters = parameters
            self.rank = rank
        }

        /// Where the pattern's shape is in the table's ``RouteTable/shapes``.
        ///
        /// The shape is the pattern's bytes with each parameter segment written `:` (a
        /// catch-all `*`), written once there, so that a match compares the path with them in
        /// place (reading the `String`'s own bytes one at a time costs several times more). Its
        /// place is kept in 48 bits, in the padding after ``catchAll``, so that a route is no
        /// larger for it.
        var shape: Range<Int> { Int(shapeStart)..<(Int(shapeStart) + Int(shapeLength)) }
    }

    /// Every pattern, in no order; ``slots`` finds them.
    private var routes: [Route] = []

    /// The shapes of the routes, one after another (an array each would cost each route an
    /// allocation); each route knows its range.
    private var shapes: [UInt8] = []

    /// Where each route is, by the fingerprint of its shape.
    ///
    /// A hash table: each slot is empty (0) or holds the index of a route plus one, at or after
    /// the slot its fingerprint picks (linear probing). Its size is 0 or a power of two, and at
    /// most half of it is used, so that a probe ends at an empty slot soon.
    private var slots: [Int] = []

    /// The parameter templates in use, by their names and mask, with how many routes use each.
    private var templates: [ParameterTemplate.Key: (template: ParameterTemplate, count: Int)] = [:]

    /// The masks of the catch-all patterns: which of the segments before the catch-all are
    /// parameters, in the order a match tries them, with how many patterns have each.
    private var catchAllMasks: [(mask: [SegmentKind], count: Int)] = []

    /// The masks of the patterns, indexed by number of segments (a table per length).
    ///
    /// Each length's masks are in the order a match tries them, most literal first, with how
    /// many patterns have each; patterns with the same mask share its array.
    private var masks: [[(mask: [SegmentKind], count: Int)]] = []

    // MARK: Changing

    /// Adds `pattern`, of a shape the table does not hold yet.
    ///
    /// The caller checks the shape first: ``LinkTable`` refuses two routes of one shape before
    /// it inserts either.
    mutating func insert(_ pattern: RoutePattern, value: Value) {
        insert(Entry(pattern), value: value)
    }

    /// Adds `entry`'s pattern, as inserting the pattern itself does.
    mutating func insert(_ entry: Entry, value: Value) {
        let catchAll = entry.catchAll
        // Patterns with one mask share its array, in the lists of masks and in templates.
        let mask = catchAll ? entry.mask : sharedMask(entry.mask)
        let parameters = template(for: ParameterTemplate.Key(names: entry.names, mask: mask))
        if (routes.count + 1) * 2 > slots.count { grow() }
        let start = shapes.count
        shapes.append(contentsOf: entry.shape)
        routes.append(
            Route(
                pattern: entry.identifier, value: value, catchAll: catchAll,
                shape: start..<shapes.count, fingerprint: entry.fingerprint,
                parameters: parameters, rank: entry.rank))
        var slot = home(of: entry.fingerprint)
        while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = routes.count
        add(mask, catchAll: catchAll)
    }

    /// The template for `key`, shared with the routes that already use one, counted once more.
    private mutating func template(for key: ParameterTemplate.Key) -> ParameterTemplate {
        if let index = templates.index(forKey: key) {
            templates.values[index].count += 1
            return templates.values[index].template
        }
        let template = ParameterTemplate(key)
        templates[key] = (template, 1)
        return template
    }

    /// The slot a fingerprint starts its probe at.
    private func home(of fingerprint: UInt64) -> Int {
        // The high bits of a multiplicative hash, so that every bit of the fingerprint counts.
        Int(truncatingIfNeeded: (fingerprint &* 0x9E37_79B9_7F4A_7C15) >> 32) & (slots.count - 1)
    }

    /// The slot and index of the first route with `fingerprint` whose index `isMatch` accepts.
    private func position(of fingerprint: UInt64, where isMatch: (Int) -> Bool) -> (
        slot: Int, route: Int
    )? {
        guard !slots.isEmpty else { return nil }
        var slot = home(of: fingerprint)
        while true {
            let held = slots[slot]
            if held == 0 { return nil }
            let candidate = held - 1
            if routes[candidate].fingerprint == fingerprint, isMatch(candidate) {
                return (slot, candidate)
            }
            slot = (slot + 1) & (slots.count - 1)
        }
    }

    /// Doubles the hash table (8 slots at first) and places every route again.
    private mutating func grow() {
        slots = Array(repeating: 0, count: Swift.max(8, slots.count * 2))
        for (index, route) in routes.enumerated() {
            var slot = home(of: route.fingerprint)
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = index + 1
        }
    }

    /// The array already kept for `mask`, so that patterns with one mask share one array.
    private func sharedMask(_ mask: [SegmentKind]) -> [SegmentKind] {
        guard mask.count < masks.count else { return mask }
        return masks[mask.count].first { $0.mask == mask }?.mask ?? mask
    }

    /// Counts one more pattern with `mask`, keeping each list of masks in the order they are
    /// tried.
    private mutating func add(_ mask: [SegmentKind], catchAll: Bool) {
        if catchAll {
            Self.add(mask, catchAll: true, to: &catchAllMasks)
        } else {
            if masks.count <= mask.count {
                masks.append(contentsOf: repeatElement([], count: mask.count + 1 - masks.count))
            }
            Self.add(mask, catchAll: false, to: &masks[mask.count])
        }
    }

    private static func add(
        _ mask: [SegmentKind], catchAll: Bool, to list: inout [(mask: [SegmentKind], count: Int)]
    ) {
        let position = list.partitioningIndex {
            !isTriedBefore($0.mask, catchAll: catchAll, mask, catchAll: catchAll)
        }
        if position < list.count, list[position].mask == mask {
            list[position].count += 1
        } else {
            list.insert((mask, 1), at: position)
        }
    }

    /// Whether a path tries mask `a` before mask `b`, either of which may end with a catch-all
    /// after its segments: at the first segment where they differ, a literal comes before
    /// parameters inside literal text, they before a whole parameter, and all before a
    /// catch-all.
    private static func isTriedBefore(
        _ a: [SegmentKind], catchAll aCatches: Bool, _ b: [SegmentKind], catchAll bCatches: Bool
    ) -> Bool {
        // 0 for a literal, 1 for a composite, 2 for a parameter, 3 for a catch-all, 4 past the
        // end.
        func rank(_ mask: [SegmentKind], _ catches: Bool, _ index: Int) -> Int {
            if index < mask.count { return Int(mask[index].rawValue) }
            return index == mask.count && catches ? 3 : 4
        }
        for index in 0...Swift.max(a.count, b.count) {
            let left = rank(a, aCatches, index)
            let right = rank(b, bCatches, index)
            if left != right { return left < right }
        }
        return false
    }

    // MARK: Matching

    /// The pattern that matches `path`, and the mask it was read through (the segments before
    /// a catch-all, for a catch-all pattern); `nil` when none does.
    ///
    /// A pattern with parameters inside a segment matches only when `accepts` says its value
    /// reads the path (the table sees such a segment as "any segment"); of several of one
    /// shape, the one its ``RouteTable/CompositeRank`` puts first wins.
    func find(_ path: String, accepting accepts: (Value) -> Bool = { _ in true }) -> (
        route: Route, mask: [SegmentKind]
    )? {
        guard !routes.isEmpty else { return nil }
        var buffers = MatchBuffers()
        buffers.read(path)
        guard let index = find(buffers, accepting: accepts) else { return nil }
        return (routes[index], routes[index].parameters.mask)
    }

    /// The index of the first route, in the order masks are tried, that has the shape of the
    /// path `buffers` have read through a mask (the route's template's mask).
    ///
    /// Every match of a universal link's path goes through here.
    ///
    /// (Inlined into its caller: the call cost about 50 instructions a match.)
    @inline(__always)
    private func find(_ buffers: MatchBuffers, accepting accepts: (Value) -> Bool) -> Int? {
        let segmentCount = buffers.segmentCount
        guard !catchAllMasks.isEmpty else {
            guard segmentCount < masks.count else { return nil }
            // (By position, reading the masks in place: iterating the list holds a reference.)
            for position in masks[segmentCount].indices {
                if let route = lookUp(
                    buffers, through: masks[segmentCount][position].mask, catchAll: false,
                    accepting: accepts)
                {
                    return route
                }
            }
            return nil
        }
        let exact = segmentCount < masks.count ? masks[segmentCount] : []
        // Catch-alls whose segments before the catch-all leave at least one segment to take,
        // merged with the exact masks in the order they are tried.
        var candidates = exact.map { (mask: $0.mask, catchAll: false) }
        for (mask, _) in catchAllMasks where mask.count < segmentCount {
            let position = candidates.firstIndex {
                Self.isTriedBefore(mask, catchAll: true, $0.mask, catchAll: $0.catchAll)
            }
            candidates.insert((mask, true), at: position ?? candidates.count)
        }
        for (mask, catchAll) in candidates {
            if let route = lookUp(buffers, through: mask, catchAll: catchAll, accepting: accepts) {
                return route
            }
        }
        return nil
    }

    /// The index of the route with the shape of the path `buffers` have read, read through
    /// `mask`, if there is one.
    private func lookUp(
        _ buffers: MatchBuffers, through mask: [SegmentKind], catchAll: Bool,
        accepting accepts: (Value) -> Bool
    ) -> Int? {
        guard let fingerprint = ShapeFingerprint.of(buffers, mask: mask, catchAll: catchAll)
        else { return nil }
        func isMatch(_ index: Int) -> Bool {
            routes[index].catchAll == catchAll
                && Self.matches(
                    shapes[routes[index].shape], buffers, mask: mask, catchAll: catchAll)
        }
        guard mask.contains(.composite) else {
            return position(of: fingerprint, where: isMatch)?.route
        }
        // Patterns with parameters inside a segment share a shape: the best that reads the path.
        var best: Int?
        var slot = home(of: fingerprint)
        while slots[slot] != 0 {
            let candidate = slots[slot] - 1
            if routes[candidate].fingerprint == fingerprint, isMatch(candidate),
                accepts(routes[candidate].value)
            {
                let isBetter =
                    best.map { current in
                        guard let rank = routes[candidate].rank, let other = routes[current].rank
                        else { return false }
                        return rank.precedes(other)
                    } ?? true
                if isBetter { best = candidate }
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        return best
    }

    /// Whether the path `buffers` have read (a path, or another pattern) has the shape of
    /// `pattern` (a pattern's bytes, or its shape's) read through `mask`.
    ///
    /// A literal segment is compared byte for byte; a parameter segment of `pattern` takes any
    /// non-empty segment of the path; with `catchAll`, the path has at least one segment more
    /// than `mask`, and `pattern` a catch-all there. `pattern` must have the shape the mask says
    /// (a parameter exactly where the mask has one).
    package static func matches(
        _ pattern: ArraySlice<UInt8>, _ buffers: MatchBuffers, mask: [SegmentKind], catchAll: Bool
    ) -> Bool {
        let slash = UInt8(ascii: "/")
        let path = buffers.path
        let ends = buffers.ends
        let count = buffers.segmentCount
        guard catchAll ? count > mask.count : count == mask.count else { return false }
        // The next byte to read of the pattern, and where the path's segment starts.
        var patternIndex = pattern.startIndex
        let patternEnd = pattern.endIndex
        var start = 0
        for (segment, kind) in mask.enumerated() {
            if segment > 0 {
                guard patternIndex < patternEnd, pattern[patternIndex] == slash else {
                    return false
                }
                patternIndex += 1
            }
            guard patternIndex < patternEnd else { return false }
            let first = pattern[patternIndex]
            let end = ends[segment]
            if kind != .literal {
                // A parameter's segment starts with `:`, a composite's is `%`.
                let marker = UInt8(ascii: kind == .parameter ? ":" : "%")
                guard first == marker, end > start else { return false }
                while patternIndex < patternEnd, pattern[patternIndex] != slash {
                    patternIndex += 1
                }
            } else {
                // A pattern's literal never starts with `:` nor is `%`, nor, in a catch-all
                // pattern, starts with `*`.
                guard first != UInt8(ascii: ":"), first != UInt8(ascii: "%"),
                    !(catchAll && first == UInt8(ascii: "*")),
                    end - start <= patternEnd - patternIndex
                else { return false }
                for byte in path[start..<end] {
                    guard pattern[patternIndex] == byte else { return false }
                    patternIndex += 1
                }
                // (A pattern's segment longer than the path's has no `/` next: refused below.)
            }
            start = end + 1
        }
        guard catchAll else { return patternIndex == patternEnd }
        // The rest of the path, one segment or more, is the catch-all's (the whole path's, for a
        // catch-all at the root).
        if mask.isEmpty {
            return patternIndex < patternEnd && pattern[patternIndex] == UInt8(ascii: "*")
        }
        return patternIndex + 1 < patternEnd && pattern[patternIndex] == slash
            && pattern[patternIndex + 1] == UInt8(ascii: "*")
    }
}
