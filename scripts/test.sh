#!/usr/bin/env bash
# Runs every test of every package, from a fresh clone: the library, the examples (the demo's
# transcripts, the feature modules, the layering) and the article's app, which depends on the
# library the way an app does. SwiftPM builds whatever is needed first; nothing else to install.
#
#   scripts/test.sh                   # every package
#   scripts/test.sh --filter Deep     # any `swift test` arguments, passed to each package
set -euo pipefail
cd "$(dirname "$0")/.."

for package in . Examples Examples/ArticleApp; do
    if [ -f "$package/Package.swift" ]; then
        printf '\n==> swift test --package-path %s\n' "$package"
        swift test --package-path "$package" "$@"
    fi
done
