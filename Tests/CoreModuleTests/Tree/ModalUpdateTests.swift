@_spi(Rules) import CoreModule
import Foundation
import Testing

@MainActor
@Suite("A shown modal's lock and a sheet's resting detent are tree state")
struct ModalUpdateTests {
    static let editor = PresentationStyle.sheet(detents: [.medium, .large])

    /// A1 #1 (s1) with the editor sheet B1 #2 (s2, m1) over it.
    func editing(_ style: PresentationStyle = editor) throws -> AppCoordinator {
        try makeCoordinator(setup: [.root(scene: "A1"), .present(scene: "B1", style: style)])
    }

    // MARK: The lock

    @Test("a lock that turns on refuses the user's swipe, as for a sheet locked from the start")
    func lockRefusesSwipe() throws {
        let coordinator = try editing()
        let recorder = EventRecorder(coordinator)
        let event = try #require(
            try coordinator.navigate(.updateModal(interactiveDismissal: false)))
        let locked = PresentationStyle.sheet(
            detents: [.medium, .large], interactiveDismissal: false)
        #expect(coordinator.tree.modals[0].style == locked)
        #expect(event.kind == .updateModal)
        #expect(event.stack == coordinator.tree.modals[0].id)
        #expect(
            event.plan.description
                == "update-modal s2 (m1, sheet: medium, large, not swipeable), animated")
        #expect(recorder.kinds == [.updateModal])
        expectRefusal(
            NavigationError.refused(.notDismissibleByUser(ScreenID(2), style: locked)),
            leaving: coordinator
        ) { try coordinator.report(.dismissedByUser(ScreenID(2))) }

        // Unlocked again, the swipe is the user's dismissal.
        try coordinator.navigate(.updateModal(interactiveDismissal: true, animated: false))
        let swipe = try #require(try coordinator.report(.dismissedByUser(ScreenID(2))))
        #expect(swipe.kind == .dismiss)
        #expect(coordinator.tree.scenes == [["A1"]])
    }

    @Test("a popover's lock changes too; a change to what the modal has is no change")
    func popoverLock() throws {
        let coordinator = try editing(.popover(anchor: "share"))
        #expect(try coordinator.navigate(.updateModal(interactiveDismissal: true)) == nil)
        #expect(try coordinator.navigate(.updateModal()) == nil)
        try coordinator.navigate(.updateModal(on: StackID(2), interactiveDismissal: false))
        #expect(
            coordinator.tree.modals[0].style
                == .popover(anchor: "share", interactiveDismissal: false))
        #expect(
            ApplicationTransitionType.updateModal(on: StackID(2), interactiveDismissal: false)
                .description == ".updateModal(on: s2, interactiveDismissal: false, animated: true)")
    }

    @Test("a lower modal's lock changes by naming its stack")
    func lowerModal() throws {
        let coordinator = try editing()
        try coordinator.navigate(.present(scene: "B2"))
        try coordinator.navigate(.updateModal(on: StackID(2), interactiveDismissal: false))
        #expect(coordinator.tree.modals.map { $0.style?.userCanDismiss } == [false, true])
    }

    // MARK: Detents

    @Test("custom heights and fractions stand beside medium and large, and print as written")
    func customDetents() throws {
        let style = PresentationStyle.sheet(
            detents: [.height(230), .medium, .fraction(0.4), .large], selected: .fraction(0.4))
        let coordinator = try editing(style)
        #expect(coordinator.tree.modals[0].style == style)
        #expect(style.description == "sheet: 230pt, medium, 0.4, large at 0.4")
        #expect(
            ApplicationTransitionType.present(scene: "B1", style: style).description
                == ".present(scene: \"B1\", style: .sheet(detents: [.height(230), .medium, "
                + ".fraction(0.4), .large], selected: .fraction(0.4), interactiveDismissal: true), "
                + "animated: true)")
    }

    @Test("the resting detent is set by a request, with one render step")
    func detentRequest() throws {
        let coordinator = try editing()
        let event = try #require(try coordinator.navigate(.updateModal(detent: .large)))
        #expect(
            coordinator.tree.modals[0].style
                == .sheet(detents: [.medium, .large], selected: .large))
        #expect(event.plan.steps.count == 1)
        // Back to the first detent: the sheet rests there, `selected` says so.
        try coordinator.navigate(.updateModal(detent: .medium))
        #expect(
            coordinator.tree.modals[0].style
                == .sheet(detents: [.medium, .large], selected: .medium))
        // Where it rests already: nothing to do.
        #expect(try coordinator.navigate(.updateModal(detent: .medium)) == nil)
    }

    @Test("a drag to another detent is the user's report: the tree follows, no plan")
    func detentDragged() throws {
        let coordinator = try editing()
        let recorder = EventRecorder(coordinator)
        let event = try #require(
            try coordinator.report(.detentChangedByUser(ScreenID(2), to: .large)))
        #expect(event.kind == .updateModal)
        #expect(event.isUserInitiated)
        #expect(event.plan.isEmpty)
        #expect(recorder.kinds == [.updateModal])
        #expect(coordinator.tree.modals[0].style?.description == "sheet: medium, large at large")
        #expect(
            PlatformReport.detentChangedByUser(ScreenID(2), to: .height(230)).description
                == "detent-changed-by-user #2 to 230pt")
        // A report of where it rests: nothing changes.
        #expect(try coordinator.report(.detentChangedByUser(ScreenID(2), to: .large)) == nil)
    }

    // MARK: Bad input

    @Test("a height that is not positive, a fraction outside (0, 1], a detent not offered")
    func invalidDetents() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        for style: PresentationStyle in [
            .sheet(detents: [.height(0)]), .sheet(detents: [.height(-1), .large]),
            .sheet(detents: [.fraction(0)]), .sheet(detents: [.fraction(1.01)]),
            .sheet(detents: [.fraction(.nan)]), .sheet(detents: [.height(.infinity)]),
            .sheet(detents: [.height(230), .height(230)]),
            .sheet(detents: [.medium], selected: .large),
        ] {
            expectRefusal(
                NavigationError.refused(.invalidPresentationStyle(style)), leaving: coordinator
            ) { try coordinator.navigate(.present(scene: "B1", style: style)) }
        }
        #expect(
            "\(NavigationError.refused(.invalidPresentationStyle(.sheet(detents: [.height(0)]))))"
                .contains("heights above 0 points, fractions in (0, 1]"))
    }

    @Test("a detent the sheet does not offer, requested or reported, changes nothing")
    func detentNotOffered() throws {
        let coordinator = try editing()
        let resting = PresentationStyle.sheet(
            detents: [.medium, .large], selected: .height(230))
        expectRefusal(
            NavigationError.refused(.invalidPresentationStyle(resting)), leaving: coordinator
        ) { try coordinator.navigate(.updateModal(detent: .height(230))) }
        expectRefusal(
            NavigationError.refused(.invalidPresentationStyle(resting)), leaving: coordinator
        ) { try coordinator.report(.detentChangedByUser(ScreenID(2), to: .height(230))) }
        #expect(
            "\(NavigationError.refused(.invalidPresentationStyle(resting)))"
                .hasPrefix("The sheet cannot rest at 230pt: its detents are medium, large ("))
    }

    @Test("a lock or a detent for a modal not shown, a cover or an alert is a typed error")
    func notAModal() throws {
        let plain = try makeCoordinator(setup: [.root(scene: "A1")])
        expectRefusal(
            NavigationError.refused(.noSuchStack(StackID(1), kind: .updateModal)), leaving: plain
        ) { try plain.navigate(.updateModal(interactiveDismissal: false)) }
        expectRefusal(
            NavigationError.refused(.noSuchStack(StackID(7), kind: .updateModal)), leaving: plain
        ) { try plain.navigate(.updateModal(on: StackID(7), interactiveDismissal: false)) }

        let cover = try editing(.fullScreenCover)
        expectRefusal(
            NavigationError.refused(.noSuchStack(StackID(2), kind: .updateModal)), leaving: cover
        ) { try cover.navigate(.updateModal(interactiveDismissal: true)) }

        let popover = try editing(.popover(anchor: "share"))
        expectRefusal(
            NavigationError.refused(.noSuchStack(StackID(2), kind: .updateModal)), leaving: popover
        ) { try popover.navigate(.updateModal(detent: .large)) }

        let alert = try makeCoordinator(setup: [
            .root(scene: "A1"),
            .alert(AlertContent("Ask", title: "Sure?", buttons: [AlertContent.Button("OK")])),
        ])
        expectRefusal(
            NavigationError.refused(.noSuchStack(StackID(2), kind: .updateModal)), leaving: alert
        ) { try alert.navigate(.updateModal(interactiveDismissal: false)) }
    }

    @Test("a drag reported for a sheet that is not on top, or a screen gone, is refused")
    func staleDrag() throws {
        let coordinator = try editing()
        try coordinator.navigate(.present(scene: "B2", style: Self.editor))
        expectRefusal(
            NavigationError.refused(
                .reportedScreenNotOnTop(ScreenID(2), kind: .updateModal, visible: ScreenID(3))),
            leaving: coordinator
        ) { try coordinator.report(.detentChangedByUser(ScreenID(2), to: .large)) }
        expectRefusal(
            NavigationError.refused(.reportedScreenGone(ScreenID(9))), leaving: coordinator
        ) { try coordinator.report(.detentChangedByUser(ScreenID(9), to: .large)) }
    }

    // MARK: Snapshots and links

    @Test("a snapshot keeps the lock, the custom detents and the resting detent")
    func snapshotKeeps() throws {
        let style = PresentationStyle.sheet(
            detents: [.height(230), .fraction(0.5), .large], selected: .fraction(0.5),
            interactiveDismissal: false)
        let coordinator = try editing(style)
        let data = try JSONEncoder().encode(try coordinator.snapshot())
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains(#"{"height":230}"#))
        #expect(json.contains(#""selected":{"fraction":0.5}"#))
        #expect(json.contains(#""version":4"#))

        let restored = try makeCoordinator(setup: [.root(scene: "A1")])
        try restored.restore(try TreeSnapshot.decode(data))
        #expect(restored.tree.modals.map(\.style) == [style])
    }

    @Test("a snapshot's detent is a word it knows, or a height or a fraction")
    func unknownDetentWord() throws {
        let json = #"""
            {"version":4,"root":[{"scene":"A1","parameters":{}}],"modals":[{"stack":[{"scene":"B1","parameters":{}}],"style":{"sheet":{"detents":["small"],"interactiveDismissal":true}}}]}
            """#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(TreeSnapshot.self, from: Data(json.utf8))
        }
    }

    @Test("a version 3 snapshot, detents as words and no resting detent, still reads")
    func olderSnapshot() throws {
        let json = #"""
            {"version":3,"root":[{"scene":"A1","parameters":{}}],"modals":[{"stack":[{"scene":"B1","parameters":{}}],"style":{"sheet":{"detents":["medium","large"],"interactiveDismissal":false}}}]}
            """#
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        try coordinator.restore(try TreeSnapshot.decode(Array(json.utf8)))
        #expect(
            coordinator.tree.modals.map(\.style)
                == [.sheet(detents: [.medium, .large], interactiveDismissal: false)])
    }

    @Test("a link writes custom detents, the resting one and the lock, and reads them back")
    func linkRoundTrip() throws {
        let style = PresentationStyle.sheet(
            detents: [.height(230), .medium, .fraction(0.4)], selected: .medium,
            interactiveDismissal: false)
        let coordinator = try editing(style)
        let link = try #require(try coordinator.link(format: DeepLinkFormat(scheme: "demo")))
        #expect(link == "demo://open/A1/+[230pt,medium,0.4,at:medium,fixed]B1")
        let reopened = try makeCoordinator(setup: [.root(scene: "A1")])
        try reopened.open(.deepLink(link, format: DeepLinkFormat(scheme: "demo")))
        #expect(reopened.tree.modals.map(\.style) == [style])
    }
}
