extension ScreenStack {
    /// Where a stack stands in the tree.
    public enum Place: Hashable, Sendable {
        /// The window's root stack.
        case root
        /// The stack of the tab with this name.
        case tab(String)
        /// The stack of a modal, with the modal's style; the stack's ``ScreenStack/id`` names the
        /// modal (a modal has one stack).
        case modal(PresentationStyle)
        /// The stack of a split root's column.
        case column(ScreenSplit.Column)
    }
}

/// One navigation stack of the tree: a list of screens, bottom first.
///
/// Only a split root's supplementary and detail columns may be empty (nothing selected there
/// yet); every other stack holds at least one screen.
///
/// A `ScreenStack` is a read-only view of a ``ScreenTree``'s stack, which shares its storage;
/// index it from 0.
public struct ScreenStack: RandomAccessCollection, Hashable, Sendable {
    /// The stack's identity, stable while screens are pushed and popped.
    public let id: StackID
    /// 0 for the root stack, a tab's stack or a split column's, N for the N-th modal.
    public let level: Int
    /// Where the stack stands: the root, a tab, a split column, or a modal.
    public let place: ScreenStack.Place
    private let screens: [Screen]
    /// The modal whose stack this is, or `nil`: the tree's own count of modals, which a
    /// renderer's plan names (`m1`).
    package let modal: ModalID?

    /// The stack's screens as the tree stores them, bottom first: the same storage, so that two
    /// reads of a stack that did not change compare at once.
    package var screenArray: [Screen] { screens }

    init(
        id: StackID, level: Int, place: ScreenStack.Place, screens: [Screen],
        modal: ModalID? = nil
    ) {
        self.id = id
        self.level = level
        self.place = place
        self.screens = screens
        self.modal = modal
    }

    /// Whether this stack is at the window's root (the root stack or a tab's) rather than a
    /// modal.
    package var isRoot: Bool { level == 0 }

    /// The tab whose stack this is, or `nil`.
    package var tab: String? {
        if case .tab(let name) = place { return name }
        return nil
    }

    /// The split column whose stack this is, or `nil`.
    package var column: ScreenSplit.Column? {
        if case .column(let column) = place { return column }
        return nil
    }

    /// The presentation style of the modal whose stack this is, or `nil`.
    public var style: PresentationStyle? {
        if case .modal(let style) = place { return style }
        return nil
    }

    /// The first index: always 0.
    public var startIndex: Int { 0 }

    /// One past the last index: the number of screens.
    public var endIndex: Int { screens.count }

    /// The screen at `position`, counted from 0 at the bottom of the stack.
    ///
    /// - Parameter position: A position from 0 to `count - 1`.
    public subscript(position: Int) -> Screen {
        screens[position]
    }
}

/// One tab of a tab root: its name, its stack, and whether it is selected.
public struct ScreenTab: Equatable, Sendable {
    /// The tab's name, unique in its container.
    public let name: String
    /// The tab's stack.
    public let stack: ScreenStack
    /// Whether the tab is the selected one.
    package let isSelected: Bool
}
