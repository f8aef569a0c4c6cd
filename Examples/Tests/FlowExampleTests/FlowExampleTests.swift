import FlowExamples
import Foundation
import Testing

@MainActor
@Suite("The flow examples print their checked-in transcripts")
struct FlowExampleTests {
    private static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    private func run(_ example: (@escaping (String) -> Void) -> Bool) -> (String, Bool) {
        var lines: [String] = []
        let succeeded = example { lines.append($0) }
        return (lines.joined(separator: "\n") + "\n", succeeded)
    }

    @Test("the login flow (seed 000) ends on Home with the login coordinator released")
    func loginFlow() throws {
        let (transcript, succeeded) = run(runLoginFlowExample)
        #expect(succeeded)
        let golden = try String(
            contentsOf: Self.fixtures.appendingPathComponent("login-flow.txt"), encoding: .utf8)
        #expect(transcript == golden)
        #expect(transcript.contains("LoginCoordinator released: true"))
    }

    @Test("the child flows (seed 002) release the child on back-to-first and on a back swipe")
    func childFlows() throws {
        let (transcript, succeeded) = run(runChildFlowsExample)
        #expect(succeeded)
        let golden = try String(
            contentsOf: Self.fixtures.appendingPathComponent("child-flows.txt"), encoding: .utf8)
        #expect(transcript == golden)
        #expect(transcript.components(separatedBy: "SecondCoordinator released: true").count == 3)
        #expect(transcript.contains("by the user"))
    }
}
