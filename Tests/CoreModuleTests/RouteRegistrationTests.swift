import CoreModule
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

private func tagged(_ pattern: SceneIdentifier, _ tag: String) -> SceneBuilder {
    SceneBuilder(pattern) { context in TaggedScreen(tag: tag, parameters: context.parameters) }
}

/// The tag of the screen the builder of `path`'s match makes.
@MainActor
private func tag(of path: SceneIdentifier, in container: DependencyContainer) throws -> String? {
    let resolved = try container.resolve(path)
    let context = SceneContext(
        scene: resolved.scene, screen: ScreenID(1), parameters: resolved.routeParameters,
        coordinator: nil)
    return (try resolved.builder.makeScreen(in: context) as? TaggedScreen)?.tag
}

@MainActor
@Suite("A matched pattern is its registration, however the registry has changed since")
struct RouteRegistrationTests {
    @Test(
        "a match hands back the builder as registered, named by its pattern",
        arguments: ["p/:id", "catalogue/:section/items/:id/reviews"] as [SceneIdentifier])
    func builderAsRegistered(pattern: SceneIdentifier) throws {
        let container = DependencyContainer()
        try container.assemble(tagged(pattern, "plain"))
        let path = SceneIdentifier(
            pattern.rawValue.split(separator: "/").map { $0.hasPrefix(":") ? "7" : $0 }
                .joined(separator: "/"))
        let resolved = try container.resolve(path)
        #expect(resolved.scene == pattern)
        let builder = try #require(resolved.builder as? SceneBuilder)
        #expect(builder.sceneIdentifier == pattern)
        #expect(builder.requiredParameters.isEmpty)
        #expect(try tag(of: path, in: container) == "plain")
        // The same builder, found by the pattern's own name.
        #expect(container.build(for: pattern)?.sceneIdentifier == pattern)
    }

    @Test("a builder of another type, or with requirements, is handed back as it is")
    func otherBuilders() throws {
        let container = DependencyContainer()
        try container.assemble(TaggedBuilder(sceneIdentifier: "order/:id", tag: "custom"))
        try container.assemble(
            SceneBuilder("invoice/:id", requiredParameters: ["paid": .bool]) { context in
                TaggedScreen(tag: "required", parameters: context.parameters)
            })
        let custom = try container.resolve("order/1")
        #expect((custom.builder as? TaggedBuilder)?.tag == "custom")
        #expect(custom.routeParameters == ["id": "1"])
        let required = try container.resolve("invoice/2")
        #expect(required.builder.requiredParameters == ["paid": .bool])
        #expect(required.builder.sceneIdentifier == "invoice/:id")
        #expect(required.routeParameters == ["id": "2"])
    }

    @Test("a resolved builder makes its screen with the path's values, read by their names")
    @MainActor
    func resolvedBuilderReadsItsParameters() throws {
        let container = DependencyContainer()
        try container.assemble(tagged("shop/:item/size/:size", "shop"))
        for (path, item, size) in [
            ("shop/hat/size/L", "hat", "L"), ("shop/cap/size/S", "cap", "S"),
        ] {
            let resolved = try container.resolve(SceneIdentifier(path))
            let context = SceneContext(
                scene: resolved.scene, screen: ScreenID(1), parameters: resolved.routeParameters,
                coordinator: nil)
            let screen = try #require(try resolved.builder.makeScreen(in: context) as? TaggedScreen)
            #expect(screen.tag == "shop")
            #expect(screen.parameters["item"] == item)
            #expect(screen.parameters["size"] == size)
            #expect(screen.parameters == ["item": item, "size": size])
        }
    }

    @Test("a scene builder reads back what it was made with, before and after registering")
    func sceneBuilderDeclarations() throws {
        let declaring = SceneBuilder(
            "form/:id", requiredParameters: ["step": .int], destinations: ["Done"],
            payload: .required(String.self)
        ) { context in TaggedScreen(tag: "form", parameters: context.parameters) }
        #expect(declaring.requiredParameters == ["step": .int])
        #expect(declaring.destinations == ["Done"])
        #expect(declaring.payload != nil)
        let plain = tagged("list/:id", "list")
        #expect(plain.requiredParameters.isEmpty)
        #expect(plain.destinations.isEmpty)
        #expect(plain.payload == nil)
        let container = DependencyContainer()
        try container.assemble(contentsOf: [declaring, plain])
        let found = try #require(container.build(for: "form/:id"))
        #expect(found.requiredParameters == ["step": .int])
        #expect(found.destinations == ["Done"])
        #expect(found.payload != nil)
        let plainFound = try #require(try container.resolve("list/3").builder as? SceneBuilder)
        #expect(plainFound.sceneIdentifier == "list/:id")
        #expect(plainFound.requiredParameters.isEmpty && plainFound.destinations.isEmpty)
        #expect(plainFound.payload == nil)
    }

    @Test("a pattern keeps matching when longer patterns grow from its last segment")
    func patternUnderLongerOnes() throws {
        let container = DependencyContainer()
        try container.assemble(tagged("a/:id", "short"))
        #expect(try tag(of: "a/1", in: container) == "short")
        try container.assemble(tagged("a/:id/edit", "literal"))
        try container.assemble(tagged("a/:id/:tab", "parameter"))
        #expect(try tag(of: "a/1", in: container) == "short")
        #expect(try container.resolve("a/1").routeParameters == ["id": "1"])
        #expect(try tag(of: "a/1/edit", in: container) == "literal")
        #expect(try tag(of: "a/1/more", in: container) == "parameter")
        container.remove("a/:id/edit")
        #expect(try tag(of: "a/1", in: container) == "short")
        #expect(try tag(of: "a/1/edit", in: container) == "parameter")
        container.remove("a/:id")
        expectUnknownPath("a/1", in: container, suggestions: [])
        #expect(try tag(of: "a/1/edit", in: container) == "parameter")
    }

    @Test("a pattern registered inside a longer one matches too")
    func patternAddedAboveLongerOne() throws {
        let container = DependencyContainer()
        try container.assemble(tagged("a/:id/edit", "long"))
        expectUnknownPath("a/1", in: container, suggestions: [])
        try container.assemble(tagged("a/:id", "short"))
        #expect(try tag(of: "a/1", in: container) == "short")
        #expect(try tag(of: "a/1/edit", in: container) == "long")
    }

    @Test("replacing a pattern's builder takes effect at the next match")
    func replacedPattern() throws {
        let container = DependencyContainer()
        try container.assemble(tagged("p/:id", "first"))
        #expect(try tag(of: "p/1", in: container) == "first")
        try container.assemble(tagged("p/:id", "second"), policy: .replaceExisting)
        #expect(try tag(of: "p/1", in: container) == "second")
        try container.assemble(
            TaggedBuilder(sceneIdentifier: "p/:id", tag: "third"), policy: .replaceExisting)
        #expect(try tag(of: "p/1", in: container) == "third")
        try container.assemble(tagged("p/:id", "fourth"), policy: .replaceExisting)
        #expect(try tag(of: "p/1", in: container) == "fourth")
    }

    @Test("a removed pattern matches nothing, and a new one of its shape matches in its place")
    func removedAndRegisteredAgain() throws {
        let container = DependencyContainer()
        try container.assemble(tagged("p/:id", "old"))
        #expect(container.remove("p/:id")?.sceneIdentifier == "p/:id")
        expectUnknownPath("p/1", in: container, suggestions: [])
        try container.assemble(TaggedBuilder(sceneIdentifier: "p/:slug", tag: "new"))
        #expect(try tag(of: "p/1", in: container) == "new")
        #expect(try container.resolve("p/1").routeParameters == ["slug": "1"])
    }

    @Test(
        "captured parameters join the ones passed and win a clash, whatever the builder",
        arguments: [false, true])
    func capturedJoinPassed(customBuilder: Bool) throws {
        let container = try makeContainer(["Home"])
        try container.assemble(
            customBuilder
                ? TaggedBuilder(sceneIdentifier: "item/:id", tag: "custom")
                : tagged("item/:id", "plain"))
        let coordinator = AppCoordinator(container: container)
        try coordinator.navigate(.root(scene: "Home"))
        try coordinator.navigate(.push(scene: "item/7", parameters: ["id": "9", "sort": "new"]))
        let screen = try #require(coordinator.tree.visibleScreen)
        #expect(screen.scene == "item/:id")
        #expect(screen.parameters == ["id": "7", "sort": "new"])
        #expect((screen.content as? TaggedScreen)?.parameters == ["id": "7", "sort": "new"])
        try coordinator.navigate(.push(scene: "item/8"))
        #expect(coordinator.tree.visibleScreen?.parameters == ["id": "8"])
    }

    @Test("a pattern's requirements are still checked when a path matches it")
    func requirementsOfMatchedPattern() throws {
        let container = try makeContainer(["Home"])
        try container.assemble(
            SceneBuilder("invoice/:id", requiredParameters: ["id": .int]) { context in
                TaggedScreen(tag: "invoice", parameters: context.parameters)
            })
        let coordinator = AppCoordinator(container: container)
        try coordinator.navigate(.root(scene: "Home"))
        expectRejected(
            .push(scene: "invoice/x7"), on: coordinator,
            with: .input(
                .malformedParameter(
                    scene: "invoice/:id", name: "id", value: "x7", expected: .int)))
        try coordinator.navigate(.push(scene: "invoice/7"))
        #expect(coordinator.tree.visibleScreen?.parameters == ["id": "7"])
    }

    @Test("a builder made with an empty name keeps it")
    func emptyName() {
        #expect(tagged("", "empty").sceneIdentifier == "")
    }
}
