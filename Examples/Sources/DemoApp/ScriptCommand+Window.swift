public import CoreModule

/// A `window` line of a demo script: open, drive, close, save or restore one window.
public enum WindowCommand: Equatable, Sendable {
    /// `window open NAME`: a new, empty window, which becomes the active one.
    case open(WindowID)
    /// `window NAME`: the user moves to the open window NAME, which becomes the active one.
    case activate(WindowID)
    /// `window close NAME`: the platform discards the window.
    case close(WindowID)
    /// `window save NAME`: keep the window's restoration activity, as UIKit asks for it.
    case save(WindowID)
    /// `window restore NAME`: open the window again from the activity saved for it.
    case restore(WindowID)
}

extension ScriptCommand {
    /// The commands of windows, one a line, as `help` prints them.
    static let windowReference = """
        window open NAME               open a new, empty window NAME: it becomes the active
                                       window, which the commands that follow drive (the
                                       session starts with one window, main)
        window NAME                    the user moves to the open window NAME: it becomes
                                       the active window, and the commands that follow
                                       drive it
        window close NAME              the platform discards the window NAME: its screens
                                       are let go and the window used before it becomes
                                       the active one; a closed window that was driven
                                       refuses the commands that follow (windowClosed)
                                       until window NAME picks another
        window save NAME               keep the window's restoration activity (its
                                       snapshot), as UIKit asks for it
        window restore NAME            open the closed window NAME again from its saved
                                       activity; it becomes the active window
        windows                        list the open windows with their trees, the active
                                       one marked
        open LINK in WINDOW            open a link in a window: in NAME, in active (the
                                       window used last), or in new NAME (a window opened
                                       for it); that window becomes the active one
        open-url URL [from-app] in WINDOW
                                       the same, for a universal link
        """

    /// The command words of windows.
    static let windowWords = ["window", "windows"]

    /// The words after `window` that are not a window's name.
    static let windowVerbs: Set<String> = ["open", "close", "save", "restore"]

    /// Names a script cannot give a window: the verbs of `window`, and the words of `in WINDOW`.
    static let reservedWindowNames = windowVerbs.union(["active", "new"])

    /// Reads a command of windows.
    static func windowCommand(_ word: String, _ arguments: [String]) throws(ScriptError)
        -> ScriptCommand
    {
        if word == "windows" {
            if let extra = arguments.first {
                throw ScriptError("\"windows\" takes no arguments, but found \"\(extra)\".")
            }
            return .windows
        }
        guard let first = arguments.first else {
            throw ScriptError(
                "\"window\" needs a window's name, or open, close, save or restore and a name: "
                    + "window main, window open side.")
        }
        guard windowVerbs.contains(first) else {
            if let extra = arguments.dropFirst().first {
                throw ScriptError(
                    "\"window\" takes one window's name, such as window main, but found "
                        + "\"\(extra)\" after \"\(first)\".")
            }
            return .window(.activate(WindowID(first)))
        }
        guard arguments.count == 2 else {
            throw ScriptError(
                "\"window \(first)\" takes one window's name, such as window \(first) side, but "
                    + "found \(arguments.count - 1) words.")
        }
        let name = arguments[1]
        switch first {
        case "open":
            guard !reservedWindowNames.contains(name) else {
                throw ScriptError(
                    "A script cannot name a window \"\(name)\": open, close, save, restore, "
                        + "active and new are words of its commands.")
            }
            return .window(.open(WindowID(name)))
        case "close": return .window(.close(WindowID(name)))
        case "save": return .window(.save(WindowID(name)))
        default: return .window(.restore(WindowID(name)))
        }
    }

    /// Splits a link command's words at the `in` that names its window, if any: the words
    /// before it, and the window.
    ///
    /// - Parameters:
    ///   - arguments: The words after the command word; the first is the link, never `in`.
    ///   - command: The command word, for the error.
    /// - Returns: The words before `in` (all of them without it), and the window it names.
    /// - Throws: ``ScriptError`` when the words after `in` name no window.
    static func windowTarget(ending arguments: [String], of command: String)
        throws(ScriptError) -> (arguments: [String], target: WindowRegistry.Target?)
    {
        guard let index = arguments.dropFirst().firstIndex(of: "in") else {
            return (arguments, nil)
        }
        let target = try windowTarget(arguments[(index + 1)...], of: command)
        return (Array(arguments[..<index]), target)
    }

    /// The window written after `in`: `NAME`, `active` or `new NAME`.
    ///
    /// - Parameters:
    ///   - words: The words after `in`.
    ///   - command: The command they end, for the error.
    /// - Returns: Where to open the link.
    /// - Throws: ``ScriptError`` when the words are not one of the three forms.
    static func windowTarget(_ words: ArraySlice<String>, of command: String)
        throws(ScriptError) -> WindowRegistry.Target
    {
        switch (words.first, words.count) {
        case ("active", 1):
            return .active
        case ("new", 2):
            return .newWindow(WindowID(words[words.startIndex + 1]))
        case (.some(let name), 1) where name != "new":
            return .window(WindowID(name))
        default:
            let found = words.isEmpty ? "nothing" : "\"\(words.joined(separator: " "))\""
            throw ScriptError(
                "\"\(command)\" takes a window after \"in\": in NAME, in active or in new NAME, "
                    + "but found \(found).")
        }
    }
}
