import CoreModule

// The rows for registration (issue 14): what an app pays at launch.

extension TimedFigures {
    /// The scenes of the launch row.
    static let launchScenes = 1_000
    /// The 5-segment route patterns of the launch row.
    static let launchRoutes = 200

    /// Registering `size` scenes from empty, one `assemble(_:)` call each.
    ///
    /// The baseline inserts the same names and a closure into an empty `Dictionary`. Reported
    /// per entry.
    static func registerScenes(_ scenes: SceneSet) -> Workloads {
        let names = scenes.names
        return registration(entries: scenes.size, perEntry: true) { base in
            (base..<base + scenes.size).map(names.name)
        }
    }

    /// Registering `size` 5-segment route patterns from empty, one `assemble(_:)` call each.
    ///
    /// The baseline inserts the same patterns into an empty `Dictionary`. Reported per entry.
    static func registerRoutes(_ scenes: SceneSet) -> Workloads {
        let names = scenes.names
        return registration(entries: scenes.size, perEntry: true) { base in
            (base..<base + scenes.size).map { names.route($0, segments: .five) }
        }
    }

    /// An app's launch: 1,000 scenes and 200 5-segment route patterns registered from empty.
    ///
    /// One `assemble(_:)` call per entry; the baseline inserts the same names into an empty
    /// `Dictionary`. Reported per launch.
    static func launch(_ scenes: SceneSet) -> Workloads {
        let names = scenes.names
        return registration(entries: launchScenes + launchRoutes, perEntry: false) { base in
            (base..<base + launchScenes).map(names.name)
                + (base..<base + launchRoutes).map { names.route($0, segments: .five) }
        }
    }

    /// Registration from empty: one iteration fills one empty container (or `Dictionary`) with
    /// `entries` names, one call per entry, and no capacity reserved on either side.
    ///
    /// Before each sample, untimed, it makes the empty containers and the builders (and the
    /// baseline its names), with names never used before in the process, as at a launch: a core
    /// that keeps a process-wide table of names pays for adding each name, not for finding it
    /// again. What a sample filled is dropped after it, untimed.
    ///
    /// - Parameters:
    ///   - entries: The number of names one fill registers.
    ///   - perEntry: Whether the row is reported per entry (else per fill).
    ///   - spell: The names of one fill, from a base index never used before.
    private static func registration(
        entries: Int, perEntry: Bool, spell: @escaping @MainActor (_ base: Int) -> [String]
    ) -> Workloads {
        let operations = perEntry ? entries : 1
        let router = Kept<[(container: DependencyContainer, builders: [any Builder])]>([])
        let subject = Workload(
            operationsPerIteration: operations,
            prepare: { fills in
                router.value = (0..<fills).map { _ in
                    (DependencyContainer(), spell(FreshNames.take(entries)).map(sceneBuilder))
                }
            },
            run: { fills in
                var sum: UInt64 = 0
                for fill in router.value {
                    for builder in fill.builders {
                        try fill.container.assemble(builder)
                    }
                    sum &+= UInt64(fill.container.count)
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
