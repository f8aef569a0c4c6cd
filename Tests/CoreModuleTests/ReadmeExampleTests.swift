@_spi(Rules) import CoreModule
import Testing

/// The README's "In code" example, kept compiling and correct.
@MainActor
@Suite("The README's example works as printed")
struct ReadmeExampleTests {
    @MainActor final class ProductScreen {
        let productID: String?
        init(context: SceneContext) { productID = context.parameters["id"] }
    }

    @Test("register, navigate with data, inspect, catch an error")
    func readmeExample() throws {
        let container = DependencyContainer()
        try container.assemble(contentsOf: [
            SceneBuilder("Home") { context in ProductScreen(context: context) }
        ])
        try container.assemble(
            contentsOf: [SceneBuilder("Product") { context in ProductScreen(context: context) }])

        let coordinator = AppCoordinator(container: container)
        try coordinator.navigate(.root(scene: "Home"))
        try coordinator.navigate(.push(scene: "Product", parameters: ["id": "42"], animated: true))

        #expect(coordinator.tree.scenes == [["Home", "Product"]])
        #expect(
            coordinator.tree.description == """
                window
                └─ stack: Home #1 › Product #2 (id=42)
                """)
        let product = coordinator.tree.visibleScreen?.content as? ProductScreen
        #expect(product?.productID == "42")

        let before = coordinator.tree
        let recorder = EventRecorder(coordinator)
        #expect(throws: NavigationError.unknownScene("Prodcut", suggestions: ["Product"])) {
            try coordinator.navigate(.push(scene: "Prodcut"))
        }
        #expect(
            NavigationError.unknownScene("Prodcut", suggestions: ["Product"]).description
                == "No builder is registered for scene \"Prodcut\". Did you mean \"Product\"?")
        #expect(coordinator.tree == before)
        #expect(recorder.transitions.isEmpty)
        #expect(
            recorder.failures.map(\.error) == [.unknownScene("Prodcut", suggestions: ["Product"])])
    }
}
