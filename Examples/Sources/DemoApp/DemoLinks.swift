public import CoreModule

/// The demo app's universal links: `https://shop.example.com/…`, the same with `www.`,
/// `shop://…`, and `shopapp://shop.example.com/…` (a scheme that carries the web host), over the
/// scenes of FeatureA and FeatureB.
///
/// `product/:id` adds B1 above A2 for a link with an `offer` query item, and refuses a link with
/// a `preview` item (the browser shows previews).
///
/// | route | scene | what the link does | from outside |
/// |---|---|---|---|
/// | `home` | A1 | selects the tab `home`, sets its stack | yes |
/// | `product/:id` | A2, above `home` | selects the tab `home`, sets its stack to A1 › A2 | yes |
/// | `offers/:item` | B1 | presents a sheet over what is showing | yes |
/// | `offers/:item/details` | B2, above `offers/:item` | presents B1 › B2 in a sheet | yes |
/// | `shop` | B1 | selects the tab `shop`, sets its stack | yes |
/// | `debug` | B2 | presents a full-screen cover | no |
/// | `settings/theme/:value` | action `set-theme` | nothing on screen; an event | yes |
public enum DemoLinks {
    /// The table; made once, checked when it is made.
    public static func table() throws(NavigationError) -> LinkTable {
        try LinkTable(
            accepting: [
                .web(host: "shop.example.com"), .web(host: "www.shop.example.com"),
                .scheme("shop"), .schemeAndHost("shopapp", host: "shop.example.com"),
            ],
            routes: [
                LinkRoute(
                    "home", scene: "A1", effect: .selectTab("home"), reachableFromOutside: true),
                LinkRoute(
                    "product/:id", scene: "A2", parent: "home", effect: .selectTab("home"),
                    queryScreens: [LinkRoute.QueryScreen("offer", scene: "B1")],
                    refusingQueryItems: ["preview"], reachableFromOutside: true),
                LinkRoute(
                    "offers/:item", scene: "B1", effect: .present(.sheet()),
                    reachableFromOutside: true),
                LinkRoute(
                    "offers/:item/details", scene: "B2", parent: "offers/:item",
                    effect: .present(.sheet()), reachableFromOutside: true),
                LinkRoute(
                    "shop", scene: "B1", effect: .selectTab("shop"), reachableFromOutside: true),
                LinkRoute("debug", scene: "B2", effect: .present(.fullScreenCover)),
                LinkRoute("settings/theme/:value", action: "set-theme", reachableFromOutside: true),
            ])
    }
}
