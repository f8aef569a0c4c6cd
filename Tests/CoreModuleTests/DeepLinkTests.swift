@_spi(Rules) import CoreModule
import Foundation
import Testing

@MainActor
@Suite("Deep links rebuild a whole tree in one atomic step")
struct DeepLinkTests {
    private let format = DeepLinkFormat(scheme: "demo")

    private func makeApp() throws -> AppCoordinator {
        let container = try makeContainer(["A1", "A2", "B1", "B2", "product/new"])
        try container.assemble(contentsOf: [stubBuilder("product/:id")])
        try container.assemble(
            contentsOf: [
                SceneBuilder("Order", requiredParameters: ["id": .int]) { StubScreen(context: $0) }
            ])
        try container.assemble(contentsOf: [FailingBuilder(sceneIdentifier: "Broken")])
        return AppCoordinator(container: container)
    }

    /// Asserts that opening `link` fails with `expected` and changes nothing.
    private func expectLinkRejected(
        _ link: String, on coordinator: AppCoordinator, with expected: NavigationError,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = coordinator.tree
        let recorder = EventRecorder(coordinator)
        #expect(throws: expected, sourceLocation: sourceLocation) {
            try coordinator.open(.deepLink(link, format: format))
        }
        #expect(coordinator.tree == before, sourceLocation: sourceLocation)
        #expect(recorder.transitions.isEmpty, sourceLocation: sourceLocation)
        #expect(
            recorder.failures == [
                NavigationEvent.Failure(
                    operation: .open(.deepLink(link, format: format)), error: expected)
            ],
            sourceLocation: sourceLocation)
    }

    // MARK: Opening

    @Test("a link builds a stack and a chain of modals, with parameters, in one event")
    func opensWholeTree() throws {
        let coordinator = try makeApp()
        try coordinator.navigate(.root(scene: "B2"))
        let recorder = EventRecorder(coordinator)
        let event = try #require(
            try coordinator.open(
                .deepLink("demo://open/A1/A2;id=7/+B1;item=7/B2/+A1", format: format))?.transition)
        #expect(coordinator.tree.scenes == [["A1", "A2"], ["B1", "B2"], ["A1"]])
        #expect(coordinator.tree.screens[1].parameters == ["id": "7"])
        #expect(coordinator.tree.screens[2].parameters == ["item": "7"])
        #expect(event.kind == .replaceTree)
        #expect(event.removedCount == 1)
        #expect(event.from?.scene == "B2")
        #expect(event.to == ScreenLocation(screen: ScreenID(6), scene: "A1", level: 2, index: 0))
        #expect(recorder.transitions == [event])
        #expect(coordinator.tree.invariantViolations() == [])
    }

    @Test("a parameter may have an empty name or value, as SceneParameters may")
    func emptyNamesAndValues() throws {
        let coordinator = try makeApp()
        try coordinator.open(.deepLink("demo://open/A1;=7;e=", format: format))
        #expect(coordinator.tree.visibleScreen?.parameters == ["": "7", "e": ""])
    }

    @Test("scheme and host compare without case; a link may open on an empty window")
    func schemeAndHost() throws {
        let coordinator = try makeApp()
        try coordinator.open(.deepLink("DEMO://Open/A1", format: format))
        #expect(coordinator.tree.scenes == [["A1"]])
    }

    @Test("percent-encoding and Unicode in names and values")
    func percentEncodingAndUnicode() throws {
        let coordinator = try makeApp()
        try coordinator.open(
            .deepLink(
                "demo://open/A1;q=caf%C3%A9%20%26%20cr%C3%AApes;emoji=🚀;path=a%2Fb%3Bc%3Dd/product%2Fnew",
                format: format))
        let screens = coordinator.tree.screens
        #expect(screens[0].parameters == ["q": "café & crêpes", "emoji": "🚀", "path": "a/b;c=d"])
        #expect(screens[1].scene == "product/new")
        #expect(screens[1].parameters == [:])
    }

    @Test("a name with `/` or `:` in a link is that name, as in navigation: never a pattern")
    func namesInLinks() throws {
        let coordinator = try makeApp()
        try coordinator.open(
            .deepLink("demo://open/product%2Fnew/product%2F:id;ref=mail", format: format))
        #expect(coordinator.tree.scenes == [["product/new", "product/:id"]])
        #expect(coordinator.tree.screens[1].parameters == ["ref": "mail"])
        expectLinkRejected(
            "demo://open/A1/product%2F9", on: coordinator,
            with: .link(
                .linkSegmentFailed(
                    position: 2, segment: "product%2F9",
                    error: .unknownScene(
                        "product/9", suggestions: ["product/:id", "product/new"]))))
    }

    // MARK: Bad links

    @Test(
        "a link that cannot be read is rejected with the problem, and nothing changes",
        arguments: [
            ("", NavigationError.LinkProblem.empty),
            ("demo:/A1", .missingSchemeSeparator(expected: "demo://open/")),
            ("http:/A1", .unsupportedScheme(found: "http", expected: "demo")),
            ("other://open/A1", .unsupportedScheme(found: "other", expected: "demo")),
            ("demo://close/A1", .unexpectedHost(found: "close", expected: "open")),
            ("demo://open", .noScreens),
            ("demo://open/", .noScreens),
            ("demo://open/A1//A2", .emptySegment(position: 2)),
            ("demo://open/A1/", .emptySegment(position: 2)),
            ("demo://open/+A1", .modalBeforeRoot),
            ("demo://open/A1/+", .modalWithoutScene(position: 2)),
            ("demo://open/A1/+;id=1", .modalWithoutScene(position: 2)),
            ("demo://open/A1;id=%G1", .badPercentEncoding(position: 1, segment: "A1;id=%G1")),
            ("demo://open/A1;id=%E2%82", .badPercentEncoding(position: 1, segment: "A1;id=%E2%82")),
            ("demo://open/A1/A2;id=4%", .badPercentEncoding(position: 2, segment: "A2;id=4%")),
            ("demo://open/A1;id", .malformedParameter(position: 1, text: "id")),
            ("demo://open/A1;id;=7", .malformedParameter(position: 1, text: "id")),
            ("demo://open/A1;id=1;id=2", .repeatedParameter(position: 1, name: "id")),
            ("demo://open/A1?id=7", .invalidCharacter(position: 1, segment: "A1?id=7")),
            ("demo://open/A1/A 2", .invalidCharacter(position: 2, segment: "A 2")),
        ])
    func unreadableLinks(link: String, problem: NavigationError.LinkProblem) throws {
        let coordinator = try makeApp()
        try coordinator.navigate(.root(scene: "A1"))
        try coordinator.navigate(.present(scene: "B1"))
        expectLinkRejected(link, on: coordinator, with: .link(.invalidLink(problem)))
    }

    @Test("links over the limits are rejected before anything is parsed or built")
    func limits() throws {
        let coordinator = try makeApp()
        try coordinator.navigate(.root(scene: "A1"))
        let long = "demo://open/A1;q=" + String(repeating: "x", count: 5_000)
        expectLinkRejected(
            long, on: coordinator,
            with: .link(.invalidLink(.tooLong(length: long.utf8.count, limit: 4_096))))
        let deep = "demo://open/" + Array(repeating: "A1", count: 65).joined(separator: "/")
        expectLinkRejected(
            deep, on: coordinator, with: .link(.invalidLink(.tooManyScreens(count: 65, limit: 64))))
        let parameters = (1...17).map { ";p\($0)=\($0)" }.joined()
        expectLinkRejected(
            "demo://open/A1/A2\(parameters)", on: coordinator,
            with: .link(.invalidLink(.tooManyParameters(position: 2, count: 17, limit: 16))))
        let huge = String(repeating: "demo://open/A1/", count: 1_000_000)
        expectLinkRejected(
            huge, on: coordinator,
            with: .link(.invalidLink(.tooLong(length: huge.utf8.count, limit: 4_096))))
    }

    @Test("custom limits are enforced")
    func customLimits() throws {
        let coordinator = try makeApp()
        let strict = DeepLinkFormat(scheme: "demo", host: "go", maximumScreens: 2)
        expectRefusal(
            NavigationError.link(.invalidLink(.tooManyScreens(count: 3, limit: 2))),
            leaving: coordinator
        ) {
            try coordinator.open(.deepLink("demo://go/A1/A2/A1", format: strict))
        }
        try coordinator.open(.deepLink("demo://go/A1/A2", format: strict))
        #expect(coordinator.tree.scenes == [["A1", "A2"]])
    }

    @Test("an unknown scene in the middle of a link names its segment and position")
    func unknownSceneInMiddle() throws {
        let coordinator = try makeApp()
        try coordinator.navigate(.root(scene: "A1"))
        let before = coordinator.tree
        expectLinkRejected(
            "demo://open/A1/A2/+A3;x=1/B2", on: coordinator,
            with: .link(
                .linkSegmentFailed(
                    position: 3, segment: "+A3;x=1",
                    error: .unknownScene("A3", suggestions: ["A1", "A2"]))))
        // The two screens built before the failure used up their identities (#2 and #3).
        try coordinator.navigate(.push(scene: "A2"))
        #expect(coordinator.tree.visibleScreen?.id == ScreenID(UInt64(before.screenCount) + 3))
    }

    @Test("a missing or malformed required parameter in a link names the segment")
    func parametersInLinks() throws {
        let coordinator = try makeApp()
        expectLinkRejected(
            "demo://open/A1/Order", on: coordinator,
            with: .link(
                .linkSegmentFailed(
                    position: 2, segment: "Order",
                    error: .input(.missingParameter(scene: "Order", name: "id"))))
        )
        expectLinkRejected(
            "demo://open/A1/Order;id=seven", on: coordinator,
            with: .link(
                .linkSegmentFailed(
                    position: 2, segment: "Order;id=seven",
                    error: .input(
                        .malformedParameter(
                            scene: "Order", name: "id", value: "seven", expected: .int))
                )))
    }

    @Test("a failing builder or a malformed name fails the link and changes nothing")
    func builderFailureInLink() throws {
        let coordinator = try makeApp()
        try coordinator.navigate(.root(scene: "B1"))
        expectLinkRejected(
            "demo://open/A1/+Broken", on: coordinator,
            with: .link(
                .linkSegmentFailed(
                    position: 2, segment: "+Broken",
                    error: .builderFailed("Broken", reason: "the network is down"))))
        expectLinkRejected(
            "demo://open/A1/%E2%80%8B", on: coordinator,
            with: .link(
                .linkSegmentFailed(
                    position: 2, segment: "%E2%80%8B",
                    error: .input(
                        .invalidSceneIdentifier(
                            "\u{200B}", problem: .invisibleCharacter(position: 1))))))
    }

    @Test("error messages name the segment, its position and the cause")
    func linkMessages() {
        let error = NavigationError.link(
            .linkSegmentFailed(
                position: 3, segment: "+A3", error: .unknownScene("A3", suggestions: ["A2"])))
        #expect(
            error.description
                == "The link cannot be opened: screen 3, \"+A3\", failed. No builder is "
                + "registered for scene \"A3\". Did you mean \"A2\"?")
        #expect(
            NavigationError.link(.invalidLink(.badPercentEncoding(position: 2, segment: "A%G")))
                .description
                == "The link cannot be opened: segment 2, \"A%G\", has a bad percent-encoding.")
    }

    // MARK: Writing

    @Test("the current tree is written as a link, escaping what needs escaping")
    func writesLink() throws {
        let coordinator = try makeApp()
        #expect(try coordinator.link(format: format) == nil)
        try coordinator.navigate(.root(scene: "A1", parameters: ["q": "café & co", "tag": "a/b"]))
        try coordinator.navigate(.push(scene: "product/new", parameters: ["ref": "mail"]))
        try coordinator.navigate(.present(scene: "B1"))
        try coordinator.navigate(.push(scene: "product/:id", parameters: ["id": "new"]))
        #expect(
            try coordinator.link(format: format)
                == "demo://open/A1;q=caf%C3%A9%20%26%20co;tag=a%2Fb/product%2Fnew;ref=mail"
                + "/+B1/product%2F:id;id=new")
    }

    @Test("opening the written link yields an equal tree")
    func writtenLinkRoundTrips() throws {
        let coordinator = try makeApp()
        try coordinator.navigate(.root(scene: "A1", parameters: ["q": "x;y=z", "e": ""]))
        try coordinator.navigate(.push(scene: "product/new"))
        try coordinator.navigate(.present(scene: "B1", parameters: ["emoji": "🚀"]))
        try coordinator.navigate(.push(scene: "product/:id", parameters: ["id": "new"]))
        let link = try #require(try coordinator.link(format: format))
        let reopened = try makeApp()
        try reopened.open(.deepLink(link, format: format))
        #expect(reopened.tree.snapshot == coordinator.tree.snapshot)
    }
}
