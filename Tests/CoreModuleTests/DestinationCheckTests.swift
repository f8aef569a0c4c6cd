@_spi(Rules) import CoreModule
import Testing

@Suite("Declared destinations are checked at start-up, in one call")
struct DestinationCheckTests {
    /// A builder declaring where its screen goes.
    private func builder(_ name: SceneIdentifier, goesTo destinations: [SceneIdentifier])
        -> SceneBuilder
    {
        SceneBuilder(name, destinations: destinations) { context in StubScreen(context: context) }
    }

    @Test("every declared name that is registered, one with `:` and `/` too: an empty report")
    func allRegistered() throws {
        let container = DependencyContainer()
        try container.assemble(contentsOf: [
            builder("A1", goesTo: ["A2", "product/:id"]),
            builder("A2", goesTo: ["product/:id"]),
            stubBuilder("product/:id"),
        ])
        let report = container.checkDestinations()
        #expect(report.isEmpty)
        #expect(report.checkedCount == 3)
        #expect(report.description == "All 3 declared destinations are registered.")
    }

    @Test("a misspelled destination is reported with both scenes and a suggestion")
    func misspelled() throws {
        let container = DependencyContainer()
        try container.assemble(contentsOf: [
            builder("A1", goesTo: ["A2"]), builder("A2", goesTo: ["B3", "A1"]), stubBuilder("B1"),
            stubBuilder("B2"),
        ])
        let report = container.checkDestinations()
        #expect(!report.isEmpty)
        #expect(report.checkedCount == 3)
        let problem = try #require(report.problems.first)
        #expect(report.problems.count == 1)
        #expect(problem.declaredBy == "A2" && problem.destination == "B3")
        #expect(problem.error == .unknownScene("B3", suggestions: ["B1", "B2"]))
        #expect(
            report.description == """
                1 of 3 declared destinations is not registered:
                - "A2" declares "B3": No builder is registered for scene "B3". \
                Did you mean "B1" or "B2"?
                """)
    }

    @Test("an invalid destination name is reported as invalid, and a removed scene as unknown")
    func invalidAndRemoved() throws {
        let container = DependencyContainer()
        try container.assemble(contentsOf: [
            builder("A1", goesTo: ["B 1", "A2"]), stubBuilder("A2"),
        ])
        container.remove("A2")
        let report = container.checkDestinations()
        #expect(
            report.problems.map(\.error) == [
                .input(.invalidSceneIdentifier("B 1", problem: .whitespace(position: 2))),
                .unknownScene("A2", suggestions: ["A1"]),
            ])
    }

    @Test("a container whose builders declare nothing reports so")
    func nothingDeclared() throws {
        let container = try makeContainer()
        #expect(container.checkDestinations() == DestinationReport(checkedCount: 0, problems: []))
        #expect(container.checkDestinations().description == "No destinations are declared.")
    }

    @Test("a builder type declares its destinations by overriding the property")
    func builderType() throws {
        struct Checkout: Builder {
            let sceneIdentifier: SceneIdentifier = "Checkout"
            var destinations: [SceneIdentifier] { ["Receipt", "Help"] }
            func makeScreen(in context: SceneContext) throws -> any ScreenContent {
                StubScreen(context: context)
            }
        }
        let container = DependencyContainer()
        try container.assemble(contentsOf: [Checkout(), stubBuilder("Receipt")])
        let report = container.checkDestinations()
        #expect(report.problems.map(\.destination) == ["Help"])
        #expect(report.problems.first?.declaredBy == "Checkout")
    }
}
