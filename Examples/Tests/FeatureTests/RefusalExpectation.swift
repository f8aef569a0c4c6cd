import CoreModule
import Testing

/// Asserts that `body` throws exactly `expected` and leaves `coordinator` as it was: the same
/// tree, no transition reported to observers, and the failure reported once, as `expected`.
///
/// The examples' copy of the library tests' `expectRefusal`, which this package cannot see.
@MainActor
func expectRefusal(
    _ expected: NavigationError, leaving coordinator: AppCoordinator,
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) {
    let before = coordinator.tree
    var events: [NavigationEvent] = []
    let token = coordinator.observe { events.append($0) }
    #expect(throws: expected, sourceLocation: sourceLocation) { try body() }
    token.cancel()
    #expect(coordinator.tree == before, sourceLocation: sourceLocation)
    #expect(events.compactMap(\.transition).isEmpty, sourceLocation: sourceLocation)
    #expect(events.compactMap(\.failure).map(\.error) == [expected], sourceLocation: sourceLocation)
}
