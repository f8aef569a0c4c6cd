@_spi(Rules) import CoreModule
import Testing

/// A screen asks its context where it stands, to offer what its place allows.
@MainActor
@Suite("A screen's context says where the screen stands in its tree, while it is there")
struct SceneContextLocationTests {
    /// The context a screen of `coordinator`'s tree was built with.
    private func context(of id: ScreenID, in coordinator: AppCoordinator) throws -> SceneContext {
        let screen = try #require(coordinator.tree.screen(id)?.content as? StubScreen)
        return screen.context
    }

    @Test("the root, a screen above it, a modal's screen; nil once it left")
    func location() throws {
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .push(scene: "A2"), .present(scene: "B1"),
        ])
        let first = try context(of: ScreenID(1), in: coordinator)
        let second = try context(of: ScreenID(2), in: coordinator)
        let modal = try context(of: ScreenID(3), in: coordinator)
        #expect(first.location.map { [$0.level, $0.index] } == [0, 0])
        #expect(second.location.map { [$0.level, $0.index] } == [0, 1])
        #expect(modal.location.map { [$0.level, $0.index] } == [1, 0])
        #expect(modal.location?.scene == "B1")
        try coordinator.navigate(.dismiss())
        try coordinator.navigate(.pop())
        #expect(modal.location == nil && second.location == nil)
        #expect(first.location?.screen == ScreenID(1))
    }

    @Test("a context with no coordinator has no location")
    func noCoordinator() {
        let context = SceneContext(
            scene: "A1", screen: ScreenID(1), parameters: [:], coordinator: nil)
        #expect(context.location == nil)
    }
}
