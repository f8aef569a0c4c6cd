/// The parts of a ``TransitionPlanner/Plan``: the screens it would remove, the scenes it
/// builds and how they change the tree, and where a link's screens go.
extension TransitionPlanner {
    /// The screens a plan would remove, listed only when a guard or a veto must be asked.
    enum Leaving {
        /// These screens, bottom first.
        case screens([Screen])
        /// The screens this removal takes out of the tree.
        case removedBy(TreeEdit)
        /// Every screen of the tree.
        case everything
        /// The screens of the top-most stack.
        case topStack

        /// The screens, bottom first.
        func screens(in tree: ScreenTree) -> [Screen] {
            switch self {
            case .screens(let screens): return screens
            case .removedBy(let edit): return tree.leavingScreens(edit)
            case .everything: return tree.screens
            case .topStack: return tree.topScreens
            }
        }

        /// Whether no screen of `tree` leaves.
        func isEmpty(in tree: ScreenTree) -> Bool {
            switch self {
            case .screens(let screens): return screens.isEmpty
            case .everything: return tree.isEmpty
            // The planner makes a removal only when a screen leaves (a "go home" request already
            // home is no plan at all), and the top-most stack always holds a screen.
            case .removedBy, .topStack: return false
            }
        }
    }

    /// The scenes a plan builds screens for: none, one (a request for one screen, with no list
    /// to allocate), or several in order.
    enum Arrivals {
        case none
        case one(Arrival)
        case many([Arrival])
    }

    /// A scene a plan builds a screen for.
    struct Arrival {
        /// The kind of transition the guards are told of.
        var kind: TransitionEvent.Kind
        var scene: SceneIdentifier
        var parameters: SceneParameters
        var payload: ScenePayload?
    }

    /// How a plan's built screens change the tree.
    enum Shape {
        /// A new root stack of the one screen.
        case root
        /// The one screen pushed onto the top-most stack.
        case push
        /// The one screen presented in a new modal of this style.
        case present(PresentationStyle)
        /// A new modal of the alert's style, holding the alert's screen.
        case alert(AlertContent)
        /// The one screen in place of the visible screen, the last of these, the top-most
        /// stack's screens.
        case replaceVisible([Screen])
        /// A tab container of the screens, one per tab, named so, the one at `selected`
        /// selected.
        case tabs(names: [String], selected: Int)
        /// A new tab of the one screen, named so, at this index of the tab container.
        case addTab(name: String, at: Int)
        /// The screens as the top-most stack.
        case setStack
        /// The one screen pushed onto the stack with this identity (a request's `on:`).
        case pushOnto(StackID)
        /// The screens as the stack with this identity (a request's `on:`).
        case setScreens(StackID)
        /// A split root of these columns, the built screens going, in order, to the columns at
        /// these indices.
        case split(columns: [ScreenSplit.Column], filled: [Int])
        /// The built screens as the stack of the split column at this index, the columns after
        /// it emptied.
        case column(Int)
        /// An edit that builds nothing (removals, tab selections).
        case edit(TreeEdit)
        /// The screens of a link or a snapshot, placed where they go.
        case placed(Placement)

    }

    /// Where a link's or a snapshot's screens go.
    struct Placement {
        var destination: LinkDestination
        /// The tab the screens go to, and the first screen of that tab they go above, if any.
        var tab: (index: Int, kept: Screen?)?
        /// The screens as planned, in the order they are built.
        var screens: [PlannedScreen]
    }

    /// Where a link's screens go.
    enum LinkDestination: Equatable {
        /// The whole tree, or one tab for a stack-only plan over a tab root.
        case tree
        /// The stack of the tab named so, which is selected; the modals are dismissed.
        case tab(String)
        /// Pushed onto the base stack, after the modals are dismissed.
        case pushOnBase
        /// Presented in one modal of this style over the base stack, after the modals are
        /// dismissed.
        case modalOverBase(PresentationStyle)
    }
}
