@_spi(Rules) import CoreModule
import Testing

/// A universal link the generator wrote, with what the model knows of it: the route it names
/// and the values it gives, or the error it must fail with before any route applies.
struct ModelUniversalLink {
    /// What the link names.
    enum Meaning {
        /// A route of ``ModelWorld/links``: its chain of screens, root first, and its effect.
        case screens([(target: SceneIdentifier, parameters: [String: String])], LinkRoute.Effect)
        /// An action route.
        case action(LinkRoute.Action)
        /// A link no route handles, or that fails before a route applies.
        case error(NavigationError)
    }

    var url: String
    /// The route's path pattern, for the errors that name it.
    var route: String
    var meaning: Meaning
}

extension ModelWorld {
    /// The model's universal links: every effect, nested routes, a catch-all, an action, a route
    /// that is not reachable from outside, the site's root, a parameter first, parameters inside
    /// a segment, a query item that fills a parameter, and a host pattern.
    static let links: LinkTable? = try? LinkTable(
        accepting: [
            .web(host: "example.com"), .web(host: "www.example.com"), .scheme("shop"),
            .schemeAndHost("web", host: "example.com"), .web(host: "*.example.org"),
        ],
        routes: ModelUniversalLinks.routes)
}

/// The model's reading of the universal link table, and the generator of its links.
enum ModelUniversalLinks {
    static let routes: [LinkRoute] = [
        LinkRoute("a1", scene: "A1", reachableFromOutside: true),
        LinkRoute("a1/:q", scene: "A2", parent: "a1", reachableFromOutside: true),
        LinkRoute(
            "tab/home/:q", scene: "B1", effect: .selectTab("home"), reachableFromOutside: true),
        LinkRoute("tab/more", scene: "B1", effect: .selectTab("more"), reachableFromOutside: true),
        LinkRoute(
            "tab/more/b2", scene: "B2", parent: "tab/more", effect: .selectTab("more"),
            reachableFromOutside: true),
        LinkRoute("push/:q", scene: "Café", effect: .push, reachableFromOutside: true),
        LinkRoute("push/keep", scene: "Keep", effect: .push, reachableFromOutside: true),
        LinkRoute(
            "sheet/:x", scene: "B1", effect: .present(.sheet(detents: [.medium])),
            reachableFromOutside: true),
        LinkRoute(
            "sheet/:x/b2", scene: "B2", parent: "sheet/:x",
            effect: .present(.sheet(detents: [.medium])), reachableFromOutside: true),
        LinkRoute(
            "cover/broken", scene: "Broken", effect: .present(.fullScreenCover),
            reachableFromOutside: true),
        LinkRoute("locked", scene: "Locked", reachableFromOutside: true),
        LinkRoute("order/:id", scene: "Order", reachableFromOutside: true),
        LinkRoute("files/*path", scene: "日本", reachableFromOutside: true),
        LinkRoute("p/:id", scene: "product/:id", effect: .push, reachableFromOutside: true),
        LinkRoute("secret", scene: "A2"),
        LinkRoute("act/:v", action: "act", reachableFromOutside: true),
        LinkRoute(
            "thread/:q", scene: "B1", queryScreens: [LinkRoute.QueryScreen("reply", scene: "B2")],
            refusingQueryItems: ["token"], reachableFromOutside: true),
        LinkRoute("/", scene: "A1", reachableFromOutside: true),
        // Beside the literal routes of one segment (`a1`, `locked`, `secret`), which win.
        LinkRoute(":user", scene: "A2", reachableFromOutside: true),
        // Before `:user` when the segment reads as `item-` and one character or more.
        LinkRoute("item-:id", scene: "B2", reachableFromOutside: true),
        // One shape for the table: `shop/v1.2.html` is the first's (more literal text).
        LinkRoute("shop/:slug.html", scene: "B1", effect: .push, reachableFromOutside: true),
        LinkRoute("shop/v:major.:minor", scene: "Café", reachableFromOutside: true),
        LinkRoute("search?q=:term", scene: "日本", reachableFromOutside: true),
    ]

    /// Values for captures: written escaped in the link, read back decoded.
    static let values: [(written: String, read: String)] = [
        ("7", "7"), ("caf%C3%A9", "café"), ("a%20b", "a b"), ("x%2Fy", "x/y"), ("日本", "日本"),
    ]

    static let origins = [
        "https://example.com/", "https://www.example.com/", "shop://", "web://EXAMPLE.com/",
        "https://eu.Example.org/",
    ]

    /// A random link of the table, most of them handled, some of each unhandled kind.
    static func link(_ random: inout SeededRandom) -> ModelUniversalLink {
        let origin = origins.randomElement(using: &random) ?? "shop://"
        let (written, read) = values.randomElement(using: &random) ?? ("7", "7")
        let withQuery = Bool.random(using: &random)
        let query = withQuery ? "?ref=mail" : ""
        let extra: [String: String] = withQuery ? ["ref": "mail"] : [:]
        let slash = Int.random(in: 0..<4, using: &random) == 0 ? "/" : ""
        func screens(
            _ path: String, _ route: String,
            _ chain: [(target: SceneIdentifier, parameters: [String: String])],
            _ effect: LinkRoute.Effect
        ) -> ModelUniversalLink {
            var chain = chain
            if let last = chain.indices.last {
                chain[last].parameters.merge(extra) { own, _ in own }
            }
            return ModelUniversalLink(
                url: origin + path + slash + query, route: route, meaning: .screens(chain, effect))
        }
        func error(_ url: String, _ reason: NavigationError.UnhandledLink.Reason)
            -> ModelUniversalLink
        {
            ModelUniversalLink(
                url: url, route: "",
                meaning: .error(
                    .link(.unhandledLink(NavigationError.UnhandledLink(url: url, reason: reason)))))
        }
        switch Int.random(in: 0..<36, using: &random) {
        case 0: return screens("a1", "a1", [("A1", [:])], .replace)
        case 1:
            return screens(
                "a1/\(written)", "a1/:q", [("A1", [:]), ("A2", ["q": read])], .replace)
        case 2:
            return screens(
                "tab/home/\(written)", "tab/home/:q", [("B1", ["q": read])], .selectTab("home"))
        case 3: return screens("tab/more", "tab/more", [("B1", [:])], .selectTab("more"))
        case 4:
            return screens(
                "tab/more/b2", "tab/more/b2", [("B1", [:]), ("B2", [:])], .selectTab("more"))
        case 5: return screens("push/\(written)", "push/:q", [("Café", ["q": read])], .push)
        case 6: return screens("push/keep", "push/keep", [("Keep", [:])], .push)
        case 7:
            return screens(
                "sheet/\(written)", "sheet/:x", [("B1", ["x": read])],
                .present(.sheet(detents: [.medium])))
        case 8:
            return screens(
                "sheet/\(written)/b2", "sheet/:x/b2", [("B1", ["x": read]), ("B2", ["x": read])],
                .present(.sheet(detents: [.medium])))
        case 9:
            return screens(
                "cover/broken", "cover/broken", [("Broken", [:])], .present(.fullScreenCover))
        case 10: return screens("locked", "locked", [("Locked", [:])], .replace)
        case 11:
            // Order needs an integer `id` and a Boolean `paid`, given by the query.
            // One value at most is wrong: which one a link reports first is not documented.
            let (id, paid) =
                [("7", "true"), ("seven", "true"), ("7", "maybe"), ("7", "")].randomElement(
                    using: &random) ?? ("7", "true")
            let query = paid.isEmpty ? "" : "?paid=\(paid)"
            let url = origin + "order/" + id + query
            var parameters = ["id": id]
            if !paid.isEmpty { parameters["paid"] = paid }
            return ModelUniversalLink(
                url: url, route: "order/:id",
                meaning: .screens([(SceneIdentifier("Order"), parameters)], .replace))
        case 12:
            return screens(
                "files/\(written)/\(written)", "files/*path", [("日本", ["path": "\(read)/\(read)"])],
                .replace)
        case 13: return screens("p/\(written)", "p/:id", [("product/:id", ["id": read])], .push)
        case 14:
            let url = origin + "act/\(written)" + query
            return ModelUniversalLink(
                url: url, route: "act/:v",
                meaning: .action(
                    LinkRoute.Action(
                        name: "act", parameters: SceneParameters(extra.merging(["v": read]) { $1 }),
                        route: "act/:v", url: url)))
        case 15:
            return error(origin + "secret" + query, .notReachableFromOutside(route: "secret"))
        case 16:
            return error(
                "https://other.example.com/a1",
                .notAccepted(scheme: "https", host: "other.example.com"))
        case 17: return error(origin + "a1/b/c", .noRoute(path: "a1/b/c"))
        case 18, 19:
            // A query item that adds a screen above the route's own: the item goes to the added
            // screen, with the path's values; the other items to the route's screen.
            let reply = Bool.random(using: &random)
            var own = ["q": read]
            own.merge(extra) { own, _ in own }
            let chain: [(target: SceneIdentifier, parameters: [String: String])] =
                [("B1", own)] + (reply ? [("B2", ["q": read, "reply": "9"])] : [])
            let items = (withQuery ? ["ref=mail"] : []) + (reply ? ["reply=9"] : [])
            let url =
                origin + "thread/\(written)" + slash
                + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
            return ModelUniversalLink(
                url: url, route: "thread/:q", meaning: .screens(chain, .replace))
        case 20:
            return error(
                origin + "thread/\(written)?token=1&reply=9",
                .refused(route: "thread/:q", item: "token"))
        case 21:
            return error(
                "web://other.example.com/a1", .notAccepted(scheme: "web", host: "other.example.com")
            )
        case 23:
            // The site's root: the origin alone (a web origin with or without its `/`).
            let bare = origin.hasPrefix("https") && Bool.random(using: &random)
            return ModelUniversalLink(
                url: (bare ? String(origin.dropLast()) : origin) + query, route: "/",
                meaning: .screens([(SceneIdentifier("A1"), extra)], .replace))
        case 24: return screens(written, ":user", [("A2", ["user": read])], .replace)
        case 25: return screens("item-\(written)", "item-:id", [("B2", ["id": read])], .replace)
        case 26:
            // `item-` alone does not read as `item-:id` (a value takes one character or more).
            return screens("item-", ":user", [("A2", ["user": "item-"])], .replace)
        case 27:
            let (second, secondRead) = values.randomElement(using: &random) ?? ("7", "7")
            return Bool.random(using: &random)
                ? screens(
                    "shop/\(written).html", "shop/:slug.html", [("B1", ["slug": read])], .push)
                : screens(
                    "shop/v\(written).\(second)", "shop/v:major.:minor",
                    [("Café", ["major": read, "minor": secondRead])], .replace)
        case 28:
            // Both composites read it: the one with more literal text wins.
            return screens("shop/v1.2.html", "shop/:slug.html", [("B1", ["slug": "v1.2"])], .push)
        case 29:
            let path =
                ["shop/.html", "shop/v1", "shop/v.2", "shop/x"].randomElement(
                    using: &random) ?? "shop/x"
            return error(origin + path + query, .noRoute(path: path))
        case 30:
            var parameters = ["term": read]
            parameters.merge(extra) { own, _ in own }
            return ModelUniversalLink(
                url: origin + "search" + slash + "?q=\(written)" + (withQuery ? "&ref=mail" : ""),
                route: "search?q=:term",
                meaning: .screens([(SceneIdentifier("日本"), parameters)], .replace))
        case 31:
            // The item `q` fills `term`: a link may not give `term` both ways.
            return error(
                origin + "search?q=a&term=b", .unreadable(.queryItemNamesCapture(name: "term")))
        case 32:
            // A list: the values of a repeated item, joined with `,`.
            return ModelUniversalLink(
                url: origin + "a1?tag=\(written)&tag=b&tag=\(written)", route: "a1",
                meaning: .screens([("A1", ["tag": "\(read),b,\(read)"])], .replace))
        case 33:
            let url =
                ["a1", "/a1", "//example.com/a1", "item-7?x=1"].randomElement(
                    using: &random) ?? "a1"
            return error(url, .unreadable(.noScheme))
        case 34: return error(origin + "a1?=x", .unreadable(.badQueryItem(text: "=x")))
        case 35:
            // A host pattern accepts one label or more before its domain, never the domain.
            return error(
                "https://example.org/a1", .notAccepted(scheme: "https", host: "example.org"))
        default:
            return error(
                origin + "a1?ref=a,b&ref=c", .unreadable(.repeatedQueryItem(name: "ref")))
        }
    }
}

extension ReferenceModel {
    /// What `open(.universal(_:in:from:), force:)` does with `link`, from outside, by the rules of
    /// docs/deep-links.md: the values are checked first (a missing or malformed one makes the
    /// link unhandled), then the route's effect applies like a link of the package's own form.
    func predict(_ link: ModelUniversalLink, force: Bool) -> ModelOutcome {
        let chain: [(target: SceneIdentifier, parameters: [String: String])]
        let effect: LinkRoute.Effect
        switch link.meaning {
        case .error(let error): return .failed(error)
        case .action: return .silent(self)
        case .screens(let screens, let routeEffect):
            chain = screens
            effect = routeEffect
        }
        for screen in chain {
            switch checkScreen(screen.target, screen.parameters, nil, kind: .root) {
            case .failure(.input(.missingParameter(_, let name))):
                return .failed(
                    .link(
                        .unhandledLink(
                            NavigationError.UnhandledLink(
                                url: link.url,
                                reason: .missingValue(route: link.route, parameter: name)
                            ))))
            case .failure(.input(.malformedParameter(_, let name, let value, let expected))):
                return .failed(
                    .link(
                        .unhandledLink(
                            NavigationError.UnhandledLink(
                                url: link.url,
                                reason: .invalidValue(
                                    route: link.route, parameter: name, value: value,
                                    expected: expected)))))
            default: continue
            }
        }
        let planned = chain.map {
            PlannedScreen(target: $0.target, parameters: $0.parameters, failure: { $0 })
        }
        switch effect {
        case .replace:
            return predictReplace(
                PlannedTree(root: .stack(planned), modals: []), force: force, overTabs: true)
        case .selectTab(let name):
            guard let index = tree.tabNames.firstIndex(of: name) else {
                return .failed(.refused(.unknownTab(name, tabs: tree.tabNames)))
            }
            return predictLinkStack(
                planned, leaving: tree.base[index].screens + tree.modals.flatMap(\.stack.screens),
                kind: .replaceTree, firstKind: .root, force: force
            ) { next, built in
                next.tree.base[index].screens = built
                next.tree.selected = index
            }
        case .push:
            guard !isEmpty else { return .failed(.refused(.noRoot(.push))) }
            return predictLinkStack(
                planned, leaving: tree.modals.flatMap(\.stack.screens), kind: .push,
                firstKind: .push, force: force
            ) { next, built in
                next.tree.base[next.tree.selected].screens += built
            }
        case .present(let style):
            guard !isEmpty else { return .failed(.refused(.noRoot(.present))) }
            return predictLinkStack(
                planned, leaving: tree.modals.flatMap(\.stack.screens), kind: .present,
                firstKind: .present, force: force, style: style
            ) { next, built in
                next.tree.modals = [next.newModal(style, built)]
            }
        }
    }

    /// A universal link's stack placed by `place` after the modals are dismissed: the guards
    /// and vetoes of `leaving` run, then each screen is checked and built.
    private func predictLinkStack(
        _ planned: [PlannedScreen], leaving: [ModelScreen], kind: TransitionEvent.Kind,
        firstKind: TransitionEvent.Kind, force: Bool, style: PresentationStyle? = nil,
        place: (inout ReferenceModel, [ModelScreen]) -> Void
    ) -> ModelOutcome {
        if let error = leavingError(leaving, kind: kind, force: force) { return .failed(error) }
        var next = self
        var built: [ModelScreen] = []
        for (index, screen) in planned.enumerated() {
            let checked: ModelChecked
            switch checkScreen(
                screen.target, screen.parameters, nil, kind: index == 0 ? firstKind : .push)
            {
            case .failure(let error): return .failed(error, identities: next.nextID - nextID)
            case .success(let result): checked = result
            }
            let made = makeScreen(checked, id: next.nextID)
            next.nextID += 1
            switch made {
            case .failure(let error): return .failed(error, identities: next.nextID - nextID)
            case .success(let screen): built.append(screen)
            }
        }
        next.tree.modals = []
        place(&next, built)
        return applied(next, kind: kind, removed: leaving.count, animated: false, style: style)
    }
}
