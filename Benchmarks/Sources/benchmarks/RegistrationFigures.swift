import CoreModule

// The rows for registration (issue 14): what an app pays at launch.

extension TimedFigures {
    /// The scenes of the launch row.
    static let launchScenes = 1_000
    /// The 5-segment routes of the launch row's link table.
    static let launchRoutes = 200

    /// Registering `size` scenes from empty, one `assemble(contentsOf:)` call each.
    ///
    /// The baseline inserts the same names and a closure into an empty `Dictionary`. Reported
    /// per entry.
    static func registerScenes(_ scenes: SceneSet) -> Workloads {
        let names = scenes.names
        return registration(entries: scenes.size, perEntry: true) { base in
            (base..<base + scenes.size).map(names.name)
        }
    }

    /// An app's launch: 1,000 scenes registered from empty and a ``LinkTable`` of 200
    /// 5-segment routes made.
    ///
    /// One `assemble(contentsOf:)` call per scene, then one table; the baseline inserts the
    /// same names and paths into an empty `Dictionary`. Reported per launch.
    static func launch(_ scenes: SceneSet) -> Workloads {
        let names = scenes.names
        return registration(
            entries: launchScenes + launchRoutes, perEntry: false, routes: launchRoutes
        ) { base in
            (base..<base + launchScenes).map(names.name)
                + (base..<base + launchRoutes).map { names.route($0, segments: .five) }
        }
    }

    /// Registration from empty: one iteration fills one empty container (or `Dictionary`) with
    /// `entries` names, one call per entry, and no capacity reserved on either side; the last
    /// `routes` names are the paths of a ``LinkTable`` made in one call, onto the first scenes.
    ///
    /// Before each sample, untimed, it makes the empty containers and the builders (and the
    /// baseline its names), with names never used before in the process, as at a launch: a core
    /// that keeps a process-wide table of names pays for adding each name, not for finding it
    /// again. What a sample filled is dropped after it, untimed.
    ///
    /// - Parameters:
    ///   - entries: The number of names one fill registers.
    ///   - perEntry: Whether the row is reported per entry (else per fill).
    ///   - routes: How many of the last names are a link table's paths.
    ///   - spell: The names of one fill, from a base index never used before.
    private static func registration(
        entries: Int, perEntry: Bool, routes: Int = 0,
        spell: @escaping @MainActor (_ base: Int) -> [String]
    ) -> Workloads {
        let operations = perEntry ? entries : 1
        let router = Kept<
            [(container: DependencyContainer, builders: [any Builder], routes: [LinkRoute])]
        >([])
        let subject = Workload(
            operationsPerIteration: operations,
            prepare: { fills in
                router.value = (0..<fills).map { _ in
                    let names = spell(FreshNames.take(entries))
                    let scenes = names.dropLast(routes)
                    let paths = names.suffix(routes)
                    return (
                        DependencyContainer(), scenes.map(sceneBuilder),
                        zip(paths, scenes).map { LinkRoute($0, scene: SceneIdentifier($1)) }
                    )
                }
            },
            run: { fills in
                var sum: UInt64 = 0
                for fill in router.value {
                    for builder in fill.builders {
                        try fill.container.assemble(contentsOf: [builder])
                    }
                    // One lookup reads the registration back, so that none of it is dead code.
                    if let last = fill.builders.last,
                        fill.container.build(for: last.sceneIdentifier) != nil
                    {
                        sum &+= 1
                    }
                    if !fill.routes.isEmpty {
                        let table = try LinkTable(
                            accepting: [.web(host: "bench.example.com")], routes: fill.routes)
                        _ = opaque(table)
                        sum &+= UInt64(fill.routes.count)
                    }
                }
                return sum
            },
            finish: { router.value = [] })

        let names = Kept<[[String]]>([])
        let filled = Kept<[[String: PlainMake]]>([])
        let baseline = Workload(
            operationsPerIteration: operations,
            prepare: { fills in
                names.value = (0..<fills).map { _ in spell(FreshNames.take(entries)) }
                filled.value = []
                filled.value.reserveCapacity(fills)
            },
            run: { fills in
                var sum: UInt64 = 0
                var kept = filled.take()
                for fill in names.value {
                    var registry: [String: PlainMake] = [:]
                    for name in fill {
                        registry[name] = { sharedScreen }
                    }
                    sum &+= UInt64(registry.count)
                    kept.append(registry)
                }
                filled.value = kept
                return sum
            },
            finish: {
                names.value = []
                filled.value = []
            })
        return (subject, baseline)
    }
}

/// Hands out index ranges never handed out before, so that every registration sample spells
/// names the process has not seen.
@MainActor
enum FreshNames {
    /// The first index not handed out yet; the timed rows' registries use the indices below it.
    private static var next = 1_000_000

    /// The first of `count` indices never handed out before.
    static func take(_ count: Int) -> Int {
        defer { next += count }
        return next
    }
}

/// A value a workload keeps between its untimed preparation, its timed run and its untimed
/// finish.
final class Kept<Value> {
    /// The value kept.
    var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Moves the value out, leaving an empty one, so that the caller holds the only reference to
    /// its storage and can change it in place.
    func take() -> Value where Value: RangeReplaceableCollection {
        defer { value = Value() }
        return value
    }
}
