@_spi(Benchmarks) @_spi(Rules) import CoreModule
import Foundation
import Testing

/// Random split roots driven by a small generator of its own (split requests, selections,
/// pushes, pops, sheets, size classes, now and then another root), each operation followed by
/// one write a `NavigationSplitView` could make: the projection must always be the tree's, and
/// after a write the tree must be what SwiftUI shows.
///
/// Every request is judged exactly: refused
/// with the error expected from the tree before (`SplitRun.expectedError(_:over:)`), or applied
/// as asked (`SplitRun.unexpected(_:after:over:)`); a refused write is refused with exactly the
/// error expected (`SplitRun.expectedRefusal(of:over:)`).
///
/// It does not depend on the reference model.
/// Replay a failure with the seed its message prints: `ROUTER_SEED=N swift test --filter
/// SplitProjectionPropertyTests`. `ROUTER_SPLIT_EVENTS=N` changes the number of events
/// (operations and writes together; 20,000 by default).
@MainActor
@Suite("SwiftUI projection of split roots, property: it matches the tree, writes follow")
struct SplitProjectionPropertyTests {
    static var totalEvents: Int {
        let text = ProcessInfo.processInfo.environment["ROUTER_SPLIT_EVENTS"] ?? ""
        return Int(text).map { max($0, 2) } ?? 20_000
    }

    @Test("20,000 random events on split roots: the projection is the tree's, writes follow")
    func splitsProjectBack() throws {
        let seed = SeededRandom.seed()
        var random = SeededRandom(seed: seed)
        var run = try SplitRun(label: "ROUTER_SEED=\(seed)")
        guard run.run(events: Self.totalEvents, random: &random) else { return }
        let statistics = run.statistics
        if Self.totalEvents >= 10_000 {
            for kind in SplitWriteKind.allCases {
                #expect(statistics.writes[kind, default: 0] > 100, "\(kind): \(statistics)")
            }
            #expect(statistics.collapsedWrites > 500, "\(statistics)")
            #expect(statistics.threeColumnWrites > 500, "\(statistics)")
            #expect(statistics.outcomes.isSuperset(of: SplitRun.everyOutcome), "\(statistics)")
        }
        print("split projection property test: \(statistics) (ROUTER_SEED=\(seed))")
    }
}

/// The kinds of writes the split property test makes.
enum SplitWriteKind: String, CaseIterable, CustomStringConvertible {
    /// A row tapped (a new selection, a request), Back in a collapsed split (a selection
    /// cleared, an earlier compact column), a back swipe in a column's stack, a new size class.
    case gesture
    /// The value the binding already holds.
    case echo
    /// What asks for nothing: a selection cleared or an earlier compact column while expanded,
    /// a later compact column, a column the split does not have.
    case ignored
    /// A write the coordinator refuses: Back under a sheet, a row whose scene is not
    /// registered.
    case refused

    var description: String { rawValue }
}

/// What a split property run did.
struct SplitStatistics: CustomStringConvertible {
    var operations = 0
    var writes: [SplitWriteKind: Int] = [:]
    var collapsedWrites = 0
    var threeColumnWrites = 0
    /// What the writes did: `show-detail`, `pop`, `size-class`, `refused`, and so on.
    var outcomes: Set<String> = []

    var description: String {
        let kinds = SplitWriteKind.allCases.map { "\($0) \(writes[$0, default: 0])" }
        return "\(operations) operations, writes: \(kinds.joined(separator: ", ")); "
            + "\(collapsedWrites) collapsed, \(threeColumnWrites) in three columns; outcomes: "
            + outcomes.sorted().joined(separator: ", ")
    }
}

/// One run over one coordinator.
@MainActor
struct SplitRun {
    static let scenes: [SceneIdentifier] = ["A1", "A2", "B1", "B2"]
    /// Every outcome a long run must see.
    static let everyOutcome: Set<String> = [
        "show-detail", "show-supplementary", "pop", "pop-to", "size-class", "refused",
    ]

    let label: String
    let coordinator: AppCoordinator
    /// The observable source, through which half the writes go.
    let navigation: ObservableNavigation
    var statistics = SplitStatistics()
    var history: [String] = []

    init(label: String) throws {
        self.label = label
        coordinator = try makeCoordinator(Self.scenes)
        navigation = ObservableNavigation(following: coordinator)
    }

    mutating func run(events: Int, random: inout SeededRandom) -> Bool {
        var step = 0
        while step < events {
            let operation = Self.operation(coordinator.tree, &random)
            remember("\(step): \(operation)")
            let before = coordinator.tree
            let expected = Self.expectedError(operation, over: before)
            do {
                try coordinator.navigate(operation)
                if let expected {
                    return failed(step, "\(operation) applied; expected \(expected)")
                }
                if let problem = Self.unexpected(coordinator.tree, after: operation, over: before) {
                    return failed(step, problem)
                }
            } catch {
                guard error == expected, coordinator.tree == before else {
                    return failed(
                        step,
                        "\(operation) threw \(error); expected \(String(describing: expected))")
                }
            }
            statistics.operations += 1
            guard check(step) else { return false }
            step += 1
            guard step < events, !coordinator.tree.isEmpty else { continue }
            guard write(step: step, random: &random) else { return false }
            step += 1
        }
        return true
    }

    // MARK: The generator

    /// A random request: mostly what a split's app does, now and then another root, a sheet or
    /// a size class.
    static func operation(_ tree: ScreenTree, _ random: inout SeededRandom)
        -> ApplicationTransitionType
    {
        func scene() -> Destination {
            let name = scenes.randomElement(using: &random) ?? "A1"
            // A parameter now and then, so that two selections of one scene differ.
            let id = Int.random(in: 0...3, using: &random)
            return id == 0 ? Destination(name) : Destination(name, parameters: ["id": "\(id)"])
        }
        guard let split = tree.split else {
            return Int.random(in: 0..<5, using: &random) == 0
                ? .root(scene: scene().scene)
                : .split(
                    primary: scene(), supplementary: Bool.random(using: &random) ? scene() : nil,
                    detail: Bool.random(using: &random) ? scene() : nil,
                    style: Bool.random(using: &random) ? .tripleColumn : nil)
        }
        let large = tree.screenCount > 10
        switch Int.random(in: 0..<17, using: &random) {
        case 0: return .split(primary: scene(), detail: Bool.random(using: &random) ? scene() : nil)
        case 1:
            return .split(primary: scene(), supplementary: scene(), detail: scene())
        case 2: return .root(scene: scene().scene)
        case 3, 4, 5: return .showDetail(scene())
        case 6, 7: return split.style == .tripleColumn ? .showSupplementary(scene()) : .pop()
        case 8, 9, 10: return large ? .pop() : .push(scene: scene().scene)
        case 11, 12: return .pop()
        case 13: return .popToRoot()
        case 14: return .setStack([scene(), scene()])
        case 15: return tree.modalCount == 0 ? .present(scene: scene().scene) : .dismiss()
        default: return .dismissAll()
        }
    }

    // MARK: What a request does

    /// The error `operation` must be refused with over `tree`, or `nil` when it must apply:
    /// every scene is registered and no guard or veto is installed, so only a column selection
    /// without a split or its column, a pop of a stack's first screen (or of a split's empty
    /// detail column, named after the visible screen), a replace on an empty detail column and a
    /// dismiss with no modal are refused.
    static func expectedError(_ operation: ApplicationTransitionType, over tree: ScreenTree)
        -> NavigationError?
    {
        let visible = tree.visibleScreen?.scene ?? ""
        let top = topScreens(tree)
        switch operation {
        case .showDetail, .showSupplementary:
            guard let split = tree.split else { return .refused(.noSplitRoot(operation.kind)) }
            if operation.kind == .showSupplementary, split.supplementary == nil {
                return .refused(.noSupplementaryColumn(.showSupplementary))
            }
            return nil
        case .pop:
            return top.count > 1
                ? nil : .refused(.cannotPopFirstScreen(top.first?.scene ?? visible, kind: .pop))
        case .replace:
            return top.isEmpty ? .refused(.noDetailScreen(.replace)) : nil
        case .dismiss:
            return tree.modals.isEmpty ? .refused(.nothingToDismiss(visible: visible)) : nil
        default:
            return nil
        }
    }

    /// The screens a pop or a replace acts on: the top-most modal's, else, for a collapsed
    /// split, every column's as one stack (pops cross its columns), else the top stack's (a
    /// split's detail column).
    static func topScreens(_ tree: ScreenTree) -> [Screen] {
        if tree.modals.isEmpty, let split = tree.split, split.isCollapsed {
            return split.collapsedScreens
        }
        return tree.topStack.map(Array.init) ?? []
    }

    /// How `after` is not what an applied `operation` over `before` makes, or `nil`.
    static func unexpected(
        _ after: ScreenTree, after operation: ApplicationTransitionType, over before: ScreenTree
    ) -> String? {
        func same(_ screen: Screen?, _ destination: Destination?) -> Bool {
            screen?.scene == destination?.scene && screen?.parameters == destination?.parameters
        }
        switch operation {
        case .split(let primary, let supplementary, let detail, let style, _):
            let columns = after.split
            let three = style == .tripleColumn || supplementary != nil
            guard let columns, after.modals.isEmpty, columns.primary.count == 1,
                same(columns.primary.first, primary),
                (columns.supplementary != nil) == three,
                columns.supplementary.map({ $0.count == (supplementary == nil ? 0 : 1) }) ?? true,
                supplementary == nil || same(columns.supplementary?.first, supplementary),
                columns.detail.count == (detail == nil ? 0 : 1),
                detail == nil || same(columns.detail.first, detail)
            else { return "\(operation) made \(after)" }
        case .showDetail(let destination, _), .showSupplementary(let destination, _):
            let detail = operation.kind == .showDetail
            guard let old = before.split, let new = after.split,
                new.primary == old.primary, after.modals == before.modals
            else { return "\(operation) made \(after)" }
            let shown = detail ? new.detail : new.supplementary
            guard shown?.count == 1, same(shown?.first, destination),
                detail ? new.supplementary == old.supplementary : new.detail.isEmpty
            else { return "\(operation) made \(after)" }
        case .push(let scene, _, _, _, _):
            guard topScreens(after).count == topScreens(before).count + 1,
                after.visibleScreen?.scene == scene
            else { return "\(operation) made \(after)" }
        case .present(let scene, _, _, _, _):
            guard after.modals.count == before.modals.count + 1,
                after.modals.last.map(Array.init)?.map(\.scene) == [scene]
            else { return "\(operation) made \(after)" }
        case .root(let scene, _, _, _):
            guard after.scenes == [[scene]] else { return "\(operation) made \(after)" }
        case .pop:
            guard topScreens(after).count == topScreens(before).count - 1 else {
                return "\(operation) made \(after)"
            }
        case .dismiss:
            guard after.modals.count == before.modals.count - 1 else {
                return "\(operation) made \(after)"
            }
        case .dismissAll:
            guard after.modals.isEmpty else { return "\(operation) made \(after)" }
        default:
            break
        }
        return nil
    }

    // MARK: The projection is the tree's

    /// Checks the projection of the coordinator's tree, and the observable source's.
    mutating func check(_ step: Int) -> Bool {
        let tree = coordinator.tree
        let projection = NavigationProjection(tree)
        if let problem = Self.mismatch(projection, tree) { return failed(step, problem) }
        guard navigation.projection == projection, navigation.tree == tree,
            ProjectionRun.partsAgree(navigation, projection),
            navigation.split == projection.split.map(SplitShape.init)
        else {
            return failed(step, "the observable source shows \(navigation.projection)")
        }
        return true
    }

    /// How `projection` fails to show `tree`, or `nil`.
    static func mismatch(_ projection: NavigationProjection, _ tree: ScreenTree) -> String? {
        let filled = tree.stacks.filter { !$0.isEmpty }
        guard projection.stacks.map(\.id) == filled.map(\.id),
            projection.stacks.flatMap(\.screens) == tree.screens.map(\.id),
            projection.horizontalSizeClass == tree.horizontalSizeClass
        else { return "the projection's stacks are not the tree's: \(projection)" }
        guard let columns = tree.split else {
            return projection.split == nil ? nil : "a split projected from no split"
        }
        guard let split = projection.split, projection.root == nil, projection.tabs.isEmpty
        else { return "no split projected from \(tree)" }
        guard split.style == columns.style, split.isCollapsed == columns.isCollapsed,
            split.columns.map(\.id) == columns.columns.map(\.id),
            split.columns.map(\.column) == columns.style.columns
        else { return "the split's shape is not the tree's: \(split)" }
        for (column, stack) in zip(split.columns, columns.columns) {
            let first = stack.first
            guard column.root == first?.id, column.path == stack.dropFirst().map(\.id),
                column.selection?.scene == first?.scene,
                column.selection?.parameters == first?.parameters,
                column.selection?.payload == first?.payload,
                column.stack.map({ projection.stack($0.id) == $0 }) ?? true
            else { return "the \(column.column) column is not the tree's: \(column)" }
        }
        // The compact column holds the screen the user sees under the modals.
        let shown = columns.columns.last { !$0.isEmpty }
        guard split.compactColumn == shown?.column,
            tree.modalCount > 0 || tree.visibleScreen?.id == shown?.last?.id
        else { return "the compact column \(split.compactColumn) is not the visible one" }
        let expected: ScreenSplit.ColumnVisibility =
            !columns.detail.isEmpty
            ? .automatic : columns.supplementary?.isEmpty == false ? .doubleColumn : .all
        guard split.columnVisibility == expected else {
            return "the visibility is \(split.columnVisibility), not \(expected)"
        }
        return nil
    }

    // MARK: Writes

    /// Makes one write a `NavigationSplitView` could make, sends what it asks for, and checks
    /// the tree after it.
    mutating func write(step: Int, random: inout SeededRandom) -> Bool {
        let before = coordinator.tree
        let projection = NavigationProjection(before)
        let roll = Int.random(in: 0..<10, using: &random)
        let (kind, write): (SplitWriteKind, BindingWrite)
        if roll < 6, let gesture = Self.gesture(projection, &random) {
            (kind, write) = (.gesture, gesture)
        } else if roll < 8, let ignored = Self.ignoredWrite(projection, &random) {
            (kind, write) = (.ignored, ignored)
        } else if roll == 8, let refused = Self.refusedWrite(projection, &random) {
            (kind, write) = (.refused, refused)
        } else {
            (kind, write) = (.echo, Self.echo(projection, &random))
        }
        remember("\(step): write \(write) (\(kind))")
        statistics.writes[kind, default: 0] += 1
        if projection.split?.isCollapsed == true { statistics.collapsedWrites += 1 }
        if projection.split?.style == .tripleColumn { statistics.threeColumnWrites += 1 }

        let reports = projection.reports(for: write)
        let request = projection.request(for: write)
        guard projection.shows(write) == (kind == .echo) else {
            return failed(step, "shows(\(write)) is wrong for an \(kind) write")
        }
        switch kind {
        case .echo, .ignored:
            guard reports.isEmpty, request == nil else {
                return failed(
                    step, "an \(kind) write asked for \(reports), \(String(describing: request))")
            }
        case .gesture, .refused:
            guard reports.isEmpty != (request == nil) else {
                return failed(
                    step, "a \(kind) write asked for \(reports), \(String(describing: request))")
            }
        }

        // Half the writes through the observable source, the others sent directly.
        let recorder = EventRecorder(coordinator)
        if Bool.random(using: &random) {
            navigation.write(write)
        } else {
            for report in reports {
                do { try coordinator.report(report) } catch { break }
            }
            if let request { _ = try? coordinator.navigate(request) }
        }
        let after = coordinator.tree
        guard check(step) else { return false }
        switch kind {
        case .echo, .ignored:
            guard after == before, recorder.events.isEmpty else {
                return failed(step, "an \(kind) write changed the tree: \(recorder.events)")
            }
        case .refused:
            let expected = Self.expectedRefusal(of: write, over: before)
            guard after == before, recorder.transitions.isEmpty,
                recorder.failures.map(\.error) == [expected]
            else {
                return failed(
                    step,
                    "a refused write was followed: \(recorder.events); expected \(expected)")
            }
            statistics.outcomes.insert("refused")
        case .gesture:
            guard recorder.failures.isEmpty, !recorder.transitions.isEmpty else {
                return failed(step, "a gesture was not followed: \(recorder.events)")
            }
            let initiator: TransitionEvent.Initiator = request == nil ? .user : .app
            guard recorder.transitions.allSatisfy({ $0.initiator == initiator }) else {
                return failed(step, "a gesture's events are not the \(initiator)'s")
            }
            for event in recorder.transitions { statistics.outcomes.insert("\(event.kind)") }
            if let problem = Self.unexpected(after, for: write, over: before) {
                return failed(step, problem)
            }
        }
        return true
    }

    /// How `after` is not what SwiftUI shows after the gesture `write` over `before`, or `nil`.
    static func unexpected(_ after: ScreenTree, for write: BindingWrite, over before: ScreenTree)
        -> String?
    {
        let projection = NavigationProjection(after)
        guard let old = NavigationProjection(before).split, let new = projection.split else {
            return "the split left after \(write)"
        }
        /// Whether the columns before `column` kept their screens, and the ones after it are
        /// empty.
        func around(_ column: ScreenSplit.Column, keepingIt: Bool) -> Bool {
            zip(old.columns, new.columns).allSatisfy { old, new in
                let position = ScreenSplit.Column.allCases.firstIndex(of: old.column) ?? 0
                let target = ScreenSplit.Column.allCases.firstIndex(of: column) ?? 0
                if position < target || (position == target && keepingIt) { return old == new }
                return position == target || new.isEmpty
            }
        }
        switch write {
        case .selection(let destination?, let column):
            guard let filled = new.column(column), filled.selection == destination,
                filled.path.isEmpty, around(column, keepingIt: false)
            else { return "the selection of \(column) is not \(destination): \(new)" }
        case .selection(nil, let column):
            guard new.column(column)?.isEmpty == true, around(column, keepingIt: false) else {
                return "Back from \(column) left \(new)"
            }
        case .compactColumn(let column):
            let later = ScreenSplit.Column.allCases.drop { $0 != column }.dropFirst()
            guard later.allSatisfy({ new.column($0)?.isEmpty ?? true }),
                around(column, keepingIt: true) || new.column(column)?.isEmpty == true,
                new.compactColumn.position <= column.position
            else { return "Back to \(column) left \(new)" }
        case .path(let path, let id):
            guard projection.stack(id)?.path == path,
                projection.stacks.filter({ $0.id != id })
                    == NavigationProjection(before).stacks
                    .filter({ $0.id != id })
            else { return "the path of \(id) is not \(path): \(projection)" }
        case .sizeClass(let sizeClass):
            guard after.horizontalSizeClass == sizeClass, new.columns == old.columns else {
                return "the size class \(sizeClass) left \(projection)"
            }
        case .modal, .answer, .selectedTab, .detent:
            return "the split test makes no \(write)"
        }
        return nil
    }

    /// A gesture: a row tapped, Back in a collapsed split (the selection cleared or the compact
    /// column moved back, as SwiftUI writes either), a back swipe in the top column, a new size
    /// class.
    static func gesture(_ projection: NavigationProjection, _ random: inout SeededRandom)
        -> BindingWrite?
    {
        guard let split = projection.split else { return nil }
        var choices: [BindingWrite] = [
            .sizeClass(projection.horizontalSizeClass == .compact ? .regular : .compact)
        ]
        let name = scenes.randomElement(using: &random) ?? "A1"
        let row = Destination(name, parameters: ["row": "\(Int.random(in: 1...9, using: &random))"])
        // A row tapped in the list before the detail, or the sidebar of three columns.
        choices.append(.selection(row, column: .detail))
        if split.supplementary != nil { choices.append(.selection(row, column: .supplementary)) }
        let top = split.compactColumn
        // In a regular window the user goes back in the detail column only: the others show
        // side by side.
        if projection.modals.isEmpty, split.isCollapsed || top == .detail,
            let stack = split.column(top)?.stack, !stack.path.isEmpty
        {
            let kept = Int.random(in: 0..<stack.path.count, using: &random)
            choices.append(.path(Array(stack.path.prefix(kept)), of: stack.id))
        }
        if projection.modals.isEmpty, split.isCollapsed, top != .primary {
            choices.append(.selection(nil, column: top))
            let earlier = split.columns.filter { $0.column.position < top.position }
            if let back = earlier.randomElement(using: &random) {
                choices.append(.compactColumn(back.column))
            }
        }
        // A row that is already selected is an echo.
        return choices.filter { !projection.shows($0) }.randomElement(using: &random)
    }

    /// The value a binding already holds.
    static func echo(_ projection: NavigationProjection, _ random: inout SeededRandom)
        -> BindingWrite
    {
        let column = ScreenSplit.Column.allCases.randomElement(using: &random) ?? .detail
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return .selection(projection.split?.column(column)?.selection, column: column)
        case 1: return .compactColumn(projection.split?.compactColumn ?? .primary)
        case 2:
            if let column = projection.split?.column(column) {
                return .path(column.path, of: column.id)
            }
            return .sizeClass(projection.horizontalSizeClass)
        default: return .sizeClass(projection.horizontalSizeClass)
        }
    }

    /// A write that asks for nothing.
    static func ignoredWrite(_ projection: NavigationProjection, _ random: inout SeededRandom)
        -> BindingWrite?
    {
        guard let split = projection.split else { return nil }
        var choices: [BindingWrite] = []
        let later = ScreenSplit.Column.allCases.filter {
            $0.position > split.compactColumn.position && split.column($0) != nil
        }
        if let column = later.randomElement(using: &random) {
            choices.append(.compactColumn(column))
        }
        if !split.isCollapsed {
            for column in split.columns where !column.isEmpty && column.column != .primary {
                choices.append(.selection(nil, column: column.column))
            }
            if split.compactColumn != .primary { choices.append(.compactColumn(.primary)) }
        }
        if split.supplementary == nil {
            choices.append(.selection("A2", column: .supplementary))
            choices.append(.compactColumn(.supplementary))
        }
        if let stack = split.column(split.compactColumn)?.stack {
            choices.append(.path(stack.path + [ScreenID(.max)], of: stack.id))
        }
        return choices.randomElement(using: &random)
    }

    /// The error the coordinator refuses a ``refusedWrite(_:_:)`` with: a row whose scene is
    /// not registered is an unknown scene; Back in a collapsed split under a sheet is a pop
    /// back to the last screen of the column before, which is not on top.
    static func expectedRefusal(of write: BindingWrite, over tree: ScreenTree) -> NavigationError {
        switch write {
        case .selection(let destination?, _):
            return .unknownScene(
                destination.scene,
                suggestions: NavigationError.SceneSuggestions(for: destination.scene, among: scenes)
            )
        case .selection(nil, let column):
            let columns = tree.split?.columns ?? []
            let earlier = columns.prefix { $0.column != column }.last { !$0.isEmpty }
            guard let target = earlier?.last?.id, let visible = tree.visibleScreen?.id else {
                return .refused(.noRoot(.popTo))
            }
            return .refused(.reportedScreenNotOnTop(target, kind: .popTo, visible: visible))
        default:
            return .refused(.noRoot(.popTo))
        }
    }

    /// A write the coordinator refuses: Back in a collapsed split under a sheet, a row whose
    /// scene is not registered.
    static func refusedWrite(_ projection: NavigationProjection, _ random: inout SeededRandom)
        -> BindingWrite?
    {
        guard let split = projection.split else { return nil }
        var choices: [BindingWrite] = [.selection("Unregistered", column: .detail)]
        if split.isCollapsed, !projection.modals.isEmpty, split.compactColumn != .primary {
            choices.append(.selection(nil, column: split.compactColumn))
        }
        return choices.randomElement(using: &random)
    }

    // MARK: Failures

    private mutating func remember(_ line: String) {
        history.append(line)
        if history.count > 16 { history.removeFirst() }
    }

    private func failed(_ step: Int, _ message: String) -> Bool {
        Issue.record(
            """
            \(label), step \(step): \(message)
            tree: \(coordinator.tree)
            last steps:
            \(history.joined(separator: "\n"))
            """)
        return false
    }
}

extension ScreenSplit.Column {
    /// The column's place, leading first.
    fileprivate var position: Int { ScreenSplit.Column.allCases.firstIndex(of: self) ?? 0 }
}
