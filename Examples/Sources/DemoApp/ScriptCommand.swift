public import CoreModule

/// One line of a demo script, read: a navigation, a platform report, or a question.
public enum ScriptCommand: Equatable, Sendable {
    /// `root`, `tabs`, `push`, `present`, `set-stack`, `replace`, `select-tab`, `add-tab`,
    /// `remove-tab`, `pop`, `pop-to`, `pop-to-root`, `dismiss`, `dismiss-all`.
    case navigate(ApplicationTransitionType)
    /// `open LINK [in WINDOW]`: a deep link in the demo's format, `demo://open/…`, in the
    /// window the script drives, or in the window `in` names (`nil`: the driven one).
    case open(String, in: WindowRegistry.Target? = nil)
    /// `open-url URL [from-app] [in WINDOW]`: a universal link of the demo's link table
    /// (``DemoLinks``), from outside the app unless `from-app` says otherwise, in the window the
    /// script drives or the one `in` names.
    case openURL(String, source: AppLink.Source, in: WindowRegistry.Target? = nil)
    /// `share`: print the visible screen as a universal link of the demo's table.
    case share
    /// `back-swipe [#ID]`: the user swiped back from a screen (the visible one by default).
    case backSwipe(ScreenID?)
    /// `swipe-down [#ID]`: the user dragged the top-most sheet down.
    case swipeDown(ScreenID?)
    /// `tab-tap NAME`: the user tapped the tab `NAME` in the tab bar.
    case tabTap(String)
    /// `tab-retap`: the user tapped the selected tab again.
    case tabRetap
    /// `size-class compact|regular`: the window became narrow or wide.
    case sizeClass(SizeClass)
    /// `tap BUTTON [text=VALUE ...]`: the user tapped the alert's button titled `button`, with
    /// these texts in its text fields.
    case tap(button: String, text: [String])
    /// `tap-outside`: the user tapped outside the confirmation dialog.
    case tapOutside
    /// `tree`: print the tree.
    case tree
    /// `link`: print the tree's deep link.
    case link
    /// `mermaid`: print the tree as a Mermaid flowchart.
    case mermaid
    /// `scenes`: list the registered scenes.
    case scenes
    /// `map`: draw the app's navigation map (`NavigationMap`): its scenes, where each goes, its
    /// start and its links.
    case map
    /// `plan on` or `plan off`: print, after each transition, the render plan a UIKit host
    /// performs to show it (see `RenderPlan`), or stop printing it.
    case plan(Bool)
    /// `help`: list the commands.
    case help
    /// `async-guard SCENE ...`: add the asynchronous guard "session" over these scenes.
    case asyncGuard([SceneIdentifier])
    /// `async COMMAND`: a navigation through `navigateWhenAllowed`.
    case navigateWhenAllowed(ApplicationTransitionType)
    /// `answer allow|reject REASON|redirect COMMAND`: the guard's answer to its oldest question.
    case answer(ScriptAnswer)
    /// `clock SECONDS`: move the guard's clock forward.
    case advanceClock(seconds: Int)
    /// `incoming LINK`: a link from outside, through `openWhenAllowed`.
    case incoming(String)
    /// `ready`: the app is ready for links.
    case ready
    /// `held`: print the held link.
    case held
    /// `window …`: open, drive, close, save or restore a window.
    case window(WindowCommand)
    /// `windows`: list the open windows with their trees.
    case windows
    /// `push|set-stack|pop|pop-to-root ... on STACK`: the request on the stack a tab's name, a
    /// split column or `sN` names.
    case onStack(String, ApplicationTransitionType)
    /// `drag DETENT [#ID]`: the user dragged the top-most sheet (holding `#ID`, by default the
    /// visible screen) to `DETENT`.
    case drag(PresentationStyle.Detent, ScreenID?)

    /// Every command word, as the `help` command lists them.
    public static let commandWords =
        [
            "root", "tabs", "push", "present", "set-stack", "replace", "select-tab", "add-tab",
            "remove-tab", "pop", "pop-to", "pop-to-root", "dismiss", "dismiss-all", "open",
            "back-swipe", "swipe-down", "tab-tap",
            "tab-retap", "tree", "link", "mermaid", "scenes", "map", "plan", "help", "open-url",
            "share",
        ] + splitWords + alertWords + sheetWords + asyncWords + windowWords

    /// The script commands, one per line, as `help` and `--help` print them.
    public static let reference = """
        root SCENE [key=value ...]     replace everything with a stack holding SCENE
        tabs NAME=SCENE[;key=value ...] ... [selected=NAME]
                                       replace everything with a tab bar: one tab a word,
                                       NAME holding a stack of SCENE; selected=NAME picks
                                       the selected tab (by default the first)
        push SCENE [key=value ...]     push SCENE onto the top-most stack
        present SCENE [key=value ...] [STYLE ...]
                                       present SCENE in a new modal over the top-most stack,
                                       as a sheet unless a STYLE says otherwise (see below)
        set-stack SCENE[;key=value ...] ...
                                       set the top-most stack to these screens, bottom
                                       first, in one step
        replace SCENE [key=value ...]  replace the visible screen with SCENE, in one step
        select-tab NAME                select the tab NAME; every tab keeps its own stack
        add-tab NAME SCENE [key=value ...] [at N]
                                       add a tab NAME holding a stack of SCENE, after the
                                       last tab or at position N (0 is the first); the
                                       selected tab stays selected, the others keep their
                                       stacks
        remove-tab NAME                remove the tab NAME and its screens; when it was
                                       selected, the tab after it is selected (the one
                                       before it, when it was the last)
        pop                            pop the visible screen
        pop-to SCENE                   pop back to the nearest SCENE below the visible screen
        pop-to-root                    pop the top-most stack back to its first screen
        dismiss                        dismiss the top-most modal
        dismiss-all                    dismiss every modal
        open LINK                      open a deep link, such as demo://open/A1/A2;id=7/+B1
        open-url URL [from-app]        open a universal link of the demo's link table, such
                                       as https://shop.example.com/product/42?ref=mail; from
                                       outside the app unless from-app is given
        share                          print the visible screen as a universal link
        back-swipe [#ID]               the user swipes back from screen #ID (default: the
                                       visible one); reported as .poppedBackByUser(to:)
        swipe-down [#ID]               the user drags the top-most sheet down; reported as
                                       .dismissedByUser
        tab-tap NAME                   the user taps the tab NAME in the tab bar; reported
                                       as .tabSelectedByUser
        tab-retap                      the user taps the selected tab again, which pops it
                                       to its first screen; reported as
                                       .selectedTabReselectedByUser
        tree                           print the tree
        link                           print the tree as a deep link
        mermaid                        print the tree as a Mermaid flowchart
        scenes                         list the registered scenes
        map                            draw the app's navigation map as a Mermaid flowchart:
                                       every scene, the scenes each navigates to, the tabs
                                       and columns it starts with, and its links
        plan on|off                    after each transition, print (or stop printing) the
                                       steps a UIKit host performs to show it: set-root,
                                       set-tabs, select-tab, insert-tab, remove-tab,
                                       set-stack, present, dismiss
        help                           list these commands
        \(splitReference)
        \(alertReference)
        \(sheetReference)
        \(asyncReference)
        \(windowReference)

        Scenes: A1 and A2 (FeatureA), B1 and B2 (FeatureB); names are case-sensitive.
        Parameters are words key=value; key= alone is an error: write key="" for the empty
        string. Quote marks work as in a shell: push "A2" is push A2, and note="two words" is
        one parameter. In tabs and set-stack, a screen's parameters follow its scene after
        semicolons: shop=B1;item=7 or A2;id=7. A transition may end with "animated" or
        "not-animated"; by default root, tabs, select-tab, add-tab and remove-tab are not
        animated and the others are. A line whose first character is # is a comment, as is
        everything after a lone #; blank lines are ignored.

        STYLE, for present: full-screen (a cover the user cannot swipe down), popover:ANCHOR
        (a popover from the view named ANCHOR; with fixed, the user cannot dismiss it), or a
        sheet (the default) with the words sheet, medium, large, 230pt or 0.4 (its heights: in
        points, or a fraction of the screen) and fixed (the user cannot swipe it down). Style words may be joined by commas, as in a link:
        present B1 item=7 medium,large fixed.
        A tab's name is one word without spaces; a script cannot name a tab "selected".

        Windows: each has its own tree, and counts its own screens from #1. Once a script has
        used a window command, each tree names its window: window "side". A script cannot
        name a window open, close, save, restore, active or new.
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
        if let named = try onStack(words) { return named }
        let word = first.text
        let arguments = words.dropFirst().map(\.text)
        switch word {
        case "root", "push", "present", "replace":
            return .navigate(try sceneTransition(word, Array(words.dropFirst())))
        case "tabs":
            return .navigate(try tabs(Array(words.dropFirst())))
        case "set-stack":
            return .navigate(try stackSetting(Array(words.dropFirst())))
        case "select-tab":
            guard let name = arguments.first else {
                throw ScriptError("\"select-tab\" needs a tab's name: select-tab NAME.")
            }
            let rest = arguments.dropFirst()
            if let extra = rest.first(where: { !isAnimationWord($0) }) ?? rest.dropFirst().first {
                throw ScriptError(
                    "\"select-tab\" takes one tab's name, then only \"animated\" or "
                        + "\"not-animated\", but found \"\(extra)\".")
            }
            return .navigate(.selectTab(name, animated: rest.first == "animated"))
        case "add-tab":
            return .navigate(try tabAddition(Array(words.dropFirst())))
        case "remove-tab":
            guard let name = arguments.first, !isAnimationWord(name) else {
                throw ScriptError("\"remove-tab\" needs a tab's name: remove-tab NAME.")
            }
            let rest = arguments.dropFirst()
            if let extra = rest.first(where: { !isAnimationWord($0) }) ?? rest.dropFirst().first {
                throw ScriptError(
                    "\"remove-tab\" takes one tab's name, then only \"animated\" or "
                        + "\"not-animated\", but found \"\(extra)\".")
            }
            return .navigate(.removeTab(name, animated: rest.first == "animated"))
        case "tab-tap":
            guard arguments.count == 1 else {
                throw ScriptError(
                    "\"tab-tap\" takes one tab's name, such as tab-tap home, but found "
                        + "\(arguments.count) words.")
            }
            return .tabTap(arguments[0])
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
            let (arguments, target) = try windowTarget(ending: arguments, of: word)
            guard arguments.count == 1 else {
                throw ScriptError(
                    "\"open\" takes one link, such as demo://open/A1/A2;id=7, but found "
                        + "\(arguments.count) words.")
            }
            return .open(arguments[0], in: target)
        case "open-url":
            let (arguments, target) = try windowTarget(ending: arguments, of: word)
            if arguments.count == 2, arguments[1] != "from-app" {
                throw ScriptError(
                    "\"open-url\" takes from-app after the link, or nothing, but found "
                        + "\"\(arguments[1])\".")
            }
            guard (1...2).contains(arguments.count) else {
                throw ScriptError(
                    "\"open-url\" takes a link and optionally from-app, such as "
                        + "open-url https://shop.example.com/product/42, but found "
                        + "\(arguments.count) words.")
            }
            return .openURL(
                arguments[0], source: arguments.count == 2 ? .app : .outside, in: target)
        case "share":
            if let extra = arguments.first {
                throw ScriptError("\"share\" takes no arguments, but found \"\(extra)\".")
            }
            return .share
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
        case "plan":
            guard arguments.count == 1, let mode = arguments.first, mode == "on" || mode == "off"
            else {
                throw ScriptError(
                    "\"plan\" takes one word, on or off, but found "
                        + (arguments.isEmpty
                            ? "none." : "\"\(arguments.joined(separator: " "))\"."))
            }
            return .plan(mode == "on")
        case "tab-retap", "tree", "link", "mermaid", "scenes", "map", "help":
            if let extra = arguments.first {
                throw ScriptError("\"\(word)\" takes no arguments, but found \"\(extra)\".")
            }
            switch word {
            case "tab-retap": return .tabRetap
            case "tree": return .tree
            case "link": return .link
            case "mermaid": return .mermaid
            case "scenes": return .scenes
            case "map": return .map
            default: return .help
            }
        case _ where splitWords.contains(word):
            return try splitCommand(word, Array(words.dropFirst()))
        case _ where alertWords.contains(word):
            return try alertCommand(word, Array(words.dropFirst()))
        case _ where sheetWords.contains(word):
            return try sheetCommand(word, arguments)
        case _ where asyncWords.contains(word):
            return try asyncCommand(word, Array(words.dropFirst()))
        case _ where windowWords.contains(word):
            return try windowCommand(word, arguments)
        default:
            let close = NavigationError.SceneSuggestions(
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

    /// `root`, `push`, `present` or `replace`: a scene, parameters, an optional animation word
    /// and, for `present`, style words.
    private static func sceneTransition(_ word: String, _ words: [Word])
        throws(ScriptError) -> ApplicationTransitionType
    {
        let isPresent = word == "present"
        guard let scene = words.first?.text, !isAnimationWord(scene), !scene.contains("="),
            !isPresent || !StyleWords.isStyleWord(scene)
        else {
            let style = isPresent ? " [STYLE ...]" : ""
            throw ScriptError(
                "\"\(word)\" needs a scene first: \(word) SCENE [key=value ...]\(style).")
        }
        var parameters: SceneParameters = [:]
        var animated: Bool?
        var style = StyleWords()
        for argument in words.dropFirst() {
            let text = argument.text
            if isAnimationWord(text), animated == nil {
                animated = text == "animated"
                continue
            }
            if isPresent, !text.contains("=") {
                try style.read(text)
                continue
            }
            guard text.contains("=") else {
                throw ScriptError(
                    "Expected a parameter written key=value, or \"animated\" or "
                        + "\"not-animated\", but found \"\(text)\".")
            }
            try add(argument, to: &parameters)
        }
        let name = SceneIdentifier(scene)
        switch word {
        case "root":
            return .root(scene: name, parameters: parameters, animated: animated ?? false)
        case "push":
            return .push(scene: name, parameters: parameters, animated: animated ?? true)
        case "replace":
            return .replace(scene: name, parameters: parameters, animated: animated ?? true)
        default:
            return .present(
                scene: name, parameters: parameters, style: style.style, animated: animated ?? true)
        }
    }

    /// `tabs`: tabs written `NAME=SCENE[;key=value ...]`, an optional `selected=NAME` and an
    /// optional animation word.
    private static func tabs(_ words: [Word]) throws(ScriptError) -> ApplicationTransitionType {
        var items: [TabItem] = []
        var selected: String?
        var animated: Bool?
        for argument in words {
            let text = argument.text
            if isAnimationWord(text), animated == nil {
                animated = text == "animated"
                continue
            }
            if text.hasPrefix("selected=") {
                let name = String(text.dropFirst("selected=".count))
                guard selected == nil else { throw ScriptError("selected= is given twice.") }
                guard !name.isEmpty else {
                    throw ScriptError("\"selected=\" needs a tab's name: selected=NAME.")
                }
                selected = name
                continue
            }
            let pieces = self.pieces(of: argument)
            let head = pieces[0].text
            guard let equals = head.firstIndex(of: "=") else {
                throw ScriptError(
                    "A tab is written NAME=SCENE, such as home=A1, but found \"\(text)\".")
            }
            let name = String(head[..<equals])
            let scene = String(head[head.index(after: equals)...])
            guard !name.isEmpty else {
                throw ScriptError("The tab \"\(text)\" has no name before \"=\".")
            }
            guard !scene.isEmpty else {
                throw ScriptError(
                    "The tab \"\(name)\" has no scene after \"=\": write \(name)=SCENE.")
            }
            var parameters: SceneParameters = [:]
            for piece in pieces.dropFirst() { try add(piece, to: &parameters) }
            items.append(TabItem(name, scene: SceneIdentifier(scene), parameters: parameters))
        }
        guard let first = items.first else {
            throw ScriptError(
                "\"tabs\" needs at least one tab written NAME=SCENE, such as tabs home=A1 shop=B1.")
        }
        return .tabs(items, selected: selected ?? first.name, animated: animated ?? false)
    }

    /// `add-tab`: a tab's name, its scene, parameters, an optional position `at N` and an
    /// optional animation word.
    private static func tabAddition(_ words: [Word]) throws(ScriptError)
        -> ApplicationTransitionType
    {
        let usage = "add-tab NAME SCENE [key=value ...] [at N]"
        guard let name = words.first?.text, !isAnimationWord(name) else {
            throw ScriptError("\"add-tab\" needs a tab's name and a scene: \(usage).")
        }
        if name.contains("=") {
            // The way `tabs` writes a tab: home=A1.
            let parts = name.split(separator: "=", maxSplits: 1)
            let example = parts.count == 2 ? parts.joined(separator: " ") : "inbox B2"
            throw ScriptError(
                "\"add-tab\" takes the tab's name and its scene as two words, such as add-tab "
                    + "\(example), but found \"\(name)\".")
        }
        guard name != "selected" else {
            throw ScriptError(
                "A script cannot name a tab \"selected\": in tabs, selected=NAME picks the "
                    + "selected tab.")
        }
        guard let scene = words.dropFirst().first?.text, !isAnimationWord(scene), scene != "at",
            !scene.contains("=")
        else {
            throw ScriptError("\"add-tab\" needs a scene after the tab's name: \(usage).")
        }
        var parameters: SceneParameters = [:]
        var position: Int?
        var animated: Bool?
        var rest = words.dropFirst(2)[...]
        while let argument = rest.popFirst() {
            let text = argument.text
            if isAnimationWord(text), animated == nil {
                animated = text == "animated"
                continue
            }
            if text == "at" {
                guard position == nil else { throw ScriptError("\"at\" is given twice.") }
                guard let number = rest.popFirst()?.text else {
                    throw ScriptError("\"at\" needs a position: at N, where 0 is the first tab.")
                }
                guard let index = Int(number) else {
                    throw ScriptError(
                        "\"at\" takes a position such as 0 (the first tab), but found "
                            + "\"\(number)\".")
                }
                position = index
                continue
            }
            guard text.contains("=") else {
                throw ScriptError(
                    "Expected a parameter written key=value, \"at N\", or \"animated\" or "
                        + "\"not-animated\", but found \"\(text)\".")
            }
            try add(argument, to: &parameters)
        }
        return .addTab(
            TabItem(name, scene: SceneIdentifier(scene), parameters: parameters), at: position,
            animated: animated ?? false)
    }

    /// `set-stack`: scenes written `SCENE[;key=value ...]`, bottom first, and an optional
    /// animation word.
    private static func stackSetting(_ words: [Word]) throws(ScriptError)
        -> ApplicationTransitionType
    {
        var screens: [Destination] = []
        var animated: Bool?
        for argument in words {
            let text = argument.text
            if isAnimationWord(text), animated == nil {
                animated = text == "animated"
                continue
            }
            let pieces = self.pieces(of: argument)
            let scene = pieces[0].text
            guard !scene.isEmpty, !scene.contains("=") else {
                throw ScriptError(
                    "\"set-stack\" takes scenes, each with its parameters after semicolons, such "
                        + "as A2;id=7, but found \"\(text)\".")
            }
            var parameters: SceneParameters = [:]
            for piece in pieces.dropFirst() { try add(piece, to: &parameters) }
            screens.append(Destination(SceneIdentifier(scene), parameters: parameters))
        }
        guard !screens.isEmpty else {
            throw ScriptError(
                "\"set-stack\" needs at least one scene: set-stack SCENE[;key=value ...] ...")
        }
        return .setStack(screens, animated: animated ?? true)
    }

    /// Adds the parameter `key=value` that `argument` holds to `parameters`.
    ///
    /// Words without `=` are caught before for a word of its own; this error is for the parts
    /// after a scene's semicolons, as in `A2;id=7`.
    static func add(_ argument: Word, to parameters: inout SceneParameters)
        throws(ScriptError)
    {
        let text = argument.text
        guard let equals = text.firstIndex(of: "=") else {
            throw ScriptError(
                "Expected a parameter written key=value after \";\", but found \"\(text)\".")
        }
        let key = String(text[..<equals])
        guard !key.isEmpty else {
            throw ScriptError("The parameter \"\(text)\" has no name before \"=\".")
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

    /// The parts of `word` between its semicolons (outside quote marks), each with its quote
    /// marks removed: `A2`, `id=7` and `note=a;b` for `A2;id=7;note="a;b"`.
    static func pieces(of word: Word) -> [Word] {
        let written = word.written
        var pieces: [Word] = []
        var quote: Character?
        var text = ""
        var start = written.startIndex
        var index = start
        while index < written.endIndex {
            let character = written[index]
            if let open = quote {
                if character == open { quote = nil } else { text.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ";" {
                pieces.append(Word(text: text, written: written[start..<index]))
                text = ""
                start = written.index(after: index)
            } else {
                text.append(character)
            }
            index = written.index(after: index)
        }
        pieces.append(Word(text: text, written: written[start..<index]))
        return pieces
    }

    /// The optional animation word of a command that takes nothing else.
    static func animation(_ word: String, _ arguments: [String]) throws(ScriptError)
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

    static func isAnimationWord(_ word: String) -> Bool {
        word == "animated" || word == "not-animated"
    }

    /// A screen written `#2` or `2`.
    static func screenID(_ text: String, for word: String) throws(ScriptError) -> ScreenID {
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard let number = UInt64(digits), number > 0 else {
            throw ScriptError(
                "\"\(word)\" takes a screen such as #2 (see \"tree\"), but found \"\(text)\".")
        }
        return ScreenID(number)
    }
}

/// The style words of a `present` line, read one at a time: `full-screen`, `popover:ANCHOR`,
/// or the sheet's `sheet`, `medium`, `large` and `fixed`, alone or joined by commas.
struct StyleWords {
    /// The words read so far, as written, one per style word.
    private var words: [String] = []
    /// The style the words describe; a default sheet when there are none.
    private(set) var style: PresentationStyle = .sheet()

    /// The words a sheet may carry.
    private static let sheetWords: Set<String> = ["sheet", "medium", "large", "fixed"]

    /// Whether `word` is a sheet's word: one of ``sheetWords`` or a custom detent (`230pt`,
    /// `0.4`).
    private static func isSheetWord(_ word: String) -> Bool {
        sheetWords.contains(word) || ScriptCommand.detent(word) != nil
    }

    /// Whether `word` (or each of its comma-joined parts) is a style word.
    static func isStyleWord(_ word: String) -> Bool {
        word.split(separator: ",", omittingEmptySubsequences: false).allSatisfy { part in
            isSheetWord(String(part)) || part == "full-screen"
                || (part.hasPrefix("popover:") && part.count > "popover:".count)
        }
    }

    /// Reads one word of the line, which may join several style words with commas.
    ///
    /// - Throws: ``ScriptError`` for a word that is not a style, a word given twice, a popover
    ///   without its anchor, or two styles where a present has one.
    mutating func read(_ word: String) throws(ScriptError) {
        for part in word.split(separator: ",", omittingEmptySubsequences: false) {
            let part = String(part)
            if part == "popover:" {
                throw ScriptError(
                    "\"popover:\" needs the name of the view it comes from: popover:ANCHOR, "
                        + "such as popover:share.")
            }
            guard Self.isStyleWord(part) else {
                throw ScriptError(
                    "Expected a parameter written key=value, a style (sheet, medium, large, "
                        + "fixed, full-screen or popover:ANCHOR), or \"animated\" or "
                        + "\"not-animated\", but found \"\(word)\".")
            }
            guard !words.contains(part) else {
                throw ScriptError("The style word \"\(part)\" is given twice.")
            }
            // `fixed` also locks a popover: the one sheet word a popover takes.
            let isSheet = Self.isSheetWord(part)
            let locksPopover: (String, String) -> Bool = { word, other in
                word == "fixed" && other.hasPrefix("popover:")
            }
            if let other = words.first(where: {
                (!isSheet || !Self.isSheetWord($0)) && !locksPopover(part, $0)
                    && !locksPopover($0, part)
            }) {
                throw ScriptError(
                    "A modal has one style, but found \"\(other)\" and \"\(part)\": full-screen "
                        + "takes no sheet words, and popover:ANCHOR only fixed.")
            }
            words.append(part)
        }
        style = Self.style(of: words)
    }

    /// The style that `words`, which are consistent, describe.
    private static func style(of words: [String]) -> PresentationStyle {
        if words.contains("full-screen") { return .fullScreenCover }
        if let popover = words.first(where: { $0.hasPrefix("popover:") }) {
            return .popover(
                anchor: String(popover.dropFirst("popover:".count)),
                interactiveDismissal: !words.contains("fixed"))
        }
        let detents = words.compactMap(ScriptCommand.detent)
        return .sheet(
            detents: detents.isEmpty ? [.large] : detents,
            interactiveDismissal: !words.contains("fixed"))
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
