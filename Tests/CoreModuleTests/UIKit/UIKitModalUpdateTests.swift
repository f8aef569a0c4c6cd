#if os(Linux)
    import CoreModule
    import SceneRouterUIKit
    import SceneRouterUIKitStandIn
    import Testing

    @MainActor
    @Suite("UIKit adapter: a push under a sheet, a lock that changes, detents that rest")
    struct UIKitModalUpdateTests {
        func shown(_ setup: [ApplicationTransitionType]) throws -> StandInWindow {
            let shown = StandInWindow(try makeCoordinator(setup: setup))
            shown.settle()
            return shown
        }

        @Test("a push onto the tab under a medium sheet changes that tab's navigation controller")
        func pushUnderSheet() throws {
            let shown = try shown([
                .tabs(
                    [TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "home"),
                .present(scene: "B2", style: .sheet(detents: [.medium, .large])),
            ])
            let home = try #require(shown.coordinator.tree.tab(named: "home")?.stack.id)
            try shown.coordinator.navigate(.push(scene: "A2", on: home))
            shown.settle()
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            #expect(
                shown.testing.hierarchy == [
                    "window",
                    "└─ UITabBarController",
                    "   ├─ tab 0, selected: UINavigationController: \"A1 #1\" › \"A2 #4\"",
                    "   ├─ tab 1: UINavigationController: \"B1 #2\"",
                    "   └─ presents (pageSheet, medium, large): UINavigationController: \"B2 #3\"",
                ])
        }

        @Test("a lock that turns on is the sheet's isModalInPresentation: the swipe is refused")
        func lockRefusesSwipe() throws {
            let shown = try shown([.root(scene: "A1"), .present(scene: "B1")])
            try shown.coordinator.navigate(.updateModal(interactiveDismissal: false))
            shown.settle()
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            #expect(!shown.testing.simulateSwipeDown())
            #expect(shown.coordinator.tree.scenes == [["A1"], ["B1"]])

            try shown.coordinator.navigate(.updateModal(interactiveDismissal: true))
            shown.settle()
            #expect(shown.testing.simulateSwipeDown())
            #expect(shown.coordinator.tree.scenes == [["A1"]])
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
        }

        @Test("custom detents are UIKit's custom detents; a request moves the resting one")
        func detentRequest() throws {
            let shown = try shown([
                .root(scene: "A1"),
                .present(
                    scene: "B1",
                    style: .sheet(detents: [.height(230), .fraction(0.5), .large])),
            ])
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            try shown.coordinator.navigate(.updateModal(detent: .fraction(0.5)))
            shown.settle()
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            let sheet = try #require(
                shown.window.rootViewController?.presentedViewController?
                    .sheetPresentationController)
            #expect(sheet.selectedDetentIdentifier?.rawValue == "scene-router.0.5")
        }

        @Test("a sheet the user drags to another detent is reported, and the tree follows")
        func detentDragged() throws {
            let shown = try shown([
                .root(scene: "A1"),
                .present(scene: "B1", style: .sheet(detents: [.medium, .large])),
            ])
            let recorder = EventRecorder(shown.coordinator)
            #expect(shown.testing.simulateDragSheet(toDetentAt: 1))
            #expect(recorder.kinds == [.updateModal])
            #expect(
                shown.coordinator.tree.modals.map(\.style)
                    == [.sheet(detents: [.medium, .large], selected: .large)])
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            // Where it rests already: no drag.
            #expect(!shown.testing.simulateDragSheet(toDetentAt: 1))
        }
    }
#endif
