@_spi(Benchmarks) @_spi(Rules) import CoreModule
import Foundation
import Testing

/// Random sequences of transitions, deep links, restores and user reports (the model-based
/// test's generator), each followed by one write SwiftUI could make into the projection's
/// bindings: the write's reports must be what the reference model expects, and the tree after
/// them must project to what SwiftUI shows after the write.
///
/// Replay a failure with the seed its message prints: `ROUTER_SEED=N swift test --filter
/// ProjectionPropertyTests`. `ROUTER_PROJECTION_EVENTS=N` changes the number of events
/// (operations and writes together; 100,000 by default).
@MainActor
@Suite("SwiftUI projection, property: what SwiftUI writes, the coordinator follows")
struct ProjectionPropertyTests {
    static let eventsPerRun = 5_000

    static var totalEvents: Int {
        let text = ProcessInfo.processInfo.environment["ROUTER_PROJECTION_EVENTS"] ?? ""
        return Int(text).map { max($0, 2) } ?? 100_000
    }

    @Test("100,000 random events: every gesture's reports are accepted and project back")
    func gesturesProjectBack() throws {
        let seed = SeededRandom.seed()
        var random = SeededRandom(seed: seed)
        var statistics = ProjectionStatistics()
        var run = 0
        while statistics.events < Self.totalEvents {
            let events = min(Self.eventsPerRun, Self.totalEvents - statistics.events)
            var runner = try ProjectionRun(label: "ROUTER_SEED=\(seed), run \(run)")
            guard runner.run(events: events, random: &random, statistics: &statistics) else {
                return
            }
            run += 1
        }
        #expect(statistics.events >= Self.totalEvents)
        if Self.totalEvents >= 50_000 {
            // Every kind of write was made, and the coordinator judged some of each.
            for kind in WriteKind.allCases {
                #expect(statistics.writes[kind, default: 0] > 200, "\(kind): \(statistics)")
            }
            #expect(statistics.multiplePops > 100, "\(statistics)")
            // Split roots are drawn, collapsed and expanded.
            #expect(statistics.collapsedSplitWrites > 200, "\(statistics)")
            #expect(
                statistics.splitWrites - statistics.collapsedSplitWrites > 200, "\(statistics)")
            // pop, pop-to (the Back button's menu), dismiss, select-tab, update-modal (a sheet
            // dragged to another detent).
            #expect(statistics.reportKinds.count == 5, "\(statistics.reportKinds)")
            #expect(statistics.refusals.count >= 3, "\(statistics.refusals)")
            // A button, a dialog's tap outside, an alert's refused dismissal, both ways.
            #expect(statistics.alertAnswers.count == 6, "\(statistics.alertAnswers)")
        }
        print("projection property test: \(statistics) (ROUTER_SEED=\(seed))")
    }
}

/// The kinds of writes the property test makes.
enum WriteKind: String, CaseIterable, CustomStringConvertible {
    /// A back swipe, the Back button's menu, a sheet dragged down, a tab tapped.
    case gesture
    /// The value the binding already holds.
    case echo
    /// What no gesture makes: a longer path, a stack or a tab no longer in the tree.
    case ignored
    /// A write of the right shape that the user could not have made from this tree: a pop
    /// under a modal or in another tab, a cover or a fixed sheet dismissed, a tab under a modal.
    case judged
    /// An alert or a confirmation dialog presented over the tree, then answered as SwiftUI
    /// does: a button's action, or a dialog's tap outside, each followed by `isPresented =
    /// false` (an alert's `isPresented = false` without a button is refused first, at times).
    case alert

    var description: String { rawValue }
}

/// What a property run did, to show that it covered the ground.
struct ProjectionStatistics: CustomStringConvertible {
    /// Operations and writes.
    var events = 0
    var operations = 0
    var writes: [WriteKind: Int] = [:]
    /// Reports sent for gestures and accepted.
    var accepted = 0
    /// Writes made through ``ObservableNavigation``, as SwiftUI's bindings make them.
    var throughSource = 0
    /// Gestures that popped more than one screen (the Back button's menu).
    var multiplePops = 0
    /// Writes over a split root, and those over a collapsed one.
    var splitWrites = 0
    var collapsedSplitWrites = 0
    var reportKinds: Set<String> = []
    /// The errors of judged writes.
    var refusals: Set<String> = []
    /// How alerts were answered: `button`, `outside` (a dialog), `refused` (an alert's
    /// isPresented = false before a button), each `direct` or `source`.
    var alertAnswers: Set<String> = []

    var description: String {
        let kinds = WriteKind.allCases.map { "\($0) \(writes[$0, default: 0])" }
        return "\(events) events: \(operations) operations, "
            + "\(writes.values.reduce(0, +)) writes (\(kinds.joined(separator: ", "))), "
            + "\(throughSource) through the observable source, "
            + "\(accepted) reports accepted, \(multiplePops) multi-screen pops, "
            + "\(splitWrites) writes over a split (\(collapsedSplitWrites) collapsed), "
            + "refusals: \(refusals.sorted().joined(separator: ", ")), "
            + "alerts answered: \(alertAnswers.sorted().joined(separator: ", "))"
    }
}

/// One run: a fresh coordinator and reference model, driven by the model-based generator.
@MainActor
struct ProjectionRun {
    let label: String
    let world: ModelWorld
    /// The observable source over the coordinator, through which half the writes go.
    let navigation: ObservableNavigation
    var model = ReferenceModel()
    // Split roots too: the oracle leaves out a split's empty columns, which the projection does
    // not show, and goes back in the column the user sees. (SplitProjectionPropertyTests makes
    // a split's own writes: selections, compact columns, size classes.)
    let generator = ModelGenerator(drawsSplits: true)
    /// Stacks and tabs seen in an earlier tree, for late writes.
    var pastStacks: [NavigationProjection.Stack] = []
    /// The last steps, described only when one fails.
    var history: [Step] = []

    /// One step, for a failure's message.
    enum Step: CustomStringConvertible {
        case operation(Int, ModelOperation)
        case write(Int, BindingWrite, WriteKind)

        var description: String {
            switch self {
            case .operation(let step, let operation): return "\(step): \(operation)"
            case .write(let step, let write, let kind): return "\(step): write \(write) (\(kind))"
            }
        }
    }

    init(label: String) throws {
        self.label = label
        world = try ModelWorld()
        navigation = ObservableNavigation(following: world.coordinator)
    }

    /// Runs `events` operations and writes; false after recording an issue.
    mutating func run(
        events: Int, random: inout SeededRandom, statistics: inout ProjectionStatistics
    ) -> Bool {
        var step = 0
        while step < events {
            let operation = generator.next(model, &random)
            guard advance(operation, step: step) != nil else { return false }
            statistics.operations += 1
            statistics.events += 1
            step += 1
            guard step < events else { break }
            guard write(step: step, random: &random, statistics: &statistics) else { return false }
            statistics.events += 1
            step += 1
        }
        return true
    }

    // MARK: Operations, on the coordinator and the model

    /// Applies `operation` to the coordinator and the model; the result, or `nil` after
    /// recording an issue.
    mutating func advance(_ operation: ModelOperation, step: Int)
        -> Result<TransitionEvent?, NavigationError>?
    {
        remember(.operation(step, operation))
        let outcome = operation.predict(model)
        world.clearEvents()
        let result = operation.apply(to: world)
        switch (outcome, result) {
        case (.applied(let next, let expected), .success(let event)):
            // The plan is checked by the model-based test; here the rest of the event.
            guard event?.withPlan(RenderPlan()) == expected else {
                return fail(step, "returned \(String(describing: event)), expected \(expected)")
            }
            model = next
        case (.silent(let next), .success(nil)):
            model = next
        case (.failed(let expected, let identities), .failure(let error)):
            guard error == expected else { return fail(step, "threw \(error), not \(expected)") }
            model.nextID += identities
        case (.refused(let expected), .failure(let error)):
            guard error == expected else { return fail(step, "threw \(error), not \(expected)") }
        default:
            return fail(step, "the model predicted \(outcome), the coordinator gave \(result)")
        }
        guard world.tree == model.tree else { return fail(step, "the trees differ") }
        let tree = world.coordinator.tree
        let projection = NavigationProjection(tree)
        if let problem = Self.mismatch(projection, tree) { return fail(step, problem) }
        guard navigation.projection == projection, navigation.tree == tree,
            Self.partsAgree(navigation, projection)
        else {
            return fail(step, "the observable source shows \(navigation.projection)")
        }
        pastStacks.append(contentsOf: projection.stacks)
        if pastStacks.count > 64 { pastStacks.removeFirst(pastStacks.count - 64) }
        return result
    }

    /// How `projection` fails to show `tree`, or `nil`.
    static func mismatch(_ projection: NavigationProjection, _ tree: ScreenTree) -> String? {
        // A split's empty column is no stack SwiftUI shows.
        let stacks = tree.stacks.filter { !$0.isEmpty || $0.column == nil }
        guard projection.stacks.map(\.id) == stacks.map(\.id),
            projection.stacks.map(\.screens.count) == stacks.map(\.count),
            projection.stacks.flatMap(\.screens) == tree.screens.map(\.id)
        else { return "the projection's stacks are not the tree's: \(projection)" }
        guard projection.root?.id == tree.root?.id,
            projection.tabs.map(\.name) == tree.tabs.map(\.name),
            projection.tabs.map(\.stack.id) == tree.tabs.map(\.stack.id),
            projection.selectedTab == tree.selectedTab,
            (projection.split == nil) == (tree.split == nil),
            projection.horizontalSizeClass == tree.horizontalSizeClass
        else { return "the projection's root or tabs are not the tree's: \(projection)" }
        guard projection.modals.map(\.id) == tree.modals.compactMap(\.modal),
            projection.modals.map(\.style) == tree.modals.compactMap(\.style),
            projection.modals.map(\.level) == tree.modals.map(\.level),
            projection.modals.map(\.stack) == tree.modals.map(\.id)
        else { return "the projection's modals are not the tree's: \(projection)" }
        return nil
    }

    // MARK: Writes

    /// Makes one write SwiftUI could make, sends its reports, and checks what follows.
    mutating func write(
        step: Int, random: inout SeededRandom, statistics: inout ProjectionStatistics
    ) -> Bool {
        let projection = NavigationProjection(world.coordinator.tree)
        // Mostly gestures; a state with none to make (a lone screen, a cover) gets an echo.
        let roll = Int.random(in: 0..<11, using: &random)
        if roll == 10, world.coordinator.tree.visibleScreen != nil {
            statistics.writes[.alert, default: 0] += 1
            return alert(step: step, random: &random, statistics: &statistics)
        }
        let (kind, write): (WriteKind, BindingWrite)
        if roll < 6, let gesture = Self.gesture(projection, &random) {
            (kind, write) = (.gesture, gesture)
        } else if roll == 6, let ignored = ignoredWrite(projection, &random) {
            (kind, write) = (.ignored, ignored)
        } else if (7..<9).contains(roll), let judged = Self.judgedWrite(projection, &random) {
            (kind, write) = (.judged, judged)
        } else {
            (kind, write) = (.echo, Self.echo(projection, &random))
        }
        statistics.writes[kind, default: 0] += 1
        if let split = projection.split {
            statistics.splitWrites += 1
            if split.isCollapsed { statistics.collapsedSplitWrites += 1 }
        }
        remember(.write(step, write, kind))
        let reports = projection.reports(for: write)
        let before = world.coordinator.tree
        switch kind {
        case .alert:
            break  // made by `alert(step:random:statistics:)`
        case .echo, .ignored:
            guard projection.shows(write) == (kind == .echo) else {
                return failed(step, "shows(\(write)) is wrong for an \(kind)")
            }
            guard reports.isEmpty else {
                return failed(step, "an \(kind) write gave \(reports)")
            }
        case .gesture:
            guard !reports.isEmpty || projection.shows(write) else {
                return failed(step, "a gesture gave no report")
            }
            if case .path(let path, let id) = write, let stack = projection.stack(id),
                stack.path.count - path.count > 1
            {
                statistics.multiplePops += 1
            }
        case .judged:
            guard !reports.isEmpty else {
                return failed(step, "a judged write gave no report")
            }
        }
        // Half the writes go through the observable source, as SwiftUI's bindings do; the
        // others send the reports directly.
        if Bool.random(using: &random) {
            statistics.throughSource += 1
            return writeThroughSource(write, kind, reports, step: step, statistics: &statistics)
        }
        switch kind {
        case .echo, .ignored, .alert:
            break
        case .gesture:
            for report in reports {
                guard case .success(let event?)? = advance(.report(report), step: step) else {
                    return failed(step, "the coordinator did not follow \(report)")
                }
                statistics.accepted += 1
                statistics.reportKinds.insert("\(event.kind)")
            }
            let after = NavigationProjection(world.coordinator.tree)
            guard after.shows(write),
                Self.expected(after: write, from: projection) == Self.parts(after)
            else {
                return failed(step, "after \(reports) the tree projects to \(after)")
            }
        case .judged:
            // The coordinator refuses the first report as the model does, and nothing changes.
            guard case .failure(let error)? = advance(.report(reports[0]), step: step) else {
                return failed(step, "the coordinator followed \(reports[0])")
            }
            statistics.refusals.insert(ModelStatistics.caseName(error))
            guard world.coordinator.tree == before else {
                return failed(step, "a refused report changed the tree")
            }
        }
        return true
    }

    /// Makes `write` through the observable source: the coordinator must publish exactly the
    /// events (or the failure) the model predicts for `reports`, and the source must show the
    /// tree after them.
    mutating func writeThroughSource(
        _ write: BindingWrite, _ kind: WriteKind, _ reports: [PlatformReport], step: Int,
        statistics: inout ProjectionStatistics
    ) -> Bool {
        let projection = navigation.projection
        var next = model
        var expected: [NavigationEvent] = []
        for report in reports {
            switch ModelOperation.report(report).predict(next) {
            case .applied(let after, let event):
                next = after
                expected.append(.transition(event))
            case .failed(let error, _):
                expected.append(
                    .failure(NavigationEvent.Failure(operation: .report(report), error: error)))
                statistics.refusals.insert(ModelStatistics.caseName(error))
            default:
                return failed(step, "the model cannot say what \(report) does")
            }
            if case .failure = expected.last { break }
        }
        let sentAll = expected.allSatisfy { $0.transition != nil }
        let agrees: Bool
        switch kind {
        case .gesture: agrees = sentAll
        case .judged: agrees = !sentAll
        case .echo, .ignored, .alert: agrees = expected.isEmpty
        }
        guard agrees else {
            return failed(step, "the model judges \(reports) otherwise than a \(kind) write")
        }
        world.clearEvents()
        navigation.write(write)
        guard world.events == expected else {
            return failed(
                step, "writing through the source published \(world.events), not \(expected)")
        }
        model = next
        statistics.accepted += expected.count { $0.transition != nil }
        let tree = world.coordinator.tree
        guard world.tree == model.tree else { return failed(step, "the trees differ") }
        guard navigation.tree == tree, navigation.projection == NavigationProjection(tree) else {
            return failed(step, "the source shows \(navigation.projection) after the write")
        }
        guard Self.partsAgree(navigation, navigation.projection) else {
            return failed(step, "the parts SwiftUI reads differ from \(navigation.projection)")
        }
        if kind == .gesture {
            guard navigation.projection.shows(write),
                Self.expected(after: write, from: projection) == Self.parts(navigation.projection)
            else {
                return failed(step, "after \(reports) the source shows \(navigation.projection)")
            }
        }
        return true
    }

    /// Whether the parts SwiftUI reads agree with `projection`: the root's shape, the selected
    /// tab, the modals, and the screens of every stack.
    static func partsAgree(
        _ navigation: ObservableNavigation, _ projection: NavigationProjection
    ) -> Bool {
        navigation.shape == expectedShape(projection) && navigation.modals == projection.modals
            && navigation.selectedTab == (projection.selectedTab ?? "")
            && projection.stacks.allSatisfy {
                navigation.state(of: $0.id).screens.map(\.id) == $0.screens
            }
    }

    /// The root's shape `projection` shows.
    static func expectedShape(_ projection: NavigationProjection) -> RootShape {
        if let root = projection.root { return .stack(root.id) }
        if !projection.tabs.isEmpty {
            return .tabs(projection.tabs.map { TabShape(name: $0.name, stack: $0.stack.id) })
        }
        if let split = projection.split { return .split(SplitShape(split)) }
        return .empty
    }

    /// A write a gesture makes from `projection`: a back swipe or the Back button's menu on the
    /// top-most stack, a swipe-down of the top-most modal if its style allows it, a tab tapped
    /// when no modal covers the tab bar.
    static func gesture(
        _ projection: NavigationProjection, _ random: inout SeededRandom
    ) -> BindingWrite? {
        var choices: [BindingWrite] = []
        if let top = topStack(projection), !top.path.isEmpty {
            choices.append(.path(Array(top.path.dropLast()), of: top.id))
            let kept = Int.random(in: 0..<top.path.count, using: &random)
            choices.append(.path(Array(top.path.prefix(kept)), of: top.id))
        }
        if let modal = projection.modals.last, modal.style.userCanDismiss {
            choices.append(.modal(nil, over: modal.level - 1, as: modal.kind))
        }
        if projection.modals.isEmpty, let tab = projection.tabs.randomElement(using: &random) {
            choices.append(.selectedTab(tab.name))
        }
        // The top-most sheet dragged to another of its detents.
        if let modal = projection.modals.last,
            case .sheet(let detents, let selected, _) = modal.style,
            let detent = detents.filter({ $0 != (selected ?? detents[0]) }).randomElement(
                using: &random)
        {
            choices.append(.detent(detent, of: modal.id))
        }
        return choices.randomElement(using: &random)
    }

    /// The value a binding already holds.
    static func echo(
        _ projection: NavigationProjection, _ random: inout SeededRandom
    ) -> BindingWrite {
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            if let stack = projection.stacks.randomElement(using: &random) {
                return .path(stack.path, of: stack.id)
            }
        case 1:
            let level = Int.random(in: 0...projection.modals.count, using: &random)
            let kind = PresentationStyle.Kind.allCases.randomElement(using: &random) ?? .sheet
            return .modal(projection.modal(over: level, as: kind), over: level, as: kind)
        default:
            break
        }
        return .selectedTab(projection.selectedTab ?? "")
    }

    /// A write no gesture makes: a longer path, a late path of a stack that left, an item
    /// SwiftUI was not given, a tab that is not there.
    func ignoredWrite(
        _ projection: NavigationProjection, _ random: inout SeededRandom
    ) -> BindingWrite? {
        // Gone from the tree, not only from the projection (which leaves out a split's empty
        // columns).
        let tree = world.coordinator.tree
        let gone = pastStacks.filter { tree.stack($0.id) == nil }
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            guard let stack = projection.stacks.randomElement(using: &random) else { return nil }
            return .path(stack.path + [ScreenID(.max)], of: stack.id)
        case 1:
            guard let stack = gone.randomElement(using: &random) else { return nil }
            return .path(Array(stack.path.dropLast()), of: stack.id)
        case 2:
            let level = Int.random(in: 0...projection.modals.count, using: &random)
            let stranger = NavigationProjection.Modal(
                id: ModalID(.max), stack: StackID(.max), level: level + 1, style: .sheet())
            return .modal(stranger, over: level, as: .sheet)
        default:
            return .selectedTab("gone tab")
        }
    }

    /// A write of a shape a report describes, that the user could not make from this tree.
    static func judgedWrite(
        _ projection: NavigationProjection, _ random: inout SeededRandom
    ) -> BindingWrite? {
        var choices: [BindingWrite] = []
        let top = topStack(projection)
        // A collapsed split shows its columns as one stack: going back in an earlier column is
        // a gesture the user can make.
        let collapsed = projection.split.map { $0.isCollapsed ? $0.columns.map(\.id) : [] } ?? []
        for stack in projection.stacks
        where stack.id != top?.id && !stack.path.isEmpty && !collapsed.contains(stack.id) {
            choices.append(.path(Array(stack.path.dropLast()), of: stack.id))
        }
        if let modal = projection.modals.last, !modal.style.userCanDismiss {
            choices.append(.modal(nil, over: modal.level - 1, as: modal.kind))
        }
        if projection.modals.count > 1,
            let lower = projection.modals.dropLast().randomElement(using: &random)
        {
            choices.append(.modal(nil, over: lower.level - 1, as: lower.kind))
        }
        if !projection.modals.isEmpty,
            let tab = projection.tabs.first(where: { $0.name != projection.selectedTab })
        {
            choices.append(.selectedTab(tab.name))
        }
        return choices.randomElement(using: &random)
    }

    /// The top-most stack: the last modal's, else the selected tab's, else the root, else a
    /// split's column the user goes back in: the one shown when collapsed, the detail column
    /// when expanded (the others show side by side).
    static func topStack(_ projection: NavigationProjection) -> NavigationProjection.Stack? {
        if let modal = projection.modals.last { return projection.stack(modal.stack) }
        if let tab = projection.tabs.first(where: { $0.name == projection.selectedTab }) {
            return tab.stack
        }
        if let split = projection.split {
            guard split.isCollapsed || split.compactColumn == .detail else { return nil }
            return split.column(split.compactColumn)?.stack
        }
        return projection.root
    }

    // MARK: Alerts

    /// Presents an alert or a dialog over the tree and answers it as SwiftUI would.
    ///
    /// Half the answers go through the observable source, half as the projection's reports.
    /// It checks the projection while the alert is presented, the reports, the answer its
    /// handler hears, and that the tree is the model's again after it. The model knows no alerts: the alert's screen,
    /// modal and stack take one identity each from its counters, and its two transitions two
    /// sequence numbers.
    mutating func alert(
        step: Int, random: inout SeededRandom, statistics: inout ProjectionStatistics
    ) -> Bool {
        let content = Self.drawAlert(&random)
        let before = world.coordinator.tree
        let level = NavigationProjection(before).modals.count
        let kind = PresentationStyle.Kind(content.style)
        let results = ResultBox()
        world.clearEvents()
        do throws(NavigationError) {
            try world.coordinator.navigate(.alert(content, animated: Bool.random(using: &random))) {
                results.values.append($0)
            }
        } catch {
            return failed(step, "presenting \(content) threw \(error)")
        }
        let projection = NavigationProjection(world.coordinator.tree)
        guard Self.mismatch(projection, world.coordinator.tree) == nil,
            let modal = projection.modal(over: level, as: kind), modal.alert == content,
            modal.level == level + 1, projection.modals.count == level + 1,
            let screen = projection.stack(modal.stack)?.root,
            navigation[isPresentedOver: level, as: kind],
            navigation[modalOver: level, as: kind] == modal
        else {
            return failed(step, "\(content) over \(level) projects to \(projection)")
        }
        let text = content.textFields.map { _ in Self.drawText(&random) }
        // What the user does: a button, a tap outside a dialog, or an alert's refused
        // isPresented = false before a button.
        let button = Int.random(in: 0..<content.buttons.count, using: &random)
        let outside = kind == .confirmationDialog && Bool.random(using: &random)
        let refusedFirst = kind == .alert && Int.random(in: 0..<4, using: &random) == 0
        let dismissal = BindingWrite.modal(nil, over: level, as: kind)
        let answer = BindingWrite.answer(modal.id, button: button, text: text)
        remember(.write(step, outside || refusedFirst ? dismissal : answer, .alert))
        let throughSource = Bool.random(using: &random)
        let gesture = outside ? "outside" : refusedFirst ? "refused" : "button"
        statistics.alertAnswers.insert(gesture + (throughSource ? " source" : " direct"))
        if throughSource {
            statistics.throughSource += 1
            if refusedFirst || outside { navigation[isPresentedOver: level, as: kind] = false }
            if !outside {
                for (field, typed) in text.enumerated() {
                    navigation[text: field, of: modal.id] = typed
                }
                navigation.answer(modal.id, button: button)
                navigation[isPresentedOver: level, as: kind] = false
            }
        } else {
            if refusedFirst {
                let reports = projection.reports(for: dismissal)
                guard reports == [.dismissedByUser(screen)] else {
                    return failed(step, "an alert's dismissal gave \(reports)")
                }
                _ = try? world.coordinator.report(.dismissedByUser(screen))
            }
            let write = outside ? dismissal : answer
            let reports = projection.reports(for: write)
            let expected: [PlatformReport] =
                outside
                ? [.dismissedByUser(screen)] : [.answeredByUser(screen, button: button, text: text)]
            guard !projection.shows(write), reports == expected else {
                return failed(step, "\(write) gave \(reports), not \(expected)")
            }
            for report in reports {
                do throws(NavigationError) {
                    try world.coordinator.report(report)
                } catch {
                    return failed(step, "the coordinator refused \(report): \(error)")
                }
            }
            // SwiftUI's isPresented = false after a button's action: an echo.
            let after = NavigationProjection(world.coordinator.tree)
            guard after.shows(dismissal), after.reports(for: dismissal).isEmpty,
                after.shows(answer), after.reports(for: answer).isEmpty
            else {
                return failed(step, "the writes after the answer are no echo: \(after)")
            }
        }
        // One presentation, one dismissal by the user, and the refusal if there was one.
        let refusals = world.events.compactMap(\.failure).map(\.error)
        let transitions = world.events.compactMap(\.transition)
        guard transitions.map(\.kind) == [.present, .dismiss],
            transitions.last?.initiator == .user,
            refusals
                == (refusedFirst ? [.refused(.notDismissibleByUser(screen, style: .alert))] : [])
        else {
            return failed(step, "answering \(content) published \(world.events)")
        }
        statistics.refusals.formUnion(refusals.map(ModelStatistics.caseName))
        statistics.accepted += 1
        guard results.values.count == 1, let result = results.values.first,
            Self.answered(result, content, button: outside ? nil : button, text: text)
        else {
            return failed(step, "\(content) answered \(results.values)")
        }
        guard world.coordinator.tree == before else {
            return failed(step, "answering \(content) left \(world.coordinator.tree)")
        }
        model.nextID += 1
        model.nextStackID += 1
        model.nextModalID += 1
        model.nextSequence += 2
        guard world.tree == model.tree, navigation.tree == world.coordinator.tree,
            navigation.projection == NavigationProjection(before),
            Self.partsAgree(navigation, navigation.projection),
            !navigation[isPresentedOver: level, as: kind]
        else {
            return failed(step, "after \(content) the source shows \(navigation.projection)")
        }
        return true
    }

    /// Whether `result` is what `content` answers for `button` (`nil`: a tap outside) and
    /// `text`: the button's value, an ``AlertContent/Answer`` with text fields, the cancel button's
    /// value (or cancelled) after a tap outside.
    static func answered(
        _ result: ScreenResult, _ content: AlertContent, button: Int?, text: [String]
    ) -> Bool {
        guard let button else {
            guard let cancel = content.cancelButton else { return result.isCancelled }
            return result.value(as: Int.self) == cancel.button.value.value(as: Int.self)
        }
        let value = content.buttons[button].value.value(as: Int.self)
        guard !content.textFields.isEmpty else { return result.value(as: Int.self) == value }
        guard let answer = result.value(as: AlertContent.Answer.self) else { return false }
        return answer.button == button && answer.value(as: Int.self) == value && answer.text == text
    }

    /// An alert (with up to two text fields) or a confirmation dialog (at times without a
    /// cancel button) of one to four buttons, each answering its index.
    static func drawAlert(_ random: inout SeededRandom) -> AlertContent {
        let count = Int.random(in: 1...4, using: &random)
        let cancel = Bool.random(using: &random) ? Int.random(in: 0..<count, using: &random) : nil
        let buttons = (0..<count).map { index in
            let role: AlertContent.Button.Role =
                index == cancel ? .cancel : Bool.random(using: &random) ? .destructive : .default
            return AlertContent.Button("Button \(index)", role: role, value: index)
        }
        if Bool.random(using: &random) {
            return .confirmationDialog(
                title: "Dialog", message: Bool.random(using: &random) ? "Choose" : nil,
                buttons: buttons, anchor: Bool.random(using: &random) ? "share" : nil)
        }
        let fields = (0..<Int.random(in: 0...2, using: &random)).map { field in
            AlertContent.TextField(
                placeholder: "Field \(field)", text: drawText(&random),
                isSecure: Bool.random(using: &random))
        }
        return AlertContent(title: "Alert", buttons: buttons, textFields: fields)
    }

    /// A short text, at times empty.
    static func drawText(_ random: inout SeededRandom) -> String {
        ["", "a", "draft", "é ✓", "line\nbreak"].randomElement(using: &random) ?? ""
    }

    // MARK: What SwiftUI shows after a write

    struct Parts: Equatable {
        var stacks: [NavigationProjection.Stack]
        var tabs: [String]
        var selectedTab: String?
        var modals: [NavigationProjection.Modal]
    }

    static func parts(_ projection: NavigationProjection) -> Parts {
        Parts(
            stacks: projection.stacks, tabs: projection.tabs.map(\.name),
            selectedTab: projection.selectedTab, modals: projection.modals)
    }

    /// What SwiftUI shows after `write` over `projection`: the state it wrote, the rest as it
    /// was.
    static func expected(after write: BindingWrite, from projection: NavigationProjection) -> Parts
    {
        var parts = parts(projection)
        switch write {
        case .path(let path, let id):
            parts.stacks = parts.stacks.map { stack in
                stack.id == id ? .init(id: id, root: stack.root, path: path) : stack
            }
        case .modal(_, let level, _):
            let left = Set(parts.modals.dropFirst(level).map(\.stack))
            parts.modals = Array(parts.modals.prefix(level))
            parts.stacks.removeAll { left.contains($0.id) }
        case .answer(let alert, _, _):
            let level = parts.modals.firstIndex { $0.id == alert } ?? parts.modals.count
            let left = Set(parts.modals.dropFirst(level).map(\.stack))
            parts.modals = Array(parts.modals.prefix(level))
            parts.stacks.removeAll { left.contains($0.id) }
        case .selectedTab(let name):
            parts.selectedTab = name
        case .detent(let detent, let id):
            // The sheet rests at the detent: its style says so, the rest stays.
            parts.modals = parts.modals.map { modal in
                guard modal.id == id, case .sheet(let detents, _, let lock) = modal.style else {
                    return modal
                }
                return NavigationProjection.Modal(
                    id: modal.id, stack: modal.stack, level: modal.level,
                    style: .sheet(detents: detents, selected: detent, interactiveDismissal: lock),
                    alert: modal.alert)
            }
        case .selection, .compactColumn, .sizeClass:
            // A split's writes: SplitProjectionPropertyTests makes them, over split roots.
            break
        }
        return parts
    }

    // MARK: Failures

    private mutating func remember(_ step: Step) {
        history.append(step)
        if history.count > 16 { history.removeFirst() }
    }

    /// Records an issue with the recent history; returns `nil` so callers can stop.
    private func fail<T>(_ step: Int, _ message: String) -> T? {
        _ = failed(step, message)
        return nil
    }

    /// Records an issue with the recent history; returns `false` so callers can stop.
    private func failed(_ step: Int, _ message: String) -> Bool {
        Issue.record(
            """
            \(label), step \(step): \(message)
            model: \(model.tree)
            real:  \(world.tree)
            last steps:
            \(history.map(\.description).joined(separator: "\n"))
            """)
        return false
    }
}

/// What an alert's result handler heard.
@MainActor
final class ResultBox {
    var values: [ScreenResult] = []
}
