import CoreModule
import Foundation

/// The demo's command line: the tour by default, or a script with `--script FILE`.
///
/// Everything but the process's own input and output is here, so tests run the command line
/// with fake files and capture what it prints.
@MainActor
public enum DemoCommandLine {
    /// What the demo was asked to do.
    public enum Mode: Equatable, Sendable {
        /// Play the guided tour (no options, or `--tour`).
        case tour
        /// Run a script: a file path, or `-` for standard input; `json` for `--json`.
        case script(path: String, json: Bool)
        /// Print the usage (`-h`, `--help`).
        case help
    }

    /// Exit status: every command succeeded, or the tour ended as planned.
    public static let success: Int32 = 0
    /// Exit status: a command failed (the others still ran), or the tour did not end as planned.
    public static let commandFailed: Int32 = 1
    /// Exit status: bad options, or a script that cannot be read.
    public static let usageError: Int32 = 2

    /// The text `--help` prints.
    public static let usage = """
        USAGE: swift run --package-path Examples demo [--tour | --script FILE [--json]] [--help]

        With no options, the demo plays the guided tour of the example app: FeatureA owns the
        scenes A1 and A2, FeatureB owns B1 and B2, neither imports the other, and every
        transition is printed with the screen tree after it. Run it from the repository's root;
        inside Examples/, swift run demo does the same.

        OPTIONS:
          --tour           Play the guided tour (the default).
          --script FILE    Run the commands in FILE, one a line, against the example app, and
                           print each transition and the tree. A failing command prints its
                           error and line number, and the script goes on. FILE - reads
                           standard input, a line at a time.
          --json           With --script: print one JSON object a line for each transition,
                           failure and answer, with sorted keys, then a summary object.
          -h, --help       Show this help.

        SCRIPT COMMANDS:
        \(ScriptCommand.reference.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "  \($0)" }.joined(separator: "\n"))

        EXIT STATUS:
          0  every command succeeded (or the tour ended as planned)
          1  a command failed; the commands after it still ran
          2  bad options, or the script cannot be read

        EXAMPLES:
          swift run --package-path Examples demo
          swift run --package-path Examples demo \\
              --script Examples/Tests/DemoTests/Fixtures/script/session.script
          printf 'root A1\\npush A2 id=7\\nback-swipe\\n' |
              swift run --package-path Examples demo --script -
          swift run --package-path Examples demo --script - --json < my-script.txt
        """

    /// The options, as a misspelled one is compared with them.
    static let options = ["--tour", "--script", "--json", "--help"]

    /// Reads the command-line arguments (without the program's name).
    ///
    /// - Parameter arguments: The arguments.
    /// - Returns: What to do.
    /// - Throws: ``ScriptError`` naming the bad option; the caller prints it and exits with
    ///   ``usageError``.
    public static func parse(_ arguments: [String]) throws(ScriptError) -> Mode {
        var script: String?
        var json = false
        var tour = false
        var help = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "-h", "--help":
                help = true
            case "--tour":
                tour = true
            case "--json":
                json = true
            case "--script":
                guard index < arguments.count,
                    arguments[index] == "-" || !arguments[index].hasPrefix("-")
                else {
                    throw ScriptError(
                        "--script needs a file, or - for standard input: --script FILE.")
                }
                guard script == nil else { throw ScriptError("--script is given twice.") }
                script = arguments[index]
                index += 1
            default:
                if argument.hasPrefix("--script=") {
                    let path = String(argument.dropFirst("--script=".count))
                    guard !path.isEmpty else {
                        throw ScriptError(
                            "--script needs a file, or - for standard input: --script FILE.")
                    }
                    guard script == nil else { throw ScriptError("--script is given twice.") }
                    script = path
                } else if argument.hasPrefix("-") && argument != "-" {
                    throw ScriptError("Unknown option \"\(argument)\".\(hint(for: argument))")
                } else {
                    throw ScriptError(
                        "Unexpected argument \"\(argument)\"; to run a script, write "
                            + "--script \(argument).")
                }
            }
        }
        if help { return .help }
        if let script {
            guard !tour else { throw ScriptError("--tour and --script cannot be combined.") }
            return .script(path: script, json: json)
        }
        guard !json else { throw ScriptError("--json works with --script only.") }
        return .tour
    }

    /// ` Did you mean "--script"?` for `--scrip` (or `--scrip=FILE`), or nothing when no option
    /// is close.
    private static func hint(for argument: String) -> String {
        let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
        let close = NavigationError.SceneSuggestions(
            for: SceneIdentifier(name), among: options.map { SceneIdentifier($0) }
        ).names
        return close.first.map { " Did you mean \"\($0.rawValue)\"?" } ?? ""
    }

    /// Runs the demo as the `demo` executable does, and returns its exit status.
    ///
    /// - Parameters:
    ///   - arguments: The arguments, without the program's name.
    ///   - readFile: Reads a script file's text; throws when it cannot.
    ///   - readLine: Reads the next line of standard input, `nil` at its end.
    ///   - output: Receives each line for standard output.
    ///   - errorOutput: Receives each line for standard error.
    /// - Returns: ``success``, ``commandFailed`` or ``usageError``.
    public static func run(
        arguments: [String],
        readFile: (String) throws -> String = DemoCommandLine.readFile,
        readLine: () -> String? = { Swift.readLine(strippingNewline: true) },
        output: @escaping @MainActor (String) -> Void,
        errorOutput: (String) -> Void
    ) async -> Int32 {
        let mode: Mode
        do {
            mode = try parse(arguments)
        } catch {
            errorOutput("demo: \(error.message)")
            errorOutput(
                "Run 'swift run --package-path Examples demo --help' for the options and the "
                    + "script commands.")
            return usageError
        }
        switch mode {
        case .help:
            for line in usage.split(separator: "\n", omittingEmptySubsequences: false) {
                output(String(line))
            }
            return success
        case .tour:
            return Tour(write: output).run() ? success : commandFailed
        case .script(let path, let json):
            var text: String?
            if path != "-" {
                do {
                    text = try readFile(path)
                } catch {
                    errorOutput("demo: cannot read the script \"\(path)\": \(error)")
                    return usageError
                }
            }
            let session: ScriptSession
            do {
                session = try ScriptSession(format: json ? .json : .text, write: output)
            } catch {
                errorOutput("demo: could not register the feature modules: \(error)")
                return commandFailed
            }
            if let text {
                await session.run(script: text)
            } else {
                var number = 0
                while let line = readLine() {
                    number += 1
                    await session.run(line: line, number: number)
                }
                session.finish()
            }
            return session.succeeded ? success : commandFailed
        }
    }

    /// Reads a UTF-8 text file, with an error that says plainly why it cannot.
    ///
    /// - Parameter path: The file's path.
    /// - Returns: Its text.
    /// - Throws: ``ScriptError``: no such file, a directory, or not UTF-8 text.
    nonisolated public static func readFile(_ path: String) throws -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ScriptError("no such file.")
        }
        guard !isDirectory.boolValue else { throw ScriptError("it is a directory.") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScriptError("it cannot be read.")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScriptError("it is not UTF-8 text.")
        }
        return text
    }
}
