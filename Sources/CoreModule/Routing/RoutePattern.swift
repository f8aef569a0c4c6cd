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
struct RouteTrie: Sendable {
    private struct Node: Sendable {
        var literals: [String: Int] = [:]
        var parameter: Int?
        var route: SceneIdentifier?
    }

    private var nodes = [Node()]

    /// The number of patterns that end somewhere in the trie.
    private(set) var count = 0

    /// Adds `pattern`; the caller has checked that no pattern of its shape is registered.
    mutating func insert(_ pattern: RoutePattern) {
        var current = 0
        for segment in pattern.segments {
            switch segment {
            case .literal(let text):
                if let next = nodes[current].literals[text] {
                    current = next
                } else {
                    nodes.append(Node())
                    nodes[current].literals[text] = nodes.count - 1
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
        nodes[current].route = pattern.identifier
    }

    /// Removes the pattern of `pattern`'s shape; its nodes stay, unused.
    mutating func remove(_ pattern: RoutePattern) {
        var current = 0
        for segment in pattern.segments {
            let next: Int?
            switch segment {
            case .literal(let text): next = nodes[current].literals[text]
            case .parameter: next = nodes[current].parameter
            }
            guard let next else { return }
            current = next
        }
        if nodes[current].route != nil { count -= 1 }
        nodes[current].route = nil
    }

    /// The pattern that matches `path`, and the values its parameter segments captured, in order.
    func match(_ path: String) -> (route: SceneIdentifier, values: [Substring])? {
        guard count > 0 else { return nil }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        var values: [Substring] = []
        guard let route = match(parts, at: 0, node: 0, values: &values) else { return nil }
        return (route, values)
    }

    private func match(
        _ parts: [Substring], at index: Int, node: Int, values: inout [Substring]
    ) -> SceneIdentifier? {
        guard index < parts.count else { return nodes[node].route }
        let part = parts[index]
        if let next = nodes[node].literals[String(part)],
            let route = match(parts, at: index + 1, node: next, values: &values)
        {
            return route
        }
        if let next = nodes[node].parameter, !part.isEmpty {
            values.append(part)
            if let route = match(parts, at: index + 1, node: next, values: &values) {
                return route
            }
            values.removeLast()
        }
        return nil
    }
}
