/// What ``DependencyContainer/checkDestinations()`` found: the declared destinations that
/// resolve to no registered scene.
///
/// ```text
/// 1 of 6 declared destinations is not registered:
/// - "A2" declares "B3": No builder is registered for scene "B3". Did you mean "B1" or "B2"?
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

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - checkedCount: How many declared destinations were checked.
    ///   - problems: The ones that resolve to nothing.
    package init(checkedCount: Int, problems: [Problem]) {
        self.checkedCount = checkedCount
        self.problems = problems
    }

    /// Whether every declared destination is registered.
    package var isEmpty: Bool { problems.isEmpty }

    /// The report as text: one line when all is well, else a line per problem.
    public var description: String {
        let declared = checkedCount == 1 ? "declared destination" : "declared destinations"
        guard !problems.isEmpty else {
            switch checkedCount {
            case 0: return "No destinations are declared."
            case 1: return "The 1 declared destination is registered."
            default: return "All \(checkedCount) \(declared) are registered."
            }
        }
        let verb = problems.count == 1 ? "is" : "are"
        return
            (["\(problems.count) of \(checkedCount) \(declared) \(verb) not registered:"]
            + problems.map { "- \($0)" }).joined(separator: "\n")
    }
}
