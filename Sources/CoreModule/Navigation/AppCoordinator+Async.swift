extension AppCoordinator {
    // MARK: Asynchronous guards

    /// Adds an asynchronous guard; asynchronous guards are asked in the order they were added.
    ///
    /// They are asked first, by ``navigateWhenAllowed(_:force:)`` and
    /// ``openWhenAllowed(_:force:)``; the synchronous guards run when the navigation is applied,
    /// once every asynchronous guard has allowed it. ``removeGuard(named:)`` removes either kind.
    ///
    /// - Parameter rule: The guard.
    public func addGuard(_ rule: AsyncNavigationGuard) {
        asyncGate.guards.append(rule)
    }

    /// The navigation waiting for an asynchronous guard's answer, if one is.
    ///
    /// At most one is: a newer request (any `navigate`, `open`,
    /// `restore`, or an asynchronous one) cancels it. Platform reports do not: what the user did applies at once.
    public var pendingNavigation: NavigationEvent.Operation? { asyncGate.pending?.operation }

    /// Cancels the pending navigation, if any.
    ///
    /// Its caller gets ``NavigationError/GuardFailure/navigationCancelled(_:by:)`` with no newer request, and
    /// nothing changes. An app cancels the task that awaits the navigation instead, with the
    /// same outcome.
    package func cancelPendingNavigation() {
        asyncGate.cancelPending(by: nil)
    }

    /// Applies `request` once the asynchronous guards allow it, or throws and changes nothing.
    ///
    /// The name differs from ``navigate(_:)`` on purpose: with the same name, Swift would pick
    /// the asynchronous overload inside every `async` function, and each existing
    /// `try coordinator.navigate(…)` there would stop compiling until it was awaited.
    ///
    /// Every asynchronous guard that applies to a scene the request would show is asked, in
    /// order, one answer at a time; meanwhile the navigation is pending
    /// (``pendingNavigation``). A newer request cancels it; platform reports apply meanwhile.
    /// When every guard has allowed it, the navigation is checked again against the tree as it
    /// is then: the screen visible when it was asked must still be visible, and the request is
    /// applied as ``navigate(_:force:expecting:onResult:)`` would (scenes, synchronous guards, vetoes,
    /// builders). A redirect is followed the same way, and the redirected screen's
    /// ``SceneContext/redirectedFrom`` holds the request.
    ///
    /// ```swift
    /// try await coordinator.navigateWhenAllowed(.push(scene: "AccountHome"))
    /// ```
    ///
    /// - Parameters:
    ///   - request: The navigation to perform.
    ///   - force: Whether to leave screens that veto leaving.
    /// - Returns: The transition that was applied, or `nil` when the request was already
    ///   satisfied.
    /// - Throws: What ``navigate(_:)`` throws, and
    ///   ``NavigationError/GuardFailure/navigationCancelled(_:by:)`` when a newer request (or cancelling the
    ///   calling task) cancelled it, ``NavigationError/GuardFailure/guardTimedOut(name:kind:scene:limit:)``
    ///   when a guard did not answer in time, and
    ///   ``NavigationError/GuardFailure/navigationOriginGone(_:origin:)`` when the screen it started from is
    ///   no longer visible; the tree is then unchanged.
    @discardableResult
    public func navigateWhenAllowed(_ request: ApplicationTransitionType, force: Bool = false)
        async throws(NavigationError) -> TransitionEvent?
    {
        try await asyncGate.runWhenAllowed(.transition(request), force: force)?.transition
    }

    // MARK: Links that wait

    /// Opens `link` once the app is ready and the asynchronous guards allow it; until the app is
    /// ready, the link is held.
    ///
    /// This is the entry point for links from outside (a universal link, a notification): give
    /// it every link, at launch as later, of either form. A link is **held**, not opened, while
    /// the app has not called ``markReadyForLinks()``, or while a screen or a flow it named
    /// (``holdLinks(untilLeaves:)``, ``holdLinks(untilFinished:)``) is in front. At most one
    /// link is held: a newer one replaces it, and the older one is reported to observers as a
    /// failure with ``NavigationError/LinkFailure/heldLinkReplaced(_:by:)``, so that none is lost silently.
    /// The held link is opened exactly once, when the app is ready and nothing is in front, and
    /// it is read and checked then as a new link would be (its routes, reachability from
    /// outside, the guards, the tree as it is); if it cannot be opened, observers receive
    /// ``NavigationError/LinkFailure/heldLinkFailed(_:error:)``.
    ///
    /// Otherwise the link is opened like ``open(_:force:)``, after the asynchronous guards (see
    /// ``navigateWhenAllowed(_:force:)``). When a guard redirects it (to a sign-in screen), the
    /// redirect is applied and the link is held until the redirected screen leaves: "continue
    /// after sign-in" is the same held link.
    ///
    /// ```swift
    /// switch try await coordinator.openWhenAllowed(.deepLink(url.absoluteString, format: format)) {
    /// case .opened(let event): log(event)
    /// case .held(let link, let reason): log("\(link) waits \(reason)")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - link: The link to open, and how to read it.
    ///   - force: Whether to replace screens that veto leaving.
    /// - Returns: Whether the link was opened (with what it did), or held and why.
    /// - Throws: What ``open(_:force:)`` and ``navigateWhenAllowed(_:force:)`` throw; a held
    ///   link throws nothing.
    @discardableResult
    public func openWhenAllowed(_ link: AppLink, force: Bool = false)
        async throws(NavigationError) -> AppLink.Delivery
    {
        try await asyncGate.openWhenAllowed(HeldLink(link, force: force))
    }

    /// Why links are held now, or `nil` when a link would be opened at once.
    public var linkHold: HeldLink.Hold? { asyncGate.linkHold }

    /// Whether the app said it is ready for links (``markReadyForLinks()``).
    package var isReadyForLinks: Bool { asyncGate.isReady }

    /// The link waiting to be opened, if one is.
    public var heldLink: HeldLink? { asyncGate.held }

    /// Drops the held link unopened and returns it.
    ///
    /// - Returns: The link that was held, or `nil`.
    @discardableResult
    public func dropHeldLink() -> HeldLink? {
        defer { asyncGate.held = nil }
        return asyncGate.held
    }

    /// Says that the app is ready for links, and opens the held link.
    ///
    /// Call it once the first screens are up (restored from a snapshot, or the default root).
    /// The held link, if there is one, is opened unless a screen or flow is in front.
    ///
    /// At launch with both a saved snapshot and an incoming link, restore first, then call this:
    /// the link opens over the restored tree, by its own kind (a whole-tree link replaces it, a
    /// stack link over a tab root goes to its tab).
    ///
    /// - Returns: The transition that opened the held link, or `nil` when none was opened.
    /// - Throws: ``NavigationError/LinkFailure/heldLinkFailed(_:error:)`` when the held link cannot be opened
    ///   any more; the tree is then unchanged. ``NavigationError/WindowFailure/windowClosed(_:)`` once the
    ///   window was closed.
    @discardableResult
    public func markReadyForLinks() async throws(NavigationError) -> TransitionEvent? {
        try navigator.checkOpen()
        asyncGate.isReady = true
        return try await asyncGate.openHeldLink()
    }

    /// Holds links until the screen `id` leaves the tree (a sign-in screen in front), then opens
    /// the held one.
    ///
    /// - Parameter id: The screen in front.
    public func holdLinks(untilLeaves id: ScreenID) {
        asyncGate.blocker = .screen(id)
    }

    /// Holds links until `flow` finishes (a sign-in flow in front), then opens the held one.
    ///
    /// The flow may be started after this call: links wait until it has started and finished.
    /// A flow that is released without finishing holds nothing from then on.
    ///
    /// - Parameter flow: The flow in front; held weakly.
    public func holdLinks(untilFinished flow: FlowCoordinator) {
        asyncGate.blocker = .flow(LinkBlocker.Weak(flow))
    }

    /// The task opening the held link on its own, since the screen or flow in front of it left;
    /// `CoreModuleTesting` offers tests and scripts to wait for it.
    package var heldLinkOpening: Task<Void, Never>? { asyncGate.opening }

    // MARK: What the parts ask of the coordinator

    /// Opens the held link on a task of its own; a method of the coordinator's, so that the
    /// coordinator stays alive while the gate opens it.
    func openHeldLinkOnItsOwn() async {
        _ = try? await asyncGate.openHeldLink()
        asyncGate.opening = nil
    }
}
