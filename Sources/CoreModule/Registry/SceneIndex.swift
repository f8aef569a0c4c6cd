/// The registry's scenes by name: what ``DependencyContainer`` looks a navigation's scene up in.
///
/// Names that a ``SceneName`` stores inline (1 to 15 ASCII bytes: nearly all) live in an
/// open-addressing table keyed by those two words, so that a lookup hashes two words and
/// usually reads one slot, key and value side by side. Other names (long ones, route patterns,
/// non-ASCII ones) live in a `Dictionary` keyed by ``SceneIdentifier``.
///
/// Lookups follow `String` equality exactly: an ASCII name and a non-ASCII one can be equal only
/// through the three characters of ``SceneName/asciiEquivalent(of:)``, which both directions of
/// lookup account for.
///
/// The table's hash is seeded per process (by the standard library's `Hasher`, so
/// `SWIFT_DETERMINISTIC_HASHING` makes it repeatable). Only registration inserts keys, so a
/// caller naming scenes cannot crowd the table; a lookup with any name ends at the first empty
/// slot of a table at most three-quarters full.
struct SceneIndex: Sendable {
    /// A scene found by name: its registered name and its registration.
    struct Hit {
        let name: SceneName
        let registered: RegisteredScene

        /// The name as registered.
        var scene: SceneIdentifier { name.identifier }
    }

    private struct Slot: Sendable {
        /// `0` in an empty slot (no packed name has a zero `high`).
        var low: UInt64
        var high: UInt64
        var value: RegisteredScene?

        static let empty = Slot(low: 0, high: 0, value: nil)
    }

    /// The inline names' table; its count is a power of two, or 0 before the first insertion.
    private var slots: [Slot] = []
    private var inlineCount = 0
    /// Every other name.
    private var others: [SceneIdentifier: RegisteredScene] = [:]
    /// How many of `others` contain no `:`: when none do, as when they are all route patterns,
    /// a path without `:` (such as `product/42`) is known not to be among them without hashing
    /// it.
    private var othersWithoutColon = 0

    /// The hash's seeds, kept in the index so that a lookup reads no global.
    private let seeds: (UInt64, UInt64, UInt64) = {
        var generator = HasherGenerator()
        return (generator.next(), generator.next(), generator.next())
    }()

    /// The number of registered names.
    var count: Int { inlineCount + others.count }

    // MARK: Looking up

    /// The scene registered under `target`, or under a name equal to it.
    @inline(__always)
    func lookup(_ target: SceneIdentifier) -> Hit? {
        if let name = SceneName.inline(target.rawValue) {
            if let registered = registration(inline: name) {
                return Hit(name: name, registered: registered)
            }
            return others.isEmpty ? nil : otherHit(target)
        }
        return lookUpNonInline(target)
    }

    private func lookUpNonInline(_ target: SceneIdentifier) -> Hit? {
        let traits = ByteScan.traits(of: target.rawValue, searching: UInt8(ascii: ":"))
        // Without a colon, the name cannot be a registered route pattern; when every other
        // name is a pattern, it cannot be one of them.
        if othersWithoutColon > 0 || traits.contains, let hit = otherHit(target) {
            return hit
        }
        // An ASCII name that is not inline is too long for the inline table, and so is one
        // whose ASCII equivalent would be (each equivalent character is at most 3 bytes).
        guard inlineCount > 0, !traits.isASCII,
            target.rawValue.utf8.count <= 3 * SceneName.inlineCapacity,
            let ascii = SceneName.asciiEquivalent(of: target.rawValue),
            let name = SceneName.inline(ascii), let registered = registration(inline: name)
        else { return nil }
        return Hit(name: name, registered: registered)
    }

    private func otherHit(_ target: SceneIdentifier) -> Hit? {
        guard let index = others.index(forKey: target) else { return nil }
        let (scene, registered) = others[index]
        return Hit(name: registered.name(for: scene), registered: registered)
    }

    /// Whether `name` contains a `:` (which no other character is canonically equivalent to).
    private static func containsColon(_ name: SceneIdentifier) -> Bool {
        ByteScan.traits(of: name.rawValue, searching: UInt8(ascii: ":")).contains
    }

    /// Whether a name equal to `target` is registered.
    func contains(_ target: SceneIdentifier) -> Bool {
        lookup(target) != nil
    }

    @inline(__always)
    private func hash(_ low: UInt64, _ high: UInt64) -> Int {
        // Two folded multiplies (as in wyhash): every input bit reaches every output bit.
        let first = (low ^ seeds.0).multipliedFullWidth(by: high ^ seeds.1)
        let second = (first.high ^ first.low).multipliedFullWidth(by: seeds.2)
        return Int(truncatingIfNeeded: second.high ^ second.low)
    }

    /// The registration of `name`, which must be inline (see ``SceneName/inline(_:)``); `nil`
    /// when the table does not hold it (the name may still be registered in another spelling).
    @inline(__always)
    func registration(inline name: SceneName) -> RegisteredScene? {
        guard inlineCount > 0 else { return nil }
        let (position, found) = position(of: name)
        return found ? slots[position].value : nil
    }

    /// Where `name` is in `slots`, or the empty slot where it would go; `slots` must not be
    /// empty.
    @inline(__always)
    private func position(of name: SceneName) -> (position: Int, found: Bool) {
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var position = hash(name.low, name.high) & mask
            while slots[position].high != 0 {
                if slots[position].high == name.high && slots[position].low == name.low {
                    return (position, true)
                }
                position = (position + 1) & mask
            }
            return (position, false)
        }
    }

    // MARK: Changing

    /// Makes room for `additional` more names without growing again.
    mutating func reserveCapacity(forAdding additional: Int) {
        let needed = inlineCount + additional
        if needed * 4 > slots.count * 3 { resize(toHold: needed) }
    }

    /// Registers `value` under `key`, replacing the registration of a name equal to it, which
    /// keeps its spelling.
    mutating func insert(_ value: RegisteredScene, for key: SceneIdentifier) {
        if let existing = lookup(key) {
            if let name = SceneName.inline(existing.scene.rawValue) {
                slots[position(of: name).position].value = value
            } else {
                others[existing.scene] = value
            }
            return
        }
        guard let name = SceneName.inline(key.rawValue) else {
            others[key] = value
            if !Self.containsColon(key) { othersWithoutColon += 1 }
            return
        }
        if (inlineCount + 1) * 4 > slots.count * 3 { resize(toHold: inlineCount + 1) }
        let (position, _) = position(of: name)
        slots[position] = Slot(low: name.low, high: name.high, value: value)
        inlineCount += 1
    }

    /// Removes the registration of the name equal to `key`, and returns it.
    mutating func remove(_ key: SceneIdentifier) -> RegisteredScene? {
        guard let existing = lookup(key) else { return nil }
        guard let name = SceneName.inline(existing.scene.rawValue) else {
            let removed = others.removeValue(forKey: existing.scene)
            if removed != nil, !Self.containsColon(existing.scene) { othersWithoutColon -= 1 }
            return removed
        }
        var hole = position(of: name).position
        let removed = slots[hole].value
        slots[hole] = .empty
        inlineCount -= 1
        // Backward-shift deletion: move up each later slot of the run whose home position is
        // not between the hole and itself, so that every probe still reaches its key.
        let mask = slots.count - 1
        var next = (hole + 1) & mask
        while slots[next].high != 0 {
            let home = hash(slots[next].low, slots[next].high) & mask
            let staysPut =
                hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
            if !staysPut {
                slots[hole] = slots[next]
                slots[next] = .empty
                hole = next
            }
            next = (next + 1) & mask
        }
        return removed
    }

    private mutating func resize(toHold count: Int) {
        var capacity = 16
        while count * 4 > capacity * 3 { capacity *= 2 }
        let old = slots
        slots = Array(repeating: .empty, count: capacity)
        let mask = capacity - 1
        for slot in old where slot.high != 0 {
            var position = hash(slot.low, slot.high) & mask
            while slots[position].high != 0 { position = (position + 1) & mask }
            slots[position] = slot
        }
    }

    // MARK: Listing

    /// Every registered name, in no particular order.
    var names: Names { Names(index: self) }

    /// The registered names as a sequence that holds the index as it was, without copying it.
    struct Names: Sequence, Sendable {
        fileprivate let index: SceneIndex

        func makeIterator() -> AnyIterator<SceneIdentifier> {
            var inline = index.slots.lazy.filter { $0.high != 0 }.makeIterator()
            var others = index.others.keys.makeIterator()
            return AnyIterator {
                if let slot = inline.next() {
                    return SceneName(bits: slot.low, slot.high).identifier
                }
                return others.next()
            }
        }
    }
}

/// Random words from the standard library's per-process hash seed.
private struct HasherGenerator {
    private var counter: UInt64 = 0

    mutating func next() -> UInt64 {
        counter += 1
        var hasher = Hasher()
        hasher.combine(counter)
        return UInt64(truncatingIfNeeded: hasher.finalize())
    }
}
