@_spi(Rules) import CoreModule
import Testing

/// The link rules a real app's table needs: query items that add screens, query items that make
/// a route refuse a link, and a custom scheme that carries the web host.
@MainActor
@Suite("Link rules: query screens, refusing query items, a scheme with a host")
struct LinkRuleTests {
    static let scenes: [SceneIdentifier] = ["Project", "Comments", "Replies", "Reactions", "Home"]

    static func table(origins: [LinkTable.Origin]? = nil) throws -> LinkTable {
        try LinkTable(
            accepting: origins ?? [
                .web(host: "www.example.com"), .schemeAndHost("app", host: "www.example.com"),
                .schemeAndHost("app", host: "example.com"),
            ],
            routes: [
                LinkRoute(
                    "projects/:owner/:name", scene: "Project", refusingQueryItems: ["token"],
                    reachableFromOutside: true),
                LinkRoute(
                    "projects/:owner/:name/comments", scene: "Comments",
                    parent: "projects/:owner/:name",
                    queryScreens: [
                        LinkRoute.QueryScreen("comment", scene: "Replies"),
                        LinkRoute.QueryScreen("reaction", scene: "Reactions"),
                    ],
                    reachableFromOutside: true),
                LinkRoute("settings/:key", action: "set", refusingQueryItems: ["token"]),
            ])
    }

    static func coordinator() throws -> AppCoordinator {
        let coordinator = AppCoordinator(container: try makeContainer(scenes))
        try coordinator.navigate(.root(scene: "Home"))
        return coordinator
    }

    @Test("a query item adds its screen above the route's, with the path's values and the item")
    func queryScreens() throws {
        let coordinator = try Self.coordinator()
        let url = "https://www.example.com/projects/a/b/comments?comment=42&sort=new"
        try coordinator.open(.universal(url, in: Self.table()))
        let stack = try #require(coordinator.tree.root)
        #expect(stack.map(\.scene) == ["Project", "Comments", "Replies"])
        #expect(stack[1].parameters == ["owner": "a", "name": "b", "sort": "new"])
        #expect(stack[2].parameters == ["owner": "a", "name": "b", "comment": "42"])

        // Two items: their screens in the route's order, whatever the link's order.
        let both = "https://www.example.com/projects/a/b/comments?reaction=up&comment=42"
        try coordinator.open(.universal(both, in: Self.table()))
        #expect(
            coordinator.tree.root?.map(\.scene) == ["Project", "Comments", "Replies", "Reactions"])
        // Without the item, the route's screen alone.
        try coordinator.open(
            .universal("https://www.example.com/projects/a/b/comments", in: Self.table()))
        #expect(coordinator.tree.root?.map(\.scene) == ["Project", "Comments"])
        #expect(
            try Self.table().routes[1].scenes == ["Comments", "Replies", "Reactions"])
    }

    @Test("a refused query item makes the link unhandled, for the browser; nothing changes")
    func refusal() throws {
        let coordinator = try Self.coordinator()
        let url = "https://www.example.com/projects/a/b?token=secret"
        let table = try Self.table()
        expectRefusal(
            NavigationError.link(
                .unhandledLink(
                    NavigationError.UnhandledLink(
                        url: url, reason: .refused(route: "projects/:owner/:name", item: "token")))),
            leaving: coordinator
        ) {
            try coordinator.open(.universal(url, in: table))
        }
        #expect(
            NavigationError.UnhandledLink.Reason.refused(
                route: "projects/:owner/:name", item: "token"
            ).description
                == "its route \"projects/:owner/:name\" refuses links with the query item \"token\""
        )
        // From the app too, and on an action route.
        let action = "app://www.example.com/settings/theme?token=1"
        expectRefusal(
            NavigationError.link(
                .unhandledLink(
                    NavigationError.UnhandledLink(
                        url: action, reason: .refused(route: "settings/:key", item: "token")))),
            leaving: coordinator
        ) {
            try coordinator.open(.universal(action, in: table, from: .app))
        }
        // The same route without the item opens.
        try coordinator.open(.universal("https://www.example.com/projects/a/b", in: Self.table()))
        #expect(coordinator.tree.root?.map(\.scene) == ["Project"])
    }

    @Test("a scheme with a host reads the web form's path after its host; one table, both forms")
    func schemeWithHost() throws {
        let web = try Self.coordinator()
        let custom = try Self.coordinator()
        try web.open(
            .universal("https://www.example.com/projects/a/b/comments?comment=1", in: Self.table()))
        try custom.open(
            .universal("app://WWW.example.com/projects/a/b/comments?comment=1", in: Self.table()))
        #expect(custom.tree.snapshot == web.tree.snapshot)
        try custom.open(.universal("app://example.com/projects/a/b", in: Self.table()))
        #expect(custom.tree.root?.map(\.scene) == ["Project"])
        // The host alone, without a path: no route.
        let hostOnly = "app://example.com"
        let table = try Self.table()
        expectRefusal(
            NavigationError.link(
                .unhandledLink(
                    NavigationError.UnhandledLink(url: hostOnly, reason: .noRoute(path: "")))),
            leaving: custom
        ) {
            try custom.open(.universal(hostOnly, in: table))
        }
        #expect(Set([try Self.table(), try Self.table()]).count == 1)

        let other = "app://other.example.com/projects/a/b"
        expectRefusal(
            NavigationError.link(
                .unhandledLink(
                    NavigationError.UnhandledLink(
                        url: other, reason: .notAccepted(scheme: "app", host: "other.example.com")))
            ),
            leaving: custom
        ) {
            try custom.open(.universal(other, in: table))
        }
        // Shared in that form, the link names the host.
        #expect(
            try custom.universalLink(
                in: Self.table(), origin: .schemeAndHost("app", host: "example.com"))
                == "app://example.com/projects/a/b")
        #expect(
            LinkTable.Origin.schemeAndHost("app", host: "example.com").description
                == "app://example.com/"
        )
    }

    @Test(
        "a table with a broken query rule or origin is refused when it is made",
        arguments: [
            (
                LinkRoute(
                    "a/:id", scene: "Comments",
                    queryScreens: [LinkRoute.QueryScreen("id", scene: "Replies")]),
                NavigationError.LinkTableProblem.invalidRoute("a/:id", .invalidQueryItem("id"))
            ),
            (
                LinkRoute(
                    "a", scene: "Comments",
                    queryScreens: [LinkRoute.QueryScreen("", scene: "Replies")]),
                .invalidRoute("a", .invalidQueryItem(""))
            ),
            (
                LinkRoute(
                    "a", scene: "Comments",
                    queryScreens: [LinkRoute.QueryScreen("x", scene: "Replies")],
                    refusingQueryItems: ["x"]),
                .invalidRoute("a", .invalidQueryItem("x"))
            ),
            (
                LinkRoute("a", scene: "Comments", refusingQueryItems: ["t", "t"]),
                .invalidRoute("a", .invalidQueryItem("t"))
            ),
            (
                LinkRoute(
                    "a", scene: "Comments", queryScreens: [LinkRoute.QueryScreen("x", scene: "")]),
                .invalidRoute("a", .invalidScene("", .empty))
            ),
        ])
    func brokenRules(route: LinkRoute, problem: NavigationError.LinkTableProblem) {
        #expect(throws: NavigationError.link(.invalidLinkTable(problem))) {
            try LinkTable(accepting: [.scheme("app")], routes: [route])
        }
    }

    @Test("origins and limits: a scheme with and without a host, a bad host, a route too deep")
    func brokenOrigins() {
        let route = LinkRoute("a", scene: "Comments")
        #expect(
            throws: NavigationError.link(
                .invalidLinkTable(
                    .repeatedOrigin(.schemeAndHost("app", host: "x.com"))))
        ) {
            try LinkTable(
                accepting: [.scheme("APP"), .schemeAndHost("app", host: "x.com")], routes: [route])
        }
        #expect(
            throws: NavigationError.link(
                .invalidLinkTable(
                    .invalidOrigin(.schemeAndHost("https", host: "x.com"))))
        ) {
            try LinkTable(accepting: [.schemeAndHost("https", host: "x.com")], routes: [route])
        }
        #expect(
            throws: NavigationError.link(
                .invalidLinkTable(
                    .invalidOrigin(.schemeAndHost("app", host: "a b"))))
        ) {
            try LinkTable(accepting: [.schemeAndHost("app", host: "a b")], routes: [route])
        }
        let deep = LinkRoute(
            "a", scene: "Comments",
            queryScreens: [
                LinkRoute.QueryScreen("x", scene: "Replies"),
                LinkRoute.QueryScreen("y", scene: "Replies"),
            ])
        #expect(
            throws: NavigationError.link(
                .invalidLinkTable(
                    .invalidRoute("a", .tooDeep(depth: 3, limit: 2))))
        ) {
            try LinkTable(
                accepting: [.scheme("app")], limits: LinkTable.Limits(maximumScreens: 2),
                routes: [deep])
        }
        let onAction = LinkRoute("b", action: "go", refusingQueryItems: ["token"])
        #expect(onAction.scenes.isEmpty)
        #expect(onAction.refusedQueryItems == ["token"])
        #expect(
            NavigationError.LinkTableProblem.invalidRoute("a", .invalidQueryItem("x")).description
                == "The link route \"a\" is invalid: its query item \"x\" is empty, too long, "
                + "repeated, both added and refused, or named like a path parameter.")
        #expect(
            NavigationError.LinkTableProblem.repeatedOrigin(.schemeAndHost("app", host: "x.com"))
                .description
                == "The link table gives the origin scheme \"app\" with the host \"x.com\" twice.")
    }

    @Test("the deep-links guide's example of the rules does what its comment says")
    func guideExample() throws {
        let coordinator = AppCoordinator(container: try makeContainer(["A1", "A2", "B1"]))
        let table = try LinkTable(
            accepting: [
                .web(host: "www.example.com"), .schemeAndHost("app", host: "www.example.com"),
            ],
            routes: [
                LinkRoute(
                    "projects/:owner/:name", scene: "A1", refusingQueryItems: ["token"],
                    reachableFromOutside: true),
                LinkRoute(
                    "projects/:owner/:name/comments", scene: "A2", parent: "projects/:owner/:name",
                    queryScreens: [LinkRoute.QueryScreen("comment", scene: "B1")],
                    reachableFromOutside: true),
            ])
        try coordinator.open(
            .universal("app://www.example.com/projects/a/b/comments?comment=42", in: table))
        #expect(
            (coordinator.tree.visibleScreen?.parameters).map { "\($0)" }
                == "comment=42, name=b, owner=a")
        #expect(coordinator.tree.root?.map(\.scene) == ["A1", "A2", "B1"])
    }
}
