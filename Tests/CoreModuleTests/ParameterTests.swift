@_spi(Rules) import CoreModule
import Foundation
import Testing

@MainActor
@Suite("Typed parameters, and scene names that look like paths")
struct ParameterTests {
    // MARK: Names with `:` and `/`

    @Test("a name with `:` or `/` is a plain name, matched whole: never a pattern")
    func colonIsPlain() throws {
        let container = try makeContainer(["Home"])
        try container.assemble(contentsOf: [stubBuilder("product/:id"), stubBuilder("a:b")])
        #expect(container.sceneIdentifiers == ["Home", "a:b", "product/:id"])
        let coordinator = AppCoordinator(container: container)
        try coordinator.navigate(.root(scene: "Home"))
        try coordinator.navigate(.push(scene: "product/:id"))
        #expect(coordinator.tree.visibleScreen?.scene == "product/:id")
        #expect(coordinator.tree.visibleScreen?.parameters == [:])
        try coordinator.navigate(.push(scene: "a:b"))
        // A path is not matched against the name: it is a scene of its own, unknown here.
        expectRejected(
            .push(scene: "product/42"), on: coordinator,
            with: .unknownScene(
                "product/42",
                suggestions: NavigationError.SceneSuggestions(
                    for: "product/42", among: container.sceneIdentifiers))
        )
        // Empty segments stay refused, and `:` alone or first is an ordinary name.
        try container.assemble(contentsOf: [stubBuilder(":"), stubBuilder(":id/x")])
        expectRefusal(
            NavigationError.input(
                .invalidSceneIdentifier("p/:/", problem: .emptySegment(segment: 3))),
            leaving: container
        ) { try container.assemble(contentsOf: [stubBuilder("p/:/")]) }
    }

    // MARK: Typed parameters

    @Test("required parameters are checked before the builder runs")
    func requiredParameters() throws {
        let container = try makeContainer(["Home"])
        let built = BuildCounter()
        try container.assemble(
            contentsOf: [
                SceneBuilder(
                    "Order", requiredParameters: ["id": .int, "paid": .bool, "ref": .uuid]
                ) {
                    context in
                    built.count += 1
                    return StubScreen(context: context)
                }
            ])
        let coordinator = AppCoordinator(container: container)
        try coordinator.navigate(.root(scene: "Home"))
        let uuid = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        expectRejected(
            .push(scene: "Order", parameters: ["paid": "true", "ref": uuid]), on: coordinator,
            with: .input(.missingParameter(scene: "Order", name: "id")))
        expectRejected(
            .push(scene: "Order", parameters: ["id": "x7", "paid": "true", "ref": uuid]),
            on: coordinator,
            with: .input(
                .malformedParameter(scene: "Order", name: "id", value: "x7", expected: .int)))
        expectRejected(
            .push(scene: "Order", parameters: ["id": "7", "paid": "yes", "ref": uuid]),
            on: coordinator,
            with: .input(
                .malformedParameter(scene: "Order", name: "paid", value: "yes", expected: .bool)))
        expectRejected(
            .push(scene: "Order", parameters: ["id": "7", "paid": "1", "ref": "nope"]),
            on: coordinator,
            with: .input(
                .malformedParameter(scene: "Order", name: "ref", value: "nope", expected: .uuid)))
        #expect(built.count == 0)
        try coordinator.navigate(
            .push(scene: "Order", parameters: ["id": "7", "paid": "1", "ref": uuid]))
        #expect(built.count == 1)
    }

    @Test("typed reads return the value, or an error naming scene, parameter and value")
    func typedReads() throws {
        let context = SceneContext(
            scene: "Order", screen: ScreenID(1),
            parameters: [
                "id": "7", "paid": "false", "ref": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
                "name": "Zoë",
            ],
            coordinator: nil)
        #expect(try context.parameter("id", as: Int.self) == 7)
        #expect(try context.parameter("paid", as: Bool.self) == false)
        #expect(
            try context.parameter("ref", as: UUID.self)
                == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(try context.parameter("name", as: String.self) == "Zoë")
        #expect(throws: NavigationError.input(.missingParameter(scene: "Order", name: "qty"))) {
            try context.parameter("qty", as: Int.self)
        }
        #expect(
            throws: NavigationError.input(
                .malformedParameter(
                    scene: "Order", name: "name", value: "Zoë", expected: .int))
        ) {
            try context.parameter("name", as: Int.self)
        }
        #expect(context.parameters.value("id", as: Int.self) == 7)
        #expect(context.parameters.value("name", as: Int.self) == nil)
        #expect(context.parameters.value("missing", as: String.self) == nil)
    }

    @Test("a builder reading a parameter it did not declare fails with the typed error")
    func builderReadsParameter() throws {
        let container = try makeContainer(["Home"])
        try container.assemble(
            contentsOf: [
                SceneBuilder("Detail") { context in
                    _ = try context.parameter("id", as: Int.self)
                    return StubScreen(context: context)
                }
            ])
        let coordinator = AppCoordinator(container: container)
        try coordinator.navigate(.root(scene: "Home"))
        expectRejected(
            .push(scene: "Detail", parameters: ["id": "seven"]), on: coordinator,
            with: .input(
                .malformedParameter(scene: "Detail", name: "id", value: "seven", expected: .int))
        )
    }
}

/// A count a builder closure can bump.
@MainActor
final class BuildCounter {
    var count = 0
}
