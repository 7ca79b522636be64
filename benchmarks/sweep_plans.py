"""Tune the dispatch policy: time variants of a kernel's launch parameters at bandwidth points.

    PYTHONPATH=. python3 benchmarks/sweep_plans.py --out DIR --kernel cooperative [--n 65536 ...]

For each (direction, dtype, N) at M*N = 2**27 (or ``--rows``), builds plans by hand from the
policy's own plan (``dataclasses.replace``: block, warps, pipeline stages, persistent grids, the
lanes an online step folds into: the experiments live here, not in the public options), runs each
through the launch table (``triton_impl.launch``) and times it with do_bench beside the policy's
choice and torch.softmax (``--peers``: and the named implementations, torch.compile of the naive
code, Liger, QuACK, in the same rounds as the variants). Every variant is first checked against
float64 through a NaN-poisoned output (a peer allocates its own: the block it will get is poisoned
first); a wrong or failed variant is reported, never timed. ``--repeat R`` times every checked
variant of a point once a round, R rounds, and reports each variant's median: for differences of a
few points of copy, which one sweep's order of timing can fake. Writes DIR/sweep_<kernel>.json as
it goes (one point at a time), so a time limit keeps what was measured.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import checking  # noqa: E402
from softmax_lab import implementations, measure  # noqa: E402
from triton_impl import dispatch, launch, policy  # noqa: E402

DTYPES = {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16}


def variants(kernel: str, N: int, itemsize: int, backward: bool,
             blocks=(4096, 8192, 16384, 32768), M: int = 1, sm_count: int = 1,
             persistent_variants: bool = True, warps_list=(4, 8, 16, 32), registers=(0,),
             programs_per_sm=(1,), max_values: int = 72, rows_by_warps_only: bool = False,
             reread: bool = False, rows_list=(1, 2, 4, 8, 16, 32, 64)):
    """(label, forcing, replace) of every variant of ``kernel`` worth timing at N
    (``persistent_variants``: single-block persistent grids too; ``warps_list``: the warps a
    cooperative or single-block variant takes; ``registers``: the caps of ``Plan.max_registers``
    a cooperative or single-block variant is timed with, 0 for none;
    ``blocks``: the cooperative blocks, or the online steps, to try;
    ``programs_per_sm``: the K of which the smallest that holds a row of more blocks than SMs,
    one block a program, gives such a variant too, where the policy gives a program several
    blocks; its programs must be resident together, K to an SM, or the helpers run;
    ``max_values``: the most values of its tile a single-block variant's thread holds;
    ``rows_by_warps_only``: only the single-block variants laid out rows by warps;
    ``reread``: each single-block variant that is not persistent also read again for its output,
    ``Plan.reread``; ``rows_list``: the rows a single-block variant's tile holds)."""
    if kernel == "cooperative":
        for block in blocks:
            for warps in warps_list:
                per_thread = block // (32 * warps)
                if not 8 <= per_thread <= (64 if backward else 128) or block > 2 * N:
                    continue
                for cap in registers:
                    label = f"block {block} warps {warps}" + (f" registers {cap}" if cap else "")
                    yield (label, policy.Forcing("cooperative", block),
                           dict(num_warps=warps, max_registers=cap))
                    splits = policy.cdiv(N, block)
                    fitting = [k for k in programs_per_sm if sm_count < splits <= k * sm_count]
                    if fitting:
                        yield (f"{label} one block a program ({splits} programs a row, "
                               f"up to {min(fitting)} an SM)", policy.Forcing("cooperative", block),
                               dict(num_warps=warps, max_registers=cap, splits=splits,
                                    chunk=block, grid=(M * splits,)))
    elif kernel == "online":
        for block in blocks:
            for warps in warps_list:
                for stages in (1, 2, 3):
                    for fold in (False, True):
                        if not 4 <= block // (32 * warps) <= 64 or block > policy.next_power_of_2(N):
                            continue
                        lanes = policy.folded_lanes(block, warps, itemsize) if fold else block
                        yield (f"block {block} warps {warps} stages {stages} lanes {lanes}",
                               policy.Forcing("online", block),
                               dict(num_warps=warps, num_stages=stages, lanes=lanes))
    elif kernel == "single_block":
        # the row as one power of two (backward: and its body's), and as a power of two and a
        # tail: the tail as narrow as the rest of the row, and widened to one pass of the tile's
        # threads, a 16-byte vector each, where the rest is narrower; and (forward) as three
        # tiles, each at least a pass (``policy.three_tiles``)
        whole = policy.next_power_of_2(N)
        head, tail = policy.head_and_tail(N)
        # a tile may hold the row's body alone (``policy.window_columns``), where it is read
        # through a window (a forward plan of the policy's is not: ``--windowed``)
        body = policy.next_power_of_2(max(policy.window_columns(
            N, itemsize, backward, "single_block"), 1))
        for warps in warps_list:
            for block_m in rows_list:
                pass_width = policy.one_pass(warps, itemsize) // block_m  # over block_m rows
                shapes = {(whole, 0, 0), (body, 0, 0)} | {
                    (head, width, 0) for width in (tail, max(tail, pass_width))
                    if tail and head + width < whole}
                three = policy.three_tiles(N, pass_width)
                if not backward and three[2]:
                    shapes.add(three)
                # a tile of several rows laid out rows by warps too (``Plan.row_threads``),
                # where every tile is whole passes of a row's threads
                row_threads = 32 * warps // block_m
                by_warps = block_m > 1 and not backward and row_threads >= 8
                layouts = [(shape, threads) for shape in sorted(shapes)
                           for threads in ((0,) if not rows_by_warps_only else ())
                           + ((row_threads,) if by_warps
                              and all(t % pass_width == 0 for t in shape) else ())]
                for (block, tail_n, tail2), threads in layouts:
                    shape = dict(block_n=block, tail=tail_n, tail2=tail2, row_threads=threads)
                    name = "block " + "+".join(str(t) for t in (block, tail_n, tail2) if t) + " "
                    name = name if tail_n or block != whole else ""
                    per_thread = block_m * (block + tail_n + tail2) // (32 * warps)
                    if (not 4 <= per_thread <= max_values
                            or (block_m > 1 and block_m * block > 8192 and not threads)):
                        continue
                    for cap in registers:
                        label = (f"{name}rows {block_m} warps {warps}"
                                 + (f" threads a row {threads}" if threads else "")
                                 + (f" registers {cap}" if cap else ""))
                        form = dict(shape, max_registers=cap)
                        for again in (False, True) if reread else (False,):
                            yield (label + (" read again" if again else ""),
                                   policy.Forcing("single_block"),
                                   dict(form, block_m=block_m, num_warps=warps, num_stages=1,
                                        grid=(policy.cdiv(M, block_m),), persistent=False,
                                        reread=again))
                        if tail_n or threads or not persistent_variants:
                            continue
                        for per_sm in (2, 4):  # a persistent grid, loading the next tile early
                            programs = min(per_sm * sm_count, policy.cdiv(M, block_m))
                            yield (f"{label} persistent {per_sm}/SM stages 2",
                                   policy.Forcing("single_block"),
                                   dict(form, block_m=block_m, num_warps=warps, num_stages=2,
                                        grid=(programs,), persistent=True))
    else:
        raise ValueError(kernel)


def policy_read_again_variants(auto, M: int, itemsize: int, warps_list):
    """(label, forcing, replace) of the policy's single-block plan ``auto`` held across its
    reductions (where the policy reads it again: the baseline) and read again for its output
    (``Plan.reread``), at its own rows a tile and at one, in its own warps and each of
    ``warps_list`` that leave a thread 4 to 128 values, laid out rows by warps at the plan's
    rows where the plan is and every tile is whole passes of a row's threads; a cap of
    registers, whose sweeps held the tile, dropped (none where the policy gives a persistent
    grid, or another kernel)."""
    if auto.kernel != "single_block" or auto.persistent:
        return
    if auto.reread:
        yield ("held, the policy's rows and warps", policy.Forcing("single_block"),
               dict(reread=False))
    for block_m in sorted({auto.block_m, 1}, reverse=True):
        for warps in sorted({auto.num_warps, *warps_list}):
            # rows by warps at the plan's rows; one row a tile in Triton's own layout
            by_warps = auto.row_threads and block_m == auto.block_m
            row_threads = 32 * warps // block_m if by_warps else 0
            values = block_m * (auto.block_n + auto.tail + auto.tail2) // (32 * warps)
            pass_width = policy.row_pass(row_threads, itemsize, True)
            if not 4 <= values <= 128 or (by_warps and (row_threads < 8 or any(
                    tile % pass_width for tile in (auto.block_n, auto.tail, auto.tail2)))):
                continue
            yield (f"read again, rows {block_m} warps {warps}"
                   + (f" threads a row {row_threads}" if row_threads else ""),
                   policy.Forcing("single_block"),
                   dict(reread=True, block_m=block_m, num_warps=warps, row_threads=row_threads,
                        max_registers=0, grid=(policy.cdiv(M, block_m),)))


def policy_windowed_variants(auto, M: int, N: int, itemsize: int, warps_list):
    """(label, forcing, replace) of a single-block plan for rows that are not whole 16-byte
    vectors and that one program can hold (``auto``, the policy's, where it is one, else the
    kernel forced), through a window (``Plan.windowed``), one row a program, its one tile the
    row's body (``policy.window_columns``), in the policy's warps (a single-block plan's) and
    each of ``warps_list`` that leave a thread 4 to 128 values, uncapped, held across its
    reductions; and laid out rows by warps, one warp a row (``Plan.row_threads`` 32, as
    ``policy.WINDOWED_ROW_TILES``), as many rows a program as each of ``warps_list`` above
    one, where a warp's thread holds 4 to 128 of the body's tile; and, in each of those warps,
    the body as up to three tiles of whole passes (``policy.three_tiles``: 10000 bfloat16 in 8
    warps as 8192 + 2048, not 16384), where they hold fewer columns than its power of two."""
    if (policy.next_power_of_2(N) > policy.single_block_max_cols(itemsize, False)
            or not policy.reads_in_window(N, itemsize, False, "single_block")):
        return

    def windowed(label, block_n, warps, tail=0, tail2=0, rows=1):
        """One variant: ``rows`` rows a program, laid out one warp a row where several."""
        return (label, policy.Forcing("single_block"),
                dict(windowed=True, block_n=block_n, tail=tail, tail2=tail2, block_m=rows,
                     num_warps=warps, row_threads=32 if rows > 1 else 0, max_registers=0,
                     reread=False, persistent=False, num_stages=1,
                     grid=(policy.cdiv(M, rows),)))

    held = policy.window_columns(N, itemsize, False, "single_block")
    body = policy.next_power_of_2(held)
    own = {auto.num_warps} if auto.kernel == "single_block" else set()
    for warps in sorted({*own, *warps_list}):
        if 4 <= body // (32 * warps) <= 128:
            yield windowed(f"windowed, body {body} warps {warps}", body, warps)
    for warps in sorted({*own, *warps_list}):
        block, tail, tail2 = policy.three_tiles(held, policy.one_pass(warps, itemsize))
        columns = block + tail + tail2
        if tail and columns < body and 4 <= columns // (32 * warps) <= 128:
            tiles = "+".join(str(t) for t in (block, tail, tail2) if t)
            yield windowed(f"windowed, body {tiles} warps {warps}", block, warps, tail, tail2)
    for rows in sorted(set(warps_list)):
        if rows > 1 and 4 <= body // 32 <= 128:
            yield windowed(f"windowed, body {body} rows {rows} a warp each", body, rows,
                           rows=rows)


def reading_forms(candidates, unwindowed=False, windowed=False, windowed_only=False):
    """The (label, plan) ``candidates`` (the policy's first) in the forms a sweep times:
    ``unwindowed`` adds each read from its rows' own starts, ``windowed`` each read through a
    window where it is not, and ``windowed_only`` keeps the policy's plan as it is and the
    others through a window alone (a variant read from its own starts is timed through the
    window in its place; the policy's plan too, beside it, where it is read so)."""
    def form(label, plan, through):
        return f"{label} {'windowed' if through else 'unwindowed'}", dataclasses.replace(
            plan, windowed=through)

    if unwindowed:
        return candidates + [form(label, plan, False) for label, plan in candidates]
    through = [form(label, plan, True) for label, plan in candidates if not plan.windowed]
    if windowed_only:
        return candidates[:1] + [(label, plan) for label, plan in candidates[1:]
                                 if plan.windowed] + through
    return candidates + through if windowed else candidates


def time_point(direction, dtype_name, N, M, kernel, copy, budget_end, blocks, persistent=True,
               warps=(4, 8, 16, 32), registers=(0,), programs_per_sm=(1,), repeat=1,
               max_values=72, rows_by_warps_only=False, peers=(), reread=False,
               policy_read_again=False, unwindowed=False, windowed=False, policy_windowed=False,
               windowed_only=False, rows_list=(1, 2, 4, 8, 16, 32, 64)):
    """The point's variants (and ``peers``, implementations by name, timed in the same rounds as
    the variants, each checked first), and torch's time apart."""
    dtype = DTYPES[dtype_name]
    backward = direction == "backward"
    x = torch.randn(M, N, device="cuda", dtype=dtype) * 3
    dy = torch.randn_like(x)
    y = torch.softmax(x.float(), -1).to(dtype)
    out = torch.empty_like(x)
    nbytes = implementations.useful_bytes(M, N, dtype, direction)
    auto = dispatch.make_plan(M, N, dtype, "cuda", backward=backward)
    rows = []

    def run(plan):
        if backward:
            return lambda: launch.softmax_backward_rows(plan, y, dy, out, False)
        return lambda: launch.softmax_rows(plan, x, out, False)

    def torch_fn():
        if backward:
            return torch._softmax_backward_data(dy, y, 1, dtype)
        return torch.softmax(x, -1)

    candidates = [("auto: " + auto.describe(), auto)]
    sm_count = torch.cuda.get_device_properties(0).multi_processor_count
    if policy_read_again:
        found = policy_read_again_variants(auto, M, dtype.itemsize, warps)
    elif policy_windowed:
        found = policy_windowed_variants(auto, M, N, dtype.itemsize, warps)
    else:
        found = variants(kernel, N, dtype.itemsize, backward, blocks, M, sm_count, persistent,
                         warps, registers, programs_per_sm, max_values, rows_by_warps_only, reread,
                         rows_list)
    for label, forcing, changes in found:
        try:
            base = auto if policy_read_again or (
                policy_windowed and auto.kernel == "single_block") else dispatch.make_plan(
                M, N, dtype, "cuda", backward=backward, forcing=forcing)
            plan = dataclasses.replace(base, **changes)
        except ValueError as error:
            rows.append(dict(variant=label, error=str(error)))
            continue
        candidates.append((label, plan))
    candidates = reading_forms(candidates, unwindowed, windowed, windowed_only)
    checked = []
    for label, plan in candidates:
        if time.time() > budget_end:
            break
        if any(plan == other for _, other, _ in checked):
            continue  # the same launch under another name (auto, or a variant the rules repeat)
        try:
            out.fill_(float("nan"))
            fn = run(plan)
            fn()
            torch.cuda.synchronize()
            checking.check(out, direction, x, y, dy, what=label)
        except Exception as error:  # a variant that fails to compile or is wrong: reported
            rows.append(dict(variant=label, error=f"{type(error).__name__}: {str(error)[:300]}"))
            continue
        checked.append((label, plan, fn))
    for name in peers:
        if time.time() > budget_end:
            break
        label = f"peer {name}"
        try:
            peer = implementations.get(name)
            fn = ((lambda peer=peer: peer.backward(y, dy)) if backward
                  else (lambda peer=peer: peer.forward(x)))
            # a peer allocates its own output: poison the block the caching allocator will hand
            # it, as speed_of_light does, so that a launch that writes nothing cannot pass
            torch.full_like(x, float("nan"))
            got = fn()
            torch.cuda.synchronize()
            checking.check(got, direction, x, y, dy, what=label)
        except Exception as error:  # not installed, fails or wrong: reported, not timed
            rows.append(dict(variant=label, error=f"{type(error).__name__}: {str(error)[:300]}"))
            continue
        checked.append((label, None, fn))
    # every checked variant once a round, so that a drift of the clock or the memory's
    # temperature during the point reaches every variant alike; the median of the rounds
    times = [[] for _ in checked]
    for _ in range(repeat):
        for (_, _, fn), rounds in zip(checked, times):
            rounds.append(measure.median_ms(fn, warmup_ms=10, rep_ms=40))
    for (label, plan, _), rounds in zip(checked, times):
        ms = statistics.median(rounds)
        rows.append(dict(variant=label, plan=plan.describe() if plan else label, ms=ms,
                         rounds_ms=rounds,
                         gbs=measure.gbs(nbytes, ms), of_copy=measure.gbs(nbytes, ms) / copy))
    torch_ms = measure.median_ms(torch_fn, warmup_ms=10, rep_ms=40)
    return rows, dict(ms=torch_ms, gbs=measure.gbs(nbytes, torch_ms))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, help="directory for sweep_<kernel>.json")
    parser.add_argument("--kernel", choices=("cooperative", "online", "single_block"),
                        default="cooperative")
    parser.add_argument("--n", type=int, nargs="+", default=[65536, 262144, 1 << 20])
    parser.add_argument("--rows", type=int, default=None,
                        help="M for every N (default: M*N = 2**27)")
    parser.add_argument("--dtypes", nargs="+", choices=tuple(DTYPES),
                        default=["float32", "bfloat16"])
    parser.add_argument("--directions", nargs="+", choices=("forward", "backward"),
                        default=["forward", "backward"])
    parser.add_argument("--blocks", type=int, nargs="+", default=[4096, 8192, 16384, 32768],
                        help="cooperative: the blocks to try; online: the columns a step")
    parser.add_argument("--warps", type=int, nargs="+", default=None,
                        choices=(1, 2, 4, 8, 16, 32),
                        help="the warps to try (default: 4 8 16 32; online: 16 32)")
    parser.add_argument("--registers", type=int, nargs="+", default=[0],
                        help="cooperative, single_block: the caps of registers a thread to try "
                             "(0: none, the compiler's choice)")
    parser.add_argument("--programs-per-sm", type=int, nargs="+", default=[1],
                        choices=(1, 2, 3, 4),
                        help="cooperative: also rows shared by up to K programs an SM, one block "
                             "each, where a row has more blocks than SMs")
    parser.add_argument("--repeat", type=int, default=1,
                        help="rounds of timing, every checked variant once a round; each "
                             "variant's figure is the median of its rounds")
    parser.add_argument("--no-persistent", action="store_true",
                        help="single_block: leave out the persistent grids")
    parser.add_argument("--max-values", type=int, default=72,
                        help="single_block: the most values of its tile a thread holds (4-128)")
    parser.add_argument("--rows-by-warps-only", action="store_true",
                        help="single_block: only the forward variants whose tiles of several rows "
                             "are laid out rows by warps (Plan.row_threads), beside the policy's")
    parser.add_argument("--reread", action="store_true",
                        help="single_block: also each variant that is not persistent read again "
                             "for its output (Plan.reread)")
    parser.add_argument("--policy-read-again", action="store_true",
                        help="single_block: in place of the variants, the policy's plan read "
                             "again for its output (Plan.reread) at its rows a tile and at one, "
                             "in its warps and each of --warps")
    parser.add_argument("--policy-windowed", action="store_true",
                        help="single_block forward: in place of the variants, the policy's plan "
                             "of rows that are not whole 16-byte vectors through a window, one "
                             "row a program, its tile the row's body, in its warps and each of "
                             "--warps, and rows by warps, one warp a row, as many a program as "
                             "each of --warps above 1")
    parser.add_argument("--peers", nargs="+", default=[],
                        choices=("torch", "torch.compile", *implementations.PEERS),
                        help="implementations timed in the same rounds as the variants, each "
                             "checked first (one not installed is reported and skipped)")
    parser.add_argument("--unwindowed", action="store_true",
                        help="also each variant with rows that are not whole 16-byte vectors "
                             "read from their own starts, not through a window (Plan.windowed)")
    parser.add_argument("--windowed", action="store_true",
                        help="also each variant read from its own starts (the policy's "
                             "single-block forward of most such rows) read through a window "
                             "(Plan.windowed)")
    parser.add_argument("--block-m", type=int, nargs="+", default=[1, 2, 4, 8, 16, 32, 64],
                        help="single_block: the rows a variant's tile holds (powers of two, "
                             "1-64; default all)")
    parser.add_argument("--windowed-only", action="store_true",
                        help="each variant read through a window in place of from its own "
                             "starts, the policy's plan as it is")
    parser.add_argument("--budget-s", type=float, default=480)
    args = parser.parse_args(argv)
    if args.windowed and args.unwindowed:
        parser.error("--windowed and --unwindowed: give one (each adds the other form of the "
                     "variants that lack it)")
    if args.windowed_only and (args.windowed or args.unwindowed):
        parser.error("--windowed-only times each variant through a window alone: give it "
                     "without --windowed or --unwindowed")
    if (args.policy_read_again or args.reread or args.policy_windowed) and \
            args.kernel != "single_block":
        parser.error("--policy-read-again, --policy-windowed and --reread are single_block "
                     "options; give --kernel single_block")
    if args.policy_windowed and (args.policy_read_again or args.directions != ["forward"]):
        parser.error("--policy-windowed times the policy's forward through a window: give it "
                     "alone, with --directions forward")
    if args.policy_read_again:
        ignored = [flag for flag, given in (
            ("--reread", args.reread), ("--registers", args.registers != [0]),
            ("--max-values", args.max_values != 72), ("--no-persistent", args.no_persistent),
            ("--rows-by-warps-only", args.rows_by_warps_only)) if given]
        if ignored:
            parser.error(f"--policy-read-again times the policy's plan, read again in each of "
                         f"--warps: it takes no {', '.join(ignored)}")
    if any(n < 1 for n in args.n) or (args.rows is not None and args.rows < 1):
        parser.error("--n and --rows must be at least 1")
    if args.warps is None:
        args.warps = [16, 32] if args.kernel == "online" else [4, 8, 16, 32]
    if any(block < 16 or block & (block - 1) for block in args.blocks):
        parser.error("--blocks: each block must be a power of two of at least 16 columns")
    if any(cap < 0 or 0 < cap < 24 or cap > 255 for cap in args.registers):
        parser.error("--registers: each cap must be 0 (none) or 24 to 255 registers a thread")
    if any(rows not in (1, 2, 4, 8, 16, 32, 64) for rows in args.block_m):
        parser.error(f"--block-m {' '.join(map(str, args.block_m))}: each a power of two "
                     "from 1 to 64")
    if not 4 <= args.max_values <= 128:
        parser.error(f"--max-values {args.max_values}: 4 to 128 values a thread")
    if args.repeat < 1:
        parser.error(f"--repeat {args.repeat}: at least one round")
    if not os.path.isdir(args.out):
        parser.error(f"--out {args.out!r} is not a directory: create it first")
    if not torch.cuda.is_available():
        parser.error("this sweep times kernels on a GPU and none is visible")
    budget_end = time.time() + args.budget_s
    copy = measure.copy_bandwidth_gbs()
    print(f"{measure.device_name()}: copy {copy:.0f} GB/s", flush=True)
    path = os.path.join(args.out, f"sweep_{args.kernel}.json")
    results = []
    for direction in args.directions:
        for dtype_name in args.dtypes:
            for N in args.n:
                if time.time() > budget_end:
                    print("budget spent; stopping", flush=True)
                    break
                M = args.rows or max((1 << 27) // N, 1)
                rows, torch_row = time_point(direction, dtype_name, N, M, args.kernel, copy,
                                             budget_end, args.blocks, not args.no_persistent,
                                             args.warps, args.registers,
                                             args.programs_per_sm, args.repeat, args.max_values,
                                             args.rows_by_warps_only, args.peers, args.reread,
                                             args.policy_read_again, args.unwindowed,
                                             args.windowed, args.policy_windowed,
                                             args.windowed_only, tuple(args.block_m))
                ok = sorted((r for r in rows if "gbs" in r), key=lambda r: -r["gbs"])
                auto = next((r for r in rows if r["variant"].startswith("auto")), {})
                print(f"{direction:8} {dtype_name:8} N={N:8} M={M:6} torch "
                      f"{torch_row['gbs'] / copy:6.1%}  auto {auto.get('of_copy', 0):6.1%} "
                      f"{auto.get('plan', auto.get('error', ''))[:90]}", flush=True)
                for r in ok[:3]:
                    print(f"      best {r['of_copy']:6.1%}  {r['variant']}", flush=True)
                for r in ok:
                    if r["variant"].startswith("peer "):
                        print(f"      {r['variant'][5:]:>14} {r['of_copy']:6.1%}", flush=True)
                for r in rows:
                    if "error" in r:
                        print(f"      failed: {r['variant']}: {r['error'][:160]}", flush=True)
                results.append(dict(direction=direction, dtype=dtype_name, N=N, M=M, rows=rows,
                                    torch=torch_row))
                with open(path, "w") as f:
                    json.dump(dict(device=measure.device_name(), copy_gbs=copy,
                                   kernel=args.kernel, points=results), f, indent=1)
                torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
