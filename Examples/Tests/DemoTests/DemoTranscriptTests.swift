import DemoApp
import Foundation
import Testing

@MainActor
@Suite("The demo prints the tour a newcomer reads")
struct DemoTranscriptTests {
    /// The checked-in transcript; regenerate it from the repository's root with
    /// `swift run --package-path Examples demo > Examples/Tests/DemoTests/Fixtures/tour.txt`.
    private static let goldenURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/tour.txt")

    private func runTour() -> (lines: [String], succeeded: Bool) {
        var lines: [String] = []
        let succeeded = Tour { lines.append($0) }.run()
        return (lines, succeeded)
    }

    @Test("the tour ends as planned")
    func tourSucceeds() {
        #expect(runTour().succeeded)
    }

    @Test("the tour prints exactly the checked-in transcript")
    func transcriptMatchesGolden() throws {
        let golden = try String(contentsOf: Self.goldenURL, encoding: .utf8)
        let transcript = runTour().lines.joined(separator: "\n") + "\n"
        #expect(transcript == golden)
    }

    @Test("the tour shows every kind of transition and at least two errors")
    func transcriptCoversEveryTransition() {
        let text = runTour().lines.joined(separator: "\n")
        for kind in [
            "✓ root", "✓ push", "✓ present", "✓ pop ", "✓ dismiss ", "✓ pop-to-root",
            "✓ pop-to ", "✓ dismiss-all",
        ] {
            #expect(text.contains(kind), "missing \(kind)")
        }
        #expect(
            text.contains(
                "✗ No builder is registered for scene \"A3\". Did you mean \"A1\" or \"A2\"?"))
        #expect(text.contains("✗ Cannot pop: \"A1\" is the first screen of its stack"))
        #expect(text.contains("(id=7; Item)"))
    }

    @Test("the tour shows tabs that keep their history, sheets, a cover and whole stacks")
    func transcriptCoversTabsStylesAndStacks() {
        let text = runTour().lines.joined(separator: "\n")
        for kind in ["✓ tabs ", "✓ select-tab ", "✓ set-stack ", "✓ replace "] {
            #expect(text.contains(kind), "missing \(kind)")
        }
        // Home keeps A1 › A2 while shop is selected, and has it back when the user taps home.
        #expect(
            text.contains(
                "├─ tab home: A1 #16 › A2 #18 (id=7; Item)\n      └─ tab shop, selected: B1 #17 › B2 #19"
            )
        )
        #expect(
            text.contains("✓ select-tab A2 #18 in tab home: B2 #19 → A2 #18, animated, by the user")
        )
        #expect(
            text.contains(
                "✓ pop-to-root A1 #16 in tab home: A2 #18 → A1 #16, animated, by the user"))
        #expect(text.contains("└─ modal (sheet: medium, large): B1 #20 (item=7)"))
        #expect(text.contains("└─ modal (full-screen): A2 #21 (id=9; Item)"))
        // The refused swipe-down and tab tap change nothing.
        #expect(
            text.contains("✗ The platform reported that the user dismissed the modal of screen #21")
        )
        #expect(
            text.contains(
                "✗ The user cannot have tapped tab \"shop\" in the tab bar: the modal \"B1\" covers it."
            ))
        // The tab tree's link opens to the same tree.
        #expect(
            text.contains(
                "   demo://open/[tab:home,selected]A1/A2;id=42/B2;item=42/[tab:shop]B1/B2"))
        #expect(text.contains("(the same tree, identities aside)"))
    }

    @Test("a line that removes screens names the screen left visible, as the tree shows it")
    func removalsNameTheVisibleScreen() {
        let text = runTour().lines.joined(separator: "\n")
        // Step 12 pushes A1 #9 over A2 #5, then pops back to A2.
        #expect(text.contains("✓ pop-to A2 #5: A1 #9 → A2 #5, animated"))
        #expect(text.contains("✓ dismiss-all A2 #5: A1 #7 → A2 #5, 2 screens removed, animated"))
        #expect(!text.contains("✓ pop-to A1"))
    }

    @Test("the tour prints the start-up check, and passes items to A2 as payloads")
    func transcriptCoversDestinationsAndPayloads() {
        let text = runTour().lines.joined(separator: "\n")
        #expect(
            text.contains(
                "Checked the scenes they navigate to: All 3 declared destinations are registered."))
        // A1 passes the row's Item; a push with only an id gets the item looked up.
        #expect(text.contains("└─ stack: A1 #1 › A2 #2 (id=7; Item) › A2 #5 (id=8; Item)"))
        #expect(
            text.contains(
                "✗ Scene \"A2\" needs a payload of type Item, but the navigation carried a String.")
        )
        // A link keeps the id, a snapshot the item.
        #expect(text.contains("payloads saved: A2 as \"item\""))
        #expect(text.contains("(the same tree, identities aside, and the same payloads)"))
    }
}
