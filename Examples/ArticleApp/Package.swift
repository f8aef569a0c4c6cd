// swift-tools-version: 6.0
// The original article's example app, laid out as the article lays it out: a common layer at the
// bottom (CoreUI, over the router's CoreModule), feature modules side by side above it (FeatureA,
// FeatureB, FeatureC, which never import each other), and the app on top, the only module that
// knows them all. It depends on the library the way an app does, by its products alone, and has
// modules named `FeatureA` and `CoreUI` of its own: the check that an app's module names can
// never collide with the package's.
//
//   swift run --package-path Examples/ArticleApp article-app    # plays the article
//   swift test --package-path Examples/ArticleApp               # its transcript, its layering

import PackageDescription

/// The library, by its manifest's name (a path dependency's identity is its folder's name, which
/// depends on where the repository was cloned).
let coreModule: Target.Dependency = .product(name: "CoreModule", package: "SceneRouter")
/// The UIKit adapter; on Linux, UIKit itself is the library's stand-in, which the app drives as a
/// test would (its animations end when the tour says so).
let uiKit: [Target.Dependency] = [
    .product(name: "SceneRouterUIKit", package: "SceneRouter"),
    .product(
        name: "SceneRouterUIKitStandIn", package: "SceneRouter",
        condition: .when(platforms: [.linux])),
]

let package = Package(
    name: "ArticleApp",
    products: [
        .executable(name: "article-app", targets: ["article-app"])
    ],
    dependencies: [.package(name: "SceneRouter", path: "../..")],
    targets: [
        // The common layer: the screens' base type, which every feature module uses.
        .target(name: "CoreUI", dependencies: [coreModule]),

        // Feature modules: each knows CoreModule and CoreUI, never another feature.
        .target(name: "FeatureA", dependencies: [coreModule, "CoreUI"]),
        .target(name: "FeatureB", dependencies: [coreModule, "CoreUI"]),
        .target(name: "FeatureC", dependencies: [coreModule, "CoreUI"]),

        // The app: registers every scene, plays the article and shows it in a UIKit window.
        .target(
            name: "ArticleApp",
            dependencies: [coreModule, "CoreUI", "FeatureA", "FeatureB", "FeatureC"] + uiKit),
        .executableTarget(name: "article-app", dependencies: ["ArticleApp"]),

        .testTarget(
            name: "ArticleAppTests",
            dependencies: [
                "ArticleApp", "CoreUI", "FeatureA", "FeatureB", "FeatureC", coreModule,
                .product(name: "CoreModuleTesting", package: "SceneRouter"),
            ],
            exclude: ["Fixtures"]),
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
