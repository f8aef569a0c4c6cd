import CoreModule
import Foundation
import LinkExamples
import Testing

@MainActor
@Suite("The shop's universal links print their checked-in transcript")
struct LinkExampleTests {
    private static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    @Test("every link that should open opens, every other is refused, as the golden says")
    func transcript() throws {
        var lines: [String] = []
        let succeeded = runShopLinksExample { lines.append($0) }
        #expect(succeeded)
        let transcript = lines.joined(separator: "\n") + "\n"
        let golden = try String(
            contentsOf: Self.fixtures.appendingPathComponent("shop-links.txt"), encoding: .utf8)
        #expect(transcript == golden)
    }

    @Test("the table has 32 routes on two hosts and two schemes, nested and reachable ones")
    func table() throws {
        // The table is made from them (a route or origin it refused would throw).
        _ = try ShopLinks.table()
        let routes = ShopLinks.routes
        #expect(routes.count == 32)
        #expect(ShopLinks.origins.count == 4)
        #expect(routes.contains { !$0.queryScreens.isEmpty })
        #expect(routes.contains { !$0.refusedQueryItems.isEmpty })
        #expect(routes.contains { $0.parent != nil })
        #expect(routes.contains { !$0.isReachableFromOutside })
        #expect(routes.contains { if case .action = $0.target { true } else { false } })
    }

    /// What the link to a route (each value `7`) does from the shop's tabs: the stack it
    /// leaves in the tab it selects, the modal it presents over the tabs, the action it reports,
    /// or its refusal, for a route not reachable from outside.
    enum Outcome {
        case tab(String, String)
        case modal(String)
        case action(String)
        case notReachable
    }

    static let outcomes: [String: Outcome] = [
        "": .tab("home", "Home #6"),
        "7": .tab("home", "Home #1 › Brand #6 (brand=7)"),
        "home": .tab("home", "Home #6"),
        "search": .tab("search", "Search #6"),
        "search/7": .tab("search", "Search #6 › Results #7 (term=7)"),
        "cart": .tab("cart", "Cart #6"),
        "cart/checkout": .notReachable,
        "cart/checkout/done": .notReachable,
        "inbox": .tab("inbox", "Inbox #6"),
        "inbox/7": .tab("inbox", "Inbox #6 › Thread #7 (thread=7)"),
        "account": .tab("account", "Account #6"),
        "account/orders": .tab("account", "Account #6 › Orders #7"),
        "account/orders/7": .tab("account", "Account #6 › Orders #7 › Order #8 (id=7)"),
        "account/settings": .notReachable,
        "account/settings/password": .notReachable,
        "product/7": .tab("home", "Home #1 › Product #6 (id=7)"),
        "product/7/photos": .tab("home", "Home #1 › Product #6 (id=7) › Photos #7 (id=7)"),
        "category/7": .tab("home", "Home #1 › Category #6 (slug=7)"),
        "category/7/product/7": .tab(
            "home", "Home #1 › Category #6 (slug=7) › Product #7 (id=7, slug=7)"),
        "files/7": .tab("home", "Home #1 › Document #6 (path=7)"),
        "product/7/reviews": .modal("modal (sheet): Product #6 (id=7) › Reviews #7 (id=7)"),
        "product/7/reviews/7": .modal(
            "modal (sheet): Product #6 (id=7) › Reviews #7 (id=7) › Review #8 (id=7, review=7)"),
        "promo/7": .modal("modal (sheet: medium): Promo #6 (code=7)"),
        "gift-card/7": .modal("modal (full-screen): GiftCard #6 (code=7)"),
        "debug": .notReachable,
        "debug/flags": .notReachable,
        "help": .tab("home", "Home #1 › Help #6"),
        "help/7": .tab("home", "Home #1 › Help #6 › HelpTopic #7 (topic=7)"),
        "stores/7": .tab("home", "Home #1 › Store #6 (city=7)"),
        "settings/theme/7": .action("action set-theme (value=7) from route settings/theme/:value"),
        "notifications/off": .action("action mute-notifications from route notifications/off"),
        "app/7": .action("action open-on-the-web (path=7) from route app/*path"),
    ]

    /// The shop's tree: its five tabs as they start, but `stack` in the tab `selected`, and
    /// `modal` presented over them.
    static func tree(selected: String = "home", stack: String? = nil, modal: String? = nil)
        -> String
    {
        let tabs = [
            ("home", "Home #1"), ("search", "Search #2"), ("cart", "Cart #3"),
            ("inbox", "Inbox #4"), ("account", "Account #5"),
        ]
        var lines = ["window", "└─ tabs"]
        for (index, (name, first)) in tabs.enumerated() {
            let branch = index == tabs.count - 1 && modal == nil ? "└─" : "├─"
            let shown = name == selected ? (stack ?? first) : first
            lines.append(
                "   \(branch) tab \(name)\(name == selected ? ", selected" : ""): \(shown)")
        }
        if let modal { lines.append("   └─ \(modal)") }
        return lines.joined(separator: "\n")
    }

    @Test(
        "the site's root opens the home tab; a first segment no literal route names opens the brand page",
        arguments: [
            ("https://shop.example.com/", "Home #6", nil),
            ("https://shop.example.com", "Home #6", nil),
            ("https://www.shop.example.com/teaworks", "Home #1 › Brand #6 (brand=teaworks)", nil),
            ("https://shop.example.com/tea%20works/", "Home #1 › Brand #6 (brand=tea works)", nil),
            ("https://shop.example.com/help", "Home #1 › Help #6", nil),
            ("https://shop.example.com/cart", "Cart #6", "cart"),
            ("https://shop.example.com/search", "Search #6", "search"),
        ] as [(String, String, String?)])
    func rootAndBrand(url: String, stack: String, tab: String?) throws {
        let table = try ShopLinks.table()
        let coordinator = try ShopLinks.coordinator()
        try coordinator.open(.universal(url, in: table))
        #expect(coordinator.tree.description == Self.tree(selected: tab ?? "home", stack: stack))
    }

    @Test("a repeated tag is a list the search screen reads; a comma in one refuses the link")
    func searchTags() throws {
        let table = try ShopLinks.table()
        let coordinator = try ShopLinks.coordinator()
        try coordinator.open(
            .universal("https://shop.example.com/search?tag=teapots&tag=green%20tea", in: table))
        let search = try #require(coordinator.tree.visibleScreen)
        #expect(search.parameters["tag"] == "teapots,green tea")
        #expect((search.content as? ShopScreen)?.tags == ["teapots", "green tea"])
        try coordinator.open(.universal("https://shop.example.com/search?tag=new", in: table))
        #expect((coordinator.tree.visibleScreen?.content as? ShopScreen)?.tags == ["new"])

        let before = coordinator.tree
        var events: [NavigationEvent] = []
        let token = coordinator.observe { events.append($0) }
        defer { token.cancel() }
        let url = "https://shop.example.com/search?tag=teapots,green&tag=new"
        do throws(NavigationError) {
            try coordinator.open(.universal(url, in: table))
            Issue.record("\(url) opened")
        } catch {
            guard case .link(.unhandledLink(let unhandled)) = error else {
                Issue.record("\(url): \(error)")
                return
            }
            #expect(unhandled.url == url)
            #expect(unhandled.reason.code == "unreadable")
            #expect(
                unhandled.reason.description
                    == "it cannot be read: its query gives \"tag\" more than once, "
                    + "with a \",\" in a value: a list's values cannot hold one")
            #expect(events.compactMap(\.failure).map(\.error) == [error])
        }
        #expect(coordinator.tree == before)
        #expect(events.compactMap(\.transition).isEmpty)
    }

    @Test("no link from outside opens a scene of a route that is not reachable from outside")
    func outsideReachesMarkedScenesOnly() throws {
        let table = try ShopLinks.table()
        let reachable = Set(ShopLinks.routes.filter(\.isReachableFromOutside).flatMap(\.scenes))
        #expect(try ShopLinks.coordinator().tree.description == Self.tree())
        var paths: Set<String> = []
        for route in ShopLinks.routes {
            let path = route.path.split(separator: "/").map {
                $0.first == ":" || $0.first == "*" ? "7" : String($0)
            }.joined(separator: "/")
            paths.insert(path)
            let url = "shop://" + path
            let coordinator = try ShopLinks.coordinator()
            let before = coordinator.tree
            var events: [NavigationEvent] = []
            let token = coordinator.observe { events.append($0) }
            defer { token.cancel() }
            switch Self.outcomes[path] {
            case .notReachable:
                do throws(NavigationError) {
                    try coordinator.open(.universal(url, in: table))
                    Issue.record("\(path) opened")
                } catch {
                    guard case .link(.unhandledLink(let unhandled)) = error else {
                        Issue.record("\(path): \(error)")
                        continue
                    }
                    #expect(unhandled.url == url)
                    #expect(unhandled.reason.code == "not-reachable-from-outside")
                    #expect(
                        unhandled.reason.description
                            == "its route \"\(route.path)\" is not reachable from outside the app")
                    #expect(events.compactMap(\.failure).map(\.error) == [error], "\(path)")
                }
                #expect(coordinator.tree == before, "\(path)")
                #expect(events.compactMap(\.transition).isEmpty, "\(path)")
            case .tab(let tab, let stack):
                try coordinator.open(.universal(url, in: table))
                #expect(
                    coordinator.tree.description == Self.tree(selected: tab, stack: stack),
                    "\(path)")
            case .modal(let modal):
                try coordinator.open(.universal(url, in: table))
                #expect(coordinator.tree.description == Self.tree(modal: modal), "\(path)")
            case .action(let action):
                let event = try coordinator.open(.universal(url, in: table))
                #expect(event?.description == action, "\(path)")
                #expect(coordinator.tree == before, "\(path)")
            case nil:
                Issue.record("no outcome for \(path)")
            }
            let built = coordinator.tree.screens.filter { !before.screens.contains($0) }
            #expect(built.allSatisfy { reachable.contains($0.scene) }, "\(path)")
            #expect(route.isReachableFromOutside || built.isEmpty, "\(path)")
        }
        #expect(paths == Set(Self.outcomes.keys))
    }
}
