@_spi(Benchmarks) import CoreModule

/// The rows of the tree's transitions beyond push and pop: a tab switch and a whole-stack set.
@MainActor
enum TreeFigures {
    /// How many screens a whole-stack set builds.
    static let stackLength = 3

    /// Two tab switches (to the second tab and back) through `AppCoordinator.navigate`, with one
    /// no-op observer, each tab holding a stack of 8 screens.
    static func tabSwitch(_ scenes: SceneSet) throws -> TimedFigures.Workloads {
        let observed = try ObservedCoordinator(container: scenes.container, names: scenes.names)
        let coordinator = observed.coordinator
        let keys = scenes.keys
        try coordinator.navigate(
            .tabs(
                [
                    TabItem("home", scene: keys.identifiers[0]),
                    TabItem("search", scene: keys.identifiers[1 & keys.mask]),
                ], selected: "home"))
        for tab in ["search", "home"] {
            try coordinator.navigate(.selectTab(tab))
            for index in 0..<7 {
                try coordinator.navigate(.push(scene: keys.identifiers[index & keys.mask]))
            }
        }
        return (
            subject: Workload { iterations in
                var sum: UInt64 = 0
                for _ in 0..<iterations {
                    let there = try coordinator.navigate(.selectTab(opaque("search")))
                    let back = try coordinator.navigate(.selectTab(opaque("home")))
                    sum &+= (there?.sequence ?? 0) &+ (back?.screen.rawValue ?? 0)
                }
                return sum
            },
            baseline: Baselines.selectTabByName()
        )
    }

    /// A whole-stack set of ``stackLength`` screens through `AppCoordinator.navigate`, with one
    /// no-op observer.
    static func setStack(_ scenes: SceneSet) throws -> TimedFigures.Workloads {
        let observed = try ObservedCoordinator(container: scenes.container, names: scenes.names)
        let keys = scenes.keys
        let cursor = Cursor()
        return (
            subject: Workload { iterations in
                let coordinator = observed.coordinator
                var sum: UInt64 = 0
                var position = cursor.position
                var destinations: [Destination] = []
                destinations.reserveCapacity(stackLength)
                for _ in 0..<iterations {
                    destinations.removeAll(keepingCapacity: true)
                    for _ in 0..<stackLength {
                        destinations.append(Destination(keys.identifiers[position & keys.mask]))
                        position &+= 1
                    }
                    sum &+= try coordinator.navigate(.setStack(destinations))?.screen.rawValue ?? 0
                }
                cursor.position = position
                return sum
            },
            baseline: Baselines.lookupCallSetArray(scenes, length: stackLength)
        )
    }
}

extension Baselines {
    /// Finds a tab's index by name in an `Array` of names and selects it, twice (there and
    /// back), telling one closure each time: a tab switch written plainly.
    static func selectTabByName() -> Workload {
        let names = ["home", "search"]
        var selected = 0
        let tell: (Int) -> Void = { selected = $0 }
        return Workload { iterations in
            var sum: UInt64 = 0
            for _ in 0..<iterations {
                guard let there = names.firstIndex(of: opaque("search")),
                    let back = names.firstIndex(of: opaque("home"))
                else { throw BenchmarkFailure("no tab") }
                tell(there)
                sum &+= UInt64(selected)
                tell(back)
                sum &+= UInt64(selected)
            }
            return sum
        }
    }

    /// Looks `length` names up, calls each closure, and replaces an `Array`'s contents with
    /// structs holding the screens: a whole-stack set written plainly.
    static func lookupCallSetArray(_ scenes: SceneSet, length: Int) -> Workload {
        let registry = scenes.plain
        let keys = scenes.keys
        let cursor = Cursor()
        return Workload { iterations in
            var stack: [PlainScreen] = []
            var sum: UInt64 = 0
            var position = cursor.position
            for _ in 0..<iterations {
                var next: [PlainScreen] = []
                next.reserveCapacity(length)
                for _ in 0..<length {
                    let key = keys.strings[position & keys.mask]
                    position &+= 1
                    guard let make = registry[key] else { throw BenchmarkFailure("no \(key)") }
                    next.append(PlainScreen(scene: key, content: make()))
                }
                stack = next
                sum &+= fold(stack[length - 1].content)
            }
            cursor.position = position
            return sum &+ UInt64(stack.count)
        }
    }
}

/// The row of SwiftUI's state: what following a transition costs beside a large tree.
@MainActor
enum SwiftUIStateFigures {
    /// A push and a pop on one tab's stack beside a tab of 10,000 screens, SwiftUI's state
    /// following.
    ///
    /// Through `AppCoordinator.navigate`, with the SwiftUI host's observable state following the
    /// coordinator (each tab's stack read, as the host reads them). The baseline is the same
    /// beside a tab of 10 screens: following a transition costs what it changed, not the tree's
    /// size.
    static func pushPopBesideLargeTab(_ scenes: SceneSet) throws -> TimedFigures.Workloads {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else {
            throw BenchmarkFailure("SwiftUI's state needs macOS 14 or iOS 17")
        }
        return (
            subject: try followedPushPop(scenes, besideScreens: 10_000),
            baseline: try followedPushPop(scenes, besideScreens: 10)
        )
    }

    /// Push + pop on tab "more", SwiftUI's state following, tab "home" holding `count` screens.
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    private static func followedPushPop(_ scenes: SceneSet, besideScreens count: Int) throws
        -> Workload
    {
        let coordinator = AppCoordinator(container: scenes.container)
        let keys = scenes.keys
        try coordinator.navigate(
            .tabs(
                [
                    TabItem("home", scene: keys.identifiers[0]),
                    TabItem("more", scene: keys.identifiers[1 & keys.mask]),
                ], selected: "home"))
        for index in 1..<count {
            try coordinator.navigate(.push(scene: keys.identifiers[index & keys.mask]))
        }
        try coordinator.navigate(.selectTab("more"))
        guard coordinator.tree.tab(named: "home")?.stack.count == count else {
            throw BenchmarkFailure("the home tab does not hold \(count) screens")
        }
        let navigation = ObservableNavigation.of(coordinator)
        for tab in coordinator.tree.tabs {
            _ = navigation.state(of: tab.stack.id).screens
        }
        let cursor = Cursor()
        return Workload { iterations in
            var sum: UInt64 = 0
            var position = cursor.position
            for _ in 0..<iterations {
                let key = keys.identifiers[position & keys.mask]
                position &+= 1
                let pushed = try coordinator.navigate(.push(scene: key))
                let popped = try coordinator.navigate(.pop())
                sum &+= (pushed?.screen.rawValue ?? 0) &+ (popped?.sequence ?? 0)
            }
            cursor.position = position
            // The state followed: the "more" tab's stack is one screen again.
            sum &+= UInt64(navigation.state(of: coordinator.tree.tabs[1].stack.id).screens.count)
            return sum
        }
    }
}
