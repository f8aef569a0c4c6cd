import CoreModule
import Foundation
import Testing

@MainActor
@Suite("Route patterns and typed parameters")
struct RouteTests {
    private func makeRoutes() throws -> AppCoordinator {
        let container = try makeContainer(["Home", "product/new"])
        try container.assemble(stubBuilder("product/:id"))
        try container.assemble(stubBuilder("product/:id/reviews/:page"))
        try container.assemble(stubBuilder("user/:name/settings"))
        return AppCoordinator(container: container)
    }

    // MARK: Matching

    @Test("a path matching a pattern builds that scene with the captured parameters")
    func patternCapturesParameters() throws {
        let coordinator = try makeRoutes()
        try coordinator.navigate(.root(scene: "product/42"))
        let screen = try #require(coordinator.tree.visibleScreen)
        #expect(screen.scene == "product/:id")
        #expect(screen.parameters == ["id": "42"])
        let stub = try #require(screen.content as? StubScreen)
        #expect(stub.context.parameters["id"] == "42")
        #expect(stub.context.scene == "product/:id")
    }

    @Test("a pattern with two parameters and literals between them")
    func multiSegmentPattern() throws {
        let coordinator = try makeRoutes()
        try coordinator.navigate(.root(scene: "Home"))
        try coordinator.navigate(
            .push(scene: "product/7/reviews/3", parameters: ["sort": "newest"]))
        #expect(
            coordinator.tree.visibleScreen?.parameters == [
                "id": "7", "page": "3", "sort": "newest",
            ])
        try coordinator.navigate(.push(scene: "user/ann/settings"))
        #expect(coordinator.tree.visibleScreen?.scene == "user/:name/settings")
    }

    @Test("an exactly registered name beats a pattern, whatever the registration order")
    func literalBeatsParameter() throws {
        let container = DependencyContainer()
        try container.assemble(stubBuilder("product/:id"))
        try container.assemble(stubBuilder("product/new"))
        #expect(try container.resolve("product/new").scene == "product/new")
        #expect(try container.resolve("product/42").scene == "product/:id")
    }

    @Test("a literal segment beats a parameter segment further down the path")
    func literalSegmentBeatsParameterSegment() throws {
        let container = DependencyContainer()
        try container.assemble(stubBuilder("shop/:section/item"))
        try container.assemble(stubBuilder("shop/sale/:item"))
        #expect(try container.resolve("shop/sale/item").scene == "shop/sale/:item")
        #expect(try container.resolve("shop/toys/item").scene == "shop/:section/item")
        // The literal branch matches "sale" then fails at the fourth segment, so the parameter
        // branch is tried next.
        try container.assemble(stubBuilder("shop/sale/:id/edit"))
        try container.assemble(stubBuilder("shop/:section/:id/view"))
        let resolved = try container.resolve("shop/sale/5/view")
        #expect(resolved.scene == "shop/:section/:id/view")
        #expect(resolved.routeParameters == ["section": "sale", "id": "5"])
        #expect(try container.resolve("shop/sale/5/edit").routeParameters == ["id": "5"])
    }

    @Test("navigating to the pattern itself works when its parameters are passed")
    func patternByName() throws {
        let coordinator = try makeRoutes()
        try coordinator.navigate(.root(scene: "product/:id", parameters: ["id": "9"]))
        #expect(coordinator.tree.visibleScreen?.parameters == ["id": "9"])
        expectRejected(
            .push(scene: "product/:id"), on: coordinator,
            with: .input(.missingParameter(scene: "product/:id", name: "id")))
    }

    @Test("a path no pattern matches is an unknown scene")
    func unmatchedPath() throws {
        let coordinator = try makeRoutes()
        try coordinator.navigate(.root(scene: "Home"))
        expectRejected(
            .push(scene: "product/42/extra"), on: coordinator,
            with: .unknownScene("product/42/extra", suggestions: []))
        expectRejected(
            .push(scene: "product"), on: coordinator,
            with: .unknownScene(
                "product", suggestions: ["product/:id", "product/new", "product/:id/reviews/:page"]
            ))
        expectRejected(
            .push(scene: "product//"), on: coordinator,
            with: .input(.invalidSceneIdentifier("product//", problem: .emptySegment(segment: 2))))
    }

    // MARK: Registration rules

    @Test("two patterns of the same shape collide and the second is rejected")
    func collision() throws {
        let container = DependencyContainer()
        try container.assemble(stubBuilder("product/:id"))
        expectRefusal(
            NavigationError.misuse(.routeCollision("product/:slug", existing: "product/:id")),
            leaving: container
        ) {
            try container.assemble(stubBuilder("product/:slug"))
        }
        expectRefusal(
            NavigationError.misuse(.routeCollision("b/:y", existing: "b/:x")), leaving: container
        ) {
            try container.assemble(contentsOf: [stubBuilder("b/:x"), stubBuilder("b/:y")])
        }
        #expect(container.sceneIdentifiers == ["product/:id"])
    }

    @Test("a removed pattern stops matching and frees its shape")
    func removePattern() throws {
        let container = DependencyContainer()
        try container.assemble(stubBuilder("product/:id"))
        container.remove("product/:id")
        expectUnknownPath("product/1", in: container, suggestions: [])
        try container.assemble(stubBuilder("product/:slug"))
        #expect(try container.resolve("product/1").routeParameters == ["slug": "1"])
    }

    @Test(
        "malformed patterns are rejected at registration",
        arguments: [
            ("product/", NavigationError.IdentifierProblem.emptySegment(segment: 2)),
            ("/product", .emptySegment(segment: 1)),
            ("a//b", .emptySegment(segment: 2)),
            ("product/:", .emptyParameterName(segment: 2)),
            (":", .emptyParameterName(segment: 1)),
            (":id", .parameterFirst),
            (":id/x", .parameterFirst),
            ("a/:b/:", .emptyParameterName(segment: 3)),
            ("a/:id/:id", .repeatedParameterName("id")),
        ])
    func malformedPattern(pattern: String, problem: NavigationError.IdentifierProblem) {
        let container = DependencyContainer()
        let scene = SceneIdentifier(pattern)
        expectRefusal(
            NavigationError.input(.invalidSceneIdentifier(scene, problem: problem)),
            leaving: container
        ) {
            try container.assemble(stubBuilder(scene))
        }
        #expect(container.count == 0)
    }

    // MARK: Typed parameters

    @Test("required parameters are checked before the builder runs")
    func requiredParameters() throws {
        let container = try makeContainer(["Home"])
        let built = BuildCounter()
        try container.assemble(
            SceneBuilder("Order", requiredParameters: ["id": .int, "paid": .bool, "ref": .uuid]) {
                context in
                built.count += 1
                return StubScreen(context: context)
            })
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
            SceneBuilder("Detail") { context in
                _ = try context.parameter("id", as: Int.self)
                return StubScreen(context: context)
            })
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
