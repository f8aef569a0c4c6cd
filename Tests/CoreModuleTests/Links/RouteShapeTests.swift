@_spi(Rules) import CoreModule
import CoreModuleTesting
import Foundation
import Testing

/// The route shapes websites use: the site's root, a parameter first, parameters inside a
/// segment, lists, host patterns and query items that fill parameters of other names; their
/// precedence, whatever the table's order; the problems a table refuses; and the link writer.
@MainActor
@Suite("Route shapes")
struct RouteShapeTests {
    static let origin = "https://example.com/"

    /// A coordinator whose registry has a stub builder for every scene `routes` open.
    static func coordinator(
        for routes: [LinkRoute], required: [SceneIdentifier: [String: ParameterType]] = [:]
    ) throws -> AppCoordinator {
        let scenes = Set(routes.flatMap(\.scenes))
        let container = DependencyContainer()
        try container.assemble(
            contentsOf: scenes.sorted().map {
                SceneBuilder.stub($0, requiredParameters: required[$0] ?? [:])
            })
        return AppCoordinator(container: container)
    }

    /// What `url` opens in a table of `routes` (in that order): the visible screen's scene and
    /// parameters.
    static func open(_ url: String, _ routes: [LinkRoute]) throws -> (
        SceneIdentifier, SceneParameters
    ) {
        let table = try LinkTable(
            accepting: [.web(host: "example.com"), .scheme("shop")], routes: routes)
        let coordinator = try coordinator(for: routes)
        try coordinator.open(.universal(url, in: table, from: .app))
        let screen = try #require(coordinator.tree.visibleScreen)
        return (screen.scene, screen.parameters)
    }

    /// Opens every `(path, scene, parameters)` in a table of `routes`, in the given order and
    /// reversed: precedence does not depend on the order of the table.
    static func expectOpens(
        _ routes: [LinkRoute], _ cases: [(String, SceneIdentifier, SceneParameters)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for order in [routes, routes.reversed()] {
            for (path, scene, parameters) in cases {
                let opened = try open(origin + path, order)
                #expect(opened.0 == scene, "\(path)", sourceLocation: sourceLocation)
                #expect(opened.1 == parameters, "\(path)", sourceLocation: sourceLocation)
            }
        }
    }

    /// Expects opening `url` in a table of `routes` to fail as no route matching its path.
    static func expectNoRoute(
        _ path: String, _ routes: [LinkRoute], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let table = try LinkTable(accepting: [.web(host: "example.com")], routes: routes)
        let coordinator = try coordinator(for: routes)
        let decoded = path.split(separator: "?").first.map(String.init) ?? ""
        expectLinkRejected(
            origin + path, in: table, on: coordinator, from: .app,
            with: unhandled(
                origin + path,
                .noRoute(path: decoded.hasSuffix("/") ? String(decoded.dropLast()) : decoded)),
            sourceLocation: sourceLocation)
    }

    // MARK: The site's root

    @Test("`/` is the site's root: a host alone, with or without its slash, and with a query")
    func siteRoot() throws {
        let routes = [LinkRoute("/", scene: "Home"), LinkRoute("settings", scene: "Settings")]
        try Self.expectOpens(
            routes,
            [
                ("", "Home", [:]), ("?ref=mail", "Home", ["ref": "mail"]),
                ("settings", "Settings", [:]),
            ])
        #expect(try Self.open("https://example.com", routes).0 == "Home")
        #expect(try Self.open("shop://", routes).0 == "Home")
        // Without a root route, the root is no route, as before; with the root alone, every
        // other path is no route.
        try Self.expectNoRoute("", [LinkRoute("settings", scene: "Settings")])
        try Self.expectNoRoute("settings", [LinkRoute("/", scene: "Home")])
    }

    @Test("a catch-all at the root takes any path, after every other route, never the root itself")
    func rootCatchAll() throws {
        let routes = [
            LinkRoute("*path", scene: "Page"), LinkRoute("settings", scene: "Settings"),
            LinkRoute(":user", scene: "Profile"), LinkRoute("/", scene: "Home"),
        ]
        try Self.expectOpens(
            routes,
            [
                ("settings", "Settings", [:]), ("alice", "Profile", ["user": "alice"]),
                ("docs/a/b", "Page", ["path": "docs/a/b"]), ("", "Home", [:]),
            ])
        try Self.expectNoRoute("", [LinkRoute("*path", scene: "Page")])
    }

    // MARK: A parameter first

    @Test("a parameter as the first segment, with literal routes beside it")
    func parameterFirst() throws {
        let routes = [
            LinkRoute(":user", scene: "Profile"), LinkRoute("settings", scene: "Settings"),
            LinkRoute(":user/posts/:id", scene: "Post"),
            LinkRoute("settings/posts/new", scene: "NewPost"),
        ]
        try Self.expectOpens(
            routes,
            [
                ("settings", "Settings", [:]), ("alice", "Profile", ["user": "alice"]),
                ("alice/posts/7", "Post", ["user": "alice", "id": "7"]),
                ("settings/posts/7", "Post", ["user": "settings", "id": "7"]),
                ("settings/posts/new", "NewPost", [:]),
                ("caf%C3%A9", "Profile", ["user": "café"]),
            ])
    }

    // MARK: Parameters inside a segment

    @Test("parameters inside a segment, between literal text")
    func parametersInsideASegment() throws {
        let routes = [
            LinkRoute("shop/item-:id", scene: "Item"), LinkRoute("blog/:slug.html", scene: "Post"),
            LinkRoute("api/v:major.:minor", scene: "API"),
            LinkRoute("files/:name.:ext", scene: "File"),
        ]
        try Self.expectOpens(
            routes,
            [
                ("shop/item-42", "Item", ["id": "42"]),
                ("shop/item-item-1", "Item", ["id": "item-1"]),
                ("blog/hello.html", "Post", ["slug": "hello"]),
                // The last literal ends the segment: the parameter before it takes the rest.
                ("blog/a.b.html", "Post", ["slug": "a.b"]),
                // A parameter ends where the literal after it first appears.
                ("api/v1.2", "API", ["major": "1", "minor": "2"]),
                ("api/v1.2.3", "API", ["major": "1", "minor": "2.3"]),
                ("files/report.tar.gz", "File", ["name": "report", "ext": "tar.gz"]),
                // Decoded text is read: an escaped `-` is a `-`.
                ("shop/item%2D42", "Item", ["id": "42"]),
            ])
        // Each parameter takes one character or more, and the literals must be there.
        for path in [
            "shop/item-", "shop/item", "blog/.html", "blog/hello.htm", "api/v1", "api/v.2",
            "api/1.2",
        ] {
            try Self.expectNoRoute(path, routes)
        }
    }

    @Test(
        "precedence at a segment: a literal, then parameters inside literal text (more text first), then a parameter, then a catch-all"
    )
    func precedence() throws {
        let routes = [
            LinkRoute("p/*rest", scene: "Rest"), LinkRoute("p/:any", scene: "Any"),
            LinkRoute("p/item-:id", scene: "Item"), LinkRoute("p/item-new", scene: "New"),
            LinkRoute("p/:name.html", scene: "Page"),
            LinkRoute("p/item-:id.html", scene: "ItemPage"),
        ]
        try Self.expectOpens(
            routes,
            [
                ("p/item-new", "New", [:]),
                ("p/item-7", "Item", ["id": "7"]),
                // `item-:id.html` has more literal text than `item-:id` or `:name.html`.
                ("p/item-7.html", "ItemPage", ["id": "7"]),
                ("p/about.html", "Page", ["name": "about"]),
                ("p/about", "Any", ["any": "about"]),
                ("p/a/b", "Rest", ["rest": "a/b"]),
            ])
        // Equal literal text: the template that sorts first (`:` sorts before letters).
        try Self.expectOpens(
            [LinkRoute("q/:a-x", scene: "A"), LinkRoute("q/x-:b", scene: "B")],
            [("q/x-x", "A", ["a": "x"]), ("q/x-y", "B", ["b": "y"]), ("q/y-x", "A", ["a": "y"])])
        // A segment with parameters inside beats a parameter at the first segment they differ,
        // whatever follows.
        try Self.expectOpens(
            [LinkRoute(":a/b", scene: "A"), LinkRoute("item-:id/:c", scene: "B")],
            [("item-1/b", "B", ["id": "1", "c": "b"]), ("x/b", "A", ["a": "x"])])
    }

    @Test("a typed parameter is checked in every shape")
    func typedParametersInEveryShape() throws {
        let routes = [
            LinkRoute("shop/item-:id", scene: "Item", reachableFromOutside: true),
            LinkRoute(":user", scene: "Profile", reachableFromOutside: true),
            LinkRoute("compare?ids=:ids", scene: "Compare", reachableFromOutside: true),
        ]
        let table = try LinkTable(accepting: [.web(host: "example.com")], routes: routes)
        let coordinator = try Self.coordinator(
            for: routes,
            required: [
                "Item": ["id": .int], "Profile": ["user": .string], "Compare": ["ids": .list(.int)],
            ])
        try coordinator.open(.universal(Self.origin + "shop/item-42", in: table))
        #expect(coordinator.tree.visibleScreen?.parameters.value("id", as: Int.self) == 42)
        try coordinator.open(.universal(Self.origin + "compare?ids=1&ids=2", in: table))
        #expect(coordinator.tree.visibleScreen?.parameters.value("ids", as: [Int].self) == [1, 2])
        for (path, route, parameter, value, type) in [
            ("shop/item-x", "shop/item-:id", "id", "x", ParameterType.int),
            ("compare?ids=1&ids=x", "compare?ids=:ids", "ids", "1,x", .list(.int)),
        ] {
            let url = Self.origin + path
            expectLinkRejected(
                url, in: table, on: coordinator,
                with: unhandled(
                    url,
                    .invalidValue(route: route, parameter: parameter, value: value, expected: type))
            )
        }
    }

    // MARK: Lists

    @Test("a query item given more than once is a list, read as an array")
    func lists() throws {
        let routes = [
            LinkRoute("search", scene: "Search"), LinkRoute("compare/:ids", scene: "Compare"),
        ]
        let (_, repeated) = try Self.open(Self.origin + "search?tag=a&tag=b%20c&tag=&q=x", routes)
        #expect(repeated == ["tag": "a,b c,", "q": "x"])
        #expect(repeated.value("tag", as: [String].self) == ["a", "b c", ""])
        #expect(repeated.value("q", as: [String].self) == ["x"])
        let (_, path) = try Self.open(Self.origin + "compare/1,2,3", routes)
        #expect(path.value("ids", as: [Int].self) == [1, 2, 3])
        #expect(path.value("ids", as: [UUID].self) == nil)
        #expect(SceneParameters(["e": ""]).value("e", as: [Int].self) == [])
        #expect(ParameterType.list(.int).description == "a list of values, each an integer")
        #expect(ParameterType.list(.int).accepts("1,2") && !ParameterType.list(.int).accepts("1,"))

        // A `,` is a byte: one that a combining mark follows (one Character) still separates.
        let (_, marked) = try Self.open(Self.origin + "search?tag=a&tag=%CC%81b", routes)
        #expect(marked.value("tag", as: [String].self) == ["a", "\u{301}b"])
        #expect(
            SceneParameters(["t": "1,\u{301}"]).value("t", as: [String].self) == ["1", "\u{301}"])

        // A repeated item whose value holds a comma cannot be told apart from a longer list.
        let table = try LinkTable(accepting: [.web(host: "example.com")], routes: routes)
        let coordinator = try Self.coordinator(for: routes)
        for query in ["tag=a%2Cb&tag=c", "tag=a&tag=b,c", "tag=a,%CC%81&tag=c"] {
            let url = Self.origin + "search?" + query
            expectLinkRejected(
                url, in: table, on: coordinator, from: .app,
                with: unhandled(url, .unreadable(.repeatedQueryItem(name: "tag"))))
        }
    }

    // MARK: Query items that fill parameters

    @Test("a query item named in the template fills a parameter of another name")
    func queryParameters() throws {
        let routes = [
            LinkRoute("search?q=:term&p=:page", scene: "Search"),
            LinkRoute("product/:id?tab=:section", scene: "Product"),
        ]
        try Self.expectOpens(
            routes,
            [
                ("search?q=shoes", "Search", ["term": "shoes"]),
                (
                    "search?q=shoes&p=2&ref=mail", "Search",
                    ["term": "shoes", "page": "2", "ref": "mail"]
                ),
                ("search", "Search", [:]),
                ("product/7?tab=reviews", "Product", ["id": "7", "section": "reviews"]),
            ])
        let table = try LinkTable(accepting: [.web(host: "example.com")], routes: routes)
        let coordinator = try Self.coordinator(for: routes)
        let url = Self.origin + "search?q=a&term=b"
        expectLinkRejected(
            url, in: table, on: coordinator, from: .app,
            with: unhandled(url, .unreadable(.queryItemNamesCapture(name: "term"))))
    }

    // MARK: Host patterns

    @Test("a host pattern accepts the hosts under its domain, beside exact hosts")
    func hostPatterns() throws {
        let routes = [LinkRoute("a", scene: "A", reachableFromOutside: true)]
        let table = try LinkTable(
            accepting: [
                .web(host: "*.example.com"), .web(host: "example.com"),
                .schemeAndHost("app", host: "*.example.org"),
            ],
            routes: routes)
        let coordinator = try Self.coordinator(for: routes)
        for url in [
            "https://shop.example.com/a", "https://A.B.Example.COM/a", "https://example.com/a",
            "app://eu.example.org/a",
        ] {
            try coordinator.open(.universal(url, in: table))
            #expect(coordinator.tree.visibleScreen?.scene == "A", "\(url)")
        }
        for (url, scheme, host) in [
            ("https://example.net/a", "https", "example.net"),
            ("https://.example.com/a", "https", ".example.com"),
            ("https://a..example.com/a", "https", "a..example.com"),
            ("https://notexample.com/a", "https", "notexample.com"),
            ("https://*.example.com/a", "https", "*.example.com"),
            ("https://a b.example.com/a", "https", "a b.example.com"),
            ("https://a\u{1}.example.com/a", "https", "a\u{1}.example.com"),
            ("https://a_b.example.com/a", "https", "a_b.example.com"),
            ("app://example.org/a", "app", "example.org"),
        ] {
            expectLinkRejected(
                url, in: table, on: coordinator,
                with: unhandled(url, .notAccepted(scheme: scheme, host: host)))
        }
    }

    @Test("a host pattern is a leading `*.` before a host name")
    func invalidHostPatterns() {
        for host in ["a.*.com", "*example.com", "*.", "*", "**.example.com", "*.*.example.com"] {
            #expect(
                throws: NavigationError.link(.invalidLinkTable(.invalidOrigin(.web(host: host))))
            ) {
                try LinkTable(accepting: [.web(host: host)], routes: [])
            }
        }
    }

    // MARK: Problems found when the table is made

    @Test("an ambiguous or malformed template is refused when the table is made, naming it")
    func templateProblems() {
        let cases: [([LinkRoute], NavigationError.LinkTableProblem)] = [
            (
                [LinkRoute("a/:x:y", scene: "A")],
                .invalidRoute("a/:x:y", .adjacentParameters(segment: 2))
            ),
            (
                [LinkRoute("a/item-:", scene: "A")],
                .invalidRoute("a/item-:", .invalidPath(.emptyParameterName(segment: 2)))
            ),
            (
                [LinkRoute("a/:-x", scene: "A")],
                .invalidRoute("a/:-x", .invalidPath(.emptyParameterName(segment: 2)))
            ),
            (
                [LinkRoute(":id/item-:id", scene: "A")],
                .invalidRoute(":id/item-:id", .invalidPath(.repeatedParameterName("id")))
            ),
            ([LinkRoute("*a/b", scene: "A")], .invalidRoute("*a/b", .catchAllNotLast(segment: 1))),
            (
                [LinkRoute("a/%:id", scene: "A")],
                .invalidRoute("a/%:id", .percentInLiteral(segment: 2))
            ),
            (
                [LinkRoute("a/item-:id", scene: "A"), LinkRoute("a/item-:n", scene: "B")],
                .invalidRoute("a/item-:n", .sameShape("a/item-:id"))
            ),
            (
                [LinkRoute("/", scene: "A"), LinkRoute("/", scene: "B")],
                .invalidRoute("/", .sameShape("/"))
            ),
            (
                [LinkRoute(":a", scene: "A"), LinkRoute(":b?q=:c", scene: "B")],
                .invalidRoute(":b?q=:c", .sameShape(":a"))
            ),
            (
                [LinkRoute("s?q=term", scene: "A")],
                .invalidRoute("s?q=term", .invalidQueryParameter("q=term"))
            ),
            ([LinkRoute("s?", scene: "A")], .invalidRoute("s?", .invalidQueryParameter(""))),
            ([LinkRoute("s?q", scene: "A")], .invalidRoute("s?q", .invalidQueryParameter("q"))),
            (
                [LinkRoute("s?=:a", scene: "A")],
                .invalidRoute("s?=:a", .invalidQueryParameter("=:a"))
            ),
            (
                [LinkRoute("s?q=:a&q=:b", scene: "A")],
                .invalidRoute("s?q=:a&q=:b", .invalidQueryParameter("q=:b"))
            ),
            (
                [LinkRoute("s/:a?q=:a", scene: "A")],
                .invalidRoute("s/:a?q=:a", .invalidPath(.repeatedParameterName("a")))
            ),
            (
                [
                    LinkRoute(
                        "s?q=:term", scene: "A",
                        queryScreens: [LinkRoute.QueryScreen("q", scene: "B")])
                ],
                .invalidRoute("s?q=:term", .invalidQueryItem("q"))
            ),
            (
                [LinkRoute("s?q=:term", scene: "A", refusingQueryItems: ["term"])],
                .invalidRoute("s?q=:term", .invalidQueryItem("term"))
            ),
        ]
        for (routes, problem) in cases {
            #expect(
                throws: NavigationError.link(.invalidLinkTable(problem)), "\(routes.map(\.path))"
            ) {
                try LinkTable(accepting: [.web(host: "example.com")], routes: routes)
            }
        }
        #expect(
            NavigationError.link(
                .invalidLinkTable(.invalidRoute("a/:x:y", .adjacentParameters(segment: 2)))
            )
            .description.contains("segment 2 has two parameters with nothing between them"))
    }

    // MARK: The four defects

    @Test("a screen a query item adds has at most the parameters a screen may have")
    func queryScreenParameterLimit() throws {
        let names = (1...16).map { "p\($0)" }
        let path = "r/" + names.map { ":" + $0 }.joined(separator: "/")
        let routes = [
            LinkRoute(path, scene: "R", queryScreens: [LinkRoute.QueryScreen("q", scene: "Q")])
        ]
        let table = try LinkTable(accepting: [.web(host: "example.com")], routes: routes)
        let coordinator = try Self.coordinator(for: routes)
        let values = "r/" + (1...16).map(String.init).joined(separator: "/")
        let url = Self.origin + values + "?q=1"
        expectLinkRejected(
            url, in: table, on: coordinator, from: .app,
            with: unhandled(url, .unreadable(.tooManyParameters(position: 2, count: 17, limit: 16)))
        )
        // Sixteen captures alone still open.
        try coordinator.open(.universal(Self.origin + values, in: table, from: .app))
        #expect(coordinator.tree.visibleScreen?.parameters.values.count == 16)
    }

    @Test("the link writer writes a screen a query item added: the route's link with the item")
    func shareQueryScreen() throws {
        let routes = [
            LinkRoute(
                "projects/:owner/:name/comments", scene: "Comments",
                queryScreens: [LinkRoute.QueryScreen("comment", scene: "Replies")],
                reachableFromOutside: true)
        ]
        let table = try LinkTable(accepting: [.web(host: "example.com")], routes: routes)
        let coordinator = try Self.coordinator(for: routes)
        let url = Self.origin + "projects/a/b/comments?comment=42&sort=new"
        try coordinator.open(.universal(url, in: table))
        #expect(coordinator.tree.visibleScreen?.scene == "Replies")
        #expect(try coordinator.universalLink(in: table) == url)
        // Without its item, no route writes it.
        try coordinator.navigate(.root(scene: "Replies", parameters: ["owner": "a", "name": "b"]))
        let bare = try #require(coordinator.tree.visibleScreen)
        expectRefusal(
            NavigationError.link(.linkNotShareable(scene: "Replies", screen: bare.id, route: nil)),
            leaving: coordinator
        ) { try coordinator.universalLink(in: table) }
        // Alone on its stack (pushed by the app), the screen's own values make the link.
        try coordinator.navigate(
            .root(scene: "Replies", parameters: ["owner": "a", "name": "b", "comment": "7"]))
        #expect(
            try coordinator.universalLink(in: table) == Self.origin
                + "projects/a/b/comments?comment=7")
    }

    @Test("a link without a scheme is unreadable; a scheme without `//` is named as written")
    func schemes() throws {
        let routes = [
            LinkRoute("projects/:owner/:name", scene: "Project", reachableFromOutside: true)
        ]
        let table = try LinkTable(accepting: [.web(host: "example.com")], routes: routes)
        let coordinator = try Self.coordinator(for: routes)
        for url in [
            "/projects/a/b", "projects/a/b", "//example.com/projects/a/b", "a/b:c", ":a", "?x:y",
        ] {
            expectLinkRejected(
                url, in: table, on: coordinator, with: unhandled(url, .unreadable(.noScheme)))
        }
        expectLinkRejected(
            "mailto:x@y", in: table, on: coordinator,
            with: unhandled("mailto:x@y", .notAccepted(scheme: "mailto", host: "")))
        #expect(
            unhandled("mailto:x@y", .notAccepted(scheme: "mailto", host: "")).description
                .contains("does not accept links from \"mailto:\""))
        #expect(
            unhandled("/projects/a/b", .unreadable(.noScheme)).description
                .contains("it has no scheme, such as \"https:\""))
    }

    @Test("a query item with no name is unreadable")
    func queryItemWithoutName() throws {
        let routes = [LinkRoute("a", scene: "A", reachableFromOutside: true)]
        let table = try LinkTable(accepting: [.web(host: "example.com")], routes: routes)
        let coordinator = try Self.coordinator(for: routes)
        for (query, item) in [("=x", "=x"), ("b=1&=", "="), ("%3D=1&=y", "=y")] {
            let url = Self.origin + "a?" + query
            expectLinkRejected(
                url, in: table, on: coordinator,
                with: unhandled(url, .unreadable(.badQueryItem(text: item))))
        }
    }

    // MARK: The link writer

    @Test("the link writer writes every shape it opens")
    func writerWritesEveryShape() throws {
        let routes = [
            LinkRoute("/", scene: "Home", reachableFromOutside: true),
            LinkRoute(":user", scene: "Profile", reachableFromOutside: true),
            LinkRoute("shop/item-:id", scene: "Item", reachableFromOutside: true),
            LinkRoute("blog/:slug.html", scene: "Post", reachableFromOutside: true),
            LinkRoute("search?q=:term", scene: "Search", reachableFromOutside: true),
            LinkRoute("*path", scene: "Page", reachableFromOutside: true),
        ]
        let table = try LinkTable(
            accepting: [.web(host: "*.example.com"), .web(host: "example.com")], routes: routes)
        let coordinator = try Self.coordinator(for: routes)
        // A screen without the value its path needs (inside a segment) is not shareable.
        try coordinator.navigate(.root(scene: "Item"))
        let item = try #require(coordinator.tree.visibleScreen)
        expectRefusal(
            NavigationError.link(.linkNotShareable(scene: "Item", screen: item.id, route: nil)),
            leaving: coordinator
        ) { try coordinator.universalLink(in: table) }
        for (scene, parameters, link): (SceneIdentifier, SceneParameters, String) in [
            ("Search", [:], "search"),
            ("Home", [:], ""), ("Home", ["ref": "mail"], "?ref=mail"),
            ("Profile", ["user": "alice"], "alice"),
            ("Item", ["id": "42"], "shop/item-42"),
            ("Post", ["slug": "a.b"], "blog/a.b.html"),
            ("Search", ["term": "red shoes"], "search?q=red%20shoes"),
            ("Search", ["term": "x", "tag": "a,b"], "search?q=x&tag=a%2Cb"),
            ("Page", ["path": "docs/a"], "docs/a"),
        ] {
            try coordinator.navigate(.root(scene: scene, parameters: parameters))
            // The first exact host: a pattern names no host to write.
            let written = try coordinator.universalLink(in: table)
            #expect(written == Self.origin + link)
            // And it opens the same screen.
            try coordinator.navigate(.root(scene: "Home"))
            try coordinator.open(.universal(try #require(written), in: table))
            #expect(coordinator.tree.visibleScreen?.scene == scene)
            #expect(coordinator.tree.visibleScreen?.parameters == parameters)
        }
    }

    @Test(
        "a screen whose values would read back otherwise, or a table of host patterns only, is not shareable"
    )
    func writerRefusals() throws {
        let routes = [LinkRoute("api/v:major.:minor", scene: "API", reachableFromOutside: true)]
        let table = try LinkTable(accepting: [.web(host: "example.com")], routes: routes)
        let coordinator = try Self.coordinator(for: routes)
        try coordinator.navigate(.root(scene: "API", parameters: ["major": "1", "minor": "2"]))
        #expect(try coordinator.universalLink(in: table) == Self.origin + "api/v1.2")
        // `v1.2.3` would read major 1, minor 2.3.
        try coordinator.navigate(.root(scene: "API", parameters: ["major": "1.2", "minor": "3"]))
        let screen = try #require(coordinator.tree.visibleScreen)
        expectRefusal(
            NavigationError.link(.linkNotShareable(scene: "API", screen: screen.id, route: nil)),
            leaving: coordinator
        ) { try coordinator.universalLink(in: table) }

        let patterns = try LinkTable(accepting: [.web(host: "*.example.com")], routes: routes)
        try coordinator.navigate(.root(scene: "API", parameters: ["major": "1", "minor": "2"]))
        let shown = try #require(coordinator.tree.visibleScreen)
        expectRefusal(
            NavigationError.link(.linkNotShareable(scene: "API", screen: shown.id, route: nil)),
            leaving: coordinator
        ) { try coordinator.universalLink(in: patterns) }
        #expect(
            try coordinator.universalLink(in: patterns, origin: .web(host: "eu.example.com"))
                == "https://eu.example.com/api/v1.2")
    }
}
