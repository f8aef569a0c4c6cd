extension AppCoordinator {
    // MARK: Universal links

    /// Opens a universal link through the app's link table: one atomic transition and one
    /// event, or an action reported as an event, or an error and nothing changed.
    ///
    /// The link is read (its origin, path and query; see ``LinkTable``), its route found, and,
    /// for a link from outside the app, the route checked to be reachable from outside. The
    /// route's screens are its parents' and its own, each with the values its path names; its
    /// own screen also gets the query items. Their values are checked against the builders'
    /// required parameters before anything runs. Then the route's ``LinkEffect`` applies, as
    /// ``open(_:format:force:)`` applies a link: the guards and vetoes of the screens that would
    /// leave run, each screen is checked, allowed and built, and the tree changes in one step.
    ///
    /// ```swift
    /// try coordinator.open(universalLink: "https://shop.example.com/product/42?ref=mail", in: links)
    /// // window
    /// // └─ stack: Product #1 (id=42, ref=mail)
    /// ```
    ///
    /// - Parameters:
    ///   - url: The link, as the system hands it to the app.
    ///   - table: The app's link table.
    ///   - source: Where the link comes from; ``LinkSource/outside`` by default, which opens
    ///     only routes marked reachable from outside.
    ///   - force: Whether to remove screens that veto leaving.
    /// - Returns: ``NavigationEvent/transition(_:)`` with the applied transition,
    ///   ``NavigationEvent/linkAction(_:)`` for an action route, or `nil` when a guard
    ///   redirected the link to a request that was already satisfied.
    /// - Throws: ``NavigationError/unhandledLink(_:)`` for a link no route handles (unreadable,
    ///   origin not accepted, no route, not reachable from outside, a value missing or of the
    ///   wrong type): hand its URL to the browser. Otherwise what opening the screens throws: a
    ///   veto, a guard, a builder, ``NavigationError/unknownTab(_:tabs:)`` for a route that
    ///   selects a tab the root does not have, ``NavigationError/noRoot(_:)`` for a route that
    ///   pushes or presents onto an empty window, ``NavigationError/noTabForLink(_:tabs:)``.
    @discardableResult
    public func open(
        universalLink url: String, in table: LinkTable, from source: LinkSource = .outside,
        force: Bool = false
    ) throws(NavigationError) -> NavigationEvent? {
        try enter(.openUniversalLink(url, source: source), kind: .replaceTree) {
            () throws(NavigationError) in
            try openUniversalNow(url, in: table, from: source, force: force)
        }
    }

    /// Opens a universal link now, as ``open(universalLink:in:from:force:)`` does, without
    /// reporting a failure: the asynchronous entry points run it once their guards allowed it.
    func openUniversalNow(
        _ url: String, in table: LinkTable, from source: LinkSource, force: Bool
    ) throws(NavigationError) -> NavigationEvent? {
        switch try LinkCodec(resolver: runner.resolver).read(url, in: table, from: source) {
        case .action(let action):
            publish(.linkAction(action))
            return .linkAction(action)
        case .screens(let screens, let destination):
            let event = try openPlanned(
                screens, operation: .openUniversalLink(url, source: source), force: force,
                overTabs: true, into: destination, failure: { _, error in error })
            return event.map(NavigationEvent.transition)
        }
    }
    /// The visible screen written as a universal link of the app's table, for sharing: opening
    /// it from outside yields the same screen, above the screens its route's parents imply.
    ///
    /// Of the routes reachable from outside that open the visible screen's scene and whose path
    /// can be written from the screen's parameters, the one whose path holds the most of them is
    /// used (the first in the table's order among equals): it implies the most of the back
    /// stack. The screen's other parameters become query items, sorted by name. The link is read back before it is
    /// returned: a link that would open another route, or break the limits, is never returned.
    ///
    /// ```swift
    /// let url = try coordinator.universalLink(in: links)
    /// // "https://shop.example.com/product/42?ref=mail"
    /// ```
    ///
    /// - Parameters:
    ///   - table: The app's link table.
    ///   - origin: The origin to write; the table's first by default.
    /// - Returns: The link, or `nil` when the window is empty.
    /// - Throws: ``NavigationError/linkNotShareable(scene:screen:route:)`` when no route opens
    ///   the screen, or the one that does is not reachable from outside;
    ///   ``NavigationError/linkNeedsPayload(scene:screen:)`` for a screen only a payload builds;
    ///   ``NavigationError/invalidLink(_:)`` when the link would break the table's limits.
    public func universalLink(in table: LinkTable, origin: LinkOrigin? = nil)
        throws(NavigationError) -> String?
    {
        try LinkCodec(resolver: runner.resolver).universalLink(
            for: tree, in: table, origin: origin)
    }
}
