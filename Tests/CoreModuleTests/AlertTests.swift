@_spi(Rules) import CoreModule
import Foundation
import Testing

@MainActor
@Suite("Alerts and confirmation dialogs: modals of their own, answered through results")
struct AlertTests {
    static let discard = AlertContent(
        "DiscardDraft", title: "Discard this draft?", message: "It cannot be recovered.",
        buttons: [
            AlertContent.Button("Discard", role: .destructive, value: true),
            AlertContent.Button("Cancel", role: .cancel),
        ])

    static let share = AlertContent.confirmationDialog(
        title: "Share",
        buttons: [
            AlertContent.Button("Copy link"), AlertContent.Button("Mail"),
            AlertContent.Button("Cancel", role: .cancel),
        ],
        anchor: "share")

    static let rename = AlertContent(
        "Rename", title: "Rename",
        buttons: [AlertContent.Button("Save"), AlertContent.Button("Cancel", role: .cancel)],
        textFields: [AlertContent.TextField(placeholder: "Name", text: "Draft")])

    /// A coordinator showing A1 › A2, with `alert` presented over it and its results recorded.
    func presenting(
        _ alert: AlertContent,
        setup: [ApplicationTransitionType] = [.root(scene: "A1"), .push(scene: "A2")]
    ) throws -> (AppCoordinator, ScreenID, Results) {
        let coordinator = try makeCoordinator(setup: setup)
        let results = Results()
        try coordinator.navigate(.alert(alert)) { results.values.append($0) }
        let id = try #require(coordinator.tree.visibleScreen?.id)
        return (coordinator, id, results)
    }

    final class Results {
        var values: [ScreenResult] = []
        var descriptions: [String] { values.map(\.description) }
    }

    @Test("an alert is a modal of its own over the top-most place, holding its content")
    func presents() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .push(scene: "A2")])
        let recorder = EventRecorder(coordinator)
        let event = try #require(try coordinator.navigate(.alert(Self.discard)))

        #expect(event.kind == .present)
        #expect(event.style == .alert)
        #expect(recorder.kinds == [.present])
        #expect(coordinator.tree.alert == Self.discard)
        let modal = try #require(coordinator.tree.modals.last)
        #expect(modal.style == .alert)
        #expect(modal.map(\.scene) == ["DiscardDraft"])
        #expect((modal[0].content as? AlertScreen)?.content == Self.discard)
        #expect(coordinator.tree.visibleScreen?.scene == "DiscardDraft")
        #expect(
            coordinator.tree.description
                == "window\n└─ stack: A1 #1 › A2 #2\n   └─ modal (alert): DiscardDraft #3 (\"Discard this draft?\")"
        )
        #expect(coordinator.tree.invariantViolations().isEmpty)
        // A plain present step: a renderer shows it by its style.
        #expect(event.plan.steps.count == 1)
    }

    @Test("a tapped button answers its value, and the alert leaves as the user's dismiss")
    func answered() throws {
        let (coordinator, id, results) = try presenting(Self.discard)
        let recorder = EventRecorder(coordinator)
        let event = try #require(try coordinator.report(.answeredByUser(id, button: 0)))

        #expect(event.kind == .dismiss)
        #expect(event.isUserInitiated)
        #expect(recorder.kinds == [.dismiss])
        #expect(results.values.count == 1)
        #expect(results.values.first?.value(as: Bool.self) == true)
        #expect(coordinator.tree.alert == nil)
        #expect(coordinator.tree.scenes == [["A1", "A2"]])
        // A stale answer: the alert is gone.
        expectRefused(.refused(.reportedScreenGone(id)), on: coordinator) {
            try coordinator.report(.answeredByUser(id, button: 0))
        }
        #expect(results.values.count == 1)
    }

    @Test("a button made from a title answers the title; a cancel button answers its own")
    func titleValues() throws {
        let (coordinator, id, results) = try presenting(Self.share)
        try coordinator.report(.answeredByUser(id, button: 1))
        #expect(results.values.first?.value(as: String.self) == "Mail")
        #expect(Self.share.cancelButton?.index == 2)
        #expect(AlertContent.Button("Cancel", role: .cancel).value == ScenePayload("Cancel"))
        #expect(coordinator.tree.modals.isEmpty)
    }

    @Test("an alert with text fields answers the button and the text typed")
    func textFields() throws {
        let (coordinator, id, results) = try presenting(Self.rename)
        try coordinator.report(.answeredByUser(id, button: 0, text: ["Groceries"]))
        let answer = try #require(results.values.first?.value(as: AlertContent.Answer.self))
        #expect(answer.button == 0)
        #expect(answer.value(as: String.self) == "Save")
        #expect(answer.text == ["Groceries"])
    }

    @Test("a dialog dismissed by a tap outside answers its cancel button, or cancelled")
    func dialogDismissedByUser() throws {
        let (coordinator, id, results) = try presenting(Self.share)
        let event = try #require(try coordinator.report(.dismissedByUser(id)))
        #expect(event.kind == .dismiss)
        #expect(results.values.first?.value(as: String.self) == "Cancel")

        let noCancel = AlertContent.confirmationDialog(title: "Sort", buttons: ["Name", "Date"])
        let (other, otherID, otherResults) = try presenting(noCancel)
        try other.report(.dismissedByUser(otherID))
        #expect(otherResults.descriptions == ["cancelled"])
        #expect(other.tree.modals.isEmpty)
    }

    @Test("an alert is not dismissed by the user, only answered")
    func alertNotDismissible() throws {
        let (coordinator, id, results) = try presenting(Self.discard)
        expectRefused(
            .refused(.notDismissibleByUser(id, style: .alert)), on: coordinator
        ) { try coordinator.report(.dismissedByUser(id)) }
        #expect(results.values.isEmpty)
    }

    @Test("nothing is pushed, presented or popped over an alert; the tree and results stay")
    func refusedOverAlert() throws {
        let requests: [ApplicationTransitionType] = [
            .push(scene: "B1"), .present(scene: "B1"), .alert(Self.share), .pop(), .popToRoot(),
            .popTo(scene: "A1"), .setStack(["B1"]), .replace(scene: "B1"),
        ]
        for request in requests {
            let (coordinator, _, results) = try presenting(Self.discard)
            expectRefused(
                .refused(.alertIsPresented(request.kind, alert: "DiscardDraft")), on: coordinator
            ) {
                try coordinator.navigate(request)
            }
            #expect(results.values.isEmpty)
        }
    }

    @Test("a dismiss, a new root or a tab switch under it goes on; the alert's result is cancelled")
    func dismissedByTheApp() throws {
        let (coordinator, _, results) = try presenting(Self.discard)
        let event = try #require(try coordinator.navigate(.dismiss()))
        #expect(!event.isUserInitiated)
        #expect(results.descriptions == ["cancelled"])

        let (other, _, otherResults) = try presenting(Self.discard)
        try other.navigate(.root(scene: "B1"))
        #expect(otherResults.descriptions == ["cancelled"])
        #expect(other.tree.scenes == [["B1"]])

        let tabs: [ApplicationTransitionType] = [
            .tabs([TabItem("a", scene: "A1"), TabItem("b", scene: "B1")], selected: "a")
        ]
        let (tabbed, _, tabbedResults) = try presenting(Self.discard, setup: tabs)
        try tabbed.navigate(.selectTab("b"))
        #expect(tabbed.tree.alert == Self.discard)
        #expect(tabbedResults.values.isEmpty)
    }

    @Test("an alert over a sheet: answering it leaves the sheet")
    func overASheet() throws {
        let (coordinator, id, results) = try presenting(
            Self.discard, setup: [.root(scene: "A1"), .present(scene: "B1")])
        #expect(coordinator.tree.modals.map(\.style) == [.sheet(), .alert])
        try coordinator.report(.answeredByUser(id, button: 1))
        #expect(results.values.first?.value(as: String.self) == "Cancel")
        #expect(coordinator.tree.scenes == [["A1"], ["B1"]])
    }

    @Test("a bad answer is refused and changes nothing")
    func badAnswers() throws {
        let (coordinator, id, results) = try presenting(Self.rename)
        expectRefused(.refused(.noSuchAlertButton(id, button: 2, count: 2)), on: coordinator) {
            try coordinator.report(.answeredByUser(id, button: 2, text: ["x"]))
        }
        expectRefused(.refused(.noSuchAlertButton(id, button: -1, count: 2)), on: coordinator) {
            try coordinator.report(.answeredByUser(id, button: -1, text: ["x"]))
        }
        expectRefused(.refused(.alertTextMismatch(id, given: 0, expected: 1)), on: coordinator) {
            try coordinator.report(.answeredByUser(id, button: 0))
        }
        let under = try #require(coordinator.tree.root?.first?.id)
        expectRefused(.refused(.notAnAlert(under)), on: coordinator) {
            try coordinator.report(.answeredByUser(under, button: 0))
        }
        #expect(results.values.isEmpty)
    }

    @Test("content that cannot be shown is refused before anything changes")
    func invalidContent() throws {
        let long = String(repeating: "x", count: AlertContent.maximumTextByteCount + 1)
        var twoCancels = Self.discard
        twoCancels.buttons = [
            AlertContent.Button("Cancel", role: .cancel),
            AlertContent.Button("Close", role: .cancel),
        ]
        var anchored = Self.discard
        anchored.anchor = "share"
        var badAnchor = Self.share
        badAnchor.anchor = ""
        var fieldsInDialog = Self.share
        fieldsInDialog.textFields = [AlertContent.TextField()]
        let cases: [(AlertContent, NavigationError.AlertProblem)] = [
            (AlertContent(title: "No way out", buttons: []), .noButtons),
            (
                AlertContent(
                    title: "Many", buttons: (0..<17).map { AlertContent.Button("B\($0)") }),
                .tooManyButtons(count: 17, limit: 16)
            ),
            (
                AlertContent(
                    title: "Fields", buttons: ["OK"],
                    textFields: Array(repeating: AlertContent.TextField(), count: 5)),
                .tooManyTextFields(count: 5, limit: 4)
            ),
            (fieldsInDialog, .textFieldsInDialog),
            (anchored, .anchorOnAlert),
            (badAnchor, .invalidAnchor),
            (AlertContent(title: long, buttons: ["OK"]), .textTooLong(limit: 4_096)),
            (
                AlertContent(title: "Empty", buttons: [AlertContent.Button("")]),
                .emptyButtonTitle(index: 0)
            ),
            (twoCancels, .moreThanOneCancelButton),
            (
                AlertContent("Bad name", title: "T", buttons: ["OK"]),
                .invalidName("Bad name", .whitespace(position: 4))
            ),
        ]
        for (content, problem) in cases {
            #expect(content.brokenRule == problem)
            let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
            expectRefused(.refused(.invalidAlert(problem)), on: coordinator) {
                try coordinator.navigate(.alert(content))
            }
            #expect(!NavigationError.refused(.invalidAlert(problem)).description.isEmpty)
        }
        let empty = try makeCoordinator()
        expectRefused(.refused(.noRoot(.present)), on: empty) {
            try empty.navigate(.alert(Self.discard))
        }
    }

    @Test("an expected result type is checked against every button's answer when presenting")
    func expectedType() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        expectRefused(
            .refused(.invalidAlert(.wrongAnswerType(button: 1, expected: "Bool", given: "String"))),
            on: coordinator
        ) {
            try coordinator.navigate(.alert(Self.discard), expecting: Bool.self) { _ in }
        }
        var allBool = Self.discard
        allBool.buttons[1] = AlertContent.Button("Keep", role: .cancel, value: false)
        var answers: [Bool?] = []
        try coordinator.navigate(.alert(allBool), expecting: Bool.self) {
            answers.append($0.value(as: Bool.self))
        }
        let id = try #require(coordinator.tree.visibleScreen?.id)
        try coordinator.report(.answeredByUser(id, button: 1))
        #expect(answers == [false])
        // An alert with text fields answers an AlertContent.Answer.
        try coordinator.navigate(.alert(Self.rename), expecting: AlertContent.Answer.self) { _ in }
        #expect(coordinator.tree.alert == Self.rename)
    }

    @Test("a scene is not presented with an alert's style")
    func sceneWithAlertStyle() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        for style in [PresentationStyle.alert, .confirmationDialog] {
            expectRefused(.refused(.invalidPresentationStyle(style)), on: coordinator) {
                try coordinator.navigate(.present(scene: "B1", style: style))
            }
            #expect(
                NavigationError.refused(.invalidPresentationStyle(style)).description.contains(
                    ".alert(_:)"))
        }
    }

    @Test("links and snapshots leave the alert out: they show what was under it")
    func linksAndSnapshots() throws {
        let format = DeepLinkFormat(scheme: "app")
        let (coordinator, _, _) = try presenting(
            Self.discard, setup: [.root(scene: "A1"), .present(scene: "B1")])
        #expect(try coordinator.link(format: format) == "app://open/A1/+B1")
        let snapshot = coordinator.tree.snapshot
        #expect(snapshot.modals.count == 1)
        #expect(snapshot.modals.first?.style == .sheet())
        let restored = try makeCoordinator()
        try restored.restore(snapshot)
        #expect(restored.tree.scenes == [["A1"], ["B1"]])
    }

    @Test("the alert's texts print: its request, its content, its report")
    func descriptions() {
        #expect(
            ApplicationTransitionType.alert(Self.discard).description
                == ".alert(\"DiscardDraft\": alert \"Discard this draft?\" [Discard (destructive), Cancel (cancel)], animated: true)"
        )
        #expect(
            Self.share.description
                == "confirmation-dialog \"Share\" [Copy link, Mail, Cancel (cancel)]")
        #expect(Self.rename.description.hasSuffix(", 1 text field(s)"))
        let many = AlertContent(
            title: "Many", buttons: (0..<10).map { AlertContent.Button("B\($0)") })
        #expect(many.description.hasSuffix("B7, … 2 more]"))
        #expect(
            PlatformReport.answeredByUser(ScreenID(6), button: 0).description
                == "answered-by-user #6 button 0")
        #expect(
            PlatformReport.answeredByUser(ScreenID(6), button: 1, text: ["a"]).description
                == "answered-by-user #6 button 1 with 1 text(s)")
        #expect(PlatformReport.answeredByUser(ScreenID(6), button: 0).kind == .dismiss)
        #expect(PresentationStyle.alert.description == "alert")
        #expect(PresentationStyle.confirmationDialog.description == "confirmation-dialog")
        #expect(Self.share.style.description == "confirmation-dialog")
        #expect("\(AlertContent.Button.Role.destructive)" == "destructive")
        #expect(ApplicationTransitionType.alert(Self.share).scene == "ConfirmationDialog")
        #expect(ApplicationTransitionType.alert(Self.share, animated: false).animated == false)
        for problem: NavigationError.AlertProblem in [
            .noButtons, .tooManyButtons(count: 17, limit: 16),
            .tooManyTextFields(count: 5, limit: 4),
            .textFieldsInDialog, .anchorOnAlert, .invalidAnchor, .textTooLong(limit: 4_096),
            .emptyButtonTitle(index: 0), .moreThanOneCancelButton,
            .invalidName("", .empty),
            .wrongAnswerType(button: 0, expected: "Bool", given: "String"),
        ] {
            #expect(!problem.description.isEmpty)
        }
    }

    @Test("a locked popover is not dismissed by the user; its link and snapshot keep the lock")
    func lockedPopover() throws {
        let locked = PresentationStyle.popover(anchor: "share", interactiveDismissal: false)
        #expect(!locked.userCanDismiss)
        #expect(locked.description == "popover from share, not dismissible")
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        try coordinator.navigate(.present(scene: "B1", style: locked))
        let id = try #require(coordinator.tree.visibleScreen?.id)
        expectRefused(.refused(.notDismissibleByUser(id, style: locked)), on: coordinator) {
            try coordinator.report(.dismissedByUser(id))
        }
        let format = DeepLinkFormat(scheme: "app")
        let link = try #require(try coordinator.link(format: format))
        #expect(link == "app://open/A1/+[popover:share,fixed]B1")
        let reopened = try makeCoordinator()
        try reopened.open(.deepLink(link, format: format))
        #expect(reopened.tree.modals.first?.style == locked)

        // The snapshot writes the lock only when it is on, so older versions read the rest.
        let data = try JSONEncoder().encode(coordinator.tree.snapshot)
        #expect(String(decoding: data, as: UTF8.self).contains("\"interactiveDismissal\":false"))
        let restored = try JSONDecoder().decode(TreeSnapshot.self, from: data)
        #expect(restored.modals.first?.style == locked)
        let open = try JSONEncoder().encode(PresentationStyle.popover(anchor: "share"))
        #expect(String(decoding: open, as: UTF8.self) == #"{"popover":{"anchor":"share"}}"#)
        #expect(
            ApplicationTransitionType.present(scene: "B1", style: locked).description
                == ".present(scene: \"B1\", style: .popover(anchor: \"share\", interactiveDismissal: false), animated: true)"
        )
    }

    @Test("every style reads back as it was written, and a malformed style is refused")
    func styleCoding() throws {
        let styles: [PresentationStyle] = [
            .sheet(), .sheet(detents: [.medium], interactiveDismissal: false), .fullScreenCover,
            .popover(anchor: "a"), .popover(anchor: "a", interactiveDismissal: false), .alert,
            .confirmationDialog,
        ]
        for style in styles {
            let data = try JSONEncoder().encode(style)
            #expect(try JSONDecoder().decode(PresentationStyle.self, from: data) == style)
        }
        #expect(
            String(
                decoding: try JSONEncoder().encode(PresentationStyle.fullScreenCover), as: UTF8.self
            ) == #"{"fullScreenCover":{}}"#)
        // DecodingError is not Equatable: each is matched by its case, key, path and text.
        let oneKey = "A presentation style has exactly one case key."
        for (bad, expected) in [
            (#"{}"#, "data corrupted at []: \(oneKey)"),
            (#"{"sheet":{},"alert":{}}"#, "data corrupted at []: \(oneKey)"),
            (#"{"anchor":{}}"#, "data corrupted at [anchor]: Not a presentation style."),
            (#"{"popover":{}}"#, "key anchor not found at [popover]"),
        ] {
            do {
                let style = try JSONDecoder().decode(PresentationStyle.self, from: Data(bad.utf8))
                Issue.record("\(bad) decoded as \(style)")
            } catch let error as DecodingError {
                #expect(Self.summary(of: error) == expected, "\(bad)")
            } catch {
                Issue.record("\(bad) failed with \(error), not a DecodingError")
            }
        }
    }

    /// A decoding error's case, key, coding path and text, to compare with `==`.
    static func summary(of error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            "[" + context.codingPath.map(\.stringValue).joined(separator: ", ") + "]"
        }
        switch error {
        case .dataCorrupted(let context):
            return "data corrupted at \(path(context)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "key \(key.stringValue) not found at \(path(context))"
        case .typeMismatch(let type, let context):
            return "type \(type) mismatched at \(path(context)): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "value of \(type) not found at \(path(context)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    @Test("a universal link written under an alert names the screen under it")
    func universalLinkUnderAlert() throws {
        let table = try LinkTable(
            accepting: [.web(host: "example.com")],
            routes: [LinkRoute("a/2", scene: "A2", reachableFromOutside: true)])
        let (coordinator, _, _) = try presenting(Self.discard)
        #expect(try coordinator.universalLink(in: table) == "https://example.com/a/2")
    }
}

/// Runs `body`, which must throw exactly `error`, and checks that `coordinator` is as it was
/// (`expectRefusal`: the tree, no transition, the failure reported at most once and as `error`).
@MainActor
private func expectRefused(
    _ error: NavigationError, on coordinator: AppCoordinator,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) {
    expectRefusal(error, leaving: coordinator, sourceLocation: sourceLocation, body)
}

@MainActor
@Suite("A screen asks its alert and hears the answer through its context")
struct AlertFromAScreenTests {
    @Test("a screen's context presents an alert and hears the button the user tapped")
    func contextHearsTheAnswer() throws {
        let container = DependencyContainer()
        let contexts = ContextBox()
        try container.assemble(
            contentsOf: [
                SceneBuilder("Editor") { context in
                    contexts.value = context
                    return StubScreen(context: context)
                },
                stubBuilder("Home"),
            ])
        let coordinator = AppCoordinator(container: container)
        try coordinator.navigate(.root(scene: "Home"))
        try coordinator.navigate(.present(scene: "Editor"))
        let context = try #require(contexts.value)

        let discard = AlertContent(
            title: "Discard your changes?",
            buttons: [
                AlertContent.Button("Discard", role: .destructive, value: true),
                AlertContent.Button("Cancel", role: .cancel),
            ])
        try context.navigate(.alert(discard)) { [context] result in
            if result.value(as: Bool.self) == true { _ = try? context.navigate(.dismiss()) }
        }
        let alert = try #require(coordinator.tree.visibleScreen?.id)
        try coordinator.report(.answeredByUser(alert, button: 0))
        #expect(coordinator.tree.scenes == [["Home"]])
    }

    @Test("a context whose coordinator is gone, or is a test double, cannot hear results")
    func unavailable() throws {
        let orphan = SceneContext(
            scene: "Editor", screen: ScreenID(1), parameters: [:], coordinator: nil)
        #expect(
            throws: NavigationError.misuse(
                .coordinatorUnavailable(.navigateForResult(.present), .released))
        ) {
            try orphan.navigate(.alert(AlertTests.discard)) { _ in }
        }
        // The context holds its coordinator weakly: the test keeps the double.
        let navigator = RecordingNavigator()
        let double = SceneContext(
            scene: "Editor", screen: ScreenID(1), parameters: [:], coordinator: navigator)
        #expect(
            throws: NavigationError.misuse(
                .coordinatorUnavailable(
                    .navigateForResult(.present), .notAnAppCoordinator))
        ) {
            try double.navigate(.alert(AlertTests.discard)) { _ in }
        }
        #expect(navigator.requests.isEmpty)
    }

    final class ContextBox {
        var value: SceneContext?
    }
}
