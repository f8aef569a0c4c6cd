import CoreModule

extension ScriptCommand {
    /// The commands of split roots and the window's size, one a line, as `help` prints them.
    static let splitReference = """
        split primary=SCENE[;key=value ...] [supplementary=SCENE[;...]] [detail=SCENE[;...]]
              [three-column]           replace everything with a split: a primary column, a
                                       supplementary one (three columns) and a detail
                                       column, each a stack; an empty column shows a
                                       placeholder; three-column without supplementary=
                                       leaves the middle column empty
        show-detail SCENE [key=value ...]
                                       what a selection in the sidebar does: the detail
                                       column becomes a stack of SCENE alone
        show-supplementary SCENE [key=value ...]
                                       in three columns, a sidebar selection: the middle
                                       column becomes SCENE, and the detail empties
        size-class compact|regular     the window becomes narrow or wide; reported as
                                       .sizeClassChanged: a split collapses into one stack
                                       (back goes from the detail to the list) or expands
        """

    /// The command words of split roots and the window's size.
    static let splitWords = ["split", "show-detail", "show-supplementary", "size-class"]

    /// Reads a command of split roots or the window's size.
    static func splitCommand(_ word: String, _ words: [Word]) throws(ScriptError) -> ScriptCommand {
        switch word {
        case "split":
            return .navigate(try split(words))
        case "size-class":
            let arguments = words.map(\.text)
            guard arguments.count == 1, let sizeClass = SizeClass(rawValue: arguments[0]) else {
                throw ScriptError(
                    "\"size-class\" takes one word, compact or regular, but found "
                        + (arguments.isEmpty
                            ? "none." : "\"\(arguments.joined(separator: " "))\"."))
            }
            return .sizeClass(sizeClass)
        default:
            guard let first = words.first, !isAnimationWord(first.text), !first.text.contains("=")
            else {
                throw ScriptError("\"\(word)\" needs a scene first: \(word) SCENE [key=value ...].")
            }
            var parameters: SceneParameters = [:]
            var animated: Bool?
            for argument in words.dropFirst() {
                if isAnimationWord(argument.text), animated == nil {
                    animated = argument.text == "animated"
                    continue
                }
                guard argument.text.contains("=") else {
                    throw ScriptError(
                        "Expected a parameter written key=value, or \"animated\" or "
                            + "\"not-animated\", but found \"\(argument.text)\".")
                }
                try add(argument, to: &parameters)
            }
            let destination = Destination(SceneIdentifier(first.text), parameters: parameters)
            return .navigate(
                word == "show-detail"
                    ? .showDetail(destination, animated: animated ?? true)
                    : .showSupplementary(destination, animated: animated ?? true))
        }
    }

    /// `split`: columns written `COLUMN=SCENE[;key=value ...]`, `three-column`, and an optional
    /// animation word.
    private static func split(_ words: [Word]) throws(ScriptError) -> ApplicationTransitionType {
        var columns: [ScreenSplit.Column: Destination] = [:]
        var threeColumns = false
        var animated: Bool?
        for argument in words {
            let text = argument.text
            if isAnimationWord(text), animated == nil {
                animated = text == "animated"
                continue
            }
            if text == "three-column", !threeColumns {
                threeColumns = true
                continue
            }
            let pieces = self.pieces(of: argument)
            let head = pieces[0].text
            guard let equals = head.firstIndex(of: "="),
                let column = ScreenSplit.Column(rawValue: String(head[..<equals]))
            else {
                throw ScriptError(
                    "A column is written primary=SCENE, supplementary=SCENE or detail=SCENE, "
                        + "but found \"\(text)\".")
            }
            let scene = String(head[head.index(after: equals)...])
            guard !scene.isEmpty else {
                throw ScriptError("The column \"\(column)\" has no scene after \"=\".")
            }
            guard columns[column] == nil else {
                throw ScriptError("The column \"\(column)\" is given twice.")
            }
            var parameters: SceneParameters = [:]
            for piece in pieces.dropFirst() { try add(piece, to: &parameters) }
            columns[column] = Destination(SceneIdentifier(scene), parameters: parameters)
        }
        guard let primary = columns[.primary] else {
            throw ScriptError(
                "\"split\" needs a primary column: split primary=SCENE [detail=SCENE].")
        }
        return .split(
            primary: primary, supplementary: columns[.supplementary], detail: columns[.detail],
            style: threeColumns ? .tripleColumn : nil, animated: animated ?? false)
    }
}
