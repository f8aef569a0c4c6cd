/// The registered route patterns as a tree of segments, for matching a path in time that grows
/// with the path's length, not with the number of patterns.
///
/// Matching walks the path one segment at a time. At each segment a literal child is tried
/// before the parameter child, so **literal segments beat parameters**: with `product/new` and
/// `product/:id` registered, `product/new` matches the first and `product/42` the second. When a
/// literal branch fails further down, the parameter branch is tried next; since each node is
/// reached by one path only, a match visits each node at most once.
///
/// A path is matched on its UTF-8 bytes, without making a string per segment. A segment of up
/// to 16 bytes is packed into two words, so that comparing it with a literal is comparing two
/// words; a longer literal is kept in a byte arena and compared there. A node keeps its only
/// literal child inline (most nodes have one), so that a node is 32 bytes and the nodes of a
/// pattern, made one after the other, share cache lines. A node with several literal children
/// (the first segment of thousands of patterns) finds them in an open-addressing table keyed by
/// a seeded hash of the packed segment, whose slots hold the children themselves: one probe, no
/// further lookup. Only registration adds keys, so no path can make a lookup scan.
struct RouteTrie {
    /// A segment as the trie compares it: up to 16 bytes packed, or for a longer one its length
    /// and a seeded hash of its bytes in `high`.
    private typealias Key = PackedBytes

    /// A literal child: its segment's key and the node it leads to.
    ///
    /// For a literal longer than 16 bytes, `low` is its offset in `arena` instead of its first
    /// bytes.
    private struct Edge {
        var low: UInt64 = 0
        var high: UInt64 = 0
        /// The literal's length in bytes (at most `Int32.max`); 0 for no edge, ``fanned`` for
        /// a node's several children.
        var count: Int32 = 0
        var next: Int32 = 0

        /// The `count` of a node's `first` when its literal children are in a table, whose
        /// index in `fans` is then `next`.
        static let fanned: Int32 = -1
    }

    /// One node of 32 bytes.
    ///
    /// A node where a pattern ends and that has no literal child keeps what a match needs of
    /// the pattern in its unused `first` edge (see ``cache(_:at:)``): the match then reads no
    /// route record, a trip to memory saved when there are many patterns.
    private struct Node {
        /// The only literal child, or the place of several (see ``Edge/fanned``).
        ///
        /// With a `count` of 0 (no literal child), a `low` other than 0 is the cached route's
        /// maker or entry and `high` its layout: see ``CachedRoute``.
        var first = Edge()
        /// The parameter child, or -1.
        var parameter: Int32 = -1
        /// The pattern ending here, as an index in `routes`, or -1.
        var route: Int32 = -1
    }

    /// The table of a node's literal children: `capacity` slots of `fanSlots` from `start`, a
    /// power of two at most half full; an empty slot has `count` 0.
    private struct Fan {
        var start: Int
        var capacity: Int
        var count: Int
    }

    /// A pattern that ends at a node; a free slot (from a removed pattern) has no registration.
    private struct Route {
        var name: SceneName
        var registered: RegisteredScene?
        /// Interned for the life of the process: a match reads it without reference counting.
        var layout: Unmanaged<ParameterLayout>?
        /// For a pattern registered with a ``SceneBuilder`` without requirements, its maker
        /// with the pattern's name, which a match returns instead of the registration.
        var maker: RouteSceneMaker?
    }

    /// A route as its last node caches it: two words of plain bits, valid for as long as the
    /// route's record (which owns the objects they point to) is in `routes`.
    private enum CachedRoute {
        /// Marks an address in `low` as a ``BuilderEntry`` rather than a ``RouteSceneMaker``
        /// (objects are at least 8-byte aligned, so the bit is otherwise 0).
        static let entryTag: UInt64 = 1

        /// The bits to cache for `route`, or `nil` for a free record.
        static func bits(of route: Route) -> (low: UInt64, high: UInt64)? {
            guard let layout = route.layout else { return nil }
            let high = UInt64(UInt(bitPattern: layout.toOpaque()))
            if let maker = route.maker {
                return (UInt64(UInt(bitPattern: Unmanaged.passUnretained(maker).toOpaque())), high)
            }
            guard case .entry(let entry)? = route.registered else { return nil }
            let address = UInt64(UInt(bitPattern: Unmanaged.passUnretained(entry).toOpaque()))
            return (address | entryTag, high)
        }

        /// The match the cached bits of `node` stand for, with `parameters` captured by
        /// `layout`; `nil` when the node caches nothing.
        @inline(__always)
        static func target(
            of node: Node, capturing parameters: (Unmanaged<ParameterLayout>) -> SceneParameters
        ) -> ResolvedTarget? {
            guard node.first.count == 0, node.first.low != 0,
                let layoutAddress = UnsafeRawPointer(bitPattern: UInt(node.first.high)),
                let address = UnsafeRawPointer(bitPattern: UInt(node.first.low & ~entryTag))
            else { return nil }
            let layout = Unmanaged<ParameterLayout>.fromOpaque(layoutAddress)
            if node.first.low & entryTag == 0 {
                let maker = Unmanaged<RouteSceneMaker>.fromOpaque(address).takeUnretainedValue()
                return ResolvedTarget(
                    name: maker.name, registered: .route(maker),
                    routeParameters: parameters(layout))
            }
            let entry = Unmanaged<BuilderEntry>.fromOpaque(address).takeUnretainedValue()
            return ResolvedTarget(
                name: entry.name, registered: .entry(entry), routeParameters: parameters(layout))
        }
    }

    private var nodes = [Node()]
    private var fans: [Fan] = []
    private var fanSlots: [Edge] = []
    private var arena: [UInt8] = []
    private var routes: [Route] = []
    private var freeRoutes: [Int32] = []
    private let seeds: (UInt64, UInt64, UInt64) = {
        var hasher = Hasher()
        hasher.combine(0x5EED as UInt64)
        let first = UInt64(truncatingIfNeeded: hasher.finalize())
        hasher = Hasher()
        hasher.combine(first)
        let second = UInt64(truncatingIfNeeded: hasher.finalize())
        hasher = Hasher()
        hasher.combine(second)
        return (first, second, UInt64(truncatingIfNeeded: hasher.finalize()))
    }()

    /// The number of patterns that end somewhere in the trie.
    private(set) var count = 0

    /// The most segments any pattern ever inserted has: no node is deeper, so no walk is.
    private var depth = 0

    // MARK: Keys

    /// A seeded hash of bytes, eight at a time, each word folded in with a full-width multiply.
    private static func hashBytes(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        var state = seed ^ UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let product = (state ^ word).multipliedFullWidth(by: 0xBF58_476D_1CE4_E5B9)
            state = product.high ^ product.low
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        let product = (state ^ tail).multipliedFullWidth(by: 0x94D0_49BB_1331_11EB)
        return product.high ^ product.low
    }

    /// The key of `bytes[start..<end]`.
    @inline(__always)
    private static func key(
        _ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int, seed: UInt64
    ) -> Key {
        let count = end &- start
        if count > PackedBytes.capacity {
            var key = Key()
            key.high = hashBytes(UnsafeRawBufferPointer(rebasing: bytes[start..<end]), seed: seed)
            key.count = count
            return key
        }
        return Key(bytes, from: start, to: end)
    }

    /// The home slot of a key, from its words and length (a long literal's `low` is its
    /// offset, which takes no part).
    @inline(__always)
    private static func slot(
        low: UInt64, high: UInt64, count: Int, seeds: (UInt64, UInt64, UInt64)
    ) -> Int {
        // Two folded multiplies (as in wyhash): every input bit reaches every output bit.
        let packed = count > 16 ? 0 : low
        let first = (packed ^ seeds.0).multipliedFullWidth(by: high ^ seeds.1 ^ UInt64(count))
        let second = (first.high ^ first.low).multipliedFullWidth(by: seeds.2)
        return Int(truncatingIfNeeded: second.high ^ second.low)
    }

    // MARK: Reading

    /// The trie's arrays as pointers, for one walk.
    private struct View {
        let nodes: UnsafePointer<Node>
        let fans: UnsafePointer<Fan>?
        let slots: UnsafePointer<Edge>?
        let arena: UnsafeRawBufferPointer
        let seeds: (UInt64, UInt64, UInt64)

        /// Whether `edge` is the literal `key`, whose bytes are `bytes[start...]`.
        @inline(__always)
        func edge(_ edge: Edge, is key: Key, in bytes: UnsafeRawBufferPointer, at start: Int)
            -> Bool
        {
            guard Int(edge.count) == key.count else { return false }
            if key.count <= 16 { return edge.low == key.low && edge.high == key.high }
            guard edge.high == key.high else { return false }
            let offset = Int(edge.low)
            for index in 0..<key.count where arena[offset + index] != bytes[start + index] {
                return false
            }
            return true
        }

        /// The node the literal `key` (the bytes of `bytes` from `start`) leads to from
        /// `node`, or -1.
        @inline(__always)
        func child(
            of node: Int, _ key: Key, in bytes: UnsafeRawBufferPointer, at start: Int
        ) -> Int {
            let first = nodes[node].first
            if first.count != Edge.fanned {
                return edge(first, is: key, in: bytes, at: start) ? Int(first.next) : -1
            }
            return child(inFan: Int(first.next), key, in: bytes, at: start)
        }

        /// The node the literal `key` leads to among the children in `fans[fan]`, or -1.
        ///
        /// Kept out of line: most nodes have one literal child, and the walk's loop stays small.
        @inline(never)
        func child(
            inFan fan: Int, _ key: Key, in bytes: UnsafeRawBufferPointer, at start: Int
        ) -> Int {
            guard let fans, let slots else { return -1 }
            let fan = fans[fan]
            let mask = fan.capacity &- 1
            var position =
                RouteTrie.slot(
                    low: key.low, high: key.high, count: key.count, seeds: seeds) & mask
            while true {
                let slot = slots[fan.start &+ position]
                if slot.count == 0 { return -1 }
                if edge(slot, is: key, in: bytes, at: start) { return Int(slot.next) }
                position = (position &+ 1) & mask
            }
        }
    }

    /// Calls `body` with the trie's arrays as pointers, and returns the node or route it finds
    /// (-1 for none).
    private func withView(_ body: (View) -> Int) -> Int {
        nodes.withUnsafeBufferPointer { nodes in
            fans.withUnsafeBufferPointer { fans in
                fanSlots.withUnsafeBufferPointer { slots in
                    arena.withUnsafeBytes { arena in
                        // The root is always there.
                        guard let base = nodes.baseAddress else { return -1 }
                        return body(
                            View(
                                nodes: base, fans: fans.baseAddress, slots: slots.baseAddress,
                                arena: arena, seeds: seeds))
                    }
                }
            }
        }
    }

    /// The node a literal segment `text` leads to from `node`, or -1.
    private func literalChild(of node: Int, _ text: String) -> Int {
        var text = text
        return text.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            return withView { view in
                view.child(
                    of: node, Self.key(bytes, from: 0, to: bytes.count, seed: seeds.0),
                    in: bytes, at: 0)
            }
        }
    }

    // MARK: Changing

    /// The edge for the literal `text` to `next`, its bytes added to `arena` when it is long.
    private mutating func makeEdge(_ text: String, next: Int) -> Edge {
        var text = text
        let key = text.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            return Self.key(bytes, from: 0, to: bytes.count, seed: seeds.0)
        }
        var edge = Edge(
            low: key.low, high: key.high, count: Int32(clamping: key.count),
            next: Int32(clamping: next))
        if key.count > 16 {
            edge.low = UInt64(arena.count)
            arena.append(contentsOf: text.utf8)
        }
        return edge
    }

    /// Puts `edge` in the table at `start` with `capacity` slots.
    private mutating func place(_ edge: Edge, inTableAt start: Int, capacity: Int) {
        let mask = capacity - 1
        var position =
            Self.slot(low: edge.low, high: edge.high, count: Int(edge.count), seeds: seeds) & mask
        while fanSlots[start + position].count != 0 { position = (position + 1) & mask }
        fanSlots[start + position] = edge
    }

    /// Adds a literal child to `node`.
    private mutating func addLiteral(_ text: String, to node: Int, next: Int) {
        let edge = makeEdge(text, next: next)
        let first = nodes[node].first
        if first.count == 0 {
            nodes[node].first = edge
            return
        }
        var fanIndex: Int
        if first.count == Edge.fanned {
            fanIndex = Int(first.next)
        } else {
            fanIndex = fans.count
            fans.append(Fan(start: fanSlots.count, capacity: 4, count: 1))
            fanSlots.append(contentsOf: repeatElement(Edge(), count: 4))
            place(first, inTableAt: fans[fanIndex].start, capacity: 4)
            nodes[node].first = Edge(count: Edge.fanned, next: Int32(fanIndex))
        }
        var fan = fans[fanIndex]
        if (fan.count + 1) * 2 > fan.capacity {
            // A table twice the size at the end of the slots; the old one is left unused.
            let old = fan
            fan.start = fanSlots.count
            fan.capacity *= 2
            fanSlots.append(contentsOf: repeatElement(Edge(), count: fan.capacity))
            for position in old.start..<old.start + old.capacity
            where fanSlots[position].count != 0 {
                place(fanSlots[position], inTableAt: fan.start, capacity: fan.capacity)
            }
        }
        place(edge, inTableAt: fan.start, capacity: fan.capacity)
        fan.count += 1
        fans[fanIndex] = fan
    }

    /// Adds `pattern`; the caller has checked that no pattern of its shape is registered.
    mutating func insert(_ pattern: RoutePattern, registered: RegisteredScene) {
        depth = Swift.max(depth, pattern.segments.count)
        var current = 0
        var positions: [Int] = []
        var names: [String] = []
        for (position, segment) in pattern.segments.enumerated() {
            switch segment {
            case .literal(let text):
                let next = literalChild(of: current, text)
                if next >= 0 {
                    current = next
                } else {
                    nodes.append(Node())
                    addLiteral(text, to: current, next: nodes.count - 1)
                    current = nodes.count - 1
                }
            case .parameter(let name):
                positions.append(position)
                names.append(name)
                if nodes[current].parameter >= 0 {
                    current = Int(nodes[current].parameter)
                } else {
                    nodes.append(Node())
                    nodes[current].parameter = Int32(nodes.count - 1)
                    current = nodes.count - 1
                }
            }
        }
        let name = registered.name(for: pattern.identifier)
        var maker: RouteSceneMaker?
        if case .entry(let entry) = registered, let plain = entry.builder as? SceneBuilder,
            plain.requiredParameters.isEmpty
        {
            maker = RouteSceneMaker(plain.maker, name: name)
        }
        let route = Route(
            name: name, registered: registered,
            layout: ParameterLayout.interned(positions: positions, names: names), maker: maker)
        cache(route, at: current)
        if nodes[current].route >= 0 {
            routes[Int(nodes[current].route)] = route
            return
        }
        count += 1
        if let free = freeRoutes.popLast() {
            routes[Int(free)] = route
            nodes[current].route = free
        } else {
            routes.append(route)
            nodes[current].route = Int32(routes.count - 1)
        }
    }

    /// Caches `route` in `node`, when the node has no literal child (whose edge the cache
    /// would take the place of); clears the cache for a free record.
    private mutating func cache(_ route: Route, at node: Int) {
        guard nodes[node].first.count == 0 else { return }
        let bits = CachedRoute.bits(of: route)
        nodes[node].first.low = bits?.low ?? 0
        nodes[node].first.high = bits?.high ?? 0
    }

    /// Removes the pattern of `pattern`'s shape; its nodes stay, unused, and its slot in
    /// `routes` is released (with its builder) for the next insertion.
    mutating func remove(_ pattern: RoutePattern) {
        var current = 0
        for segment in pattern.segments {
            switch segment {
            case .literal(let text): current = literalChild(of: current, text)
            case .parameter: current = Int(nodes[current].parameter)
            }
            guard current >= 0 else { return }
        }
        let route = nodes[current].route
        guard route >= 0 else { return }
        count -= 1
        let free = Route(name: routes[Int(route)].name, registered: nil, layout: nil, maker: nil)
        routes[Int(route)] = free
        cache(free, at: current)
        freeRoutes.append(route)
        nodes[current].route = -1
    }

    // MARK: Matching

    /// The pattern that matches `path`, its registration, and the parameters its parameter
    /// segments captured.
    func match(_ path: String) -> ResolvedTarget? {
        guard count > 0 else { return nil }
        if let found = path.utf8.withContiguousStorageIfAvailable({
            match(UnsafeRawBufferPointer($0))
        }) {
            return found
        }
        // A string without contiguous UTF-8 (bridged from Objective-C): copy it first.
        var copy = path
        copy.makeContiguousUTF8()
        return copy.utf8.withContiguousStorageIfAvailable { match(UnsafeRawBufferPointer($0)) }
            ?? nil
    }

    /// The pattern that matches the UTF-8 `bytes` of a path.
    private func match(_ bytes: UnsafeRawBufferPointer) -> ResolvedTarget? {
        // The walk's scratch: the end of the segment at each depth it reaches, then its stack of
        // parameter branches, two numbers each. It goes down only to a node that exists, so it
        // reads at most one segment more than the deepest pattern has (`depth + 1` ends, when
        // the path is longer), and it passes at most one branch at each of the `depth` levels.
        let depth = self.depth
        let levels = depth + 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: levels + 2 * depth) {
            scratch in
            guard let ends = scratch.baseAddress else { return nil }
            let last = withView { view in
                Walk(view: view, bytes: bytes, ends: ends, branches: ends + levels).node()
            }
            guard last >= 0 else { return nil }
            let capture = { (layout: Unmanaged<ParameterLayout>) -> SceneParameters in
                SceneParameters(
                    captured: CapturedParameters(layout: layout, in: bytes) { position in
                        (position == 0 ? 0 : ends[position &- 1] &+ 1, ends[position])
                    })
            }
            let node = nodes[last]
            if let target = CachedRoute.target(of: node, capturing: capture) { return target }
            return routes.withUnsafeBufferPointer { routes in
                let route = routes[Int(node.route)]
                guard let registered = route.registered, let layout = route.layout else {
                    return nil
                }
                return ResolvedTarget(
                    name: route.name, registered: registered, routeParameters: capture(layout))
            }
        }
    }

    /// One match of a path's bytes down the trie: depth first, literal child before parameter
    /// child, in a loop that keeps the parameter branches it passes on a stack of its own.
    private struct Walk {
        let view: View
        let bytes: UnsafeRawBufferPointer
        /// Where the walk writes the end of each segment it visits, by depth (room for one
        /// more than the trie's depth): the same for every branch, since segments depend on the
        /// path alone.
        let ends: UnsafeMutablePointer<Int>
        /// The parameter branches left to try, as pairs of a parameter node and the depth of
        /// its segment, the latest last (room for two numbers per depth).
        let branches: UnsafeMutablePointer<Int>

        /// The node where the pattern matching the path ends, or -1.
        func node() -> Int {
            let slash = UInt8(ascii: "/")
            var node = 0
            var start = 0
            var depth = 0
            var pending = 0
            while true {
                var end = ByteScan.firstIndex(of: slash, in: bytes, from: start)
                ends[depth] = end
                var next = -1
                // No literal and no parameter value is empty.
                if end > start {
                    let parameter = Int(view.nodes[node].parameter)
                    let key = RouteTrie.key(bytes, from: start, to: end, seed: view.seeds.0)
                    next = view.child(of: node, key, in: bytes, at: start)
                    if next < 0 {
                        next = parameter
                    } else if parameter >= 0 {
                        branches[2 &* pending] = parameter
                        branches[2 &* pending &+ 1] = depth
                        pending &+= 1
                    }
                }
                // Down to `next`, or done there; at a dead end, back to the latest parameter
                // branch passed, if any.
                while true {
                    if next >= 0 {
                        if end != bytes.count {
                            node = next
                            start = end &+ 1
                            depth &+= 1
                            break
                        }
                        if view.nodes[next].route >= 0 { return next }
                    }
                    guard pending > 0 else { return -1 }
                    pending &-= 1
                    next = branches[2 &* pending]
                    depth = branches[2 &* pending &+ 1]
                    end = ends[depth]
                }
            }
        }
    }
}
