@_spi(Rules) import CoreModule
import Testing

/// A universal link that pushes or presents changes the base stack or the modals as one edit,
/// not as a whole new tree: its event is a push or a present, and its render plan is the plan
/// that comparing the trees before and after gives.
@MainActor
@Suite("Universal links that push or present edit the tree in place")
struct UniversalLinkEditTests {
    static func table() throws -> LinkTable {
        try LinkTable(
            accepting: [.web(host: "shop.example.com")],
            routes: [
                LinkRoute(
                    "search/:term", scene: "Search", effect: .push, reachableFromOutside: true),
                LinkRoute(
                    "search/:term/help/:topic", scene: "Help", parent: "search/:term",
                    effect: .push, reachableFromOutside: true),
                LinkRoute(
                    "reviews/:id", scene: "Reviews", effect: .present(.sheet()),
                    reachableFromOutside: true),
                LinkRoute(
                    "reviews/:id/photos", scene: "Photos", parent: "reviews/:id",
                    effect: .present(.fullScreenCover), reachableFromOutside: true),
            ])
    }

    nonisolated static let cases: [(path: String, kind: TransitionEvent.Kind, added: Int)] = [
        ("search/tea", .push, 1),
        ("search/tea/help/brewing", .push, 2),
        ("reviews/7", .present, 1),
        ("reviews/7/photos", .present, 2),
    ]

    @Test(
        "the event's kind, the screens added and the plan match a comparison of the trees",
        arguments: cases.indices, [false, true])
    func planMatchesComparison(index: Int, overModal: Bool) throws {
        let (path, kind, added) = Self.cases[index]
        let coordinator = try Shop.coordinator()
        try coordinator.navigate(.push(scene: "Home"))
        if overModal { try coordinator.navigate(.present(scene: "Debug", style: .sheet())) }
        let before = coordinator.tree
        let recorder = EventRecorder(coordinator)
        let event = try #require(
            try coordinator.open(.universal("https://shop.example.com/\(path)", in: Self.table()))?
                .transition)
        #expect(event.kind == kind)
        #expect(event.plan == RenderPlan(from: before, to: coordinator.tree, animated: false))
        #expect(coordinator.tree.modals.count == (kind == .present ? 1 : 0))
        #expect(
            coordinator.tree.screens.count == before.screens.count - (overModal ? 1 : 0) + added)
        #expect(event.removedCount == (overModal ? 1 : 0))
        #expect(recorder.transitions == [event])
        if kind == .present {
            #expect(event.style == coordinator.tree.modals.last?.style)
        } else {
            // The base stack keeps its identity; the home tab's stack grew.
            #expect(coordinator.tree.topStack?.id == before.tabs[0].stack.id)
        }
        #expect(coordinator.tree.invariantViolations() == [])
    }
}
