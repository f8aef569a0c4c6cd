extension NavigationError {
    /// What is wrong, in words, where a program reports the error rather than acts on its
    /// detail: a snapshot (``NavigationError/snapshot(_:)``), a scene name
    /// (``Input/invalidSceneIdentifier(_:problem:)``), a link's text
    /// (``LinkFailure/invalidLink(_:)``), a link table
    /// (``LinkFailure/invalidLinkTable(_:)``), a link no route handles
    /// (``UnhandledLink/reason``), an alert's content (``Refusal/invalidAlert(_:)``) and a
    /// coordinator that cannot do what a screen or a flow asked
    /// (``Misuse/coordinatorUnavailable(_:)``).
    ///
    /// Its ``description`` names the offending values and the rule they break, as precisely as a
    /// case of its own would: the error's sentence reads it. To tell problems apart in code, read
    /// its ``code``, a stable name for the rule (`empty-segment`, `no-route`,
    /// `unsupported-version`, …); the error's ``NavigationError/code`` names the area
    /// (`invalid-link`, `unhandled-link`, …). The rules themselves are no public API (the
    /// package's tests and fuzzers read them through `@_spi(Rules)`); docs/deep-links.md lists
    /// the codes of links and snapshots.
    ///
    /// ```swift
    /// do {
    ///     try coordinator.restore(saved)
    /// } catch .snapshot(let problem) {
    ///     log("starting afresh: the saved screens cannot be restored: \(problem)")
    /// }
    /// ```
    ///
    /// Two problems are equal when they name the same rule and the same values.
    public struct Problem: Hashable, Sendable, CustomStringConvertible {
        /// The rule broken, with its values.
        @_spi(Rules) public enum Detail: Equatable, Sendable {
            /// A snapshot: ``NavigationError/snapshot(_:)``.
            case snapshot(NavigationError.SnapshotProblem)
            /// A scene name: ``SceneIdentifier/problem``.
            case identifier(NavigationError.IdentifierProblem)
            /// A deep link's text: ``LinkFailure/invalidLink(_:)``.
            case link(NavigationError.LinkProblem)
            /// A link table: ``LinkFailure/invalidLinkTable(_:)``.
            case linkTable(NavigationError.LinkTableProblem)
            /// Why no route handles a universal link: ``UnhandledLink/reason``.
            case unhandledLink(NavigationError.UnhandledLink.Reason)
            /// An alert's content: ``Refusal/invalidAlert(_:)``.
            case alert(NavigationError.AlertProblem)
            /// What a screen's context or a flow asked its coordinator, and why it cannot:
            /// ``Misuse/coordinatorUnavailable(_:)``.
            case coordinatorUnavailable(
                NavigationError.CoordinatorRequest, NavigationError.CoordinatorUnavailability)
        }

        /// The rule broken, with its values.
        @_spi(Rules) public let detail: Detail

        /// A problem breaking the rule `detail` says.
        ///
        /// - Parameter detail: The rule, with its values.
        @_spi(Rules) public init(_ detail: Detail) {
            self.detail = detail
        }

        /// The problem in words, as the error's sentence reads it: the end of a sentence ("its
        /// format version is 9, and this package reads versions 1 to 3"), a whole one for a link
        /// table or a coordinator that cannot act.
        public var description: String {
            switch detail {
            case .snapshot(let problem): return problem.description
            case .identifier(let problem): return problem.description
            case .link(let problem): return problem.description
            case .linkTable(let problem): return problem.description
            case .unhandledLink(let reason): return reason.description
            case .alert(let problem): return problem.description
            case .coordinatorUnavailable(let request, let reason):
                return "Cannot \(request): \(reason)"
            }
        }

        /// A stable, machine-readable name for the rule broken, such as `empty-segment`,
        /// `no-route`, `not-reachable-from-outside` or `too-many-tabs`, for logs, tools and tests
        /// that must not read the words; a coordinator that cannot act names why (`released`,
        /// `flow-finished`, `not-an-app-coordinator`).
        ///
        /// The names are the rules' own, in lower case with dashes, and stay as they are: a new
        /// rule gets a new name.
        public var code: String {
            switch detail {
            case .snapshot(let rule): return Self.name(of: rule)
            case .identifier(let rule): return Self.name(of: rule)
            case .link(let rule): return Self.name(of: rule)
            case .linkTable(let rule): return Self.name(of: rule)
            case .unhandledLink(let rule): return Self.name(of: rule)
            case .alert(let rule): return Self.name(of: rule)
            case .coordinatorUnavailable(_, let reason): return Self.name(of: reason)
            }
        }

        /// The name of `rule`'s case, in lower case with dashes: `emptySegment(position: 2)`
        /// is `empty-segment`.
        private static func name(of rule: Any) -> String {
            // A case with values has one child, labelled with the case's name; a case without
            // values has none, and prints as its name.
            let name = Mirror(reflecting: rule).children.first?.label ?? String(describing: rule)
            var words = ""
            for character in name {
                if character.isUppercase, !words.isEmpty { words.append("-") }
                words.append(contentsOf: character.lowercased())
            }
            return words
        }

        /// The error a snapshot's screen failed with while it was restored (the snapshot's
        /// `restore` changed nothing); `nil` for every other problem.
        public var underlyingError: NavigationError? {
            guard case .snapshot(.restorationFailed(_, _, let error)) = detail else { return nil }
            return error
        }

        /// Hashes the problem's words, which equal problems share.
        ///
        /// - Parameter hasher: The hasher to feed.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(description)
        }
    }
}

// The spellings the package's own code, its tests and its fuzz oracles (through
// `@_spi(Rules)`) write a problem with: the rule, which becomes the problem's detail
// (`.snapshot(.tooManyTabs(count: 300, limit: 256))`).

extension NavigationError {
    /// The error of a snapshot breaking `problem`'s rule.
    @_spi(Rules) public static func snapshot(_ problem: SnapshotProblem) -> NavigationError {
        .snapshot(Problem(.snapshot(problem)))
    }
}

extension NavigationError.Input {
    /// A scene name that breaks `problem`'s rule.
    @_spi(Rules) public static func invalidSceneIdentifier(
        _ scene: SceneIdentifier, problem: NavigationError.IdentifierProblem
    ) -> Self {
        .invalidSceneIdentifier(scene, problem: NavigationError.Problem(.identifier(problem)))
    }
}

extension NavigationError.Misuse {
    /// A screen's context or a flow that asked its coordinator for `request`, which it cannot
    /// do for `reason`.
    @_spi(Rules) public static func coordinatorUnavailable(
        _ request: NavigationError.CoordinatorRequest,
        _ reason: NavigationError.CoordinatorUnavailability
    ) -> Self {
        .coordinatorUnavailable(NavigationError.Problem(.coordinatorUnavailable(request, reason)))
    }
}

extension NavigationError.LinkFailure {
    /// A deep link that breaks `problem`'s rule.
    @_spi(Rules) public static func invalidLink(_ problem: NavigationError.LinkProblem) -> Self {
        .invalidLink(NavigationError.Problem(.link(problem)))
    }

    /// A link table that breaks `problem`'s rule.
    @_spi(Rules) public static func invalidLinkTable(_ problem: NavigationError.LinkTableProblem)
        -> Self
    {
        .invalidLinkTable(NavigationError.Problem(.linkTable(problem)))
    }
}

extension NavigationError.Refusal {
    /// An alert whose content breaks `problem`'s rule.
    @_spi(Rules) public static func invalidAlert(_ problem: NavigationError.AlertProblem) -> Self {
        .invalidAlert(NavigationError.Problem(.alert(problem)))
    }
}
