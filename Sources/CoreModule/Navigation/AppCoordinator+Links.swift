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
        return try replaceTree(
            with: screens,
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
        guard !tree.isEmpty else { return nil }
        var writer = LinkWriter(format)
        var position = 0
        func write(_ stack: ScreenStack, attributes: [String], modal: Bool)
            throws(NavigationError)
        {
            for (index, screen) in stack.enumerated() {
                position += 1
                guard position <= format.maximumScreens else {
                    throw .invalidLink(
                        .tooManyScreens(count: tree.screenCount, limit: format.maximumScreens))
                }
                if let requirement = registration(of: screen.scene)?.payloadRequirement,
                    !requirement.canRebuild
                {
                    throw .linkNeedsPayload(scene: screen.scene, screen: screen.id)
                }
                if position > 1 { writer.appendDelimiter(UInt8(ascii: "/")) }
                if index == 0 {
                    if modal { writer.appendDelimiter(UInt8(ascii: "+")) }
                    writer.appendAttributes(attributes)
                }
                let (name, parameters) = linkName(for: screen)
                guard parameters.count <= format.maximumParametersPerScreen else {
                    throw .invalidLink(
                        .tooManyParameters(
                            position: position, count: parameters.count,
                            limit: format.maximumParametersPerScreen))
                }
                writer.appendEncoded(name)
                writer.appendParameters(parameters)
            }
        }
        if tree.hasTabs {
            for tab in tree.tabs {
                try write(
                    tab.stack,
                    attributes: ["tab:" + tab.name] + (tab.isSelected ? ["selected"] : []),
                    modal: false)
            }
        } else if let root = tree.root {
            try write(root, attributes: [], modal: false)
        }
        for modal in tree.modals {
            try write(
                modal, attributes: LinkWriter.attributes(of: modal.style ?? .sheet()), modal: true)
        }
        let link = writer.link
        let length = link.utf8.count
        guard length <= format.maximumLength else {
            throw .invalidLink(.tooLong(length: length, limit: format.maximumLength))
        }
        return link
    }

    /// The registration of `scene` as registered (a name or a pattern), if it still is: from
    /// the registry, or from any other container through its builder, so that a custom
    /// container's builders that need a payload are checked too.
    private func registration(of scene: SceneIdentifier) -> Registration? {
        try? resolveTarget(scene).registration
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
    /// Each screen's payload is saved under the name its type is registered with in
    /// ``payloadTypes``.
    ///
    /// - Returns: The scene names, parameters, payloads, tabs, modals and styles of the tree.
    /// - Throws: ``NavigationError/payloadNotSaved(scene:screen:type:)`` for a screen whose
    ///   payload's type is not registered (or cannot be encoded).
    public func snapshot() throws(NavigationError) -> TreeSnapshot {
        let types = payloadTypes
        return try tree.snapshot { (screen: Screen) throws(NavigationError) in
            guard let payload = screen.payload else { return nil }
            guard let saved = types.save(payload) else {
                throw .payloadNotSaved(
                    scene: screen.scene, screen: screen.id, type: payload.typeName)
            }
            return saved
        }
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
            switch snapshot.problem() {
            case .unsupportedVersion(let found, let supported):
                throw .unsupportedSnapshotVersion(found: found, supported: supported)
            case .some(let problem):
                throw .invalidSnapshot(problem)
            case nil:
                break
            }
            var screens: [PlannedScreen] = []
            // Every payload is read before anything is built.
            func plan(_ stack: [TreeSnapshot.Screen], first: PlannedScreen.Placement)
                throws(NavigationError)
            {
                for (index, screen) in stack.enumerated() {
                    screens.append(
                        PlannedScreen(
                            position: screens.count + 1, placement: index == 0 ? first : .push,
                            segment: 0..<0, scene: screen.scene, parameters: screen.parameters,
                            payload: try screen.payload.map(payloadTypes.load)))
                }
            }
            if snapshot.tabs.isEmpty {
                try plan(snapshot.root, first: .root)
            } else {
                for (index, tab) in snapshot.tabs.enumerated() {
                    try plan(
                        tab.stack, first: .tab(tab.name, selected: index == snapshot.selectedTab))
                }
            }
            for modal in snapshot.modals { try plan(modal.stack, first: .modal(modal.style)) }
            guard !screens.isEmpty else { return nil }
            return try replaceTree(
                with: screens, operation: operation, force: force, overTabs: false,
                failure: { screen, error in
                    .restorationFailed(position: screen.position, scene: screen.scene, error: error)
                })
        }
    }

    // MARK: Replacing the tree

    /// Checks and builds every planned screen, then swaps the tree.
    ///
    /// With the `.tree` destination: when `overTabs` is true, the root is a tab container and
    /// the plan's root is a stack, the plan goes to one tab (see ``open(_:format:force:)``);
    /// otherwise it replaces everything. The other destinations place a universal link's
    /// stack (see ``LinkEffect``).
    /// Nothing changes if any step fails; a guard's redirect is performed instead.
    ///
    /// `failure` turns a screen's error into the operation's error, naming the screen.
    func replaceTree(
        with screens: [PlannedScreen], operation: NavigationOperation, force: Bool,
        overTabs: Bool, into destination: PlanDestination = .tree,
        failure: (PlannedScreen, NavigationError) -> NavigationError
    ) throws(NavigationError) -> TransitionEvent? {
        guard let first = screens.first else { throw .invalidLink(.noScreens) }
        // A stack-only link over a tab root goes to one tab.
        var target: (index: Int, kept: Screen?)?
        var transitionKind = TransitionKind.replaceTree
        switch destination {
        case .tree:
            break
        case .tab(let name):
            guard let index = tree.tabIndex(named: name) else {
                throw .unknownTab(name, tabs: tree.tabNameList)
            }
            target = (index, nil)
        case .pushOnBase:
            guard !tree.isEmpty else { throw .noRoot(.push) }
            transitionKind = .push
        case .modalOverBase:
            guard !tree.isEmpty else { throw .noRoot(.present) }
            transitionKind = .present
        }
        if destination == .tree, overTabs, tree.hasTabs, first.placement == .root {
            let scene: SceneIdentifier
            do {
                scene = try resolveTarget(first.scene).scene
            } catch {
                throw failure(first, error)
            }
            let tabs = tree.tabs
            if let index = tabs.firstIndex(where: { $0.stack[0].scene == scene }) {
                target = (index, nil)
            } else if let index = tabs.firstIndex(where: {
                tabHosts[$0.name]?.contains(scene) == true
            }) {
                target = (index, tabs[index].stack[0])
            } else {
                throw .noTabForLink(scene, tabs: tabs.map(\.name))
            }
        }
        let leaving: [Screen]
        if let target {
            let tabScreens = Array(tree.tabs[target.index].stack)
            leaving =
                (target.kept == nil ? tabScreens : Array(tabScreens.dropFirst()))
                + tree.modalScreens(from: 0)
        } else if destination == .tree {
            leaving = tree.screens
        } else {
            leaving = tree.modalScreens(from: 0)
        }
        if !leaving.isEmpty,
            let redirect = try checkLeaving(leaving, kind: transitionKind, force: force)
        {
            return try followRedirect(redirect, from: operation)
        }
        var built: [Screen] = []
        built.reserveCapacity(screens.count)
        for planned in screens {
            let kind = planned.placement.kind
            do {
                switch try check(planned.scene, planned.parameters, planned.payload, kind: kind) {
                case .success(let checked):
                    built.append(try build(checked, for: transitionKind))
                case .failure(let redirect):
                    lifecycle.discardVetoes(of: built.map(\.id))
                    return try followRedirect(redirect.request, from: operation)
                }
            } catch {
                lifecycle.discardVetoes(of: built.map(\.id))
                throw failure(planned, error)
            }
        }
        var result = target == nil && destination == .tree ? ScreenTree() : tree
        if destination == .pushOnBase {
            result.dismissModals(from: 0)
            for screen in built { result.push(screen) }
        } else if case .modalOverBase(let style) = destination {
            result.dismissModals(from: 0)
            result.present(
                built, modal: counters.nextModal(), stack: counters.nextStack(), style: style)
        } else if let target {
            result.dismissModals(from: 0)
            var stack = target.kept.map { [$0] } ?? []
            var index = 0
            while index < screens.count, !screens[index].isModal {
                stack.append(built[index])
                index += 1
            }
            result.setTabStack(
                at: target.index, stack, stack: tree.tabs[target.index].stack.id)
            result.selectTab(at: target.index)
            assemble(&result, screens[index...], built[index...])
        } else {
            assemble(&result, screens[...], built[...])
        }
        return commit(
            Change(kind: transitionKind, animated: false, edit: .replaceTree(result)))
    }

    /// Where a plan's screens go.
    enum PlanDestination: Equatable {
        /// The whole tree, or one tab for a stack-only plan over a tab root (`overTabs`).
        case tree
        /// The stack of the tab named so, which is selected; the modals are dismissed.
        case tab(String)
        /// Pushed onto the base stack, after the modals are dismissed.
        case pushOnBase
        /// Presented in one modal of this style over the base stack, after the modals are
        /// dismissed.
        case modalOverBase(PresentationStyle)
    }

    /// Adds the built screens to `tree` as their plan places them: a root, tabs, pushes and
    /// modals, with new stack and modal identities.
    private func assemble(
        _ tree: inout ScreenTree, _ planned: ArraySlice<PlannedScreen>,
        _ built: ArraySlice<Screen>
    ) {
        var tabs: [(name: String, stack: StackID, screens: [Screen])] = []
        var selected = 0
        for (plan, screen) in zip(planned, built) {
            switch plan.placement {
            case .root:
                tree.setRoot([screen], stack: counters.nextStack())
            case .tab(let name, let isSelected):
                if isSelected { selected = tabs.count }
                tabs.append((name, counters.nextStack(), [screen]))
            case .modal(let style):
                if !tabs.isEmpty {
                    tree.setTabs(tabs, selected: selected)
                    tabs = []
                }
                tree.present(
                    [screen], modal: counters.nextModal(), stack: counters.nextStack(),
                    style: style)
            case .push:
                if tabs.isEmpty {
                    tree.push(screen)
                } else {
                    tabs[tabs.count - 1].screens.append(screen)
                }
            }
        }
        if !tabs.isEmpty { tree.setTabs(tabs, selected: selected) }
    }

    /// Performs a guard's redirect of a link or a restore, remembering what it replaced.
    private func followRedirect(
        _ redirect: ApplicationTransitionType, from operation: NavigationOperation
    ) throws(NavigationError) -> TransitionEvent? {
        try attemptFollowingRedirects(redirect, options: Options(), origin: operation)
    }
}
