@_spi(Rules) public import CoreModule

/// Rules the guides state, written once for the fuzz targets' oracles from the docs
/// (docs/navigation-model.md), never from the library's code: the oracles judge the library
/// against them.
public enum DocumentedRules {
    /// The most screens a snapshot holds, in all its stacks (docs/deep-links.md).
    public static let snapshotScreens = 512
    /// The most tabs a snapshot holds.
    public static let snapshotTabs = 16
    /// The most modals a snapshot holds.
    public static let snapshotModals = 32
    /// The most parameters of one saved screen.
    public static let snapshotParametersPerScreen = 64
    /// The most bytes of UTF-8 in a scene name (docs/contributing/reliability.md), checked
    /// before its 256 characters.
    public static let sceneNameBytes = 1_024

    /// Whether a modal may have `style`: a sheet of distinct detents, at least one, each a
    /// height above 0 points or a fraction in (0, 1], resting at one of them; a cover; a
    /// popover anchored by 1 to 64 bytes; no alert's or dialog's (those are presented with
    /// `.alert(_:)`).
    public static func isValid(_ style: PresentationStyle) -> Bool {
        switch style {
        case .sheet(let detents, let selected, _):
            let heights = detents.allSatisfy { detent in
                switch detent {
                case .medium, .large: return true
                case .height(let points): return points > 0 && points < .infinity
                case .fraction(let fraction): return fraction > 0 && fraction <= 1
                }
            }
            return heights && !detents.isEmpty && Set(detents).count == detents.count
                && (selected.map(detents.contains) ?? true)
        case .fullScreenCover: return true
        case .popover(let anchor, _): return (1...64).contains(anchor.utf8.count)
        case .alert, .confirmationDialog: return false
        }
    }

    /// A shown modal's style with its lock and its resting detent changed.
    ///
    /// As a request or a drag asks (docs/navigation-model.md): `nil` when the style has no such
    /// setting (a lock is a sheet's or a popover's, a detent a sheet's). A detent the sheet
    /// rests at already changes nothing.
    public static func updated(
        _ style: PresentationStyle, lock: Bool?, detent: PresentationStyle.Detent?
    ) -> PresentationStyle? {
        switch style {
        case .sheet(let detents, let selected, let interactiveDismissal):
            var resting = selected
            if let detent, detent != (selected ?? detents.first) { resting = detent }
            return .sheet(
                detents: detents, selected: resting,
                interactiveDismissal: lock ?? interactiveDismissal)
        case .popover(let anchor, let interactiveDismissal):
            guard detent == nil else { return nil }
            return .popover(anchor: anchor, interactiveDismissal: lock ?? interactiveDismissal)
        case .fullScreenCover, .alert, .confirmationDialog:
            return nil
        }
    }

    /// Whether `name` may name a tab: 1 to 64 bytes, no whitespace, control or format
    /// character.
    public static func isValidTabName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count)
            && !name.unicodeScalars.contains {
                $0.properties.isWhitespace || $0.properties.generalCategory == .control
                    || $0.properties.generalCategory == .format
            }
    }
}
