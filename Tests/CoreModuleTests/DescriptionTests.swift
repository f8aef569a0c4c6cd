@_spi(Rules) import CoreModule
import Foundation
import Testing

/// What logs and failure messages print: every public value describes itself in words a reader
/// of the log understands, or as the Swift source that would make it.
@MainActor
@Suite("Descriptions: what logs print for requests, reports, events and reports of problems")
struct DescriptionTests {
    // MARK: Requests

    @Test("requests print as the Swift source that makes them, parameters and styles included")
    func requestsPrintAsSource() {
        #expect(
            ApplicationTransitionType.setStack(
                ["A1", Destination("A2", parameters: ["id": "7"])], animated: false
            ).description
                == #".setStack(["A1", Destination("A2", parameters: ["id": "7"])], animated: false)"#
        )
        #expect(
            ApplicationTransitionType.tabs(
                [
                    TabItem("home", scene: "A1", parameters: ["q": "x"]),
                    TabItem("more", scene: "B1"),
                ],
                selected: "more"
            ).description
                == #".tabs([TabItem("home", scene: "A1", parameters: ["q": "x"]), "#
                + #"TabItem("more", scene: "B1")], selected: "more", animated: false)"#)
        #expect(
            ApplicationTransitionType.selectTab("more", animated: false).description
                == #".selectTab("more", animated: false)"#)
        #expect(
            ApplicationTransitionType.present(scene: "B1", style: .fullScreenCover).description
                == #".present(scene: "B1", style: .fullScreenCover, animated: true)"#)
        #expect(
            ApplicationTransitionType.replace(scene: "A2", payload: ScenePayload(7)).description
                == #".replace(scene: "A2", payload: Int, animated: true)"#)
    }

    @Test("a request names the scene it builds, the selected tab's, the top one, or none")
    func requestScenes() {
        let tabs = [TabItem("home", scene: "A1"), TabItem("more", scene: "B1")]
        #expect(ApplicationTransitionType.tabs(tabs, selected: "more").scene == "B1")
        #expect(ApplicationTransitionType.tabs(tabs, selected: "nope").scene == nil)
        let longName = String(repeating: "m", count: TabItem.maximumNameByteCount + 1)
        #expect(ApplicationTransitionType.tabs(tabs, selected: longName).scene == nil)
        #expect(ApplicationTransitionType.setStack(["A1", "A2"]).scene == "A2")
        #expect(ApplicationTransitionType.setStack([]).scene == nil)
        #expect(ApplicationTransitionType.popTo(scene: "A1").scene == "A1")
        #expect(ApplicationTransitionType.selectTab("more").scene == nil)
        #expect(ApplicationTransitionType.pop().scene == nil)
    }

    @Test("a request with many tabs or destinations prints the first eight and a count")
    func longListsAreCut() {
        let items = (1...10).map { TabItem("t\($0)", scene: "A1") }
        let text = ApplicationTransitionType.tabs(items, selected: "t1").description
        #expect(text.contains(#"TabItem("t8", scene: "A1"), … 2 more], selected: "t1""#))
        #expect(!text.contains("t9"))
        let destinations = (1...9).map { _ in Destination("A1") }
        #expect(
            ApplicationTransitionType.setStack(destinations).description
                == ".setStack([" + Array(repeating: #""A1""#, count: 8).joined(separator: ", ")
                + ", … 1 more], animated: true)")
    }

    // MARK: Reports, operations and events

    @Test("platform reports print what the user did")
    func platformReports() {
        #expect(
            PlatformReport.poppedBackByUser(to: ScreenID(3)).description
                == "popped-back-by-user to #3")
        #expect(PlatformReport.dismissedByUser(ScreenID(4)).description == "dismissed-by-user #4")
        #expect(
            PlatformReport.tabSelectedByUser("more").description == #"tab-selected-by-user "more""#)
        #expect(
            PlatformReport.selectedTabReselectedByUser.description
                == "selected-tab-reselected-by-user")
    }

    @Test("a failed link, restore or report names the operation in the failure event")
    func failedOperationsName() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let recorder = EventRecorder(coordinator)
        let format = DeepLinkFormat(scheme: "app")
        let errors: [NavigationError] = [
            .link(
                .linkSegmentFailed(
                    position: 1, segment: "Nope", error: .unknownScene("Nope", suggestions: []))),
            .snapshot(
                .restorationFailed(
                    position: 2, scene: "Gone", error: .unknownScene("Gone", suggestions: []))),
            .refused(.nothingToDismiss(visible: "A1")),
        ]
        expectRefusal(errors[0], leaving: coordinator) {
            try coordinator.open(.deepLink("app://open/Nope", format: format))
        }
        let snapshot = TreeSnapshot(
            root: [.init(scene: "A1"), .init(scene: "Gone")],
            modals: [
                .init(stack: [.init(scene: "B1")])
            ])
        expectRefusal(errors[1], leaving: coordinator) { try coordinator.restore(snapshot) }
        expectRefusal(errors[2], leaving: coordinator) {
            try coordinator.report(.dismissedByUser(ScreenID(1)))
        }
        #expect(
            recorder.failures == [
                NavigationEvent.Failure(
                    operation: .open(.deepLink("app://open/Nope", format: format)),
                    error: errors[0]),
                NavigationEvent.Failure(operation: .restore(snapshot), error: errors[1]),
                NavigationEvent.Failure(
                    operation: .report(.dismissedByUser(ScreenID(1))), error: errors[2]),
            ])
        let lines = recorder.events.map(\.description)
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix(#"open("app://open/Nope") failed: "#) == true)
        #expect(
            lines.dropFirst().first?.hasPrefix("restore(3 screens in 2 stacks) failed: ") == true)
        #expect(lines.last?.hasPrefix("report(dismissed-by-user #1) failed: ") == true)
        #expect(recorder.events.allSatisfy { $0.transition == nil })
    }

    @Test("an event prints the transition; a failure event has no transition and the reverse")
    func eventsPrintTheirContent() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let recorder = EventRecorder(coordinator)
        try coordinator.navigate(.push(scene: "A2"))
        let event = try #require(recorder.events.first)
        #expect(event.failure == nil)
        #expect(event.description == event.transition?.description)
        #expect(event.description == "push A2 #2: A1 #1 → A2 #2, animated")
    }

    @Test("an event a guard redirected says from which request")
    func redirectedEvent() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        coordinator.addGuard(
            NavigationGuard("login") { attempt in
                attempt.scene == "B2" ? .redirect(.present(scene: "B1")) : .allow
            })
        let event = try #require(try coordinator.navigate(.push(scene: "B2")))
        #expect(
            event.description
                == #"present B1 #2 (sheet): A1 #1 → B1 #2, animated, redirected from "#
                + #".push(scene: "B2", animated: true)"#)
    }

    // MARK: Values

    @Test("results, payloads and parameter types print in words")
    func valuesInWords() {
        #expect(ScreenResult.cancelled.value(as: Int.self) == nil)
        #expect(ScreenResult.value(7).isCancelled == false)
        #expect(ScreenResult.cancelled.isCancelled)
        #expect(ScenePayload([1, 2]).description == "Array<Int>")
        #expect(ParameterType.string.description == "a string")
        #expect(ParameterType.string.accepts(""))
        #expect(String.parameterType == .string)
    }

    @Test("a malformed true-or-false or UUID parameter names the type it should have")
    func typedParameterErrors() throws {
        let container = DependencyContainer()
        var errors: [NavigationError] = []
        try container.assemble(
            contentsOf: [
                SceneBuilder("Flags") { context in
                    for read in [
                        { () throws(NavigationError) in
                            _ = try context.parameter("on", as: Bool.self)
                        },
                        { () throws(NavigationError) in
                            _ = try context.parameter("id", as: UUID.self)
                        },
                    ] {
                        do throws(NavigationError) { try read() } catch { errors.append(error) }
                    }
                    return StubScreen(context: context)
                }
            ])
        let coordinator = AppCoordinator(container: container)
        try coordinator.navigate(.root(scene: "Flags", parameters: ["on": "yes", "id": "7"]))
        #expect(
            errors == [
                .input(
                    .malformedParameter(scene: "Flags", name: "on", value: "yes", expected: .bool)),
                .input(
                    .malformedParameter(scene: "Flags", name: "id", value: "7", expected: .uuid)),
            ])
        #expect(
            errors.map(\.description).allSatisfy {
                $0.contains("true or false") || $0.contains("a UUID")
            })
    }

    @Test("a destination report counts in words, singular and plural")
    func destinationReportWording() throws {
        let none = DependencyContainer()
        try none.assemble(contentsOf: [stubBuilder("A1")])
        #expect(none.checkDestinations().description == "No destinations are declared.")

        let one = DependencyContainer()
        try one.assemble(contentsOf: [
            SceneBuilder("A1", destinations: ["A2"]) { StubScreen(context: $0) }, stubBuilder("A2"),
        ])
        #expect(one.checkDestinations().description == "The 1 declared destination is registered.")

        let broken = DependencyContainer()
        try broken.assemble(contentsOf: [
            SceneBuilder("A1", destinations: ["A3"]) { StubScreen(context: $0) }
        ])
        let report = broken.checkDestinations()
        #expect(report.description.hasPrefix("1 of 1 declared destination is not registered:\n- "))
    }
}
