/// Both link forms and snapshots, as pure functions of the tree and the registry.
///
/// The tree is written as the package's own link (``DeepLinkFormat``), as a universal link of
/// an app's ``LinkTable``, or as a ``TreeSnapshot``; a universal link or a snapshot is read into
/// the screens it opens and where they go (a package link is read by
/// `DeepLinkFormat.parse(_:)`). Opening what is read is the coordinator's.
struct LinkCodec {
    /// The registry, to check that each written screen opens again.
    let resolver: SceneResolver

    // MARK: The package's links

    /// The tree written as a link that opens back into an equal tree; see
    /// ``AppCoordinator/link(format:)``.
    func link(for tree: ScreenTree, format: DeepLinkFormat) throws(NavigationError) -> String? {
        guard !tree.isEmpty else { return nil }
        // An alert is left out: a link shows what was under it, and counts those screens only.
        let tree = tree.withoutAlert
        var writer = LinkWriter(format)
        var position = 0
        func write(_ stack: ScreenStack, attributes: [String], modal: Bool)
            throws(NavigationError)
        {
            for (index, screen) in stack.enumerated() {
                position += 1
                guard position <= format.maximumScreens else {
                    throw .link(
                        .invalidLink(
                            .tooManyScreens(count: tree.screenCount, limit: format.maximumScreens)))
                }
                if let requirement = resolver.registration(of: screen.scene)?.payloadRequirement,
                    !requirement.canRebuild
                {
                    throw .link(.linkNeedsPayload(scene: screen.scene, screen: screen.id))
                }
                if position > 1 { writer.appendDelimiter(UInt8(ascii: "/")) }
                if index == 0 {
                    if modal { writer.appendDelimiter(UInt8(ascii: "+")) }
                    writer.appendAttributes(attributes)
                }
                let parameters = screen.parameters
                guard parameters.count <= format.maximumParametersPerScreen else {
                    throw .link(
                        .invalidLink(
                            .tooManyParameters(
                                position: position, count: parameters.count,
                                limit: format.maximumParametersPerScreen)))
                }
                writer.appendEncoded(screen.scene.rawValue)
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
        } else if let split = tree.split {
            // An empty supplementary column is written on the primary's segment.
            let threeColumns = split.supplementary?.isEmpty == true ? ["three-column"] : []
            try write(split.primary, attributes: ["primary"] + threeColumns, modal: false)
            if let supplementary = split.supplementary {
                try write(supplementary, attributes: ["supplementary"], modal: false)
            }
            try write(split.detail, attributes: ["detail"], modal: false)
        } else if let root = tree.root {
            try write(root, attributes: [], modal: false)
        }
        for (index, record) in tree.modalRecords.enumerated() {
            guard let attributes = LinkWriter.attributes(of: record.style) else { break }
            try write(tree.modalStack(at: index), attributes: attributes, modal: true)
        }
        let link = writer.link
        let length = link.utf8.count
        guard length <= format.maximumLength else {
            throw .link(.invalidLink(.tooLong(length: length, limit: format.maximumLength)))
        }
        return link
    }

    // MARK: Snapshots

    /// `tree` as a snapshot, each payload saved under the name its type has in `payloadTypes`;
    /// see ``AppCoordinator/snapshot()``.
    static func snapshot(of tree: ScreenTree, payloadTypes: PayloadTypes)
        throws(NavigationError) -> TreeSnapshot
    {
        return try tree.snapshot { (screen: Screen) throws(NavigationError) in
            guard let payload = screen.payload else { return nil }
            guard let saved = payloadTypes.save(payload) else {
                throw .link(
                    .payloadNotSaved(
                        scene: screen.scene, screen: screen.id, type: payload.typeName))
            }
            return saved
        }
    }

    /// The screens `snapshot` holds, placed, every payload read through `payloadTypes`, before
    /// anything is built.
    ///
    /// - Throws: ``NavigationError/snapshot(_:)`` with the problem (an unsupported version
    ///   included), or what reading a payload throws.
    static func read(_ snapshot: TreeSnapshot, payloadTypes: PayloadTypes)
        throws(NavigationError) -> [PlannedScreen]
    {
        if let problem = snapshot.problem() { throw .snapshot(problem) }
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
        if let split = snapshot.split {
            try plan(
                split.primary, first: .column(.primary, threeColumns: split.supplementary != nil))
            if let supplementary = split.supplementary {
                try plan(supplementary, first: .column(.supplementary, threeColumns: false))
            }
            try plan(split.detail, first: .column(.detail, threeColumns: false))
        } else if snapshot.tabs.isEmpty {
            try plan(snapshot.root, first: .root)
        } else {
            for (index, tab) in snapshot.tabs.enumerated() {
                try plan(
                    tab.stack, first: .tab(tab.name, selected: index == snapshot.selectedTab))
            }
        }
        for modal in snapshot.modals { try plan(modal.stack, first: .modal(modal.style)) }
        return screens
    }

    // MARK: Universal links

    /// What a universal link reads as: an action, or screens and where they go.
    enum UniversalReading {
        /// An action route: reported, nothing to open.
        case action(LinkRoute.Action)
        /// The route's screens, each value checked against its builder, and where they go.
        case screens([PlannedScreen], TransitionPlanner.LinkDestination)
    }

    /// Reads `url` through `table`: its route, its screens and where they go.
    ///
    /// - Throws: ``NavigationError/LinkFailure/unhandledLink(_:)`` for a link no route handles or whose
    ///   values its builders refuse; what resolving a route's scene throws.
    func read(_ url: String, in table: LinkTable, from source: AppLink.Source)
        throws(NavigationError) -> UniversalReading
    {
        let link = try table.match(url, source: source)
        let effect: LinkRoute.Effect
        switch link.entry.route.target {
        case .action(let name):
            let action = LinkRoute.Action(
                name: name, parameters: link.parameters, route: link.entry.route.path,
                url: url)
            return .action(action)
        case .screen(_, let routeEffect):
            effect = routeEffect
        }
        // Every value is checked against its builder before anything runs, so that a link
        // with a wrong value is unhandled, not half-tried.
        var screens: [PlannedScreen] = []
        for (index, planned) in table.plan(link).enumerated() {
            let resolved = try resolver.resolveTarget(planned.scene)
            do {
                _ = try resolver.checkedParameters(planned.parameters, for: resolved)
            } catch .input(.missingParameter(_, let name)) {
                throw .link(
                    .unhandledLink(
                        NavigationError.UnhandledLink(
                            url: url,
                            reason: .missingValue(route: planned.route, parameter: name))))
            } catch .input(.malformedParameter(_, let name, let value, let expected)) {
                throw .link(
                    .unhandledLink(
                        NavigationError.UnhandledLink(
                            url: url,
                            reason: .invalidValue(
                                route: planned.route, parameter: name, value: value,
                                expected: expected))))
            }
            let placement = PlannedScreen.Placement.of(index: index, effect: effect)
            screens.append(
                PlannedScreen(
                    position: index + 1, placement: placement, segment: 0..<0,
                    scene: planned.scene, parameters: planned.parameters))
        }
        let destination: TransitionPlanner.LinkDestination
        switch effect {
        case .replace: destination = .tree
        case .selectTab(let name): destination = .tab(name)
        case .push: destination = .pushOnBase
        case .present(let style): destination = .modalOverBase(style)
        }
        return .screens(screens, destination)
    }

    /// The visible screen written as a universal link of `table`; see
    /// ``AppCoordinator/universalLink(in:origin:)``.
    func universalLink(for tree: ScreenTree, in table: LinkTable, origin: LinkTable.Origin?)
        throws(NavigationError) -> String?
    {
        // Under an alert, the screen it was presented over.
        let shown = tree.withoutAlert
        guard let screen = shown.visibleScreen else { return nil }
        if let requirement = resolver.registration(of: screen.scene)?.payloadRequirement,
            !requirement.canRebuild
        {
            throw .link(.linkNeedsPayload(scene: screen.scene, screen: screen.id))
        }
        // A host pattern names no host to write: the first exact origin by default.
        guard let origin = origin ?? table.origins.first(where: { !$0.isHostPattern }),
            !origin.isHostPattern
        else {
            throw .link(.linkNotShareable(scene: screen.scene, screen: screen.id, route: nil))
        }
        // The screen below, for a screen a query item added above its route's own screen.
        let screens = shown.topScreens
        let below = screens.count > 1 ? screens[screens.count - 2] : nil
        var unreachable: String?
        var limitProblem: NavigationError.LinkProblem?
        var best: (url: String, captures: Int)?
        for (route, pattern) in zip(table.routes, table.patterns) {
            // The route's own screen, or a screen one of its query items adds.
            var candidates: [SceneParameters] = []
            if route.scene == screen.scene { candidates.append(screen.parameters) }
            for added in route.queryScreens where added.scene == screen.scene {
                guard let value = screen.parameters[added.item] else { continue }
                var parameters = screen.parameters
                parameters[added.item] = nil
                if let below, below.scene == route.scene {
                    parameters = below.parameters
                }
                parameters[added.item] = value
                candidates.append(parameters)
            }
            for parameters in candidates {
                guard let url = Self.write(pattern, parameters, origin: origin) else { continue }
                if let problem = table.limits.lengthProblem(url.utf8.count) {
                    limitProblem = problem
                    continue
                }
                // Read back as an app's link: it must open this route, and its last screen must
                // be this one, with these values.
                guard let link = try? table.match(url, source: .app),
                    link.entry.route.path == route.path,
                    let last = table.plan(link).last,
                    last.scene == screen.scene, last.parameters == screen.parameters
                else { continue }
                guard route.isReachableFromOutside else {
                    if unreachable == nil { unreachable = route.path }
                    continue
                }
                // The route whose path holds the most of the screen's values implies the most
                // of its back stack (`category/teapots/product/7` over `product/7?slug=teapots`).
                let captures = link.captures.count
                guard let current = best, captures <= current.captures else {
                    best = (url, captures)
                    continue
                }
            }
        }
        if let best { return best.url }
        if let unreachable {
            throw .link(
                .linkNotShareable(scene: screen.scene, screen: screen.id, route: unreachable))
        }
        if let limitProblem { throw .link(.invalidLink(limitProblem)) }
        throw .link(.linkNotShareable(scene: screen.scene, screen: screen.id, route: nil))
    }

    /// The link `pattern` makes with `parameters`: its path with the captures, then the other
    /// parameters as query items (the template's own items for the parameters they fill);
    /// `nil` when a capture is missing or cannot be written.
    private static func write(
        _ pattern: RoutePattern, _ parameters: SceneParameters, origin: LinkTable.Origin
    ) -> String? {
        var writer: LinkWriter
        switch origin {
        case .web(let host): writer = LinkWriter(start: "https://\(host)/")
        case .scheme(let scheme): writer = LinkWriter(start: "\(scheme)://")
        case .schemeAndHost(let scheme, let host):
            writer = LinkWriter(start: "\(scheme)://\(host)/")
        }
        var rest = parameters
        func take(_ name: String) -> String? {
            guard let value = rest[name], !value.isEmpty else { return nil }
            rest[name] = nil
            return value
        }
        for (index, segment) in pattern.segments.enumerated() {
            if index > 0 { writer.appendDelimiter(UInt8(ascii: "/")) }
            switch segment {
            case .literal(let text):
                writer.appendEncoded(text)
            case .parameter(let name):
                guard let value = take(name) else { return nil }
                writer.appendEncoded(value)
            case .composite(let parts):
                for part in parts {
                    switch part {
                    case .literal(let text): writer.appendEncoded(text)
                    case .parameter(let name):
                        guard let value = take(name) else { return nil }
                        writer.appendEncoded(value)
                    }
                }
            case .catchAll(let name):
                guard let value = take(name) else { return nil }
                let parts = value.split(separator: "/", omittingEmptySubsequences: false)
                guard !parts.contains(where: \.isEmpty) else { return nil }
                for (offset, part) in parts.enumerated() {
                    if offset > 0 { writer.appendDelimiter(UInt8(ascii: "/")) }
                    writer.appendEncoded(String(part))
                }
            }
        }
        // The parameters the template's query fills go under their items' names.
        var items: [(name: String, value: String)] = []
        for parameter in pattern.queryParameters {
            guard let value = rest[parameter.name] else { continue }
            rest[parameter.name] = nil
            items.append((parameter.item, value))
        }
        items += rest.sorted.map { (name: $0.key, value: $0.value) }
        for (offset, item) in items.sorted(by: { $0.name < $1.name }).enumerated() {
            writer.appendDelimiter(UInt8(ascii: offset == 0 ? "?" : "&"))
            writer.appendEncoded(item.name)
            writer.appendDelimiter(UInt8(ascii: "="))
            writer.appendEncoded(item.value)
        }
        return writer.link
    }
}
