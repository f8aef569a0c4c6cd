@_spi(Rules) import CoreModule
import Testing

/// The byte comparison that confirms a fingerprint's match: two different shapes whose
/// fingerprints collide must still be told apart, whatever the bytes.
@Suite("Route matching: a fingerprint's match is confirmed byte by byte")
struct RouteCollisionTests {
    static func matches(_ pattern: String, _ path: String, _ mask: [Bool], catchAll: Bool = false)
        -> Bool
    {
        var buffers = MatchBuffers()
        buffers.read(path)
        return RouteTable<Int>.matches(
            Array(pattern.utf8)[...], buffers, mask: kinds(mask), catchAll: catchAll)
    }

    /// A mask of whole parameters (`true`) and literals.
    static func kinds(_ mask: [Bool]) -> [SegmentKind] {
        mask.map { $0 ? .parameter : .literal }
    }

    @Test("a path that agrees with the pattern matches")
    func agrees() {
        #expect(Self.matches("product/:id/reviews", "product/42/reviews", [false, true, false]))
    }

    @Test(
        "every way the bytes can disagree is refused",
        arguments: [
            ("a", "a/b", [false, false]),  // the pattern ends before its next segment
            ("", "a", [false]),  // nothing left of the pattern for a segment
            ("a", "x", [true]),  // a parameter segment that is not one in the pattern
            (":id", "", [true]),  // an empty value for a parameter
            ("a", "ab", [false]),  // a literal that is only the path segment's beginning
            ("ab", "ax", [false]),  // a literal that differs
            (":a", ":a", [false]),  // a literal segment never starts with ":"
            ("a/b", "a/c", [false, false]),  // a later literal differs
            ("a/:b", "a", [false, true]),  // a path one segment short
        ])
    func refused(_ pattern: String, _ path: String, _ mask: [Bool]) {
        #expect(!Self.matches(pattern, path, mask))
    }

    @Test("a catch-all never starts with a literal *, and needs a segment of its own")
    func catchAll() {
        #expect(Self.matches("files/*", "files/a/b", [false], catchAll: true))
        #expect(!Self.matches("*", "*/a", [false], catchAll: true))
        // A catch-all at the root takes the whole path.
        #expect(Self.matches("*", "a/b", [], catchAll: true))
        #expect(!Self.matches("a", "a/b", [], catchAll: true))
    }

    @Test("a segment with parameters inside is `%` in the pattern, and any non-empty segment")
    func composite() {
        var buffers = MatchBuffers()
        buffers.read("p/item-7")
        #expect(
            RouteTable<Int>.matches(
                Array("p/%".utf8)[...], buffers, mask: [.literal, .composite], catchAll: false))
        #expect(
            !RouteTable<Int>.matches(
                Array("p/:".utf8)[...], buffers, mask: [.literal, .composite], catchAll: false))
        #expect(
            !RouteTable<Int>.matches(
                Array("p/%".utf8)[...], buffers, mask: [.literal, .parameter], catchAll: false))
        #expect(
            !RouteTable<Int>.matches(
                Array("%/x".utf8)[...], buffers, mask: [.literal, .literal], catchAll: false))
        buffers.read("p/")
        #expect(ShapeFingerprint.of(buffers, mask: [.literal, .composite], catchAll: false) == nil)
        buffers.read("p/x")
        let composite = ShapeFingerprint.of(buffers, mask: [.literal, .composite], catchAll: false)
        #expect(composite != nil)
        #expect(
            composite
                != ShapeFingerprint.of(buffers, mask: [.literal, .parameter], catchAll: false))
    }

    @Test("a fingerprint is refused for a path that cannot have the mask's shape")
    func fingerprints() {
        func of(_ path: String, _ mask: [Bool], catchAll: Bool = false) -> UInt64? {
            var buffers = MatchBuffers()
            buffers.read(path)
            return ShapeFingerprint.of(buffers, mask: Self.kinds(mask), catchAll: catchAll)
        }
        #expect(of("a", []) == nil)
        #expect(of("a/b", [false]) == nil)
        #expect(of("/b", [true, false]) == nil)
        #expect(of("a/", [false, true]) == nil)
        #expect(of("x", [true]) != nil)
        #expect(of("x", [true]) == of("y", [true]))
        #expect(of("x/y", [false], catchAll: true) != nil)
        #expect(of("x", [false], catchAll: true) == nil)
    }
}
