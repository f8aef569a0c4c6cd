/// The registered route patterns, for matching a path in time that does not grow with the
/// number of patterns.
///
/// Each pattern is kept under its **shape**: the pattern read with its parameter segments as
/// `:` (`product/:id` is kept under `product/:`). Two patterns of the same shape would match
/// exactly the same paths, so the registry rejects the second. To match a path of *n* segments,
/// the table tries the **masks** that patterns of *n* segments have (which segments are
/// parameters), most literal first, and looks the path up read through each mask: `product/42`
/// read through the mask of `product/:id` is `product/:`. The first shape found wins. A path's
/// ``ShapeKey`` writes its shape's bytes out once per mask tried, from one copy of the path's
/// bytes; a registered pattern's key reads the pattern's own text, and keeps nothing more.
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
        /// Whether the pattern's last segment is a catch-all (`*name`).
        let catchAll: Bool
        /// What the pattern stands for.
        let value: Value

        /// The pattern's parameter names, in the order of its parameter segments (a catch-all
        /// last): read from the pattern when asked, once per match, so that a route keeps no
        /// array of them.
        var parameterNames: [String] {
            let bytes = Array(pattern.rawValue.utf8)
            var names: [String] = []
            // A pattern has a few parameters: one allocation holds them.
            names.reserveCapacity(4)
            var start = 0
            while start <= bytes.count {
                var stop = start
                while stop < bytes.count, bytes[stop] != UInt8(ascii: "/") { stop += 1 }
                if stop > start,
                    bytes[start] == UInt8(ascii: ":")
                        || (catchAll && stop == bytes.count && bytes[start] == UInt8(ascii: "*"))
                {
                    names.append(String(decoding: bytes[(start + 1)..<stop], as: UTF8.self))
                }
                start = stop + 1
            }
            return names
        }
    }

    /// Every pattern, keyed by its shape.
    private var routes: [ShapeKey: Route] = [:]

    /// The masks of the catch-all patterns: which of the segments before the catch-all are
    /// parameters, in the order a match tries them, with how many patterns have each.
    private var catchAllMasks: [(mask: [Bool], count: Int)] = []

    /// The masks of the patterns, indexed by number of segments (a table per length).
    ///
    /// Each length's masks are in the order a match tries them, most literal first, with how
    /// many patterns have each; patterns with the same mask share its array.
    private var masks: [[(mask: [Bool], count: Int)]] = []

    /// Whether no pattern is registered.
    var isEmpty: Bool { routes.isEmpty }

    /// The pattern registered with `pattern`'s shape, if any.
    func route(shapedLike pattern: RoutePattern) -> Route? {
        routes[ShapeKey(pattern)]
    }

    /// A pattern read once for the table: its key and its mask, which a registry makes before
    /// it takes its lock, then checks and inserts.
    struct Entry: Sendable {
        let pattern: RoutePattern
        let mask: [Bool]
        let key: ShapeKey

        init(_ pattern: RoutePattern) {
            self.pattern = pattern
            mask = pattern.mask
            key = ShapeKey(pattern)
        }
    }

    /// The pattern registered with `entry`'s shape, if any.
    func route(shapedLike entry: Entry) -> Route? {
        routes[entry.key]
    }

    // MARK: Changing

    /// Adds `pattern`, replacing the pattern of the same shape if there is one (the registry
    /// has checked that replacing is wanted); returns the route it replaced.
    @discardableResult
    mutating func insert(_ pattern: RoutePattern, value: Value) -> Route? {
        insert(Entry(pattern), value: value)
    }

    /// Adds `entry`'s pattern, as inserting the pattern itself does.
    @discardableResult
    mutating func insert(_ entry: Entry, value: Value) -> Route? {
        let pattern = entry.pattern
        let catchAll = pattern.hasCatchAll
        let mask = catchAll ? entry.mask : sharedMask(entry.mask)
        let key = entry.key
        let route = Route(pattern: pattern.identifier, catchAll: catchAll, value: value)
        // A replaced pattern's key goes, so that the new spelling is the one kept.
        let replaced = routes.removeValue(forKey: key)
        routes[key] = route
        if replaced == nil { count(mask, catchAll: catchAll, by: 1) }
        return replaced
    }

    /// Removes the pattern of `pattern`'s shape; returns it, or `nil` when there was none.
    @discardableResult
    mutating func remove(_ pattern: RoutePattern) -> Route? {
        let key = ShapeKey(pattern)
        guard let removed = routes.removeValue(forKey: key) else { return nil }
        count(pattern.mask, catchAll: pattern.hasCatchAll, by: -1)
        return removed
    }

    /// The array already kept for `mask`, so that patterns with one mask share one array.
    private func sharedMask(_ mask: [Bool]) -> [Bool] {
        guard mask.count < masks.count else { return mask }
        return masks[mask.count].first { $0.mask == mask }?.mask ?? mask
    }

    /// The masks of the patterns of `length` segments, in the order they are tried.
    private func masks(ofLength length: Int) -> [(mask: [Bool], count: Int)] {
        length < masks.count ? masks[length] : []
    }

    /// Adds `change` to the number of patterns with `key`'s mask, keeping each list of masks
    /// in the order they are tried.
    private mutating func count(_ mask: [Bool], catchAll: Bool, by change: Int) {
        if catchAll {
            Self.count(mask, catchAll: true, by: change, in: &catchAllMasks)
        } else {
            if masks.count <= mask.count {
                masks.append(contentsOf: repeatElement([], count: mask.count + 1 - masks.count))
            }
            Self.count(mask, catchAll: false, by: change, in: &masks[mask.count])
            while masks.last?.isEmpty == true { masks.removeLast() }
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

    /// The pattern that matches `path`, with the values its parameters take and their names in
    /// the pattern's order; `nil` when none does. (For the container's patterns, which have no
    /// catch-all; a universal link's captures are read by its reader.)
    func match(_ path: String) -> (
        route: Route, parameters: SceneParameters, parameterNames: [String]
    )? {
        guard !routes.isEmpty else { return nil }
        let bytes = Array(path.utf8)
        guard let (route, mask) = find(bytes) else { return nil }
        let parameterNames = route.parameterNames
        var parameters = [String: String](minimumCapacity: parameterNames.count)
        var names = parameterNames.makeIterator()
        var start = 0
        for isParameter in mask {
            var stop = start
            while stop < bytes.count, bytes[stop] != UInt8(ascii: "/") { stop += 1 }
            if isParameter, let name = names.next() {
                parameters[name] = String(decoding: bytes[start..<stop], as: UTF8.self)
            }
            start = stop + 1
        }
        return (route, SceneParameters(parameters), parameterNames)
    }

    /// The pattern that matches `path`, and the mask it was read through (the segments before
    /// a catch-all, for a catch-all pattern); `nil` when none does.
    ///
    /// Every match, of a scene's path or of a universal link's, goes through here.
    func find(_ path: String) -> (route: Route, mask: [Bool])? {
        guard !routes.isEmpty else { return nil }
        return find(Array(path.utf8))
    }

    /// ``find(_:)`` of a path's UTF-8 bytes.
    private func find(_ path: [UInt8]) -> (route: Route, mask: [Bool])? {
        var segmentCount = 1
        for byte in path where byte == UInt8(ascii: "/") { segmentCount += 1 }
        let exact = masks(ofLength: segmentCount)
        guard !catchAllMasks.isEmpty else {
            for (mask, _) in exact {
                guard let key = ShapeKey(path: path, mask: mask, catchAll: false),
                    let route = routes[key]
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
            guard let key = ShapeKey(path: path, mask: mask, catchAll: catchAll),
                let route = routes[key]
            else { continue }
            return (route, mask)
        }
        return nil
    }
}

/// A route's shape as the route table keys it: a pattern or a path read through a mask of which
/// of its `/`-separated segments are parameters, each parameter segment written as `:`, and a
/// catch-all's segments as one `*`, in UTF-8.
///
/// `product/:id` and `product/42`, both read through the mask `[false, true]`, have the shape
/// `product/:`; the catch-all pattern `files/*path` and the path `files/a/b` both `files/*`.
///
/// A registered pattern's key keeps the pattern's text, which its route keeps too, so that a
/// registered key adds no storage of its own; its shape is read from the text (its parameter
/// segments are the ones that start with `:`, its catch-all the last one, starting with `*`).
/// A path's key, made for one lookup, keeps the shape's bytes. Both keep a 64-bit fingerprint
/// of the shape's bytes, which is what they hash, and which equality compares first: shapes are
/// compared byte for byte only when fingerprints agree, about once per lookup.
struct ShapeKey: Hashable, Sendable {
    /// Where the shape's bytes are.
    private enum Text: Sendable {
        /// A registered pattern's text, read as its shape.
        case pattern(String)
        /// A path's shape, written out.
        case shape([UInt8])
    }

    private let text: Text
    /// Whether the shape ends with a catch-all, which takes the segments after the mask's.
    private let catchAll: Bool
    /// The FNV-1a hash of the shape's bytes.
    private let fingerprint: UInt64

    /// The key of a pattern, whose parameter segments are `:name` and catch-all `*name`.
    init(_ pattern: RoutePattern) {
        let text = pattern.identifier.rawValue
        catchAll = pattern.hasCatchAll
        var fingerprint = Fingerprint()
        Self.forEachShapeByte(ofPattern: text, catchAll: catchAll) {
            fingerprint.add($0)
            return true
        }
        self.text = .pattern(text)
        self.fingerprint = fingerprint.value
    }

    /// The key of a path's bytes read through `mask` (for a catch-all, the segments before
    /// it), or `nil` when the path cannot have that shape: a parameter segment is empty, a
    /// literal one starts with `:` (which only a pattern's parameter segment does), or the
    /// path has another number of segments than the mask (more, for a catch-all).
    init?(path: [UInt8], mask: [Bool], catchAll: Bool) {
        var shape: [UInt8] = []
        shape.reserveCapacity(path.count + 1)
        var segment = 0
        var start = 0
        while true {
            var stop = start
            while stop < path.count, path[stop] != UInt8(ascii: "/") { stop += 1 }
            if segment == mask.count {
                // A catch-all takes the rest of the path, one segment or more, as one `*`.
                guard catchAll, segment > 0 else { return nil }
                shape.append(UInt8(ascii: "/"))
                shape.append(UInt8(ascii: "*"))
                break
            }
            if segment > 0 { shape.append(UInt8(ascii: "/")) }
            if mask[segment] {
                guard stop > start else { return nil }
                shape.append(UInt8(ascii: ":"))
            } else {
                guard stop == start || path[start] != UInt8(ascii: ":") else { return nil }
                shape.append(contentsOf: path[start..<stop])
            }
            segment += 1
            if stop == path.count {
                guard segment == mask.count, !catchAll else { return nil }
                break
            }
            start = stop + 1
        }
        var fingerprint = Fingerprint()
        for byte in shape { fingerprint.add(byte) }
        self.text = .shape(shape)
        self.catchAll = catchAll
        self.fingerprint = fingerprint.value
    }

    static func == (lhs: ShapeKey, rhs: ShapeKey) -> Bool {
        guard lhs.fingerprint == rhs.fingerprint, lhs.catchAll == rhs.catchAll else {
            return false
        }
        switch (lhs.text, rhs.text) {
        case (.shape(let left), .shape(let right)):
            return left == right
        case (.pattern(let pattern), .shape(let shape)), (.shape(let shape), .pattern(let pattern)):
            return Self.shape(ofPattern: pattern, catchAll: lhs.catchAll, equals: shape)
        case (.pattern(let left), .pattern(let right)):
            var shape: [UInt8] = []
            forEachShapeByte(ofPattern: left, catchAll: lhs.catchAll) {
                shape.append($0)
                return true
            }
            return Self.shape(ofPattern: right, catchAll: lhs.catchAll, equals: shape)
        }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(fingerprint)
    }

    /// Whether the shape of `pattern`, a pattern's text, is `shape`.
    private static func shape(ofPattern pattern: String, catchAll: Bool, equals shape: [UInt8])
        -> Bool
    {
        var index = 0
        var equal = true
        forEachShapeByte(ofPattern: pattern, catchAll: catchAll) {
            guard index < shape.count, shape[index] == $0 else {
                equal = false
                return false
            }
            index += 1
            return true
        }
        return equal && index == shape.count
    }

    /// Calls `body` with each byte of the shape of `pattern`, a pattern's text, until it
    /// returns `false`: a segment that starts with `:` reads as `:`, and with `catchAll`, the
    /// last segment as `*`.
    private static func forEachShapeByte(
        ofPattern pattern: String, catchAll: Bool, _ body: (UInt8) -> Bool
    ) {
        let bytes = Array(pattern.utf8)
        var start = 0
        while start <= bytes.count {
            var stop = start
            while stop < bytes.count, bytes[stop] != UInt8(ascii: "/") { stop += 1 }
            if start > 0 {
                guard body(UInt8(ascii: "/")) else { return }
            }
            if stop > start, bytes[start] == UInt8(ascii: ":") {
                guard body(UInt8(ascii: ":")) else { return }
            } else if catchAll, stop == bytes.count, stop > start,
                bytes[start] == UInt8(ascii: "*")
            {
                guard body(UInt8(ascii: "*")) else { return }
            } else {
                for index in start..<stop {
                    guard body(bytes[index]) else { return }
                }
            }
            start = stop + 1
        }
    }

    /// The 64-bit FNV-1a hash, fed one byte at a time.
    private struct Fingerprint {
        private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

        mutating func add(_ byte: UInt8) {
            value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
        }
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
