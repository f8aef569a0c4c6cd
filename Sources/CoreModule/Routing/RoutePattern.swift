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

    /// Which segments are parameters, in order.
    var mask: [Bool] {
        segments.map { segment in
            if case .parameter = segment { return true }
            return false
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
