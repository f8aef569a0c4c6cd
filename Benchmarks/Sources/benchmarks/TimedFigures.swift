import CoreModule

/// A timed row: its name and budgets, and how to make its two workloads at one registry size.
struct TimedFigure {
    /// What is measured, as the table prints it.
    let name: String
    /// The budget at the smallest, the middle and the largest registry size.
    let budgets: [Budget]
    /// The row's size when it does not depend on the registry (the launch row): it is then
    /// set up once per name set, over the smallest registry, and printed with this size.
    let fixedSize: Int?
    /// Sets the row up over one registry size: the router's workload and the baseline's.
    let make: @MainActor (SceneSet) throws -> TimedFigures.Workloads

    /// A row with one budget at every size.
    init(
        _ name: String, budget: Budget, fixedSize: Int? = nil,
        make: @escaping @MainActor (SceneSet) throws -> TimedFigures.Workloads
    ) {
        self.init(name, budgets: (budget, budget, budget), fixedSize: fixedSize, make: make)
    }

    /// A row whose budget depends on the registry size.
    init(
        _ name: String, budgets: (smallest: Budget, middle: Budget, largest: Budget),
        fixedSize: Int? = nil,
        make: @escaping @MainActor (SceneSet) throws -> TimedFigures.Workloads
    ) {
        self.name = name
        self.budgets = [budgets.smallest, budgets.middle, budgets.largest]
        self.fixedSize = fixedSize
        self.make = make
    }
}

/// The timed rows: each pairs a router figure with a plain baseline doing the same logical work.
///
/// To add a row, write a function here that takes a ``SceneSet`` (a registry size and a set of
/// names) and returns the router's workload and the baseline's, and list it in ``all`` with its
/// name and budget; setup at every size and with every name set, sampling, the table and the
/// JSON pick it up.
@MainActor
enum TimedFigures {
    /// Every timed row, in table order.
    ///
    /// Budgets are issue 14's, as ratios to the baseline but for the launch row's.
    static let all: [TimedFigure] = [
        TimedFigure("build(for:) + makeScreen", budget: .ratio(2), make: lookup),
        TimedFigure("push + pop", budget: .ratio(4, of: "plain"), make: pushPop),
        // Issue 30's budget: a push and a pop against the router's own lookup and build.
        TimedFigure(
            "push + pop, against build(for:) + makeScreen", budget: .ratio(4, of: "build"),
            make: pushPopAgainstBuild),
        TimedFigure("present + dismiss", budget: .ratio(4), make: presentDismiss),
        TimedFigure("root replacement", budget: .ratio(4), make: rootReplacement),
        TimedFigure("tab switch, there and back", budget: .ratio(4), make: TreeFigures.tabSwitch),
        TimedFigure("set stack of 3 screens", budget: .ratio(4), make: TreeFigures.setStack),
        TimedFigure("unknown-scene error", budget: .ratio(50), make: unknownScene),
        TimedFigure("push + pop, 10,000 deep", budget: .ratio(4), make: deepPushPop),
        // Issue 44: SwiftUI's state follows a transition at the cost of what it changed.
        TimedFigure(
            "push + pop, SwiftUI state, beside 10,000 screens",
            budget: .ratio(1.5, of: "beside 10"),
            make: SwiftUIStateFigures.pushPopBesideLargeTab),
        TimedFigure("open link, 5 + 1 modal", budget: .ratio(1.5), make: openLink),
        TimedFigure("write link, 5 + 1 modal", budget: .ratio(1.5), make: writeLink),
        TimedFigure(
            "open universal link with a query", budget: .ratio(8), make: openUniversalLink),
        TimedFigure(
            "open universal link, 5 segments, a route per scene", budget: .ratio(8),
            make: openFiveSegmentLink),
        // Issue 45: route shapes that are not literal first, within the same budget as the
        // 5-segment row and flat from 10 routes to 100,000.
        TimedFigure(
            "open universal link, :user among a literal route per scene", budget: .ratio(8),
            make: openFirstSegmentParameterLink),
        TimedFigure(
            "open universal link, item-:id or :slug.html among a literal route per scene",
            budget: .ratio(8), make: openCompositeSegmentLink),
        // At 1,000 entries a Dictionary insert costs what it costs at 10 (everything is in
        // cache) and 2 to 3 times less than at 100,000: a scene keeps the budget at 10.
        TimedFigure(
            "register one scene", budgets: (.ratio(5), .ratio(5), .ratio(2.5)),
            make: registerScenes),
        TimedFigure(
            "launch: 1,000 scenes + 200 routes", budget: .below(1_000_000),
            fixedSize: launchScenes + launchRoutes, make: launch),
    ]

    /// The two workloads of a row.
    typealias Workloads = (subject: Workload, baseline: Workload)

    // MARK: Router figures

    /// `DependencyContainer.build(for:)`, then the builder's `makeScreen(in:)`.
    ///
    /// The context is made once: the row measures the registry, not the context.
    static func lookup(_ scenes: SceneSet) -> Workloads {
        let container = scenes.container
        let keys = scenes.keys
        let cursor = Cursor()
        let context = SceneContext(
            scene: keys.identifiers[0], screen: ScreenID(1), parameters: [:], coordinator: nil)
        return (
            subject: Workload { iterations in
                var sum: UInt64 = 0
                var position = cursor.position
                for _ in 0..<iterations {
                    let key = keys.identifiers[position & keys.mask]
                    position &+= 1
                    guard let builder = container.build(for: key) else {
                        throw BenchmarkFailure("no builder for \(key)")
                    }
                    sum &+= fold(try builder.makeScreen(in: context))
                }
                cursor.position = position
                return sum
            },
            baseline: Baselines.lookupAndCall(scenes)
        )
    }

    /// A push then a pop through `AppCoordinator.navigate`, with one no-op observer.
    static func pushPop(_ scenes: SceneSet) throws -> Workloads {
        try addThenRemove(scenes, presenting: false)
    }

    /// A push then a pop, as in ``pushPop(_:)``, against the router's own
    /// `build(for:) + makeScreen` of the same names (the ``lookup(_:)`` row's router side): what
    /// a transition adds to looking its scene up and building it.
    static func pushPopAgainstBuild(_ scenes: SceneSet) throws -> Workloads {
        (subject: try pushPop(scenes).subject, baseline: lookup(scenes).subject)
    }

    /// A present then a dismiss through `AppCoordinator.navigate`, with one no-op observer.
    static func presentDismiss(_ scenes: SceneSet) throws -> Workloads {
        try addThenRemove(scenes, presenting: true)
    }

    /// A push then a pop, or a present then a dismiss, with one no-op observer, on top of a
    /// stack `depth` screens deep.
    static func addThenRemove(_ scenes: SceneSet, presenting: Bool, depth: Int = 0) throws
        -> Workloads
    {
        let observed = try ObservedCoordinator(container: scenes.container, names: scenes.names)
        for index in 0..<depth {
            try observed.coordinator.navigate(
                .push(scene: scenes.keys.identifiers[index & scenes.keys.mask]))
        }
        let keys = scenes.keys
        let cursor = Cursor()
        let remove: ApplicationTransitionType = presenting ? .dismiss() : .pop()
        return (
            subject: Workload { iterations in
                let coordinator = observed.coordinator
                var sum: UInt64 = 0
                var position = cursor.position
                for _ in 0..<iterations {
                    let key = keys.identifiers[position & keys.mask]
                    position &+= 1
                    let added = try coordinator.navigate(
                        presenting ? .present(scene: key) : .push(scene: key))
                    let removed = try coordinator.navigate(remove)
                    sum &+= (added?.screen.rawValue ?? 0) &+ (removed?.sequence ?? 0)
                }
                cursor.position = position
                return sum
            },
            baseline: Baselines.lookupCallAppendRemoveLast(scenes)
        )
    }

    /// A root replacement through `AppCoordinator.navigate`, with one no-op observer.
    static func rootReplacement(_ scenes: SceneSet) throws -> Workloads {
        let observed = try ObservedCoordinator(container: scenes.container, names: scenes.names)
        let keys = scenes.keys
        let cursor = Cursor()
        return (
            subject: Workload { iterations in
                let coordinator = observed.coordinator
                var sum: UInt64 = 0
                var position = cursor.position
                for _ in 0..<iterations {
                    let key = keys.identifiers[position & keys.mask]
                    position &+= 1
                    sum &+= try coordinator.navigate(.root(scene: key))?.screen.rawValue ?? 0
                }
                cursor.position = position
                return sum
            },
            baseline: Baselines.lookupCallReplaceAll(scenes)
        )
    }

    /// A push of a scene that is not registered, caught; the error's description (which would
    /// compute suggestions) is never read.
    static func unknownScene(_ scenes: SceneSet) throws -> Workloads {
        let observed = try ObservedCoordinator(container: scenes.container, names: scenes.names)
        let unknown = SceneIdentifier(scenes.names.unregistered(0))
        var outcome: NavigationError?
        do throws(NavigationError) {
            try observed.coordinator.navigate(.push(scene: unknown))
        } catch {
            outcome = error
        }
        guard case .unknownScene? = outcome else {
            throw BenchmarkFailure(
                "pushing \(unknown) did not fail as unknown: \(String(describing: outcome))")
        }
        return (
            subject: Workload { iterations in
                let coordinator = observed.coordinator
                var sum: UInt64 = 0
                for _ in 0..<iterations {
                    do throws(NavigationError) {
                        try coordinator.navigate(.push(scene: opaque(unknown)))
                    } catch {
                        if case .unknownScene = error { sum &+= 1 }
                    }
                }
                return sum
            },
            baseline: Baselines.failedLookup(scenes)
        )
    }
}

/// The baselines: the same logical work as the router figures, written plainly with a
/// `[String: closure]` and an `Array` of structs.
@MainActor
enum Baselines {
    /// Looks a name up in a `[String: closure]` and calls the closure.
    static func lookupAndCall(_ scenes: SceneSet) -> Workload {
        let registry = scenes.plain
        let keys = scenes.keys
        let cursor = Cursor()
        return Workload { iterations in
            var sum: UInt64 = 0
            var position = cursor.position
            for _ in 0..<iterations {
                let key = keys.strings[position & keys.mask]
                position &+= 1
                guard let make = registry[key] else { throw BenchmarkFailure("no \(key)") }
                sum &+= fold(make())
            }
            cursor.position = position
            return sum
        }
    }

    /// Looks a name up, calls the closure, appends a struct holding the screen to an `Array`
    /// that holds a root, then removes it again: a push and a pop.
    static func lookupCallAppendRemoveLast(_ scenes: SceneSet) -> Workload {
        let registry = scenes.plain
        let keys = scenes.keys
        let root = scenes.names.name(0)
        let cursor = Cursor()
        return Workload { iterations in
            var stack = [PlainScreen(scene: root, content: sharedScreen)]
            var sum: UInt64 = 0
            var position = cursor.position
            for _ in 0..<iterations {
                let key = keys.strings[position & keys.mask]
                position &+= 1
                guard let make = registry[key] else { throw BenchmarkFailure("no \(key)") }
                stack.append(PlainScreen(scene: key, content: make()))
                sum &+= fold(stack.removeLast().content)
            }
            cursor.position = position
            return sum &+ UInt64(stack.count)
        }
    }

    /// Looks a name up, calls the closure, and replaces the `Array`'s contents with a struct
    /// holding the screen: a root replacement.
    static func lookupCallReplaceAll(_ scenes: SceneSet) -> Workload {
        let registry = scenes.plain
        let keys = scenes.keys
        let root = scenes.names.name(0)
        let cursor = Cursor()
        return Workload { iterations in
            var stack = [PlainScreen(scene: root, content: sharedScreen)]
            var sum: UInt64 = 0
            var position = cursor.position
            for _ in 0..<iterations {
                let key = keys.strings[position & keys.mask]
                position &+= 1
                guard let make = registry[key] else { throw BenchmarkFailure("no \(key)") }
                stack.removeAll(keepingCapacity: true)
                stack.append(PlainScreen(scene: key, content: make()))
                sum &+= fold(stack[0].content)
            }
            cursor.position = position
            return sum
        }
    }

    /// Looks up a name that is not registered.
    static func failedLookup(_ scenes: SceneSet) -> Workload {
        let registry = scenes.plain
        let unknown = scenes.names.unregistered(0)
        return Workload { iterations in
            var sum: UInt64 = 0
            for _ in 0..<iterations where registry[opaque(unknown)] == nil {
                sum &+= 1
            }
            return sum
        }
    }
}
