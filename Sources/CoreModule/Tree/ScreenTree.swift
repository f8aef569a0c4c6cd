/// The headless screen tree: what UIKit would hold in a window, as a plain value.
///
/// A window's root is a navigation **stack**, a **tab container** (named tabs, each with a
/// stack of its own, one of them selected) or a **split** of columns (see ``split``). Over the
/// root, modals chain: each modal holds a stack and a ``PresentationStyle`` (an alert or a
/// confirmation dialog is one too). The **top-most** stack is the last modal's, else the
/// selected tab's, the root stack, or a split's detail column; its last screen is the
/// **visible** screen (under a split whose detail column is empty, the last screen of the last
/// column that holds one).
///
/// ```swift
/// #expect(coordinator.tree.scenes == [["A1", "A2"], ["B1"]])
/// #expect(coordinator.tree.visibleScreen?.scene == "B1")
/// print(coordinator.tree)
/// // window
/// // └─ stack: A1 #1 › A2 #2 (id=7)
/// //    └─ modal (sheet): B1 #3
/// ```
///
/// With tabs:
///
/// ```text
/// window
/// └─ tabs
///    ├─ tab home: Home #1 › Product #4 (id=42)
///    ├─ tab search, selected: Search #2
///    └─ modal (full-screen): SignIn #5
/// ```
///
/// `ScreenTree` is `Equatable`, so a test can compare a whole tree in one expression, including
/// every screen's and stack's identity; ``scenes`` compares the structure alone, and two
/// coordinators' ``AppCoordinator/snapshot()`` compare it with tab names, styles and payloads.
/// Reading a tree from a coordinator is O(1): the value shares storage until one side changes,
/// and then only the stack that changed is copied.
public struct ScreenTree: Equatable, Sendable {
    /// One stack's storage: its identity and its screens, bottom first.
    struct StackRecord: Equatable, Sendable {
        let id: StackID
        var screens: [Screen]
    }

    /// One modal's storage; its style changes with its lock and its resting detent.
    struct ModalRecord: Equatable, Sendable {
        let id: ModalID
        var style: PresentationStyle
        var stack: StackRecord
    }

    /// The root level: one stack for a stack root, one per tab for a tab container, one per
    /// column for a split; empty when the window is empty.
    private(set) var base: [StackRecord]
    /// The tabs' names, in order; empty for a stack root.
    private(set) var tabNames: [String]
    /// The index in `base` of the selected tab; 0 for a stack root.
    private(set) var selectedIndex: Int
    /// The modals, in the order they were presented.
    private(set) var modalRecords: [ModalRecord]
    /// The columns of a split root, leading first, one per stack of `base`; empty otherwise.
    ///
    /// A split root's `selectedIndex` is its detail column's.
    private(set) var splitColumns: [ScreenSplit.Column]
    /// The window's horizontal size class, as the platform last reported it; kept whatever the
    /// root.
    private(set) var sizeClass: SizeClass

    /// An empty window: no root, no screens.
    public init() {
        base = []
        tabNames = []
        selectedIndex = 0
        modalRecords = []
        splitColumns = []
        sizeClass = .regular
    }

    /// An empty window: no root, no screens.
    package static let empty = ScreenTree()

    // MARK: Reading

    /// Whether the window has no root yet.
    public var isEmpty: Bool { base.isEmpty }

    /// Whether the window's root is a tab container.
    package var hasTabs: Bool { !tabNames.isEmpty }

    /// The number of screens in every stack together.
    ///
    /// - Complexity: O(*s*) in the number of stacks.
    package var screenCount: Int {
        base.reduce(0) { $0 + $1.screens.count }
            + modalRecords.reduce(0) { $0 + $1.stack.screens.count }
    }

    /// The number of stacks: the root stack or every tab's, plus one per modal.
    package var stackCount: Int { base.count + modalRecords.count }

    /// The number of modals presented, one over the other.
    package var modalCount: Int { modalRecords.count }

    /// Every stack: the root stack or each tab's in order, then each modal's in the order
    /// presented.
    public var stacks: [ScreenStack] {
        base.indices.map(baseStack(at:)) + modalRecords.indices.map(modalStack(at:))
    }

    /// The root stack, or `nil` when the window is empty or its root is a tab container (see
    /// ``tabs``) or a split (see ``split``).
    public var root: ScreenStack? {
        base.isEmpty || hasTabs || isSplit ? nil : baseStack(at: 0)
    }

    /// The tabs of a tab root, in order; empty for a stack root or an empty window.
    public var tabs: [ScreenTab] {
        tabNames.indices.map { index in
            ScreenTab(
                name: tabNames[index], stack: baseStack(at: index),
                isSelected: index == selectedIndex)
        }
    }

    /// The selected tab's name, or `nil` when the root is not a tab container.
    public var selectedTab: String? {
        hasTabs ? tabNames[selectedIndex] : nil
    }

    /// The tab named `name`, if the root is a tab container that has it.
    ///
    /// - Parameter name: The tab's name.
    public func tab(named name: String) -> ScreenTab? {
        guard let index = tabIndex(named: name) else { return nil }
        return ScreenTab(
            name: name, stack: baseStack(at: index), isSelected: index == selectedIndex)
    }

    /// The stack under the modals: the root stack, the selected tab's, or a split's detail
    /// column; `nil` when empty.
    package var baseStack: ScreenStack? {
        base.isEmpty ? nil : baseStack(at: selectedIndex)
    }

    /// The modal stacks, in the order they were presented.
    public var modals: [ScreenStack] {
        modalRecords.indices.map(modalStack(at:))
    }

    /// The top-most stack: the last modal's, else the selected tab's, the root stack, or a
    /// split's detail column (which may be empty; while the split is collapsed, the stack the
    /// user sees is ``ScreenSplit/collapsedScreens``).
    public var topStack: ScreenStack? {
        if !modalRecords.isEmpty { return modalStack(at: modalRecords.count - 1) }
        return baseStack
    }

    /// The screen the user sees: the last screen of the top-most stack.
    public var visibleScreen: Screen? {
        if let last = modalRecords.last { return last.stack.screens.last }
        return base.isEmpty ? nil : base[visibleBaseIndex].screens.last
    }

    /// The index in `base` of the stack whose last screen shows under the modals: the selected
    /// one, or for a split root the last column that holds a screen (the primary always does).
    var visibleBaseIndex: Int {
        guard isSplit else { return selectedIndex }
        // The primary column always holds a screen: the walk stops there at the latest.
        var index = base.count - 1
        while index > 0 && base[index].screens.isEmpty { index -= 1 }
        return index
    }

    /// The screen a modal over the place at `level` is presented from: the last screen under
    /// it (the visible screen of the root for level 0, the last screen of the N-th modal for N).
    ///
    /// - Parameter level: 0 for the root, N for the N-th modal.
    package func presentingScreen(atLevel level: Int) -> ScreenID? {
        let stack =
            level == 0
            ? base.dropFirst(visibleBaseIndex).first
            : modalRecords.dropFirst(level - 1).first?.stack
        return stack?.screens.last?.id
    }

    /// Where the visible screen stands, or `nil` when the window is empty.
    package var visibleLocation: ScreenLocation? {
        base.isEmpty ? nil : lastLocation()
    }

    /// Every screen, stack after stack in the order of ``stacks``, each from bottom to top.
    public var screens: [Screen] {
        // One list, its size known: joining the stacks' lists makes one list per step.
        var all: [Screen] = []
        all.reserveCapacity(screenCount)
        for record in base { all.append(contentsOf: record.screens) }
        for modal in modalRecords { all.append(contentsOf: modal.stack.screens) }
        return all
    }

    /// The scene names of each stack, in the order of ``stacks``: the tree's structure without
    /// identities (see ``AppCoordinator/snapshot()`` for tab names and styles too).
    public var scenes: [[SceneIdentifier]] {
        base.map { $0.screens.map(\.scene) } + modalRecords.map { $0.stack.screens.map(\.scene) }
    }

    /// The screen with identity `id`, if it is in the tree.
    ///
    /// - Parameter id: The screen's identity.
    /// - Returns: The screen, or `nil` when no screen in the tree has that identity.
    /// - Complexity: O(*n*) in the number of screens.
    package func screen(_ id: ScreenID) -> Screen? {
        guard let location = location(of: id) else { return nil }
        return stackRecord(for: location)?.screens[location.index]
    }

    /// Where the screen with identity `id` stands, if it is in the tree.
    ///
    /// - Parameter id: The screen's identity.
    /// - Returns: The location, or `nil` when no screen in the tree has that identity.
    /// - Complexity: O(*n*) in the number of screens.
    public func location(of id: ScreenID) -> ScreenLocation? {
        for (position, modal) in modalRecords.enumerated().reversed() {
            if let index = modal.stack.screens.firstIndex(where: { $0.id == id }) {
                return ScreenLocation(
                    screen: id, scene: modal.stack.screens[index].scene, level: position + 1,
                    index: index)
            }
        }
        for record in base {
            if let index = record.screens.firstIndex(where: { $0.id == id }) {
                return ScreenLocation(
                    screen: id, scene: record.screens[index].scene, level: 0, index: index)
            }
        }
        return nil
    }

    /// The stack that holds the screen with identity `id`, if it is in the tree.
    ///
    /// - Parameter id: The screen's identity.
    /// - Complexity: O(*n*) in the number of screens.
    package func stack(holding id: ScreenID) -> ScreenStack? {
        if let position = modalRecords.lastIndex(where: {
            $0.stack.screens.contains { $0.id == id }
        }) {
            return modalStack(at: position)
        }
        guard let index = base.firstIndex(where: { $0.screens.contains { $0.id == id } })
        else { return nil }
        return baseStack(at: index)
    }

    /// The stack at `level`: 0 for the root stack or the selected tab's, N for the N-th modal.
    ///
    /// - Parameter level: The level, from 0.
    /// - Returns: The stack at that level, or `nil` when the tree has no such level (a negative
    ///   level, one above the last modal, or any level of an empty window).
    public func stack(at level: Int) -> ScreenStack? {
        guard !base.isEmpty, (0...modalRecords.count).contains(level) else { return nil }
        return level == 0 ? baseStack(at: selectedIndex) : modalStack(at: level - 1)
    }

    /// The stack with identity `id`, if it is in the tree.
    ///
    /// - Parameter id: The stack's identity.
    package func stack(_ id: StackID) -> ScreenStack? {
        if let index = base.firstIndex(where: { $0.id == id }) { return baseStack(at: index) }
        guard let position = modalRecords.firstIndex(where: { $0.stack.id == id }) else {
            return nil
        }
        return modalStack(at: position)
    }

    /// The position among the modals of the modal whose stack is `id`, if any.
    func modalPosition(of id: StackID) -> Int? {
        modalRecords.firstIndex { $0.stack.id == id }
    }

    func baseStack(at index: Int) -> ScreenStack {
        let place: ScreenStack.Place =
            hasTabs ? .tab(tabNames[index]) : isSplit ? .column(splitColumns[index]) : .root
        return ScreenStack(id: base[index].id, level: 0, place: place, screens: base[index].screens)
    }

    func modalStack(at position: Int) -> ScreenStack {
        let modal = modalRecords[position]
        return ScreenStack(
            id: modal.stack.id, level: position + 1, place: .modal(modal.style),
            screens: modal.stack.screens, modal: modal.id)
    }

    private func stackRecord(for location: ScreenLocation) -> StackRecord? {
        if location.level > 0 { return modalRecords[location.level - 1].stack }
        return base.first {
            location.index < $0.screens.count && $0.screens[location.index].id == location.screen
        }
    }

    // MARK: What the coordinator reads on every transition

    /// The number of screens in the top-most stack; 0 when the window is empty (or a split's
    /// detail column is, with nothing presented).
    var topStackCount: Int {
        if let last = modalRecords.last { return last.stack.screens.count }
        if isCollapsed { return base.reduce(0) { $0 + $1.screens.count } }
        return base.isEmpty ? 0 : base[selectedIndex].screens.count
    }

    /// The screens of the top-most stack: the last modal's, else the selected tab's, the root
    /// stack's, a split's detail column's, or a collapsed split's columns as one stack; empty
    /// when the window is empty.
    var topScreens: [Screen] {
        if let last = modalRecords.last { return last.stack.screens }
        if isCollapsed { return base.flatMap(\.screens) }
        return base.isEmpty ? [] : base[selectedIndex].screens
    }

    /// The identity of the top-most stack; the window must not be empty.
    var topStackID: StackID {
        modalRecords.last?.stack.id ?? base[selectedIndex].id
    }

    /// The style of the top-most modal, or `nil` when nothing is presented.
    var topModalStyle: PresentationStyle? { modalRecords.last?.style }

    /// The alert or confirmation dialog presented, if any.
    ///
    /// It is always the top-most modal, since nothing is presented over one; its screen is the
    /// ``visibleScreen``.
    ///
    /// ```swift
    /// #expect(coordinator.tree.alert?.title == "Discard this draft?")
    /// ```
    public var alert: AlertContent? {
        guard let last = modalRecords.last, last.style.isAlert else { return nil }
        return last.stack.screens[0].payload?.value(as: AlertContent.self)
    }

    /// The tree without its alert: what a link or a snapshot shows.
    var withoutAlert: ScreenTree {
        guard topModalStyle?.isAlert == true else { return self }
        var tree = self
        tree.dismissModals(from: modalRecords.count - 1)
        return tree
    }

    /// The index of the tab named `name`, if the root is a tab container that has it.
    ///
    /// A name longer than any tab's is not compared (comparing strings may normalize them).
    func tabIndex(named name: String) -> Int? {
        guard name.utf8.count <= TabItem.maximumNameByteCount else { return nil }
        return tabNames.firstIndex(of: name)
    }

    /// The tabs' names, in order; empty for a stack root.
    var tabNameList: [String] { tabNames }

    /// The index of the selected tab; 0 for a stack root.
    var selectedTabIndex: Int { selectedIndex }

    /// The screens of the modals from `position` on, bottom first.
    func modalScreens(from position: Int) -> [Screen] {
        modalRecords[position...].flatMap(\.stack.screens)
    }

    /// The location of the last screen; the window must not be empty.
    func lastLocation() -> ScreenLocation {
        let screens = modalRecords.last?.stack.screens ?? base[visibleBaseIndex].screens
        let index = screens.count - 1
        return ScreenLocation(
            screen: screens[index].id, scene: screens[index].scene, level: modalRecords.count,
            index: index)
    }

    // MARK: Changing (the coordinator checks each precondition and throws before calling these)

    /// Replaces everything with a root stack `id` holding `screens`.
    mutating func setRoot(_ screens: [Screen], stack id: StackID) {
        base = [StackRecord(id: id, screens: screens)]
        tabNames = []
        selectedIndex = 0
        modalRecords = []
        splitColumns = []
    }

    /// Replaces everything with a tab container of `tabs` (name, stack identity, screens),
    /// `selected` being the index of the selected tab.
    mutating func setTabs(
        _ tabs: [(name: String, stack: StackID, screens: [Screen])], selected: Int
    ) {
        base = tabs.map { StackRecord(id: $0.stack, screens: $0.screens) }
        tabNames = tabs.map(\.name)
        selectedIndex = selected
        modalRecords = []
        splitColumns = []
    }

    /// Replaces everything with a split root of `columns` (column, stack identity, screens),
    /// leading first.
    ///
    /// Precondition: the columns are a style's (``ScreenSplit/Style/columns``), the primary's screens
    /// are not empty.
    mutating func setSplit(
        _ columns: [(column: ScreenSplit.Column, stack: StackID, screens: [Screen])]
    ) {
        base = columns.map { StackRecord(id: $0.stack, screens: $0.screens) }
        tabNames = []
        splitColumns = columns.map(\.column)
        selectedIndex = base.count - 1
        modalRecords = []
    }

    /// Sets the split column at `index` to `screens` and empties the columns after it (what a
    /// selection in the column before it does).
    ///
    /// Precondition: the root is a split with that column; for the primary, `screens` is not
    /// empty.
    mutating func setColumn(at index: Int, _ screens: [Screen]) {
        base[index].screens = screens
        for later in (index + 1)..<base.count { base[later].screens = [] }
    }

    /// Records the window's size class: a split root collapses in a compact one.
    mutating func setSizeClass(_ sizeClass: SizeClass) {
        self.sizeClass = sizeClass
    }

    /// Replaces the screens of a collapsed split's columns, read as one stack: each column but
    /// the detail keeps as many as it had, while there are enough, and the detail takes the
    /// rest.
    private mutating func setCollapsed(_ screens: [Screen]) {
        var rest = ArraySlice(screens)
        for index in base.indices {
            let count =
                index == base.count - 1 ? rest.count : min(base[index].screens.count, rest.count)
            base[index].screens = Array(rest.prefix(count))
            rest = rest.dropFirst(count)
        }
    }

    /// Pushes `screen` onto the top-most stack.
    ///
    /// Precondition: the window is not empty.
    mutating func push(_ screen: Screen) {
        if modalRecords.isEmpty {
            base[selectedIndex].screens.append(screen)
        } else {
            modalRecords[modalRecords.count - 1].stack.screens.append(screen)
        }
    }

    /// Keeps the first `count` screens of the top-most stack and drops the rest.
    ///
    /// Precondition: 0 < `count` ≤ the stack's count.
    mutating func truncateTop(keeping count: Int) {
        if modalRecords.isEmpty && isCollapsed {
            setCollapsed(Array(topScreens.prefix(count)))
        } else if modalRecords.isEmpty {
            Self.truncate(&base[selectedIndex].screens, keeping: count)
        } else {
            Self.truncate(&modalRecords[modalRecords.count - 1].stack.screens, keeping: count)
        }
    }

    static func truncate(_ screens: inout [Screen], keeping count: Int) {
        let removed = screens.count - count
        if removed == 1 {
            screens.removeLast()
        } else if removed > 0 {
            screens.removeLast(removed)
        }
    }

    /// Replaces the screens of the top-most stack, keeping its identity.
    ///
    /// Precondition: the window is not empty and `screens` is not.
    mutating func setTop(_ screens: [Screen]) {
        if modalRecords.isEmpty && isCollapsed {
            setCollapsed(screens)
        } else if modalRecords.isEmpty {
            base[selectedIndex].screens = screens
        } else {
            modalRecords[modalRecords.count - 1].stack.screens = screens
        }
    }

    /// Presents a modal `modal` of `style` whose stack `stack` holds `screens`.
    ///
    /// Precondition: the window is not empty.
    mutating func present(
        _ screens: [Screen], modal: ModalID, stack: StackID, style: PresentationStyle
    ) {
        modalRecords.append(
            ModalRecord(id: modal, style: style, stack: StackRecord(id: stack, screens: screens)))
    }

    /// Dismisses the modals from `position` on (0 dismisses them all).
    mutating func dismissModals(from position: Int) {
        let count = modalRecords.count - position
        if count == 1 {
            modalRecords.removeLast()
        } else if count > 0 {
            modalRecords.removeLast(count)
        }
    }

    /// Selects the tab at `index`.
    ///
    /// Precondition: the root is a tab container with that index.
    mutating func selectTab(at index: Int) {
        selectedIndex = index
    }

    /// Inserts a tab `name` whose stack `id` holds `screens` at `index`; the selected tab stays
    /// selected.
    ///
    /// Precondition: the root is a tab container, `index` is in `0...tabs.count`, and `name`
    /// is valid and unique.
    mutating func insertTab(
        _ name: String, stack id: StackID, screens: [Screen], at index: Int
    ) {
        base.insert(StackRecord(id: id, screens: screens), at: index)
        tabNames.insert(name, at: index)
        if index <= selectedIndex { selectedIndex += 1 }
    }

    /// Removes the tab at `index` and its stack; when it was selected, the tab after it is
    /// selected, or the one before it when it was the last.
    ///
    /// Precondition: the root is a tab container of at least two tabs, with that index.
    mutating func removeTab(at index: Int) {
        base.remove(at: index)
        tabNames.remove(at: index)
        if index < selectedIndex || selectedIndex == base.count { selectedIndex -= 1 }
    }

    /// Changes the screens of the stack `id`, wherever it is.
    ///
    /// Precondition: the tree has that stack.
    mutating func changeStack(_ id: StackID, _ change: (inout [Screen]) -> Void) {
        if let index = base.firstIndex(where: { $0.id == id }) {
            change(&base[index].screens)
        } else if let position = modalPosition(of: id) {
            change(&modalRecords[position].stack.screens)
        }
    }

    /// Gives the modal at `position` a new style (its lock, its resting detent).
    ///
    /// Precondition: the tree has that modal.
    mutating func restyleModal(at position: Int, _ style: PresentationStyle) {
        modalRecords[position].style = style
    }

    /// Replaces the stack of the tab at `index` with a new stack `id` holding `screens`.
    mutating func setTabStack(at index: Int, _ screens: [Screen], stack id: StackID) {
        base[index] = StackRecord(id: id, screens: screens)
    }
}
