/// A ``LinkRoute``'s path template read into segments, and its query items that fill
/// parameters.
///
/// The grammar, one `/`-separated segment at a time:
/// - `product`: a literal segment, matched exactly;
/// - `:id`: a parameter, the whole segment;
/// - `item-:id`, `:slug.html`, `v:major.:minor`: parameters inside a segment, between literal
///   text (a **composite** segment);
/// - `*path`, last: a catch-all, the rest of the path (one segment or more);
/// - `/` alone: the site's root, the path with no segment.
///
/// A parameter's name is ASCII letters, digits and `_`, so `:slug.html` is the parameter `slug`
/// then the literal `.html`. After the path, `?q=:term&sort=:order` says which query item fills
/// which parameter (the item `q` fills `term`).
struct RoutePattern: Hashable, Sendable {
    enum Segment: Hashable, Sendable {
        case literal(String)
        case parameter(String)
        /// Parameters inside a segment, between literal text; at least one parameter, and never
        /// two parameters without literal text between them.
        case composite([Part])
        /// The rest of the path, one segment or more (`*path`): only last.
        case catchAll(String)
    }

    /// A piece of a composite segment.
    enum Part: Hashable, Sendable {
        case literal(String)
        case parameter(String)
    }

    /// A query item that fills a parameter of another name (`?q=:term`).
    struct QueryParameter: Hashable, Sendable {
        /// The query item's name in the link.
        let item: String
        /// The parameter it fills.
        let name: String
    }

    /// The template as the route gives it.
    let template: String
    /// The path's segments; none for the root (`/`).
    let segments: [Segment]
    /// The query items that fill parameters of other names, in the template's order.
    let queryParameters: [QueryParameter]

    /// The path's parameter names, in order (a composite segment's in its order, a catch-all's
    /// last); the query parameters are not among them.
    var parameterNames: [String] {
        segments.flatMap { segment -> [String] in
            switch segment {
            case .parameter(let name), .catchAll(let name): return [name]
            case .composite(let parts):
                return parts.compactMap { part in
                    if case .parameter(let name) = part { return name }
                    return nil
                }
            case .literal: return []
            }
        }
    }

    /// Whether the last segment takes the rest of the path.
    var hasCatchAll: Bool {
        if case .catchAll = segments.last { return true }
        return false
    }

    /// The path as the route table keeps it: whole parameters as `:name`, a catch-all as
    /// `*name`, and each composite segment as `%` (a byte no literal holds), which the table
    /// matches as "any segment", leaving the composite's text to ``matches(_:against:)``.
    var tablePath: SceneIdentifier {
        SceneIdentifier(
            segments.map { segment in
                switch segment {
                case .literal(let text): return text
                case .parameter(let name): return ":" + name
                case .composite: return "%"
                case .catchAll(let name): return "*" + name
                }
            }.joined(separator: "/"))
    }

    /// The shape: the path with every parameter written `:` and a catch-all `*`.
    ///
    /// Two templates of one shape match exactly the same links.
    var shape: String {
        guard !segments.isEmpty else { return "/" }
        return segments.map { segment in
            switch segment {
            case .literal(let text): return text
            case .parameter: return ":"
            case .catchAll: return "*"
            case .composite(let parts):
                return parts.map { part in
                    if case .literal(let text) = part { return text }
                    return ":"
                }.joined()
            }
        }.joined(separator: "/")
    }

    /// The literal characters of each composite segment, in order: the more a segment has, the
    /// more precise it is (`item-:id` before `:id`), which orders composites of one shape.
    var compositeLiteralCounts: [Int] {
        segments.compactMap { segment in
            guard case .composite(let parts) = segment else { return nil }
            return parts.reduce(0) { count, part in
                if case .literal(let text) = part { return count + text.utf8.count }
                return count
            }
        }
    }

    /// Reads a route's template (`product/:id`, `files/*path`, `/`, `item-:id`,
    /// `search?q=:term`).
    ///
    /// - Returns: The pattern.
    /// - Throws: ``NavigationError/LinkFailure/invalidLinkTable(_:)`` naming the problem with
    ///   `template`.
    static func linkPath(_ template: String) throws(NavigationError) -> RoutePattern {
        func failure(_ problem: NavigationError.LinkRouteProblem) -> NavigationError {
            .link(.invalidLinkTable(.invalidRoute(template, problem)))
        }
        var path = Substring(template)
        var query: Substring?
        if let mark = template.firstIndex(of: "?") {
            path = template[..<mark]
            query = template[template.index(after: mark)...]
        }
        var names: [String] = []
        func add(_ name: String) throws(NavigationError) {
            guard !names.contains(name) else {
                throw failure(.invalidPath(.repeatedParameterName(name)))
            }
            names.append(name)
        }
        var segments: [Segment] = []
        if path != "/" {
            let identifier = SceneIdentifier(String(path))
            if let problem = identifier.brokenRule { throw failure(.invalidPath(problem)) }
            let parts = path.utf8.split(
                separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            for (offset, part) in parts.enumerated() {
                let number = offset + 1
                let segment: Segment
                switch readSegment(Array(part), number: number, isLast: number == parts.count) {
                case .success(let read): segment = read
                case .failure(let problem): throw failure(problem.linkRouteProblem)
                }
                switch segment {
                case .literal: break
                case .parameter(let name), .catchAll(let name): try add(name)
                case .composite(let pieces):
                    for case .parameter(let name) in pieces { try add(name) }
                }
                segments.append(segment)
            }
        }
        var queryParameters: [QueryParameter] = []
        if let query {
            guard !query.isEmpty else { throw failure(.invalidQueryParameter("")) }
            for item in query.split(separator: "&", omittingEmptySubsequences: false) {
                let pair = item.split(
                    separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard pair.count == 2, (1...64).contains(pair[0].utf8.count),
                    pair[1].first == ":", isName(pair[1].utf8.dropFirst()),
                    !pair[0].contains(where: { $0 == "%" || $0 == "=" || $0.isWhitespace })
                else { throw failure(.invalidQueryParameter(String(item))) }
                let name = String(pair[1].dropFirst())
                try add(name)
                guard !queryParameters.contains(where: { $0.item == pair[0] }) else {
                    throw failure(.invalidQueryParameter(String(item)))
                }
                queryParameters.append(QueryParameter(item: String(pair[0]), name: name))
            }
        }
        return RoutePattern(
            template: template, segments: segments, queryParameters: queryParameters)
    }

    /// Whether `bytes` are a parameter's name: one or more ASCII letters, digits and `_`.
    private static func isName(_ bytes: Substring.UTF8View.SubSequence) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy(isNameByte)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }

    /// Reads segment `number` of a template.
    private static func readSegment(_ bytes: [UInt8], number: Int, isLast: Bool) -> Result<
        Segment, SegmentProblem
    > {
        if bytes.first == UInt8(ascii: "*") {
            let name = String(decoding: bytes.dropFirst(), as: UTF8.self)
            guard !name.isEmpty else {
                return .failure(.path(.emptyParameterName(segment: number)))
            }
            guard isLast else { return .failure(.route(.catchAllNotLast(segment: number))) }
            return .success(.catchAll(name))
        }
        // A literal is matched against a decoded path segment, whose `%` and `/` the reader
        // escapes: a literal holding either would never match.
        if bytes.contains(UInt8(ascii: "%")) {
            return .failure(.route(.percentInLiteral(segment: number)))
        }
        var parts: [Part] = []
        var literal: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: ":") else {
                literal.append(bytes[index])
                index += 1
                continue
            }
            var end = index + 1
            while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
            guard end > index + 1 else {
                return .failure(.path(.emptyParameterName(segment: number)))
            }
            if literal.isEmpty, case .parameter = parts.last {
                return .failure(.route(.adjacentParameters(segment: number)))
            }
            if !literal.isEmpty {
                parts.append(.literal(String(decoding: literal, as: UTF8.self)))
                literal.removeAll()
            }
            parts.append(.parameter(String(decoding: bytes[(index + 1)..<end], as: UTF8.self)))
            index = end
        }
        if !literal.isEmpty { parts.append(.literal(String(decoding: literal, as: UTF8.self))) }
        switch parts.count {
        case 1:
            if case .parameter(let name) = parts[0] { return .success(.parameter(name)) }
            return .success(.literal(String(decoding: bytes, as: UTF8.self)))
        default:
            return .success(.composite(parts))
        }
    }

    /// What is wrong with a segment: a rule of patterns, or of routes.
    private enum SegmentProblem: Error {
        case path(NavigationError.IdentifierProblem)
        case route(NavigationError.LinkRouteProblem)

        var linkRouteProblem: NavigationError.LinkRouteProblem {
            switch self {
            case .path(let problem): return .invalidPath(problem)
            case .route(let problem): return problem
            }
        }
    }

    private init(template: String, segments: [Segment], queryParameters: [QueryParameter]) {
        self.template = template
        self.segments = segments
        self.queryParameters = queryParameters
    }
}

extension RoutePattern {
    /// The values of composite segment `parts` read from `text`, a path segment, in the order of
    /// the parts' parameters; `nil` when the segment does not have the composite's form.
    ///
    /// A parameter takes at least one character: up to the first place after it where the
    /// literal that follows it appears, or, before the segment's last literal, up to where that
    /// literal ends the segment (`:slug.html` reads `a.b.html` as `a.b`); the last part, when it
    /// is a parameter, takes the rest. One pass, no backtracking.
    static func values(of parts: [Part], in text: String) -> [String]? {
        // One copy of the segment's bytes; the literals are read in place.
        let bytes = Array(text.utf8)
        var values: [String] = []
        var index = 0
        for (offset, part) in parts.enumerated() {
            switch part {
            case .literal(let literal):
                let count = literal.utf8.count
                guard bytes.count - index >= count,
                    bytes[index..<(index + count)].elementsEqual(literal.utf8)
                else { return nil }
                index += count
            case .parameter:
                let start = index
                var end: Int
                if offset + 1 == parts.count {
                    end = bytes.count
                } else if case .literal(let next) = parts[offset + 1] {
                    let count = next.utf8.count
                    if offset + 2 == parts.count {
                        // The segment's last literal ends it.
                        end = bytes.count - count
                        guard end > start, bytes[end...].elementsEqual(next.utf8) else {
                            return nil
                        }
                    } else {
                        guard let found = firstIndex(of: next, in: bytes, from: start + 1) else {
                            return nil
                        }
                        end = found
                    }
                } else {
                    return nil
                }
                guard end > start else { return nil }
                values.append(String(decoding: bytes[start..<end], as: UTF8.self))
                index = end
            }
        }
        // The last part ended the segment: a parameter takes the rest, and the last literal is
        // read where it ends the segment.
        return values
    }

    /// Where `literal` first appears in `bytes` at or after `start`.
    private static func firstIndex(of literal: String, in bytes: [UInt8], from start: Int) -> Int? {
        // (A composite's literal is never empty: text between parameters.)
        let count = literal.utf8.count
        var index = start
        while index + count <= bytes.count {
            if bytes[index..<(index + count)].elementsEqual(literal.utf8) { return index }
            index += 1
        }
        return nil
    }
}
