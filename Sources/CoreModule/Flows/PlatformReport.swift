/// Navigation the platform did on its own, which the coordinator must follow.
///
/// A UIKit or SwiftUI renderer mirrors the coordinator's tree. When the user swipes back, taps
/// the system Back button, or drags a sheet down, the platform changes the screen first; the
/// renderer then reports it with ``AppCoordinator/report(_:)``, and the tree follows.
public enum PlatformReport: Hashable, Sendable, CustomStringConvertible {
    /// The user popped `screen`, the visible one, with a back swipe or the Back button.
    case poppedByUser(ScreenID)
    /// The user dismissed the top-most modal, which holds `screen`, by dragging it down.
    case dismissedByUser(ScreenID)

    /// The screen the report is about.
    public var screen: ScreenID {
        switch self {
        case .poppedByUser(let screen), .dismissedByUser(let screen): return screen
        }
    }

    /// The report as `popped-by-user #5`.
    public var description: String {
        switch self {
        case .poppedByUser(let screen): return "popped-by-user \(screen)"
        case .dismissedByUser(let screen): return "dismissed-by-user \(screen)"
        }
    }
}
