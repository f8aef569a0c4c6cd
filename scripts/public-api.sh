#!/usr/bin/env bash
# Counts the library's public surface: the public and open declarations of each library module.
#
#   scripts/public-api.sh            # one line per module, then the total
#   scripts/public-api.sh --list     # and every declaration, sorted, under its module
#
# Run it in a worktree of another commit (`git worktree add /tmp/old <commit>`, with this script
# copied in) to compare.
#
# What it counts: every symbol the compiler's symbol graph lists at `public` or `open` access,
# declared in the module (its own types and their members, and what it adds to other modules'
# types, such as an extension on `String` or on a CoreModule type):
#   - types, protocols, associated types, typealiases, initializers, methods, properties,
#     subscripts, operators, and each enum case;
#   - a protocol's requirements, and the public members of a protocol extension once, where they
#     are written (a requirement and its default implementation are two declarations);
#   - a type's implementation of a protocol's requirement, when it writes one (`description`).
# Deprecated declarations (forwarding shims kept for one release) are counted, and counted again
# on their own in the `deprecated` column, so that the surface without them is the difference.
# What it leaves out: `package`, internal and `@_spi` symbols; what the compiler synthesizes or
# inherits (the `==`, `hash(into:)` and `Codable` members of a derived conformance, a protocol's
# default implementations seen again on each conforming type, a class's inherited members);
# conformances themselves (`extension X: Sendable`) and extension blocks.
#
# It builds the library in the default `.build` folder and extracts each module's symbol graph
# with `swift-symbolgraph-extract` (seconds on a warm build). The numbers are Linux's:
# `SceneRouterUIKitStandIn` is empty on Apple platforms.
set -euo pipefail
cd "$(dirname "$0")/.."

list=0
case "${1:-}" in
    --list) list=1 ;;
    "") ;;
    *)
        echo "usage: $0 [--list]" >&2
        exit 2
        ;;
esac

# `swift package dump-symbol-graph` also asks for the test modules and fails on them; build the
# library and extract each module's graph instead.
swift build --quiet
bin="$(swift build --show-bin-path)"
graphs="$(mktemp -d)"
trap 'rm -rf "$graphs"' EXIT
for module in CoreModule CoreModuleTesting SceneRouterUIKit SceneRouterUIKitStandIn; do
    swift-symbolgraph-extract -module-name "$module" -target "$(uname -m)-unknown-linux-gnu" \
        -I "$bin/Modules" -module-cache-path "$bin/ModuleCache" -minimum-access-level public \
        -skip-synthesized-members -omit-extension-block-symbols -output-dir "$graphs"
done

python3 - "$graphs" "$list" <<'PYTHON'
import glob, json, os, sys

graphs, show = sys.argv[1], sys.argv[2] == "1"
modules = ["CoreModule", "CoreModuleTesting", "SceneRouterUIKit", "SceneRouterUIKitStandIn"]
public = {"public", "open"}
total, total_deprecated = 0, 0
print(f"{'module':<26}{'public':>7}{'deprecated':>12}")
for module in modules:
    declarations, deprecated = set(), set()
    files = glob.glob(os.path.join(graphs, f"{module}.symbols.json"))
    files += glob.glob(os.path.join(graphs, f"{module}@*.symbols.json"))
    for path in files:
        for symbol in json.load(open(path, encoding="utf-8"))["symbols"]:
            if symbol["accessLevel"] not in public:
                continue
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            if symbol["kind"]["identifier"] == "swift.extension":
                continue
            name = ".".join(symbol["pathComponents"])
            kind = symbol["kind"]["identifier"].removeprefix("swift.")
            declarations.add((name, kind, symbol["identifier"]["precise"]))
            if any(a.get("isUnconditionallyDeprecated") for a in symbol.get("availability", [])):
                deprecated.add(symbol["identifier"]["precise"])
    total += len(declarations)
    total_deprecated += len(deprecated)
    print(f"{module:<26}{len(declarations):>7}{len(deprecated):>12}")
    if show:
        for name, kind, precise in sorted(declarations):
            mark = "  (deprecated)" if precise in deprecated else ""
            print(f"    {kind:<14} {name}{mark}")
print(f"{'total':<26}{total:>7}{total_deprecated:>12}")
PYTHON
