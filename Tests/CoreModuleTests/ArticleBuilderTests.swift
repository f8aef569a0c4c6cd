@_spi(Rules) import CoreModule
import Testing

/// A builder written as the original article writes it, its name a string literal.
private struct ArticleA2Builder: Builder {
    var sceneIdentifier: SceneIdentifier = "A2"

    @MainActor func makeScreen(in context: SceneContext) -> any ScreenContent {
        ArticleScreen()
    }
}

@MainActor private final class ArticleScreen {}

@MainActor
@Suite("A builder written and registered the article's way")
struct ArticleBuilderTests {
    @Test("it registers with the article's call and is navigated to by name")
    func registersTheArticlesWay() throws {
        let container = DependencyContainer()
        let a2Builder = ArticleA2Builder()
        try container.assemble(builder: a2Builder, for: a2Builder.sceneIdentifier)
        #expect(container.sceneIdentifiers == ["A2"])
        #expect(container.build(for: "A2")?.sceneIdentifier == "A2")
        let name = "A2"
        #expect(container.build(for: SceneIdentifier(name))?.sceneIdentifier == "A2")
        #expect(container.build(for: "A3") == nil)

        let coordinator = AppCoordinator(container: container)
        try coordinator.navigate(.root(scene: "A2"))
        #expect(coordinator.tree.scenes == [["A2"]])
        #expect(coordinator.tree.visibleScreen?.content is ArticleScreen)
    }

    @Test("it registers under its own name, alone or with others")
    func registersUnderItsOwnName() throws {
        let container = DependencyContainer()
        try container.assemble(
            contentsOf: [ArticleA2Builder(), SceneBuilder("A1") { _ in ArticleScreen() }])
        #expect(container.sceneIdentifiers == ["A1", "A2"])
    }

    @Test("a name that differs from the builder's is a mismatch, and nothing is registered")
    func mismatchIsRejected() throws {
        let container = DependencyContainer()
        expectRefusal(
            NavigationError.misuse(.mismatchedRegistration(key: "A1", builderIdentifier: "A2")),
            leaving: container
        ) {
            try container.assemble(builder: ArticleA2Builder(), for: "A1")
        }
        #expect(container.count == 0)
    }

    @Test("a name that breaks a naming rule is rejected when it is registered")
    func invalidName() throws {
        let container = DependencyContainer()
        let builder = ArticleA2Builder(sceneIdentifier: "A 2")
        expectRefusal(
            NavigationError.input(
                .invalidSceneIdentifier("A 2", problem: .whitespace(position: 2))),
            leaving: container
        ) {
            try container.assemble(builder: builder, for: builder.sceneIdentifier)
        }
        #expect(container.count == 0)
    }

    @Test("the article's call rejects a duplicate and keeps the first builder")
    func articleCallRejectsDuplicates() throws {
        let container = DependencyContainer()
        let first = SceneBuilder("A2") { _ in ArticleScreen() }
        try container.assemble(builder: first, for: "A2")
        expectRefusal(NavigationError.misuse(.duplicateRegistration("A2")), leaving: container) {
            try container.assemble(builder: ArticleA2Builder(), for: "A2")
        }
        #expect(container.build(for: "A2") is SceneBuilder)
    }
}
