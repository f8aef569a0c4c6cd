/// How a whole screen tree is written as one link, and the limits a link must respect.
///
/// ```text
/// demo://open/A1/A2;id=7/+B1;item=7/B2/+A1
/// └┬─┘   └┬─┘ └────┬────┘ └──────┬──────┘ └┬┘
/// scheme host  root stack    first modal   second modal
/// ```
///
/// - After `scheme://host/`, the screens follow, separated by `/`, bottom of the root stack
///   first.
/// - A segment that starts with `+` starts a new modal stack, presented over the previous one;
///   the screens after it are pushed onto that modal.
/// - A screen is its scene name followed by parameters, each `;name=value`.
/// - Names, parameter names and values are percent-encoded UTF-8: `/`, `;`, `=`, `%`, `+`, `?`,
///   `#`, whitespace and control characters must be escaped (`product/42` is written
///   `product%2F42`). Reading also accepts unescaped Unicode.
///
/// Links come from outside the app (a notification, a web page), so their size is bounded:
/// ``maximumLength`` bytes, ``maximumScreens`` screens, and ``maximumParametersPerScreen``
/// parameters per screen. Breaking a limit is a ``LinkProblem``, found before anything is built.
public struct DeepLinkFormat: Hashable, Sendable {
    /// The link's scheme, such as `demo` or `myapp`.
    public var scheme: String
    /// The link's host, such as `open`.
    public var host: String
    /// The longest link read, in UTF-8 bytes.
    public var maximumLength: Int
    /// The most screens a link may name, in all its stacks together.
    public var maximumScreens: Int
    /// The most parameters one screen may have.
    public var maximumParametersPerScreen: Int

    /// Creates a format.
    ///
    /// - Parameters:
    ///   - scheme: The link's scheme, such as `myapp`.
    ///   - host: The link's host; `open` by default.
    ///   - maximumLength: The longest link read, in UTF-8 bytes; 4,096 by default.
    ///   - maximumScreens: The most screens a link may name; 64 by default.
    ///   - maximumParametersPerScreen: The most parameters per screen; 16 by default.
    public init(
        scheme: String, host: String = "open", maximumLength: Int = 4_096,
        maximumScreens: Int = 64, maximumParametersPerScreen: Int = 16
    ) {
        self.scheme = scheme
        self.host = host
        self.maximumLength = maximumLength
        self.maximumScreens = maximumScreens
        self.maximumParametersPerScreen = maximumParametersPerScreen
    }

    /// The link's beginning: `scheme://host/`.
    var prefix: String { "\(scheme)://\(host)/" }
}

/// One screen of a parsed link: where it stands in the link, and what it names.
struct LinkScreen: Hashable, Sendable {
    /// 1 for the link's first screen segment.
    let position: Int
    /// The segment as written in the link.
    let segment: String
    /// The scene name or path, decoded.
    let scene: SceneIdentifier
    /// The parameters, decoded.
    let parameters: SceneParameters
}

extension DeepLinkFormat {
    /// Reads `link` into stacks of screens, root stack first, without looking anything up.
    func parse(_ link: String) throws(NavigationError) -> [[LinkScreen]] {
        let length = link.utf8.count
        guard length > 0 else { throw .invalidLink(.empty) }
        guard length <= maximumLength else {
            throw .invalidLink(.tooLong(length: length, limit: maximumLength))
        }
        guard let schemeEnd = link.firstRange(of: "://") else {
            let found = link.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
            throw .invalidLink(.unsupportedScheme(found: found, expected: scheme))
        }
        let foundScheme = String(link[..<schemeEnd.lowerBound])
        guard foundScheme.lowercased() == scheme.lowercased() else {
            throw .invalidLink(.unsupportedScheme(found: foundScheme, expected: scheme))
        }
        let rest = link[schemeEnd.upperBound...]
        let hostEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        let foundHost = String(rest[..<hostEnd])
        guard foundHost.lowercased() == host.lowercased() else {
            throw .invalidLink(.unexpectedHost(found: foundHost, expected: host))
        }
        let path = hostEnd < rest.endIndex ? rest[rest.index(after: hostEnd)...] : ""
        guard !path.isEmpty else { throw .invalidLink(.noScreens) }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count <= maximumScreens else {
            throw .invalidLink(.tooManyScreens(count: segments.count, limit: maximumScreens))
        }

        var stacks: [[LinkScreen]] = [[]]
        for (offset, raw) in segments.enumerated() {
            let position = offset + 1
            guard !raw.isEmpty else { throw .invalidLink(.emptySegment(position: position)) }
            var body = raw[...]
            if body.first == "+" {
                body = body.dropFirst()
                guard !body.isEmpty, body.first != ";" else {
                    throw .invalidLink(.modalWithoutScene(position: position))
                }
                guard position > 1 else { throw .invalidLink(.modalBeforeRoot) }
                stacks.append([])
            }
            let screen = try parseScreen(body, segment: String(raw), position: position)
            stacks[stacks.count - 1].append(screen)
        }
        return stacks
    }

    private func parseScreen(_ body: Substring, segment: String, position: Int)
        throws(NavigationError) -> LinkScreen
    {
        if body.unicodeScalars.contains(where: Self.mustBeEscaped) {
            throw .invalidLink(.invalidCharacter(position: position, segment: segment))
        }
        let parts = body.split(separator: ";", omittingEmptySubsequences: false)
        let parameterCount = parts.count - 1
        guard parameterCount <= maximumParametersPerScreen else {
            throw .invalidLink(
                .tooManyParameters(
                    position: position, count: parameterCount, limit: maximumParametersPerScreen))
        }
        func decode(_ text: Substring) throws(NavigationError) -> String {
            guard let decoded = PercentEncoding.decode(text) else {
                throw .invalidLink(.badPercentEncoding(position: position, segment: segment))
            }
            return decoded
        }
        let name = try decode(parts[0])
        var parameters = SceneParameters()
        for part in parts.dropFirst() {
            guard let equals = part.firstIndex(of: "="), equals > part.startIndex else {
                throw .invalidLink(.malformedParameter(position: position, text: String(part)))
            }
            let key = try decode(part[..<equals])
            let value = try decode(part[part.index(after: equals)...])
            guard parameters[key] == nil else {
                throw .invalidLink(.repeatedParameter(position: position, name: key))
            }
            parameters[key] = value
        }
        return LinkScreen(
            position: position, segment: segment, scene: SceneIdentifier(name),
            parameters: parameters)
    }

    private static func mustBeEscaped(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "?" || scalar == "#" || scalar.properties.isWhitespace
            || scalar.properties.generalCategory == .control
    }

    /// Writes stacks of (name, parameters) as a link.
    func write(_ stacks: [[(name: String, parameters: SceneParameters)]]) -> String {
        var link = prefix
        var first = true
        for (level, stack) in stacks.enumerated() {
            for (index, screen) in stack.enumerated() {
                if !first { link += "/" }
                first = false
                if level > 0 && index == 0 { link += "+" }
                link += PercentEncoding.encode(screen.name)
                for (key, value) in screen.parameters.sorted {
                    link +=
                        ";" + PercentEncoding.encode(key) + "="
                        + PercentEncoding.encode(value)
                }
            }
        }
        return link
    }
}

/// Percent-encoding of UTF-8 text, as links need it.
enum PercentEncoding {
    /// Escapes every byte but ASCII letters, digits, `-`, `.`, `_`, `~`, `:` and `@`.
    static func encode(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: ":"), UInt8(ascii: "@"):
                bytes.append(byte)
            default:
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Unescapes `%XX` sequences; `nil` when one is malformed or the bytes are not UTF-8.
    static func decode(_ text: Substring) -> String? {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue),
                let low = iterator.next().flatMap(hexValue)
            else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
