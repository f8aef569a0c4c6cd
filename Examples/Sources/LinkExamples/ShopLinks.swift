public import CoreModule

/// A shop app's universal links, as a real app receives them: a tab root of five tabs, 32
/// routes over two web hosts, a custom scheme and one that carries the web host, the site's
/// root, a brand page at the top of the site beside the literal routes, nested routes that
/// build a back stack, a query item that adds a screen and one that sends the link to the
/// browser, a repeated query item read as a list, a different effect per route, a list of the
/// routes a link from outside may reach, and actions.
///
/// Walked through in docs/deep-links.md, "Universal links".
public enum ShopLinks {
    /// The tabs of the shop's root, each with its first scene.
    public static let tabs: [TabItem] = [
        TabItem("home", scene: "Home"), TabItem("search", scene: "Search"),
        TabItem("cart", scene: "Cart"), TabItem("inbox", scene: "Inbox"),
        TabItem("account", scene: "Account"),
    ]

    /// Every scene of the shop; `Product` and `Order` need an integer `id`; `Search` lists the
    /// link's `tag` items.
    public static let scenes: [SceneIdentifier] = [
        "Home", "Search", "Cart", "Inbox", "Account", "Product", "Reviews", "Review", "Photos",
        "Category", "Results", "Checkout", "OrderPlaced", "Thread", "Orders", "Order", "Settings",
        "Password", "Promo", "GiftCard", "Help", "HelpTopic", "Store", "Debug", "Flags",
        "Document", "Brand",
    ]

    /// The link table: the web hosts with and without `www.`, the `shop` scheme, and the
    /// `shopapp` scheme that the app's own notifications send with the web host
    /// (`shopapp://shop.example.com/inbox/12`), read by the same routes.
    public static func table() throws(NavigationError) -> LinkTable {
        try LinkTable(accepting: origins, routes: routes)
    }

    /// The table's origins, in the order links are shared with them.
    public static let origins: [LinkTable.Origin] = [
        .web(host: "shop.example.com"), .web(host: "www.shop.example.com"),
        .scheme("shop"), .schemeAndHost("shopapp", host: "shop.example.com"),
    ]

    /// The routes; `reachableFromOutside` marks what a link from outside may open.
    public static let routes: [LinkRoute] = [
        // Tabs: select the tab and set its stack. The site's root opens the home tab too.
        LinkRoute("/", scene: "Home", effect: .selectTab("home"), reachableFromOutside: true),
        LinkRoute("home", scene: "Home", effect: .selectTab("home"), reachableFromOutside: true),
        LinkRoute(
            "search", scene: "Search", effect: .selectTab("search"), reachableFromOutside: true),
        LinkRoute(
            "search/:term", scene: "Results", parent: "search", effect: .selectTab("search"),
            reachableFromOutside: true),
        LinkRoute("cart", scene: "Cart", effect: .selectTab("cart"), reachableFromOutside: true),
        LinkRoute(
            "cart/checkout", scene: "Checkout", parent: "cart", effect: .selectTab("cart")),
        LinkRoute(
            "cart/checkout/done", scene: "OrderPlaced", parent: "cart/checkout",
            effect: .selectTab("cart")),
        LinkRoute("inbox", scene: "Inbox", effect: .selectTab("inbox"), reachableFromOutside: true),
        LinkRoute(
            "inbox/:thread", scene: "Thread", parent: "inbox", effect: .selectTab("inbox"),
            reachableFromOutside: true),
        LinkRoute(
            "account", scene: "Account", effect: .selectTab("account"), reachableFromOutside: true),
        LinkRoute(
            "account/orders", scene: "Orders", parent: "account", effect: .selectTab("account"),
            reachableFromOutside: true),
        LinkRoute(
            "account/orders/:id", scene: "Order", parent: "account/orders",
            effect: .selectTab("account"), reachableFromOutside: true),
        LinkRoute(
            "account/settings", scene: "Settings", parent: "account",
            effect: .selectTab("account")),
        LinkRoute(
            "account/settings/password", scene: "Password", parent: "account/settings",
            effect: .selectTab("account")),
        // The catalogue: replace (the default), in the tab that hosts the scene.
        // `?photo=3` adds the photo viewer above the product; a `preview` link (a product not
        // yet published, which only the website shows) goes to the browser.
        LinkRoute(
            "product/:id", scene: "Product",
            queryScreens: [LinkRoute.QueryScreen("photo", scene: "Photos")],
            refusingQueryItems: ["preview"], reachableFromOutside: true),
        LinkRoute(
            "product/:id/photos", scene: "Photos", parent: "product/:id",
            reachableFromOutside: true),
        LinkRoute("category/:slug", scene: "Category", reachableFromOutside: true),
        LinkRoute(
            "category/:slug/product/:id", scene: "Product", parent: "category/:slug",
            reachableFromOutside: true),
        LinkRoute("files/*path", scene: "Document", reachableFromOutside: true),
        // A brand's page at the top of the site (`/teaworks`): every literal route beside it
        // (`cart`, `help`) still opens its own screen.
        LinkRoute(":brand", scene: "Brand", reachableFromOutside: true),
        // Over whatever is showing: present, after dismissing what is presented.
        LinkRoute(
            "product/:id/reviews", scene: "Reviews", parent: "product/:id",
            effect: .present(.sheet()), reachableFromOutside: true),
        LinkRoute(
            "product/:id/reviews/:review", scene: "Review", parent: "product/:id/reviews",
            effect: .present(.sheet()), reachableFromOutside: true),
        LinkRoute(
            "promo/:code", scene: "Promo", effect: .present(.sheet(detents: [.medium])),
            reachableFromOutside: true),
        LinkRoute(
            "gift-card/:code", scene: "GiftCard", effect: .present(.fullScreenCover),
            reachableFromOutside: true),
        LinkRoute("debug", scene: "Debug", effect: .present(.fullScreenCover)),
        LinkRoute(
            "debug/flags", scene: "Flags", parent: "debug", effect: .present(.fullScreenCover)),
        // Onto the selected tab.
        LinkRoute("help", scene: "Help", effect: .push, reachableFromOutside: true),
        LinkRoute(
            "help/:topic", scene: "HelpTopic", parent: "help", effect: .push,
            reachableFromOutside: true),
        LinkRoute("stores/:city", scene: "Store", effect: .push, reachableFromOutside: true),
        // Actions: no screen, an event the app acts on.
        LinkRoute("settings/theme/:value", action: "set-theme", reachableFromOutside: true),
        LinkRoute("notifications/off", action: "mute-notifications", reachableFromOutside: true),
        LinkRoute("app/*path", action: "open-on-the-web", reachableFromOutside: true),
    ]

    /// Registers a screen for every scene; the search screen reads its tags, a repeated query
    /// item (`search?tag=teapots&tag=green`), as a list.
    public static func register(in container: DependencyContainer) throws(NavigationError) {
        var builders: [SceneBuilder] = []
        for scene in scenes {
            let required: [String: ParameterType] =
                scene == "Product" || scene == "Order" ? ["id": .int] : [:]
            builders.append(
                SceneBuilder(scene, requiredParameters: required) { context in
                    ShopScreen(
                        context.scene,
                        tags: context.parameters.value("tag", as: [String].self) ?? [])
                })
        }
        try container.assemble(contentsOf: builders)
    }

    /// A coordinator over the shop's scenes, at its tab root, with the catalogue hosted by the
    /// `home` tab.
    @MainActor
    public static func coordinator() throws(NavigationError) -> AppCoordinator {
        let container = DependencyContainer()
        try register(in: container)
        let coordinator = AppCoordinator(container: container)
        coordinator.tabHosts = ["home": ["Product", "Category", "Document", "Brand"]]
        try coordinator.navigate(.tabs(tabs, selected: "home"))
        return coordinator
    }
}

/// A shop screen: the example builds no views.
@MainActor
public final class ShopScreen {
    /// The scene the screen shows.
    public let scene: SceneIdentifier
    /// The tags a search lists: the link's `tag` items, in order (`?tag=teapots&tag=green`).
    public let tags: [String]

    init(_ scene: SceneIdentifier, tags: [String]) {
        self.scene = scene
        self.tags = tags
    }
}

/// Opens the links a shop receives in a day and writes what each does, then shares the visible
/// screen; returns whether every step did what it should.
///
/// - Parameter write: Where each line goes.
/// - Returns: Whether every link that should open opened, and every other was refused.
@MainActor
public func runShopLinksExample(write: @escaping (String) -> Void) -> Bool {
    let table: LinkTable
    let coordinator: AppCoordinator
    do {
        table = try ShopLinks.table()
        coordinator = try ShopLinks.coordinator()
    } catch {
        write("✗ \(error)")
        return false
    }
    let reachable = ShopLinks.routes.filter(\.isReachableFromOutside).count
    let origins = ShopLinks.origins.map { "\($0)" }.joined(separator: ", ")
    write(
        "A shop: 5 tabs, \(ShopLinks.routes.count) routes on \(origins); "
            + "\(reachable) reachable from outside.")
    var succeeded = true
    let token = coordinator.observe { event in
        switch event {
        case .transition(let transition): write("   ✓ \(transition)")
        case .linkAction(let action): write("   ✓ \(action)")
        case .failure: break
        }
    }
    defer { withExtendedLifetime(token) {} }

    func open(_ url: String, from source: AppLink.Source = .outside, expect: Bool, showTree: Bool) {
        write("")
        write(source == .outside ? "open \(url)" : "open \(url) (from the app)")
        do {
            try coordinator.open(.universal(url, in: table, from: source))
            if !expect { succeeded = false }
        } catch .link(.unhandledLink(let link)) {
            write("   ✗ not handled, to the browser: \(link.reason)")
            if expect { succeeded = false }
        } catch {
            write("   ✗ \(error)")
            if expect { succeeded = false }
        }
        if showTree {
            for line in coordinator.tree.description.split(separator: "\n") { write("   \(line)") }
        }
    }

    open("https://shop.example.com/product/42?ref=mail", expect: true, showTree: true)
    open("https://shop.example.com/product/42?photo=3", expect: true, showTree: true)
    open("https://shop.example.com/product/42?preview=x7", expect: false, showTree: false)
    open("shopapp://shop.example.com/inbox/12", expect: true, showTree: false)
    open("https://www.shop.example.com/product/42/reviews/7", expect: true, showTree: true)
    open("shop://inbox/12", expect: true, showTree: true)
    open("https://shop.example.com/search/green%20tea?sort=price", expect: true, showTree: false)
    open("https://shop.example.com/account/orders/981", expect: true, showTree: true)
    open("https://shop.example.com/promo/SPRING?utm_source=mail", expect: true, showTree: true)
    open("https://shop.example.com/help/returns/", expect: true, showTree: false)
    open("https://shop.example.com/files/manuals/kettle.pdf", expect: true, showTree: true)
    open("https://shop.example.com/settings/theme/dark", expect: true, showTree: false)
    open("https://shop.example.com/app/orders/legacy?id=9", expect: true, showTree: false)
    open("https://shop.example.com/", expect: true, showTree: true)
    open("https://shop.example.com/teaworks", expect: true, showTree: true)
    open("https://shop.example.com/cart", expect: true, showTree: false)
    open("https://shop.example.com/search?tag=teapots&tag=green", expect: true, showTree: false)
    if let search = coordinator.tree.visibleScreen?.content as? ShopScreen {
        write("   the search lists the tags \(search.tags.joined(separator: " and "))")
    } else {
        succeeded = false
    }
    open(
        "https://shop.example.com/search?tag=teapots,green&tag=new", expect: false, showTree: false)
    open("https://shop.example.com/cart/checkout", expect: false, showTree: false)
    open("https://evil.example.com/product/42", expect: false, showTree: false)
    open("https://shop.example.com/product/forty-two", expect: false, showTree: false)
    open("https://shop.example.com/product/42/specs", expect: false, showTree: false)
    open("shop://debug/flags", from: .app, expect: true, showTree: true)

    write("")
    write("share the visible screen")
    do {
        _ = try coordinator.universalLink(in: table)
        succeeded = false
    } catch {
        write("   ✗ \(error)")
    }
    open("https://shop.example.com/category/teapots/product/7", expect: true, showTree: true)
    do {
        write("")
        write("share the visible screen")
        write("   \(try coordinator.universalLink(in: table) ?? "nothing to share")")
    } catch {
        write("   ✗ \(error)")
        succeeded = false
    }
    return succeeded
}
