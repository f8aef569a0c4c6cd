extension AppCoordinator {
    // MARK: Deep links

    /// Replaces the whole tree with the one `link` describes, in one atomic step.
    ///
    /// The link is read (see ``DeepLinkFormat`` for the grammar), every screen is resolved and
    /// built, and only then is the tree replaced and one ``TransitionKind/replaceTree`` event
    /// reported. If anything fails, nothing changes: the error names the failing segment and its
    /// position.
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
    /// - Returns: The transition that was applied.
    /// - Throws: ``NavigationError/invalidLink(_:)`` when the link cannot be read, or
    ///   ``NavigationError/linkSegmentFailed(position:segment:error:)`` when a screen cannot be
    ///   resolved or built.
    @discardableResult
    public func open(_ link: String, format: DeepLinkFormat) throws(NavigationError)
        -> TransitionEvent
    {
        do throws(NavigationError) {
            if let applying {
                throw NavigationError.reentrantNavigation(.replaceTree, during: applying)
            }
            let stacks = try format.parse(link)
            let event = try replaceTree(
                with: stacks.map { stack in
                    stack.map { (scene: $0.scene, parameters: $0.parameters, label: $0) }
                },
                failure: { screen, error in
                    .linkSegmentFailed(
                        position: screen.position, segment: screen.segment, error: error)
                })
            publish(.transition(event))
            return event
        } catch {
            publish(.failure(NavigationFailure(operation: .openLink(link), error: error)))
            throw error
        }
    }

    /// The current tree written as a link that ``open(_:format:)`` turns back into an equal tree
    /// (screen identities aside).
    ///
    /// A screen built from a route pattern is written as its path when that path resolves back
    /// to the same pattern (`product%2F42` for `product/:id` with `id=42`); otherwise its
    /// pattern and parameters are written as they are.
    ///
    /// - Parameter format: The app's link scheme and host.
    /// - Returns: The link, or `nil` when the window is empty.
    public func link(format: DeepLinkFormat) -> String? {
        guard !tree.isEmpty else { return nil }
        let stacks = tree.stacks.map { stack in
            stack.map { screen in linkName(for: screen) }
        }
        return format.write(stacks)
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
    /// As with ``open(_:format:)``, every screen is built before anything changes, and one
    /// ``TransitionKind/replaceTree`` event is reported. A snapshot of an empty window restores
    /// nothing: the tree stays as it is and the result is `nil`. Empty stacks are skipped.
    ///
    /// - Parameter snapshot: The snapshot to restore.
    /// - Returns: The transition that was applied, or `nil` when the snapshot was empty.
    /// - Throws: ``NavigationError/unsupportedSnapshotVersion(found:supported:)`` for a snapshot
    ///   from a newer version, or ``NavigationError/restorationFailed(position:scene:error:)``
    ///   when a screen cannot be resolved or built; the tree is then unchanged.
    @discardableResult
    public func restore(_ snapshot: TreeSnapshot) throws(NavigationError) -> TransitionEvent? {
        do throws(NavigationError) {
            if let applying {
                throw NavigationError.reentrantNavigation(.replaceTree, during: applying)
            }
            guard snapshot.version <= TreeSnapshot.currentVersion else {
                throw NavigationError.unsupportedSnapshotVersion(
                    found: snapshot.version, supported: TreeSnapshot.currentVersion)
            }
            let stacks = snapshot.stacks.filter { !$0.isEmpty }
            guard !stacks.isEmpty else { return nil }
            var position = 0
            let planned = stacks.map { stack in
                stack.map { screen in
                    position += 1
                    return (scene: screen.scene, parameters: screen.parameters, label: position)
                }
            }
            let event = try replaceTree(
                with: planned,
                failure: { position, error in
                    let scene = snapshot.stacks.joined().dropFirst(position - 1).first?.scene
                    return .restorationFailed(
                        position: position, scene: scene ?? "", error: error)
                })
            publish(.transition(event))
            return event
        } catch {
            publish(.failure(NavigationFailure(operation: .restore(snapshot), error: error)))
            throw error
        }
    }

    // MARK: Replacing the tree

    /// Builds every planned screen, then swaps the tree; changes nothing if any build fails.
    ///
    /// `failure` turns a screen's error into the operation's error, naming the screen by its
    /// `label`.
    private func replaceTree<Label>(
        with stacks: [[(scene: SceneIdentifier, parameters: SceneParameters, label: Label)]],
        failure: (Label, NavigationError) -> NavigationError
    ) throws(NavigationError) -> TransitionEvent {
        var next = nextScreenNumber
        var built = ScreenTree()
        for (level, stack) in stacks.enumerated() {
            for (index, planned) in stack.enumerated() {
                let screen: Screen
                do {
                    screen = try makeScreen(
                        planned.scene, planned.parameters, for: .replaceTree, id: ScreenID(next))
                } catch {
                    throw failure(planned.label, error)
                }
                next += 1
                if level == 0 && index == 0 {
                    _ = built.replaceAll(with: screen)
                } else if index == 0 {
                    _ = built.present(screen)
                } else {
                    _ = built.push(screen)
                }
            }
        }
        guard let to = built.visibleLocation, let visible = built.visibleScreen else {
            throw .invalidLink(.noScreens)
        }
        let from = tree.visibleLocation
        let removed = tree.screenCount
        tree = built
        nextScreenNumber = next
        return event(.replaceTree, visible, from: from, to: to, removed: removed, animated: false)
    }
}
