import Foundation

/// Replays inputs through a fuzz target's entry point, without libFuzzer.
///
/// A fuzz target built normally (without `-DFUZZING`) is a small tool that reads files, or every
/// file in directories, and feeds each to its entry point, so that a crash libFuzzer found can be
/// replayed in a debug build with a readable backtrace:
/// `swift run --package-path Fuzz fuzz-links .build-fuzz/crashes/fuzz-links/crash-…`.
public enum FuzzReplay {
    /// Reads the paths in the command line and calls `entry` with each input; exits 2 on a
    /// usage or reading problem.
    ///
    /// - Parameters:
    ///   - tool: The target's name, for messages.
    ///   - entry: The fuzz entry point (`LLVMFuzzerTestOneInput`).
    public static func run(
        tool: String, entry: (UnsafePointer<UInt8>, Int) -> CInt
    ) -> Never {
        var paths: [String] = []
        for argument in CommandLine.arguments.dropFirst() {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory)
            else {
                print("\(tool): no such file: \(argument)")
                exit(2)
            }
            if isDirectory.boolValue {
                let files = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
                paths += files.sorted().map { "\(argument)/\($0)" }
            } else {
                paths.append(argument)
            }
        }
        if paths.isEmpty {
            print("usage: \(tool) FILE_OR_DIRECTORY... (replays inputs without libFuzzer)")
            exit(2)
        }
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(tool): cannot read \(path)")
                exit(2)
            }
            // One sentinel byte keeps the buffer's address non-nil; it is not part of the input.
            let bytes = [UInt8](data) + [0]
            bytes.withUnsafeBufferPointer { buffer in
                if let base = buffer.baseAddress { _ = entry(base, buffer.count - 1) }
            }
        }
        print("\(tool): replayed \(paths.count) inputs, every oracle held")
        exit(0)
    }
}
