import ArticleApp
import CoreModule
import Foundation
import Testing

@MainActor
@Suite("article-app prints the article's example app, step by step")
struct ArticleTranscriptTests {
    /// The checked-in transcript; regenerate it with
    /// `swift run --package-path Examples/ArticleApp article-app > Examples/ArticleApp/Tests/ArticleAppTests/Fixtures/article-app.txt`.
    private static let goldenURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/article-app.txt")

    /// Plays the tour into a new container, as `article-app` does into the shared one.
    private func runTour() -> (lines: [String], succeeded: Bool) {
        var lines: [String] = []
        let succeeded = ArticleTour(container: DependencyContainer()) { lines.append($0) }.run()
        return (lines, succeeded)
    }

    @Test("every step of the tour ends as planned")
    func tourSucceeds() {
        #expect(runTour().succeeded)
    }

    @Test("the tour prints exactly the checked-in transcript")
    func transcriptMatchesGolden() throws {
        let golden = try String(contentsOf: Self.goldenURL, encoding: .utf8)
        #if os(Linux)
            let expected = golden
        #else
            // The UIKit window is the stand-in's, which exists on Linux only: elsewhere the tour
            // prints the same steps without the window after each.
            let expected = Self.withoutStandInWindow(golden)
        #endif
        let transcript = runTour().lines.joined(separator: "\n") + "\n"
        #expect(transcript == expected)
    }

    /// `transcript` without the stand-in window printed after each step: each block from its
    /// heading to the blank line that ends the step.
    static func withoutStandInWindow(_ transcript: String) -> String {
        var kept: [Substring] = []
        var inWindow = false
        for line in transcript.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "   UIKit (SceneRouterUIKit on the stand-in window):" {
                inWindow = true
            } else if line.isEmpty {
                inWindow = false
            }
            if !inWindow { kept.append(line) }
        }
        return kept.joined(separator: "\n")
    }

    @Test("without the stand-in's window, the transcript keeps every step and transition")
    func transcriptWithoutWindowKeepsTheSteps() throws {
        let golden = try String(contentsOf: Self.goldenURL, encoding: .utf8)
        let stripped = Self.withoutStandInWindow(golden)
        #expect(!stripped.contains("UINavigationController"))
        #expect(!stripped.contains("stand-in window"))
        let steps = { (text: String) in
            text.split(separator: "\n").filter { $0.first?.isNumber == true }
        }
        #expect(steps(stripped) == steps(golden))
        #expect(stripped.contains("✓ present B1 #3"))
    }

    @Test("the transcript shows the article's five transitions and the typo's suggestion")
    func transcriptShowsTheArticle() {
        let text = runTour().lines.joined(separator: "\n")
        for line in [
            "registered 4 scenes: A1, A2, B1, C1", "✓ root A1 #1", "✓ push A2 #2",
            "✓ present B1 #3", "✓ pop B1 #3: C1 #4", "✓ dismiss A2 #2: B1 #3",
            "✗ No builder is registered for scene \"A3\". Did you mean \"A1\" or \"A2\"?",
        ] {
            #expect(text.contains(line), "missing \(line)")
        }
    }

    @Test("a tour whose scenes are already registered fails at once and says why")
    func tourOverARegisteredContainerFails() throws {
        let container = DependencyContainer()
        try DependencyInjection(container: container).configure()
        var lines: [String] = []
        let succeeded = ArticleTour(container: container) { lines.append($0) }.run()
        #expect(!succeeded)
        #expect(
            lines == [
                "DependencyInjection().configure() failed: "
                    + "\(NavigationError.misuse(.duplicateRegistration("A1")))"
            ])
    }
}
