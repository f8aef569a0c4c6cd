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
