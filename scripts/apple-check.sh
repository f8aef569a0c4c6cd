#!/usr/bin/env bash
# The Apple check: type-checks every non-test target of the library, the examples and the iOS
# app against the real iPhoneOS 17.0 and macOS 14.0 SDKs, at the deployment targets the
# manifests declare, with scripts/apple-typecheck.py (see its docstring). Linux checks no
# availability and has no UIKit or SwiftUI: this is what says the code builds where users ship.
#
# Two runs cover every package, since a run type-checks its --deps first:
#   - Examples/ArticleApp for iOS, after the library: CoreModule, CoreModuleTesting,
#     SceneRouterUIKit and the SwiftUI host SceneRouterSwiftUI (iOS 16; the host iOS 17), then the article app, its SwiftUI and UIKit screens and both
#     iOS app shells (iOS 17);
#   - Examples for macOS, after the library: the library and the SwiftUI host (macOS 13), the feature modules, the
#     demo and the other examples (the README's demo must build on a Mac).
#
# The SDKs come from the public snapshot github:itsnebulalol/sdks, which the search tool's fetch
# brings onto the machine (no SDK file is ever committed). Without it, this prints one loud line
# and exits 0: a fresh machine cannot check, and says so.
#
#   scripts/apple-check.sh              # both runs
#   scripts/apple-check.sh ios          # one of them
set -euo pipefail
cd "$(dirname "$0")/.."

if ! status=$(python3 scripts/apple-typecheck.py . --sdk-status); then
    echo "!!! APPLE CHECK NOT RUN: ${status#apple-typecheck: }. iOS and macOS were NOT type-checked; fetch github:itsnebulalol/sdks with the search tool and run scripts/apple-check.sh. !!!"
    exit 0
fi
echo "$status"

runs=("${@:-ios macos}")
status=0
for run in ${runs[*]}; do
    case "$run" in
        ios) package=Examples/ArticleApp ;;
        macos) package=Examples ;;
        *) echo "usage: scripts/apple-check.sh [ios] [macos]" >&2; exit 2 ;;
    esac
    printf '\n--> %s for %s, after the library\n' "$package" "$run"
    python3 scripts/apple-typecheck.py "$package" --platform "$run" --deps . || status=1
done
exit "$status"
