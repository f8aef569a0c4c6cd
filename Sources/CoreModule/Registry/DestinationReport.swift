/// What ``DependencyContainer/checkDestinations(startingWith:links:)`` found: the declared
/// destinations that resolve to no registered scene (problems), and, given the app's ways in,
/// the registered scenes nothing reaches (a warning).
///
/// ```text
/// 1 of 6 declared destinations is not registered:
/// - "A2" declares "B3": No builder is registered for scene "B3". Did you mean "B1" or "B2"?
/// Warning: nothing leads to "Legacy" (no start transition, link route or declared destination).
/// ```
public struct DestinationReport: Equatable, Sendable, CustomStringConvertible {
    /// One declared destination that resolves to nothing.
    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        /// The scene whose builder declared the destination.
        public let declaredBy: SceneIdentifier
        /// The destination as declared.
        public let destination: SceneIdentifier
        /// Why it does not resolve: ``NavigationError/unknownScene(_:suggestions:)`` (with
        /// close names) or ``NavigationError/Input/invalidSceneIdentifier(_:problem:)``.
        public let error: NavigationError

        /// Creates a problem record, as a test writes the one it expects.
        ///
        /// - Parameters:
        ///   - declaredBy: The scene whose builder declared the destination.
        ///   - destination: The destination as declared.
        ///   - error: Why it does not resolve.
        public init(
            declaredBy: SceneIdentifier, destination: SceneIdentifier, error: NavigationError
        ) {
            self.declaredBy = declaredBy
            self.destination = destination
            self.error = error
        }

        /// The problem as one line naming both scenes and the reason.
        public var description: String {
            "\(declaredBy.quoted) declares \(destination.quoted): \(error)"
        }
    }

    /// How many declared destinations were checked.
    public let checkedCount: Int
    /// The declared destinations that resolve to nothing, by declaring scene, in name order.
    public let problems: [Problem]
    /// The registered scenes nothing reaches, sorted.
    ///
    /// No start transition builds them, no link route opens them, and no reached scene declares
    /// them (see ``NavigationMap``). A warning: an app may keep such a scene on purpose. Empty
    /// when the check was given no ways in.
    public let unreachableScenes: [SceneIdentifier]

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - checkedCount: How many declared destinations were checked.
    ///   - problems: The ones that resolve to nothing.
    ///   - unreachableScenes: The registered scenes nothing reaches.
    package init(
        checkedCount: Int, problems: [Problem], unreachableScenes: [SceneIdentifier] = []
    ) {
        self.checkedCount = checkedCount
        self.problems = problems
        self.unreachableScenes = unreachableScenes
    }

    /// Whether every declared destination is registered.
    package var isEmpty: Bool { problems.isEmpty }

    /// The report as text: one line when all is well, else a line per problem; then a
    /// warning line naming the scenes nothing reaches, if any.
    public var description: String {
        let warning =
            unreachableScenes.isEmpty
            ? []
            : [
                "Warning: nothing leads to "
                    + unreachableScenes.map(\.quoted).joined(separator: ", ")
                    + " (no start transition, link route or declared destination)."
            ]
        let declared = checkedCount == 1 ? "declared destination" : "declared destinations"
        guard !problems.isEmpty else {
            let summary: String
            switch checkedCount {
            case 0: summary = "No destinations are declared."
            case 1: summary = "The 1 declared destination is registered."
            default: summary = "All \(checkedCount) \(declared) are registered."
            }
            return ([summary] + warning).joined(separator: "\n")
        }
        let verb = problems.count == 1 ? "is" : "are"
        return
            (["\(problems.count) of \(checkedCount) \(declared) \(verb) not registered:"]
            + problems.map { "- \($0)" } + warning).joined(separator: "\n")
    }
}
