@_spi(Rules) import CoreModule
import Foundation
import Testing

/// `NavigationError.Problem`: the words an app logs, the error a failed screen carries, and the
/// equality and hashing a test or a set relies on.
@Suite("A problem reads as its rule, names what failed, and compares by its rule and values")
@MainActor
struct ProblemTests {
    @Test("a snapshot whose screen fails carries that screen's own error; other problems none")
    func underlyingError() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "B2")])
        let before = coordinator.tree
        let recorder = EventRecorder(coordinator)
        let snapshot = TreeSnapshot(stacks: [[.init(scene: "A1")], [.init(scene: "Gone")]])
        let screenError = NavigationError.unknownScene("Gone", suggestions: [])
        do {
            try coordinator.restore(snapshot)
            Issue.record("a snapshot naming an unregistered scene restored")
        } catch {
            guard case .snapshot(let problem) = error else {
                Issue.record("expected a snapshot error, got \(error)")
                return
            }
            #expect(
                error
                    == .snapshot(.restorationFailed(position: 2, scene: "Gone", error: screenError))
            )
            #expect(error.code == "restoration-failed")
            #expect(problem.underlyingError == screenError)
            #expect(problem.code == "restoration-failed")
        }
        #expect(coordinator.tree == before)
        #expect(recorder.transitions.isEmpty)

        let newer = NavigationError.Problem(.snapshot(.unsupportedVersion(found: 9, supported: 3)))
        #expect(newer.underlyingError == nil)
        #expect(NavigationError.snapshot(newer).code == "unsupported-snapshot-version")
        #expect(
            newer.description == "its format version is 9, and this package reads versions 1 to 3")
        let unreadable = try #require(SceneIdentifier("Order /1").problem)
        #expect(unreadable.underlyingError == nil)
    }

    @Test("equal problems hash alike, so a set keeps one; other rules or values are other problems")
    func equalityAndHashing() throws {
        let empty = NavigationError.Problem(.link(.empty))
        let problems: [NavigationError.Problem] = [
            empty, NavigationError.Problem(.link(.empty)),
            NavigationError.Problem(.link(.tooLong(length: 5_000, limit: 4_096))),
            NavigationError.Problem(.link(.tooLong(length: 5_001, limit: 4_096))),
            NavigationError.Problem(.identifier(.empty)),
            try #require(SceneIdentifier("").problem),
        ]
        #expect(problems[0] == problems[1])
        #expect(problems[0].hashValue == problems[1].hashValue)
        #expect(problems[2] != problems[3])
        #expect(problems[0] != problems[4])
        #expect(problems[4] == problems[5])
        #expect(Set(problems).count == 4)
    }

    @Test("the words a name's and an alert's problem give are what the error reads")
    func words() throws {
        let name: SceneIdentifier = "Order /1"
        let problem = try #require(name.problem)
        #expect(problem.description == "it contains whitespace at character 6")
        #expect(
            NavigationError.input(.invalidSceneIdentifier(name, problem: problem)).description
                == "Scene identifier \"Order /1\" is not valid: it contains whitespace at character 6."
        )
        #expect(problem.code == "whitespace")
        #expect(SceneIdentifier("Order/1").problem == nil)
        let finished = NavigationError.Problem(.coordinatorUnavailable(.finish, .flowFinished))
        #expect(finished.code == "flow-finished")
        #expect(
            NavigationError.misuse(.coordinatorUnavailable(finished)).description
                == "Cannot finish the screen: the flow has finished, and a finished flow navigates "
                + "no more.")

        let alert = AlertContent("Save?", title: "Save?", buttons: [])
        let alertProblem = try #require(alert.problem)
        #expect(NavigationError.refused(.invalidAlert(alertProblem)).code == "invalid-alert")
        #expect(alertProblem.code == "no-buttons")
        #expect(
            NavigationError.refused(.invalidAlert(alertProblem)).description
                == "Cannot show the alert or dialog: \(alertProblem).")
        #expect(AlertContent("Save?", title: "Save?", buttons: ["OK"]).problem == nil)
    }
}
