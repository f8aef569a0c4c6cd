@_spi(Benchmarks) @_spi(Rules) import CoreModule
import Observation
import Testing

@MainActor
@Suite("SwiftUI projection: alerts and confirmation dialogs, their buttons and dismissals")
struct AlertProjectionTests {
    let discard = AlertContent(
        "Discard", title: "Discard this draft?", message: "It cannot be undone.",
        buttons: [
            AlertContent.Button("Discard", role: .destructive, value: true),
            AlertContent.Button("Cancel", role: .cancel),
        ])
    let share = AlertContent.confirmationDialog(
        "Share", title: "Share the article",
        buttons: [
            AlertContent.Button("Mail"), AlertContent.Button("Messages"),
            AlertContent.Button("Not now", role: .cancel),
        ],
        anchor: "share")
    let rename = AlertContent(
        "Rename", title: "Rename",
        buttons: [AlertContent.Button("Save"), AlertContent.Button("Cancel", role: .cancel)],
        textFields: [
            AlertContent.TextField(placeholder: "Name", text: "Draft"), AlertContent.TextField(),
        ])

    // MARK: Projection

    @Test("an alert over a stack root is the .alert modifier's modal over level 0, and no other's")
    func alertOverRoot() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .alert(discard)])
        let projection = NavigationProjection(coordinator.tree)
        let modal = try #require(projection.modal(over: 0, as: .alert))
        #expect(modal.level == 1 && modal.kind == .alert && modal.style == .alert)
        #expect(modal.alert == discard)
        #expect(modal.id == coordinator.tree.modals.first?.modal)
        #expect(projection.stack(modal.stack)?.root == coordinator.tree.visibleScreen?.id)
        for other in PresentationStyle.Kind.allCases where other != .alert {
            #expect(projection.modal(over: 0, as: other) == nil, "\(other)")
        }
        // The alert's stack is a stack of the projection, as a sheet's is.
        #expect(projection.stacks.map(\.id) == coordinator.tree.stacks.map(\.id))
    }

    @Test("an alert over a tab root is presented over level 0, over the tab bar")
    func alertOverTabs() throws {
        let coordinator = try makeCoordinator(
            setup: [homeAndMore, .push(scene: "A2"), .alert(discard)])
        let projection = NavigationProjection(coordinator.tree)
        #expect(projection.selectedTab == "home")
        #expect(projection.tabs[0].stack.path.count == 1)
        let modal = try #require(projection.modal(over: 0, as: .alert))
        #expect(modal.level == 1 && modal.alert?.title == "Discard this draft?")
    }

    @Test("an alert over a sheet is the sheet's: presented over level 1")
    func alertOverSheet() throws {
        let coordinator = try makeCoordinator(
            setup: [.root(scene: "A1"), .present(scene: "B1"), .alert(discard)])
        let projection = NavigationProjection(coordinator.tree)
        #expect(projection.modals.map(\.kind) == [.sheet, .alert])
        #expect(projection.modal(over: 0, as: .sheet)?.alert == nil)
        #expect(projection.modal(over: 0, as: .alert) == nil)
        let alert = try #require(projection.modal(over: 1, as: .alert))
        #expect(alert.level == 2 && alert.alert == discard)
    }

    @Test("a confirmation dialog is the .confirmationDialog modifier's, with its anchor")
    func dialog() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .alert(share)])
        let projection = NavigationProjection(coordinator.tree)
        #expect(projection.modal(over: 0, as: .alert) == nil)
        let modal = try #require(projection.modal(over: 0, as: .confirmationDialog))
        #expect(modal.style == .confirmationDialog && modal.kind == .confirmationDialog)
        #expect(modal.alert?.anchor == "share")
        #expect(modal.alert?.buttons.map(\.role) == [.default, .default, .cancel])
    }

    // MARK: Writes

    @Test("a button tapped is one answer; the isPresented = false after it is an echo")
    func answerThenEcho() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        var results: [ScreenResult] = []
        try coordinator.navigate(.alert(discard)) { results.append($0) }
        let projection = NavigationProjection(coordinator.tree)
        let modal = try #require(projection.modal(over: 0, as: .alert))
        let screen = try #require(projection.stack(modal.stack)?.root)
        let answer = BindingWrite.answer(modal.id, button: 0)
        #expect(!projection.shows(answer))
        #expect(projection.reports(for: answer) == [.answeredByUser(screen, button: 0)])
        let events = try send(projection.reports(for: answer), to: coordinator)
        #expect(events.map(\.kind) == [.dismiss] && events.first?.initiator == .user)
        #expect(results.map { $0.value(as: Bool.self) } == [true])
        // SwiftUI sets isPresented to false after the action: the alert already left.
        let after = NavigationProjection(coordinator.tree)
        let dismissal = BindingWrite.modal(nil, over: 0, as: .alert)
        #expect(after.shows(dismissal) && after.reports(for: dismissal).isEmpty)
        #expect(after.shows(answer) && after.reports(for: answer).isEmpty)
        #expect(results.count == 1)
    }

    @Test("a dialog dismissed with a tap outside answers its cancel button's value")
    func dialogDismissed() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        var results: [ScreenResult] = []
        try coordinator.navigate(.alert(share)) { results.append($0) }
        let projection = NavigationProjection(coordinator.tree)
        let modal = try #require(projection.modal(over: 0, as: .confirmationDialog))
        let screen = try #require(projection.stack(modal.stack)?.root)
        let write = BindingWrite.modal(nil, over: 0, as: .confirmationDialog)
        #expect(projection.reports(for: write) == [.dismissedByUser(screen)])
        _ = try send(projection.reports(for: write), to: coordinator)
        #expect(results.map { $0.value(as: String.self) } == ["Not now"])
        #expect(coordinator.tree.modals.isEmpty)
    }

    @Test("a dialog without a cancel button, dismissed, is cancelled")
    func dialogWithoutCancel() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let choice = AlertContent.confirmationDialog(
            title: "Pick", buttons: [AlertContent.Button("One")])
        var results: [ScreenResult] = []
        try coordinator.navigate(.alert(choice)) { results.append($0) }
        let navigation = ObservableNavigation(following: coordinator)
        #expect(navigation[isPresentedOver: 0, as: .confirmationDialog])
        navigation[isPresentedOver: 0, as: .confirmationDialog] = false
        #expect(results.map(\.isCancelled) == [true])
        #expect(!navigation[isPresentedOver: 0, as: .confirmationDialog])
    }

    @Test("an alert's isPresented = false without a button is refused: the alert stays")
    func alertNotDismissible() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .alert(discard)])
        let navigation = ObservableNavigation(following: coordinator)
        let recorder = EventRecorder(coordinator)
        let screen = try #require(coordinator.tree.visibleScreen?.id)
        let changed = Flag()
        withObservationTracking {
            _ = navigation[isPresentedOver: 0, as: .alert]
        } onChange: {
            changed.raise()
        }
        navigation[isPresentedOver: 0, as: .alert] = false
        #expect(
            recorder.failures.map(\.error) == [
                .refused(.notDismissibleByUser(screen, style: .alert))
            ])
        #expect(coordinator.tree.alert == discard)
        #expect(navigation[isPresentedOver: 0, as: .alert])
        #expect(changed.isRaised)  // SwiftUI reads it again, and shows the alert again
    }

    @Test("answers no gesture makes: to a modal that is no alert, to an alert that left")
    func answersNoGestureMakes() throws {
        let coordinator = try makeCoordinator(
            setup: [.root(scene: "A1"), .present(scene: "B1"), .alert(discard)])
        let projection = NavigationProjection(coordinator.tree)
        let sheet = try #require(projection.modal(over: 0, as: .sheet))
        let alert = try #require(projection.modal(over: 1, as: .alert))
        #expect(projection.reports(for: .answer(sheet.id, button: 0)).isEmpty)
        try coordinator.navigate(.dismiss())
        let after = NavigationProjection(coordinator.tree)
        #expect(after.shows(.answer(alert.id, button: 0)))
        #expect(after.reports(for: .answer(alert.id, button: 0)).isEmpty)
    }

    @Test("an answer with a button the alert does not have is refused by the coordinator")
    func noSuchButton() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .alert(discard)])
        let navigation = ObservableNavigation(following: coordinator)
        let recorder = EventRecorder(coordinator)
        let modal = try #require(navigation[modalOver: 0, as: .alert])
        let screen = try #require(coordinator.tree.visibleScreen?.id)
        navigation.answer(modal.id, button: 5)
        #expect(
            recorder.failures.map(\.error) == [
                .refused(.noSuchAlertButton(screen, button: 5, count: 2))
            ])
        #expect(coordinator.tree.alert == discard)
        // SwiftUI's isPresented = false after the action is the same gesture: nothing more.
        navigation[isPresentedOver: 0, as: .alert] = false
        #expect(recorder.failures.count == 1 && recorder.transitions.isEmpty)
        #expect(navigation[isPresentedOver: 0, as: .alert])
    }

    @Test("the write's description names the alert, the button and how many texts")
    func descriptions() {
        #expect(BindingWrite.answer(ModalID(2), button: 0).description == "answer m2 button 0")
        #expect(
            BindingWrite.answer(ModalID(2), button: 1, text: ["a", "b"]).description
                == "answer m2 button 1 with 2 text(s)")
        #expect(
            BindingWrite.modal(nil, over: 1, as: .confirmationDialog).description
                == "confirmationDialog over 1 = nil")
    }

    // MARK: Through ObservableNavigation

    @Test("a button tapped through the observable source answers once, with its texts")
    func answerThroughSource() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        var results: [ScreenResult] = []
        try coordinator.navigate(.alert(rename)) { results.append($0) }
        let navigation = ObservableNavigation(following: coordinator)
        let recorder = EventRecorder(coordinator)
        #expect(navigation[isPresentedOver: 0, as: .alert])
        let modal = try #require(navigation[modalOver: 0, as: .alert])
        #expect(navigation[text: 0, of: modal.id] == "Draft")  // the field's own text
        navigation[text: 1, of: modal.id] = "Notes"
        navigation[text: 7, of: modal.id] = "no such field"
        #expect(navigation[text: 1, of: modal.id] == "Notes")
        #expect(navigation[text: 7, of: modal.id] == "")
        navigation.answer(modal.id, button: 0)
        // The action's answer, then SwiftUI's isPresented = false: one event, no failure.
        navigation[isPresentedOver: 0, as: .alert] = false
        #expect(recorder.kinds == [.dismiss] && recorder.failures.isEmpty)
        let answer = try #require(results.first?.value(as: AlertContent.Answer.self))
        #expect(results.count == 1)
        #expect(answer.button == 0 && answer.value(as: String.self) == "Save")
        #expect(answer.text == ["Draft", "Notes"])
        #expect(!navigation[isPresentedOver: 0, as: .alert])
        #expect(navigation[text: 1, of: modal.id] == "")  // the alert left, and its texts
        // A late answer, a second tap: nothing.
        navigation.answer(modal.id, button: 1)
        #expect(recorder.events.count == 1 && results.count == 1)
    }

    @Test("the isPresented = false after an answer leaves the alert its handler presented")
    func chainedAlert() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let done = AlertContent("Done", title: "Discarded", buttons: [AlertContent.Button("OK")])
        try coordinator.navigate(.alert(discard)) { _ in
            _ = try? coordinator.navigate(.alert(done))
        }
        let navigation = ObservableNavigation(following: coordinator)
        let first = try #require(navigation[modalOver: 0, as: .alert])
        navigation.answer(first.id, button: 0)
        #expect(coordinator.tree.alert == done)
        let changed = Flag()
        withObservationTracking {
            _ = navigation[isPresentedOver: 0, as: .alert]
        } onChange: {
            changed.raise()
        }
        navigation[isPresentedOver: 0, as: .alert] = false  // SwiftUI, after the first's action
        #expect(coordinator.tree.alert == done)
        #expect(navigation[modalOver: 0, as: .alert]?.alert == done)
        #expect(changed.isRaised)  // SwiftUI reads isPresented again: the second alert shows
        // The second alert answers on its own.
        let second = try #require(navigation[modalOver: 0, as: .alert])
        navigation.answer(second.id, button: 0)
        navigation[isPresentedOver: 0, as: .alert] = false
        #expect(coordinator.tree.alert == nil && coordinator.tree.scenes == [["A1"]])
    }

    @Test("isPresented = true is no write: only the coordinator presents")
    func presentedTrue() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let navigation = ObservableNavigation(following: coordinator)
        let recorder = EventRecorder(coordinator)
        navigation[isPresentedOver: 0, as: .alert] = true
        #expect(!navigation[isPresentedOver: 0, as: .alert])
        #expect(recorder.events.isEmpty)
    }
}
