/// A universal link read and matched: the route it opens and the values it gives.
struct MatchedLink: Sendable {
    /// The route, its pattern and its chain of parents.
    let entry: LinkTable.Entry
    /// The path's captures, by parameter name.
    let captures: [String: String]
    /// The query items, by name.
    let query: [String: String]

    /// The captures and the query items together, but the items that add screens: the
    /// parameters of the route's own screen.
    var parameters: SceneParameters {
        // No query item has a capture's name: the reader refuses such a link.
        var all = query
        for screen in entry.route.queryScreens { all[screen.item] = nil }
        for (name, value) in captures { all[name] = value }
        return SceneParameters(all)
    }
}

extension LinkTable {
    /// Reads `url` and finds its route, checking the origin, the limits and, for a link from
    /// outside, that the route is reachable from outside.
    ///
    /// The link is read byte by byte, once: its length is checked first, then its scheme and
    /// host, then its path is split into components at `/` (one trailing `/` dropped) and each
    /// component is percent-decoded, so that `%2F` is a `/` inside a value; then the query
    /// items are split at `&` and `=` and decoded the same way. The fragment is ignored.
    ///
    /// - Throws: ``NavigationError/LinkFailure/unhandledLink(_:)`` saying why the link is not handled.
    func match(_ url: String, source: AppLink.Source) throws(NavigationError) -> MatchedLink {
        let bytes = Array(url.utf8)
        func unhandled(_ reason: NavigationError.UnhandledLink.Reason) -> NavigationError {
            // A link over the limit is kept whole: the app may still hand it to the browser.
            .link(.unhandledLink(NavigationError.UnhandledLink(url: url, reason: reason)))
        }
        func unreadable(_ problem: NavigationError.LinkProblem) -> NavigationError {
            unhandled(.unreadable(problem))
        }
        if let problem = limits.lengthProblem(bytes.count) { throw unreadable(problem) }
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

        // The scheme and the origin. Text before the first `:` that holds no `/`, `?` or `#`
        // is the scheme, accepted or not; a link without one is a path, unreadable.
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
            !bytes[0..<colon].contains(where: {
                $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
            })
        else { throw unreadable(.noScheme) }
        let scheme = text(0..<colon)
        guard colon + 2 < bytes.count, bytes[colon + 1] == UInt8(ascii: "/"),
            bytes[colon + 2] == UInt8(ascii: "/")
        else { throw unhandled(.notAccepted(scheme: scheme, host: "")) }
        let afterScheme = colon + 3
        let pathEnd =
            bytes[afterScheme...].firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            ?? bytes.count
        var pathStart = afterScheme
        if Self.equalIgnoringASCIICase(bytes[0..<colon], "https") {
            let hostEnd = bytes[afterScheme..<pathEnd].firstIndex(of: UInt8(ascii: "/")) ?? pathEnd
            let host = bytes[afterScheme..<hostEnd]
            // An exact host first, then a host pattern.
            let accepted =
                origins.contains { origin in
                    if case .web(let name) = origin, !origin.isHostPattern {
                        return Self.equalIgnoringASCIICase(host, name)
                    }
                    return false
                }
                || origins.contains { origin in
                    if case .web(let name) = origin { return Self.host(host, isMatchedBy: name) }
                    return false
                }
            guard accepted else {
                throw unhandled(.notAccepted(scheme: scheme, host: text(afterScheme..<hostEnd)))
            }
            pathStart = hostEnd < pathEnd ? hostEnd + 1 : hostEnd
        } else {
            // A custom scheme: its first component is the path's first segment, or a host to
            // check (the table never has both for one scheme).
            let first = bytes[afterScheme..<pathEnd].firstIndex(of: UInt8(ascii: "/")) ?? pathEnd
            var accepted = false
            // An exact host first, then a host pattern.
            for patterns in [false, true] where !accepted {
                for origin in origins {
                    guard let name = origin.customScheme,
                        Self.equalIgnoringASCIICase(bytes[0..<colon], name)
                    else { continue }
                    guard case .schemeAndHost(_, let host) = origin else {
                        accepted = true
                        break
                    }
                    let component = bytes[afterScheme..<first]
                    if patterns
                        ? Self.host(component, isMatchedBy: host)
                        : !origin.isHostPattern && Self.equalIgnoringASCIICase(component, host)
                    {
                        accepted = true
                        pathStart = first < pathEnd ? first + 1 : first
                        break
                    }
                }
            }
            guard accepted else {
                throw unhandled(.notAccepted(scheme: scheme, host: text(afterScheme..<first)))
            }
        }

        // The path: one trailing `/` dropped, then split and decoded.
        var end = pathEnd
        if end > pathStart, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        // The site's root: no path at all.
        guard end > pathStart else {
            guard let root else { throw unhandled(.noRoute(path: "")) }
            let query = try Self.queryItems(bytes, from: pathEnd, unreadable: unreadable)
            return try accept(root, captures: [:], query: query, source: source, url: url)
        }
        var componentCount = 1
        for index in pathStart..<end where bytes[index] == UInt8(ascii: "/") {
            componentCount += 1
        }
        if let problem = limits.screensProblem(componentCount) { throw unreadable(problem) }
        var components: [String] = []
        components.reserveCapacity(componentCount)
        var start = pathStart
        while start <= end {
            let stop = bytes[start..<end].firstIndex(of: UInt8(ascii: "/")) ?? end
            let position = components.count + 1
            guard stop > start else { throw unreadable(.emptySegment(position: position)) }
            let raw = bytes[start..<stop]
            guard !Self.holdsCharacterToEscape(raw) else {
                throw unreadable(.invalidCharacter(position: position, segment: text(start..<stop)))
            }
            guard let decoded = PercentEncoding.decode(raw) else {
                throw unreadable(
                    .badPercentEncoding(position: position, segment: text(start..<stop)))
            }
            components.append(decoded)
            start = stop + 1
        }

        let query = try Self.queryItems(bytes, from: pathEnd, unreadable: unreadable)

        // The route: the components are matched with their `%` and `/` escaped, so that a
        // decoded `/` never splits a segment and a literal is compared with decoded text.
        let matchText = components.map(Self.escapedForMatching).joined(separator: "/")
        // A segment with parameters inside is read from the decoded component; the values the
        // last route accepted are kept, for the route found is most often that one.
        var accepted: (template: String, captures: [String: String])?
        let found = table.find(matchText) { entry in
            guard let captures = Self.captures(of: entry.pattern, in: components) else {
                return false
            }
            accepted = (entry.pattern.template, captures)
            return true
        }
        guard let entry = found?.route.value,
            let captures = accepted.flatMap({
                $0.template == entry.pattern.template ? $0.captures : nil
            })
                ?? Self.captures(of: entry.pattern, in: components)
        else { throw unhandled(.noRoute(path: components.joined(separator: "/"))) }
        return try accept(entry, captures: captures, query: query, source: source, url: url)
    }

    /// The values a path's decoded `components` give `pattern`'s parameters, by name; `nil`
    /// when a segment with parameters inside does not read.
    private static func captures(of pattern: RoutePattern, in components: [String]) -> [String:
        String]?
    {
        var captures: [String: String] = [:]
        for (index, segment) in pattern.segments.enumerated() {
            switch segment {
            case .literal: continue
            case .parameter(let name): captures[name] = components[index]
            case .catchAll(let name):
                captures[name] = components[index...].joined(separator: "/")
            case .composite(let parts):
                guard let values = RoutePattern.values(of: parts, in: components[index]) else {
                    return nil
                }
                var next = values.makeIterator()
                for case .parameter(let name) in parts { captures[name] = next.next() }
            }
        }
        return captures
    }

    /// The query's items, by name: split at `&`, each at its first `=`, empty items skipped; an
    /// item given more than once is a list, its values joined with `,`.
    private static func queryItems(
        _ bytes: [UInt8], from pathEnd: Int,
        unreadable: (NavigationError.LinkProblem) -> NavigationError
    ) throws(NavigationError) -> [String: String] {
        var query: [String: String] = [:]
        guard pathEnd < bytes.count, bytes[pathEnd] == UInt8(ascii: "?") else { return query }
        var repeated: Set<String> = []
        let queryEnd = bytes[pathEnd...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
        var itemStart = pathEnd + 1
        while itemStart <= queryEnd {
            let itemEnd = bytes[itemStart..<queryEnd].firstIndex(of: UInt8(ascii: "&")) ?? queryEnd
            defer { itemStart = itemEnd + 1 }
            guard itemEnd > itemStart else { continue }
            let item = bytes[itemStart..<itemEnd]
            let equals = item.firstIndex(of: UInt8(ascii: "=")) ?? itemEnd
            guard !holdsCharacterToEscape(item), equals > itemStart,
                let name = PercentEncoding.decode(bytes[itemStart..<equals]),
                let value = PercentEncoding.decode(bytes[Swift.min(equals + 1, itemEnd)..<itemEnd])
            else {
                throw unreadable(
                    .badQueryItem(text: String(decoding: bytes[itemStart..<itemEnd], as: UTF8.self))
                )
            }
            guard let earlier = query[name] else {
                query[name] = value
                continue
            }
            // A list: `tag=a&tag=b` is `a,b`, which its values must not blur.
            // (By bytes: a `,` that a combining mark follows is one `Character`.)
            let comma = UInt8(ascii: ",")
            if !repeated.contains(name) {
                guard !earlier.utf8.contains(comma) else {
                    throw unreadable(.repeatedQueryItem(name: name))
                }
                repeated.insert(name)
            }
            guard !value.utf8.contains(comma) else {
                throw unreadable(.repeatedQueryItem(name: name))
            }
            query[name] = earlier + "," + value
        }
        return query
    }

    /// The link to `entry` with its path's `captures` and its `query`, once its query items are
    /// checked and the limits, the source and the refused items allow it.
    private func accept(
        _ entry: Entry, captures: [String: String], query items: [String: String],
        source: AppLink.Source, url: String
    ) throws(NavigationError) -> MatchedLink {
        func unhandled(_ reason: NavigationError.UnhandledLink.Reason) -> NavigationError {
            .link(.unhandledLink(NavigationError.UnhandledLink(url: url, reason: reason)))
        }
        var query = items
        for name in query.keys where captures[name] != nil {
            throw unhandled(.unreadable(.queryItemNamesCapture(name: name)))
        }
        // The items the template names fill their parameters (`?q=:term`); a link may not give
        // a parameter both ways.
        for parameter in entry.pattern.queryParameters {
            guard let value = query.removeValue(forKey: parameter.item) else { continue }
            guard query.updateValue(value, forKey: parameter.name) == nil else {
                throw unhandled(.unreadable(.queryItemNamesCapture(name: parameter.name)))
            }
        }
        // The items that add screens are theirs, not the route's own screen's: each such screen
        // has the path's values and its item.
        let added = entry.route.queryScreens.filter { query[$0.item] != nil }
        if let problem = limits.parametersProblem(
            captures.count + query.count - added.count, position: entry.screens.count)
        {
            throw unhandled(.unreadable(problem))
        }
        for offset in added.indices {
            if let problem = limits.parametersProblem(
                captures.count + 1, position: entry.screens.count + offset + 1)
            {
                throw unhandled(.unreadable(problem))
            }
        }
        if source == .outside && !entry.route.isReachableFromOutside {
            throw unhandled(.notReachableFromOutside(route: entry.route.path))
        }
        if let item = entry.route.refusedQueryItems.first(where: { query[$0] != nil }) {
            throw unhandled(.refused(route: entry.route.path, item: item))
        }
        return MatchedLink(entry: entry, captures: captures, query: query)
    }

    /// The screens a matched link opens: each route of its chain, root first, with the
    /// parameters its path names (its own screen also with the query items).
    func plan(_ link: MatchedLink) -> [(
        route: String, scene: SceneIdentifier, parameters: SceneParameters
    )] {
        let screens = link.entry.screens
        let route = link.entry.route
        let chain = screens.enumerated().map { index, screen in
            guard index < screens.count - 1 else {
                return (screen.path, screen.scene, link.parameters)
            }
            var values: [String: String] = [:]
            for name in screen.parameterNames { values[name] = link.captures[name] }
            return (screen.path, screen.scene, SceneParameters(values))
        }
        // Then a screen for each query item the route adds one for, in the route's order,
        // with the path's captures and the item.
        let added = route.queryScreens.compactMap { screen in
            link.query[screen.item].map { value in
                var values = link.captures
                values[screen.item] = value
                return (route.path, screen.scene, SceneParameters(values))
            }
        }
        return chain + added
    }

    /// Whether `bytes` spell `text`, ignoring the case of ASCII letters only: a host or scheme
    /// with other bytes must match them exactly (no Unicode case folding, which would let
    /// `\u{212A}` stand for `k`).
    private static func equalIgnoringASCIICase(_ bytes: ArraySlice<UInt8>, _ text: String) -> Bool {
        func lowered(_ byte: UInt8) -> UInt8 {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
        }
        return bytes.count == text.utf8.count
            && zip(bytes, text.utf8).allSatisfy { lowered($0) == lowered($1) }
    }

    /// Whether `name`, a host pattern (`*.example.com`), accepts `host`, a link's host.
    ///
    /// It does for one label or more, then `.` and the pattern's domain, ignoring ASCII case.
    /// A `name` without a leading `*.` accepts nothing here.
    private static func host(_ host: ArraySlice<UInt8>, isMatchedBy name: String) -> Bool {
        guard name.hasPrefix("*.") else { return false }
        let domain = name.utf8.dropFirst(1)  // `.example.com`
        guard host.count > domain.count else { return false }
        let label = host.prefix(host.count - domain.count)
        let dot = UInt8(ascii: ".")
        // The labels hold what a host name may: ASCII letters, digits, `-` and `.`, or non-ASCII
        // text without whitespace or control characters.
        return equalIgnoringASCIICase(host.suffix(domain.count), String(Substring(domain)))
            && label.first != dot && label.last != dot
            && !zip(label, label.dropFirst()).contains { $0 == dot && $1 == dot }
            && label.allSatisfy { byte in
                byte >= 0x80 || byte == UInt8(ascii: "-") || byte == dot
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            }
            && !holdsCharacterToEscape(label)
    }

    /// A decoded path component as the route table matches it: `%` and `/` escaped.
    private static func escapedForMatching(_ component: String) -> String {
        guard component.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "/") })
        else { return component }
        var escaped = ""
        for character in component.unicodeScalars {
            switch character {
            case "%": escaped += "%25"
            case "/": escaped += "%2F"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// Whether raw link bytes hold what a link must percent-encode: ASCII whitespace or control
    /// characters, or Unicode whitespace or control characters.
    private static func holdsCharacterToEscape(_ bytes: ArraySlice<UInt8>) -> Bool {
        var hasNonASCII = false
        for byte in bytes {
            if byte < 0x21 || byte == 0x7F { return true }
            if byte >= 0x80 { hasNonASCII = true }
        }
        return hasNonASCII && DeepLinkFormat.containsNonASCIICharacterToEscape(bytes)
    }
}
