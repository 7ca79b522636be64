"""Whether two checkouts run the same GPU code: each launch's plan and a digest of its SASS.

    PYTHONPATH=. python3 benchmarks/gpu_code_digest.py --out NEW.json
    PYTHONPATH=. python3 benchmarks/gpu_code_digest.py --tree OLD_CHECKOUT --out OLD.json
    python3 benchmarks/gpu_code_digest.py --compare OLD.json NEW.json

A run's timings describe the code it ran. Where a later commit launches the same plans and its
kernels compile to the same machine code, those timings still describe it; this tool says where
that holds. For each problem of the speed_of_light section it is given (default: ``wide``, the
rows of 1M and 4M columns; or ``--n`` and ``--rows``), float32 and bfloat16, forward and
backward (or ``--dtypes``, ``--directions``), the policy's plan for ``--gpu`` and the online
kernel forced (as that section times them), it compiles every launch for sm_90 with the ptxas
here (``compiling``, no GPU) and records the plan's description, the grid and a SHA-1 of the SASS
(cuobjdump, lines naming the function and file dropped). The plans are also recorded for each
ptxas major version a tree's policy reads (12, Triton's own; 13, torch's, which torch.compile
puts in force), where its ``DeviceDescription`` has ``ptxas_major``: the same plan under both
where it has none. ``--tree`` imports ``triton_impl`` from another checkout (a ``git
worktree add`` of an old commit): it must have ``launch.launches`` and the policy's ``choose``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys

PTXAS_MAJORS = (12, 13)
HOPPER = ("H100", "H200")
"""Whose plans (``--gpu``, from ``traffic_model.gpus``): an H200's DRAM takes plans an H100's
does not (``policy.FAST_DRAM_FROM_GBS``)."""
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def gpu_figures(key: str) -> dict:
    """GPU ``key``'s figures that the policy reads, from this checkout's ``traffic_model.gpus``,
    whose modules are then forgotten, so that ``--tree``'s own ``triton_impl`` is imported after
    (``DeviceDescription`` fields, given to a tree only as far as its description has them)."""
    sys.path.insert(0, ROOT)
    try:
        from traffic_model.gpus import GPUS

        gpu = GPUS[key]
        return dict(sm_count=gpu.sms, dram_gbs=gpu.dram_gbs, capability=gpu.capability)
    finally:
        sys.path.remove(ROOT)
        for name in [m for m in sys.modules
                     if m.split(".")[0] in ("triton_impl", "traffic_model", "reference")]:
            del sys.modules[name]
WIDE_N = (1 << 20, 1 << 22)
WIDE_M = (1, 2, 4, 8, 16, 32, 64, 128)
"""speed_of_light's wide section (its ``WIDE_N`` and ``WIDE_M``; a test holds them equal)."""


def sass_digest(compiled, cuobjdump) -> str:
    sass = cuobjdump(compiled, "-sass")
    kept = (line for line in sass.splitlines()
            if not any(word in line for word in ("Function", "code for", "Fatbin", ".cubin")))
    return hashlib.sha1("\n".join(kept).encode()).hexdigest()[:16]


def digests(ns, rows, dtypes=("float32", "bfloat16"), directions=("forward", "backward"),
            gpu: dict | None = None, name: str = "H100") -> dict:
    """{problem: {"plans": {ptxas major: description}, "launches": [[kernel, grid, sass]]}}, the
    plans of GPU ``name`` with the figures ``gpu`` (``gpu_figures``)."""
    import dataclasses

    import torch

    from compiling import compile_launch, cuobjdump
    from triton_impl import launch, policy

    fields = {f.name for f in dataclasses.fields(policy.DeviceDescription)}
    known = {k: v for k, v in (gpu or gpu_figures(name)).items() if k in fields}
    problems = {}
    for dtype in (getattr(torch, name) for name in dtypes):
        for N in ns:
            for M in rows:
                for backward in (direction == "backward" for direction in directions):
                    for forcing in (policy.AUTO, policy.Forcing("online")):
                        key = (f"{str(dtype).replace('torch.', '')} M={M} N={N} "
                               f"{'backward' if backward else 'forward'} "
                               f"{forcing.kernel or 'policy'}")
                        plans = {major: policy.choose(
                            M, N, dtype, policy.DeviceDescription(
                                name, **known, **({"ptxas_major": major}
                                                  if "ptxas_major" in fields else {})),
                            backward=backward, forcing=forcing) for major in PTXAS_MAJORS}
                        tensors = tuple(torch.empty((M, N), dtype=dtype, device="meta")
                                        for _ in range(3 if backward else 2))
                        launches = launch.launches(plans[12], tensors, log=False)
                        problems[key] = dict(
                            plans={str(major): plan.describe() for major, plan in plans.items()},
                            launches=[[record.kernel.fn.__name__, list(record.grid),
                                       sass_digest(compile_launch(record), cuobjdump)]
                                      for record in launches])
                        print(f"  {key}: {problems[key]['launches']}", flush=True)
    return problems


def compare(old_path: str, new_path: str) -> int:
    old, new = (json.load(open(path)) for path in (old_path, new_path))
    differ = sorted(k for k in old["problems"].keys() & new["problems"].keys()
                    if old["problems"][k] != new["problems"][k])
    only = sorted(old["problems"].keys() ^ new["problems"].keys())
    same = len(old["problems"].keys() & new["problems"].keys()) - len(differ)
    if old.get("gpu") != new.get("gpu"):
        raise SystemExit(f"--compare: plans of different GPUs ({old.get('gpu')}, {new.get('gpu')})")
    print(f"{old['tree']} ({old['ptxas']}) against {new['tree']} ({new['ptxas']}), "
          f"{new.get('gpu')}'s plans: {same} problems "
          f"with the same plans and SASS, {len(differ)} different, {len(only)} in one file only")
    for key in differ:
        print(f"  differ: {key}\n    {old['problems'][key]}\n    {new['problems'][key]}")
    for key in only:
        print(f"  in one file only: {key}")
    return 1 if differ or only else 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", help="a checkout whose triton_impl to compile (default: this one)")
    parser.add_argument("--n", type=int, nargs="+", default=list(WIDE_N), help="row lengths")
    parser.add_argument("--rows", type=int, nargs="+", default=list(WIDE_M), help="row counts M")
    parser.add_argument("--dtypes", nargs="+", choices=("float32", "bfloat16"),
                        default=["float32", "bfloat16"])
    parser.add_argument("--directions", nargs="+", choices=("forward", "backward"),
                        default=["forward", "backward"])
    parser.add_argument("--gpu", choices=HOPPER, default="H100",
                        help="whose plans (default: H100)")
    parser.add_argument("--out", help="write the digests to this JSON file")
    parser.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"),
                        help="compare two files this tool wrote; exit status 1 where they differ")
    args = parser.parse_args(argv)
    if args.compare:
        if args.tree or args.out:
            parser.error("--compare reads two files; it takes no --tree or --out")
        missing = [path for path in args.compare if not os.path.isfile(path)]
        if missing:
            parser.error(f"--compare: no such file {missing[0]!r}")
        sys.exit(compare(*args.compare))
    if not args.out:
        parser.error("give --out FILE (or --compare OLD NEW)")
    if any(n < 1 for n in args.n) or any(m < 1 for m in args.rows):
        parser.error("--n and --rows must be at least 1")
    tree = os.path.abspath(args.tree or ROOT)
    if not os.path.isfile(os.path.join(tree, "triton_impl", "launch.py")):
        parser.error(f"--tree {tree}: no triton_impl/launch.py there")
    figures = gpu_figures(args.gpu)
    sys.path.insert(0, tree)
    os.environ.pop("TRITON_INTERPRET", None)  # compiled for a GPU, whatever the shell says
    import triton

    problems = digests(args.n, args.rows, args.dtypes, args.directions, figures, args.gpu)
    ptxas = os.environ.get("TRITON_PTXAS_PATH") or "Triton's own ptxas"
    with open(args.out, "w") as f:
        json.dump(dict(tree=tree, gpu=args.gpu, ptxas=ptxas, triton=triton.__version__,
                       problems=problems), f, indent=1)


if __name__ == "__main__":
    main()
