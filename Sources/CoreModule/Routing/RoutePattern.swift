/// A scene identifier split into `/`-separated segments, where a segment `:name` is a parameter.
///
/// `product/:id` is a pattern with the literal segment `product` and the parameter `id`; it
/// matches `product/42`, capturing `id = 42`. An identifier without a `:name` segment is an
/// exact name, even when it contains `/`.
struct RoutePattern: Hashable, Sendable {
    enum Segment: Hashable, Sendable {
        case literal(String)
        case parameter(String)
        /// The rest of the path, one segment or more (`*path`): a universal link's route only,
        /// and only last.
        case catchAll(String)
    }

    let identifier: SceneIdentifier
    let segments: [Segment]

    /// The pattern's parameter names, in order.
    var parameterNames: [String] {
        segments.compactMap { segment in
            switch segment {
            case .parameter(let name), .catchAll(let name): return name
            case .literal: return nil
            }
        }
    }

    /// Which segments are parameters, in order, up to a catch-all.
    var mask: [Bool] {
        segments.compactMap { segment in
            switch segment {
            case .literal: return false
            case .parameter: return true
            case .catchAll: return nil
            }
        }
    }

    /// Whether the last segment takes the rest of the path.
    var hasCatchAll: Bool {
        if case .catchAll = segments.last { return true }
        return false
    }

    /// The pattern with its parameter names erased: two patterns with the same shape match
    /// exactly the same paths, so they would always collide.
    var shape: String {
        segments.map { segment in
            switch segment {
            case .literal(let text): return text
            case .parameter: return ":"
            case .catchAll: return "*"
            }
        }.joined(separator: "/")
    }

    /// Parses `identifier` as a pattern; `nil` when it has no parameter segment.
    ///
    /// The identifier must already satisfy ``SceneIdentifier/problem``, which checks the
    /// segment rules.
    init?(_ identifier: SceneIdentifier) {
        let utf8 = identifier.rawValue.utf8
        guard utf8.contains(UInt8(ascii: ":")) else { return nil }
        var segments: [Segment] = []
        var hasParameter = false
        // `/` and `:` are ASCII: splitting the bytes never cuts a character.
        for part in utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            if part.first == UInt8(ascii: ":") {
                segments.append(.parameter(String(Substring(part.dropFirst()))))
                hasParameter = true
            } else {
                segments.append(.literal(String(Substring(part))))
            }
        }
        guard hasParameter else { return nil }
        self.identifier = identifier
        self.segments = segments
    }

    /// Reads the path of a universal link's route (`product/:id`, `files/*path`, `help`), where
    /// a last segment `*name` takes the rest of the path; a path without parameters is a pattern
    /// too.
    ///
    /// - Returns: The pattern.
    /// - Throws: ``NavigationError/invalidLinkTable(_:)`` naming the problem with `path`.
    static func linkPath(_ path: String) throws(NavigationError) -> RoutePattern {
        func failure(_ problem: LinkRouteProblem) -> NavigationError {
            .invalidLinkTable(.invalidRoute(path, problem))
        }
        let identifier = SceneIdentifier(path)
        if let problem = identifier.problem { throw failure(.invalidPath(problem)) }
        var segments: [Segment] = []
        var names: [String] = []
        let parts = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        for (offset, part) in parts.enumerated() {
            let text = String(Substring(part))
            let number = offset + 1
            switch part.first {
            case UInt8(ascii: ":"), UInt8(ascii: "*"):
                let name = String(text.dropFirst())
                if name.isEmpty {
                    throw failure(.invalidPath(.emptyParameterName(segment: number)))
                }
                if number == 1 { throw failure(.invalidPath(.parameterFirst)) }
                if names.contains(name) {
                    throw failure(.invalidPath(.repeatedParameterName(name)))
                }
                names.append(name)
                if part.first == UInt8(ascii: "*") {
                    guard number == parts.count else {
                        throw failure(.catchAllNotLast(segment: number))
                    }
                    segments.append(.catchAll(name))
                } else {
                    segments.append(.parameter(name))
                }
            default:
                // A literal is matched against a decoded path segment, whose `%` and `/` the
                // reader escapes: a literal holding either would never match.
                if part.contains(UInt8(ascii: "%")) {
                    throw failure(.percentInLiteral(segment: number))
                }
                segments.append(.literal(text))
            }
        }
        return RoutePattern(identifier: identifier, segments: segments)
    }

    private init(identifier: SceneIdentifier, segments: [Segment]) {
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
            // (A catch-all is a universal link's; the container's patterns have none.)
            case .parameter(let name), .catchAll(let name):
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
        var names: [Substring.UTF8View] = []
        for (offset, part) in utf8.split(
            separator: UInt8(ascii: "/"), omittingEmptySubsequences: false
        ).enumerated() {
            let number = offset + 1
            if part.isEmpty { return .emptySegment(segment: number) }
            guard part.first == UInt8(ascii: ":") else { continue }
            let name = part.dropFirst()
            if name.isEmpty { return .emptyParameterName(segment: number) }
            if number == 1 { return .parameterFirst }
            // A pattern has a few parameters: comparing them pairwise is cheaper than hashing.
            // (As strings: two spellings of one name would be one key of the parameters.)
            if names.contains(where: { Substring($0) == Substring(name) }) {
                return .repeatedParameterName(String(Substring(name)))
            }
            names.append(name)
        }
        return nil
    }
}
