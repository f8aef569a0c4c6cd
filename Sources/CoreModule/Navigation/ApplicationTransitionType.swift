/// A navigation request: what should happen to the screen tree.
///
/// The five cases of the original design keep their names and labels, so
/// `coordinator.navigate(.push(scene: "A2", animated: true))` reads as it did; each scene case
/// also takes optional ``SceneParameters`` for the screen being built. Three cases go beyond the
/// original: ``popToRoot(on:animated:)``, ``popTo(scene:animated:)`` and ``dismissAll(animated:)``.
///
/// Six cases shape the tree the way most apps are shaped: ``tabs(_:selected:animated:)`` makes a
/// tab container the root, ``selectTab(_:animated:)`` switches tabs,
/// ``addTab(_:at:animated:)`` and ``removeTab(_:animated:)`` change the tab set at run time,
/// ``setStack(_:on:animated:)`` sets a whole stack at once and ``replace(scene:parameters:payload:animated:)``
/// swaps the visible screen; `present` takes a ``PresentationStyle``, and
/// ``alert(_:animated:)`` presents an alert or a confirmation dialog.
///
/// Three cases shape the tree as iPad and Mac show it: ``split(primary:supplementary:detail:style:animated:)``
/// makes a split the root, ``showDetail(_:animated:)`` and ``showSupplementary(_:animated:)``
/// are what a selection in its sidebar or list does.
///
/// Every case but `root`, `tabs` and `split` acts on the **top-most** stack: the stack of the
/// last presented modal, else the selected tab's, the root stack, or a split's detail column
/// (all its columns as one stack while the window is compact). `push`, `setStack`, `pop` and
/// `popToRoot` may name another stack of the tree with `on:` (a tab's, a split column's, the
/// stack under a sheet); ``updateModal(on:interactiveDismissal:detent:animated:)`` changes a
/// shown modal's lock and resting detent. See `docs/navigation-model.md`.
public enum ApplicationTransitionType: Hashable, Sendable {
    /// Replaces the whole tree with a new root stack holding just `scene`.
    ///
    /// All screens and modals that were there before are removed.
    case root(
        scene: SceneIdentifier, parameters: SceneParameters = [:],
        payload: ScenePayload? = nil, animated: Bool = false)

    /// Pushes `scene` onto the top-most stack, or onto the stack `on` names (see
    /// ``ScreenTree/stacks``, ``ScreenTree/tab(named:)``).
    case push(
        scene: SceneIdentifier, parameters: SceneParameters = [:],
        payload: ScenePayload? = nil, on: StackID? = nil, animated: Bool = true)

    /// Presents `scene` as a modal over the top-most place, in a stack of its own, with `style`
    /// (a sheet by default).
    case present(
        scene: SceneIdentifier, parameters: SceneParameters = [:],
        payload: ScenePayload? = nil, style: PresentationStyle = .sheet(), animated: Bool = true)

    /// Presents an alert or a confirmation dialog over the top-most place, in a modal of its
    /// own (style ``PresentationStyle/alert`` or ``PresentationStyle/confirmationDialog``).
    ///
    /// It builds nothing and asks no guard: its screen, of scene ``AlertContent/name``, holds
    /// the content as its payload. Nothing can be presented or pushed over it until the user
    /// answers it (``PlatformReport/answeredByUser(_:button:text:)``), dismisses a dialog, or
    /// the app dismisses it; the value of the button tapped is the navigation's result.
    case alert(AlertContent, animated: Bool = true)

    /// Replaces the whole tree with a tab container: one tab per item, each holding a stack of
    /// its item's scene, the tab named `selected` selected.
    ///
    /// Every tab's first screen is built through its builder before anything changes, as
    /// `root` builds its screen; all screens and modals that were there before are removed.
    case tabs([TabItem], selected: String, animated: Bool = false)

    /// Adds a tab at `index` (after the last tab when `nil`), holding a stack of its item's scene.
    ///
    /// The new tab's first screen is built through its builder, as `tabs` builds each tab's;
    /// the other tabs keep their stacks, the selected tab stays selected, and modals stay
    /// presented. The root must be a tab container.
    case addTab(TabItem, at: Int? = nil, animated: Bool = false)

    /// Removes the tab named `name` and every screen in its stack; the other tabs keep theirs.
    ///
    /// The leaving screens' guards and vetoes run, as for any screen that leaves. When the tab
    /// was selected, the tab after it is selected (the one before it, when it was the last);
    /// modals stay presented. The only tab cannot be removed: set a new root instead.
    case removeTab(String, animated: Bool = false)

    /// Replaces the whole tree with a split root: a `primary` column (a sidebar or a list), a
    /// `supplementary` column for a three-column split, and a `detail` column, each a stack of
    /// its own.
    ///
    /// `style` is the number of columns; by default, three when `supplementary` is given, else
    /// two. The supplementary and detail columns may start empty (nothing selected yet). Every
    /// screen is built before anything changes, as `tabs` builds each tab's; all screens and
    /// modals that were there before are removed. The window's size class stays: in a compact
    /// window the new split is collapsed.
    case split(
        primary: Destination, supplementary: Destination? = nil, detail: Destination? = nil,
        style: ScreenSplit.Style? = nil, animated: Bool = false)

    /// What a selection in a split's primary column (or its supplementary column, in three
    /// columns) does: the detail column's stack becomes one new screen of `destination`.
    ///
    /// The screens that were in the detail column leave (their guards and vetoes run); the
    /// other columns and the modals stay. The root must be a split.
    case showDetail(Destination, animated: Bool = true)

    /// What a selection in a three-column split's primary column does: the supplementary
    /// column's stack becomes one new screen of `destination`, and the detail column empties.
    ///
    /// The root must be a three-column split.
    case showSupplementary(Destination, animated: Bool = true)

    /// Selects the tab named `name`; every tab keeps its stack, and modals stay presented.
    ///
    /// Selecting the tab that is already selected changes nothing (`navigate` returns `nil`).
    case selectTab(String, animated: Bool = false)

    /// Sets the top-most stack (or the stack `on` names) to `screens`, bottom first, in one
    /// step, as UIKit's `setViewControllers(_:animated:)` does: every screen is built and
    /// checked before anything changes, and the screens that were there leave.
    case setStack([Destination], on: StackID? = nil, animated: Bool = true)

    /// Replaces the visible screen with a new screen of `scene`, in one step.
    case replace(
        scene: SceneIdentifier, parameters: SceneParameters = [:],
        payload: ScenePayload? = nil, animated: Bool = true)

    /// Removes the last screen of the top-most stack (or of the stack `on` names); a stack's
    /// first screen is never popped.
    case pop(on: StackID? = nil, animated: Bool = true)

    /// Removes every screen above the first one of the top-most stack (or of the stack `on`
    /// names).
    case popToRoot(on: StackID? = nil, animated: Bool = true)

    /// Removes the screens above the nearest screen of `scene` below the top of the top-most stack.
    case popTo(scene: SceneIdentifier, animated: Bool = true)

    /// Removes the top-most modal and everything in it.
    case dismiss(animated: Bool = true)

    /// Removes every modal, leaving the root stack as it is.
    case dismissAll(animated: Bool = true)

    /// Changes a shown modal: the top-most one, or the one whose stack `on` names. A `nil`
    /// value keeps what the modal has.
    ///
    /// `interactiveDismissal` locks (`false`) or unlocks a sheet's or a popover's dismissal by
    /// the user, as SwiftUI's `interactiveDismissDisabled(_:)` and UIKit's
    /// `isModalInPresentation` do; `detent` moves a sheet to one of its detents, as
    /// `presentationDetents(_:selection:)` and `selectedDetentIdentifier` do. Both are the
    /// modal's ``PresentationStyle``. A change to what the modal already has returns `nil`.
    case updateModal(
        on: StackID? = nil, interactiveDismissal: Bool? = nil,
        detent: PresentationStyle.Detent? = nil, animated: Bool = true)

    /// What kind of transition this is, without its values.
    public var kind: TransitionEvent.Kind {
        switch self {
        case .root: return .root
        case .push: return .push
        case .present, .alert: return .present
        case .pop: return .pop
        case .popToRoot: return .popToRoot
        case .popTo: return .popTo
        case .dismiss: return .dismiss
        case .dismissAll: return .dismissAll
        case .tabs: return .tabs
        case .selectTab: return .selectTab
        case .addTab: return .addTab
        case .removeTab: return .removeTab
        case .split: return .split
        case .showDetail: return .showDetail
        case .showSupplementary: return .showSupplementary
        case .setStack: return .setStack
        case .replace: return .replace
        case .updateModal: return .updateModal
        }
    }

    /// The stack the request names with `on:`, if any.
    package var namedStack: StackID? {
        switch self {
        case .push(_, _, _, let stack, _), .setStack(_, let stack, _), .pop(let stack, _),
            .popToRoot(let stack, _), .updateModal(let stack, _, _, _):
            return stack
        default:
            return nil
        }
    }

    /// The scene this request names, if any: the one to build (the selected tab's for `tabs`,
    /// the top one for `setStack`), or the one to pop back to.
    public var scene: SceneIdentifier? {
        switch self {
        case .root(let scene, _, _, _), .push(let scene, _, _, _, _),
            .present(let scene, _, _, _, _),
            .replace(let scene, _, _, _):
            return scene
        case .popTo(let scene, _):
            return scene
        case .tabs(let items, let selected, _):
            // A name longer than any valid tab's is not compared (comparing may normalize it).
            guard selected.utf8.count <= TabItem.maximumNameByteCount else { return nil }
            return items.first { $0.name == selected }?.scene
        case .setStack(let screens, _, _):
            return screens.last?.scene
        case .addTab(let item, _, _):
            return item.scene
        case .split(let primary, _, _, _, _):
            return primary.scene
        case .showDetail(let destination, _), .showSupplementary(let destination, _):
            return destination.scene
        case .alert(let content, _):
            return content.name
        case .pop, .popToRoot, .dismiss, .dismissAll, .selectTab, .removeTab, .updateModal:
            return nil
        }
    }

    /// Whether a renderer should animate the change.
    public var animated: Bool {
        switch self {
        case .root(_, _, _, let animated), .push(_, _, _, _, let animated),
            .present(_, _, _, _, let animated), .replace(_, _, _, let animated),
            .updateModal(_, _, _, let animated):
            return animated
        case .pop(_, let animated), .popToRoot(_, let animated), .popTo(_, let animated),
            .dismiss(let animated), .dismissAll(let animated), .tabs(_, _, let animated),
            .selectTab(_, let animated), .setStack(_, _, let animated), .addTab(_, _, let animated),
            .removeTab(_, let animated), .split(_, _, _, _, let animated),
            .showDetail(_, let animated), .showSupplementary(_, let animated),
            .alert(_, let animated):
            return animated
        }
    }
}

/// A scene to build, with its parameters: one screen of a ``ApplicationTransitionType/setStack(_:on:animated:)``.
///
/// A string literal is a destination without parameters: `.setStack(["A1", "A2"])`.
public struct Destination: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The scene to build.
    public var scene: SceneIdentifier
    /// The parameters to build it with.
    public var parameters: SceneParameters
    /// The typed value to build it with, if any.
    public var payload: ScenePayload?

    /// Creates a destination.
    ///
    /// - Parameters:
    ///   - scene: The scene to build.
    ///   - parameters: The parameters to build it with.
    ///   - payload: The typed value to build it with.
    public init(
        _ scene: SceneIdentifier, parameters: SceneParameters = [:],
        payload: ScenePayload? = nil
    ) {
        self.scene = scene
        self.parameters = parameters
        self.payload = payload
    }

    /// A destination of the scene named `value`, without parameters.
    ///
    /// - Parameter value: The scene's name.
    public init(stringLiteral value: String) {
        self.init(SceneIdentifier(value))
    }

    /// The destination as Swift source would write it: `"A2"` or
    /// `Destination("A2", parameters: ["id": "7"])`.
    public var description: String {
        parameters.isEmpty
            ? scene.quoted
            : "Destination(\(scene.quoted), parameters: \(parameters.literal))"
    }
}

/// One tab of a ``ApplicationTransitionType/tabs(_:selected:animated:)`` request: its name and
/// the scene of its first screen.
public struct TabItem: Hashable, Sendable, CustomStringConvertible {
    /// The tab's name, unique among the tabs: `"home"`, `"search"`.
    public var name: String
    /// The scene of the tab's first screen.
    public var scene: SceneIdentifier
    /// The parameters to build that screen with.
    public var parameters: SceneParameters
    /// The typed value to build that screen with, if any.
    public var payload: ScenePayload?

    /// Creates a tab item.
    ///
    /// - Parameters:
    ///   - name: The tab's name, unique among the tabs.
    ///   - scene: The scene of the tab's first screen.
    ///   - parameters: The parameters to build it with.
    ///   - payload: The typed value to build it with.
    public init(
        _ name: String, scene: SceneIdentifier, parameters: SceneParameters = [:],
        payload: ScenePayload? = nil
    ) {
        self.name = name
        self.scene = scene
        self.parameters = parameters
        self.payload = payload
    }

    /// The longest tab name accepted, in UTF-8 bytes.
    package static let maximumNameByteCount = 64

    /// Whether `name` is a valid tab name: 1 to 64 bytes, without
    /// whitespace or control characters.
    static func isValidName(_ name: String) -> Bool {
        let count = name.utf8.count
        guard count > 0, count <= maximumNameByteCount else { return false }
        return !name.unicodeScalars.contains {
            $0.properties.isWhitespace || $0.properties.generalCategory == .control
                || $0.properties.generalCategory == .format
        }
    }

    /// The item as Swift source would write it: `TabItem("home", scene: "Home")`.
    public var description: String {
        let parametersPart = parameters.isEmpty ? "" : ", parameters: \(parameters.literal)"
        return
            "TabItem(\"\(NavigationError.shorten(name))\", scene: \(scene.quoted)\(parametersPart))"
    }
}

extension ApplicationTransitionType: CustomStringConvertible {
    /// The request as Swift source would write it, as in `.push(scene: "A2", animated: true)`.
    public var description: String {
        func sceneCall(
            _ name: String, _ scene: SceneIdentifier, _ parameters: SceneParameters,
            _ payload: ScenePayload?, _ animated: Bool, style: PresentationStyle? = nil,
            stack: StackID? = nil
        ) -> String {
            let parametersPart = parameters.isEmpty ? "" : ", parameters: \(parameters.literal)"
            let payloadPart = payload.map { ", payload: \($0.typeName)" } ?? ""
            let stylePart = style.map { $0 == .sheet() ? "" : ", style: \($0.literal)" } ?? ""
            return
                ".\(name)(scene: \(scene.quoted)\(parametersPart)\(payloadPart)\(stylePart)"
                + "\(on(stack))animated: \(animated))"
        }
        func on(_ stack: StackID?) -> String { stack.map { ", on: \($0), " } ?? ", " }
        func list<T: CustomStringConvertible>(_ items: [T]) -> String {
            let shown = items.prefix(8).map(\.description)
            let more = items.count > 8 ? ", … \(items.count - 8) more" : ""
            return "[" + shown.joined(separator: ", ") + more + "]"
        }
        switch self {
        case .root(let scene, let parameters, let payload, let animated):
            return sceneCall("root", scene, parameters, payload, animated)
        case .push(let scene, let parameters, let payload, let stack, let animated):
            return sceneCall("push", scene, parameters, payload, animated, stack: stack)
        case .present(let scene, let parameters, let payload, let style, let animated):
            return sceneCall("present", scene, parameters, payload, animated, style: style)
        case .replace(let scene, let parameters, let payload, let animated):
            return sceneCall("replace", scene, parameters, payload, animated)
        case .alert(let content, let animated):
            return ".alert(\(content.name.quoted): \(content), animated: \(animated))"
        case .tabs(let items, let selected, let animated):
            return
                ".tabs(\(list(items)), selected: \"\(NavigationError.shorten(selected))\", animated: \(animated))"
        case .selectTab(let name, let animated):
            return ".selectTab(\"\(NavigationError.shorten(name))\", animated: \(animated))"
        case .addTab(let item, let index, let animated):
            let position = index.map { ", at: \($0)" } ?? ""
            return ".addTab(\(item)\(position), animated: \(animated))"
        case .removeTab(let name, let animated):
            return ".removeTab(\"\(NavigationError.shorten(name))\", animated: \(animated))"
        case .split(let primary, let supplementary, let detail, let style, let animated):
            let supplementaryPart = supplementary.map { ", supplementary: \($0)" } ?? ""
            let detailPart = detail.map { ", detail: \($0)" } ?? ""
            let stylePart = style.map { ", style: .\($0.rawValue)" } ?? ""
            return
                ".split(primary: \(primary)\(supplementaryPart)\(detailPart)\(stylePart), "
                + "animated: \(animated))"
        case .showDetail(let destination, let animated):
            return ".showDetail(\(destination), animated: \(animated))"
        case .showSupplementary(let destination, let animated):
            return ".showSupplementary(\(destination), animated: \(animated))"
        case .setStack(let screens, let stack, let animated):
            return ".setStack(\(list(screens))\(on(stack))animated: \(animated))"
        case .pop(let stack, let animated):
            return ".pop(\(stack.map { "on: \($0), " } ?? "")animated: \(animated))"
        case .popToRoot(let stack, let animated):
            return ".popToRoot(\(stack.map { "on: \($0), " } ?? "")animated: \(animated))"
        case .updateModal(let stack, let lock, let detent, let animated):
            let parts =
                [
                    stack.map { "on: \($0)" }, lock.map { "interactiveDismissal: \($0)" },
                    detent.map { "detent: \($0.literal)" }, "animated: \(animated)",
                ].compactMap { $0 }
            return ".updateModal(\(parts.joined(separator: ", ")))"
        case .popTo(let scene, let animated):
            return ".popTo(scene: \(scene.quoted), animated: \(animated))"
        case .dismiss(let animated):
            return ".dismiss(animated: \(animated))"
        case .dismissAll(let animated):
            return ".dismissAll(animated: \(animated))"
        }
    }
}

extension TransitionEvent {
    /// The kind of a transition, without its values: what a log line or a renderer switches on.
    public enum Kind: String, Hashable, Sendable, CaseIterable, Codable,
        CustomStringConvertible
    {
        /// A new root replaced the whole tree.
        case root
        /// A screen was pushed onto the top-most stack.
        case push
        /// A modal was presented over the top-most place.
        case present
        /// The visible screen was popped.
        case pop
        /// The top-most stack was popped back to its first screen.
        case popToRoot
        /// The top-most stack was popped back to a named scene.
        case popTo
        /// The top-most modal was dismissed.
        case dismiss
        /// Every modal was dismissed.
        case dismissAll
        /// The whole tree was replaced at once, by opening a deep link or restoring a snapshot.
        case replaceTree
        /// A tab container became the root, replacing the whole tree.
        case tabs
        /// Another tab was selected.
        case selectTab
        /// A tab was added to the tab container.
        case addTab
        /// A tab was removed from the tab container.
        case removeTab
        /// The top-most stack was set to a list of screens at once.
        case setStack
        /// The visible screen was replaced by a new one.
        case replace
        /// A split became the root, replacing the whole tree.
        case split
        /// A split's detail column was set to a new screen (a selection in its sidebar or list).
        case showDetail
        /// A three-column split's supplementary column was set to a new screen, its detail
        /// emptied.
        case showSupplementary
        /// The platform reported a new size class: a split root collapsed or expanded.
        case sizeClass

        /// A shown modal's lock or resting detent changed, by a request or by the user's drag.
        case updateModal

        /// The kind's name, as the demo prints it (`push`, `pop-to-root`, …).
        public var description: String {
            switch self {
            case .popToRoot: return "pop-to-root"
            case .popTo: return "pop-to"
            case .dismissAll: return "dismiss-all"
            case .replaceTree: return "replace-tree"
            case .selectTab: return "select-tab"
            case .addTab: return "add-tab"
            case .removeTab: return "remove-tab"
            case .setStack: return "set-stack"
            case .showDetail: return "show-detail"
            case .showSupplementary: return "show-supplementary"
            case .sizeClass: return "size-class"
            case .updateModal: return "update-modal"
            default: return rawValue
            }
        }

        /// Whether a request of this kind acts on the top-most stack (pushes, presents, pops,
        /// replaces or sets it): refused over an alert.
        package var actsOnTopStack: Bool {
            switch self {
            case .push, .present, .pop, .popToRoot, .popTo, .setStack, .replace: return true
            default: return false
            }
        }

        /// Whether this kind adds new screens (root, push, present, tabs, add-tab, set-stack,
        /// replace, replace-tree, split, show-detail, show-supplementary) rather than removing
        /// screens, selecting a tab or following the window's size.
        package var addsScreen: Bool {
            switch self {
            case .root, .push, .present, .replaceTree, .tabs, .addTab, .setStack, .replace, .split,
                .showDetail, .showSupplementary:
                return true
            case .pop, .popToRoot, .popTo, .dismiss, .dismissAll, .selectTab, .removeTab,
                .sizeClass, .updateModal:
                return false
            }
        }
    }
}
