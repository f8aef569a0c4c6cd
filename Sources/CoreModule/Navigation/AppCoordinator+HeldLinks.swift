extension AppCoordinator {
    // MARK: Links that wait

    /// Opens `link` once the app is ready and the asynchronous guards allow it; until the app is
    /// ready, the link is held.
    ///
    /// This is the entry point for links from outside (a universal link, a notification): give
    /// it every link, at launch as later. A link is **held**, not opened, while the app has not
    /// called ``markReadyForLinks()``, or while a screen or a flow it named
    /// (``holdLinks(untilLeaves:)``, ``holdLinks(untilFinished:)``) is in front. At most one
    /// link is held: a newer one replaces it, and the older one is reported to observers as a
    /// failure with ``NavigationError/heldLinkReplaced(_:by:)``, so that none is lost silently.
    /// The held link is opened exactly once, when the app is ready and nothing is in front, and
    /// it is checked then as a new link would be (its routes, the guards, the tree as it is); if
    /// it cannot be opened, observers receive ``NavigationError/heldLinkFailed(_:error:)``.
    ///
    /// Otherwise the link is opened like ``open(_:format:force:)``, after the asynchronous
    /// guards (see ``navigateWhenAllowed(_:force:)``). When a guard redirects it (to a sign-in
    /// screen), the redirect is applied and the link is held until the redirected screen
    /// leaves: "continue after sign-in" is the same held link.
    ///
    /// ```swift
    /// switch try await coordinator.openWhenAllowed(url.absoluteString, format: format) {
    /// case .opened(let event): log(event)
    /// case .held(let link, let reason): log("\(link) waits \(reason)")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - link: The link to open.
    ///   - format: The app's link scheme, host and limits.
    ///   - force: Whether to replace screens that veto leaving.
    /// - Returns: Whether the link was opened, or held and why.
    /// - Throws: What ``open(_:format:force:)`` and ``navigateWhenAllowed(_:force:)`` throw;
    ///   a held link throws nothing.
    @discardableResult
    public func openWhenAllowed(_ link: String, format: DeepLinkFormat, force: Bool = false)
        async throws(NavigationError) -> LinkDelivery
    {
        try await openWhenAllowed(HeldLink(link: link, format: format, force: force))
    }

    /// Opens a universal link once the app is ready and the asynchronous guards allow it; until
    /// the app is ready, the link is held.
    ///
    /// The same as ``openWhenAllowed(_:format:force:)`` for a universal link of the app's table
    /// (see ``open(universalLink:in:from:force:)``): held links of both forms are one held link,
    /// the newest. A held link from outside is read again, and checked again to be reachable
    /// from outside, when it is opened. A link to an action route is opened as its action, which
    /// observers receive (``NavigationEvent/linkAction(_:)``): its delivery is `.opened(nil)`.
    ///
    /// ```swift
    /// try await coordinator.openWhenAllowed(
    ///     universalLink: "https://shop.example.com/product/42?ref=mail", in: links)
    /// // .held("https://shop.example.com/product/42?ref=mail", until: .appNotReady) at launch
    /// ```
    ///
    /// - Parameters:
    ///   - url: The link, as the system hands it to the app.
    ///   - table: The app's link table.
    ///   - source: Where the link comes from; ``LinkSource/outside`` by default.
    ///   - force: Whether to replace screens that veto leaving.
    /// - Returns: Whether the link was opened, or held and why.
    /// - Throws: What ``open(universalLink:in:from:force:)`` and
    ///   ``navigateWhenAllowed(_:force:)`` throw; a held link throws nothing.
    @discardableResult
    public func openWhenAllowed(
        universalLink url: String, in table: LinkTable, from source: LinkSource = .outside,
        force: Bool = false
    ) async throws(NavigationError) -> LinkDelivery {
        try await openWhenAllowed(
            HeldLink(universalLink: url, in: table, from: source, force: force))
    }

    /// Holds `held` while something holds links, else opens it after the asynchronous guards.
    private func openWhenAllowed(_ held: HeldLink) async throws(NavigationError) -> LinkDelivery {
        if let hold = linkHold {
            holdLink(held)
            return .held(held, until: hold)
        }
        // A link still held when nothing holds links any more (what it waited for went away
        // without a transition) is older than this one: it is replaced, and reported.
        if asyncState.held != nil {
            holdLink(held)
            asyncState.held = nil
            asyncState.blocker = nil
        }
        return try await open(held, wrap: nil)
    }

    /// Why links are held now, or `nil` when a link would be opened at once.
    public var linkHold: LinkHold? {
        guard asyncState.isReady else { return .appNotReady }
        guard let blocker = asyncState.blocker, !blocker.isGone(in: self) else { return nil }
        return blocker.hold
    }

    /// Whether the app said it is ready for links (``markReadyForLinks()``).
    public var isReadyForLinks: Bool { asyncState.isReady }

    /// The link waiting to be opened, if one is.
    public var heldLink: HeldLink? { asyncState.held }

    /// Drops the held link unopened and returns it.
    ///
    /// - Returns: The link that was held, or `nil`.
    @discardableResult
    public func dropHeldLink() -> HeldLink? {
        defer { asyncState.held = nil }
        return asyncState.held
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
    /// - Throws: ``NavigationError/heldLinkFailed(_:error:)`` when the held link cannot be opened
    ///   any more; the tree is then unchanged.
    @discardableResult
    public func markReadyForLinks() async throws(NavigationError) -> TransitionEvent? {
        asyncState.isReady = true
        return try await openHeldLink()
    }

    /// Holds links until the screen `id` leaves the tree (a sign-in screen in front), then opens
    /// the held one.
    ///
    /// - Parameter id: The screen in front.
    public func holdLinks(untilLeaves id: ScreenID) {
        asyncState.blocker = .screen(id)
    }

    /// Holds links until `flow` finishes (a sign-in flow in front), then opens the held one.
    ///
    /// - Parameter flow: The flow in front; held weakly.
    public func holdLinks(untilFinished flow: FlowCoordinator) {
        asyncState.blocker = .flow(LinkBlocker.Weak(flow), key: flow.key ?? "")
    }

    /// Whether the held link is being opened on its own, since the screen or flow in front of it
    /// left: its guards may still be deciding.
    public var isOpeningHeldLink: Bool { asyncState.opening != nil }

    /// Waits until the held link that a screen or flow leaving started to open has been opened
    /// or has failed; returns at once when none is being opened.
    ///
    /// The opening itself runs on its own, and its outcome reaches observers; tests and scripts
    /// await this to read the tree after it.
    public func waitForHeldLink() async {
        await asyncState.opening?.value
    }

    // MARK: Opening held links

    /// Holds `link`, replacing (and reporting) the one held before.
    private func holdLink(_ link: HeldLink) {
        if let older = asyncState.held, older != link {
            publish(
                .failure(
                    NavigationFailure(
                        operation: older.operation,
                        error: .heldLinkReplaced(older.link, by: link.link))))
        }
        asyncState.held = link
    }

    /// Opens `link` after the asynchronous guards; holds it when a guard redirects it.
    private func open(_ link: HeldLink, wrap: ((NavigationError) -> NavigationError)?)
        async throws(NavigationError) -> LinkDelivery
    {
        let operation = link.operation
        let event = try await runWhenAllowed(link.request, force: link.force, wrap: wrap)
        // A guard sent it elsewhere first (a sign-in): it waits until that screen leaves.
        if let event, event.redirectedFrom == operation {
            asyncState.held = link
            asyncState.blocker = .screen(event.screen)
            return .held(link, until: .screenInFront(event.screen))
        }
        return .opened(event)
    }

    /// Takes the held link and opens it, when nothing holds it any more.
    func openHeldLink() async throws(NavigationError) -> TransitionEvent? {
        guard let link = asyncState.held, linkHold == nil else { return nil }
        // Taken before it is opened: it is opened exactly once.
        asyncState.held = nil
        let delivery = try await open(link) { .heldLinkFailed(link.link, error: $0) }
        if case .opened(let event) = delivery { return event }
        return nil
    }

    /// Starts opening the held link on its own task (a screen or flow in front just left).
    func startOpeningHeldLink() {
        guard asyncState.opening == nil else { return }
        asyncState.opening = Task { [weak self] in
            _ = try? await self?.openHeldLink()
            self?.asyncState.opening = nil
        }
    }
}
