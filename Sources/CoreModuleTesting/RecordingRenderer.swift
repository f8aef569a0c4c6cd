public import CoreModule

/// A renderer that records what it receives, for tests: attach it, navigate, then assert.
///
/// ```swift
/// let coordinator = AppCoordinator(container: container)
/// let recorder = RecordingRenderer(attachedTo: coordinator)
/// try coordinator.navigate(.root(scene: "A1"))
/// try coordinator.navigate(.push(scene: "A2", parameters: ["id": "7"]))
/// #expect(recorder.events.map(\.kind) == [.root, .push])
/// #expect(recorder.trees.map(\.scenes) == [[["A1"]], [["A1", "A2"]]])
/// #expect(recorder.isInSync(with: coordinator))
/// ```
///
/// It keeps each transition with the tree it was rendered with, and each failure. Keep it to
/// tests: it grows with every event, unless made with a `limit`. For one line per event (a
/// golden file), attach a `TextRenderer` instead.
@MainActor
public final class RecordingRenderer: NavigationRenderer {
    /// One thing the renderer received.
    package enum Entry: Equatable, Sendable, CustomStringConvertible {
        /// A transition was applied; `tree` is the tree the renderer was handed with it.
        case transition(TransitionEvent, tree: ScreenTree)
        /// A navigation failed; `tree` is the unchanged tree.
        case failure(NavigationEvent.Failure, tree: ScreenTree)

        /// The tree handed with the entry.
        package var tree: ScreenTree {
            switch self {
            case .transition(_, let tree), .failure(_, let tree): return tree
            }
        }

        /// The entry as one line: `✓` and the event, or `✗` and the failure.
        package var description: String {
            switch self {
            case .transition(let event, _): return "✓ \(event)"
            case .failure(let failure, _): return "✗ \(failure)"
            }
        }
    }

    /// Every transition and failure received, oldest first (the newest `limit`, when there is a
    /// limit).
    package private(set) var entries: [Entry] = []
    /// The tree handed over when the renderer was attached, if it was asked to render it.
    package private(set) var initialTree: ScreenTree?
    /// How many entries are kept at most; `nil` keeps them all.
    package let limit: Int?
    private var token: ObservationToken?

    /// Creates a recorder that is not attached yet; attach it with
    /// `coordinator.attach(recorder)` and keep the token.
    ///
    /// - Parameter limit: How many entries to keep at most, dropping the oldest; `nil`, the
    ///   default, keeps them all.
    package init(limit: Int? = nil) {
        self.limit = limit.map { Swift.max(1, $0) }
    }

    /// Creates a recorder attached to `coordinator`, which it follows until ``detach()`` is
    /// called; the coordinator keeps the recorder alive until then, or until it is released.
    ///
    /// - Parameters:
    ///   - coordinator: The coordinator to record.
    ///   - limit: How many entries to keep at most; `nil` keeps them all.
    public convenience init(attachedTo coordinator: AppCoordinator, limit: Int? = nil) {
        self.init(limit: limit)
        token = coordinator.attach(self)
    }

    /// Stops following the coordinator given to ``init(attachedTo:limit:)``; the entries stay.
    public func detach() {
        token?.cancel()
        token = nil
    }

    /// Forgets every entry, to assert on what happens next only.
    public func removeAll() {
        entries.removeAll()
    }

    // MARK: NavigationRenderer

    /// Records the tree handed over when the renderer was attached.
    ///
    /// - Parameter tree: The coordinator's tree.
    public func renderCurrentTree(_ tree: ScreenTree) {
        initialTree = tree
    }

    /// Records a transition and its tree.
    ///
    /// - Parameters:
    ///   - event: The applied transition.
    ///   - tree: The tree handed with it.
    public func render(_ event: TransitionEvent, tree: ScreenTree) {
        append(.transition(event, tree: tree))
    }

    /// Records a failure.
    ///
    /// - Parameters:
    ///   - failure: The failed navigation.
    ///   - tree: The unchanged tree.
    public func renderFailure(_ failure: NavigationEvent.Failure, tree: ScreenTree) {
        append(.failure(failure, tree: tree))
    }

    private func append(_ entry: Entry) {
        entries.append(entry)
        if let limit, entries.count > limit {
            entries.removeFirst(entries.count - limit)
        }
    }

    // MARK: Reading

    /// The transitions received, oldest first.
    public var events: [TransitionEvent] {
        entries.compactMap { entry in
            if case .transition(let event, _) = entry { return event }
            return nil
        }
    }

    /// The failures received, oldest first.
    public var failures: [NavigationEvent.Failure] {
        entries.compactMap { entry in
            if case .failure(let failure, _) = entry { return failure }
            return nil
        }
    }

    /// The errors of the failures received, oldest first: compare them with `==`.
    public var errors: [NavigationError] { failures.map(\.error) }

    /// The kind of each transition received, oldest first.
    package var kinds: [TransitionEvent.Kind] { events.map(\.kind) }

    /// The tree handed with each transition, oldest first.
    public var trees: [ScreenTree] {
        entries.compactMap { entry in
            if case .transition(_, let tree) = entry { return tree }
            return nil
        }
    }

    /// The structure of the tree after each transition (`ScreenTree.scenes`), oldest first:
    /// `[[["A1"]], [["A1", "A2"]], [["A1", "A2"], ["B1"]]]`.
    package var sceneHistory: [[[SceneIdentifier]]] { trees.map(\.scenes) }

    /// The newest tree the renderer was handed: with the last transition, else the tree it was
    /// attached with.
    package var lastTree: ScreenTree? { trees.last ?? initialTree }

    /// The last transition received.
    package var lastEvent: TransitionEvent? { events.last }

    /// One line per entry, oldest first: `✓ push A2 #2: A1 #1 → A2 #2, animated` or
    /// `✗ .pop(animated: true) failed: Cannot pop: …`; handy to compare with a golden file.
    package var transcript: [String] { entries.map(\.description) }

    /// Whether the newest tree the renderer was handed is the coordinator's tree, as a mirror's
    /// must be after every navigation.
    ///
    /// - Parameter coordinator: The coordinator the renderer follows.
    /// - Returns: `true` when the trees are equal, screen identities included.
    public func isInSync(with coordinator: AppCoordinator) -> Bool {
        (lastTree ?? .empty) == coordinator.tree
    }
}
