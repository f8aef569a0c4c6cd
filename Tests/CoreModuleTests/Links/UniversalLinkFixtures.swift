import CoreModule
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
    from source: LinkSource = .outside, with expected: NavigationError,
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
                NavigationFailure(
                    operation: .open(.universal(url, in: table, from: source)), error: expected)
            ],
        sourceLocation: sourceLocation)
    #expect(coordinator.tree.invariantViolations() == [], sourceLocation: sourceLocation)
}

/// `.unhandledLink` for `url`, for `reason`.
func unhandled(_ url: String, _ reason: UnhandledLink.Reason) -> NavigationError {
    .unhandledLink(UnhandledLink(url: url, reason: reason))
}
