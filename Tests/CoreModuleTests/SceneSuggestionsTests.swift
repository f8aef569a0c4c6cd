@_spi(Rules) import CoreModule
import Testing

@MainActor
@Suite("An unknown scene suggests the names the caller most likely meant")
struct SceneSuggestionsTests {
    private let demoScenes: [SceneIdentifier] = ["A1", "A2", "B1", "B2"]

    // MARK: The same name, spelled differently

    @Test("a name that differs only by case is suggested alone")
    func caseOnly() {
        #expect(NavigationError.SceneSuggestions(for: "a1", among: demoScenes).names == ["A1"])
        #expect(NavigationError.SceneSuggestions(for: "b2", among: demoScenes).names == ["B2"])
        #expect(
            NavigationError.SceneSuggestions(for: "lOGIN", among: ["Login", "Logon", "Log"]).names
                == ["Login"])
    }

    @Test("a name longer than every registered one is compared, and nothing far from it suggested")
    func longerThanEveryName() {
        #expect(
            NavigationError.SceneSuggestions(for: "A1Details", among: ["A1", "B2"]).names == [])
        #expect(
            NavigationError.SceneSuggestions(for: "Logins", among: ["Login", "A1"]).names == [
                "Login"
            ])
    }

    @Test("a name that differs only by case ranks before a closer-looking one, wherever it is")
    func caseOnlyRanksFirst() {
        // "Ab1" is one edit from "ab"; "AB" is the same name in capitals, and comes last.
        #expect(
            NavigationError.SceneSuggestions(for: "ab", among: ["Ab1", "ab1", "AB"]).names == ["AB"]
        )
        #expect(
            NavigationError.SceneSuggestions(for: "login", among: ["Logon", "LOGIN", "Login"]).names
                == ["LOGIN", "Login"])
    }

    @Test(
        "a name written between quote marks is matched without them",
        arguments: [
            ("\"A2\"", ["A2"] as [SceneIdentifier]), ("'b1'", ["B1"]), ("`A1`", ["A1"]),
            ("\u{201C}A2\u{201D}", ["A2"]), ("\"'A1'\"", ["A1"]), ("\"A9\"", ["A1", "A2"]),
        ])
    func quotedName(name: String, expected: [SceneIdentifier]) {
        #expect(
            NavigationError.SceneSuggestions(for: SceneIdentifier(name), among: demoScenes).names
                == expected)
    }

    @Test("quote marks that do not pair up are part of the name")
    func unpairedQuotes() {
        // `"A2` is two characters from "A2" once lowercased: too far for a 3-character name.
        #expect(NavigationError.SceneSuggestions(for: "\"A2'", among: demoScenes).names == [])
        #expect(NavigationError.SceneSuggestions(for: "\"\"", among: demoScenes).names == [])
    }

    // MARK: Every caller

    @Test("the registry's error and the coordinator's error suggest the same single name")
    func everyCaller() throws {
        let container = try makeContainer(demoScenes)
        let expected = NavigationError.unknownScene("a1", suggestions: ["A1"])
        expectUnknownPath("a1", in: container, suggestions: ["A1"])
        let coordinator = AppCoordinator(container: container)
        let recorder = EventRecorder(coordinator)
        do {
            try coordinator.navigate(.root(scene: "a1"))
            Issue.record("navigating to \"a1\" succeeded")
        } catch {
            #expect(error == expected)
            #expect(
                error.description
                    == "No builder is registered for scene \"a1\". Did you mean \"A1\"?")
        }
        // Nothing built, and the failure reported once.
        #expect(coordinator.tree.isEmpty)
        #expect(recorder.transitions.isEmpty)
        #expect(
            recorder.failures == [
                NavigationEvent.Failure(request: .root(scene: "a1"), error: expected)
            ])
    }

    // MARK: Bounds

    @Test("names far too long to be a typo are not compared at all")
    func bounded() {
        let long = SceneIdentifier(String(repeating: "a", count: 100_000))
        #expect(NavigationError.SceneSuggestions(for: long, among: ["a", "aa"]).names == [])
        let quoted = SceneIdentifier(String(repeating: "\"", count: 100_000))
        #expect(NavigationError.SceneSuggestions(for: quoted, among: demoScenes).names == [])
        #expect(
            NavigationError.SceneSuggestions(for: "A3", among: demoScenes).names.count
                <= NavigationError.SceneSuggestions.limit)
    }
}
