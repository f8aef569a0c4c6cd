/// A rule that runs before a navigation and allows it, rejects it, or redirects it.
///
/// Guards run, in the order they were added, for every navigation the app starts: for a scene
/// being built (root, push, present, and each screen of a deep link or a restored snapshot) and
/// for every screen a pop, pop-to, dismiss or new root would remove. They do not run for
/// platform reports, which tell what the user already did.
///
/// ```swift
/// coordinator.addGuard(NavigationGuard("sign-in") { attempt in
///     guard attempt.scene.rawValue.hasPrefix("B"), !session.isSignedIn else { return .allow }
///     return .redirect(.present(scene: "Login"))
/// })
/// ```
///
/// A redirect replaces the navigation; the redirected screen's context keeps the original in
/// ``SceneContext/redirectedFrom`` so that it can continue there once the condition holds
/// (``SceneContext/continueRedirectedNavigation()``). Redirects are checked by the same guards;
/// a chain longer than 8 redirects, or one that comes back to a navigation already in it,
/// fails with ``NavigationError/GuardFailure/redirectLoop(chain:)``.
@MainActor
public struct NavigationGuard {
    /// The guard's name, used in errors and to remove it.
    package let name: String
    let decide: @MainActor (NavigationGuard.Attempt) -> NavigationGuard.Decision

    /// Creates a guard.
    ///
    /// - Parameters:
    ///   - name: The guard's name, for errors and removal.
    ///   - decide: Decides on each attempt.
    public init(
        _ name: String,
        decide: @escaping @MainActor (NavigationGuard.Attempt) -> NavigationGuard.Decision
    ) {
        self.name = name
        self.decide = decide
    }
}

extension NavigationGuard {
    /// What a guard decides about a navigation attempt.
    public enum Decision: Sendable {
        /// Let the navigation go on.
        case allow
        /// Refuse it: the navigation fails with ``NavigationError/GuardFailure/rejectedByGuard(name:kind:scene:reason:)``.
        case reject(reason: String)
        /// Perform this navigation instead.
        case redirect(ApplicationTransitionType)
    }
}

extension NavigationGuard {
    /// What a guard is asked about: one scene about to be built, or one screen about to leave.
    public struct Attempt: Sendable {
        /// The kind of navigation.
        public let kind: TransitionEvent.Kind
        /// The scene about to be built (its registered identifier), or the scene of the screen
        /// about to leave.
        public let scene: SceneIdentifier
        /// The parameters the scene will be built with, or the leaving screen's parameters.
        public let parameters: SceneParameters
        /// The screen about to leave, or `nil` when a scene is about to be built.
        public let leaving: ScreenID?
        /// The tree as it is now, before the navigation.
        public let tree: ScreenTree

        /// Whether the attempt is about a screen leaving rather than a scene being built.
        package var isLeaving: Bool { leaving != nil }
    }
}
