import CoreModule
import DemoApp
import Testing

@MainActor
@Suite("The demo's window commands: several windows, links to one of them, restoration")
struct WindowScriptTests {
    /// Runs `script` in a fresh session; returns the session and its output, one line each.
    private func run(_ script: String) async throws -> (session: ScriptSession, lines: [String]) {
        var lines: [String] = []
        let session = try ScriptSession { lines.append($0) }
        await session.run(script: script)
        return (session, lines)
    }

    @Test(
        "each window command reads as what it asks",
        arguments: [
            ("window open side", ScriptCommand.window(.open("side"))),
            ("window side", .window(.activate("side"))),
            ("window \"my window\"", .window(.activate("my window"))),
            ("window close side", .window(.close("side"))),
            ("window save main", .window(.save("main"))),
            ("window restore main", .window(.restore("main"))),
            ("windows", .windows),
            ("open demo://open/A1", .open("demo://open/A1", in: nil)),
            ("open demo://open/A1 in side", .open("demo://open/A1", in: .window("side"))),
            ("open demo://open/A1 in active", .open("demo://open/A1", in: .active)),
            (
                "open demo://open/A1 in new orders",
                .open("demo://open/A1", in: .newWindow("orders"))
            ),
            (
                "open-url shop://offers/7 in side",
                .openURL("shop://offers/7", source: .outside, in: .window("side"))
            ),
            (
                "open-url shop://debug from-app in new debug",
                .openURL("shop://debug", source: .app, in: .newWindow("debug"))
            ),
        ])
    func parsing(line: String, command: ScriptCommand) throws {
        #expect(try ScriptCommand.parse(line) == command)
    }

    @Test(
        "a malformed window command says what it needs",
        arguments: [
            (
                "window",
                "\"window\" needs a window's name, or open, close, save or restore and a name: "
                    + "window main, window open side."
            ),
            (
                "window main side",
                "\"window\" takes one window's name, such as window main, but found \"side\" "
                    + "after \"main\"."
            ),
            (
                "window open",
                "\"window open\" takes one window's name, such as window open side, but found 0 "
                    + "words."
            ),
            (
                "window close a b",
                "\"window close\" takes one window's name, such as window close side, but found "
                    + "2 words."
            ),
            (
                "window open active",
                "A script cannot name a window \"active\": open, close, save, restore, active "
                    + "and new are words of its commands."
            ),
            ("windows all", "\"windows\" takes no arguments, but found \"all\"."),
            (
                "open demo://open/A1 in",
                "\"open\" takes a window after \"in\": in NAME, in active or in new NAME, but "
                    + "found nothing."
            ),
            (
                "open demo://open/A1 in new",
                "\"open\" takes a window after \"in\": in NAME, in active or in new NAME, but "
                    + "found \"new\"."
            ),
            (
                "open demo://open/A1 in side main",
                "\"open\" takes a window after \"in\": in NAME, in active or in new NAME, but "
                    + "found \"side main\"."
            ),
            (
                "open-url shop://home to-app in side",
                "\"open-url\" takes from-app after the link, or nothing, but found \"to-app\"."
            ),
            (
                "open demo://open/A1 side",
                "\"open\" takes one link, such as demo://open/A1/A2;id=7, but found 2 words."
            ),
        ])
    func parseErrors(line: String, message: String) {
        #expect(throws: ScriptError(message)) { try ScriptCommand.parse(line) }
    }

    @Test("a script without window commands drives main, and its trees name no window")
    func oneWindow() async throws {
        let (session, lines) = try await run("root A1\ntree\n")
        #expect(session.windowRegistry.windows == ["main"])
        #expect(session.coordinator.window == "main")
        #expect(!lines.contains { $0.contains("window \"main\"") })
        #expect(lines.contains("   window"))
    }

    @Test("the commands drive the window opened, moved to or linked to last")
    func drivenWindow() async throws {
        let (session, lines) = try await run(
            "window open side\nroot B1\nwindow main\nroot A1\n"
                + "open demo://open/A2;id=7 in side\npush B2\ntree\n")
        let registry = session.windowRegistry
        #expect(registry.windows == ["main", "side"])
        #expect(registry.activeWindow == "side")
        #expect(session.coordinator.window == "side")
        #expect(try registry.coordinator(for: "main").tree.scenes == [["A1"]])
        #expect(try registry.coordinator(for: "side").tree.scenes == [["A2", "B2"]])
        #expect(lines.suffix(4).first == "   window \"side\"")
    }

    @Test("closing a window that holds a link says so; the script's later commands are refused")
    func closingReleasesTheHeldLink() async throws {
        let (session, lines) = try await run(
            "window open side\nincoming demo://open/A1/A2\nwindow close side\nroot A1\n")
        #expect(
            lines.contains(
                "   · it held the link demo://open/A1/A2, which the app may open elsewhere"))
        #expect(
            lines.contains(
                "   ✗ line 4: The window \"side\" was closed: its coordinator navigates no more."))
        #expect(session.failedLines == [4])
        #expect(session.windowRegistry.windows == ["main"])
        #expect(session.windowRegistry.activeWindow == "main")
    }

    @Test("a window restored with nothing saved is the script's error; nothing opens")
    func restoreWithoutSave() async throws {
        let (session, lines) = try await run("window restore side\n")
        #expect(
            lines.contains(
                "   ✗ line 1: window restore: no activity was saved for the window \"side\"; "
                    + "save it while it is open: window save side."))
        #expect(session.windowRegistry.windows == ["main"])
    }

    @Test("a saved window comes back with its tree, parameters and payloads")
    func saveAndRestore() async throws {
        let (session, lines) = try await run(
            "open demo://open/A1/A2;id=7/+B1;item=7 in new side\nwindow save side\n"
                + "window close side\nwindow restore side\n")
        #expect(session.succeeded)
        let side = try session.windowRegistry.coordinator(for: "side")
        #expect(side.tree.scenes == [["A1", "A2"], ["B1"]])
        #expect(side.tree.description.contains("A2 #2 (id=7; Item)"))
        #expect(session.coordinator === side)
        #expect(
            lines.contains(
                "   · window \"side\" saved: the activity \"org.scenerouter.demo.window\" holds "
                    + "the snapshot of its 3 screens"))
    }
}
