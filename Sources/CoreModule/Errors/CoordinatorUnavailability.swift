extension NavigationError {
    /// What a screen's context or a flow asked of its coordinator, in
    /// ``NavigationError/Misuse/coordinatorUnavailable(_:)``.
    @_spi(Rules) public enum CoordinatorRequest: Hashable, Sendable, ReasonText {
        /// A navigation of this kind.
        case navigate(TransitionEvent.Kind)
        /// A navigation of this kind whose new screen's result is asked for
        /// (``SceneContext/navigate(_:onResult:)``).
        case navigateForResult(TransitionEvent.Kind)
        /// Finishing the screen with a result (``SceneContext/finish(with:animated:)``).
        case finish
        /// Keeping the screen in the tree (``SceneContext/vetoLeaving(_:)``).
        case vetoLeaving
        /// Opening again the link or the snapshot a guard redirected to the screen
        /// (``SceneContext/continueRedirectedNavigation()``).
        case continueRedirectedNavigation

        /// The request as the error's sentence names it: `push`, `finish the screen`.
        package var description: String {
            switch self {
            case .navigate(let kind): return "\(kind)"
            case .navigateForResult(let kind): return "\(kind) for a result"
            case .finish: return "finish the screen"
            case .vetoLeaving: return "veto leaving the screen"
            case .continueRedirectedNavigation: return "continue the redirected navigation"
            }
        }
    }
}

extension NavigationError {
    /// Why a coordinator could not do what a screen's context or a flow asked, in
    /// ``NavigationError/Misuse/coordinatorUnavailable(_:)``.
    @_spi(Rules) public enum CoordinatorUnavailability: Hashable, Sendable, ReasonText {
        /// The coordinator has been released (a context and a flow hold theirs weakly).
        case released
        /// The flow has finished: its screens have all left the tree, and it navigates no more
        /// (``FlowCoordinator/navigate(_:force:onResult:)``).
        case flowFinished
        /// The context was made with an ``AppCoordinatorType`` that is not an ``AppCoordinator``,
        /// such as a test double: it navigates, and nothing else (no results, no finishing, no
        /// vetoes, no links).
        case notAnAppCoordinator

        /// The reason as the error's sentence gives it.
        package var description: String {
            switch self {
            case .released: return "the coordinator has been released"
            case .flowFinished:
                return "the flow has finished, and a finished flow navigates no more"
            case .notAnAppCoordinator:
                return
                    "the context's coordinator is another AppCoordinatorType than AppCoordinator, such "
                    + "as a test double, which only navigates; results, finishing, vetoes and links "
                    + "need an AppCoordinator"
            }
        }
    }
}
