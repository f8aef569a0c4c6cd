@_spi(Rules) import CoreModule
import Foundation
import Testing

@MainActor
@Suite("State restoration: a Codable snapshot rebuilds the tree through its builders")
struct RestorationTests {
    private func makeApp() throws -> AppCoordinator {
        let container = try makeContainer()
        try container.assemble(contentsOf: [
            SceneBuilder("product/:id", requiredParameters: ["id": .string]) {
                StubScreen(context: $0)
            }
        ])
        return AppCoordinator(container: container)
    }

    @Test("a snapshot survives JSON and restores an equal tree, built anew")
    func jsonRoundTrip() throws {
        let coordinator = try makeApp()
        try coordinator.navigate(.root(scene: "A1"))
        try coordinator.navigate(
            .push(scene: "product/:id", parameters: ["id": "42", "ref": "Zoë"]))
        try coordinator.navigate(.present(scene: "B1"))
        let data = try JSONEncoder().encode(try coordinator.snapshot())
        let decoded = try JSONDecoder().decode(TreeSnapshot.self, from: data)
        #expect(decoded.version == TreeSnapshot.currentVersion)

        let relaunched = try makeApp()
        let recorder = EventRecorder(relaunched)
        let event = try relaunched.restore(decoded)
        #expect(relaunched.tree.snapshot == coordinator.tree.snapshot)
        #expect(relaunched.tree.scenes == [["A1", "product/:id"], ["B1"]])
        #expect(event?.kind == .replaceTree)
        #expect(recorder.transitions.count == 1)
        let original = coordinator.tree.screens.map { ObjectIdentifier($0.content) }
        let rebuilt = relaunched.tree.screens.map { ObjectIdentifier($0.content) }
        #expect(Set(original).isDisjoint(with: rebuilt))
    }

    @Test("the snapshot's JSON is plain and versioned")
    func jsonShape() throws {
        let snapshot = TreeSnapshot(stacks: [[.init(scene: "A1", parameters: ["id": "7"])]])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(snapshot), as: UTF8.self)
        #expect(json == #"{"root":[{"parameters":{"id":"7"},"scene":"A1"}],"version":4}"#)
    }

    @Test("a snapshot written by the earlier version (1) still restores, its modals as sheets")
    func versionOneStillRestores() throws {
        let json = #"""
            {"stacks":[[{"parameters":{"id":"7"},"scene":"A1"},{"parameters":{},"scene":"A2"}],
            [{"parameters":{},"scene":"B1"}]],"version":1}
            """#
        let snapshot = try JSONDecoder().decode(TreeSnapshot.self, from: Data(json.utf8))
        let coordinator = try makeApp()
        try coordinator.restore(snapshot)
        #expect(coordinator.tree.scenes == [["A1", "A2"], ["B1"]])
        #expect(coordinator.tree.modals.map(\.style) == [.sheet()])
        #expect(coordinator.tree.root?.first?.parameters == ["id": "7"])
    }

    @Test("a snapshot of tabs and styled modals round-trips through JSON")
    func tabsRoundTrip() throws {
        let coordinator = try makeApp()
        try coordinator.navigate(
            .tabs([TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "more"))
        try coordinator.navigate(.push(scene: "B2"))
        try coordinator.navigate(
            .present(scene: "A2", style: .sheet(detents: [.medium], interactiveDismissal: false)))
        let data = try JSONEncoder().encode(try coordinator.snapshot())
        let decoded = try JSONDecoder().decode(TreeSnapshot.self, from: data)
        #expect(try decoded == coordinator.snapshot())
        let relaunched = try makeApp()
        try relaunched.restore(decoded)
        #expect(relaunched.tree.snapshot == coordinator.tree.snapshot)
        #expect(relaunched.tree.selectedTab == "more")
        #expect(
            relaunched.tree.description == """
                window
                └─ tabs
                   ├─ tab home: A1 #1
                   ├─ tab more, selected: B1 #2 › B2 #3
                   └─ modal (sheet: medium, not swipeable): A2 #4
                """)
    }

    @Test("a snapshot's version must be one the package reads: 0, negative and newer fail")
    func unknownVersions() throws {
        for version in [0, -1, 5, Int.max] {
            let coordinator = try makeApp()
            try coordinator.navigate(.root(scene: "A1"))
            let snapshot = TreeSnapshot(version: version, stacks: [[.init(scene: "A1")]])
            expectRefusal(
                NavigationError.snapshot(.unsupportedVersion(found: version, supported: 4)),
                leaving: coordinator
            ) {
                try coordinator.restore(snapshot)
            }
            // Decoding refuses the version itself: the data is corrupted at the key "version",
            // for the reason the snapshot problem gives.
            let json = #"{"version":\#(version),"root":[{"scene":"A1","parameters":{}}]}"#
            do {
                let decoded = try JSONDecoder().decode(TreeSnapshot.self, from: Data(json.utf8))
                Issue.record("version \(version) decoded as \(decoded)")
            } catch DecodingError.dataCorrupted(let context) {
                #expect(context.codingPath.map(\.stringValue) == ["version"], "\(version)")
                #expect(
                    context.debugDescription
                        == "its format version is \(version), and this package reads versions 1 "
                        + "to 4")
                #expect(context.underlyingError == nil)
            } catch {
                Issue.record("version \(version): \(error), not data corrupted at \"version\"")
            }
        }
    }

    @Test("a snapshot naming an unregistered scene fails and leaves the tree untouched")
    func unregisteredScene() throws {
        let coordinator = try makeApp()
        try coordinator.navigate(.root(scene: "B2"))
        let before = coordinator.tree
        let recorder = EventRecorder(coordinator)
        let snapshot = TreeSnapshot(stacks: [[.init(scene: "A1")], [.init(scene: "Gone")]])
        let expected = NavigationError.snapshot(
            .restorationFailed(
                position: 2, scene: "Gone", error: .unknownScene("Gone", suggestions: [])))
        #expect(throws: expected) { try coordinator.restore(snapshot) }
        #expect(coordinator.tree == before)
        #expect(recorder.transitions.isEmpty)
        #expect(
            recorder.failures == [
                NavigationEvent.Failure(operation: .restore(snapshot), error: expected)
            ]
        )
    }

    @Test("a snapshot from a newer format version fails and leaves the tree untouched")
    func newerVersion() throws {
        let coordinator = try makeApp()
        try coordinator.navigate(.root(scene: "A1"))
        let snapshot = TreeSnapshot(version: 5, stacks: [[.init(scene: "A1")]])
        expectRefusal(
            NavigationError.snapshot(.unsupportedVersion(found: 5, supported: 4)),
            leaving: coordinator
        ) {
            try coordinator.restore(snapshot)
        }
    }

    @Test("a snapshot missing a required parameter fails with the parameter's name")
    func missingRouteParameter() throws {
        let coordinator = try makeApp()
        let snapshot = TreeSnapshot(stacks: [[.init(scene: "A1"), .init(scene: "product/:id")]])
        expectRefusal(
            NavigationError.snapshot(
                .restorationFailed(
                    position: 2, scene: "product/:id",
                    error: .input(.missingParameter(scene: "product/:id", name: "id")))),
            leaving: coordinator
        ) { try coordinator.restore(snapshot) }
        #expect(coordinator.tree.isEmpty)
    }

    @Test("an empty snapshot restores nothing")
    func emptySnapshot() throws {
        let coordinator = try makeApp()
        try coordinator.navigate(.root(scene: "A1"))
        let before = coordinator.tree
        #expect(try coordinator.restore(TreeSnapshot(stacks: [])) == nil)
        #expect(coordinator.tree == before)
    }

    @Test("decode reads a snapshot's JSON, refusing oversized, newer and malformed data by type")
    func decodeChecksFirst() throws {
        let coordinator = try makeApp()
        try coordinator.navigate(.root(scene: "A1"))
        let data = try JSONEncoder().encode(try coordinator.snapshot())
        #expect(try TreeSnapshot.decode(data) == coordinator.snapshot())
        #expect(try TreeSnapshot.decode(Array(data)) == coordinator.snapshot())
        let huge = [UInt8](repeating: UInt8(ascii: " "), count: TreeSnapshot.maximumByteCount + 1)
        #expect(
            throws: NavigationError.snapshot(
                .tooManyBytes(count: huge.count, limit: TreeSnapshot.maximumByteCount))
        ) {
            try TreeSnapshot.decode(huge)
        }
        #expect(throws: NavigationError.snapshot(.unsupportedVersion(found: 9, supported: 4))) {
            try TreeSnapshot.decode(Data(#"{"version":9,"root":[]}"#.utf8))
        }
        // Not JSON, the version missing, a part of another type: unreadable, naming the place.
        let unreadable: [(text: String, reason: String)] = [
            ("not json", "The given data was not valid JSON"),
            (#"{"root":[]}"#, #""version" is missing"#),
            (#"{"version":2,"root":"A1"}"#, #""root" has the wrong type (expected an array)"#),
            (
                #"{"version":2,"root":[{"scene":5}]}"#,
                #""root.0.scene" has the wrong type (expected a string)"#
            ),
            (#"{"version":2,"root":[{"parameters":{}}]}"#, #""root.0.scene" is missing"#),
            (#"{"version":null}"#, #""version" is null (expected a number)"#),
            ("[]", "the snapshot has the wrong type (expected an object)"),
        ]
        for (text, reason) in unreadable {
            #expect(
                throws: NavigationError.snapshot(.unreadable(reason: reason)), "\(text)"
            ) {
                try TreeSnapshot.decode(Data(text.utf8))
            }
        }
    }

}

/// Why a snapshot cannot be read, as `TreeSnapshot.decode(_:)` says it: the place and the
/// problem, for every kind of decoding error, and the error's own words for anything else.
@Suite("An unreadable snapshot names the place and the problem")
struct UnreadableReasonTests {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(_ name: String) { (stringValue, intValue) = (name, nil) }
        init(_ index: Int) { (stringValue, intValue) = ("Index \(index)", index) }
        init?(stringValue: String) { self.init(stringValue) }
        init?(intValue: Int) { self.init(intValue) }
    }

    static func context(_ path: [Key], _ text: String = "") -> DecodingError.Context {
        DecodingError.Context(codingPath: path, debugDescription: text)
    }

    @Test(
        "each decoding error reads as its place and its problem",
        arguments: [
            (DecodingError.dataCorrupted(context([], "Not JSON.")), "Not JSON"),
            (
                DecodingError.dataCorrupted(context([Key("tabs"), Key(2)], "Too long.")),
                #""tabs.2": Too long"#
            ),
            (
                DecodingError.keyNotFound(Key("scene"), context([Key("root"), Key(0)])),
                #""root.0.scene" is missing"#
            ),
            (
                DecodingError.typeMismatch([Any].self, context([Key("root")])),
                #""root" has the wrong type (expected an array)"#
            ),
            (
                DecodingError.typeMismatch([String: Any].self, context([])),
                "the snapshot has the wrong type (expected an object)"
            ),
            (
                DecodingError.typeMismatch(String.self, context([Key("selectedTab")])),
                #""selectedTab" has the wrong type (expected a string)"#
            ),
            (
                DecodingError.typeMismatch(Double.self, context([Key("version")])),
                #""version" has the wrong type (expected a number)"#
            ),
            (
                DecodingError.typeMismatch(Bool.self, context([Key("fixed")])),
                #""fixed" has the wrong type (expected a Boolean)"#
            ),
            (
                DecodingError.typeMismatch(Data.self, context([Key("json")])),
                #""json" has the wrong type (expected a Data)"#
            ),
            (
                DecodingError.valueNotFound(Int.self, context([Key("version")])),
                #""version" is null (expected a number)"#
            ),
        ])
    func decodingErrors(error: DecodingError, reason: String) {
        #expect(TreeSnapshot.unreadableReason(error) == reason)
    }

    @Test("another error reads as its own words, and a long reason is cut with its size")
    func otherErrors() {
        struct Odd: Error, CustomStringConvertible { var description: String }
        #expect(TreeSnapshot.unreadableReason(Odd(description: "odd")) == "odd")
        let long = String(repeating: "x", count: 100)
        #expect(
            TreeSnapshot.unreadableReason(DecodingError.dataCorrupted(Self.context([], long)))
                == String(repeating: "x", count: 48) + "… (100 bytes)")
    }
}
