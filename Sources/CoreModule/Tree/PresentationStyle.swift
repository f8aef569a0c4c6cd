/// How a modal is presented, as UIKit's `modalPresentationStyle` and SwiftUI's `.sheet`,
/// `.fullScreenCover` and `.popover` say it.
///
/// ```swift
/// try coordinator.navigate(.present(scene: "Filters", style: .sheet(detents: [.medium, .large])))
/// try coordinator.navigate(.present(scene: "SignIn", style: .fullScreenCover))
/// ```
///
/// The style decides what the user may do: a sheet can be swiped down, and a popover dismissed
/// by a tap outside, unless its `interactiveDismissal` is off; a full-screen cover cannot be.
/// A ``PlatformReport/dismissedByUser(_:)`` for a modal the user cannot dismiss is an error.
///
/// Two styles are an ``AlertContent``'s, which ``ApplicationTransitionType/alert(_:animated:)``
/// presents: ``alert`` and ``confirmationDialog``. A scene is not presented with them.
public enum PresentationStyle: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A card over the screen below, at the heights in `detents`; the user may swipe it down
    /// unless `interactiveDismissal` is `false`. `.sheet()` is the default style.
    case sheet(detents: [PresentationStyle.Detent] = [.large], interactiveDismissal: Bool = true)
    /// A cover over the whole window; the user cannot swipe it away.
    case fullScreenCover
    /// A popover anchored to the view the presenting screen names `anchor` (a button, say);
    /// on a compact width the platform shows it as a sheet. The user may dismiss it with a tap
    /// outside (or a swipe down, as a sheet) unless `interactiveDismissal` is `false`.
    case popover(anchor: String, interactiveDismissal: Bool = true)
    /// An alert's modal (see ``AlertContent/style``): the user answers it with a button.
    case alert
    /// A confirmation dialog's modal (see ``AlertContent/style``): the user
    /// answers it with a button, or dismisses it with a tap outside.
    case confirmationDialog

    /// Whether the user may dismiss the modal with a gesture (a swipe down, a tap outside).
    public var userCanDismiss: Bool {
        switch self {
        case .sheet(_, let interactiveDismissal): return interactiveDismissal
        case .fullScreenCover, .alert: return false
        case .popover(_, let interactiveDismissal): return interactiveDismissal
        case .confirmationDialog: return true
        }
    }

    /// Whether a scene can be presented with the style.
    ///
    /// A sheet has at least one detent and none twice, a popover an anchor of 1 to 64 bytes.
    /// The alert styles are not a scene's.
    package var isValid: Bool {
        switch self {
        case .sheet(let detents, _): return !detents.isEmpty && Set(detents).count == detents.count
        case .fullScreenCover: return true
        case .popover(let anchor, _): return (1...64).contains(anchor.utf8.count)
        case .alert, .confirmationDialog: return false
        }
    }

    /// Whether it is an alert's or a confirmation dialog's: nothing is presented over it.
    public var isAlert: Bool {
        self == .alert || self == .confirmationDialog
    }

    /// The style as the tree prints it: `sheet`, `sheet: medium, large`,
    /// `sheet, not swipeable`, `full-screen`, `popover from share`, `alert` or
    /// `confirmation-dialog`.
    public var description: String {
        switch self {
        case .sheet(let detents, let interactiveDismissal):
            let heights =
                detents == [.large] ? "" : ": " + detents.map(\.rawValue).joined(separator: ", ")
            return "sheet" + heights + (interactiveDismissal ? "" : ", not swipeable")
        case .fullScreenCover:
            return "full-screen"
        case .popover(let anchor, let interactiveDismissal):
            return "popover from \(NavigationError.shorten(anchor))"
                + (interactiveDismissal ? "" : ", not dismissible")
        case .alert:
            return "alert"
        case .confirmationDialog:
            return "confirmation-dialog"
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
        case .popover(let anchor, let interactiveDismissal):
            return ".popover(anchor: \"\(NavigationError.shorten(anchor))\""
                + (interactiveDismissal ? ")" : ", interactiveDismissal: false)")
        case .alert:
            return ".alert"
        case .confirmationDialog:
            return ".confirmationDialog"
        }
    }
}

extension PresentationStyle {
    private enum Keys: String, CodingKey {
        case sheet, fullScreenCover, popover, alert, confirmationDialog
        case detents, interactiveDismissal, anchor
    }

    /// Reads a style as ``encode(to:)`` writes it; a popover without `interactiveDismissal`
    /// (as versions before locked popovers wrote it) is dismissible.
    ///
    /// - Parameter decoder: The decoder to read from.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: container.codingPath,
                    debugDescription: "A presentation style has exactly one case key."))
        }
        let values = try container.nestedContainer(keyedBy: Keys.self, forKey: key)
        switch key {
        case .sheet:
            self = .sheet(
                detents: try values.decode([PresentationStyle.Detent].self, forKey: .detents),
                interactiveDismissal: try values.decode(Bool.self, forKey: .interactiveDismissal))
        case .popover:
            self = .popover(
                anchor: try values.decode(String.self, forKey: .anchor),
                interactiveDismissal: try values.decodeIfPresent(
                    Bool.self, forKey: .interactiveDismissal) ?? true)
        case .fullScreenCover: self = .fullScreenCover
        case .alert: self = .alert
        case .confirmationDialog: self = .confirmationDialog
        case .detents, .interactiveDismissal, .anchor:
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "Not a presentation style.")
        }
    }

    /// Writes the style as `{"sheet": {"detents": […], "interactiveDismissal": true}}`,
    /// `{"fullScreenCover": {}}` or `{"popover": {"anchor": "share"}}`, with
    /// `"interactiveDismissal": false` for a locked popover only, so that versions before
    /// locked popovers read every other popover.
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .sheet(let detents, let interactiveDismissal):
            var values = container.nestedContainer(keyedBy: Keys.self, forKey: .sheet)
            try values.encode(detents, forKey: .detents)
            try values.encode(interactiveDismissal, forKey: .interactiveDismissal)
        case .popover(let anchor, let interactiveDismissal):
            var values = container.nestedContainer(keyedBy: Keys.self, forKey: .popover)
            try values.encode(anchor, forKey: .anchor)
            if !interactiveDismissal {
                try values.encode(false, forKey: .interactiveDismissal)
            }
        case .fullScreenCover:
            _ = container.nestedContainer(keyedBy: Keys.self, forKey: .fullScreenCover)
        case .alert:
            _ = container.nestedContainer(keyedBy: Keys.self, forKey: .alert)
        case .confirmationDialog:
            _ = container.nestedContainer(keyedBy: Keys.self, forKey: .confirmationDialog)
        }
    }
}

extension PresentationStyle {
    /// A height a sheet may rest at, as UIKit's `UISheetPresentationController.Detent` and
    /// SwiftUI's `PresentationDetent` name them.
    public enum Detent: String, Hashable, Sendable, Codable, CaseIterable {
        /// About half the screen's height.
        case medium
        /// The full height (the default).
        case large
    }
}
