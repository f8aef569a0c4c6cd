@_spi(Rules) import CoreModule
import CoreModuleTesting
import Testing

@MainActor
@Suite("The recording renderer helps tests assert on navigation")
struct RecordingRendererTests {
    struct Offline: Error, CustomStringConvertible {
        var description: String { "the network is offline" }
    }

    private func makeStubCoordinator() throws -> AppCoordinator {
        let container = DependencyContainer()
        try container.assemble(
            contentsOf: [
                SceneBuilder.stub("Home"),
                SceneBuilder.stub("Detail", requiredParameters: ["id": .int]),
                SceneBuilder.failing("Broken", with: Offline()),
            ])
        return AppCoordinator(container: container)
    }

    @Test("stubs stand in for real screens and keep their context")
    func stubs() throws {
        let coordinator = try makeStubCoordinator()
        try coordinator.navigate(.root(scene: "Home"))
        try coordinator.navigate(.push(scene: "Detail", parameters: ["id": "7"]))
        let detail = try #require(coordinator.tree.visibleScreen?.content as? StubScreen)
        #expect(detail.context.parameters["id"] == "7")
        try detail.context.navigate(.pop())
        #expect(coordinator.tree.scenes == [["Home"]])
    }

    @Test("a failing builder fails the navigation, as a real one would")
    func failingBuilder() throws {
        let coordinator = try makeStubCoordinator()
        let recorder = RecordingRenderer(attachedTo: coordinator)
        try coordinator.navigate(.root(scene: "Home"))
        let before = coordinator.tree
        let expected = NavigationError.builderFailed("Broken", reason: "the network is offline")
        #expect(throws: expected) { try coordinator.navigate(.push(scene: "Broken")) }
        #expect(coordinator.tree == before)
        #expect(recorder.kinds == [.root])
        #expect(recorder.errors == [expected])
        #expect(recorder.isInSync(with: coordinator))
    }

    @Test("the transcript is one line per entry")
    func transcript() throws {
        let coordinator = try makeStubCoordinator()
        let recorder = RecordingRenderer(attachedTo: coordinator)
        try coordinator.navigate(.root(scene: "Home"))
        let before = coordinator.tree
        #expect(throws: NavigationError.input(.missingParameter(scene: "Detail", name: "id"))) {
            try coordinator.navigate(.push(scene: "Detail"))
        }
        #expect(coordinator.tree == before)
        #expect(
            recorder.transcript == [
                "✓ root Home #1: empty window → Home #1, not animated",
                "✗ .push(scene: \"Detail\", animated: true) failed: Scene \"Detail\" needs the "
                    + "parameter \"id\", which was not passed.",
            ])
    }

    @Test("each recorded step carries the tab, stack and style a renderer needs")
    func tabsAndStyles() throws {
        let coordinator = try makeStubCoordinator()
        let recorder = RecordingRenderer(attachedTo: coordinator)
        try coordinator.navigate(
            .tabs(
                [TabItem("home", scene: "Home"), TabItem("more", scene: "Home")], selected: "home"))
        try coordinator.navigate(.selectTab("more"))
        try coordinator.navigate(.present(scene: "Home", style: .fullScreenCover))
        #expect(recorder.kinds == [.tabs, .selectTab, .present])
        #expect(recorder.events.map(\.tab) == ["home", "more", "more"])
        #expect(recorder.events.map(\.style) == [nil, nil, .fullScreenCover])
        let tree = try #require(recorder.lastTree)
        #expect(
            recorder.events.map(\.stack) == [
                try #require(tree.tab(named: "home")?.stack.id),
                try #require(tree.tab(named: "more")?.stack.id),
                try #require(tree.modals.first?.id),
            ])
        #expect(
            recorder.transcript.last
                == "✓ present Home #3 (full-screen): Home #2 → Home #3, animated")
        #expect(recorder.isInSync(with: coordinator))
    }

    @Test("a limit keeps only the newest entries; removeAll starts afresh")
    func limitAndReset() throws {
        let coordinator = try makeStubCoordinator()
        let recorder = RecordingRenderer(attachedTo: coordinator, limit: 2)
        try coordinator.navigate(.root(scene: "Home"))
        for id in 1...3 {
            try coordinator.navigate(.push(scene: "Detail", parameters: ["id": "\(id)"]))
        }
        #expect(recorder.entries.count == 2)
        #expect(recorder.events.map(\.screen) == [ScreenID(3), ScreenID(4)])
        recorder.removeAll()
        #expect(recorder.entries.isEmpty)
        #expect(recorder.lastTree == recorder.initialTree)
        try coordinator.navigate(.popToRoot())
        #expect(recorder.kinds == [.popToRoot])
        #expect(recorder.isInSync(with: coordinator))
    }
}
