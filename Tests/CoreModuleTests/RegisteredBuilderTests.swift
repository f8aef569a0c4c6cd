@_spi(Rules) import CoreModule
import Testing

/// A builder that is not a ``SceneBuilder``, and tells which registration made a screen.
private struct TaggedBuilder: Builder {
    let sceneIdentifier: SceneIdentifier
    let tag: String

    func makeScreen(in context: SceneContext) throws -> any ScreenContent {
        TaggedScreen(tag: tag, parameters: context.parameters)
    }
}

/// What a ``TaggedBuilder`` or a tagged ``SceneBuilder`` makes.
private final class TaggedScreen: Sendable {
    let tag: String
    let parameters: SceneParameters

    init(tag: String, parameters: SceneParameters) {
        self.tag = tag
        self.parameters = parameters
    }
}

private func tagged(_ scene: SceneIdentifier, _ tag: String) -> SceneBuilder {
    SceneBuilder(scene) { context in TaggedScreen(tag: tag, parameters: context.parameters) }
}

/// The tag of the screen the builder registered as `scene` makes.
@MainActor
private func tag(of scene: SceneIdentifier, in container: DependencyContainer) throws -> String? {
    let builder = try #require(container.build(for: scene))
    let context = SceneContext(scene: scene, screen: ScreenID(1), parameters: [:], coordinator: nil)
    return (try builder.makeScreen(in: context) as? TaggedScreen)?.tag
}

@MainActor
@Suite("A found builder is its registration, however the registry has changed since")
struct RegisteredBuilderTests {
    @Test(
        "a lookup hands back the builder as registered, named by its name",
        arguments: ["p", "catalogue/section/items/reviews"] as [SceneIdentifier])
    func builderAsRegistered(scene: SceneIdentifier) throws {
        let container = DependencyContainer()
        try container.assemble(contentsOf: [tagged(scene, "plain")])
        let builder = try #require(container.build(for: scene) as? SceneBuilder)
        #expect(builder.sceneIdentifier == scene)
        #expect(builder.requiredParameters.isEmpty)
        #expect(try tag(of: scene, in: container) == "plain")
        #expect(try container.resolve(scene).scene == scene)
    }

    @Test("a builder of another type, or with requirements, is handed back as it is")
    func otherBuilders() throws {
        let container = DependencyContainer()
        try container.assemble(contentsOf: [TaggedBuilder(sceneIdentifier: "order", tag: "custom")])
        try container.assemble(contentsOf: [
            SceneBuilder("invoice", requiredParameters: ["paid": .bool]) { context in
                TaggedScreen(tag: "required", parameters: context.parameters)
            }
        ])
        #expect((container.build(for: "order") as? TaggedBuilder)?.tag == "custom")
        let required = try #require(container.build(for: "invoice"))
        #expect(required.requiredParameters == ["paid": .bool])
        #expect(required.sceneIdentifier == "invoice")
    }

    @Test("a scene builder reads back what it was made with, before and after registering")
    func sceneBuilderDeclarations() throws {
        let declaring = SceneBuilder(
            "form", requiredParameters: ["step": .int], destinations: ["Done"],
            payload: .required(String.self)
        ) { context in TaggedScreen(tag: "form", parameters: context.parameters) }
        #expect(declaring.requiredParameters == ["step": .int])
        #expect(declaring.destinations == ["Done"])
        #expect(declaring.payload != nil)
        let plain = tagged("list", "list")
        #expect(plain.requiredParameters.isEmpty)
        #expect(plain.destinations.isEmpty)
        #expect(plain.payload == nil)
        let container = DependencyContainer()
        try container.assemble(contentsOf: [declaring, plain])
        let found = try #require(container.build(for: "form"))
        #expect(found.requiredParameters == ["step": .int])
        #expect(found.destinations == ["Done"])
        #expect(found.payload != nil)
        let plainFound = try #require(container.build(for: "list") as? SceneBuilder)
        #expect(plainFound.sceneIdentifier == "list")
        #expect(plainFound.requiredParameters.isEmpty && plainFound.destinations.isEmpty)
        #expect(plainFound.payload == nil)
    }

    @Test("replacing a builder takes effect at the next lookup")
    func replacedBuilder() throws {
        let container = DependencyContainer()
        try container.assemble(contentsOf: [tagged("p", "first")])
        #expect(try tag(of: "p", in: container) == "first")
        try container.assemble(contentsOf: [tagged("p", "second")], policy: .replaceExisting)
        #expect(try tag(of: "p", in: container) == "second")
        try container.assemble(
            contentsOf: [TaggedBuilder(sceneIdentifier: "p", tag: "third")],
            policy: .replaceExisting)
        #expect(try tag(of: "p", in: container) == "third")
        try container.assemble(contentsOf: [tagged("p", "fourth")], policy: .replaceExisting)
        #expect(try tag(of: "p", in: container) == "fourth")
    }

    @Test("a removed builder is found no more, and a new one under its name in its place")
    func removedAndRegisteredAgain() throws {
        let container = DependencyContainer()
        try container.assemble(contentsOf: [tagged("p", "old")])
        #expect(container.remove("p")?.sceneIdentifier == "p")
        expectUnknownPath("p", in: container, suggestions: [])
        try container.assemble(contentsOf: [TaggedBuilder(sceneIdentifier: "p", tag: "new")])
        #expect(try tag(of: "p", in: container) == "new")
    }

    @Test("a builder made with an empty name keeps it")
    func emptyName() {
        #expect(tagged("", "empty").sceneIdentifier == "")
    }
}
