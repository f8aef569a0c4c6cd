@_spi(Rules) import CoreModule
import Foundation
import Testing

@MainActor
@Suite("Link edges: short and scheme-less links, escapes, repeated words, the writer's limits")
struct LinkEdgeTests {
    private let format = DeepLinkFormat(scheme: "app")

    private func expectInvalid(
        _ link: String, _ problem: NavigationError.LinkProblem,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let coordinator = try makeCoordinator(["A1", "B1", "Café"], setup: [.root(scene: "A1")])
        expectRefusal(
            NavigationError.link(.invalidLink(problem)), leaving: coordinator,
            sourceLocation: sourceLocation
        ) {
            try coordinator.open(.deepLink(link, format: format))
        }
    }

    @Test("a text with no scheme at all is told how a link starts; another scheme is named")
    func noSchemeSeparator() throws {
        try expectInvalid("ap", .missingSchemeSeparator(expected: "app://open/"))
        try expectInvalid("appopen", .missingSchemeSeparator(expected: "app://open/"))
        try expectInvalid("Home/A1", .missingSchemeSeparator(expected: "app://open/"))
        try expectInvalid("not a link", .missingSchemeSeparator(expected: "app://open/"))
        try expectInvalid("app", .missingSchemeSeparator(expected: "app://open/"))
        try expectInvalid("app:open/A1", .missingSchemeSeparator(expected: "app://open/"))
        try expectInvalid("other:open/A1", .unsupportedScheme(found: "other", expected: "app"))
        try expectInvalid("web+shop:A1", .unsupportedScheme(found: "web+shop", expected: "app"))
        // A bare path holding a `:` has no scheme either: what comes before it is not one.
        try expectInvalid("A1/A2[popover:x]", .missingSchemeSeparator(expected: "app://open/"))
        try expectInvalid("Home/A1;at=12:30", .missingSchemeSeparator(expected: "app://open/"))
        try expectInvalid("1app:A1", .missingSchemeSeparator(expected: "app://open/"))
    }

    @Test("a style word given twice is an unknown attribute, as any repeated word")
    func repeatedSheet() throws {
        try expectInvalid(
            "app://open/A1/+[sheet,sheet]B1", .unknownAttribute(position: 2, text: "sheet"))
        try expectInvalid(
            "app://open/A1/+[fixed,fixed]B1", .unknownAttribute(position: 2, text: "fixed"))
    }

    @Test("a non-breaking space written raw must be escaped")
    func rawCharactersToEscape() throws {
        try expectInvalid(
            "app://open/A1;q=a\u{A0}b", .invalidCharacter(position: 1, segment: "A1;q=a\u{A0}b"))
    }

    @Test("lowercase percent-escapes read as uppercase ones")
    func lowercaseEscapes() throws {
        let coordinator = try makeCoordinator(["A1", "Café"])
        try coordinator.open(.deepLink("app://open/Caf%c3%a9;q=%e2%82%ac", format: format))
        #expect(coordinator.tree.visibleScreen?.scene == "Café")
        #expect(coordinator.tree.visibleScreen?.parameters == ["q": "€"])
    }

    @Test("the writer refuses a link longer than the format reads")
    func writerLengthLimit() throws {
        let coordinator = try makeCoordinator(
            setup: [.root(scene: "A1"), .push(scene: "A2"), .push(scene: "B1")])
        let short = DeepLinkFormat(scheme: "app", maximumLength: 16)
        expectRefusal(
            NavigationError.link(.invalidLink(.tooLong(length: 19, limit: 16))),
            leaving: coordinator
        ) {
            try coordinator.link(format: short)
        }
        #expect(try coordinator.link(format: format) == "app://open/A1/A2/B1")
    }
}
