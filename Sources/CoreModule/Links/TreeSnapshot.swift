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
/// This version writes format version 4, whose sheets may have custom detents and a resting
/// detent (`selected`). It reads versions 1 (a root stack, then one stack per modal, every
/// modal a sheet), 2 (tabs and presentation styles, no split) and 3 (split roots, sheets of
/// medium and large only) too. It holds at most 512 screens, 16 tabs, 32 modals and 64 parameters per screen;
/// ``decode(_:)`` reads at most 1 MiB of JSON.
public struct TreeSnapshot: Codable, Hashable, Sendable {
    /// One saved screen: its scene, the parameters it was built with, and its payload.
    package struct Screen: Codable, Hashable, Sendable {
        /// The scene's registered identifier.
        package var scene: SceneIdentifier
        /// The parameters the screen was built with.
        package var parameters: SceneParameters
        /// The screen's payload, as JSON under its registered type name; `nil` when it had none.
        package var payload: SavedPayload?

        /// Creates a saved screen.
        ///
        /// - Parameters:
        ///   - scene: The scene's registered identifier.
        ///   - parameters: The parameters it was built with.
        ///   - payload: Its payload, saved.
        package init(
            scene: SceneIdentifier, parameters: SceneParameters = [:], payload: SavedPayload? = nil
        ) {
            self.scene = scene
            self.parameters = parameters
            self.payload = payload
        }
    }

    /// A saved payload: the name its type is registered under in ``PayloadTypes``, and its
    /// value as JSON.
    package struct SavedPayload: Codable, Hashable, Sendable {
        /// The registered name of the payload's type.
        package var type: String
        /// The payload's value, as JSON.
        package var json: String

        /// Creates a saved payload.
        ///
        /// - Parameters:
        ///   - type: The registered name of the payload's type.
        ///   - json: The payload's value, as JSON.
        package init(type: String, json: String) {
            self.type = type
            self.json = json
        }
    }

    /// One saved tab: its name and its stack.
    package struct Tab: Codable, Hashable, Sendable {
        /// The tab's name.
        package var name: String
        /// The tab's stack, bottom first.
        package var stack: [Screen]

        /// Creates a saved tab.
        ///
        /// - Parameters:
        ///   - name: The tab's name.
        ///   - stack: The tab's stack, bottom first.
        package init(name: String, stack: [Screen]) {
            self.name = name
            self.stack = stack
        }
    }

    /// One saved modal: its style and its stack.
    package struct Modal: Codable, Hashable, Sendable {
        /// How the modal is presented.
        package var style: PresentationStyle
        /// The modal's stack, bottom first.
        package var stack: [Screen]

        /// Creates a saved modal.
        ///
        /// - Parameters:
        ///   - style: How the modal is presented.
        ///   - stack: The modal's stack, bottom first.
        package init(style: PresentationStyle = .sheet(), stack: [Screen]) {
            self.style = style
            self.stack = stack
        }
    }

    /// The format version this package writes, and the newest it reads.
    package static let currentVersion = 4

    /// The most screens a snapshot may hold, in all its stacks together.
    package static let maximumScreens = 512
    /// The most tabs a snapshot may hold.
    package static let maximumTabs = 16
    /// The most modals a snapshot may hold.
    package static let maximumModals = 32
    /// The most parameters one saved screen may have.
    package static let maximumParametersPerScreen = 64
    /// The largest snapshot ``decode(_:)`` reads, in bytes of JSON.
    package static let maximumByteCount = 1 << 20

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
    /// - Throws: ``NavigationError/snapshot(_:)``, whose problem names the version this package
    ///   does not read (code `unsupported-snapshot-version`), data over 1 MiB, or anything else
    ///   that is not a snapshot (including a list over its limit; code `invalid-snapshot`).
    public static func decode(_ bytes: some Collection<UInt8>) throws(NavigationError)
        -> TreeSnapshot
    {
        guard bytes.count <= maximumByteCount else {
            throw .snapshot(.tooManyBytes(count: bytes.count, limit: maximumByteCount))
        }
        let data = Data(bytes)
        do {
            return try JSONDecoder().decode(TreeSnapshot.self, from: data)
        } catch {
            if let version = (try? JSONDecoder().decode(VersionOnly.self, from: data))?.version,
                !(1...currentVersion).contains(version)
            {
                throw .snapshot(.unsupportedVersion(found: version, supported: currentVersion))
            }
            throw .snapshot(.unreadable(reason: unreadableReason(error)))
        }
    }

    /// What the JSON decoder could not read, as a short phrase that names the place.
    ///
    /// For example `"version" is missing`, `"root" has the wrong type (expected an array)`, or
    /// the decoder's own sentence (`The snapshot holds too many screens`); cut, as every long
    /// text in an error is.
    package static func unreadableReason(_ error: any Error) -> String {
        func keys(_ context: DecodingError.Context) -> [String] {
            context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
        }
        func place(_ context: DecodingError.Context) -> String {
            keys(context).isEmpty ? "the snapshot" : "\"\(keys(context).joined(separator: "."))\""
        }
        func kind(_ type: Any.Type) -> String {
            switch type {
            case is [Any].Type: return "an array"
            case is [String: Any].Type: return "an object"
            case is String.Type: return "a string"
            case is Int.Type, is Double.Type: return "a number"
            case is Bool.Type: return "a Boolean"
            default: return "a \(type)"
            }
        }
        let reason: String
        switch error as? DecodingError {
        case .dataCorrupted(let context)?:
            // The decoder's sentence, without its full stop: the error's description adds one.
            var sentence = Substring(context.debugDescription)
            while sentence.last == "." { sentence = sentence.dropLast() }
            reason =
                context.codingPath.isEmpty ? String(sentence) : "\(place(context)): \(sentence)"
        case .keyNotFound(let key, let context)?:
            reason = "\"\((keys(context) + [key.stringValue]).joined(separator: "."))\" is missing"
        case .typeMismatch(let type, let context)?:
            reason = "\(place(context)) has the wrong type (expected \(kind(type)))"
        case .valueNotFound(let type, let context)?:
            reason = "\(place(context)) is null (expected \(kind(type)))"
        default:
            // Not a decoding error (a payload type's own), or a kind of one not known here.
            reason = String(describing: error)
        }
        return NavigationError.shorten(reason)
    }

    /// A snapshot's version alone, to name it when the rest cannot be read.
    private struct VersionOnly: Decodable {
        let version: Int
    }

    /// The format version the snapshot was written with.
    package var version: Int
    /// The root stack, bottom first; empty for a tab root or an empty window.
    package var root: [Screen]
    /// The tabs of a tab root, in order; empty for a stack root.
    package var tabs: [Tab]
    /// The index in ``tabs`` of the selected tab.
    package var selectedTab: Int
    /// The modals, in the order they were presented.
    package var modals: [Modal]
    /// The columns of a split root; `nil` for a stack or a tab root (format version 3).
    package var split: Split?

    /// Creates a snapshot of a stack root.
    ///
    /// - Parameters:
    ///   - version: The format version; ``currentVersion`` by default.
    ///   - root: The root stack, bottom first; empty for an empty window.
    ///   - modals: The modals, in the order presented.
    package init(version: Int = TreeSnapshot.currentVersion, root: [Screen], modals: [Modal] = []) {
        self.version = version
        self.root = root
        self.tabs = []
        self.selectedTab = 0
        self.modals = modals
        self.split = nil
    }

    /// Creates a snapshot of a tab root.
    ///
    /// - Parameters:
    ///   - version: The format version; ``currentVersion`` by default.
    ///   - tabs: The tabs, in order.
    ///   - selectedTab: The index in `tabs` of the selected tab.
    ///   - modals: The modals, in the order presented.
    package init(
        version: Int = TreeSnapshot.currentVersion, tabs: [Tab], selectedTab: Int,
        modals: [Modal] = []
    ) {
        self.version = version
        self.root = []
        self.tabs = tabs
        self.selectedTab = selectedTab
        self.modals = modals
        self.split = nil
    }

    /// Creates a snapshot of a split root.
    ///
    /// - Parameters:
    ///   - version: The format version; ``currentVersion`` by default.
    ///   - split: The split's columns.
    ///   - modals: The modals, in the order they were presented.
    package init(
        version: Int = TreeSnapshot.currentVersion, split: Split, modals: [Modal] = []
    ) {
        self.version = version
        self.root = []
        self.tabs = []
        self.selectedTab = 0
        self.modals = modals
        self.split = split
    }

    /// Creates a snapshot in the version 1 shape: the root stack, then each modal's stack.
    ///
    /// Every modal is a sheet, and empty stacks are skipped, as version 1 skipped them.
    ///
    /// - Parameters:
    ///   - version: The format version; ``currentVersion`` by default.
    ///   - stacks: The root stack, then each modal's stack.
    package init(version: Int = TreeSnapshot.currentVersion, stacks: [[Screen]]) {
        let stacks = stacks.filter { !$0.isEmpty }
        self.init(
            version: version, root: stacks.first ?? [],
            modals: stacks.dropFirst().map { Modal(stack: $0) })
    }

    /// The number of screens in every stack together.
    package var screenCount: Int {
        root.count + tabs.reduce(0) { $0 + $1.stack.count }
            + modals.reduce(0) { $0 + $1.stack.count } + (split?.screenCount ?? 0)
    }

    /// The number of stacks: the root stack or each tab's, plus one per modal.
    package var stackCount: Int {
        (split?.columnCount ?? (tabs.isEmpty ? (root.isEmpty ? 0 : 1) : tabs.count))
            + modals.count
    }

    private enum CodingKeys: String, CodingKey {
        case version, root, tabs, selectedTab, modals, stacks, split
    }

    /// Reads a snapshot of any version from 1 to the newest (4), checking its limits as early
    /// as the data allows: the number of tabs, modals and screens before their contents are read.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` when a list is over its limit or the version is
    ///   not one this package reads; ``AppCoordinator/restore(_:force:)`` reports it as
    ///   ``NavigationError/snapshot(_:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .version)
        guard (1...Self.currentVersion).contains(version) else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: container,
                debugDescription: NavigationError.SnapshotProblem.unsupportedVersion(
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
            split = nil
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
        split = nil
        if version >= 3, container.contains(.split) {
            split = try Split.decode(
                from: container.superDecoder(forKey: .split),
                screenLimit: Self.maximumScreens - screens)
        }
    }

    private static func checkCount(_ count: Int?, limit: Int, _ what: String) throws {
        guard let count, count > limit else { return }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: [], debugDescription: "The snapshot holds too many \(what)."))
    }

    /// Writes the snapshot in format version 3 (whatever version it was read from: the package
    /// writes only the version it knows best).
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.currentVersion, forKey: .version)
        if let split {
            try container.encode(split, forKey: .split)
        } else if !tabs.isEmpty {
            try container.encode(tabs, forKey: .tabs)
            try container.encode(selectedTab, forKey: .selectedTab)
        } else {
            try container.encode(root, forKey: .root)
        }
        if !modals.isEmpty { try container.encode(modals, forKey: .modals) }
    }

    /// The first rule or limit the snapshot breaks, or `nil` when it can be restored.
    func problem() -> NavigationError.SnapshotProblem? {
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
        if let split {
            if !root.isEmpty || !tabs.isEmpty { return .rootAndTabs }
            if split.primary.isEmpty { return .emptyStack }
        } else if !tabs.isEmpty {
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
        let allScreens =
            root + tabs.flatMap(\.stack) + modals.flatMap(\.stack) + (split?.screens ?? [])
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

extension ScreenTree {
    /// The tree's structure as a ``TreeSnapshot``.
    ///
    /// It holds scene names, parameters, tabs, modals and styles, without payloads
    /// (``AppCoordinator/snapshot()`` saves those too). An alert or a confirmation dialog is
    /// left out.
    ///
    /// Two trees with equal snapshots are equal but for identities, screen objects and payloads.
    package var snapshot: TreeSnapshot {
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
        var savedSplit: TreeSnapshot.Split?
        if let split = self.split {
            savedSplit = TreeSnapshot.Split(
                primary: try saved(split.primary),
                supplementary: try split.supplementary.map(saved), detail: try saved(split.detail))
        }
        var modals: [TreeSnapshot.Modal] = []
        // An alert is left out: a restored snapshot shows what was under it.
        for stack in self.modals where stack.style?.isAlert != true {
            modals.append(
                TreeSnapshot.Modal(style: stack.style ?? .sheet(), stack: try saved(stack)))
        }
        if hasTabs {
            return TreeSnapshot(tabs: tabs, selectedTab: selectedTabIndex, modals: modals)
        }
        if let savedSplit { return TreeSnapshot(split: savedSplit, modals: modals) }
        return TreeSnapshot(root: root, modals: modals)
    }
}
