@_spi(Rules) import CoreModule
import Testing

/// Behaviours the guides settle in one sentence each, where the API alone leaves a reader
/// guessing: which error wins, what an alert lets through, what a link does over a split, and
/// which numbers a failed request uses up.
@Suite("Behaviours the guides settle")
@MainActor
struct SettledBehaviourTests {
    static let format = DeepLinkFormat(scheme: "app")
    static let cancel = AlertContent(
        title: "Discard?", buttons: [AlertContent.Button("Cancel", role: .cancel)])

    // MARK: Which error wins

    @Test("with several errors, the first in the documented order is thrown: no root first")
    func noRootComesFirst() throws {
        let empty = try makeCoordinator()
        // The scene is unknown, too, and the root is missing: the root is named.
        expectRejected(.push(scene: "Nope"), on: empty, with: .refused(.noRoot(.push)))
        expectRejected(.pop(), on: empty, with: .refused(.noRoot(.pop)))
    }

    @Test("an alert on top is named before the scene is resolved")
    func alertBeforeScene() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .alert(Self.cancel)])
        expectRejected(
            .push(scene: "Nope"), on: coordinator,
            with: .refused(.alertIsPresented(.push, alert: "Alert")))
        expectRejected(
            .push(scene: ""), on: coordinator,
            with: .refused(.alertIsPresented(.push, alert: "Alert")))
    }

    @Test("an invalid or unknown scene is named before a guard is asked")
    func sceneBeforeGuards() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        var asked = 0
        coordinator.addGuard(
            NavigationGuard("never") { _ in
                asked += 1
                return .reject(reason: "no")
            })
        expectRejected(
            .push(scene: "A3"), on: coordinator,
            with: .unknownScene("A3", suggestions: ["A1", "A2"]))
        #expect(asked == 0)
        expectRejected(
            .push(scene: "A2"), on: coordinator,
            with: .guarded(.rejectedByGuard(name: "never", kind: .push, scene: "A2", reason: "no")))
        #expect(asked == 1)
    }

    // MARK: What an alert lets through

    @Test("a back report naming the alert's own screen changes nothing, as for any visible screen")
    func backReportToAlert() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .alert(Self.cancel)])
        let alert = try #require(coordinator.tree.visibleScreen?.id)
        let before = coordinator.tree
        let recorder = EventRecorder(coordinator)
        #expect(try coordinator.report(.poppedBackByUser(to: alert)) == nil)
        #expect(coordinator.tree == before)
        #expect(recorder.events.isEmpty)
    }

    @Test("under an alert, a split's columns still change, and the alert stays on top")
    func columnsChangeUnderAnAlert() throws {
        let coordinator = try makeCoordinator(setup: [
            .split(primary: "A1", supplementary: "A2", detail: "B1"), .alert(Self.cancel),
        ])
        try coordinator.navigate(.showDetail("B2"))
        #expect(coordinator.tree.split?.detail.map(\.scene) == ["B2"])
        #expect(coordinator.tree.alert?.title == "Discard?")
        try coordinator.navigate(.showSupplementary("B1"))
        #expect(coordinator.tree.split?.supplementary?.map(\.scene) == ["B1"])
        #expect(coordinator.tree.split?.detail.isEmpty == true)
        #expect(coordinator.tree.alert?.title == "Discard?")
        try coordinator.report(.sizeClassChanged(.compact))
        #expect(coordinator.tree.horizontalSizeClass == .compact)
        #expect(coordinator.tree.alert?.title == "Discard?")
    }

    @Test("a restore replaces the tree under an alert, which is cancelled")
    func restoreOverAnAlert() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        var results: [ScreenResult] = []
        try coordinator.navigate(.alert(Self.cancel)) { results.append($0) }
        try coordinator.restore(TreeSnapshot(root: [.init(scene: "B1")]))
        #expect(coordinator.tree.scenes == [["B1"]])
        #expect(coordinator.tree.alert == nil)
        #expect(results.count == 1)
        #expect(results.first?.isCancelled == true)
    }

    // MARK: Links over a split root

    @Test("a one-stack package link over a split root replaces the split with a stack")
    func packageLinkOverSplit() throws {
        let coordinator = try makeCoordinator(setup: [.split(primary: "A1", detail: "B1")])
        let event = try coordinator.open(.deepLink("app://open/A2/B2", format: Self.format))
        #expect(event?.transition?.kind == .replaceTree)
        #expect(coordinator.tree.split == nil)
        #expect(coordinator.tree.scenes == [["A2", "B2"]])
    }

    @Test("a universal link that replaces the stack over a split root replaces the split")
    func universalLinkOverSplit() throws {
        let table = try LinkTable(
            accepting: [.web(host: "shop.example.com")],
            routes: [LinkRoute("items/:id", scene: "B2", reachableFromOutside: true)])
        let coordinator = try makeCoordinator(setup: [.split(primary: "A1", detail: "B1")])
        let event = try coordinator.open(.universal("https://shop.example.com/items/1", in: table))
        #expect(event?.transition?.kind == .replaceTree)
        #expect(coordinator.tree.split == nil)
        #expect(coordinator.tree.scenes == [["B2"]])
        #expect(coordinator.tree.visibleScreen?.parameters == ["id": "1"])
    }

    @Test("a package link whose first column is not the primary is refused at that segment")
    func firstColumnNotPrimary() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        for link in ["app://open/[detail]B1/[primary]A1", "app://open/[supplementary]A2/B1"] {
            expectRefusal(
                NavigationError.link(.invalidLink(.misplacedAttributes(position: 1))),
                leaving: coordinator
            ) {
                try coordinator.open(.deepLink(link, format: Self.format))
            }
        }
        let error = NavigationError.link(.invalidLink(.misplacedAttributes(position: 1)))
        #expect(error.description.contains("a split starts with [primary]"))
    }

    @Test("a split snapshot with an empty primary column is refused, naming the column")
    func emptyPrimaryInSnapshot() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let snapshot = TreeSnapshot(
            split: .init(primary: [], supplementary: nil, detail: [.init(scene: "B1")]),
            modals: [])
        expectRefusal(NavigationError.snapshot(.emptyStack), leaving: coordinator) {
            try coordinator.restore(snapshot)
        }
        #expect(
            NavigationError.snapshot(.emptyStack).description.contains(
                "a split's primary column has no screens"))
    }

    // MARK: Screen numbers

    @Test("a failed link uses up the numbers of the screens it built; the next screen follows")
    func failedRequestUsesNumbers() throws {
        let coordinator = try makeCoordinator(["A1", "A2"], setup: [.root(scene: "A1")])
        expectRefusal(
            NavigationError.link(
                .linkSegmentFailed(
                    position: 3, segment: "Nope",
                    error: .unknownScene("Nope", suggestions: []))),
            leaving: coordinator
        ) {
            try coordinator.open(.deepLink("app://open/A1/A2/Nope", format: Self.format))
        }
        try coordinator.navigate(.push(scene: "A2"))
        // The link built A1 as #2 and A2 as #3 before "Nope" failed: their builders may have
        // kept their contexts, so no later screen answers to those numbers.
        #expect(coordinator.tree.screens.map(\.id) == [ScreenID(1), ScreenID(4)])
    }

    @Test("a request refused before any builder runs uses up no number")
    func refusedBeforeBuildingUsesNone() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        expectRejected(
            .push(scene: "A3"), on: coordinator,
            with: .unknownScene("A3", suggestions: ["A1", "A2"]))
        try coordinator.navigate(.push(scene: "A2"))
        #expect(coordinator.tree.screens.map(\.id) == [ScreenID(1), ScreenID(2)])
    }

    // MARK: Windows

    @Test("a window opened from its saved activity starts regular, whatever it was when saved")
    func sizeClassAfterRestoringAWindow() throws {
        let registry = WindowRegistry(container: try makeContainer())
        let window = try registry.openWindow("main")
        try window.navigate(.split(primary: "A1", detail: "B1"))
        try window.report(.sizeClassChanged(.compact))
        let activity = try registry.restorationActivity(for: "main", activityType: "app.window")
        try registry.closeWindow("main")
        let restored = try registry.openWindow("main", restoring: try activity.snapshot())
        #expect(restored.tree.horizontalSizeClass == .regular)
        #expect(restored.tree.split?.primary.map(\.scene) == ["A1"])
        #expect(restored.tree.split?.detail.map(\.scene) == ["B1"])
        // The platform reports the window's size class when it appears, and the split collapses.
        try restored.report(.sizeClassChanged(.compact))
        #expect(restored.tree.horizontalSizeClass == .compact)
    }
}
