import CoreModule
import DemoApp
import Testing

/// The demo's composition root checks, at start-up, every scene the feature modules navigate to.
@Suite("The demo's start-up check")
struct StartUpCheckTests {
    @Test("every destination the feature modules declare is registered")
    func everyDestinationIsRegistered() throws {
        let report = try DependencyInjection().configure()
        // The report is the message: a misspelled name prints the scene that declares it, the
        // name, and the registered names closest to it.
        #expect(report.problems.isEmpty, "\(report)")
        // And a tab, a column, a link or a declared destination leads to every scene.
        #expect(report.unreachableScenes.isEmpty, "\(report)")
        #expect(report.checkedCount > 0, "no feature module declares its destinations")
    }
}
