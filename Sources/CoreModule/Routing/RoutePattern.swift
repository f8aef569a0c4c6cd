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
/// A path is matched on its UTF-8 bytes, without making a string per segment: a node with few
/// literal children compares them byte by byte; a node with many (the first segment of
/// thousands of patterns) finds them by a seeded hash of the segment's bytes, so that no input
/// can make it scan.
struct RouteTrie {
    private struct Literal {
        let bytes: [UInt8]
        let next: Int
    }

    private struct Node {
        var literals: [Literal] = []
        /// Positions in `literals` by hash of the bytes, once there are more than `listLimit`.
        var index: [Int: [Int]]?
        var parameter: Int?
        var route: (scene: SceneIdentifier, registered: RegisteredScene)?

        static let listLimit = 8

        func literal(_ segment: UnsafeBufferPointer<UInt8>) -> Int? {
            if let index {
                guard let positions = index[RouteTrie.hash(segment)] else { return nil }
                for position in positions where literals[position].bytes.elementsEqual(segment) {
                    return literals[position].next
                }
                return nil
            }
            for literal in literals where literal.bytes.elementsEqual(segment) {
                return literal.next
            }
            return nil
        }

        mutating func addLiteral(_ bytes: [UInt8], next: Int) {
            literals.append(Literal(bytes: bytes, next: next))
            if index != nil {
                let key = bytes.withUnsafeBufferPointer(RouteTrie.hash)
                index?[key, default: []].append(literals.count - 1)
            } else if literals.count > Self.listLimit {
                var built: [Int: [Int]] = [:]
                for (position, literal) in literals.enumerated() {
                    built[literal.bytes.withUnsafeBufferPointer(RouteTrie.hash), default: []]
                        .append(position)
                }
                index = built
            }
        }
    }

    private var nodes = [Node()]

    /// The number of patterns that end somewhere in the trie.
    private(set) var count = 0

    /// A seeded hash of a segment's bytes.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        return hasher.finalize()
    }

    /// The node a literal segment leads to from `node`, if any.
    private func literalChild(of node: Int, _ text: String) -> Int? {
        Array(text.utf8).withUnsafeBufferPointer { nodes[node].literal($0) }
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
                    nodes[current].addLiteral(Array(text.utf8), next: nodes.count - 1)
                    current = nodes.count - 1
                }
            case .parameter:
                if let next = nodes[current].parameter {
                    current = next
                } else {
                    nodes.append(Node())
                    nodes[current].parameter = nodes.count - 1
                    current = nodes.count - 1
                }
            }
        }
        if nodes[current].route == nil { count += 1 }
        nodes[current].route = (pattern.identifier, registered)
    }

    /// Removes the pattern of `pattern`'s shape; its nodes stay, unused.
    mutating func remove(_ pattern: RoutePattern) {
        var current = 0
        for segment in pattern.segments {
            let next: Int?
            switch segment {
            case .literal(let text): next = literalChild(of: current, text)
            case .parameter: next = nodes[current].parameter
            }
            guard let next else { return }
            current = next
        }
        if nodes[current].route != nil { count -= 1 }
        nodes[current].route = nil
    }

    /// The pattern that matches `path`, its registration, and the values its parameter segments
    /// captured, in order.
    func match(_ path: String) -> (
        route: SceneIdentifier, registered: RegisteredScene, values: [String]
    )? {
        guard count > 0 else { return nil }
        var path = path
        return path.withUTF8 { bytes in
            // The segments as byte ranges, split on "/" (ASCII, so never inside a character),
            // in scratch memory on the stack.
            let slashes = bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }
            return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: slashes + 1) {
                segments in
                var count = 0
                var start = 0
                for offset in 0..<bytes.count where bytes[offset] == UInt8(ascii: "/") {
                    segments.initializeElement(at: count, to: start..<offset)
                    count += 1
                    start = offset + 1
                }
                segments.initializeElement(at: count, to: start..<bytes.count)
                let filled = UnsafeBufferPointer(rebasing: segments[0...count])
                var captured: [Range<Int>] = []
                captured.reserveCapacity(4)
                let found = nodes.withUnsafeBufferPointer { nodes in
                    Self.match(bytes, filled, at: 0, node: 0, in: nodes, captured: &captured)
                }
                guard let found else { return nil }
                let values = captured.map { range in
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                }
                return (found.scene, found.registered, values)
            }
        }
    }

    private static func match(
        _ bytes: UnsafeBufferPointer<UInt8>, _ segments: UnsafeBufferPointer<Range<Int>>,
        at index: Int, node: Int, in nodes: UnsafeBufferPointer<Node>,
        captured: inout [Range<Int>]
    ) -> (scene: SceneIdentifier, registered: RegisteredScene)? {
        guard index < segments.count else { return nodes[node].route }
        let segment = segments[index]
        if let next = nodes[node].literal(UnsafeBufferPointer(rebasing: bytes[segment])),
            let route = match(
                bytes, segments, at: index + 1, node: next, in: nodes, captured: &captured)
        {
            return route
        }
        if let next = nodes[node].parameter, !segment.isEmpty {
            captured.append(segment)
            if let route = match(
                bytes, segments, at: index + 1, node: next, in: nodes, captured: &captured)
            {
                return route
            }
            captured.removeLast()
        }
        return nil
    }
}
