import ArticleApp
import CoreModule
import CoreModuleTesting
import CoreUI
import FeatureB
import Foundation
import Testing

/// The iOS app's own logic, run on Linux.
///
/// Start-up, links, state restoration and the buttons its SwiftUI and UIKit screens show: the
/// app's shells (`iOS/`) only draw what these return.
@MainActor
@Suite("The iOS app's session: start-up, links, restoration, buttons")
struct ArticleSessionTests {
    // MARK: Start-up

    @Test("A first launch passes the start-up check and shows one tab per feature module")
    func firstLaunchShowsTheTabBar() throws {
        let session = try ArticleSession(restoring: nil)
        #expect(session.container.sceneIdentifiers == ["A1", "A2", "B1", "C1", "Features"])
        #expect(session.coordinator.tree.scenes == [["A1"], ["B1"], ["C1"]])
        #expect(session.coordinator.tree.selectedTab == "a")
        #expect(session.restorationProblem == nil)
    }

    @Test("The start-up check names a scene that a link route opens and nobody registers")
    func startUpCheckNamesUnregisteredLinkScenes() throws {
        let container = DependencyContainer()
        try DependencyInjection(container: container).configure()
        _ = container.remove("C1")
        let problems = ArticleSession.startUpProblems(
            container: container, routes: ArticleLinks.routes)
        #expect(problems.contains { $0.contains("\"b1/c1\"") && $0.contains("\"C1\"") })
        #expect(problems.contains { $0.contains("\"c1\"") })
    }

    @Test("A start-up failure reads as a sentence that names its cause, for the failure screen")
    func startUpFailureNamesItsCause() {
        let duplicate = NavigationError.misuse(.duplicateRegistration("A1"))
        #expect(
            StartUpFailure.registration(duplicate).description
                == "Registering the scenes failed: \(duplicate)")
        #expect(
            StartUpFailure.unregisteredScenes(["C1 is missing.", "B2 is missing."]).description
                == "The start-up check failed: C1 is missing. B2 is missing.")
        #expect(
            StartUpFailure.firstScreen(.refused(.noTabs)).description
                == "The first screen could not be shown: \(NavigationError.refused(.noTabs))")
    }

    // MARK: Links

    @Test(
        "A web link and a custom-scheme link to A2 open the same back stack in tab a",
        arguments: [
            "https://article.example.com/a1/a2", "articleapp-swiftui://a1/a2",
            "articleapp-uikit://a1/a2",
        ])
    func linksOpenABackStackInTheirTab(link: String) throws {
        let session = try ArticleSession(restoring: nil)
        try session.coordinator.navigate(.tabs(ArticleSession.tabs, selected: "c"))
        let outcome = session.open(try #require(URL(string: link)))
        #expect(outcome == .opened)
        #expect(session.coordinator.tree.scenes == [["A1", "A2"], ["B1"], ["C1"]])
        #expect(session.coordinator.tree.selectedTab == "a")
    }

    @Test("A link to B1 › C1 presents both in a sheet over the tab bar")
    func linkPresentsASheet() throws {
        let session = try ArticleSession(restoring: nil)
        #expect(session.open(try #require(URL(string: "articleapp-swiftui://b1/c1"))) == .opened)
        #expect(session.coordinator.tree.scenes == [["A1"], ["B1"], ["C1"], ["B1", "C1"]])
        #expect(session.coordinator.tree.modals.count == 1)
    }

    @Test(
        "A link the app does not handle from outside is unhandled, and changes nothing",
        arguments: [
            (
                "https://article.example.com/debug/a2", "not-reachable-from-outside",
                #"its route "debug/a2" is not reachable from outside the app"#
            ),
            ("https://article.example.com/z9", "no-route", #"no route matches the path "z9""#),
            (
                "https://elsewhere.example.com/a1", "not-accepted",
                #"the app does not accept links from "https://elsewhere.example.com""#
            ),
        ])
    func unhandledLinksChangeNothing(link: String, code: String, reason: String) throws {
        let session = try ArticleSession(restoring: nil)
        let recorder = RecordingRenderer(attachedTo: session.coordinator)
        let before = session.coordinator.tree
        let outcome = session.open(try #require(URL(string: link)))
        guard case .unhandled(let unhandled) = outcome else {
            Issue.record("\(link) (\(reason)): \(outcome)")
            return
        }
        #expect(unhandled.url == link)
        #expect(unhandled.reason.code == code)
        #expect(unhandled.reason.description == reason)
        #expect(session.coordinator.tree == before)
        // No transition: only the failure, which the app's observers log.
        #expect(recorder.events.isEmpty)
        #expect(recorder.failures.count == 1)
        guard let failure = recorder.failures.first else {
            Issue.record("expected one failure, got none")
            return
        }
        #expect(failure.error == .link(.unhandledLink(unhandled)))
    }

    // MARK: State restoration

    @Test("The saved state restores the tabs, their stacks and a sheet at the next launch")
    func savedStateRoundTrips() throws {
        let first = try ArticleSession(restoring: nil)
        first.open(try #require(URL(string: "articleapp-uikit://a1/a2")))
        try first.coordinator.navigate(.present(scene: "B1"))
        let saved = try #require(first.savedState())

        let second = try ArticleSession(restoring: saved)
        #expect(second.restorationProblem == nil)
        #expect(second.coordinator.tree.scenes == first.coordinator.tree.scenes)
        #expect(second.coordinator.tree.selectedTab == "a")
    }

    @Test(
        "A saved state that cannot be read starts the app afresh and says why",
        arguments: [
            (
                Data("not json".utf8), "invalid-snapshot", "unreadable",
                "The snapshot cannot be restored: its data cannot be read: The given data was not "
                    + "valid JSON."
            ),
            (
                Data(#"{"version":99}"#.utf8), "unsupported-snapshot-version",
                "unsupported-version",
                "The snapshot has format version 99, but this version of the package reads "
                    + "versions up to 4."
            ),
        ])
    func unreadableSavedStateStartsAfresh(
        saved: Data, code: String, rule: String, sentence: String
    ) throws {
        let session = try ArticleSession(restoring: saved)
        #expect(session.coordinator.tree.scenes == [["A1"], ["B1"], ["C1"]])
        let problem = try #require(session.restorationProblem)
        guard case .snapshot(let snapshotProblem) = problem else {
            Issue.record("expected a snapshot error, got \(problem)")
            return
        }
        #expect(problem.code == code)
        #expect(snapshotProblem.code == rule)
        #expect(problem.description == sentence)
    }

    // MARK: Buttons

    @Test("The screens' buttons follow the article: A1 → A2 → B1 (sheet) → C1, Back, Close")
    func buttonsWalkTheArticle() throws {
        let session = try ArticleSession(restoring: nil)
        let tree = { session.coordinator.tree }
        func tap(_ title: String) throws {
            let screen = try #require(tree().visibleScreen)
            let action = try #require(session.actions(for: screen).first { $0.title == title })
            try action.perform()
        }
        try tap("Open A2")
        try tap("Present B1")
        try tap("Push C1")
        #expect(tree().scenes == [["A1", "A2"], ["B1"], ["C1"], ["B1", "C1"]])
        try tap("Back")
        try tap("Close")
        #expect(tree().scenes == [["A1", "A2"], ["B1"], ["C1"]])
        try tap("Open C1 by a name from a server")
        #expect(tree().visibleScreen?.scene == "C1")
    }

    @Test("B1's Discard… asks in an alert: Cancel keeps the sheet, Discard closes it")
    func discardAsksFirst() throws {
        let session = try ArticleSession(restoring: nil)
        let coordinator = session.coordinator
        func tap(_ title: String) throws {
            let screen = try #require(coordinator.tree.visibleScreen)
            let action = try #require(session.actions(for: screen).first { $0.title == title })
            try action.perform()
        }
        try tap("Open A2")
        try tap("Present B1")
        try tap("Discard…")
        #expect(coordinator.tree.alert == B1ViewController.discardAlert)
        // Nothing goes over the alert: the user answers it first.
        let before = coordinator.tree
        let recorder = RecordingRenderer(attachedTo: coordinator)
        let refused = NavigationError.refused(.alertIsPresented(.push, alert: "DiscardB1"))
        #expect(throws: refused) { try coordinator.navigate(.push(scene: "C1")) }
        #expect(coordinator.tree == before)
        #expect(recorder.events.isEmpty)
        #expect(recorder.errors == [refused])
        recorder.detach()
        let first = try #require(coordinator.tree.visibleScreen?.id)
        try coordinator.report(.answeredByUser(first, button: 1))
        #expect(coordinator.tree.visibleScreen?.scene == "B1")

        try tap("Discard…")
        let second = try #require(coordinator.tree.visibleScreen?.id)
        try coordinator.report(.answeredByUser(second, button: 0))
        #expect(coordinator.tree.scenes == [["A1", "A2"], ["B1"], ["C1"]])
        #expect(coordinator.tree.modals.isEmpty)
    }

    @Test("B1 shows Close only in a modal, and C1 shows Back only above another screen")
    func buttonsAppearOnlyWhereTheyWork() throws {
        let session = try ArticleSession(restoring: nil)
        let tree = session.coordinator.tree
        let titles = { (scene: SceneIdentifier) in
            tree.screens.filter { $0.scene == scene }
                .flatMap { session.actions(for: $0).map(\.title) }
        }
        #expect(titles("B1") == ["Push C1"])
        #expect(titles("C1") == [])
    }
}
