/// A ``LinkRoute``'s path split into `/`-separated segments, where a segment `:name` is a
/// parameter and a last segment `*name` a catch-all.
///
/// `product/:id` is a pattern with the literal segment `product` and the parameter `id`; it
/// matches `product/42`, capturing `id = 42`.
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

    /// Whether the last segment takes the rest of the path.
    var hasCatchAll: Bool {
        if case .catchAll = segments.last { return true }
        return false
    }

    /// Reads the path of a universal link's route (`product/:id`, `files/*path`, `help`), where
    /// a last segment `*name` takes the rest of the path; a path without parameters is a pattern
    /// too.
    ///
    /// - Returns: The pattern.
    /// - Throws: ``NavigationError/LinkFailure/invalidLinkTable(_:)`` naming the problem with `path`.
    static func linkPath(_ path: String) throws(NavigationError) -> RoutePattern {
        func failure(_ problem: NavigationError.LinkRouteProblem) -> NavigationError {
            .link(.invalidLinkTable(.invalidRoute(path, problem)))
        }
        let identifier = SceneIdentifier(path)
        if let problem = identifier.brokenRule { throw failure(.invalidPath(problem)) }
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
}
