import CoreModule
import DemoApp
import Testing

@MainActor
@Suite("The demo's commands of asynchronous guards and held links")
struct AsyncScriptTests {
    @Test(
        "each command reads as what it asks",
        arguments: [
            ("async-guard B1 B2", ScriptCommand.asyncGuard(["B1", "B2"])),
            (
                "async push B1 item=7",
                .navigateWhenAllowed(.push(scene: "B1", parameters: ["item": "7"]))
            ),
            ("answer allow", .answer(.allow)),
            ("answer reject the session expired", .answer(.reject("the session expired"))),
            ("answer redirect present A1", .answer(.redirect(.present(scene: "A1")))),
            ("clock 10", .advanceClock(seconds: 10)),
            ("incoming demo://open/A1", .incoming("demo://open/A1")),
            ("ready", .ready),
            ("held", .held),
        ])
    func parsing(line: String, command: ScriptCommand) throws {
        #expect(try ScriptCommand.parse(line) == command)
    }

    @Test(
        "a malformed command says what it needs",
        arguments: [
            ("async-guard", #""async-guard" needs the scenes it guards: async-guard B1 B2."#),
            (
                "async tree",
                #""async" needs a navigation command after it, such as async push B1, not "tree"."#
            ),
            ("async", #""async" needs a navigation command after it, such as async push B1."#),
            ("answer maybe", #""answer" takes allow, reject REASON or redirect COMMAND."#),
            (
                "answer redirect tree",
                #""answer redirect" needs a navigation command, such as present A1."#
            ),
            (
                "clock soon",
                #""clock" takes a whole number of seconds greater than 0, such as clock 10."#
            ),
            (
                "clock 0",
                #""clock" takes a whole number of seconds greater than 0, such as clock 10."#
            ),
            (
                "incoming",
                #""incoming" takes one link, such as demo://open/A1/A2, but found 0 words."#
            ),
            ("ready now", #""ready" takes no arguments, but found "now"."#),
        ])
    func parseErrors(line: String, message: String) {
        #expect(throws: ScriptError(message)) { try ScriptCommand.parse(line) }
    }

    @Test("an answer with no question waiting fails its line and changes nothing")
    func answerWithoutQuestion() async throws {
        var lines: [String] = []
        let session = try ScriptSession { lines.append($0) }
        let succeeded = await session.run(script: "root A1\nanswer allow\nheld\n")
        #expect(!succeeded)
        #expect(session.failedLines == [2])
        #expect(
            lines.contains("   ✗ line 2: answer: the guard has no question waiting for an answer."))
        #expect(lines.contains("   · no link is held"))
    }

    @Test("a rejection is printed as the pending navigation's outcome, and the script goes on")
    func rejection() async throws {
        var lines: [String] = []
        let session = try ScriptSession { lines.append($0) }
        let succeeded = await session.run(
            script: "root A1\nasync-guard B1\nasync push B1\nanswer reject the session expired\n")
        #expect(succeeded)
        #expect(
            lines.contains(
                "   · async push B1: failed: Cannot push \"B1\": guard \"session\" rejected it: "
                    + "the session expired."))
        #expect(session.coordinator.tree.scenes == [["A1"]])
    }
}
