#!/usr/bin/env bash
# Compiles every Swift code block of README.md, docs/*.md and docs/contributing/*.md against the
# package, so that the documentation cannot drift from the API. Needs the Swift toolchain and
# python3.
#
# The info string after ```swift says how a block is checked:
#
#   ```swift            a program: the block is the main.swift of an executable of its own, so
#                       it has top-level statements and declarations, and its own imports.
#   ```swift fragment   statements that use names from the file's setup: wrapped in
#                       `@MainActor func …() async throws { … }`, compiled with the file's setup
#                       blocks and with CoreModule, CoreModuleTesting, FeatureA, FeatureB,
#                       Foundation and Testing imported. Programs may also import the UIKit
#                       adapter, SceneRouterUIKit, and its Linux stand-in for UIKit.
#   ```swift setup      shown in the doc, and compiled as top-level code before the file's
#                       fragments (declarations and `let`s they share).
#   <!-- swift setup    hidden setup: the same, inside an HTML comment that GitHub does not
#   …                   show; the comment ends with a line holding only -->.
#   -->
#   ```swift apple      Apple-only code (UIKit, SwiftUI): not compiled. The nearest non-blank
#                       line before the block must say so (it must contain "Apple").
#   ```swift manifest   an excerpt of a Package.swift: not compiled here.
#   ```swift module M   a file of the module M, which the file's programs and fragments may
#                       import (a guide's own feature module); M ending in "Tests" is a test
#                       target. The blocks of one module, in any file, are compiled together.
#   ```swift from PATH  a quote of PATH (from the repository's root), such as the iOS app's
#                       code, which the Apple check compiles (scripts/apple-check.sh): not
#                       compiled here; the block's lines must be lines of that file, in order and
#                       contiguous, with the same relative indentation.
#   ```swift file PATH  a file that docs/getting-started.md has the reader create at PATH, in an
#                       app package of their own: not compiled here, since
#                       scripts/check-getting-started.sh writes it there and builds, runs and
#                       tests that package as the guide says. Allowed in that guide only.
#
# Errors are reported at the doc's own line (the generated code carries #sourceLocation), with
# the line of the block they are in. The generated package lives in .build-snippets/ (ignored).
#
# Usage: scripts/check-doc-snippets.sh [FILE.md ...]
#        (default: README.md, docs/*.md and docs/contributing/*.md)
set -euo pipefail
cd "$(dirname "$0")/.."

python3 - "$@" <<'PYTHON'
import os, re, shutil, subprocess, sys

root = os.getcwd()
files = sys.argv[1:] or ["README.md"] + sorted(
    os.path.join(folder, name) for folder in ("docs", "docs/contributing")
    for name in os.listdir(folder) if name.endswith(".md"))
package_dir = os.path.join(root, ".build-snippets")
kinds = {"", "fragment", "setup", "apple", "manifest", "module", "file", "from"}
replayed = "docs/getting-started.md"  # the guide scripts/check-getting-started.sh replays
fence = re.compile(r"^(\s*)```swift\b(.*)$")
problems = []
blocks = []  # (file, first code line, kind, lines, module)

def shape(lines):
    """Lines as (indentation relative to the first non-blank line, text), blank lines as ''."""
    base = next((len(l) - len(l.lstrip()) for l in lines if l.strip()), 0)
    return [(len(l) - len(l.lstrip()) - base, l.strip()) if l.strip() else (0, "") for l in lines]

def quote_problem(source, body):
    """Why `body` is not a contiguous run of lines of `source`, or None when it is."""
    if not os.path.isfile(source):
        return "names no file"
    text = open(source, encoding="utf-8").read().split("\n")
    want = shape(body)
    if not any(l.strip() for l in body):
        return "is empty"
    for start in range(len(text) - len(body) + 1):
        if text[start].strip() == body[0].strip() and shape(text[start:start + len(body)]) == want:
            return None
    return "does not match the file: copy the lines again"

def read_blocks(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.strip() == "<!-- swift setup":
            start = i + 1
            i += 1
            while i < len(lines) and lines[i].strip() != "-->":
                i += 1
            if i == len(lines):
                problems.append(f"{path}:{start}: hidden setup is not closed by a line '-->'")
            blocks.append((path, start + 1, "setup", lines[start:i], None))
            i += 1
            continue
        match = fence.match(line)
        if not match:
            if line.lstrip().startswith("```swift"):
                problems.append(f"{path}:{i + 1}: unreadable fence {line.strip()!r}")
            i += 1
            continue
        indent, info = match.group(1), match.group(2).strip()
        kind = info.strip("{} ")
        if re.fullmatch(r"module [A-Za-z_][A-Za-z0-9_]*", kind):
            kind, module = "module", kind.split()[1]
        elif re.fullmatch(r"from \S+", kind):
            kind, module = "from", kind.split()[1]
        elif re.fullmatch(r"file \S+", kind):
            kind, module = "file", None
            if os.path.normpath(path) != replayed:
                problems.append(
                    f"{path}:{i + 1}: a ```swift file block is checked by replaying its guide "
                    f"(scripts/check-getting-started.sh), which only {replayed} is; use "
                    "```swift module M here")
        else:
            module = None
        if kind not in kinds:
            problems.append(
                f"{path}:{i + 1}: unknown snippet kind {info!r}; use one of "
                "fragment, setup, apple, manifest, module M, file PATH, from PATH, or nothing")
        start = i + 1
        i += 1
        while i < len(lines) and lines[i].strip() != "```":
            i += 1
        if i == len(lines):
            problems.append(f"{path}:{start}: the ```swift block is not closed")
        body = [l[len(indent):] if l.startswith(indent) else l.lstrip() for l in lines[start:i]]
        if kind == "from":
            problem = quote_problem(module, body)
            if problem:
                problems.append(f"{path}:{start}: the quote of {module} {problem}")
        if kind == "apple":
            before = next((l for l in reversed(lines[:start - 1]) if l.strip()), "")
            if "Apple" not in before:
                problems.append(
                    f"{path}:{start}: an Apple-only block must follow a line that says so "
                    "(containing \"Apple\")")
        blocks.append((path, start + 1, kind, body, module))
        i += 1

for path in files:
    if not os.path.exists(path):
        problems.append(f"{path}: no such file")
        continue
    read_blocks(path)

if problems:
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    sys.exit(1)

def module_name(path, suffix=""):
    base = re.sub(r"[^A-Za-z0-9]", "_", os.path.splitext(path)[0])
    return f"Snippets_{base}{suffix}"

def located(path, line, body):
    return [f'#sourceLocation(file: "{path}", line: {line})'] + body + ["#sourceLocation()"]

default_imports = ["CoreModule", "CoreModuleTesting", "FeatureA", "FeatureB", "Foundation", "Testing"]
targets = {}  # name -> main.swift text
modules = {}  # name -> [file text]
index = []    # (file, first line, last line, kind)
for path in files:
    mine = [b for b in blocks if b[0] == path]
    shared_setup, fragments = [], []
    for number, (_, line, kind, body, module) in enumerate(mine):
        index.append((path, line, line + len(body) - 1, kind or "program"))
        if kind == "module":
            modules.setdefault(module, []).append(
                "\n".join(located(path, line, body)) + "\n")
        elif kind == "":
            targets[module_name(path, f"_{line}")] = "\n".join(located(path, line, body)) + "\n"
        elif kind == "setup":
            shared_setup += located(path, line, body)
        elif kind == "fragment":
            imports = [l for l in body if re.match(r"^\s*import\s", l)]
            code = ["" if l in imports else l for l in body]
            fragments.append((line, code, imports))
    if shared_setup or fragments:
        imports = set(default_imports)
        for _, _, extra in fragments:
            imports.update(l.split()[-1] for l in extra)
        text = [f"import {name}" for name in sorted(imports)]
        text += shared_setup
        for line, code, _ in fragments:
            text.append(f"@MainActor func fragment_line_{line}() async throws {{")
            text += located(path, line, code)
            text.append("}")
        targets[module_name(path)] = "\n".join(text) + "\n"

if os.path.isdir(package_dir):
    for entry in os.listdir(package_dir):
        if entry != ".build":
            full = os.path.join(package_dir, entry)
            shutil.rmtree(full) if os.path.isdir(full) else os.remove(full)
os.makedirs(package_dir, exist_ok=True)
products = ", ".join(
    [f'.product(name: "{name}", package: "SceneRouter")'
     for name in ["CoreModule", "CoreModuleTesting", "SceneRouterUIKit", "SceneRouterUIKitStandIn"]] +
    [f'.product(name: "{name}", package: "SceneRouterExamples")'
     for name in ["FeatureA", "FeatureB"]])
manifest = [
    "// swift-tools-version: 6.2",
    "// Generated by scripts/check-doc-snippets.sh: every Swift block of the docs, compiled.",
    "import PackageDescription",
    "",
    "let package = Package(",
    '    name: "DocSnippets",',
    '    platforms: [.iOS(.v16), .macCatalyst(.v16), .macOS(.v13)],',
    '    dependencies: [',
    '        .package(name: "SceneRouter", path: ".."),',
    '        .package(name: "SceneRouterExamples", path: "../Examples"),',
    '    ],',
    "    targets: [",
]
for name, text in sorted(targets.items()):
    os.makedirs(os.path.join(package_dir, "Sources", name))
    with open(os.path.join(package_dir, "Sources", name, "main.swift"), "w") as out:
        out.write(text)
    libraries = "".join(f', "{m}"' for m in sorted(modules) if not m.endswith("Tests"))
    manifest.append(
        f'        .executableTarget(name: "{name}", dependencies: [{products}{libraries}]),')
for name, texts in sorted(modules.items()):
    os.makedirs(os.path.join(package_dir, "Sources", name))
    for number, text in enumerate(texts):
        with open(os.path.join(package_dir, "Sources", name, f"Block{number + 1}.swift"), "w") as out:
            out.write(text)
    kind = "testTarget" if name.endswith("Tests") else "target"
    others = "".join(
        f', "{m}"' for m in sorted(modules) if name.endswith("Tests") and not m.endswith("Tests"))
    manifest.append(
        f'        .{kind}(name: "{name}", dependencies: [{products}{others}], '
        f'path: "Sources/{name}"),')
manifest += ["    ],", "    swiftLanguageModes: [.v6]", ")", ""]
with open(os.path.join(package_dir, "Package.swift"), "w") as out:
    out.write("\n".join(manifest))

counts = {}
for _, _, _, kind in index:
    counts[kind] = counts.get(kind, 0) + 1
summary = ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))
print(f"doc snippets: {len(index)} Swift blocks in {len(files)} files ({summary}); "
      f"compiling {len(targets) + len(modules)} targets")
if not targets and not modules:
    sys.exit(0)

def swift_build(*extra):
    return subprocess.run(
        ["swift", "build", "--package-path", package_dir,
         "--scratch-path", os.path.join(package_dir, ".build"), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

build = swift_build("--build-tests")
if build.returncode == 0:
    print("doc snippets: ok (every Swift block compiles)")
    sys.exit(0)

# A build stops at the first target that fails: build each one to report every error.
output = build.stdout
for name in sorted(targets) + sorted(modules):
    output += swift_build("--target", name).stdout

diagnostic = re.compile(r"^(.*?):(\d+):(\d+): error: (.*)$")
seen = set()
for line in output.splitlines():
    match = diagnostic.match(line)
    if not match:
        continue
    path, number, column, message = match.group(1), int(match.group(2)), match.group(3), match.group(4)
    path = os.path.relpath(path, root) if os.path.isabs(path) else path
    if (path, number, column, message) in seen:
        continue
    seen.add((path, number, column, message))
    block = next((b for b in index if b[0] == path and b[1] <= number <= b[2]), None)
    where = f" (in the {block[3]} block at line {block[1] - 1})" if block else ""
    print(f"{path}:{number}:{column}: error: {message}{where}", file=sys.stderr)
if not seen:
    print(output, file=sys.stderr)
print("doc snippets: FAILED; fix the blocks above (conventions: scripts/check-doc-snippets.sh)",
      file=sys.stderr)
sys.exit(1)
PYTHON
