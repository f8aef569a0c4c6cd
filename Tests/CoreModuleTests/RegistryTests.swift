@_spi(Rules) import CoreModule
import Dispatch
import Foundation
import Testing

@Suite("The registry: register once, look up by name, from any thread")
struct RegistryTests {
    // MARK: Registering

    @Test("a builder registered under its name is found by that name")
    func registerAndLookUp() throws {
        let container = DependencyContainer()
        let builder = stubBuilder("A1")
        try container.assemble(builder: builder, for: builder.sceneIdentifier)
        #expect(container.build(for: "A1")?.sceneIdentifier == "A1")
        #expect(container.build(for: "A2") == nil)
        #expect(container.build(for: "A1") != nil)
        #expect(container.count == 1)
        #expect(container.sceneIdentifiers == ["A1"])
    }

    @Test("a second builder for a registered scene is rejected and the first one kept")
    func duplicateRejected() throws {
        let container = try makeContainer(["A1"])
        let original = container.build(for: "A1").map { ObjectIdentifier(type(of: $0)) }
        expectRefusal(NavigationError.misuse(.duplicateRegistration("A1")), leaving: container) {
            try container.assemble(contentsOf: [FailingBuilder(sceneIdentifier: "A1")])
        }
        #expect(container.build(for: "A1").map { ObjectIdentifier(type(of: $0)) } == original)
    }

    @Test("replacing a builder must be asked for explicitly")
    func explicitReplace() throws {
        let container = try makeContainer(["A1"])
        try container.assemble(
            contentsOf: [FailingBuilder(sceneIdentifier: "A1")], policy: .replaceExisting)
        #expect(container.build(for: "A1") is FailingBuilder)
        #expect(container.count == 1)
    }

    @Test("a builder registered under another scene's name is rejected")
    func mismatchRejected() throws {
        let container = DependencyContainer()
        expectRefusal(
            NavigationError.misuse(.mismatchedRegistration(key: "A2", builderIdentifier: "A1")),
            leaving: container
        ) {
            try container.assemble(builder: stubBuilder("A1"), for: "A2")
        }
    }

    @Test(
        "a malformed name cannot be registered",
        arguments: [
            ("", NavigationError.IdentifierProblem.empty),
            ("Check out", .whitespace(position: 6)),
            ("Tab\t", .whitespace(position: 4)),
            ("Bell\u{7}", .controlCharacter(position: 5)),
            ("Zero\u{200D}Width", .invisibleCharacter(position: 4)),  // U+200D joins the "o"
        ])
    func malformedNameRejected(name: String, problem: NavigationError.IdentifierProblem) {
        let container = DependencyContainer()
        let scene = SceneIdentifier(name)
        expectRefusal(
            NavigationError.input(.invalidSceneIdentifier(scene, problem: problem)),
            leaving: container
        ) {
            try container.assemble(contentsOf: [stubBuilder(scene)])
        }
    }

    @Test("registering a batch is all or nothing")
    func batchIsAtomic() throws {
        let container = try makeContainer(["B1"])
        expectRefusal(NavigationError.misuse(.duplicateRegistration("B1")), leaving: container) {
            try container.assemble(contentsOf: [stubBuilder("A1"), stubBuilder("B1")])
        }
        expectRefusal(NavigationError.misuse(.duplicateRegistration("A1")), leaving: container) {
            try container.assemble(contentsOf: [stubBuilder("A1"), stubBuilder("A1")])
        }
        expectRefusal(
            NavigationError.input(.invalidSceneIdentifier("", problem: .empty)), leaving: container
        ) {
            try container.assemble(contentsOf: [stubBuilder("A1"), stubBuilder("")])
        }
        #expect(container.sceneIdentifiers == ["B1"])
    }

    @Test("removing a builder makes later lookups fail")
    func removeBuilder() throws {
        let container = try makeContainer(["A1", "A2"])
        #expect(container.remove("A1") != nil)
        #expect(container.remove("A1") == nil)
        #expect(container.sceneIdentifiers == ["A2"])
    }

    // MARK: Looking up

    @Test("looking up an unknown name throws with suggestions, computed when read")
    func unknownLookup() throws {
        let container = try makeContainer(["Login", "Signup", "ForgotPassword", "Home"])
        expectUnknownPath("login", in: container, suggestions: ["Login"])
        expectUnknownPath("Forgot", in: container, suggestions: ["ForgotPassword"])
        expectRefusal(
            NavigationError.input(.invalidSceneIdentifier("", problem: .empty)), leaving: container
        ) {
            try container.resolve("")
        }
    }

    @Test("suggestions reflect the registry when the error was thrown")
    func suggestionsAreASnapshot() throws {
        let container = try makeContainer(["A1"])
        var caught: NavigationError?
        do { _ = try container.resolve("A2") } catch { caught = error }
        // (Compared only below, once the registry has changed: read now, the suggestions would
        // be computed now.)
        #expect(container.sceneIdentifiers == ["A1"])
        try container.assemble(contentsOf: [stubBuilder("A3")])
        #expect(caught == .unknownScene("A2", suggestions: ["A1"]))
    }

    @Test("look-alike Unicode names are unknown, and the ASCII name is suggested")
    func lookAlikeNames() throws {
        let container = try makeContainer(["A1"])
        let cyrillicA = SceneIdentifier("\u{0410}1")
        expectUnknownPath(cyrillicA, in: container, suggestions: ["A1"])
    }

    @Test("the shared container exists, but a new container starts empty")
    func sharedIsIndependent() {
        #expect(DependencyContainer().count == 0)
        #expect(DependencyContainer.shared !== DependencyContainer())
    }

    // MARK: Threads

    @Test("registering and looking up from 8 threads at once loses nothing")
    func concurrentRegistration() throws {
        let container = DependencyContainer()
        let threads = 8
        let perThread = 2_000
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread {
                let name = SceneIdentifier("T\(thread)-\(index)")
                try? container.assemble(contentsOf: [stubBuilder(name)])
                _ = container.build(for: name)
                _ = container.build(for: SceneIdentifier("T\((thread + 1) % threads)-\(index)"))
            }
        }
        #expect(container.count == threads * perThread)
        #expect(container.build(for: "T7-1999")?.sceneIdentifier == "T7-1999")
    }

    @Test("racing registrations of one name: exactly one wins, the rest are told")
    func racingDuplicates() {
        let container = DependencyContainer()
        let wins = Counter()
        let duplicates = Counter()
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            do {
                try container.assemble(contentsOf: [stubBuilder("Contested")])
                wins.increment()
            } catch {
                if error as? NavigationError == .misuse(.duplicateRegistration("Contested")) {
                    duplicates.increment()
                }
            }
        }
        #expect(wins.value == 1)
        #expect(duplicates.value == 63)
        // The refused registrations left the winner's alone.
        #expect(container.sceneIdentifiers == ["Contested"])
        #expect(container.count == 1)
    }
}

/// A count that many threads may increment.
private final class Counter: @unchecked Sendable {
    // @unchecked: `count` is only touched while `lock` is held.
    private let lock = NSLock()
    private var count = 0

    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
