// Popovers that point at a view: a screen marks the view with `popoverAnchor(_:)`, and the
// popover whose anchor names it is shown from there; any other popover from the screen's level.

#if canImport(SwiftUI)
    @_spi(Benchmarks) import CoreModule
    public import SwiftUI

    extension View {
        /// Marks this view as the one a popover points at when its style's anchor is `name`
        /// (``CoreModule/PresentationStyle/popover(anchor:interactiveDismissal:)``).
        ///
        /// Inside a ``NavigationHost``, a popover with this anchor presented from this view's
        /// screen (the last screen under the popover) is shown from this view; a popover whose
        /// anchor its screen does not mark is shown from the level's own view. A screen below,
        /// in another tab or leaving never shows it. Outside a host it does nothing.
        ///
        /// ```swift
        /// Button("Share") { try? context.navigate(.present(scene: "Share",
        ///     style: .popover(anchor: "share"))) }
        ///     .popoverAnchor("share")
        /// ```
        ///
        /// - Parameter name: The anchor's name, as the popover's style names it.
        /// - Returns: The view, marked.
        public func popoverAnchor(_ name: String) -> some View {
            modifier(PopoverAnchor(name: name))
        }
    }

    /// Shows, from the view it modifies, the popover over its level whose anchor is `name`.
    struct PopoverAnchor: ViewModifier {
        let name: String
        @Environment(\.presentingLevel) private var place
        @Environment(\.hostedScreen) private var screen

        func body(content: Content) -> some View {
            if #available(iOS 17.0, macOS 14.0, *), let place, let screen {
                content
                    .preference(
                        key: PopoverAnchors.self,
                        value: [PopoverAnchorMark(screen: screen, name: name)]
                    )
                    .popover(item: place.popover(from: name, on: screen)) { modal in
                        place.modalView(modal)
                    }
            } else {
                content
            }
        }
    }

    /// The level a view is on, in a host: where its popovers are presented over.
    struct PresentingLevel {
        /// The host's observable state, as `AnyObject` so the type needs no availability.
        let state: AnyObject
        /// 0 for the root, N for the N-th modal.
        let level: Int
        /// The host's view of a modal.
        let modalView: @MainActor (NavigationProjection.Modal) -> AnyView

        @available(iOS 17.0, macOS 14.0, *)
        init(
            navigation: ObservableNavigation, level: Int,
            modalView: @escaping @MainActor (NavigationProjection.Modal) -> AnyView
        ) {
            state = navigation
            self.level = level
            self.modalView = modalView
        }

        /// The binding of the popover over this level shown from the view anchored `name` on
        /// the screen `screen`.
        @available(iOS 17.0, macOS 14.0, *)
        @MainActor
        func popover(from name: String, on screen: ScreenID) -> Binding<
            NavigationProjection.Modal?
        > {
            guard let navigation = state as? ObservableNavigation else { return .constant(nil) }
            @Bindable var bindable = navigation
            return $bindable[popoverOver: level, from: .anchor(name, screen: screen)]
        }
    }

    /// The level a view is on, set by the host on each level's view.
    struct PresentingLevelKey: EnvironmentKey {
        static var defaultValue: PresentingLevel? { nil }
    }

    extension EnvironmentValues {
        /// The level this view is on, in a host; `nil` outside one.
        var presentingLevel: PresentingLevel? {
            get { self[PresentingLevelKey.self] }
            set { self[PresentingLevelKey.self] = newValue }
        }
    }

    /// The screen a view shows, set by the host on each screen's view.
    struct HostedScreenKey: EnvironmentKey {
        static var defaultValue: ScreenID? { nil }
    }

    extension EnvironmentValues {
        /// The screen this view is part of, in a host; `nil` outside one.
        var hostedScreen: ScreenID? {
            get { self[HostedScreenKey.self] }
            set { self[HostedScreenKey.self] = newValue }
        }
    }

    /// The popover anchors the screens of one level mark.
    struct PopoverAnchors: PreferenceKey {
        static var defaultValue: Set<PopoverAnchorMark> { [] }

        static func reduce(
            value: inout Set<PopoverAnchorMark>,
            nextValue: () -> Set<PopoverAnchorMark>
        ) {
            value.formUnion(nextValue())
        }
    }
#endif
