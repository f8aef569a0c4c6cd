import CoreModule
import FeatureA
import FeatureB
import Foundation
import Testing

/// The feature modules as an app uses them: registered through their entry points, navigating
/// across modules by name only.
@MainActor
@Suite("Feature modules register once and navigate across modules by name")
struct FeatureModuleTests {
    private func makeContainer() throws -> DependencyContainer {
        let container = DependencyContainer()
        try FeatureAScenes.register(in: container)
        try FeatureBScenes.register(in: container)
        return container
    }

    private func makeApp() throws -> AppCoordinator {
        AppCoordinator(container: try makeContainer())
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
        #expect(throws: NavigationError.misuse(.duplicateRegistration("A1"))) {
            try FeatureAScenes.register(in: container)
        }
        #expect(container.sceneIdentifiers.count == 2)
        #expect(container.sceneIdentifiers == ["A1", "A2"])
    }

    @Test("the original example's journey: A1 → A2 → B1 (modal) → B2 → dismiss")
    func crossModuleJourney() throws {
        let coordinator = try makeApp()
        try coordinator.navigate(.root(scene: "A1"))

        try visible(A1Screen.self, in: coordinator).didSelectItem(id: 7)
        #expect(coordinator.tree.scenes == [["A1", "A2"]])
        #expect(try visible(A2Screen.self, in: coordinator).itemID == "7")
        #expect(try visible(A2Screen.self, in: coordinator).item == Item(id: 7, name: "Teapot"))

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
        let done = try visible(B2Screen.self, in: coordinator)
        expectRefusal(.refused(.nothingToDismiss(visible: "B2")), leaving: coordinator) {
            try done.didTapDone()
        }
    }

    // MARK: Declared destinations

    @Test("every destination FeatureA and FeatureB declare is registered once both are")
    func destinationsAreRegistered() throws {
        let report = try makeContainer().checkDestinations()
        #expect(report.problems.isEmpty, "\(report)")
        #expect(report.checkedCount == 3)
    }

    @Test("the two modules' map, from two tabs, is the one docs/testing.md draws")
    func mapFromTabs() throws {
        let start: [ApplicationTransitionType] = [
            .tabs([TabItem("home", scene: "A1"), TabItem("shop", scene: "B1")], selected: "home")
        ]
        let map = NavigationMap(of: try makeContainer(), startingWith: start)
        #expect(map.report.problems.isEmpty && map.report.unreachableScenes.isEmpty)
        #expect(map.scenes == ["A1": ["A2"], "A2": ["B1"], "B1": ["B2"], "B2": []])
        #expect(
            map.mermaid() == """
                flowchart LR
                    scene0["A1"]
                    scene1["A2"]
                    scene2["B1"]
                    scene3["B2"]
                    subgraph start["start"]
                        start0(["tab home"])
                        start1(["tab shop"])
                    end
                    start0 --> scene0
                    start1 --> scene2
                    scene0 --> scene1
                    scene1 --> scene2
                    scene2 --> scene3
                """)
        // From A2 alone, A1 is left out.
        let fromA2 = NavigationMap(of: try makeContainer(), startingWith: [.root(scene: "A2")])
        #expect(fromA2.report.unreachableScenes == ["A1"])
    }

    @Test("a module registered alone reports the other module's scenes it navigates to")
    func destinationsOfAModuleAlone() throws {
        let container = DependencyContainer()
        try FeatureAScenes.register(in: container)
        let report = container.checkDestinations()
        #expect(report.problems.map(\.declaredBy) == ["A2"])
        #expect(report.problems.map(\.destination) == ["B1"])
        #expect(report.problems.first?.error == .unknownScene("B1", suggestions: ["A1"]))
    }

    @Test("a misspelled destination fails the check with a message naming both scenes")
    func misspelledDestination() throws {
        let container = try makeContainer()
        try container.assemble(contentsOf: [
            SceneBuilder("C1", destinations: ["B3"]) { _ in C1Stand() }
        ])
        let report = container.checkDestinations()
        #expect(
            report.problems == [
                DestinationReport.Problem(
                    declaredBy: "C1", destination: "B3",
                    error: .unknownScene("B3", suggestions: ["B1", "B2"]))
            ])
        #expect("\(report)".contains("\"C1\" declares \"B3\""))
    }

    // MARK: The item A1 passes to A2

    @Test("a push of A2 with only an id looks the item up in the catalogue")
    func itemRebuiltFromItsID() throws {
        let coordinator = try makeApp()
        try coordinator.navigate(.root(scene: "A2", parameters: ["id": "42"]))
        #expect(try visible(A2Screen.self, in: coordinator).item == Item(id: 42, name: "Towel"))
        try visible(A2Screen.self, in: coordinator).didTapBuy()
        #expect(coordinator.tree.visibleScreen?.parameters == ["item": "42"])
    }

    @Test("A2 shows the item it is given, not the catalogue's item of that id")
    func itemGivenIsShown() throws {
        let coordinator = try makeApp()
        let special = Item(id: 7, name: "Teapot, signed")
        try coordinator.navigate(
            .root(scene: "A2", parameters: ["id": "7"], payload: ScenePayload(special)))
        #expect(try visible(A2Screen.self, in: coordinator).item == special)
    }

    @Test("A2 without an item or an id, or with an id the catalogue lacks, changes nothing")
    func itemMissing() throws {
        let coordinator = try makeApp()
        try coordinator.navigate(.root(scene: "A1"))
        expectRefusal(.input(.missingParameter(scene: "A2", name: "id")), leaving: coordinator) {
            try coordinator.navigate(.push(scene: "A2"))
        }
        expectRefusal(
            .builderFailed(
                "A2",
                reason: "its payload could not be rebuilt from its parameters: "
                    + "the catalogue has no item 5"),
            leaving: coordinator
        ) {
            try coordinator.navigate(.push(scene: "A2", parameters: ["id": "5"]))
        }
        expectRefusal(
            .input(.wrongPayloadType(scene: "A2", expected: "Item", given: "String")),
            leaving: coordinator
        ) {
            try coordinator.navigate(
                .push(scene: "A2", parameters: ["id": "7"], payload: ScenePayload("Teapot")))
        }
        #expect(coordinator.tree.scenes == [["A1"]])
    }

    @Test("a link keeps A2's id and opens to the same item; a snapshot keeps the item itself")
    func itemInLinksAndSnapshots() throws {
        let coordinator = try makeApp()
        let special = Item(id: 7, name: "Teapot, signed")
        try coordinator.navigate(.root(scene: "A1"))
        try coordinator.navigate(
            .push(scene: "A2", parameters: ["id": "7"], payload: ScenePayload(special)))
        let format = DeepLinkFormat(scheme: "shop")

        let link = try #require(try coordinator.link(format: format))
        #expect(link == "shop://open/A1/A2;id=7")
        try coordinator.open(.deepLink(link, format: format))
        #expect(try visible(A2Screen.self, in: coordinator).item == Item(id: 7, name: "Teapot"))

        try coordinator.navigate(
            .replace(scene: "A2", parameters: ["id": "7"], payload: ScenePayload(special)))
        let saved = try JSONEncoder().encode(try coordinator.snapshot())
        try coordinator.navigate(.root(scene: "A1"))
        try coordinator.restore(try JSONDecoder().decode(TreeSnapshot.self, from: saved))
        #expect(try visible(A2Screen.self, in: coordinator).item == special)
    }
}

/// A screen of a scene no module owns, for the tests that declare a destination.
@MainActor
private final class C1Stand {}
