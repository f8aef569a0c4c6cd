extension NavigationError {
    /// Why a snapshot cannot be read or restored, in ``NavigationError/snapshot(_:)``: a rule or
    /// a limit it breaks, found before any screen is built, or the screen that failed.
    @_spi(Rules) public enum SnapshotProblem: Equatable, Sendable, ReasonText {
        /// The snapshot's format version is `found`; this package reads 1 to `supported`.
        case unsupportedVersion(found: Int, supported: Int)
        /// The snapshot holds `count` screens, over the limit.
        case tooManyScreens(count: Int, limit: Int)
        /// The snapshot holds `count` tabs, over the limit.
        case tooManyTabs(count: Int, limit: Int)
        /// The snapshot holds `count` modals, over the limit.
        case tooManyModals(count: Int, limit: Int)
        /// A screen of `scene` has `count` parameters, over the limit.
        case tooManyParameters(scene: SceneIdentifier, count: Int, limit: Int)
        /// The selected tab's index is outside the tabs.
        case selectedTabOutOfRange(index: Int, count: Int)
        /// Two tabs have the name `name`.
        case duplicateTabName(String)
        /// A tab's name is not valid (1 to 64 bytes, no whitespace or control character).
        case invalidTabName(String)
        /// The snapshot has both a root stack and tabs.
        case rootAndTabs
        /// The snapshot has modals but no root.
        case modalsWithoutRoot
        /// A tab's, a modal's or a split's primary column's stack is empty (a split's supplementary
        /// and detail columns may be empty: nothing is selected yet).
        case emptyStack
        /// A modal's style cannot be shown: a sheet without a detent or with one twice, a popover
        /// whose anchor is not 1 to 64 bytes, or an alert's style.
        case invalidStyle(PresentationStyle)
        /// The snapshot's data is `count` bytes, over the limit of ``TreeSnapshot/decode(_:)``.
        case tooManyBytes(count: Int, limit: Int)
        /// The data is not a snapshot (not JSON, a field missing or of another type, a list over
        /// its limit), for `reason`.
        case unreadable(reason: String)
        /// A payload names a type that is not registered with ``PayloadTypes``.
        case unknownPayloadType(String)
        /// A payload of the registered type `type` cannot be read, for `reason`.
        case unreadablePayload(type: String, reason: String)
        /// Restoring the snapshot failed at its `position`-th screen (from 1), of scene `scene`,
        /// with `error`; nothing changed.
        indirect case restorationFailed(
            position: Int, scene: SceneIdentifier, error: NavigationError)

        /// The problem as the end of a sentence.
        package var description: String {
            switch self {
            case .unsupportedVersion(let found, let supported):
                return
                    "its format version is \(found), and this package reads versions 1 to \(supported)"
            case .tooManyScreens(let count, let limit):
                return "it holds \(count) screens, over the limit of \(limit)"
            case .tooManyTabs(let count, let limit):
                return "it holds \(count) tabs, over the limit of \(limit)"
            case .tooManyModals(let count, let limit):
                return "it holds \(count) modals, over the limit of \(limit)"
            case .tooManyParameters(let scene, let count, let limit):
                return
                    "a screen of \(scene.quoted) has \(count) parameters, over the limit of \(limit)"
            case .selectedTabOutOfRange(let index, let count):
                return
                    "its selected tab is at index \(index), outside its \(count) "
                    + (count == 1 ? "tab" : "tabs")
            case .duplicateTabName(let name):
                return "two tabs are named \"\(NavigationError.shorten(name))\""
            case .invalidTabName(let name):
                return "the tab name \"\(NavigationError.shorten(name))\" is not valid"
            case .rootAndTabs:
                return "it has both a root stack and tabs"
            case .modalsWithoutRoot:
                return "it has modals but no root"
            case .emptyStack:
                return "a tab, a modal or a split's primary column has no screens"
            case .invalidStyle(let style):
                return "a modal has the style \(style.literal), which cannot be shown"
            case .tooManyBytes(let count, let limit):
                return "it is \(count) bytes, over the limit of \(limit)"
            case .unreadable(let reason):
                return "its data cannot be read: \(reason)"
            case .unknownPayloadType(let name):
                return
                    "a payload names the type \"\(NavigationError.shorten(name))\", which is not "
                    + "registered with PayloadTypes"
            case .unreadablePayload(let type, let reason):
                return
                    "a payload of type \"\(NavigationError.shorten(type))\" cannot be read: "
                    + NavigationError.shorten(reason)
            case NavigationError.SnapshotProblem.restorationFailed(
                let position, let scene, let error):
                return "screen \(position), \(scene.quoted), failed. \(error)"
            }
        }
    }
}
