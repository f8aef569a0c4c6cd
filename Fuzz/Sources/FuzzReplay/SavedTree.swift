@_spi(Rules) public import CoreModule
public import Foundation

/// A saved tree as the fuzz targets read and write its JSON themselves, from the format the
/// guides describe (docs/deep-links.md, "State restoration"), never from the library's code:
/// an app only encodes and decodes a `TreeSnapshot`, so the oracles build snapshots as JSON
/// (``snapshot``) and read a decoded snapshot's contents from the same JSON.
///
/// It reads what the library reads, as the library reads it: version 1 holds `stacks` (the root
/// stack, then each modal's stack, every modal a sheet, empty stacks skipped); later versions
/// hold `root` or `tabs` (with `selectedTab`, 0 when missing) and `modals`, each list empty when
/// missing; version 3 adds `split`, whose missing primary or detail column is empty; version 4
/// adds custom and resting detents to a sheet's style. It does not
/// check the limits: the oracles check them on what it read.
public struct SavedTree: Codable, Hashable, Sendable, CustomStringConvertible {
    /// One saved screen: its scene, the parameters it was built with, and its payload.
    public struct Screen: Codable, Hashable, Sendable {
        /// The scene's name.
        public var scene: SceneIdentifier
        /// The parameters.
        public var parameters: SceneParameters
        /// The payload, as JSON under its registered type name.
        public var payload: Payload?

        /// Creates a saved screen.
        public init(
            scene: SceneIdentifier, parameters: SceneParameters = [:], payload: Payload? = nil
        ) {
            self.scene = scene
            self.parameters = parameters
            self.payload = payload
        }
    }

    /// A saved payload: its registered type name and its value as JSON.
    public struct Payload: Codable, Hashable, Sendable {
        /// The registered name of the payload's type.
        public var type: String
        /// The value, as JSON.
        public var json: String

        /// Creates a saved payload.
        public init(type: String, json: String) {
            self.type = type
            self.json = json
        }
    }

    /// One saved tab.
    public struct Tab: Codable, Hashable, Sendable {
        /// The tab's name.
        public var name: String
        /// Its stack, bottom first.
        public var stack: [Screen]

        /// Creates a saved tab.
        public init(name: String, stack: [Screen]) {
            self.name = name
            self.stack = stack
        }
    }

    /// One saved modal.
    public struct Modal: Codable, Hashable, Sendable {
        /// Its style.
        public var style: PresentationStyle
        /// Its stack, bottom first.
        public var stack: [Screen]

        /// Creates a saved modal.
        public init(style: PresentationStyle = .sheet(), stack: [Screen]) {
            self.style = style
            self.stack = stack
        }
    }

    /// A split root's saved columns.
    public struct Split: Codable, Hashable, Sendable {
        /// The primary column.
        public var primary: [Screen]
        /// The supplementary column, for three columns.
        public var supplementary: [Screen]?
        /// The detail column.
        public var detail: [Screen]

        /// Creates saved columns.
        public init(primary: [Screen], supplementary: [Screen]? = nil, detail: [Screen] = []) {
            self.primary = primary
            self.supplementary = supplementary
            self.detail = detail
        }

        private enum CodingKeys: String, CodingKey {
            case primary, supplementary, detail
        }

        /// Reads the columns; a missing primary or detail column is empty.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            primary = try container.decodeIfPresent([Screen].self, forKey: .primary) ?? []
            supplementary = try container.decodeIfPresent([Screen].self, forKey: .supplementary)
            detail = try container.decodeIfPresent([Screen].self, forKey: .detail) ?? []
        }
    }

    /// The format version the guides document as the one the package writes.
    public static let currentVersion = 4

    /// The format version.
    public var version: Int
    /// The root stack; empty for tabs, a split or an empty window.
    public var root: [Screen]
    /// The tabs, in order.
    public var tabs: [Tab]
    /// The index of the selected tab.
    public var selectedTab: Int
    /// The modals, in the order presented.
    public var modals: [Modal]
    /// A split root's columns.
    public var split: Split?

    /// A stack root.
    public init(version: Int = currentVersion, root: [Screen], modals: [Modal] = []) {
        self.init(version, root: root, tabs: [], selectedTab: 0, modals: modals, split: nil)
    }

    /// A tab root.
    public init(
        version: Int = currentVersion, tabs: [Tab], selectedTab: Int, modals: [Modal] = []
    ) {
        self.init(
            version, root: [], tabs: tabs, selectedTab: selectedTab, modals: modals, split: nil)
    }

    /// A split root.
    public init(version: Int = currentVersion, split: Split, modals: [Modal] = []) {
        self.init(version, root: [], tabs: [], selectedTab: 0, modals: modals, split: split)
    }

    /// The version 1 shape: the root stack, then each modal's stack (a sheet); empty stacks are
    /// skipped, as version 1 skips them.
    public init(version: Int = currentVersion, stacks: [[Screen]]) {
        let stacks = stacks.filter { !$0.isEmpty }
        self.init(
            version: version, root: stacks.first ?? [],
            modals: stacks.dropFirst().map { Modal(stack: $0) })
    }

    private init(
        _ version: Int, root: [Screen], tabs: [Tab], selectedTab: Int, modals: [Modal],
        split: Split?
    ) {
        self.version = version
        self.root = root
        self.tabs = tabs
        self.selectedTab = selectedTab
        self.modals = modals
        self.split = split
    }

    private enum CodingKeys: String, CodingKey {
        case version, root, tabs, selectedTab, modals, stacks, split
    }

    /// Reads any version as the guides describe it (see the type's comment).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        if version == 1 {
            let stacks = try container.decode([[Screen]].self, forKey: .stacks).filter {
                !$0.isEmpty
            }
            root = stacks.first ?? []
            tabs = []
            selectedTab = 0
            modals = stacks.dropFirst().map { Modal(stack: $0) }
            split = nil
            return
        }
        root = try container.decodeIfPresent([Screen].self, forKey: .root) ?? []
        tabs = try container.decodeIfPresent([Tab].self, forKey: .tabs) ?? []
        selectedTab = try container.decodeIfPresent(Int.self, forKey: .selectedTab) ?? 0
        modals = try container.decodeIfPresent([Modal].self, forKey: .modals) ?? []
        split = version >= 3 ? try container.decodeIfPresent(Split.self, forKey: .split) : nil
    }

    /// Writes the JSON an app would have saved: version 1 as `stacks`, later versions with
    /// every field.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        if version == 1 {
            try container.encode([root] + modals.map(\.stack), forKey: .stacks)
            return
        }
        try container.encode(root, forKey: .root)
        try container.encode(tabs, forKey: .tabs)
        try container.encode(selectedTab, forKey: .selectedTab)
        try container.encode(modals, forKey: .modals)
        try container.encodeIfPresent(split, forKey: .split)
    }

    /// Reads `data` as an app's saved JSON, or `nil` when it is not one.
    public init?(json data: Data) {
        guard let tree = try? JSONDecoder().decode(SavedTree.self, from: data) else { return nil }
        self = tree
    }

    /// The library's snapshot of this JSON, read as an app reads it
    /// (`JSONDecoder().decode(TreeSnapshot.self, …)`); stops the process when the library
    /// refuses it, as a fuzz target's fixed snapshot must be readable.
    public var snapshot: TreeSnapshot {
        do {
            return try JSONDecoder().decode(
                TreeSnapshot.self, from: try JSONEncoder().encode(self))
        } catch {
            preconditionFailure("a fixed snapshot does not decode: \(error); \(self)")
        }
    }

    /// The JSON, for a failure's message.
    public var description: String {
        (try? JSONEncoder().encode(self)).map { String(decoding: $0, as: UTF8.self) }
            ?? "an unwritable saved tree"
    }
}

/// A tree's structure without identities and payloads, read through the public API.
///
/// It holds the root, each tab (its name, and which is selected), or each split column; then
/// each modal that is not an alert's, with its style. In each stack, every screen's scene and
/// parameters. Two trees with equal structures save equal snapshots, payloads aside.
public struct TreeStructure: Hashable, Sendable, CustomStringConvertible {
    /// One line per stack.
    public let lines: [String]

    /// The structure of `tree`.
    public init(_ tree: ScreenTree) {
        func stack(_ stack: ScreenStack) -> String {
            stack.map { screen in
                let parameters = screen.parameters.values.sorted { $0.key < $1.key }
                    .map { "\($0.key)=\($0.value)" }
                return "\(screen.scene)(\(parameters.joined(separator: ",")))"
            }.joined(separator: " › ")
        }
        var lines: [String] = []
        if let root = tree.root { lines.append("root: \(stack(root))") }
        for tab in tree.tabs {
            let selected = tab.name == tree.selectedTab ? ", selected" : ""
            lines.append("tab \(tab.name)\(selected): \(stack(tab.stack))")
        }
        if let split = tree.split {
            lines.append("primary: \(stack(split.primary))")
            if let supplementary = split.supplementary {
                lines.append("supplementary: \(stack(supplementary))")
            }
            lines.append("detail: \(stack(split.detail))")
        }
        for modal in tree.modals {
            guard let style = modal.style, !style.isAlert else { continue }
            lines.append("modal \(style): \(stack(modal))")
        }
        self.lines = lines
    }

    /// The lines, joined.
    public var description: String { lines.joined(separator: "; ") }
}
