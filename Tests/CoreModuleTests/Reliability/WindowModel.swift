@_spi(Rules) import CoreModule
import Foundation

// The window model of the model-based test: the registry's documented rules (WindowRegistry's
// and AppCoordinator's doc comments) over one ``ReferenceModel`` per open window. It knows which
// windows are open and in what order, which one is active, and for each window its tree, whether
// it is ready for links and the link it holds.

/// One operation of the window model-based test.
enum WindowOperation: CustomStringConvertible {
    /// ``WindowRegistry/openWindow(_:restoring:)``.
    case open(WindowID, restoring: WindowRestoration)
    /// ``WindowRegistry/closeWindow(_:)``.
    case close(WindowID)
    /// ``WindowRegistry/activate(_:)``.
    case activate(WindowID)
    /// ``WindowRegistry/coordinator(for:)``.
    case lookUp(WindowID)
    /// An operation of the single-window model, on an open window's coordinator.
    case navigate(WindowID, ModelOperation)
    /// ``WindowRegistry/open(_:in:force:)``; a `nil` target asks the app's policy.
    case openLink(ModelLink, in: WindowRegistry.Target?, force: Bool)
    /// ``WindowRegistry/openWhenAllowed(_:in:force:)``.
    case openWhenAllowed(ModelLink, in: WindowRegistry.Target?, force: Bool)
    /// ``AppCoordinator/markReadyForLinks()`` on the window's coordinator.
    case markReady(WindowID)
    /// ``WindowRegistry/restorationActivity(for:activityType:)``, read back as the platform
    /// gives it.
    case save(WindowID)
    /// An operation on the coordinator of a window closed earlier, which someone kept.
    case navigateClosed(WindowID, ModelOperation)
    /// ``AppCoordinator/openWhenAllowed(_:force:)`` on a closed window's kept coordinator.
    case openWhenAllowedClosed(WindowID, ModelLink)
    /// Sets ``WindowRegistry/linkTarget`` to answer this target for every link.
    case setPolicy(WindowRegistry.Target)

    var description: String {
        switch self {
        case .open(let id, let restoration): return "openWindow(\(id), restoring: \(restoration))"
        case .close(let id): return "closeWindow(\(id))"
        case .activate(let id): return "activate(\(id))"
        case .lookUp(let id): return "coordinator(for: \(id))"
        case .navigate(let id, let operation): return "in \(id): \(operation)"
        case .openLink(let link, let target, let force):
            return "open(\(link.text.debugDescription), in: \(Self.describe(target)), "
                + "force: \(force))"
        case .openWhenAllowed(let link, let target, let force):
            return "openWhenAllowed(\(link.text.debugDescription), in: \(Self.describe(target)), "
                + "force: \(force))"
        case .markReady(let id): return "in \(id): markReadyForLinks()"
        case .save(let id): return "restorationActivity(for: \(id))"
        case .navigateClosed(let id, let operation): return "in closed \(id): \(operation)"
        case .openWhenAllowedClosed(let id, let link):
            return "in closed \(id): openWhenAllowed(\(link.text.debugDescription))"
        case .setPolicy(let target): return "linkTarget = \(target)"
        }
    }

    /// The operation's kind, for the statistics.
    var kind: String {
        switch self {
        case .open(_, .none): return "open"
        case .open(_, .activity): return "open from an activity"
        case .open(_, .snapshot): return "open from a snapshot"
        case .close: return "close"
        case .activate: return "activate"
        case .lookUp: return "look up"
        case .navigate: return "navigate"
        case .openLink(_, .window?, _): return "link to a window"
        case .openLink(_, .active?, _): return "link to the active window"
        case .openLink(_, .newWindow?, _): return "link to a new window"
        case .openLink(_, nil, _): return "link by the policy"
        case .openWhenAllowed: return "link when allowed"
        case .markReady: return "ready for links"
        case .save: return "save"
        case .navigateClosed, .openWhenAllowedClosed: return "closed window"
        case .setPolicy: return "policy"
        }
    }

    static func describe(_ target: WindowRegistry.Target?) -> String {
        target.map { "\($0)" } ?? "the policy's"
    }
}

/// What a window opens with.
enum WindowRestoration: CustomStringConvertible {
    /// An empty window.
    case none
    /// A window's saved activity, as the platform gave it back (or one holding no snapshot).
    case activity(WindowActivity)
    /// A snapshot the generator drew, bad ones included.
    case snapshot(TreeSnapshot)

    var description: String {
        switch self {
        case .none: return "nil"
        case .activity(let activity):
            return "the activity of \(activity.window.map { "\($0)" } ?? "no window")"
        case .snapshot(let snapshot): return "\(snapshot)"
        }
    }
}

/// The model of a ``WindowRegistry``.
struct WindowModel {
    /// One open window: its tree's model, whether it was marked ready for links, its held link.
    struct Window {
        var model = ReferenceModel()
        var ready = false
        var held: (link: ModelLink, force: Bool)?

        /// Opening the held link's own text by hand takes it out of the hold, whether or not it
        /// opens (`AppCoordinator.open(_:force:)` cancels what waits before it reads the link).
        mutating func dropHeldLink(openedBy operation: ModelOperation) {
            if case .open(let link, _) = operation, held?.link.text == link.text { held = nil }
        }

        /// The held link as the coordinator reports it.
        var heldLink: HeldLink? {
            held.map {
                HeldLink(.deepLink($0.link.text, format: ModelWorld.format), force: $0.force)
            }
        }
    }

    /// The open windows, in the order they were opened.
    var windows: [WindowID] = []
    /// The open windows, the most recently opened or activated last.
    var activations: [WindowID] = []
    var states: [WindowID: Window] = [:]
    /// What ``WindowRegistry/linkTarget`` answers.
    var policy: WindowRegistry.Target = .active

    var activeWindow: WindowID? { activations.last }

    mutating func opened(_ id: WindowID, _ window: Window) {
        windows.append(id)
        activations.append(id)
        states[id] = window
    }

    mutating func activate(_ id: WindowID) {
        activations.removeAll { $0 == id }
        activations.append(id)
    }

    mutating func closed(_ id: WindowID) {
        windows.removeAll { $0 == id }
        activations.removeAll { $0 == id }
        states[id] = nil
    }

    /// Whether ``WindowRegistry/openWindow(_:restoring:)`` accepts `id`: 1 to 256 bytes.
    static func isValid(_ id: WindowID) -> Bool {
        !id.rawValue.isEmpty && id.rawValue.utf8.count <= WindowID.maximumByteCount
    }

    /// The window `target` names, a new one's fresh state, or the error the registry throws
    /// before opening anything.
    func resolve(_ target: WindowRegistry.Target) -> Result<
        (id: WindowID, window: Window, isNew: Bool), NavigationError
    > {
        switch target {
        case .window(let id):
            guard let window = states[id] else {
                return .failure(.window(.unknownWindow(id, open: windows)))
            }
            return .success((id, window, false))
        case .active:
            guard let id = activeWindow, let window = states[id] else {
                return .failure(.window(.noActiveWindow))
            }
            return .success((id, window, false))
        case .newWindow(let id):
            guard Self.isValid(id) else { return .failure(.input(.invalidWindowID(id))) }
            guard states[id] == nil else { return .failure(.window(.windowAlreadyOpen(id))) }
            return .success((id, Window(), true))
        }
    }
}

/// Draws window operations: mostly on open windows, some on unknown, closed or invalid ones.
struct WindowGenerator {
    static let names: [WindowID] = ["main", "side", "orders", "窓"]
    /// Identities no window may have.
    static let invalidNames: [WindowID] = [
        "", WindowID(String(repeating: "w", count: WindowID.maximumByteCount + 1)),
    ]
    static let activityType = "org.scenerouter.restore"

    let single = ModelGenerator(drawsAlerts: true)

    /// Any identity: mostly one of ``names``, sometimes an invalid one.
    func name(_ random: inout SeededRandom) -> WindowID {
        if Int.random(in: 0..<12, using: &random) == 0 {
            return Self.invalidNames.randomElement(using: &random) ?? ""
        }
        return Self.names.randomElement(using: &random) ?? "main"
    }

    /// Mostly an open window's identity.
    func openName(_ model: WindowModel, _ random: inout SeededRandom) -> WindowID {
        if Int.random(in: 0..<8, using: &random) > 0,
            let id = model.windows.randomElement(using: &random)
        {
            return id
        }
        return name(&random)
    }

    /// Mostly the identity of a window that is not open.
    func freeName(_ model: WindowModel, _ random: inout SeededRandom) -> WindowID {
        let free = Self.names.filter { model.states[$0] == nil }
        if Int.random(in: 0..<4, using: &random) > 0, let id = free.randomElement(using: &random) {
            return id
        }
        return name(&random)
    }

    func target(_ model: WindowModel, _ random: inout SeededRandom) -> WindowRegistry.Target {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<4: return .window(openName(model, &random))
        case 4..<7: return .active
        default: return .newWindow(freeName(model, &random))
        }
    }

    /// A link for `target`, written for the tree of the window it names (when there is one).
    func link(_ model: WindowModel, _ target: WindowRegistry.Target, _ random: inout SeededRandom)
        -> ModelLink
    {
        let window = try? model.resolve(target).get().window
        return single.link(window?.model ?? ReferenceModel(), &random)
    }

    /// An operation a closed window's coordinator refuses: one that navigates.
    func refused(_ random: inout SeededRandom) -> ModelOperation {
        for _ in 0..<8 {
            let operation = single.next(ReferenceModel(), &random)
            switch operation {
            case .navigate, .report, .open, .restore, .openUniversal: return operation
            case .toggleGuard, .reopen, .resnapshot: continue
            }
        }
        return .navigate(.push(scene: "A1"), force: false)
    }

    func next(
        _ model: WindowModel, closed: [WindowID], activities: [WindowActivity],
        _ random: inout SeededRandom
    ) -> WindowOperation {
        let force = Int.random(in: 0..<4, using: &random) == 0
        var roll = Int.random(in: 0..<100, using: &random)
        if model.windows.isEmpty, roll >= 24 {
            // Nothing open: mostly open a window; sometimes a link for the active one, which
            // fails.
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                let link = single.link(ReferenceModel(), &random)
                return Bool.random(using: &random)
                    ? .openLink(link, in: .active, force: force)
                    : .openWhenAllowed(link, in: .active, force: force)
            case 1: break
            default: roll = 0
            }
        }
        switch roll {
        case 0..<10:
            let restoration: WindowRestoration
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<6 where !activities.isEmpty:
                guard let activity = activities.randomElement(using: &random) else {
                    return .open(freeName(model, &random), restoring: .none)
                }
                // Mostly the window the activity was saved from, reopened.
                let id =
                    Bool.random(using: &random)
                    ? (activity.window ?? "main") : freeName(model, &random)
                return .open(id, restoring: .activity(activity))
            case 6:
                let id = freeName(model, &random)
                let empty = WindowActivity(
                    activityType: Self.activityType,
                    userInfo: [WindowActivity.windowKey: id.rawValue])
                return .open(id, restoring: .activity(empty))
            case 7..<11:
                restoration = .snapshot(single.snapshot(ReferenceModel(), &random))
            default:
                restoration = .none
            }
            return .open(
                Int.random(in: 0..<6, using: &random) == 0
                    ? openName(model, &random) : freeName(model, &random),
                restoring: restoration)
        case 10..<17:
            return .close(openName(model, &random))
        case 17..<22:
            return .activate(openName(model, &random))
        case 22..<24:
            return .lookUp(name(&random))
        case 24..<62:
            guard let id = model.windows.randomElement(using: &random),
                let window = model.states[id]
            else {
                return .open(freeName(model, &random), restoring: .none)
            }
            return .navigate(id, single.next(window.model, &random))
        case 62..<72:
            let target: WindowRegistry.Target? =
                Int.random(in: 0..<5, using: &random) == 0 ? nil : self.target(model, &random)
            let link = self.link(model, target ?? model.policy, &random)
            return .openLink(link, in: target, force: force)
        case 72..<79:
            let target: WindowRegistry.Target? =
                Int.random(in: 0..<5, using: &random) == 0 ? nil : self.target(model, &random)
            let link = self.link(model, target ?? model.policy, &random)
            return .openWhenAllowed(link, in: target, force: force)
        case 79..<85:
            return .markReady(openName(model, &random))
        case 85..<91:
            return .save(openName(model, &random))
        case 91..<96:
            guard let id = closed.randomElement(using: &random) else {
                return .close(openName(model, &random))
            }
            return .navigateClosed(id, refused(&random))
        case 96..<98:
            guard let id = closed.randomElement(using: &random) else {
                return .activate(openName(model, &random))
            }
            return .openWhenAllowedClosed(id, single.link(ReferenceModel(), &random))
        default:
            switch Int.random(in: 0..<4, using: &random) {
            case 0: return .setPolicy(.window(name(&random)))
            case 1: return .setPolicy(.newWindow(freeName(model, &random)))
            default: return .setPolicy(.active)
            }
        }
    }
}
