#!/usr/bin/env bash
# Replays docs/getting-started.md step by step, word for word, as a new user would: every file
# it shows is written where it says, every command it shows is run where the user would be, and
# every output it shows is compared with what the command prints. Needs the Swift toolchain and
# python3.
#
# The guide's blocks, in order:
#
#   ```sh                    commands, one a line (a line ending in \ continues on the next);
#                            each runs in the folder the previous `cd` lines lead to. It must
#                            exit 0.
#   ```text                  right after a ```sh block (blank lines only between): exactly what
#                            that block's commands print on standard output.
#   ```swift file PATH       a file the user creates, written at PATH (from the folder that holds
#                            the clone) when the replay reaches it; the paragraph before the
#                            block must name PATH in backticks. Any language works, not only swift.
#
# The replay happens in .build-getting-started/workspace/ (ignored by git), the folder that
# holds the clone. Three commands are not run as written:
#   - `git clone … DIR`: the working tree (without .git and build folders) is copied to DIR
#     instead, so that a change is checked before it is pushed;
#   - `scripts/test.sh`: skipped, since it takes a minute or more and `.ci/run` runs it on the
#     same tree in its Tests step (run it anyway with --full);
#   - `bash .ci/run`: skipped, since `.ci/run` is what runs this check.
# Everything else runs for real, including the app's own build, run and test commands.
#
# Builds are reused between runs: the build folders of the last replay (.build of the clone, of
# its Examples/, of MyApp/) are kept aside and put back when the replay recreates their folder.
# The copy keeps every file's modification time, so SwiftPM rebuilds what changed only.
#
# Usage: scripts/check-getting-started.sh [--full] [--fresh]
#   --full    also run the clone's whole test suite (`scripts/test.sh`)
#   --fresh   drop the kept build folders first, as on a new machine
set -euo pipefail
cd "$(dirname "$0")/.."

python3 - "$@" <<'PYTHON'
import difflib, os, re, shutil, subprocess, sys, time

root = os.getcwd()
guide = "docs/getting-started.md"
state = os.path.join(root, ".build-getting-started")
workspace = os.path.join(state, "workspace")
kept = os.path.join(state, "kept-builds")
options = set(sys.argv[1:])
unknown = options - {"--full", "--fresh"}
if unknown:
    print(f"usage: scripts/check-getting-started.sh [--full] [--fresh] (not {sorted(unknown)})",
          file=sys.stderr)
    sys.exit(2)
full = "--full" in options

def fail(line, message, output=None):
    print(f"{guide}:{line}: error: {message}", file=sys.stderr)
    if output:
        lines = output.rstrip("\n").split("\n")
        if len(lines) > 60:
            lines = [f"… ({len(lines) - 60} lines before)"] + lines[-60:]
        print("\n".join("    " + l for l in lines), file=sys.stderr)
    print("getting started: FAILED; the guide does not work as written at the line above "
          "(conventions: scripts/check-getting-started.sh)", file=sys.stderr)
    sys.exit(1)

# --- Read the guide's blocks. ------------------------------------------------------------------
lines = open(guide, encoding="utf-8").read().split("\n")
opening = re.compile(r"^(\s*)(`{3,})\s*([^`]*)$")
blocks = []  # dicts: line (of the fence), end, kind, path, body, before (its paragraph), adjacent
i = 0
while i < len(lines):
    match = opening.match(lines[i])
    if not match:
        i += 1
        continue
    indent, ticks, info = match.group(1), match.group(2), match.group(3).strip()
    start = i
    i += 1
    while i < len(lines) and lines[i].strip() != ticks:
        i += 1
    if i == len(lines):
        fail(start + 1, f"the block opened here is not closed by {ticks}")
    body = [l[len(indent):] if l.startswith(indent) else l.lstrip() for l in lines[start + 1:i]]
    words = info.split()
    if len(words) >= 2 and words[1] == "file":
        if len(words) != 3:
            fail(start + 1, f"a file block names one path: ```{words[0]} file PATH, not {info!r}")
        kind, path = "file", words[2]
    else:
        kind, path = (words[0] if words else ""), None
    previous = blocks[-1]["end"] if blocks else -1
    between = [l for l in lines[previous + 1:start] if l.strip()]
    # The paragraph before the block (its lines, up to the blank line before it), as one line.
    end = start
    while end > 0 and not lines[end - 1].strip():
        end -= 1
    first = end
    while first > 0 and lines[first - 1].strip() and not lines[first - 1].startswith("```"):
        first -= 1
    before = " ".join(l.strip() for l in lines[first:end])
    blocks.append(dict(line=start + 1, end=i, kind=kind, path=path, body=body,
                       before=before, adjacent=not between))
    i += 1

# --- Check the blocks' conventions before running anything. -------------------------------------
for number, block in enumerate(blocks):
    if block["kind"] == "text":
        previous = blocks[number - 1] if number else None
        if not (previous and previous["kind"] == "sh" and block["adjacent"]):
            fail(block["line"], "a ```text block shows a command's output: put it right after "
                 "the ```sh block that prints it (blank lines only between)")
    if block["kind"] == "file":
        path = block["path"]
        if os.path.isabs(path) or ".." in path.split("/"):
            fail(block["line"], f"a file block's path is relative to the folder that holds the "
                 f"clone, without '..': {path!r}")
        if f"`{path}`" not in block["before"]:
            fail(block["line"], f"the paragraph before this block must tell the reader where the "
                 f"file goes (`{path}`)")

# --- Prepare the workspace, keeping the last replay's build folders aside. ----------------------
if "--fresh" in options:
    shutil.rmtree(state, ignore_errors=True)
os.makedirs(kept, exist_ok=True)
if os.path.isdir(workspace):
    for folder, subfolders, _ in os.walk(workspace):
        if ".build" in subfolders:
            relative = os.path.relpath(os.path.join(folder, ".build"), workspace)
            target = os.path.join(kept, relative.replace(os.sep, "%"))
            shutil.rmtree(target, ignore_errors=True)
            os.rename(os.path.join(folder, ".build"), target)
        subfolders[:] = [s for s in subfolders if not s.startswith(".")]
    shutil.rmtree(workspace)
os.makedirs(workspace)

def restore_builds():
    """Puts a kept build folder back as soon as the replay has recreated the folder it was in."""
    for name in os.listdir(kept):
        target = os.path.join(workspace, name.replace("%", os.sep))
        if os.path.isfile(os.path.join(os.path.dirname(target), "Package.swift")) \
                and not os.path.exists(target):
            os.rename(os.path.join(kept, name), target)

def shown(command):
    """The command as the progress lines show it: without its comment, and cut to fit."""
    command = re.sub(r"\s+#\s.*$", "", command)
    return command if len(command) <= 72 else command[:71] + "…"

def plural(count, noun):
    return f"{count} {noun}" + ("" if count == 1 else "s")

def copy_working_tree(destination):
    ignore = shutil.ignore_patterns(".build*", ".git", ".swiftpm", "Package.resolved")
    shutil.copytree(root, destination, ignore=ignore, symlinks=True)  # copy2: keeps mtimes

# --- Replay. ------------------------------------------------------------------------------------
print(f"getting started: replaying {guide} in {os.path.relpath(workspace, root)}/")
here = workspace
counts = {"commands": 0, "files": 0, "outputs": 0}
skipped = []
started = time.monotonic()
for number, block in enumerate(blocks):
    if block["kind"] == "file":
        target = os.path.join(workspace, block["path"])
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8") as out:
            out.write("\n".join(block["body"]) + "\n")
        counts["files"] += 1
        print(f"  line {block['line']:>3}: wrote {block['path']}")
        restore_builds()
        continue
    if block["kind"] != "sh":
        continue
    following = blocks[number + 1] if number + 1 < len(blocks) else None
    expected = following["body"] if following and following["kind"] == "text" else None
    # Join continued lines; keep each command's line in the guide.
    commands, pending, pending_line = [], "", None
    for offset, text in enumerate(block["body"]):
        line = block["line"] + 1 + offset
        if pending_line is None:
            pending_line = line
        if text.rstrip().endswith("\\"):
            pending += text.rstrip()[:-1] + " "
            continue
        pending += text
        if pending.strip() and not pending.strip().startswith("#"):
            commands.append((pending_line, pending.strip()))
        pending, pending_line = "", None
    printed = ""
    for line, command in commands:
        words = command.split("#")[0].split()
        where = os.path.relpath(here, workspace)
        where = "" if where == "." else where + "/"
        if words[:2] == ["git", "clone"]:
            destination = os.path.normpath(os.path.join(here, words[-1]))
            if os.path.exists(destination):
                fail(line, f"{words[-1]} already exists")
            copy_working_tree(destination)
            restore_builds()
            skipped.append("git clone")
            print(f"  line {line:>3}: {where}$ {shown(command)}\n"
                  f"            (not run: the working tree is copied to {words[-1]}/ instead)")
            continue
        if words and words[0] == "cd":
            if len(words) != 2:
                fail(line, f"`{command}`: a cd line names one folder")
            destination = os.path.normpath(os.path.join(here, words[1]))
            if not os.path.isdir(destination) or not (
                    destination == workspace or destination.startswith(workspace + os.sep)):
                fail(line, f"`{command}`: no such folder, when following the guide "
                     f"(in {where or 'the folder that holds the clone'})")
            here = destination
            print(f"  line {line:>3}: {where}$ {shown(command)}")
            continue
        if words == ["scripts/test.sh"] and not full:
            skipped.append("scripts/test.sh")
            print(f"  line {line:>3}: {where}$ {shown(command)}\n"
                  "            (not run: it takes a minute or more, and .ci/run runs it on this "
                  "tree in its Tests step; --full runs it)")
            continue
        if words == ["bash", ".ci/run"]:
            skipped.append("bash .ci/run")
            print(f"  line {line:>3}: {where}$ {shown(command)}\n"
                  "            (not run: .ci/run is what runs this check)")
            continue
        began = time.monotonic()
        result = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=here,
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        counts["commands"] += 1
        if result.returncode != 0:
            written = ", ".join(dict.fromkeys(b["path"] for b in blocks[:number]
                                              if b["kind"] == "file"))
            fail(line, f"`{command}` (in {where or 'the folder that holds the clone'}) exited "
                 f"with status {result.returncode}; the files the guide has created so far: "
                 f"{written or 'none'}; what the command printed:",
                 result.stdout + result.stderr)
        print(f"  line {line:>3}: {where}$ {shown(command)}  "
              f"({time.monotonic() - began:.1f} s)")
        printed += result.stdout
        restore_builds()
    if expected is not None:
        wanted = "\n".join(expected).rstrip("\n")
        if printed.rstrip("\n") != wanted:
            got = printed.rstrip("\n").split("\n")
            text = "\n".join(difflib.unified_diff(
                wanted.split("\n"), got, f"the guide (line {following['line'] + 1})",
                "what it printed", lineterm=""))
            fail(following["line"], "the output differs from the guide's ```text block "
                 f"(the commands at line {block['line'] + 1}):", text)
        counts["outputs"] += 1
        print(f"  line {following['line']:>3}: the output matches the guide")

note = ("; not run: " + ", ".join(dict.fromkeys(skipped))) if skipped else ""
print(f"getting started: ok ({plural(counts['commands'], 'command')} run, "
      f"{plural(counts['files'], 'file')} written, {plural(counts['outputs'], 'output')} compared, "
      f"in {time.monotonic() - started:.0f} s{note})")
PYTHON
