// The SwiftUI host: one window's tree on screen, from the coordinator's observable state. It maps
// and decides nothing: which binding write is which request, what a gesture reports, what an
// empty column shows are CoreModule's projection's rules, tested on Linux. Empty where SwiftUI
// does not exist.

#if canImport(SwiftUI)
    @_spi(Benchmarks) public import CoreModule
    public import SwiftUI

    /// One window's navigation on screen: the coordinator's tree as SwiftUI's containers and
    /// presentations.
    ///
    /// The host shows the root as the tree holds it: one `NavigationStack` (its first screen the
    /// root view, the screens above it the path), a `TabView` of stacks, or a
    /// `NavigationSplitView` of two or three columns; each modal over it with the modifier its
    /// style asks for (`.sheet` with its detents, `.fullScreenCover`, `.popover`, `.alert`,
    /// `.confirmationDialog`), modals over modals. It follows every transition of the coordinator,
    /// animated as the transition says. What the user does (Back, a swipe, a sheet dragged down,
    /// a tab tapped, a split column closed, an alert's button, the window's width changing)
    /// reaches the coordinator as the reports its projection gives, so the tree, flows and
    /// result handlers follow.
    ///
    /// The app supplies the screens. Without a closure, each screen's content shows its own view
    /// (``SwiftUIScreen``):
    ///
    /// ```swift
    /// WindowGroup {
    ///     NavigationHost(coordinator)
    /// }
    /// ```
    ///
    /// or with a closure, from the ``CoreModule/Screen`` (its scene, parameters and content):
    ///
    /// ```swift
    /// NavigationHost(coordinator) { screen in
    ///     Text(screen.scene.rawValue)
    /// }
    /// ```
    ///
    /// Options: ``tabLabel(_:)`` (a tab's label), ``emptyColumn(_:)`` (a split column with no
    /// screen yet), and `popoverAnchor(_:)` on the view a popover points at.
    ///
    /// The coordinator keeps the host's state (one per coordinator, shared by every host of it):
    /// keep the coordinator for as long as the window shows it.
    @available(iOS 17.0, macOS 14.0, *)
    @MainActor
    public struct NavigationHost<ScreenView: View>: View {
        var views: HostViews<ScreenView>

        /// Shows `coordinator`'s tree, each screen as `screen` draws it.
        ///
        /// - Parameters:
        ///   - coordinator: The window's coordinator.
        ///   - screen: The view of a screen of the tree, called each time SwiftUI draws it.
        public init(
            _ coordinator: AppCoordinator,
            @ViewBuilder screen: @escaping @MainActor (Screen) -> ScreenView
        ) {
            let navigation = ObservableNavigation.of(coordinator)
            // The coordinator says whether a change animates; SwiftUI's own changes are applied
            // at once, as they are already on screen.
            navigation.applyChange = { event, update in
                var transaction = Transaction()
                transaction.disablesAnimations = !event.animated
                withTransaction(transaction, update)
            }
            views = HostViews(
                navigation: navigation, screen: screen,
                tabLabel: { name in AnyView(Text(name)) },
                emptyColumn: { _ in AnyView(Text("Nothing selected").foregroundStyle(.secondary)) })
        }

        /// The root (a stack, the tabs or the split) with the modals over it.
        public var body: some View {
            RootHost(views: views)
        }

        /// The host with `label` as each tab's label in the tab bar, by the tab's name (by
        /// default the name as text).
        ///
        /// ```swift
        /// NavigationHost(coordinator)
        ///     .tabLabel { name in Label(name.capitalized, systemImage: "square.stack") }
        /// ```
        ///
        /// - Parameter label: The label of the tab of this name.
        /// - Returns: The host, with the labels.
        public func tabLabel(_ label: @escaping @MainActor (String) -> some View) -> Self {
            var host = self
            host.views.tabLabel = { AnyView(label($0)) }
            return host
        }

        /// The host with `view` in a split's column while it holds no screen (nothing selected
        /// there yet); by default a line of secondary text.
        ///
        /// - Parameter view: What the empty column shows.
        /// - Returns: The host, with the view.
        public func emptyColumn(
            _ view: @escaping @MainActor (ScreenSplit.Column) -> some View
        ) -> Self {
            var host = self
            host.views.emptyColumn = { AnyView(view($0)) }
            return host
        }
    }

    @available(iOS 17.0, macOS 14.0, *)
    extension NavigationHost where ScreenView == AnyView {
        /// Shows `coordinator`'s tree, each screen as its content's own view
        /// (``SwiftUIScreen/body``); a screen whose content has none shows its scene's name.
        ///
        /// - Parameter coordinator: The window's coordinator.
        public init(_ coordinator: AppCoordinator) {
            self.init(coordinator) { screen in
                Self.ownView(of: screen)
            }
        }

        /// The screen's content's own view, else its scene's name.
        private static func ownView(of screen: Screen) -> AnyView {
            guard let content = screen.content as? any SwiftUIScreen else {
                return AnyView(Text(screen.scene.rawValue))
            }
            return AnyView(content.body)
        }
    }

    /// What the host draws with, handed to each part.
    @available(iOS 17.0, macOS 14.0, *)
    @MainActor
    struct HostViews<ScreenView: View> {
        let navigation: ObservableNavigation
        let screen: @MainActor (Screen) -> ScreenView
        var tabLabel: @MainActor (String) -> AnyView
        var emptyColumn: @MainActor (ScreenSplit.Column) -> AnyView
    }

    /// The root: one stack, the tabs or the split, with the modals over level 0.
    @available(iOS 17.0, macOS 14.0, *)
    @MainActor
    struct RootHost<ScreenView: View>: View {
        let views: HostViews<ScreenView>
        #if os(iOS)
            @Environment(\.horizontalSizeClass) private var horizontalSizeClass
        #endif

        var body: some View {
            @Bindable var navigation = views.navigation
            Group {
                switch navigation.shape {
                case .stack(let stack):
                    StackHost(views: views, stack: stack)
                case .tabs(let tabs):
                    TabView(selection: $navigation.selectedTab) {
                        ForEach(tabs) { tab in
                            StackHost(views: views, stack: tab.stack)
                                .tabItem { views.tabLabel(tab.name) }
                                .tag(tab.name)
                        }
                    }
                case .split(let split):
                    SplitHost(views: views, split: split)
                case .empty:
                    EmptyView()
                }
            }
            .modals(over: 0, views: views)
            #if os(iOS)
                // The window's width: a split collapses in a compact one (Slide Over, iPhone).
                .onChange(of: horizontalSizeClass, initial: true) { _, sizeClass in
                    navigation.windowSizeClassChanged(sizeClass == .compact ? .compact : .regular)
                }
                // An empty window's root came: its size class is sent now.
                .onChange(of: navigation.shape == .empty) { navigation.windowSizeClassChanged() }
            #endif
        }
    }

    /// One navigation stack: its first screen is the root view, the others its path.
    @available(iOS 17.0, macOS 14.0, *)
    @MainActor
    struct StackHost<ScreenView: View>: View {
        let views: HostViews<ScreenView>
        let stack: StackID

        var body: some View {
            @Bindable var navigation = views.navigation
            // This stack's state alone: a change to another stack does not re-read this view.
            let state = navigation.state(of: stack)
            // A stack leaving with its modal keeps its screens while it slides away.
            NavigationStack(path: $navigation[path: stack]) {
                if let root = state.root {
                    ScreenHost(views: views, state: state, id: root)
                        .id(root)  // a new first screen is a new view, with state of its own
                        .navigationDestination(for: ScreenID.self) { id in
                            ScreenHost(views: views, state: state, id: id)
                        }
                }
            }
            .id(stack)  // a new stack is a new NavigationStack
        }
    }

    /// One screen: the app's view of it.
    @available(iOS 17.0, macOS 14.0, *)
    @MainActor
    struct ScreenHost<ScreenView: View>: View {
        let views: HostViews<ScreenView>
        /// The state of the screen's stack.
        let state: StackState
        let id: ScreenID
        /// The screen as last shown: while it is popped or dismissed, the tree no longer has it,
        /// and SwiftUI still draws it as it slides away.
        @State private var shown: Screen?

        var body: some View {
            // The tree (not observed) finds a screen another stack's destination asks for, as a
            // collapsed split's may; the screen last shown draws it while it slides away.
            if let screen = state.screen(id) ?? views.navigation.tree.screen(id) ?? shown {
                views.screen(screen)
                    .environment(\.hostedScreen, screen.id)
                    .onChange(of: state.screen(id), initial: true) { _, screen in
                        if let screen { shown = screen }
                    }
            }
        }
    }
#endif
