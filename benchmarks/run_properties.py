"""The property suite against the compiled kernels, one pytest process per property, kept as it goes.

    PYTHONPATH=. python3 benchmarks/run_properties.py --out DIR [--piece 1/4] [--jobs 16]
        [--seconds 540] [--profile thorough] [-k triton]

A property under the thorough profile takes minutes on a GPU (1000 examples, most of the time in
compiling new plans and in the float64 oracle), and a machine lent for ten minutes keeps nothing.
So each property (a test id of ``tests/test_properties_*.py`` that ``-k`` selects) runs alone in its
own pytest process, ``--jobs`` at once, and leaves, the moment it ends:

- ``DIR/properties/<test id>.log``: pytest's whole output, with hypothesis's statistics (examples
  tried) and any failure's shrunk case and ``@reproduce_failure`` blob;
- a line of ``DIR/properties.jsonl``: the id, passed / failed / timed out, its seconds;
- hypothesis's example database in ``DIR/hypothesis-db``: every failing example found, also by a
  property that a time limit stopped (``SOFTMAX_HYPOTHESIS_DATABASE=DIR/hypothesis-db`` replays
  them first on a later run).

``--piece K/N`` runs every N-th id from the K-th, so that N calls cover the suite, each under the
lender's time limit: the ids come in pytest's collection order, the same on every machine. With
several GPUs the processes take them in turn (``CUDA_VISIBLE_DEVICES``). Exits non-zero if any
property failed or ran out of time.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "tests")]

from softmax_kit.profiles import DATABASE_ENV, PROFILE_ENV, PROFILES  # noqa: E402

PROPERTY_FILES = ("tests/test_properties_forward.py", "tests/test_properties_backward.py",
                  "tests/test_properties_paths.py")
PYTEST = (sys.executable, "-m", "pytest", "-n", "0", "-p", "no:cacheprovider")


def piece(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"(\d+)/(\d+)", text)
    if not match or not 1 <= int(match[1]) <= int(match[2]):
        raise argparse.ArgumentTypeError(f"{text!r}: write K/N with 1 <= K <= N, e.g. 2/4")
    return int(match[1]), int(match[2])


def positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return int(text)


def parse(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="folder for the logs and database")
    parser.add_argument("--piece", type=piece, default=(1, 1), help="K/N: every N-th id from the K-th")
    parser.add_argument("--jobs", type=positive, default=os.cpu_count(), help="processes at once")
    parser.add_argument("--seconds", type=positive, default=540, help="time limit of one property")
    parser.add_argument("--profile", default="thorough", choices=tuple(PROFILES))
    parser.add_argument("-k", dest="keyword", default="triton", help="pytest -k: which ids")
    args = parser.parse_args(argv)
    if args.out.exists() and not args.out.is_dir():
        parser.error(f"--out {args.out} is a file: name a folder")
    return args


def collect(keyword: str) -> list[str]:
    listing = subprocess.run([*PYTEST, *PROPERTY_FILES, "-q", "--collect-only", "-k", keyword],
                             cwd=REPO, capture_output=True, text=True)
    ids = [line for line in listing.stdout.splitlines() if "::" in line]
    if listing.returncode != 0 or not ids:
        sys.exit(f"collecting the properties (-k {keyword!r}) found none:\n{listing.stdout[-2000:]}"
                 f"{listing.stderr[-2000:]}")
    return ids


def visible_gpus() -> list[str]:
    """``CUDA_VISIBLE_DEVICES``'s GPUs when it is set, else those nvidia-smi lists (none without)."""
    if os.environ.get("CUDA_VISIBLE_DEVICES") is not None:
        return [gpu for gpu in os.environ["CUDA_VISIBLE_DEVICES"].split(",") if gpu.strip()]
    try:
        listing = subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True).stdout
    except FileNotFoundError:
        return []
    return [str(index) for index, line in enumerate(l for l in listing.splitlines()
                                                    if l.startswith("GPU "))]


def log_name(test_id: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.\-]+", "_", test_id.split("/")[-1]).strip("_") + ".log"


def run_one(test_id: str, gpu: str | None, args: argparse.Namespace) -> dict:
    env = dict(os.environ, OMP_NUM_THREADS="1",
               PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
    env[PROFILE_ENV] = args.profile
    env[DATABASE_ENV] = str((args.out / "hypothesis-db").resolve())
    if gpu is not None:
        env["CUDA_VISIBLE_DEVICES"] = gpu
    log = args.out / "properties" / log_name(test_id)
    start = time.monotonic()
    with log.open("w") as handle:
        process = subprocess.Popen([*PYTEST, test_id, "-q", "--hypothesis-show-statistics"],
                                   cwd=REPO, env=env, stdout=handle, stderr=subprocess.STDOUT)
        try:
            status = "passed" if process.wait(timeout=args.seconds) == 0 else "failed"
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            status = "timed out"
            handle.write(f"\n== stopped after {args.seconds} s: any failing example found so far is "
                         f"in {args.out / 'hypothesis-db'}\n")
    # hypothesis's statistics, per phase: "- 1000 passing, 0 failing, and 76 invalid test cases"
    # (older releases: "- 100 passing examples, 0 failing examples, 10 invalid examples")
    examples = re.findall(r"- (\d+ passing[^\n]*)", log.read_text())
    return dict(id=test_id, status=status, seconds=round(time.monotonic() - start, 1),
                gpu=gpu, examples=examples, log=str(log.relative_to(args.out)))


def main(argv=None) -> int:
    args = parse(argv)
    (args.out / "properties").mkdir(parents=True, exist_ok=True)
    k, n = args.piece
    ids = collect(args.keyword)[k - 1::n]
    gpus = visible_gpus() or [None]
    print(f"{len(ids)} properties (piece {k}/{n}, profile {args.profile}), {args.jobs} at once, "
          f"{args.seconds} s each at most, GPUs {gpus}", flush=True)
    failed = 0
    with ThreadPoolExecutor(args.jobs) as pool, (args.out / "properties.jsonl").open("a") as summary:
        futures = [pool.submit(run_one, test_id, gpus[i % len(gpus)], args)
                   for i, test_id in enumerate(ids)]
        for future in as_completed(futures):
            result = future.result()
            summary.write(json.dumps(result) + "\n")
            summary.flush()
            failed += result["status"] != "passed"
            print(f"{result['status']:9} {result['seconds']:6.0f} s  {result['id']}  "
                  f"{'; '.join(result['examples'])}", flush=True)
    print(f"{len(ids) - failed} of {len(ids)} passed", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
