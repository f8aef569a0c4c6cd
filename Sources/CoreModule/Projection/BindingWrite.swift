/// A value SwiftUI wrote into one of a ``NavigationProjection``'s bindings.
///
/// SwiftUI changes the screen first when the user navigates on their own, then writes the new
/// state into the binding it was given: a back swipe or the Back button shortens a
/// `NavigationStack`'s path by one screen, the Back button's menu to any screen below, a sheet
/// dragged down (or a tap outside a popover) sets its item to `nil`, a tab tapped sets the
/// `TabView`'s selection. It also writes back values it was just given (an echo).
/// ``NavigationProjection/reports(for:)`` says what each write means for the coordinator.
public enum BindingWrite: Hashable, Sendable, CustomStringConvertible {
    /// `NavigationStack(path:)` set the path of the stack `stack` to `path`.
    case path([ScreenID], of: StackID)
    /// The presentation modifier of `kind` over the place at `level` (0 for the root, N for the
    /// N-th modal) set its item to `item`.
    case modal(NavigationProjection.Modal?, over: Int, as: PresentationKind)
    /// `TabView(selection:)` set its selection to the tab named `tab`.
    case selectedTab(String)

    /// The write as `path [#2] of s1`, `sheet over 0 = nil` or `selected tab "more"`.
    public var description: String {
        switch self {
        case .path(let path, let stack):
            return "path [\(path.map(\.description).joined(separator: ", "))] of \(stack)"
        case .modal(let modal, let level, let kind):
            return "\(kind.rawValue) over \(level) = \(modal.map { "\($0.id)" } ?? "nil")"
        case .selectedTab(let name):
            return "selected tab \"\(NavigationError.shorten(name))\""
        }
    }
}

extension NavigationProjection {
    /// Whether the projection already shows what `write` sets: SwiftUI echoing a binding's value.
    ///
    /// A path equals the stack's path, an item the modal presented over that level for that
    /// modifier (`nil` when there is none: the modal already left), a selection the selected tab
    /// (`""` when the root has no tabs). A path of a stack no longer in the tree is never shown.
    ///
    /// - Parameter write: What SwiftUI wrote.
    public func shows(_ write: BindingWrite) -> Bool {
        switch write {
        case .path(let path, let id):
            return stack(id)?.path == path
        case .modal(let modal, let level, let kind):
            return self.modal(over: level, as: kind) == modal
        case .selectedTab(let name):
            return (selectedTab ?? "") == name
        }
    }

    /// The reports that make the coordinator follow what SwiftUI wrote, in the order to send
    /// them; empty when the write asks for nothing the user can do.
    ///
    /// | SwiftUI wrote | it means | the reports |
    /// |---|---|---|
    /// | a stack's path, shortened to a prefix of it | a back swipe, the Back button, or the Back button's menu | one ``PlatformReport/poppedBackByUser(to:)``, to the screen now on top |
    /// | `nil` for the modal presented over a level | a sheet dragged down, a tap outside a popover | ``PlatformReport/dismissedByUser(_:)`` of that modal |
    /// | another tab's name | a tab tapped | ``PlatformReport/tabSelectedByUser(_:)`` |
    ///
    /// Everything else gives no report, and the coordinator's tree stays as it is:
    ///
    /// - a write the projection already shows (``shows(_:)``): SwiftUI echoes bindings, and a
    ///   re-tap of the selected tab writes the same selection (where SwiftUI pops the tab's
    ///   stack on a re-tap, that arrives as a shortened path);
    /// - a write about a stack, a modal or a tab that is no longer in the tree: it comes late;
    /// - what no gesture does: a longer or reordered path (`NavigationLink(value:)` pushes
    ///   belong to the coordinator: navigate by scene name), an item that is not `nil`, a
    ///   selection when the root has no tabs.
    ///
    /// The coordinator judges the reports: it refuses, with a typed error that observers see as a
    /// failure, what the user could not have done from its tree, such as the dismissal of a
    /// full-screen cover (which `@Environment(\.dismiss)` can ask for), a tab while a modal
    /// covers the tab bar, or a pop in a stack under a modal. ``ObservableNavigation`` then shows
    /// the tree again.
    ///
    /// ```swift
    /// let projection = NavigationProjection(coordinator.tree)  // A1 #1 › A2 #2 › A2 #3
    /// let stack = projection.stacks[0].id
    /// projection.reports(for: .path([ScreenID(2)], of: stack))  // [.poppedBackByUser(to: #2)]
    /// projection.reports(for: .path([], of: stack))  // [.poppedBackByUser(to: #1)]
    /// projection.reports(for: .path([ScreenID(2), ScreenID(3)], of: stack))  // []: an echo
    /// ```
    ///
    /// - Parameter write: What SwiftUI wrote.
    /// - Returns: The reports to send to ``AppCoordinator/report(_:)``, in order.
    public func reports(for write: BindingWrite) -> [PlatformReport] {
        guard !shows(write) else { return [] }
        switch write {
        case .path(let path, let id):
            guard let stack = stack(id), path.count < stack.path.count,
                stack.path.starts(with: path)
            else { return [] }
            // One report however many screens left: the path's new last, or the stack's root.
            return [.poppedBackByUser(to: path.last ?? stack.root)]
        case .modal(let modal, let level, let kind):
            guard modal == nil, let shown = self.modal(over: level, as: kind),
                let stack = stack(shown.stack)
            else { return [] }
            return [.dismissedByUser(stack.root)]
        case .selectedTab(let name):
            guard tabs.contains(where: { $0.name == name }) else { return [] }
            return [.tabSelectedByUser(name)]
        }
    }
}
