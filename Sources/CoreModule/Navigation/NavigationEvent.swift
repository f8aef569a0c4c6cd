/// One applied transition: what happened, to which screen, from where to where.
///
/// For ``TransitionKind/root``, ``TransitionKind/push`` and ``TransitionKind/present``, `scene`
/// and `screen` are the new screen; for the others they are the screen that was visible and
/// left. `from` is the visible screen before (`nil` when the window was empty) and `to` the
/// visible screen after.
public struct TransitionEvent: Hashable, Sendable {
    /// The event's number: 1 for a coordinator's first transition, then 2, 3, … .
    public let sequence: UInt64
    /// The visible screen before the transition; `nil` when the window was empty.
    public let from: ScreenLocation?
    // (The stored properties are ordered so that the small ones fill the padding after `from`:
    // an event of 128 bytes is copied inline, without a call to `memcpy`.)
    /// What kind of transition was applied.
    public let kind: TransitionKind
    /// Whether a renderer should animate the change.
    public let animated: Bool
    /// Who started the transition: the app, or the user through the platform (a back swipe).
    public let initiator: TransitionInitiator
    /// Which screen the transition is about.
    private let subject: Subject
    /// The visible screen after the transition.
    public let to: ScreenLocation
    /// How many screens left the tree.
    public let removedCount: Int
    /// What most events do not have, out of line: a redirect, or a subject that is neither
    /// `from` nor `to`.
    private let extras: Extras?

    /// Which screen an event is about.
    private enum Subject: UInt8, Sendable {
        /// `to`: the screen added.
        case to
        /// `from`: the visible screen that left.
        case from
        /// Another one, given to the public initializer, kept in ``Extras``.
        case other
    }

    /// The rarely used parts of an event, held by reference so that an event without them
    /// copies as plain bits and one reference that is `nil`.
    private final class Extras: Sendable {
        let redirectedFrom: NavigationOperation?
        let scene: SceneIdentifier
        let screen: ScreenID

        init(redirectedFrom: NavigationOperation?, scene: SceneIdentifier, screen: ScreenID) {
            self.redirectedFrom = redirectedFrom
            self.scene = scene
            self.screen = screen
        }
    }

    /// The scene the transition is about: the one added, or the visible one removed.
    public var scene: SceneIdentifier {
        switch subject {
        case .to: return to.scene
        case .from: return from?.scene ?? to.scene
        case .other: return extras?.scene ?? to.scene
        }
    }

    /// The screen the transition is about: the one added, or the visible one removed.
    public var screen: ScreenID {
        switch subject {
        case .to: return to.screen
        case .from: return from?.screen ?? to.screen
        case .other: return extras?.screen ?? to.screen
        }
    }

    /// The operation a guard redirected to this transition, if one did.
    public var redirectedFrom: NavigationOperation? { extras?.redirectedFrom }

    /// Creates an event; coordinators make these, and tests may too.
    ///
    /// - Parameters:
    ///   - sequence: The event's number.
    ///   - kind: The kind of transition.
    ///   - scene: The scene the transition is about.
    ///   - screen: The screen the transition is about.
    ///   - from: The visible screen before.
    ///   - to: The visible screen after.
    ///   - removedCount: How many screens left the tree.
    ///   - animated: Whether to animate.
    ///   - initiator: Who started the transition.
    ///   - redirectedFrom: The operation a guard redirected to this one.
    public init(
        sequence: UInt64, kind: TransitionKind, scene: SceneIdentifier, screen: ScreenID,
        from: ScreenLocation?, to: ScreenLocation, removedCount: Int, animated: Bool,
        initiator: TransitionInitiator = .app, redirectedFrom: NavigationOperation? = nil
    ) {
        // `scene` comes back spelled as given: a location is the subject only when its name has
        // the same bytes, not merely an equal spelling.
        func spelled(_ location: ScreenLocation) -> Bool {
            location.screen == screen
                && location.scene.rawValue.utf8.elementsEqual(scene.rawValue.utf8)
        }
        let subject: Subject
        if spelled(to) {
            subject = .to
        } else if let from, spelled(from) {
            subject = .from
        } else {
            subject = .other
        }
        self.init(
            sequence: sequence, kind: kind, subject: subject, from: from, to: to,
            removedCount: removedCount, animated: animated, initiator: initiator,
            extras: subject == .other || redirectedFrom != nil
                ? Extras(redirectedFrom: redirectedFrom, scene: scene, screen: screen) : nil)
    }

    /// An event about `to` (the screen added), or else about `from` (the visible screen that
    /// left), as coordinators make them.
    init(
        sequence: UInt64, kind: TransitionKind, aboutFrom: Bool, from: ScreenLocation?,
        to: ScreenLocation, removedCount: Int, animated: Bool,
        initiator: TransitionInitiator = .app, redirectedFrom: NavigationOperation? = nil
    ) {
        let subject: Subject = aboutFrom && from != nil ? .from : .to
        let about = subject == .from ? from ?? to : to
        self.init(
            sequence: sequence, kind: kind, subject: subject, from: from, to: to,
            removedCount: removedCount, animated: animated, initiator: initiator,
            extras: redirectedFrom.map {
                Extras(redirectedFrom: $0, scene: about.scene, screen: about.screen)
            })
    }

    private init(
        sequence: UInt64, kind: TransitionKind, subject: Subject, from: ScreenLocation?,
        to: ScreenLocation, removedCount: Int, animated: Bool, initiator: TransitionInitiator,
        extras: Extras?
    ) {
        self.sequence = sequence
        self.kind = kind
        self.subject = subject
        self.from = from
        self.to = to
        self.removedCount = removedCount
        self.animated = animated
        self.initiator = initiator
        self.extras = extras
    }

    /// Whether two events report the same transition: every public property is equal.
    public static func == (lhs: TransitionEvent, rhs: TransitionEvent) -> Bool {
        lhs.sequence == rhs.sequence && lhs.kind == rhs.kind && lhs.from == rhs.from
            && lhs.to == rhs.to && lhs.removedCount == rhs.removedCount
            && lhs.animated == rhs.animated && lhs.initiator == rhs.initiator
            && lhs.screen == rhs.screen && lhs.scene == rhs.scene
            && lhs.redirectedFrom == rhs.redirectedFrom
    }

    /// Hashes the event's public properties.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(sequence)
        hasher.combine(kind)
        hasher.combine(from)
        hasher.combine(to)
        hasher.combine(removedCount)
        hasher.combine(animated)
        hasher.combine(initiator)
        hasher.combine(screen)
        hasher.combine(scene)
        hasher.combine(redirectedFrom)
    }
}

/// Who started a transition.
public enum TransitionInitiator: String, Hashable, Sendable, Codable {
    /// The app, through `navigate`, `open` or `restore`.
    case app
    /// The user, through the platform: a back swipe, the system Back button, a sheet dragged
    /// down. The renderer reported it with ``AppCoordinator/report(_:)``.
    case user
}

extension TransitionEvent: CustomStringConvertible {
    /// The event as one line, naming first the screen visible after it:
    /// `push A2 #2: A1 #1 → A2 #2, animated`, and for a removal
    /// `pop-to A2 #5: A1 #9 → A2 #5, 2 screens removed, animated` (the stack went back to A2).
    ///
    /// The line never names the screen that left before the colon, so that `pop-to A2` reads
    /// as "popped to A2" whatever the kind. An event made with a ``screen`` that is neither
    /// `from`'s nor `to`'s names it at the end: `, about B1 #3`.
    public var description: String {
        let origin = from.map { "\($0)" } ?? "empty window"
        let removed = removedCount > 1 ? ", \(removedCount) screens removed" : ""
        let animation = animated ? "animated" : "not animated"
        let user = initiator == .user ? ", by the user" : ""
        let about =
            subject == .other && screen != to.screen && screen != from?.screen
            ? ", about \(scene) \(screen)" : ""
        let redirect = redirectedFrom.map { ", redirected from \($0)" } ?? ""
        return "\(kind) \(to): \(origin) → \(to)\(removed), \(animation)\(user)\(about)\(redirect)"
    }
}

/// What was asked of a coordinator: a transition, a deep link to open, or a snapshot to restore.
public indirect enum NavigationOperation: Hashable, Sendable, CustomStringConvertible {
    /// `navigate(_:)` with this transition.
    case transition(ApplicationTransitionType)
    /// `open(_:format:)` with this link.
    case openLink(String, format: DeepLinkFormat)
    /// `restore(_:)` with this snapshot.
    case restore(TreeSnapshot)
    /// `report(_:)` with this platform report.
    case report(PlatformReport)

    /// The operation as one line.
    public var description: String {
        switch self {
        case .transition(let request): return request.description
        case .openLink(let link, _): return "open(\"\(NavigationError.shorten(link))\")"
        case .restore(let snapshot):
            let count = snapshot.stacks.reduce(0) { $0 + $1.count }
            return "restore(\(count) screens in \(snapshot.stacks.count) stacks)"
        case .report(let report):
            return "report(\(report))"
        }
    }
}

/// A navigation that failed: what was asked, and why.
public struct NavigationFailure: Equatable, Sendable, CustomStringConvertible {
    /// What was asked.
    public let operation: NavigationOperation
    /// Why it was not applied.
    public let error: NavigationError

    /// Creates a failure record for any operation.
    ///
    /// - Parameters:
    ///   - operation: What was asked.
    ///   - error: Why it was not applied.
    public init(operation: NavigationOperation, error: NavigationError) {
        self.operation = operation
        self.error = error
    }

    /// Creates a failure record for a transition.
    ///
    /// - Parameters:
    ///   - request: The navigation that was asked for.
    ///   - error: Why it was not applied.
    public init(request: ApplicationTransitionType, error: NavigationError) {
        self.init(operation: .transition(request), error: error)
    }

    /// The transition that was asked for, or `nil` when the operation was a link or a restore.
    public var request: ApplicationTransitionType? {
        if case .transition(let request) = operation { return request }
        return nil
    }

    /// The failure as one line: the operation, then the error's sentence.
    public var description: String { "\(operation) failed: \(error)" }
}

/// What observers of a coordinator receive: every applied transition and every failure.
public enum NavigationEvent: Equatable, Sendable, CustomStringConvertible {
    /// A transition was applied.
    case transition(TransitionEvent)
    /// A navigation failed and changed nothing.
    case failure(NavigationFailure)

    /// The applied transition, or `nil` for a failure.
    public var transition: TransitionEvent? {
        if case .transition(let event) = self { return event }
        return nil
    }

    /// The failure, or `nil` for an applied transition.
    public var failure: NavigationFailure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }

    /// The event's one-line description.
    public var description: String {
        switch self {
        case .transition(let event): return event.description
        case .failure(let failure): return failure.description
        }
    }
}
