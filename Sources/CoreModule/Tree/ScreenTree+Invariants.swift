extension ScreenTree {
    // MARK: Invariants

    /// Every rule of the tree that does not hold, as sentences naming the offending values;
    /// empty when the tree is well formed.
    ///
    /// The rules: an empty tree has no tabs and no modals; a tab container has one name per
    /// stack, names unique and non-empty, and its selected index among them; a stack root has
    /// one stack and selected index 0; a split has a style's columns, one stack each, its
    /// selected index on the detail column, and a primary column that holds a screen; every
    /// other stack but a split's supplementary and detail columns holds at least one screen; no
    /// two screens, stacks or modals share an identity; an alert's modal is the last, and
    /// holds one screen with its content.
    package func invariantViolations() -> [String] {
        var violations: [String] = []
        if isSplit {
            if !tabNames.isEmpty { violations.append("A split root has tab names.") }
            if splitColumns != ScreenSplit.Style.doubleColumn.columns
                && splitColumns != ScreenSplit.Style.tripleColumn.columns
            {
                violations.append("A split root has the columns \(splitColumns).")
            }
            if splitColumns.count != base.count {
                violations.append("\(splitColumns.count) columns for \(base.count) stacks.")
            }
            if selectedIndex != base.count - 1 {
                violations.append("A split root has the selected index \(selectedIndex).")
            }
        }
        if base.isEmpty && (!modalRecords.isEmpty || !tabNames.isEmpty || isSplit) {
            violations.append(
                "An empty window holds \(modalRecords.count) modals and \(tabNames.count) tabs.")
        }
        if hasTabs {
            if tabNames.count != base.count {
                violations.append("\(tabNames.count) tab names for \(base.count) tab stacks.")
            }
            if Set(tabNames).count != tabNames.count {
                violations.append("Two tabs share a name: \(tabNames).")
            }
            if tabNames.contains(where: \.isEmpty) {
                violations.append("A tab has an empty name.")
            }
        } else if base.count > 1 && !isSplit {
            violations.append("A stack root holds \(base.count) stacks.")
        }
        if !base.isEmpty && !base.indices.contains(selectedIndex) {
            violations.append(
                "The selected tab index \(selectedIndex) is outside 0..<\(base.count).")
        }
        if !hasTabs && !isSplit && selectedIndex != 0 {
            violations.append("A stack root has the selected index \(selectedIndex).")
        }
        var seenStacks = Set<StackID>()
        for stack in stacks {
            let mayBeEmpty = stack.column == .supplementary || stack.column == .detail
            if stack.isEmpty && !mayBeEmpty { violations.append("Stack \(stack.id) is empty.") }
            if !seenStacks.insert(stack.id).inserted {
                violations.append("Stack \(stack.id) appears twice.")
            }
        }
        if Set(modalRecords.map(\.id)).count != modalRecords.count {
            violations.append("Two modals share an identity.")
        }
        for (index, modal) in modalRecords.enumerated()
        where modal.style.isAlert
            && (index != modalRecords.count - 1 || modal.stack.screens.count != 1
                || modal.stack.screens[0].payload?.value(as: AlertContent.self) == nil)
        {
            violations.append("The alert \(modal.id) is not the last modal, holding one alert.")
        }
        var seen = Set<ScreenID>()
        for screen in screens where !seen.insert(screen.id).inserted {
            violations.append("Screen \(screen.id) appears twice.")
        }
        return violations
    }
}

extension ScreenTree: CustomStringConvertible {
    /// The tree as an indented text rendering, one line per stack.
    ///
    /// ```text
    /// window
    /// └─ stack: A1 #1 › A2 #2 (id=7)
    ///    └─ modal (sheet): B1 #3
    /// ```
    ///
    /// A tab root prints one line per tab, the selected one marked, and its modals below them
    /// (a split root likewise, one line per column):
    ///
    /// ```text
    /// window
    /// └─ tabs
    ///    ├─ tab home: Home #1
    ///    ├─ tab search, selected: Search #2 › Results #3
    ///    └─ modal (full-screen): SignIn #4
    /// ```
    public var description: String {
        guard !base.isEmpty else { return "window (empty)" }
        func line(_ screens: [Screen]) -> String {
            screens.map(\.description).joined(separator: " › ")
        }
        var lines = ["window"]
        var indent = "   "
        if hasTabs {
            lines.append("└─ tabs")
            for (index, name) in tabNames.enumerated() {
                let isLast = index == tabNames.count - 1 && modalRecords.isEmpty
                let mark = index == selectedIndex ? ", selected" : ""
                lines.append(
                    "   \(isLast ? "└─" : "├─") tab \(name)\(mark): \(line(base[index].screens))")
            }
            indent = "   "
        } else if isSplit {
            lines.append("└─ split" + (isCollapsed ? ", collapsed" : ""))
            for (index, column) in splitColumns.enumerated() {
                let isLast = index == splitColumns.count - 1 && modalRecords.isEmpty
                let screens = base[index].screens
                lines.append(
                    "   \(isLast ? "└─" : "├─") \(column): "
                        + (screens.isEmpty ? "(empty)" : line(screens)))
            }
        } else {
            lines.append("└─ stack: \(line(base[0].screens))")
        }
        for modal in modalRecords {
            lines.append("\(indent)└─ modal (\(modal.style)): \(line(modal.stack.screens))")
            indent += "   "
        }
        return lines.joined(separator: "\n")
    }
}
