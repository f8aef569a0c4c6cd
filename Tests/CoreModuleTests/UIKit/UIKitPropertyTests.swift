#if os(Linux)
    import CoreModule
    import Foundation
    import SceneRouterUIKit
    import SceneRouterUIKitStandIn
    import Testing

    /// The model-based test's random operations, with a ``UIKitRenderer`` attached to a stand-in
    /// window: after every event the window shows the tree, and no UIKit rule was broken.
    ///
    /// The generator's user reports are made by the user instead: a back swipe (sometimes
    /// cancelled first), the Back button's menu, a sheet dragged down, a tab tapped, an alert's
    /// button tapped, a tap outside a dialog, so that the adapter's callbacks are what reports
    /// them. Now and then the test presents an alert or a confirmation dialog of its own over
    /// whatever the tree shows (the model does not draw them yet), checks the window, and has
    /// the user answer it (a button, maybe with text typed; a tap outside) or the app dismiss
    /// it, checking what the request hears; the tree is then the model's again. Replay a failure with the seed its message
    /// prints: `ROUTER_SEED=N swift test --filter UIKitPropertyTests`; `ROUTER_UIKIT_EVENTS=N`
    /// changes the number of operations (100,000 by default).
    @MainActor
    @Suite("UIKit property: the stand-in window shows the tree after every event")
    struct UIKitPropertyTests {
        static let operationsPerRun = 2_500

        static var totalOperations: Int {
            let text = ProcessInfo.processInfo.environment["ROUTER_UIKIT_EVENTS"] ?? ""
            return Int(text).map { max($0, 1) } ?? 100_000
        }

        @Test("100,000 random operations and gestures: same hierarchy as the tree, no rule broken")
        func windowFollowsTree() throws {
            let seed = SeededRandom.seed()
            var random = SeededRandom(seed: seed)
            var statistics = GestureStatistics()
            var remaining = Self.totalOperations
            var run = 0
            while remaining > 0 {
                let steps = min(remaining, Self.operationsPerRun)
                let label = "ROUTER_SEED=\(seed), run \(run)"
                guard
                    try runOnce(
                        steps: steps, random: &random, label: label, statistics: &statistics,
                        settleEvery: 1)
                else { return }
                remaining -= steps
                run += 1
            }
            #expect(statistics.checked == Self.totalOperations)
            if Self.totalOperations >= 50_000 {
                // Every gesture was made, and the refused ones were refused.
                for (name, count) in statistics.gestures {
                    #expect(count > 100, "\(name): \(count)")
                }
                // A size class is made only once the model's generator draws split roots.
                let made = Set(statistics.gestures.keys)
                #expect(GestureStatistics.names.isSubset(of: made))
                #expect(made.subtracting(GestureStatistics.names).isSubset(of: ["size class"]))
                #expect(statistics.animations > Self.totalOperations / 10)
            }
            print("UIKit property test: \(statistics) (ROUTER_SEED=\(seed))")
        }

        @Test("plans queued over several events, animations ended later: the window catches up")
        func queuedPlansCatchUp() throws {
            let seed = SeededRandom.seed()
            var random = SeededRandom(seed: seed)
            var statistics = GestureStatistics()
            for run in 0..<4 {
                guard
                    try runOnce(
                        steps: 2_500, random: &random, label: "ROUTER_SEED=\(seed), run \(run)",
                        statistics: &statistics, settleEvery: 4)
                else { return }
            }
            #expect(statistics.checked > 2_000)
            // Split requests and size classes (whose plans are empty or one step) are part of
            // the mix: 750 to 1,000 steps queue, depending on the seed; fewer than 600 would mean
            // the window stopped queueing plans behind running animations.
            #expect(statistics.queuedSteps > 600, "\(statistics)")
        }

        /// Runs `steps` operations on a fresh coordinator and window; false after recording an
        /// issue.
        ///
        /// Animations end after every `settleEvery`-th operation (and before a gesture), and the
        /// window is checked then.
        private func runOnce(
            steps: Int, random: inout SeededRandom, label: String,
            statistics: inout GestureStatistics, settleEvery: Int
        ) throws -> Bool {
            let generator = ModelGenerator()
            let world = try ModelWorld()
            let shown = StandInWindow(world.coordinator)
            var model = ReferenceModel()
            var history: [(step: Int, operation: String)] = []
            for step in 0..<steps {
                let operation = generator.next(model, &random)
                func fail(_ message: String) -> Bool {
                    Issue.record(
                        """
                        \(label), step \(step): \(message)
                        tree: \(world.coordinator.tree)
                        window: \(shown.hierarchy)
                        last operations:
                        \(history.map { "\($0.step): \($0.operation)" }.joined(separator: "\n"))
                        """)
                    return false
                }
                if case .report(let report) = operation {
                    shown.settle()
                    let gesture = Gesture.for(
                        report, world.coordinator.tree, &random,
                        compact: shown.testing.isCompactWidth)
                    history.append((step, "\(gesture) (for \(operation))"))
                    let (performed, expected) = gesture.perform(on: shown.testing)
                    guard performed == gesture.possible else {
                        return fail("the stand-in \(performed ? "let" : "refused") \(gesture)")
                    }
                    statistics.count(gesture, performed: performed)
                    for report in expected {
                        switch model.predict(report) {
                        case .applied(let next, _), .silent(let next): model = next
                        case .failed(let error, _), .refused(let error):
                            return fail("the gesture's report \(report) would fail: \(error)")
                        }
                    }
                } else {
                    history.append((step, "\(operation)"))
                    let outcome = operation.predict(model)
                    world.clearEvents()
                    let result = operation.apply(to: world)
                    switch (outcome, result) {
                    case (.applied(let next, _), .success(.some)),
                        (.silent(let next), .success(nil)):
                        model = next
                    case (.failed(_, let identities), .failure):
                        model.nextID += identities
                    case (.refused, .failure):
                        break
                    default:
                        return fail(
                            "the model predicted \(outcome), the coordinator gave \(result)")
                    }
                    if !shown.renderer.player.isIdle {
                        statistics.queuedSteps += shown.renderer.player.pendingSteps.count
                    }
                }
                if !world.coordinator.tree.isEmpty, world.coordinator.tree.alert == nil,
                    Int.random(in: 0..<Self.alertEvery, using: &random) == 0
                {
                    let content = Self.randomAlert(&random)
                    history.append((step, "alert \(content)"))
                    if let problem = alertEpisode(
                        content, shown, world.coordinator, &random, &statistics)
                    {
                        return fail(problem)
                    }
                    // The alert's screen, stack and modal took identities; it made two events.
                    model.nextID += 1
                    model.nextStackID += 1
                    model.nextModalID += 1
                    model.nextSequence += 2
                }
                if history.count > 12 { history.removeFirst() }
                guard world.tree == model.tree else { return fail("the model lost track") }
                if step % settleEvery == settleEvery - 1 || step == steps - 1 {
                    statistics.animations += shown.testing.finishAnimations()
                    if let mismatch = shown.mismatch() { return fail(mismatch) }
                    statistics.checked += 1
                }
            }
            statistics.steps += shown.renderer.player.completedStepCount
            return true
        }

        /// One operation in this many is followed by an alert of the test's own.
        static let alertEvery = 16

        /// An alert or a confirmation dialog: one to three buttons answering their index, maybe
        /// one of them the cancel button; an alert has up to two text fields, a dialog an anchor
        /// the app knows, one it does not, or none.
        static func randomAlert(_ random: inout SeededRandom) -> AlertContent {
            let count = Int.random(in: 1...3, using: &random)
            let cancel =
                Bool.random(using: &random) ? Int.random(in: 0..<count, using: &random) : -1
            var buttons: [AlertContent.Button] = []
            for index in 0..<count {
                let role: AlertContent.Button.Role =
                    index == cancel
                    ? .cancel : Bool.random(using: &random) ? .destructive : .default
                buttons.append(AlertContent.Button("Button \(index)", role: role, value: index))
            }
            let message = Bool.random(using: &random) ? "A message" : nil
            if Bool.random(using: &random) {
                let anchor = ["share", "menu", nil][Int.random(in: 0..<3, using: &random)]
                return .confirmationDialog(
                    title: "Dialog", message: message, buttons: buttons, anchor: anchor)
            }
            var fields: [AlertContent.TextField] = []
            for index in 0..<Int.random(in: 0...2, using: &random) {
                fields.append(
                    AlertContent.TextField(
                        placeholder: "Field \(index)",
                        text: Bool.random(using: &random) ? "Text \(index)" : "",
                        isSecure: Bool.random(using: &random)))
            }
            return AlertContent(
                title: "Alert", message: message, buttons: buttons, textFields: fields)
        }

        /// Presents `content` over the tree and has it answered, checking the window and what
        /// the request hears; returns what went wrong, if anything.
        ///
        /// The user taps a button (typing in some text fields first) or taps outside, or the
        /// app dismisses it (also when the stand-in refuses the user's gesture); the request
        /// hears the button's value (an ``AlertContent/Answer`` with the text fields' text), the cancel
        /// button's for a tap outside, or `cancelled`.
        private func alertEpisode(
            _ content: AlertContent, _ shown: StandInWindow, _ coordinator: AppCoordinator,
            _ random: inout SeededRandom, _ statistics: inout GestureStatistics
        ) -> String? {
            var results: [ScreenResult] = []
            do {
                try coordinator.navigate(.alert(content, animated: Bool.random(using: &random))) {
                    results.append($0)
                }
            } catch {
                return "the coordinator refused the alert: \(error)"
            }
            statistics.animations += shown.testing.finishAnimations()
            if let mismatch = shown.mismatch() { return "with the alert: \(mismatch)" }
            guard let top = coordinator.tree.modals.last?.last?.id else {
                return "the alert is not in the tree"
            }
            // What the request hears: the button's index and the text fields' text, or nil for
            // cancelled.
            var expected: (button: Int, text: [String])?
            var report: PlatformReport?
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                let button = Int.random(in: 0..<content.buttons.count, using: &random)
                let typed = (0..<Int.random(in: 0...content.textFields.count, using: &random))
                    .map { "typed \($0)" }
                report = .answeredByUser(top, button: button, text: typed)
                let text = typed + content.textFields.dropFirst(typed.count).map(\.text)
                expected = (button, text)
            case 1:
                report = .dismissedByUser(top)
                expected = content.cancelButton.map { ($0.index, []) }
            default:
                report = nil
            }
            if let drawn = report {
                let gesture = Gesture.for(
                    drawn, coordinator.tree, &random, compact: shown.testing.isCompactWidth)
                let (performed, _) = gesture.perform(on: shown.testing)
                guard performed == gesture.possible else {
                    return "the stand-in \(performed ? "let" : "refused") \(gesture)"
                }
                statistics.count(gesture, performed: performed)
                if !performed { report = nil }
            }
            if report == nil {
                expected = nil
                do {
                    try coordinator.navigate(.dismiss(animated: Bool.random(using: &random)))
                } catch {
                    return "the app could not dismiss the alert: \(error)"
                }
                statistics.gestures["app dismisses an alert", default: 0] += 1
            }
            guard results.count == 1, let result = results.first else {
                return "the alert's request heard \(results)"
            }
            switch expected {
            case nil:
                guard result.isCancelled else {
                    return "the alert answered \(result), not cancelled"
                }
            case (let button, let text)? where content.textFields.isEmpty:
                guard result.value(as: Int.self) == button, text.isEmpty else {
                    return "the alert answered \(result), not button \(button)"
                }
            case (let button, let text)?:
                let answer = result.value(as: AlertContent.Answer.self)
                guard answer?.button == button, answer?.value(as: Int.self) == button,
                    answer?.text == text
                else { return "the alert answered \(result), not button \(button) with \(text)" }
            }
            statistics.animations += shown.testing.finishAnimations()
            return shown.mismatch().map { "after the alert: \($0)" }
        }
    }

    /// A gesture the user makes for a report the generator drew.
    enum Gesture: CustomStringConvertible {
        /// A back swipe in the visible stack, let go early first when `cancelledFirst`, back
        /// to the screen `to`.
        case backSwipe(cancelledFirst: Bool, to: ScreenID)
        /// The Back button's menu, back to the screen at `index`, `to`.
        case backButtonMenu(index: Int, to: ScreenID)
        /// A sheet dragged down, or a tap outside a popover; refused for a cover or a sheet that
        /// is not swipeable.
        case swipeDown(top: ScreenID?, allowed: Bool)
        /// A tap on the tab at `index`; refused when a modal covers the tab bar.
        case tabTap(index: Int, name: String, reselect: Bool, covered: Bool)
        /// The window's width changes class, collapsing or expanding a split root.
        case sizeClass(SizeClass)
        /// The user types `typing` in the alert's text fields and taps its button `index`;
        /// the adapter reports `report`. Refused for a button the alert does not have or show
        /// (a dialog's cancel button in a popover).
        case alertButton(index: Int, typing: [String], report: PlatformReport, possible: Bool)
        /// A tap outside the confirmation dialog `top`'s popover; refused for an alert, and for
        /// a dialog in a compact width (no popover).
        case tapOutside(top: ScreenID, possible: Bool)
        /// The top-most sheet `top` dragged to its detent at `index`.
        case dragSheet(index: Int, top: ScreenID, detent: PresentationStyle.Detent)
        /// A gesture the user cannot make for this report (nothing to swipe, no tab bar).
        case none(String)

        /// The gesture for `report` in `tree`, in a window of compact width or not.
        static func `for`(
            _ report: PlatformReport, _ tree: ScreenTree, _ random: inout SeededRandom,
            compact: Bool = false
        ) -> Gesture {
            switch report {
            case .poppedBackByUser:
                // The stack the user sees: a collapsed split's columns as one.
                let ids = SplitGesture.visibleStack(tree).map(\.id)
                guard ids.count > 1 else { return .none("no stack to swipe back in") }
                if Int.random(in: 0..<3, using: &random) == 0 {
                    let index = Int.random(in: 0..<(ids.count - 1), using: &random)
                    return .backButtonMenu(index: index, to: ids[index])
                }
                return .backSwipe(
                    cancelledFirst: Bool.random(using: &random), to: ids[ids.count - 2])
            case .answeredByUser(_, let button, let text):
                guard let alert = tree.alert, let top = tree.modals.last?.last?.id else {
                    return .none("no alert")
                }
                let shown =
                    alert.buttons.indices.contains(button)
                    && !(alert.style == .confirmationDialog && !compact
                        && alert.buttons[button].role == .cancel)
                // The fields the user types nothing in keep their text.
                let typed = Array(text.prefix(alert.textFields.count))
                let all = typed + alert.textFields.dropFirst(typed.count).map(\.text)
                return .alertButton(
                    index: button, typing: typed,
                    report: .answeredByUser(top, button: button, text: all), possible: shown)
            case .dismissedByUser:
                guard let modal = tree.modals.last else {
                    return .swipeDown(top: nil, allowed: false)
                }
                if let top = modal.last?.id, let style = modal.style, style.isAlert {
                    return .tapOutside(top: top, possible: style == .confirmationDialog && !compact)
                }
                return .swipeDown(
                    top: modal.last?.id, allowed: modal.style?.userCanDismiss ?? false)
            case .tabSelectedByUser(let name):
                guard let index = tree.tabs.firstIndex(where: { $0.name == name }) else {
                    return .none("no tab \(name)")
                }
                let selected = tree.tabs[index].isSelected
                return .tabTap(
                    index: index, name: name, reselect: selected, covered: tree.modalCount > 0)
            case .sizeClassChanged(let sizeClass):
                // Only a split view controller hears the window's width change, and reports it.
                guard let split = tree.split, split.isCollapsed != (sizeClass == .compact) else {
                    return .none("no split to collapse or expand")
                }
                return .sizeClass(sizeClass)
            case .detentChangedByUser(_, let detent):
                guard let modal = tree.modals.last, let top = modal.last?.id,
                    case .sheet(let detents, let selected, _) = modal.style,
                    let index = detents.firstIndex(of: detent),
                    detent != (selected ?? detents.first)
                else { return .none("no sheet to drag to \(detent)") }
                return .dragSheet(index: index, top: top, detent: detent)
            case .selectedTabReselectedByUser:
                guard let index = tree.tabs.firstIndex(where: \.isSelected) else {
                    return .none("no tabs")
                }
                return .tabTap(
                    index: index, name: tree.tabs[index].name, reselect: true,
                    covered: tree.modalCount > 0)
            }
        }

        /// Whether the stand-in lets the user make it.
        var possible: Bool {
            switch self {
            case .backSwipe, .backButtonMenu, .sizeClass, .dragSheet: return true
            case .swipeDown(let top, let allowed): return top != nil && allowed
            case .tabTap(_, _, _, let covered): return !covered
            case .alertButton(_, _, _, let possible), .tapOutside(_, let possible):
                return possible
            case .none: return false
            }
        }

        var name: String {
            switch self {
            case .backSwipe(let cancelledFirst, _):
                return cancelledFirst ? "cancelled then completed back swipe" : "back swipe"
            case .backButtonMenu: return "Back button menu"
            case .swipeDown(let top, let allowed):
                return top == nil
                    ? "swipe-down with nothing presented"
                    : allowed ? "swipe-down" : "refused swipe-down"
            case .tabTap(_, _, let reselect, let covered):
                return covered ? "tap on a covered tab bar" : reselect ? "re-tap" : "tab tap"
            case .sizeClass: return "size class"
            case .dragSheet: return "sheet drag"
            case .alertButton(_, _, _, let possible):
                return possible ? "alert button" : "refused alert button"
            case .tapOutside(_, let possible):
                return possible ? "tap outside a dialog" : "refused tap outside an alert"
            case .none(let reason): return "no gesture (\(reason))"
            }
        }

        var description: String { name }

        /// Makes the gesture, settles the window, and returns whether it happened and the
        /// reports the adapter must have made.
        @MainActor
        func perform(on testing: UIKitStandInTesting) -> (Bool, [PlatformReport]) {
            switch self {
            case .backSwipe(let cancelledFirst, let screen):
                if cancelledFirst, !testing.simulateBackSwipe(completed: false) {
                    return (false, [])
                }
                let done = testing.simulateBackSwipe()
                testing.finishAnimations()
                return (done, [.poppedBackByUser(to: screen)])
            case .backButtonMenu(let index, let screen):
                let done = testing.simulateBackButtonMenu(popTo: index)
                testing.finishAnimations()
                return (done, [.poppedBackByUser(to: screen)])
            case .swipeDown(let top, _):
                let done = testing.simulateSwipeDown()
                return (done, done ? top.map { [.dismissedByUser($0)] } ?? [] : [])
            case .tabTap(let index, let name, let reselect, _):
                let done = testing.simulateTabTap(index)
                testing.finishAnimations()
                guard done else { return (false, []) }
                return (true, [reselect ? .selectedTabReselectedByUser : .tabSelectedByUser(name)])
            case .sizeClass(let sizeClass):
                let done = testing.simulateSizeClass(compact: sizeClass == .compact)
                return (done, done ? [.sizeClassChanged(sizeClass)] : [])
            case .alertButton(let index, let typing, let report, _):
                let done = testing.simulateAlertAction(index, typing: typing)
                return (done, done ? [report] : [])
            case .tapOutside(let top, _):
                let done = testing.simulateTapOutsideActionSheet()
                return (done, done ? [.dismissedByUser(top)] : [])
            case .dragSheet(let index, let top, let detent):
                let done = testing.simulateDragSheet(toDetentAt: index)
                return (done, done ? [.detentChangedByUser(top, to: detent)] : [])
            case .none:
                return (false, [])
            }
        }
    }

    /// What a property run did, to show that it covered the ground.
    struct GestureStatistics: CustomStringConvertible {
        static let names: Set<String> = [
            "back swipe", "cancelled then completed back swipe", "Back button menu", "swipe-down",
            "refused swipe-down", "swipe-down with nothing presented", "tab tap", "re-tap",
            "tap on a covered tab bar", "alert button", "refused alert button",
            "tap outside a dialog", "refused tap outside an alert", "app dismisses an alert",
            "sheet drag",
        ]

        var checked = 0
        var steps = 0
        var animations = 0
        var queuedSteps = 0
        var gestures: [String: Int] = [:]

        mutating func count(_ gesture: Gesture, performed: Bool) {
            if case .none = gesture { return }
            gestures[gesture.name, default: 0] += 1
        }

        var description: String {
            let made = gestures.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
            return "\(checked) windows checked, \(steps) steps performed, \(animations) "
                + "animations finished, \(queuedSteps) steps queued behind a running one; "
                + "gestures: \(made.joined(separator: ", "))"
        }
    }
#endif
