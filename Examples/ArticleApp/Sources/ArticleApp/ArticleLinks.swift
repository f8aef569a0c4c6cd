public import CoreModule

/// The article app's universal links: what a link from a web page, a message or another app may
/// open, and where it lands in the tab bar.
///
/// Links arrive in two forms that read the same path: `https://article.example.com/a1/a2` (a
/// universal link, which needs the app's associated domain) and `articleapp-swiftui://a1/a2`
/// (the app's custom scheme, which the simulator opens with `xcrun simctl openurl booted URL`).
/// Each iOS app declares a scheme of its own, so that a link opens the app it names: the SwiftUI
/// app ``swiftUIScheme``, the UIKit app ``uiKitScheme``.
///
/// | link | what the user sees |
/// |---|---|
/// | `/a1` | tab "a", its stack set to A1 |
/// | `/a1/a2` | tab "a", its stack set to A1 › A2 (a back stack) |
/// | `/b1` | B1 in a sheet over the tab bar |
/// | `/b1/c1` | B1 › C1 in a sheet |
/// | `/c1` | tab "c", its stack set to C1 |
/// | `/debug/a2` | the app's own links only: A2 pushed onto the selected tab |
public enum ArticleLinks {
    /// The web host whose links the app handles.
    public static let host = "article.example.com"
    /// The SwiftUI app's custom URL scheme, declared in its Info.plist.
    public static let swiftUIScheme = "articleapp-swiftui"
    /// The UIKit app's custom URL scheme, declared in its Info.plist.
    public static let uiKitScheme = "articleapp-uikit"

    /// The app's link table, checked as it is made.
    ///
    /// - Returns: The table.
    /// - Throws: ``NavigationError/LinkFailure/invalidLinkTable(_:)`` if a route is malformed: a
    ///   programming error, which `ArticleAppTests` would catch first.
    public static func makeTable() throws(NavigationError) -> LinkTable {
        // Both apps' schemes: the system hands each app only links of its own.
        try LinkTable(
            accepting: [.web(host: host), .scheme(swiftUIScheme), .scheme(uiKitScheme)],
            routes: routes)
    }

    /// The table's routes, which the start-up check also reads.
    public static let routes: [LinkRoute] = [
        LinkRoute("a1", scene: "A1", effect: .selectTab("a"), reachableFromOutside: true),
        LinkRoute(
            "a1/a2", scene: "A2", parent: "a1", effect: .selectTab("a"),
            reachableFromOutside: true),
        LinkRoute(
            "b1", scene: "B1", effect: .present(.sheet()), reachableFromOutside: true),
        LinkRoute(
            "b1/c1", scene: "C1", parent: "b1", effect: .present(.sheet()),
            reachableFromOutside: true),
        LinkRoute("c1", scene: "C1", effect: .selectTab("c"), reachableFromOutside: true),
        // Not reachable from outside: the app's own help text may link to it.
        LinkRoute("debug/a2", scene: "A2", effect: .push),
    ]
}
