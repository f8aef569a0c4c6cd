import CoreModule
import Testing

/// A builder written exactly as the original article writes it: its name declared as a `String`.
private struct ArticleA2Builder: Builder {
    var sceneIdentifier: String = "A2"

    @MainActor func makeScreen(in context: SceneContext) -> any ScreenContent {
        ArticleScreen()
    }
}

@MainActor private final class ArticleScreen {}

@MainActor
@Suite("A builder that declares its scene name as a String, as the article's builders do")
struct ArticleBuilderTests {
    @Test("it registers with the article's call and is navigated to by name")
    func registersTheArticlesWay() throws {
        let container = DependencyContainer()
        let a2Builder = ArticleA2Builder()
        try container.assemble(builder: a2Builder, for: a2Builder.sceneIdentifier)
        #expect(container.sceneIdentifiers == ["A2"])
        #expect(container.build(for: "A2")?.scene == "A2")
        let name: String = a2Builder.sceneIdentifier
        #expect(container.build(for: name)?.scene == "A2")
        #expect(container.build(for: "A3" as String) == nil)

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

    @Test("a string name that differs from the key is a mismatch, and nothing is registered")
    func mismatchIsRejected() throws {
        let container = DependencyContainer()
        #expect(
            throws: NavigationError.mismatchedRegistration(key: "A1", builderIdentifier: "A2")
        ) {
            try container.assemble(builder: ArticleA2Builder(), for: "A1")
        }
        let key = "A1"
        #expect(
            throws: NavigationError.mismatchedRegistration(key: "A1", builderIdentifier: "A2")
        ) {
            try container.assemble(builder: ArticleA2Builder(), for: key)
        }
        #expect(container.count == 0)
    }

    @Test("a string name that breaks a naming rule is rejected when it is registered")
    func invalidStringName() throws {
        let container = DependencyContainer()
        let builder = ArticleA2Builder(sceneIdentifier: "A 2")
        #expect(
            throws: NavigationError.invalidSceneIdentifier(
                "A 2", problem: .whitespace(position: 2))
        ) {
            try container.assemble(builder: builder, for: builder.sceneIdentifier)
        }
        #expect(container.count == 0)
    }
}
