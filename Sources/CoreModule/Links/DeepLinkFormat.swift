/// How a whole screen tree is written as one link, and the limits a link must respect: a tool
/// for tests, logs and debugging.
///
/// Which URLs the app accepts, and which screen each opens, is said in one place, its
/// ``LinkTable`` (its ``LinkTable/Origin``s and ``LinkRoute``s). A format's scheme and host are only
/// the prefix of the strings the package writes and reads back; they are no origin of the app,
/// and need not be registered with the system.
///
/// ```text
/// demo://open/A1/A2;id=7/+B1;item=7/B2/+[full-screen]A1
/// └┬─┘   └┬─┘ └────┬────┘ └──────┬──────┘ └───────┬───────┘
/// scheme host  root stack    first modal      second modal
/// ```
///
/// - After `scheme://host/`, the screens follow, separated by `/`, bottom of the root stack
///   first.
/// - A segment that starts with `+` starts a new modal stack, presented over the previous one;
///   the screens after it are pushed onto that modal.
/// - A screen is its scene name followed by parameters, each `;name=value`.
/// - A segment may start (after its `+`) with attributes in brackets. A modal's style:
///   `+[full-screen]SignIn`, `+[medium,large]Filters` (a sheet's detents), `+[fixed]Terms` (a
///   sheet the user cannot swipe down), `+[popover:share]Share`; a modal without attributes is
///   a sheet. A tab: `[tab:home]Home/Product;id=42/[tab:search,selected]Search` makes the root
///   a tab container, each `[tab:NAME]` segment starting a tab's stack; the tab marked
///   `selected` is selected (the first when none is). A split:
///   `[primary]Mailboxes/[supplementary]Inbox/[detail]Message;id=4/Attachment` makes the root a
///   split, each column's segment starting its stack (`[primary]` alone is a two-column split;
///   `[primary,three-column]` a three-column one whose supplementary column is empty; a column
///   without a segment is empty).
/// - Names, parameter names and values are percent-encoded UTF-8: `/`, `;`, `=`, `%`, `+`, `?`,
///   `#`, whitespace and control characters must be escaped (`product/42` is written
///   `product%2F42`). Reading also accepts unescaped Unicode.
///
/// Links come from outside the app (a notification, a web page), so their size is bounded by
/// ``limits``: a number of bytes, of screens, and of parameters per screen. Breaking a limit is
/// ``NavigationError/LinkFailure/invalidLink(_:)``, found before anything is built.
public struct DeepLinkFormat: Hashable, Sendable {
    /// The link's scheme, such as `demo`: the written string's prefix, not an origin the app
    /// accepts (that is a ``LinkTable/Origin``).
    public var scheme: String
    /// The link's host, such as `open`.
    public var host: String
    /// The longest link read, in UTF-8 bytes.
    package var maximumLength: Int
    /// The most screens a link may name, in all its stacks together.
    package var maximumScreens: Int
    /// The most parameters one screen may have.
    package var maximumParametersPerScreen: Int

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

    /// The format's limits, the same kind a universal link's ``LinkTable`` has.
    public var limits: LinkTable.Limits {
        get {
            LinkTable.Limits(
                maximumLength: maximumLength, maximumScreens: maximumScreens,
                maximumParametersPerScreen: maximumParametersPerScreen)
        }
        set {
            maximumLength = newValue.maximumLength
            maximumScreens = newValue.maximumScreens
            maximumParametersPerScreen = newValue.maximumParametersPerScreen
        }
    }
}

/// One screen of a parsed link or a snapshot: where it stands, and what it names.
struct PlannedScreen: Sendable {
    /// Where a screen goes in the tree being built.
    enum Placement: Equatable, Sendable {
        /// The first screen of a root stack.
        case root
        /// The first screen of a tab's stack.
        case tab(String, selected: Bool)
        /// The first screen of a modal of this style.
        case modal(PresentationStyle)
        /// Pushed onto the stack started before it.
        case push
        /// The first screen of a split column; for the primary, whether the split has three
        /// columns.
        case column(ScreenSplit.Column, threeColumns: Bool)

        /// The kind of transition a screen so placed is checked and built for.
        var kind: TransitionEvent.Kind {
            switch self {
            case .root: return .root
            case .tab: return .tabs
            case .modal: return .present
            case .push: return .push
            case .column: return .split
            }
        }

        /// Where a universal link's screen at `index` goes, for a route of `effect`: the first
        /// screen starts the route's stack (a modal for a present), the others are pushed.
        static func of(index: Int, effect: LinkRoute.Effect) -> Placement {
            switch (index, effect) {
            case (0, .present(let style)): return .modal(style)
            case (0, .replace), (0, .selectTab): return .root
            default: return .push
            }
        }
    }

    /// 1 for the first screen.
    let position: Int
    /// Where the screen goes.
    let placement: Placement
    /// Where the screen's segment is in the link's UTF-8 bytes; empty for a snapshot.
    let segment: Range<Int>
    /// The scene name or path, decoded.
    let scene: SceneIdentifier
    /// The parameters, decoded.
    let parameters: SceneParameters
    /// The payload a snapshot saved, read; links carry none.
    var payload: ScenePayload? = nil

    /// Whether the screen starts a tab's stack.
    var isTab: Bool {
        if case .tab = placement { return true }
        return false
    }

    /// Whether the screen starts a modal.
    var isModal: Bool {
        if case .modal = placement { return true }
        return false
    }

    /// The same screen, placed otherwise.
    func placed(_ placement: Placement) -> PlannedScreen {
        PlannedScreen(
            position: position, placement: placement, segment: segment, scene: scene,
            parameters: parameters, payload: payload)
    }
}

extension DeepLinkFormat {
    /// Reads `link` into its screens, root stack first, without looking anything up.
    ///
    /// It works on the link's UTF-8 bytes: every delimiter of the grammar is ASCII, so splitting
    /// bytes never cuts a character. The length is checked before the link is read.
    func parse(_ link: String) throws(NavigationError) -> [PlannedScreen] {
        if let problem = limits.lengthProblem(link.utf8.count) {
            throw .link(.invalidLink(problem))
        }
        return try parse(Array(link.utf8))
    }

    /// Whether `bytes` spell a URL scheme (RFC 3986): a letter, then letters, digits, `+`, `-`
    /// and `.`.
    private static func isScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        }
        guard let first = bytes.first, isLetter(first) else { return false }
        return bytes.dropFirst().allSatisfy { byte in
            isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
        }
    }

    private func parse(_ bytes: [UInt8]) throws(NavigationError) -> [PlannedScreen] {
        func text(_ range: Range<Int>) -> String {
            String(decoding: bytes[range], as: UTF8.self)
        }
        guard let schemeEnd = Self.firstSchemeSeparator(in: bytes) else {
            // No `://`: a scheme of another app is named; a text with none at all (a bare path,
            // `Home/D1`, `A1/A2;at=12:30`: what comes before its `:` is no scheme) is told how a
            // link of this format starts.
            if let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
                Self.isScheme(bytes[0..<colon]),
                !Self.equalIgnoringASCIICase(bytes[0..<colon], scheme)
            {
                throw .link(
                    .invalidLink(.unsupportedScheme(found: text(0..<colon), expected: scheme)))
            }
            throw .link(.invalidLink(.missingSchemeSeparator(expected: prefix)))
        }
        guard Self.equalIgnoringASCIICase(bytes[0..<schemeEnd], scheme) else {
            throw .link(
                .invalidLink(.unsupportedScheme(found: text(0..<schemeEnd), expected: scheme)))
        }
        let hostStart = schemeEnd + 3
        let hostEnd = bytes[hostStart...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.count
        guard Self.equalIgnoringASCIICase(bytes[hostStart..<hostEnd], host) else {
            throw .link(
                .invalidLink(.unexpectedHost(found: text(hostStart..<hostEnd), expected: host)))
        }
        guard hostEnd + 1 < bytes.count else { throw .link(.invalidLink(.noScreens)) }
        // The number of screens is checked before any screen is read.
        var segmentCount = 1
        for index in hostEnd + 1..<bytes.count where bytes[index] == UInt8(ascii: "/") {
            segmentCount += 1
        }
        if let problem = limits.screensProblem(segmentCount) { throw .link(.invalidLink(problem)) }

        var screens: [PlannedScreen] = []
        screens.reserveCapacity(segmentCount)
        var tabNames = Set<String>()
        var selectedPosition: Int?
        var start = hostEnd + 1
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.count
            let raw = start..<end
            let position = screens.count + 1
            guard !raw.isEmpty else { throw .link(.invalidLink(.emptySegment(position: position))) }
            var body = raw
            let startsModal = bytes[raw.lowerBound] == UInt8(ascii: "+")
            if startsModal {
                body = raw.lowerBound + 1..<raw.upperBound
                guard position > 1 else { throw .link(.invalidLink(.modalBeforeRoot)) }
            }
            var attributes: LinkAttributes?
            if body.lowerBound < body.upperBound, bytes[body.lowerBound] == UInt8(ascii: "[") {
                guard
                    let close = bytes[body].firstIndex(of: UInt8(ascii: "]"))
                else { throw .link(.invalidLink(.unclosedAttributes(position: position))) }
                attributes = try LinkAttributes(
                    bytes, body.lowerBound + 1..<close, position: position)
                body = close + 1..<body.upperBound
            }
            if startsModal {
                guard !body.isEmpty, bytes[body.lowerBound] != UInt8(ascii: ";") else {
                    throw .link(.invalidLink(.modalWithoutScene(position: position)))
                }
            }
            let placement: PlannedScreen.Placement
            if let tab = attributes?.tab {
                // A tab starts the root, or follows a tab's screens before any modal.
                let rootIsTabs =
                    position == 1 || screens.first.map { $0.isTab } == true
                guard !startsModal, rootIsTabs,
                    !screens.contains(where: { $0.isModal })
                else { throw .link(.invalidLink(.misplacedTab(position: position))) }
                guard tabNames.insert(tab).inserted else {
                    throw .link(.invalidLink(.repeatedTab(position: position, name: tab)))
                }
                let selected = attributes?.selected == true
                if selected {
                    guard selectedPosition == nil else {
                        throw .link(.invalidLink(.twoSelectedTabs(position: position)))
                    }
                    selectedPosition = position
                }
                placement = .tab(tab, selected: selected)
            } else if let column = attributes?.column {
                // The primary column starts the root; the others follow it in order, once each,
                // before any modal.
                var isPlaced = column == .primary ? position == 1 : false
                if column != .primary, case .column(let first, _)? = screens.first?.placement,
                    first == .primary, !screens.contains(where: { $0.isModal })
                {
                    let later = screens.contains {
                        if case .column(let placed, _) = $0.placement {
                            return placed == column || placed == .detail
                        }
                        return false
                    }
                    isPlaced = !later
                }
                guard !startsModal, isPlaced else {
                    throw .link(.invalidLink(.misplacedAttributes(position: position)))
                }
                placement = .column(column, threeColumns: attributes?.threeColumns == true)
            } else if startsModal {
                placement = .modal(attributes?.style ?? .sheet())
            } else {
                guard attributes == nil else {
                    throw .link(.invalidLink(.misplacedAttributes(position: position)))
                }
                placement = position == 1 ? .root : .push
            }
            // (A style outside a modal was refused above: with a tab, by the attributes; alone,
            // by the plain segment's guard.)
            if attributes?.selected == true && attributes?.tab == nil {
                throw .link(.invalidLink(.misplacedAttributes(position: position)))
            }
            screens.append(
                try parseScreen(
                    bytes, body, segment: raw, position: position, placement: placement))
            start = end + 1
        }
        // No tab marked selected: the first is.
        if selectedPosition == nil, case .tab(let name, _) = screens.first?.placement {
            screens[0] = screens[0].placed(.tab(name, selected: true))
        }
        // A supplementary column makes a three-column split.
        if screens.contains(where: { $0.placement == .column(.supplementary, threeColumns: false) })
        {
            screens[0] = screens[0].placed(.column(.primary, threeColumns: true))
        }
        return screens
    }

    private func parseScreen(
        _ bytes: [UInt8], _ body: Range<Int>, segment: Range<Int>,
        position: Int, placement: PlannedScreen.Placement
    ) throws(NavigationError) -> PlannedScreen {
        func segmentText() -> String {
            String(decoding: bytes[segment], as: UTF8.self)
        }
        let bodyBytes = bytes[body]
        // One pass: the characters that must be escaped, the parameters, the escapes.
        var parameterCount = 0
        var escaped = false
        var hasNonASCII = false
        for byte in bodyBytes {
            switch byte {
            case 0..<0x21, 0x7F, UInt8(ascii: "?"), UInt8(ascii: "#"):
                throw .link(
                    .invalidLink(.invalidCharacter(position: position, segment: segmentText())))
            case UInt8(ascii: ";"): parameterCount += 1
            case UInt8(ascii: "%"): escaped = true
            case 0x80...: hasNonASCII = true
            default: continue
            }
        }
        if hasNonASCII && Self.containsNonASCIICharacterToEscape(bodyBytes) {
            throw .link(.invalidLink(.invalidCharacter(position: position, segment: segmentText())))
        }
        if parameterCount == 0 && !escaped {
            // A plain name that is long or not ASCII.
            return PlannedScreen(
                position: position, placement: placement, segment: segment,
                scene: SceneIdentifier(String(decoding: bodyBytes, as: UTF8.self)),
                parameters: SceneParameters())
        }
        if let problem = limits.parametersProblem(parameterCount, position: position) {
            throw .link(.invalidLink(problem))
        }
        func decode(_ range: Range<Int>) throws(NavigationError) -> String {
            guard let decoded = PercentEncoding.decode(bytes[range]) else {
                throw .link(
                    .invalidLink(
                        .badPercentEncoding(position: position, segment: segmentText())))
            }
            return decoded
        }
        let parts = Self.split(bytes, body, on: UInt8(ascii: ";"))
        let name = try decode(parts[0])
        var parameters = [String: String](minimumCapacity: parameterCount)
        for part in parts.dropFirst() {
            // A parameter may have an empty name (`;=value`), as `SceneParameters` may.
            guard let equals = bytes[part].firstIndex(of: UInt8(ascii: "=")) else {
                let written = String(decoding: bytes[part], as: UTF8.self)
                throw .link(.invalidLink(.malformedParameter(position: position, text: written)))
            }
            let key = try decode(part.lowerBound..<equals)
            let value = try decode(equals + 1..<part.upperBound)
            guard parameters.updateValue(value, forKey: key) == nil else {
                throw .link(.invalidLink(.repeatedParameter(position: position, name: key)))
            }
        }
        return PlannedScreen(
            position: position, placement: placement, segment: segment,
            scene: SceneIdentifier(name), parameters: SceneParameters(parameters))
    }

    /// Whether `bytes` spell `text`, ignoring case: byte by byte for ASCII letters, and as
    /// lowercased strings when either side is not ASCII.
    private static func equalIgnoringASCIICase(_ bytes: ArraySlice<UInt8>, _ text: String)
        -> Bool
    {
        if bytes.count == text.utf8.count,
            zip(bytes, text.utf8).allSatisfy({ lowercased($0) == lowercased($1) })
        {
            return true
        }
        // Non-ASCII text may still be equal as strings, ignoring case.
        guard bytes.contains(where: { $0 >= 0x80 }) || text.utf8.contains(where: { $0 >= 0x80 })
        else { return false }
        return String(decoding: bytes, as: UTF8.self).lowercased() == text.lowercased()
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// Where the first `://` starts, if anywhere.
    private static func firstSchemeSeparator(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 3 else { return nil }
        for index in 0..<bytes.count - 2
        where bytes[index] == UInt8(ascii: ":") && bytes[index + 1] == UInt8(ascii: "/")
            && bytes[index + 2] == UInt8(ascii: "/")
        {
            return index
        }
        return nil
    }

    /// The ranges between `separator` bytes in `range`, empty ones included.
    private static func split(_ bytes: [UInt8], _ range: Range<Int>, on separator: UInt8)
        -> [Range<Int>]
    {
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(8)
        var start = range.lowerBound
        for index in range where bytes[index] == separator {
            ranges.append(start..<index)
            start = index + 1
        }
        ranges.append(start..<range.upperBound)
        return ranges
    }

    /// Whether the bytes of a segment with raw non-ASCII text hold a character a link must
    /// percent-encode: Unicode whitespace or a control character.
    ///
    /// (ASCII ones, `?` and `#` are found byte by byte while the segment is read; Unicode
    /// properties are looked up only for this rare kind of segment.)
    static func containsNonASCIICharacterToEscape(_ bytes: ArraySlice<UInt8>) -> Bool {
        String(decoding: bytes, as: UTF8.self).unicodeScalars.contains { scalar in
            scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
        }
    }

}
