#!/usr/bin/env python3
"""Type-checks a Swift package's non-test targets for Apple platforms, from Linux, against real
Apple SDKs (iPhoneOS 17.0 and macOS 14.0 from a public SDK snapshot fetched with the search
tool: github:itsnebulalol/sdks, mirrored at $MIRROR_ROOT/itsnebulalol+sdks/repo).

usage: apple-typecheck.py PACKAGE_DIR [--platform ios|macos] [--deps DIR...]
       apple-typecheck.py . --sdk-status

- The deployment target is what the package declares (platforms:), else SwiftPM's default
  (iOS 12.0, macOS 10.13): exactly what an app that depends on the package gets.
- Targets are compiled in dependency order (swift package describe); products of path
  dependencies (--deps, e.g. the root package for Examples/) are compiled first.
- The SDKs were built with Swift 5.9, the compiler here is 6.3: some errors are artefacts of
  that gap (Swift 6 stdlib additions, Observation macro roles, isolated deinit's runtime entry
  point). They are counted apart as 'sdk-vintage' and do not fail the check. Every other error
  (availability, a missing UIKit/SwiftUI API, a platform condition) is real.
Exit 0 when no real error; prints 'apple-typecheck: ...' last.

This is the project's copy of ../shared/tools/apple-typecheck.py, with two fixes:
- SwiftUI: the 17.0/14.0 SDKs' SwiftUI interface does not build with a Swift 6.3 compiler
  (availability rules that 6.3 enforces inside the SDK's own declarations, and an os_log
  interpolation in an inlinable body), so nothing that imports SwiftUI could be checked. The
  interface is built with `-disable-availability-checking -experimental-skip-all-function-bodies`
  added to its own module flags: that changes how the SDK's interface is compiled, never how the
  package's code is checked (its calls into SwiftUI are still checked against SwiftUI's
  declared availability).
- The mirror is also looked for in /work/.mirror, where the search tool's fetch leaves it, so
  that a clone in another folder (CI's) finds it.
"""
import json, os, re, subprocess, sys, shutil, argparse

import tempfile
def find_mirror():
    """$MIRROR_ROOT, else the first folder named .mirror above this script or the current one
    that holds the SDK snapshot (the search tool's fetch leaves <owner>+<name>/repo there)."""
    if os.environ.get("MIRROR_ROOT"):
        return os.environ["MIRROR_ROOT"]
    for start in (os.path.dirname(os.path.abspath(__file__)), os.getcwd()):
        d = start
        while True:
            m = os.path.join(d, ".mirror")
            if os.path.isdir(os.path.join(m, "itsnebulalol+sdks")):
                return m
            if os.path.dirname(d) == d:
                break
            d = os.path.dirname(d)
    if os.path.isdir("/work/.mirror/itsnebulalol+sdks"):
        return "/work/.mirror"
    return os.path.join(os.getcwd(), ".mirror")


MIRROR = find_mirror()
WORK = os.environ.get("APPLE_SDK_WORK", os.path.join(tempfile.gettempdir(), "apple-sdk"))
TOOLCHAIN_LIB = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(shutil.which("swiftc") or "/usr/bin/swiftc"))), "lib", "swift")
PLUGINS = os.path.join(TOOLCHAIN_LIB, "host", "plugins")
SDKS = {"ios": "iPhoneOS17.0.sdk", "macos": "macOS14.0.sdk"}
DEFAULT_MIN = {"ios": "12.0", "macos": "10.13"}
TRIPLE = {"ios": "arm64-apple-ios{v}", "macos": "arm64-apple-macos{v}"}
ARTEFACTS = [
    r"swift_task_deinitOnExecutor",
    r"macro expansion @Observable|ObservationTracked|cannot find type '_\w+' in scope",
    r"thrown expression type 'any Error' cannot be converted to error type",
    r"'assumeIsolated\(_:file:line:\)' is only available",
    r"no exact matches in call to initializer",
    r"static property 'arguments' is not concurrency-safe",  # CommandLine.arguments before the Swift 6 stdlib  # String(validating:as:) and friends (Swift 6 stdlib)
]
OS_APINOTES = """Name: os
Typedefs:
- Name: os_log_type_t
  SwiftName: OSLogType
- Name: os_trace_payload_t
  Availability: nonswift
- Name: os_log_t
  Availability: nonswift
- Name: os_signpost_type_t
  SwiftName: OSSignpostType
Classes:
- Name: OS_os_log
  SwiftName: OSLog
Enumerators:
""" + "".join(f"- Name: {n}\n  SwiftPrivate: true\n" for n in [
    "OS_LOG_TYPE_DEFAULT", "OS_LOG_TYPE_INFO", "OS_LOG_TYPE_DEBUG", "OS_LOG_TYPE_ERROR",
    "OS_LOG_TYPE_FAULT", "OS_SIGNPOST_INTERVAL_BEGIN", "OS_SIGNPOST_INTERVAL_END", "OS_SIGNPOST_EVENT"]) + \
"Functions:\n" + "".join(f"- Name: {n}\n  SwiftPrivate: true\n" for n in [
    "_os_log_impl", "_os_log_error_impl", "_os_log_fault_impl", "_os_log_sensitive_deprecated",
    "_os_trace_with_buffer", "os_log_is_enabled", "_os_log_create", "os_log_is_debug_enabled",
    "os_signpost_enabled", "_os_signpost_emit_with_name_impl"]) + \
"- Name: os_log_type_enabled\n  SwiftName: 'OSLog.isEnabled(self:type:)'\n" \
"- Name: os_log_create\n  SwiftName: 'OSLog.init(__subsystem:category:)'\n  SwiftPrivate: true\n  NullabilityOfRet: N\n"


def setup(platform):
    sdk = os.path.join(WORK, SDKS[platform])
    if not os.path.isdir(sdk):
        repo = os.path.join(MIRROR, "itsnebulalol+sdks", "repo")
        if not os.path.isdir(repo):
            sys.exit(f"apple-typecheck: no SDK mirror at {repo}: fetch github:itsnebulalol/sdks first")
        os.makedirs(WORK, exist_ok=True)
        subprocess.run(["git", f"--git-dir={repo}", f"--work-tree={WORK}", "checkout", "HEAD", "--", SDKS[platform]],
                       stderr=subprocess.DEVNULL)
        inc = os.path.join(sdk, "usr", "include")
        lx = os.path.join(inc, "libxml")  # a symlink in the real SDK, a copy in the snapshot
        if os.path.isdir(lx) and not os.path.islink(lx):
            shutil.rmtree(lx); os.symlink("libxml2/libxml", lx)
        open(os.path.join(inc, "os.apinotes"), "w").write(OS_APINOTES)
        # The Observation macros' roles as the compiler's own plugin (6.x) implements them.
        obs = os.path.join(sdk, "usr", "lib", "swift", "Observation.swiftmodule")
        for name in os.listdir(obs) if os.path.isdir(obs) else []:
            if not name.endswith(".swiftinterface"): continue
            path = os.path.join(obs, name); text = open(path).read()
            text = re.sub(r"@attached\(member, names: named\(_\$observationRegistrar\), named\(access\), named\(withMutation\), arbitrary\) @attached\(memberAttribute\) @attached\(conformance\) public macro Observable",
                          "@attached(member, names: named(_$observationRegistrar), named(access), named(withMutation), named(shouldNotifyObservers)) @attached(memberAttribute) @attached(extension, conformances: Observable) public macro Observable", text)
            text = text.replace("@attached(accessor) public macro ObservationTracked",
                                "@attached(accessor, names: named(init), named(get), named(set), named(_modify)) @attached(peer, names: prefixed(`_`)) public macro ObservationTracked")
            text = text.replace("@attached(accessor) public macro ObservationIgnored",
                                "@attached(accessor, names: named(willSet)) public macro ObservationIgnored")
            open(path, "w").write(text)
    # SwiftUI's interface, built as the SDK's compiler would have: see the docstring.
    for root, _, names in os.walk(os.path.join(sdk, "System", "Library", "Frameworks", "SwiftUI.framework")):
        for name in names:
            if not name.endswith(".swiftinterface"): continue
            path = os.path.join(root, name); lines = open(path).read().split("\n")
            for i, line in enumerate(lines[:8]):
                if line.startswith("// swift-module-flags:") and "-disable-availability-checking" not in line:
                    lines[i] = line + " -disable-availability-checking -experimental-skip-all-function-bodies"
                    open(path, "w").write("\n".join(lines))
                    break
    res = os.path.join(WORK, "res")
    if not os.path.isdir(res):
        os.makedirs(res)
        for d in ("clang", "shims"):
            os.symlink(os.path.join(TOOLCHAIN_LIB, d), os.path.join(res, d))
    return sdk, res


def describe(pkg):
    out = subprocess.run(["swift", "package", "--package-path", pkg, "describe", "--type", "json"],
                         capture_output=True, text=True)
    return json.loads(out.stdout)


def order(targets):
    byname = {t["name"]: t for t in targets}
    done, seq = set(), []
    def visit(n):
        if n in done or n not in byname: return
        done.add(n)
        for d in byname[n].get("target_dependencies", []) or []: visit(d)
        seq.append(byname[n])
    for t in targets: visit(t["name"])
    return seq


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("package"); ap.add_argument("--platform", default="ios", choices=["ios", "macos"])
    ap.add_argument("--deps", nargs="*", default=[]); ap.add_argument("--skip", nargs="*", default=[])
    ap.add_argument("--min", default=None, help="override the deployment target")
    ap.add_argument("--sdk-status", action="store_true",
                    help="only say whether the SDKs can be had (exit 0) or not (exit 3)")
    a = ap.parse_args()
    if a.sdk_status:
        repo = os.path.join(MIRROR, "itsnebulalol+sdks", "repo")
        ready = all(os.path.isdir(os.path.join(WORK, s)) for s in SDKS.values())
        if ready or os.path.isdir(repo):
            print(f"apple-typecheck: SDKs from {WORK if ready else repo}")
            sys.exit(0)
        print(f"apple-typecheck: no SDK snapshot at {repo} and none unpacked in {WORK}")
        sys.exit(3)
    sdk, res = setup(a.platform)
    out = os.path.join(WORK, "out-" + a.platform + "-" + os.path.basename(os.path.abspath(a.package)))
    shutil.rmtree(out, ignore_errors=True); os.makedirs(out)
    real, vintage, checked, report = [], 0, [], []
    for pkg in a.deps + [a.package]:
        d = describe(pkg)
        plats = {p["name"]: p["version"] for p in d.get("platforms", [])}
        version = a.min or plats.get(a.platform, DEFAULT_MIN[a.platform])
        triple = TRIPLE[a.platform].format(v=version)
        for t in order([t for t in d["targets"] if t["type"] in ("library", "executable")]):
            if t["name"] in a.skip or t["name"].endswith("StandIn"): continue
            files = []
            for root, _, names in os.walk(os.path.join(d["path"], t["path"])):
                files += [os.path.join(root, n) for n in names if n.endswith(".swift")]
            if not files: continue
            flags = ["-target", triple, "-sdk", sdk, "-resource-dir", res, "-module-cache-path", os.path.join(WORK, "mc"),
                     "-swift-version", "6", "-package-name", d["name"], "-I", out,
                     "-plugin-path", PLUGINS, "-module-name", t["name"].replace("-", "_")]
            for f in ("ExistentialAny", "InternalImportsByDefault", "MemberImportVisibility"):
                flags += ["-enable-upcoming-feature", f]
            if t["type"] == "library" or len(files) > 1 and not any(f.endswith("main.swift") for f in files):
                flags.append("-parse-as-library")
            tc = subprocess.run(["swiftc", "-typecheck", "-continue-building-after-errors"] + flags + files, capture_output=True, text=True)
            emit = ["swiftc", "-emit-module", "-Xfrontend", "-experimental-skip-non-inlinable-function-bodies",
                    "-emit-module-path", os.path.join(out, t["name"].replace("-", "_") + ".swiftmodule")] + flags
            # The interface alone (bodies skipped) for the targets that import this one; an
            # `isolated deinit` needs a runtime entry point the 17.0 SDK lacks: a plain deinit
            # has the same interface.
            shadow = os.path.join(out, "shadow", t["name"]); os.makedirs(shadow, exist_ok=True)
            emitted = []
            for i, f in enumerate(files):
                text = open(f).read()
                if "isolated deinit" in text:
                    f = os.path.join(shadow, f"{i}-{os.path.basename(f)}")
                    open(f, "w").write(text.replace("isolated deinit", "deinit"))
                emitted.append(f)
            files_for_emit = emitted
            em = subprocess.run(emit + files_for_emit, capture_output=True, text=True)
            if em.returncode != 0:
                # Leave out the files whose only errors are SDK-vintage ones (an @Observable
                # class under the 17.0 SDK's macro roles), so that dependents can be checked.
                lines = [l for l in (em.stdout + em.stderr).splitlines() if re.search(r":\d+:\d+: error:", l)]
                if lines and all(any(re.search(p, l) for p in ARTEFACTS) for l in lines):
                    bad = {l.split(":")[0] for l in lines if l.startswith("/")}
                    bad |= {f for f in files_for_emit if any(re.search(r"^\s*@Observable", x) for x in open(f))}
                    subprocess.run(emit + [f for f in files_for_emit if f not in bad], capture_output=True, text=True)
            errs = sorted(set(l for l in tc.stdout.splitlines() + tc.stderr.splitlines() if re.search(r":\d+:\d+: error:", l)))
            mine = [e for e in errs if not any(re.search(p, e) for p in ARTEFACTS)]
            cascade = [e for e in mine if "no such module" in e]
            if cascade and len(cascade) == len(mine):
                report.append(f"{t['name']} ({triple}): not checked: a module it imports did not build")
                continue
            vintage += len(errs) - len(mine)
            real += [e.replace(d["path"] + "/", "") for e in mine]
            checked.append(f"{t['name']}@{triple}")
            report.append(f"{t['name']} ({triple}): {len(mine)} errors, {len(errs) - len(mine)} sdk-vintage")
    for line in report: print(line)
    for e in real[:60]: print("  " + e)
    print(f"apple-typecheck: {a.platform}: {len(checked)} targets, {len(real)} real errors, {vintage} sdk-vintage")
    sys.exit(1 if real else 0)


main()
