"""Run today's asv suite against past commits, each checked out in its own git worktree; publish.

    python3 benchmarks/asv_history.py [REVISION ...] [-n COUNT] [--machine NAME] [--quick]
                                      [-b REGEX ...] [--skip-existing] [--no-publish] [--list]

REVISION ... is what ``git rev-list`` takes (default HEAD: every commit of the current branch);
-n keeps the newest COUNT. Commits run newest first, so a run cut short has covered the most
recent history, and a second run with --skip-existing goes on where it stopped.

For each commit this checks the commit out in a temporary git worktree and runs

    asv run --environment existing:PYTHON --set-commit-hash SHA --machine NAME [-b ...]

from the repository root, so asv imports the benchmarks from this checkout's asv_benchmarks/
(the suite as it is now) while the code under test is the old commit's: ASV_PYTHONPATH (the path
asv gives its benchmark processes) starts with the worktree, and SOFTMAX_LAB_CODE_ROOT names it,
so that a module found elsewhere (an installed copy, this checkout) is refused. A module the
commit does not have, or an older API, makes those benchmarks skip (n/a), not fail; asv records
failures of code that is there but broken, and this goes on to the next commit.

Results go to asv_results/<machine>/<sha>-<environment>.json. asv merges a run into the file of
its commit and machine (only the benchmarks and parameters run are replaced) and never touches
other commits or machines; the results are committed, so the history grows across machines and
over time. Then ``asv publish`` writes the site to html/ (git-ignored).

The machine is named after its GPU ("h200" for an NVIDIA H200, from nvidia-smi or torch) unless
--machine says otherwise; a machine without a GPU needs --machine. Its entry in ~/.asv-machine.json
(asv's own record: OS, CPU, RAM, and here the GPU) is written before the first run.

--quick runs the selection of asv_benchmarks.common.quick_regexes(): all CPU benchmarks, the copy
bandwidth, and ours against torch.softmax at N = 4096, 65536 and 1M in float32, forward and
backward (about a minute per commit on an H100 or H200, against ~10 for the whole GPU grid).
-b adds asv -b expressions (matched against names with their parameters, as asv does).
No network is needed, nor anything beyond asv and what the benchmarks import.
"""

from __future__ import annotations

import argparse
import collections
import math
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONFIG = os.path.join(ROOT, "asv.conf.json")
CODE_ROOT_VARIABLE = "SOFTMAX_LAB_CODE_ROOT"  # asv_benchmarks.common reads it


def git(*args: str, **kwargs) -> str:
    return subprocess.run(["git", "-C", ROOT, *args], check=True, text=True,
                          stdout=subprocess.PIPE, **kwargs).stdout


def commits(revisions: list[str], count: int | None) -> list[str]:
    """Full hashes of ``git rev-list REVISIONS``, newest first, the newest ``count`` of them."""
    limit = [f"--max-count={count}"] if count else []
    return git("rev-list", *limit, *revisions, "--").split()


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


def run_commit(sha: str, worktree: str, args, python: str) -> int:
    kept = python_paths_without_checkout()
    env = dict(os.environ, ASV_PYTHONPATH=os.pathsep.join([worktree, *kept]),
               **{CODE_ROOT_VARIABLE: worktree})
    env.pop("PYTHONPATH", None)
    if kept:
        env["PYTHONPATH"] = os.pathsep.join(kept)
    command = [sys.executable, "-m", "asv", "run", "--config", CONFIG,
               "--environment", f"existing:{python}", "--set-commit-hash", sha,
               "--machine", args.machine]
    for regex in args.bench:
        command += ["--bench", regex]
    if args.skip_existing:
        command.append("--skip-existing-successful")
    if args.show_stderr:
        command.append("--show-stderr")
    return subprocess.run(command, cwd=ROOT, env=env).returncode


def tally(machine: str, sha: str) -> collections.Counter:
    """What the results hold for this commit and machine: measured, skipped (n/a), failed."""
    from asv.config import Config
    from asv.results import iter_results_for_machine_and_hash

    results_dir = os.path.join(ROOT, Config.load(CONFIG).results_dir)
    counts = collections.Counter()
    try:
        for result in iter_results_for_machine_and_hash(results_dir, machine, sha):
            for key in result.get_all_result_keys():
                values = result.get_result_value(key, result.get_result_params(key))
                for value in values if isinstance(values, list) else [values]:
                    state = ("failed" if value is None else
                             "n/a" if isinstance(value, float) and math.isnan(value) else "ok")
                    counts[state] += 1
    except OSError:  # no results for this machine yet
        pass
    return counts


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
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
    parser.add_argument("--skip-existing", action="store_true",
                        help="skip benchmarks whose every parameter has a result already")
    parser.add_argument("-e", "--show-stderr", action="store_true", help="asv's --show-stderr")
    parser.add_argument("--no-publish", action="store_true", help="skip `asv publish`")
    parser.add_argument("--list", action="store_true",
                        help="print the commits and the selection, run nothing")
    return parser.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    if not os.path.isdir(os.path.join(ROOT, ".git")) and not os.path.isfile(
            os.path.join(ROOT, ".git")):
        sys.exit(f"{ROOT} is not a git checkout: the history needs the repository's .git "
                 "(copy it along, or clone a `git bundle` of it)")
    if args.quick:
        sys.path.insert(0, ROOT)
        from asv_benchmarks.common import quick_regexes

        args.bench = quick_regexes() + args.bench
    gpu = gpu_name(args.python)
    if not args.machine:
        if not gpu:
            sys.exit("no GPU found: name this machine with --machine (e.g. --machine laptop-cpu)")
        args.machine = machine_slug(gpu)
    shas = commits(args.revisions, args.max_count)
    print(f"machine {args.machine!r} ({gpu or 'no GPU'}, {platform.node()}); "
          f"{len(shas)} commits, newest first")
    for regex in args.bench:
        print(f"  -b {regex}")
    if args.list:
        print(git("log", "--no-walk=unsorted", "--format=  %h %ad %s", "--date=short", *shas)
              if shas else "  (none)")
        return 0

    register_machine(args.machine, gpu)
    crashed = []
    scratch = tempfile.mkdtemp(prefix="asv-history-")
    try:
        for number, sha in enumerate(shas, 1):
            subject = git("log", "-1", "--format=%h %s", sha).strip()
            print(f"\n[{number}/{len(shas)}] {subject}", flush=True)
            worktree = os.path.join(scratch, sha[:12])
            git("worktree", "add", "--detach", "--quiet", worktree, sha)
            started = time.monotonic()
            try:
                code = run_commit(sha, worktree, args, args.python)
            finally:
                git("worktree", "remove", "--force", worktree)
            counts = tally(args.machine, sha)
            # asv exits 2 when a benchmark failed (recorded as such); anything else is asv's own.
            if code not in (0, 2):
                crashed.append(sha[:8])
            print(f"[{number}/{len(shas)}] {sha[:8]}: {counts['ok']} measured, "
                  f"{counts['n/a']} skipped (n/a), {counts['failed']} failed, recorded for "
                  f"{args.machine}; asv exit {code}; {time.monotonic() - started:.0f} s", flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        git("worktree", "prune")

    if not args.no_publish:
        subprocess.run([sys.executable, "-m", "asv", "publish", "--config", CONFIG], cwd=ROOT,
                       check=True)
        print("site in html/: `asv preview` (from the repository root), or "
              "`python3 -m http.server -d html -b 127.0.0.1 8080`")
    if crashed:
        print(f"asv itself failed on {', '.join(crashed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
