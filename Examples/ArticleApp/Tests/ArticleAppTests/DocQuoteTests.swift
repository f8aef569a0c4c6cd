import Foundation
import Testing

/// Checks that docs/from-the-articles.md quotes this package's real code.
///
/// Each `swift module ArticleApp` block of the guide follows a paragraph that names a file of
/// this package, and every line of the block is a line of that file, in the same order (lines
/// may be left out, and a line `// …` marks where). `scripts/check-doc-snippets.sh` compiles the
/// same blocks.
@Suite("The porting guide quotes the article app's real code")
struct DocQuoteTests {
    /// This package's folder (`Examples/ArticleApp/`).
    private static let package = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The guide, two folders up from this package.
    private static let guide = package.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/from-the-articles.md")

    /// A quoted block: the file its paragraph names (relative to the repository), the line of
    /// its opening fence in the guide, and its lines.
    struct Quote: CustomTestStringConvertible, Sendable {
        let file: String?
        let line: Int
        let lines: [String]

        var testDescription: String { "line \(line): \(file ?? "no file named")" }
    }

    /// Every `swift module ArticleApp` block of the guide.
    static func quotes() throws -> [Quote] {
        let lines = try String(contentsOf: guide, encoding: .utf8)
            .components(separatedBy: "\n")
        let path = /`(Examples\/ArticleApp\/[^`]+\.swift)`/
        var quotes: [Quote] = []
        var paragraph: [String] = []  // the lines since the last blank line
        var previous: [String] = []  // the paragraph before that
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                if !paragraph.isEmpty { (previous, paragraph) = (paragraph, []) }
                continue
            }
            guard line == "```swift module ArticleApp" else {
                paragraph.append(line)
                continue
            }
            let start = index
            while index < lines.count, lines[index] != "```" { index += 1 }
            let named = (paragraph.isEmpty ? previous : paragraph).joined(separator: " ")
            let file = named.matches(of: path).last.map { String($0.output.1) }
            quotes.append(Quote(file: file, line: start, lines: Array(lines[start..<index])))
            index += 1
            (previous, paragraph) = ([], [])
        }
        return quotes
    }

    /// The lines of `quote` that `file` does not hold in the quote's order; empty when every
    /// line is there.
    static func linesNotFound(_ quote: [String], in file: [String]) -> [String] {
        var position = file.startIndex
        var missing: [String] = []
        for line in quote where !line.trimmingCharacters(in: .whitespaces).hasPrefix("// …") {
            if let found = file[position...].firstIndex(of: line) {
                position = found + 1
            } else {
                missing.append(line)
            }
        }
        return missing
    }

    @Test("the guide quotes the screens' base type, two screens and the registration")
    func guideQuotesTheFiles() throws {
        #expect(
            Set(try Self.quotes().compactMap(\.file)) == [
                "Examples/ArticleApp/Sources/CoreUI/ViewController.swift",
                "Examples/ArticleApp/Sources/FeatureA/A1ViewController.swift",
                "Examples/ArticleApp/Sources/FeatureA/A2ViewController.swift",
                "Examples/ArticleApp/Sources/ArticleApp/DependencyInjection.swift",
            ])
    }

    @Test("every line of a quote is a line of its file, in order", arguments: try quotes())
    func quoteMatchesItsFile(quote: Quote) throws {
        let file = try #require(quote.file, "the paragraph before the block names no file")
        let repository = Self.package.deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(
            contentsOf: repository.appendingPathComponent(file), encoding: .utf8)
        let missing = Self.linesNotFound(quote.lines, in: text.components(separatedBy: "\n"))
        #expect(missing.isEmpty, "\(file) has no such lines, in this order: \(missing)")
    }

    @Test("a line the file does not hold, or holds out of order, is found")
    func mismatchesAreFound() {
        let file = ["import CoreModule", "", "struct A {", "}"]
        #expect(
            Self.linesNotFound(["import CoreModule", "// … more", "struct A {"], in: file) == [])
        #expect(
            Self.linesNotFound(["struct A {", "import CoreModule"], in: file) == [
                "import CoreModule"
            ])
        #expect(Self.linesNotFound(["struct B {"], in: file) == ["struct B {"])
    }
}
