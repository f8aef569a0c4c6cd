/// A link handed to the app, with how to read it: the package's own link form, or a universal
/// link of the app's ``LinkTable``.
///
/// One value for ``AppCoordinator/open(_:force:)`` and ``AppCoordinator/openWhenAllowed(_:force:)``,
/// whichever form the link has:
///
/// ```swift
/// try coordinator.open(.deepLink("demo://open/A1/A2", format: format))
/// try coordinator.open(.universal("https://shop.example.com/product/42", in: links))
/// ```
public struct AppLink: Hashable, Sendable, CustomStringConvertible {
    /// How a link is read.
    package enum Form: Hashable, Sendable {
        /// A link of the package's own grammar, read with this format.
        case deepLink(DeepLinkFormat)
        /// A universal link, read with this table, from this source: a link from outside opens
        /// only routes reachable from outside.
        case universal(LinkTable, source: AppLink.Source)
    }

    /// The link as it arrived.
    public let text: String
    /// How to read it.
    package let form: Form

    /// A link of the package's own grammar (see ``DeepLinkFormat``).
    ///
    /// - Parameters:
    ///   - link: The link as it arrived.
    ///   - format: The app's link scheme, host and limits.
    /// - Returns: The link.
    public static func deepLink(_ link: String, format: DeepLinkFormat) -> AppLink {
        AppLink(text: link, form: .deepLink(format))
    }

    /// A universal link of the app's table (see ``LinkTable``).
    ///
    /// - Parameters:
    ///   - url: The link, as the system hands it to the app.
    ///   - table: The app's link table.
    ///   - source: Where the link comes from; ``AppLink/Source/outside`` by default, which opens
    ///     only routes marked reachable from outside.
    /// - Returns: The link.
    public static func universal(
        _ url: String, in table: LinkTable, from source: AppLink.Source = .outside
    ) -> AppLink {
        AppLink(text: url, form: .universal(table, source: source))
    }

    /// The link, shortened when long, in quotes.
    public var description: String { "\"\(NavigationError.shorten(text))\"" }

    /// Opening the link, as observers and errors name it.
    var operation: NavigationEvent.Operation { .open(self) }
}
