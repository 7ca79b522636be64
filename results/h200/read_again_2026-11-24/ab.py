"""A/B of the single-block tiles read again (``policy.SINGLE_BLOCK_TILES``) against the plans
the policy gave before them (``triton_impl/policy.py`` of 5bd3889, given as a file), in the
same call: every point of the table at M*N = 2^27, both plans' outputs NaN-poisoned and checked
against float64 first, then timed in interleaved rounds (each figure the median of its rounds'
medians), torch.compile of the naive code beside them at the bandwidth grid's widths (4096,
16384).

    git show 5bd3889:triton_impl/policy.py > /tmp/policy_before.py
    PYTHONPATH=. python3 results/h200/read_again_2026-11-24/ab.py --before /tmp/policy_before.py \\
        --out DIR [--rounds 5]

Writes DIR/ab.json as it goes and prints a line a point. ``--n N ... --rows M``: in place of
the table's points, float32 forwards of those widths at M rows, where the two policies' plans
differ (the seeds' grid: ``policy.READ_AGAIN_ONE_ROW_FROM_WARPS``).
"""
import argparse
import dataclasses
import importlib.util
import json
import os
import statistics
import sys

import torch

sys.path.insert(0, "benchmarks")
import checking  # noqa: E402
from softmax_lab import implementations, measure  # noqa: E402
from triton_impl import hardware, launch, policy  # noqa: E402

DTYPES = {4: ("float32",), 2: ("bfloat16", "float16")}
PEER_WIDTHS = (4096, 16384)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", required=True, help="policy.py of the commit before")
    parser.add_argument("--out", required=True)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--n", type=int, nargs="+", default=None)
    parser.add_argument("--rows", type=int, default=4096)
    args = parser.parse_args()
    if not os.path.isfile(args.before) or not os.path.isdir(args.out) or args.rounds < 1:
        parser.error("--before FILE, --out an existing directory, --rounds at least 1")
    if args.rows < 1 or any(n < 1 for n in args.n or ()):
        parser.error("--n and --rows must be at least 1")
    spec = importlib.util.spec_from_file_location("policy_before", args.before)
    before = sys.modules["policy_before"] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(before)
    device = hardware.device_info(torch.device("cuda"))
    old_device = before.DeviceDescription(**{
        f.name: getattr(device, f.name) for f in dataclasses.fields(before.DeviceDescription)})
    copy = measure.copy_bandwidth_gbs()
    print(measure.device_name(), f"copy {copy:.0f} GB/s", flush=True)
    results = []
    points = ([("forward", 4, N, args.rows) for N in args.n] if args.n else
              [(d, i, N, (1 << 27) // N) for d, i, N in sorted(policy.SINGLE_BLOCK_TILES)])
    for (direction, itemsize, N, M) in points:
        backward = direction == "backward"
        for name in DTYPES[itemsize]:
            dtype = getattr(torch, name)
            x = (torch.randn(M, N, device="cuda") * 3).to(dtype)
            y = torch.softmax(x.float(), -1).to(dtype)
            dy = torch.randn(M, N, device="cuda").to(dtype)
            out = torch.empty_like(x)
            new = policy.choose(M, N, dtype, device, backward=backward)
            old = policy.Plan(**dataclasses.asdict(before.choose(M, N, dtype, old_device,
                                                                 backward=backward)))
            if old == new:
                continue
            candidates = [("before", old), ("read again", new)]
            fns = {}
            for label, plan in candidates:
                out.fill_(float("nan"))
                if backward:
                    fn = lambda plan=plan: launch.softmax_backward_rows(plan, y, dy, out, False)
                    fn()
                    torch.cuda.synchronize()
                    checking.check_backward(out, y, dy, what=label)
                else:
                    fn = lambda plan=plan: launch.softmax_rows(plan, x, out, False)
                    fn()
                    torch.cuda.synchronize()
                    checking.check_forward(out, x, what=label)
                fns[label] = fn
            if N in PEER_WIDTHS:
                peer = implementations.get("torch.compile")
                fn = (lambda: peer.backward(y, dy)) if backward else (lambda: peer.forward(x))
                got = fn()
                torch.cuda.synchronize()
                if backward:
                    checking.check_backward(got, y, dy, what="torch.compile")
                else:
                    checking.check_forward(got, x, what="torch.compile")
                fns["torch.compile"] = fn
            rounds = {label: [] for label in fns}
            for _ in range(args.rounds):
                for label, fn in fns.items():
                    rounds[label].append(measure.median_ms(fn, warmup_ms=10, rep_ms=40))
            nbytes = implementations.useful_bytes(M, N, dtype, direction)
            of_copy = {label: measure.gbs(nbytes, statistics.median(ms)) / copy
                       for label, ms in rounds.items()}
            results.append(dict(direction=direction, dtype=name, N=N, M=M,
                                plans={label: plan.describe() for label, plan in candidates},
                                rounds_ms=rounds, of_copy=of_copy))
            print(f"{direction:8} {name:8} N={N:6}  before {of_copy['before']:6.1%}  read again "
                  f"{of_copy['read again']:6.1%}  ({of_copy['read again'] - of_copy['before']:+.1%})"
                  + (f"  torch.compile {of_copy['torch.compile']:6.1%}"
                     if "torch.compile" in of_copy else ""), flush=True)
            with open(os.path.join(args.out, "ab.json"), "w") as f:
                json.dump(dict(device=measure.device_name(), copy_gbs=copy, rounds=args.rounds,
                               points=results), f, indent=1)
            del x, y, dy, out
            torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
