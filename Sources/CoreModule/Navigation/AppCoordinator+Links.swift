extension AppCoordinator {
    // MARK: Deep links

    /// Opens `link`: replaces the whole tree with the one it describes, or, when it names one
    /// stack and the root is a tab container, that tab's stack; in one atomic step.
    ///
    /// A link whose root is a stack, opened over a tab root, goes to the tab whose first screen
    /// is the link's first scene (its stack is replaced by the link's), or else to the tab that
    /// hosts that scene in ``tabHosts`` (the link's screens go above that tab's first screen).
    /// That tab is selected, the modals are dismissed and the link's modals presented; the other
    /// tabs keep their stacks. When no tab fits, the link fails with
    /// ``NavigationError/noTabForLink(_:tabs:)``. A link that describes tabs replaces
    /// everything.
    ///
    /// The link is read (see ``DeepLinkFormat`` for the grammar); the guards and vetoes run for
    /// the screens that would leave, then for each screen of the link, in order, the scene is
    /// resolved, its parameters checked, the guards run and the builder called. Only then is the
    /// tree replaced and one ``TransitionKind/replaceTree`` event reported. If anything fails,
    /// nothing changes: the error names the failing segment and its position. If a guard
    /// redirects, the link is not opened and the redirect is performed instead; the redirected
    /// screen can open the link later with ``SceneContext/continueRedirectedNavigation()``.
    ///
    /// ```swift
    /// let format = DeepLinkFormat(scheme: "demo")
    /// try coordinator.open("demo://open/A1/A2;id=7/+B1;item=7/B2", format: format)
    /// // window
    /// // └─ stack: A1 #1 › A2 #2 (id=7)
    /// //    └─ modal (sheet): B1 #3 (item=7) › B2 #4
    /// ```
    ///
    /// - Parameters:
    ///   - link: The link to open.
    ///   - format: The app's link scheme, host and limits.
    ///   - force: Whether to replace screens that veto leaving.
    /// - Returns: The transition that was applied, or `nil` when a guard redirected the link to
    ///   a request that was already satisfied (see ``navigate(_:)``).
    /// - Throws: ``NavigationError/invalidLink(_:)`` when the link cannot be read,
    ///   ``NavigationError/linkSegmentFailed(position:segment:error:)`` when a screen cannot be
    ///   resolved, checked, allowed or built, or what a veto or a redirect throws.
    @discardableResult
    public func open(_ link: String, format: DeepLinkFormat, force: Bool = false)
        throws(NavigationError) -> TransitionEvent?
    {
        try enter(.openLink(link, format: format), kind: .replaceTree) {
            () throws(NavigationError) in
            try openNow(link, format: format, force: force)
        }
    }

    /// Reads and opens `link` as ``open(_:format:force:)`` does, without reporting a failure.
    func openNow(_ link: String, format: DeepLinkFormat, force: Bool) throws(NavigationError)
        -> TransitionEvent?
    {
        let screens = try format.parse(link)
        return try openPlanned(
            screens,
            operation: .openLink(link, format: format), force: force, overTabs: true,
            failure: { screen, error in
                let bytes = Array(link.utf8)
                return .linkSegmentFailed(
                    position: screen.position,
                    segment: String(decoding: bytes[screen.segment], as: UTF8.self),
                    error: error)
            })
    }

    /// The current tree written as a link that ``open(_:format:force:)`` turns back into an
    /// equal tree (screen and stack identities aside): tabs, modals and styles included.
    ///
    /// A screen built from a route pattern is written as its path when that path resolves back
    /// to the same pattern (`product%2F42` for `product/:id` with `id=42`); otherwise its
    /// pattern and parameters are written as they are. Links carry strings only: a screen's
    /// payload is not written, and a screen whose builder needs one opens again only when the
    /// builder can rebuild it from parameters.
    ///
    /// Writing checks what opening checks, so a link this returns always opens: a tree beyond
    /// the format's limits, or a screen only a payload can build, is an error instead. For state
    /// restoration of any tree, use ``snapshot()``.
    ///
    /// - Parameter format: The app's link scheme, host and limits.
    /// - Returns: The link, or `nil` when the window is empty.
    /// - Throws: ``NavigationError/invalidLink(_:)`` with ``LinkProblem/tooLong(length:limit:)``,
    ///   ``LinkProblem/tooManyScreens(count:limit:)`` or
    ///   ``LinkProblem/tooManyParameters(position:count:limit:)`` when the link would break the
    ///   format's limits, and ``NavigationError/linkNeedsPayload(scene:screen:)`` for a screen
    ///   whose builder needs a payload it cannot rebuild.
    public func link(format: DeepLinkFormat) throws(NavigationError) -> String? {
        try LinkCodec(resolver: runner.resolver).link(for: tree, format: format)
    }

    // MARK: State restoration

    /// The current tree as a `Codable` snapshot, for state restoration.
    ///
    /// Each screen's payload is saved under the name its type is registered with in
    /// ``payloadTypes``.
    ///
    /// - Returns: The scene names, parameters, payloads, tabs, modals and styles of the tree.
    /// - Throws: ``NavigationError/payloadNotSaved(scene:screen:type:)`` for a screen whose
    ///   payload's type is not registered (or cannot be encoded).
    public func snapshot() throws(NavigationError) -> TreeSnapshot {
        try LinkCodec.snapshot(of: tree, payloadTypes: payloadTypes)
    }

    /// Rebuilds the tree `snapshot` describes, through each scene's builder, in one atomic step.
    ///
    /// As with ``open(_:format:force:)``, every screen is checked and built before anything
    /// changes, and one ``TransitionKind/replaceTree`` event is reported. A snapshot of an empty
    /// window restores nothing: the tree stays as it is and the result is `nil`.
    ///
    /// - Parameters:
    ///   - snapshot: The snapshot to restore.
    ///   - force: Whether to replace screens that veto leaving.
    /// - Returns: The transition that was applied, or `nil` when the snapshot was empty.
    /// - Throws: ``NavigationError/unsupportedSnapshotVersion(found:supported:)`` for a snapshot
    ///   of a version this package does not read (0, negative, or newer),
    ///   ``NavigationError/invalidSnapshot(_:)`` for one over a limit or malformed (see
    ///   ``SnapshotProblem``), or ``NavigationError/restorationFailed(position:scene:error:)``
    ///   when a screen cannot be resolved, checked, allowed or built; the tree is then unchanged.
    @discardableResult
    public func restore(_ snapshot: TreeSnapshot, force: Bool = false) throws(NavigationError)
        -> TransitionEvent?
    {
        let operation = NavigationOperation.restore(snapshot)
        return try enter(operation, kind: .replaceTree) {
            () throws(NavigationError) -> TransitionEvent? in
            let screens = try LinkCodec.read(snapshot, payloadTypes: payloadTypes)
            guard !screens.isEmpty else { return nil }
            return try openPlanned(
                screens, operation: operation, force: force, overTabs: false,
                failure: { screen, error in
                    .restorationFailed(position: screen.position, scene: screen.scene, error: error)
                })
        }
    }

    // MARK: Opening planned screens

    /// Checks and builds every planned screen of a link or a snapshot, then commits them.
    ///
    /// They go where `destination` places them (see ``TransitionPlanner``), in one step; a
    /// guard's redirect is performed instead, remembering `operation`. Nothing changes if any step fails;
    /// `failure` names a screen's error after the screen.
    func openPlanned(
        _ screens: [PlannedScreen], operation: NavigationOperation, force: Bool,
        overTabs: Bool, into destination: TransitionPlanner.LinkDestination = .tree,
        failure: @escaping (PlannedScreen, NavigationError) -> NavigationError
    ) throws(NavigationError) -> TransitionEvent? {
        let resolver = runner.resolver
        let plan = try TransitionPlanner.plan(
            screens, into: destination, overTabs: overTabs, tabHosts: tabHosts, in: tree,
            resolve: { (scene) throws(NavigationError) -> SceneIdentifier in
                do throws(NavigationError) {
                    return try resolver.resolveTarget(scene).scene
                } catch {
                    throw failure(screens[0], error)
                }
            })
        switch try runner.run(plan, in: tree, force: force, link: link, failure: failure) {
        case .edit(let edit):
            return commit(Change(kind: plan.kind, animated: false, edit: edit))
        case .redirect(let redirect):
            return try attemptFollowingRedirects(redirect, options: Options(), origin: operation)
        }
    }
}
