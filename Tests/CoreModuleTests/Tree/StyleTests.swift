@_spi(Rules) import CoreModule
import Testing

@MainActor
@Suite("Presentation styles: what the modal shows and what the user may do")
struct StyleTests {
    @Test(
        "every style is recorded on the modal, in the event and in the tree's text",
        arguments: [
            (PresentationStyle.sheet(), "sheet"),
            (.sheet(detents: [.medium]), "sheet: medium"),
            (.sheet(detents: [.medium, .large]), "sheet: medium, large"),
            (.sheet(interactiveDismissal: false), "sheet, not swipeable"),
            (
                .sheet(detents: [.medium], interactiveDismissal: false),
                "sheet: medium, not swipeable"
            ),
            (.fullScreenCover, "full-screen"),
            (.popover(anchor: "share"), "popover from share"),
            (
                .popover(anchor: "share", interactiveDismissal: false),
                "popover from share, not dismissible"
            ),
        ])
    func styleIsRecorded(style: PresentationStyle, text: String) throws {
        let coordinator = try makeTreeCoordinator(setup: [.root(scene: "A1")])
        let recorder = EventRecorder(coordinator)
        let event = try #require(try coordinator.navigate(.present(scene: "B1", style: style)))
        #expect(event.style == style)
        #expect(recorder.transitions.map(\.style) == [style])
        let modal = try #require(coordinator.tree.modals.last)
        #expect(modal.style == style)
        #expect(modal.place == .modal(style) && modal.modal != nil)
        #expect(style.description == text)
        #expect(coordinator.tree.description.hasSuffix("└─ modal (\(text)): B1 #2"))
        #expect(event.description == "present B1 #2 (\(text)): A1 #1 → B1 #2, animated")
        #expect(try coordinator.snapshot().modals.map(\.style) == [style])
    }

    @Test("a push into a styled modal keeps its style, and its event has none")
    func pushKeepsTheStyle() throws {
        let coordinator = try makeTreeCoordinator(setup: [
            .root(scene: "A1"), .present(scene: "B1", style: .fullScreenCover),
        ])
        let push = try #require(try coordinator.navigate(.push(scene: "B2")))
        #expect(push.style == nil)
        #expect(coordinator.tree.topStack?.style == .fullScreenCover)
        #expect(coordinator.tree.scenes == [["A1"], ["B1", "B2"]])
    }

    @Test(
        "what the user may dismiss: a sheet and a popover, not a cover, a fixed sheet or a locked popover"
    )
    func userCanDismiss() {
        #expect(PresentationStyle.sheet().userCanDismiss)
        #expect(PresentationStyle.sheet(detents: [.medium]).userCanDismiss)
        #expect(PresentationStyle.popover(anchor: "share").userCanDismiss)
        #expect(!PresentationStyle.fullScreenCover.userCanDismiss)
        #expect(!PresentationStyle.sheet(interactiveDismissal: false).userCanDismiss)
        #expect(
            !PresentationStyle.popover(anchor: "share", interactiveDismissal: false).userCanDismiss)
    }

    @Test("a sheet's swipe-down dismisses it, marked as the user's")
    func swipeDownDismissesASheet() throws {
        let coordinator = try makeTreeCoordinator(setup: [
            .root(scene: "A1"), .present(scene: "B1", style: .sheet(detents: [.medium])),
            .push(scene: "B2"),
        ])
        let top = try #require(coordinator.tree.visibleScreen?.id)
        let event = try #require(try coordinator.report(.dismissedByUser(top)))
        #expect(event.kind == .dismiss && event.isUserInitiated)
        #expect(event.removedCount == 2)
        #expect(coordinator.tree.scenes == [["A1"]])
    }

    @Test(
        "a swipe-down of a cover, a fixed sheet or a locked popover is refused: nothing changes and no event",
        arguments: [
            PresentationStyle.fullScreenCover, .sheet(interactiveDismissal: false),
            .sheet(detents: [.medium, .large], interactiveDismissal: false),
            .popover(anchor: "share", interactiveDismissal: false),
        ])
    func swipeDownRefused(style: PresentationStyle) throws {
        let coordinator = try makeTreeCoordinator(setup: [
            .root(scene: "A1"), .present(scene: "B1", style: style), .push(scene: "B2"),
        ])
        let first = try #require(coordinator.tree.topStack?.first?.id)
        let before = coordinator.tree
        let recorder = EventRecorder(coordinator)
        #expect(throws: NavigationError.refused(.notDismissibleByUser(first, style: style))) {
            try coordinator.report(.dismissedByUser(first))
        }
        #expect(coordinator.tree == before)
        #expect(recorder.transitions.isEmpty)
        #expect(
            recorder.failures == [
                NavigationEvent.Failure(
                    operation: .report(.dismissedByUser(first)),
                    error: .refused(.notDismissibleByUser(first, style: style)))
            ])
        // The app may still dismiss it.
        let dismiss = try #require(try coordinator.navigate(.dismiss()))
        #expect(!dismiss.isUserInitiated)
        #expect(coordinator.tree.scenes == [["A1"]])
    }

    @Test(
        "only the top modal's style counts: a sheet over a cover can be swiped, then the cover not")
    func onlyTheTopModalCounts() throws {
        let coordinator = try makeTreeCoordinator(setup: [
            .root(scene: "A1"), .present(scene: "B1", style: .fullScreenCover),
            .present(scene: "B2"),
        ])
        let cover = try #require(coordinator.tree.modals.first?.first?.id)
        let sheet = try #require(coordinator.tree.visibleScreen?.id)
        expectRefusal(
            NavigationError.refused(.reportedScreenNotOnTop(cover, kind: .dismiss, visible: sheet)),
            leaving: coordinator
        ) {
            try coordinator.report(.dismissedByUser(cover))
        }
        try coordinator.report(.dismissedByUser(sheet))
        expectRefusal(
            NavigationError.refused(.notDismissibleByUser(cover, style: .fullScreenCover)),
            leaving: coordinator
        ) {
            try coordinator.report(.dismissedByUser(cover))
        }
        #expect(coordinator.tree.scenes == [["A1"], ["B1"]])
    }

    @Test("a popover is presented and dismissed like a sheet")
    func popover() throws {
        let coordinator = try makeTreeCoordinator(setup: [homeAndMore])
        let event = try #require(
            try coordinator.navigate(.present(scene: "B2", style: .popover(anchor: "share"))))
        #expect(event.style == .popover(anchor: "share"))
        #expect(
            event.description
                == "present B2 #3 (popover from share): A1 #1 → B2 #3, animated")
        try coordinator.report(.dismissedByUser(event.screen))
        #expect(coordinator.tree.modalCount == 0)
    }

    @Test("an anchor of 64 bytes is valid; 65 bytes, an empty anchor or no detent is not")
    func validity() throws {
        let anchor64 = String(repeating: "a", count: 64)
        #expect(PresentationStyle.popover(anchor: anchor64).isValid)
        #expect(PresentationStyle.popover(anchor: "画").isValid)
        #expect(!PresentationStyle.popover(anchor: anchor64 + "a").isValid)
        #expect(!PresentationStyle.popover(anchor: String(repeating: "画", count: 22)).isValid)
        #expect(!PresentationStyle.popover(anchor: "").isValid)
        #expect(!PresentationStyle.sheet(detents: []).isValid)
        #expect(PresentationStyle.fullScreenCover.isValid)

        let coordinator = try makeTreeCoordinator(setup: [.root(scene: "A1")])
        try coordinator.navigate(.present(scene: "B1", style: .popover(anchor: anchor64)))
        expectRejected(
            .present(scene: "B2", style: .sheet(detents: [])), on: coordinator,
            with: .refused(.invalidPresentationStyle(.sheet(detents: []))))
    }

    @Test("an invalid style is refused before any guard runs or screen is built")
    func invalidStyleBeforeGuards() throws {
        let coordinator = try makeTreeCoordinator(setup: [.root(scene: "A1")])
        var guardCalls = 0
        coordinator.addGuard(
            NavigationGuard("count") { _ in
                guardCalls += 1
                return .allow
            })
        expectRejected(
            .present(scene: "Broken", style: .popover(anchor: "")), on: coordinator,
            with: .refused(.invalidPresentationStyle(.popover(anchor: ""))))
        #expect(guardCalls == 0)
        // No identity was used up: the next screen is #2.
        let event = try #require(try coordinator.navigate(.present(scene: "B1")))
        #expect(event.screen == ScreenID(2))
    }

    @Test("a link writes and reads every style")
    func linkStyles() throws {
        let coordinator = try makeTreeCoordinator()
        try coordinator.open(
            .deepLink(
                "demo://open/A1/+[medium,large]B1/+[fixed]B2/+[medium,fixed]A1/+[popover:share]A2"
                    + "/+[popover:share,fixed]B2/+[full-screen]B1/+[sheet]B2/+B1",
                format: treeLinkFormat))
        #expect(
            coordinator.tree.modals.map(\.style) == [
                .sheet(detents: [.medium, .large]), .sheet(interactiveDismissal: false),
                .sheet(detents: [.medium], interactiveDismissal: false),
                .popover(anchor: "share"), .popover(anchor: "share", interactiveDismissal: false),
                .fullScreenCover, .sheet(), .sheet(),
            ])
        #expect(
            try coordinator.link(format: treeLinkFormat)
                == "demo://open/A1/+[medium,large]B1/+[fixed]B2/+[medium,fixed]A1"
                + "/+[popover:share]A2/+[popover:share,fixed]B2/+[full-screen]B1/+B2/+B1")
    }
}
