import CoreModule
import Foundation

/// One line of `--json` output: an object with a `type` and, but for the summary, the script
/// `line` it comes from.
///
/// - `transition`: `sequence`, `kind`, `scene`, `screen`, `from` (absent for the first root),
///   `to`, `removedCount`, `animated`, `initiator`, `stack` (the number of the top-most stack
///   after it, `3` for `s3`), `style` (for a `present`, as the tree prints it: `sheet`,
///   `sheet: medium, large`, `full-screen`, …), `tab` (the selected tab, when the root is a tab
///   container), and the tree after it; after `plan on`, `plan` too: the render plan's steps,
///   one string each, as the text output numbers them (`[]` for what the user did); once the
///   script has used a window command, `window` (the window it happened in);
/// - `failure`: the `command` as written, the `error` sentence, and the coordinator's
///   `operation` when the coordinator refused it;
/// - `tree`, `link` (`null` for an empty window), `mermaid`, `scenes`, `help`: the answers (a
///   `tree` names its `window` once the script has used a window command);
/// - `map`: the app's navigation map, as `NavigationMap.json()` writes it;
/// - `windows`: the open windows, in the order they were opened, each an object with its
///   `window`, whether it is `active`, and its tree;
/// - `plans`: the answer to `plan on` or `plan off`, with `plans` `true` or `false`;
/// - `unchanged`: a request that was already satisfied (`pop-to-root` on a one-screen stack,
///   `dismiss-all` with nothing presented), with the `request`: no event, nothing changed;
/// - `summary`: `commands`, `failed` and `failedLines`.
///
/// A screen is `{"screen": 2, "scene": "A2", "parameters": {"id": "7"}}`. A tree is `tree`, its
/// stacks: the root stack, or each tab's stack in the tabs' order, then each modal's; with
/// `tabs` (`[{"name": "home", "selected": true}, …]`, one per tab stack) when the root is a
/// tab container, `columns` (`["primary", "detail"]`, one per column stack) and `collapsed`
/// when it is a split, and `styles` (`["sheet", "full-screen"]`, one per modal stack, in
/// order) when a modal is presented. Keys are sorted and slashes unescaped, so the output is
/// byte-for-byte deterministic.
enum JSONRecord {
    /// A question's answer.
    enum Answer {
        case tree(ScreenTree, window: String?)
        /// The open windows: each one's name, tree, and whether it is the active one.
        case windows([(window: String, tree: ScreenTree, isActive: Bool)])
        case link(String?)
        case mermaid(String)
        case scenes([String])
        /// The app's navigation map.
        case map(NavigationMap)
        case help(String)
        /// `plan on` or `plan off`.
        case plans(Bool)
        /// A request that was already satisfied, as the coordinator prints it.
        case unchanged(request: String)
        /// What the asynchronous guard, its clock or a held link did: `kind` names it
        /// (`question`, `answer`, `outcome`, `pending`, …) and `text` says it.
        case note(kind: String, text: String)
        /// A universal link's action: nothing changed on screen.
        case action(LinkRoute.Action)
    }

    case transition(
        TransitionEvent, tree: ScreenTree, line: Int, showsPlan: Bool, window: String? = nil)
    case failure(line: Int, command: String, error: String, operation: String?)
    case answer(Answer, line: Int)
    case summary(commands: Int, failedLines: [Int])

    /// The record as one line of JSON.
    var encoded: String {
        // The map writes its own JSON, with sorted keys: "line" and "type" go either side.
        if case .answer(.map(let map), let line) = self {
            return #"{"line":\#(line),"map":\#(map.json()),"type":"map"}"#
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(Object(record: self)),
            let text = String(data: data, encoding: .utf8)
        else {
            return #"{"error":"the record could not be encoded","type":"failure"}"#
        }
        return text
    }
}

/// The JSON value of a record, built from a few Encodable pieces.
private struct Object: Encodable {
    let record: JSONRecord

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private struct Location: Encodable {
        let screen: UInt64
        let scene: String
        let level: Int
        let index: Int

        init(_ location: ScreenLocation) {
            screen = location.screen.rawValue
            scene = location.scene.rawValue
            level = location.level
            index = location.index
        }
    }

    private struct ScreenValue: Encodable {
        let screen: UInt64
        let scene: String
        let parameters: [String: String]

        init(_ screen: Screen) {
            self.screen = screen.id.rawValue
            scene = screen.scene.rawValue
            parameters = screen.parameters.values
        }
    }

    private struct TabValue: Encodable {
        let name: String
        let selected: Bool
    }

    /// An open window of a `windows` answer: its name, whether it is active, and its tree.
    private struct WindowValue: Encodable {
        let window: String
        let active: Bool
        let tree: ScreenTree

        func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: Key.self)
            try object.encode(window, forKey: Key("window"))
            try object.encode(active, forKey: Key("active"))
            try Object.encode(tree, into: &object)
        }
    }

    /// Writes `tree` as `tree`, and as `tabs`, `columns` and `styles` when it has tabs, a split
    /// and modals.
    private static func encode(
        _ tree: ScreenTree, into object: inout KeyedEncodingContainer<Key>
    ) throws {
        try object.encode(tree.stacks.map { $0.map(ScreenValue.init) }, forKey: Key("tree"))
        if let selected = tree.selectedTab {
            let tabs = tree.tabs.map { TabValue(name: $0.name, selected: $0.name == selected) }
            try object.encode(tabs, forKey: Key("tabs"))
        }
        if let split = tree.split {
            let columns = split.columns.compactMap { stack -> String? in
                if case .column(let column) = stack.place { return "\(column)" }
                return nil
            }
            try object.encode(columns, forKey: Key("columns"))
            try object.encode(split.isCollapsed, forKey: Key("collapsed"))
        }
        let styles = tree.modals.compactMap { $0.style?.description }
        if !styles.isEmpty {
            try object.encode(styles, forKey: Key("styles"))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: Key.self)
        switch record {
        case .transition(let event, let tree, let line, let showsPlan, let window):
            try object.encode("transition", forKey: Key("type"))
            try object.encode(line, forKey: Key("line"))
            try object.encode(event.sequence, forKey: Key("sequence"))
            try object.encode(event.kind.description, forKey: Key("kind"))
            try object.encode(event.scene.rawValue, forKey: Key("scene"))
            try object.encode(event.screen.rawValue, forKey: Key("screen"))
            try object.encodeIfPresent(event.from.map(Location.init), forKey: Key("from"))
            try object.encode(Location(event.to), forKey: Key("to"))
            try object.encode(event.removedCount, forKey: Key("removedCount"))
            try object.encode(event.animated, forKey: Key("animated"))
            try object.encode(event.isUserInitiated ? "user" : "app", forKey: Key("initiator"))
            try object.encode(event.stack.rawValue, forKey: Key("stack"))
            try object.encodeIfPresent(event.style?.description, forKey: Key("style"))
            try object.encodeIfPresent(event.tab, forKey: Key("tab"))
            if showsPlan {
                try object.encode(event.plan.steps.map(\.description), forKey: Key("plan"))
            }
            try object.encodeIfPresent(window, forKey: Key("window"))
            try Self.encode(tree, into: &object)
        case .failure(let line, let command, let error, let operation):
            try object.encode("failure", forKey: Key("type"))
            try object.encode(line, forKey: Key("line"))
            try object.encode(command, forKey: Key("command"))
            try object.encode(error, forKey: Key("error"))
            try object.encodeIfPresent(operation, forKey: Key("operation"))
        case .answer(let answer, let line):
            try object.encode(line, forKey: Key("line"))
            switch answer {
            case .tree(let tree, let window):
                try object.encode("tree", forKey: Key("type"))
                try object.encodeIfPresent(window, forKey: Key("window"))
                try Self.encode(tree, into: &object)
            case .windows(let windows):
                try object.encode("windows", forKey: Key("type"))
                let values = windows.map {
                    WindowValue(window: $0.window, active: $0.isActive, tree: $0.tree)
                }
                try object.encode(values, forKey: Key("windows"))
            case .link(let link):
                try object.encode("link", forKey: Key("type"))
                try object.encode(link, forKey: Key("link"))
            case .mermaid(let chart):
                try object.encode("mermaid", forKey: Key("type"))
                try object.encode(chart, forKey: Key("mermaid"))
            case .scenes(let scenes):
                try object.encode("scenes", forKey: Key("type"))
                try object.encode(scenes, forKey: Key("scenes"))
            case .map:
                // Written whole by `encoded`.
                try object.encode("map", forKey: Key("type"))
            case .help(let text):
                try object.encode("help", forKey: Key("type"))
                try object.encode(text, forKey: Key("help"))
            case .plans(let on):
                try object.encode("plans", forKey: Key("type"))
                try object.encode(on, forKey: Key("plans"))
            case .unchanged(let request):
                try object.encode("unchanged", forKey: Key("type"))
                try object.encode(request, forKey: Key("request"))
            case .note(let kind, let text):
                try object.encode(kind, forKey: Key("type"))
                try object.encode(text, forKey: Key("text"))
            case .action(let action):
                try object.encode("action", forKey: Key("type"))
                try object.encode(action.name, forKey: Key("action"))
                try object.encode(action.route, forKey: Key("route"))
                try object.encode(action.parameters, forKey: Key("parameters"))
            }
        case .summary(let commands, let failedLines):
            try object.encode("summary", forKey: Key("type"))
            try object.encode(commands, forKey: Key("commands"))
            try object.encode(failedLines.count, forKey: Key("failed"))
            try object.encode(failedLines, forKey: Key("failedLines"))
        }
    }
}
