/// A navigation request: what should happen to the screen tree.
///
/// The five cases of the original design keep their names and labels, so
/// `coordinator.navigate(.push(scene: "A2", animated: true))` reads as it did; each scene case
/// also takes optional ``SceneParameters`` for the screen being built. Three cases go beyond the
/// original: ``popToRoot(animated:)``, ``popTo(scene:animated:)`` and ``dismissAll(animated:)``.
///
/// Every case acts on the **top-most** stack: the stack of the last presented modal, or the root
/// stack when nothing is presented. See `docs/architecture.md` for the model.
public enum ApplicationTransitionType: Hashable, Sendable {
    /// Replaces the whole tree with a new root stack holding just `scene`.
    ///
    /// All screens and modals that were there before are removed.
    case root(
        scene: SceneIdentifier, parameters: SceneParameters = SceneParameters(),
        animated: Bool = false)

    /// Pushes `scene` onto the top-most stack.
    case push(
        scene: SceneIdentifier, parameters: SceneParameters = SceneParameters(),
        animated: Bool = true)

    /// Presents `scene` as a modal over the top-most place, in a stack of its own.
    case present(
        scene: SceneIdentifier, parameters: SceneParameters = SceneParameters(),
        animated: Bool = true)

    /// Removes the visible screen from the top-most stack; a stack's first screen is never popped.
    case pop(animated: Bool = true)

    /// Removes every screen above the first one of the top-most stack.
    case popToRoot(animated: Bool = true)

    /// Removes the screens above the nearest screen of `scene` below the top of the top-most stack.
    case popTo(scene: SceneIdentifier, animated: Bool = true)

    /// Removes the top-most modal and everything in it.
    case dismiss(animated: Bool = true)

    /// Removes every modal, leaving the root stack as it is.
    case dismissAll(animated: Bool = true)

    /// What kind of transition this is, without its values.
    public var kind: TransitionKind {
        switch self {
        case .root: return .root
        case .push: return .push
        case .present: return .present
        case .pop: return .pop
        case .popToRoot: return .popToRoot
        case .popTo: return .popTo
        case .dismiss: return .dismiss
        case .dismissAll: return .dismissAll
        }
    }

    /// The scene this request names, if any: the one to build, or the one to pop back to.
    public var scene: SceneIdentifier? {
        switch self {
        case .root(let scene, _, _), .push(let scene, _, _), .present(let scene, _, _):
            return scene
        case .popTo(let scene, _):
            return scene
        case .pop, .popToRoot, .dismiss, .dismissAll:
            return nil
        }
    }

    /// Whether a renderer should animate the change.
    public var animated: Bool {
        switch self {
        case .root(_, _, let animated), .push(_, _, let animated), .present(_, _, let animated):
            return animated
        case .pop(let animated), .popToRoot(let animated), .popTo(_, let animated),
            .dismiss(let animated), .dismissAll(let animated):
            return animated
        }
    }
}

extension ApplicationTransitionType: CustomStringConvertible {
    /// The request as Swift source would write it, as in `.push(scene: "A2", animated: true)`.
    public var description: String {
        func sceneCall(
            _ name: String, _ scene: SceneIdentifier, _ parameters: SceneParameters,
            _ animated: Bool
        ) -> String {
            let parametersPart =
                parameters.isEmpty
                ? ""
                : ", parameters: ["
                    + parameters.sorted.map { "\"\($0.key)\": \"\($0.value)\"" }
                    .joined(separator: ", ") + "]"
            return ".\(name)(scene: \(scene.quoted)\(parametersPart), animated: \(animated))"
        }
        switch self {
        case .root(let scene, let parameters, let animated):
            return sceneCall("root", scene, parameters, animated)
        case .push(let scene, let parameters, let animated):
            return sceneCall("push", scene, parameters, animated)
        case .present(let scene, let parameters, let animated):
            return sceneCall("present", scene, parameters, animated)
        case .pop(let animated):
            return ".pop(animated: \(animated))"
        case .popToRoot(let animated):
            return ".popToRoot(animated: \(animated))"
        case .popTo(let scene, let animated):
            return ".popTo(scene: \(scene.quoted), animated: \(animated))"
        case .dismiss(let animated):
            return ".dismiss(animated: \(animated))"
        case .dismissAll(let animated):
            return ".dismissAll(animated: \(animated))"
        }
    }
}

/// The kind of a transition, without its values: what a log line or a renderer switches on.
public enum TransitionKind: String, Hashable, Sendable, CaseIterable, Codable,
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

    /// The kind's name, as the demo prints it (`push`, `pop-to-root`, …).
    public var description: String {
        switch self {
        case .popToRoot: return "pop-to-root"
        case .popTo: return "pop-to"
        case .dismissAll: return "dismiss-all"
        case .replaceTree: return "replace-tree"
        default: return rawValue
        }
    }

    /// Whether this kind adds a new screen (root, push, present) rather than removing screens.
    public var addsScreen: Bool {
        switch self {
        case .root, .push, .present, .replaceTree: return true
        case .pop, .popToRoot, .popTo, .dismiss, .dismissAll: return false
        }
    }
}
