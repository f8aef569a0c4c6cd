// swift-tools-version: 6.2
// The original article's example app, laid out as the article lays it out: a common layer at the
// bottom (CoreUI, over the router's CoreModule), feature modules side by side above it (FeatureA,
// FeatureB, FeatureC, which never import each other), and the app on top, the only module that
// knows them all. It depends on the library the way an app does, by its products alone, and has
// modules named `FeatureA` and `CoreUI` of its own: the check that an app's module names can
// never collide with the package's. Each feature module's screens give their own SwiftUI view
// (through the `SceneRouterSwiftUI` product, which is empty where SwiftUI does not exist), so the
// modules build, and the layering tests and the tour run, on Linux too.
//
//   swift run --package-path Examples/ArticleApp article-app    # plays the article
//   swift test --package-path Examples/ArticleApp               # its transcript, its layering

import PackageDescription

/// The library, by its manifest's name (a path dependency's identity is its folder's name, which
/// depends on where the repository was cloned).
let coreModule: Target.Dependency = .product(name: "CoreModule", package: "SceneRouter")
/// The SwiftUI host, and `SwiftUIScreen`, which a screen adopts to give its own view; an empty
/// module where SwiftUI does not exist (Linux).
let swiftUIHost: Target.Dependency = .product(name: "SceneRouterSwiftUI", package: "SceneRouter")
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
    // The iOS app's minimum: its SwiftUI shell shows the tree through the library's
    // NavigationHost, which needs iOS 17 (@Observable); the library itself asks for iOS 16.
    platforms: [.iOS(.v17), .macCatalyst(.v17), .macOS(.v14)],
    products: [
        .executable(name: "article-app", targets: ["article-app"]),
        // What the iOS app's Xcode project (iOS/ArticleApp.xcodeproj) links: the app's logic,
        // and the screens' base type, which gives UIKit a screen's view controller and SwiftUI
        // the window's coordinator.
        .library(name: "ArticleApp", targets: ["ArticleApp"]),
        .library(name: "CoreUI", targets: ["CoreUI"]),
    ],
    dependencies: [.package(name: "SceneRouter", path: "../..")],
    targets: [
        // The common layer: the screens' base type, which every feature module uses, and the
        // page each screen draws in SwiftUI (on iOS, hosted in a view controller for UIKit).
        .target(name: "CoreUI", dependencies: [coreModule, swiftUIHost]),

        // Feature modules: each knows CoreModule and CoreUI, never another feature; each
        // screen gives its own SwiftUI view where SwiftUI exists.
        .target(name: "FeatureA", dependencies: [coreModule, "CoreUI", swiftUIHost]),
        .target(name: "FeatureB", dependencies: [coreModule, "CoreUI", swiftUIHost]),
        .target(name: "FeatureC", dependencies: [coreModule, "CoreUI", swiftUIHost]),

        // The app: registers every scene (its own iPad sidebar too), plays the article and
        // shows it in a UIKit window.
        .target(
            name: "ArticleApp",
            dependencies: [coreModule, "CoreUI", "FeatureA", "FeatureB", "FeatureC", swiftUIHost]
                + uiKit),
        .executableTarget(name: "article-app", dependencies: ["ArticleApp"]),

        // The two iOS app shells the Xcode project builds (iOS only; empty elsewhere): the
        // SwiftUI one shows the library's NavigationHost, the UIKit one the library's adapter;
        // neither draws a screen or a navigation container of its own. They are targets here
        // too, so that the Apple check (scripts/apple-check.sh) type-checks every line the app
        // runs; named `…Shell`, so that their module names never clash with the Xcode
        // project's app targets.
        .target(
            name: "ArticleSwiftUIAppShell",
            dependencies: [coreModule, "ArticleApp", "CoreUI", swiftUIHost],
            path: "iOS/ArticleSwiftUIApp"),
        .target(
            name: "ArticleUIKitAppShell",
            dependencies: [
                coreModule, "ArticleApp", "CoreUI",
                .product(name: "SceneRouterUIKit", package: "SceneRouter"),
            ],
            path: "iOS/ArticleUIKitApp"),
        // The minimal apps the integration guides start with (iOS only; empty elsewhere): the
        // library's API alone, no module of the article. Type-checked by the Apple check.
        .target(
            name: "MinimalUIKitApp",
            dependencies: [coreModule, .product(name: "SceneRouterUIKit", package: "SceneRouter")],
            path: "iOS/MinimalUIKitApp"),
        .target(
            name: "MinimalSwiftUIApp",
            dependencies: [
                coreModule, .product(name: "SceneRouterSwiftUI", package: "SceneRouter"),
            ],
            path: "iOS/MinimalSwiftUIApp"),

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
