/// A scene identifier split into `/`-separated segments, where a segment `:name` is a parameter.
///
/// `product/:id` is a pattern with the literal segment `product` and the parameter `id`; it
/// matches `product/42`, capturing `id = 42`. An identifier without a `:name` segment is an
/// exact name, even when it contains `/`.
struct RoutePattern: Hashable, Sendable {
    enum Segment: Hashable, Sendable {
        case literal(String)
        case parameter(String)
    }

    let identifier: SceneIdentifier
    let segments: [Segment]

    /// The pattern's parameter names, in order.
    var parameterNames: [String] {
        segments.compactMap { segment in
            if case .parameter(let name) = segment { return name }
            return nil
        }
    }

    /// The pattern with its parameter names erased: two patterns with the same shape match
    /// exactly the same paths, so they would always collide.
    var shape: String {
        segments.map { segment in
            switch segment {
            case .literal(let text): return text
            case .parameter: return ":"
            }
        }.joined(separator: "/")
    }

    /// Parses `identifier` as a pattern; `nil` when it has no parameter segment.
    ///
    /// The identifier must already satisfy ``SceneIdentifier/problem``, which checks the
    /// segment rules.
    init?(_ identifier: SceneIdentifier) {
        guard identifier.rawValue.utf8.contains(UInt8(ascii: ":")) else { return nil }
        var segments: [Segment] = []
        var hasParameter = false
        for part in identifier.rawValue.split(separator: "/", omittingEmptySubsequences: false) {
            if part.first == ":" {
                segments.append(.parameter(String(part.dropFirst())))
                hasParameter = true
            } else {
                segments.append(.literal(String(part)))
            }
        }
        guard hasParameter else { return nil }
        self.identifier = identifier
        self.segments = segments
    }

    /// The path this pattern makes with `parameters`, such as `product/42`; `nil` when a
    /// parameter is missing, empty, or contains `/`.
    func path(with parameters: SceneParameters) -> String? {
        var parts: [String] = []
        for segment in segments {
            switch segment {
            case .literal(let text):
                parts.append(text)
            case .parameter(let name):
                guard let value = parameters[name], !value.isEmpty,
                    !value.utf8.contains(UInt8(ascii: "/"))
                else { return nil }
                parts.append(value)
            }
        }
        return parts.joined(separator: "/")
    }

    /// The segment rules every identifier containing `/` or `:` must follow.
    static func segmentProblem(in rawValue: String) -> IdentifierProblem? {
        let utf8 = rawValue.utf8
        guard utf8.contains(UInt8(ascii: "/")) || utf8.contains(UInt8(ascii: ":")) else {
            return nil
        }
        var names = Set<String>()
        for (offset, part) in rawValue.split(separator: "/", omittingEmptySubsequences: false)
            .enumerated()
        {
            let number = offset + 1
            if part.isEmpty { return .emptySegment(segment: number) }
            guard part.first == ":" else { continue }
            let name = String(part.dropFirst())
            if name.isEmpty { return .emptyParameterName(segment: number) }
            if number == 1 { return .parameterFirst }
            if !names.insert(name).inserted { return .repeatedParameterName(name) }
        }
        return nil
    }
}

/// The registered route patterns as a tree of segments, for matching a path in time that grows
/// with the path's length, not with the number of patterns.
///
/// Matching walks the path one segment at a time. At each segment a literal child is tried
/// before the parameter child, so **literal segments beat parameters**: with `product/new` and
/// `product/:id` registered, `product/new` matches the first and `product/42` the second. When a
/// literal branch fails further down, the parameter branch is tried next; since each node is
/// reached by one path only, a match visits each node at most once.
///
/// A path is matched on its UTF-8 bytes, without making a string per segment, and the literal
/// segments of every pattern are kept in one byte arena. A node with few literal children
/// compares them byte by byte; a node with many (the first segment of thousands of patterns)
/// finds them through a small open-addressing table keyed by a seeded hash of the segment's
/// bytes. Only registration adds keys, so no path can make a lookup scan.
struct RouteTrie {
    /// A literal child: its segment's bytes in `arena`, and the node it leads to.
    private struct Edge {
        let offset: Int32
        let count: Int32
        let next: Int32
    }

    /// One node, kept small (most have a single literal child, held inline) so that the nodes
    /// of a pattern, which are made one after the other, share cache lines.
    private struct Node {
        /// The first literal child; the others are in `more`.
        var first: Edge?
        var more: [Edge] = []
        /// Positions of the literal children (0 for `first`, N for `more[N - 1]`) plus 1 (0 is
        /// empty), by hash, once there are more than `listLimit`; the count is a power of two
        /// at most half full.
        var table: [Int32] = []
        /// The parameter child, or -1.
        var parameter: Int32 = -1
        /// The pattern ending here, as an index in `routes`, or -1.
        var route: Int32 = -1

        static let listLimit = 8

        var literalCount: Int { first == nil ? 0 : 1 + more.count }

        func literal(_ position: Int) -> Edge? {
            position == 0 ? first : more[position - 1]
        }
    }

    /// A pattern that ends at a node: its identifier, its registration, and which segments of
    /// a matching path are its parameters.
    private struct Route {
        let scene: SceneIdentifier
        let registered: RegisteredScene
        /// The positions (from 0) of the parameter segments in a matching path.
        let positions: [Int]
        /// Every parameter name with an empty value: a match copies it and fills the values in
        /// at `slots`, so that no name is hashed and no dictionary type looked up per match.
        let prototype: [String: String]
        /// Where each parameter's value is in `prototype`, in the order of `positions`.
        let slots: [Dictionary<String, String>.Index]
    }

    private var nodes = [Node()]
    /// The patterns by index; a removed one leaves `nil` (and its builder released), which the
    /// next insertion reuses.
    private var routes: [Route?] = []
    private var freeRoutes: [Int32] = []
    private var arena: [UInt8] = []
    private let seed: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0x5EED as UInt64)
        return UInt64(truncatingIfNeeded: hasher.finalize())
    }()

    /// The number of patterns that end somewhere in the trie.
    private(set) var count = 0

    /// A seeded hash of a segment's bytes: eight bytes at a time, each word folded in with a
    /// full-width multiply.
    @inline(__always)
    private static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> Int {
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
        return Int(truncatingIfNeeded: product.high ^ product.low)
    }

    /// Whether `edge`'s bytes in `arena` are `segment`.
    @inline(__always)
    private static func matches(
        _ edge: Edge, _ segment: UnsafeRawBufferPointer, arena: UnsafeRawBufferPointer
    ) -> Bool {
        guard Int(edge.count) == segment.count else { return false }
        let offset = Int(edge.offset)
        for index in 0..<segment.count where arena[offset + index] != segment[index] {
            return false
        }
        return true
    }

    /// The node a literal `segment` leads to from `node`, if any.
    @inline(__always)
    private static func literalChild(
        of node: UnsafePointer<Node>, _ segment: UnsafeRawBufferPointer,
        arena: UnsafeRawBufferPointer, seed: UInt64
    ) -> Int? {
        guard let first = node.pointee.first else { return nil }
        if node.pointee.table.isEmpty {
            if matches(first, segment, arena: arena) { return Int(first.next) }
            for index in node.pointee.more.indices
            where matches(node.pointee.more[index], segment, arena: arena) {
                return Int(node.pointee.more[index].next)
            }
            return nil
        }
        let mask = node.pointee.table.count - 1
        var position = hash(segment, seed: seed) & mask
        while node.pointee.table[position] != 0 {
            if let edge = node.pointee.literal(Int(node.pointee.table[position]) - 1),
                matches(edge, segment, arena: arena)
            {
                return Int(edge.next)
            }
            position = (position + 1) & mask
        }
        return nil
    }

    private func literalChild(of node: Int, _ text: String) -> Int? {
        var text = text
        return text.withUTF8 { segment in
            arena.withUnsafeBytes { arena in
                nodes.withUnsafeBufferPointer { nodes in
                    nodes.baseAddress.flatMap { base in
                        Self.literalChild(
                            of: base + node, UnsafeRawBufferPointer(segment), arena: arena,
                            seed: seed)
                    }
                }
            }
        }
    }

    private func hash(of edge: Edge) -> Int {
        arena.withUnsafeBytes { arena in
            let start = Int(edge.offset)
            return Self.hash(
                UnsafeRawBufferPointer(rebasing: arena[start..<start + Int(edge.count)]),
                seed: seed)
        }
    }

    private mutating func addLiteral(_ text: String, to node: Int, next: Int) {
        let edge = Edge(
            offset: Int32(arena.count), count: Int32(text.utf8.count), next: Int32(next))
        arena.append(contentsOf: text.utf8)
        if nodes[node].first == nil {
            nodes[node].first = edge
        } else {
            nodes[node].more.append(edge)
        }
        let count = nodes[node].literalCount
        guard count > Node.listLimit else { return }
        if nodes[node].table.isEmpty || count * 2 > nodes[node].table.count {
            var capacity = 16
            while count * 2 > capacity { capacity *= 2 }
            var table = [Int32](repeating: 0, count: capacity)
            for position in 0..<count {
                guard let literal = nodes[node].literal(position) else { continue }
                var slot = hash(of: literal) & (capacity - 1)
                while table[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
                table[slot] = Int32(position + 1)
            }
            nodes[node].table = table
        } else {
            let mask = nodes[node].table.count - 1
            var slot = hash(of: edge) & mask
            while nodes[node].table[slot] != 0 { slot = (slot + 1) & mask }
            nodes[node].table[slot] = Int32(count)
        }
    }

    /// Adds `pattern`; the caller has checked that no pattern of its shape is registered.
    mutating func insert(_ pattern: RoutePattern, registered: RegisteredScene) {
        var current = 0
        for segment in pattern.segments {
            switch segment {
            case .literal(let text):
                if let next = literalChild(of: current, text) {
                    current = next
                } else {
                    nodes.append(Node())
                    addLiteral(text, to: current, next: nodes.count - 1)
                    current = nodes.count - 1
                }
            case .parameter:
                if nodes[current].parameter >= 0 {
                    current = Int(nodes[current].parameter)
                } else {
                    nodes.append(Node())
                    nodes[current].parameter = Int32(nodes.count - 1)
                    current = nodes.count - 1
                }
            }
        }
        if nodes[current].route < 0 { count += 1 }
        var positions: [Int] = []
        var prototype: [String: String] = [:]
        for (position, segment) in pattern.segments.enumerated() {
            if case .parameter(let name) = segment {
                positions.append(position)
                prototype[name] = ""
            }
        }
        let slots = pattern.parameterNames.compactMap { prototype.index(forKey: $0) }
        let route = Route(
            scene: pattern.identifier, registered: registered, positions: positions,
            prototype: prototype, slots: slots)
        if nodes[current].route >= 0 {
            routes[Int(nodes[current].route)] = route
        } else if let free = freeRoutes.popLast() {
            routes[Int(free)] = route
            nodes[current].route = free
        } else {
            routes.append(route)
            nodes[current].route = Int32(routes.count - 1)
        }
    }

    /// Removes the pattern of `pattern`'s shape; its nodes stay, unused.
    mutating func remove(_ pattern: RoutePattern) {
        var current = 0
        for segment in pattern.segments {
            let next: Int?
            switch segment {
            case .literal(let text): next = literalChild(of: current, text)
            case .parameter:
                next = nodes[current].parameter >= 0 ? Int(nodes[current].parameter) : nil
            }
            guard let next else { return }
            current = next
        }
        guard nodes[current].route >= 0 else { return }
        count -= 1
        routes[Int(nodes[current].route)] = nil
        freeRoutes.append(nodes[current].route)
        nodes[current].route = -1
    }

    /// The pattern that matches `path`, its registration, and the parameters its parameter
    /// segments captured.
    func match(_ path: String) -> (
        route: SceneIdentifier, registered: RegisteredScene, parameters: SceneParameters
    )? {
        guard count > 0 else { return nil }
        var path = path
        return path.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            let found = nodes.withUnsafeBufferPointer { nodes in
                arena.withUnsafeBytes { arena in
                    Self.match(bytes, from: 0, node: 0, in: nodes, arena: arena, seed: seed)
                }
            }
            guard let found, nodes[found].route >= 0, let route = routes[Int(nodes[found].route)]
            else { return nil }
            // The parameters: a second pass over the path, picking the parameter segments.
            var values = route.prototype
            var next = 0
            var position = 0
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: "/") {
                if next < route.positions.count, route.positions[next] == position {
                    values.values[route.slots[next]] = String(
                        decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]),
                        as: UTF8.self)
                    next += 1
                }
                position += 1
                start = end + 1
            }
            return (route.scene, route.registered, SceneParameters(values))
        }
    }

    /// The node where a pattern matching the path from byte `start` on ends, if any; `start`
    /// is the beginning of a segment.
    private static func match(
        _ bytes: UnsafeRawBufferPointer, from start: Int, node: Int,
        in nodes: UnsafeBufferPointer<Node>, arena: UnsafeRawBufferPointer, seed: UInt64
    ) -> Int? {
        guard let base = nodes.baseAddress else { return nil }
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
        let isLast = end == bytes.count
        let segment = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        if let next = literalChild(of: base + node, segment, arena: arena, seed: seed) {
            if isLast {
                if nodes[next].route >= 0 { return next }
            } else if let found = match(
                bytes, from: end + 1, node: next, in: nodes, arena: arena, seed: seed)
            {
                return found
            }
        }
        let parameter = Int(nodes[node].parameter)
        if parameter >= 0, !segment.isEmpty {
            if isLast {
                if nodes[parameter].route >= 0 { return parameter }
            } else if let found = match(
                bytes, from: end + 1, node: parameter, in: nodes, arena: arena, seed: seed)
            {
                return found
            }
        }
        return nil
    }
}
