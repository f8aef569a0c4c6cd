extension NavigationError {
    /// The registered scene names closest to one that is not registered, best first.
    ///
    /// Computing suggestions means comparing the unknown name with registered ones, which is wasted
    /// work when nobody reads the error (a link from outside that names a bad scene must not buy a
    /// scan of the registry). So an error carries the registry as it was when it was thrown, and
    /// the comparison runs when ``names`` is first read, by the error's description or by `==`,
    /// once: the result is kept, and the registry let go.
    ///
    /// A name that differs from the unknown one only by case (`"a1"` for `"A1"`), or by quote marks
    /// around it (`"\"A1\""`, `"“A1”"`), is what the caller meant: it is suggested alone. Otherwise a
    /// name is suggested when its edit distance to the unknown one without its quote marks, ignoring
    /// case, is at most a third of the longer name's length (at least 1), or when one name contains
    /// the other. At most 3 names are suggested, closest first, then in alphabetical order.
    ///
    /// The cost is bounded whatever the registry's size: the unknown name in lower case, in upper
    /// case, capitalized and without its quote marks is looked up among all registered names, and
    /// the other rules are tried on at most 1,024 of them (all of them in a registry
    /// that size or smaller; otherwise the first ones the registry lists). Names longer than
    /// 64 characters are not compared by edit distance.
    public struct SceneSuggestions: Sendable, Equatable, ExpressibleByArrayLiteral, ReasonText {
        /// The names, when given as a list.
        private let listed: [SceneIdentifier]
        /// The names to compute, when made for an unknown name; `nil` when given as a list.
        ///
        /// An existential of a protocol that is not class-bound, on purpose: it keeps
        /// ``NavigationError`` address-only, as it has always been. Swift 6.3.1 crashes compiling
        /// code that catches one of its cases by pattern (`catch .unknownScene`) when it is not.
        private let deferred: (any DeferredNames)?

        /// The most names suggested.
        package static let limit = 3

        /// The most registered names the edit-distance and containment rules are tried on.
        package static let candidateLimit = 1_024

        /// The longest name, in characters, compared by edit distance.
        package static let comparedLength = 64

        /// Suggestions given as a list, as a test writes them: `["A1", "A2"]`.
        ///
        /// - Parameter elements: The suggested names, best first.
        public init(arrayLiteral elements: SceneIdentifier...) {
            listed = elements
            deferred = nil
        }

        /// Suggestions given as a list.
        ///
        /// - Parameter names: The suggested names, best first.
        package init(_ names: [SceneIdentifier]) {
            listed = names
            deferred = nil
        }

        /// Suggestions for `target` among `candidates`, computed once, when first read.
        ///
        /// - Parameters:
        ///   - target: The name that was not found.
        ///   - candidates: The registered names; held as they are, not copied, until the
        ///     suggestions are computed. A collection whose `contains(_:)` is O(1), such as a
        ///     dictionary's keys, keeps the cost bounded.
        public init(
            for target: SceneIdentifier, among candidates: some Sequence<SceneIdentifier> & Sendable
        ) {
            listed = []
            deferred = DeferredSuggestions(target: target, candidates: candidates)
        }

        /// The suggested names, closest first.
        ///
        /// - Complexity: For suggestions made with ``init(for:among:)``, computed on the first read
        ///   only, in O(1,024 · 64²) at most; later reads are O(1).
        public var names: [SceneIdentifier] {
            deferred?.names ?? listed
        }

        /// The names, quoted and separated by commas.
        package var description: String {
            names.map(\.quoted).joined(separator: ", ")
        }

        /// Whether both suggest the same names in the same order.
        ///
        /// Each side's names are computed at most once in its lifetime; two copies of the same
        /// error compare without computing them.
        public static func == (
            lhs: NavigationError.SceneSuggestions, rhs: NavigationError.SceneSuggestions
        ) -> Bool {
            if let left = lhs.deferred, let right = rhs.deferred, left.identity == right.identity {
                return true
            }
            return lhs.names == rhs.names
        }

        static func closest(
            to target: SceneIdentifier, among candidates: some Sequence<SceneIdentifier>
        ) -> [SceneIdentifier] {
            guard target.rawValue.utf8.count <= 16 * SceneIdentifier.maximumLength else {
                return []
            }
            let bare = unquoted(target.rawValue.lowercased())
            let wanted = Array(bare.unicodeScalars)
            guard !wanted.isEmpty, wanted.count <= 4 * SceneIdentifier.maximumLength else {
                return []
            }
            // The same name in another case, found among all names by lookups.
            var sameName = Set<SceneIdentifier>()
            let original = unquoted(target.rawValue)
            for spelling in Set([
                original, bare, original.uppercased(),
                original.prefix(1).uppercased() + bare.dropFirst(),
            ]) where spelling != target.rawValue {
                let name = SceneIdentifier(spelling)
                if spelling.lowercased() == bare, candidates.contains(name) {
                    sameName.insert(name)
                }
            }
            var scored: [(distance: Int, name: SceneIdentifier)] = []
            var buffers = DistanceBuffers()
            var other: [Unicode.Scalar] = []
            for candidate in candidates.prefix(candidateLimit) {
                lowercasedScalars(of: candidate.rawValue, into: &other)
                if other == wanted {
                    sameName.insert(candidate)
                    continue
                }
                guard sameName.isEmpty else { continue }
                let threshold = Swift.max(1, Swift.max(wanted.count, other.count) / 3)
                if abs(other.count - wanted.count) <= threshold,
                    wanted.count <= comparedLength, other.count <= comparedLength,
                    let distance = editDistance(wanted, other, atMost: threshold, using: &buffers)
                {
                    scored.append((distance, candidate))
                } else if wanted.count >= 3, other.count >= 3,
                    other.count > wanted.count
                        ? contains(other, wanted) : contains(wanted, other)
                {
                    scored.append((threshold + 1, candidate))
                }
            }
            if !sameName.isEmpty { return Array(sameName.sorted().prefix(limit)) }
            scored.sort { ($0.distance, $0.name) < ($1.distance, $1.name) }
            return scored.prefix(limit).map(\.name)
        }

        /// Replaces `scalars` with those of `text` in lower case, without making a string when
        /// `text` is ASCII.
        private static func lowercasedScalars(of text: String, into scalars: inout [Unicode.Scalar])
        {
            scalars.removeAll(keepingCapacity: true)
            for scalar in text.unicodeScalars {
                guard scalar.isASCII else {
                    scalars.removeAll(keepingCapacity: true)
                    scalars.append(contentsOf: text.lowercased().unicodeScalars)
                    return
                }
                let value = scalar.value
                scalars.append(
                    value >= 0x41 && value <= 0x5A ? Unicode.Scalar(UInt8(value + 0x20)) : scalar)
            }
        }

        /// Whether `needle` occurs in `haystack`, scalar by scalar.
        private static func contains(_ haystack: [Unicode.Scalar], _ needle: [Unicode.Scalar])
            -> Bool
        {
            guard needle.count <= haystack.count else { return false }
            guard let first = needle.first else { return true }
            var start = 0
            while start <= haystack.count - needle.count {
                if haystack[start] == first,
                    haystack[start..<start + needle.count].elementsEqual(needle)
                {
                    return true
                }
                start += 1
            }
            return false
        }

        /// The quote marks a name may have been written between, each with its closing mark.
        private static let quotePairs: [(open: Character, close: Character)] = [
            ("\"", "\""), ("'", "'"), ("`", "`"), ("\u{201C}", "\u{201D}"),
            ("\u{2018}", "\u{2019}"),
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

        /// The rows of ``editDistance(_:_:atMost:using:)``, kept between calls.
        struct DistanceBuffers {
            var previous: [Int] = []
            var current: [Int] = []
        }

        /// The Levenshtein distance between `a` and `b`, or `nil` when it exceeds `limit`.
        static func editDistance(
            _ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int
        ) -> Int? {
            var buffers = DistanceBuffers()
            return editDistance(a, b, atMost: limit, using: &buffers)
        }

        /// The Levenshtein distance between `a` and `b`, or `nil` when it exceeds `limit`, with
        /// the rows in `buffers`.
        static func editDistance(
            _ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int,
            using buffers: inout DistanceBuffers
        ) -> Int? {
            if a.isEmpty { return b.count <= limit ? b.count : nil }
            if b.isEmpty { return a.count <= limit ? a.count : nil }
            buffers.previous.removeAll(keepingCapacity: true)
            buffers.previous.append(contentsOf: 0...b.count)
            buffers.current.removeAll(keepingCapacity: true)
            buffers.current.append(contentsOf: repeatElement(0, count: b.count + 1))
            for i in 1...a.count {
                buffers.current[0] = i
                var rowMinimum = i
                for j in 1...b.count {
                    let substitution = buffers.previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                    let value = Swift.min(
                        buffers.previous[j] + 1, buffers.current[j - 1] + 1, substitution)
                    buffers.current[j] = value
                    rowMinimum = Swift.min(rowMinimum, value)
                }
                if rowMinimum > limit { return nil }
                swap(&buffers.previous, &buffers.current)
            }
            return buffers.previous[b.count] <= limit ? buffers.previous[b.count] : nil
        }
    }
}

/// Suggested names computed when first read.
protocol DeferredNames: Sendable {
    /// The names, computed on the first read.
    var names: [SceneIdentifier] { get }
    /// Equal for copies of the same suggestions, which have the same names.
    var identity: ObjectIdentifier { get }
}

/// Suggestions for one unknown name, computed once, on first read, and then kept.
final class DeferredSuggestions: DeferredNames {
    private enum State: Sendable {
        case pending(any Sequence<SceneIdentifier> & Sendable)
        case computed([SceneIdentifier])
    }

    let target: SceneIdentifier
    private let state: Locked<State>

    var identity: ObjectIdentifier { ObjectIdentifier(self) }

    init(target: SceneIdentifier, candidates: some Sequence<SceneIdentifier> & Sendable) {
        self.target = target
        state = Locked(.pending(candidates))
    }

    /// The suggestions; the first read computes them and lets the candidates go.
    var names: [SceneIdentifier] {
        let (names, released) = state.withLock {
            state -> ([SceneIdentifier], (any Sequence<SceneIdentifier> & Sendable)?) in
            switch state {
            case .computed(let names):
                return (names, nil)
            case .pending(let candidates):
                let names = NavigationError.SceneSuggestions.closest(to: target, among: candidates)
                state = .computed(names)
                return (names, candidates)
            }
        }
        // Let go after unlocking: the candidates may be the last hold on a registry's old
        // storage, whose builders' captures may run code when they go.
        withExtendedLifetime(released) {}
        return names
    }
}
