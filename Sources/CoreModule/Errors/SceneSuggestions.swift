/// The registered scene names closest to one that is not registered, best first.
///
/// Computing suggestions means comparing the unknown name with every registered one, which is
/// wasted work when nobody reads the error (a link from outside that names a bad scene must not
/// buy a scan of 100,000 names). So an error carries the registry as it was when it was thrown,
/// and the comparison runs only when ``names`` is read: by the error's description, or by `==`.
///
/// A name that differs from the unknown one only by case (`"a1"` for `"A1"`), or by quote marks
/// around it (`"\"A1\""`, `"“A1”"`), is what the caller meant: it is suggested alone. Otherwise a
/// name is suggested when its edit distance to the unknown one without its quote marks, ignoring
/// case, is at most a third of the longer name's length (at least 1), or when one name contains
/// the other. At most ``limit`` names are suggested, closest first, then in alphabetical order.
public struct SceneSuggestions: Sendable, Equatable, ExpressibleByArrayLiteral,
    CustomStringConvertible
{
    private enum Storage: Sendable {
        case names([SceneIdentifier])
        case pending(
            target: SceneIdentifier, candidates: any Sequence<SceneIdentifier> & Sendable)
    }

    private let storage: Storage

    /// The most names suggested.
    public static let limit = 3

    /// Suggestions given as a list, as a test writes them: `["A1", "A2"]`.
    ///
    /// - Parameter elements: The suggested names, best first.
    public init(arrayLiteral elements: SceneIdentifier...) {
        storage = .names(elements)
    }

    /// Suggestions given as a list.
    ///
    /// - Parameter names: The suggested names, best first.
    public init(_ names: [SceneIdentifier]) {
        storage = .names(names)
    }

    /// Suggestions for `target` among `candidates`, computed when first read.
    ///
    /// - Parameters:
    ///   - target: The name that was not found.
    ///   - candidates: The registered names; held as they are, not copied.
    public init(
        for target: SceneIdentifier, among candidates: some Sequence<SceneIdentifier> & Sendable
    ) {
        storage = .pending(target: target, candidates: candidates)
    }

    /// The suggested names, closest first.
    ///
    /// - Complexity: O(*n* · *m*²) for *n* candidates of length about *m*, each time it is read
    ///   for suggestions made with ``init(for:among:)``.
    public var names: [SceneIdentifier] {
        switch storage {
        case .names(let names):
            return names
        case .pending(let target, let candidates):
            return Self.closest(to: target, among: candidates)
        }
    }

    /// The names, quoted and separated by commas.
    public var description: String {
        names.map(\.quoted).joined(separator: ", ")
    }

    /// Whether both suggest the same names in the same order.
    public static func == (lhs: SceneSuggestions, rhs: SceneSuggestions) -> Bool {
        lhs.names == rhs.names
    }

    static func closest(
        to target: SceneIdentifier, among candidates: some Sequence<SceneIdentifier>
    ) -> [SceneIdentifier] {
        guard target.rawValue.utf8.count <= 16 * SceneIdentifier.maximumLength else { return [] }
        let bare = unquoted(target.rawValue.lowercased())
        let wanted = Array(bare.unicodeScalars)
        guard !wanted.isEmpty, wanted.count <= 4 * SceneIdentifier.maximumLength else { return [] }
        var sameName: [SceneIdentifier] = []
        var scored: [(distance: Int, name: SceneIdentifier)] = []
        for candidate in candidates {
            let lowered = candidate.rawValue.lowercased()
            if lowered == bare {
                sameName.append(candidate)
                continue
            }
            guard sameName.isEmpty else { continue }
            let other = Array(lowered.unicodeScalars)
            let threshold = Swift.max(1, Swift.max(wanted.count, other.count) / 3)
            if abs(other.count - wanted.count) <= threshold,
                let distance = editDistance(wanted, other, atMost: threshold)
            {
                scored.append((distance, candidate))
            } else if wanted.count >= 3, other.count >= 3,
                lowered.contains(String(String.UnicodeScalarView(wanted)))
                    || String(String.UnicodeScalarView(wanted)).contains(lowered)
            {
                scored.append((threshold + 1, candidate))
            }
        }
        if !sameName.isEmpty { return Array(sameName.sorted().prefix(limit)) }
        scored.sort { ($0.distance, $0.name) < ($1.distance, $1.name) }
        return scored.prefix(limit).map(\.name)
    }

    /// The quote marks a name may have been written between, each with its closing mark.
    private static let quotePairs: [(open: Character, close: Character)] = [
        ("\"", "\""), ("'", "'"), ("`", "`"), ("\u{201C}", "\u{201D}"), ("\u{2018}", "\u{2019}"),
        ("\u{00AB}", "\u{00BB}"),
    ]

    /// `text` without the pairs of matching quote marks around it: `A1` for `"A1"` or `“'A1'”`.
    static func unquoted(_ text: String) -> String {
        var inner = Substring(text)
        while let first = inner.first, let last = inner.last,
            inner.index(after: inner.startIndex) < inner.endIndex,
            quotePairs.contains(where: { $0.open == first && $0.close == last })
        {
            inner = inner.dropFirst().dropLast()
        }
        return String(inner)
    }

    /// The Levenshtein distance between `a` and `b`, or `nil` when it exceeds `limit`.
    static func editDistance(
        _ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int
    ) -> Int? {
        if a.isEmpty { return b.count <= limit ? b.count : nil }
        if b.isEmpty { return a.count <= limit ? a.count : nil }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, substitution)
                rowMinimum = Swift.min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
