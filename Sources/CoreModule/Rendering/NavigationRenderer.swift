/// Mirrors a coordinator's headless tree on a screen, in a log, or in a test.
///
/// The coordinator owns the truth: a renderer only follows it. Attach one with
/// ``AppCoordinator/attach(_:renderingCurrentTree:)``; from then on it receives every applied
/// transition with the tree after it, and every failure. A UIKit or SwiftUI adapter implements
/// ``render(_:tree:)`` by changing its tab bar, navigation controllers and presented modals (or
/// its `TabView` selection, navigation paths and sheets) until they match `tree`, each modal
/// shown in its ``PresentationStyle``, animating when the event says so; when the platform
/// changes the screen on its own (a back swipe, a sheet dragged down, a tab tapped), the adapter
/// tells the coordinator with ``AppCoordinator/report(_:)``, and the resulting event comes back
/// here like any other.
///
/// ```swift
/// @MainActor final class LogRenderer: NavigationRenderer {
///     func render(_ event: TransitionEvent, tree: ScreenTree) {
///         print("\(event.kind) → \(tree.visibleScreen?.scene.rawValue ?? "nothing")")
///     }
/// }
///
/// let token = coordinator.attach(LogRenderer())  // keep it: the renderer is attached while it lives
/// ```
///
/// The package ships ``TextRenderer`` (the demo's indented tree) and ``MermaidRenderer`` (the tree
/// as a diagram); the `CoreModuleTesting` library adds a `RecordingRenderer` for tests.
@MainActor
public protocol NavigationRenderer {
    /// Shows the tree as it is when the renderer is attached, before any event.
    ///
    /// Called once by ``AppCoordinator/attach(_:renderingCurrentTree:)`` (unless asked not to),
    /// so that a renderer attached after the first navigation starts in sync. The default does
    /// nothing.
    ///
    /// - Parameter tree: The coordinator's tree; an empty tree before the first root.
    func renderCurrentTree(_ tree: ScreenTree)

    /// Mirrors one applied transition.
    ///
    /// - Parameters:
    ///   - event: What changed: the kind, the screen it is about, from where to where, whether
    ///     to animate, who started it (``TransitionEvent/isUserInitiated`` for a reported back swipe,
    ///     which the platform has already shown), the top-most stack after it
    ///     (``TransitionEvent/stack``), the new modal's style for a present
    ///     (``TransitionEvent/style``) and the selected tab (``TransitionEvent/tab``).
    ///   - tree: The coordinator's tree when the event is delivered. That is the tree right
    ///     after the event, unless an observer attached earlier navigated in response to it: the
    ///     tree then already holds that navigation too, and its own event follows. A renderer that
    ///     makes its screens match `tree`, rather than replaying `event`, is always right.
    func render(_ event: TransitionEvent, tree: ScreenTree)

    /// Learns that a navigation failed; the tree is unchanged.
    ///
    /// The default does nothing: a failure changes nothing on screen. A renderer may log it.
    ///
    /// - Parameters:
    ///   - failure: What was asked, and why it was not applied.
    ///   - tree: The coordinator's tree, as it was before the failed navigation.
    func renderFailure(_ failure: NavigationEvent.Failure, tree: ScreenTree)
}

extension NavigationRenderer {
    /// Does nothing: a renderer that needs the starting tree implements this.
    ///
    /// - Parameter tree: The coordinator's tree.
    public func renderCurrentTree(_ tree: ScreenTree) {}

    /// Does nothing: a failure changes nothing on screen.
    ///
    /// - Parameters:
    ///   - failure: The failure.
    ///   - tree: The unchanged tree.
    public func renderFailure(_ failure: NavigationEvent.Failure, tree: ScreenTree) {}
}

extension AppCoordinator {
    /// Attaches `renderer`, so that it mirrors this coordinator's tree from now on.
    ///
    /// The renderer first receives the current tree (``NavigationRenderer/renderCurrentTree(_:)``),
    /// then every transition and failure, through ``observe(_:)``: after the tree has changed, in
    /// the order events happened, alongside the other observers.
    ///
    /// The coordinator holds the renderer until the returned token is cancelled or released, so
    /// keep the token for as long as the renderer should follow (typically in the object that
    /// owns the window). A renderer that needs the coordinator, to report back swipes, should
    /// hold it weakly: the coordinator already holds the renderer.
    ///
    /// ```swift
    /// let token = coordinator.attach(TextRenderer { print($0) })
    /// try coordinator.navigate(.root(scene: "A1"))  // prints the event and the tree
    /// token.cancel()                                 // the renderer is let go
    /// ```
    ///
    /// - Parameters:
    ///   - renderer: The renderer to attach.
    ///   - renderingCurrentTree: Whether to hand the renderer the current tree first; `true`
    ///     by default.
    /// - Returns: The observation token; the renderer is detached when it is cancelled or
    ///   released.
    public func attach(
        _ renderer: some NavigationRenderer, renderingCurrentTree: Bool = true
    ) -> ObservationToken {
        if renderingCurrentTree { renderer.renderCurrentTree(tree) }
        return observe { [weak self] event in
            // The tree as it was right after this event, even when an earlier observer has
            // navigated since.
            guard let tree = self?.navigator.eventHub.treeAtEvent ?? self?.tree else { return }
            switch event {
            case .transition(let transition): renderer.render(transition, tree: tree)
            case .failure(let failure): renderer.renderFailure(failure, tree: tree)
            case .linkAction: break
            }
        }
    }
}
