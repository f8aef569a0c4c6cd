/// The registered route patterns, for matching a path in time that does not grow with the
/// number of patterns.
///
/// Each pattern is kept under its **shape**: the pattern read with its parameter segments as
/// `:` (`product/:id` is kept under `product/:`). Two patterns of the same shape would match
/// exactly the same paths, so the registry rejects the second. To match a path of *n* segments,
/// the table tries the **masks** that patterns of *n* segments have (which segments are
/// parameters), most literal first, and looks the path up read through each mask: `product/42`
/// read through the mask of `product/:id` is `product/:`. The first shape found wins. Neither a
/// pattern's shape nor a path's is ever written out: a ``ShapeKey`` reads its text through its
/// mask when it is hashed or compared.
///
/// The masks are tried in the order that makes **literal segments beat parameters** at the
/// first segment where two patterns differ: with `product/new` and `product/:id` registered,
/// `product/new` matches the first and `product/42` the second; with `a/:x/c` and `a/b/:y`,
/// the path `a/b/c` matches `a/b/:y`, whose literal comes first. So a match costs one dictionary
/// lookup per mask tried, and the masks are those of the app's own patterns of that length: a
/// handful, set at registration, whatever the path.
///
/// A pattern of the app's universal links may end with a **catch-all** segment, `*name`, that
/// takes the rest of the path (one segment or more) as one value: `files/*path` matches
/// `files/a/b`. Catch-all patterns are tried in the same order, a catch-all segment coming after
/// both a literal and a parameter: at the first segment where two patterns differ, literal >
/// parameter > catch-all.
///
/// The table holds what each pattern stands for (`Value`): a scene's registration in the
/// container, a route of the app's link table.
struct RouteTable<Value: Sendable>: Sendable {
    /// A registered pattern, as a match needs it.
    struct Route: Sendable {
        /// The pattern as registered.
        let pattern: SceneIdentifier
        /// The pattern's parameter names, in the order of its parameter segments (a catch-all
        /// last).
        let parameterNames: [String]
        /// What the pattern stands for.
        let value: Value
    }

    /// Every pattern, keyed by its shape.
    private var routes: [ShapeKey: Route] = [:]

    /// The masks of the catch-all patterns: which of the segments before the catch-all are
    /// parameters, in the order a match tries them, with how many patterns have each.
    private var catchAllMasks: [(mask: [Bool], count: Int)] = []

    /// The masks of the patterns, by number of segments.
    ///
    /// Each length's masks are in the order a match tries them, most literal first, with how
    /// many patterns have each; patterns with the same mask share its array.
    private var masks: [Int: [(mask: [Bool], count: Int)]] = [:]

    /// Whether no pattern is registered.
    var isEmpty: Bool { routes.isEmpty }

    /// The pattern registered with `pattern`'s shape, if any.
    func route(shapedLike pattern: RoutePattern) -> Route? {
        routes[ShapeKey(pattern)]
    }

    // MARK: Changing

    /// Adds `pattern`, replacing the pattern of the same shape if there is one (the registry
    /// has checked that replacing is wanted); returns the route it replaced.
    @discardableResult
    mutating func insert(_ pattern: RoutePattern, value: Value) -> Route? {
        let catchAll = pattern.hasCatchAll
        let mask = catchAll ? pattern.mask : sharedMask(pattern.mask)
        let key = ShapeKey(text: pattern.identifier.rawValue, mask: mask, catchAll: catchAll)
        let route = Route(
            pattern: pattern.identifier, parameterNames: pattern.parameterNames, value: value)
        // A replaced pattern's key goes, so that the new spelling is the one kept.
        let replaced = routes.removeValue(forKey: key)
        routes[key] = route
        if replaced == nil { count(key, by: 1) }
        return replaced
    }

    /// Removes the pattern of `pattern`'s shape; returns it, or `nil` when there was none.
    @discardableResult
    mutating func remove(_ pattern: RoutePattern) -> Route? {
        let key = ShapeKey(pattern)
        guard let removed = routes.removeValue(forKey: key) else { return nil }
        count(key, by: -1)
        return removed
    }

    /// The array already kept for `mask`, so that patterns with one mask share one array.
    private func sharedMask(_ mask: [Bool]) -> [Bool] {
        masks[mask.count]?.first { $0.mask == mask }?.mask ?? mask
    }

    /// Adds `change` to the number of patterns with `key`'s mask, keeping each list of masks
    /// in the order they are tried.
    private mutating func count(_ key: ShapeKey, by change: Int) {
        if key.catchAll {
            Self.count(key.mask, catchAll: true, by: change, in: &catchAllMasks)
        } else {
            var list = masks[key.mask.count] ?? []
            Self.count(key.mask, catchAll: false, by: change, in: &list)
            masks[key.mask.count] = list.isEmpty ? nil : list
        }
    }

    private static func count(
        _ mask: [Bool], catchAll: Bool, by change: Int, in list: inout [(mask: [Bool], count: Int)]
    ) {
        let position = list.partitioningIndex {
            !isTriedBefore($0.mask, catchAll: catchAll, mask, catchAll: catchAll)
        }
        if position < list.count, list[position].mask == mask {
            list[position].count += change
            if list[position].count == 0 { list.remove(at: position) }
        } else if change > 0 {
            list.insert((mask, change), at: position)
        }
    }

    /// Whether a path tries mask `a` before mask `b`, either of which may end with a catch-all
    /// after its segments: at the first segment where they differ, a literal comes before a
    /// parameter, and both before a catch-all.
    private static func isTriedBefore(
        _ a: [Bool], catchAll aCatches: Bool, _ b: [Bool], catchAll bCatches: Bool
    ) -> Bool {
        // 0 for a literal, 1 for a parameter, 2 for a catch-all, 3 past the end.
        func rank(_ mask: [Bool], _ catches: Bool, _ index: Int) -> Int {
            if index < mask.count { return mask[index] ? 1 : 0 }
            return index == mask.count && catches ? 2 : 3
        }
        for index in 0...Swift.max(a.count, b.count) {
            let left = rank(a, aCatches, index)
            let right = rank(b, bCatches, index)
            if left != right { return left < right }
        }
        return false
    }

    // MARK: Matching

    /// The pattern that matches `path`, with the values its parameters take; `nil` when none
    /// does. (For the container's patterns, which have no catch-all; a universal link's
    /// captures are read by its reader.)
    func match(_ path: String) -> (route: Route, parameters: SceneParameters)? {
        guard let (route, mask) = find(path) else { return nil }
        var parameters: [String: String] = [:]
        parameters.reserveCapacity(route.parameterNames.count)
        var names = route.parameterNames.makeIterator()
        for (segment, isParameter) in zip(Segments(path), mask) where isParameter {
            if let name = names.next() { parameters[name] = String(Substring(segment)) }
        }
        return (route, SceneParameters(parameters))
    }

    /// The pattern that matches `path`, and the mask it was read through (the segments before
    /// a catch-all, for a catch-all pattern); `nil` when none does.
    ///
    /// Every match, of a scene's path or of a universal link's, goes through here.
    func find(_ path: String) -> (route: Route, mask: [Bool])? {
        guard !routes.isEmpty else { return nil }
        let segmentCount = path.utf8.reduce(1) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 }
        let exact = masks[segmentCount] ?? []
        guard !catchAllMasks.isEmpty else {
            for (mask, _) in exact {
                guard Self.fits(path, mask),
                    let route = routes[ShapeKey(text: path, mask: mask, catchAll: false)]
                else { continue }
                return (route, mask)
            }
            return nil
        }
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
            guard Self.fits(path, mask),
                let route = routes[ShapeKey(text: path, mask: mask, catchAll: catchAll)]
            else { continue }
            return (route, mask)
        }
        return nil
    }

    /// Whether `path` may have the shape `mask` gives it: every parameter segment has a value,
    /// and no literal segment starts with `:`, which only a pattern's parameter segment does.
    private static func fits(_ path: String, _ mask: [Bool]) -> Bool {
        zip(Segments(path), mask).allSatisfy { segment, isParameter in
            isParameter ? !segment.isEmpty : segment.first != UInt8(ascii: ":")
        }
    }
}

/// A route's shape as the route table keys it: a pattern or a path, read through a mask of which
/// of its `/`-separated segments are parameters, each parameter segment reading as `:`.
///
/// `product/:id` and `product/42`, both read through the mask `[false, true]`, are the same
/// key, `product/:`. Hashing and comparing read the text byte by byte through the mask, so no
/// shape is ever written out; literal segments are compared byte for byte.
///
/// A catch-all key reads the segments its mask covers, then `/*`, whatever follows: the pattern
/// `files/*path` and the path `files/a/b` are both `files/*`.
struct ShapeKey: Hashable, Sendable {
    /// A pattern or a path.
    let text: String
    /// Which segments are parameters (for a catch-all, the segments before it).
    let mask: [Bool]
    /// Whether the segments after the mask's are one catch-all.
    var catchAll = false

    /// The key of a pattern.
    init(_ pattern: RoutePattern) {
        self.init(
            text: pattern.identifier.rawValue, mask: pattern.mask, catchAll: pattern.hasCatchAll)
    }

    init(text: String, mask: [Bool], catchAll: Bool = false) {
        self.text = text
        self.mask = mask
        self.catchAll = catchAll
    }

    static func == (lhs: ShapeKey, rhs: ShapeKey) -> Bool {
        lhs.mask == rhs.mask && lhs.catchAll == rhs.catchAll && lhs.bytes.elementsEqual(rhs.bytes)
    }

    func hash(into hasher: inout Hasher) {
        for byte in bytes { hasher.combine(byte) }
    }

    /// The key's bytes: the text's, each parameter segment read as `:`.
    private var bytes: Bytes {
        Bytes(text: text.utf8.makeIterator(), mask: mask, catchAll: catchAll)
    }

    private struct Bytes: Sequence, IteratorProtocol {
        var text: String.UTF8View.Iterator
        let mask: [Bool]
        let catchAll: Bool
        var segment = 0
        /// Inside a parameter segment, after its `:` was read.
        var skipping = false
        /// After a catch-all's `/`: `*` comes next, then the end.
        var atCatchAll = false
        var ended = false

        mutating func next() -> UInt8? {
            if ended { return nil }
            if atCatchAll {
                ended = true
                return UInt8(ascii: "*")
            }
            while let byte = text.next() {
                if byte == UInt8(ascii: "/") {
                    segment += 1
                    skipping = false
                    if catchAll && segment == mask.count { atCatchAll = true }
                    return byte
                }
                if skipping { continue }
                if segment < mask.count, mask[segment] {
                    skipping = true
                    return UInt8(ascii: ":")
                }
                return byte
            }
            return nil
        }
    }
}

/// The `/`-separated segments of a string, as slices of its UTF-8, found as they are read.
///
/// `/` is ASCII, so splitting the bytes never cuts a character.
struct Segments: Sequence, IteratorProtocol {
    private let utf8: String.UTF8View
    private var start: String.Index?

    init(_ text: String) {
        utf8 = text.utf8
        start = utf8.startIndex
    }

    mutating func next() -> Substring.UTF8View? {
        guard let from = start else { return nil }
        if let slash = utf8[from...].firstIndex(of: UInt8(ascii: "/")) {
            start = utf8.index(after: slash)
            return utf8[from..<slash]
        }
        start = nil
        return utf8[from...]
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
