@_spi(Rules) import CoreModule
import Testing

@MainActor
@Suite("Observers see every applied transition and every failure, in order")
struct ObservationTests {
    @Test("a closure observer receives exactly the applied transitions and the failures")
    func closureObserver() throws {
        let coordinator = try makeCoordinator()
        let recorder = EventRecorder(coordinator)
        try coordinator.navigate(.root(scene: "A1"))
        try coordinator.navigate(.push(scene: "A2", animated: true))
        expectRejected(
            .dismiss(), on: coordinator, with: .refused(.nothingToDismiss(visible: "A2")))
        try coordinator.navigate(.present(scene: "B1", animated: false))
        try coordinator.navigate(.dismiss(animated: true))
        #expect(recorder.kinds == [.root, .push, .present, .dismiss])
        #expect(recorder.transitions.map(\.sequence) == [1, 2, 3, 4])
        #expect(recorder.transitions.map(\.animated) == [false, true, false, true])
        #expect(
            recorder.failures == [
                NavigationEvent.Failure(
                    request: .dismiss(), error: .refused(.nothingToDismiss(visible: "A2")))
            ])
        #expect(recorder.events.count == 5)
    }

    @Test("the event returned by navigate is the one observers receive")
    func returnedEventMatches() throws {
        let coordinator = try makeCoordinator()
        let recorder = EventRecorder(coordinator)
        let event = try #require(try coordinator.navigate(.root(scene: "A1")))
        #expect(recorder.transitions == [event])
    }

    @Test("observers are called after the tree has changed")
    func observersSeeNewTree() throws {
        let coordinator = try makeCoordinator()
        var seen: [[[SceneIdentifier]]] = []
        let token = coordinator.observe { [unowned coordinator] _ in
            seen.append(coordinator.tree.scenes)
        }
        try coordinator.navigate(.root(scene: "A1"))
        try coordinator.navigate(.push(scene: "A2"))
        #expect(seen == [[["A1"]], [["A1", "A2"]]])
        token.cancel()
    }

    @Test("a cancelled or released token stops its observer")
    func cancellation() throws {
        let coordinator = try makeCoordinator()
        var count = 0
        let token = coordinator.observe { _ in count += 1 }
        try coordinator.navigate(.root(scene: "A1"))
        token.cancel()
        token.cancel()
        try coordinator.navigate(.push(scene: "A2"))
        #expect(count == 1)

        var released = 0
        var temporary: ObservationToken? = coordinator.observe { _ in released += 1 }
        try coordinator.navigate(.pop())
        #expect(temporary != nil)
        temporary = nil
        try coordinator.navigate(.push(scene: "A2"))
        #expect(released == 1)
        #expect(coordinator.observerCount == 0)
    }

    @Test("a sole observer may cancel its own token while it runs; it lives until it returns")
    func observerCancelsItself() throws {
        let coordinator = try makeCoordinator()
        let log = Log()
        var token: ObservationToken?
        do {
            let witness = Witness(log: log)
            token = coordinator.observe { [witness] _ in
                token?.cancel()
                token = nil
                witness.log.lines.append("still running")
            }
        }
        try coordinator.navigate(.root(scene: "A1"))
        try coordinator.navigate(.push(scene: "A2"))
        #expect(log.lines == ["still running", "released"])
        #expect(coordinator.observerCount == 0)
    }

    @Test("a sole observer that adds a second observer hands over to both")
    func observerAddsAnother() throws {
        let coordinator = try makeCoordinator()
        var first: [TransitionEvent.Kind] = []
        var second: [TransitionEvent.Kind] = []
        var tokens: [ObservationToken] = []
        tokens.append(
            coordinator.observe { [unowned coordinator] event in
                first.append(event.transition?.kind ?? .root)
                if tokens.count == 1 {
                    tokens.append(
                        coordinator.observe { event in
                            second.append(event.transition?.kind ?? .root)
                        })
                }
            })
        try coordinator.navigate(.root(scene: "A1"))
        try coordinator.navigate(.push(scene: "A2"))
        #expect(first == [.root, .push])
        #expect(second == [.push])
        tokens.removeAll()
        #expect(coordinator.observerCount == 0)
    }

    @Test("an observer may navigate; every observer still sees events in order")
    func observerNavigates() throws {
        let coordinator = try makeCoordinator()
        var first: [TransitionEvent.Kind] = []
        var second: [TransitionEvent.Kind] = []
        let redirect = coordinator.observe { [unowned coordinator] event in
            first.append(event.transition?.kind ?? .root)
            if event.transition?.kind == .root {
                _ = try? coordinator.navigate(.push(scene: "A2"))
            }
        }
        let log = coordinator.observe { event in second.append(event.transition?.kind ?? .root) }
        try coordinator.navigate(.root(scene: "A1"))
        #expect(coordinator.tree.scenes == [["A1", "A2"]])
        #expect(first == [.root, .push])
        #expect(second == [.root, .push])
        redirect.cancel()
        log.cancel()
    }

    @Test("an async stream delivers the same events")
    func asyncStream() async throws {
        let coordinator = try makeCoordinator()
        let stream = coordinator.eventStream()
        try coordinator.navigate(.root(scene: "A1"))
        try coordinator.navigate(.push(scene: "A2"))
        expectRejected(
            .popTo(scene: "B1"), on: coordinator,
            with: .refused(.sceneNotInStack("B1", stack: ["A1", "A2"])))
        var received: [NavigationEvent] = []
        for await event in stream {
            received.append(event)
            if received.count == 3 { break }
        }
        #expect(received.compactMap(\.transition).map(\.kind) == [.root, .push])
        #expect(
            received.last?.failure?.error == .refused(.sceneNotInStack("B1", stack: ["A1", "A2"])))
    }

    @Test("a stream whose reader falls behind keeps only the newest events")
    func slowStreamIsBounded() async throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let stream = coordinator.eventStream(bufferingNewest: 4)
        for _ in 0..<100 {
            try coordinator.navigate(.push(scene: "A2"))
            try coordinator.navigate(.pop())
        }
        var received: [TransitionEvent] = []
        for await event in stream {
            if let transition = event.transition { received.append(transition) }
            if received.count == 4 { break }
        }
        #expect(received.map(\.sequence) == [198, 199, 200, 201])
    }

    @Test("a stream whose reader stops is forgotten by the coordinator")
    func abandonedStreamIsRemoved() async throws {
        let coordinator = try makeCoordinator()
        do {
            let stream = coordinator.eventStream()
            try coordinator.navigate(.root(scene: "A1"))
            for await _ in stream { break }
        }
        // The stream is released; its termination handler runs on the main actor.
        for _ in 0..<100 where coordinator.observerCount > 0 {
            await Task.yield()
        }
        #expect(coordinator.observerCount == 0)
    }

    @Test("the history keeps only the newest events, however many transitions run")
    func boundedHistory() throws {
        let coordinator = AppCoordinator(container: try makeContainer(), historyLimit: 8)
        try coordinator.navigate(.root(scene: "A1"))
        for _ in 0..<1_000 {
            try coordinator.navigate(.push(scene: "A2"))
            try coordinator.navigate(.pop())
        }
        let history = coordinator.recentEvents
        #expect(history.count == 8)
        #expect(history.compactMap(\.transition).map(\.sequence) == Array(1994...2001))
        let silent = AppCoordinator(container: try makeContainer(), historyLimit: 0)
        try silent.navigate(.root(scene: "A1"))
        #expect(silent.recentEvents.isEmpty)
    }
}

/// Lines written by observers and by the objects they hold.
@MainActor
private final class Log {
    var lines: [String] = []
}

/// Writes "released" to its log when it is deallocated.
@MainActor
private final class Witness {
    let log: Log

    init(log: Log) {
        self.log = log
    }

    isolated deinit {
        log.lines.append("released")
    }
}
