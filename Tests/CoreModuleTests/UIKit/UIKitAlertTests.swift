#if os(Linux)
    import CoreModule
    import SceneRouterUIKit
    import SceneRouterUIKitStandIn
    import Testing

    @MainActor
    @Suite("UIKit adapter: alerts and confirmation dialogs are alert controllers")
    struct UIKitAlertTests {
        static let discard = AlertContent(
            title: "Discard this draft?", message: "It cannot be undone.",
            buttons: [
                AlertContent.Button("Discard", role: .destructive, value: true),
                AlertContent.Button("Keep", role: .cancel, value: false),
            ])
        static let rename = AlertContent(
            "Rename", title: "Rename",
            buttons: [AlertContent.Button("Cancel", role: .cancel), AlertContent.Button("Save")],
            textFields: [
                AlertContent.TextField(placeholder: "Name", text: "Draft"),
                AlertContent.TextField(placeholder: "Password", isSecure: true),
            ])
        static let delete = AlertContent.confirmationDialog(
            title: "Delete the message?",
            buttons: [
                AlertContent.Button("Delete", role: .destructive, value: 1),
                AlertContent.Button("Cancel", role: .cancel),
            ],
            anchor: "share")

        func shown(_ setup: [ApplicationTransitionType] = [.root(scene: "A1")]) throws
            -> StandInWindow
        {
            StandInWindow(try makeCoordinator(setup: setup))
        }

        /// The alert controller on top of the window.
        func presentedAlert(_ shown: StandInWindow) throws -> UIAlertController {
            var top = shown.window.rootViewController
            while let next = top?.presentedViewController { top = next }
            return try #require(top as? UIAlertController)
        }

        // MARK: Shown

        @Test("an alert is an alert controller, not in a navigation controller: title, actions")
        func alertIsShown() throws {
            let shown = try shown()
            try shown.coordinator.navigate(.alert(Self.discard))
            shown.settle()
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            let alert = try presentedAlert(shown)
            #expect(alert.preferredStyle == .alert)
            #expect(alert.title == "Discard this draft?")
            #expect(alert.message == "It cannot be undone.")
            #expect(alert.actions.map(\.title) == ["Discard", "Keep"])
            #expect(alert.actions.map(\.style) == [.destructive, .cancel])
            #expect(alert.textFields == nil)
            #expect(alert.popoverPresentationController == nil)
            let screen = try #require(shown.coordinator.tree.modals.last?.last)
            #expect(shown.renderer.viewController(for: screen.id) === alert)
            #expect(
                shown.renderer.navigationController(
                    for: try #require(shown.coordinator.tree.modals.last).id) == nil)
            #expect(
                shown.testing.hierarchy == [
                    "window",
                    "└─ UINavigationController: \"A1 #1\"",
                    "   └─ presents (alert): UIAlertController: \"Discard this draft?\" "
                        + "[Discard, Keep]",
                ])
        }

        @Test("an alert's text fields show their placeholder, text and secure entry")
        func textFieldsAreShown() throws {
            let shown = try shown()
            try shown.coordinator.navigate(.alert(Self.rename))
            shown.settle()
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            let fields = try #require(try presentedAlert(shown).textFields)
            #expect(fields.map(\.placeholder) == ["Name", "Password"])
            #expect(fields.map(\.text) == ["Draft", ""])
            #expect(fields.map(\.isSecureTextEntry) == [false, true])
        }

        @Test("a confirmation dialog is an action sheet pointing at its anchor, or the presenter")
        func dialogIsActionSheet() throws {
            let shown = try shown()
            try shown.coordinator.navigate(.alert(Self.delete))
            shown.settle()
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            let sheet = try presentedAlert(shown)
            #expect(sheet.preferredStyle == .actionSheet)
            #expect(sheet.modalPresentationStyle == .popover)
            #expect(sheet.popoverPresentationController?.sourceView === shown.shareButton)

            try shown.coordinator.navigate(.dismiss())
            var unknown = Self.delete
            unknown.anchor = "menu"
            try shown.coordinator.navigate(.alert(unknown))
            shown.settle()
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            let root = try #require(shown.window.rootViewController as? UINavigationController)
            #expect(
                try presentedAlert(shown).popoverPresentationController?.sourceView === root.view)
        }

        @Test("an alert over a sheet is presented by the sheet, and leaves the sheet")
        func alertOverSheet() throws {
            let shown = try shown([.root(scene: "A1"), .present(scene: "B1")])
            try shown.coordinator.navigate(.alert(Self.discard, animated: true))
            #expect(shown.testing.runningAnimations == ["present \"Discard this draft?\""])
            shown.settle()
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            let sheet = try #require(shown.window.rootViewController?.presentedViewController)
            #expect(sheet.presentedViewController is UIAlertController)

            #expect(shown.testing.simulateAlertAction(1))
            #expect(shown.coordinator.tree.scenes == [["A1"], ["B1"]])
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            #expect(shown.window.rootViewController?.presentedViewController === sheet)
        }

        // MARK: Answered

        @Test("a tapped button: the alert leaves the tree, the request hears the button's value")
        func answeredByButton() throws {
            let shown = try shown()
            var results: [ScreenResult] = []
            try shown.coordinator.navigate(.alert(Self.discard)) { results.append($0) }
            shown.settle()
            let screen = try #require(shown.coordinator.tree.modals.last?.last?.id)
            let events = EventRecorder(shown.coordinator)
            #expect(shown.testing.simulateAlertAction(0))
            #expect(shown.coordinator.tree.modals.isEmpty)
            #expect(results.count == 1)
            #expect(results.first?.value(as: Bool.self) == true)
            #expect(events.transitions.map(\.isUserInitiated) == [true])
            #expect(events.failures.isEmpty)
            shown.settle()
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            // The renderer forgets the alert once it has left.
            #expect(shown.renderer.viewController(for: screen) == nil)
        }

        @Test("an alert with text fields answers the button and what the user typed")
        func answeredWithText() throws {
            let shown = try shown()
            var results: [ScreenResult] = []
            try shown.coordinator.navigate(.alert(Self.rename)) { results.append($0) }
            shown.settle()
            #expect(shown.testing.simulateAlertAction(1, typing: ["Letter"]))
            let answer = try #require(results.first?.value(as: AlertContent.Answer.self))
            #expect(answer.button == 1)
            #expect(answer.value(as: String.self) == "Save")
            #expect(answer.text == ["Letter", ""])
            #expect(results.count == 1)
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
        }

        @Test("an alert is not dismissed by a swipe or a tap outside, only by its buttons")
        func alertNotDismissible() throws {
            let shown = try shown()
            try shown.coordinator.navigate(.alert(Self.discard))
            shown.settle()
            #expect(!shown.testing.simulateSwipeDown())
            #expect(!shown.testing.simulateTapOutsideActionSheet())
            #expect(!shown.testing.simulateAlertAction(2))
            #expect(!shown.testing.simulateAlertAction(0, typing: ["no field"]))
            #expect(shown.coordinator.tree.alert == Self.discard)
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
        }

        // MARK: Dialogs tapped outside

        @Test("a dialog tapped outside: one report, the request hears the cancel button's value")
        func dialogTappedOutside() throws {
            let shown = try shown()
            var results: [ScreenResult] = []
            try shown.coordinator.navigate(.alert(Self.delete)) { results.append($0) }
            shown.settle()
            let events = EventRecorder(shown.coordinator)
            // In a popover the cancel button is not shown: a tap outside stands for it.
            #expect(!shown.testing.simulateAlertAction(1))
            #expect(shown.testing.simulateTapOutsideActionSheet())
            #expect(results.count == 1)
            #expect(results.first?.value(as: String.self) == "Cancel")
            #expect(events.transitions.count == 1)
            #expect(events.failures.isEmpty)
            #expect(shown.coordinator.tree.modals.isEmpty)
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
        }

        @Test("a dialog without a cancel button tapped outside: the request hears cancelled")
        func dialogWithoutCancelTappedOutside() throws {
            let shown = try shown()
            var results: [ScreenResult] = []
            let dialog = AlertContent.confirmationDialog(
                title: "Share",
                buttons: [AlertContent.Button("Mail"), AlertContent.Button("Messages")])
            try shown.coordinator.navigate(.alert(dialog)) { results.append($0) }
            shown.settle()
            let events = EventRecorder(shown.coordinator)
            #expect(shown.testing.simulateTapOutsideActionSheet())
            #expect(results.count == 1)
            #expect(results.first?.isCancelled == true)
            #expect(events.transitions.count == 1)
            #expect(events.failures.isEmpty)
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
        }

        @Test("in a compact width a dialog's cancel button is shown and answers")
        func compactDialogCancelButton() throws {
            let shown = try shown()
            shown.testing.simulateSizeClass(compact: true)
            var results: [ScreenResult] = []
            try shown.coordinator.navigate(.alert(Self.delete)) { results.append($0) }
            shown.settle()
            #expect(!shown.testing.simulateTapOutsideActionSheet())
            #expect(shown.testing.simulateAlertAction(1))
            #expect(results.first?.value(as: String.self) == "Cancel")
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
        }

        // MARK: Dismissed by the app

        @Test("the app dismisses an alert: its controller is dismissed, no handler reports")
        func appDismissesAlert() throws {
            let shown = try shown([.root(scene: "A1"), .present(scene: "B1")])
            var results: [ScreenResult] = []
            try shown.coordinator.navigate(.alert(Self.delete)) { results.append($0) }
            shown.settle()
            let alert = try presentedAlert(shown)
            let events = EventRecorder(shown.coordinator)
            try shown.coordinator.navigate(.dismiss(animated: true))
            #expect(results.first?.isCancelled == true)
            shown.settle()
            #expect(alert.presentingViewController == nil)
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            #expect(events.transitions.map(\.isUserInitiated) == [false])
            #expect(events.failures.isEmpty)
            #expect(results.count == 1)
        }

        @Test("the app dismisses a sheet and the alert over it at once: one call, no report")
        func appDismissesAllUnderAlert() throws {
            let shown = try shown([.root(scene: "A1"), .present(scene: "B1")])
            var results: [ScreenResult] = []
            try shown.coordinator.navigate(.alert(Self.discard)) { results.append($0) }
            shown.settle()
            let events = EventRecorder(shown.coordinator)
            try shown.coordinator.navigate(.dismissAll(animated: true))
            shown.settle()
            #expect(shown.window.rootViewController?.presentedViewController == nil)
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            #expect(results.count == 1)
            #expect(results.first?.isCancelled == true)
            #expect(events.failures.isEmpty)
        }

        @Test("attached while an alert is shown: the window presents it, and its answer reports")
        func attachShowsAlert() throws {
            let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
            var results: [ScreenResult] = []
            try coordinator.navigate(.alert(Self.rename)) { results.append($0) }
            let shown = StandInWindow(coordinator)
            shown.settle()
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            #expect(shown.testing.simulateAlertAction(0))
            #expect(results.first?.value(as: AlertContent.Answer.self)?.text == ["Draft", ""])
            #expect(coordinator.tree.alert == nil)
        }

        // MARK: Locked popovers

        @Test("a locked popover is modal in presentation: a tap outside does nothing")
        func lockedPopover() throws {
            let shown = try shown()
            try shown.coordinator.navigate(
                .present(scene: "B1", style: .popover(anchor: "share", interactiveDismissal: false))
            )
            shown.settle()
            #expect(shown.mismatch() == nil, "\(shown.hierarchy)")
            let popover = try #require(shown.window.rootViewController?.presentedViewController)
            #expect(popover.isModalInPresentation)
            let events = EventRecorder(shown.coordinator)
            #expect(!shown.testing.simulateSwipeDown())
            #expect(events.events.isEmpty)
            #expect(shown.coordinator.tree.modals.count == 1)
        }

        // MARK: Stand-in rules

        @Test("an action sheet without a source view is refused in a regular width only")
        func actionSheetNeedsSourceInRegularWidth() {
            let window = UIWindow()
            let root = UIViewController()
            window.rootViewController = root
            let sheet = UIAlertController(title: "T", message: nil, preferredStyle: .actionSheet)
            root.present(sheet, animated: false)
            #expect(window.testing.violations.map(\.rule) == [.popoverWithoutSource])
            #expect(root.presentedViewController == nil)

            window.testing.simulateSizeClass(compact: true)
            root.present(sheet, animated: false)
            #expect(root.presentedViewController === sheet)
            #expect(window.testing.violations.count == 1)
        }

        @Test(
            "nothing goes over an alert being presented; a text field in an action sheet is refused"
        )
        func alertRules() {
            let window = UIWindow()
            let root = UIViewController()
            window.rootViewController = root
            let alert = UIAlertController(title: "A", message: nil, preferredStyle: .alert)
            alert.modalPresentationStyle = .fullScreen
            #expect(alert.modalPresentationStyle == .custom)
            root.present(alert, animated: true)
            root.present(UIViewController(), animated: false)
            alert.present(UIViewController(), animated: false)
            window.testing.finishAnimations()
            root.present(UIViewController(), animated: false)
            #expect(alert.actions.isEmpty)
            #expect(!window.testing.simulateAlertAction(0))
            root.dismiss(animated: false)

            let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
            sheet.popoverPresentationController?.sourceView = root.view
            root.present(sheet, animated: false)
            sheet.addTextField()
            #expect(sheet.textFields == nil)
            #expect(
                window.testing.violations.map(\.rule) == [
                    .presentingDuringTransition, .presentingDuringTransition,
                    .presentingWhilePresenting, .textFieldInActionSheet,
                ])
        }
    }
#endif
