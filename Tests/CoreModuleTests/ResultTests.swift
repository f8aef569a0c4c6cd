@_spi(Rules) import CoreModule
import Testing

@MainActor
@Suite("Screen results are delivered exactly once, or cancelled")
struct ResultTests {
    @Test("a picker's choice reaches the code that opened it, and the picker leaves")
    func valueDelivered() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        var results: [String] = []
        try coordinator.navigate(
            .present(scene: "B1"),
            onResult: { result in results.append(result.value(as: String.self) ?? "\(result)") })
        let picker = try #require(coordinator.tree.visibleScreen?.content as? StubScreen)
        let event = try #require(try picker.context.finish(with: "red"))
        #expect(event.kind == .dismiss)
        #expect(coordinator.tree.scenes == [["A1"]])
        #expect(results == ["red"])
    }

    @Test("a pushed screen that finishes is popped")
    func pushedScreenPops() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        var result: ScreenResult?
        try coordinator.navigate(.push(scene: "A2"), onResult: { result = $0 })
        let screen = try #require(coordinator.tree.visibleScreen?.content as? StubScreen)
        #expect(try screen.context.finish(with: 42)?.kind == .pop)
        #expect(result?.value(as: Int.self) == 42)
    }

    @Test(
        "a screen that leaves without a value reports cancelled, once",
        arguments: [
            ApplicationTransitionType.dismiss(), .dismissAll(), .root(scene: "A2"),
        ])
    func cancelled(removal: ApplicationTransitionType) throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        var results: [String] = []
        try coordinator.navigate(.present(scene: "B1"), onResult: { results.append("\($0)") })
        try coordinator.navigate(.push(scene: "B2"))
        try coordinator.navigate(removal)
        #expect(results == ["cancelled"])
        try coordinator.navigate(.present(scene: "B1"))
        try coordinator.navigate(.dismiss())
        #expect(results == ["cancelled"])
    }

    @Test("a back swipe cancels the result")
    func backSwipeCancels() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        var result: ScreenResult?
        try coordinator.navigate(.push(scene: "A2"), onResult: { result = $0 })
        try coordinator.report(.poppedBackByUser(to: ScreenID(1)))
        #expect(result?.isCancelled == true)
    }

    @Test("finishing twice, or when not visible, is an error and delivers nothing more")
    func finishErrors() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        var results: [String] = []
        try coordinator.navigate(.push(scene: "A2"), onResult: { results.append("\($0)") })
        let screen = try #require(coordinator.tree.visibleScreen?.content as? StubScreen)
        try coordinator.navigate(.push(scene: "B1"))
        expectRefusal(
            NavigationError.refused(.finishingScreenNotVisible(ScreenID(2), visible: ScreenID(3))),
            leaving: coordinator
        ) { try screen.context.finish(with: "early") }
        #expect(results.isEmpty)
        try coordinator.navigate(.pop())
        try screen.context.finish(with: "done")
        expectRefusal(
            NavigationError.refused(.finishingScreenNotVisible(ScreenID(2), visible: ScreenID(1))),
            leaving: coordinator
        ) {
            try screen.context.finish(with: "again")
        }
        #expect(results == ["value(done)"])
    }

    @Test("the root stack's first screen cannot finish, and keeps its handler")
    func rootCannotFinish() throws {
        let coordinator = try makeCoordinator()
        var results: [String] = []
        try coordinator.navigate(.root(scene: "A1"), onResult: { results.append("\($0)") })
        let root = try #require(coordinator.tree.visibleScreen?.content as? StubScreen)
        expectRefusal(
            NavigationError.refused(.cannotPopFirstScreen("A1", kind: .pop)), leaving: coordinator
        ) {
            try root.context.finish(with: 1)
        }
        #expect(results.isEmpty)
        try coordinator.navigate(.root(scene: "A2"))
        #expect(results == ["cancelled"])
    }
}
