extension AppCoordinator {
    // MARK: Deep links

    /// Replaces the whole tree with the one `link` describes, in one atomic step.
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
    /// //    └─ modal: B1 #3 (item=7) › B2 #4
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
        let operation = NavigationOperation.openLink(link, format: format)
        do throws(NavigationError) {
            if let applying { throw .reentrantNavigation(.replaceTree, during: applying) }
            try countObserverNavigation(.replaceTree, scene: nil)
            let screens = try format.parse(link)
            return try replaceTree(
                with: screens,
                operation: operation, force: force,
                failure: { screen, error in
                    let bytes = Array(link.utf8)
                    return .linkSegmentFailed(
                        position: screen.position,
                        segment: String(decoding: bytes[screen.segment], as: UTF8.self),
                        error: error)
                })
        } catch {
            publish(.failure(NavigationFailure(operation: operation, error: error)))
            throw error
        }
    }

    /// The current tree written as a link that ``open(_:format:force:)`` turns back into an
    /// equal tree (screen identities aside).
    ///
    /// A screen built from a route pattern is written as its path when that path resolves back
    /// to the same pattern (`product%2F42` for `product/:id` with `id=42`); otherwise its
    /// pattern and parameters are written as they are.
    ///
    /// The link is written whatever its size: a deep tree can make one longer than the
    /// format's limits for reading (``DeepLinkFormat/maximumLength`` and the others), which
    /// ``open(_:format:force:)`` then rejects. For state restoration of any tree, use
    /// ``snapshot()``.
    ///
    /// - Parameter format: The app's link scheme and host.
    /// - Returns: The link, or `nil` when the window is empty.
    public func link(format: DeepLinkFormat) -> String? {
        guard !tree.isEmpty else { return nil }
        var writer = LinkWriter(format)
        let screens = tree.storage
        let starts = tree.stackStarts
        var nextStack = 1
        for offset in screens.indices {
            if offset > 0 { writer.appendDelimiter(UInt8(ascii: "/")) }
            if nextStack < starts.count, starts[nextStack] == offset {
                writer.appendDelimiter(UInt8(ascii: "+"))
                nextStack += 1
            }
            let (name, parameters) = linkName(for: screens[offset])
            writer.appendEncoded(name)
            writer.appendParameters(parameters)
        }
        return writer.link
    }

    private func linkName(for screen: Screen) -> (name: String, parameters: SceneParameters) {
        guard let pattern = RoutePattern(screen.scene),
            let path = pattern.path(with: screen.parameters),
            let resolved = try? container.resolve(SceneIdentifier(path)),
            resolved.scene == screen.scene
        else { return (screen.scene.rawValue, screen.parameters) }
        var rest = screen.parameters
        for name in pattern.parameterNames where resolved.routeParameters[name] == rest[name] {
            rest[name] = nil
        }
        return (path, rest)
    }

    // MARK: State restoration

    /// The current tree as a `Codable` snapshot, for state restoration.
    ///
    /// - Returns: The scene names, parameters and structure of the tree.
    public func snapshot() -> TreeSnapshot {
        tree.snapshot
    }

    /// Rebuilds the tree `snapshot` describes, through each scene's builder, in one atomic step.
    ///
    /// As with ``open(_:format:force:)``, every screen is checked and built before anything
    /// changes, and one ``TransitionKind/replaceTree`` event is reported. A snapshot of an empty
    /// window restores nothing: the tree stays as it is and the result is `nil`. Empty stacks
    /// are skipped.
    ///
    /// - Parameters:
    ///   - snapshot: The snapshot to restore.
    ///   - force: Whether to replace screens that veto leaving.
    /// - Returns: The transition that was applied, or `nil` when the snapshot was empty.
    /// - Throws: ``NavigationError/unsupportedSnapshotVersion(found:supported:)`` for a snapshot
    ///   from a newer version, or ``NavigationError/restorationFailed(position:scene:error:)``
    ///   when a screen cannot be resolved, checked, allowed or built; the tree is then unchanged.
    @discardableResult
    public func restore(_ snapshot: TreeSnapshot, force: Bool = false) throws(NavigationError)
        -> TransitionEvent?
    {
        let operation = NavigationOperation.restore(snapshot)
        do throws(NavigationError) {
            if let applying { throw .reentrantNavigation(.replaceTree, during: applying) }
            try countObserverNavigation(.replaceTree, scene: nil)
            guard snapshot.version <= TreeSnapshot.currentVersion else {
                throw .unsupportedSnapshotVersion(
                    found: snapshot.version, supported: TreeSnapshot.currentVersion)
            }
            var screens: [PlannedScreen] = []
            for stack in snapshot.stacks {
                for (index, screen) in stack.enumerated() {
                    screens.append(
                        PlannedScreen(
                            position: screens.count + 1, startsStack: index == 0, segment: 0..<0,
                            scene: screen.scene, parameters: screen.parameters))
                }
            }
            guard !screens.isEmpty else { return nil }
            return try replaceTree(
                with: screens, operation: operation, force: force,
                failure: { screen, error in
                    .restorationFailed(position: screen.position, scene: screen.scene, error: error)
                })
        } catch {
            publish(.failure(NavigationFailure(operation: operation, error: error)))
            throw error
        }
    }

    // MARK: Replacing the tree

    /// Checks and builds every planned screen, then swaps the tree.
    ///
    /// Nothing changes if any step fails; a guard's redirect is performed instead.
    ///
    /// `failure` turns a screen's error into the operation's error, naming the screen.
    private func replaceTree(
        with screens: [PlannedScreen], operation: NavigationOperation, force: Bool,
        failure: (PlannedScreen, NavigationError) -> NavigationError
    ) throws(NavigationError) -> TransitionEvent? {
        if !tree.isEmpty,
            let redirect = try checkLeaving(from: 0, kind: .replaceTree, force: force)
        {
            return try followRedirect(redirect, from: operation)
        }
        // The vetoes of screens built here go with them if the operation does not apply.
        let firstBuilt = nextScreenNumber
        func discardBuilt() {
            guard !leaveVetoes.isEmpty else { return }
            for number in firstBuilt..<nextScreenNumber {
                leaveVetoes[ScreenID(number)] = nil
            }
        }
        var built = ScreenTree()
        built.reserveCapacity(screens: screens.count, stacks: 4)
        for index in screens.indices {
            let kind: TransitionKind =
                index == 0 ? .root : screens[index].startsStack ? .present : .push
            let screen: Screen
            do {
                let resolved = try resolveTarget(screens[index].scene)
                let parameters = try checkedParameters(screens[index].parameters, for: resolved)
                if !guards.isEmpty,
                    let redirect = try runGuards(
                        NavigationAttempt(
                            kind: kind, scene: resolved.scene, parameters: parameters,
                            leaving: nil, tree: tree))
                {
                    discardBuilt()
                    return try followRedirect(redirect, from: operation)
                }
                screen = try build(resolved, parameters, for: .replaceTree, redirectedFrom: nil)
            } catch {
                discardBuilt()
                throw failure(screens[index], error)
            }
            switch kind {
            case .root: _ = built.replaceAll(with: screen)
            case .present: _ = built.present(screen)
            default: _ = built.push(screen)
            }
        }
        guard !built.isEmpty else { throw .invalidLink(.noScreens) }
        var change = Change(kind: .replaceTree, animated: false)
        change.removeFrom = tree.isEmpty ? nil : 0
        change.addition = .tree(built)
        return commit(change)
    }

    /// Performs a guard's redirect of a link or a restore, remembering what it replaced.
    private func followRedirect(
        _ redirect: ApplicationTransitionType, from operation: NavigationOperation
    ) throws(NavigationError) -> TransitionEvent? {
        try attemptFollowingRedirects(redirect, options: Options(), origin: operation)
    }
}
