/// Everything that can go wrong when registering scenes or navigating, as one typed error.
///
/// The error has a few cases, one per area: the scene is not registered, the input breaks a
/// rule, the builder threw, the tree's rules refused the request, a guard stopped it, a link, a
/// snapshot or a window failed, or the app used the API wrongly. The areas an app reacts to carry
/// a reason to switch over (``Input``, ``Refusal``, ``GuardFailure``, ``LinkFailure``,
/// ``WindowFailure``, ``Misuse``); a snapshot that cannot be read carries a ``Problem``, the
/// rule it breaks in words, as the reasons do for a link's text, a link table or an alert's
/// content.
/// ``description`` reads as a full sentence naming the offending values, so that a log line is
/// enough to find the cause, and ``code`` names the rule for a program. The error is
/// `Equatable`, so a test compares it directly:
///
/// ```swift
/// #expect(throws: NavigationError.refused(.nothingToDismiss(visible: "A1"))) {
///     try coordinator.navigate(.dismiss(animated: true))
/// }
/// ```
///
/// A failed navigation leaves the screen tree exactly as it was and emits no transition event;
/// the failure itself is reported to observers as ``NavigationEvent/failure(_:)``.
///
/// Misconfiguration fails at registration (``Misuse/duplicateRegistration(_:)``,
/// ``Misuse/mismatchedRegistration(key:builderIdentifier:)``,
/// ``Input/invalidSceneIdentifier(_:problem:)``); bad input fails at navigation
/// (``unknownScene(_:suggestions:)`` and the other areas).
public enum NavigationError: Error, Equatable, Sendable {
    /// No builder is registered for the scene; `suggestions` lists the closest registered names.
    case unknownScene(SceneIdentifier, suggestions: NavigationError.SceneSuggestions)

    /// A name, a parameter, a payload or a result the request carried breaks a rule (see
    /// ``Input``).
    case input(Input)

    /// The scene's builder threw; `reason` is what it threw, as text.
    case builderFailed(SceneIdentifier, reason: String)

    /// The tree's rules refused the request, or a platform report that does not fit the tree
    /// (see ``Refusal``); nothing changed.
    case refused(Refusal)

    /// A guard, a veto or the wait for an asynchronous guard stopped the navigation (see
    /// ``GuardFailure``); nothing changed.
    case guarded(GuardFailure)

    /// A link cannot be read, opened, written or held (see ``LinkFailure``); nothing changed.
    case link(LinkFailure)

    /// A snapshot cannot be read or restored: `problem` names the rule or the limit it breaks
    /// (found before any screen is built), or the screen that failed and its
    /// ``Problem/underlyingError``; nothing changed.
    case snapshot(Problem)

    /// A window cannot be found, opened or closed (see ``WindowFailure``); nothing changed.
    case window(WindowFailure)

    /// The app used the API in a way it does not allow: a registration, a navigation from inside
    /// a builder or an observer, a flow's key, a service (see ``Misuse``).
    case misuse(Misuse)
}

extension NavigationError {
    /// What is wrong with a name, a parameter, a payload or a result a request carried, in
    /// ``NavigationError/input(_:)``.
    public enum Input: Hashable, Sendable {
        /// The identifier breaks a naming rule; `problem` is its ``SceneIdentifier/problem``.
        case invalidSceneIdentifier(SceneIdentifier, problem: NavigationError.Problem)

        /// A tab name is empty, longer than 64 bytes, or contains
        /// whitespace or control characters.
        case invalidTabName(String)

        /// `window` cannot name a window: it is empty or longer than 256
        /// bytes; no window was opened.
        case invalidWindowID(WindowID)

        /// The scene needs the parameter `name`, and the navigation did not pass it.
        case missingParameter(scene: SceneIdentifier, name: String)

        /// The scene needs the parameter `name` as `expected`, and `value` cannot be read as that.
        case malformedParameter(
            scene: SceneIdentifier, name: String, value: String, expected: ParameterType)

        /// The builder of `scene` requires a payload of type `expected`, and the navigation carried
        /// none (and the builder cannot rebuild it from parameters).
        case missingPayload(scene: SceneIdentifier, expected: String)

        /// The builder of `scene` requires a payload of type `expected`, and the navigation carried
        /// one of type `given`.
        case wrongPayloadType(scene: SceneIdentifier, expected: String, given: String)

        /// The screen `screen` was asked for a result of type `expected`, and finished with one of
        /// type `given`; nothing left the tree.
        case wrongResultType(screen: ScreenID, expected: String, given: String)
    }
}

extension NavigationError {
    /// Which rule of the screen tree refused a request (stacks, dismissal, tabs, split view,
    /// alerts) or a platform report, in ``NavigationError/refused(_:)``.
    public enum Refusal: Hashable, Sendable {
        /// The request needs a root, but the window has none yet; start with `.root(scene:)`.
        case noRoot(TransitionEvent.Kind)

        /// A pop was asked of the stack's first screen, which is never popped.
        case cannotPopFirstScreen(SceneIdentifier, kind: TransitionEvent.Kind)

        /// A pop-to named a scene that has no screen below the top of the top-most stack;
        /// `stack` lists that stack's scenes, bottom first.
        case sceneNotInStack(SceneIdentifier, stack: [SceneIdentifier])

        /// A `kind` transition was asked to set a stack to no screens; a stack is never empty.
        case emptyStack(TransitionEvent.Kind)

        /// A screen asked to finish with a result, but it is not the visible screen.
        case finishingScreenNotVisible(ScreenID, visible: ScreenID?)

        /// A dismiss was asked, but nothing is presented; the visible scene (of the root stack or the
        /// selected tab) is `visible`.
        case nothingToDismiss(visible: SceneIdentifier)

        /// The platform reported that the user dismissed the modal holding `screen`, but its
        /// `style` does not let the user dismiss it.
        case notDismissibleByUser(ScreenID, style: PresentationStyle)

        /// A `present` asked for a style that cannot be shown: a sheet without detents, with a
        /// height of 0 points or less or a fraction outside (0, 1], or resting at a detent it
        /// does not offer, a popover whose anchor is empty or longer than 64 bytes, or an
        /// alert's style, which is ``ApplicationTransitionType/alert(_:animated:)``'s; or an
        /// update-modal (requested, or a reported drag) would make a sheet rest at a detent it
        /// does not offer: `style` is the style it would have had. Nothing changed.
        case invalidPresentationStyle(PresentationStyle)

        /// A `kind` request named stack `stack`, which the tree does not have (it left, or it
        /// is another coordinator's); or an update-modal's stack (named, or the top-most) is
        /// not a shown sheet or popover: a root, tab or column stack, a full-screen cover, an
        /// alert's, or a popover asked for a detent. Nothing changed.
        case noSuchStack(StackID, kind: TransitionEvent.Kind)

        /// A tab container was asked for with no tabs.
        case noTabs

        /// `kind` adds a tab, and the window's root is a stack, not a tab container; nothing
        /// changed. (Removing or selecting a tab of a stack root is
        /// ``unknownTab(_:tabs:)`` with no tabs.)
        case noTabRoot(TransitionEvent.Kind)

        /// A tab was to be added at `index`, outside `0...count` for the `count` tabs there are;
        /// nothing changed.
        case tabIndexOutOfRange(index: Int, count: Int)

        /// The tab `name` is the only one, and a tab container keeps at least one: set a new root
        /// instead; nothing changed.
        case lastTab(String)

        /// No tab is named `name`; `tabs` lists the tabs there are (empty when the root is a stack).
        case unknownTab(String, tabs: [String])

        /// The user cannot tap the tab bar: the modal of `scene` covers it.
        case tabBarCovered(tab: String, modal: SceneIdentifier)

        /// Two tabs of one tab container have the name `name`.
        case duplicateTabName(String)

        /// `kind` is a split step (show a detail or a supplementary screen) and the window's root
        /// is not a split: a stack or a tab container; nothing changed.
        case noSplitRoot(TransitionEvent.Kind)

        /// `kind` replaces the visible screen of a split's detail column, and nothing is shown
        /// there yet: show a detail first (`showDetail`, or `push`); nothing changed.
        case noDetailScreen(TransitionEvent.Kind)

        /// `kind` asks for a supplementary column (a `split` with a supplementary screen and the
        /// double-column style, or `showSupplementary`) and the split has two columns; nothing
        /// changed.
        case noSupplementaryColumn(TransitionEvent.Kind)

        /// An ``ApplicationTransitionType/alert(_:animated:)`` asked for an alert or a dialog that
        /// cannot be shown (see ``AlertContent/problem``); `problem` says why. Nothing changed.
        case invalidAlert(NavigationError.Problem)

        /// A `kind` navigation would act over the alert or confirmation dialog of scene `alert`:
        /// nothing is pushed, presented or popped until the user answers it or the app dismisses
        /// it; nothing changed.
        case alertIsPresented(TransitionEvent.Kind, alert: SceneIdentifier)

        /// The platform reported an answer to screen `screen`, which is in the tree but is no alert
        /// or confirmation dialog; nothing changed.
        case notAnAlert(ScreenID)

        /// The platform reported that the user tapped button `button` of the alert of screen
        /// `screen`, which has `count` buttons; nothing changed.
        case noSuchAlertButton(ScreenID, button: Int, count: Int)

        /// The platform reported `given` texts for the alert of screen `screen`, which has
        /// `expected` text fields; nothing changed.
        case alertTextMismatch(ScreenID, given: Int, expected: Int)

        /// The platform reported something about `screen` (it left, or the user went back to it),
        /// but it is not in the tree: the report is stale or a duplicate.
        case reportedScreenGone(ScreenID)

        /// The platform reported a `kind` of `screen`, but that screen is not where the report
        /// needs it: in the top-most stack for a pop back to it, in the top-most modal for a
        /// dismiss.
        case reportedScreenNotOnTop(ScreenID, kind: TransitionEvent.Kind, visible: ScreenID)
    }
}

extension NavigationError {
    /// How a guard, a veto or the wait for an asynchronous guard stopped a navigation, in
    /// ``NavigationError/guarded(_:)``.
    public enum GuardFailure: Equatable, Sendable {
        /// The guard `name` rejected a `kind` navigation involving `scene`, for `reason`.
        case rejectedByGuard(
            name: String, kind: TransitionEvent.Kind, scene: SceneIdentifier, reason: String)

        /// The screen `screen` of `scene` refused to be left, for `reason` (unsaved changes, say);
        /// navigate with `force: true` to leave it anyway.
        case leavingVetoed(scene: SceneIdentifier, screen: ScreenID, reason: String)

        /// The synchronous `kind` navigation to `scene` reached the asynchronous guard `name`, which
        /// only ``AppCoordinator/navigateWhenAllowed(_:force:)`` and
        /// ``AppCoordinator/openWhenAllowed(_:force:)`` can wait for; nothing changed.
        case asynchronousGuard(name: String, kind: TransitionEvent.Kind, scene: SceneIdentifier)

        /// The asynchronous guard `name` did not answer about the `kind` navigation to `scene` within
        /// `limit` (the coordinator's `guardTimeLimit`); nothing changed, and a late answer is dropped.
        case guardTimedOut(
            name: String, kind: TransitionEvent.Kind, scene: SceneIdentifier, limit: Duration)

        /// The `operation` was pending, waiting for an asynchronous guard, and was cancelled: by the
        /// newer request `by`, or, when `by` is `nil`, by cancelling the caller's task;
        /// nothing changed.
        indirect case navigationCancelled(NavigationEvent.Operation, by: NavigationEvent.Operation?)

        /// Guards redirected more than the coordinator's limit, or back to a navigation already in
        /// the chain; `chain` lists the navigations in the order they were tried.
        case redirectLoop(chain: [ApplicationTransitionType])

        /// The pending `operation` was allowed, but the screen `origin`, visible when it was asked,
        /// has left the tree or is no longer visible (the user went back meanwhile); nothing changed.
        indirect case navigationOriginGone(NavigationEvent.Operation, origin: ScreenID)
    }
}

extension NavigationError {
    /// Why a link could not be read, opened, written or held, in ``NavigationError/link(_:)``.
    public enum LinkFailure: Equatable, Sendable {
        /// A deep link cannot be read: `problem` names the part that breaks the link form's rules
        /// (a scheme, a character, a segment, a limit); nothing was built.
        case invalidLink(NavigationError.Problem)

        /// The deep link's `position`-th screen segment (from 1), written `segment`, failed with
        /// `error`; nothing changed.
        indirect case linkSegmentFailed(position: Int, segment: String, error: NavigationError)

        /// A universal link no route of the app's table handles, with the reason (see
        /// ``NavigationError/UnhandledLink``): the tree is unchanged, and the app may hand the link to the browser.
        case unhandledLink(NavigationError.UnhandledLink)

        /// A link names one stack and the root is a tab container, but no tab starts with the
        /// link's first scene `scene` or declares that it hosts it; `tabs` lists the tabs.
        case noTabForLink(SceneIdentifier, tabs: [String])

        /// A ``LinkTable`` breaks a rule: `problem` names its origin, its limits or the route and
        /// the rule the route breaks; it was not made.
        case invalidLinkTable(NavigationError.Problem)

        /// The visible screen `screen`, of scene `scene`, cannot be shared as a universal link:
        /// `route` is the route that would write it but is not reachable from outside the app, or
        /// `nil` when no route opens that scene with the screen's parameters.
        case linkNotShareable(scene: SceneIdentifier, screen: ScreenID, route: String?)

        /// A link cannot name the screen `screen` of `scene`: its builder needs a payload and cannot
        /// rebuild it from parameters, so the link would never open.
        case linkNeedsPayload(scene: SceneIdentifier, screen: ScreenID)

        /// The screen `screen` of `scene` holds a payload of type `type` that a snapshot cannot
        /// keep: the type is not registered with ``PayloadTypes``.
        case payloadNotSaved(scene: SceneIdentifier, screen: ScreenID, type: String)

        /// The held link `link` could not be opened when its time came, because of `error`; the tree
        /// is as it was before.
        indirect case heldLinkFailed(String, error: NavigationError)

        /// The held link `link` was dropped unopened: the newer link `by` arrived before the app was
        /// ready, and at most one link waits (the newest).
        case heldLinkReplaced(String, by: String)
    }
}

extension NavigationError {
    /// Why a window could not be found, opened or closed, in ``NavigationError/window(_:)``.
    public enum WindowFailure: Hashable, Sendable {
        /// No open window of the ``WindowRegistry`` has the identity `window`; `open` lists the
        /// windows that are, in the order they were opened. Nothing changed.
        case unknownWindow(WindowID, open: [WindowID])

        /// A window with the identity `window` is already open in the ``WindowRegistry``; nothing
        /// changed.
        case windowAlreadyOpen(WindowID)

        /// The window `window` cannot close while its `during` navigation runs a builder, a guard or
        /// a veto; close it once that navigation is done. Nothing changed.
        case windowBusy(WindowID, during: TransitionEvent.Kind)

        /// The window `window` was closed (``WindowRegistry/closeWindow(_:)``): its coordinator
        /// navigates no more, and nothing changed.
        case windowClosed(WindowID)

        /// A link was addressed to the active window, and no window is open; nothing changed.
        case noActiveWindow
    }
}

extension NavigationError {
    /// How the app used the API in a way it does not allow, in ``NavigationError/misuse(_:)``.
    public enum Misuse: Equatable, Sendable {
        /// A builder is already registered for the scene, and the registration did not ask to replace
        /// it (see ``RegistrationPolicy/replaceExisting``).
        case duplicateRegistration(SceneIdentifier)

        /// A builder was registered under `key`, but its own ``Builder/sceneIdentifier`` is
        /// `builderIdentifier`.
        case mismatchedRegistration(key: SceneIdentifier, builderIdentifier: SceneIdentifier)

        /// A navigation was requested while another was being planned: from inside a builder, a
        /// guard or a veto.
        ///
        /// These run before the tree changes, so navigating from one would interleave two
        /// transitions; it is rejected instead, and the navigation being planned goes on.
        case reentrantNavigation(TransitionEvent.Kind, during: TransitionEvent.Kind)

        /// A screen's context or a flow asked its coordinator for `request`, which it cannot do:
        /// the coordinator was released, the flow has finished, or the context's coordinator is a
        /// test double rather than an ``AppCoordinator``; `problem` names the request and why.
        case coordinatorUnavailable(NavigationError.Problem)

        /// Observers started more than `limit` navigations while one event was being delivered
        /// (50), so the `kind` navigation to `scene`
        /// (`nil` for a link or a snapshot) was not applied: an observer that navigates on every
        /// event, such as a redirect written as an observer, is looping.
        ///
        /// The tree stays as the last navigation that was applied left it. The loop is reported
        /// to observers once per delivery; later navigations observers start in the same delivery
        /// fail with this error too, without a report.
        case observerNavigationLoop(limit: Int, kind: TransitionEvent.Kind, scene: SceneIdentifier?)

        /// A flow was started under `key`, but a live flow already has that key in the same parent.
        case flowKeyInUse(String)

        /// No service of type `type` is registered in the container.
        case missingService(type: String)
    }
}

extension NavigationError {
    /// A stable, machine-readable name for the error's case, such as `unknown-scene`, for logs
    /// and tools that must not parse the sentence.
    public var code: String {
        switch self {
        case .unknownScene: return "unknown-scene"
        case .snapshot(let problem):
            switch problem.detail {
            case .snapshot(.unsupportedVersion): return "unsupported-snapshot-version"
            case .snapshot(.restorationFailed): return "restoration-failed"
            default: return "invalid-snapshot"
            }
        case .input(.invalidSceneIdentifier): return "invalid-scene-identifier"
        case .input(.missingParameter): return "missing-parameter"
        case .input(.malformedParameter): return "malformed-parameter"
        case .input(.invalidTabName): return "invalid-tab-name"
        case .input(.missingPayload): return "missing-payload"
        case .input(.wrongPayloadType): return "wrong-payload-type"
        case .input(.wrongResultType): return "wrong-result-type"
        case .input(.invalidWindowID): return "invalid-window-id"
        case .misuse(.duplicateRegistration): return "duplicate-registration"
        case .misuse(.mismatchedRegistration): return "mismatched-registration"
        case .misuse(.reentrantNavigation): return "reentrant-navigation"
        case .misuse(.coordinatorUnavailable): return "coordinator-unavailable"
        case .misuse(.flowKeyInUse): return "flow-key-in-use"
        case .misuse(.missingService): return "missing-service"
        case .misuse(.observerNavigationLoop): return "observer-navigation-loop"
        case .refused(.noRoot): return "no-root"
        case .refused(.cannotPopFirstScreen): return "cannot-pop-first-screen"
        case .refused(.sceneNotInStack): return "scene-not-in-stack"
        case .refused(.nothingToDismiss): return "nothing-to-dismiss"
        case .builderFailed: return "builder-failed"
        case .link(.invalidLink): return "invalid-link"
        case .link(.linkSegmentFailed): return "link-segment-failed"
        case .guarded(.rejectedByGuard): return "rejected-by-guard"
        case .guarded(.redirectLoop): return "redirect-loop"
        case .guarded(.leavingVetoed): return "leaving-vetoed"
        case .refused(.reportedScreenGone): return "reported-screen-gone"
        case .refused(.reportedScreenNotOnTop): return "reported-screen-not-on-top"
        case .refused(.finishingScreenNotVisible): return "finishing-screen-not-visible"
        case .refused(.noTabs): return "no-tabs"
        case .refused(.noTabRoot): return "no-tab-root"
        case .refused(.tabIndexOutOfRange): return "tab-index-out-of-range"
        case .refused(.lastTab): return "last-tab"
        case .refused(.noSplitRoot): return "no-split-root"
        case .refused(.noSupplementaryColumn): return "no-supplementary-column"
        case .refused(.noDetailScreen): return "no-detail-screen"
        case .refused(.duplicateTabName): return "duplicate-tab-name"
        case .refused(.unknownTab): return "unknown-tab"
        case .refused(.tabBarCovered): return "tab-bar-covered"
        case .refused(.notDismissibleByUser): return "not-dismissible-by-user"
        case .refused(.emptyStack): return "empty-stack"
        case .link(.noTabForLink): return "no-tab-for-link"
        case .refused(.invalidPresentationStyle): return "invalid-presentation-style"
        case .refused(.noSuchStack): return "no-such-stack"
        case .refused(.invalidAlert): return "invalid-alert"
        case .refused(.alertIsPresented): return "alert-is-presented"
        case .refused(.notAnAlert): return "not-an-alert"
        case .refused(.noSuchAlertButton): return "no-such-alert-button"
        case .refused(.alertTextMismatch): return "alert-text-mismatch"
        case .link(.linkNeedsPayload): return "link-needs-payload"
        case .link(.payloadNotSaved): return "payload-not-saved"
        case .guarded(.asynchronousGuard): return "asynchronous-guard"
        case .guarded(.navigationCancelled): return "navigation-cancelled"
        case .guarded(.guardTimedOut): return "guard-timed-out"
        case .guarded(.navigationOriginGone): return "navigation-origin-gone"
        case .link(.heldLinkReplaced): return "held-link-replaced"
        case .link(.heldLinkFailed): return "held-link-failed"
        case .link(.invalidLinkTable): return "invalid-link-table"
        case .link(.unhandledLink): return "unhandled-link"
        case .link(.linkNotShareable): return "link-not-shareable"
        case .window(.unknownWindow): return "unknown-window"
        case .window(.windowAlreadyOpen): return "window-already-open"
        case .window(.noActiveWindow): return "no-active-window"
        case .window(.windowClosed): return "window-closed"
        case .window(.windowBusy): return "window-busy"
        }
    }
}
