/// The identity of one screen instance in the tree.
///
/// Every screen a coordinator builds gets a new identity, so two pushes of `"A2"` are two
/// screens. Identities are numbered from 1 per coordinator, in the order screens were built, and
/// print as `#1`, `#2`, … .
public struct ScreenID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The screen's number, unique within its coordinator.
    public let rawValue: UInt64

    /// Wraps a screen number.
    ///
    /// - Parameter rawValue: The number.
    public init(_ rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// Orders identities by number, which is the order the screens were built in.
    public static func < (lhs: ScreenID, rhs: ScreenID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The identity as `#N`.
    public var description: String { "#\(rawValue)" }
}

/// The identity of one navigation stack in the tree: the root stack, a tab's stack or a
/// modal's.
///
/// A stack keeps its identity while screens are pushed onto it and popped from it; a new root,
/// a new tab container or a new modal makes new stacks. Identities are numbered from 1 per
/// coordinator, never reused, and print as `s1`, `s2`, … .
public struct StackID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The stack's number, unique within its coordinator.
    public let rawValue: UInt64

    /// Wraps a stack number.
    ///
    /// - Parameter rawValue: The number.
    package init(_ rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// Orders identities by number, which is the order the stacks were made in.
    public static func < (lhs: StackID, rhs: StackID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The identity as `sN`.
    public var description: String { "s\(rawValue)" }
}

/// The identity of one presented modal.
///
/// Identities are numbered from 1 per coordinator, in the order modals were presented, never
/// reused, and print as `m1`, `m2`, … . A modal presented again after a dismiss is a new modal.
package struct ModalID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The modal's number, unique within its coordinator.
    package let rawValue: UInt64

    /// Wraps a modal number.
    ///
    /// - Parameter rawValue: The number.
    package init(_ rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// Orders identities by number, which is the order the modals were presented in.
    package static func < (lhs: ModalID, rhs: ModalID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The identity as `mN`.
    package var description: String { "m\(rawValue)" }
}

/// What a ``Builder`` makes for a screen: the object a renderer shows (a view controller, a view
/// model, or, in tests, any small class).
///
/// It is a class, so that its identity and lifetime are observable, and `Sendable`, so that
/// snapshots of the tree can cross actors. A `@MainActor` class satisfies both.
public typealias ScreenContent = AnyObject & Sendable

/// One screen in the tree: its identity, its scene, the parameters it was built with and the
/// object its builder made.
///
/// Two screens are equal when they have the same identity, scene and parameters; the content is
/// the same object whenever the identity is the same.
public struct Screen: Identifiable, Sendable {
    /// The screen's identity, unique within its coordinator.
    public let id: ScreenID
    /// The scene the screen was built for.
    public let scene: SceneIdentifier
    /// The parameters the screen was built with.
    public let parameters: SceneParameters
    /// The typed value the screen was built with, if any.
    public let payload: ScenePayload?
    /// The object the scene's builder made.
    public let content: any ScreenContent

    /// Creates a screen record.
    ///
    /// - Parameters:
    ///   - id: The screen's identity.
    ///   - scene: The scene it was built for.
    ///   - parameters: The parameters it was built with.
    ///   - payload: The typed value it was built with.
    ///   - content: The object its builder made.
    package init(
        id: ScreenID, scene: SceneIdentifier, parameters: SceneParameters,
        payload: ScenePayload? = nil, content: any ScreenContent
    ) {
        self.id = id
        self.scene = scene
        self.parameters = parameters
        self.payload = payload
        self.content = content
    }
}

extension Screen: Hashable {
    /// Whether two screens have the same identity, scene, parameters and payload.
    public static func == (lhs: Screen, rhs: Screen) -> Bool {
        lhs.id == rhs.id && lhs.scene == rhs.scene && lhs.parameters == rhs.parameters
            && lhs.payload == rhs.payload
    }

    /// Hashes the screen's identity, which is unique within its coordinator.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}

extension Screen: CustomStringConvertible {
    /// The screen as `A2 #3`, with parameters `A2 #3 (id=7)`, with a payload
    /// `A2 #3 (id=7; Product)`, and an alert's as its title: `DiscardDraft #5 ("Discard?")`.
    public var description: String {
        let shown = payload.map { payload in
            payload.value(as: AlertContent.self).map {
                "\"\(NavigationError.shorten($0.title))\""
            } ?? payload.typeName
        }
        let details = [parameters.isEmpty ? nil : "\(parameters)", shown]
            .compactMap { $0 }
        return details.isEmpty
            ? "\(scene) \(id)" : "\(scene) \(id) (\(details.joined(separator: "; ")))"
    }
}

/// Where a screen stands in the tree.
///
/// `level` 0 is the window's root (the root stack, or a tab's stack), 1 the first modal presented
/// over it, and so on; `index` is the screen's position in its stack, 0 being the stack's first
/// screen.
public struct ScreenLocation: Hashable, Sendable, CustomStringConvertible {
    /// The screen's identity.
    public let screen: ScreenID
    /// The screen's scene.
    public let scene: SceneIdentifier
    /// The level of the stack it is in: 0 for the root stack or a tab's stack, N for the N-th
    /// modal.
    public let level: Int
    /// Its position in that stack, from 0 at the bottom.
    public let index: Int

    /// Creates a location.
    ///
    /// - Parameters:
    ///   - screen: The screen's identity.
    ///   - scene: The screen's scene.
    ///   - level: 0 for the root stack, N for the N-th modal.
    ///   - index: The position in the stack, from 0.
    package init(screen: ScreenID, scene: SceneIdentifier, level: Int, index: Int) {
        self.screen = screen
        self.scene = scene
        self.level = level
        self.index = index
    }

    /// The location as `A2 #3`.
    public var description: String { "\(scene) \(screen)" }
}
