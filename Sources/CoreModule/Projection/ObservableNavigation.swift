public import Observation

/// A coordinator's tree as observable SwiftUI state: the ``NavigationProjection`` of its tree,
/// kept up to date, with the bindings a SwiftUI view needs.
///
/// It follows the coordinator from the moment it is made: every transition updates ``tree`` and
/// ``projection``, which SwiftUI observes (it is `@Observable`). Its subscripts and
/// ``selectedTab`` are read and written by SwiftUI through `@Bindable`; a write becomes the
/// ``PlatformReport``s ``NavigationProjection/reports(for:)`` gives, sent to the coordinator, so
/// a back swipe, a sheet dragged down or a tab tapped are followed by the tree (and by flows and
/// result handlers), and a write SwiftUI merely echoes sends nothing.
///
/// On Apple platforms (SwiftUI):
///
/// ```swift
/// @Bindable var navigation: ObservableNavigation
///
/// TabView(selection: $navigation.selectedTab) { … }
/// NavigationStack(path: $navigation[path: stack.id]) { … }
/// content.sheet(item: $navigation[modalOver: level, as: .sheet]) { modal in … }
/// ```
///
/// An alert or a confirmation dialog over a level is shown by `.alert` or `.confirmationDialog`
/// with ``subscript(isPresentedOver:as:)`` as its `isPresented` and the modal as its
/// `presenting:` data; each button's action calls ``answer(_:button:)``, and each text field
/// binds ``subscript(text:of:)``:
///
/// ```swift
/// let alert = navigation.projection.modal(over: level, as: .alert)
/// content.alert(
///     alert?.alert?.title ?? "", isPresented: $navigation[isPresentedOver: level, as: .alert],
///     presenting: alert
/// ) { modal in
///     ForEach(modal.alert?.buttons.indices ?? 0..<0, id: \.self) { index in
///         Button(modal.alert?.buttons[index].title ?? "") {
///             navigation.answer(modal.id, button: index)
///         }
///     }
/// } message: { modal in
///     Text(modal.alert?.message ?? "")
/// }
/// ```
///
/// A split root adds a `NavigationSplitView`'s bindings: ``subscript(selection:)`` for the
/// `List(selection:)` before each column (a new selection is sent as a `showDetail` or
/// `showSupplementary` request, see ``NavigationProjection/request(for:)``),
/// ``preferredCompactColumn``, ``columnVisibility``, and ``horizontalSizeClass``, which the app
/// sets from its environment.
///
/// After a write the coordinator refuses, or one that asks for nothing the user can do (a
/// `NavigationLink(value:)` push, a full-screen cover closed with `@Environment(\.dismiss)`), it
/// notifies its observers anyway, so SwiftUI reads the bindings again and shows the tree as it
/// is.
///
/// It holds the coordinator weakly; the coordinator keeps the one `of(_:)` gives.
///
/// `@_spi(Benchmarks)`: the benchmark, a package of its own, measures what following a
/// transition costs; apps never see it, and `scripts/public-api.sh` does not count it.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
@Observable
@_spi(Benchmarks)
public final class ObservableNavigation {
    /// The coordinator's tree, as of its last transition.
    ///
    /// Not observed: SwiftUI reads the parts below, each of which tells its readers only when it
    /// changes.
    @ObservationIgnored package private(set) var tree: ScreenTree
    /// The projection of ``tree``, made when asked (the parts below are read from the tree
    /// directly, so that following a transition costs what the transition changed).
    package var projection: NavigationProjection { NavigationProjection(tree) }

    // The parts SwiftUI reads, each assigned only when it changes.

    /// Which container the root is: one stack, tabs, a split, or nothing.
    package private(set) var shape: RootShape
    /// The selected tab's name, when the root is a tab container.
    private var selectedTabName: String?
    /// The modals, in the order they were presented: `modals[n]` is presented over level `n`.
    package private(set) var modals: [NavigationProjection.Modal]
    /// The window's horizontal size class, as the tree holds it.
    private var sizeClass: SizeClass
    /// The state of each stack a view asked for, by identity.
    @ObservationIgnored private var stackStates: [StackID: StackState] = [:]
    /// The stacks that left the tree at the last transition: their states keep their last screens
    /// while SwiftUI animates them away, until the next transition.
    @ObservationIgnored private var leaving: Set<StackID> = []
    /// Bumped when SwiftUI must read the bindings again although the tree did not change.
    private var resyncs: UInt64 = 0
    /// The column visibility the user chose with the sidebar button, until the split's suggested
    /// one changes.
    private var chosenVisibility: ScreenSplit.ColumnVisibility?

    /// How each change the coordinator makes is applied; by default, at once.
    ///
    /// The closure receives the transition and a function that updates ``tree`` and
    /// ``projection``, which it must call once. On Apple platforms, animate as the transition
    /// says:
    ///
    /// ```swift
    /// navigation.applyChange = { event, update in
    ///     var transaction = Transaction()
    ///     transaction.disablesAnimations = !event.animated
    ///     withTransaction(transaction, update)
    /// }
    /// ```
    ///
    /// Changes SwiftUI made itself (the reports of its writes) are applied at once: the screen
    /// already shows them.
    @ObservationIgnored public var applyChange:
        @MainActor (_ event: TransitionEvent, _ update: () -> Void) -> Void = { _, update in
            update()
        }

    @ObservationIgnored private weak var coordinator: AppCoordinator?
    @ObservationIgnored private var observation: ObservationToken?
    /// Whether the reports of a write are being sent: their events are applied together after.
    @ObservationIgnored private var sendingReports = false
    /// The level and modifier of the alert ``answer(_:button:)`` last answered, until SwiftUI
    /// writes the `isPresented = false` that follows the button's action.
    @ObservationIgnored private var answered: (level: Int, kind: PresentationStyle.Kind)?
    /// The texts typed into the text fields of the alert `alert`, once one was typed.
    private var typed: (alert: ModalID, text: [String])?

    /// Follows `coordinator`, starting from its current tree.
    ///
    /// - Parameter coordinator: The coordinator whose tree SwiftUI shows.
    package init(following coordinator: AppCoordinator) {
        let tree = coordinator.tree
        self.tree = tree
        shape = RootShape(tree)
        selectedTabName = tree.selectedTab
        modals = NavigationProjection.modals(of: tree)
        sizeClass = tree.horizontalSizeClass
        self.coordinator = coordinator
        observation = coordinator.observe { [weak self] event in
            guard let self, case .transition(let transition) = event, !self.sendingReports
            else { return }
            self.answered = nil
            self.applyChange(transition) { self.show(self.coordinator?.tree ?? self.tree) }
        }
    }

    /// The observable state of `coordinator`: the one it keeps, made at the first call.
    ///
    /// A SwiftUI host asks for it each time its view is made; the coordinator keeps it (it
    /// holds the coordinator weakly), so every host of one window shares one state, and SwiftUI's
    /// writes reach the coordinator once.
    ///
    /// - Parameter coordinator: The window's coordinator.
    /// - Returns: Its observable state, following it.
    @_spi(Benchmarks)
    public static func of(_ coordinator: AppCoordinator) -> ObservableNavigation {
        if let kept = coordinator.swiftUIState as? ObservableNavigation { return kept }
        let made = ObservableNavigation(following: coordinator)
        coordinator.swiftUIState = made
        return made
    }

    /// Stops following the coordinator: the tree stays as it is and writes send nothing.
    package func stopFollowing() {
        observation?.cancel()
        observation = nil
        coordinator = nil
    }

    // MARK: Bindings

    /// The path of the stack `stack`, for `NavigationStack(path:)`: its screens above the first.
    ///
    /// Setting it sends the reports of ``BindingWrite/path(_:of:)``: a shorter path is one pop
    /// per screen that left.
    ///
    /// - Parameter stack: The stack's identity (``NavigationProjection/Stack/id``).
    package subscript(path stack: StackID) -> [ScreenID] {
        get {
            _ = resyncs
            return state(of: stack).path
        }
        set { write(.path(newValue, of: stack)) }
    }

    /// The modal presented over the place at `level` if the modifier of `kind` shows it, for
    /// `.sheet(item:)`, `.fullScreenCover(item:)` or `.popover(item:)`.
    ///
    /// Setting it to `nil` sends the report of ``BindingWrite/modal(_:over:as:)``: the user
    /// dismissed the modal.
    ///
    /// - Parameters:
    ///   - level: 0 for the root or the tab container, N for the N-th modal.
    ///   - kind: The presentation modifier.
    package subscript(modalOver level: Int, as kind: PresentationStyle.Kind) -> NavigationProjection
        .Modal?
    {
        get {
            _ = resyncs
            return modal(over: level, as: kind)
        }
        set { write(.modal(newValue, over: level, as: kind)) }
    }

    /// The detent the sheet of the modal `modal` rests at, for
    /// `presentationDetents(_:selection:)`: its style's `selected` detent, else its first (the
    /// large one for a modal that is no sheet, or gone).
    ///
    /// Setting it sends the report of ``BindingWrite/detent(_:of:)``: the user dragged the sheet
    /// there; the value it already rests at is an echo.
    ///
    /// - Parameter modal: The sheet's modal (``NavigationProjection/Modal/id``).
    package subscript(detentOf modal: ModalID) -> PresentationStyle.Detent {
        get {
            _ = resyncs
            return modals.first { $0.id == modal }?.style.restingDetent ?? .large
        }
        set { write(.detent(newValue, of: modal)) }
    }

    /// Where a popover is shown from: the view marked with its anchor's name, or the view of the
    /// place it is presented over.
    package enum PopoverSource: Hashable, Sendable {
        /// The view marked with this anchor name on the screen `screen`.
        case anchor(String, screen: ScreenID)
        /// The place's own view, given the anchors marked at that place: it shows a popover
        /// whose anchor its presenting screen does not mark.
        case place(anchorsOnScreen: Set<PopoverAnchorMark>)
    }

    /// The popover presented over the place at `level`, if `source` is where it is shown from.
    ///
    /// A popover is shown from the view its presenting screen (the last screen under it) marks
    /// with its anchor, else from the place's own view: each popover has exactly one source, so
    /// it is presented once, and never from a screen below, another tab or a screen gone.
    ///
    /// Setting it to `nil` sends the report of ``BindingWrite/modal(_:over:as:)``, as
    /// ``subscript(modalOver:as:)`` does.
    ///
    /// - Parameters:
    ///   - level: 0 for the root or the tab container, N for the N-th modal.
    ///   - source: The view asking.
    package subscript(popoverOver level: Int, from source: PopoverSource) -> NavigationProjection
        .Modal?
    {
        get {
            _ = resyncs
            guard let modal = modal(over: level, as: .popover),
                case .popover(let anchor, _) = modal.style
            else { return nil }
            let presenting = tree.presentingScreen(atLevel: level)
            switch source {
            case .anchor(let name, let screen):
                return anchor == name && screen == presenting ? modal : nil
            case .place(let anchors):
                let marked = anchors.contains { $0.screen == presenting && $0.name == anchor }
                return marked ? nil : modal
            }
        }
        set { write(.modal(newValue, over: level, as: .popover)) }
    }

    /// Whether a modal the modifier of `kind` shows is presented over the place at `level`: the
    /// `isPresented` binding of `.alert(_:isPresented:presenting:actions:message:)` and
    /// `.confirmationDialog(_:isPresented:titleVisibility:presenting:actions:message:)`, whose
    /// `presenting:` data is ``subscript(modalOver:as:)``.
    ///
    /// Setting it to `false` sends the report of ``BindingWrite/modal(_:over:as:)`` with `nil`:
    /// a confirmation dialog dismissed with a tap outside answers its cancel button's value
    /// (``PlatformReport/dismissedByUser(_:)``); the coordinator refuses it for an alert, which
    /// only a button answers. The `false` SwiftUI sets after a button's action, once
    /// ``answer(_:button:)`` was called, sends nothing, even when the answer's result handler
    /// presented another alert at the same level. Setting it to `true` sends nothing: only the
    /// coordinator presents.
    ///
    /// - Parameters:
    ///   - level: 0 for the root or the tab container, N for the N-th modal.
    ///   - kind: The presentation modifier: `.alert` or `.confirmationDialog`.
    package subscript(isPresentedOver level: Int, as kind: PresentationStyle.Kind) -> Bool {
        get {
            _ = resyncs
            return modal(over: level, as: kind) != nil
        }
        set {
            if newValue {
                // Only the coordinator presents: SwiftUI reads the binding again.
                if modal(over: level, as: kind) == nil { resyncs &+= 1 }
            } else if let answered, answered.level == level, answered.kind == kind {
                // The dismissal that follows an answer, which already took the alert away; an
                // alert presented since by the answer's handler stays.
                self.answered = nil
                if modal(over: level, as: kind) != nil { resyncs &+= 1 }
            } else {
                write(.modal(nil, over: level, as: kind))
            }
        }
    }

    /// The text in text field `field` (counted from 0, in ``AlertContent/textFields``' order)
    /// of the alert of the modal `alert`, for a `TextField` or `SecureField` in the alert's
    /// actions: the field's ``AlertContent/TextField/text`` until the user types.
    ///
    /// Setting it keeps the text for ``answer(_:button:)``, while the alert is presented; it
    /// sends nothing. A field the alert does not have reads `""` and keeps nothing.
    ///
    /// - Parameters:
    ///   - field: The text field's index.
    ///   - alert: The alert's modal (``NavigationProjection/Modal/id``).
    package subscript(text field: Int, of alert: ModalID) -> String {
        get {
            let text = texts(of: alert)
            return text.indices.contains(field) ? text[field] : ""
        }
        set {
            var text = texts(of: alert)
            guard text.indices.contains(field) else { return }
            text[field] = newValue
            typed = (alert, text)
        }
    }

    /// The user tapped button `button` (counted from 0, in ``AlertContent/buttons``' order) of
    /// the alert or confirmation dialog of the modal `alert`: call it from the button's action.
    ///
    /// It sends ``BindingWrite/answer(_:button:text:)`` with the texts of the alert's text
    /// fields (``subscript(text:of:)``): the coordinator's
    /// ``PlatformReport/answeredByUser(_:button:text:)`` takes the alert away and delivers the
    /// button's value to the navigation that presented it. The `isPresented = false` SwiftUI
    /// writes next sends nothing. An answer to an alert no longer presented sends nothing.
    ///
    /// - Parameters:
    ///   - alert: The alert's modal (``NavigationProjection/Modal/id``): the `presenting:` data
    ///     the modifier hands its actions.
    ///   - button: The index of the button tapped.
    package func answer(_ alert: ModalID, button: Int) {
        let modal = modals.first { $0.id == alert && $0.alert != nil }
        write(.answer(alert, button: button, text: texts(of: alert)))
        if let modal { answered = (modal.level - 1, modal.kind) }
    }

    /// The texts of the alert `alert`'s text fields: those typed, else those it starts with;
    /// none when it is no longer presented.
    private func texts(of alert: ModalID) -> [String] {
        guard let modal = modals.first(where: { $0.id == alert }),
            let content = modal.alert
        else { return [] }
        if let typed, typed.alert == alert { return typed.text }
        return content.textFields.map(\.text)
    }

    /// The selected tab's name, for `TabView(selection:)` with each tab's view tagged with its
    /// name; `""` when the root has no tabs.
    ///
    /// Setting another tab's name sends ``PlatformReport/tabSelectedByUser(_:)``.
    package var selectedTab: String {
        get {
            _ = resyncs
            return selectedTabName ?? ""
        }
        set { write(.selectedTab(newValue)) }
    }

    // MARK: Split bindings

    /// The selection of the list that fills the split column `column`, for `List(selection:)`.
    ///
    /// It is the destination the column's first screen was built from
    /// (``NavigationProjection/Column/selection``), `nil` when the column is empty or the root
    /// is not a split. Tag each row with the `Destination` it selects.
    ///
    /// Setting a new destination sends the request of ``NavigationProjection/request(for:)``
    /// (``ApplicationTransitionType/showDetail(_:animated:)`` for the detail,
    /// ``ApplicationTransitionType/showSupplementary(_:animated:)`` for the supplementary
    /// column); setting `nil` in a collapsed split, as Back does, sends the report of
    /// ``NavigationProjection/reports(for:)``.
    ///
    /// - Parameter column: The column the list fills: `.detail`, or `.supplementary` for the
    ///   sidebar of three columns.
    package subscript(selection column: ScreenSplit.Column) -> Destination? {
        get {
            _ = resyncs
            return split?.column(column)?.selection
        }
        set { write(.selection(newValue, column: column)) }
    }

    /// The column on top when the split is collapsed, for `NavigationSplitView`'s
    /// `preferredCompactColumn` (iOS 17): ``NavigationProjection/Split/compactColumn``,
    /// `primary` when the root is not a split.
    ///
    /// Setting an earlier column while the split is collapsed, as Back does, sends the report of
    /// ``NavigationProjection/reports(for:)``.
    package var preferredCompactColumn: ScreenSplit.Column {
        get {
            _ = resyncs
            return split?.compactColumn ?? .primary
        }
        set { write(.compactColumn(newValue)) }
    }

    /// The column visibility of the `NavigationSplitView`, for its `columnVisibility` binding:
    /// the split's suggested one (``NavigationProjection/Split/columnVisibility``; `automatic`
    /// when the root is not a split), or the one the user chose since it last changed.
    ///
    /// Setting it (the sidebar button) sends nothing: which columns show is the window's
    /// layout, not navigation, and the tree does not hold it. The value set is kept until the
    /// suggested one changes (a selection, a Back, a new split), which it then follows.
    package var columnVisibility: ScreenSplit.ColumnVisibility {
        get { chosenVisibility ?? split?.columnVisibility ?? .automatic }
        set { chosenVisibility = newValue }
    }

    /// The window's horizontal size class, for the app to set from SwiftUI's
    /// `horizontalSizeClass` environment value: ``NavigationProjection/horizontalSizeClass``.
    ///
    /// Setting another size class sends ``PlatformReport/sizeClassChanged(_:)``: a split root
    /// collapses in a compact window and expands in a regular one. The coordinator refuses it
    /// while the window is empty (``NavigationError/Refusal/noRoot(_:)``): set it once the root is there.
    package var horizontalSizeClass: SizeClass {
        get {
            _ = resyncs
            return sizeClass
        }
        set { write(.sizeClass(newValue)) }
    }

    /// The window's horizontal size class as the platform last said it, or `nil` before it did.
    @ObservationIgnored private var windowSizeClass: SizeClass?

    /// Tells the window's horizontal size class, as a host does on appearing and at each change
    /// of the window's width or of whether the window is empty: sent as ``horizontalSizeClass``
    /// is, once the window has a root; an empty window keeps it until its root comes (the
    /// coordinator refuses a size class while there is no root).
    ///
    /// - Parameter sizeClass: The window's size class, or `nil` to send the one last told again.
    package func windowSizeClassChanged(_ sizeClass: SizeClass? = nil) {
        if let sizeClass { windowSizeClass = sizeClass }
        guard let windowSizeClass, !tree.isEmpty,
            windowSizeClass != tree.horizontalSizeClass
        else { return }
        write(.sizeClass(windowSizeClass))
    }

    // MARK: Writes

    /// Makes the coordinator follow what SwiftUI wrote into a binding.
    ///
    /// The reports ``NavigationProjection/reports(for:)`` gives for the coordinator's current
    /// tree are sent in order, until one is refused; the request
    /// ``NavigationProjection/request(for:)`` gives (a split's selection) is sent after them;
    /// the tree is then shown once. When the tree does not show what was written (a refused
    /// report or request, a write no gesture makes), observers of the bindings are notified, so
    /// that SwiftUI reads them again.
    ///
    /// - Parameter write: What SwiftUI wrote.
    package func write(_ write: BindingWrite) {
        guard let coordinator, !sendingReports else { return }
        answered = nil
        let current = NavigationProjection(coordinator.tree)
        let reports = current.reports(for: write)
        let request = current.request(for: write)
        if !reports.isEmpty || request != nil {
            sendingReports = true
            defer { sendingReports = false }
            for report in reports {
                // A refused report is published to the coordinator's observers as a failure.
                do { try coordinator.report(report) } catch { break }
            }
            // So is a refused request: a guard keeping the detail, a builder failing.
            if let request { _ = try? coordinator.navigate(request) }
        }
        show(coordinator.tree)
        if !NavigationProjection(tree).shows(write) { resyncs &+= 1 }
    }

    /// Shows `tree`: each part SwiftUI reads is assigned only when it changed, and the work is
    /// what changed (the stacks whose screens changed, the tabs, the modals), not the tree's
    /// size: unchanged stacks share their storage with the last tree, and compare at once.
    private func show(_ tree: ScreenTree) {
        guard tree != self.tree else { return }
        let nextShape = RootShape(tree)
        // The user's column visibility stands until the split's suggested one changes.
        if nextShape.split?.columnVisibility != split?.columnVisibility
            || nextShape.split?.columns.first?.stack != split?.columns.first?.stack
        {
            chosenVisibility = nil
        }
        self.tree = tree
        if nextShape != shape { shape = nextShape }
        if tree.selectedTab != selectedTabName { selectedTabName = tree.selectedTab }
        let nextModals = NavigationProjection.modals(of: tree)
        if nextModals != modals { modals = nextModals }
        if tree.horizontalSizeClass != sizeClass { sizeClass = tree.horizontalSizeClass }
        // A stack that left the tree keeps its last screens for one transition, so that a
        // NavigationStack sliding away with its modal does not pop on the way out.
        for id in leaving where tree.stack(id) == nil { stackStates[id] = nil }
        leaving = []
        for (id, state) in stackStates {
            guard let stack = tree.stack(id) else {
                leaving.insert(id)
                continue
            }
            state.show(stack.screenArray)
        }
        if let typed, !nextModals.contains(where: { $0.id == typed.alert }) { self.typed = nil }
    }

    // MARK: Reading the parts

    /// The state of the stack `id`, which its views read: made at the first ask, from the tree.
    ///
    /// - Parameter id: The stack's identity.
    @_spi(Benchmarks)
    public func state(of id: StackID) -> StackState {
        if let state = stackStates[id] { return state }
        let state = StackState(tree.stack(id)?.screenArray ?? [])
        if tree.stack(id) != nil { stackStates[id] = state }
        return state
    }

    /// The modal presented over the place at `level`, if the modifier of `kind` shows it.
    private func modal(over level: Int, as kind: PresentationStyle.Kind) -> NavigationProjection
        .Modal?
    {
        guard modals.indices.contains(level), modals[level].kind == kind else { return nil }
        return modals[level]
    }

    /// The split root's shape, when the root is a split.
    package var split: SplitShape? {
        guard case .split(let split) = shape else { return nil }
        return split
    }
}
