import CoreModule

/// The windows of a script session: one ``WindowRegistry`` over the demo's scenes, the window
/// the script drives, and the restoration activities it saved.
///
/// The session starts with one window, `main`. The script drives one window at a time: the one
/// it opened, moved to, restored or opened a link in last, which is then the registry's active
/// window. When the script closes the window it drives, it keeps that window's coordinator, as
/// code that kept it would, and each navigation fails with ``NavigationError/WindowFailure/windowClosed(_:)``
/// until `window NAME` picks another.
@MainActor
final class ScriptWindows {
    /// The window the session starts with.
    static let firstWindow: WindowID = "main"
    /// The activity type of the saved windows, as an app declares it in its `Info.plist`.
    static let activityType = "org.scenerouter.demo.window"

    /// The app's windows.
    let registry: WindowRegistry
    /// The coordinator of the window the script drives, closed or not.
    private(set) var driven: AppCoordinator
    /// The activities `window save` kept, by window.
    private var saved: [WindowID: WindowActivity] = [:]

    /// Opens the first window.
    ///
    /// - Parameter registry: The app's windows, none open yet.
    /// - Throws: What ``WindowRegistry/openWindow(_:restoring:)`` throws (nothing, for `main`).
    init(registry: WindowRegistry) throws(NavigationError) {
        self.registry = registry
        driven = try registry.openWindow(Self.firstWindow)
    }

    /// Runs a `window` command.
    ///
    /// - Parameter command: The command.
    /// - Returns: The sentences that say what happened, for the transcript.
    /// - Throws: ``NavigationError`` from the registry, or ``ScriptError`` for a window
    ///   restored with nothing saved; then nothing changed.
    func perform(_ command: WindowCommand) throws -> [String] {
        switch command {
        case .open(let id):
            driven = try registry.openWindow(id)
            return ["window \(id) opened, empty: \(Self.drivenNote)"]
        case .activate(let id):
            let coordinator = try registry.coordinator(for: id)
            try registry.activate(id)
            driven = coordinator
            return ["window \(id) is the active window: the commands that follow drive it"]
        case .close(let id):
            return try close(id)
        case .save(let id):
            let screens = try registry.coordinator(for: id).tree.stacks.joined().count
            saved[id] = try registry.restorationActivity(for: id, activityType: Self.activityType)
            return [
                "window \(id) saved: the activity \"\(Self.activityType)\" holds the snapshot of "
                    + "its \(screens) \(screens == 1 ? "screen" : "screens")"
            ]
        case .restore(let id):
            guard let activity = saved[id] else {
                throw ScriptError(
                    "window restore: no activity was saved for the window \(id); save it while "
                        + "it is open: window save \(id.rawValue).")
            }
            driven = try registry.openWindow(id, restoring: try activity.snapshot())
            return ["window \(id) restored from its activity: \(Self.drivenNote)"]
        }
    }

    /// Opens `link` in the window `target` names; the script then drives that window.
    ///
    /// - Returns: What the coordinator returned, and the sentence that says where it opened.
    /// - Throws: What ``WindowRegistry/open(_:in:force:)`` throws; then nothing changed.
    func open(_ link: AppLink, in target: WindowRegistry.Target) throws(NavigationError) -> (
        event: NavigationEvent?, note: String
    ) {
        let (id, event) = try registry.open(link, in: target)
        driven = try registry.coordinator(for: id)
        let new = if case .newWindow = target { "the new window" } else { "window" }
        return (event, "opened in \(new) \(id): \(Self.drivenNote)")
    }

    /// The open windows, each with its tree and whether it is the active one.
    var list: [(window: WindowID, tree: ScreenTree, isActive: Bool)] {
        registry.windows.compactMap { id in
            (try? registry.coordinator(for: id)).map {
                (id, $0.tree, id == registry.activeWindow)
            }
        }
    }

    /// The lines of `tree`, its first naming `window` (`window "side"`, `window "side" (empty)`)
    /// when there is one, and marked when it is the active one.
    static func lines(for tree: ScreenTree, window: WindowID?, isActive: Bool = false)
        -> [String]
    {
        var lines = tree.description.split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        guard let window, let first = lines.first, first.hasPrefix("window") else { return lines }
        let mark = isActive ? ", active" : ""
        lines[0] = "window \(window)\(mark)" + first.dropFirst("window".count)
        return lines
    }

    private static let drivenNote =
        "it is the active window, and the commands that follow drive it"

    /// Closes the window `id`; the sentences say what it released.
    private func close(_ id: WindowID) throws(NavigationError) -> [String] {
        let coordinator = try registry.coordinator(for: id)
        let held = try registry.closeWindow(id)
        var notes = [
            "window \(id) closed: its screens are let go; "
                + (registry.activeWindow.map { "the active window is \($0)" }
                    ?? "no window is open")
        ]
        if let held {
            notes.append("it held the link \(held.link.text), which the app may open elsewhere")
        }
        if coordinator === driven {
            notes.append(
                "the commands that follow drive the closed window, which refuses them, until "
                    + "window NAME")
        }
        return notes
    }
}
