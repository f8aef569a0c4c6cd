import CoreModule

extension ScriptCommand {
    /// The commands of a push onto a chosen stack, a lock that changes and detents that rest,
    /// one a line, as `help` prints them.
    static let sheetReference = """
        push|set-stack|pop|pop-to-root ... on STACK
                                       act on the stack STACK names instead of the top-most
                                       one: a tab's name, a split column (primary,
                                       supplementary, detail) or a stack such as s3
        lock on|off                    lock (or unlock) the top-most sheet's or popover's
                                       dismissal by the user: a swipe-down is then refused
        detent DETENT                  move the top-most sheet to one of its detents
        drag DETENT [#ID]              the user drags the top-most sheet to DETENT; reported
                                       as .detentChangedByUser
        """

    /// The command words of locks and detents.
    static let sheetWords = ["lock", "detent", "drag"]

    /// The commands that may name their stack with `on STACK`.
    static let stackWords: Set<String> = ["push", "set-stack", "pop", "pop-to-root"]

    /// A detent written `medium`, `large`, `230pt` (a height in points) or `0.4` (a fraction
    /// of the full height); `nil` for any other word.
    static func detent(_ word: String) -> PresentationStyle.Detent? {
        switch word {
        case "medium": return .medium
        case "large": return .large
        default:
            if word.hasSuffix("pt"), let points = Double(word.dropLast(2)) {
                return .height(points)
            }
            guard word.first?.isNumber == true, let fraction = Double(word) else { return nil }
            return .fraction(fraction)
        }
    }

    /// Reads a command of locks and detents.
    static func sheetCommand(_ word: String, _ arguments: [String]) throws(ScriptError)
        -> ScriptCommand
    {
        switch word {
        case "lock":
            guard arguments.count == 1, let mode = arguments.first, mode == "on" || mode == "off"
            else {
                throw ScriptError(
                    "\"lock\" takes one word, on or off, such as lock on, but found "
                        + "\(arguments.count) words.")
            }
            return .navigate(.updateModal(interactiveDismissal: mode == "off"))
        default:
            let usage = word == "drag" ? "drag DETENT [#ID]" : "detent DETENT"
            guard let first = arguments.first, let detent = detent(first),
                arguments.count <= (word == "drag" ? 2 : 1)
            else {
                throw ScriptError(
                    "\"\(word)\" takes a detent (medium, large, a height such as 230pt or a "
                        + "fraction such as 0.4): \(usage).")
            }
            guard word == "drag" else { return .navigate(.updateModal(detent: detent)) }
            let screen = try arguments.dropFirst().first.map { argument throws(ScriptError) in
                try screenID(argument, for: word)
            }
            return .drag(detent, screen)
        }
    }

    /// A line of `push`, `set-stack`, `pop` or `pop-to-root` with `on STACK`: the command
    /// without those two words, and the stack's name.
    static func onStack(_ words: [Word]) throws(ScriptError) -> ScriptCommand? {
        guard let word = words.first?.text, stackWords.contains(word),
            let at = words.firstIndex(where: { $0.text == "on" }), at > 0
        else { return nil }
        guard at + 1 < words.count else {
            throw ScriptError(
                "\"on\" needs a stack: a tab's name, a split column or a stack such as s3.")
        }
        let name = words[at + 1].text
        var rest = words
        rest.removeSubrange(at...(at + 1))
        guard
            case .navigate(let request)? = try parse(
                rest.map(\.written).joined(separator: " "))
        else { return nil }
        return .onStack(name, request)
    }
}

extension ScriptSession {
    /// The stack `name` names in the tree: a tab's, a split column's, or one written `s3`.
    func stack(named name: String) throws(ScriptError) -> StackID {
        let tree = coordinator.tree
        if let tab = tree.tab(named: name) { return tab.stack.id }
        if let column = ScreenSplit.Column(rawValue: name),
            let stack = tree.split?.columns.first(where: { $0.place == .column(column) })
        {
            return stack.id
        }
        if let stack = tree.stacks.first(where: { $0.id.description == name }) { return stack.id }
        throw ScriptError(
            "on \(name): no tab, split column or stack of the tree is named \(name) (see \"tree\")."
        )
    }

    /// `request` acting on the stack `id`.
    static func request(_ request: ApplicationTransitionType, on id: StackID)
        -> ApplicationTransitionType
    {
        switch request {
        case .push(let scene, let parameters, let payload, _, let animated):
            return .push(
                scene: scene, parameters: parameters, payload: payload, on: id, animated: animated)
        case .setStack(let screens, _, let animated):
            return .setStack(screens, on: id, animated: animated)
        case .pop(_, let animated):
            return .pop(on: id, animated: animated)
        case .popToRoot(_, let animated):
            return .popToRoot(on: id, animated: animated)
        default:
            return request
        }
    }
}
