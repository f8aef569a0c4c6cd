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

    /// A screen's context or a flow asked its coordinator for `request`, which it cannot do:
    /// the coordinator was released, the flow has finished, or the context's coordinator is a
    /// test double rather than an ``AppCoordinator`` (see ``CoordinatorUnavailability``).
    case coordinatorUnavailable(CoordinatorRequest, CoordinatorUnavailability)

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

    /// `kind` adds a tab, and the window's root is a stack, not a tab container; nothing
    /// changed. (Removing or selecting a tab of a stack root is
    /// ``unknownTab(_:tabs:)`` with no tabs.)
    case noTabRoot(TransitionKind)

    /// A tab was to be added at `index`, outside `0...count` for the `count` tabs there are;
    /// nothing changed.
    case tabIndexOutOfRange(index: Int, count: Int)

    /// The tab `name` is the only one, and a tab container keeps at least one: set a new root
    /// instead; nothing changed.
    case lastTab(String)

    /// `kind` is a split step (show a detail or a supplementary screen) and the window's root
    /// is not a split: a stack or a tab container; nothing changed.
    case noSplitRoot(TransitionKind)

    /// `kind` asks for a supplementary column (a `split` with a supplementary screen and the
    /// double-column style, or `showSupplementary`) and the split has two columns; nothing
    /// changed.
    case noSupplementaryColumn(TransitionKind)

    /// `kind` replaces the visible screen of a split's detail column, and nothing is shown
    /// there yet: show a detail first (`showDetail`, or `push`); nothing changed.
    case noDetailScreen(TransitionKind)

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

    /// A `present` asked for a style that cannot be shown: a sheet without detents, a popover
    /// whose anchor is empty or longer than 64 bytes, or an alert's style, which is
    /// ``ApplicationTransitionType/alert(_:animated:)``'s.
    case invalidPresentationStyle(PresentationStyle)

    /// An ``ApplicationTransitionType/alert(_:animated:)`` asked for an alert or a dialog that
    /// cannot be shown; `problem` says why. Nothing changed.
    case invalidAlert(AlertProblem)

    /// A `kind` navigation would act over the alert or confirmation dialog of scene `alert`:
    /// nothing is pushed, presented or popped until the user answers it or the app dismisses
    /// it; nothing changed.
    case alertIsPresented(TransitionKind, alert: SceneIdentifier)

    /// The platform reported an answer to screen `screen`, which is in the tree but is no alert
    /// or confirmation dialog; nothing changed.
    case notAnAlert(ScreenID)

    /// The platform reported that the user tapped button `button` of the alert of screen
    /// `screen`, which has `count` buttons; nothing changed.
    case noSuchAlertButton(ScreenID, button: Int, count: Int)

    /// The platform reported `given` texts for the alert of screen `screen`, which has
    /// `expected` text fields; nothing changed.
    case alertTextMismatch(ScreenID, given: Int, expected: Int)

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

    /// `window` cannot name a window: it is empty or longer than ``WindowID/maximumByteCount``
    /// bytes; no window was opened.
    case invalidWindowID(WindowID)

    /// No open window of the ``WindowRegistry`` has the identity `window`; `open` lists the
    /// windows that are, in the order they were opened. Nothing changed.
    case unknownWindow(WindowID, open: [WindowID])

    /// A window with the identity `window` is already open in the ``WindowRegistry``; nothing
    /// changed.
    case windowAlreadyOpen(WindowID)

    /// A link was addressed to the active window, and no window is open; nothing changed.
    case noActiveWindow

    /// The window `window` was closed (``WindowRegistry/closeWindow(_:)``): its coordinator
    /// navigates no more, and nothing changed.
    case windowClosed(WindowID)

    /// The window `window` cannot close while its `during` navigation runs a builder, a guard or
    /// a veto; close it once that navigation is done. Nothing changed.
    case windowBusy(WindowID, during: TransitionKind)
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
        case .noTabRoot: return "no-tab-root"
        case .tabIndexOutOfRange: return "tab-index-out-of-range"
        case .lastTab: return "last-tab"
        case .noSplitRoot: return "no-split-root"
        case .noSupplementaryColumn: return "no-supplementary-column"
        case .noDetailScreen: return "no-detail-screen"
        case .duplicateTabName: return "duplicate-tab-name"
        case .invalidTabName: return "invalid-tab-name"
        case .unknownTab: return "unknown-tab"
        case .tabBarCovered: return "tab-bar-covered"
        case .notDismissibleByUser: return "not-dismissible-by-user"
        case .emptyStack: return "empty-stack"
        case .noTabForLink: return "no-tab-for-link"
        case .invalidPresentationStyle: return "invalid-presentation-style"
        case .invalidSnapshot: return "invalid-snapshot"
        case .invalidAlert: return "invalid-alert"
        case .alertIsPresented: return "alert-is-presented"
        case .notAnAlert: return "not-an-alert"
        case .noSuchAlertButton: return "no-such-alert-button"
        case .alertTextMismatch: return "alert-text-mismatch"
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
        case .invalidWindowID: return "invalid-window-id"
        case .unknownWindow: return "unknown-window"
        case .windowAlreadyOpen: return "window-already-open"
        case .noActiveWindow: return "no-active-window"
        case .windowClosed: return "window-closed"
        case .windowBusy: return "window-busy"
        }
    }
}
