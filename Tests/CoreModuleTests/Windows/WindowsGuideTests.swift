@_spi(Rules) import CoreModule
import Foundation
import Testing

/// The examples of docs/windows.md, step by step as the guide shows them, on the guide's own
/// scenes, format and registry.
@MainActor
private final class MailScreen {
    init(context: SceneContext) {}
}

/// Whether the user is signed in, as the guide's guard asks.
@MainActor
private final class MailSession {
    var signedIn = true
}

@MainActor
private struct MailApp {
    let format = DeepLinkFormat(scheme: "mail")
    let windows: WindowRegistry

    init(session: MailSession = MailSession()) throws {
        let container = DependencyContainer()
        try container.assemble(contentsOf: [SceneBuilder("Inbox") { MailScreen(context: $0) }])
        try container.assemble(contentsOf: [SceneBuilder("Message") { MailScreen(context: $0) }])
        try container.assemble(contentsOf: [SceneBuilder("Compose") { MailScreen(context: $0) }])
        try container.assemble(contentsOf: [SceneBuilder("Mailboxes") { MailScreen(context: $0) }])
        windows = WindowRegistry(container: container) { coordinator in
            coordinator.addGuard(
                NavigationGuard("signed-in") { attempt in
                    attempt.scene == "Compose" && !session.signedIn
                        ? .reject(reason: "signed out") : .allow
                })
        }
    }

    func link(_ text: String) -> AppLink { .deepLink(text, format: format) }

    /// The guide's first example: "main" (Inbox › Message) and "side" (Compose), main active.
    func openBoth() throws -> (main: AppCoordinator, side: AppCoordinator) {
        let main = try windows.openWindow("main")
        try main.navigate(.root(scene: "Inbox"))
        try main.navigate(.push(scene: "Message", parameters: ["id": "7"]))
        let side = try windows.openWindow("side")
        try side.navigate(.root(scene: "Compose"))
        try windows.activate("main")
        return (main, side)
    }
}

@MainActor
@Suite("The windows guide's examples hold as written")
struct WindowsGuideTests {
    @Test("each window has its own tree and guard; the last opened or activated is the active one")
    func oneCoordinatorPerWindow() throws {
        let session = MailSession()
        let app = try MailApp(session: session)
        let main = try app.windows.openWindow("main")
        try main.navigate(.root(scene: "Inbox"))
        try main.navigate(.push(scene: "Message", parameters: ["id": "7"]))
        let side = try app.windows.openWindow("side")
        try side.navigate(.root(scene: "Compose"))

        #expect(app.windows.windows == ["main", "side"])
        #expect("\(app.windows.windows)" == "[\"main\", \"side\"]")
        #expect(app.windows.activeWindow == "side")
        try app.windows.activate("main")
        #expect(app.windows.activeWindow == "main")
        #expect(
            main.tree.description == """
                window
                └─ stack: Inbox #1 › Message #2 (id=7)
                """)
        // Each window counts its own screens, knows its window, and has its own guard.
        #expect(side.tree.visibleScreen?.id == ScreenID(1))
        #expect(side.window == "side")
        #expect(try app.windows.coordinator(for: "main") === main)
        #expect(main.guardNames == ["signed-in"] && side.guardNames == ["signed-in"])
        session.signedIn = false
        expectRejected(
            .push(scene: "Compose"), on: main,
            with: .guarded(
                .rejectedByGuard(
                    name: "signed-in", kind: .push, scene: "Compose", reason: "signed out")))
        #expect(main.tree.scenes == [["Inbox", "Message"]])
    }

    @Test("a window's snapshot as JSON, as @SceneStorage keeps it, brings the window back")
    func sceneStorageRoundTrip() throws {
        let app = try MailApp()
        _ = try app.openBoth()
        let saving = try app.windows.coordinator(for: "side")
        let data = try JSONEncoder().encode(try saving.snapshot())
        try app.windows.closeWindow("side")
        #expect(app.windows.windows == ["main"])

        let restored = try app.windows.openWindow("side", restoring: try TreeSnapshot.decode(data))
        #expect(restored.tree.scenes == [["Compose"]])
        #expect(restored.guardNames == ["signed-in"])  // prepared before it was restored
        #expect(app.windows.activeWindow == "side")
    }

    @Test("UIKit's restoration activity holds the window and its snapshot, and reads back")
    func restorationActivity() throws {
        let app = try MailApp()
        let (main, _) = try app.openBoth()
        let saved = try app.windows.restorationActivity(
            for: "main", activityType: "com.example.mail.window")
        #expect(saved.activityType == "com.example.mail.window")
        #expect(saved.window == "main")
        // What `addUserInfoEntries(from:)` stores, and the scene's session gives back.
        var userInfo: [AnyHashable: Any] = [:]
        for (key, value) in saved.userInfo { userInfo[key] = value }
        let given = WindowActivity(activityType: saved.activityType, userInfo: userInfo)
        let before = main.tree.snapshot
        try app.windows.closeWindow("main")
        let restored = try app.windows.openWindow("main", restoring: try given.snapshot())
        #expect(restored.tree.snapshot == before)
        #expect(restored.tree.scenes == [["Inbox", "Message"]])
    }

    @Test("a reconnecting scene finds its window still open; opening it again is refused")
    func reconnectingScene() throws {
        let app = try MailApp()
        let (main, _) = try app.openBoth()
        #expect(try app.windows.coordinator(for: "main") === main)
        expectRefusal(NavigationError.window(.windowAlreadyOpen("main")), leaving: app.windows) {
            try app.windows.openWindow("main")
        }
    }

    @Test("a link goes to the named window, the active one, or a new one, which becomes active")
    func linkTargets() throws {
        let app = try MailApp()
        let (main, side) = try app.openBoth()

        try app.windows.open(app.link("mail://open/Inbox/Message;id=9"), in: .window("side"))
        #expect(side.tree.scenes == [["Inbox", "Message"]])
        #expect(side.tree.visibleScreen?.parameters["id"] == "9")
        #expect(app.windows.activeWindow == "side")

        try app.windows.open(app.link("mail://open/Inbox"), in: .active)
        #expect(side.tree.scenes == [["Inbox"]])
        #expect(main.tree.scenes == [["Inbox", "Message"]])

        try app.windows.open(app.link("mail://open/Compose"), in: .newWindow("draft"))
        #expect(app.windows.windows == ["main", "side", "draft"])
        #expect(app.windows.activeWindow == "draft")
        #expect(try app.windows.coordinator(for: "draft").tree.scenes == [["Compose"]])
    }

    @Test("the policy sends a link that names no window; a failing link leaves no new window")
    func linkPolicy() throws {
        let app = try MailApp()
        let (main, _) = try app.openBoth()
        // By default, the active window.
        try app.windows.open(app.link("mail://open/Inbox"))
        #expect(main.tree.scenes == [["Inbox"]])

        app.windows.linkTarget = { link in
            link.text.hasSuffix("/Compose") ? .newWindow(WindowID(UUID().uuidString)) : .active
        }
        let (composing, _) = try app.windows.open(app.link("mail://open/Compose"))
        #expect(composing == app.windows.activeWindow)
        #expect(!["main", "side"].contains(composing))
        #expect(app.windows.windows.count == 3)

        expectRefusal(
            NavigationError.link(
                .linkSegmentFailed(
                    position: 1, segment: "Nope", error: .unknownScene("Nope", suggestions: []))),
            leaving: app.windows
        ) {
            try app.windows.open(app.link("mail://open/Nope/Compose"))
        }
        #expect(app.windows.windows.count == 3)
        #expect(app.windows.activeWindow == composing)
    }

    @Test("closing returns the held link for another window, and the closed coordinator refuses")
    func closing() async throws {
        let app = try MailApp()
        let (main, side) = try app.openBoth()
        try await side.markReadyForLinks()
        // main is not ready for links: one arriving for it is held there.
        let held = try await main.openWhenAllowed(app.link("mail://open/Inbox/Message;id=5"))
        guard case .held = held else {
            Issue.record("a window not ready holds its link: \(held)")
            return
        }
        var cancelled = false
        try side.navigate(.push(scene: "Message")) { cancelled = $0.isCancelled }

        let closing = try app.windows.coordinator(for: "main")
        #expect(closing === main)
        if let held = try app.windows.closeWindow("main") {
            try app.windows.open(held.link)
        }
        #expect(app.windows.activeWindow == "side")
        #expect(side.tree.scenes == [["Inbox", "Message"]])
        #expect(side.tree.visibleScreen?.parameters["id"] == "5")
        #expect(cancelled)  // the link replaced the screen whose result side awaited

        expectRejected(.push(scene: "Message"), on: closing, with: .window(.windowClosed("main")))
        #expect(app.windows.windows == ["side"])
        #expect(
            "\(NavigationError.window(.windowClosed("main")))"
                == "The window \"main\" was closed: its coordinator navigates no more.")
        #expect(main.tree.isEmpty)
    }

    @Test("at a cold start, a new window holds its link until that window is ready")
    func coldStart() async throws {
        let app = try MailApp()
        let (main, _) = try app.openBoth()
        let reader = try app.windows.openWindow("reader")
        let delivery = try await reader.openWhenAllowed(app.link("mail://open/Inbox/Message;id=3"))
        #expect("\(delivery)" == "held \"mail://open/Inbox/Message;id=3\" until the app is ready")
        try reader.navigate(.root(scene: "Inbox"))
        try await reader.markReadyForLinks()
        // The link replaced the tree the app set up.
        #expect(
            reader.tree.description == """
                window
                └─ stack: Inbox #2 › Message #3 (id=3)
                """)
        #expect(reader.tree.scenes == [["Inbox", "Message"]])
        #expect(reader.tree.visibleScreen?.parameters["id"] == "3")
        // Only this window: main was never ready, and holds nothing.
        #expect(main.heldLink == nil)
        #expect(main.tree.scenes == [["Inbox", "Message"]])
    }

    @Test("a split window: a selection fills the detail; compact width collapses the columns")
    func splitView() throws {
        let app = try MailApp()
        let ipad = try app.windows.openWindow("ipad")
        try ipad.navigate(.split(primary: "Mailboxes", detail: "Inbox"))
        try ipad.navigate(.showDetail(Destination("Message", parameters: ["id": "7"])))
        try ipad.navigate(.push(scene: "Compose"))
        #expect(
            ipad.tree.description == """
                window
                └─ split
                   ├─ primary: Mailboxes #1
                   └─ detail: Message #3 (id=7) › Compose #4
                """)

        try ipad.report(.sizeClassChanged(.compact))
        #expect(
            ipad.tree.split?.collapsedScreens.map(\.scene) == ["Mailboxes", "Message", "Compose"])
        try ipad.navigate(.popTo(scene: "Mailboxes"))
        #expect(ipad.tree.split?.detail.isEmpty == true)
        #expect(ipad.tree.visibleScreen?.scene == "Mailboxes")
        try ipad.report(.sizeClassChanged(.regular))
        #expect(ipad.tree.split?.isCollapsed == false)

        // The guide's error rows for split steps.
        let main = try app.windows.openWindow("main")
        try main.navigate(.root(scene: "Inbox"))
        expectRejected(.showDetail("Message"), on: main, with: .refused(.noSplitRoot(.showDetail)))
        expectRejected(
            .showSupplementary("Inbox"), on: ipad,
            with: .refused(.noSupplementaryColumn(.showSupplementary)))
        expectRejected(
            .replace(scene: "Inbox"), on: ipad, with: .refused(.noDetailScreen(.replace)))
        let empty = try app.windows.openWindow("empty")
        expectRefusal(NavigationError.refused(.noRoot(.sizeClass)), leaving: app.windows) {
            try empty.report(.sizeClassChanged(.compact))
        }
    }

    @Test("each error of the guide's table, and nothing changes")
    func errors() throws {
        let app = try MailApp()
        let (main, side) = try app.openBoth()
        let trees = (main.tree, side.tree)
        let link = app.link("mail://open/Inbox")
        let windows = app.windows
        expectRefusal(NavigationError.input(.invalidWindowID("")), leaving: windows) {
            try windows.openWindow("")
        }
        let long = WindowID(String(repeating: "w", count: 257))
        expectRefusal(NavigationError.input(.invalidWindowID(long)), leaving: windows) {
            try windows.openWindow(long)
        }
        let gone = NavigationError.window(.unknownWindow("gone", open: ["main", "side"]))
        expectRefusal(gone, leaving: windows) { try windows.coordinator(for: "gone") }
        expectRefusal(gone, leaving: windows) { try windows.activate("gone") }
        expectRefusal(gone, leaving: windows) { try windows.closeWindow("gone") }
        expectRefusal(gone, leaving: windows) {
            try windows.restorationActivity(for: "gone", activityType: "restore")
        }
        expectRefusal(gone, leaving: windows) { try windows.open(link, in: .window("gone")) }
        expectRefusal(NavigationError.window(.windowAlreadyOpen("side")), leaving: windows) {
            try windows.openWindow("side")
        }
        expectRefusal(NavigationError.window(.windowAlreadyOpen("side")), leaving: windows) {
            try windows.open(link, in: .newWindow("side"))
        }
        #expect(app.windows.windows == ["main", "side"])
        #expect(app.windows.activeWindow == "main")
        #expect(main.tree == trees.0 && side.tree == trees.1)
    }

    @Test("a link for the active window when none is open")
    func noActiveWindow() throws {
        let app = try MailApp()
        expectRefusal(NavigationError.window(.noActiveWindow), leaving: app.windows) {
            try app.windows.open(app.link("mail://open/Inbox"))
        }
        #expect(app.windows.windows.isEmpty)
    }
}
