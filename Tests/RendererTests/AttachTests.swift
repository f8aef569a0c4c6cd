@_spi(Rules) import CoreModule
import CoreModuleTesting
import Testing

@MainActor
@Suite("A renderer attached to a coordinator mirrors its tree")
struct AttachTests {
    // MARK: What the renderer receives

    @Test("an attached renderer first receives the current tree, then every event")
    func receivesCurrentTreeThenEvents() throws {
        let coordinator = try makeDemoCoordinator()
        try coordinator.navigate(.root(scene: "A1"))
        let recorder = RecordingRenderer(attachedTo: coordinator)
        #expect(recorder.initialTree?.scenes == [["A1"]])
        #expect(recorder.entries.isEmpty)

        try coordinator.navigate(.push(scene: "A2", parameters: ["id": "7"]))
        try coordinator.navigate(.present(scene: "B1"))
        #expect(recorder.kinds == [.push, .present])
        #expect(recorder.sceneHistory == [[["A1", "A2"]], [["A1", "A2"], ["B1"]]])
        #expect(recorder.isInSync(with: coordinator))
    }

    @Test("a renderer can be attached without the current tree")
    func attachWithoutCurrentTree() throws {
        let coordinator = try makeDemoCoordinator()
        let recorder = RecordingRenderer()
        let token = coordinator.attach(recorder, renderingCurrentTree: false)
        #expect(recorder.initialTree == nil)
        try coordinator.navigate(.root(scene: "A1"))
        #expect(recorder.kinds == [.root])
        token.cancel()
    }

    @Test("failures reach the renderer with the unchanged tree")
    func receivesFailures() throws {
        let coordinator = try makeDemoCoordinator()
        let recorder = RecordingRenderer(attachedTo: coordinator)
        try coordinator.navigate(.root(scene: "A1"))
        let before = coordinator.tree
        #expect(throws: NavigationError.refused(.cannotPopFirstScreen("A1", kind: .pop))) {
            try coordinator.navigate(.pop())
        }
        #expect(coordinator.tree == before)
        #expect(recorder.kinds == [.root])
        #expect(recorder.errors == [.refused(.cannotPopFirstScreen("A1", kind: .pop))])
        #expect(recorder.failures.first?.request == .pop())
        #expect(recorder.entries.last?.tree == coordinator.tree)
        #expect(recorder.events.count == 1)
    }

    @Test("a reported back swipe reaches the renderer as a pop by the user")
    func reportedSwipeReachesRenderer() throws {
        let coordinator = try makeDemoCoordinator()
        let recorder = RecordingRenderer(attachedTo: coordinator)
        try coordinator.navigate(.root(scene: "A1"))
        let pushed = try #require(try coordinator.navigate(.push(scene: "A2")))
        let below = try #require(pushed.from?.screen)
        try coordinator.report(.poppedBackByUser(to: below))
        #expect(recorder.lastEvent?.kind == .pop)
        #expect(recorder.lastEvent?.initiator == .user)
        #expect(recorder.lastTree?.scenes == [["A1"]])
    }

    // MARK: Lifetime

    @Test("cancelling the token detaches the renderer and lets it go")
    func cancellingDetaches() throws {
        let coordinator = try makeDemoCoordinator()
        weak var released: RecordingRenderer?
        var token: ObservationToken?
        do {
            let recorder = RecordingRenderer()
            released = recorder
            token = coordinator.attach(recorder)
            try coordinator.navigate(.root(scene: "A1"))
            #expect(recorder.kinds == [.root])
        }
        #expect(released != nil)
        #expect(coordinator.observerCount == 1)
        token?.cancel()
        token = nil
        #expect(released == nil)
        #expect(coordinator.observerCount == 0)
        try coordinator.navigate(.push(scene: "A2"))
    }

    @Test("a recorder made attached detaches on demand and keeps its entries")
    func recorderDetaches() throws {
        let coordinator = try makeDemoCoordinator()
        let recorder = RecordingRenderer(attachedTo: coordinator)
        try coordinator.navigate(.root(scene: "A1"))
        recorder.detach()
        try coordinator.navigate(.push(scene: "A2"))
        #expect(recorder.kinds == [.root])
        #expect(!recorder.isInSync(with: coordinator))
        #expect(coordinator.observerCount == 0)
    }

    @Test("a renderer outliving its coordinator is never called again")
    func coordinatorReleased() throws {
        var coordinator: AppCoordinator? = try makeDemoCoordinator()
        let recorder = RecordingRenderer()
        let token = coordinator.map { $0.attach(recorder) }
        try coordinator?.navigate(.root(scene: "A1"))
        coordinator = nil
        token?.cancel()
        #expect(recorder.kinds == [.root])
    }

    // MARK: Ordering with other observers

    @Test("when an earlier observer navigates, the renderer sees each event with its own tree")
    func observerNavigatingFirst() throws {
        let coordinator = try makeDemoCoordinator()
        try coordinator.navigate(.root(scene: "A1"))
        // An observer attached first answers every push of A2 by presenting B1.
        let reaction = coordinator.observe { [weak coordinator] event in
            guard event.transition?.kind == .push else { return }
            _ = try? coordinator?.navigate(.present(scene: "B1"))
        }
        let recorder = RecordingRenderer(attachedTo: coordinator)
        try coordinator.navigate(.push(scene: "A2"))
        #expect(recorder.kinds == [.push, .present])
        // The push is delivered with the tree right after the push, although the earlier
        // observer has presented B1 since; the present follows with its own tree.
        #expect(recorder.trees.map(\.scenes) == [[["A1", "A2"]], [["A1", "A2"], ["B1"]]])
        #expect(recorder.isInSync(with: coordinator))
        reaction.cancel()
    }
}
