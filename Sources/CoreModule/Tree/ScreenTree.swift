/// The headless screen tree: what UIKit would hold in a window, as a plain value.
///
/// A window has at most one root, a navigation stack. A stack may present one modal over it,
/// which holds a stack of its own, so modals chain: the tree is the root stack followed by the
/// chain of modal stacks. The **top-most** stack is the last one; its last screen is the
/// **visible** screen.
///
/// ```swift
/// #expect(coordinator.tree.scenes == [["A1", "A2"], ["B1"]])
/// #expect(coordinator.tree.visibleScreen?.scene == "B1")
/// print(coordinator.tree)
/// // window
/// // └─ stack: A1 #1 › A2 #2 (id=7)
/// //    └─ modal: B1 #3
/// ```
///
/// `ScreenTree` is `Equatable`, so a test can compare a whole tree in one expression, including
/// every screen's identity; ``scenes`` compares the structure alone. Reading a tree from a
/// coordinator is O(1): the value shares storage until one side changes.
public struct ScreenTree: Equatable, Sendable {
    /// Every screen, stack after stack, root stack first.
    private(set) var storage: [Screen]
    /// Where each stack begins in `storage`; stack 0 is the root stack.
    private(set) var stackStarts: [Int]

    /// An empty window: no root, no screens.
    public init() {
        storage = []
        stackStarts = []
    }

    /// Makes room for `screens` screens in `stacks` stacks without growing.
    mutating func reserveCapacity(screens: Int, stacks: Int) {
        storage.reserveCapacity(screens)
        stackStarts.reserveCapacity(stacks)
    }

    /// An empty window: no root, no screens.
    public static let empty = ScreenTree()

    // MARK: Reading

    /// Whether the window has no root yet.
    public var isEmpty: Bool { storage.isEmpty }

    /// The number of screens in every stack together.
    public var screenCount: Int { storage.count }

    /// The number of stacks: 0 when empty, else 1 plus the number of modals.
    public var stackCount: Int { stackStarts.count }

    /// The number of modals presented, one over the other.
    public var modalCount: Int { Swift.max(0, stackStarts.count - 1) }

    /// Every stack, root stack first, then each modal in the order presented.
    public var stacks: [ScreenStack] {
        (0..<stackStarts.count).map(stack(at:))
    }

    /// The root stack, or `nil` when the window is empty.
    public var root: ScreenStack? {
        stackStarts.isEmpty ? nil : stack(at: 0)
    }

    /// The modal stacks, in the order they were presented.
    public var modals: [ScreenStack] {
        stackStarts.count < 2 ? [] : (1..<stackStarts.count).map(stack(at:))
    }

    /// The top-most stack: the last modal, or the root stack when nothing is presented.
    public var topStack: ScreenStack? {
        stackStarts.isEmpty ? nil : stack(at: stackStarts.count - 1)
    }

    /// The screen the user sees: the last screen of the top-most stack.
    public var visibleScreen: Screen? { storage.last }

    /// Where the visible screen stands, or `nil` when the window is empty.
    public var visibleLocation: ScreenLocation? {
        storage.isEmpty ? nil : lastLocation()
    }

    /// Every screen, root stack first and each stack from bottom to top.
    public var screens: [Screen] { storage }

    /// The scene names of each stack, root stack first: the tree's structure without identities.
    public var scenes: [[SceneIdentifier]] {
        stacks.map { $0.map(\.scene) }
    }

    /// The screen with identity `id`, if it is in the tree.
    ///
    /// - Parameter id: The screen's identity.
    /// - Returns: The screen, or `nil` when no screen in the tree has that identity.
    /// - Complexity: O(*n*) in the number of screens.
    public func screen(_ id: ScreenID) -> Screen? {
        storage.first { $0.id == id }
    }

    /// Where the screen with identity `id` stands, if it is in the tree.
    ///
    /// - Parameter id: The screen's identity.
    /// - Returns: The location, or `nil` when no screen in the tree has that identity.
    /// - Complexity: O(*n*) in the number of screens.
    public func location(of id: ScreenID) -> ScreenLocation? {
        guard let offset = storage.firstIndex(where: { $0.id == id }) else { return nil }
        let level = (stackStarts.lastIndex { $0 <= offset }) ?? 0
        let screen = storage[offset]
        return ScreenLocation(
            screen: id, scene: screen.scene, level: level, index: offset - stackStarts[level])
    }

    /// The stack at `level`: 0 for the root stack, N for the N-th modal.
    ///
    /// - Parameter level: A level below ``stackCount``.
    /// - Returns: The stack at that level.
    public func stack(at level: Int) -> ScreenStack {
        let start = stackStarts[level]
        let end = level + 1 < stackStarts.count ? stackStarts[level + 1] : storage.count
        return ScreenStack(level: level, screens: storage[start..<end])
    }

    /// The number of screens in the top-most stack; 0 when the window is empty.
    var topStackCount: Int {
        guard let start = stackStarts.last else { return 0 }
        return storage.count - start
    }

    // MARK: Changing (the coordinator checks each precondition and throws before calling these)

    /// Replaces everything with a root stack holding `screen`; returns where `screen` stands.
    mutating func replaceAll(with screen: consuming Screen) -> ScreenLocation {
        storage.removeAll(keepingCapacity: true)
        stackStarts.removeAll(keepingCapacity: true)
        stackStarts.append(0)
        let location = ScreenLocation(screen: screen.id, scene: screen.scene, level: 0, index: 0)
        storage.append(screen)
        return location
    }

    /// Pushes `screen` onto the top-most stack; returns where it stands.
    ///
    /// Precondition: the window is not empty.
    mutating func push(_ screen: consuming Screen) -> ScreenLocation {
        storage.append(screen)
        return lastLocation()
    }

    /// Presents `screen` in a new modal stack; returns where it stands.
    ///
    /// Precondition: the window is not empty.
    mutating func present(_ screen: consuming Screen) -> ScreenLocation {
        stackStarts.append(storage.count)
        storage.append(screen)
        return lastLocation()
    }

    /// Removes every screen from `offset` on, and the stacks that start there or later.
    ///
    /// Every removal the coordinator makes is such a suffix: a pop removes the top of the
    /// top-most stack, a dismiss removes the top-most stacks, a new root removes everything.
    mutating func removeSuffix(from offset: Int) {
        let count = storage.count - offset
        if count == 1 {
            storage.removeLast()
        } else {
            storage.removeLast(count)
        }
        while let last = stackStarts.last, last >= offset {
            stackStarts.removeLast()
        }
    }

    /// The location of the last screen; the window must not be empty.
    func lastLocation() -> ScreenLocation {
        let offset = storage.count - 1
        let level = stackStarts.count - 1
        return ScreenLocation(
            screen: storage[offset].id, scene: storage[offset].scene, level: level,
            index: offset - stackStarts[level])
    }

    // MARK: Invariants

    /// Every rule of the tree that does not hold, as sentences naming the offending values;
    /// empty when the tree is well formed.
    ///
    /// The rules: an empty tree has no stacks; otherwise the root stack starts at the first
    /// screen, stacks start in increasing order, every stack holds at least one screen, and no
    /// two screens share an identity.
    package func invariantViolations() -> [String] {
        var violations: [String] = []
        if storage.isEmpty != stackStarts.isEmpty {
            violations.append(
                "\(storage.count) screens are held in \(stackStarts.count) stacks.")
        }
        if let first = stackStarts.first, first != 0 {
            violations.append("The root stack starts at screen \(first), not 0.")
        }
        for (level, start) in stackStarts.enumerated() {
            let end = level + 1 < stackStarts.count ? stackStarts[level + 1] : storage.count
            if end <= start {
                violations.append("Stack \(level) is empty (from \(start) to \(end)).")
            }
        }
        var seen = Set<ScreenID>()
        for screen in storage where !seen.insert(screen.id).inserted {
            violations.append("Screen \(screen.id) appears twice.")
        }
        return violations
    }
}

extension ScreenTree: CustomStringConvertible {
    /// The tree as an indented text rendering, one line per stack.
    ///
    /// ```text
    /// window
    /// └─ stack: A1 #1 › A2 #2 (id=7)
    ///    └─ modal: B1 #3
    /// ```
    public var description: String {
        guard !stackStarts.isEmpty else { return "window (empty)" }
        var lines = ["window"]
        for stack in stacks {
            let indent = String(repeating: "   ", count: stack.level)
            let label = stack.level == 0 ? "stack" : "modal"
            let screens = stack.map(\.description).joined(separator: " › ")
            lines.append("\(indent)└─ \(label): \(screens)")
        }
        return lines.joined(separator: "\n")
    }
}

/// One navigation stack of the tree: a non-empty list of screens, bottom first.
///
/// A `ScreenStack` is a view into a ``ScreenTree``; index it from 0.
public struct ScreenStack: RandomAccessCollection, Equatable, Sendable {
    /// 0 for the root stack, N for the N-th modal.
    public let level: Int
    private let slice: ArraySlice<Screen>

    init(level: Int, screens: ArraySlice<Screen>) {
        self.level = level
        self.slice = screens
    }

    /// Whether this is the root stack rather than a modal.
    public var isRoot: Bool { level == 0 }

    /// The first index: always 0.
    public var startIndex: Int { 0 }

    /// One past the last index: the number of screens.
    public var endIndex: Int { slice.count }

    /// The screen at `position`, counted from 0 at the bottom of the stack.
    ///
    /// - Parameter position: A position from 0 to `count - 1`.
    public subscript(position: Int) -> Screen {
        slice[slice.startIndex + position]
    }

    /// Whether two stacks are at the same level and hold equal screens.
    public static func == (lhs: ScreenStack, rhs: ScreenStack) -> Bool {
        lhs.level == rhs.level && lhs.slice.elementsEqual(rhs.slice)
    }
}
