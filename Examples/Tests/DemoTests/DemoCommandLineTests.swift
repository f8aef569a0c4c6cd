import DemoApp
import Foundation
import Testing

@MainActor
@Suite("The demo's command line: the tour by default, scripts, and clear usage errors")
struct DemoCommandLineTests {
    struct Missing: Error, CustomStringConvertible {
        var description: String { "no such file." }
    }

    /// Runs the command line with `files` as the file system and `input` as standard input.
    private func run(
        _ arguments: [String], files: [String: String] = [:], input: [String] = []
    ) async -> (status: Int32, output: [String], errors: [String]) {
        var output: [String] = []
        var errors: [String] = []
        var remaining = input[...]
        let status = await DemoCommandLine.run(
            arguments: arguments,
            readFile: { path in
                guard let text = files[path] else { throw Missing() }
                return text
            },
            readLine: { remaining.popFirst() },
            output: { output.append($0) },
            errorOutput: { errors.append($0) })
        return (status, output, errors)
    }

    // MARK: Modes

    @Test("no arguments plays the tour and exits 0")
    func tourByDefault() async {
        let result = await run([])
        #expect(result.status == 0)
        #expect(
            result.output.prefix(2) == [
                "Registered 4 scenes from FeatureA and FeatureB: A1, A2, B1, B2",
                "Checked the scenes they navigate to: All 3 declared destinations are registered.",
            ])
        #expect(result.errors.isEmpty)
        #expect(await run(["--tour"]).output == result.output)
    }

    @Test(
        "the modes parse",
        arguments: [
            ([String](), DemoCommandLine.Mode.tour),
            (["--tour"], .tour),
            (["--script", "a.txt"], .script(path: "a.txt", json: false)),
            (["--script=a.txt", "--json"], .script(path: "a.txt", json: true)),
            (["--json", "--script", "-"], .script(path: "-", json: true)),
            (["--script", "a.txt", "--help"], .help),
            (["-h"], .help),
        ])
    func modes(arguments: [String], mode: DemoCommandLine.Mode) async throws {
        #expect(try DemoCommandLine.parse(arguments) == mode)
    }

    @Test("--help prints the checked-in usage, which documents every script command")
    func help() async throws {
        let result = await run(["--help"])
        #expect(result.status == 0)
        try ScriptFixtures.expect(result.output.joined(separator: "\n") + "\n", matches: "help.txt")
        for word in ScriptCommand.commandWords {
            #expect(DemoCommandLine.usage.contains("  \(word) "), "\(word)")
        }
        for option in ["--script FILE", "--json", "--tour", "--help", "EXIT STATUS"] {
            #expect(DemoCommandLine.usage.contains(option), "\(option)")
        }
        // Every command it shows runs from the repository's root, where the README starts.
        for line in DemoCommandLine.usage.split(separator: "\n")
        where line.contains("swift run ") && !line.contains("inside Examples/") {
            #expect(line.contains("swift run --package-path Examples demo"), "\(line)")
        }
        #expect(DemoCommandLine.usage.contains("Examples/Tests/DemoTests/Fixtures/script/"))
    }

    @Test("a script file runs; a failing command makes the exit status 1")
    func scriptFile() async {
        let good = await run(["--script", "ok.txt"], files: ["ok.txt": "root A1\npush A2 id=7\n"])
        #expect(good.status == 0)
        #expect(good.output.last == "Ran 2 commands: all succeeded.")
        let bad = await run(
            ["--script", "bad.txt"], files: ["bad.txt": "root A1\npop\npush A2 id=7\n"])
        #expect(bad.status == 1)
        #expect(
            bad.output.contains(
                "   ✗ line 2: Cannot pop: \"A1\" is the first screen of its stack, which is never popped."
            ))
        #expect(bad.output.last == "Ran 3 commands: 1 failed (line 2).")
        #expect(bad.errors.isEmpty)
    }

    @Test("- reads standard input a line at a time")
    func standardInput() async {
        let result = await run(["--script", "-", "--json"], input: ["root A1", "push A9"])
        #expect(result.status == 1)
        #expect(result.output.count == 3)
        #expect(
            result.output[0].hasPrefix(
                "{\"animated\":false,\"initiator\":\"app\",\"kind\":\"root\",\"line\":1,"))
        #expect(result.output[1].contains("\"line\":2"))
        #expect(result.output[1].contains("\"type\":\"failure\""))
        #expect(
            result.output[2]
                == "{\"commands\":2,\"failed\":1,\"failedLines\":[2],\"type\":\"summary\"}")
    }

    // MARK: Usage errors

    @Test(
        "bad options print a clear message and exit 2, running nothing",
        arguments: [
            (["--bogus"], "demo: Unknown option \"--bogus\"."),
            (["--scrip", "a"], "demo: Unknown option \"--scrip\". Did you mean \"--script\"?"),
            (["--scrip=a"], "demo: Unknown option \"--scrip=a\". Did you mean \"--script\"?"),
            (["--jsno"], "demo: Unknown option \"--jsno\". Did you mean \"--json\"?"),
            (["--Tour"], "demo: Unknown option \"--Tour\". Did you mean \"--tour\"?"),
            (["-x"], "demo: Unknown option \"-x\"."),
            (["--script"], "demo: --script needs a file, or - for standard input: --script FILE."),
            (
                ["--script", "--json"],
                "demo: --script needs a file, or - for standard input: --script FILE."
            ),
            (["--script="], "demo: --script needs a file, or - for standard input: --script FILE."),
            (["--script", "a", "--script", "b"], "demo: --script is given twice."),
            (["--json"], "demo: --json works with --script only."),
            (["--tour", "--script", "a"], "demo: --tour and --script cannot be combined."),
            (
                ["session.script"],
                "demo: Unexpected argument \"session.script\"; to run a script, write --script session.script."
            ),
        ])
    func badOptions(arguments: [String], message: String) async {
        let result = await run(arguments, files: ["a": "root A1\n", "b": "root A1\n"])
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(
            result.errors == [
                message,
                "Run 'swift run --package-path Examples demo --help' for the options and the "
                    + "script commands.",
            ])
    }

    @Test("a missing script file is a clear message and exit 2")
    func missingFile() async {
        let result = await run(["--script", "missing.txt"])
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.errors == ["demo: cannot read the script \"missing.txt\": no such file."])
    }

    @Test("the real file reader says why a file cannot be read")
    func realFileReader() async throws {
        #expect(throws: ScriptError("no such file.")) {
            try DemoCommandLine.readFile("/nonexistent/\(UUID().uuidString).script")
        }
        #expect(throws: ScriptError("it is a directory.")) {
            try DemoCommandLine.readFile(FileManager.default.temporaryDirectory.path)
        }
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("demo-\(UUID().uuidString).script")
        try Data([0x72, 0x6F, 0x6F, 0x74, 0xFF, 0xFE]).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: ScriptError("it is not UTF-8 text.")) {
            try DemoCommandLine.readFile(url.path)
        }
        let fixture = ScriptFixtures.directory.appendingPathComponent("session.script").path
        #expect(try DemoCommandLine.readFile(fixture).hasPrefix("# A demo script"))
    }
}
