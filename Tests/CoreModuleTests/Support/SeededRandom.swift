import Foundation

/// A small, fast, seedable generator (SplitMix64), so randomized tests can be replayed.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seed for a randomized test.
    ///
    /// It is `ROUTER_SEED` from the environment when set (to replay a failure), else a fresh
    /// one; tests print it in every failure message.
    static func seed() -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["ROUTER_SEED"], let seed = UInt64(text) {
            return seed
        }
        return UInt64.random(in: 0...UInt64.max)
    }
}
