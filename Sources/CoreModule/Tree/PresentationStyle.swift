/// How a modal is presented, as UIKit's `modalPresentationStyle` and SwiftUI's `.sheet`,
/// `.fullScreenCover` and `.popover` say it.
///
/// ```swift
/// try coordinator.navigate(.present(scene: "Filters", style: .sheet(detents: [.medium, .large])))
/// try coordinator.navigate(.present(scene: "SignIn", style: .fullScreenCover))
/// ```
///
/// The style decides what the user may do: a sheet can be swiped down unless its
/// `interactiveDismissal` is off; a full-screen cover cannot. A
/// ``PlatformReport/dismissedByUser(_:)`` for a modal the user cannot dismiss is an error.
public enum PresentationStyle: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A card over the screen below, at the heights in `detents`; the user may swipe it down
    /// unless `interactiveDismissal` is `false`. `.sheet()` is the default style.
    case sheet(detents: [SheetDetent] = [.large], interactiveDismissal: Bool = true)
    /// A cover over the whole window; the user cannot swipe it away.
    case fullScreenCover
    /// A popover anchored to the view the presenting screen names `anchor` (a button, say);
    /// on a compact width the platform shows it as a sheet the user may swipe down.
    case popover(anchor: String)

    /// Whether the user may dismiss the modal with a gesture (a swipe down, a tap outside).
    public var userCanDismiss: Bool {
        switch self {
        case .sheet(_, let interactiveDismissal): return interactiveDismissal
        case .fullScreenCover: return false
        case .popover: return true
        }
    }

    /// Whether the style can be shown: a sheet has at least one detent and none twice, a
    /// popover an anchor of 1 to 64 bytes.
    public var isValid: Bool {
        switch self {
        case .sheet(let detents, _): return !detents.isEmpty && Set(detents).count == detents.count
        case .fullScreenCover: return true
        case .popover(let anchor): return (1...64).contains(anchor.utf8.count)
        }
    }

    /// The style as the tree prints it: `sheet`, `sheet: medium, large`,
    /// `sheet, not swipeable`, `full-screen` or `popover from share`.
    public var description: String {
        switch self {
        case .sheet(let detents, let interactiveDismissal):
            let heights =
                detents == [.large] ? "" : ": " + detents.map(\.rawValue).joined(separator: ", ")
            return "sheet" + heights + (interactiveDismissal ? "" : ", not swipeable")
        case .fullScreenCover:
            return "full-screen"
        case .popover(let anchor):
            return "popover from \(NavigationError.shorten(anchor))"
        }
    }
}

extension PresentationStyle {
    /// The style as Swift source would write it: `.fullScreenCover`,
    /// `.sheet(detents: [.medium, .large], interactiveDismissal: false)`.
    var literal: String {
        switch self {
        case .sheet(let detents, let interactiveDismissal):
            let heights = detents.map { ".\($0.rawValue)" }.joined(separator: ", ")
            return ".sheet(detents: [\(heights)], interactiveDismissal: \(interactiveDismissal))"
        case .fullScreenCover:
            return ".fullScreenCover"
        case .popover(let anchor):
            return ".popover(anchor: \"\(NavigationError.shorten(anchor))\")"
        }
    }
}

/// A height a sheet may rest at, as UIKit's `UISheetPresentationController.Detent` and
/// SwiftUI's `PresentationDetent` name them.
public enum SheetDetent: String, Hashable, Sendable, Codable, CaseIterable {
    /// About half the screen's height.
    case medium
    /// The full height (the default).
    case large
}
