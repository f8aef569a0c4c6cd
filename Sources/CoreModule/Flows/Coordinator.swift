/// An object that runs one flow of screens, as in the coordinator articles: it has a
/// ``start()`` and child coordinators keyed by string.
///
/// ``FlowCoordinator`` implements it with a lifecycle tied to the screen tree; conform to it
/// directly for coordinators that own no screens.
@MainActor
public protocol Coordinator: AnyObject {
    /// Starts the flow: typically navigates to its first scene by name.
    ///
    /// - Throws: A ``NavigationError`` when the first navigation fails.
    func start() throws(NavigationError)

    /// The child coordinators, keyed by string; the parent keeps them alive.
    var children: [String: any Coordinator] { get set }
}

extension Coordinator {
    /// Adds `child` under `key`, replacing any child already there.
    ///
    /// - Parameters:
    ///   - child: The child coordinator.
    ///   - key: Its key among this coordinator's children.
    package func add(child: any Coordinator, key: String) {
        children[key] = child
    }

    /// Removes the child under `key`.
    ///
    /// - Parameter key: The child's key.
    /// - Returns: The removed child, or `nil` when there was none.
    @discardableResult
    package func removeChild(forKey key: String) -> (any Coordinator)? {
        children.removeValue(forKey: key)
    }

    /// Removes `coordinator` from the children, whatever its key.
    ///
    /// - Parameter coordinator: The child to remove.
    package func remove(coordinator: any Coordinator) {
        children = children.filter { $0.value !== coordinator }
    }

    /// Removes every child.
    package func removeAllChildren() {
        children.removeAll()
    }
}

/// A coordinator whose life follows its screens: the seeds' child coordinator, without the leak.
///
/// A flow navigates by scene name through its ``coordinator`` and **owns** every screen it
/// starts, and every screen its child flows start. When the last screen it owns leaves the tree —
/// by a pop, a pop-to, a dismiss, a new root, a deep link, or a back swipe the platform reports —
/// the flow is finished exactly once: ``didFinish(_:)`` runs, its parent's
/// ``childDidFinish(_:event:)`` runs, ``onFinish`` is called, and the parent lets it go, so it is
/// released. Nobody has to remember to remove it when the user swipes back.
///
/// ```swift
/// final class CheckoutFlow: FlowCoordinator {
///     override func start() throws(NavigationError) {
///         try navigate(.present(scene: "Cart"))
///     }
/// }
///
/// try coordinator.startFlow(CheckoutFlow(coordinator: coordinator), key: "checkout")
/// ```
///
/// Subclass it and override ``start()``; the other hooks are optional.
@MainActor
open class FlowCoordinator: Coordinator {
    /// The app coordinator this flow navigates through; held weakly.
    public private(set) weak var coordinator: AppCoordinator?
    /// The flow that started this one, or `nil` for a flow started by the app coordinator.
    public internal(set) weak var parent: FlowCoordinator?
    /// This flow's key among its parent's children, once started.
    public internal(set) var key: String?
    /// The child coordinators, keyed by string: the child flows it started
    /// (``startChild(_:key:)``), and any other coordinator the app keeps here.
    public var children: [String: any Coordinator] = [:]
    /// Called once when the flow finishes, after its parent was told.
    public var onFinish: (@MainActor (FlowCoordinator, TransitionEvent) -> Void)?
    /// Whether the flow has finished; a finished flow cannot navigate.
    public internal(set) var isFinished = false
    /// The number of screens in the tree that this flow or its child flows started.
    package internal(set) var ownedScreenCount = 0

    /// Creates a flow that navigates through `coordinator`.
    ///
    /// - Parameter coordinator: The app coordinator.
    public init(coordinator: AppCoordinator) {
        self.coordinator = coordinator
    }

    /// Starts the flow; override it to navigate to the flow's first scene.
    ///
    /// The default does nothing.
    ///
    /// - Throws: A ``NavigationError`` when the first navigation fails.
    open func start() throws(NavigationError) {}

    /// Called when a child flow finished, before the child is released.
    ///
    /// Override it to react (seed 002's "back to first page"). The default does nothing.
    ///
    /// - Parameters:
    ///   - child: The child that finished.
    ///   - event: The transition that took its last screen away.
    open func childDidFinish(_ child: FlowCoordinator, event: TransitionEvent) {}

    /// Called when this flow finished.
    ///
    /// Override it to clean up. The default does nothing.
    ///
    /// - Parameter event: The transition that took its last screen away.
    open func didFinish(_ event: TransitionEvent) {}

    /// Navigates by name; a screen this adds is owned by this flow.
    ///
    /// - Parameters:
    ///   - request: The navigation to perform.
    ///   - force: Whether to leave screens that veto leaving.
    ///   - onResult: Called once with the added screen's result, or `.cancelled`.
    /// - Returns: The transition that was applied, or `nil` when the request was already
    ///   satisfied (see ``AppCoordinator/navigate(_:)``).
    /// - Throws: What ``AppCoordinator/navigate(_:)`` throws, or
    ///   ``NavigationError/Misuse/coordinatorUnavailable(_:)`` when the coordinator was released or
    ///   the flow has finished.
    @discardableResult
    public func navigate(
        _ request: ApplicationTransitionType, force: Bool = false,
        onResult: (@MainActor (ScreenResult) -> Void)? = nil
    ) throws(NavigationError) -> TransitionEvent? {
        guard let coordinator else {
            throw .misuse(.coordinatorUnavailable(.navigate(request.kind), .released))
        }
        // A closed window's flows are finished: say why.
        try coordinator.navigator.checkOpen()
        guard !isFinished else {
            throw .misuse(.coordinatorUnavailable(.navigate(request.kind), .flowFinished))
        }
        return try coordinator.navigator.perform(
            request,
            options: .init(
                force: force, owner: self,
                onResult: onResult.map { ResultHandler($0) }))
    }

    /// Starts `child` as a child flow under `key`, and calls its ``start()``.
    ///
    /// If `start()` throws before the child added any screen, the child is removed again and
    /// the error is rethrown; screens it did add stay, owned by it.
    ///
    /// - Parameters:
    ///   - child: The child flow.
    ///   - key: Its key among this flow's children.
    /// - Throws: ``NavigationError/Misuse/flowKeyInUse(_:)`` when a live child has that key, or what
    ///   the child's `start()` throws.
    public func startChild(_ child: FlowCoordinator, key: String) throws(NavigationError) {
        guard children[key] == nil else { throw .misuse(.flowKeyInUse(key)) }
        try child.start(under: key, parent: self) { self.children[key] = $0 }
    }

    /// Starts this flow under `key`, the one way a flow starts, as a child or at the top.
    ///
    /// `keep` stores the flow under its key in the table that keeps it alive (its parent's
    /// children, or the coordinator's top-level flows), and is called with `nil` to remove it
    /// again when ``start()`` throws before the flow added a screen; the error is rethrown.
    /// The table is changed only through `keep`, so that `start()` may change it too.
    func start(
        under key: String, parent: FlowCoordinator?, keep: (FlowCoordinator?) -> Void
    ) throws(NavigationError) {
        self.parent = parent
        self.key = key
        keep(self)
        do {
            try start()
        } catch {
            if ownedScreenCount == 0 {
                keep(nil)
                self.parent = nil
                self.key = nil
            }
            throw error
        }
    }
}
