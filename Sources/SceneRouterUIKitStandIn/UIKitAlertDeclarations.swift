// The part of UIKit's alert controller that SceneRouterUIKit uses, declared with UIKit's own
// names (see UIKitDeclarations.swift for what the stand-in is). Linux only.
//
// Mirrored member by member from UIKit's UIAlertController.h (iPhoneOS 17 SDK):
// `UIAlertActionStyle`, `UIAlertControllerStyle` (with their raw values), `UIAlertAction`
// (`actionWithTitle:style:handler:`, `title`, `style`, `enabled`) and `UIAlertController`
// (`alertControllerWithTitle:message:preferredStyle:`, `addAction:`, `actions`,
// `preferredAction`, `addTextFieldWithConfigurationHandler:`, `textFields`, `title`, `message`,
// `preferredStyle`); `severity` is left out, the adapter does not use it. The header says
// nothing of when handlers run or how an action sheet is dismissed: what the stand-in does there
// follows the documentation pages each member names.

#if os(Linux)

    /// A field the user types a line of text in: here, only one in an alert.
    ///
    /// Mirrors `UITextField` (https://developer.apple.com/documentation/uikit/uitextfield):
    /// `text`, `placeholder`, `isSecureTextEntry`. (UIKit's is a `UIControl`; the stand-in has
    /// no controls.)
    @MainActor
    open class UITextField: UIView {
        /// A text field with no text.
        public override init() {}

        /// The text shown, which the user edits
        /// (https://developer.apple.com/documentation/uikit/uitextfield/text).
        open var text: String?

        /// The text shown while the field is empty
        /// (https://developer.apple.com/documentation/uikit/uitextfield/placeholder).
        open var placeholder: String?

        /// Whether the field hides what is typed, as for a password
        /// (https://developer.apple.com/documentation/uikit/uitextinputtraits/issecuretextentry).
        open var isSecureTextEntry = false
    }

    /// A button of an alert or action sheet, and what tapping it does.
    ///
    /// Mirrors `UIAlertAction` (https://developer.apple.com/documentation/uikit/uialertaction):
    /// `init(title:style:handler:)`, `title`, `style`, `isEnabled`.
    @MainActor
    open class UIAlertAction {
        /// The button's title
        /// (https://developer.apple.com/documentation/uikit/uialertaction/title).
        public let title: String?

        /// How the button looks: default, cancel or destructive
        /// (https://developer.apple.com/documentation/uikit/uialertaction/style-swift.property).
        public let style: Style

        /// Whether the user can tap the button; `true` by default
        /// (https://developer.apple.com/documentation/uikit/uialertaction/isenabled).
        open var isEnabled = true

        /// What tapping the button runs, after the alert is dismissed.
        let handler: ((UIAlertAction) -> Void)?

        /// A button with a title, a style and what tapping it runs
        /// (https://developer.apple.com/documentation/uikit/uialertaction/init(title:style:handler:)).
        ///
        /// - Parameters:
        ///   - title: The button's title.
        ///   - style: How the button looks.
        ///   - handler: Called with the action once the user tapped it and the alert was
        ///     dismissed; never when the app dismisses the alert.
        public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
            self.title = title
            self.style = style
            self.handler = handler
        }

        /// How an alert's button looks.
        ///
        /// Mirrors `UIAlertAction.Style`
        /// (https://developer.apple.com/documentation/uikit/uialertaction/style-swift.enum),
        /// `UIAlertActionStyle` in UIAlertController.h.
        public enum Style: Int, Sendable {
            /// An ordinary button.
            case `default` = 0
            /// The button that cancels, leaving things unchanged; at most one per alert. An action
            /// sheet in a popover does not show it: a tap outside the popover runs it.
            case cancel = 1
            /// A button that changes or deletes data, drawn in red.
            case destructive = 2
        }
    }

    /// A view controller that shows an alert, or an action sheet, with buttons and maybe text
    /// fields.
    ///
    /// Mirrors `UIAlertController`
    /// (https://developer.apple.com/documentation/uikit/uialertcontroller):
    /// `init(title:message:preferredStyle:)`, `title`, `message`, `preferredStyle`,
    /// `addAction(_:)`, `actions`, `preferredAction`, `addTextField(configurationHandler:)`,
    /// `textFields`.
    ///
    /// Its presentation style is its own, whatever is set: an alert is shown in a custom style the
    /// user cannot dismiss but by a button; an action sheet is a popover (in a regular width it
    /// needs a source view, else UIKit raises; in a compact one it slides up from the bottom).
    /// A tapped button dismisses the alert, then runs its action's handler
    /// (``UIKitStandInTesting/simulateAlertAction(_:typing:)``); a tap outside an action sheet's
    /// popover dismisses it, tells its presentation controller's delegate, and runs the cancel
    /// action's handler if it has one
    /// (``UIKitStandInTesting/simulateTapOutsideActionSheet()``).
    @MainActor
    open class UIAlertController: UIViewController {
        /// The buttons, in the order they were added.
        public private(set) var actions: [UIAlertAction] = []
        private var fields: [UITextField] = []

        /// An alert or action sheet with a title and a message, and no buttons yet
        /// (https://developer.apple.com/documentation/uikit/uialertcontroller/init(title:message:preferredstyle:)).
        ///
        /// - Parameters:
        ///   - title: The alert's title.
        ///   - message: The text under the title.
        ///   - preferredStyle: An alert or an action sheet.
        public init(title: String?, message: String?, preferredStyle: Style) {
            self.message = message
            self.preferredStyle = preferredStyle
            super.init()
            self.title = title
        }

        /// The text under the title
        /// (https://developer.apple.com/documentation/uikit/uialertcontroller/message).
        open var message: String?

        /// Whether it is an alert or an action sheet
        /// (https://developer.apple.com/documentation/uikit/uialertcontroller/preferredstyle).
        public let preferredStyle: Style

        /// The button the Return key taps, drawn in bold; one of ``actions``
        /// (https://developer.apple.com/documentation/uikit/uialertcontroller/preferredaction).
        open var preferredAction: UIAlertAction?

        /// The text fields, in the order they were added, or `nil` when there is none
        /// (https://developer.apple.com/documentation/uikit/uialertcontroller/textfields).
        open var textFields: [UITextField]? { fields.isEmpty ? nil : fields }

        /// Adds a button
        /// (https://developer.apple.com/documentation/uikit/uialertcontroller/addaction(_:)).
        ///
        /// - Parameter action: The button and what it runs.
        open func addAction(_ action: UIAlertAction) {
            actions.append(action)
        }

        /// Adds a text field, which `configurationHandler` configures; an alert's only (UIKit
        /// raises for an action sheet)
        /// (https://developer.apple.com/documentation/uikit/uialertcontroller/addtextfield(configurationhandler:)).
        ///
        /// - Parameter configurationHandler: Configures the new field (its text, placeholder).
        open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
            guard preferredStyle == .alert else {
                record(
                    .textFieldInActionSheet,
                    "Text fields can only be added to an alert controller of style "
                        + "UIAlertControllerStyleAlert (\(label))")
                return
            }
            let field = UITextField()
            configurationHandler?(field)
            fields.append(field)
        }

        /// An alert's presentation style is UIKit's choice, not the app's: a popover for an
        /// action sheet, a custom one for an alert; setting it does nothing.
        open override var modalPresentationStyle: UIModalPresentationStyle {
            get { preferredStyle == .actionSheet ? .popover : .custom }
            set {}  // ignored, as UIKit ignores it
        }

        /// The kind of alert
        /// (https://developer.apple.com/documentation/uikit/uialertcontroller/style), as
        /// `UIAlertControllerStyle` in UIAlertController.h.
        public enum Style: Int, Sendable {
            /// A sheet of buttons, from the bottom of the screen or in a popover.
            case actionSheet = 0
            /// An alert in the middle of the screen.
            case alert = 1
        }
    }
#endif
