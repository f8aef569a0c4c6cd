// The SwiftUI side of the iOS app: a coordinator's tree shown through ObservableNavigation.
// docs/integrating-swiftui.md quotes this file; scripts/check-doc-snippets.sh checks each quote.
// iOS only (`.fullScreenCover` is iOS API); the module is empty elsewhere.

#if os(iOS)
    public import ArticleApp
    public import CoreModule
    public import SwiftUI

    /// The window: a tab view of stacks, a split view, or one stack; the modals over it.
    @MainActor
    public struct NavigationRoot: View {
        @Bindable var navigation: ObservableNavigation
        let session: ArticleSession
        @Environment(\.horizontalSizeClass) private var horizontalSizeClass

        /// Shows `navigation`'s tree; `session` gives each screen its buttons.
        ///
        /// - Parameters:
        ///   - navigation: The observable state of the session's coordinator.
        ///   - session: The window's session.
        public init(navigation: ObservableNavigation, session: ArticleSession) {
            self.navigation = navigation
            self.session = session
        }

        /// The tab view, the split view or the stack, with the modal over it.
        public var body: some View {
            Group {
                if let root = navigation.projection.root {
                    StackView(navigation: navigation, session: session, stack: root.id)
                } else if !navigation.projection.tabs.isEmpty {
                    TabView(selection: $navigation.selectedTab) {
                        ForEach(navigation.projection.tabs) { tab in
                            StackView(navigation: navigation, session: session, stack: tab.stack.id)
                                .tabItem { Label("Tab \(tab.name)", systemImage: "square.stack") }
                                .tag(tab.name)
                        }
                    }
                } else if navigation.projection.split != nil {
                    SplitRoot(navigation: navigation, session: session)
                }
            }
            .modals(over: 0, navigation: navigation, session: session)
            // The window's width: a split collapses in a compact one (Slide Over, iPhone).
            .onChange(of: horizontalSizeClass, initial: true) { _, sizeClass in
                navigation.horizontalSizeClass = sizeClass == .compact ? .compact : .regular
            }
        }
    }

    /// One navigation stack: its first screen is the root view, the others its path.
    @MainActor
    struct StackView: View {
        @Bindable var navigation: ObservableNavigation
        let session: ArticleSession
        let stack: StackID
        /// The first screen as last shown: while the app dismisses this stack's modal, the tree
        /// no longer has the stack, and SwiftUI still draws it as it slides away.
        @State private var shownRoot: ScreenID?

        var body: some View {
            NavigationStack(path: $navigation[path: stack]) {
                if let root = navigation.projection.stack(stack)?.root ?? shownRoot {
                    ScreenView(navigation: navigation, session: session, id: root)
                        .navigationDestination(for: ScreenID.self) { id in
                            ScreenView(navigation: navigation, session: session, id: id)
                        }
                        .onAppear { shownRoot = root }
                }
            }
            .id(stack)  // a new stack is a new NavigationStack
        }
    }

    /// One modal: its stack, in its style, with the modals over it.
    @MainActor
    struct ModalView: View {
        let navigation: ObservableNavigation
        let session: ArticleSession
        let modal: NavigationProjection.Modal

        var body: some View {
            StackView(navigation: navigation, session: session, stack: modal.stack)
                .presentationDetents(detents)
                .interactiveDismissDisabled(!modal.style.userCanDismiss)
                .modals(over: modal.level, navigation: navigation, session: session)
        }

        private var detents: Set<PresentationDetent> {
            guard case .sheet(let detents, _) = modal.style else { return [.large] }
            return Set(detents.map { $0 == .medium ? PresentationDetent.medium : .large })
        }
    }

    /// The modal over one level, shown by the modifier its style asks for (an alert's: see
    /// `Alerts`).
    @MainActor
    struct Modals: ViewModifier {
        @Bindable var navigation: ObservableNavigation
        let session: ArticleSession
        let level: Int

        func body(content: Content) -> some View {
            content
                .sheet(item: $navigation[modalOver: level, as: .sheet]) { modal in
                    ModalView(navigation: navigation, session: session, modal: modal)
                }
                .fullScreenCover(item: $navigation[modalOver: level, as: .fullScreenCover]) {
                    modal in
                    ModalView(navigation: navigation, session: session, modal: modal)
                }
                .popover(item: $navigation[modalOver: level, as: .popover]) { modal in
                    ModalView(navigation: navigation, session: session, modal: modal)
                }
                .modifier(Alerts(navigation: navigation, level: level))
        }
    }

    extension View {
        /// Attaches the presentation modifiers of the modal over `level` (0: the root).
        func modals(
            over level: Int, navigation: ObservableNavigation, session: ArticleSession
        ) -> some View {
            modifier(Modals(navigation: navigation, session: session, level: level))
        }
    }

    /// The alert or confirmation dialog over one level: its buttons answer it through the tree.
    @MainActor
    struct Alerts: ViewModifier {
        @Bindable var navigation: ObservableNavigation
        let level: Int

        func body(content: Content) -> some View {
            content
                .alert(
                    title(of: .alert), isPresented: $navigation[isPresentedOver: level, as: .alert],
                    presenting: navigation[modalOver: level, as: .alert]
                ) { modal in
                    AlertActions(navigation: navigation, modal: modal)
                } message: { modal in
                    Text(modal.alert?.message ?? "")
                }
                .confirmationDialog(
                    title(of: .confirmationDialog),
                    isPresented: $navigation[isPresentedOver: level, as: .confirmationDialog],
                    titleVisibility: .visible,
                    presenting: navigation[modalOver: level, as: .confirmationDialog]
                ) { modal in
                    AlertActions(navigation: navigation, modal: modal)
                } message: { modal in
                    Text(modal.alert?.message ?? "")
                }
        }

        /// The title of the alert or dialog the modifier of `kind` shows over this level.
        private func title(of kind: PresentationStyle.Kind) -> String {
            navigation[modalOver: level, as: kind]?.alert?.title ?? ""
        }
    }

    /// An alert's text fields and buttons; a button's action is the alert's answer.
    @MainActor
    struct AlertActions: View {
        @Bindable var navigation: ObservableNavigation
        let modal: NavigationProjection.Modal

        var body: some View {
            if let alert = modal.alert {
                ForEach(alert.textFields.indices, id: \.self) { field in
                    let text = $navigation[text: field, of: modal.id]
                    if alert.textFields[field].isSecure {
                        SecureField(alert.textFields[field].placeholder, text: text)
                    } else {
                        TextField(alert.textFields[field].placeholder, text: text)
                    }
                }
                ForEach(alert.buttons.indices, id: \.self) { index in
                    Button(alert.buttons[index].title, role: role(alert.buttons[index].role)) {
                        navigation.answer(modal.id, button: index)
                    }
                }
            }
        }

        private func role(_ role: AlertContent.Button.Role) -> ButtonRole? {
            switch role {
            case .default: nil
            case .cancel: .cancel
            case .destructive: .destructive
            }
        }
    }
#endif
