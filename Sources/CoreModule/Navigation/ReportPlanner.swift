/// What the platform did on its own, worked out against the tree.
///
/// The result is the change to follow, or a typed error for a stale or impossible report. Pure,
/// like ``TransitionPlanner``: it runs no app code and changes nothing.
enum ReportPlanner {
    /// The change a platform report asks the tree to follow, `nil` when the tree already shows
    /// it, or the error that makes the report impossible.
    static func change(for report: PlatformReport, in tree: ScreenTree) throws(NavigationError)
        -> (kind: TransitionEvent.Kind, edit: TreeEdit)?
    {
        /// Where the reported screen is, or the error that it is gone.
        func located(_ id: ScreenID) throws(NavigationError) -> ScreenLocation {
            guard let location = tree.location(of: id) else {
                throw .refused(.reportedScreenGone(id))
            }
            return location
        }
        if let id = report.screen { _ = try located(id) }
        guard !tree.isEmpty else {
            // Only a tab report gets here (a reported screen is never in an empty window); the
            // error names the tab the user tapped.
            if case .tabSelectedByUser(let name) = report {
                throw .refused(.unknownTab(name, tabs: []))
            }
            if case .sizeClassChanged = report { throw .refused(.noRoot(.sizeClass)) }
            throw .refused(.unknownTab("", tabs: []))
        }
        let visible = tree.lastLocation()
        let edit: TreeEdit
        switch report {
        case .poppedBackByUser(let id):
            let location = try located(id)
            // Back to the visible screen: nothing to pop, even when it is not in the top-most
            // stack (a split whose detail column is empty shows another column's screen).
            if id == visible.screen { return nil }
            // In the top-most stack: at the visible screen's level, and not in another tab (in
            // a collapsed split, in any column: they show as one stack).
            let top = tree.topScreens
            let index =
                tree.isCollapsed && location.level == 0
                ? top.firstIndex { $0.id == id } ?? -1 : location.index
            guard location.level == visible.level, top.indices.contains(index), top[index].id == id
            else {
                throw .refused(.reportedScreenNotOnTop(id, kind: .popTo, visible: visible.screen))
            }
            // The top's last screen is the visible one, answered above: the index is below it.
            edit = .truncateTop(keeping: index + 1)
        case .dismissedByUser(let id):
            let location = try located(id)
            guard tree.modalCount > 0 else {
                throw .refused(.nothingToDismiss(visible: visible.scene))
            }
            guard location.level > 0, location.level == tree.modalCount else {
                throw .refused(.reportedScreenNotOnTop(id, kind: .dismiss, visible: visible.screen))
            }
            if let style = tree.topModalStyle, !style.userCanDismiss {
                throw .refused(.notDismissibleByUser(id, style: style))
            }
            edit = .dismissModals(from: tree.modalCount - 1)
        case .answeredByUser(let id, let button, let text):
            // An alert is always the top-most modal: nothing is presented over one.
            guard let alert = tree.alert, id == visible.screen else {
                throw .refused(.notAnAlert(id))
            }
            guard alert.buttons.indices.contains(button) else {
                throw .refused(.noSuchAlertButton(id, button: button, count: alert.buttons.count))
            }
            guard text.count == alert.textFields.count else {
                throw .refused(
                    .alertTextMismatch(id, given: text.count, expected: alert.textFields.count))
            }
            edit = .dismissModals(from: tree.modalCount - 1)
        case .tabSelectedByUser(let name):
            guard let index = tree.tabIndex(named: name) else {
                throw .refused(.unknownTab(name, tabs: tree.tabNameList))
            }
            guard tree.modalCount == 0 else {
                throw .refused(.tabBarCovered(tab: name, modal: tree.modalStack(at: 0)[0].scene))
            }
            guard index != tree.selectedTabIndex else { return nil }
            edit = .selectTab(index)
        case .selectedTabReselectedByUser:
            guard let name = tree.selectedTab else {
                throw .refused(.unknownTab("", tabs: []))
            }
            guard tree.modalCount == 0 else {
                throw .refused(.tabBarCovered(tab: name, modal: tree.modalStack(at: 0)[0].scene))
            }
            guard tree.topStackCount > 1 else { return nil }
            edit = .truncateTop(keeping: 1)
        case .sizeClassChanged(let sizeClass):
            guard sizeClass != tree.horizontalSizeClass else { return nil }
            edit = .setSizeClass(sizeClass)
        case .detentChangedByUser(let id, let detent):
            // Only the top-most sheet is in reach of the user's finger.
            let location = try located(id)
            guard location.level > 0, location.level == tree.modalCount else {
                throw .refused(
                    .reportedScreenNotOnTop(id, kind: .updateModal, visible: visible.screen))
            }
            guard
                let change = try TransitionPlanner.modalUpdate(
                    tree, stack: tree.topStackID, lock: nil, detent: detent)
            else { return nil }
            edit = change
        }
        // A pop back by one screen is a pop, like a back swipe reported screen by screen.
        if case .poppedBackByUser = report, case .truncateTop(let keeping) = edit,
            keeping == tree.topStackCount - 1
        {
            return (.pop, edit)
        }
        return (report.kind, edit)
    }
}
