/// Everything that can go wrong when registering scenes or navigating, as one typed error.
///
/// Every case carries the values that explain it, and ``description`` reads as a full sentence
/// naming them, so that a log line is enough to find the cause. The error is `Equatable`, so a
/// test compares it directly:
///
/// ```swift
/// #expect(throws: NavigationError.nothingToDismiss(visible: "A1")) {
///     try coordinator.navigate(.dismiss(animated: true))
/// }
/// ```
///
/// A failed navigation leaves the screen tree exactly as it was and emits no transition event;
/// the failure itself is reported to observers as ``NavigationEvent/failure(_:)``.
///
/// Misconfiguration fails at registration (``duplicateRegistration(_:)``,
/// ``mismatchedRegistration(key:builderIdentifier:)``, ``invalidSceneIdentifier(_:problem:)``);
/// bad input fails at navigation (``unknownScene(_:suggestions:)`` and the structural cases).
public enum NavigationError: Error, Equatable, Sendable {
    /// No builder is registered for the scene; `suggestions` lists the closest registered names.
    case unknownScene(SceneIdentifier, suggestions: SceneSuggestions)

    /// The identifier breaks a naming rule (see ``SceneIdentifier/problem``).
    case invalidSceneIdentifier(SceneIdentifier, problem: IdentifierProblem)

    /// A builder is already registered for the scene, and the registration did not ask to replace
    /// it (see ``RegistrationPolicy/replaceExisting``).
    case duplicateRegistration(SceneIdentifier)

    /// A builder was registered under `key`, but its own ``Builder/sceneIdentifier`` is
    /// `builderIdentifier`.
    case mismatchedRegistration(key: SceneIdentifier, builderIdentifier: SceneIdentifier)

    /// The request needs a root, but the window has none yet; start with `.root(scene:)`.
    case noRoot(TransitionKind)

    /// A pop was asked of the stack's first screen, which is never popped.
    case cannotPopFirstScreen(SceneIdentifier, kind: TransitionKind)

    /// A pop-to named a scene that has no screen below the top of the top-most stack;
    /// `stack` lists that stack's scenes, bottom first.
    case sceneNotInStack(SceneIdentifier, stack: [SceneIdentifier])

    /// A dismiss was asked, but nothing is presented; the visible scene (of the root stack or the
    /// selected tab) is `visible`.
    case nothingToDismiss(visible: SceneIdentifier)

    /// The scene's builder threw; `reason` is what it threw, as text.
    case builderFailed(SceneIdentifier, reason: String)

    /// A navigation was requested while another was being planned: from inside a builder, a
    /// guard or a veto.
    ///
    /// These run before the tree changes, so navigating from one would interleave two
    /// transitions; it is rejected instead, and the navigation being planned goes on.
    case reentrantNavigation(TransitionKind, during: TransitionKind)

    /// A screen's context asked to navigate after its coordinator was released.
    case coordinatorUnavailable(TransitionKind)

    /// A route pattern has the same shape as one already registered (`product/:id` and
    /// `product/:slug`), so the two would always match the same paths.
    case routeCollision(SceneIdentifier, existing: SceneIdentifier)

    /// The scene needs the parameter `name`, and the navigation did not pass it.
    case missingParameter(scene: SceneIdentifier, name: String)

    /// The scene needs the parameter `name` as `expected`, and `value` cannot be read as that.
    case malformedParameter(
        scene: SceneIdentifier, name: String, value: String, expected: ParameterType)

    /// A deep link cannot be read (see ``LinkProblem``); nothing was built.
    case invalidLink(LinkProblem)

    /// The deep link's `position`-th screen segment (from 1), written `segment`, failed with
    /// `error`; nothing changed.
    indirect case linkSegmentFailed(position: Int, segment: String, error: NavigationError)

    /// A restoration snapshot has format version `found`; this version reads up to `supported`.
    case unsupportedSnapshotVersion(found: Int, supported: Int)

    /// Restoring a snapshot failed at its `position`-th screen (from 1), of scene `scene`, with
    /// `error`; nothing changed.
    indirect case restorationFailed(position: Int, scene: SceneIdentifier, error: NavigationError)

    /// The guard `name` rejected a `kind` navigation involving `scene`, for `reason`.
    case rejectedByGuard(name: String, kind: TransitionKind, scene: SceneIdentifier, reason: String)

    /// Guards redirected more than the coordinator's limit, or back to a navigation already in
    /// the chain; `chain` lists the navigations in the order they were tried.
    case redirectLoop(chain: [ApplicationTransitionType])

    /// The screen `screen` of `scene` refused to be left, for `reason` (unsaved changes, say);
    /// navigate with `force: true` to leave it anyway.
    case leavingVetoed(scene: SceneIdentifier, screen: ScreenID, reason: String)

    /// The platform reported something about `screen` (it left, or the user went back to it),
    /// but it is not in the tree: the report is stale or a duplicate.
    case reportedScreenGone(ScreenID)

    /// The platform reported a `kind` of `screen`, but that screen is not where the report
    /// needs it: in the top-most stack for a pop back to it, in the top-most modal for a
    /// dismiss.
    case reportedScreenNotOnTop(ScreenID, kind: TransitionKind, visible: ScreenID)

    /// A flow was started under `key`, but a live flow already has that key in the same parent.
    case flowKeyInUse(String)

    /// No service of type `type` is registered in the container.
    case missingService(type: String)

    /// A screen asked to finish with a result, but it is not the visible screen.
    case finishingScreenNotVisible(ScreenID, visible: ScreenID?)

    /// A tab container was asked for with no tabs.
    case noTabs

    /// Two tabs of one tab container have the name `name`.
    case duplicateTabName(String)

    /// A tab name is empty, longer than ``TabItem/maximumNameByteCount`` bytes, or contains
    /// whitespace or control characters.
    case invalidTabName(String)

    /// No tab is named `name`; `tabs` lists the tabs there are (empty when the root is a stack).
    case unknownTab(String, tabs: [String])

    /// The user cannot tap the tab bar: the modal of `scene` covers it.
    case tabBarCovered(tab: String, modal: SceneIdentifier)

    /// The platform reported that the user dismissed the modal holding `screen`, but its
    /// `style` does not let the user dismiss it.
    case notDismissibleByUser(ScreenID, style: PresentationStyle)

    /// A `kind` transition was asked to set a stack to no screens; a stack is never empty.
    case emptyStack(TransitionKind)

    /// A link names one stack and the root is a tab container, but no tab starts with the
    /// link's first scene `scene` or declares that it hosts it; `tabs` lists the tabs.
    case noTabForLink(SceneIdentifier, tabs: [String])

    /// A `present` asked for a style that cannot be shown: a sheet without detents, or a
    /// popover whose anchor is empty or longer than 64 bytes.
    case invalidPresentationStyle(PresentationStyle)

    /// The builder of `scene` requires a payload of type `expected`, and the navigation carried
    /// none (and the builder cannot rebuild it from parameters).
    case missingPayload(scene: SceneIdentifier, expected: String)

    /// The builder of `scene` requires a payload of type `expected`, and the navigation carried
    /// one of type `given`.
    case wrongPayloadType(scene: SceneIdentifier, expected: String, given: String)

    /// A link cannot name the screen `screen` of `scene`: its builder needs a payload and cannot
    /// rebuild it from parameters, so the link would never open.
    case linkNeedsPayload(scene: SceneIdentifier, screen: ScreenID)

    /// The screen `screen` of `scene` holds a payload of type `type` that a snapshot cannot
    /// keep: the type is not registered with ``PayloadTypes``.
    case payloadNotSaved(scene: SceneIdentifier, screen: ScreenID, type: String)

    /// The screen `screen` was asked for a result of type `expected`, and finished with one of
    /// type `given`; nothing left the tree.
    case wrongResultType(screen: ScreenID, expected: String, given: String)

    /// A snapshot breaks a rule or a limit (see ``SnapshotProblem``); nothing was built.
    case invalidSnapshot(SnapshotProblem)
    /// Observers started more than `limit` navigations while one event was being delivered
    /// (``AppCoordinator/maximumObserverNavigations``), so the `kind` navigation to `scene`
    /// (`nil` for a link or a snapshot) was not applied: an observer that navigates on every
    /// event, such as a redirect written as an observer, is looping.
    ///
    /// The tree stays as the last navigation that was applied left it. The loop is reported
    /// to observers once per delivery; later navigations observers start in the same delivery
    /// fail with this error too, without a report.
    case observerNavigationLoop(limit: Int, kind: TransitionKind, scene: SceneIdentifier?)

    /// The synchronous `kind` navigation to `scene` reached the asynchronous guard `name`, which
    /// only ``AppCoordinator/navigateWhenAllowed(_:force:)`` and
    /// ``AppCoordinator/openWhenAllowed(_:force:)`` can wait for; nothing changed.
    case asynchronousGuard(name: String, kind: TransitionKind, scene: SceneIdentifier)

    /// The `operation` was pending, waiting for an asynchronous guard, and was cancelled: by the
    /// newer request `by`, or, when `by` is `nil`, by cancelling the caller's task or by
    /// ``AppCoordinator/cancelPendingNavigation()``; nothing changed.
    indirect case navigationCancelled(NavigationOperation, by: NavigationOperation?)

    /// The asynchronous guard `name` did not answer about the `kind` navigation to `scene` within
    /// `limit` (``AppCoordinator/guardTimeLimit``); nothing changed, and a late answer is dropped.
    case guardTimedOut(name: String, kind: TransitionKind, scene: SceneIdentifier, limit: Duration)

    /// The pending `operation` was allowed, but the screen `origin`, visible when it was asked,
    /// has left the tree or is no longer visible (the user went back meanwhile); nothing changed.
    indirect case navigationOriginGone(NavigationOperation, origin: ScreenID)

    /// The held link `link` was dropped unopened: the newer link `by` arrived before the app was
    /// ready, and at most one link waits (the newest).
    case heldLinkReplaced(String, by: String)

    /// The held link `link` could not be opened when its time came, because of `error`; the tree
    /// is as it was before.
    indirect case heldLinkFailed(String, error: NavigationError)

    /// A ``LinkTable`` breaks a rule (see ``LinkTableProblem``); it was not made.
    case invalidLinkTable(LinkTableProblem)

    /// A universal link no route of the app's table handles, with the reason (see
    /// ``UnhandledLink``): the tree is unchanged, and the app may hand the link to the browser.
    case unhandledLink(UnhandledLink)

    /// The visible screen `screen`, of scene `scene`, cannot be shared as a universal link:
    /// `route` is the route that would write it but is not reachable from outside the app, or
    /// `nil` when no route opens that scene with the screen's parameters.
    case linkNotShareable(scene: SceneIdentifier, screen: ScreenID, route: String?)
}

extension NavigationError {
    /// A stable, machine-readable name for the error's case, such as `unknown-scene`, for logs
    /// and tools that must not parse the sentence.
    public var code: String {
        switch self {
        case .unknownScene: return "unknown-scene"
        case .invalidSceneIdentifier: return "invalid-scene-identifier"
        case .duplicateRegistration: return "duplicate-registration"
        case .mismatchedRegistration: return "mismatched-registration"
        case .noRoot: return "no-root"
        case .cannotPopFirstScreen: return "cannot-pop-first-screen"
        case .sceneNotInStack: return "scene-not-in-stack"
        case .nothingToDismiss: return "nothing-to-dismiss"
        case .builderFailed: return "builder-failed"
        case .reentrantNavigation: return "reentrant-navigation"
        case .coordinatorUnavailable: return "coordinator-unavailable"
        case .routeCollision: return "route-collision"
        case .missingParameter: return "missing-parameter"
        case .malformedParameter: return "malformed-parameter"
        case .invalidLink: return "invalid-link"
        case .linkSegmentFailed: return "link-segment-failed"
        case .unsupportedSnapshotVersion: return "unsupported-snapshot-version"
        case .restorationFailed: return "restoration-failed"
        case .rejectedByGuard: return "rejected-by-guard"
        case .redirectLoop: return "redirect-loop"
        case .leavingVetoed: return "leaving-vetoed"
        case .reportedScreenGone: return "reported-screen-gone"
        case .reportedScreenNotOnTop: return "reported-screen-not-on-top"
        case .flowKeyInUse: return "flow-key-in-use"
        case .missingService: return "missing-service"
        case .finishingScreenNotVisible: return "finishing-screen-not-visible"
        case .noTabs: return "no-tabs"
        case .duplicateTabName: return "duplicate-tab-name"
        case .invalidTabName: return "invalid-tab-name"
        case .unknownTab: return "unknown-tab"
        case .tabBarCovered: return "tab-bar-covered"
        case .notDismissibleByUser: return "not-dismissible-by-user"
        case .emptyStack: return "empty-stack"
        case .noTabForLink: return "no-tab-for-link"
        case .invalidPresentationStyle: return "invalid-presentation-style"
        case .invalidSnapshot: return "invalid-snapshot"
        case .missingPayload: return "missing-payload"
        case .wrongPayloadType: return "wrong-payload-type"
        case .linkNeedsPayload: return "link-needs-payload"
        case .payloadNotSaved: return "payload-not-saved"
        case .wrongResultType: return "wrong-result-type"
        case .observerNavigationLoop: return "observer-navigation-loop"
        case .asynchronousGuard: return "asynchronous-guard"
        case .navigationCancelled: return "navigation-cancelled"
        case .guardTimedOut: return "guard-timed-out"
        case .navigationOriginGone: return "navigation-origin-gone"
        case .heldLinkReplaced: return "held-link-replaced"
        case .heldLinkFailed: return "held-link-failed"
        case .invalidLinkTable: return "invalid-link-table"
        case .unhandledLink: return "unhandled-link"
        case .linkNotShareable: return "link-not-shareable"
        }
    }
}

extension NavigationError: CustomStringConvertible {
    /// The error as a full sentence that names the offending values.
    public var description: String {
        switch self {
        case .unknownScene(let scene, let suggestions):
            let names = suggestions.names
            let hint =
                names.isEmpty
                ? ""
                : " Did you mean \(Self.list(names.map(\.quoted), conjunction: "or"))?"
            return "No builder is registered for scene \(scene.quoted).\(hint)"
        case .invalidSceneIdentifier(let scene, let problem):
            return "Scene identifier \(scene.quoted) is not valid: \(problem)."
        case .duplicateRegistration(let scene):
            return
                "A builder for scene \(scene.quoted) is already registered; register with "
                + "policy .replaceExisting to replace it."
        case .mismatchedRegistration(let key, let builderIdentifier):
            return
                "A builder for scene \(builderIdentifier.quoted) cannot be registered under "
                + "\(key.quoted); register it under its own sceneIdentifier."
        case .noRoot(let kind):
            return
                "Cannot \(kind): the window has no root yet; navigate to .root(scene:) first."
        case .cannotPopFirstScreen(let scene, let kind):
            return
                "Cannot \(kind): \(scene.quoted) is the first screen of its stack, which is "
                + "never popped."
        case .sceneNotInStack(let scene, let stack):
            let names = stack.map(\.rawValue).joined(separator: ", ")
            return
                "Cannot pop to \(scene.quoted): no screen of that scene is below the top of the "
                + "visible stack [\(names)]."
        case .nothingToDismiss(let visible):
            return
                "Cannot dismiss: nothing is presented; the visible scene is \(visible.quoted)."
        case .builderFailed(let scene, let reason):
            return "The builder for scene \(scene.quoted) failed: \(reason)."
        case .reentrantNavigation(let kind, let during):
            return
                "Cannot \(kind) while a \(during) is being applied; navigate after the builder, "
                + "guard or veto returns (for example from the screen's own actions)."
        case .coordinatorUnavailable(let kind):
            return "Cannot \(kind): the screen's coordinator has been released."
        case .routeCollision(let scene, let existing):
            return
                "Route pattern \(scene.quoted) cannot be registered: it matches exactly the same "
                + "paths as \(existing.quoted)."
        case .missingParameter(let scene, let name):
            return "Scene \(scene.quoted) needs the parameter \"\(name)\", which was not passed."
        case .malformedParameter(let scene, let name, let value, let expected):
            return
                "Scene \(scene.quoted) needs the parameter \"\(name)\" as \(expected), but it is "
                + "\"\(Self.shorten(value))\"."
        case .invalidLink(let problem):
            return "The link cannot be opened: \(problem)."
        case .linkSegmentFailed(let position, let segment, let error):
            return
                "The link cannot be opened: screen \(position), \"\(Self.shorten(segment))\", "
                + "failed. \(error)"
        case .unsupportedSnapshotVersion(let found, let supported):
            return
                "The snapshot has format version \(found), but this version of the package reads "
                + "versions up to \(supported)."
        case .restorationFailed(let position, let scene, let error):
            return
                "The snapshot cannot be restored: screen \(position), \(scene.quoted), failed. "
                + "\(error)"
        case .rejectedByGuard(let name, let kind, let scene, let reason):
            return "Cannot \(kind) \(scene.quoted): guard \"\(name)\" rejected it: \(reason)."
        case .redirectLoop(let chain):
            let steps = chain.map(\.description).joined(separator: " → ")
            return "Guards redirected in a loop: \(steps)."
        case .leavingVetoed(let scene, let screen, let reason):
            return
                "Cannot leave \(scene.quoted) \(screen): it refused, because \(reason); navigate with "
                + "force: true to leave it anyway."
        case .reportedScreenGone(let screen):
            return
                "The platform reported screen \(screen), but it is not in the tree; the report is "
                + "stale or a duplicate."
        case .reportedScreenNotOnTop(let screen, let kind, let visible):
            return
                "The platform reported a \(kind) of screen \(screen), but the visible screen is "
                + "\(visible); the user can only act on the top-most stack that way."
        case .flowKeyInUse(let key):
            return "A flow is already running under the key \"\(key)\"."
        case .missingService(let type):
            return "No service of type \(type) is registered in the container."
        case .finishingScreenNotVisible(let screen, let visible):
            let shown = visible.map { "\($0)" } ?? "nothing"
            return
                "Screen \(screen) cannot finish with a result: it is not the visible screen, "
                + "\(shown) is."
        case .noTabs:
            return "A tab container needs at least one tab."
        case .duplicateTabName(let name):
            return "Two tabs are named \"\(Self.shorten(name))\"; tab names must be unique."
        case .invalidTabName(let name):
            return
                "Tab name \"\(Self.shorten(name))\" is not valid: a tab name is 1 to "
                + "\(TabItem.maximumNameByteCount) bytes without whitespace or control characters."
        case .unknownTab(let name, let tabs):
            guard !tabs.isEmpty else {
                guard !name.isEmpty else {
                    return
                        "No tab can be selected or re-tapped: the window's root is not a tab "
                        + "container."
                }
                return
                    "No tab is named \"\(Self.shorten(name))\": the window's root is not a tab "
                    + "container."
            }
            let close = Self.closeNames(to: name, in: tabs)
            let hint =
                close.isEmpty
                ? "" : " Did you mean \(Self.list(close.map { "\"\($0)\"" }, conjunction: "or"))?"
            return
                "No tab is named \"\(Self.shorten(name))\".\(hint) The tabs are "
                + "\(Self.list(tabs.prefix(16).map { "\"\(Self.shorten($0))\"" }, conjunction: "and"))."
        case .tabBarCovered(let tab, let modal):
            return
                "The user cannot have tapped tab \"\(Self.shorten(tab))\" in the tab bar: the modal "
                + "\(modal.quoted) covers it."
        case .notDismissibleByUser(let screen, let style):
            return
                "The platform reported that the user dismissed the modal of screen \(screen), but "
                + "its style (\(style)) does not let the user dismiss it."
        case .emptyStack(let kind):
            return "Cannot \(kind): a stack holds at least one screen."
        case .noTabForLink(let scene, let tabs):
            return
                "The link's stack starts with \(scene.quoted), but no tab starts with that scene "
                + "or hosts it; the tabs are "
                + "\(Self.list(tabs.prefix(16).map { "\"\(Self.shorten($0))\"" }, conjunction: "and"))."
        case .invalidPresentationStyle(let style):
            return
                "Cannot present with style \(style.literal): a sheet needs at least one detent and "
                + "none twice, a popover an anchor of 1 to 64 bytes."
        case .invalidLinkTable(let problem):
            return problem.description
        case .unhandledLink(let link):
            return link.description
        case .linkNotShareable(let scene, let screen, let route):
            guard let route else {
                return
                    "Cannot share \(scene.quoted) \(screen) as a link: no route of the link table "
                    + "opens that scene with its parameters."
            }
            return
                "Cannot share \(scene.quoted) \(screen) as a link: its route \"\(route)\" is not "
                + "reachable from outside the app."
        case .invalidSnapshot(let problem):
            return "The snapshot cannot be restored: \(problem)."
        case .missingPayload(let scene, let expected):
            return
                "Scene \(scene.quoted) needs a payload of type \(Self.shorten(expected)), and the "
                + "navigation carried none."
        case .wrongPayloadType(let scene, let expected, let given):
            return
                "Scene \(scene.quoted) needs a payload of type \(Self.shorten(expected)), but the "
                + "navigation carried a \(Self.shorten(given))."
        case .linkNeedsPayload(let scene, let screen):
            return
                "No link can name screen \(scene.quoted) \(screen): its builder needs a payload "
                + "and cannot rebuild it from parameters; declare rebuiltFrom: to make it linkable."
        case .payloadNotSaved(let scene, let screen, let type):
            return
                "Screen \(scene.quoted) \(screen) holds a payload of type \(Self.shorten(type)), "
                + "which a snapshot cannot keep; register the type with PayloadTypes."
        case .wrongResultType(let screen, let expected, let given):
            return
                "Screen \(screen) was asked for a result of type \(Self.shorten(expected)), but "
                + "finished with a \(Self.shorten(given)); nothing left the tree."
        case .observerNavigationLoop(let limit, let kind, let scene):
            let target = scene.map { " \($0.quoted)" } ?? ""
            return
                "Cannot \(kind)\(target): observers already started \(limit) navigations while "
                + "one event was being delivered, the coordinator's limit "
                + "(maximumObserverNavigations); an observer that navigates on every event is "
                + "looping."
        case .asynchronousGuard(let name, let kind, let scene):
            return
                "Cannot \(kind) \(scene.quoted) synchronously: the asynchronous guard \"\(name)\" "
                + "must decide first; use navigateWhenAllowed or openWhenAllowed."
        case .navigationCancelled(let operation, let newer):
            let cause = newer.map { "the newer request \($0)" } ?? "its caller"
            return
                "The pending \(operation) was cancelled by \(cause) while a guard decided; nothing "
                + "changed."
        case .guardTimedOut(let name, let kind, let scene, let limit):
            return
                "Cannot \(kind) \(scene.quoted): the asynchronous guard \"\(name)\" did not answer "
                + "within \(limit); nothing changed."
        case .navigationOriginGone(let operation, let origin):
            return
                "The pending \(operation) was allowed, but screen \(origin), visible when it was "
                + "asked, is no longer visible; nothing changed."
        case .heldLinkReplaced(let link, let newer):
            return
                "The held link \"\(Self.shorten(link))\" was dropped unopened: the newer link "
                + "\"\(Self.shorten(newer))\" replaced it, and one link waits at most."
        case .heldLinkFailed(let link, let error):
            return "The held link \"\(Self.shorten(link))\" could not be opened. \(error)"
        }
    }

    /// The names in `names` within a small edit distance of `name`, closest first (at most 3).
    static func closeNames(to name: String, in names: [String]) -> [String] {
        guard name.utf8.count <= 64 else { return [] }
        let threshold = Swift.max(2, name.count / 3)
        return
            names
            .compactMap { other -> (Int, String)? in
                guard other.utf8.count <= 64,
                    let distance = SceneSuggestions.editDistance(
                        Array(name.lowercased().unicodeScalars),
                        Array(other.lowercased().unicodeScalars), atMost: threshold)
                else { return nil }
                return (distance, other)
            }
            .sorted { $0 < $1 }
            .prefix(3)
            .map(\.1)
    }

    /// The text, cut to its first 48 Unicode scalars with its length in bytes added when it is
    /// longer than 60 scalars.
    ///
    /// Its cost is bounded whatever the text's size: it reads at most 61 scalars, never whole
    /// characters (one character may hold any number of combining marks).
    static func shorten(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard
            scalars.index(scalars.startIndex, offsetBy: 60, limitedBy: scalars.endIndex)
                .map({ $0 < scalars.endIndex }) == true
        else { return text }
        let head = String(String.UnicodeScalarView(scalars.prefix(48)))
        return "\(head)… (\(text.utf8.count) bytes)"
    }

    /// Joins quoted names as `"A", "B" or "C"`.
    private static func list(_ items: [String], conjunction: String) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
