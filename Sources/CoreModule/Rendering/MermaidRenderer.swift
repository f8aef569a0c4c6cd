/// Draws the tree as a Mermaid `flowchart`, which GitHub renders in Markdown.
///
/// ```swift
/// print(MermaidRenderer.flowchart(for: coordinator.tree))
/// ```
///
/// For a root stack A1 › A2 (id=7) with B1 presented over it as a sheet, that prints:
///
/// ```text
/// flowchart LR
///     subgraph stack0["root stack"]
///         screen1["A1 #1"] --> screen2["A2 #2<br/>id=7"]
///     end
///     subgraph stack1["modal 1 (sheet)"]
///         screen3["B1 #3"]
///     end
///     screen2 -. presents .-> screen3
///     classDef visible stroke-width:3px
///     class screen3 visible
/// ```
///
/// Each stack is a subgraph whose screens are linked bottom to top. A tab root is a subgraph
/// `tabs` holding one subgraph per tab, in order, titled with the tab's name, the selected one
/// marked `, selected`:
///
/// ```text
/// flowchart LR
///     subgraph stack0["tabs"]
///         subgraph tab0["tab home"]
///             screen1["A1 #1"]
///         end
///         subgraph tab1["tab more, selected"]
///             screen2["B1 #2"] --> screen3["B2 #3"]
///         end
///     end
///     subgraph stack1["modal 1 (full-screen)"]
///         screen4["A2 #4"]
///     end
///     screen3 -. presents .-> screen4
///     classDef visible stroke-width:3px
///     class screen4 visible
/// ```
///
/// A split root is a subgraph `split` (`split, collapsed` in a compact window) holding one
/// subgraph per column, titled `primary`, `supplementary` or `detail`; an empty column holds
/// one node, `(empty)`.
///
/// Each modal's title holds its level and its style as the tree prints it (`sheet: medium`,
/// `sheet, not swipeable`, `full-screen`, `popover from share`), and the modal is linked from
/// the screen it was presented over: the top of the selected tab's stack or the root stack for
/// the first, the top of the modal below for the others. The visible screen has the class
/// `visible`. Labels are quoted, and the characters Mermaid would read as syntax (`"`, `&`,
/// `<`, `>`, `\`, `%`, a backtick, control characters, and a `#` that would start an entity code
/// such as `#59;`) are written as Mermaid entity codes, so any scene name, tab name, anchor or
/// parameter value is drawn as it is, and the diagram stays readable as text: `A1 #1` needs no
/// escape. Parameters follow the screen on a second line, sorted by key.
///
/// As a renderer, it writes the whole diagram after every transition.
public struct MermaidRenderer: NavigationRenderer {
    /// The direction of a flowchart.
    public enum Direction: Sendable, CaseIterable {
        /// Left to right: each stack reads as a row (`LR`).
        case leftToRight
        /// Top to bottom: each stack reads as a column (`TD`).
        case topDown

        /// The flowchart's first line: `flowchart LR` or `flowchart TD`.
        var header: String {
            switch self {
            case .leftToRight: return "flowchart LR"
            case .topDown: return "flowchart TD"
            }
        }
    }

    /// The direction of the diagrams written; left to right by default.
    var direction: Direction
    /// Whether each diagram is wrapped in a Markdown code fence of language `mermaid`, ready to
    /// paste into a document; `false` by default.
    var fenced: Bool
    private let write: @MainActor (String) -> Void

    /// Creates a renderer that writes each diagram, as one multi-line string, through `write`.
    ///
    /// - Parameters:
    ///   - direction: The flowchart's direction.
    ///   - fenced: Whether to wrap each diagram in a Markdown `mermaid` fence.
    ///   - write: Receives each diagram.
    public init(
        direction: Direction = .leftToRight, fenced: Bool = false,
        write: @escaping @MainActor (String) -> Void
    ) {
        self.direction = direction
        self.fenced = fenced
        self.write = write
    }

    /// Writes the diagram of the tree the renderer starts from, unless the window is empty.
    ///
    /// - Parameter tree: The coordinator's tree.
    public func renderCurrentTree(_ tree: ScreenTree) {
        guard !tree.isEmpty else { return }
        write(diagram(for: tree))
    }

    /// Writes the diagram of the tree after the transition.
    ///
    /// - Parameters:
    ///   - event: The applied transition.
    ///   - tree: The tree after it.
    public func render(_ event: TransitionEvent, tree: ScreenTree) {
        write(diagram(for: tree))
    }

    private func diagram(for tree: ScreenTree) -> String {
        let chart = Self.flowchart(for: tree, direction: direction)
        return fenced ? "```mermaid\n\(chart)\n```" : chart
    }

    /// The tree as a Mermaid flowchart, without a trailing line break.
    ///
    /// - Parameters:
    ///   - tree: The tree to draw.
    ///   - direction: The flowchart's direction; left to right by default.
    /// - Returns: The flowchart's source. An empty window is one node labelled
    ///   `window (empty)`.
    public static func flowchart(for tree: ScreenTree, direction: Direction = .leftToRight)
        -> String
    {
        var lines = [direction.header]
        guard let visible = tree.visibleScreen else {
            lines.append("    empty[\"window (empty)\"]")
            return lines.joined(separator: "\n")
        }
        if tree.hasTabs {
            lines.append("    subgraph stack0[\"tabs\"]")
            for (index, tab) in tree.tabs.enumerated() {
                let mark = tab.isSelected ? ", selected" : ""
                lines.append("        subgraph tab\(index)[\"tab \(escaped(tab.name))\(mark)\"]")
                lines.append("            " + chain(tab.stack))
                lines.append("        end")
            }
            lines.append("    end")
        } else if let split = tree.split {
            lines.append("    subgraph stack0[\"split\(split.isCollapsed ? ", collapsed" : "")\"]")
            for (column, stack) in zip(split.style.columns, split.columns) {
                lines.append("        subgraph column\(stack.id.rawValue)[\"\(column)\"]")
                // An empty column (nothing selected) is one node of its own.
                lines.append(
                    "            "
                        + (stack.isEmpty ? "empty\(stack.id.rawValue)[\"(empty)\"]" : chain(stack)))
                lines.append("        end")
            }
            lines.append("    end")
        } else if let root = tree.root {
            lines.append("    subgraph stack0[\"root stack\"]")
            lines.append("        " + chain(root))
            lines.append("    end")
        }
        // The first modal is presented over the top of the selected tab's stack (or the root
        // stack, or the last split column that holds a screen); each next one over the top of
        // the modal before it.
        var presenter = tree.split?.columns.last { !$0.isEmpty }?.last ?? tree.baseStack?.last
        var modalLinks: [String] = []
        for stack in tree.modals {
            let style = stack.style.map { " (\(escaped($0.description)))" } ?? ""
            lines.append("    subgraph stack\(stack.level)[\"modal \(stack.level)\(style)\"]")
            lines.append("        " + chain(stack))
            lines.append("    end")
            if let presenter, let first = stack.first {
                modalLinks.append("    \(nodeID(presenter)) -. presents .-> \(nodeID(first))")
            }
            presenter = stack.last
        }
        lines += modalLinks
        lines.append("    classDef visible stroke-width:3px")
        lines.append("    class \(nodeID(visible)) visible")
        return lines.joined(separator: "\n")
    }

    /// The stack's screens as nodes linked bottom to top.
    private static func chain(_ stack: ScreenStack) -> String {
        stack.map { "\(nodeID($0))[\"\(label(for: $0))\"]" }.joined(separator: " --> ")
    }

    /// The node's identifier: `screen` and the screen's number, never a Mermaid keyword.
    static func nodeID(_ screen: Screen) -> String {
        "screen\(screen.id.rawValue)"
    }

    /// The node's label: the screen, then its parameters on a second line, escaped.
    static func label(for screen: Screen) -> String {
        // `#` and digits, then `"` or `<br/>`: never an entity code, so written as it is.
        let title = escaped(screen.scene.rawValue) + " \(screen.id)"
        guard !screen.parameters.isEmpty else { return title }
        return title + "<br/>" + escaped(screen.parameters.description)
    }

    /// `text` with every character Mermaid reads as syntax inside a quoted label written as an
    /// entity code (`#34;` for `"`), so that it is drawn as it is.
    ///
    /// Mermaid reads `#`, one or more ASCII letters, digits or underscores, then `;` as an
    /// entity code, anywhere in the diagram; only a `#` that starts such a run is escaped
    /// (`#35;`), so that `#1` or `item #7` stay as they are.
    nonisolated static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        let scalars = Array(text.unicodeScalars)
        for (offset, scalar) in scalars.enumerated() {
            switch scalar {
            case "#" where !startsEntityCode(scalars[(offset + 1)...]):
                result.unicodeScalars.append(scalar)
            case "\"", "#", "&", "<", ">", "\\", "%", "`":
                result += "#\(scalar.value);"
            default:
                if scalar.properties.generalCategory == .control {
                    result += "#\(scalar.value);"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// Whether the scalars after a `#` are what Mermaid reads as the rest of an entity code:
    /// one or more ASCII letters, digits or underscores, then `;`.
    nonisolated private static func startsEntityCode(_ rest: ArraySlice<Unicode.Scalar>) -> Bool {
        var sawWordCharacter = false
        for scalar in rest {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_": sawWordCharacter = true
            case ";": return sawWordCharacter
            default: return false
            }
        }
        return false
    }
}
