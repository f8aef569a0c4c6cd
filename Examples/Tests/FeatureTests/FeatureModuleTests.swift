import CoreModule
import FeatureA
import FeatureB
import Testing

/// The feature modules as an app uses them: registered through their entry points, navigating
/// across modules by name only.
@MainActor
@Suite("Feature modules register once and navigate across modules by name")
struct FeatureModuleTests {
    private func makeApp() throws -> AppCoordinator {
        let container = DependencyContainer()
        try FeatureAScenes.register(in: container)
        try FeatureBScenes.register(in: container)
        return AppCoordinator(container: container)
    }

    private func visible<T>(_ type: T.Type, in coordinator: AppCoordinator) throws -> T {
        try #require(coordinator.tree.visibleScreen?.content as? T)
    }

    @Test("each module's entry point registers exactly its own scenes")
    func entryPoints() throws {
        let container = DependencyContainer()
        try FeatureAScenes.register(in: container)
        #expect(container.sceneIdentifiers == ["A1", "A2"])
        try FeatureBScenes.register(in: container)
        #expect(container.sceneIdentifiers == ["A1", "A2", "B1", "B2"])
    }

    @Test("registering a module twice is rejected and changes nothing")
    func doubleRegistration() throws {
        let container = DependencyContainer()
        try FeatureAScenes.register(in: container)
        #expect(throws: NavigationError.duplicateRegistration("A1")) {
            try FeatureAScenes.register(in: container)
        }
        #expect(container.count == 2)
    }

    @Test("the original example's journey: A1 → A2 → B1 (modal) → B2 → dismiss")
    func crossModuleJourney() throws {
        let coordinator = try makeApp()
        try coordinator.navigate(.root(scene: "A1"))

        try visible(A1Screen.self, in: coordinator).didSelectItem(id: 7)
        #expect(coordinator.tree.scenes == [["A1", "A2"]])
        #expect(try visible(A2Screen.self, in: coordinator).itemID == "7")

        try visible(A2Screen.self, in: coordinator).didTapBuy()
        #expect(coordinator.tree.scenes == [["A1", "A2"], ["B1"]])
        #expect(coordinator.tree.visibleScreen?.parameters == ["item": "7"])

        try visible(B1Screen.self, in: coordinator).didTapContinue()
        #expect(coordinator.tree.scenes == [["A1", "A2"], ["B1", "B2"]])

        try visible(B2Screen.self, in: coordinator).didTapDone()
        #expect(coordinator.tree.scenes == [["A1", "A2"]])
    }

    @Test("B2's Done outside a modal fails with a typed error and changes nothing")
    func doneOutsideModal() throws {
        let coordinator = try makeApp()
        try coordinator.navigate(.root(scene: "A1"))
        try coordinator.navigate(.push(scene: "B2"))
        let before = coordinator.tree
        #expect(throws: NavigationError.nothingToDismiss(visible: "B2")) {
            try visible(B2Screen.self, in: coordinator).didTapDone()
        }
        #expect(coordinator.tree == before)
    }

    @Test("A2 without an id presents B1 without an item")
    func missingParameter() throws {
        let coordinator = try makeApp()
        try coordinator.navigate(.root(scene: "A2"))
        #expect(try visible(A2Screen.self, in: coordinator).itemID == nil)
        try visible(A2Screen.self, in: coordinator).didTapBuy()
        #expect(coordinator.tree.visibleScreen?.parameters == [:])
    }
}
