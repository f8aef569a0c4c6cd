/// One applied transition: what happened, to which screen, from where to where.
///
/// For ``TransitionEvent/Kind/root``, ``TransitionEvent/Kind/push`` and ``TransitionEvent/Kind/present``, `scene`
/// and `screen` are the new screen; for the others they are the screen that was visible and
/// left. `from` is the visible screen before (`nil` when the window was empty) and `to` the
/// visible screen after. For a renderer, ``stack`` is the top-most stack after the transition,
/// ``style`` the new modal's style for a `present`, and ``tab`` the selected tab when the root
/// is a tab container.
public struct TransitionEvent: Hashable, Sendable {
    /// The fields, in one immutable object: an event is copied several times on its way to
    /// observers (into the failure-or-transition enum, the history, each observer's call, the
    /// return value), and a copy of one reference costs one retain where a copy of fourteen
    /// fields costs one for each string and array among them.
    private let fields: Fields

    /// The event's number: 1 for a coordinator's first transition, then 2, 3, … .
    public var sequence: UInt64 { fields.values.sequence }
    /// What kind of transition was applied.
    public var kind: TransitionEvent.Kind { fields.values.kind }
    /// The scene the transition is about: the one added, or the visible one removed.
    public var scene: SceneIdentifier { fields.values.scene }
    /// The screen the transition is about: the one added, or the visible one removed.
    public var screen: ScreenID { fields.values.screen }
    /// The visible screen before the transition; `nil` when the window was empty.
    public var from: ScreenLocation? { fields.values.from }
    /// The visible screen after the transition.
    public var to: ScreenLocation { fields.values.to }
    /// How many screens left the tree.
    public var removedCount: Int { fields.values.removedCount }
    /// Whether a renderer should animate the change.
    public var animated: Bool { fields.values.animated }
    /// Whether the user started the transition through the platform (a back swipe, the system
    /// Back button, a sheet dragged down), which the renderer reported with
    /// ``AppCoordinator/report(_:)`` and the platform has already shown; `false` for what the
    /// app started through `navigate`, `open` or `restore`.
    public var isUserInitiated: Bool { fields.values.initiator == .user }
    /// Who started the transition: the app, or the user through the platform.
    package var initiator: TransitionEvent.Initiator { fields.values.initiator }
    /// The operation a guard redirected to this transition, if one did.
    public var redirectedFrom: NavigationEvent.Operation? { fields.values.redirectedFrom }
    /// The top-most stack after the transition: the one a push or pop changed, the new modal's,
    /// or the one a dismiss uncovered; for a request that named its stack, that stack, and for
    /// an update-modal, the modal's.
    public var stack: StackID { fields.values.stack }
    /// For a `present`, the new modal's style; otherwise `nil`.
    public var style: PresentationStyle? { fields.values.style }
    /// The selected tab after the transition when the root is a tab container; otherwise `nil`.
    public var tab: String? { fields.values.tab }
    /// What a UIKit-shaped host must do, in order, to show the transition.
    ///
    /// Empty for what the user did through the platform, which is already on screen. See
    /// ``RenderPlan``.
    public var plan: RenderPlan { fields.values.plan }

    /// Creates an event: only coordinators make these, and the package's own tests.
    ///
    /// An app's test observes the events a coordinator makes (`CoreModuleTesting`'s
    /// `RecordingRenderer`).
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
    ///   - stack: The top-most stack after the transition.
    ///   - style: The new modal's style, for a `present`.
    ///   - tab: The selected tab, when the root is a tab container.
    ///   - plan: What a host must do to show the transition.
    package init(
        sequence: UInt64, kind: TransitionEvent.Kind, scene: SceneIdentifier, screen: ScreenID,
        from: ScreenLocation?, to: ScreenLocation, removedCount: Int, animated: Bool,
        initiator: TransitionEvent.Initiator = .app,
        redirectedFrom: NavigationEvent.Operation? = nil,
        stack: StackID, style: PresentationStyle? = nil, tab: String? = nil,
        plan: RenderPlan = RenderPlan()
    ) {
        fields = Fields(
            Values(
                sequence: sequence, kind: kind, scene: scene, screen: screen, from: from,
                to: to, removedCount: removedCount, animated: animated, initiator: initiator,
                redirectedFrom: redirectedFrom, stack: stack, style: style, tab: tab, plan: plan))
    }

    /// The event of an applied edit, about the screen at `about`; the edit's result is moved
    /// into the event, not copied.
    init(
        sequence: UInt64, kind: TransitionEvent.Kind, about: ScreenLocation,
        applied: consuming AppliedEdit, animated: Bool, initiator: TransitionEvent.Initiator,
        redirectedFrom: NavigationEvent.Operation?
    ) {
        fields = Fields(
            Values(
                sequence: sequence, kind: kind, scene: about.scene, screen: about.screen,
                from: applied.from, to: applied.to, removedCount: applied.removedCount,
                animated: animated, initiator: initiator, redirectedFrom: redirectedFrom,
                stack: applied.stack, style: applied.style, tab: applied.tab, plan: applied.plan))
    }

    /// Whether two events have the same fields.
    public static func == (lhs: TransitionEvent, rhs: TransitionEvent) -> Bool {
        lhs.fields === rhs.fields || lhs.fields.values == rhs.fields.values
    }

    /// Hashes every field, in the order they are declared.
    public func hash(into hasher: inout Hasher) {
        fields.values.hash(into: &hasher)
    }

    /// The immutable fields of an event, shared by its copies.
    private final class Fields: Sendable {
        let values: Values

        init(_ values: Values) {
            self.values = values
        }
    }

    /// The fields as a value, with the synthesized equality and hashing.
    private struct Values: Hashable, Sendable {
        let sequence: UInt64
        let kind: TransitionEvent.Kind
        let scene: SceneIdentifier
        let screen: ScreenID
        let from: ScreenLocation?
        let to: ScreenLocation
        let removedCount: Int
        let animated: Bool
        let initiator: TransitionEvent.Initiator
        let redirectedFrom: NavigationEvent.Operation?
        let stack: StackID
        let style: PresentationStyle?
        let tab: String?
        let plan: RenderPlan
    }
}

extension TransitionEvent {
    /// Who started a transition (``TransitionEvent/isUserInitiated`` tells).
    package enum Initiator: Hashable, Sendable {
        /// The app, through `navigate`, `open` or `restore`.
        case app
        /// The user, through the platform: a back swipe, the system Back button, a sheet dragged
        /// down. The renderer reported it with ``AppCoordinator/report(_:)``.
        case user
    }
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
            screen != to.screen && screen != from?.screen ? ", about \(scene) \(screen)" : ""
        let redirect = redirectedFrom.map { ", redirected from \($0)" } ?? ""
        let presented = style.map { " (\($0))" } ?? ""
        // Named only when the change is in the tab's own stack, not in a modal over the tabs.
        let place = tab.map { to.level == 0 ? " in tab \(NavigationError.shorten($0))" : "" } ?? ""
        return
            "\(kind) \(to)\(presented)\(place): \(origin) → \(to)\(removed), \(animation)\(user)"
            + "\(about)\(redirect)"
    }
}

extension NavigationEvent {
    /// What was asked of a coordinator: a transition, a deep link to open, or a snapshot to restore.
    public indirect enum Operation: Hashable, Sendable, CustomStringConvertible {
        /// `navigate(_:)` with this transition.
        case transition(ApplicationTransitionType)
        /// `open(_:force:)` or `openWhenAllowed(_:force:)` with this link.
        case open(AppLink)
        /// `restore(_:)` with this snapshot.
        case restore(TreeSnapshot)
        /// `report(_:)` with this platform report.
        case report(PlatformReport)

        /// The operation as one line.
        public var description: String {
            switch self {
            case .transition(let request): return request.description
            case .open(let link):
                let text = NavigationError.shorten(link.text)
                switch link.form {
                case .deepLink: return "open(\"\(text)\")"
                case .universal(_, let source):
                    let from = source == .outside ? "" : ", from: .app"
                    return "open(.universal(\"\(text)\"\(from)))"
                }
            case .restore(let snapshot):
                return "restore(\(snapshot.screenCount) screens in \(snapshot.stackCount) stacks)"
            case .report(let report):
                return "report(\(report))"
            }
        }
    }
}

extension NavigationEvent {
    /// A navigation that failed: what was asked, and why.
    public struct Failure: Equatable, Sendable, CustomStringConvertible {
        /// What was asked.
        public let operation: NavigationEvent.Operation
        /// Why it was not applied.
        public let error: NavigationError

        /// Creates a failure record for any operation.
        ///
        /// - Parameters:
        ///   - operation: What was asked.
        ///   - error: Why it was not applied.
        public init(operation: NavigationEvent.Operation, error: NavigationError) {
            self.operation = operation
            self.error = error
        }

        /// Creates a failure record for a transition.
        ///
        /// - Parameters:
        ///   - request: The navigation that was asked for.
        ///   - error: Why it was not applied.
        package init(request: ApplicationTransitionType, error: NavigationError) {
            self.init(operation: .transition(request), error: error)
        }

        /// The transition that was asked for, or `nil` when the operation was a link or a restore.
        package var request: ApplicationTransitionType? {
            if case .transition(let request) = operation { return request }
            return nil
        }

        /// The failure as one line: the operation, then the error's sentence.
        public var description: String { "\(operation) failed: \(error)" }
    }
}

/// What observers of a coordinator receive: every applied transition and every failure.
public enum NavigationEvent: Equatable, Sendable, CustomStringConvertible {
    /// A transition was applied.
    case transition(TransitionEvent)
    /// A navigation failed and changed nothing.
    case failure(NavigationEvent.Failure)
    /// A universal link ran an action: the tree is unchanged; the app performs the action.
    case linkAction(LinkRoute.Action)

    /// The applied transition, or `nil` for a failure.
    public var transition: TransitionEvent? {
        if case .transition(let event) = self { return event }
        return nil
    }

    /// The failure, or `nil` for an applied transition.
    public var failure: NavigationEvent.Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }

    /// The event's one-line description.
    public var description: String {
        switch self {
        case .transition(let event): return event.description
        case .failure(let failure): return failure.description
        case .linkAction(let action): return action.description
        }
    }
}
