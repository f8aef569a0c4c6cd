import ArticleApp
import CoreModule
import CoreModuleTesting
import CoreUI
import FeatureA
import FeatureB
import FeatureC
import Testing

/// The article's app, driven through its screens' buttons: what each tap does to the tree.
@MainActor
@Suite("The article's screens navigate by scene name")
struct ArticleNavigationTests {
    let container = DependencyContainer()
    let coordinator: AppCoordinator
    let recorder: RecordingRenderer

    init() throws {
        try DependencyInjection(container: container).configure()
        coordinator = AppCoordinator(container: container)
        recorder = RecordingRenderer(attachedTo: coordinator)
    }

    /// The visible screen, which the test taps.
    private func visible<Screen: ViewController>(
        _ type: Screen.Type, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Screen {
        try #require(
            coordinator.topMostViewController() as? Screen, sourceLocation: sourceLocation)
    }

    // MARK: Registration

    @Test("configure() registers A1, A2, B1 and C1 under their builders' String names")
    func configureRegistersTheArticlesScenes() {
        #expect(container.sceneIdentifiers == ["A1", "A2", "B1", "C1"])
        #expect(A2Builder().sceneIdentifier == "A2")
        #expect(container.build(for: "A2")?.sceneIdentifier == "A2")
    }

    @Test("configuring twice is a typed error that names the scene, and registers nothing more")
    func configuringTwiceIsADuplicate() {
        #expect(throws: NavigationError.misuse(.duplicateRegistration("A1"))) {
            try DependencyInjection(container: container).configure()
        }
        #expect(container.sceneIdentifiers.count == 4)
        #expect(container.sceneIdentifiers == ["A1", "A2", "B1", "C1"])
    }

    @Test("every scene a screen's button opens is registered: the start-up check is empty")
    func startUpCheckIsEmpty() {
        let report = container.checkDestinations()
        // The report is the message: a misspelled name prints the scene that declares it.
        #expect(report.problems.isEmpty, "\(report)")
        #expect(report.checkedCount == 3)
    }

    @Test("a screen's button to a scene no module registers fails the start-up check")
    func startUpCheckFindsAMissingModule() throws {
        let container = DependencyContainer()
        try container.assemble(contentsOf: [A1Builder(), A2Builder(), B1Builder()])
        #expect(
            container.checkDestinations().problems == [
                DestinationReport.Problem(
                    declaredBy: "B1", destination: "C1",
                    error: .unknownScene("C1", suggestions: ["A1", "B1"]))
            ])
    }

    // MARK: Navigation

    @Test("each button changes the tree as the article's screens would change UIKit's")
    func buttonsChangeTheTree() throws {
        try coordinator.navigate(.root(scene: "A1"))
        try visible(A1ViewController.self).tappedToA2()
        #expect(coordinator.tree.scenes == [["A1", "A2"]])
        try visible(A2ViewController.self).tappedToB1()
        #expect(coordinator.tree.scenes == [["A1", "A2"], ["B1"]])
        try visible(B1ViewController.self).tappedToC1()
        #expect(coordinator.tree.scenes == [["A1", "A2"], ["B1", "C1"]])
        try visible(C1ViewController.self).tappedBack()
        #expect(coordinator.tree.scenes == [["A1", "A2"], ["B1"]])
        try visible(B1ViewController.self).tappedClose()
        #expect(coordinator.tree.scenes == [["A1", "A2"]])
        try visible(A2ViewController.self).tappedLink(to: "C1")
        #expect(coordinator.tree.scenes == [["A1", "A2", "C1"]])

        #expect(
            recorder.events.map(\.kind) == [.root, .push, .present, .push, .pop, .dismiss, .push])
        #expect(recorder.trees.allSatisfy { $0.structuralProblems().isEmpty })
        #expect(recorder.isInSync(with: coordinator))
    }

    @Test("a typo in a scene name is a typed error with suggestions, and the tree is unchanged")
    func typoIsATypedError() throws {
        try coordinator.navigate(.root(scene: "A1"))
        try visible(A1ViewController.self).tappedToA2()
        let before = coordinator.tree
        let expected = NavigationError.unknownScene("A3", suggestions: ["A1", "A2"])

        #expect(throws: expected) {
            try visible(A2ViewController.self).tappedLink(to: "A3")
        }
        #expect(coordinator.tree == before)
        #expect(recorder.events.map(\.kind) == [.root, .push])
        #expect(recorder.errors == [expected])
    }

    @Test("a screen navigates through the coordinator that built it; a second one is empty")
    func aSecondCoordinatorHasAnEmptyTree() throws {
        try coordinator.navigate(.root(scene: "A1"))
        // The article's A1ViewController made its own `AppCoordinator()`: a second coordinator
        // has a tree of its own, empty, so its push has nothing to push on.
        let second = AppCoordinator(container: container)
        #expect(second.tree.isEmpty)
        let secondRecorder = RecordingRenderer(attachedTo: second)
        #expect(throws: NavigationError.refused(.noRoot(.push))) {
            try second.navigate(.push(scene: "A2", animated: true))
        }
        #expect(second.tree.isEmpty)
        #expect(secondRecorder.events.isEmpty)
        #expect(secondRecorder.errors == [.refused(.noRoot(.push))])
        #expect(coordinator.tree.scenes == [["A1"]])
        // The screen's context reaches the coordinator that built it.
        try visible(A1ViewController.self).tappedToA2()
        #expect(coordinator.tree.scenes == [["A1", "A2"]])
    }
}
