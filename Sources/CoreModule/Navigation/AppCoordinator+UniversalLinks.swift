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
        let operation = NavigationOperation.openUniversalLink(url, source: source)
        let link = try table.match(url, source: source)
        let effect: LinkEffect
        switch link.entry.route.target {
        case .action(let name):
            let action = LinkAction(
                name: name, parameters: link.parameters, route: link.entry.route.path,
                url: url)
            publish(.linkAction(action))
            return .linkAction(action)
        case .screen(_, let routeEffect):
            effect = routeEffect
        }
        // Every value is checked against its builder before anything runs, so that a link
        // with a wrong value is unhandled, not half-tried.
        var screens: [PlannedScreen] = []
        for (index, planned) in table.plan(link).enumerated() {
            let resolved = try resolveTarget(planned.scene)
            do {
                _ = try checkedParameters(planned.parameters, for: resolved)
            } catch .missingParameter(_, let name) {
                throw .unhandledLink(
                    UnhandledLink(
                        url: url,
                        reason: .missingValue(route: planned.route, parameter: name)))
            } catch .malformedParameter(_, let name, let value, let expected) {
                throw .unhandledLink(
                    UnhandledLink(
                        url: url,
                        reason: .invalidValue(
                            route: planned.route, parameter: name, value: value,
                            expected: expected)))
            }
            let placement = PlannedScreen.Placement.of(index: index, effect: effect)
            screens.append(
                PlannedScreen(
                    position: index + 1, placement: placement, segment: 0..<0,
                    scene: planned.scene, parameters: planned.parameters))
        }
        let destination: PlanDestination
        switch effect {
        case .replace: destination = .tree
        case .selectTab(let name): destination = .tab(name)
        case .push: destination = .pushOnBase
        case .present(let style): destination = .modalOverBase(style)
        }
        let event = try replaceTree(
            with: screens, operation: operation, force: force, overTabs: true,
            into: destination, failure: { _, error in error })
        return event.map(NavigationEvent.transition)
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
        guard let screen = tree.visibleScreen else { return nil }
        if let requirement = try? resolveTarget(screen.scene).registration.payloadRequirement,
            !requirement.canRebuild
        {
            throw .linkNeedsPayload(scene: screen.scene, screen: screen.id)
        }
        let origin = origin ?? table.origins[0]
        var unreachable: String?
        var limitProblem: LinkProblem?
        var best: (url: String, captures: Int)?
        for route in table.routes where route.scene == screen.scene {
            guard let url = Self.write(route, screen.parameters, origin: origin) else { continue }
            if let problem = table.limits.lengthProblem(url.utf8.count) {
                limitProblem = problem
                continue
            }
            // Read back as an app's link: it must open this route with these values.
            guard let link = try? table.match(url, source: .app),
                link.entry.route.path == route.path, link.parameters == screen.parameters
            else { continue }
            guard route.isReachableFromOutside else {
                if unreachable == nil { unreachable = route.path }
                continue
            }
            // The route whose path holds the most of the screen's values implies the most of
            // its back stack (`category/teapots/product/7` over `product/7?slug=teapots`).
            let captures = link.captures.count
            guard let current = best, captures <= current.captures else {
                best = (url, captures)
                continue
            }
        }
        if let best { return best.url }
        if let unreachable {
            throw .linkNotShareable(scene: screen.scene, screen: screen.id, route: unreachable)
        }
        if let limitProblem { throw .invalidLink(limitProblem) }
        throw .linkNotShareable(scene: screen.scene, screen: screen.id, route: nil)
    }

    /// The link `route` makes with `parameters`: its path with the captures, then the other
    /// parameters as query items; `nil` when a capture is missing or cannot be written.
    private static func write(
        _ route: LinkRoute, _ parameters: SceneParameters, origin: LinkOrigin
    ) -> String? {
        var writer = URLWriter()
        switch origin {
        case .web(let host): writer.append("https://\(host)/")
        case .scheme(let scheme): writer.append("\(scheme)://")
        }
        var rest = parameters
        let segments = route.path.utf8.split(
            separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            if index > 0 { writer.append("/") }
            let text = String(Substring(segment))
            switch segment.first {
            case UInt8(ascii: ":"):
                let name = String(text.dropFirst())
                guard let value = rest[name], !value.isEmpty else { return nil }
                rest[name] = nil
                writer.appendEncoded(value)
            case UInt8(ascii: "*"):
                let name = String(text.dropFirst())
                guard let value = rest[name], !value.isEmpty else { return nil }
                rest[name] = nil
                let parts = value.split(separator: "/", omittingEmptySubsequences: false)
                guard !parts.contains(where: \.isEmpty) else { return nil }
                for (offset, part) in parts.enumerated() {
                    if offset > 0 { writer.append("/") }
                    writer.appendEncoded(String(part))
                }
            default:
                writer.appendEncoded(text)
            }
        }
        for (offset, (name, value)) in rest.sorted.enumerated() {
            writer.append(offset == 0 ? "?" : "&")
            writer.appendEncoded(name)
            writer.append("=")
            writer.appendEncoded(value)
        }
        return writer.text
    }
}

/// Writes a universal link: delimiters as they are, values percent-encoded as the package's own
/// links encode them.
private struct URLWriter {
    private var bytes: [UInt8] = []

    mutating func append(_ delimiter: String) {
        bytes.append(contentsOf: delimiter.utf8)
    }

    mutating func appendEncoded(_ text: String) {
        for byte in text.utf8 { PercentEncoding.append(byte, to: &bytes) }
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}
