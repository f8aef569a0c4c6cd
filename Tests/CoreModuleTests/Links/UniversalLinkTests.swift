@_spi(Rules) import CoreModule
import Testing

/// One universal link and what opening it must do: the tree after it and the event.
struct LinkRow: Sendable, CustomTestStringConvertible {
    let rule: String
    let url: String
    let tree: String
    let event: String
    var source: AppLink.Source = .outside

    var testDescription: String { rule }
}

@MainActor
@Suite("Universal links: standard URLs read by one documented rule each")
struct UniversalLinkReadingTests {
    /// Each row starts from tabs `home` (Home #1, selected) and `inbox` (Inbox #2).
    nonisolated static let rows: [LinkRow] = [
        LinkRow(
            rule: "the path is matched by a route and the query items become parameters",
            url: "https://shop.example.com/product/42?ref=mail",
            tree: """
                window
                └─ tabs
                   ├─ tab home, selected: Home #1 › Product #3 (id=42, ref=mail)
                   └─ tab inbox: Inbox #2
                """,
            event: "replace-tree Product #3 in tab home: Home #1 → Product #3, not animated"),
        LinkRow(
            rule:
                "a trailing slash is dropped, www. is its own accepted host, a literal beats a parameter",
            url: "https://www.shop.example.com/product/new/",
            tree: """
                window
                └─ tabs
                   ├─ tab home, selected: Home #1 › NewProduct #3
                   └─ tab inbox: Inbox #2
                """,
            event: "replace-tree NewProduct #3 in tab home: Home #1 → NewProduct #3, not animated"),
        LinkRow(
            rule: "a custom scheme's first component is the path's first segment",
            url: "shop://product/7",
            tree: """
                window
                └─ tabs
                   ├─ tab home, selected: Home #1 › Product #3 (id=7)
                   └─ tab inbox: Inbox #2
                """,
            event: "replace-tree Product #3 in tab home: Home #1 → Product #3, not animated"),
        LinkRow(
            rule: "schemes and hosts are compared ignoring ASCII case",
            url: "HTTPS://Shop.Example.COM/product/7",
            tree: """
                window
                └─ tabs
                   ├─ tab home, selected: Home #1 › Product #3 (id=7)
                   └─ tab inbox: Inbox #2
                """,
            event: "replace-tree Product #3 in tab home: Home #1 → Product #3, not animated"),
        LinkRow(
            rule: "the fragment is ignored",
            url: "https://shop.example.com/product/42?ref=mail#reviews",
            tree: """
                window
                └─ tabs
                   ├─ tab home, selected: Home #1 › Product #3 (id=42, ref=mail)
                   └─ tab inbox: Inbox #2
                """,
            event: "replace-tree Product #3 in tab home: Home #1 → Product #3, not animated"),
        LinkRow(
            rule: "each component is decoded after the path is split, so %2F is a / in a value",
            url: "https://shop.example.com/search/caf%C3%A9%2Fbar",
            tree: """
                window
                └─ tabs
                   ├─ tab home, selected: Home #1 › Search #3 (term=café/bar)
                   └─ tab inbox: Inbox #2
                """,
            event: "push Search #3 in tab home: Home #1 → Search #3, not animated"),
        LinkRow(
            rule: "unescaped Unicode is read as it is",
            url: "https://shop.example.com/search/ชา?note=เขียว",
            tree: """
                window
                └─ tabs
                   ├─ tab home, selected: Home #1 › Search #3 (note=เขียว, term=ชา)
                   └─ tab inbox: Inbox #2
                """,
            event: "push Search #3 in tab home: Home #1 → Search #3, not animated"),
        LinkRow(
            rule:
                "empty query items are skipped, an item without = is empty, + is a plus, names no builder needs are kept",
            url: "https://shop.example.com/search/tea?q=green+tea&&gift&utm_source=mail&x=%26%3D",
            tree: """
                window
                └─ tabs
                   ├─ tab home, selected: Home #1 › Search #3 (gift=, q=green+tea, term=tea, utm_source=mail, x=&=)
                   └─ tab inbox: Inbox #2
                """,
            event: "push Search #3 in tab home: Home #1 → Search #3, not animated"),
        LinkRow(
            rule: "a catch-all takes the rest of the path, decoded, as one value",
            url: "https://shop.example.com/files/2024/caf%C3%A9/menu.pdf",
            tree: """
                window
                └─ tabs
                   ├─ tab home, selected: Home #1 › Files #3 (path=2024/café/menu.pdf)
                   └─ tab inbox: Inbox #2
                """,
            event: "replace-tree Files #3 in tab home: Home #1 → Files #3, not animated"),
        LinkRow(
            rule: "a decoded % stays in its value; two catch-alls of one shape are two routes",
            url: "https://shop.example.com/docs/50%25/off",
            tree: """
                window
                └─ tabs
                   ├─ tab home, selected: Home #1 › Files #3 (page=50%/off)
                   └─ tab inbox: Inbox #2
                """,
            event: "replace-tree Files #3 in tab home: Home #1 → Files #3, not animated"),
        LinkRow(
            rule: "a parameter beats a catch-all",
            url: "https://shop.example.com/files/menu.pdf",
            tree: """
                window
                └─ tabs
                   ├─ tab home, selected: Home #1 › File #3 (name=menu.pdf)
                   └─ tab inbox: Inbox #2
                """,
            event: "replace-tree File #3 in tab home: Home #1 → File #3, not animated"),
        LinkRow(
            rule: "a link from the app itself reaches a route not reachable from outside",
            url: "https://shop.example.com/debug/menu",
            tree: """
                window
                └─ tabs
                   ├─ tab home, selected: Home #1
                   ├─ tab inbox: Inbox #2
                   └─ modal (sheet): Debug #3
                """,
            event: "present Debug #3 (sheet): Home #1 → Debug #3, not animated",
            source: .app),
        LinkRow(
            rule: "a nested route builds its parent below it, in the tab that hosts the parent",
            url: "https://shop.example.com/product/42/photos?ref=mail",
            tree: """
                window
                └─ tabs
                   ├─ tab home, selected: Home #1 › Product #3 (id=42) › Photos #4 (id=42, ref=mail)
                   └─ tab inbox: Inbox #2
                """,
            event: "replace-tree Photos #4 in tab home: Home #1 → Photos #4, not animated"),
    ]

    @Test("a universal link", arguments: rows)
    func opens(_ row: LinkRow) throws {
        let table = try Shop.table()
        let coordinator = try Shop.coordinator()
        let recorder = EventRecorder(coordinator)
        let event = try coordinator.open(.universal(row.url, in: table, from: row.source))
        #expect(coordinator.tree.description == row.tree)
        #expect(event?.transition?.description == row.event)
        #expect(recorder.events == [event].compactMap { $0 })
        #expect(coordinator.tree.invariantViolations() == [])
    }

    @Test("the query item of a required parameter is checked against its type")
    func queryValueTyped() throws {
        let container = try Shop.container()
        try container.assemble(
            contentsOf: [
                SceneBuilder("Coupon", requiredParameters: ["code": .int]) {
                    StubScreen(context: $0)
                }
            ])
        let table = try LinkTable(
            accepting: [.scheme("shop")],
            routes: [LinkRoute("coupon", scene: "Coupon", reachableFromOutside: true)])
        let coordinator = AppCoordinator(container: container)
        try coordinator.open(.universal("shop://coupon?code=12", in: table))
        #expect(coordinator.tree.description == "window\n└─ stack: Coupon #1 (code=12)")
        expectLinkRejected(
            "shop://coupon?code=twelve", in: table, on: coordinator,
            with: unhandled(
                "shop://coupon?code=twelve",
                .invalidValue(route: "coupon", parameter: "code", value: "twelve", expected: .int)))
    }

    @Test("hosts and schemes ignore the case of ASCII letters only, never Unicode case folding")
    func asciiCaseOnly() throws {
        let table = try LinkTable(
            accepting: [.web(host: "kettle.example"), .scheme("kshop")],
            routes: [LinkRoute("a", scene: "Home", reachableFromOutside: true)])
        let coordinator = try Shop.coordinator()
        try coordinator.open(.universal("https://KETTLE.example/a", in: table))
        // U+212A KELVIN SIGN lowercases to "k".
        for (url, scheme, host) in [
            ("https://\u{212A}ettle.example/a", "https", "\u{212A}ettle.example"),
            ("\u{212A}shop://a", "\u{212A}shop", "a"),
        ] {
            expectLinkRejected(
                url, in: table, on: coordinator,
                with: unhandled(url, .notAccepted(scheme: scheme, host: host)))
        }
    }

    @Test("a link without a scheme, or a web link without a path, is not handled")
    func noSchemeNoPath() throws {
        let table = try Shop.table()
        let coordinator = try Shop.coordinator()
        expectLinkRejected(
            "shop.example.com/product/42", in: table, on: coordinator,
            with: unhandled("shop.example.com/product/42", .unreadable(.noScheme)))
        expectLinkRejected(
            "https://shop.example.com?ref=mail", in: table, on: coordinator,
            with: unhandled("https://shop.example.com?ref=mail", .noRoute(path: "")))
    }

    @Test("failures name the universal link and where it came from")
    func failureDescriptions() throws {
        let table = try Shop.table()
        let coordinator = try Shop.coordinator()
        let recorder = EventRecorder(coordinator)
        let nowhere = unhandled("shop://nowhere", .noRoute(path: "nowhere"))
        expectLinkRejected("shop://nowhere", in: table, on: coordinator, with: nowhere)
        expectLinkRejected(
            "shop://nowhere", in: table, on: coordinator, from: .app, with: nowhere)
        #expect(
            recorder.failures.map(\.description) == [
                "open(.universal(\"shop://nowhere\")) failed: The link \"shop://nowhere\" is "
                    + "not handled: no route matches the path \"nowhere\".",
                "open(.universal(\"shop://nowhere\", from: .app)) failed: The link "
                    + "\"shop://nowhere\" is not handled: no route matches the path \"nowhere\".",
            ])
    }

    @Test("a builder that opens a universal link is rejected, and the outer link goes on")
    func reentrant() throws {
        let table = try Shop.table()
        let container = try Shop.container()
        let box = ReentryBox()
        try container.assemble(
            contentsOf: [
                SceneBuilder("Meddler") { context in
                    do throws(NavigationError) {
                        try box.coordinator?.open(.universal("shop://home", in: table))
                    } catch {
                        box.error = error
                    }
                    return StubScreen(context: context)
                }
            ])
        let coordinator = AppCoordinator(container: container)
        box.coordinator = coordinator
        let links = try LinkTable(
            accepting: [.scheme("shop")],
            routes: [LinkRoute("meddle", scene: "Meddler", reachableFromOutside: true)])
        try coordinator.open(.universal("shop://meddle", in: links))
        #expect(box.error == .misuse(.reentrantNavigation(.replaceTree, during: .replaceTree)))
        #expect(coordinator.tree.visibleScreen?.scene == "Meddler")
    }

    @Test("the limits are the package's own links' limits, shared by both forms")
    func sharedLimits() throws {
        var format = DeepLinkFormat(scheme: "demo")
        #expect(format.limits == LinkTable.Limits())
        format.limits = LinkTable.Limits(
            maximumLength: 10, maximumScreens: 2, maximumParametersPerScreen: 1)
        #expect(format.maximumLength == 10 && format.maximumScreens == 2)
        let table = try LinkTable(
            accepting: [.scheme("shop")], limits: format.limits,
            routes: [LinkRoute("a/:b", scene: "Home", reachableFromOutside: true)])
        let coordinator = try Shop.coordinator()
        expectLinkRejected(
            "shop://a/b?c=d", in: table, on: coordinator,
            with: unhandled("shop://a/b?c=d", .unreadable(.tooLong(length: 14, limit: 10))))
        expectRefusal(
            NavigationError.link(.invalidLink(.tooLong(length: 16, limit: 10))),
            leaving: coordinator
        ) {
            try coordinator.open(.deepLink("demo://open/Home", format: format))
        }
    }
}

@MainActor
@Suite("Universal links: what each route's link does to the tree, in one transition")
struct UniversalLinkEffectTests {
    /// Each row starts from tabs `home` (Home #1, selected) and `inbox` (Inbox #2), with a sheet
    /// (Help #3) presented.
    nonisolated static let overTabs: [LinkRow] = [
        LinkRow(
            rule:
                "replace (the default) goes to the tab that hosts the scene, dismissing the sheet",
            url: "https://shop.example.com/product/42",
            tree: """
                window
                └─ tabs
                   ├─ tab home, selected: Home #1 › Product #4 (id=42)
                   └─ tab inbox: Inbox #2
                """,
            event: "replace-tree Product #4 in tab home: Help #3 → Product #4, not animated"),
        LinkRow(
            rule: "select a tab sets that tab's stack to the route's, parents first",
            url: "shop://inbox/7",
            tree: """
                window
                └─ tabs
                   ├─ tab home: Home #1
                   └─ tab inbox, selected: Inbox #4 › Thread #5 (thread=7)
                """,
            event:
                "replace-tree Thread #5 in tab inbox: Help #3 → Thread #5, 2 screens removed, not animated"
        ),
        LinkRow(
            rule: "push goes onto the selected tab after the sheet is dismissed",
            url: "https://shop.example.com/search/tea",
            tree: """
                window
                └─ tabs
                   ├─ tab home, selected: Home #1 › Search #4 (term=tea)
                   └─ tab inbox: Inbox #2
                """,
            event: "push Search #4 in tab home: Help #3 → Search #4, not animated"),
        LinkRow(
            rule: "present dismisses the sheet and presents the nested route's stack in one modal",
            url: "https://shop.example.com/product/42/reviews?sort=new",
            tree: """
                window
                └─ tabs
                   ├─ tab home, selected: Home #1
                   ├─ tab inbox: Inbox #2
                   └─ modal (sheet): Product #4 (id=42) › Reviews #5 (id=42, sort=new)
                """,
            event: "present Reviews #5 (sheet): Help #3 → Reviews #5, not animated"),
        LinkRow(
            rule: "a full-screen route from the app presents as declared",
            url: "https://shop.example.com/checkout/done",
            tree: """
                window
                └─ tabs
                   ├─ tab home, selected: Home #1
                   ├─ tab inbox: Inbox #2
                   └─ modal (full-screen): Checkout #4
                """,
            event: "present Checkout #4 (full-screen): Help #3 → Checkout #4, not animated",
            source: .app),
    ]

    @Test("over a tab root with a sheet", arguments: overTabs)
    func overTabs(_ row: LinkRow) throws {
        let table = try Shop.table()
        let coordinator = try Shop.coordinator()
        try coordinator.navigate(.present(scene: "Help"))
        let recorder = EventRecorder(coordinator)
        let event = try coordinator.open(.universal(row.url, in: table, from: row.source))
        #expect(coordinator.tree.description == row.tree)
        #expect(event?.transition?.description == row.event)
        #expect(recorder.events == [event].compactMap { $0 })
        #expect(coordinator.tree.invariantViolations() == [])
    }

    /// Each row starts from a stack root: Home #1.
    nonisolated static let overStack: [LinkRow] = [
        LinkRow(
            rule: "replace replaces the whole tree",
            url: "https://shop.example.com/product/42",
            tree: "window\n└─ stack: Product #2 (id=42)",
            event: "replace-tree Product #2: Home #1 → Product #2, not animated"),
        LinkRow(
            rule: "a nested route builds its parent below it",
            url: "https://shop.example.com/product/42/photos",
            tree: "window\n└─ stack: Product #2 (id=42) › Photos #3 (id=42)",
            event: "replace-tree Photos #3: Home #1 → Photos #3, not animated"),
        LinkRow(
            rule: "push goes onto the root stack",
            url: "https://shop.example.com/search/tea",
            tree: "window\n└─ stack: Home #1 › Search #2 (term=tea)",
            event: "push Search #2: Home #1 → Search #2, not animated"),
        LinkRow(
            rule: "present presents over the root stack",
            url: "https://shop.example.com/product/42/reviews",
            tree: """
                window
                └─ stack: Home #1
                   └─ modal (sheet): Product #2 (id=42) › Reviews #3 (id=42)
                """,
            event: "present Reviews #3 (sheet): Home #1 → Reviews #3, not animated"),
    ]

    @Test("over a stack root", arguments: overStack)
    func overStack(_ row: LinkRow) throws {
        let table = try Shop.table()
        let coordinator = AppCoordinator(container: try Shop.container())
        try coordinator.navigate(.root(scene: "Home"))
        let recorder = EventRecorder(coordinator)
        let event = try coordinator.open(.universal(row.url, in: table, from: row.source))
        #expect(coordinator.tree.description == row.tree)
        #expect(event?.transition?.description == row.event)
        #expect(recorder.events == [event].compactMap { $0 })
    }

    @Test("an action builds no screen, changes nothing and is reported as one event")
    func action() throws {
        let table = try Shop.table()
        let coordinator = try Shop.coordinator()
        let before = coordinator.tree
        let recorder = EventRecorder(coordinator)
        let url = "https://shop.example.com/settings/theme/dark?from=mail"
        let event = try coordinator.open(.universal(url, in: table))
        let action = LinkRoute.Action(
            name: "set-theme", parameters: ["value": "dark", "from": "mail"],
            route: "settings/theme/:value", url: url)
        #expect(event == .linkAction(action))
        #expect(recorder.events == [.linkAction(action)])
        #expect(coordinator.tree == before)
        #expect(
            action.description
                == "action set-theme (from=mail, value=dark) from route settings/theme/:value")
    }

    @Test("an action without values reads as a line; a renderer draws nothing for it")
    func actionLines() throws {
        let table = try LinkTable(
            accepting: [.scheme("shop")],
            routes: [LinkRoute("mute", action: "mute", reachableFromOutside: true)])
        let coordinator = try Shop.coordinator()
        var lines: [String] = []
        let token = coordinator.attach(
            TextRenderer { lines.append($0) }, renderingCurrentTree: false)
        let event = try coordinator.open(.universal("shop://mute", in: table))
        #expect(event?.description == "action mute from route mute")
        #expect(lines.isEmpty)
        withExtendedLifetime(token) {}
    }

    @Test("a veto in the sheet a link would dismiss fails the whole link, whatever its effect")
    func vetoFailsWholeLink() throws {
        let table = try Shop.table()
        let container = try Shop.container()
        try container.assemble(
            contentsOf: [
                SceneBuilder("Draft") { context in
                    try context.vetoLeaving { "it has a draft" }
                    return StubScreen(context: context)
                }
            ])
        let coordinator = AppCoordinator(container: container)
        coordinator.tabHosts = ["home": ["Product", "Search"]]
        try coordinator.navigate(
            .tabs(
                [TabItem("home", scene: "Home"), TabItem("inbox", scene: "Inbox")], selected: "home"
            ))
        try coordinator.navigate(.present(scene: "Draft"))
        let vetoed = NavigationError.guarded(
            .leavingVetoed(
                scene: "Draft", screen: ScreenID(3), reason: "it has a draft"))
        for url in [
            "https://shop.example.com/product/42", "shop://inbox/7", "shop://search/tea",
            "shop://product/42/reviews",
        ] {
            expectLinkRejected(url, in: table, on: coordinator, with: vetoed)
        }
        // Forced, the link dismisses the draft.
        try coordinator.open(.universal("shop://search/tea", in: table), force: true)
        #expect(coordinator.tree.visibleScreen?.scene == "Search")
    }
}

@MainActor
@Suite("Universal links: only routes marked reachable open from outside")
struct UniversalLinkReachabilityTests {
    @Test("routes not marked reachable are refused from outside, by name, and open from the app")
    func notReachable() throws {
        let table = try Shop.table()
        for (url, route) in [
            ("https://shop.example.com/debug/menu", "debug/menu"),
            ("shop://checkout/done", "checkout/done"), ("shop://help/links", "help/:topic"),
        ] {
            let coordinator = try Shop.coordinator()
            expectLinkRejected(
                url, in: table, on: coordinator,
                with: unhandled(url, .notReachableFromOutside(route: route)))
            try coordinator.open(.universal(url, in: table, from: .app))
        }
    }

    @Test("every link from outside builds only scenes of routes marked reachable")
    func outsideBuildsReachableScenesOnly() throws {
        let table = try Shop.table()
        let reachable = Set(table.routes.filter(\.isReachableFromOutside).compactMap(\.scene))
        let outcomes = Dictionary(uniqueKeysWithValues: Shop.outcomes.map { ($0.path, $0.outcome) })
        let values = ["42", "new", "a", "a/b", "%2F", "x?y", "7#f"]
        var paths: Set<String> = []
        for route in table.routes {
            for value in values {
                let path = route.path.split(separator: "/").map {
                    $0.first == ":" || $0.first == "*" ? value : String($0)
                }.joined(separator: "/")
                paths.insert(path)
                let url = "shop://" + path
                let coordinator = try Shop.coordinator()
                let before = Set(coordinator.tree.screens.map(\.id))
                guard let outcome = outcomes[path] else {
                    Issue.record("no outcome for \(path)")
                    continue
                }
                if let reason = outcome.refusal(of: path) {
                    expectLinkRejected(
                        url, in: table, on: coordinator, with: unhandled(url, reason))
                } else {
                    try coordinator.open(.universal(url, in: table))
                    #expect(coordinator.tree.description == outcome.tree, "\(path)")
                }
                let built = coordinator.tree.screens.filter { !before.contains($0.id) }
                #expect(built.allSatisfy { reachable.contains($0.scene) }, "\(path)")
            }
        }
        #expect(paths == Set(outcomes.keys))
    }

    @Test("a route reachable from outside must have parents that are")
    func parentsReachable() {
        #expect(
            throws: NavigationError.link(
                .invalidLinkTable(
                    .invalidRoute("inbox/:id", .parentNotReachable("inbox"))))
        ) {
            try LinkTable(
                accepting: [.scheme("shop")],
                routes: [
                    LinkRoute("inbox", scene: "Inbox"),
                    LinkRoute(
                        "inbox/:id", scene: "Thread", parent: "inbox", reachableFromOutside: true),
                ])
        }
    }
}

/// A link table that must be refused, and the problem it must be refused with.
struct TableRow: Sendable, CustomTestStringConvertible {
    let rule: String
    var origins: [LinkTable.Origin] = [.scheme("shop")]
    var limits = LinkTable.Limits()
    let routes: [LinkRoute]
    let problem: NavigationError.LinkTableProblem

    var testDescription: String { rule }
}

@Suite("Universal links: a table is checked when it is made")
struct LinkTableCheckTests {
    nonisolated static let rows: [TableRow] = [
        TableRow(rule: "no origin", origins: [], routes: [], problem: .noOrigins),
        TableRow(
            rule: "a host with a path", origins: [.web(host: "example.com/shop")], routes: [],
            problem: .invalidOrigin(.web(host: "example.com/shop"))),
        TableRow(
            rule: "a host with a port", origins: [.web(host: "example.com:8080")], routes: [],
            problem: .invalidOrigin(.web(host: "example.com:8080"))),
        TableRow(
            rule: "http as a custom scheme", origins: [.scheme("http")], routes: [],
            problem: .invalidOrigin(.scheme("http"))),
        TableRow(
            rule: "a scheme starting with a digit", origins: [.scheme("1shop")], routes: [],
            problem: .invalidOrigin(.scheme("1shop"))),
        TableRow(
            rule: "an empty scheme", origins: [.scheme("")], routes: [],
            problem: .invalidOrigin(.scheme(""))),
        TableRow(
            rule: "a scheme with a space", origins: [.scheme("my shop")], routes: [],
            problem: .invalidOrigin(.scheme("my shop"))),
        TableRow(
            rule: "an unnamed catch-all", routes: [LinkRoute("a/*", scene: "A")],
            problem: .invalidRoute("a/*", .invalidPath(.emptyParameterName(segment: 2)))),
        TableRow(
            rule: "an origin twice, ignoring case",
            origins: [.web(host: "example.com"), .web(host: "Example.com")], routes: [],
            problem: .repeatedOrigin(.web(host: "Example.com"))),
        TableRow(
            rule: "a limit of zero", limits: LinkTable.Limits(maximumScreens: 0), routes: [],
            problem: .invalidLimits(LinkTable.Limits(maximumScreens: 0))),
        TableRow(
            rule: "an empty path segment", routes: [LinkRoute("a//b", scene: "A")],
            problem: .invalidRoute("a//b", .invalidPath(.emptySegment(segment: 2)))),
        TableRow(
            rule: "two parameters with nothing between", routes: [LinkRoute(":a:b", scene: "A")],
            problem: .invalidRoute(":a:b", .adjacentParameters(segment: 1))),
        TableRow(
            rule: "a query that is not item=:name", routes: [LinkRoute("s?q=x", scene: "A")],
            problem: .invalidRoute("s?q=x", .invalidQueryParameter("q=x"))),
        TableRow(
            rule: "a host pattern not a leading `*.`", origins: [.web(host: "a.*.com")], routes: [],
            problem: .invalidOrigin(.web(host: "a.*.com"))),
        TableRow(
            rule: "a catch-all before the end", routes: [LinkRoute("a/*rest/b", scene: "A")],
            problem: .invalidRoute("a/*rest/b", .catchAllNotLast(segment: 2))),
        TableRow(
            rule: "a repeated capture name", routes: [LinkRoute("a/:x/*x", scene: "A")],
            problem: .invalidRoute("a/:x/*x", .invalidPath(.repeatedParameterName("x")))),
        TableRow(
            rule: "a % in a literal", routes: [LinkRoute("a%20b", scene: "A")],
            problem: .invalidRoute("a%20b", .percentInLiteral(segment: 1))),
        TableRow(
            rule: "two paths of the same shape",
            routes: [LinkRoute("a/:x", scene: "A"), LinkRoute("a/:y", scene: "B")],
            problem: .invalidRoute("a/:y", .sameShape("a/:x"))),
        TableRow(
            rule: "two catch-alls of the same shape",
            routes: [LinkRoute("a/*x", scene: "A"), LinkRoute("a/*y", scene: "B")],
            problem: .invalidRoute("a/*y", .sameShape("a/*x"))),
        TableRow(
            rule: "an invalid scene", routes: [LinkRoute("a", scene: "")],
            problem: .invalidRoute("a", .invalidScene("", .empty))),
        TableRow(
            rule: "an invalid action name", routes: [LinkRoute("a", action: " ")],
            problem: .invalidRoute("a", .invalidActionName(" "))),
        TableRow(
            rule: "an invalid tab name",
            routes: [LinkRoute("a", scene: "A", effect: .selectTab("my tab"))],
            problem: .invalidRoute("a", .invalidTabName("my tab"))),
        TableRow(
            rule: "an invalid style",
            routes: [LinkRoute("a", scene: "A", effect: .present(.sheet(detents: [])))],
            problem: .invalidRoute("a", .invalidStyle(.sheet(detents: [])))),
        TableRow(
            rule: "an unknown parent", routes: [LinkRoute("a/b", scene: "A", parent: "a")],
            problem: .invalidRoute("a/b", .unknownParent("a"))),
        TableRow(
            rule: "a route its own parent", routes: [LinkRoute("a", scene: "A", parent: "a")],
            problem: .invalidRoute("a", .parentCycle(["a", "a"]))),
        TableRow(
            rule: "parents that loop",
            routes: [
                LinkRoute("a", scene: "A", parent: "b"), LinkRoute("b", scene: "B", parent: "a"),
            ],
            problem: .invalidRoute("a", .parentCycle(["a", "b", "a"]))),
        TableRow(
            rule: "an action as a parent",
            routes: [LinkRoute("a", action: "go"), LinkRoute("a/b", scene: "B", parent: "a")],
            problem: .invalidRoute("a/b", .actionAsParent("a"))),
        TableRow(
            rule: "a parent's parameter the child does not capture",
            routes: [
                LinkRoute("p/:id", scene: "P"), LinkRoute("p/:key/r", scene: "R", parent: "p/:id"),
            ],
            problem: .invalidRoute(
                "p/:key/r", .parentParameterNotCaptured(parent: "p/:id", name: "id"))),
        TableRow(
            rule: "a chain deeper than the screens' limit",
            limits: LinkTable.Limits(maximumScreens: 2),
            routes: [
                LinkRoute("a", scene: "A"), LinkRoute("a/b", scene: "B", parent: "a"),
                LinkRoute("a/b/c", scene: "C", parent: "a/b"),
            ],
            problem: .invalidRoute("a/b/c", .tooDeep(depth: 3, limit: 2))),
    ]

    @Test("a custom scheme may hold letters, digits, +, - and .")
    func schemeCharacters() throws {
        let table = try LinkTable(
            accepting: [.scheme("x-shop+v1.2")],
            routes: [LinkRoute("a", scene: "Home", reachableFromOutside: true)])
        #expect(table.origins == [.scheme("x-shop+v1.2")])
        #expect(LinkTable.Origin.scheme("x-shop+v1.2").description == "x-shop+v1.2://")
        #expect(LinkTable.Origin.web(host: "example.com").description == "https://example.com/")
    }

    @Test("a table that breaks a rule", arguments: rows)
    func refused(_ row: TableRow) {
        #expect(throws: NavigationError.link(.invalidLinkTable(row.problem))) {
            try LinkTable(accepting: row.origins, limits: row.limits, routes: row.routes)
        }
        #expect(NavigationError.link(.invalidLinkTable(row.problem)).description.hasSuffix("."))
    }
}

/// A path, and the route of an overlapping table it must open.
struct PrecedenceRow: Sendable, CustomTestStringConvertible {
    let path: String
    let scene: SceneIdentifier?
    let values: SceneParameters

    var testDescription: String { path }
}

@MainActor
@Suite(
    "Universal links: literal beats parameter beats catch-all, at the first segment that differs")
struct LinkPrecedenceTests {
    nonisolated static let routes: [LinkRoute] = [
        LinkRoute("a/b/c", scene: "S1", reachableFromOutside: true),
        LinkRoute("a/:x/c", scene: "S2", reachableFromOutside: true),
        LinkRoute("a/b/:y", scene: "S3", reachableFromOutside: true),
        LinkRoute("a/*rest", scene: "S4", reachableFromOutside: true),
        LinkRoute("a/b/*rest", scene: "S5", reachableFromOutside: true),
        LinkRoute("a/:x", scene: "S6", reachableFromOutside: true),
        LinkRoute("a/b", scene: "S7", reachableFromOutside: true),
    ]

    nonisolated static let rows: [PrecedenceRow] = [
        PrecedenceRow(path: "a/b/c", scene: "S1", values: [:]),
        PrecedenceRow(path: "a/z/c", scene: "S2", values: ["x": "z"]),
        PrecedenceRow(path: "a/b/z", scene: "S3", values: ["y": "z"]),
        PrecedenceRow(path: "a/z/z", scene: "S4", values: ["rest": "z/z"]),
        PrecedenceRow(path: "a/b/z/w", scene: "S5", values: ["rest": "z/w"]),
        PrecedenceRow(path: "a/b/c/d", scene: "S5", values: ["rest": "c/d"]),
        PrecedenceRow(path: "a/z/c/d", scene: "S4", values: ["rest": "z/c/d"]),
        PrecedenceRow(path: "a/b", scene: "S7", values: [:]),
        PrecedenceRow(path: "a/z", scene: "S6", values: ["x": "z"]),
        PrecedenceRow(path: "a", scene: nil, values: [:]),
        PrecedenceRow(path: "b/c", scene: nil, values: [:]),
    ]

    @Test("an overlapping table", arguments: rows)
    func precedence(_ row: PrecedenceRow) throws {
        // The same table given in reverse order matches the same: order never decides.
        for routes in [Self.routes, Self.routes.reversed()] {
            let table = try LinkTable(accepting: [.scheme("t")], routes: routes)
            let coordinator = AppCoordinator(
                container: try makeContainer(["S1", "S2", "S3", "S4", "S5", "S6", "S7"]))
            let url = "t://" + row.path
            if let scene = row.scene {
                try coordinator.open(.universal(url, in: table))
                #expect(coordinator.tree.visibleScreen?.scene == scene)
                #expect(coordinator.tree.visibleScreen?.parameters == row.values)
            } else {
                expectLinkRejected(
                    url, in: table, on: coordinator, with: unhandled(url, .noRoute(path: row.path)))
            }
        }
    }
}

@MainActor
@Suite("Universal links: the visible screen shared as a link of the app's table")
struct UniversalLinkSharingTests {
    @Test("a shared link opens the same screen over the back stack its route implies")
    func roundTrip() throws {
        let table = try Shop.table()
        for url in [
            "https://shop.example.com/product/42?ref=mail", "shop://inbox/7",
            "https://shop.example.com/product/42/reviews?sort=new",
            "https://shop.example.com/files/2024/caf%C3%A9/menu.pdf",
            "https://shop.example.com/files/a%2Fb", "https://shop.example.com/search/ชา?q=a+b",
            "https://shop.example.com/home",
        ] {
            let coordinator = try Shop.coordinator()
            try coordinator.open(.universal(url, in: table))
            let shared = try #require(try coordinator.universalLink(in: table))
            #expect(shared.hasPrefix("https://shop.example.com/"))
            let again = try Shop.coordinator()
            try again.open(.universal(shared, in: table))
            #expect(again.tree.snapshot == coordinator.tree.snapshot, "\(url) → \(shared)")
        }
    }

    @Test("the link is written in the origin asked for, values escaped, query sorted")
    func written() throws {
        let table = try Shop.table()
        let coordinator = try Shop.coordinator()
        try coordinator.open(
            .universal("https://shop.example.com/search/caf%C3%A9%2Fbar?z=1&a=x%20y", in: table))
        #expect(
            try coordinator.universalLink(in: table)
                == "https://shop.example.com/search/caf%C3%A9%2Fbar?a=x%20y&z=1")
        #expect(
            try coordinator.universalLink(in: table, origin: .scheme("shop"))
                == "shop://search/caf%C3%A9%2Fbar?a=x%20y&z=1")
    }

    @Test("the route whose path holds the most of the screen's values is the one shared")
    func mostSpecificRoute() throws {
        let table = try Shop.table()
        let coordinator = try Shop.coordinator()
        try coordinator.open(.universal("shop://category/teapots/product/7", in: table))
        #expect(
            try coordinator.universalLink(in: table)
                == "https://shop.example.com/category/teapots/product/7")
    }

    @Test("a link over the length limit, or a screen only a payload builds, is not shared")
    func limitsAndPayloads() throws {
        let container = try Shop.container()
        try container.assemble(
            contentsOf: [
                SceneBuilder("Receipt", payload: .required(Int.self)) { StubScreen(context: $0) }
            ])
        let coordinator = AppCoordinator(container: container)
        let table = try LinkTable(
            accepting: [.web(host: "shop.example.com")],
            limits: LinkTable.Limits(maximumLength: 40),
            routes: [
                LinkRoute("search/:term", scene: "Search", reachableFromOutside: true),
                LinkRoute("receipt", scene: "Receipt", reachableFromOutside: true),
            ])
        try coordinator.navigate(
            .root(scene: "Search", parameters: ["term": String(repeating: "t", count: 30)]))
        expectRefusal(
            NavigationError.link(.invalidLink(.tooLong(length: 62, limit: 40))),
            leaving: coordinator
        ) {
            try coordinator.universalLink(in: table)
        }
        try coordinator.navigate(.push(scene: "Receipt", payload: ScenePayload(7)))
        expectRefusal(
            NavigationError.link(.linkNeedsPayload(scene: "Receipt", screen: ScreenID(2))),
            leaving: coordinator
        ) {
            try coordinator.universalLink(in: table)
        }
    }

    @Test("a catch-all value that is missing or has an empty segment is not shared")
    func unwritableCatchAll() throws {
        let table = try Shop.table()
        let coordinator = try Shop.coordinator()
        for (index, parameters) in [[:], ["path": "a//b"], ["page": "/x"]].enumerated() {
            try coordinator.navigate(.push(scene: "Files", parameters: SceneParameters(parameters)))
            expectRefusal(
                NavigationError.link(
                    .linkNotShareable(
                        scene: "Files", screen: ScreenID(UInt64(3 + index)), route: nil)),
                leaving: coordinator
            ) { try coordinator.universalLink(in: table) }
        }
    }

    @Test("a screen no reachable route opens is an error, never a link that would fail")
    func notShareable() throws {
        let table = try Shop.table()
        let coordinator = try Shop.coordinator()
        #expect(try AppCoordinator(container: try Shop.container()).universalLink(in: table) == nil)
        try coordinator.open(.universal("shop://debug/menu", in: table, from: .app))
        expectRefusal(
            NavigationError.link(
                .linkNotShareable(
                    scene: "Debug", screen: ScreenID(3), route: "debug/menu")),
            leaving: coordinator
        ) { try coordinator.universalLink(in: table) }
        try coordinator.navigate(.push(scene: "Help"))
        expectRefusal(
            NavigationError.link(.linkNotShareable(scene: "Help", screen: ScreenID(4), route: nil)),
            leaving: coordinator
        ) { try coordinator.universalLink(in: table) }
        // A value its route cannot write back as itself: `files/a` opens `files/:name`.
        try coordinator.navigate(.push(scene: "Files", parameters: ["path": "a"]))
        expectRefusal(
            NavigationError.link(
                .linkNotShareable(scene: "Files", screen: ScreenID(5), route: nil)),
            leaving: coordinator
        ) { try coordinator.universalLink(in: table) }
    }
}

/// What a meddling builder keeps: the coordinator to reenter, and the error it got.
@MainActor
final class ReentryBox {
    var coordinator: AppCoordinator?
    var error: NavigationError?
}
