/// Navigation the platform did on its own, which the coordinator must follow.
///
/// A UIKit or SwiftUI renderer mirrors the coordinator's tree. When the user swipes back, taps
/// the system Back button, drags a sheet down or taps the tab bar, the platform changes the
/// screen first; the renderer then reports it with ``AppCoordinator/report(_:)``, and the tree
/// follows.
public enum PlatformReport: Hashable, Sendable, CustomStringConvertible {
    /// The user went back to `screen`, which stays visible: one screen left (a back swipe, the
    /// Back button) or several (the Back button's menu). One report, one event, however many
    /// screens left: a `pop` event for one, a `pop-to` event for several.
    case poppedBackByUser(to: ScreenID)
    /// The user dismissed the top-most modal, which holds `screen`, by dragging it down (or, for
    /// a popover or a confirmation dialog, with a tap outside it). A dialog dismissed so answers
    /// with its cancel button's value, or ``ScreenResult/cancelled`` when it has none.
    case dismissedByUser(ScreenID)
    /// The user tapped button `button` (counted from 0, in the ``AlertContent/buttons``' order)
    /// of the alert or confirmation dialog of `screen`, with `text` in its text fields, in
    /// order. The platform took the alert away: it leaves the tree, and the navigation that
    /// presented it hears the button's value (an ``AlertContent/Answer`` when it has text fields).
    case answeredByUser(ScreenID, button: Int, text: [String] = [])
    /// The user tapped the tab named `name` in the tab bar.
    case tabSelectedByUser(String)
    /// The user tapped the tab that was already selected, which pops its stack to its first
    /// screen.
    case selectedTabReselectedByUser
    /// The window's horizontal size class changed: in a compact window a split root collapses
    /// into one stack, in a regular one it expands into its columns again (UIKit: the split
    /// view controller's delegate `splitViewControllerDidCollapse(_:)` and
    /// `splitViewControllerDidExpand(_:)`; SwiftUI: the `horizontalSizeClass` environment
    /// value). The platform lays the split out itself: the event's render plan is empty.
    case sizeClassChanged(SizeClass)
    /// The user dragged the top-most sheet, which holds `screen`, to another of its detents
    /// (UIKit: the sheet presentation controller's delegate
    /// `sheetPresentationControllerDidChangeSelectedDetentIdentifier(_:)`; SwiftUI: a write of
    /// `presentationDetents(_:selection:)`'s binding). The sheet rests there: its style's
    /// `selected` detent changes.
    case detentChangedByUser(ScreenID, to: PresentationStyle.Detent)

    /// The screen the report is about, for a pop or a dismiss.
    package var screen: ScreenID? {
        switch self {
        case .poppedBackByUser(let screen), .dismissedByUser(let screen),
            .answeredByUser(let screen, _, _), .detentChangedByUser(let screen, _):
            return screen
        case .tabSelectedByUser, .selectedTabReselectedByUser, .sizeClassChanged: return nil
        }
    }

    /// The kind of transition the report makes the tree follow.
    package var kind: TransitionEvent.Kind {
        switch self {
        case .poppedBackByUser: return .popTo
        case .dismissedByUser, .answeredByUser: return .dismiss
        case .tabSelectedByUser: return .selectTab
        case .selectedTabReselectedByUser: return .popToRoot
        case .sizeClassChanged: return .sizeClass
        case .detentChangedByUser: return .updateModal
        }
    }

    /// The report as `popped-back-by-user to #2`, `dismissed-by-user #5` or
    /// `tab-selected-by-user "search"`, `size-class-changed compact`,
    /// `answered-by-user #6 button 0`, `detent-changed-by-user #5 to large`.
    public var description: String {
        switch self {
        case .poppedBackByUser(let screen): return "popped-back-by-user to \(screen)"
        case .dismissedByUser(let screen): return "dismissed-by-user \(screen)"
        case .answeredByUser(let screen, let button, let text):
            let texts = text.isEmpty ? "" : " with \(text.count) text(s)"
            return "answered-by-user \(screen) button \(button)\(texts)"
        case .tabSelectedByUser(let name):
            return "tab-selected-by-user \"\(NavigationError.shorten(name))\""
        case .selectedTabReselectedByUser: return "selected-tab-reselected-by-user"
        case .sizeClassChanged(let sizeClass): return "size-class-changed \(sizeClass)"
        case .detentChangedByUser(let screen, let detent):
            return "detent-changed-by-user \(screen) to \(detent.word)"
        }
    }
}
