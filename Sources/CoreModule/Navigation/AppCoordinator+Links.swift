extension AppCoordinator {
    // MARK: Opening links

    /// Opens `link`, read as its form says: one atomic transition and one event, or an action
    /// reported as an event, or an error and nothing changed.
    ///
    /// **A link of the package's own form** (``AppLink/deepLink(_:format:)``; see
    /// ``DeepLinkFormat`` for the grammar) replaces the whole tree with the one it describes,
    /// or, when it names one stack and the root is a tab container, that tab's stack: the tab
    /// whose first screen is the link's first scene (its stack is replaced by the link's), or
    /// else the tab that hosts that scene in ``tabHosts`` (the link's screens go above that
    /// tab's first screen). That tab is selected, the modals are dismissed and the link's modals
    /// presented; the other tabs keep their stacks. When no tab fits, the link fails with
    /// ``NavigationError/LinkFailure/noTabForLink(_:tabs:)``. A link that describes tabs replaces
    /// everything. An error names the failing segment and its position.
    ///
    /// **A universal link** (``AppLink/universal(_:in:from:)``) is read through the app's
    /// ``LinkTable`` (its origin, path and query), its route found, and, for a link from
    /// outside the app, the route checked to be reachable from outside. The route's screens are
    /// its parents' and its own, each with the values its path names; its own screen also gets
    /// the query items. Their values are checked against the builders' required parameters
    /// before anything runs. Then the route's ``LinkRoute/Effect`` applies (the whole tree, a tab, a
    /// push onto the base stack, or a modal over it). An action route changes nothing and is
    /// reported as ``NavigationEvent/linkAction(_:)``.
    ///
    /// Either way, the guards and vetoes run for the screens that would leave, then for each
    /// screen of the link, in order, the scene is resolved, its parameters checked, the guards
    /// run and the builder called. Only then does the tree change, in one step. If a guard
    /// redirects, the link is not opened and the redirect is performed instead; the redirected
    /// screen can open the link later with ``SceneContext/continueRedirectedNavigation()``.
    ///
    /// ```swift
    /// let format = DeepLinkFormat(scheme: "demo")
    /// try coordinator.open(.deepLink("demo://open/A1/A2;id=7/+B1;item=7/B2", format: format))
    /// // window
    /// // └─ stack: A1 #1 › A2 #2 (id=7)
    /// //    └─ modal (sheet): B1 #3 (item=7) › B2 #4
    /// try coordinator.open(.universal("https://shop.example.com/product/42?ref=mail", in: links))
    /// // window
    /// // └─ stack: Product #5 (id=42, ref=mail)
    /// ```
    ///
    /// - Parameters:
    ///   - link: The link to open, and how to read it.
    ///   - force: Whether to remove screens that veto leaving.
    /// - Returns: ``NavigationEvent/transition(_:)`` with the applied transition,
    ///   ``NavigationEvent/linkAction(_:)`` for an action route, or `nil` when a guard
    ///   redirected the link to a request that was already satisfied (see ``navigate(_:)``).
    /// - Throws: For a link of the package's form: ``NavigationError/LinkFailure/invalidLink(_:)`` when it
    ///   cannot be read, ``NavigationError/LinkFailure/linkSegmentFailed(position:segment:error:)`` when a
    ///   screen cannot be resolved, checked, allowed or built. For a universal link:
    ///   ``NavigationError/LinkFailure/unhandledLink(_:)`` for a link no route handles (unreadable, origin
    ///   not accepted, no route, not reachable from outside, a value missing or of the wrong
    ///   type): hand its URL to the browser; ``NavigationError/Refusal/unknownTab(_:tabs:)`` for a route
    ///   that selects a tab the root does not have, ``NavigationError/Refusal/noRoot(_:)`` for a route
    ///   that pushes or presents onto an empty window, or what a screen throws. For both:
    ///   ``NavigationError/LinkFailure/noTabForLink(_:tabs:)``, or what a veto or a redirect throws.
    @discardableResult
    public func open(_ link: AppLink, force: Bool = false) throws(NavigationError)
        -> NavigationEvent?
    {
        try navigator.open(link, force: force)
    }

    /// The current tree written as a link that ``open(_:force:)`` turns back into an
    /// equal tree (screen and stack identities aside): tabs, modals and styles included.
    ///
    /// A tool for tests, logs and debugging: the URLs an app shares and accepts are its
    /// ``LinkTable``'s (see ``universalLink(in:origin:)``). Each screen is written as its scene's
    /// name and its parameters. Links carry strings only: a screen's payload is not written, and
    /// a screen whose builder needs one opens again only when the builder can rebuild it from
    /// parameters.
    ///
    /// Writing checks what opening checks, so a link this returns always opens: a tree beyond
    /// the format's limits, or a screen only a payload can build, is an error instead. For state
    /// restoration of any tree, use ``snapshot()``.
    ///
    /// - Parameter format: The app's link scheme, host and limits.
    /// - Returns: The link, or `nil` when the window is empty.
    /// - Throws: ``NavigationError/LinkFailure/invalidLink(_:)`` when the link would break the
    ///   format's limits (its length, its screens, a screen's parameters), and ``NavigationError/LinkFailure/linkNeedsPayload(scene:screen:)`` for a screen
    ///   whose builder needs a payload it cannot rebuild.
    public func link(format: DeepLinkFormat) throws(NavigationError) -> String? {
        try LinkCodec(resolver: navigator.runner.resolver).link(for: tree, format: format)
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
    /// - Throws: ``NavigationError/LinkFailure/linkNotShareable(scene:screen:route:)`` when no route opens
    ///   the screen, or the one that does is not reachable from outside;
    ///   ``NavigationError/LinkFailure/linkNeedsPayload(scene:screen:)`` for a screen only a payload builds;
    ///   ``NavigationError/LinkFailure/invalidLink(_:)`` when the link would break the table's limits.
    public func universalLink(in table: LinkTable, origin: LinkTable.Origin? = nil)
        throws(NavigationError) -> String?
    {
        try LinkCodec(resolver: navigator.runner.resolver).universalLink(
            for: tree, in: table, origin: origin)
    }

    // MARK: State restoration

    /// The current tree as a `Codable` snapshot, for state restoration.
    ///
    /// Each screen's payload is saved under the name its type is registered with in the payload
    /// types given at creation (the container's by default).
    ///
    /// - Returns: The scene names, parameters, payloads, tabs, modals and styles of the tree.
    /// - Throws: ``NavigationError/LinkFailure/payloadNotSaved(scene:screen:type:)`` for a screen whose
    ///   payload's type is not registered (or cannot be encoded), or
    ///   ``NavigationError/WindowFailure/windowClosed(_:)`` once the window was closed.
    public func snapshot() throws(NavigationError) -> TreeSnapshot {
        // A closed window's empty tree must not overwrite what the window saved.
        try navigator.checkOpen()
        return try LinkCodec.snapshot(of: tree, payloadTypes: payloadTypes)
    }

    /// Rebuilds the tree `snapshot` describes, through each scene's builder, in one atomic step.
    ///
    /// As with ``open(_:force:)``, every screen is checked and built before anything
    /// changes, and one ``TransitionEvent/Kind/replaceTree`` event is reported. A snapshot of an empty
    /// window restores nothing: the tree stays as it is and the result is `nil`.
    ///
    /// - Parameters:
    ///   - snapshot: The snapshot to restore.
    ///   - force: Whether to replace screens that veto leaving.
    /// - Returns: The transition that was applied, or `nil` when the snapshot was empty.
    /// - Throws: ``NavigationError/snapshot(_:)``, for a snapshot of a version this package does
    ///   not read (0, negative, or newer; code `unsupported-snapshot-version`), one over a limit
    ///   or malformed (`invalid-snapshot`), or one whose screen cannot be resolved, checked,
    ///   allowed or built (`restoration-failed`, with that screen's error as the problem's
    ///   ``NavigationError/Problem/underlyingError``); the tree is then unchanged.
    @discardableResult
    public func restore(_ snapshot: TreeSnapshot, force: Bool = false) throws(NavigationError)
        -> TransitionEvent?
    {
        try navigator.restore(snapshot, payloadTypes: payloadTypes, force: force)
    }
}
