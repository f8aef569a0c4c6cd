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
/// A shown modal's style is state of the tree: its lock and a sheet's resting detent change
/// with ``ApplicationTransitionType/updateModal(on:interactiveDismissal:detent:animated:)`` and
/// with ``PlatformReport/detentChangedByUser(_:to:)``, and snapshots keep them.
///
/// Two styles are an ``AlertContent``'s, which ``ApplicationTransitionType/alert(_:animated:)``
/// presents: ``alert`` and ``confirmationDialog``. A scene is not presented with them.
public enum PresentationStyle: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A card over the screen below, at the heights in `detents`, resting at `selected` (the
    /// first detent when `nil`); the user may swipe it down unless `interactiveDismissal` is
    /// `false`, and drag it to another of its detents. `.sheet()` is the default style.
    case sheet(
        detents: [PresentationStyle.Detent] = [.large], selected: PresentationStyle.Detent? = nil,
        interactiveDismissal: Bool = true)
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
        case .sheet(_, _, let interactiveDismissal): return interactiveDismissal
        case .fullScreenCover, .alert: return false
        case .popover(_, let interactiveDismissal): return interactiveDismissal
        case .confirmationDialog: return true
        }
    }

    /// Whether a scene can be presented with the style.
    ///
    /// A sheet has at least one detent, none twice, each valid (a height of more than 0 points,
    /// a fraction in (0, 1]), and rests at one of them; a popover has an anchor of 1 to 64
    /// bytes. The alert styles are not a scene's.
    package var isValid: Bool {
        switch self {
        case .sheet(let detents, let selected, _):
            return !detents.isEmpty && Set(detents).count == detents.count
                && detents.allSatisfy(\.isValid) && (selected.map(detents.contains) ?? true)
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
    /// `sheet: medium, 230pt, 0.4 at 230pt`, `sheet, not swipeable`, `full-screen`,
    /// `popover from share`, `alert` or `confirmation-dialog`.
    public var description: String {
        switch self {
        case .sheet(let detents, let selected, let interactiveDismissal):
            let heights =
                detents == [.large] ? "" : ": " + detents.map(\.word).joined(separator: ", ")
            let resting = selected.map { " at \($0.word)" } ?? ""
            return "sheet" + heights + resting + (interactiveDismissal ? "" : ", not swipeable")
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
        case .sheet(let detents, let selected, let interactiveDismissal):
            let heights = detents.map(\.literal).joined(separator: ", ")
            let resting = selected.map { ", selected: \($0.literal)" } ?? ""
            return
                ".sheet(detents: [\(heights)]\(resting), interactiveDismissal: \(interactiveDismissal))"
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
        case detents, selected, interactiveDismissal, anchor
    }

    /// Reads a style as ``encode(to:)`` writes it; a popover without `interactiveDismissal`
    /// (as versions before locked popovers wrote it) is dismissible, and a sheet without
    /// `selected` (as versions before resting detents wrote it) rests at its first detent.
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
                detents: try values.decode([Detent.Coded].self, forKey: .detents).map(\.detent),
                selected: try values.decodeIfPresent(Detent.Coded.self, forKey: .selected)?.detent,
                interactiveDismissal: try values.decode(Bool.self, forKey: .interactiveDismissal))
        case .popover:
            self = .popover(
                anchor: try values.decode(String.self, forKey: .anchor),
                interactiveDismissal: try values.decodeIfPresent(
                    Bool.self, forKey: .interactiveDismissal) ?? true)
        case .fullScreenCover: self = .fullScreenCover
        case .alert: self = .alert
        case .confirmationDialog: self = .confirmationDialog
        case .detents, .selected, .interactiveDismissal, .anchor:
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "Not a presentation style.")
        }
    }

    /// Writes the style as `{"sheet": {"detents": […], "interactiveDismissal": true}}`,
    /// `{"fullScreenCover": {}}` or `{"popover": {"anchor": "share"}}`, with
    /// `"interactiveDismissal": false` for a locked popover only, so that versions before
    /// locked popovers read every other popover; a sheet writes `"selected"` only when it rests
    /// at a detent it names, and a detent is `"medium"`, `"large"`, `{"height": 230}` or
    /// `{"fraction": 0.4}`.
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .sheet(let detents, let selected, let interactiveDismissal):
            var values = container.nestedContainer(keyedBy: Keys.self, forKey: .sheet)
            try values.encode(detents.map(Detent.Coded.init), forKey: .detents)
            try values.encodeIfPresent(selected.map(Detent.Coded.init), forKey: .selected)
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
    public enum Detent: Hashable, Sendable {
        /// About half the screen's height.
        case medium
        /// The full height (the default).
        case large
        /// A height in points, more than 0 (SwiftUI: `.height(_:)`; UIKit: a custom detent).
        case height(Double)
        /// A fraction of the full height, in (0, 1] (SwiftUI: `.fraction(_:)`; UIKit: a
        /// custom detent).
        case fraction(Double)

        /// Whether a sheet can offer the detent: a finite height above 0, a fraction in (0, 1].
        package var isValid: Bool {
            switch self {
            case .medium, .large: return true
            case .height(let points): return points > 0 && points.isFinite
            case .fraction(let fraction): return fraction > 0 && fraction <= 1
            }
        }

        /// The detent as the tree and links write it: `medium`, `large`, `230pt`, `0.4`.
        package var word: String {
            switch self {
            case .medium: return "medium"
            case .large: return "large"
            case .height(let points): return Self.number(points) + "pt"
            case .fraction(let fraction): return Self.number(fraction)
            }
        }

        /// The detent as Swift source writes it: `.medium`, `.height(230)`, `.fraction(0.4)`.
        var literal: String {
            switch self {
            case .medium: return ".medium"
            case .large: return ".large"
            case .height(let points): return ".height(\(Self.number(points)))"
            case .fraction(let fraction): return ".fraction(\(Self.number(fraction)))"
            }
        }

        /// Reads a detent as ``word`` writes it; `nil` for any other text or an invalid detent.
        package init?(word: String) {
            switch word {
            case "medium": self = .medium
            case "large": self = .large
            default:
                // A number is digits and a point, at most a few dozen bytes: no sign, exponent,
                // hexadecimal or `nan`, and a longer word is not read.
                let number = word.hasSuffix("pt") ? word.dropLast(2) : Substring(word)
                guard word.utf8.count <= 32, !number.isEmpty,
                    number.allSatisfy({ $0 == "." || ("0"..."9").contains($0) })
                else { return nil }
                let detent: Detent
                if word.hasSuffix("pt"), let points = Double(number) {
                    detent = .height(points)
                } else if let fraction = Double(word) {
                    detent = .fraction(fraction)
                } else {
                    return nil
                }
                guard detent.isValid else { return nil }
                self = detent
            }
        }

        /// `230` for a whole number, else the shortest text that reads back as the same value.
        private static func number(_ value: Double) -> String {
            if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
                return String(Int64(value))
            }
            return "\(value)"
        }

        /// How snapshots write a detent: `"medium"`, `"large"` (as versions before custom
        /// detents wrote them), `{"height": 230}` or `{"fraction": 0.4}`.
        struct Coded: Codable {
            let detent: Detent

            init(_ detent: Detent) { self.detent = detent }

            private enum Keys: String, CodingKey { case height, fraction }

            init(from decoder: any Decoder) throws {
                if let single = try? decoder.singleValueContainer(),
                    let name = try? single.decode(String.self)
                {
                    switch name {
                    case "medium": detent = .medium
                    case "large": detent = .large
                    default:
                        throw DecodingError.dataCorruptedError(
                            in: single, debugDescription: "Not a detent: \(name).")
                    }
                    return
                }
                let container = try decoder.container(keyedBy: Keys.self)
                if let points = try container.decodeIfPresent(Double.self, forKey: .height) {
                    detent = .height(points)
                } else {
                    detent = .fraction(try container.decode(Double.self, forKey: .fraction))
                }
            }

            func encode(to encoder: any Encoder) throws {
                switch detent {
                case .medium, .large:
                    var single = encoder.singleValueContainer()
                    try single.encode(detent.word)
                case .height(let points):
                    var container = encoder.container(keyedBy: Keys.self)
                    try container.encode(points, forKey: .height)
                case .fraction(let fraction):
                    var container = encoder.container(keyedBy: Keys.self)
                    try container.encode(fraction, forKey: .fraction)
                }
            }
        }
    }
}

extension PresentationStyle {
    /// The style with its lock and its resting detent changed.
    ///
    /// As ``ApplicationTransitionType/updateModal(on:interactiveDismissal:detent:animated:)``
    /// asks: `nil` for a style that has no such setting (a lock is a sheet's or a popover's, a
    /// detent a sheet's). The result may be invalid (a detent the sheet does not offer).
    package func updating(interactiveDismissal lock: Bool?, detent: Detent?) -> PresentationStyle? {
        switch self {
        case .sheet(let detents, let selected, let interactiveDismissal):
            // A detent the sheet already rests at changes nothing (`selected` stays `nil`).
            let resting = detent == (selected ?? detents.first) ? selected : detent ?? selected
            return .sheet(
                detents: detents, selected: resting,
                interactiveDismissal: lock ?? interactiveDismissal)
        case .popover(let anchor, let interactiveDismissal) where detent == nil:
            return .popover(anchor: anchor, interactiveDismissal: lock ?? interactiveDismissal)
        case .popover, .fullScreenCover, .alert, .confirmationDialog:
            return nil
        }
    }

    /// The detent a sheet rests at: its `selected` one, else its first; `nil` for other styles.
    package var restingDetent: Detent? {
        guard case .sheet(let detents, let selected, _) = self else { return nil }
        return selected ?? detents.first
    }
}
