/// A screen tree as SwiftUI's navigation state: the path of each `NavigationStack`, the item of
/// each `.sheet(item:)`, `.fullScreenCover(item:)` and `.popover(item:)`, the selection of the
/// `TabView`.
///
/// SwiftUI shows navigation from state. A `NavigationStack(path:)` shows a root view and, above
/// it, one view per element of its path; a presentation modifier shows a modal while its item is
/// not `nil`; a `TabView(selection:)` shows the tab whose tag equals the selection. The
/// projection is that state for a ``ScreenTree``:
///
/// - each stack (the root stack or each tab's, then each modal's) is a ``Stack``: its first
///   screen is the `NavigationStack`'s root view, and ``Stack/path`` holds the screens above it;
/// - each modal is a ``Modal``, the item of the presentation modifier that matches its
///   ``PresentationStyle/Kind``, attached to the place it is presented over (level 0 is the root or
///   the tab container, level N the N-th modal);
/// - ``selectedTab`` is the `TabView`'s selection, tagged with the tabs' names;
/// - ``split`` is a `NavigationSplitView`'s state: each column's stack (a ``Column``), the
///   selection of each list (the first screen of the column it fills), whether the window is
///   compact, and the values of its `columnVisibility` and `preferredCompactColumn` bindings.
///
/// ```swift
/// try coordinator.navigate(
///     .tabs([TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "home"))
/// try coordinator.navigate(.push(scene: "A2"))
/// try coordinator.navigate(.present(scene: "B1", style: .fullScreenCover))
///
/// let projection = NavigationProjection(coordinator.tree)
/// projection.selectedTab                                   // "home"
/// projection.tabs[0].stack.path                            // [#3]: A2 above the root view A1
/// projection.modal(over: 0, as: .fullScreenCover)?.level   // 1
/// projection.modal(over: 0, as: .sheet)                    // nil: no sheet over the tabs
/// ```
///
/// SwiftUI writes back into the bindings it is given when the user navigates on their own.
/// ``reports(for:)`` turns such a ``BindingWrite`` into the ``PlatformReport``s the coordinator
/// follows, and ``shows(_:)`` tells a write SwiftUI echoes from one that changes something.
/// ``ObservableNavigation`` keeps a projection up to date for SwiftUI and does both for its
/// bindings.
///
/// An alert or a confirmation dialog (``ApplicationTransitionType/alert(_:animated:)``) is a
/// modal too, shown by `.alert(_:isPresented:presenting:actions:message:)` or
/// `.confirmationDialog(_:isPresented:titleVisibility:presenting:actions:message:)` attached to
/// the place it is presented over, like a sheet: ``modal(over:as:)`` with
/// ``PresentationStyle/Kind/alert`` or ``PresentationStyle/Kind/confirmationDialog`` finds it, and its
/// ``Modal/alert`` holds what the modifier shows. A button tapped is a
/// ``BindingWrite/answer(_:button:text:)``.
///
/// The projection holds identities, styles and alerts' contents only, so it is `Hashable` and
/// cheap to compare; read a screen's scene and content from the tree with
/// ``ScreenTree/screen(_:)``.
package struct NavigationProjection: Hashable, Sendable {
    /// One navigation stack, as a `NavigationStack(path:)` shows it: a root view and a path.
    package struct Stack: Identifiable, Hashable, Sendable {
        /// The stack's identity, stable while screens are pushed and popped: give it to the
        /// `NavigationStack`'s view as its identity.
        package let id: StackID
        /// The stack's first screen: the `NavigationStack`'s root view.
        package let root: ScreenID
        /// The screens above the first, bottom first: the `NavigationStack`'s path.
        package let path: [ScreenID]

        /// Creates a stack from its first screen and the screens above it.
        ///
        /// - Parameters:
        ///   - id: The stack's identity.
        ///   - root: Its first screen.
        ///   - path: The screens above the first, bottom first.
        package init(id: StackID, root: ScreenID, path: [ScreenID]) {
            self.id = id
            self.root = root
            self.path = path
        }

        /// Every screen of the stack, bottom first: the root, then the path.
        package var screens: [ScreenID] { [root] + path }
    }

    /// One tab of a tab root, as a `TabView` shows it: a view tagged with its name.
    package struct Tab: Identifiable, Hashable, Sendable {
        /// The tab's name: the tag of its view and the value of the selection that shows it.
        package let name: String
        /// The tab's stack.
        package let stack: Stack

        /// Creates a tab.
        ///
        /// - Parameters:
        ///   - name: The tab's name.
        ///   - stack: The tab's stack.
        package init(name: String, stack: Stack) {
            self.name = name
            self.stack = stack
        }

        /// The tab's name, which identifies it in its container.
        package var id: String { name }
    }

    /// One presented modal: the item of the presentation modifier its style asks for.
    ///
    /// A modal is identified by its ``ModalID``: SwiftUI replaces a presented modal by another
    /// when the item's identity changes, and only then.
    package struct Modal: Identifiable, Hashable, Sendable {
        /// The modal's identity.
        package let id: ModalID
        /// The identity of the modal's stack, which ``NavigationProjection/stack(_:)`` finds.
        package let stack: StackID
        /// The modal's level, from 1 for the first modal: it is presented over the place at
        /// `level - 1`, and the next modal over it.
        package let level: Int
        /// How the modal is presented: its heights and whether the user may dismiss it.
        package let style: PresentationStyle
        /// The alert or confirmation dialog the modal shows, for a modal of style
        /// ``PresentationStyle/alert`` or ``PresentationStyle/confirmationDialog``; `nil` for a
        /// sheet, a full-screen cover or a popover.
        ///
        /// It is what `.alert(_:isPresented:presenting:actions:message:)` and
        /// `.confirmationDialog(_:isPresented:titleVisibility:presenting:actions:message:)` show:
        /// the title, the message, one `Button` per ``AlertContent/buttons`` with its role, and a
        /// `TextField` (or `SecureField`) per ``AlertContent/textFields``.
        package let alert: AlertContent?

        /// Creates a modal.
        ///
        /// - Parameters:
        ///   - id: The modal's identity.
        ///   - stack: The identity of its stack.
        ///   - level: Its level, from 1.
        ///   - style: Its presentation style.
        ///   - alert: The alert it shows, for an alert's style.
        package init(
            id: ModalID, stack: StackID, level: Int, style: PresentationStyle,
            alert: AlertContent? = nil
        ) {
            self.id = id
            self.stack = stack
            self.level = level
            self.style = style
            self.alert = alert
        }

        /// The presentation modifier that shows the modal.
        package var kind: PresentationStyle.Kind { PresentationStyle.Kind(style) }
    }

    /// The root stack, or `nil` when the root is a tab container or a split, or the window is
    /// empty.
    package let root: Stack?
    /// The tabs of a tab root, in order; empty for a stack root, a split or an empty window.
    package let tabs: [Tab]
    /// The selected tab's name, or `nil` when the root is not a tab container.
    package let selectedTab: String?
    /// The columns of a split root, for a `NavigationSplitView`; `nil` when the root is a stack
    /// or a tab container, or the window is empty.
    package let split: Split?
    /// The modals, in the order they were presented: `modals[n]` is presented over level `n`.
    package let modals: [Modal]
    /// Every stack that holds a screen: the root stack, each tab's or each split column's (an
    /// empty column has none), then each modal's, in the tree's order.
    package let stacks: [Stack]
    /// The window's horizontal size class, as the platform last reported it
    /// (``ScreenTree/horizontalSizeClass``): a split root is collapsed while it is compact.
    package let horizontalSizeClass: SizeClass

    /// The projection of `tree`.
    ///
    /// - Parameter tree: The tree to project, usually a coordinator's ``AppCoordinator/tree``.
    /// - Complexity: O(*n*) in the number of screens.
    package init(_ tree: ScreenTree) {
        // Read from the tree's storage: only a split's supplementary and detail columns may be
        // empty, and an empty one has no `Stack`.
        func project(_ record: ScreenTree.StackRecord) -> Stack? {
            guard let first = record.screens.first else { return nil }
            return Stack(id: record.id, root: first.id, path: record.screens.dropFirst().map(\.id))
        }
        let base = tree.base.compactMap(project)
        let names = tree.tabNameList
        let columns = tree.splitColumns
        root = names.isEmpty && columns.isEmpty ? base.first : nil
        tabs = zip(names, base).map { Tab(name: $0, stack: $1) }
        selectedTab = tree.selectedTab
        split =
            columns.isEmpty
            ? nil
            : Split(
                columns: zip(columns, tree.base).map { column, record in
                    Column(id: record.id, column: column, screens: record.screens)
                }, isCollapsed: tree.isCollapsed)
        modals = Self.modals(of: tree)
        stacks = base + tree.modalRecords.compactMap { project($0.stack) }
        horizontalSizeClass = tree.horizontalSizeClass
    }

    /// The modals of `tree`, in the order they were presented.
    ///
    /// - Parameter tree: A tree.
    /// - Complexity: O(*m*) in the number of modals.
    package static func modals(of tree: ScreenTree) -> [Modal] {
        tree.modalRecords.enumerated().map { position, record in
            Modal(
                id: record.id, stack: record.stack.id, level: position + 1, style: record.style,
                alert: record.style.isAlert
                    ? record.stack.screens.first?.payload?.value(as: AlertContent.self) : nil)
        }
    }

    /// The projection of an empty window: no stack, no tab, no modal.
    package static let empty = NavigationProjection(.empty)

    /// The stack with identity `id`, if the tree holds it.
    ///
    /// - Parameter id: The stack's identity.
    package func stack(_ id: StackID) -> Stack? {
        stacks.first { $0.id == id }
    }

    /// The path of the stack `id`: its screens above the first; empty when the stack holds one
    /// screen or is no longer in the tree.
    ///
    /// - Parameter id: The stack's identity.
    package func path(of id: StackID) -> [ScreenID] {
        stack(id)?.path ?? []
    }

    /// The modal presented over the place at `level`, if any: `modal(over: 0)` is the modal over
    /// the root or the tab container.
    ///
    /// - Parameter level: 0 for the root, N for the N-th modal.
    package func modal(over level: Int) -> Modal? {
        modals.indices.contains(level) ? modals[level] : nil
    }

    /// The modal presented over the place at `level`, if the presentation modifier of `kind`
    /// shows it: the item of that modifier's binding.
    ///
    /// For ``PresentationStyle/Kind/alert`` and ``PresentationStyle/Kind/confirmationDialog`` it is the
    /// `presenting:` data of `.alert` and `.confirmationDialog`, whose `isPresented` is whether
    /// it is not `nil`; its ``Modal/alert`` is what they show.
    ///
    /// - Parameters:
    ///   - level: 0 for the root, N for the N-th modal.
    ///   - kind: The presentation modifier asking.
    package func modal(over level: Int, as kind: PresentationStyle.Kind) -> Modal? {
        guard let modal = modal(over: level), modal.kind == kind else { return nil }
        return modal
    }
}

extension PresentationStyle {
    /// The SwiftUI presentation modifier that shows a modal of a ``PresentationStyle``.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// `.sheet(item:)`, for ``PresentationStyle/sheet(detents:selected:interactiveDismissal:)``.
        case sheet
        /// `.fullScreenCover(item:)`, for ``PresentationStyle/fullScreenCover``.
        case fullScreenCover
        /// `.popover(item:)`, for ``PresentationStyle/popover(anchor:interactiveDismissal:)``.
        case popover
        /// `.alert(_:isPresented:presenting:actions:message:)`, for ``PresentationStyle/alert``.
        case alert
        /// `.confirmationDialog(_:isPresented:titleVisibility:presenting:actions:message:)`, for
        /// ``PresentationStyle/confirmationDialog``.
        case confirmationDialog

        /// The modifier that shows a modal of `style`.
        ///
        /// - Parameter style: The modal's style.
        package init(_ style: PresentationStyle) {
            switch style {
            case .sheet: self = .sheet
            case .fullScreenCover: self = .fullScreenCover
            case .popover: self = .popover
            case .alert: self = .alert
            case .confirmationDialog: self = .confirmationDialog
            }
        }
    }
}
