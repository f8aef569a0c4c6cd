import CoreModule
import DemoApp
import Foundation
import Testing

/// The checked-in fixtures of the script mode, and a way to regenerate them.
///
/// Each `NAME.script` under `Fixtures/script/` has its expected text output in `NAME.txt` and its
/// `--json` output in `NAME.jsonl`. After an intended change, regenerate them with
/// `DEMO_UPDATE_FIXTURES=1 swift test --package-path Examples --filter DemoTests` (from the
/// repository's root), then review the diff.
enum ScriptFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/script")

    static func read(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// Compares `actual` with the fixture `name`, or rewrites the fixture when asked to.
    static func expect(
        _ actual: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["DEMO_UPDATE_FIXTURES"] == "1" {
            try actual.write(to: url, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(
            actual == expected, "differs from Fixtures/script/\(name)",
            sourceLocation: sourceLocation)
    }

    /// Runs `script` in a fresh session; returns whether it succeeded and its output, one line
    /// each.
    @MainActor
    static func lines(of script: String) async throws -> (succeeded: Bool, lines: [String]) {
        var lines: [String] = []
        let session = try ScriptSession { lines.append($0) }
        let succeeded = await session.run(script: script)
        return (succeeded, lines)
    }
}

@MainActor
@Suite("The demo's script mode prints every transition, and every error with its line")
struct ScriptModeTests {
    /// Runs `script` in a fresh session; returns the output and whether every command succeeded.
    private func run(_ script: String, format: ScriptSession.OutputFormat = .text) async throws
        -> (output: String, succeeded: Bool)
    {
        var lines: [String] = []
        let session = try ScriptSession(format: format) { lines.append($0) }
        let succeeded = await session.run(script: script)
        return (lines.joined(separator: "\n") + "\n", succeeded)
    }

    // MARK: Golden files

    @Test(
        "a script prints exactly its checked-in transcript",
        arguments: [
            ("session", true), ("tabs", true), ("plans", true), ("errors", false), ("async", true),
            ("links", false), ("windows", false), ("tab-set", false), ("split", false),
            ("alert", false), ("map", true), ("sheets", false),
        ])
    func textTranscript(name: String, succeeds: Bool) async throws {
        let result = try await run(try ScriptFixtures.read("\(name).script"))
        #expect(result.succeeded == succeeds)
        try ScriptFixtures.expect(result.output, matches: "\(name).txt")
    }

    @Test(
        "with --json, a script prints exactly its checked-in JSON lines",
        arguments: [
            ("session", true), ("tabs", true), ("plans", true), ("errors", false), ("async", true),
            ("links", false), ("windows", false), ("tab-set", false), ("split", false),
            ("alert", false), ("map", true), ("sheets", false),
        ])
    func jsonTranscript(name: String, succeeds: Bool) async throws {
        let result = try await run(try ScriptFixtures.read("\(name).script"), format: .json)
        #expect(result.succeeded == succeeds)
        try ScriptFixtures.expect(result.output, matches: "\(name).jsonl")
    }

    // MARK: The text mode

    @Test("each command is echoed with its line number, then its transition and tree")
    func echoAndTree() async throws {
        let result = try await run("# a comment\n\nroot A1\npush A2 id=7 # a trailing comment\n")
        #expect(result.succeeded)
        #expect(
            result.output == """
                3> root A1
                   ✓ root A1 #1: empty window → A1 #1, not animated
                   window
                   └─ stack: A1 #1

                4> push A2 id=7 # a trailing comment
                   ✓ push A2 #2: A1 #1 → A2 #2, animated
                   window
                   └─ stack: A1 #1 › A2 #2 (id=7; Item)

                Ran 2 commands: all succeeded.

                """)
    }

    @Test("going home when already home says so, changes nothing and is no failure")
    func alreadyHome() async throws {
        let result = try await run("root A1\npop-to-root\ndismiss-all\n")
        #expect(result.succeeded)
        #expect(
            result.output.contains(
                """
                2> pop-to-root
                   · pop-to-root: the stack already shows its first screen; nothing changed, no event

                3> dismiss-all
                   · dismiss-all: nothing is presented; nothing changed, no event
                """))
        let json = try await run("root A1\ndismiss-all\n", format: .json)
        #expect(
            json.output.contains(
                #"{"line":2,"request":".dismissAll(animated: true)","type":"unchanged"}"#))
    }

    @Test(
        "a tap on the selected tab, or a re-tap at its first screen, changes nothing and is no failure"
    )
    func tabTapsAlreadySatisfied() async throws {
        let result = try await run(
            "tabs home=A1 shop=B1\ntab-tap home\ntab-retap\nselect-tab home\n")
        #expect(result.succeeded)
        #expect(
            result.output.contains(
                """
                2> tab-tap home
                   · tab-tap: the tab "home" is already selected; nothing changed, no event

                3> tab-retap
                   · tab-retap: the selected tab already shows its first screen; nothing changed, no event

                4> select-tab home
                   · select-tab: the tab "home" is already selected; nothing changed, no event
                """))
        let json = try await run("tabs home=A1 shop=B1\ntab-tap home\n", format: .json)
        #expect(
            json.output.contains(
                #"{"line":2,"request":"report(tab-selected-by-user \"home\")","type":"unchanged"}"#)
        )
    }

    @Test("with --json, a transition says its stack, style and tab, and a tree its tabs and styles")
    func jsonTabsAndStyles() async throws {
        let script = "root A1\ntabs home=A1 shop=B1\npresent B1 medium,large\ntree\ntab-tap shop\n"
        let result = try await run(script, format: .json)
        let records = try result.output.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        try #require(records.count == 6)
        let (root, tabs, present, tree) = (records[0], records[1], records[2], records[3])
        // A stack root: no tab, no tabs, no styles.
        #expect(root["stack"] as? Int == 1)
        #expect(root["tab"] == nil && root["tabs"] == nil && root["styles"] == nil)
        #expect(root["style"] == nil)
        // One new stack per tab; the event names the selected tab and its stack.
        #expect(tabs["kind"] as? String == "tabs")
        #expect(tabs["stack"] as? Int == 2)
        #expect(tabs["tab"] as? String == "home")
        let tabList = try #require(tabs["tabs"] as? [[String: Any]])
        #expect(tabList.map { $0["name"] as? String } == ["home", "shop"])
        #expect(tabList.map { $0["selected"] as? Bool } == [true, false])
        #expect((tabs["tree"] as? [Any])?.count == 2)
        // A present: its style, its new stack, and the modal's style in the tree.
        #expect(present["style"] as? String == "sheet: medium, large")
        #expect(present["stack"] as? Int == 4)
        #expect(present["styles"] as? [String] == ["sheet: medium, large"])
        #expect(present["tab"] as? String == "home")
        #expect(tree["type"] as? String == "tree")
        #expect(tree["styles"] as? [String] == ["sheet: medium, large"])
        #expect((tree["tabs"] as? [Any])?.count == 2)
        // The tab bar is covered: a failure naming the report.
        #expect(records[4]["type"] as? String == "failure")
        #expect(records[4]["operation"] as? String == #"report(tab-selected-by-user "shop")"#)
    }

    @Test("an error names its line, the tree is unchanged, and the session goes on")
    func errorsGoOn() async throws {
        let result = try await run("root A1\npush A3\npush A2 id=7\n")
        #expect(!result.succeeded)
        #expect(
            result.output.contains(
                """
                2> push A3
                   ✗ line 2: No builder is registered for scene "A3". Did you mean "A1" or "A2"?
                   (the tree is unchanged)
                """))
        #expect(result.output.contains("✓ push A2 #2"))
        #expect(result.output.hasSuffix("Ran 3 commands: 1 failed (line 2).\n"))
    }

    @Test("a script of comments and blank lines runs nothing and succeeds")
    func emptyScript() async throws {
        let result = try await run("# nothing\n\n   \n")
        #expect(result.succeeded)
        #expect(result.output == "The script had no commands.\n")
    }

    @Test("Windows line endings and tabs are read like spaces")
    func lineEndings() async throws {
        let result = try await run("root\tA1\r\npush A2\tid=7\r\n")
        #expect(result.succeeded)
        #expect(result.output.contains("A2 #2 (id=7; Item)"))
    }

    @Test("back-swipe and swipe-down report what the user did; the event says so")
    func platformReports() async throws {
        var lines: [String] = []
        let session = try ScriptSession { lines.append($0) }
        await session.run(script: "root A1\npush A2 id=7\npresent B1\nswipe-down\nback-swipe\n")
        #expect(session.succeeded)
        #expect(session.coordinator.tree.scenes == [["A1"]])
        #expect(lines.filter { $0.hasSuffix("by the user") }.count == 2)
    }

    // MARK: Reading commands

    @Test("commands parse into the coordinator's requests")
    func parsing() async throws {
        #expect(try ScriptCommand.parse("root A1") == .navigate(.root(scene: "A1")))
        #expect(
            try ScriptCommand.parse("push A2 id=7 note=a=b")
                == .navigate(.push(scene: "A2", parameters: ["id": "7", "note": "a=b"])))
        #expect(
            try ScriptCommand.parse("present B1 not-animated")
                == .navigate(.present(scene: "B1", animated: false)))
        #expect(
            try ScriptCommand.parse("root A1 animated")
                == .navigate(.root(scene: "A1", animated: true)))
        #expect(
            try ScriptCommand.parse("push A2 empty=\"\"")
                == .navigate(.push(scene: "A2", parameters: ["empty": ""])))
        #expect(
            try ScriptCommand.parse("push A2 equals==")
                == .navigate(.push(scene: "A2", parameters: ["equals": "="])))
        #expect(try ScriptCommand.parse("pop-to A1") == .navigate(.popTo(scene: "A1")))
        #expect(try ScriptCommand.parse("pop-to-root") == .navigate(.popToRoot()))
        #expect(
            try ScriptCommand.parse("dismiss-all not-animated")
                == .navigate(.dismissAll(animated: false)))
        #expect(try ScriptCommand.parse("open demo://open/A1") == .open("demo://open/A1"))
        #expect(try ScriptCommand.parse("back-swipe #3") == .backSwipe(ScreenID(3)))
        #expect(try ScriptCommand.parse("swipe-down 4") == .swipeDown(ScreenID(4)))
        #expect(try ScriptCommand.parse("back-swipe") == .backSwipe(nil))
        #expect(try ScriptCommand.parse("  tree  ") == .tree)
        #expect(try ScriptCommand.parse("# push A2") == nil)
        #expect(try ScriptCommand.parse("   ") == nil)
        #expect(try ScriptCommand.parse("link # the link") == .link)
    }

    @Test("tabs, tab taps, whole stacks and replacements parse into requests and reports")
    func parsingTabsAndStacks() async throws {
        #expect(
            try ScriptCommand.parse("tabs home=A1 shop=B1;item=3;note=\"a;b c\" selected=shop")
                == .navigate(
                    .tabs(
                        [
                            TabItem("home", scene: "A1"),
                            TabItem(
                                "shop", scene: "B1", parameters: ["item": "3", "note": "a;b c"]),
                        ], selected: "shop")))
        #expect(
            try ScriptCommand.parse("tabs home=A1 animated")
                == .navigate(
                    .tabs([TabItem("home", scene: "A1")], selected: "home", animated: true)))
        #expect(
            try ScriptCommand.parse("tabs \"my home\"=A1")
                == .navigate(.tabs([TabItem("my home", scene: "A1")], selected: "my home")))
        #expect(try ScriptCommand.parse("select-tab shop") == .navigate(.selectTab("shop")))
        #expect(
            try ScriptCommand.parse("select-tab shop animated")
                == .navigate(.selectTab("shop", animated: true)))
        #expect(
            try ScriptCommand.parse("set-stack A1 A2;id=7;empty=\"\" not-animated")
                == .navigate(
                    .setStack(
                        ["A1", Destination("A2", parameters: ["id": "7", "empty": ""])],
                        animated: false)))
        #expect(
            try ScriptCommand.parse("replace B2 item=4")
                == .navigate(.replace(scene: "B2", parameters: ["item": "4"])))
        #expect(try ScriptCommand.parse("tab-tap home") == .tabTap("home"))
        #expect(try ScriptCommand.parse("tab-retap") == .tabRetap)
    }

    @Test(
        "style words give a present its style; without them it is a sheet",
        arguments: [
            ("present B1", PresentationStyle.sheet()),
            ("present B1 sheet", .sheet()),
            ("present B1 medium", .sheet(detents: [.medium])),
            ("present B1 item=7 medium,large", .sheet(detents: [.medium, .large])),
            (
                "present B1 large medium fixed",
                .sheet(detents: [.large, .medium], interactiveDismissal: false)
            ),
            ("present B1 sheet,fixed animated", .sheet(interactiveDismissal: false)),
            ("present B1 full-screen not-animated", .fullScreenCover),
            ("present B1 popover:share item=7", .popover(anchor: "share")),
        ])
    func styles(line: String, style: PresentationStyle) async throws {
        let command = try ScriptCommand.parse(line)
        guard case .navigate(.present(let scene, _, _, let parsed, _)) = command else {
            Issue.record("\(line) is not a present: \(String(describing: command))")
            return
        }
        #expect(scene == "B1")
        #expect(parsed == style)
    }

    @Test("quote marks are removed as a shell removes them")
    func quotes() async throws {
        #expect(try ScriptCommand.parse("push \"A2\"") == .navigate(.push(scene: "A2")))
        #expect(try ScriptCommand.parse("root 'A1'") == .navigate(.root(scene: "A1")))
        #expect(
            try ScriptCommand.parse("present B1 note=\"two words # no comment\" 'id'=\"7\"")
                == .navigate(
                    .present(
                        scene: "B1", parameters: ["note": "two words # no comment", "id": "7"])
                ))
        #expect(try ScriptCommand.parse("pop-to \"A1\"") == .navigate(.popTo(scene: "A1")))
        #expect(try ScriptCommand.parse("open \"demo://open/A1\"") == .open("demo://open/A1"))
        #expect(try ScriptCommand.parse("back-swipe \"#3\"") == .backSwipe(ScreenID(3)))
        #expect(
            try ScriptCommand.parse("push \"A2\" # \"a comment\"") == .navigate(.push(scene: "A2")))
        // The words as written keep their quote marks: the JSON failure record shows them.
        #expect(
            ScriptCommand.words(of: "push \"A 2\" id='7' # c") == ["push", "\"A 2\"", "id='7'"])
        // A quote mark never closed runs to the end of the line, comment and all.
        #expect(
            ScriptCommand.words(of: "push A2 \"B1  # open ") == ["push", "A2", "\"B1  # open"])
    }

    @Test("a quoted scene runs like the bare name, and a quoted typo still gets suggestions")
    func quotedScenes() async throws {
        let result = try await run("root \"A1\"\npush \"A9\"\nroot a1\n")
        #expect(result.output.contains("✓ root A1 #1: empty window → A1 #1, not animated"))
        #expect(
            result.output.contains(
                "✗ line 2: No builder is registered for scene \"A9\". Did you mean \"A1\" or \"A2\"?"
            ))
        #expect(
            result.output.contains(
                "✗ line 3: No builder is registered for scene \"a1\". Did you mean \"A1\"?"))
    }

    @Test("an empty parameter value must be written key=\"\"; the tree then shows it")
    func emptyValues() async throws {
        let result = try await run("root A1\npush B1 item=\npush B1 item=\"\"\n")
        #expect(result.output.contains("✗ line 2: The parameter \"item\" has no value after"))
        #expect(result.output.contains("└─ stack: A1 #1 › B1 #2 (item=)"))
        #expect(result.output.hasSuffix("Ran 3 commands: 1 failed (line 2).\n"))
    }

    @Test(
        "a line that is not a command is a clear error",
        arguments: [
            (
                "pusj A2",
                "Unknown command \"pusj\". Did you mean \"push\"? Type \"help\" for the list of commands."
            ),
            (
                "frobnicate",
                "Unknown command \"frobnicate\". Type \"help\" for the list of commands."
            ),
            (
                "present",
                "\"present\" needs a scene first: present SCENE [key=value ...] [STYLE ...]."
            ),
            ("push id=7", "\"push\" needs a scene first: push SCENE [key=value ...]."),
            (
                "push A2 id",
                "Expected a parameter written key=value, or \"animated\" or \"not-animated\", but found \"id\"."
            ),
            ("push A2 =7", "The parameter \"=7\" has no name before \"=\"."),
            ("push A2 id=7 id=8", "The parameter \"id\" is given twice."),
            (
                "push A2 id=",
                "The parameter \"id\" has no value after \"=\": write id=VALUE, or id=\"\" for the empty string."
            ),
            (
                "push \"A2",
                "The quote mark (\") that opens \"A2 is never closed; quote marks come in pairs, as in push \"A2\"."
            ),
            (
                "push A2 note='it\"s # late",
                "The quote mark (') that opens 'it\"s is never closed; quote marks come in pairs, as in push \"A2\"."
            ),
            (
                "\"#\" is not a comment",
                "Unknown command \"#\". Type \"help\" for the list of commands."
            ),
            ("pop-to", "\"pop-to\" needs a scene: pop-to SCENE."),
            (
                "pop A1",
                "\"pop\" takes only \"animated\" or \"not-animated\", but found \"A1\". To pop back to a scene: pop-to A1."
            ),
            (
                "dismiss now",
                "\"dismiss\" takes only \"animated\" or \"not-animated\", but found \"now\"."
            ),
            ("open", "\"open\" takes one link, such as demo://open/A1/A2;id=7, but found 0 words."),
            (
                "back-swipe #x",
                "\"back-swipe\" takes a screen such as #2 (see \"tree\"), but found \"#x\"."
            ),
            (
                "swipe-down #0",
                "\"swipe-down\" takes a screen such as #2 (see \"tree\"), but found \"#0\"."
            ),
            (
                "back-swipe 1 2",
                "\"back-swipe\" takes at most one screen, such as #2, but found 2 words."
            ),
            ("scenes all", "\"scenes\" takes no arguments, but found \"all\"."),
            (
                "tabs",
                "\"tabs\" needs at least one tab written NAME=SCENE, such as tabs home=A1 shop=B1."
            ),
            (
                "tabs animated",
                "\"tabs\" needs at least one tab written NAME=SCENE, such as tabs home=A1 shop=B1."
            ),
            (
                "tabs home=A1 shop",
                "A tab is written NAME=SCENE, such as home=A1, but found \"shop\"."
            ),
            ("tabs =A1", "The tab \"=A1\" has no name before \"=\"."),
            ("tabs home=", "The tab \"home\" has no scene after \"=\": write home=SCENE."),
            (
                "tabs home=A1;id",
                "Expected a parameter written key=value after \";\", but found \"id\"."
            ),
            ("tabs home=A1;=7", "The parameter \"=7\" has no name before \"=\"."),
            (
                "tabs home=A1;id=",
                "The parameter \"id\" has no value after \"=\": write id=VALUE, or id=\"\" for the empty string."
            ),
            ("tabs home=A1;id=7;id=8", "The parameter \"id\" is given twice."),
            ("tabs home=A1 selected=home selected=home", "selected= is given twice."),
            ("tabs home=A1 selected=", "\"selected=\" needs a tab's name: selected=NAME."),
            ("select-tab", "\"select-tab\" needs a tab's name: select-tab NAME."),
            (
                "select-tab shop now",
                "\"select-tab\" takes one tab's name, then only \"animated\" or \"not-animated\", but found \"now\"."
            ),
            (
                "select-tab shop animated animated",
                "\"select-tab\" takes one tab's name, then only \"animated\" or \"not-animated\", but found \"animated\"."
            ),
            (
                "tab-tap",
                "\"tab-tap\" takes one tab's name, such as tab-tap home, but found 0 words."
            ),
            (
                "tab-tap home shop",
                "\"tab-tap\" takes one tab's name, such as tab-tap home, but found 2 words."
            ),
            ("tab-retap home", "\"tab-retap\" takes no arguments, but found \"home\"."),
            (
                "set-stack",
                "\"set-stack\" needs at least one scene: set-stack SCENE[;key=value ...] ..."
            ),
            (
                "set-stack not-animated",
                "\"set-stack\" needs at least one scene: set-stack SCENE[;key=value ...] ..."
            ),
            (
                "set-stack A1 id=7",
                "\"set-stack\" takes scenes, each with its parameters after semicolons, such as A2;id=7, but found \"id=7\"."
            ),
            (
                "set-stack A1 ;id=7",
                "\"set-stack\" takes scenes, each with its parameters after semicolons, such as A2;id=7, but found \";id=7\"."
            ),
            (
                "set-stack A2;id",
                "Expected a parameter written key=value after \";\", but found \"id\"."
            ),
            ("replace", "\"replace\" needs a scene first: replace SCENE [key=value ...]."),
            (
                "replace B2 fixed",
                "Expected a parameter written key=value, or \"animated\" or \"not-animated\", but found \"fixed\"."
            ),
            (
                "present full-screen",
                "\"present\" needs a scene first: present SCENE [key=value ...] [STYLE ...]."
            ),
            (
                "present B1 popover:",
                "\"popover:\" needs the name of the view it comes from: popover:ANCHOR, such as popover:share."
            ),
            (
                "present B1 sheet,sidebar",
                "Expected a parameter written key=value, a style (sheet, medium, large, fixed, full-screen or popover:ANCHOR), or \"animated\" or \"not-animated\", but found \"sheet,sidebar\"."
            ),
            (
                "present B1 medium,",
                "Expected a parameter written key=value, a style (sheet, medium, large, fixed, full-screen or popover:ANCHOR), or \"animated\" or \"not-animated\", but found \"medium,\"."
            ),
            ("present B1 medium medium", "The style word \"medium\" is given twice."),
            (
                "present B1 full-screen medium",
                "A modal has one style, but found \"full-screen\" and \"medium\": full-screen takes no sheet words, and popover:ANCHOR only fixed."
            ),
            (
                "present B1 medium popover:share",
                "A modal has one style, but found \"medium\" and \"popover:share\": full-screen takes no sheet words, and popover:ANCHOR only fixed."
            ),
            (
                "alert",
                "\"alert\" needs a title first, such as alert \"Discard this draft?\" button=Discard cancel=Cancel."
            ),
            (
                "dialog Share OK",
                "Expected a word key=value (button=, destructive=, cancel=, message=, name=, field= or anchor=), but found \"OK\"."
            ),
            (
                "alert Saved colour=red",
                "\"colour=\" is not a word of \"alert\": use button=, destructive=, cancel=, message=, name=, field= or anchor=."
            ),
            (
                "tap",
                "\"tap\" needs the title of the button the user taps: tap BUTTON [text=VALUE ...]."
            ),
            (
                "tap OK Name",
                "After the button's title, \"tap\" takes text=VALUE words, but found \"Name\"."
            ),
            ("tap-outside now", "\"tap-outside\" takes no arguments, but found \"now\"."),
            (
                "present B1 popover:a popover:b",
                "A modal has one style, but found \"popover:a\" and \"popover:b\": full-screen takes no sheet words, and popover:ANCHOR only fixed."
            ),
        ])
    func parseErrors(line: String, message: String) async {
        #expect(throws: ScriptError(message)) { try ScriptCommand.parse(line) }
    }

    @Test("the help command lists every command")
    func helpListsEverything() async throws {
        for word in ScriptCommand.commandWords {
            #expect(
                ScriptCommand.reference.contains("\n\(word) ")
                    || ScriptCommand.reference.hasPrefix("\(word) "), "\(word)")
        }
    }
}
