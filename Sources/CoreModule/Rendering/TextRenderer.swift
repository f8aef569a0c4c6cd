/// Writes each transition and the tree after it as text: the demo's transcript.
///
/// ```swift
/// let token = coordinator.attach(TextRenderer { print($0) })
/// try coordinator.navigate(.root(scene: "A1"))
/// try coordinator.navigate(.push(scene: "A2", parameters: ["id": "7"], animated: true))
/// // ✓ root A1 #1: empty window → A1 #1, not animated
/// // window
/// // └─ stack: A1 #1
/// // ✓ push A2 #2: A1 #1 → A2 #2, animated
/// // window
/// // └─ stack: A1 #1 › A2 #2 (id=7)
/// ```
///
/// Each transition is one line, `✓` and the event's description, then the tree's indented
/// rendering (``ScreenTree/description``). A failure is one line, `✗` and the error's sentence.
/// The renderer writes whole lines, without line breaks, through the closure it was made with.
public struct TextRenderer: NavigationRenderer {
    /// Put before every line written, such as `"   "` to nest the output under a heading.
    var indent: String
    /// Whether the tree is written after each transition; `true` by default.
    var showsTree: Bool
    /// Whether failures are written; `true` by default.
    var showsFailures: Bool
    private let write: @MainActor (String) -> Void

    /// Creates a renderer that writes its lines through `write`.
    ///
    /// - Parameters:
    ///   - indent: Put before every line.
    ///   - showsTree: Whether to write the tree after each transition.
    ///   - showsFailures: Whether to write failures.
    ///   - write: Receives each line, without a line break.
    public init(
        indent: String = "", showsTree: Bool = true, showsFailures: Bool = true,
        write: @escaping @MainActor (String) -> Void
    ) {
        self.indent = indent
        self.showsTree = showsTree
        self.showsFailures = showsFailures
        self.write = write
    }

    /// Writes the tree the renderer starts from, unless the window is empty.
    ///
    /// - Parameter tree: The coordinator's tree.
    public func renderCurrentTree(_ tree: ScreenTree) {
        guard showsTree, !tree.isEmpty else { return }
        emit(Self.lines(for: tree))
    }

    /// Writes the event's line, then the tree.
    ///
    /// - Parameters:
    ///   - event: The applied transition.
    ///   - tree: The tree after it.
    public func render(_ event: TransitionEvent, tree: ScreenTree) {
        emit(["✓ \(event)"] + (showsTree ? Self.lines(for: tree) : []))
    }

    /// Writes the failure's line.
    ///
    /// - Parameters:
    ///   - failure: The failed navigation.
    ///   - tree: The unchanged tree.
    public func renderFailure(_ failure: NavigationEvent.Failure, tree: ScreenTree) {
        guard showsFailures else { return }
        emit(["✗ \(failure.error)"])
    }

    /// The lines of the tree's indented rendering, as this renderer writes them.
    ///
    /// - Parameter tree: A tree.
    /// - Returns: `["window", "└─ stack: A1 #1"]` for a tree holding just A1 #1.
    package static func lines(for tree: ScreenTree) -> [String] {
        tree.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Writes each line with the indent; a line break inside a value starts a new line.
    private func emit(_ lines: [String]) {
        for text in lines {
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                write(indent + line)
            }
        }
    }
}
