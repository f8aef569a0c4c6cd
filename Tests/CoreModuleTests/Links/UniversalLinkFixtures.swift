@_spi(Rules) import CoreModule
import Testing

/// The shop app of the universal link tests: a tab root (`home`, `inbox`), and a link table over
/// two web hosts and a custom scheme.
enum Shop {
    static let scenes: [SceneIdentifier] = [
        "Home", "Inbox", "Thread", "Reviews", "NewProduct", "Search", "Debug", "Checkout", "Files",
        "File", "Help", "Photos", "Category",
    ]

    /// A container with every scene; `Product` needs an integer `id`.
    static func container() throws -> DependencyContainer {
        let container = try makeContainer(scenes)
        try container.assemble(contentsOf: [
            SceneBuilder("Product", requiredParameters: ["id": .int]) { StubScreen(context: $0) }
        ])
        return container
    }

    static let routes: [LinkRoute] = [
        LinkRoute("home", scene: "Home", reachableFromOutside: true),
        LinkRoute("product/:id", scene: "Product", reachableFromOutside: true),
        LinkRoute("product/new", scene: "NewProduct", reachableFromOutside: true),
        LinkRoute(
            "product/:id/reviews", scene: "Reviews", parent: "product/:id",
            effect: .present(.sheet()), reachableFromOutside: true),
        LinkRoute("inbox", scene: "Inbox", effect: .selectTab("inbox"), reachableFromOutside: true),
        LinkRoute(
            "inbox/:thread", scene: "Thread", parent: "inbox", effect: .selectTab("inbox"),
            reachableFromOutside: true),
        LinkRoute("search/:term", scene: "Search", effect: .push, reachableFromOutside: true),
        LinkRoute(
            "product/:id/photos", scene: "Photos", parent: "product/:id",
            reachableFromOutside: true),
        LinkRoute("debug/menu", scene: "Debug", effect: .present(.sheet())),
        LinkRoute("checkout/done", scene: "Checkout", effect: .present(.fullScreenCover)),
        LinkRoute("files/*path", scene: "Files", reachableFromOutside: true),
        LinkRoute("files/:name", scene: "File", reachableFromOutside: true),
        LinkRoute("docs/*page", scene: "Files", reachableFromOutside: true),
        LinkRoute("category/:slug", scene: "Category", reachableFromOutside: true),
        LinkRoute(
            "category/:slug/product/:id", scene: "Product", parent: "category/:slug",
            reachableFromOutside: true),
        LinkRoute("help/:topic", scene: "Help", effect: .push),
        LinkRoute("settings/theme/:value", action: "set-theme", reachableFromOutside: true),
    ]

    static func table() throws -> LinkTable {
        try LinkTable(
            accepting: [
                .web(host: "shop.example.com"), .web(host: "www.shop.example.com"), .scheme("shop"),
            ],
            routes: routes)
    }

    /// A coordinator with tabs `home` (Home, selected) and `inbox` (Inbox); `home` hosts the
    /// product and file scenes.
    @MainActor
    static func coordinator() throws -> AppCoordinator {
        let coordinator = AppCoordinator(container: try container())
        coordinator.tabHosts = [
            "home": ["Product", "NewProduct", "Files", "File", "Search", "Category"]
        ]
        try coordinator.navigate(
            .tabs(
                [TabItem("home", scene: "Home"), TabItem("inbox", scene: "Inbox")], selected: "home"
            ))
        return coordinator
    }
}

/// Asserts that opening `url` fails with exactly `expected`, leaves the tree as it was, emits no
/// transition and reports the failure once.
@MainActor
func expectLinkRejected(
    _ url: String, in table: LinkTable, on coordinator: AppCoordinator,
    from source: AppLink.Source = .outside, with expected: NavigationError,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let before = coordinator.tree
    let recorder = EventRecorder(coordinator)
    #expect(throws: expected, sourceLocation: sourceLocation) {
        try coordinator.open(.universal(url, in: table, from: source))
    }
    #expect(coordinator.tree == before, sourceLocation: sourceLocation)
    #expect(recorder.transitions.isEmpty, sourceLocation: sourceLocation)
    #expect(
        recorder.failures
            == [
                NavigationEvent.Failure(
                    operation: .open(.universal(url, in: table, from: source)), error: expected)
            ],
        sourceLocation: sourceLocation)
    #expect(coordinator.tree.invariantViolations() == [], sourceLocation: sourceLocation)
}

/// `.link(.unhandledLink)` for `url`, for `reason`.
func unhandled(_ url: String, _ reason: NavigationError.UnhandledLink.Reason) -> NavigationError {
    .link(.unhandledLink(NavigationError.UnhandledLink(url: url, reason: reason)))
}

extension Shop {
    /// What a link from outside does from the shop's tabs (home: Home #1, selected; inbox:
    /// Inbox #2): the stack of the tab it leaves selected, the sheet it presents, or why it is
    /// refused.
    enum Outcome: Sendable {
        /// Tab home stays selected and shows this stack; inbox keeps Inbox #2.
        case home(String)
        /// Tab inbox is selected and shows this stack; home keeps Home #1.
        case inbox(String)
        /// Both tabs as they were, under a sheet showing this stack.
        case sheet(String)
        case refused(NavigationError.UnhandledLink.Reason)
        /// No route matches the link's path.
        case noRoute

        /// `route` needs an integer `id`, and the link gives `value`.
        static func notAnInteger(_ route: String, _ value: String) -> Outcome {
            .refused(.invalidValue(route: route, parameter: "id", value: value, expected: .int))
        }

        static func notReachable(_ route: String) -> Outcome {
            .refused(.notReachableFromOutside(route: route))
        }

        /// The tree's description, or `nil` for a refusal.
        var tree: String? {
            switch self {
            case .home(let stack):
                "window\n└─ tabs\n   ├─ tab home, selected: \(stack)\n   └─ tab inbox: Inbox #2"
            case .inbox(let stack):
                "window\n└─ tabs\n   ├─ tab home: Home #1\n   └─ tab inbox, selected: \(stack)"
            case .sheet(let stack):
                "window\n└─ tabs\n   ├─ tab home, selected: Home #1\n   ├─ tab inbox: Inbox #2\n"
                    + "   └─ modal (sheet): \(stack)"
            case .refused, .noRoute: nil
            }
        }

        /// Why a link to `path` is refused, or `nil` when it opens.
        func refusal(of path: String) -> NavigationError.UnhandledLink.Reason? {
            switch self {
            case .noRoute: .noRoute(path: path)
            case .refused(let reason): reason
            case .home, .inbox, .sheet: nil
            }
        }
    }

    /// Each route's path with each value of the reachability test, and what its link does.
    ///
    /// An action leaves the tabs as they were (`.home("Home #1")`); a `#` ends the path and a
    /// `?` starts the query.
    static let outcomes: [(path: String, outcome: Outcome)] = [
        ("home", .home("Home #3")),
        ("product/42", .home("Home #1 › Product #3 (id=42)")),
        ("product/new", .home("Home #1 › NewProduct #3")),
        ("product/a", .notAnInteger("product/:id", "a")),
        ("product/a/b", .noRoute),
        ("product/%2F", .notAnInteger("product/:id", "/")),
        ("product/x?y", .notAnInteger("product/:id", "x")),
        ("product/7#f", .home("Home #1 › Product #3 (id=7)")),
        ("product/42/reviews", .sheet("Product #3 (id=42) › Reviews #4 (id=42)")),
        ("product/new/reviews", .notAnInteger("product/:id", "new")),
        ("product/a/reviews", .notAnInteger("product/:id", "a")),
        ("product/a/b/reviews", .noRoute),
        ("product/%2F/reviews", .notAnInteger("product/:id", "/")),
        ("product/x?y/reviews", .notAnInteger("product/:id", "x")),
        ("product/7#f/reviews", .home("Home #1 › Product #3 (id=7)")),
        ("inbox", .inbox("Inbox #3")),
        ("inbox/42", .inbox("Inbox #3 › Thread #4 (thread=42)")),
        ("inbox/new", .inbox("Inbox #3 › Thread #4 (thread=new)")),
        ("inbox/a", .inbox("Inbox #3 › Thread #4 (thread=a)")),
        ("inbox/a/b", .noRoute),
        ("inbox/%2F", .inbox("Inbox #3 › Thread #4 (thread=/)")),
        ("inbox/x?y", .inbox("Inbox #3 › Thread #4 (thread=x, y=)")),
        ("inbox/7#f", .inbox("Inbox #3 › Thread #4 (thread=7)")),
        ("search/42", .home("Home #1 › Search #3 (term=42)")),
        ("search/new", .home("Home #1 › Search #3 (term=new)")),
        ("search/a", .home("Home #1 › Search #3 (term=a)")),
        ("search/a/b", .noRoute),
        ("search/%2F", .home("Home #1 › Search #3 (term=/)")),
        ("search/x?y", .home("Home #1 › Search #3 (term=x, y=)")),
        ("search/7#f", .home("Home #1 › Search #3 (term=7)")),
        ("product/42/photos", .home("Home #1 › Product #3 (id=42) › Photos #4 (id=42)")),
        ("product/new/photos", .notAnInteger("product/:id", "new")),
        ("product/a/photos", .notAnInteger("product/:id", "a")),
        ("product/a/b/photos", .noRoute),
        ("product/%2F/photos", .notAnInteger("product/:id", "/")),
        ("product/x?y/photos", .notAnInteger("product/:id", "x")),
        ("product/7#f/photos", .home("Home #1 › Product #3 (id=7)")),
        ("debug/menu", .notReachable("debug/menu")),
        ("checkout/done", .notReachable("checkout/done")),
        ("files/42", .home("Home #1 › File #3 (name=42)")),
        ("files/new", .home("Home #1 › File #3 (name=new)")),
        ("files/a", .home("Home #1 › File #3 (name=a)")),
        ("files/a/b", .home("Home #1 › Files #3 (path=a/b)")),
        ("files/%2F", .home("Home #1 › File #3 (name=/)")),
        ("files/x?y", .home("Home #1 › File #3 (name=x, y=)")),
        ("files/7#f", .home("Home #1 › File #3 (name=7)")),
        ("docs/42", .home("Home #1 › Files #3 (page=42)")),
        ("docs/new", .home("Home #1 › Files #3 (page=new)")),
        ("docs/a", .home("Home #1 › Files #3 (page=a)")),
        ("docs/a/b", .home("Home #1 › Files #3 (page=a/b)")),
        ("docs/%2F", .home("Home #1 › Files #3 (page=/)")),
        ("docs/x?y", .home("Home #1 › Files #3 (page=x, y=)")),
        ("docs/7#f", .home("Home #1 › Files #3 (page=7)")),
        ("category/42", .home("Home #1 › Category #3 (slug=42)")),
        ("category/new", .home("Home #1 › Category #3 (slug=new)")),
        ("category/a", .home("Home #1 › Category #3 (slug=a)")),
        ("category/a/b", .noRoute),
        ("category/%2F", .home("Home #1 › Category #3 (slug=/)")),
        ("category/x?y", .home("Home #1 › Category #3 (slug=x, y=)")),
        ("category/7#f", .home("Home #1 › Category #3 (slug=7)")),
        (
            "category/42/product/42",
            .home("Home #1 › Category #3 (slug=42) › Product #4 (id=42, slug=42)")
        ),
        ("category/new/product/new", .notAnInteger("category/:slug/product/:id", "new")),
        ("category/a/product/a", .notAnInteger("category/:slug/product/:id", "a")),
        ("category/a/b/product/a/b", .noRoute),
        ("category/%2F/product/%2F", .notAnInteger("category/:slug/product/:id", "/")),
        ("category/x?y/product/x?y", .home("Home #1 › Category #3 (slug=x, y/product/x?y=)")),
        ("category/7#f/product/7#f", .home("Home #1 › Category #3 (slug=7)")),
        ("help/42", .notReachable("help/:topic")),
        ("help/new", .notReachable("help/:topic")),
        ("help/a", .notReachable("help/:topic")),
        ("help/a/b", .noRoute),
        ("help/%2F", .notReachable("help/:topic")),
        ("help/x?y", .notReachable("help/:topic")),
        ("help/7#f", .notReachable("help/:topic")),
        ("settings/theme/42", .home("Home #1")),
        ("settings/theme/new", .home("Home #1")),
        ("settings/theme/a", .home("Home #1")),
        ("settings/theme/a/b", .noRoute),
        ("settings/theme/%2F", .home("Home #1")),
        ("settings/theme/x?y", .home("Home #1")),
        ("settings/theme/7#f", .home("Home #1")),
    ]
}
