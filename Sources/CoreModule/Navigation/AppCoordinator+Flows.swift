extension AppCoordinator {
    // MARK: Flows

    /// Starts `flow` under `key` as a top-level flow, and calls its ``FlowCoordinator/start()``.
    ///
    /// The coordinator keeps the flow alive until it finishes: when the last screen it (or a
    /// child flow of it) started leaves the tree. If `start()` throws before the flow added a
    /// screen, the flow is dropped and the error rethrown.
    ///
    /// - Parameters:
    ///   - flow: The flow to start.
    ///   - key: Its key among the top-level flows.
    /// - Throws: ``NavigationError/Misuse/flowKeyInUse(_:)`` when a live flow has that key, or what the
    ///   flow's `start()` throws.
    public func startFlow(_ flow: FlowCoordinator, key: String) throws(NavigationError) {
        try navigator.checkOpen()
        try navigator.lifecycle.start(flow, key: key)
    }

    /// The live top-level flows, keyed by string.
    package var flows: [String: FlowCoordinator] { navigator.lifecycle.flowsByKey }

    /// The flow that started the screen `id`, if a flow did and the screen is in the tree.
    ///
    /// - Parameter id: A screen's identity.
    package func owner(of id: ScreenID) -> FlowCoordinator? {
        navigator.lifecycle.tables.owners[id]
    }

    // MARK: Platform reports

    /// Follows navigation the platform did on its own: a back swipe, the Back button, a sheet
    /// dragged down, a tap on the tab bar.
    ///
    /// The tree follows, an event marked ``TransitionEvent/isUserInitiated`` is reported, result
    /// handlers of the screens that left hear ``ScreenResult/cancelled``, and flows left without
    /// screens finish. Guards and vetoes do not run: the user already left.
    ///
    /// A tap on the selected tab, a re-tap of a tab whose stack holds one screen, and a pop
    /// back to the visible screen change nothing and return `nil`, as the platform shows
    /// nothing new.
    ///
    /// - Parameter report: What the platform did.
    /// - Returns: The transition that was applied, or `nil` when the tree already showed it.
    /// - Throws: ``NavigationError/Refusal/reportedScreenGone(_:)`` when the screen is not in the tree
    ///   (a stale or duplicate report), ``NavigationError/Refusal/reportedScreenNotOnTop(_:kind:visible:)``
    ///   when it is not in the top-most stack (for a pop back to a screen) or not in the
    ///   top-most modal (for a dismiss), ``NavigationError/Refusal/nothingToDismiss(visible:)`` for a
    ///   dismiss when no modal is presented, ``NavigationError/Refusal/notDismissibleByUser(_:style:)``
    ///   for a dismiss of a full-screen cover or a sheet without interactive dismissal,
    ///   ``NavigationError/Refusal/unknownTab(_:tabs:)`` for a tab that is not there (or a root that has
    ///   no tabs), and ``NavigationError/Refusal/tabBarCovered(tab:modal:)`` for a tab tap while a modal
    ///   covers the tab bar; the tree is then unchanged.
    @discardableResult
    public func report(_ report: PlatformReport) throws(NavigationError) -> TransitionEvent? {
        try navigator.report(report)
    }
}
