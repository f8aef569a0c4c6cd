/// A link that arrived before the app could open it, kept to be opened once.
///
/// See ``AppCoordinator/openWhenAllowed(_:force:)``: at most one link is held, the newest,
/// whichever its form.
public struct HeldLink: Hashable, Sendable, CustomStringConvertible {
    /// The link, and how to read it.
    public let link: AppLink
    /// Whether to replace screens that veto leaving when it is opened.
    public let force: Bool

    /// Creates a held link; coordinators make these, and the package's tests may too.
    package init(_ link: AppLink, force: Bool = false) {
        self.link = link
        self.force = force
    }

    /// Opening the link, as observers and errors name it.
    var operation: NavigationEvent.Operation { link.operation }

    /// The link, shortened when long, in quotes.
    public var description: String { link.description }
}

extension HeldLink {
    /// Why links are held rather than opened.
    public enum Hold: Hashable, Sendable, CustomStringConvertible {
        /// The app has not said it is ready yet (``AppCoordinator/markReadyForLinks()``): it is
        /// still launching, restoring, or has no root.
        case appNotReady
        /// The screen is in front (a sign-in a guard redirected to, say) and the link waits until it
        /// leaves the tree.
        case screenInFront(ScreenID)
        /// The flow with this key is in front (a sign-in flow) and the link waits until it finishes;
        /// the key is empty while the flow is not started yet.
        case flowInFront(key: String)

        /// The reason as a phrase: `until the app is ready`, `until screen #4 leaves`, `until flow
        /// "sign-in" finishes`.
        public var description: String {
            switch self {
            case .appNotReady: return "until the app is ready"
            case .screenInFront(let screen): return "until screen \(screen) leaves"
            case .flowInFront(let key) where key.isEmpty:
                return "until a flow, not started yet, has started and finished"
            case .flowInFront(let key):
                return "until flow \"\(NavigationError.shorten(key))\" finishes"
            }
        }
    }
}

extension AppLink {
    /// What became of a link given to ``AppCoordinator/openWhenAllowed(_:force:)``.
    public enum Delivery: Equatable, Sendable, CustomStringConvertible {
        /// The link was opened: the transition it made, the action it reported
        /// (``NavigationEvent/linkAction(_:)``), or `nil` when a guard redirected it to a request
        /// that was already satisfied.
        case opened(NavigationEvent?)
        /// The link is held, for the reason given, and will be opened once that reason is gone.
        case held(HeldLink, until: HeldLink.Hold)

        /// The delivery as one line: `opened: …` or `held "…" until the app is ready`.
        public var description: String {
            switch self {
            case .opened(let event):
                return "opened: \(event.map { "\($0)" } ?? "nothing to change")"
            case .held(let link, let hold): return "held \(link) \(hold)"
            }
        }
    }
}

/// What a held link waits for beyond the app being ready: a screen to leave or a flow to finish.
@MainActor
enum LinkBlocker {
    case screen(ScreenID)
    case flow(Weak)

    /// A flow, held weakly: a released flow has finished.
    final class Weak {
        weak var flow: FlowCoordinator?
        init(_ flow: FlowCoordinator) { self.flow = flow }
    }

    /// Whether what the link waits for is gone from `coordinator`.
    func isGone(in coordinator: AppCoordinator) -> Bool {
        switch self {
        case .screen(let id): return coordinator.tree.location(of: id) == nil
        case .flow(let box): return box.flow?.isFinished ?? true
        }
    }

    var hold: HeldLink.Hold {
        switch self {
        case .screen(let id): return .screenInFront(id)
        // The flow's key as it is now: a flow held for before it started has one once it has.
        // (Read only while the flow is not gone, so while it exists.)
        case .flow(let box): return .flowInFront(key: box.flow?.key ?? "")
        }
    }
}
