extension ScreenTree {
    // MARK: Split roots

    /// Whether the window's root is a split.
    package var isSplit: Bool { !splitColumns.isEmpty }

    /// Whether the root is a split whose columns show as one stack, the window being compact.
    package var isCollapsed: Bool { isSplit && sizeClass == .compact }

    /// The window's horizontal size class, as the platform last reported it
    /// (``PlatformReport/sizeClassChanged(_:)``); `regular` until it reports one.
    public var horizontalSizeClass: SizeClass { sizeClass }

    /// The columns of a split root, or `nil` when the root is a stack or a tab container, or
    /// the window is empty.
    public var split: ScreenSplit? {
        guard isSplit else { return nil }
        return ScreenSplit(
            primary: baseStack(at: 0),
            supplementary: splitColumns.count == 3 ? baseStack(at: 1) : nil,
            detail: baseStack(at: base.count - 1), isCollapsed: isCollapsed)
    }

    /// The index in the root level of a split's `column`, if the root is a split that has it.
    func splitIndex(of column: ScreenSplit.Column) -> Int? {
        splitColumns.firstIndex(of: column)
    }

    /// The number of columns of a split root; 0 otherwise.
    var splitColumnCount: Int { splitColumns.count }

    /// The screens of the root level's stack at `index` (a tab's, a column's, the root stack's).
    func baseScreens(at index: Int) -> [Screen] { base[index].screens }
}
