/// A value SwiftUI wrote into one of a ``NavigationProjection``'s bindings.
///
/// SwiftUI changes the screen first when the user navigates on their own, then writes the new
/// state into the binding it was given: a back swipe or the Back button shortens a
/// `NavigationStack`'s path by one screen, the Back button's menu to any screen below, a sheet
/// dragged down (or a tap outside a popover) sets its item to `nil`, a tab tapped sets the
/// `TabView`'s selection. A `NavigationSplitView` adds its own: a row tapped in a column's list
/// sets that list's selection, and in a compact window Back from a column's first screen clears
/// it and moves its `preferredCompactColumn` back; the window's width comes from the
/// `horizontalSizeClass` environment value, which the app writes. An alert or a confirmation
/// dialog runs the action of the button tapped (``answer(_:button:text:)``), then sets its
/// `isPresented` to `false`; a dialog dismissed with a tap outside only sets it to `false`. SwiftUI
/// also writes back values it was just given (an echo). ``NavigationProjection/reports(for:)`` and
/// ``NavigationProjection/request(for:)`` say what each write means for the coordinator.
package enum BindingWrite: Hashable, Sendable, CustomStringConvertible {
    /// `NavigationStack(path:)` set the path of the stack `stack` to `path`.
    case path([ScreenID], of: StackID)
    /// The presentation modifier of `kind` over the place at `level` (0 for the root, N for the
    /// N-th modal) set its item to `item`; for `.alert` and `.confirmationDialog`, `nil` is
    /// their `isPresented` set to `false`.
    case modal(NavigationProjection.Modal?, over: Int, as: PresentationStyle.Kind)
    /// The user tapped button `button` (counted from 0, in ``AlertContent/buttons``' order) of
    /// the alert or confirmation dialog of the modal `alert`, with `text` in its text fields, in
    /// order: what the button's action writes. SwiftUI then sets `isPresented` to `false`, a
    /// ``modal(_:over:as:)`` of `nil` that comes once the alert has left, and so is an echo.
    case answer(ModalID, button: Int, text: [String] = [])
    /// `TabView(selection:)` set its selection to the tab named `tab`.
    case selectedTab(String)
    /// The `List(selection:)` that fills the split column `column` (the sidebar's list for the
    /// supplementary column of three columns, else the list before the detail) set its
    /// selection to `destination`: a row tapped, or `nil` when Back left the column.
    case selection(Destination?, column: ScreenSplit.Column)
    /// `NavigationSplitView(preferredCompactColumn:)` set the column on top of the collapsed
    /// stack to `column`.
    case compactColumn(ScreenSplit.Column)
    /// The window's `horizontalSizeClass` environment value changed to `sizeClass` (the app
    /// writes it from `.onChange(of:)`: SwiftUI gives no binding for it).
    case sizeClass(SizeClass)
    /// `presentationDetents(_:selection:)` of the sheet of the modal `modal` set its selection
    /// to `detent`: the user dragged the sheet there.
    case detent(PresentationStyle.Detent, of: ModalID)

    /// The write as `path [#2] of s1`, `sheet over 0 = nil`, `answer m2 button 0`,
    /// `selected tab "more"`, `detail selection = "Message"`, `compact column = primary` or
    /// `size class = compact`.
    package var description: String {
        switch self {
        case .path(let path, let stack):
            return "path [\(path.map(\.description).joined(separator: ", "))] of \(stack)"
        case .modal(let modal, let level, let kind):
            return "\(kind.rawValue) over \(level) = \(modal.map { "\($0.id)" } ?? "nil")"
        case .answer(let alert, let button, let text):
            let texts = text.isEmpty ? "" : " with \(text.count) text(s)"
            return "answer \(alert) button \(button)\(texts)"
        case .selectedTab(let name):
            return "selected tab \"\(NavigationError.shorten(name))\""
        case .selection(let destination, let column):
            return "\(column) selection = \(destination.map(\.description) ?? "nil")"
        case .compactColumn(let column):
            return "compact column = \(column)"
        case .sizeClass(let sizeClass):
            return "size class = \(sizeClass)"
        case .detent(let detent, let modal):
            return "detent of \(modal) = \(detent.word)"
        }
    }
}

extension NavigationProjection {
    /// Whether the projection already shows what `write` sets: SwiftUI echoing a binding's value.
    ///
    /// A path equals the stack's path (`[]` for an empty split column), an item the modal
    /// presented over that level for that modifier (`nil` when there is none: the modal already
    /// left), a selection the selected tab (`""` when the root has no tabs). An answer is shown
    /// once its alert is no longer in the tree: it was answered, or it left otherwise. For a split: a
    /// list's selection equals its column's ``Column/selection`` (`nil` for an empty column, or
    /// when the root is not a split), a compact column the split's ``Split/compactColumn``
    /// (`primary` when the root is not a split), a size class ``horizontalSizeClass``. A path of
    /// a stack no longer in the tree is never shown.
    ///
    /// - Parameter write: What SwiftUI wrote.
    package func shows(_ write: BindingWrite) -> Bool {
        switch write {
        case .path(let path, let id):
            if let stack = stack(id) { return stack.path == path }
            // An empty split column has no `Stack`, and an empty path.
            return path.isEmpty && split?.columns.contains { $0.id == id } == true
        case .modal(let modal, let level, let kind):
            return self.modal(over: level, as: kind) == modal
        case .answer(let alert, _, _):
            return !modals.contains { $0.id == alert }
        case .selectedTab(let name):
            return (selectedTab ?? "") == name
        case .selection(let destination, let column):
            return split?.column(column)?.selection == destination
        case .compactColumn(let column):
            return (split?.compactColumn ?? .primary) == column
        case .sizeClass(let sizeClass):
            return horizontalSizeClass == sizeClass
        case .detent(let detent, let id):
            // A modal gone, or no sheet, shows nothing to change.
            return modals.first { $0.id == id }.map { $0.style.restingDetent ?? detent } == detent
        }
    }

    /// The reports that make the coordinator follow what SwiftUI wrote, in the order to send
    /// them; empty when the write asks for nothing the user can do.
    ///
    /// | SwiftUI wrote | it means | the reports |
    /// |---|---|---|
    /// | a stack's path, shortened to a prefix of it | a back swipe, the Back button, or the Back button's menu | one ``PlatformReport/poppedBackByUser(to:)``, to the screen now on top |
    /// | `nil` for the modal presented over a level | a sheet dragged down, a tap outside a popover or a confirmation dialog | ``PlatformReport/dismissedByUser(_:)`` of that modal |
    /// | an answer to the alert or dialog presented | a button tapped | ``PlatformReport/answeredByUser(_:button:text:)`` of its screen |
    /// | another tab's name | a tab tapped | ``PlatformReport/tabSelectedByUser(_:)`` |
    /// | `nil` for a split column's selection, the split collapsed | Back from the column's first screen | one ``PlatformReport/poppedBackByUser(to:)``, to the last screen of the column before it that holds one |
    /// | an earlier compact column, the split collapsed | Back to that column | one ``PlatformReport/poppedBackByUser(to:)``, to that column's last screen (or the last one before it, if it is empty) |
    /// | another size class | the window's width changed | ``PlatformReport/sizeClassChanged(_:)`` |
    /// | another detent for the top-most sheet | the user dragged the sheet there | ``PlatformReport/detentChangedByUser(_:to:)`` of its screen on top |
    ///
    /// A new selection in a split column's list is no report but a request, since it builds a
    /// screen: see ``request(for:)``.
    ///
    /// Everything else gives no report, and the coordinator's tree stays as it is:
    ///
    /// - a write the projection already shows (``shows(_:)``): SwiftUI echoes bindings, and a
    ///   re-tap of the selected tab writes the same selection (where SwiftUI pops the tab's
    ///   stack on a re-tap, that arrives as a shortened path);
    /// - a write about a stack, a modal or a tab that is no longer in the tree: it comes late
    ///   (such as the `isPresented = false` SwiftUI writes after an alert's button, whose answer
    ///   already took the alert away, or an answer to an alert that already left);
    /// - what no gesture does: a longer or reordered path (`NavigationLink(value:)` pushes
    ///   belong to the coordinator: navigate by scene name), an item that is not `nil`, an
    ///   answer to a modal that is no alert, a selection when the root has no tabs, a split's
    ///   selection cleared or an earlier compact column while the window is regular (the columns
    ///   show side by side: nothing was left; the detail keeps its screens until another
    ///   selection), a later compact column (a selection, which writes its own binding, moves
    ///   forward).
    ///
    /// The coordinator judges the reports: it refuses, with a typed error that observers see as a
    /// failure, what the user could not have done from its tree, such as the dismissal of a
    /// full-screen cover (which `@Environment(\.dismiss)` can ask for) or of an alert (only a
    /// button answers one), an answer with a button or a number of texts the alert does not
    /// have, a tab while a modal covers the tab bar, or a pop in a stack under a modal.
    /// ``ObservableNavigation`` then shows the tree again.
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
    package func reports(for write: BindingWrite) -> [PlatformReport] {
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
        case .answer(let alert, let button, let text):
            guard let shown = modals.first(where: { $0.id == alert }), shown.alert != nil,
                let stack = stack(shown.stack)
            else { return [] }
            return [.answeredByUser(stack.root, button: button, text: text)]
        case .selectedTab(let name):
            guard tabs.contains(where: { $0.name == name }) else { return [] }
            return [.tabSelectedByUser(name)]
        case .selection(let destination, let column):
            // Only Back in the collapsed stack clears a selection the user can see go.
            guard destination == nil, let split, split.isCollapsed,
                let target = split.lastScreen(before: column)
            else { return [] }
            return [.poppedBackByUser(to: target)]
        case .compactColumn(let column):
            guard let split, split.isCollapsed, split.column(column) != nil,
                column.position < split.compactColumn.position,
                let target = split.lastScreen(
                    before: ScreenSplit.Column.allCases[column.position + 1])
            else { return [] }
            return [.poppedBackByUser(to: target)]
        case .sizeClass(let sizeClass):
            return [.sizeClassChanged(sizeClass)]
        case .detent(let detent, let id):
            guard let shown = modals.first(where: { $0.id == id }),
                shown.style.restingDetent != nil,
                let stack = stack(shown.stack)
            else { return [] }
            return [.detentChangedByUser(stack.screens[stack.screens.count - 1], to: detent)]
        }
    }

    /// The request that makes the coordinator follow a selection SwiftUI wrote into a split
    /// column's list, or `nil` for every other write.
    ///
    /// | SwiftUI wrote | it means | the request |
    /// |---|---|---|
    /// | a new selection for the detail column | a row tapped in the list before it | ``ApplicationTransitionType/showDetail(_:animated:)`` of that destination |
    /// | a new selection for the supplementary column | a row tapped in the sidebar of three columns | ``ApplicationTransitionType/showSupplementary(_:animated:)`` of that destination |
    ///
    /// A selection is the user's own change, and yet a request, not a report: a report tells
    /// the coordinator what the platform already did (the screens left, and no guard can keep
    /// them), while a selection only highlights a row. The screen it asks for does not exist
    /// until the coordinator builds it, and the detail's screens leave only if their guards and
    /// vetoes allow it (unsaved changes keep them). The coordinator may refuse it, as any
    /// request; ``ObservableNavigation`` then makes SwiftUI read the selection again, so that
    /// the row selected before stays selected.
    ///
    /// A selection the projection already shows is an echo (no request), and so is a re-tap
    /// of the selected row; `nil` is Back (see ``reports(for:)``); a selection for a column the
    /// split does not have, or when the root is not a split, asks for nothing.
    ///
    /// - Parameter write: What SwiftUI wrote.
    /// - Returns: The request to send to ``AppCoordinator/navigate(_:)``, or `nil`.
    package func request(for write: BindingWrite) -> ApplicationTransitionType? {
        guard case .selection(let destination?, let column) = write, !shows(write),
            split?.column(column) != nil
        else { return nil }
        switch column {
        case .primary: return nil
        case .supplementary: return .showSupplementary(destination)
        case .detail: return .showDetail(destination)
        }
    }
}
