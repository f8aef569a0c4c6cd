// swift-tools-version: 6.2
// The example app of the original article, and the flow examples of the seed articles, as a
// package of their own that depends on the library by path (the root package declares the
// library alone, so that an app with its own `FeatureA` can adopt it).
//
//   swift run --package-path Examples demo          # the guided tour
//   swift test --package-path Examples              # transcripts, feature modules, layering

import PackageDescription

/// The library, by its manifest's name (a path dependency's identity is its folder's name, which
/// depends on where the repository was cloned).
let coreModule: Target.Dependency = .product(name: "CoreModule", package: "SceneRouter")

let package = Package(
    name: "SceneRouterExamples",
    // The library's own minimums: the demo builds and runs on a Mac as it does on Linux.
    platforms: [.iOS(.v16), .macCatalyst(.v16), .macOS(.v13)],
    products: [
        // The feature modules are products only so that the guides' code samples can use them
        // (scripts/check-doc-snippets.sh); an app has feature modules of its own.
        .library(name: "FeatureA", targets: ["FeatureA"]),
        .library(name: "FeatureB", targets: ["FeatureB"]),
        .executable(name: "demo", targets: ["demo"]),
        .executable(name: "login-flow", targets: ["login-flow"]),
        .executable(name: "child-flows", targets: ["child-flows"]),
        .executable(name: "shop-links", targets: ["shop-links"]),
    ],
    dependencies: [.package(name: "SceneRouter", path: "..")],
    targets: [
        // Feature modules: each depends on CoreModule only and never on another feature.
        .target(name: "FeatureA", dependencies: [coreModule]),
        .target(name: "FeatureB", dependencies: [coreModule]),

        // The example app: the only target that knows every feature module.
        // The script mode drives asynchronous guards and held links as a test would, so it waits
        // for a held link's opening with CoreModuleTesting's hook.
        .target(
            name: "DemoApp",
            dependencies: [
                coreModule, .product(name: "CoreModuleTesting", package: "SceneRouter"), "FeatureA",
                "FeatureB",
            ]),
        .executableTarget(name: "demo", dependencies: ["DemoApp"]),

        // Flow examples after the seed articles: a login flow (000) and child flows (002).
        .target(name: "FlowExamples", dependencies: [coreModule]),
        .executableTarget(name: "login-flow", dependencies: ["FlowExamples"]),
        .executableTarget(name: "child-flows", dependencies: ["FlowExamples"]),

        // A shop's universal links: a tab root, 30 routes, two hosts and a custom scheme.
        .target(name: "LinkExamples", dependencies: [coreModule]),
        .executableTarget(name: "shop-links", dependencies: ["LinkExamples"]),

        .testTarget(name: "FeatureTests", dependencies: [coreModule, "FeatureA", "FeatureB"]),
        .testTarget(name: "DemoTests", dependencies: ["DemoApp"], exclude: ["Fixtures"]),
        .testTarget(
            name: "FlowExampleTests", dependencies: ["FlowExamples"], exclude: ["Fixtures"]),
        .testTarget(
            name: "LinkExampleTests", dependencies: ["LinkExamples"], exclude: ["Fixtures"]),
        .testTarget(name: "LayeringTests"),
    ],
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
