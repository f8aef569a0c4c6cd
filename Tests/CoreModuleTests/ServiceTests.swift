@_spi(Rules) import CoreModule
import Testing

protocol AuthService: Sendable {
    var userName: String? { get }
}

struct FakeAuth: AuthService {
    let userName: String?
}

@MainActor
final class ProfileScreen {
    let greeting: String
    init(auth: any AuthService) { greeting = "Hello, \(auth.userName ?? "guest")" }
}

@MainActor
@Suite("Services registered once, resolved where screens are built")
struct ServiceTests {
    @Test("a builder resolves a registered service through its context")
    func resolveInBuilder() throws {
        let container = try makeContainer(["A1"])
        container.services.register(FakeAuth(userName: "Ann") as any AuthService)
        try container.assemble(
            contentsOf: [
                SceneBuilder("Profile") { context in
                    ProfileScreen(auth: try context.service((any AuthService).self))
                }
            ])
        let coordinator = AppCoordinator(container: container)
        try coordinator.navigate(.root(scene: "A1"))
        try coordinator.navigate(.push(scene: "Profile"))
        let profile = try #require(coordinator.tree.visibleScreen?.content as? ProfileScreen)
        #expect(profile.greeting == "Hello, Ann")
        #expect(coordinator.services.contains((any AuthService).self))
    }

    @Test("a missing service is a typed error at build time, and nothing changes")
    func missingService() throws {
        let container = try makeContainer(["A1"])
        try container.assemble(
            contentsOf: [
                SceneBuilder("Profile") { context in
                    ProfileScreen(auth: try context.service((any AuthService).self))
                }
            ])
        let coordinator = AppCoordinator(container: container)
        try coordinator.navigate(.root(scene: "A1"))
        expectRejected(
            .push(scene: "Profile"), on: coordinator,
            with: .misuse(.missingService(type: "AuthService")))
    }

    @Test("a flow resolves services through its coordinator")
    func flowResolves() throws {
        let registry = ServiceRegistry()
        registry.register(FakeAuth(userName: nil))
        let coordinator = AppCoordinator(container: try makeContainer(), services: registry)
        let flow = StubFlow(coordinator: coordinator, first: nil)
        let auth = try flow.coordinator?.services.resolve(FakeAuth.self)
        #expect(auth?.userName == nil)
        #expect(throws: NavigationError.misuse(.missingService(type: "Session"))) {
            try coordinator.services.resolve(Session.self)
        }
        // The failed look-up registered nothing and removed nothing.
        #expect(!coordinator.services.contains(Session.self))
        #expect(coordinator.services.contains(FakeAuth.self))
    }
}
