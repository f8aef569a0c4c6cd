import Foundation

/// A `Codable` description of a screen tree, for state restoration: scene names, parameters,
/// tabs, modals and their styles, with a format version.
///
/// ```swift
/// let data = try JSONEncoder().encode(coordinator.snapshot())
/// // … the app is killed and relaunched …
/// try coordinator.restore(JSONDecoder().decode(TreeSnapshot.self, from: data))
/// ```
///
/// Screen objects and identities are not saved: restoring rebuilds every screen through its
/// builder, with the parameters it was built with.
///
/// This version writes format version 2, which holds tabs and presentation styles. It reads
/// version 1 too (a root stack, then one stack per modal, every modal a sheet).
public struct TreeSnapshot: Codable, Hashable, Sendable {
    /// One saved screen: its scene, the parameters it was built with, and its payload.
    public struct Screen: Codable, Hashable, Sendable {
        /// The scene's registered identifier.
        public var scene: SceneIdentifier
        /// The parameters the screen was built with.
        public var parameters: SceneParameters
        /// The screen's payload, as JSON under its registered type name; `nil` when it had none.
        public var payload: SavedPayload?

        /// Creates a saved screen.
        ///
        /// - Parameters:
        ///   - scene: The scene's registered identifier.
        ///   - parameters: The parameters it was built with.
        ///   - payload: Its payload, saved.
        public init(
            scene: SceneIdentifier, parameters: SceneParameters = [:], payload: SavedPayload? = nil
        ) {
            self.scene = scene
            self.parameters = parameters
            self.payload = payload
        }
    }

    /// A saved payload: the name its type is registered under in ``PayloadTypes``, and its
    /// value as JSON.
    public struct SavedPayload: Codable, Hashable, Sendable {
        /// The registered name of the payload's type.
        public var type: String
        /// The payload's value, as JSON.
        public var json: String

        /// Creates a saved payload.
        ///
        /// - Parameters:
        ///   - type: The registered name of the payload's type.
        ///   - json: The payload's value, as JSON.
        public init(type: String, json: String) {
            self.type = type
            self.json = json
        }
    }

    /// One saved tab: its name and its stack.
    public struct Tab: Codable, Hashable, Sendable {
        /// The tab's name.
        public var name: String
        /// The tab's stack, bottom first.
        public var stack: [Screen]

        /// Creates a saved tab.
        ///
        /// - Parameters:
        ///   - name: The tab's name.
        ///   - stack: The tab's stack, bottom first.
        public init(name: String, stack: [Screen]) {
            self.name = name
            self.stack = stack
        }
    }

    /// One saved modal: its style and its stack.
    public struct Modal: Codable, Hashable, Sendable {
        /// How the modal is presented.
        public var style: PresentationStyle
        /// The modal's stack, bottom first.
        public var stack: [Screen]

        /// Creates a saved modal.
        ///
        /// - Parameters:
        ///   - style: How the modal is presented.
        ///   - stack: The modal's stack, bottom first.
        public init(style: PresentationStyle = .sheet(), stack: [Screen]) {
            self.style = style
            self.stack = stack
        }
    }

    /// The format version this package writes, and the newest it reads.
    public static let currentVersion = 2

    /// The most screens a snapshot may hold, in all its stacks together.
    public static let maximumScreens = 512
    /// The most tabs a snapshot may hold.
    public static let maximumTabs = 16
    /// The most modals a snapshot may hold.
    public static let maximumModals = 32
    /// The most parameters one saved screen may have.
    public static let maximumParametersPerScreen = 64
    /// The largest snapshot ``decode(_:)`` reads, in bytes of JSON.
    public static let maximumByteCount = 1 << 20

    /// Reads a snapshot from JSON, checking its size before a byte is parsed and its limits as
    /// it is decoded.
    ///
    /// ```swift
    /// let snapshot = try TreeSnapshot.decode(savedData)
    /// try coordinator.restore(snapshot)
    /// ```
    ///
    /// - Parameter bytes: JSON written from a ``TreeSnapshot`` (by `JSONEncoder`): a `Data` or
    ///   any collection of bytes.
    /// - Returns: The snapshot.
    /// - Throws: ``NavigationError/unsupportedSnapshotVersion(found:supported:)`` for a version
    ///   this package does not read; ``NavigationError/invalidSnapshot(_:)`` with
    ///   ``SnapshotProblem/tooManyBytes(count:limit:)`` for data over ``maximumByteCount``, or
    ///   with ``SnapshotProblem/unreadable(reason:)`` for anything else that is not a snapshot
    ///   (including a list over its limit).
    public static func decode(_ bytes: some Collection<UInt8>) throws(NavigationError)
        -> TreeSnapshot
    {
        guard bytes.count <= maximumByteCount else {
            throw .invalidSnapshot(.tooManyBytes(count: bytes.count, limit: maximumByteCount))
        }
        let data = Data(bytes)
        do {
            return try JSONDecoder().decode(TreeSnapshot.self, from: data)
        } catch {
            if let version = (try? JSONDecoder().decode(VersionOnly.self, from: data))?.version,
                !(1...currentVersion).contains(version)
            {
                throw .unsupportedSnapshotVersion(found: version, supported: currentVersion)
            }
            throw .invalidSnapshot(
                .unreadable(reason: NavigationError.shorten(String(describing: error))))
        }
    }

    /// A snapshot's version alone, to name it when the rest cannot be read.
    private struct VersionOnly: Decodable {
        let version: Int
    }

    /// The format version the snapshot was written with.
    public var version: Int
    /// The root stack, bottom first; empty for a tab root or an empty window.
    public var root: [Screen]
    /// The tabs of a tab root, in order; empty for a stack root.
    public var tabs: [Tab]
    /// The index in ``tabs`` of the selected tab.
    public var selectedTab: Int
    /// The modals, in the order they were presented.
    public var modals: [Modal]

    /// Creates a snapshot of a stack root.
    ///
    /// - Parameters:
    ///   - version: The format version; ``currentVersion`` by default.
    ///   - root: The root stack, bottom first; empty for an empty window.
    ///   - modals: The modals, in the order presented.
    public init(version: Int = TreeSnapshot.currentVersion, root: [Screen], modals: [Modal] = []) {
        self.version = version
        self.root = root
        self.tabs = []
        self.selectedTab = 0
        self.modals = modals
    }

    /// Creates a snapshot of a tab root.
    ///
    /// - Parameters:
    ///   - version: The format version; ``currentVersion`` by default.
    ///   - tabs: The tabs, in order.
    ///   - selectedTab: The index in `tabs` of the selected tab.
    ///   - modals: The modals, in the order presented.
    public init(
        version: Int = TreeSnapshot.currentVersion, tabs: [Tab], selectedTab: Int,
        modals: [Modal] = []
    ) {
        self.version = version
        self.root = []
        self.tabs = tabs
        self.selectedTab = selectedTab
        self.modals = modals
    }

    /// Creates a snapshot in the version 1 shape: the root stack, then each modal's stack.
    ///
    /// Every modal is a sheet, and empty stacks are skipped, as version 1 skipped them.
    ///
    /// - Parameters:
    ///   - version: The format version; ``currentVersion`` by default.
    ///   - stacks: The root stack, then each modal's stack.
    public init(version: Int = TreeSnapshot.currentVersion, stacks: [[Screen]]) {
        let stacks = stacks.filter { !$0.isEmpty }
        self.init(
            version: version, root: stacks.first ?? [],
            modals: stacks.dropFirst().map { Modal(stack: $0) })
    }

    /// The number of screens in every stack together.
    package var screenCount: Int {
        root.count + tabs.reduce(0) { $0 + $1.stack.count }
            + modals.reduce(0) { $0 + $1.stack.count }
    }

    /// The number of stacks: the root stack or each tab's, plus one per modal.
    package var stackCount: Int {
        (tabs.isEmpty ? (root.isEmpty ? 0 : 1) : tabs.count) + modals.count
    }

    private enum CodingKeys: String, CodingKey {
        case version, root, tabs, selectedTab, modals, stacks
    }

    /// Reads a snapshot of version 1 or 2, checking its limits as early as the data allows:
    /// the number of tabs, modals and screens before their contents are read.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` when a list is over its limit or the version is
    ///   not one this package reads; ``AppCoordinator/restore(_:force:)`` reports it as
    ///   ``NavigationError/invalidSnapshot(_:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .version)
        guard (1...Self.currentVersion).contains(version) else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: container,
                debugDescription: SnapshotProblem.unsupportedVersion(
                    found: version, supported: Self.currentVersion
                ).description)
        }
        var screens = 0
        func stack(_ nested: inout any UnkeyedDecodingContainer) throws -> [Screen] {
            try Self.checkCount(nested.count, limit: Self.maximumScreens - screens, "screens")
            var result: [Screen] = []
            while !nested.isAtEnd { result.append(try nested.decode(Screen.self)) }
            screens += result.count
            return result
        }
        self.version = version
        if version == 1 {
            var stacks = try container.nestedUnkeyedContainer(forKey: .stacks)
            try Self.checkCount(stacks.count, limit: Self.maximumModals + 1, "stacks")
            var all: [[Screen]] = []
            while !stacks.isAtEnd {
                var nested: any UnkeyedDecodingContainer = try stacks.nestedUnkeyedContainer()
                all.append(try stack(&nested))
            }
            all.removeAll { $0.isEmpty }
            root = all.first ?? []
            tabs = []
            selectedTab = 0
            modals = all.dropFirst().map { Modal(stack: $0) }
            return
        }
        if container.contains(.root) {
            var nested: any UnkeyedDecodingContainer = try container.nestedUnkeyedContainer(
                forKey: .root)
            root = try stack(&nested)
        } else {
            root = []
        }
        // Each list's length is checked before its elements are read, and the screens as
        // each element is read.
        func list<Element: Decodable>(
            _ key: CodingKeys, limit: Int, _ what: String, stack: (Element) -> [Screen]
        ) throws -> [Element] {
            guard container.contains(key) else { return [] }
            var nested = try container.nestedUnkeyedContainer(forKey: key)
            try Self.checkCount(nested.count, limit: limit, what)
            var elements: [Element] = []
            while !nested.isAtEnd {
                let element = try nested.decode(Element.self)
                screens += stack(element).count
                try Self.checkCount(screens, limit: Self.maximumScreens, "screens")
                elements.append(element)
            }
            return elements
        }
        tabs = try list(.tabs, limit: Self.maximumTabs, "tabs") { (tab: Tab) in tab.stack }
        selectedTab = try container.decodeIfPresent(Int.self, forKey: .selectedTab) ?? 0
        modals = try list(.modals, limit: Self.maximumModals, "modals") { (modal: Modal) in
            modal.stack
        }
    }

    private static func checkCount(_ count: Int?, limit: Int, _ what: String) throws {
        guard let count, count > limit else { return }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: [], debugDescription: "The snapshot holds too many \(what)."))
    }

    /// Writes the snapshot in format version 2 (whatever ``version`` says: the package writes
    /// only the version it knows best).
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.currentVersion, forKey: .version)
        if !tabs.isEmpty {
            try container.encode(tabs, forKey: .tabs)
            try container.encode(selectedTab, forKey: .selectedTab)
        } else {
            try container.encode(root, forKey: .root)
        }
        if !modals.isEmpty { try container.encode(modals, forKey: .modals) }
    }

    /// The first rule or limit the snapshot breaks, or `nil` when it can be restored.
    func problem() -> SnapshotProblem? {
        guard (1...Self.currentVersion).contains(version) else {
            return .unsupportedVersion(found: version, supported: Self.currentVersion)
        }
        let count = screenCount
        if count > Self.maximumScreens {
            return .tooManyScreens(count: count, limit: Self.maximumScreens)
        }
        if tabs.count > Self.maximumTabs {
            return .tooManyTabs(count: tabs.count, limit: Self.maximumTabs)
        }
        if modals.count > Self.maximumModals {
            return .tooManyModals(count: modals.count, limit: Self.maximumModals)
        }
        if !tabs.isEmpty {
            if !root.isEmpty { return .rootAndTabs }
            if !tabs.indices.contains(selectedTab) {
                return .selectedTabOutOfRange(index: selectedTab, count: tabs.count)
            }
            var names = Set<String>()
            for tab in tabs {
                guard TabItem.isValidName(tab.name) else { return .invalidTabName(tab.name) }
                guard names.insert(tab.name).inserted else { return .duplicateTabName(tab.name) }
                if tab.stack.isEmpty { return .emptyStack }
            }
        } else if root.isEmpty && !modals.isEmpty {
            return .modalsWithoutRoot
        }
        if modals.contains(where: \.stack.isEmpty) { return .emptyStack }
        if let modal = modals.first(where: { !$0.style.isValid }) {
            return .invalidStyle(modal.style)
        }
        let allScreens = root + tabs.flatMap(\.stack) + modals.flatMap(\.stack)
        if let crowded = allScreens.first(where: {
            $0.parameters.count > Self.maximumParametersPerScreen
        }) {
            return .tooManyParameters(
                scene: crowded.scene, count: crowded.parameters.count,
                limit: Self.maximumParametersPerScreen)
        }
        return nil
    }
}

/// Why a snapshot cannot be restored, before any screen is built.
public enum SnapshotProblem: Hashable, Sendable, CustomStringConvertible {
    /// The snapshot's format version is `found`; this package reads 1 to `supported`.
    case unsupportedVersion(found: Int, supported: Int)
    /// The snapshot holds `count` screens, over the limit.
    case tooManyScreens(count: Int, limit: Int)
    /// The snapshot holds `count` tabs, over the limit.
    case tooManyTabs(count: Int, limit: Int)
    /// The snapshot holds `count` modals, over the limit.
    case tooManyModals(count: Int, limit: Int)
    /// A screen of `scene` has `count` parameters, over the limit.
    case tooManyParameters(scene: SceneIdentifier, count: Int, limit: Int)
    /// The selected tab's index is outside the tabs.
    case selectedTabOutOfRange(index: Int, count: Int)
    /// Two tabs have the name `name`.
    case duplicateTabName(String)
    /// A tab's name is not valid (see ``TabItem/maximumNameByteCount``).
    case invalidTabName(String)
    /// The snapshot has both a root stack and tabs.
    case rootAndTabs
    /// The snapshot has modals but no root.
    case modalsWithoutRoot
    /// A tab's or a modal's stack is empty.
    case emptyStack
    /// A modal's style cannot be shown (see ``PresentationStyle/isValid``).
    case invalidStyle(PresentationStyle)
    /// The snapshot's data is `count` bytes, over the limit of ``TreeSnapshot/decode(_:)``.
    case tooManyBytes(count: Int, limit: Int)
    /// The data is not a snapshot (not JSON, a field missing or of another type, a list over
    /// its limit), for `reason`.
    case unreadable(reason: String)
    /// A payload names a type that is not registered with ``PayloadTypes``.
    case unknownPayloadType(String)
    /// A payload of the registered type `type` cannot be read, for `reason`.
    case unreadablePayload(type: String, reason: String)

    /// The problem as the end of a sentence.
    public var description: String {
        switch self {
        case .unsupportedVersion(let found, let supported):
            return
                "its format version is \(found), and this package reads versions 1 to \(supported)"
        case .tooManyScreens(let count, let limit):
            return "it holds \(count) screens, over the limit of \(limit)"
        case .tooManyTabs(let count, let limit):
            return "it holds \(count) tabs, over the limit of \(limit)"
        case .tooManyModals(let count, let limit):
            return "it holds \(count) modals, over the limit of \(limit)"
        case .tooManyParameters(let scene, let count, let limit):
            return "a screen of \(scene.quoted) has \(count) parameters, over the limit of \(limit)"
        case .selectedTabOutOfRange(let index, let count):
            return
                "its selected tab is at index \(index), outside its \(count) "
                + (count == 1 ? "tab" : "tabs")
        case .duplicateTabName(let name):
            return "two tabs are named \"\(NavigationError.shorten(name))\""
        case .invalidTabName(let name):
            return "the tab name \"\(NavigationError.shorten(name))\" is not valid"
        case .rootAndTabs:
            return "it has both a root stack and tabs"
        case .modalsWithoutRoot:
            return "it has modals but no root"
        case .emptyStack:
            return "a tab or a modal has no screens"
        case .invalidStyle(let style):
            return "a modal has the style \(style.literal), which cannot be shown"
        case .tooManyBytes(let count, let limit):
            return "it is \(count) bytes, over the limit of \(limit)"
        case .unreadable(let reason):
            return "its data cannot be read: \(reason)"
        case .unknownPayloadType(let name):
            return
                "a payload names the type \"\(NavigationError.shorten(name))\", which is not "
                + "registered with PayloadTypes"
        case .unreadablePayload(let type, let reason):
            return
                "a payload of type \"\(NavigationError.shorten(type))\" cannot be read: "
                + NavigationError.shorten(reason)
        }
    }
}

extension ScreenTree {
    /// The tree's structure as a ``TreeSnapshot``: scene names, parameters, tabs, modals and
    /// styles, without payloads (``AppCoordinator/snapshot()`` saves those too).
    ///
    /// Two trees with equal snapshots are equal but for identities, screen objects and payloads.
    public var snapshot: TreeSnapshot {
        snapshot { (_: Screen) -> TreeSnapshot.SavedPayload? in nil }
    }

    /// The tree as a ``TreeSnapshot``, each screen's payload saved by `save`.
    func snapshot<Failure: Error>(
        saving save: (Screen) throws(Failure) -> TreeSnapshot.SavedPayload?
    ) throws(Failure) -> TreeSnapshot {
        func saved(_ stack: ScreenStack) throws(Failure) -> [TreeSnapshot.Screen] {
            var screens: [TreeSnapshot.Screen] = []
            for screen in stack {
                screens.append(
                    TreeSnapshot.Screen(
                        scene: screen.scene, parameters: screen.parameters,
                        payload: try save(screen)))
            }
            return screens
        }
        // In tree order, so that a failure names the first screen that cannot be saved.
        var tabs: [TreeSnapshot.Tab] = []
        for tab in self.tabs {
            tabs.append(TreeSnapshot.Tab(name: tab.name, stack: try saved(tab.stack)))
        }
        let root = try self.root.map(saved) ?? []
        var modals: [TreeSnapshot.Modal] = []
        for stack in self.modals {
            modals.append(
                TreeSnapshot.Modal(style: stack.style ?? .sheet(), stack: try saved(stack)))
        }
        if hasTabs {
            return TreeSnapshot(tabs: tabs, selectedTab: selectedTabIndex, modals: modals)
        }
        return TreeSnapshot(root: root, modals: modals)
    }
}
