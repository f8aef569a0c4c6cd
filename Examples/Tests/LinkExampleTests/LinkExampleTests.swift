import CoreModule
import Foundation
import LinkExamples
import Testing

@MainActor
@Suite("The shop's universal links print their checked-in transcript")
struct LinkExampleTests {
    private static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    @Test("every link that should open opens, every other is refused, as the golden says")
    func transcript() throws {
        var lines: [String] = []
        let succeeded = runShopLinksExample { lines.append($0) }
        #expect(succeeded)
        let transcript = lines.joined(separator: "\n") + "\n"
        let golden = try String(
            contentsOf: Self.fixtures.appendingPathComponent("shop-links.txt"), encoding: .utf8)
        #expect(transcript == golden)
    }

    @Test("the table has 30 routes on two hosts and two schemes, nested and reachable ones")
    func table() throws {
        let table = try ShopLinks.table()
        #expect(table.routes.count == 30)
        #expect(table.origins.count == 4)
        #expect(table.routes.contains { !$0.queryScreens.isEmpty })
        #expect(table.routes.contains { !$0.refusedQueryItems.isEmpty })
        #expect(table.routes.contains { $0.parent != nil })
        #expect(table.routes.contains { !$0.isReachableFromOutside })
        #expect(table.routes.contains { if case .action = $0.target { true } else { false } })
    }

    @Test("no link from outside opens a scene of a route that is not reachable from outside")
    func outsideReachesMarkedScenesOnly() throws {
        let table = try ShopLinks.table()
        let reachable = Set(table.routes.filter(\.isReachableFromOutside).flatMap(\.scenes))
        for route in table.routes {
            let path = route.path.split(separator: "/").map {
                $0.first == ":" || $0.first == "*" ? "7" : String($0)
            }.joined(separator: "/")
            let coordinator = try ShopLinks.coordinator()
            let before = Set(coordinator.tree.screens.map(\.id))
            _ = try? coordinator.open(.universal("shop://" + path, in: table))
            let built = coordinator.tree.screens.filter { !before.contains($0.id) }
            #expect(built.allSatisfy { reachable.contains($0.scene) }, "\(path)")
            #expect(route.isReachableFromOutside || built.isEmpty, "\(path)")
        }
    }
}
