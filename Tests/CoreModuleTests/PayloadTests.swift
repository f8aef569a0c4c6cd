@_spi(Rules) import CoreModule
import Foundation
import Testing

/// A model object an app already holds.
private struct Product: Codable, Hashable, Sendable {
    let id: Int
    let name: String
}

/// Another type, to pass by mistake.
private struct Coupon: Hashable, Sendable {
    let code: String
}

/// The screen of a product, showing the payload its builder was given.
@MainActor
private final class ProductScreen {
    let product: Product
    init(product: Product) { self.product = product }
}

@MainActor
@Suite("Payloads: typed values to screens, checked before the builder runs")
struct PayloadTests {
    private let lamp = Product(id: 42, name: "Lamp")

    /// A container where "Product" needs a `Product` (rebuilt from `id` when `rebuilds`),
    /// "Note" takes any payload, and "A1" is a plain root.
    private func makeApp(rebuilds: Bool = false) throws -> AppCoordinator {
        let container = DependencyContainer()
        var rebuild: (@MainActor @Sendable (SceneParameters) throws -> Product)?
        if rebuilds {
            rebuild = { parameters in
                Product(id: Int(parameters["id"] ?? "") ?? 0, name: "Rebuilt")
            }
        }
        try container.assemble(contentsOf: [
            stubBuilder("A1"),
            SceneBuilder("Product", payload: .required(Product.self, rebuiltFrom: rebuild)) {
                context in ProductScreen(product: try context.payload(as: Product.self))
            },
            stubBuilder("Note"),
        ])
        let coordinator = AppCoordinator(container: container)
        try coordinator.navigate(.root(scene: "A1"))
        return coordinator
    }

    @Test("a payload reaches the builder typed, and stays on the screen in the tree")
    func reachesTheBuilder() throws {
        let coordinator = try makeApp()
        let event = try #require(
            try coordinator.navigate(.push(scene: "Product", payload: ScenePayload(lamp))))
        let screen = try #require(coordinator.tree.visibleScreen)
        #expect((screen.content as? ProductScreen)?.product == lamp)
        #expect(screen.payload == ScenePayload(lamp))
        #expect(screen.payload?.value(as: Product.self) == lamp)
        #expect(screen.description == "Product #2 (Product)")
        #expect(event.scene == "Product")
    }

    @Test("a missing payload and one of another type are typed errors; nothing changes")
    func checkedBeforeTheBuilder() throws {
        let coordinator = try makeApp()
        expectRejected(
            .push(scene: "Product"), on: coordinator,
            with: .input(.missingPayload(scene: "Product", expected: "Product")))
        expectRejected(
            .present(scene: "Product", payload: ScenePayload(Coupon(code: "X"))),
            on: coordinator,
            with: .input(.wrongPayloadType(scene: "Product", expected: "Product", given: "Coupon")))
        expectRejected(
            .setStack(["A1", Destination("Product", payload: ScenePayload(7))]), on: coordinator,
            with: .input(.wrongPayloadType(scene: "Product", expected: "Product", given: "Int")))
        expectRejected(
            .tabs([TabItem("shop", scene: "Product")], selected: "shop"), on: coordinator,
            with: .input(.missingPayload(scene: "Product", expected: "Product")))
    }

    @Test("a builder that requires none gets any payload, unchecked, or none")
    func optionalPayload() throws {
        let coordinator = try makeApp()
        try coordinator.navigate(.push(scene: "Note", payload: ScenePayload(Coupon(code: "X"))))
        let context = try #require(
            (coordinator.tree.visibleScreen?.content as? StubScreen)?.context)
        #expect(context.payloadIfPresent(as: Coupon.self) == Coupon(code: "X"))
        #expect(context.payloadIfPresent(as: Product.self) == nil)
        expectRefusal(
            NavigationError.input(
                .wrongPayloadType(scene: "Note", expected: "Product", given: "Coupon")),
            leaving: coordinator
        ) {
            try context.payload(as: Product.self)
        }
        // The refused read leaves the payload there.
        #expect(context.payloadIfPresent(as: Coupon.self) == Coupon(code: "X"))
        try coordinator.navigate(.push(scene: "Note"))
        let bare = try #require((coordinator.tree.visibleScreen?.content as? StubScreen)?.context)
        expectRefusal(
            NavigationError.input(.missingPayload(scene: "Note", expected: "Int")),
            leaving: coordinator
        ) {
            try bare.payload(as: Int.self)
        }
    }

    @Test("a link cannot name a screen only a payload can build: the writer throws")
    func linkNeedsPayload() throws {
        let coordinator = try makeApp()
        try coordinator.navigate(.push(scene: "Product", payload: ScenePayload(lamp)))
        let format = DeepLinkFormat(scheme: "demo")
        expectRefusal(
            NavigationError.link(.linkNeedsPayload(scene: "Product", screen: ScreenID(2))),
            leaving: coordinator
        ) {
            try coordinator.link(format: format)
        }
    }

    @Test("a builder that rebuilds its payload from parameters makes links work")
    func rebuiltFromParameters() throws {
        let coordinator = try makeApp(rebuilds: true)
        try coordinator.navigate(
            .push(scene: "Product", parameters: ["id": "42"], payload: ScenePayload(lamp)))
        let format = DeepLinkFormat(scheme: "demo")
        let link = try #require(try coordinator.link(format: format))
        #expect(link == "demo://open/A1/Product;id=42")
        let reopened = try makeApp(rebuilds: true)
        try reopened.open(.deepLink(link, format: format))
        let product = (reopened.tree.visibleScreen?.content as? ProductScreen)?.product
        #expect(product == Product(id: 42, name: "Rebuilt"))
    }

    @Test("a Codable payload registered by name round-trips through a JSON snapshot")
    func snapshotKeepsPayloads() throws {
        let coordinator = try makeApp()
        coordinator.payloadTypes.register(Product.self, name: "product")
        try coordinator.navigate(.present(scene: "Product", payload: ScenePayload(lamp)))
        let data = try JSONEncoder().encode(try coordinator.snapshot())
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains(#""type":"product""#))
        let relaunched = try makeApp()
        relaunched.payloadTypes.register(Product.self, name: "product")
        try relaunched.restore(try JSONDecoder().decode(TreeSnapshot.self, from: data))
        #expect(relaunched.tree.visibleScreen?.payload == ScenePayload(lamp))
        #expect(relaunched.tree.snapshot == coordinator.tree.snapshot)
    }

    @Test("a payload whose type is not registered cannot be saved, and a snapshot naming one fails")
    func snapshotNeedsRegisteredTypes() throws {
        let coordinator = try makeApp()
        try coordinator.navigate(.push(scene: "Product", payload: ScenePayload(lamp)))
        expectRefusal(
            NavigationError.link(
                .payloadNotSaved(scene: "Product", screen: ScreenID(2), type: "Product")),
            leaving: coordinator
        ) {
            try coordinator.snapshot()
        }
        let snapshot = TreeSnapshot(root: [
            .init(scene: "A1"),
            .init(scene: "Product", payload: .init(type: "product", json: #"{"id":1,"name":"x"}"#)),
        ])
        let before = coordinator.tree
        expectRefusal(
            NavigationError.snapshot(.unknownPayloadType("product")), leaving: coordinator
        ) {
            try coordinator.restore(snapshot)
        }
        coordinator.payloadTypes.register(Product.self, name: "product")
        let unreadable = TreeSnapshot(root: [
            .init(scene: "Product", payload: .init(type: "product", json: "[]"))
        ])
        // The reason is what decoding the payload's JSON as the registered type throws.
        var decodingFailure: (any Error)?
        do {
            _ = try JSONDecoder().decode(Product.self, from: Data("[]".utf8))
        } catch {
            decodingFailure = error
        }
        let reason = try #require(decodingFailure.map { String(describing: $0) })
        expectRefusal(
            NavigationError.snapshot(.unreadablePayload(type: "product", reason: reason)),
            leaving: coordinator
        ) {
            try coordinator.restore(unreadable)
        }
        #expect(coordinator.tree == before)
    }

    @Test("saving names the first screen in tree order whose payload cannot be kept")
    func snapshotNamesTheFirstUnsavedScreen() throws {
        let coordinator = try makeApp()
        try coordinator.navigate(.push(scene: "Note", payload: ScenePayload(Coupon(code: "A"))))
        try coordinator.navigate(.present(scene: "Note", payload: ScenePayload(Coupon(code: "B"))))
        // The root's screen comes before the modal's, as in a link and in restoring.
        expectRefusal(
            NavigationError.link(
                .payloadNotSaved(scene: "Note", screen: ScreenID(2), type: "Coupon")),
            leaving: coordinator
        ) {
            try coordinator.snapshot()
        }
        try coordinator.navigate(
            .tabs(
                [
                    TabItem("home", scene: "A1"),
                    TabItem("more", scene: "Note", payload: ScenePayload(Coupon(code: "C"))),
                ], selected: "home"))
        try coordinator.navigate(.present(scene: "Note", payload: ScenePayload(Coupon(code: "D"))))
        expectRefusal(
            NavigationError.link(
                .payloadNotSaved(scene: "Note", screen: ScreenID(5), type: "Coupon")),
            leaving: coordinator
        ) {
            try coordinator.snapshot()
        }
    }

    @Test("a result of the wrong type fails at the screen that finishes, and nothing leaves")
    func typedResults() throws {
        let coordinator = try makeApp()
        var received: [String] = []
        try coordinator.navigate(.present(scene: "Note"), expecting: Int.self) { result in
            received.append(result.description)
        }
        let context = try #require(
            (coordinator.tree.visibleScreen?.content as? StubScreen)?.context)
        expectRefusal(
            NavigationError.input(
                .wrongResultType(
                    screen: context.screen, expected: "Int", given: "String")),
            leaving: coordinator
        ) {
            try context.finish(with: "seven")
        }
        #expect(received.isEmpty)
        try context.finish(with: 7)
        #expect(received == ["value(7)"])
        #expect(coordinator.tree.scenes == [["A1"]])
    }

    @Test("payloads compare by type and value, and hash alike when equal")
    func payloadEquality() {
        #expect(ScenePayload(1) == ScenePayload(1))
        #expect(ScenePayload(1) != ScenePayload("1"))
        #expect(ScenePayload(ScenePayload(1)) == ScenePayload(1))
        #expect(ScenePayload(lamp).hashValue == ScenePayload(lamp).hashValue)
        #expect(ScenePayload(lamp).typeName == "Product")
        #expect(
            ApplicationTransitionType.push(scene: "Product", payload: ScenePayload(lamp))
                .description == #".push(scene: "Product", payload: Product, animated: true)"#)
    }
}
