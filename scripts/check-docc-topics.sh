#!/usr/bin/env bash
# Fails when a DocC catalog leaves a public type out of its topics, naming every such type.
#
#   scripts/check-docc-topics.sh GRAPHS CATALOG...
#
# GRAPHS is a folder of symbol graphs emitted by the compiler (`-emit-symbol-graph`, with
# `-emit-extension-block-symbols`; see the Documentation step of .ci/run). Each CATALOG is a
# `Sources/<Module>/<Module>.docc` folder. For its module, the check reads `<Module>.symbols.json`
# and wants, in a `## Topics` section of one of the catalog's pages:
#   - every public type the module declares (struct, class, enum, protocol, typealias, actor),
#     nested types included (`TreeSnapshot/Screen`);
#   - every public symbol the module adds to a type of another checked module (read from
#     `<Module>@<Other>.symbols.json`), such as CoreModuleTesting's `SceneBuilder.stub(_:)`.
# A topic link may be absolute (``CoreModule/ScreenTree``) or relative to the module or to the
# symbol its page extends (a page titled ``TreeSnapshot`` may list ``Screen``).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 2 ]; then
    echo "usage: $0 SYMBOL_GRAPH_DIR CATALOG.docc..." >&2
    exit 2
fi

python3 - "$@" <<'PYTHON'
import glob, json, os, re, sys

graphs, catalogs = sys.argv[1], sys.argv[2:]
modules = [os.path.basename(os.path.normpath(c)).removesuffix(".docc") for c in catalogs]
type_kinds = {
    "swift.struct": "struct", "swift.class": "class", "swift.enum": "enum",
    "swift.protocol": "protocol", "swift.typealias": "typealias", "swift.actor": "actor",
}
public = {"public", "open"}
link = re.compile(r"``([^`]+)``")
suffix = re.compile(r"^(.+?)-(swift\.[\w.]+|[0-9a-z]{3,6})$")  # DocC's disambiguation suffixes

def normalize(path, module):
    """A link's symbol path, without a leading module name or disambiguation suffixes."""
    parts = [p for p in path.strip("/").removeprefix("documentation/").split("/") if p]
    if parts and parts[0] == module:
        parts = parts[1:]
    return "/".join(suffix.sub(r"\1", p) for p in parts)

def listed(catalog, module):
    """Every symbol path that a `## Topics` section of the catalog links to."""
    paths = set()
    for page in glob.glob(os.path.join(catalog, "**", "*.md"), recursive=True):
        lines = open(page, encoding="utf-8").read().split("\n")
        title = next((l for l in lines if l.startswith("# ")), "")
        match = link.search(title)
        base = normalize(match.group(1), module) if match else ""
        in_topics = False
        for line in lines:
            if line.startswith("## "):
                in_topics = line.strip() == "## Topics"
            elif in_topics:
                for target in link.findall(line):
                    path = normalize(target, module)
                    paths.add(path)
                    if base:
                        paths.add(f"{base}/{path}")
    return paths

problems = 0
for catalog, module in zip(catalogs, modules):
    graph = os.path.join(graphs, f"{module}.symbols.json")
    if not os.path.isfile(graph):
        print(f"docc topics: no symbol graph {graph}; emit it before this check", file=sys.stderr)
        problems += 1
        continue
    wanted = []  # (path, what, where)
    for symbol in json.load(open(graph))["symbols"]:
        kind = type_kinds.get(symbol["kind"]["identifier"])
        if kind and symbol.get("accessLevel") in public:
            where = symbol.get("location", {}).get("uri", "").split(os.getcwd() + "/")[-1]
            wanted.append(("/".join(symbol["pathComponents"]), kind, where))
    for other in modules:
        extension = os.path.join(graphs, f"{module}@{other}.symbols.json")
        if other == module or not os.path.isfile(extension):
            continue
        for symbol in json.load(open(extension))["symbols"]:
            if symbol["kind"]["identifier"] == "swift.extension":
                continue
            if symbol.get("accessLevel") in public:
                where = symbol.get("location", {}).get("uri", "").split(os.getcwd() + "/")[-1]
                path = "/".join([other] + symbol["pathComponents"])
                wanted.append((path, f"added to {other}", where))
    if not wanted:
        print(f"docc topics: {graph} declares no public type; is it the right graph?",
              file=sys.stderr)
        problems += 1
        continue
    have = listed(catalog, module)
    missing = [(path, what, where) for path, what, where in wanted if path not in have]
    for path, what, where in sorted(missing):
        print(f"docc topics: {module}: ``{path}`` ({what}, {where}) is in no topic group of "
              f"{catalog}", file=sys.stderr)
    problems += len(missing)
    if not missing:
        print(f"docc topics: {module}: all {len(wanted)} public types and extension members are in a topic group")

sys.exit(1 if problems else 0)
PYTHON
