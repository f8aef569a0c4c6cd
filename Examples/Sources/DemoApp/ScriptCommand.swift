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

        Scenes: A1 and A2 (FeatureA), B1 and B2 (FeatureB); names are case-sensitive.
        Parameters are words key=value; key= alone is an error: write key="" for the empty
        string. Quote marks work as in a shell: push "A2" is push A2, and note="two words" is
        one parameter. A transition may end with "animated" or "not-animated"; by default root
        is not animated and the others are. A line whose first character is # is a comment, as
        is everything after a lone #; blank lines are ignored.
        """

    /// Reads one line of a script.
    ///
    /// - Parameter line: The line, without its line break.
    /// - Returns: The command, or `nil` for a blank line or a comment.
    /// - Throws: ``ScriptError`` when the line is not a command, naming what is wrong.
    public static func parse(_ line: some StringProtocol) throws(ScriptError) -> ScriptCommand? {
        let lexed = lex(Substring(line))
        if let unclosed = lexed.unclosedQuote, let mark = unclosed.first {
            let opened = unclosed.prefix { $0 != " " && $0 != "\t" && $0 != "\r" }
            throw ScriptError(
                "The quote mark (\(mark)) that opens \(opened) is never closed; quote marks come "
                    + "in pairs, as in push \"A2\".")
        }
        let words = lexed.words
        guard let first = words.first else { return nil }
        let word = first.text
        let arguments = words.dropFirst().map(\.text)
        switch word {
        case "root", "push", "present":
            return .navigate(try sceneTransition(word, Array(words.dropFirst())))
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

    /// The words of a line as written, without its comment: empty for a blank line or a
    /// comment line.
    ///
    /// Words are separated by spaces and tabs, except between quote marks (`"` or `'`), which
    /// ``parse(_:)`` removes as a shell does: `note="two words"` is one word. A line whose first
    /// word starts with `#` is a comment; a lone `#` starts a comment that runs to the end of the
    /// line (so `#2`, a screen, is a word, and so is `"#"`).
    ///
    /// - Parameter line: A line of a script.
    /// - Returns: Its words, quote marks included.
    public static func words(of line: some StringProtocol) -> [Substring] {
        let lexed = lex(Substring(line))
        return lexed.words.map(\.written) + (lexed.unclosedWord.map { [$0] } ?? [])
    }

    /// One word of a line: its text without quote marks, and as it was written.
    struct Word {
        /// The text, quote marks removed: `A2` for `"A2"`.
        var text: String
        /// The word as written: `"A2"`.
        var written: Substring
    }

    /// Splits a line into words, as a shell would: spaces and tabs separate words, except between
    /// a pair of `"` or `'` marks, which are removed; there are no escapes.
    ///
    /// - Returns: The words before the comment; when a quote mark is never closed, the words
    ///   before its word, that word as written to the end of the line, and the rest of the line
    ///   from the quote mark (both `nil` when every quote mark has its pair).
    static func lex(_ line: Substring)
        -> (words: [Word], unclosedWord: Substring?, unclosedQuote: Substring?)
    {
        func isBlank(_ character: Character) -> Bool {
            character == " " || character == "\t" || character == "\r"
        }
        var words: [Word] = []
        var index = line.startIndex
        while index < line.endIndex {
            guard !isBlank(line[index]) else {
                index = line.index(after: index)
                continue
            }
            let start = index
            if line[index] == "#" {
                let next = line.index(after: index)
                // A comment: the first word starts with #, or a lone # stands between words.
                if words.isEmpty || next == line.endIndex || isBlank(line[next]) { break }
            }
            var text = ""
            while index < line.endIndex, !isBlank(line[index]) {
                let character = line[index]
                guard character == "\"" || character == "'" else {
                    text.append(character)
                    index = line.index(after: index)
                    continue
                }
                let opening = index
                let inside = line.index(after: opening)
                guard let closing = line[inside...].firstIndex(of: character) else {
                    let end = line.lastIndex { !isBlank($0) } ?? opening
                    return (words, line[start...end], line[opening...end])
                }
                text += line[inside..<closing]
                index = line.index(after: closing)
            }
            words.append(Word(text: text, written: line[start..<index]))
        }
        return (words, nil, nil)
    }

    /// `root`, `push` or `present`: a scene, parameters, and an optional animation word.
    private static func sceneTransition(_ word: String, _ words: [Word])
        throws(ScriptError) -> ApplicationTransitionType
    {
        guard let scene = words.first?.text, !isAnimationWord(scene), !scene.contains("=") else {
            throw ScriptError("\"\(word)\" needs a scene first: \(word) SCENE [key=value ...].")
        }
        var parameters = SceneParameters()
        var animated: Bool?
        for argument in words.dropFirst() {
            let text = argument.text
            if isAnimationWord(text), animated == nil {
                animated = text == "animated"
                continue
            }
            guard let equals = text.firstIndex(of: "=") else {
                throw ScriptError(
                    "Expected a parameter written key=value, or \"animated\" or "
                        + "\"not-animated\", but found \"\(text)\".")
            }
            let key = String(text[..<equals])
            guard !key.isEmpty else {
                throw ScriptError(
                    "The parameter \"\(text)\" has no name before \"=\".")
            }
            let value = String(text[text.index(after: equals)...])
            // `id=` is most likely a value forgotten; `id=""` says the empty string is meant.
            guard !value.isEmpty || !argument.written.hasSuffix("=") else {
                throw ScriptError(
                    "The parameter \"\(key)\" has no value after \"=\": write \(key)=VALUE, or "
                        + "\(key)=\"\" for the empty string.")
            }
            guard parameters[key] == nil else {
                throw ScriptError("The parameter \"\(key)\" is given twice.")
            }
            parameters[key] = value
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
