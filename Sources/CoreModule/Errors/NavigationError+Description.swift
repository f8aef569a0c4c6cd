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
        case .refused(.noRoot(let kind)):
            return
                "Cannot \(kind): the window has no root yet; navigate to .root(scene:) first."
        case .refused(.cannotPopFirstScreen(let scene, let kind)):
            return
                "Cannot \(kind): \(scene.quoted) is the first screen of its stack, which is "
                + "never popped."
        case .refused(.sceneNotInStack(let scene, let stack)):
            let names = stack.map(\.rawValue).joined(separator: ", ")
            return
                "Cannot pop to \(scene.quoted): no screen of that scene is below the top of the "
                + "visible stack [\(names)]."
        case .refused(.nothingToDismiss(let visible)):
            return
                "Cannot dismiss: nothing is presented; the visible scene is \(visible.quoted)."
        case .builderFailed(let scene, let reason):
            return "The builder for scene \(scene.quoted) failed: \(reason)."
        case .link(.invalidLink(let problem)):
            return "The link cannot be opened: \(problem)."
        case .link(.linkSegmentFailed(let position, let segment, let error)):
            return
                "The link cannot be opened: screen \(position), \"\(Self.shorten(segment))\", "
                + "failed. \(error)"
        case .guarded(.rejectedByGuard(let name, let kind, let scene, let reason)):
            return "Cannot \(kind) \(scene.quoted): guard \"\(name)\" rejected it: \(reason)."
        case .guarded(.redirectLoop(let chain)):
            let steps = chain.map(\.description).joined(separator: " → ")
            return "Guards redirected in a loop: \(steps)."
        case .guarded(.leavingVetoed(let scene, let screen, let reason)):
            return
                "Cannot leave \(scene.quoted) \(screen): it refused, because \(reason); navigate with "
                + "force: true to leave it anyway."
        case .refused(.reportedScreenGone(let screen)):
            return
                "The platform reported screen \(screen), but it is not in the tree; the report is "
                + "stale or a duplicate."
        case .refused(.reportedScreenNotOnTop(let screen, let kind, let visible)):
            return
                "The platform reported a \(kind) of screen \(screen), but the visible screen is "
                + "\(visible); the user can only act on the top-most stack that way."
        case .refused(.finishingScreenNotVisible(let screen, let visible)):
            let shown = visible.map { "\($0)" } ?? "nothing"
            return
                "Screen \(screen) cannot finish with a result: it is not the visible screen, "
                + "\(shown) is."
        case .refused(.noTabs):
            return "A tab container needs at least one tab."
        case .refused(.noTabRoot(let kind)):
            return "Cannot \(kind): the root is a stack, not a tab container."
        case .refused(.tabIndexOutOfRange(let index, let count)):
            return
                "Cannot add a tab at position \(index): with \(count) tabs, a new tab goes at 0 to "
                + "\(count)."
        case .refused(.lastTab(let name)):
            return
                "Cannot remove the tab \"\(Self.shorten(name))\": it is the only one; set a new root "
                + "instead."
        case .refused(.noSplitRoot(let kind)):
            return "Cannot \(kind): the root is not a split; make one with split(primary:…) first."
        case .refused(.noSupplementaryColumn(let kind)):
            return
                "Cannot \(kind): the split has two columns, no supplementary one; make a split "
                + "with style: .tripleColumn."
        case .refused(.noDetailScreen(let kind)):
            return
                "Cannot \(kind): the split's detail column shows nothing yet; show a detail first "
                + "(show-detail or push)."
        case .refused(.duplicateTabName(let name)):
            return "Two tabs are named \"\(Self.shorten(name))\"; tab names must be unique."
        case .refused(.unknownTab(let name, let tabs)):
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
        case .refused(.tabBarCovered(let tab, let modal)):
            return
                "The user cannot have tapped tab \"\(Self.shorten(tab))\" in the tab bar: the modal "
                + "\(modal.quoted) covers it."
        case .refused(.notDismissibleByUser(let screen, let style)):
            return
                "The platform reported that the user dismissed the modal of screen \(screen), but "
                + "its style (\(style)) does not let the user dismiss it"
                + (style == .alert ? ": an alert is answered with one of its buttons." : ".")
        case .refused(.emptyStack(let kind)):
            return "Cannot \(kind): a stack holds at least one screen."
        case .link(.noTabForLink(let scene, let tabs)):
            return
                "The link's stack starts with \(scene.quoted), but no tab starts with that scene "
                + "or hosts it; the tabs are "
                + "\(Self.list(tabs.prefix(16).map { "\"\(Self.shorten($0))\"" }, conjunction: "and"))."
        case .refused(.invalidPresentationStyle(let style)):
            if case .sheet(let detents, let selected?, _) = style, !detents.contains(selected),
                style.updating(interactiveDismissal: nil, detent: detents.first)?.isValid == true
            {
                return
                    "The sheet cannot rest at \(selected.word): its detents are "
                    + "\(detents.map(\.word).joined(separator: ", ")) (\(style.literal))."
            }
            guard !style.isAlert else {
                return
                    "Cannot present a scene with style \(style.literal): an alert or a dialog is "
                    + "presented with .alert(_:)."
            }
            return
                "Cannot present with style \(style.literal): a sheet needs at least one detent, "
                + "none twice, heights above 0 points, fractions in (0, 1], and rests at one of its "
                + "detents; a popover needs an anchor of 1 to 64 bytes."
        case .refused(.noSuchStack(let stack, let kind)):
            guard kind == .updateModal else {
                return "Cannot \(kind) on stack \(stack): the tree has no such stack."
            }
            return
                "Cannot \(kind) on stack \(stack): it is not the stack of a shown sheet or popover "
                + "(a lock is a sheet's or a popover's, a resting detent a sheet's)."
        case .refused(.invalidAlert(let problem)):
            return "Cannot show the alert or dialog: \(problem)."
        case .refused(.alertIsPresented(let kind, let alert)):
            return
                "Cannot \(kind) while the alert \(alert.quoted) is presented: nothing is pushed, "
                + "presented or popped until the user answers it or the app dismisses it."
        case .refused(.notAnAlert(let screen)):
            return
                "The platform reported an answer to screen \(screen), which is no alert or "
                + "confirmation dialog."
        case .refused(.noSuchAlertButton(let screen, let button, let count)):
            return
                "The platform reported a tap on button \(button) of the alert \(screen), which has "
                + "\(count) button\(count == 1 ? "" : "s") (0 to \(count - 1))."
        case .refused(.alertTextMismatch(let screen, let given, let expected)):
            return
                "The platform reported \(given) text\(given == 1 ? "" : "s") for the alert "
                + "\(screen), which has \(expected) text field\(expected == 1 ? "" : "s")."
        case .link(.invalidLinkTable(let problem)):
            return problem.description
        case .link(.unhandledLink(let link)):
            return link.description
        case .link(.linkNotShareable(let scene, let screen, let route)):
            guard let route else {
                return
                    "Cannot share \(scene.quoted) \(screen) as a link: no route of the link table "
                    + "opens that scene with its parameters."
            }
            return
                "Cannot share \(scene.quoted) \(screen) as a link: its route \"\(route)\" is not "
                + "reachable from outside the app."
        case .input(let input):
            return input.description
        case .misuse(let misuse):
            return misuse.description
        case .snapshot(let problem):
            switch problem.detail {
            case .snapshot(.unsupportedVersion(let found, let supported)):
                return
                    "The snapshot has format version \(found), but this version of the package "
                    + "reads versions up to \(supported)."
            case .snapshot(.restorationFailed(let position, let scene, let error)):
                return
                    "The snapshot cannot be restored: screen \(position), \(scene.quoted), failed. "
                    + "\(error)"
            default:
                return "The snapshot cannot be restored: \(problem)."
            }
        case .window(.unknownWindow(let window, let open)):
            guard !open.isEmpty else { return "No window \(window) is open: no window is." }
            let names = open.prefix(8).map(\.description)
            return
                "No window \(window) is open; the open windows are "
                + Self.list(names, conjunction: "and") + (open.count > 8 ? " and more." : ".")
        case .window(.windowAlreadyOpen(let window)):
            return "The window \(window) is already open."
        case .window(.noActiveWindow):
            return "The link was addressed to the active window, and no window is open."
        case .window(.windowClosed(let window)):
            return "The window \(window) was closed: its coordinator navigates no more."
        case .window(.windowBusy(let window, let kind)):
            return
                "The window \(window) cannot close while its \(kind) runs a builder, guard or "
                + "veto; close it once that navigation is done."
        case .link(.linkNeedsPayload(let scene, let screen)):
            return
                "No link can name screen \(scene.quoted) \(screen): its builder needs a payload "
                + "and cannot rebuild it from parameters; declare rebuiltFrom: to make it linkable."
        case .link(.payloadNotSaved(let scene, let screen, let type)):
            return
                "Screen \(scene.quoted) \(screen) holds a payload of type \(Self.shorten(type)), "
                + "which a snapshot cannot keep; register the type with PayloadTypes."
        case .guarded(.asynchronousGuard(let name, let kind, let scene)):
            return
                "Cannot \(kind) \(scene.quoted) synchronously: the asynchronous guard \"\(name)\" "
                + "must decide first; use navigateWhenAllowed or openWhenAllowed."
        case .guarded(.navigationCancelled(let operation, let newer)):
            let cause = newer.map { "the newer request \($0)" } ?? "its caller"
            return
                "The pending \(operation) was cancelled by \(cause) while a guard decided; nothing "
                + "changed."
        case .guarded(.guardTimedOut(let name, let kind, let scene, let limit)):
            return
                "Cannot \(kind) \(scene.quoted): the asynchronous guard \"\(name)\" did not answer "
                + "within \(limit); nothing changed."
        case .guarded(.navigationOriginGone(let operation, let origin)):
            return
                "The pending \(operation) was allowed, but screen \(origin), visible when it was "
                + "asked, is no longer visible; nothing changed."
        case .link(.heldLinkReplaced(let link, let newer)):
            return
                "The held link \"\(Self.shorten(link))\" was dropped unopened: the newer link "
                + "\"\(Self.shorten(newer))\" replaced it, and one link waits at most."
        case .link(.heldLinkFailed(let link, let error)):
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
                    let distance = NavigationError.SceneSuggestions.editDistance(
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

/// A reason's words, read into the error's sentence; ``NavigationError/description`` is the
/// public text, so a reason's own is not.
package protocol ReasonText {
    /// The reason as the error's sentence gives it.
    var description: String { get }
}

extension DefaultStringInterpolation {
    /// Interpolates a reason as its words, as `CustomStringConvertible` would.
    package mutating func appendInterpolation(_ value: some ReasonText) {
        appendLiteral(value.description)
    }
}

extension NavigationError.Input: ReasonText {
    /// The problem as a sentence that names the offending values.
    package var description: String {
        switch self {
        case .invalidSceneIdentifier(let scene, let problem):
            return "Scene identifier \(scene.quoted) is not valid: \(problem)."
        case .missingParameter(let scene, let name):
            return "Scene \(scene.quoted) needs the parameter \"\(name)\", which was not passed."
        case .malformedParameter(let scene, let name, let value, let expected):
            return
                "Scene \(scene.quoted) needs the parameter \"\(name)\" as \(expected), but it is "
                + "\"\(NavigationError.shorten(value))\"."
        case .invalidTabName(let name):
            return
                "Tab name \"\(NavigationError.shorten(name))\" is not valid: a tab name is 1 to "
                + "\(TabItem.maximumNameByteCount) bytes without whitespace or control characters."
        case .invalidWindowID(let window):
            return
                "A window's identity has 1 to \(WindowID.maximumByteCount) bytes, and \(window) "
                + "has \(window.rawValue.utf8.count): it cannot name a window."
        case .missingPayload(let scene, let expected):
            return
                "Scene \(scene.quoted) needs a payload of type \(NavigationError.shorten(expected)), and the "
                + "navigation carried none."
        case .wrongPayloadType(let scene, let expected, let given):
            return
                "Scene \(scene.quoted) needs a payload of type \(NavigationError.shorten(expected)), but the "
                + "navigation carried a \(NavigationError.shorten(given))."
        case .wrongResultType(let screen, let expected, let given):
            return
                "Screen \(screen) was asked for a result of type \(NavigationError.shorten(expected)), but "
                + "finished with a \(NavigationError.shorten(given)); nothing left the tree."
        }
    }
}

extension NavigationError.Misuse: ReasonText {
    /// The misuse as a sentence that says what to do instead.
    package var description: String {
        switch self {
        case .duplicateRegistration(let scene):
            return
                "A builder for scene \(scene.quoted) is already registered; register with "
                + "policy .replaceExisting to replace it."
        case .mismatchedRegistration(let key, let builderIdentifier):
            return
                "A builder for scene \(builderIdentifier.quoted) cannot be registered under "
                + "\(key.quoted); register it under its own sceneIdentifier."
        case .reentrantNavigation(let kind, let during):
            return
                "Cannot \(kind) while a \(during) is being applied; navigate after the builder, "
                + "guard or veto returns (for example from the screen's own actions)."
        case .coordinatorUnavailable(let problem):
            return "\(problem)."
        case .flowKeyInUse(let key):
            return "A flow is already running under the key \"\(key)\"."
        case .missingService(let type):
            return "No service of type \(type) is registered in the container."
        case .observerNavigationLoop(let limit, let kind, let scene):
            let target = scene.map { " \($0.quoted)" } ?? ""
            return
                "Cannot \(kind)\(target): observers already started \(limit) navigations while "
                + "one event was being delivered, the coordinator's limit "
                + "(maximumObserverNavigations); an observer that navigates on every event is "
                + "looping."
        }
    }
}
