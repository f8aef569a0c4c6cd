#!/usr/bin/env bash
# Checks the module layering the design card fixes, from the package's own description:
#   - the package has no package dependencies;
#   - CoreModule depends on nothing, CoreModuleTesting on CoreModule only;
#   - every other library target under Sources/ is a feature module (FeatureA, FeatureB, and any
#     you add) and depends on CoreModule only, so never on another feature.
# The Swift test `LayeringTests` checks the `import` lines of the sources as well, since SwiftPM
# on Linux may let a module import another that is merely built alongside it.
set -euo pipefail
cd "$(dirname "$0")/.."

swift package describe --type json | python3 -c '
import json, sys

package = json.load(sys.stdin)
targets = {t["name"]: t for t in package["targets"]}
rules = {"CoreModule": set(), "CoreModuleTesting": {"CoreModule"}}
features = sorted(
    name for name, target in targets.items()
    if target.get("path", "").startswith("Sources/") and target.get("type") == "library"
    and name not in rules
)
for name in features:
    rules[name] = {"CoreModule"}
problems = []
if not {"FeatureA", "FeatureB"} <= set(features):
    problems.append(f"the feature modules FeatureA and FeatureB are missing from {features}")

if package.get("dependencies"):
    names = [d.get("identity", d.get("url", "?")) for d in package["dependencies"]]
    problems.append(f"the package must have no package dependencies, but has {names}")

for name, allowed in rules.items():
    target = targets.get(name)
    if target is None:
        problems.append(f"target {name} is missing")
        continue
    deps = set(target.get("target_dependencies") or []) | set(target.get("product_dependencies") or [])
    extra = sorted(deps - allowed)
    if extra:
        problems.append(f"{name} may depend on {sorted(allowed) or 'nothing'}, but depends on {extra}")

if problems:
    for problem in problems:
        print(f"layering: {problem}", file=sys.stderr)
    sys.exit(1)
names = ", ".join(features)
print(f"layering: ok (CoreModule depends on nothing; CoreModuleTesting and the feature modules {names} on CoreModule only; no package dependencies)")
'
