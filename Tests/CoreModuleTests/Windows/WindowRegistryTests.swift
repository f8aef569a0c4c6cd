@_spi(Rules) import CoreModule
import CoreModuleTesting
import Foundation
import Testing

/// A registry over stub scenes, the `demo` link format and the window of each test.
@MainActor
private struct Windows {
    static let format = DeepLinkFormat(scheme: "demo")
    let registry: WindowRegistry

    init(
        guardClock: any Clock<Duration> = ContinuousClock(),
        prepare: @escaping @MainActor (AppCoordinator) -> Void = { _ in }
    ) throws {
        registry = WindowRegistry(
            container: try makeContainer(["A1", "A2", "B1", "B2"]), guardClock: guardClock,
            prepare: prepare)
    }

    func scenes(_ window: WindowID) throws -> [[SceneIdentifier]] {
        try registry.coordinator(for: window).tree.scenes
    }

    static func link(_ text: String) -> AppLink { .deepLink(text, format: format) }
}

@MainActor
@Suite("Windows: one tree per window scene over one registry")
struct WindowRegistryTests {
    @Test("each window navigates on its own tree, with its own events")
    func separateTrees() throws {
        let windows = try Windows()
        let main = try windows.registry.openWindow("main")
        let side = try windows.registry.openWindow("side")
        let mainEvents = EventRecorder(main)
        let sideEvents = EventRecorder(side)

        try main.navigate(.root(scene: "A1"))
        try main.navigate(.push(scene: "A2"))
        try side.navigate(.root(scene: "B1"))

        #expect(try windows.scenes("main") == [["A1", "A2"]])
        #expect(try windows.scenes("side") == [["B1"]])
        #expect(mainEvents.kinds == [.root, .push])
        #expect(sideEvents.kinds == [.root])
        #expect(main.window == "main")
        #expect(side.window == "side")
        #expect(try windows.registry.coordinator(for: "main") === main)
        #expect(windows.registry.windows == ["main", "side"])
        // Screens of two windows never share an identity's meaning: each counts its own.
        #expect(side.tree.visibleScreen?.id == ScreenID(1))
    }

    @Test("the active window is the last opened or activated, and the one before when it closes")
    func activeWindow() throws {
        let windows = try Windows()
        #expect(windows.registry.activeWindow == nil)
        try windows.registry.openWindow("main")
        try windows.registry.openWindow("side")
        #expect(windows.registry.activeWindow == "side")
        try windows.registry.activate("main")
        #expect(windows.registry.activeWindow == "main")
        try windows.registry.activate("main")
        #expect(windows.registry.activeWindow == "main")
        try windows.registry.openWindow("third")
        try windows.registry.closeWindow("third")
        #expect(windows.registry.activeWindow == "main")
        try windows.registry.closeWindow("main")
        #expect(windows.registry.activeWindow == "side")
        #expect(windows.registry.windows == ["side"])
        try windows.registry.closeWindow("side")
        #expect(windows.registry.activeWindow == nil)
        #expect(windows.registry.windows.isEmpty)
    }

    @Test("every window is prepared before it navigates: guards belong to one window")
    func prepare() throws {
        var prepared: [WindowID?] = []
        let windows = try Windows { coordinator in
            prepared.append(coordinator.window)
            if coordinator.window == "kiosk" {
                coordinator.addGuard(
                    NavigationGuard("kiosk") {
                        $0.scene == "B1" ? .reject(reason: "kiosk") : .allow
                    })
            }
        }
        let kiosk = try windows.registry.openWindow("kiosk")
        let main = try windows.registry.openWindow("main")
        #expect(prepared == ["kiosk", "main"])
        #expect(kiosk.guardNames == ["kiosk"])
        #expect(main.guardNames.isEmpty)
        try main.navigate(.root(scene: "B1"))
        expectRejected(
            .root(scene: "B1"), on: kiosk,
            with: .guarded(
                .rejectedByGuard(name: "kiosk", kind: .root, scene: "B1", reason: "kiosk")))
        #expect(main.tree.scenes == [["B1"]])
    }

    @Test("a link goes to the active window, to a named one (then active), or to a new one")
    func linkTargets() throws {
        let windows = try Windows()
        let registry = windows.registry
        try registry.openWindow("main")
        try registry.openWindow("side")

        let active = try registry.open(Windows.link("demo://open/A1"))
        #expect(active.window == "side")
        #expect(active.event?.transition?.kind == .replaceTree)

        let named = try registry.open(Windows.link("demo://open/B1/B2"), in: .window("main"))
        #expect(named.window == "main")
        #expect(try windows.scenes("main") == [["B1", "B2"]])
        #expect(try windows.scenes("side") == [["A1"]])
        #expect(registry.activeWindow == "main")

        let new = try registry.open(Windows.link("demo://open/A2"), in: .newWindow("orders"))
        #expect(new.window == "orders")
        #expect(registry.windows == ["main", "side", "orders"])
        #expect(registry.activeWindow == "orders")
        #expect(try windows.scenes("orders") == [["A2"]])
    }

    @Test("the app's policy picks the window of a link that names none")
    func linkPolicy() throws {
        let windows = try Windows()
        let registry = windows.registry
        try registry.openWindow("main")
        registry.linkTarget = { link in
            link.text.hasSuffix("/B1") ? .newWindow("billing") : .active
        }
        #expect(try registry.open(Windows.link("demo://open/B1")).window == "billing")
        #expect(try registry.open(Windows.link("demo://open/A1")).window == "billing")
        #expect(try windows.scenes("billing") == [["A1"]])
        #expect(try windows.scenes("main") == [])
    }

    @Test("a link that fails in a new window leaves no window behind, and changes nothing")
    func failedNewWindow() throws {
        let windows = try Windows()
        let registry = windows.registry
        let main = try registry.openWindow("main")
        try main.navigate(.root(scene: "A1"))
        let recorder = EventRecorder(main)

        expectRefusal(
            NavigationError.link(
                .linkSegmentFailed(
                    position: 1, segment: "Nope", error: .unknownScene("Nope", suggestions: []))),
            leaving: registry
        ) {
            try registry.open(Windows.link("demo://open/Nope"), in: .newWindow("new"))
        }
        #expect(registry.windows == ["main"])
        #expect(recorder.events.isEmpty)
        // The identity is free again.
        try registry.openWindow("new")
    }

    @Test(
        "a closed window cancels its pending navigation, returns its held link, and navigates no more"
    )
    func closing() async throws {
        let windows = try Windows(guardClock: ManualClock())
        let registry = windows.registry
        let main = try registry.openWindow("main")
        let answers = ScriptedGuardAnswers()
        main.addGuard(
            AsyncNavigationGuard("server", appliesTo: { $0.scene == "B2" }, decide: answers.decide))
        try main.navigate(.root(scene: "A1"))
        var result: ScreenResult?
        try main.navigate(.push(scene: "A2")) { result = $0 }
        let flow = FlowCoordinator(coordinator: main)
        try main.startFlow(flow, key: "flow")
        try flow.navigate(.push(scene: "B1"))
        let pending = Task { try await main.navigateWhenAllowed(.push(scene: "B2")) }
        await answers.waitForQuestions(1)
        let link = Windows.link("demo://open/A1")
        let delivery = try await main.openWhenAllowed(link)
        guard case .held = delivery else {
            Issue.record("a link before the window is ready is held")
            return
        }
        let recorder = EventRecorder(main)

        let held = try registry.closeWindow("main")

        #expect(held?.link == link)
        #expect(result?.isCancelled == true)
        #expect(flow.isFinished)
        #expect(flow.ownedScreenCount == 0)
        #expect(main.flows.isEmpty)
        #expect(main.tree.isEmpty)
        #expect(main.pendingNavigation == nil)
        #expect(main.heldLink == nil)
        await #expect(
            throws: NavigationError.guarded(
                .navigationCancelled(.transition(.push(scene: "B2")), by: nil))
        ) {
            try await pending.value
        }
        answers.answer(.allow)
        #expect(recorder.transitions.isEmpty)
        #expect(registry.windows.isEmpty)

        // Whoever still holds the coordinator finds it closed.
        let push = ApplicationTransitionType.push(scene: "A2")
        #expect(throws: NavigationError.window(.windowClosed("main"))) {
            try main.navigate(.root(scene: "A1"))
        }
        #expect(throws: NavigationError.window(.windowClosed("main"))) { try main.open(link) }
        #expect(throws: NavigationError.window(.windowClosed("main"))) {
            try main.report(.tabSelectedByUser("x"))
        }
        await #expect(throws: NavigationError.window(.windowClosed("main"))) {
            try await main.navigateWhenAllowed(push)
        }
        await #expect(throws: NavigationError.window(.windowClosed("main"))) {
            try await main.openWhenAllowed(link)
        }
        #expect(main.tree.isEmpty)
        #expect(recorder.transitions.isEmpty)
        // Nothing was held or left waiting, and the window did not open again.
        #expect(main.heldLink == nil)
        #expect(main.pendingNavigation == nil)
        #expect(main.flows.isEmpty)
        #expect(registry.windows.isEmpty)
        #expect(registry.activeWindow == nil)
        // The cancelled navigation is reported to the observers still attached, then each refusal.
        #expect(
            recorder.failures.map(\.error)
                == [.guarded(.navigationCancelled(.transition(.push(scene: "B2")), by: nil))]
                + Array(repeating: .window(.windowClosed("main")), count: 5))
    }

    @Test("a closed window's flows are let go, child flows too")
    func closedFlowsReleased() throws {
        let windows = try Windows()
        let main = try windows.registry.openWindow("main")
        weak var first: FlowCoordinator?
        weak var second: FlowCoordinator?
        weak var child: FlowCoordinator?
        do {
            let flow = FlowCoordinator(coordinator: main)
            first = flow
            try main.startFlow(flow, key: "first")
            try flow.navigate(.root(scene: "A1"))
            let other = FlowCoordinator(coordinator: main)
            second = other
            try main.startFlow(other, key: "second")
            try other.navigate(.push(scene: "A2"))
            let inner = FlowCoordinator(coordinator: main)
            child = inner
            try other.startChild(inner, key: "inner")
            try inner.navigate(.push(scene: "B1"))
        }
        #expect(first != nil && second != nil && child != nil)
        try windows.registry.closeWindow("main")
        #expect(first == nil && second == nil && child == nil)
    }

    @Test("every window shares the registry's scenes, services and payload types")
    func shared() throws {
        let services = ServiceRegistry()
        let payloadTypes = PayloadTypes()
        let custom = WindowRegistry(
            container: try makeContainer(["A1"]), services: services, payloadTypes: payloadTypes)
        let window = try custom.openWindow("main")
        #expect(window.services === services && custom.services === services)
        #expect(window.payloadTypes === payloadTypes && custom.payloadTypes === payloadTypes)
        let container = try makeContainer(["A1"])
        let plain = WindowRegistry(container: container)
        #expect(try plain.openWindow("main").services === container.services)
        #expect(plain.container as? DependencyContainer === container)
    }

    @Test("a closed window's observers hear no transition after it closes")
    func observersAfterClose() throws {
        let windows = try Windows()
        let main = try windows.registry.openWindow("main")
        let recorder = EventRecorder(main)
        try main.navigate(.root(scene: "A1"))
        try windows.registry.closeWindow("main")
        #expect(throws: NavigationError.window(.windowClosed("main"))) {
            try main.navigate(.push(scene: "A2"))
        }
        #expect(recorder.transitions.map(\.kind) == [.root])
    }

    @Test("at a cold start, a new window holds its link until it is ready")
    func coldStart() async throws {
        let windows = try Windows()
        let registry = windows.registry
        let (window, delivery) = try await registry.openWhenAllowed(
            Windows.link("demo://open/A1/A2"), in: .newWindow("main"))
        #expect(window == "main")
        guard case .held(_, until: .appNotReady) = delivery else {
            Issue.record("a new window's link waits for the window: \(delivery)")
            return
        }
        let main = try registry.coordinator(for: "main")
        #expect(main.tree.isEmpty)
        try main.navigate(.root(scene: "B1"))
        let event = try await main.markReadyForLinks()
        #expect(event?.kind == .replaceTree)
        #expect(main.tree.scenes == [["A1", "A2"]])
    }

    @Test("a ready window opens a link at once; a failing link into a new window closes it again")
    func asyncTargets() async throws {
        let windows = try Windows()
        let registry = windows.registry
        let main = try registry.openWindow("main")
        try await main.markReadyForLinks()
        try registry.openWindow("side")
        let (window, delivery) = try await registry.openWhenAllowed(
            Windows.link("demo://open/B1"), in: .window("main"))
        #expect(window == "main")
        guard case .opened(let event) = delivery else {
            Issue.record("the ready window opens the link: \(delivery)")
            return
        }
        #expect(event?.transition?.kind == .replaceTree)
        #expect(registry.activeWindow == "main")

        await expectRefusal(NavigationError.window(.windowAlreadyOpen("side")), leaving: registry) {
            try await registry.openWhenAllowed(
                Windows.link("demo://open/B1"), in: .newWindow("side"))
        }
        registry.linkTarget = { _ in .newWindow("ready") }
        // A new window is not ready, so the link is held rather than failed; a link that cannot
        // be read fails in a ready window only. Closing the window while it waits is safe.
        let held = try await registry.openWhenAllowed(Windows.link("demo://bad"))
        #expect(held.window == "ready")
        #expect(try registry.closeWindow("ready")?.link == Windows.link("demo://bad"))
    }

    @Test("a window saves its tree as an activity and opens again from it")
    func restoration() throws {
        let windows = try Windows()
        let registry = windows.registry
        let main = try registry.openWindow("main")
        try main.navigate(.root(scene: "A1"))
        try main.navigate(.push(scene: "A2", parameters: ["id": "7"]))
        try main.navigate(.present(scene: "B1", style: .sheet(detents: [.medium])))

        let saved = try registry.restorationActivity(for: "main", activityType: "restore")
        #expect(saved.activityType == "restore")
        #expect(saved.window == "main")
        // What the platform gives back: a `userInfo` of any values.
        var userInfo: [AnyHashable: Any] = [:]
        for (key, value) in saved.userInfo { userInfo[key] = value }
        userInfo[42] = "not a string key"
        userInfo["count"] = 3
        let given = WindowActivity(activityType: saved.activityType, userInfo: userInfo)
        #expect(given == saved)

        let before = main.tree.snapshot
        try registry.closeWindow("main")
        let restored = try registry.openWindow("main", restoring: try given.snapshot())
        #expect(restored.tree.snapshot == before)
        #expect(restored.tree.scenes == [["A1", "A2"], ["B1"]])
        #expect(restored.tree.modals.first?.style == .sheet(detents: [.medium]))
    }

    @Test("a window that cannot be restored is not opened")
    func failedRestoration() throws {
        let windows = try Windows()
        let registry = windows.registry
        try registry.openWindow("main")
        let empty = WindowActivity(activityType: "restore", userInfo: [:])
        #expect(empty.window == nil)
        #expect(
            throws: NavigationError.snapshot(
                .unreadable(reason: "the activity holds no snapshot"))
        ) {
            try empty.snapshot()
        }
        let snapshot = TreeSnapshot(root: [TreeSnapshot.Screen(scene: "Nope")])
        expectRefusal(
            NavigationError.snapshot(
                .restorationFailed(
                    position: 1, scene: "Nope", error: .unknownScene("Nope", suggestions: []))),
            leaving: registry
        ) {
            try registry.openWindow("side", restoring: snapshot)
        }
        #expect(registry.windows == ["main"])
        let unknown = NavigationError.window(.unknownWindow("side", open: ["main"]))
        expectRefusal(unknown, leaving: registry) { try registry.coordinator(for: "side") }
        expectRefusal(unknown, leaving: registry) {
            try registry.restorationActivity(for: "side", activityType: "restore")
        }
    }

    @Test("a window's identity is checked, written as a string, and quoted when described")
    func identities() throws {
        let long = WindowID(String(repeating: "w", count: WindowID.maximumByteCount + 1))
        let windows = try Windows()
        expectRefusal(NavigationError.input(.invalidWindowID(long)), leaving: windows.registry) {
            try windows.registry.openWindow(long)
        }
        expectRefusal(NavigationError.input(.invalidWindowID("")), leaving: windows.registry) {
            try windows.registry.openWindow("")
        }
        #expect(windows.registry.windows.isEmpty)
        let widest = WindowID(String(repeating: "w", count: WindowID.maximumByteCount))
        try windows.registry.openWindow(widest)
        let json = try JSONEncoder().encode(["main" as WindowID])
        #expect(String(decoding: json, as: UTF8.self) == "[\"main\"]")
        #expect(try JSONDecoder().decode([WindowID].self, from: json) == ["main"])
        #expect(WindowID("main").description == "\"main\"")
        #expect(long.description.count < 80)
        let many = (1...9).map { WindowID("w\($0)") }
        #expect(
            NavigationError.window(.unknownWindow("x", open: many)).description.hasSuffix(
                "and more."))
    }

    @Test("a window cannot close from inside its own navigation; it can once that is done")
    func busy() throws {
        let container = try makeContainer(["A1"])
        let registry = WindowRegistry(container: container)
        var refused: NavigationError?
        try container.assemble(
            contentsOf: [
                SceneBuilder("Closer") { context in
                    do throws(NavigationError) {
                        try registry.closeWindow("main")
                    } catch {
                        refused = error
                    }
                    return StubScreen(context: context)
                }
            ])
        let main = try registry.openWindow("main")
        try main.navigate(.root(scene: "A1"))
        try main.navigate(.push(scene: "Closer"))
        #expect(refused == .window(.windowBusy("main", during: .push)))
        #expect(registry.windows == ["main"])
        #expect(registry.activeWindow == "main")
        #expect(main.tree.scenes == [["A1", "Closer"]])
        try registry.closeWindow("main")
        #expect(registry.windows.isEmpty)
    }

    @Test("opening a window again from its own prepare is refused: it is being opened")
    func reentrantOpen() throws {
        var registry: WindowRegistry?
        var refused: NavigationError?
        registry = WindowRegistry(container: try makeContainer(["A1"])) { _ in
            do throws(NavigationError) {
                try registry?.openWindow("main")
            } catch {
                refused = error
            }
        }
        let windows = try #require(registry)
        try windows.openWindow("main")
        #expect(refused == .window(.windowAlreadyOpen("main")))
        #expect(windows.windows == ["main"])
        #expect(windows.activeWindow == "main")
        #expect(try windows.coordinator(for: "main").tree.isEmpty)
    }

    @Test("an observer that closes the window while a link opens: the call still succeeds")
    func closedWhileOpening() throws {
        let windows = try Windows()
        let registry = windows.registry
        try registry.openWindow("side")
        let main = try registry.openWindow("main")
        let token = main.observe { _ in _ = try? registry.closeWindow("main") }
        let opened = try registry.open(Windows.link("demo://open/A1"), in: .window("main"))
        #expect(opened.window == "main")
        #expect(opened.event?.transition?.kind == .replaceTree)
        #expect(registry.windows == ["side"])
        #expect(registry.activeWindow == "side")
        token.cancel()
    }

    @Test("a closed window's coordinator refuses flows, results and readiness too")
    func closedRefusesEverything() async throws {
        let windows = try Windows()
        let main = try windows.registry.openWindow("main")
        try main.navigate(.root(scene: "A1"))
        let flow = FlowCoordinator(coordinator: main)
        try main.startFlow(flow, key: "flow")
        try flow.navigate(.push(scene: "A2"))
        let context = try #require((main.tree.visibleScreen?.content as? StubScreen)?.context)
        try windows.registry.closeWindow("main")
        let recorder = EventRecorder(main)

        #expect(throws: NavigationError.window(.windowClosed("main"))) {
            try main.startFlow(FlowCoordinator(coordinator: main), key: "other")
        }
        #expect(main.flows.isEmpty)
        #expect(throws: NavigationError.window(.windowClosed("main"))) {
            try context.finish(with: 1)
        }
        #expect(throws: NavigationError.window(.windowClosed("main"))) {
            try flow.navigate(.push(scene: "B1"))
        }
        await #expect(throws: NavigationError.window(.windowClosed("main"))) {
            try await main.markReadyForLinks()
        }
        #expect(!main.isReadyForLinks)
        // An empty snapshot would overwrite what the window saved.
        #expect(throws: NavigationError.window(.windowClosed("main"))) { try main.snapshot() }
        #expect(main.tree.isEmpty)
        #expect(main.pendingNavigation == nil)
        #expect(windows.registry.windows.isEmpty)
        #expect(recorder.transitions.isEmpty)
        // The screen's finish went in as the pop it asks for: its failure is published once.
        #expect(
            recorder.failures == [
                NavigationEvent.Failure(
                    operation: .transition(.pop()), error: .window(.windowClosed("main")))
            ])
    }

    @Test("a new window that an action link leaves empty is closed again")
    func actionIntoNewWindow() throws {
        let windows = try Windows()
        let registry = windows.registry
        try registry.openWindow("main")
        let links = try LinkTable(
            accepting: [.web(host: "example.com")],
            routes: [LinkRoute("mute", action: "mute", reachableFromOutside: true)])
        let opened = try registry.open(
            .universal("https://example.com/mute", in: links), in: .newWindow("new"))
        #expect(opened.window == "new")
        #expect(opened.event?.transition == nil)
        #expect(registry.windows == ["main"])
        #expect(registry.activeWindow == "main")
    }

    @Test("a link that waited for a guard does not take the user away from the window they went to")
    func activeAfterWaiting() async throws {
        // A clock the test drives: the guard never times out while the machine is busy.
        let windows = try Windows(guardClock: ManualClock())
        let registry = windows.registry
        let main = try registry.openWindow("main")
        try await main.markReadyForLinks()
        try main.navigate(.root(scene: "A1"))
        let answers = ScriptedGuardAnswers()
        main.addGuard(
            AsyncNavigationGuard("server", appliesTo: { _ in true }, decide: answers.decide))
        try registry.openWindow("side")
        try registry.activate("main")
        let opening = Task {
            try await registry.openWhenAllowed(Windows.link("demo://open/B1"), in: .window("main"))
        }
        await answers.waitForQuestions(1)
        try registry.activate("side")
        answers.answer(.allow)
        let (window, delivery) = try await opening.value
        #expect(window == "main")
        guard case .opened = delivery else {
            Issue.record("the link opens once allowed: \(delivery)")
            return
        }
        #expect(main.tree.scenes == [["B1"]])
        #expect(registry.activeWindow == "side")
    }

}
