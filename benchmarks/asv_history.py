"""Run today's asv suite against past commits, each checked out in its own git worktree; publish.

    python3 benchmarks/asv_history.py [REVISION ...] [-n COUNT] [--machine NAME] [--quick]
        [-b REGEX ...] [--skip-existing] [--stop-after SECONDS] [--log FILE] [--no-publish]
    python3 benchmarks/asv_history.py --list ...       # the commits and selection; runs nothing
    python3 benchmarks/asv_history.py --list --skip-existing --touching triton_impl --machine h200
                                                       # the commits the H200 has not recorded
    python3 benchmarks/asv_history.py --publish-only   # publish the results there are

REVISION ... is what ``git rev-list`` takes (default HEAD: every commit of the current branch);
-n keeps the newest COUNT. Commits run newest first, so a run cut short (--stop-after, or a time
limit) has covered the most recent history, and a second run with --skip-existing goes on.

For each commit this checks the commit out in a temporary git worktree and runs

    asv run --environment existing:PYTHON --set-commit-hash SHA --machine NAME [--bench ...]

from the repository root: asv imports the benchmarks from this checkout's asv_benchmarks/ (the
suite as it is now) while the code under test is the old commit's. ASV_PYTHONPATH (the path asv
gives its benchmark processes) starts with the worktree, this checkout is taken off PYTHONPATH,
and SOFTMAX_LAB_CODE_ROOT names the worktree so that a module found anywhere else (an installed
copy) is refused. A package the commit does not have, or an older API, makes those benchmarks
skip (n/a), not fail; code that is there but broken is recorded as failed, and the run goes on.

Results go to asv_results/<machine>/<sha>-<environment>.json. asv merges a run into the file of
its commit and machine (only the benchmarks and parameters run are replaced) and touches no other
commit or machine; the results are committed, so the history grows across machines and over
time. ``asv publish`` then writes the site to html/ (git-ignored), which this makes readable
offline (asv's page loads its scripts from CDNs) and gives a page per commit.

The machine is named after its GPU ("h200" for an NVIDIA H200, from nvidia-smi or torch) unless
--machine names it; a machine without a GPU needs --machine. Its entry in ~/.asv-machine.json
(OS, CPU, cores, RAM and the GPU, all filled in: ``asv machine --yes`` would keep only the name)
is written before the first run.

--quick runs asv_benchmarks.common.quick_regexes(): the CPU benchmarks (the traffic model's
predictions at the quick widths only), the copy bandwidth, and ours against torch.softmax at
N = 256, 65536 and 1M (one width per kernel path) in float32, forward and backward. -b adds asv
--bench expressions (matched against names with their parameters, as asv does). Nothing here
needs a network: only git, asv and what the benchmarks import.
"""

from __future__ import annotations

import argparse
import collections
import html
import json
import math
import os
import platform
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CODE_ROOT_VARIABLE = "SOFTMAX_LAB_CODE_ROOT"  # asv_benchmarks.common reads it


def git(*args: str, **kwargs) -> str:
    return subprocess.run(["git", "-C", ROOT, *args], check=True, text=True,
                          stdout=subprocess.PIPE, **kwargs).stdout


def commits(revisions: list[str], count: int | None, paths: list[str] = ()) -> list[str]:
    """Full hashes of ``git rev-list REVISIONS -- PATHS``, newest first, the newest ``count``."""
    limit = [f"--max-count={count}"] if count else []
    return git("rev-list", *limit, *revisions, "--", *paths).split()


def gpu_name(python: str) -> str:
    """The first GPU's name, from nvidia-smi, else from torch in a child process; "" if none."""
    probes = [["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
              [python, "-c", "import torch; print(torch.cuda.get_device_name() "
                             "if torch.cuda.is_available() else '')"]]
    for probe in probes:
        try:
            done = subprocess.run(probe, capture_output=True, text=True, timeout=120)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if done.returncode == 0 and done.stdout.strip():
            return done.stdout.strip().splitlines()[0].strip()
    return ""


def machine_slug(gpu: str) -> str:
    """"NVIDIA H200" -> "h200", "NVIDIA H100 80GB HBM3" -> "h100-80gb-hbm3"."""
    return re.sub(r"[^a-z0-9]+", "-", gpu.lower().replace("nvidia", "")).strip("-")


def register_machine(name: str, gpu: str) -> None:
    """asv's record of this machine, with every field filled (``asv machine --yes`` would keep
    only the name), and the GPU, which asv shows beside the CPU in its parameters."""
    from asv.machine import Machine, MachineCollection

    info = Machine.get_defaults()
    info["machine"] = name
    if gpu:
        info["gpu"] = gpu
    MachineCollection.save(name, info)


def python_paths_without_checkout() -> list[str]:
    """$PYTHONPATH less this checkout (PYTHONPATH=/tmp/site:. keeps /tmp/site): the code under
    test must come from the worktree, never from here."""
    here = os.path.realpath(ROOT)
    entries = os.environ.get("PYTHONPATH", "").split(os.pathsep)
    return [e for e in entries if e and os.path.realpath(e) != here]


def run_commit(sha: str, worktree: str, args, python: str, log) -> int:
    kept = python_paths_without_checkout()
    env = dict(os.environ, ASV_PYTHONPATH=os.pathsep.join([worktree, *kept]),
               **{CODE_ROOT_VARIABLE: worktree})
    env.pop("PYTHONPATH", None)
    if kept:
        env["PYTHONPATH"] = os.pathsep.join(kept)
    command = [sys.executable, "-m", "asv", "run", "--config", args.config,
               "--environment", f"existing:{python}", "--set-commit-hash", sha,
               "--machine", args.machine]
    for regex in args.bench:
        command += ["--bench", regex]
    if args.show_stderr:
        command.append("--show-stderr")
    return subprocess.run(command, cwd=ROOT, env=env, stdout=log, stderr=log).returncode


def config_path(config: str, key: str) -> str:
    """A folder of the asv configuration (asv reads them relative to the configuration's)."""
    from asv.config import Config

    return os.path.join(os.path.dirname(config), getattr(Config.load(config), key))


def has_results(config: str, machine: str, sha: str) -> bool:
    folder = os.path.join(config_path(config, "results_dir"), machine)
    return os.path.isdir(folder) and any(name.startswith(sha[:8] + "-")
                                         for name in os.listdir(folder))


def tally(config: str, machine: str, sha: str) -> collections.Counter:
    """What the results hold for this commit and machine: measured, n/a, failed."""
    from asv.results import iter_results_for_machine_and_hash

    counts = collections.Counter()
    try:
        for result in iter_results_for_machine_and_hash(config_path(config, "results_dir"),
                                                        machine, sha):
            for key in result.get_all_result_keys():
                values = result.get_result_value(key, result.get_result_params(key))
                for value in values if isinstance(values, list) else [values]:
                    state = ("failed" if value is None else
                             "n/a" if isinstance(value, float) and math.isnan(value) else "ok")
                    counts[state] += 1
    except OSError:  # no results for this machine yet
        pass
    return counts


VENDOR = os.environ.get("ASV_SITE_VENDOR", os.path.join(ROOT, ".site_vendor"))
"""Local copies of the site's third-party scripts (jQuery, flot, bootstrap...), for reading the
site with no network. They are not ours, so the repository does not hold them: put them in this
git-ignored folder (or name another with ASV_SITE_VENDOR) under the names in VENDORED; without
them the site loads the scripts from their CDNs, as asv publishes it."""
VENDORED = {  # the basename of each CDN address in asv's index.html -> the file in VENDOR
    "jquery-3.3.1.min.js": "jquery-3.3.1.min.js",
    "jquery.flot.min.js": "jquery.flot.js",
    "jquery.flot.time.min.js": "jquery.flot.time.js",
    "jquery.flot.selection.min.js": "jquery.flot.selection.js",
    "jquery.flot.categories.min.js": "jquery.flot.categories.js",
    "jquery.flot.orderBars.js": "jquery.flot.orderBars.js",
    "stupidtable.min.js": "stupidtable.min.js",
    "md5.min.js": "md5.min.js",
    "bootstrap.min.js": "bootstrap.min.js",
    "bootstrap.min.css": "bootstrap.min.css",
}


def offline_site(html_dir: str) -> list[str]:
    """Point the published index.html at copies of its scripts and styles in html/vendor/.

    asv's page loads jQuery, flot, bootstrap and friends from CDNs, and without a network shows
    nothing but an error; these machines have none, nor may a reader. Returns the addresses
    still left pointing outside (none, unless a newer asv loads something new).
    """
    if not os.path.isdir(VENDOR):
        return []
    shutil.copytree(VENDOR, os.path.join(html_dir, "vendor"), dirs_exist_ok=True)
    index = os.path.join(html_dir, "index.html")
    with open(index) as f:
        page = f.read()
    left = []

    def local(match):
        tag, url = match.group(1), match.group(2)
        name = VENDORED.get(url.rsplit("/", 1)[-1])
        if name is None:
            left.append(url)
            return match.group(0)
        if tag == "script":
            return f'<script src="vendor/{name}" onerror="js_load_failure()">'
        return f'<link rel="stylesheet" href="vendor/{name}">'

    page = re.sub(r'<(script|link)\b[^>]*?(?:src|href)="(https?://[^"]+)"[^>]*>', local, page)
    with open(index, "w") as f:
        f.write(page)
    return left


def commit_pages(html_dir: str) -> None:
    """html/commits/: a list of the commits the site shows, and a page for each (its message and
    the files it changed), where asv.conf.json's project_url and show_commit_url point. There is
    no repository website to link to, and without these asv's links lead to an empty page."""
    with open(os.path.join(html_dir, "index.json")) as f:
        shas = list(json.load(f)["revision_to_hash"].values())[::-1]
    folder = os.path.join(html_dir, "commits")
    style = ("<style>body{font-family:sans-serif;margin:2em} "
             "pre{font-size:13px;white-space:pre-wrap}</style>")
    rows = []
    for sha in shas:
        line = git("log", "-1", "--format=%h %ad %s", "--date=short", sha).strip()
        rows.append(f'<li><a href="{sha}/"><code>{html.escape(line)}</code></a></li>')
        text = git("show", "--stat", "--format=fuller", sha)
        os.makedirs(os.path.join(folder, sha), exist_ok=True)
        with open(os.path.join(folder, sha, "index.html"), "w") as f:
            f.write(f"<!doctype html><meta charset=utf-8><title>{sha[:8]}</title>{style}"
                    f'<p><a href="../../">benchmarks</a> · <a href="../">commits</a></p>'
                    f"<pre>{html.escape(text)}</pre>")
    with open(os.path.join(folder, "index.html"), "w") as f:
        f.write(f"<!doctype html><meta charset=utf-8><title>Benchmarked commits</title>{style}"
                f'<p><a href="../">benchmarks</a></p><h1>Benchmarked commits, newest first</h1>'
                f"<ul>{''.join(rows)}</ul>")


def publish(config: str, log) -> None:
    """``asv publish``, then the site made to work offline."""
    subprocess.run([sys.executable, "-m", "asv", "publish", "--config", config], cwd=ROOT,
                   check=True, stdout=log, stderr=log)
    html_dir = config_path(config, "html_dir")
    for url in offline_site(html_dir):
        print(f"warning: the site still loads {url} from the network", file=sys.stderr)
    commit_pages(html_dir)
    where = os.path.relpath(html_dir, ROOT)
    print(f"published to {where}/: view it with "
          f"`python3 -m http.server -d {where} -b 127.0.0.1 8080`")


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--touching", action="append", default=[], metavar="PATH",
                        help="only commits that changed PATH (repeatable), e.g. triton_impl")
    parser.add_argument("revisions", nargs="*", default=["HEAD"],
                        help="git rev-list arguments (default HEAD: the current branch)")
    parser.add_argument("-n", "--max-count", type=int, help="only the newest COUNT commits")
    parser.add_argument("--machine", help="machine name in the results (default: from the GPU)")
    parser.add_argument("--python", default=sys.executable,
                        help="the Python that runs the benchmarks (default: this one)")
    parser.add_argument("--quick", action="store_true",
                        help="the reduced selection of asv_benchmarks.common.quick_regexes()")
    parser.add_argument("-b", "--bench", action="append", default=[],
                        help="asv -b regular expression (repeatable)")
    parser.add_argument("--stop-after", type=float, metavar="SECONDS",
                        help="start no new commit after SECONDS (then publish): for a machine "
                             "lent by the minute")
    parser.add_argument("--skip-existing", action="store_true",
                        help="skip commits that have results on this machine already (to go on "
                             "with a run that was cut short); with --list, list only the others")
    parser.add_argument("-e", "--show-stderr", action="store_true", help="asv's --show-stderr")
    parser.add_argument("--log", help="append asv's own output here (default: the console), "
                                      "and print only a line per commit")
    parser.add_argument("--no-publish", action="store_true", help="skip `asv publish`")
    parser.add_argument("--publish-only", action="store_true",
                        help="run nothing: publish the results there are (and make the site "
                             "work offline)")
    parser.add_argument("--config", default=os.path.join(ROOT, "asv.conf.json"),
                        help="asv configuration (default: the repository's asv.conf.json)")
    parser.add_argument("--list", action="store_true",
                        help="print the commits and the selection, run nothing")
    return parser.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    args.config = os.path.abspath(args.config)
    if not os.path.isdir(os.path.join(ROOT, ".git")) and not os.path.isfile(
            os.path.join(ROOT, ".git")):
        sys.exit(f"{ROOT} is not a git checkout: the history needs the repository's .git "
                 "(copy it along, or clone a `git bundle` of it)")
    if args.publish_only:
        publish(args.config, None)
        return 0
    if args.quick:
        sys.path.insert(0, ROOT)
        from asv_benchmarks.common import quick_regexes

        args.bench = quick_regexes() + args.bench
    gpu = gpu_name(args.python)
    if not args.machine:
        if not gpu:
            sys.exit("no GPU found: name this machine with --machine (e.g. --machine laptop-cpu)")
        args.machine = machine_slug(gpu)
    shas = commits(args.revisions, args.max_count, args.touching)
    print(f"machine {args.machine!r} ({gpu or 'no GPU'}, {platform.node()}); "
          f"{len(shas)} commits, newest first")
    for regex in args.bench:
        print(f"  -b {regex}")
    if args.list:
        if args.skip_existing:
            shas = [sha for sha in shas if not has_results(args.config, args.machine, sha)]
            print(f"  of which {len(shas)} have no results on {args.machine!r} yet")
        print(git("log", "--no-walk=unsorted", "--format=  %h %ad %s", "--date=short", *shas)
              if shas else "  (none)")
        return 0

    register_machine(args.machine, gpu)
    # A SIGTERM (a time limit) unwinds like an exception, so that the worktrees are removed.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    git("worktree", "prune")  # left by a run that was killed outright
    log = open(args.log, "a") if args.log else None
    began = time.monotonic()
    summary, crashed = [], []
    scratch = tempfile.mkdtemp(prefix="asv-history-")
    try:
        for number, sha in enumerate(shas, 1):
            if args.stop_after is not None and time.monotonic() - began > args.stop_after:
                print(f"stopping after {args.stop_after:.0f} s: {len(shas) - number + 1} commits "
                      "left (run again with --skip-existing to go on)")
                break
            subject = git("log", "-1", "--format=%h %s", sha).strip()
            if args.skip_existing and has_results(args.config, args.machine, sha):
                print(f"[{number}/{len(shas)}] {sha[:8]}: has results already, skipped")
                continue
            print(f"[{number}/{len(shas)}] {subject[:100]}", flush=True)
            if log:
                print(f"\n=== {subject}", file=log, flush=True)
            worktree = os.path.join(scratch, sha[:12])
            git("worktree", "add", "--detach", "--quiet", worktree, sha)
            started = time.monotonic()
            try:
                code = run_commit(sha, worktree, args, args.python, log)
            finally:
                git("worktree", "remove", "--force", worktree)
            # asv exits 2 when a benchmark failed (recorded as such); anything else is asv's own.
            if code not in (0, 2):
                crashed.append(sha[:8])
            counts = tally(args.config, args.machine, sha)
            summary.append([sha[:8], counts["ok"], counts["n/a"], counts["failed"], code,
                            round(time.monotonic() - started)])
            print("    {1} measured, {2} n/a, {3} failed; asv exit {4}; {5} s".format(
                *summary[-1]), flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        git("worktree", "prune")

    print(f"\nrecorded for machine {args.machine!r} (n/a: skipped, or not in this selection)")
    header = ["commit", "measured", "n/a", "failed", "asv exit", "seconds"]
    for row in [header, *summary]:
        print("  " + "".join(f"{cell!s:>10}" for cell in row))
    if not args.no_publish:
        publish(args.config, log)
    if crashed:
        print(f"asv itself failed on {', '.join(crashed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
