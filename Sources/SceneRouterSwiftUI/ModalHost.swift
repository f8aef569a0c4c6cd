// The modals of the SwiftUI host: over each level, the presentation modifier a modal's style
// asks for, with its detents, its lock and its popover's anchor; alerts and confirmation dialogs
// with their buttons and text fields.

#if canImport(SwiftUI)
    @_spi(Benchmarks) import CoreModule
    import SwiftUI

    /// One modal: its stack, in its style, with the modals over it.
    @available(iOS 17.0, macOS 14.0, *)
    @MainActor
    struct ModalHost<ScreenView: View>: View {
        let views: HostViews<ScreenView>
        let modal: NavigationProjection.Modal

        var body: some View {
            @Bindable var navigation = views.navigation
            StackHost(views: views, stack: modal.stack)
                .presentationDetents(
                    Set(offered.map(ObservableNavigation.presentationDetent)),
                    selection: $navigation[presentationDetentOf: modal.id, offered: offered]
                )
                .interactiveDismissDisabled(!modal.style.userCanDismiss)
                .modals(over: modal.level, views: views)
        }

        /// The sheet's detents; large for another style.
        private var offered: [PresentationStyle.Detent] {
            guard case .sheet(let detents, _, _) = modal.style else { return [.large] }
            return detents
        }
    }

    @available(iOS 17.0, macOS 14.0, *)
    extension ObservableNavigation {
        /// SwiftUI's detent for `detent`.
        static func presentationDetent(_ detent: PresentationStyle.Detent) -> PresentationDetent {
            switch detent {
            case .medium: .medium
            case .large: .large
            case .height(let points): .height(CGFloat(points))
            case .fraction(let fraction): .fraction(CGFloat(fraction))
            }
        }

        /// ``subscript(detentOf:)`` as SwiftUI's detent, among the sheet's `offered` detents, for
        /// `presentationDetents(_:selection:)`; a detent it does not offer sends nothing.
        subscript(presentationDetentOf modal: ModalID, offered offered: [PresentationStyle.Detent])
            -> PresentationDetent
        {
            get { Self.presentationDetent(self[detentOf: modal]) }
            set {
                guard let detent = offered.first(where: { Self.presentationDetent($0) == newValue })
                else { return }
                self[detentOf: modal] = detent
            }
        }
    }

    /// The modal over one level, shown by the modifier its style asks for.
    @available(iOS 17.0, macOS 14.0, *)
    @MainActor
    struct Modals<ScreenView: View>: ViewModifier {
        let views: HostViews<ScreenView>
        let level: Int
        /// The anchors (`popoverAnchor(_:)`) on screen at this level: a
        /// popover that names one is shown from that view, any other from the level's view.
        @State private var anchors: Set<PopoverAnchorMark> = []

        func body(content: Content) -> some View {
            @Bindable var navigation = views.navigation
            content
                .environment(
                    \.presentingLevel,
                    PresentingLevel(navigation: navigation, level: level) { modal in
                        AnyView(ModalHost(views: views, modal: modal))
                    }
                )
                .onPreferenceChange(PopoverAnchors.self) { [anchors = $anchors] in
                    anchors.wrappedValue = $0
                }
                .sheet(item: $navigation[modalOver: level, as: .sheet]) { modal in
                    ModalHost(views: views, modal: modal)
                }
                #if os(iOS)
                    .fullScreenCover(item: $navigation[modalOver: level, as: .fullScreenCover]) {
                        modal in
                        ModalHost(views: views, modal: modal)
                    }
                #else
                    // A Mac has no full-screen cover: a sheet the user cannot swipe away.
                    .sheet(item: $navigation[modalOver: level, as: .fullScreenCover]) { modal in
                        ModalHost(views: views, modal: modal)
                    }
                #endif
                .popover(
                    item: $navigation[popoverOver: level, from: .place(anchorsOnScreen: anchors)]
                ) { modal in
                    ModalHost(views: views, modal: modal)
                }
                .modifier(Alerts(navigation: navigation, level: level))
        }
    }

    extension View {
        /// Attaches the presentation modifiers of the modal over `level` (0: the root).
        @available(iOS 17.0, macOS 14.0, *)
        @MainActor
        func modals<ScreenView: View>(over level: Int, views: HostViews<ScreenView>) -> some View {
            modifier(Modals(views: views, level: level))
        }
    }

    /// The alert or confirmation dialog over one level: its buttons answer it through the tree.
    @available(iOS 17.0, macOS 14.0, *)
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
                    if let message = modal.alert?.message { Text(message) }
                }
                .confirmationDialog(
                    title(of: .confirmationDialog),
                    isPresented: $navigation[isPresentedOver: level, as: .confirmationDialog],
                    titleVisibility: .visible,
                    presenting: navigation[modalOver: level, as: .confirmationDialog]
                ) { modal in
                    AlertActions(navigation: navigation, modal: modal)
                } message: { modal in
                    if let message = modal.alert?.message { Text(message) }
                }
        }

        /// The title of the alert or dialog the modifier of `kind` shows over this level.
        private func title(of kind: PresentationStyle.Kind) -> String {
            navigation[modalOver: level, as: kind]?.alert?.title ?? ""
        }
    }

    /// An alert's text fields and buttons; a button's action is the alert's answer.
    @available(iOS 17.0, macOS 14.0, *)
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
