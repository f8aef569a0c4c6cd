/// The attributes a link segment may start with, in brackets: a tab (`[tab:home,selected]`), a
/// split column (`[primary]`, `[primary,three-column]`, `[supplementary]`, `[detail]`) or a
/// modal's style (`+[full-screen]`, `+[medium,large,fixed]`, `+[popover:share]`,
/// `+[popover:share,fixed]`; a sheet's detents may be heights and fractions, and `at:` names
/// the one it rests at: `+[230pt,0.5,large,at:large]`).
struct LinkAttributes: Equatable {
    /// The longest attribute read, in bytes as written: `popover:` and 64 bytes, each escaped.
    static let longestAttribute = 8 + 64 * 3

    var tab: String?
    var selected = false
    var style: PresentationStyle?
    var column: ScreenSplit.Column?
    var threeColumns = false

    /// Whether `bytes` begin with the ASCII `prefix`.
    private static func starts(_ bytes: ArraySlice<UInt8>, with prefix: String) -> Bool {
        bytes.count >= prefix.utf8.count && zip(bytes, prefix.utf8).allSatisfy { $0 == $1 }
    }

    /// Reads the comma-separated attributes in `range` of the link's bytes.
    init(_ bytes: [UInt8], _ range: Range<Int>, position: Int) throws(NavigationError) {
        var detents: [PresentationStyle.Detent] = []
        var resting: PresentationStyle.Detent?
        var sheet = false
        var fixed = false
        var other: PresentationStyle?
        var start = range.lowerBound
        while start <= range.upperBound {
            let end =
                bytes[start..<range.upperBound].firstIndex(of: UInt8(ascii: ","))
                ?? range.upperBound
            // No attribute is longer than `popover:` and an anchor of 64 bytes, escaped: a longer
            // one is refused before it is decoded or compared.
            guard end - start <= Self.longestAttribute else {
                throw .link(
                    .invalidLink(
                        .unknownAttribute(
                            position: position,
                            text: String(decoding: bytes[start..<start + 64], as: UTF8.self))))
            }
            let raw = bytes[start..<end]
            func decoded(_ part: ArraySlice<UInt8>) throws(NavigationError) -> String {
                guard let text = PercentEncoding.decode(part) else {
                    throw .link(
                        .invalidLink(
                            .badPercentEncoding(
                                position: position,
                                segment: String(decoding: bytes[range], as: UTF8.self))))
                }
                return text
            }
            // The keys are matched on bytes: a name may begin with a combining mark, which
            // would join the `:` in one Character.
            if Self.starts(raw, with: "tab:") {
                let name = try decoded(raw.dropFirst(4))
                guard tab == nil, TabItem.isValidName(name) else {
                    throw .link(
                        .invalidLink(.unknownAttribute(position: position, text: "tab:" + name)))
                }
                tab = name
            } else if Self.starts(raw, with: "popover:") {
                let anchor = try decoded(raw.dropFirst(8))
                let popover = PresentationStyle.popover(anchor: anchor)
                // An anchor `present` refuses (empty, over 64 bytes) is refused here too.
                guard other == nil, popover.isValid else {
                    throw .link(
                        .invalidLink(
                            .unknownAttribute(position: position, text: "popover:" + anchor)))
                }
                other = popover
            } else if Self.starts(raw, with: "at:") {
                let word = try decoded(raw.dropFirst(3))
                guard resting == nil, let detent = PresentationStyle.Detent(word: word) else {
                    throw .link(
                        .invalidLink(.unknownAttribute(position: position, text: "at:" + word)))
                }
                resting = detent
            } else {
                let word = try decoded(raw)
                let unknown = NavigationError.link(
                    .invalidLink(
                        .unknownAttribute(position: position, text: word)))
                switch word {
                case "selected":
                    guard !selected else { throw unknown }
                    selected = true
                case "sheet":
                    guard !sheet else { throw unknown }
                    sheet = true
                case _ where PresentationStyle.Detent(word: word) != nil:
                    guard let detent = PresentationStyle.Detent(word: word),
                        !detents.contains(detent)
                    else { throw unknown }
                    detents.append(detent)
                case "fixed":
                    guard !fixed else { throw unknown }
                    fixed = true
                case "full-screen":
                    guard other == nil else { throw unknown }
                    other = .fullScreenCover
                case "primary", "supplementary", "detail":
                    guard column == nil, let named = ScreenSplit.Column(rawValue: word) else {
                        throw unknown
                    }
                    column = named
                case "three-column":
                    guard !threeColumns else { throw unknown }
                    threeColumns = true
                default:
                    throw unknown
                }
            }
            start = end + 1
        }
        // `fixed` locks a sheet, or a popover (`popover:share,fixed`).
        if case .popover(let anchor, _) = other, fixed, !sheet, detents.isEmpty, resting == nil {
            style = .popover(anchor: anchor, interactiveDismissal: false)
        } else if sheet || fixed || !detents.isEmpty || resting != nil {
            let offered = detents.isEmpty ? [.large] : detents
            // A sheet rests at one of its detents.
            guard other == nil, resting.map(offered.contains) ?? true else {
                throw .link(.invalidLink(.misplacedAttributes(position: position)))
            }
            style = .sheet(detents: offered, selected: resting, interactiveDismissal: !fixed)
        } else {
            style = other
        }
        // One kind of attribute per segment: a tab, a column, or a modal's style; and
        // `three-column` only with `primary`.
        let kinds = [tab != nil, column != nil, style != nil].filter { $0 }.count
        if kinds > 1 || (threeColumns && column != .primary) {
            throw .link(.invalidLink(.misplacedAttributes(position: position)))
        }
    }
}
