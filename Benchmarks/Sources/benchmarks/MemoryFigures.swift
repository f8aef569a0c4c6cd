import CoreModule
import Glibc

/// The memory rows: heap bytes per registered scene and per screen, and resident memory growth
/// over a long run of random transitions.
@MainActor
enum MemoryFigures {
    /// Heap bytes the registry keeps per registered scene, next to a `[String: closure]` entry
    /// of the same name.
    ///
    /// Both sides register one entry at a time into an empty registry, with no capacity
    /// reserved, as the registration rows do, and the same names, never used before in the
    /// process. Each side is measured from before its builders or closures and names are made to
    /// after the registration: everything that stays per scene counts, names included.
    ///
    /// - Parameters:
    ///   - count: The number of scenes to register.
    ///   - names: The names to register.
    /// - Returns: The row, and both registries, for the caller to keep alive.
    static func heapPerRegisteredScene(count: Int, names: NameSet) throws
        -> (row: Row, kept: Any)
    {
        try heapPerRegistration(
            figure: "heap bytes / registered scene", count: count, names: names,
            budget: .ratio(1.5), spell: names.name)
    }

    private static func heapPerRegistration(
        figure: String, count: Int, names: NameSet, budget: Budget, spell: (Int) -> String
    ) throws -> (row: Row, kept: Any) {
        let first = FreshNames.take(count)
        let indices = first..<first + count
        let router = try heapGrowth {
            let container = DependencyContainer()
            for index in indices {
                try container.assemble(contentsOf: [sceneBuilder(spell(index))])
            }
            return container
        }
        let plain = heapGrowth {
            var registry: [String: PlainMake] = [:]
            for index in indices {
                registry[spell(index)] = { sharedScreen }
            }
            return registry
        }
        let perEntry = Double(router.growth) / Double(count)
        let perPlainEntry = Double(plain.growth) / Double(count)
        let row = Row(
            figure: figure, names: names, size: count, unit: .bytesPerEntry, median: perEntry,
            minimum: nil, baseline: perPlainEntry, ratio: perEntry / perPlainEntry,
            budget: budget)
        return (row, (router.value, plain.value))
    }

    /// Heap bytes the coordinator keeps per screen in its tree, excluding the screen's object:
    /// `count` screens are pushed whose builder returns one shared, preallocated object.
    ///
    /// - Parameters:
    ///   - count: The number of screens to push.
    ///   - names: The names of the 10 registered scenes the screens are made from.
    static func heapPerScreen(count: Int, names: NameSet) throws -> Row {
        let sceneCount = 10
        let observed = try ObservedCoordinator(
            container: registeredContainer(count: sceneCount, names: names), names: names)
        let coordinator = observed.coordinator
        let scenes = (0..<sceneCount).map { SceneIdentifier(names.name($0)) }
        // One push and pop first, so that one-time allocations are not counted per screen.
        try coordinator.navigate(.push(scene: scenes[1]))
        try coordinator.navigate(.pop())
        let before = heapInUse()
        for index in 0..<count {
            try coordinator.navigate(.push(scene: scenes[index % sceneCount]))
        }
        let after = heapInUse()
        guard coordinator.tree.screens.count == count + 1 else {
            throw BenchmarkFailure("the tree holds \(coordinator.tree.screens.count) screens")
        }
        return Row(
            figure: "heap bytes / screen in tree", names: names, size: count,
            unit: .bytesPerScreen, median: Double(after - before) / Double(count), minimum: nil,
            baseline: nil, ratio: nil, budget: .atMost(256))
    }

    /// Heap growth while `count` distinct names that are never registered reach the package:
    /// pushes of them, and links naming them, every one failing as unknown.
    ///
    /// Each name is made just before it is used and freed after, so nothing but what the
    /// package keeps can stay. Nothing should: only what is registered may grow memory.
    ///
    /// - Parameters:
    ///   - count: The number of distinct names.
    ///   - names: The shape of the names.
    static func heapOverUnregisteredNames(count: Int, names: NameSet) throws -> Row {
        let observed = try ObservedCoordinator(
            container: registeredContainer(count: 10, names: names), names: names)
        let coordinator = observed.coordinator
        var failures = 0
        func ask(_ index: Int) {
            let name = names.unregistered(index)
            do {
                if index % 2 == 0 {
                    try coordinator.navigate(.push(scene: SceneIdentifier(name)))
                } else {
                    try coordinator.open(
                        .deepLink(
                            "bench://open/\(names.name(0))/\(name)", format: TimedFigures.linkFormat
                        ))
                }
            } catch {
                failures += 1
            }
        }
        // A few first, so that one-time allocations (error paths, link parsing) are not counted.
        let warmUp = 1_000
        for index in 0..<warmUp { ask(index) }
        let before = heapInUse()
        for index in warmUp..<(warmUp + count) { ask(index) }
        let after = heapInUse()
        guard failures == warmUp + count else {
            throw BenchmarkFailure("\(warmUp + count - failures) unregistered names were opened")
        }
        return Row(
            figure: "heap growth over distinct unregistered names", names: names, size: count,
            unit: .bytes, median: Double(after - before), minimum: nil, baseline: nil, ratio: nil,
            budget: .below(1024 * 1024))
    }

    /// Resident memory growth over `transitions` random transitions after `warmUp` of them.
    ///
    /// A seeded generator picks pushes, pops, presents, dismisses and root replacements of
    /// registered scenes, and pushes and presents of unregistered ones; pops of a stack's first
    /// screen and dismisses with nothing presented fail too. Failures are caught and counted.
    ///
    /// - Parameters:
    ///   - transitions: The number of transitions measured.
    ///   - warmUp: The number of transitions run before the first reading.
    ///   - sceneCount: The number of registered scenes.
    ///   - names: The names of the scenes.
    ///   - progress: Receives a line of progress.
    /// - Returns: The row, and a checksum of the outcomes.
    static func residentGrowth(
        transitions: Int, warmUp: Int, sceneCount: Int, names: NameSet,
        progress: (String) -> Void
    ) throws -> (row: Row, checksum: UInt64) {
        let observed = try ObservedCoordinator(
            container: registeredContainer(count: sceneCount, names: names), names: names)
        var soak = RandomTransitions(
            coordinator: observed.coordinator, sceneCount: sceneCount, names: names,
            seed: 0xC0FFEE)
        progress(
            "soak [\(names)]: \(formatCount(warmUp)) transitions to warm up, then "
                + formatCount(transitions))
        _ = residentBytes()  // once before reading for real, so its own first run is not counted
        soak.run(warmUp)
        // Nothing but the soak runs between the two readings.
        let before = residentBytes()
        let start = monotonicNanoseconds()
        soak.run(transitions)
        let elapsed = monotonicNanoseconds() - start
        let after = residentBytes()
        progress(
            "soak [\(names)]: \(formatDecimal(Double(elapsed) / Double(transitions))) ns per transition, "
                + "\(formatCount(soak.failures)) failed, \(formatCount(soak.successes)) applied")
        let row = Row(
            figure: "RSS growth over \(formatCount(transitions)) random transitions",
            names: names, size: sceneCount, unit: .bytes, median: Double(after - before),
            minimum: nil,
            baseline: nil, ratio: nil, budget: .below(1024 * 1024))
        return (row, soak.checksum)
    }

    /// Runs `make` and returns its result, and how many more heap bytes are in use while the
    /// result is alive.
    private static func heapGrowth<Value>(_ make: () throws -> Value) rethrows
        -> (value: Value, growth: Int)
    {
        let before = heapInUse()
        let value = try make()
        let after = heapInUse()
        return (value, after - before)
    }
}

/// A seeded stream of random navigations, counting what succeeded and what failed.
@MainActor
struct RandomTransitions {
    private let coordinator: AppCoordinator
    private let scenes: [SceneIdentifier]
    private let unknown: [SceneIdentifier]
    private var generator: SplitMix64
    /// The number of transitions applied.
    private(set) var successes = 0
    /// The number of navigations that threw.
    private(set) var failures = 0
    /// A fold of every applied transition's sequence number and every failure.
    private(set) var checksum: UInt64 = 0

    init(coordinator: AppCoordinator, sceneCount: Int, names: NameSet, seed: UInt64) {
        self.coordinator = coordinator
        scenes = (0..<sceneCount).map { SceneIdentifier(names.name($0)) }
        unknown = (0..<8).map { SceneIdentifier(names.unregistered($0)) }
        generator = SplitMix64(seed: seed)
    }

    /// Runs `count` random navigations.
    mutating func run(_ count: Int) {
        for _ in 0..<count {
            let request = nextRequest()
            do {
                checksum &+= try coordinator.navigate(request)?.sequence ?? 0
                successes += 1
            } catch {
                checksum &+= 0x9E37
                failures += 1
            }
        }
    }

    /// The next request: 33% push, 30% pop, 10% present, 12% dismiss, 2% root, and 13% pushes
    /// or presents of unregistered scenes.
    private mutating func nextRequest() -> ApplicationTransitionType {
        let random = generator.next()
        let roll = random % 100
        let scene = scenes[Int((random >> 8) % UInt64(scenes.count))]
        switch roll {
        case 0..<33: return .push(scene: scene)
        case 33..<63: return .pop()
        case 63..<73: return .present(scene: scene)
        case 73..<85: return .dismiss()
        case 85..<87: return .root(scene: scene)
        case 87..<95: return .push(scene: unknown[Int((random >> 40) % 8)])
        default: return .present(scene: unknown[Int((random >> 40) % 8)])
        }
    }
}

/// The heap bytes in use, from glibc's `mallinfo2()`.
///
/// It adds `uordblks` (bytes in use in the arenas) and `hblkhd` (bytes in blocks glibc gave
/// their own `mmap`, such as the storage of a large dictionary, which `uordblks` alone leaves
/// out). 0 when the C library has no `mallinfo2`.
func heapInUse() -> Int {
    guard let mallinfo2 = MallocStatistics.function else { return 0 }
    return withUnsafeBytes(of: mallinfo2()) { fields in
        fields.load(fromByteOffset: 7 * MemoryLayout<Int>.size, as: Int.self)  // uordblks
            + fields.load(fromByteOffset: 4 * MemoryLayout<Int>.size, as: Int.self)  // hblkhd
    }
}

/// Glibc's `mallinfo2()`, looked up at run time, since the `Glibc` module leaves out
/// `<malloc.h>` and the benchmark has no C target.
///
/// `struct mallinfo2` is ten `size_t` fields (`arena`, `ordblks`, `smblks`, `hblks`, `hblkhd`,
/// `usmblks`, `fsmblks`, `uordblks`, `fordblks`, `keepcost`), which C returns through memory
/// the caller provides. The function is called with a larger C struct, `sigset_t` (128
/// bytes), as its declared result: a result that size is returned the same way, so the callee
/// fills the first 80 bytes, which are then read as the ten fields.
private enum MallocStatistics {
    typealias Function = @convention(c) () -> sigset_t

    static let function: Function? = {
        guard MemoryLayout<sigset_t>.size >= 10 * MemoryLayout<Int>.size,
            let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallinfo2")
        else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
    }()
}

/// The process's resident set size in bytes, from `VmRSS` in `/proc/self/status`; 0 when it
/// cannot be read.
///
/// It parses the bytes as ASCII, without `String` or `Character` processing: grapheme breaking
/// and `Character` properties page in Unicode tables the first time they run, which a reading
/// taken after them would count as growth.
func residentBytes() -> Int {
    let descriptor = open("/proc/self/status", O_RDONLY)
    guard descriptor >= 0 else { return 0 }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 16_384)
    var length = 0
    while length < bytes.count {
        let received = bytes.withUnsafeMutableBytes { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            return read(descriptor, base + length, buffer.count - length)
        }
        guard received > 0 else { break }
        length += received
    }
    // The line reads "VmRSS:\t    1234 kB".
    let key = Array("VmRSS:".utf8)
    var index = 0
    while index + key.count <= length {
        if bytes[index..<index + key.count].elementsEqual(key) {
            var kibibytes = 0
            index += key.count
            while index < length, bytes[index] != UInt8(ascii: "\n") {
                if bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                    kibibytes = kibibytes * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                }
                index += 1
            }
            return kibibytes * 1024
        }
        index += 1
    }
    return 0
}
