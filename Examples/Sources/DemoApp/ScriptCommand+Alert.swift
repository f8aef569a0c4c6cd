import CoreModule

extension ScriptCommand {
    /// The commands of alerts and confirmation dialogs, one a line, as `help` prints them.
    static let alertReference = """
        alert TITLE [message=TEXT] [name=NAME] [field=PLACEHOLDER ...] BUTTON ...
                                       present an alert over the top-most place; a BUTTON
                                       is button=TITLE, destructive=TITLE or cancel=TITLE,
                                       and answers its title; field= adds a text field.
                                       Nothing is pushed or presented over an alert
        dialog TITLE [message=TEXT] [name=NAME] [anchor=ANCHOR] BUTTON ...
                                       present a confirmation dialog (an action sheet; on
                                       iPad a popover from the view named ANCHOR)
        tap BUTTON [text=VALUE ...]    the user taps the alert's button titled BUTTON, with
                                       one text=VALUE per text field; reported as
                                       .answeredByUser, and the alert's result is printed
        tap-outside                    the user taps outside the dialog (or a popover);
                                       reported as .dismissedByUser: a dialog answers its
                                       cancel button; an alert must be answered
        """

    /// The command words of alerts and dialogs.
    static let alertWords = ["alert", "dialog", "tap", "tap-outside"]

    /// Reads a command of alerts and dialogs.
    static func alertCommand(_ word: String, _ words: [Word]) throws(ScriptError) -> ScriptCommand {
        switch word {
        case "tap":
            guard let button = words.first?.text, !button.hasPrefix("text=") else {
                throw ScriptError(
                    "\"tap\" needs the title of the button the user taps: tap BUTTON [text=VALUE ...]."
                )
            }
            var texts: [String] = []
            for argument in words.dropFirst() {
                guard argument.text.hasPrefix("text=") else {
                    throw ScriptError(
                        "After the button's title, \"tap\" takes text=VALUE words, but found "
                            + "\"\(argument.text)\".")
                }
                texts.append(String(argument.text.dropFirst("text=".count)))
            }
            return .tap(button: button, text: texts)
        case "tap-outside":
            if let extra = words.first {
                throw ScriptError(
                    "\"tap-outside\" takes no arguments, but found \"\(extra.text)\".")
            }
            return .tapOutside
        default:
            return .navigate(.alert(try content(word, words), animated: true))
        }
    }

    /// `alert` or `dialog`: a title, then key=value words.
    private static func content(_ word: String, _ words: [Word]) throws(ScriptError)
        -> AlertContent
    {
        guard let title = words.first?.text, !title.contains("=") else {
            throw ScriptError(
                "\"\(word)\" needs a title first, such as \(word) \"Discard this draft?\" "
                    + "button=Discard cancel=Cancel.")
        }
        var content =
            word == "alert"
            ? AlertContent(title: title, buttons: [])
            : AlertContent.confirmationDialog(title: title, buttons: [])
        for argument in words.dropFirst() {
            let text = argument.text
            guard let equals = text.firstIndex(of: "=") else {
                throw ScriptError(
                    "Expected a word key=value (button=, destructive=, cancel=, message=, name=, "
                        + "field= or anchor=), but found \"\(text)\".")
            }
            let key = String(text[..<equals])
            let value = String(text[text.index(after: equals)...])
            switch key {
            case "button": content.buttons.append(AlertContent.Button(value))
            case "destructive":
                content.buttons.append(AlertContent.Button(value, role: .destructive))
            case "cancel": content.buttons.append(AlertContent.Button(value, role: .cancel))
            case "message": content.message = value
            case "name": content.name = SceneIdentifier(value)
            case "field": content.textFields.append(AlertContent.TextField(placeholder: value))
            case "anchor": content.anchor = value
            default:
                throw ScriptError(
                    "\"\(key)=\" is not a word of \"\(word)\": use button=, destructive=, "
                        + "cancel=, message=, name=, field= or anchor=.")
            }
        }
        return content
    }
}
