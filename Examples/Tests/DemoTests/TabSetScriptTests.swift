import CoreModule
import DemoApp
import Testing

@MainActor
@Suite("The demo's add-tab and remove-tab: a tab set that changes at run time")
struct TabSetScriptTests {
    @Test(
        "add-tab and remove-tab read as the coordinator's requests",
        arguments: [
            ("add-tab inbox B2", ScriptCommand.navigate(.addTab(TabItem("inbox", scene: "B2")))),
            (
                "add-tab inbox B2 item=9 note=\"two words\"",
                .navigate(
                    .addTab(
                        TabItem(
                            "inbox", scene: "B2", parameters: ["item": "9", "note": "two words"]))
                )
            ),
            ("add-tab news A1 at 0", .navigate(.addTab(TabItem("news", scene: "A1"), at: 0))),
            (
                "add-tab news A1 at 2 id=7 animated",
                .navigate(
                    .addTab(
                        TabItem("news", scene: "A1", parameters: ["id": "7"]), at: 2, animated: true
                    ))
            ),
            (
                "add-tab news A1 not-animated at -1",
                .navigate(.addTab(TabItem("news", scene: "A1"), at: -1, animated: false))
            ),
            ("add-tab \"my tab\" A1", .navigate(.addTab(TabItem("my tab", scene: "A1")))),
            ("add-tab at A1", .navigate(.addTab(TabItem("at", scene: "A1")))),
            ("remove-tab inbox", .navigate(.removeTab("inbox"))),
            ("remove-tab inbox animated", .navigate(.removeTab("inbox", animated: true))),
            ("remove-tab inbox not-animated", .navigate(.removeTab("inbox"))),
        ])
    func parsing(line: String, command: ScriptCommand) throws {
        #expect(try ScriptCommand.parse(line) == command)
    }

    @Test(
        "a malformed add-tab or remove-tab says what it needs",
        arguments: [
            (
                "add-tab",
                "\"add-tab\" needs a tab's name and a scene: add-tab NAME SCENE [key=value ...] "
                    + "[at N]."
            ),
            (
                "add-tab animated",
                "\"add-tab\" needs a tab's name and a scene: add-tab NAME SCENE [key=value ...] "
                    + "[at N]."
            ),
            (
                "add-tab inbox",
                "\"add-tab\" needs a scene after the tab's name: add-tab NAME SCENE "
                    + "[key=value ...] [at N]."
            ),
            (
                "add-tab inbox at 0",
                "\"add-tab\" needs a scene after the tab's name: add-tab NAME SCENE "
                    + "[key=value ...] [at N]."
            ),
            (
                "add-tab inbox item=9",
                "\"add-tab\" needs a scene after the tab's name: add-tab NAME SCENE "
                    + "[key=value ...] [at N]."
            ),
            (
                "add-tab inbox=B2",
                "\"add-tab\" takes the tab's name and its scene as two words, such as add-tab "
                    + "inbox B2, but found \"inbox=B2\"."
            ),
            (
                "add-tab =B2",
                "\"add-tab\" takes the tab's name and its scene as two words, such as add-tab "
                    + "inbox B2, but found \"=B2\"."
            ),
            (
                "add-tab selected A1",
                "A script cannot name a tab \"selected\": in tabs, selected=NAME picks the "
                    + "selected tab."
            ),
            ("add-tab inbox B2 at", "\"at\" needs a position: at N, where 0 is the first tab."),
            (
                "add-tab inbox B2 at first",
                "\"at\" takes a position such as 0 (the first tab), but found \"first\"."
            ),
            ("add-tab inbox B2 at 0 at 1", "\"at\" is given twice."),
            (
                "add-tab inbox B2 medium",
                "Expected a parameter written key=value, \"at N\", or \"animated\" or "
                    + "\"not-animated\", but found \"medium\"."
            ),
            (
                "add-tab inbox B2 animated animated",
                "Expected a parameter written key=value, \"at N\", or \"animated\" or "
                    + "\"not-animated\", but found \"animated\"."
            ),
            ("add-tab inbox B2 item=1 item=2", "The parameter \"item\" is given twice."),
            (
                "add-tab inbox B2 item=",
                "The parameter \"item\" has no value after \"=\": write item=VALUE, or "
                    + "item=\"\" for the empty string."
            ),
            ("remove-tab", "\"remove-tab\" needs a tab's name: remove-tab NAME."),
            ("remove-tab animated", "\"remove-tab\" needs a tab's name: remove-tab NAME."),
            (
                "remove-tab inbox shop",
                "\"remove-tab\" takes one tab's name, then only \"animated\" or "
                    + "\"not-animated\", but found \"shop\"."
            ),
            (
                "remove-tab inbox animated animated",
                "\"remove-tab\" takes one tab's name, then only \"animated\" or "
                    + "\"not-animated\", but found \"animated\"."
            ),
        ])
    func parseErrors(line: String, message: String) {
        #expect(throws: ScriptError(message)) { try ScriptCommand.parse(line) }
    }

    @Test("an added tab keeps the selection; a removed selected tab hands it to the next one")
    func addAndRemove() async throws {
        let result = try await ScriptFixtures.lines(
            of:
                """
                tabs home=A1 shop=B1;item=3
                push A2 id=7
                add-tab inbox B2 item=9 at 1
                remove-tab home
                tree
                """)
        #expect(result.succeeded)
        #expect(
            result.lines.contains(
                "   ✓ add-tab A2 #3 in tab home: A2 #3 → A2 #3, not animated, about B2 #4"),
            "\(result.lines)")
        #expect(
            result.lines.suffix(8).contains { $0.contains("tab inbox, selected: B2 #4 (item=9)") },
            "\(result.lines)")
    }

    @Test("the typed errors of a tab set reach the script with their line")
    func errors() async throws {
        let result = try await ScriptFixtures.lines(
            of:
                """
                root A1
                add-tab inbox B2
                tabs home=A1
                remove-tab home
                add-tab home B1
                add-tab inbox B2 at 2
                """)
        #expect(!result.succeeded)
        let failures = result.lines.filter { $0.contains("✗ line") }
        #expect(
            failures == [
                "   ✗ line 2: " + NavigationError.refused(.noTabRoot(.addTab)).description,
                "   ✗ line 4: " + NavigationError.refused(.lastTab("home")).description,
                "   ✗ line 5: " + NavigationError.refused(.duplicateTabName("home")).description,
                "   ✗ line 6: "
                    + NavigationError.refused(.tabIndexOutOfRange(index: 2, count: 1)).description,
            ])
    }
}
