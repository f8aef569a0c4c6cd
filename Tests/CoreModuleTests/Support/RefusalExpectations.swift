@_spi(Rules) import CoreModule
import Testing

// The rule every error-path test follows (CONTRIBUTING.md, "Error-path tests"): a refused
// call throws exactly the error it names, case and values, and changes nothing a user could
// notice. These helpers check both in one call, for whatever the call could have changed:
//
//   expectRefusal(.unknownScene("A3", suggestions: ["A1", "A2"]), leaving: coordinator) {
//       try coordinator.navigate(.push(scene: "A3"))
//   }
//
// - over a coordinator: its tree (identities and parameters included) is the same, no
//   transition reached an observer, the failure was reported at most once and as `expected`,
//   and the tree's invariants hold;
// - over a registry of scenes: it holds the same scenes, in the same number;
// - over the windows of a `WindowRegistry`: the same windows, the same active one, and each
//   window's tree as it was, with no transition in any of them.
//
// `expectRejected(_:on:with:)` (Fixtures.swift) is the short form for one `navigate` request,
// and also checks that the failure was reported exactly once, with that request.

/// Asserts that `body` throws exactly `expected` and leaves `coordinator` as it was.
@MainActor
func expectRefusal<Failure: Error & Equatable, Result>(
    _ expected: Failure, leaving coordinator: AppCoordinator,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Result
) {
    let watch = CoordinatorWatch(coordinator)
    #expect(throws: expected, sourceLocation: sourceLocation) { _ = try body() }
    watch.expectUnchanged(failing: expected, sourceLocation: sourceLocation)
}

/// Asserts that the asynchronous `body` throws exactly `expected` and leaves `coordinator` as it
/// was.
@MainActor
func expectRefusal<Failure: Error & Equatable, Result>(
    _ expected: Failure, leaving coordinator: AppCoordinator,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Result
) async {
    let watch = CoordinatorWatch(coordinator)
    await #expect(throws: expected, sourceLocation: sourceLocation) { _ = try await body() }
    watch.expectUnchanged(failing: expected, sourceLocation: sourceLocation)
}

/// Asserts that `body` throws exactly `expected` and leaves `container` holding the scenes it
/// held.
func expectRefusal<Failure: Error & Equatable, Result>(
    _ expected: Failure, leaving container: DependencyContainer,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Result
) {
    let scenes = container.sceneIdentifiers
    let count = container.count
    #expect(throws: expected, sourceLocation: sourceLocation) { _ = try body() }
    #expect(container.sceneIdentifiers == scenes, sourceLocation: sourceLocation)
    #expect(container.count == count, sourceLocation: sourceLocation)
}

/// Asserts that `body` throws exactly `expected` and leaves every window of `registry` as it
/// was: the same windows, the same active window, each tree unchanged and no transition in any.
@MainActor
func expectRefusal<Failure: Error & Equatable, Result>(
    _ expected: Failure, leaving registry: WindowRegistry,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Result
) {
    let watch = WindowsWatch(registry)
    #expect(throws: expected, sourceLocation: sourceLocation) { _ = try body() }
    watch.expectUnchanged(failing: expected, sourceLocation: sourceLocation)
}

/// Asserts that the asynchronous `body` throws exactly `expected` and leaves every window of
/// `registry` as it was.
@MainActor
func expectRefusal<Failure: Error & Equatable, Result>(
    _ expected: Failure, leaving registry: WindowRegistry,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Result
) async {
    let watch = WindowsWatch(registry)
    await #expect(throws: expected, sourceLocation: sourceLocation) { _ = try await body() }
    watch.expectUnchanged(failing: expected, sourceLocation: sourceLocation)
}

/// What a coordinator showed before a call: its tree, and what its observers are told after.
@MainActor
private struct CoordinatorWatch {
    let coordinator: AppCoordinator
    let before: ScreenTree
    let recorder: EventRecorder

    init(_ coordinator: AppCoordinator) {
        self.coordinator = coordinator
        before = coordinator.tree
        recorder = EventRecorder(coordinator)
    }

    func expectUnchanged<Failure: Error & Equatable>(
        failing expected: Failure, sourceLocation: SourceLocation
    ) {
        #expect(coordinator.tree == before, sourceLocation: sourceLocation)
        #expect(recorder.transitions.isEmpty, sourceLocation: sourceLocation)
        // A refusal is reported to observers once, as the error thrown, or (for a call that
        // is not a navigation, such as a look-up) not at all.
        let reported = recorder.failures.map(\.error)
        #expect(reported.count <= 1, sourceLocation: sourceLocation)
        for error in reported {
            #expect((error as any Error) as? Failure == expected, sourceLocation: sourceLocation)
        }
        #expect(coordinator.tree.invariantViolations() == [], sourceLocation: sourceLocation)
    }
}

/// What every window of a registry showed before a call.
@MainActor
private struct WindowsWatch {
    let registry: WindowRegistry
    let windows: [WindowID]
    let active: WindowID?
    let watches: [CoordinatorWatch]

    init(_ registry: WindowRegistry) {
        self.registry = registry
        windows = registry.windows
        active = registry.activeWindow
        watches = registry.windows.compactMap { try? registry.coordinator(for: $0) }
            .map(CoordinatorWatch.init)
    }

    func expectUnchanged<Failure: Error & Equatable>(
        failing expected: Failure, sourceLocation: SourceLocation
    ) {
        #expect(registry.windows == windows, sourceLocation: sourceLocation)
        #expect(registry.activeWindow == active, sourceLocation: sourceLocation)
        #expect(watches.count == windows.count, sourceLocation: sourceLocation)
        for watch in watches {
            watch.expectUnchanged(failing: expected, sourceLocation: sourceLocation)
        }
    }
}
