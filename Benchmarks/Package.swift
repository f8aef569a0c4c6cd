// swift-tools-version: 6.2
// The benchmark: router figures next to plain standard-library baselines, as a package of its
// own that depends on the library by path.
//
//   swift run -c release --package-path Benchmarks benchmarks           # a full run
//   swift run -c release --package-path Benchmarks benchmarks --quick   # a smoke run

import PackageDescription

/// The library, by its manifest's name (a path dependency's identity is its folder's name, which
/// depends on where the repository was cloned).
let coreModule: Target.Dependency = .product(name: "CoreModule", package: "SceneRouter")

let package = Package(
    name: "SceneRouterBenchmarks",
    // The library's own minimums; the benchmark itself runs on Linux only (its clock and memory
    // rows read glibc and /proc).
    platforms: [.iOS(.v16), .macCatalyst(.v16), .macOS(.v13)],
    products: [.executable(name: "benchmarks", targets: ["benchmarks"])],
    dependencies: [.package(name: "SceneRouter", path: "..")],
    targets: [.executableTarget(name: "benchmarks", dependencies: [coreModule])],
    swiftLanguageModes: [.v6]
)

// Strict settings for every target, in one place.
for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("InternalImportsByDefault"),
            .enableUpcomingFeature("MemberImportVisibility"),
        ]
}
