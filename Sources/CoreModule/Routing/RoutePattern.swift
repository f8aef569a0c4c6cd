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

    /// Whether the last segment takes the rest of the path.
    var hasCatchAll: Bool {
        if case .catchAll = segments.last { return true }
        return false
    }

    /// Parses `identifier` as a pattern; `nil` when it has no parameter segment.
    ///
    /// The identifier must already satisfy ``SceneIdentifier/problem``, which checks the
    /// segment rules.
    init?(_ identifier: SceneIdentifier) {
        self.init(identifier, bytes: Array(identifier.rawValue.utf8))
    }

    /// Parses `identifier`, whose bytes are `bytes`, as ``init(_:)`` does, for a caller that
    /// reads the bytes for more.
    init?(_ identifier: SceneIdentifier, bytes: [UInt8]) {
        guard bytes.contains(UInt8(ascii: ":")) else { return nil }
        var segments: [Segment] = []
        segments.reserveCapacity(Self.segmentCount(of: bytes))
        var hasParameter = false
        // `/` and `:` are ASCII: splitting the bytes never cuts a character.
        for part in Self.segmentRanges(of: bytes) {
            if part.first.map({ bytes[$0] }) == UInt8(ascii: ":") {
                let name = bytes[(part.lowerBound + 1)..<part.upperBound]
                segments.append(.parameter(String(decoding: name, as: UTF8.self)))
                hasParameter = true
            } else {
                segments.append(.literal(String(decoding: bytes[part], as: UTF8.self)))
            }
        }
        guard hasParameter else { return nil }
        self.identifier = identifier
        self.segments = segments
    }

    /// The number of `/`-separated segments in `bytes`.
    private static func segmentCount(of bytes: [UInt8]) -> Int {
        var count = 1
        for byte in bytes where byte == UInt8(ascii: "/") { count += 1 }
        return count
    }

    /// The ranges of the `/`-separated segments of `bytes`, empty ones included, in order.
    private static func segmentRanges(of bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(segmentCount(of: bytes))
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "/") {
            ranges.append(start..<index)
            start = index + 1
        }
        ranges.append(start..<bytes.count)
        return ranges
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

    /// The segment rules every identifier containing `/` or `:` must follow, read from the
    /// identifier's bytes of UTF-8.
    static func segmentProblem(in bytes: [UInt8]) -> NavigationError.IdentifierProblem? {
        let slash = UInt8(ascii: "/")
        guard bytes.contains(where: { $0 == slash || $0 == UInt8(ascii: ":") }) else {
            return nil
        }
        var names: [String] = []
        // Each segment in turn, read in place (a list of their ranges costs an allocation).
        var number = 0
        var start = 0
        while true {
            number += 1
            var stop = start
            while stop < bytes.count, bytes[stop] != slash { stop += 1 }
            if stop == start { return .emptySegment(segment: number) }
            if bytes[start] == UInt8(ascii: ":") {
                let name = bytes[(start + 1)..<stop]
                if name.isEmpty { return .emptyParameterName(segment: number) }
                if number == 1 { return .parameterFirst }
                // A pattern has a few parameters: comparing them pairwise is cheaper than
                // hashing. (As strings: two spellings of one name would be one key of the
                // parameters.)
                let text = String(decoding: name, as: UTF8.self)
                if names.contains(text) { return .repeatedParameterName(text) }
                names.append(text)
            }
            guard stop < bytes.count else { return nil }
            start = stop + 1
        }
    }
}
