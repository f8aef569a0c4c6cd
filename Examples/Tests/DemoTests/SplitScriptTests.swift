import CoreModule
import DemoApp
import Testing

@MainActor
@Suite("The demo's split, show-detail, show-supplementary and size-class")
struct SplitScriptTests {
    @Test(
        "the commands read as the coordinator's requests and reports",
        arguments: [
            ("split primary=A1", ScriptCommand.navigate(.split(primary: "A1"))),
            (
                "split primary=A1 detail=B1;item=3 animated",
                .navigate(
                    .split(
                        primary: "A1", detail: Destination("B1", parameters: ["item": "3"]),
                        animated: true))
            ),
            (
                "split detail=B1 supplementary=A2;id=7 primary=A1",
                .navigate(
                    .split(
                        primary: "A1", supplementary: Destination("A2", parameters: ["id": "7"]),
                        detail: "B1"))
            ),
            (
                "split primary=A1 three-column",
                .navigate(.split(primary: "A1", style: .tripleColumn))
            ),
            (
                "show-detail B1 item=4",
                .navigate(.showDetail(Destination("B1", parameters: ["item": "4"])))
            ),
            (
                "show-supplementary A2 id=7 not-animated",
                .navigate(
                    .showSupplementary(Destination("A2", parameters: ["id": "7"]), animated: false))
            ),
            ("size-class compact", .sizeClass(.compact)),
            ("size-class regular", .sizeClass(.regular)),
        ])
    func parses(line: String, command: ScriptCommand) throws {
        #expect(try ScriptCommand.parse(line) == command)
    }

    @Test(
        "a malformed split command is a script error naming what is wrong",
        arguments: [
            (
                "split detail=B1",
                #""split" needs a primary column: split primary=SCENE [detail=SCENE]."#
            ),
            ("split primary=A1 primary=A2", #"The column "primary" is given twice."#),
            (
                "split sidebar=A1",
                "A column is written primary=SCENE, supplementary=SCENE or detail=SCENE, "
                    + #"but found "sidebar=A1"."#
            ),
            ("split primary=", #"The column "primary" has no scene after "="."#),
            (
                "show-detail",
                #""show-detail" needs a scene first: show-detail SCENE [key=value ...]."#
            ),
            (
                "show-detail B1 item",
                #"Expected a parameter written key=value, or "animated" or "not-animated", "#
                    + #"but found "item"."#
            ),
            ("size-class", #""size-class" takes one word, compact or regular, but found none."#),
            (
                "size-class wide",
                #""size-class" takes one word, compact or regular, but found "wide"."#
            ),
        ])
    func refuses(line: String, message: String) {
        #expect(throws: ScriptError(message)) { try ScriptCommand.parse(line) }
    }

    @Test("collapsed, back from the detail returns to the list; regular shows the columns again")
    func collapses() async throws {
        let result = try await ScriptFixtures.lines(
            of:
                """
                split primary=A1 detail=B1
                size-class compact
                back-swipe
                tree
                size-class compact
                """)
        #expect(result.succeeded)
        let text = result.lines.joined(separator: "\n")
        #expect(text.contains("✓ pop A1 #1: B1 #2 → A1 #1, animated, by the user"))
        #expect(
            text.contains("└─ split, collapsed\n      ├─ primary: A1 #1\n      └─ detail: (empty)"))
        #expect(
            text.contains("· size-class: the window is already compact; nothing changed, no event"))
    }
}
