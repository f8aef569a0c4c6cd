#if os(Linux)
    import CoreModule
    import Foundation
    import SceneRouterUIKit
    import SceneRouterUIKitStandIn
    import Testing

    /// Split roots under a ``UIKitRenderer`` and a stand-in window.
    ///
    /// A small generator of its own: split, selection and
    /// stack requests, modals, other roots now and then, and the user's gestures, the window's
    /// width changing among them. After every settled step the window shows the tree exactly,
    /// no UIKit rule was broken, and every report the adapter made for a gesture was accepted;
    /// every request was refused with exactly the error expected from the tree before, or
    /// applied as asked (the split projection test's `SplitRun` judges both).
    ///
    /// Replay a failure with the seed its message prints:
    /// `ROUTER_SEED=N swift test --filter UIKitSplitPropertyTests`; `ROUTER_UIKIT_SPLIT_EVENTS=N`
    /// changes the number of operations (20,000 by default).
    @MainActor
    @Suite("UIKit property: split roots, collapsed and expanded, shown as the tree")
    struct UIKitSplitPropertyTests {
        static var totalOperations: Int {
            let text = ProcessInfo.processInfo.environment["ROUTER_UIKIT_SPLIT_EVENTS"] ?? ""
            return Int(text).map { max($0, 1) } ?? 20_000
        }

        @Test("20,000 random split requests, size classes and gestures: the window shows the tree")
        func splitWindowFollowsTree() throws {
            let seed = SeededRandom.seed()
            var random = SeededRandom(seed: seed)
            var counts: [String: Int] = [:]
            var remaining = Self.totalOperations
            var run = 0
            while remaining > 0 {
                let steps = min(remaining, 1_000)
                let label = "ROUTER_SEED=\(seed), run \(run)"
                guard try runOnce(steps: steps, random: &random, label: label, counts: &counts)
                else { return }
                remaining -= steps
                run += 1
            }
            if Self.totalOperations >= 10_000 {
                for name in SplitOperation.gestureNames {
                    #expect(counts[name, default: 0] > 50, "\(name): \(counts)")
                }
                #expect(counts["collapsed back across columns", default: 0] > 10, "\(counts)")
            }
            let made = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
            print(
                "UIKit split property test: \(made.joined(separator: ", ")) (ROUTER_SEED=\(seed))")
        }

        private func runOnce(
            steps: Int, random: inout SeededRandom, label: String, counts: inout [String: Int]
        ) throws -> Bool {
            let coordinator = try makeCoordinator()
            let shown = StandInWindow(coordinator)
            let recorder = EventRecorder(coordinator)
            try coordinator.navigate(.split(primary: "A1", detail: "B1"))
            var history: [String] = []
            for step in 0..<steps {
                let operation = SplitOperation.draw(coordinator.tree, &random)
                func fail(_ message: String) -> Bool {
                    Issue.record(
                        """
                        \(label), step \(step): \(message)
                        tree: \(coordinator.tree)
                        window: \(shown.hierarchy)
                        last operations:
                        \(history.joined(separator: "\n"))
                        """)
                    return false
                }
                history.append("\(step): \(operation)")
                if history.count > 12 { history.removeFirst() }
                switch operation {
                case .request(let request):
                    // Refused exactly as expected from the tree before, or applied as asked.
                    let before = coordinator.tree
                    let expected = SplitRun.expectedError(request, over: before)
                    do {
                        try coordinator.navigate(request)
                        if let expected { return fail("\(request) applied; expected \(expected)") }
                        if let problem = SplitRun.unexpected(
                            coordinator.tree, after: request, over: before)
                        {
                            return fail(problem)
                        }
                    } catch {
                        guard error == expected, coordinator.tree == before else {
                            return fail(
                                "\(request) threw \(error); expected \(String(describing: expected))"
                            )
                        }
                    }
                    counts["request", default: 0] += 1
                case .gesture(let gesture):
                    shown.settle()
                    if let mismatch = shown.mismatch() { return fail("before: \(mismatch)") }
                    let tree = coordinator.tree
                    let failures = recorder.failures.count
                    let performed = gesture.perform(on: shown.testing)
                    shown.settle()
                    if let expected = gesture.possible(in: tree), expected != performed {
                        return fail("the stand-in \(performed ? "let" : "refused") \(gesture)")
                    }
                    guard recorder.failures.count == failures else {
                        return fail("a report was refused: \(recorder.failures)")
                    }
                    if performed {
                        counts[gesture.name, default: 0] += 1
                        if case .backButtonMenu = gesture, tree.isCollapsedSplit,
                            tree.modals.isEmpty,
                            (coordinator.tree.split?.detail.isEmpty ?? false)
                                && !(tree.split?.detail.isEmpty ?? true)
                        {
                            counts["collapsed back across columns", default: 0] += 1
                        }
                    }
                }
                if Int.random(in: 0..<3, using: &random) > 0 || step == steps - 1 {
                    shown.settle()
                    if let mismatch = shown.mismatch() { return fail(mismatch) }
                    guard coordinator.tree.invariantViolations().isEmpty else {
                        return fail("tree invariants: \(coordinator.tree.invariantViolations())")
                    }
                }
            }
            return true
        }
    }

    extension ScreenTree {
        /// Whether the root is a collapsed split.
        fileprivate var isCollapsedSplit: Bool { split?.isCollapsed ?? false }
    }

    /// What the split property test does in one step.
    enum SplitOperation: CustomStringConvertible {
        case request(ApplicationTransitionType)
        case gesture(SplitGesture)

        static let gestureNames: Set<String> = [
            "size class", "back swipe", "cancelled back swipe", "Back button menu", "swipe-down",
        ]

        static let scenes: [SceneIdentifier] = ["A1", "A2", "B1", "B2"]

        static func draw(_ tree: ScreenTree, _ random: inout SeededRandom) -> SplitOperation {
            func scene() -> Destination {
                Destination(scenes[Int.random(in: 0..<scenes.count, using: &random)])
            }
            let animated = Bool.random(using: &random)
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<4:
                let three = Bool.random(using: &random)
                return .request(
                    .split(
                        primary: scene(),
                        supplementary: three && Bool.random(using: &random) ? scene() : nil,
                        detail: Bool.random(using: &random) ? scene() : nil,
                        style: three ? .tripleColumn : nil))
            case 4..<5:
                return .request(.root(scene: scene().scene))
            case 5..<6:
                return .request(
                    .tabs(
                        [TabItem("one", scene: "A1"), TabItem("two", scene: "B1")], selected: "one")
                )
            case 6..<16: return .request(.showDetail(scene(), animated: animated))
            case 16..<22: return .request(.showSupplementary(scene(), animated: animated))
            case 22..<36:
                return .request(
                    .push(scene: scene().scene, animated: animated))
            case 36..<44: return .request(.pop(animated: animated))
            case 44..<47: return .request(.popToRoot(animated: animated))
            case 47..<51:
                let count = Int.random(in: 1...3, using: &random)
                return .request(
                    .setStack((0..<count).map { _ in scene() }, animated: animated))
            case 51..<54:
                return .request(
                    .replace(scene: scene().scene, animated: animated))
            case 54..<58:
                let style: PresentationStyle =
                    Bool.random(using: &random) ? .sheet() : .fullScreenCover
                return .request(
                    .present(
                        scene: scene().scene, style: style,
                        animated: animated))
            case 58..<62: return .request(.dismiss(animated: animated))
            case 62..<76: return .gesture(.sizeClass(compact: !tree.isCollapsedSplit))
            case 76..<86: return .gesture(.backSwipe(cancelledFirst: false))
            case 86..<89: return .gesture(.backSwipe(cancelledFirst: true))
            case 89..<95:
                return .gesture(.backButtonMenu(index: Int.random(in: 0..<4, using: &random)))
            default: return .gesture(.swipeDown)
            }
        }

        var description: String {
            switch self {
            case .request(let request): return "\(request)"
            case .gesture(let gesture): return "gesture: \(gesture)"
            }
        }
    }

    /// A gesture of the split property test.
    enum SplitGesture: CustomStringConvertible {
        /// The window's width changes class.
        case sizeClass(compact: Bool)
        /// A back swipe, let go early first when `cancelledFirst`.
        case backSwipe(cancelledFirst: Bool)
        /// The Back button's menu, back to the screen at `index` of the visible stack.
        case backButtonMenu(index: Int)
        /// A sheet dragged down.
        case swipeDown

        var name: String {
            switch self {
            case .sizeClass: return "size class"
            case .backSwipe(let cancelledFirst):
                return cancelledFirst ? "cancelled back swipe" : "back swipe"
            case .backButtonMenu: return "Back button menu"
            case .swipeDown: return "swipe-down"
            }
        }

        var description: String {
            switch self {
            case .sizeClass(let compact): return "size class \(compact ? "compact" : "regular")"
            case .backButtonMenu(let index): return "Back button menu to \(index)"
            default: return name
            }
        }

        /// The screens of the stack the user sees on top, as the tree holds them: the last
        /// modal's, a collapsed split's columns as one, an expanded split's detail, the root
        /// stack or the selected tab's.
        static func visibleStack(_ tree: ScreenTree) -> [Screen] {
            if let modal = tree.modals.last { return Array(modal) }
            if let split = tree.split {
                return split.isCollapsed ? split.collapsedScreens : Array(split.detail)
            }
            return tree.topStack.map { Array($0) } ?? []
        }

        /// Whether the user can make it in `tree`, when the tree alone says it.
        func possible(in tree: ScreenTree) -> Bool? {
            switch self {
            case .sizeClass: return nil
            case .backSwipe: return Self.visibleStack(tree).count > 1
            case .backButtonMenu(let index): return index < Self.visibleStack(tree).count - 1
            case .swipeDown:
                return tree.modals.last?.style?.userCanDismiss ?? false
            }
        }

        /// Makes the gesture; whether it happened.
        @MainActor
        func perform(on testing: UIKitStandInTesting) -> Bool {
            switch self {
            case .sizeClass(let compact):
                return testing.simulateSizeClass(compact: compact)
            case .backSwipe(let cancelledFirst):
                if cancelledFirst, !testing.simulateBackSwipe(completed: false) { return false }
                return testing.simulateBackSwipe()
            case .backButtonMenu(let index):
                return testing.simulateBackButtonMenu(popTo: index)
            case .swipeDown:
                return testing.simulateSwipeDown()
            }
        }
    }
#endif
