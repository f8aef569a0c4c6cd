public import CoreModule

/// Runs demo scripts against the demo app: one command a line, each transition printed.
///
/// The session registers FeatureA and FeatureB, like the tour, and keeps one window, `main`, for
/// all its lines, unless the script opens others (`window open NAME`): then each line drives the
/// window the script picked last. Each line is read (``ScriptCommand/parse(_:)``) and run; a line
/// that fails prints its error with its line number, changes nothing, and the session goes on.
///
/// ```swift
/// let session = try ScriptSession { print($0) }
/// let succeeded = await session.run(script: "root A1\npush A2 id=7\ntree\n")
/// ```
///
/// In ``OutputFormat/text``, each command is echoed as `N> command`, then the text renderer
/// writes each transition and the tree after it. In ``OutputFormat/json``, every transition,
/// failure and answer is one JSON object on one line, with sorted keys (see `docs/testing.md`).
/// Once a script has used a window command, each tree names its window (`window "side"`), and
/// each JSON transition and tree has a `window`.
///
/// Running is asynchronous because of the commands of asynchronous guards and held links
/// (`async`, `answer`, `clock`, `incoming`, `ready`): after each line, the session waits until
/// what the line started has settled — applied, failed, or pending on the guard's next
/// question — so a script's output is the same on every run. The guard's answers and its clock
/// come from the script, never from real time.
@MainActor
public final class ScriptSession {
    /// How a session prints.
    public enum OutputFormat: Sendable {
        /// For people: echoed commands, transitions and indented trees.
        case text
        /// For tools: one JSON object a line, keys sorted.
        case json
    }

    /// The demo's link format: `demo://open/…`.
    public static let linkFormat = DeepLinkFormat(scheme: "demo")

    /// The demo's universal links (see ``DemoLinks``).
    public let links: LinkTable

    /// How this session prints.
    public let format: OutputFormat
    /// The coordinator of the window the commands drive.
    public var coordinator: AppCoordinator { windows.driven }
    /// The app's windows: `main` at first, and those the script opens.
    public var windowRegistry: WindowRegistry { windows.registry }
    /// How many commands were run (blank lines and comments aside).
    public private(set) var commandCount = 0
    /// The line numbers of the commands that failed, in order.
    public private(set) var failedLines: [Int] = []

    private let write: @MainActor (String) -> Void
    private let position = ScriptPosition()
    /// The windows, and the one the commands drive.
    private let windows: ScriptWindows
    /// The registry of the app's scenes, which every window builds from.
    private let container: DependencyContainer
    /// The asynchronous guard's clock, its questions, and the navigations waiting for them.
    let async: ScriptAsyncState

    /// Creates a session over a fresh demo app.
    ///
    /// - Parameters:
    ///   - format: How to print; text by default.
    ///   - write: Receives each line of output, without a line break.
    /// - Throws: ``NavigationError`` when the feature modules cannot be registered.
    public init(format: OutputFormat = .text, write: @escaping @MainActor (String) -> Void)
        throws(NavigationError)
    {
        let app = DependencyInjection()
        try app.configure()
        container = app.container
        links = try DemoLinks.table()
        self.format = format
        self.write = write
        let async = ScriptAsyncState()
        self.async = async
        // The registry keeps the renderers' tokens through its `prepare`.
        let renderers = WindowRenderers(format: format, position: position, write: write)
        // Every window is prepared alike: the guard's clock, and a renderer before it navigates.
        let registry = WindowRegistry(container: app.container, guardClock: async.clock) {
            coordinator in renderers.attach(to: coordinator)
        }
        windows = try ScriptWindows(registry: registry)
    }

    /// Whether every command so far succeeded.
    public var succeeded: Bool { failedLines.isEmpty }

    /// Runs every line of `script`, then writes the summary.
    ///
    /// - Parameter script: The script's text; lines are numbered from 1.
    /// - Returns: `true` when every command succeeded.
    @discardableResult
    public func run(script: String) async -> Bool {
        var number = 0
        // "\r\n" is one Character in Swift: split on it too, for scripts written on Windows.
        let lines = script.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for line in lines {
            number += 1
            await run(line: String(line), number: number)
        }
        finish()
        return succeeded
    }

    /// Runs one line of a script.
    ///
    /// - Parameters:
    ///   - line: The line, without its line break.
    ///   - number: Its line number, printed with its output and its error.
    public func run(line: String, number: Int) async {
        let command: ScriptCommand?
        var problem: ScriptError?
        do {
            command = try ScriptCommand.parse(line)
        } catch {
            command = nil
            problem = error
        }
        guard command != nil || problem != nil else { return }
        commandCount += 1
        position.line = number
        let text = ScriptCommand.words(of: line).joined(separator: " ")
        if format == .text {
            if commandCount > 1 { write("") }
            write("\(number)> \(line.trimmingSpaces)")
        }
        if let problem {
            fail(number, text, message: problem.message, operation: nil)
            return
        }
        guard let command else { return }
        do {
            try await perform(command)
        } catch let error as NavigationError {
            fail(number, text, message: error.description, operation: operation(for: command))
        } catch {
            fail(number, text, message: "\(error)", operation: nil)
        }
        // What the line started on its own (an asynchronous navigation, a held link opening
        // because a screen left) runs until it settles, before the next line.
        await settle()
    }

    /// Writes the summary: how many commands ran, and which lines failed.
    public func finish() {
        switch format {
        case .text:
            if commandCount > 0 { write("") }
            if commandCount == 0 {
                write("The script had no commands.")
            } else if failedLines.isEmpty {
                write("Ran \(commandCount) \(plural(commandCount)): all succeeded.")
            } else {
                let lines = failedLines.map(String.init).joined(separator: ", ")
                let word = failedLines.count == 1 ? "line" : "lines"
                write(
                    "Ran \(commandCount) \(plural(commandCount)): \(failedLines.count) failed "
                        + "(\(word) \(lines)).")
            }
        case .json:
            write(
                JSONRecord.summary(commands: commandCount, failedLines: failedLines).encoded)
        }
    }

    private func plural(_ count: Int) -> String { count == 1 ? "command" : "commands" }

    // MARK: Running commands

    private func perform(_ command: ScriptCommand) async throws {
        switch command {
        case .navigate(.alert(let content, let animated)):
            // The alert's answer comes later, from `tap` or `tap-outside`: print it then.
            try coordinator.navigate(.alert(content, animated: animated)) { [weak self] result in
                self?.answer(
                    .note(kind: "result", text: "\(content.name) answered \(result)"),
                    text: ["· \(content.name) answered \(result)"])
            }
        case .navigate(let transition):
            // `nil`: a "go home" request that was already home; nothing changed, no event.
            if try coordinator.navigate(transition) == nil {
                let reason: String
                switch transition {
                case .dismissAll: reason = "nothing is presented"
                case .selectTab(let name, _): reason = "the tab \"\(name)\" is already selected"
                case .updateModal: reason = "the modal already rests there, locked as asked"
                default: reason = "the stack already shows its first screen"
                }
                unchanged(
                    "\(transition.kind)", request: transition.description, reason: reason)
            }
        case .open(let link, let target):
            try open(.deepLink(link, format: Self.linkFormat), in: target)
        case .openURL(let url, let source, let target):
            let event = try open(.universal(url, in: links, from: source), in: target)
            if case .linkAction(let action) = event {
                answer(.action(action), text: ["· \(action); the tree is unchanged"])
            }
        case .window(let command):
            position.namesWindows = true
            for note in try windows.perform(command) { windowNote(note) }
        case .windows:
            position.namesWindows = true
            let list = windows.list
            answer(
                .windows(list.map { ($0.window.rawValue, $0.tree, $0.isActive) }),
                text: list.isEmpty
                    ? ["(no window is open)"]
                    : list.flatMap {
                        ScriptWindows.lines(for: $0.tree, window: $0.window, isActive: $0.isActive)
                    })
        case .share:
            let link = try coordinator.universalLink(in: links)
            answer(.link(link), text: [link ?? "(the window is empty)"])
        case .backSwipe(let screen):
            try coordinator.report(.poppedBackByUser(to: backSwipeTarget(from: screen)))
        case .swipeDown(let screen):
            let target = try screen ?? visibleScreen(for: "swipe-down")
            if screen == nil, coordinator.tree.modals.isEmpty {
                throw ScriptError(
                    "swipe-down: nothing is presented, so there is no sheet to drag down.")
            }
            try coordinator.report(.dismissedByUser(target))
        case .tap(let button, let text):
            try coordinator.report(alertAnswer(tapping: button, text: text))
        case .onStack(let name, let request):
            try await perform(.navigate(Self.request(request, on: try stack(named: name))))
        case .drag(let detent, let screen):
            if screen == nil, coordinator.tree.modals.isEmpty {
                throw ScriptError("drag: nothing is presented, so there is no sheet to drag.")
            }
            let target = try screen ?? visibleScreen(for: "drag")
            let report = PlatformReport.detentChangedByUser(target, to: detent)
            if try coordinator.report(report) == nil {
                unchanged(
                    "drag", request: NavigationEvent.Operation.report(report).description,
                    reason: "the sheet already rests there")
            }
        case .tapOutside:
            guard let dialog = coordinator.tree.visibleScreen, !coordinator.tree.modals.isEmpty
            else {
                throw ScriptError(
                    "tap-outside: nothing is presented, so there is nothing to tap outside of.")
            }
            try coordinator.report(.dismissedByUser(dialog.id))
        case .tabTap(let name):
            let report = PlatformReport.tabSelectedByUser(name)
            if try coordinator.report(report) == nil {
                unchanged(
                    "tab-tap", request: NavigationEvent.Operation.report(report).description,
                    reason: "the tab \"\(name)\" is already selected")
            }
        case .sizeClass(let sizeClass):
            let report = PlatformReport.sizeClassChanged(sizeClass)
            if try coordinator.report(report) == nil {
                unchanged(
                    "size-class", request: NavigationEvent.Operation.report(report).description,
                    reason: "the window is already \(sizeClass)")
            }
        case .tabRetap:
            let report = PlatformReport.selectedTabReselectedByUser
            if try coordinator.report(report) == nil {
                unchanged(
                    "tab-retap", request: NavigationEvent.Operation.report(report).description,
                    reason: "the selected tab already shows its first screen")
            }
        case .tree:
            let window = position.namesWindows ? coordinator.window : nil
            answer(
                .tree(coordinator.tree, window: window?.rawValue),
                text: ScriptWindows.lines(for: coordinator.tree, window: window))
        case .link:
            let link = try coordinator.link(format: Self.linkFormat)
            answer(.link(link), text: [link ?? "(the window is empty)"])
        case .mermaid:
            let chart = MermaidRenderer.flowchart(for: coordinator.tree)
            answer(.mermaid(chart), text: chart.split(separator: "\n").map(String.init))
        case .scenes:
            let scenes = container.sceneIdentifiers.map(\.rawValue)
            answer(.scenes(scenes), text: [scenes.joined(separator: ", ")])
        case .map:
            let map = NavigationMap(
                of: container, startingWith: DependencyInjection.start, links: links)
            answer(.map(map), text: map.mermaid().split(separator: "\n").map(String.init))
        case .plan(let on):
            position.showsPlans = on
            answer(
                .plans(on),
                text: [
                    on
                        ? "plans on: each transition is followed by the steps a UIKit host "
                            + "performs to show it"
                        : "plans off"
                ])
        case .asyncGuard, .navigateWhenAllowed, .answer, .advanceClock, .incoming, .ready, .held:
            try await performAsync(command)
        case .help:
            answer(
                .help(ScriptCommand.reference),
                text: ScriptCommand.reference.split(
                    separator: "\n", omittingEmptySubsequences: false
                )
                .map(String.init))
        }
    }

    /// Opens `link` in the window the script drives, or in the one `target` names, which the
    /// script then drives.
    @discardableResult
    private func open(_ link: AppLink, in target: WindowRegistry.Target?) throws -> NavigationEvent?
    {
        guard let target else { return try coordinator.open(link) }
        position.namesWindows = true
        let (event, note) = try windows.open(link, in: target)
        windowNote(note)
        return event
    }

    private func windowNote(_ text: String) {
        answer(.note(kind: "window", text: text), text: ["· \(text)"])
    }

    /// Says that a request was already satisfied: nothing changed, and no event was published.
    private func unchanged(_ word: String, request: String, reason: String) {
        answer(
            .unchanged(request: request),
            text: ["· \(word): \(reason); nothing changed, no event"])
    }

    /// Where a back swipe from `screen` (the visible one by default) goes.
    ///
    /// The platform reports the screen below it. A screen not in the tree is reported as it is,
    /// so that the coordinator refuses a stale report; a swipe the platform would not allow is
    /// the script's error.
    private func backSwipeTarget(from screen: ScreenID?) throws -> ScreenID {
        let from = try screen ?? visibleScreen(for: "back-swipe")
        let tree = coordinator.tree
        guard let location = tree.location(of: from) else { return from }
        guard let visible = tree.visibleScreen, visible.id == from else {
            throw ScriptError(
                "back-swipe: \(location) is not the visible screen, and only the visible screen "
                    + "can be swiped back from.")
        }
        // A collapsed split shows its columns as one stack: back crosses from the detail to
        // the list.
        let collapsed = tree.modals.isEmpty ? tree.split.map { $0.isCollapsed } ?? false : false
        let stack: [Screen] =
            collapsed ? tree.split?.collapsedScreens ?? [] : tree.topStack.map { Array($0) } ?? []
        guard let index = stack.firstIndex(where: { $0.id == from }), index > 0 else {
            throw ScriptError(
                "back-swipe: \(location) is the first screen of its stack: there is nothing to "
                    + "swipe back to.")
        }
        return stack[index - 1].id
    }

    /// The report of a tap on the alert's button titled `title`.
    private func alertAnswer(tapping title: String, text: [String]) throws -> PlatformReport {
        let tree = coordinator.tree
        guard let alert = tree.alert, let screen = tree.visibleScreen else {
            throw ScriptError("tap: no alert or dialog is presented, so there is no button to tap.")
        }
        guard let index = alert.buttons.firstIndex(where: { $0.title == title }) else {
            let titles = alert.buttons.map { "\"\($0.title)\"" }.joined(separator: ", ")
            throw ScriptError(
                "tap: \(alert.name) has no button \"\(title)\"; its buttons are \(titles).")
        }
        return .answeredByUser(screen.id, button: index, text: text)
    }

    private func visibleScreen(for word: String) throws -> ScreenID {
        guard let visible = coordinator.tree.visibleScreen else {
            throw ScriptError("\(word): the window is empty, so there is no screen to swipe.")
        }
        return visible.id
    }

    private func operation(for command: ScriptCommand) -> NavigationEvent.Operation? {
        switch command {
        case .navigate(let transition): return .transition(transition)
        case .open(let link, _): return .open(.deepLink(link, format: Self.linkFormat))
        case .openURL(let url, let source, _):
            return .open(.universal(url, in: links, from: source))
        case .backSwipe(let screen):
            return (try? backSwipeTarget(from: screen)).map { .report(.poppedBackByUser(to: $0)) }
        case .swipeDown(let screen):
            return screen.map { .report(.dismissedByUser($0)) }
                ?? coordinator.tree.visibleScreen.map { .report(.dismissedByUser($0.id)) }
        case .tap(let button, let text):
            return (try? alertAnswer(tapping: button, text: text)).map { .report($0) }
        case .tapOutside:
            return coordinator.tree.visibleScreen.map { .report(.dismissedByUser($0.id)) }
        case .tabTap(let name): return .report(.tabSelectedByUser(name))
        case .tabRetap: return .report(.selectedTabReselectedByUser)
        case .sizeClass(let sizeClass): return .report(.sizeClassChanged(sizeClass))
        case .onStack(let name, let request):
            return (try? stack(named: name)).map { .transition(Self.request(request, on: $0)) }
        case .drag(let detent, let screen):
            return (screen ?? coordinator.tree.visibleScreen?.id).map {
                .report(.detentChangedByUser($0, to: detent))
            }
        case .navigateWhenAllowed(let transition): return .transition(transition)
        case .incoming(let link): return .open(.deepLink(link, format: Self.linkFormat))
        case .tree, .link, .mermaid, .scenes, .map, .plan, .help, .share, .asyncGuard, .answer,
            .advanceClock, .ready, .held, .window, .windows:
            return nil
        }
    }

    func answer(_ record: JSONRecord.Answer, text lines: [String]) {
        switch format {
        case .text:
            for line in lines { write(line.isEmpty ? "" : "   \(line)") }
        case .json:
            write(JSONRecord.answer(record, line: position.line).encoded)
        }
    }

    private func fail(
        _ number: Int, _ command: String, message: String, operation: NavigationEvent.Operation?
    ) {
        failedLines.append(number)
        switch format {
        case .text:
            write("   ✗ line \(number): \(message)")
            write("   (the tree is unchanged)")
        case .json:
            write(
                JSONRecord.failure(
                    line: number, command: command, error: message,
                    operation: operation?.description
                ).encoded)
        }
    }
}

/// The line being run, shared with the renderers so that each event carries it, whether
/// `plan on` asked for each transition's render plan, and whether a window command ran, so that
/// trees name their window.
@MainActor
final class ScriptPosition {
    var line = 0
    var showsPlans = false
    var namesWindows = false
}

/// Attaches each window's renderer, as the session's format asks, and keeps its token.
@MainActor
final class WindowRenderers {
    private let format: ScriptSession.OutputFormat
    private let position: ScriptPosition
    private let write: @MainActor (String) -> Void
    private var tokens: [ObservationToken] = []

    init(
        format: ScriptSession.OutputFormat, position: ScriptPosition,
        write: @escaping @MainActor (String) -> Void
    ) {
        self.format = format
        self.position = position
        self.write = write
    }

    func attach(to coordinator: AppCoordinator) {
        let window = coordinator.window
        switch format {
        case .text:
            let text = TextRenderer(indent: "   ", showsFailures: false, write: write)
            tokens.append(
                coordinator.attach(
                    PlanTextRenderer(text: text, position: position, window: window, write: write),
                    renderingCurrentTree: false))
        case .json:
            tokens.append(
                coordinator.attach(
                    JSONLinesRenderer(position: position, window: window, write: write),
                    renderingCurrentTree: false))
        }
    }
}

/// Writes each transition as the text renderer does, followed, after `plan on`, by its render
/// plan: the numbered steps a UIKit host performs to show it.
@MainActor
struct PlanTextRenderer: NavigationRenderer {
    let text: TextRenderer
    let position: ScriptPosition
    /// The window whose coordinator this renderer watches.
    let window: WindowID?
    let write: @MainActor (String) -> Void

    func render(_ event: TransitionEvent, tree: ScreenTree) {
        if position.namesWindows, let window {
            write("   ✓ \(event)")
            for line in ScriptWindows.lines(for: tree, window: window) { write("   " + line) }
        } else {
            text.render(event, tree: tree)
        }
        guard position.showsPlans else { return }
        if event.plan.steps.isEmpty {
            write("   UIKit plan: nothing to do (the user already did it on screen)")
            return
        }
        write("   UIKit plan:")
        for (number, step) in event.plan.steps.enumerated() {
            write("     \(number + 1). \(step)")
        }
    }
}

/// Writes each transition as one JSON object, with the line that caused it.
@MainActor
struct JSONLinesRenderer: NavigationRenderer {
    let position: ScriptPosition
    /// The window whose coordinator this renderer watches.
    let window: WindowID?
    let write: @MainActor (String) -> Void

    func render(_ event: TransitionEvent, tree: ScreenTree) {
        write(
            JSONRecord.transition(
                event, tree: tree, line: position.line, showsPlan: position.showsPlans,
                window: position.namesWindows ? window?.rawValue : nil
            ).encoded)
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and carriage returns.
    var trimmingSpaces: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let start = firstIndex(where: { !blank($0) }),
            let end = lastIndex(where: { !blank($0) })
        else { return "" }
        return String(self[start...end])
    }
}
