/// An alert or a confirmation dialog, as plain data: a title, a message, buttons with roles and
/// what each answers, and, for an alert, text fields.
///
/// ``ApplicationTransitionType/alert(_:animated:)`` presents it in the tree's modal slot, over
/// the top-most place, as UIKit's `UIAlertController` and SwiftUI's `.alert` and
/// `.confirmationDialog` show it. Nothing is presented over it: the user answers it first.
///
/// ```swift
/// let discard = AlertContent(
///     "DiscardDraft", title: "Discard this draft?",
///     buttons: [
///         AlertContent.Button("Discard", role: .destructive, value: true),
///         AlertContent.Button("Cancel", role: .cancel),
///     ])
/// try coordinator.navigate(.alert(discard)) { result in
///     if result.value(as: Bool.self) == true { print("discarded") }
/// }
/// // The alert's screen is the visible one; the platform reports the user's tap on it:
/// if let alert = coordinator.tree.visibleScreen {
///     try coordinator.report(.answeredByUser(alert.id, button: 0))  // prints "discarded"
/// }
/// ```
///
/// In the tree, it is a modal of style ``PresentationStyle/alert`` or
/// ``PresentationStyle/confirmationDialog`` whose stack holds one screen of scene ``name``, whose
/// payload is the alert; ``ScreenTree/alert`` reads it back. Links and snapshots leave it out: a
/// link or a restored snapshot shows what was under it. It has 1 to 16 buttons, at most 4 text
/// fields, and no text over 4,096 bytes.
public struct AlertContent: Hashable, Sendable, CustomStringConvertible {
    /// The scene name its screen has in the tree: `"Alert"` (`"ConfirmationDialog"` for a
    /// dialog) unless given.
    ///
    /// A test, an event and the tree's printout name it by it. It names no builder.
    public var name: SceneIdentifier
    /// How the platform shows it: ``PresentationStyle/alert`` (a centred alert, answered with a
    /// button, that may have text fields) or ``PresentationStyle/confirmationDialog`` (a list of
    /// choices from the bottom of the screen, a popover on iPad, that a tap outside dismisses),
    /// the modal style its modal has in the tree.
    public private(set) var style: PresentationStyle
    /// The title.
    public var title: String
    /// The message under the title, if any.
    public var message: String?
    /// The buttons, in order; at least one, at most one of role ``AlertContent/Button/Role/cancel``.
    public var buttons: [AlertContent.Button]
    /// The text fields of an alert, in order (a confirmation dialog has none).
    public var textFields: [AlertContent.TextField]
    /// For a confirmation dialog: the view it points at as a popover on iPad, named as
    /// ``PresentationStyle/popover(anchor:interactiveDismissal:)`` names one; `nil` for the
    /// presenting screen's view.
    public var anchor: String?

    /// Creates an alert.
    ///
    /// - Parameters:
    ///   - name: The scene name its screen has in the tree.
    ///   - title: The title.
    ///   - message: The message under the title.
    ///   - buttons: The buttons, in order.
    ///   - textFields: The text fields, in order.
    public init(
        _ name: SceneIdentifier = "Alert", title: String, message: String? = nil,
        buttons: [AlertContent.Button], textFields: [AlertContent.TextField] = []
    ) {
        self.name = name
        self.style = .alert
        self.title = title
        self.message = message
        self.buttons = buttons
        self.textFields = textFields
        self.anchor = nil
    }

    /// Creates a confirmation dialog.
    ///
    /// - Parameters:
    ///   - name: The scene name its screen has in the tree.
    ///   - title: The title.
    ///   - message: The message under the title.
    ///   - buttons: The buttons, in order.
    ///   - anchor: The view it points at as a popover on iPad; `nil` for the presenting
    ///     screen's view.
    /// - Returns: The dialog.
    public static func confirmationDialog(
        _ name: SceneIdentifier = "ConfirmationDialog", title: String, message: String? = nil,
        buttons: [AlertContent.Button], anchor: String? = nil
    ) -> AlertContent {
        var dialog = AlertContent(name, title: title, message: message, buttons: buttons)
        dialog.style = .confirmationDialog
        dialog.anchor = anchor
        return dialog
    }

    /// The most buttons an alert or a dialog may have.
    package static let maximumButtonCount = 16
    /// The most text fields an alert may have.
    package static let maximumTextFieldCount = 4
    /// The longest title, message, button title or placeholder, in UTF-8 bytes.
    package static let maximumTextByteCount = 4_096

    /// The button of role ``AlertContent/Button/Role/cancel``, if any, and its index.
    package var cancelButton: (index: Int, button: AlertContent.Button)? {
        buttons.firstIndex { $0.role == .cancel }.map { ($0, buttons[$0]) }
    }

    /// What is wrong with it, or `nil` when it can be shown.
    ///
    /// Its cost is bounded whatever its size: it stops at the first problem, and counts are
    /// checked before contents.
    public var problem: NavigationError.Problem? {
        brokenRule.map { NavigationError.Problem(.alert($0)) }
    }

    /// The first rule it breaks, or `nil` when it can be shown (``problem``'s detail).
    package var brokenRule: NavigationError.AlertProblem? {
        if let problem = name.brokenRule { return .invalidName(name, problem) }
        if buttons.isEmpty { return .noButtons }
        if buttons.count > Self.maximumButtonCount {
            return .tooManyButtons(count: buttons.count, limit: Self.maximumButtonCount)
        }
        if style == .confirmationDialog, !textFields.isEmpty { return .textFieldsInDialog }
        if textFields.count > Self.maximumTextFieldCount {
            return .tooManyTextFields(count: textFields.count, limit: Self.maximumTextFieldCount)
        }
        if style == .alert, anchor != nil { return .anchorOnAlert }
        if let anchor, !(1...64).contains(anchor.utf8.count) { return .invalidAnchor }
        let texts = [title, message ?? ""] + buttons.map(\.title) + textFields.map(\.placeholder)
        if texts.contains(where: { $0.utf8.count > Self.maximumTextByteCount }) {
            return .textTooLong(limit: Self.maximumTextByteCount)
        }
        if let index = buttons.firstIndex(where: { $0.title.isEmpty }) {
            return .emptyButtonTitle(index: index)
        }
        if buttons.lazy.filter({ $0.role == .cancel }).count > 1 { return .moreThanOneCancelButton }
        return nil
    }

    /// What answering with `button` and `text` delivers: the button's value, or an
    /// ``AlertContent/Answer`` when the alert has text fields.
    package func answer(button: Int, text: [String]) -> any Sendable {
        let value = buttons[button].value
        return textFields.isEmpty
            ? value.base : AlertContent.Answer(button: button, value: value, text: text)
    }

    /// The alert as `alert "Discard this draft?" [Discard (destructive), Cancel (cancel)]`.
    public var description: String {
        let shown = buttons.prefix(8).map(\.description).joined(separator: ", ")
        let more = buttons.count > 8 ? ", … \(buttons.count - 8) more" : ""
        let fields = textFields.isEmpty ? "" : ", \(textFields.count) text field(s)"
        return "\(style) \"\(NavigationError.shorten(title))\" [\(shown)\(more)]\(fields)"
    }
}

extension AlertContent {
    /// One button of an ``AlertContent``: its title, its role and the value it answers.
    ///
    /// A string literal is a default button that answers its title: `buttons: ["OK"]`.
    public struct Button: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// What a button does, as UIKit's `UIAlertAction.Style` and SwiftUI's `ButtonRole` say it.
        public enum Role: Hashable, Sendable {
            /// An ordinary choice.
            case `default`
            /// The choice that changes nothing; the platform places it apart, and a confirmation
            /// dialog dismissed by a tap outside answers with it.
            case cancel
            /// A choice that destroys something; the platform shows it in red.
            case destructive
        }

        /// The button's title.
        public var title: String
        /// Its role.
        public var role: Role
        /// The value the alert answers when the user taps it.
        public var value: ScenePayload

        /// Creates a button that answers `value`, or its title when `value` is `nil`.
        ///
        /// ```swift
        /// AlertContent.Button("Discard", role: .destructive, value: true)  // answers true
        /// AlertContent.Button("Cancel", role: .cancel)                      // answers "Cancel"
        /// ```
        ///
        /// - Parameters:
        ///   - title: The button's title.
        ///   - role: Its role.
        ///   - value: The value the alert answers when the user taps it; `nil` (the default) for
        ///     the title.
        public init(
            _ title: String, role: Role = .default, value: (any Hashable & Sendable)? = nil
        ) {
            self.title = title
            self.role = role
            let answer: any Hashable & Sendable = value ?? title
            self.value = ScenePayload(answer)
        }

        /// A default button that answers its title.
        ///
        /// - Parameter value: The button's title.
        public init(stringLiteral value: String) {
            self.init(value)
        }

        /// The button as `Discard (destructive)`, or `OK` for a default one.
        public var description: String {
            let title = NavigationError.shorten(title)
            return role == .default ? title : "\(title) (\(role))"
        }
    }
}

extension AlertContent {
    /// A text field of an alert, as UIKit's `addTextField(configurationHandler:)` and a SwiftUI
    /// `TextField` or `SecureField` in an `.alert` show it.
    public struct TextField: Hashable, Sendable {
        /// The text shown while the field is empty.
        public var placeholder: String
        /// The text the field starts with.
        public var text: String
        /// Whether the field hides what is typed (a password).
        public var isSecure: Bool

        /// Creates a text field.
        ///
        /// - Parameters:
        ///   - placeholder: The text shown while the field is empty.
        ///   - text: The text the field starts with.
        ///   - isSecure: Whether the field hides what is typed.
        public init(placeholder: String = "", text: String = "", isSecure: Bool = false) {
            self.placeholder = placeholder
            self.text = text
            self.isSecure = isSecure
        }
    }
}

extension AlertContent {
    /// What an alert with text fields answers: the button tapped, its value and the text typed.
    ///
    /// ```swift
    /// if let answer = result.value(as: AlertContent.Answer.self), answer.value(as: String.self) == "Save" {
    ///     rename(to: answer.text[0])
    /// }
    /// ```
    public struct Answer: Hashable, Sendable, CustomStringConvertible {
        /// The index of the button tapped.
        public let button: Int
        /// The value of the button tapped.
        public let value: ScenePayload
        /// The text of each text field, in order.
        public let text: [String]

        /// The button's value as `type`, or `nil` when it is of another type.
        ///
        /// - Parameter type: The value's expected type.
        /// - Returns: The value, or `nil`.
        public func value<Value>(as type: Value.Type) -> Value? {
            value.value(as: type)
        }

        /// The answer as `button 0 (Save), text ["Groceries"]`.
        public var description: String {
            "button \(button) (\(value.base)), text \(text)"
        }
    }
}

extension NavigationError {
    /// What makes an ``AlertContent`` impossible to show: ``NavigationError/Refusal/invalidAlert(_:)``.
    @_spi(Rules) public enum AlertProblem: Hashable, Sendable, ReasonText {
        /// Its name is no valid scene name.
        case invalidName(SceneIdentifier, NavigationError.IdentifierProblem)
        /// It has no button, so the user could not answer it.
        case noButtons
        /// It has more buttons than the limit of 16.
        case tooManyButtons(count: Int, limit: Int)
        /// It has more text fields than the limit of 4.
        case tooManyTextFields(count: Int, limit: Int)
        /// A confirmation dialog has text fields; only an alert can.
        case textFieldsInDialog
        /// An alert has an anchor; only a confirmation dialog points at a view.
        case anchorOnAlert
        /// The dialog's anchor is not 1 to 64 bytes long.
        case invalidAnchor
        /// A title, the message, a button's title or a placeholder is longer than
        /// 4,096 bytes.
        case textTooLong(limit: Int)
        /// The button at `index` has an empty title.
        case emptyButtonTitle(index: Int)
        /// More than one button has role ``AlertContent/Button/Role/cancel``.
        case moreThanOneCancelButton
        /// A button answers a value of another type than the one the navigation expects.
        case wrongAnswerType(button: Int, expected: String, given: String)

        /// The problem in words.
        package var description: String {
            switch self {
            case .invalidName(let name, let problem):
                return "its name \(name.quoted) is invalid: \(problem)"
            case .noButtons: return "it has no button, so the user could not answer it"
            case .tooManyButtons(let count, let limit):
                return "it has \(count) buttons; at most \(limit) fit"
            case .tooManyTextFields(let count, let limit):
                return "it has \(count) text fields; at most \(limit) fit"
            case .textFieldsInDialog: return "a confirmation dialog cannot have text fields"
            case .anchorOnAlert:
                return "an alert points at no view; only a confirmation dialog has an anchor"
            case .invalidAnchor: return "its anchor must be 1 to 64 bytes"
            case .textTooLong(let limit):
                return "a title, message, button title or placeholder is longer than \(limit) bytes"
            case .emptyButtonTitle(let index): return "button \(index) has an empty title"
            case .moreThanOneCancelButton: return "more than one button has the cancel role"
            case .wrongAnswerType(let button, let expected, let given):
                return "button \(button) answers \(given), but the navigation expects \(expected)"
            }
        }
    }
}

/// The object an alert's screen holds as its content: the alert, for a renderer that reads the
/// screen alone (outside the package, the screen's payload holds the same ``AlertContent``).
package final class AlertScreen: Sendable {
    /// The alert or dialog the screen shows.
    package let content: AlertContent

    init(_ content: AlertContent) {
        self.content = content
    }
}
