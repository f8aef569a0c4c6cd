#!/usr/bin/env bash
# Checks the module layering the design card fixes, from the packages' own descriptions:
#   - the root package is the library alone: it declares CoreModule, CoreModuleTesting, the UIKit
#     adapter SceneRouterUIKit, its stand-in SceneRouterUIKitStandIn, the SwiftUI host
#     SceneRouterSwiftUI and test targets, nothing else (an app that depends on it may have a `FeatureA` or a `demo` of its
#     own, and SwiftPM needs target names to be unique across the app's whole package graph);
#   - no package has a package dependency but the library itself, by path;
#   - CoreModule depends on nothing, CoreModuleTesting on CoreModule only, SceneRouterUIKit on
#     CoreModule and (on Linux) SceneRouterUIKitStandIn, the stand-in on nothing, the SwiftUI
#     host on CoreModule only;
#   - in the examples package, every library target but the app (DemoApp) and the flow examples
#     is a feature module (FeatureA, FeatureB, and any you add: nothing to list here) and
#     depends on CoreModule only, so never on another feature.
# The Swift test `LayeringTests` (in Examples/) checks the `import` lines of the sources as well,
# since SwiftPM on Linux may let a module import another that is merely built alongside it.
set -euo pipefail
cd "$(dirname "$0")/.."

describe() { swift package describe --package-path "$1" --type json; }

python3 - <(describe .) <(describe Examples) <(describe Benchmarks) <(describe Fuzz) <<'PYTHON'
import json, os, sys

root, examples, *others = (json.load(open(path)) for path in sys.argv[1:])
problems = []

def deps(target):
    return set(target.get("target_dependencies") or []) | set(target.get("product_dependencies") or [])

# The root package: the library alone.
library = {
    "CoreModule": set(),
    "CoreModuleTesting": {"CoreModule"},
    "SceneRouterUIKit": {"CoreModule", "SceneRouterUIKitStandIn"},
    "SceneRouterUIKitStandIn": set(),
    "SceneRouterSwiftUI": {"CoreModule"},
}
for target in root["targets"]:
    name = target["name"]
    if target.get("type") == "test":
        continue
    if name not in library:
        problems.append(
            f"the root package declares {name!r}; it must declare the library alone "
            f"({', '.join(sorted(library))} and test targets), so that an app with a module of "
            "that name can depend on it: move it to a nested package (Examples/, Benchmarks/, Fuzz/)")
        continue
    extra = sorted(deps(target) - library[name])
    if extra:
        problems.append(f"{name} may depend on {sorted(library[name]) or 'nothing'}, but depends on {extra}")
for name in library:
    if name not in {t["name"] for t in root["targets"]}:
        problems.append(f"the root package has no target {name}")

# No package dependencies, but the library by path.
if root.get("dependencies"):
    problems.append(f"the root package must have no package dependencies, but has {root['dependencies']}")
for package in [examples] + others:
    for dependency in package.get("dependencies") or []:
        if dependency.get("type") != "fileSystem" or os.path.realpath(dependency.get("path", "")) != os.path.realpath(root["path"]):
            problems.append(f"{package['name']} may depend on the library by path only, but depends on {dependency}")

# The examples: the app, the flow examples, and feature modules that know CoreModule only.
app = {
    # The script mode waits for a held link's opening with CoreModuleTesting's test hook.
    "DemoApp": {"CoreModule", "CoreModuleTesting", "FeatureA", "FeatureB"},
    "FlowExamples": {"CoreModule"},
}
targets = {t["name"]: t for t in examples["targets"]}
features = sorted(
    name for name, target in targets.items()
    if target.get("type") == "library" and name not in app)
if not {"FeatureA", "FeatureB"} <= set(features):
    problems.append(f"the feature modules FeatureA and FeatureB are missing from {features}")
rules = dict(app, **{name: {"CoreModule"} for name in features})
for name, allowed in rules.items():
    target = targets.get(name)
    if target is None:
        problems.append(f"target {name} is missing from the examples package")
        continue
    extra = sorted(deps(target) - allowed)
    if extra:
        problems.append(f"{name} may depend on {sorted(allowed)}, but depends on {extra}")

if problems:
    for problem in problems:
        print(f"layering: {problem}", file=sys.stderr)
    sys.exit(1)
print("layering: ok (the root package declares the library alone; CoreModule depends on nothing; "
      "SceneRouterUIKit on CoreModule and its stand-in; "
      f"CoreModuleTesting and the feature modules {', '.join(features)} on CoreModule only; "
      "no package dependencies but the library by path)")
PYTHON
