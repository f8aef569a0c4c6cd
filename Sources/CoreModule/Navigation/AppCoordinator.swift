/// Navigates by scene name over a headless screen tree.
///
/// The coordinator resolves each scene's builder in its container, builds the screen, applies the
/// transition to its ``tree`` and reports an event. It runs on the main actor, like the UI code
/// that calls it.
///
/// ```swift
/// let coordinator = AppCoordinator(container: container)
/// try coordinator.navigate(.root(scene: "A1"))
/// try coordinator.navigate(.push(scene: "A2", parameters: ["id": "7"], animated: true))
/// print(coordinator.tree)
/// ```
///
/// Every navigation is atomic: it either applies completely and reports one
/// ``NavigationEvent/transition(_:)``, or throws a ``NavigationError``, leaves the tree exactly as
/// it was, and reports one ``NavigationEvent/failure(_:)``. Each transition costs O(1) amortized,
/// whatever the number of registered scenes or the depth of the tree.
///
/// ## Observing
///
/// Observe with a closure (``observe(_:)``) or an `AsyncSequence` (``events(bufferingNewest:)``).
/// Observers are called after the tree has changed, in the order events happened; an observer
/// may navigate, and the events that follows are delivered after the current one reached every
/// observer. ``recentEvents`` keeps the newest few events for diagnostics. Nothing grows without
/// bound: the history has a fixed capacity and each stream keeps only its newest events when its
/// reader falls behind.
@MainActor
public final class AppCoordinator: AppCoordinatorType {
    /// The registry this coordinator builds screens from.
    public let container: any SceneBuilderContainer

    /// The current screen tree.
    public internal(set) var tree = ScreenTree()

    var nextScreenNumber: UInt64 = 1
    var nextSequence: UInt64 = 1
    var applying: TransitionKind?
    private var history: RingBuffer<NavigationEvent>

    private var observers: [(id: UInt64, handler: @MainActor (NavigationEvent) -> Void)] = []
    private var streams: [UInt64: AsyncStream<NavigationEvent>.Continuation] = [:]
    private var nextObserverID: UInt64 = 1
    private var pending: [NavigationEvent] = []
    private var isDelivering = false

    /// Creates a coordinator with an empty window.
    ///
    /// - Parameters:
    ///   - container: The registry to build screens from.
    ///   - historyLimit: How many recent events ``recentEvents`` keeps; 0 keeps none.
    public init(container: any SceneBuilderContainer, historyLimit: Int = 32) {
        self.container = container
        self.history = RingBuffer(capacity: historyLimit)
    }

    // MARK: Navigating

    /// Applies `type` to the screen tree, or throws and changes nothing.
    ///
    /// Scene transitions (`root`, `push`, `present`) look the scene up, call its builder with a
    /// ``SceneContext``, then change the tree. The others only change the tree. Either way, the
    /// result is reported to observers.
    ///
    /// - Parameter type: The navigation to perform.
    /// - Returns: The transition that was applied.
    /// - Throws: ``NavigationError``:
    ///   - `unknownScene` or `invalidSceneIdentifier` when the scene cannot be resolved;
    ///   - `noRoot` for anything but `root` before the first root;
    ///   - `cannotPopFirstScreen` when the top-most stack holds one screen;
    ///   - `sceneNotInStack` when `popTo` names no screen below the top;
    ///   - `nothingToDismiss` when no modal is presented;
    ///   - `builderFailed` when the builder throws;
    ///   - `reentrantNavigation` when called from inside a builder.
    @discardableResult
    public func navigate(_ type: ApplicationTransitionType) throws(NavigationError)
        -> TransitionEvent
    {
        do {
            let event = try apply(type)
            publish(.transition(event))
            return event
        } catch {
            publish(.failure(NavigationFailure(request: type, error: error)))
            throw error
        }
    }

    private func apply(_ request: ApplicationTransitionType) throws(NavigationError)
        -> TransitionEvent
    {
        if let applying { throw .reentrantNavigation(request.kind, during: applying) }
        let from = tree.visibleLocation
        switch request {
        case .root(let scene, let parameters, let animated):
            let screen = try makeScreen(scene, parameters, for: .root)
            let removed = tree.screenCount
            let to = tree.replaceAll(with: screen)
            return event(.root, screen, from: from, to: to, removed: removed, animated: animated)

        case .push(let scene, let parameters, let animated):
            guard from != nil else { throw .noRoot(.push) }
            let screen = try makeScreen(scene, parameters, for: .push)
            let to = tree.push(screen)
            return event(.push, screen, from: from, to: to, removed: 0, animated: animated)

        case .present(let scene, let parameters, let animated):
            guard from != nil else { throw .noRoot(.present) }
            let screen = try makeScreen(scene, parameters, for: .present)
            let to = tree.present(screen)
            return event(.present, screen, from: from, to: to, removed: 0, animated: animated)

        case .pop(let animated):
            guard let from else { throw .noRoot(.pop) }
            guard tree.topStackCount > 1 else {
                throw .cannotPopFirstScreen(from.scene, kind: .pop)
            }
            let to = tree.popTop(1)
            return event(.pop, leaving: from, to: to, removed: 1, animated: animated)

        case .popToRoot(let animated):
            guard let from else { throw .noRoot(.popToRoot) }
            let count = tree.topStackCount
            guard count > 1 else { throw .cannotPopFirstScreen(from.scene, kind: .popToRoot) }
            let to = tree.popTop(count - 1)
            return event(.popToRoot, leaving: from, to: to, removed: count - 1, animated: animated)

        case .popTo(let scene, let animated):
            guard let from else { throw .noRoot(.popTo) }
            let stack = tree.stack(at: tree.stackCount - 1)
            guard let index = stack.dropLast().lastIndex(where: { $0.scene == scene }) else {
                try scene.validate()
                throw .sceneNotInStack(scene, stack: stack.map(\.scene))
            }
            let removed = stack.count - 1 - index
            let to = tree.popTop(removed)
            return event(.popTo, leaving: from, to: to, removed: removed, animated: animated)

        case .dismiss(let animated):
            guard let from else { throw .noRoot(.dismiss) }
            guard tree.modalCount > 0 else { throw .nothingToDismiss(visible: from.scene) }
            let removed = tree.topStackCount
            let to = tree.dismiss(fromLevel: tree.stackCount - 1)
            return event(.dismiss, leaving: from, to: to, removed: removed, animated: animated)

        case .dismissAll(let animated):
            guard let from else { throw .noRoot(.dismissAll) }
            guard tree.modalCount > 0 else { throw .nothingToDismiss(visible: from.scene) }
            let removed = tree.screenCount - tree.stack(at: 0).count
            let to = tree.dismiss(fromLevel: 1)
            return event(.dismissAll, leaving: from, to: to, removed: removed, animated: animated)
        }
    }

    /// Resolves and runs the builder for `scene` as the screen `id`; changes no state.
    ///
    /// The route parameters a pattern captured are added to `parameters`; then the pattern's
    /// parameters and the builder's ``Builder/requiredParameters`` are checked before the
    /// builder runs.
    func makeScreen(
        _ scene: SceneIdentifier, _ parameters: SceneParameters, for kind: TransitionKind,
        id: ScreenID
    ) throws(NavigationError) -> Screen {
        let resolved = try container.resolve(scene)
        var parameters = parameters
        if !resolved.routeParameters.isEmpty {
            for (name, value) in resolved.routeParameters.values {
                parameters[name] = value
            }
        }
        for name in resolved.routeParameterNames where parameters[name] == nil {
            throw .missingParameter(scene: resolved.scene, name: name)
        }
        let required = resolved.builder.requiredParameters
        if !required.isEmpty {
            for (name, type) in required.sorted(by: { $0.key < $1.key }) {
                guard let value = parameters[name] else {
                    throw .missingParameter(scene: resolved.scene, name: name)
                }
                guard type.accepts(value) else {
                    throw .malformedParameter(
                        scene: resolved.scene, name: name, value: value, expected: type)
                }
            }
        }
        let context = SceneContext(
            scene: resolved.scene, screen: id, parameters: parameters, coordinator: self)
        applying = kind
        defer { applying = nil }
        let content: any ScreenContent
        do {
            content = try resolved.builder.makeScreen(in: context)
        } catch let error as NavigationError {
            throw error
        } catch {
            throw .builderFailed(resolved.scene, reason: String(describing: error))
        }
        return Screen(id: id, scene: resolved.scene, parameters: parameters, content: content)
    }

    /// Builds one screen for a single transition, using up its identity only on success.
    private func makeScreen(
        _ scene: SceneIdentifier, _ parameters: SceneParameters, for kind: TransitionKind
    ) throws(NavigationError) -> Screen {
        let screen = try makeScreen(scene, parameters, for: kind, id: ScreenID(nextScreenNumber))
        nextScreenNumber += 1
        return screen
    }

    func event(
        _ kind: TransitionKind, _ screen: Screen, from: ScreenLocation?, to: ScreenLocation,
        removed: Int, animated: Bool
    ) -> TransitionEvent {
        defer { nextSequence += 1 }
        return TransitionEvent(
            sequence: nextSequence, kind: kind, scene: screen.scene, screen: screen.id,
            from: from, to: to, removedCount: removed, animated: animated)
    }

    private func event(
        _ kind: TransitionKind, leaving from: ScreenLocation, to: ScreenLocation, removed: Int,
        animated: Bool
    ) -> TransitionEvent {
        defer { nextSequence += 1 }
        return TransitionEvent(
            sequence: nextSequence, kind: kind, scene: from.scene, screen: from.screen,
            from: from, to: to, removedCount: removed, animated: animated)
    }

    // MARK: Observing

    /// The newest events, oldest first, up to the `historyLimit` given at creation.
    public var recentEvents: [NavigationEvent] { history.contents }

    /// Calls `handler` with every event from now on, until the returned token is cancelled or
    /// released.
    ///
    /// Handlers run on the main actor after the tree has changed, in the order they were added.
    ///
    /// - Parameter handler: Receives each applied transition and each failure.
    /// - Returns: A token; the observation ends when it is cancelled or deallocated.
    public func observe(_ handler: @escaping @MainActor (NavigationEvent) -> Void)
        -> ObservationToken
    {
        let id = nextObserverID
        nextObserverID += 1
        observers.append((id, handler))
        return ObservationToken(coordinator: self, id: id)
    }

    /// Every event from now on, as an `AsyncSequence`.
    ///
    /// When the reader falls behind, the stream keeps only the newest `limit` events, so memory
    /// stays bounded. The stream ends when the coordinator is released; the coordinator forgets
    /// it when the reader stops iterating.
    ///
    /// - Parameter limit: How many unread events to keep at most.
    /// - Returns: A stream of events.
    public func events(bufferingNewest limit: Int = 256) -> AsyncStream<NavigationEvent> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: NavigationEvent.self, bufferingPolicy: .bufferingNewest(Swift.max(1, limit)))
        let id = nextObserverID
        nextObserverID += 1
        streams[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.streams[id] = nil }
        }
        return stream
    }

    /// The number of closure observers and streams currently attached.
    public var observerCount: Int { observers.count + streams.count }

    func removeObserver(_ id: UInt64) {
        observers.removeAll { $0.id == id }
    }

    func publish(_ event: NavigationEvent) {
        history.append(event)
        guard !observers.isEmpty || !streams.isEmpty else { return }
        pending.append(event)
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        var next = 0
        while next < pending.count {
            let event = pending[next]
            next += 1
            for (_, handler) in observers {
                handler(event)
            }
            for continuation in streams.values {
                continuation.yield(event)
            }
        }
        pending.removeAll(keepingCapacity: true)
    }

    isolated deinit {
        for continuation in streams.values {
            continuation.finish()
        }
    }
}

/// Keeps an observation alive; the observation ends when the token is cancelled or released.
@MainActor
public final class ObservationToken {
    private weak var coordinator: AppCoordinator?
    private let id: UInt64

    init(coordinator: AppCoordinator, id: UInt64) {
        self.coordinator = coordinator
        self.id = id
    }

    /// Ends the observation, so the handler is not called again; cancelling twice does nothing.
    public func cancel() {
        coordinator?.removeObserver(id)
        coordinator = nil
    }

    isolated deinit {
        cancel()
    }
}
