/// A link that arrived before the app could open it, kept to be opened once.
///
/// See ``AppCoordinator/openWhenAllowed(_:format:force:)`` and
/// ``AppCoordinator/openWhenAllowed(universalLink:in:from:force:)``: at most one link is held,
/// the newest, whichever its form.
public struct HeldLink: Hashable, Sendable, CustomStringConvertible {
    /// How a held link is read: the package's own form, or a universal link of the app's table.
    public enum Form: Hashable, Sendable {
        /// A link of the package's own grammar, read with this format.
        case deepLink(DeepLinkFormat)
        /// A universal link, read with this table, from this source: a link from outside is
        /// checked again, when it is opened, to be reachable from outside.
        case universal(LinkTable, source: LinkSource)
    }

    /// The link as it arrived.
    public let link: String
    /// How to read it.
    public let form: Form
    /// Whether to replace screens that veto leaving when it is opened.
    public let force: Bool

    /// Creates a held link of the package's own form; coordinators make these, and tests may
    /// too.
    ///
    /// - Parameters:
    ///   - link: The link as it arrived.
    ///   - format: The format to read it with.
    ///   - force: Whether to replace screens that veto leaving when it is opened.
    package init(link: String, format: DeepLinkFormat, force: Bool = false) {
        self.link = link
        self.form = .deepLink(format)
        self.force = force
    }

    /// Creates a held universal link; coordinators make these, and tests may too.
    ///
    /// - Parameters:
    ///   - url: The link as it arrived.
    ///   - table: The app's link table.
    ///   - source: Where the link comes from.
    ///   - force: Whether to replace screens that veto leaving when it is opened.
    package init(
        universalLink url: String, in table: LinkTable, from source: LinkSource = .outside,
        force: Bool = false
    ) {
        self.link = url
        self.form = .universal(table, source: source)
        self.force = force
    }

    /// The format of a link of the package's own form; `nil` for a universal link.
    public var format: DeepLinkFormat? {
        if case .deepLink(let format) = form { return format }
        return nil
    }

    /// Opening the link, as observers and errors name it.
    var operation: NavigationOperation { request.operation }

    /// Opening the link, as the asynchronous entry points run it.
    var request: AsyncRequest {
        switch form {
        case .deepLink(let format): return .openLink(link, format: format)
        case .universal(let table, let source):
            return .universalLink(link, table: table, source: source)
        }
    }

    /// The link, shortened when long, in quotes.
    public var description: String { "\"\(NavigationError.shorten(link))\"" }
}

/// Why links are held rather than opened.
public enum LinkHold: Hashable, Sendable, CustomStringConvertible {
    /// The app has not said it is ready yet (``AppCoordinator/markReadyForLinks()``): it is
    /// still launching, restoring, or has no root.
    case appNotReady
    /// The screen is in front (a sign-in a guard redirected to, say) and the link waits until it
    /// leaves the tree.
    case screenInFront(ScreenID)
    /// The flow with this key is in front (a sign-in flow) and the link waits until it finishes.
    case flowInFront(key: String)

    /// The reason as a phrase: `until the app is ready`, `until screen #4 leaves`, `until flow
    /// "sign-in" finishes`.
    public var description: String {
        switch self {
        case .appNotReady: return "until the app is ready"
        case .screenInFront(let screen): return "until screen \(screen) leaves"
        case .flowInFront(let key): return "until flow \"\(NavigationError.shorten(key))\" finishes"
        }
    }
}

/// What became of a link given to ``AppCoordinator/openWhenAllowed(_:format:force:)``.
public enum LinkDelivery: Hashable, Sendable, CustomStringConvertible {
    /// The link was opened (or redirected to a request that was already satisfied: `nil`).
    case opened(TransitionEvent?)
    /// The link is held, for the reason given, and will be opened once that reason is gone.
    case held(HeldLink, until: LinkHold)

    /// The delivery as one line: `opened: …` or `held "…" until the app is ready`.
    public var description: String {
        switch self {
        case .opened(let event): return "opened: \(event.map { "\($0)" } ?? "nothing to change")"
        case .held(let link, let hold): return "held \(link) \(hold)"
        }
    }
}

/// What a held link waits for beyond the app being ready: a screen to leave or a flow to finish.
@MainActor
enum LinkBlocker {
    case screen(ScreenID)
    case flow(Weak, key: String)

    /// A flow, held weakly: a released flow has finished.
    final class Weak {
        weak var flow: FlowCoordinator?
        init(_ flow: FlowCoordinator) { self.flow = flow }
    }

    /// Whether what the link waits for is gone from `coordinator`.
    func isGone(in coordinator: AppCoordinator) -> Bool {
        switch self {
        case .screen(let id): return coordinator.tree.location(of: id) == nil
        case .flow(let box, _): return box.flow?.isFinished ?? true
        }
    }

    var hold: LinkHold {
        switch self {
        case .screen(let id): return .screenInFront(id)
        case .flow(_, let key): return .flowInFront(key: key)
        }
    }
}
