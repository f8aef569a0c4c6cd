public import CoreModule

/// One line of a demo script, read: a navigation, a platform report, or a question.
public enum ScriptCommand: Equatable, Sendable {
    /// `root`, `push`, `present`, `pop`, `pop-to`, `pop-to-root`, `dismiss`, `dismiss-all`.
    case navigate(ApplicationTransitionType)
    /// `open LINK`: a deep link in the demo's format, `demo://open/…`.
    case open(String)
    /// `back-swipe [#ID]`: the user swiped back from a screen (the visible one by default).
    case backSwipe(ScreenID?)
    /// `swipe-down [#ID]`: the user dragged the top-most sheet down.
    case swipeDown(ScreenID?)
    /// `tree`: print the tree.
    case tree
    /// `link`: print the tree's deep link.
    case link
    /// `mermaid`: print the tree as a Mermaid flowchart.
    case mermaid
    /// `scenes`: list the registered scenes.
    case scenes
    /// `help`: list the commands.
    case help

    /// Every command word, as the `help` command lists them.
    public static let commandWords = [
        "root", "push", "present", "pop", "pop-to", "pop-to-root", "dismiss", "dismiss-all",
        "open", "back-swipe", "swipe-down", "tree", "link", "mermaid", "scenes", "help",
    ]

    /// The script commands, one per line, as `help` and `--help` print them.
    public static let reference = """
        root SCENE [key=value ...]     replace everything with a stack holding SCENE
        push SCENE [key=value ...]     push SCENE onto the top-most stack
        present SCENE [key=value ...]  present SCENE in a new modal over the top-most stack
        pop                            pop the visible screen
        pop-to SCENE                   pop back to the nearest SCENE below the visible screen
        pop-to-root                    pop the top-most stack back to its first screen
        dismiss                        dismiss the top-most modal
        dismiss-all                    dismiss every modal
        open LINK                      open a deep link, such as demo://open/A1/A2;id=7/+B1
        back-swipe [#ID]               the user swipes back from screen #ID (default: the
                                       visible one); reported as .poppedByUser
        swipe-down [#ID]               the user drags the top-most sheet down; reported as
                                       .dismissedByUser
        tree                           print the tree
        link                           print the tree as a deep link
        mermaid                        print the tree as a Mermaid flowchart
        scenes                         list the registered scenes
        help                           list these commands

        Scenes: A1 and A2 (FeatureA), B1 and B2 (FeatureB). Parameters are words key=value,
        without spaces. A transition may end with "animated" or "not-animated"; by default root
        is not animated and the others are. A line whose first character is # is a comment, as
        is everything after a lone #; blank lines are ignored.
        """

    /// Reads one line of a script.
    ///
    /// - Parameter line: The line, without its line break.
    /// - Returns: The command, or `nil` for a blank line or a comment.
    /// - Throws: ``ScriptError`` when the line is not a command, naming what is wrong.
    public static func parse(_ line: some StringProtocol) throws(ScriptError) -> ScriptCommand? {
        let words = words(of: line)
        guard let first = words.first else { return nil }
        let word = String(first)
        let arguments = words.dropFirst().map { String($0) }
        switch word {
        case "root", "push", "present":
            return .navigate(try sceneTransition(word, arguments))
        case "pop", "pop-to-root", "dismiss", "dismiss-all":
            let animated = try animation(word, arguments)
            switch word {
            case "pop": return .navigate(.pop(animated: animated ?? true))
            case "pop-to-root": return .navigate(.popToRoot(animated: animated ?? true))
            case "dismiss": return .navigate(.dismiss(animated: animated ?? true))
            default: return .navigate(.dismissAll(animated: animated ?? true))
            }
        case "pop-to":
            guard let scene = arguments.first else {
                throw ScriptError("\"pop-to\" needs a scene: pop-to SCENE.")
            }
            let animated = try animation(word, Array(arguments.dropFirst()))
            return .navigate(.popTo(scene: SceneIdentifier(scene), animated: animated ?? true))
        case "open":
            guard arguments.count == 1 else {
                throw ScriptError(
                    "\"open\" takes one link, such as demo://open/A1/A2;id=7, but found "
                        + "\(arguments.count) words.")
            }
            return .open(arguments[0])
        case "back-swipe", "swipe-down":
            guard arguments.count <= 1 else {
                throw ScriptError(
                    "\"\(word)\" takes at most one screen, such as #2, but found "
                        + "\(arguments.count) words.")
            }
            let screen = try arguments.first.map { argument throws(ScriptError) in
                try screenID(argument, for: word)
            }
            return word == "back-swipe" ? .backSwipe(screen) : .swipeDown(screen)
        case "tree", "link", "mermaid", "scenes", "help":
            if let extra = arguments.first {
                throw ScriptError("\"\(word)\" takes no arguments, but found \"\(extra)\".")
            }
            switch word {
            case "tree": return .tree
            case "link": return .link
            case "mermaid": return .mermaid
            case "scenes": return .scenes
            default: return .help
            }
        default:
            let close = SceneSuggestions(
                for: SceneIdentifier(word), among: commandWords.map { SceneIdentifier($0) }
            ).names
            let hint = close.isEmpty ? "" : " Did you mean \(close[0].debugDescription)?"
            throw ScriptError(
                "Unknown command \"\(word)\".\(hint) Type \"help\" for the list of commands.")
        }
    }

    /// The words of a line, without its comment: empty for a blank line or a comment line.
    ///
    /// Words are separated by spaces and tabs. A line whose first word starts with `#` is a
    /// comment; a lone `#` starts a comment that runs to the end of the line (so `#2`, a
    /// screen, is a word).
    ///
    /// - Parameter line: A line of a script.
    /// - Returns: Its words.
    public static func words(of line: some StringProtocol) -> [Substring] {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            .map { Substring($0) }
        if let comment = words.firstIndex(where: { $0 == "#" }) {
            words.removeSubrange(comment...)
        }
        if words.first?.hasPrefix("#") == true { return [] }
        return words
    }

    /// `root`, `push` or `present`: a scene, parameters, and an optional animation word.
    private static func sceneTransition(_ word: String, _ arguments: [String])
        throws(ScriptError) -> ApplicationTransitionType
    {
        guard let scene = arguments.first, !isAnimationWord(scene), !scene.contains("=") else {
            throw ScriptError("\"\(word)\" needs a scene first: \(word) SCENE [key=value ...].")
        }
        var parameters = SceneParameters()
        var animated: Bool?
        for argument in arguments.dropFirst() {
            if isAnimationWord(argument), animated == nil {
                animated = argument == "animated"
                continue
            }
            guard let equals = argument.firstIndex(of: "=") else {
                throw ScriptError(
                    "Expected a parameter written key=value, or \"animated\" or "
                        + "\"not-animated\", but found \"\(argument)\".")
            }
            let key = String(argument[..<equals])
            guard !key.isEmpty else {
                throw ScriptError("The parameter \"\(argument)\" has no name before \"=\".")
            }
            guard parameters[key] == nil else {
                throw ScriptError("The parameter \"\(key)\" is given twice.")
            }
            parameters[key] = String(argument[argument.index(after: equals)...])
        }
        let name = SceneIdentifier(scene)
        switch word {
        case "root":
            return .root(scene: name, parameters: parameters, animated: animated ?? false)
        case "push":
            return .push(scene: name, parameters: parameters, animated: animated ?? true)
        default:
            return .present(scene: name, parameters: parameters, animated: animated ?? true)
        }
    }

    /// The optional animation word of a command that takes nothing else.
    private static func animation(_ word: String, _ arguments: [String]) throws(ScriptError)
        -> Bool?
    {
        guard let argument = arguments.first else { return nil }
        guard arguments.count == 1, isAnimationWord(argument) else {
            let extra = arguments.first { !isAnimationWord($0) } ?? arguments[1]
            let hint =
                word == "pop" && !extra.contains("=")
                ? " To pop back to a scene: pop-to \(extra)." : ""
            throw ScriptError(
                "\"\(word)\" takes only \"animated\" or \"not-animated\", but found "
                    + "\"\(extra)\".\(hint)")
        }
        return argument == "animated"
    }

    private static func isAnimationWord(_ word: String) -> Bool {
        word == "animated" || word == "not-animated"
    }

    /// A screen written `#2` or `2`.
    private static func screenID(_ text: String, for word: String) throws(ScriptError) -> ScreenID {
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard let number = UInt64(digits), number > 0 else {
            throw ScriptError(
                "\"\(word)\" takes a screen such as #2 (see \"tree\"), but found \"\(text)\".")
        }
        return ScreenID(number)
    }
}

/// A line of a demo script that cannot be run, or a command that fails outside the coordinator.
public struct ScriptError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The full sentence that explains the problem.
    public let message: String

    /// Creates an error with its sentence.
    ///
    /// - Parameter message: The sentence.
    public init(_ message: String) {
        self.message = message
    }

    /// The sentence.
    public var description: String { message }
}
