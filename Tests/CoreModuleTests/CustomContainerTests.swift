@_spi(Rules) import CoreModule
import Foundation
import Testing

/// A container of the app's own making: a fixed table of builders, read-only.
private struct FixedContainer: SceneBuilderContainer {
    let builders: [SceneIdentifier: any Builder]

    func build(for sceneIdentifier: SceneIdentifier) -> (any Builder)? {
        builders[sceneIdentifier]
    }

    func assemble(contentsOf builders: [any Builder], policy: RegistrationPolicy)
        throws(NavigationError)
    {
        if let first = builders.first {
            throw .misuse(.duplicateRegistration(first.sceneIdentifier))
        }
    }

    var sceneIdentifiers: [SceneIdentifier] { builders.keys.sorted { $0.rawValue < $1.rawValue } }
}

@MainActor
@Suite("Other containers and navigators: the coordinator works over any SceneBuilderContainer")
struct CustomContainerTests {
    private func makeApp() -> AppCoordinator {
        AppCoordinator(
            container: FixedContainer(builders: [
                "Home": stubBuilder("Home"), "Detail": stubBuilder("Detail"),
            ]))
    }

    @Test("over an app's own container, a screen only a payload can build cannot be a link")
    func customContainerLinksCheckPayloads() throws {
        struct Receipt: Hashable, Sendable { let total: Int }
        let coordinator = AppCoordinator(
            container: FixedContainer(builders: [
                "Home": stubBuilder("Home"),
                "Receipt": SceneBuilder("Receipt", payload: .required(Receipt.self)) { context in
                    StubScreen(context: context)
                },
            ]))
        try coordinator.navigate(.root(scene: "Home"))
        try coordinator.navigate(.push(scene: "Receipt", payload: ScenePayload(Receipt(total: 7))))
        let error = NavigationError.link(.linkNeedsPayload(scene: "Receipt", screen: ScreenID(2)))
        expectRefusal(error, leaving: coordinator) {
            try coordinator.link(format: DeepLinkFormat(scheme: "app"))
        }
        let links = try LinkTable(
            accepting: [.scheme("app")], routes: [LinkRoute("receipt", scene: "Receipt")])
        expectRefusal(error, leaving: coordinator) { try coordinator.universalLink(in: links) }
    }

    @Test("an app's own container builds the scenes it holds, and links and snapshots work")
    func navigatesOverAnotherContainer() throws {
        let coordinator = makeApp()
        try coordinator.navigate(.root(scene: "Home"))
        try coordinator.navigate(.present(scene: "Detail", parameters: ["id": "7"]))
        #expect(coordinator.tree.scenes == [["Home"], ["Detail"]])
        let format = DeepLinkFormat(scheme: "app")
        let link = try #require(try coordinator.link(format: format))
        #expect(link == "app://open/Home/+Detail;id=7")
        let other = makeApp()
        try other.open(.deepLink(link, format: format))
        try other.restore(try coordinator.snapshot())
        #expect(other.tree.snapshot == coordinator.tree.snapshot)
        // Its own services and payload types, since the container has none to share.
        #expect(coordinator.payloadTypes.names.isEmpty)
    }

    @Test(
        "a scene the container lacks is unknown, with suggestions from its names; a bad name invalid"
    )
    func unknownSceneSuggests() throws {
        let coordinator = makeApp()
        expectRejected(
            .root(scene: "Detial"), on: coordinator,
            with: .unknownScene("Detial", suggestions: ["Detail"]))
        expectRejected(
            .root(scene: ""), on: coordinator,
            with: .input(.invalidSceneIdentifier("", problem: .empty)))
        expectRejected(
            .root(scene: "a//b"), on: coordinator,
            with: .input(.invalidSceneIdentifier("a//b", problem: .emptySegment(segment: 2))))
        #expect(coordinator.tree.isEmpty)
    }

    @Test("a context over a test double navigates; finishing, vetoes, links need the app's")
    func contextWithoutTheApp() throws {
        let navigator = RecordingNavigator()
        let context = SceneContext(
            scene: "Detail", screen: ScreenID(1), parameters: [:], coordinator: navigator)
        #expect(
            throws: NavigationError.misuse(.coordinatorUnavailable(.finish, .notAnAppCoordinator))
        ) {
            try context.finish(with: 7)
        }
        #expect(
            throws: NavigationError.misuse(
                .coordinatorUnavailable(.vetoLeaving, .notAnAppCoordinator))
        ) {
            try context.vetoLeaving { "it has unsaved changes" }
        }
        #expect(
            throws: NavigationError.misuse(
                .coordinatorUnavailable(.vetoLeaving, .notAnAppCoordinator))
        ) {
            try context.vetoLeaving(nil)
        }
        // Refused before anything reached the double.
        #expect(navigator.requests.isEmpty)
        #expect(try context.continueRedirectedNavigation() == nil)
        // A redirected navigation goes through the double, as any navigation does.
        let redirected = SceneContext(
            scene: "Login", screen: ScreenID(2), parameters: [:], coordinator: navigator,
            redirectedFrom: .transition(.push(scene: "Detail")))
        try redirected.continueRedirectedNavigation()
        try context.navigate(.push(scene: "Home"))
        #expect(navigator.requests == [.push(scene: "Detail"), .push(scene: "Home")])
        // A redirected link needs the coordinator that opens links.
        let redirectedLink = SceneContext(
            scene: "Login", screen: ScreenID(3), parameters: [:], coordinator: navigator,
            redirectedFrom: .open(
                .deepLink("demo://open/Detail", format: DeepLinkFormat(scheme: "demo"))))
        #expect(
            throws: NavigationError.misuse(
                .coordinatorUnavailable(
                    .continueRedirectedNavigation, .notAnAppCoordinator))
        ) {
            try redirectedLink.continueRedirectedNavigation()
        }
        #expect(navigator.requests == [.push(scene: "Detail"), .push(scene: "Home")])
    }

    @Test("a context redirected from a platform report has nothing to continue")
    func redirectFromAReport() throws {
        let coordinator = makeApp()
        try coordinator.navigate(.root(scene: "Home"))
        let context = SceneContext(
            scene: "Login", screen: ScreenID(9), parameters: [:], coordinator: coordinator,
            redirectedFrom: .report(.poppedBackByUser(to: ScreenID(1))))
        #expect(try context.continueRedirectedNavigation() == nil)
        #expect(coordinator.tree.scenes == [["Home"]])
    }

    @Test("registering into an app's own container goes through its one requirement")
    func registrationReachesTheRequirement() throws {
        let container = FixedContainer(builders: [:])
        // The article's call checks the names before the container sees the builder.
        #expect(
            throws: NavigationError.misuse(
                .mismatchedRegistration(key: "Home", builderIdentifier: "Detail"))
        ) {
            try container.assemble(builder: stubBuilder("Detail"), for: "Home")
        }
        #expect(throws: NavigationError.input(.invalidSceneIdentifier("", problem: .empty))) {
            try container.assemble(builder: stubBuilder(""), for: "")
        }
        // The container's own answer comes back.
        #expect(throws: NavigationError.misuse(.duplicateRegistration("Home"))) {
            try container.assemble(contentsOf: [stubBuilder("Home")], policy: .rejectDuplicates)
        }
        #expect(throws: NavigationError.misuse(.duplicateRegistration("Home"))) {
            try container.assemble(builder: stubBuilder("Home"), for: "Home")
        }
    }
}
