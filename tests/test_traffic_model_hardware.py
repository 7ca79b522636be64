"""The traffic model held to what GPUs measured, each run predicted from its own copy bandwidth alone.

Runs, and what each is to the model (``traffic_model.knobs`` says which measurement set each knob):

* ``results/h200``: an H200 (benchmark timings, Nsight Compute counts, and the per-kernel probe in
  traffic_model/evidence). Every knob but one was set on it: in sample.
* ``results/h100``: an H100 (timings and, in evidence/, Nsight counts of the cooperative kernel).
  ``LOADED_LATENCY_EXPONENT`` was set by comparing it with the H200 run, and the loaded-latency
  law, the one-row-at-a-time cost of the cooperative kernel and its forward's rate per SM were
  chosen after looking at its misses: no longer out of sample.
* ``results/h200/rerun_2026-11-22``: an H200 run of the current code that set no number: out of
  sample, though not blind (its counts were printed beside the H100's while those changes were
  compared).
* ``results/h100/run_2026-11-23``: an H100 run of the code after the cooperative kernel's
  register change (the bandwidth grid and wide rows in float32 and bfloat16, seeds' grid and
  latency), committed after the model's last change and set beside it only here: out of sample.
* ``results/h200/run_2026-11-23``: the same code on an H200, every section: out of sample.
* ``results/h100/run_56635ff_2026-11-23``, ``results/h200/run_56635ff_2026-11-23``: the code of
  56635ff (the 16-bit cooperative forward holding its block as words, the float16 backward's
  conversion), every section on the H100 and all but the float32 wide rows on the H200: out of
  sample, set beside the model after its last change.
* ``results/h100/run_d426f73_2026-11-23``, ``results/h200/run_d426f73_2026-11-23``: the grid,
  seeds and latency of d426f73 (the online rule, the register cap on a fast DRAM) on both GPUs,
  the H200's float32 wide rows, and 56635ff's other wide rows: out of sample.
* ``results/h100/run_7d7cdd7_2026-11-24``, ``results/h200/run_c4b7a6c_2026-11-24``: the rows of
  N = 4M at today's plans (16 warps for the float32 ones and the bfloat16 backward) over the grid,
  seeds and latency of f2c383a, set beside the model after the residency of those plans was entered
  from their registers: out of sample.
* ``results/h100/run_7a5627b_2026-11-24``, ``results/h200/run_3ce6fed_2026-11-24``: the seeds'
  grid again (and the H200's latency) with narrow float32 rows one warp each and each point the
  median of all its rounds' calls, over the runs above (the H200's through its 7a5627b run):
  out of sample.
* ``results/h100/run_bb339d5_2026-11-24``, ``results/h200/run_bb339d5_2026-11-24``: the seeds'
  grid again (and the H200's latency) with float32 rows of 1537-2048 two a program, over the two
  runs above: out of sample.
* ``results/h100/run_207c364_2026-11-24``, ``results/h200/run_207c364_2026-11-24``: the wide
  rows of N = 2M and 3M, first timed, with the backward of two and three blocks a program
  capped (the H100 timed M = 16-128 at 2M and 16-64 at 3M, the H200 M = 1-128), over the two
  runs above: out of sample (the model's residency of those plans unchanged since before the
  caps).
* ``results/h100/run_9d49946_2026-11-25``, ``results/h200/run_9d49946_2026-11-25``: the bandwidth
  grid, seeds and latency timed again with the single-block rows read again (5395be2, 9d49946),
  over the H100's run of 889106b and the H200's of 207c364: out of sample; the model does not
  know ``Plan.reread``, and the narrow seeds' rows that read again beat it under the host's cost.
* ``results/h100/run_7a2b136_2026-11-25``, ``results/h200/run_7a2b136_2026-11-25``: the seeds'
  grid and latency timed again with rows of 2817-3072 one a program, read again (7a2b136), over
  the runs of 9d49946: out of sample.
* ``results/h100/run_d1d0980_2026-11-25``, ``results/h200/run_d1d0980_2026-11-25``: the float32
  rows of N = 4M timed again with blocks of 16384 (``policy.COOPERATIVE_WIDE_ROW_PLAN``), over the
  runs of 7a2b136: out of sample.

A run whose timings file is not committed skips, saying so. The model is given nothing of a run but
its copy bandwidth.

The tolerances were stated before the H100 run existed, one per regime, in
``traffic_model.validate.TOLERANCES`` (each with its reason; HARDWARE.md prints them):

* our kernels with at least 100 µs of work above the L2, the GPU full: 10%
  (the whole bandwidth grid, M·N = 2^27, falls here);
* everything else above the L2 with the GPU full (torch.softmax, the naive sequence, ours under
  100 µs): 15%;
* inputs that fit in the L2: 35%;
* fewer programs than the GPU holds at once (wide rows, M = 1..128): 25%;
* launch-bound (the launches are half the predicted time or more): 5 µs either way;
* "ours" with less GPU work than the lab's per-call host cost: the model must not be slower than
  the measurement by more than 10% (it predicts GPU time, a lower bound there);
* Nsight DRAM bytes above the L2: 7%.

There are no per-point exceptions: a point outside its regime's tolerance fails the test.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from traffic_model import knobs
from traffic_model.measurements import load_measurements
from traffic_model.predictions import PATH as PREDICTIONS, GRID, compare
from traffic_model.validate import (BEGIN, BYTES_TOLERANCE, END, TOLERANCES, load, report,
                                    seeds_speedups, timings_files)

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "results"
HARDWARE_MD = REPO / "traffic_model" / "HARDWARE.md"
RUNS = ("h200", "h100", "h200/rerun_2026-11-22", "h100/run_2026-11-23", "h200/run_2026-11-23",
        "h100/run_56635ff_2026-11-23", "h200/run_56635ff_2026-11-23",
        "h100/run_d426f73_2026-11-23", "h200/run_d426f73_2026-11-23",
        "h100/run_7d7cdd7_2026-11-24", "h200/run_c4b7a6c_2026-11-24",
        "h100/run_7a5627b_2026-11-24", "h200/run_3ce6fed_2026-11-24",
        "h100/run_bb339d5_2026-11-24", "h200/run_bb339d5_2026-11-24",
        "h100/run_207c364_2026-11-24", "h200/run_207c364_2026-11-24",
        "h100/run_5ee49c5_2026-11-24", "h200/run_5ee49c5_2026-11-24",
        "h100/run_889106b_2026-11-24", "h100/run_9d49946_2026-11-25",
        "h200/run_9d49946_2026-11-25", "h100/run_7a2b136_2026-11-25", "h200/run_7a2b136_2026-11-25",
        "h100/run_d1d0980_2026-11-25", "h200/run_d1d0980_2026-11-25",
        "h100/run_6b77a26_2026-11-25", "h200/run_6b77a26_2026-11-25", "h200/run_50ed588_2026-11-29",
        "h200/run_fb703a9_2026-11-30", "h200/run_ba90955_2026-12-02",
        "h200/run_8fc939c_2026-12-02", "h200/run_ec9646b_2026-12-02",
        "h200/run_529c37f_2026-12-02")
WIDE_ONLY_RUNS = ("h100/run_5ee49c5_2026-11-24", "h200/run_5ee49c5_2026-11-24")
"""Runs of the wide section alone (no bandwidth grid)."""


@pytest.fixture(scope="module", params=RUNS, ids=lambda name: name.replace("/", "-"))
def run(request):
    directory = RESULTS / request.param
    if not directory.is_dir() or not timings_files(directory):
        pytest.skip(f"{directory.relative_to(REPO)} holds no timings file yet: that benchmark run "
                    "(benchmarks/speed_of_light.py) will be held to the same tolerances")
    return load(directory)


def _name(run):
    """A run's results directory under results/: the key of its recounted misses."""
    return run.directory.resolve().relative_to(RESULTS.resolve()).as_posix()


@pytest.fixture(scope="module")
def h200():
    return load(RESULTS / "h200")


def test_the_run_names_its_device_and_copy_and_every_point_of_ours_and_torch_is_modelled(run):
    assert run.gpu.key.lower() in run.device.lower().replace(" ", "")
    assert 0.8 < run.copy_gbs / run.gpu.dram_gbs < 0.95, "a copy reaches about 0.9 of the datasheet"
    timed = [p for m in timings_files(run.directory) for p in m.points if p.impl.startswith(("ours", "torch", "naive"))
             and p.impl != "torch.compile"]
    assert timed and len(run.points) == len(timed)


BEFORE_16_WARPS = (
    "the cooperative float32 forward at N = 4M, {where}, timed before the 16 warps of dae982f: "
    "three programs an SM, whose re-read blocks missed the L2; the model holds today's plan, two "
    "an SM, whose re-reads hit (since the wide-row plan of 2026-11-25, blocks of 16384, one of "
    "two re-read, to which it gives less time than to the four blocks of 8192 before)")
"""Where a run timed the four-block float32 forward before its 16 warps, the model is now fast."""
COOPERATIVE_PROBE_MISSES = (
    "4 of 12 cooperative cases (traffic_model/evidence/probe_cooperative_h100.json, the H100's "
    "probe, held beside every H100 run) off 7%: the float32 forward at N = 4M, M = 4, 8 and 32 "
    "(-16.5%, -20.0%, -25.6%: probed before the 16 warps of dae982f, three programs an SM, whose "
    "re-reads mostly missed; the model holds today's two an SM, whose re-reads hit) and the "
    "bfloat16 forward at M = 32 (-8.8%); the probe of today's plans beside it "
    "(probe_cooperative_h100_2026-11-24.json): 12 of 12 within 4.4%")
H100_MISSES = (
    "results/h100 (2026-11-22), 53 of 549 points off their regime's tolerance, every one but two "
    "with the model fast: bfloat16 wide rows with few programs, a rate the H200 never measured "
    "(the forced online forward 14, +50 to +118%; torch's forward 12, +29 to +72%, and backward 2, "
    "+40% and +51%); our cooperative kernel on wide rows (13: its bfloat16 backward 8, +21 to +32%, "
    "at two or three rows at once; its bfloat16 forward at M = 32-128, N = 1M, 3, +18 to +87%; "
    "float32 at M = 16, N = 1M, 2, +58% and +105%, times that fall again at M = 32); "
    + BEFORE_16_WARPS.format(where="M = 4-128 (6, +20.9 to +28.5%)") + "; torch's float32 "
    "backward at 2 x 1M (+35%); the naive code on the seeds' grid at N = 256 (7.4 us fast) and 2176 "
    "(+53%), where the run's times rise and fall again with N, and at 384 (5.3 us slow); torch at "
    "256 x 2048 in the latency section (5.1 us fast); ours at N = 640 on the seeds' grid (-10.8%: "
    "slow). Nsight bytes: " + COOPERATIVE_PROBE_MISSES + ". Strict, so that a model that holds "
    "makes this fail and the mark goes")
RERUN_MISSES = (
    "results/h200/rerun_2026-11-22 (out of sample), 8 of 453 points off: three a few microseconds "
    "where the model is slow, the naive code at 4096 x 256 (5.1 us slow, the tolerance 5 us), ours "
    "at 1 x 1024 (-11.6%: 4.9 us measured, one launch is 5.5 us in the model) and the cooperative "
    "forward at 2 x 1M (-12.3%, 13.5 us); and "
    + BEFORE_16_WARPS.format(where="M = 8-128 (5, +18.7 to +21.8%)")
    + ". Strict, so that a model that holds makes this fail")
BFLOAT16_WIDE_ROWS = (
    "bfloat16 wide rows (N = 1M and 4M), which the H200 run that set the knobs never measured, 43 "
    "points: the forced online forward (7 at each N, M = 1-64) and torch's three-pass forward "
    "({torch_points} at each N) run at a rate per program the model takes from float32, so it is "
    "fast by {online} and {torch}; torch's backward at one M each ({torch_backward}); our "
    "cooperative kernel from M = 8 at N = 4M (forward {coop_4m}, backward {coop_bwd_4m}: rows of "
    "two or more blocks a program, whose re-read blocks the model gives the copy's rate) and at "
    "M = 32-128 at N = 1M ({coop_1m})")
RUNS_OF_2026_11_23 = {
    "h100/run_2026-11-23": (
        "the code after the cooperative register change, set beside the model only after the "
        "model's last change", "56 of 537",
        dict(torch_points=6, online="+50 to +117%", torch="+28 to +68%",
             torch_backward="+36% and +51%", coop_4m="+48 to +61%", coop_bwd_4m="+24 to +33%",
             coop_1m="+13 to +20%, 6 points; and its forward at M = 4, 16.9% faster than the model"),
        "Our cooperative float32 forward at 2 x 1M and 4 x 1M, where the model is slow (-18.8%, "
        "13.8 us measured; -11.7%, 20.4 us): the programs of a few rows run faster than the "
        "one-row-at-a-time cost the model gives them; "
        + BEFORE_16_WARPS.format(where="M = 4-64 (5, +20.6 to +28.7%)")
        + ". As in the 2026-11-22 H100 run or the H200 "
        "rerun: torch's float32 backward at 2 x 1M (+32.8%); the naive code on the seeds' grid at "
        "N = 256 and 384 (5.8 and 5.1 us slow, the tolerance 5 us); ours at N = 640 on the seeds' "
        "grid (-10.8%) and at 1 x 1024 (-15.1%: 4.7 us measured, one launch is 5.5 us in the "
        "model); torch at 256 x 2048 in the latency section (5.1 us fast). Nsight bytes: "
        + COOPERATIVE_PROBE_MISSES),
    "h200/run_2026-11-23": (
        "the same code on an H200", "52 of 543",
        dict(torch_points=7, online="+51 to +113%", torch="+25 to +66%",
             torch_backward="+30% and +34%", coop_4m="+62 to +80%", coop_bwd_4m="+27 to +34%",
             coop_1m="+28 to +134%, 5 points"),
        "Our cooperative float32 forward at 2 x 1M and 4 x 1M (-11.7%, -11.0%: the model slow, as "
        "on the H100) and its float32 backward at 4 x 4M (+73.3%: 134 us measured where 2 x 4M "
        "took 70 us, a point that falls out of its neighbours); the naive code at 4096 x 256 on "
        "the seeds' grid (44.3 us, +31.4%: 29.8 us on the H100 the same day); "
        + BEFORE_16_WARPS.format(where="M = 8-128 (5, +19.2 to +22.1%)")),
}
"""The runs of 2026-11-23, out of sample: (what the run is, its misses, the bfloat16 wide rows'
figures, the other misses)."""
PEERS_WIDE_BFLOAT16 = (
    "the forced online bfloat16 forward on wide rows, 14 points (M = 1-64 at N = 1M and 4M, "
    "{online}) and torch's bfloat16 forward, {torch_points} points ({torch}): the model gives "
    "them float32's rate per program; torch's bfloat16 backward at 4 x 1M and 1 x 4M "
    "({torch_backward})")
WORDS_KERNEL_RUNS = {
    "h100/run_56635ff_2026-11-23": (
        "the H100, every section", "54 of 549",
        dict(online="+50.0 to +116.6%", torch_points=12, torch="+28.5 to +68.5%",
             torch_backward="+50.0% and +34.1%"),
        "Our kernels, where the model is slow: the bfloat16 forward of the bandwidth grid at "
        "N = 65536 and 262144 (-13.8%, -13.0%: the words form streams near the copy, the model "
        "gives it the online forward's rate per SM); where it is fast: the cooperative bfloat16 "
        "backward at N = 4M, M = 8-128 (5, +15.6 to +21.1%: programs of two or more blocks, "
        "whose re-read blocks the model gives the copy's rate) and "
        + BEFORE_16_WARPS.format(where="M = 4-128 (6, +11.2 to +19.3%)") + ". Ours under the host's cost, "
        "faster than the model's GPU time by more than 10% (9: the latency section at "
        "1 x 1024, -16.8%; the seeds' grid at N = 384, -10.5%; wide rows at M = 1-4, -10.8 to "
        "-23.8%). torch's float32 backward at 2 x 1M (+30.3%). The naive code on the seeds' "
        "grid at N = 256, 384 and 512 (6.8, 5.6 and 5.2 us slow, the tolerance 5 us). Nsight "
        "bytes: " + COOPERATIVE_PROBE_MISSES),
    "h200/run_56635ff_2026-11-23": (
        "the H200, every section but the float32 wide rows", "47 of 453",
        dict(online="+51.2 to +118.0%", torch_points=14, torch="+26.9 to +67.5%",
             torch_backward="+33.4% and +27.4%"),
        "Our kernels on the bandwidth grid, where the model is slow: the cooperative kernels at "
        "N = 65536 and 262144 (6: forward -12.6 / -11.0% in float32, -16.9 / -11.9% in "
        "bfloat16; backward -10.1% in both at 65536: they move 97-103% of the copy, and the "
        "model gives the forward the online forward's rate per SM); "
        "the cooperative bfloat16 forward at N = 4M, M = 16-128 (4, -13.5 to -15.3%) and at "
        "4 x 4M under the host's cost (-15.0%); where it is fast: the cooperative bfloat16 "
        "backward at N = 4M, M = 8-128 (5, +20.7 to +27.8%). The naive code on the seeds' grid "
        "at N = 256 (5.1 us slow)"),
}
"""The runs of 56635ff, out of sample: (what the run is, its misses, the peers' bfloat16 wide
rows, the other misses)."""
RUNS_OF_D426F73 = {
    "h100/run_d426f73_2026-11-23": (
        "the H100, the grid, seeds and latency of d426f73 and 56635ff's wide rows (the same "
        "plans and SASS)", "55 of 549",
        dict(online="+50.0 to +116.6%", torch_points=12, torch="+28.5 to +68.5%",
             torch_backward="+50.0% and +34.1%"),
        "Our kernels, where the model is slow: the bfloat16 forward of the bandwidth grid at "
        "N = 65536 and 262144 (-13.8%, -13.0%, the words form, as in the 56635ff run); where it "
        "is fast: the cooperative bfloat16 backward at N = 4M, M = 8-128 (5, +15.5 to +21.1%) "
        "and " + BEFORE_16_WARPS.format(where="M = 4-128 (6, +11.1 to +19.3%)") + ". "
        "Ours under the host's cost, faster than the model's GPU time by more than 10% (10: the "
        "latency section at 1 x 1024, -24.4%; the seeds' grid at N = 512 and 896, -13.7% and "
        "-10.4%; wide rows at M = 1-4, 7, -10.8 to -23.9%). torch's float32 backward at 2 x 1M "
        "(+30.3%). The naive code on the seeds' grid at N = 256, 384 and 512 (6.2, 6.0 and "
        "5.1 us faster than the model, the tolerance 5 us). Nsight bytes: "
        + COOPERATIVE_PROBE_MISSES),
    "h200/run_d426f73_2026-11-23": (
        "the H200, the grid, seeds, latency and float32 wide rows of d426f73 and 56635ff's "
        "bfloat16 wide rows (the same plans and SASS)", "57 of 549",
        dict(online="+51.2 to +118.0%", torch_points=14, torch="+27.0 to +67.5%",
             torch_backward="+33.4% and +27.4%"),
        "Our kernels on the bandwidth grid, where the model is slow: the cooperative kernels at "
        "N = 65536 and 262144 (6: forward -12.9 / -11.4% in float32, -18.0 / -12.8% in "
        "bfloat16; backward -10.2 / -10.5% at 65536); on wide rows the cooperative bfloat16 "
        "forward at N = 4M, M = 16-128 (4, -13.5 to -15.3%) and at 4 x 4M under the host's cost "
        "(-15.0%); where it is fast: the cooperative bfloat16 backward at N = 4M, M = 8-128 (5, "
        "+20.7 to +27.8%) and " + BEFORE_16_WARPS.format(where="M = 16-64 (3, +10.2 to +13.8%)") + ". Ours at "
        "1 x 1024 in the latency section (-12.2%). The seeds' grid of that call, whose figures "
        "the run's README finds not the kernels': ours at N = 6400-7040 (5, +17.2 to +52.3%) "
        "and the naive code at N = 256 and 512 (11.4 and 21.4 us slower than the model)"),
}
"""The runs of d426f73, out of sample: (what the run is, its misses, the peers' bfloat16 wide
rows, the other misses)."""
OURS_AT_4M_PLANS_H100 = (
    "Our kernels, where the model is slow: the bfloat16 forward of the bandwidth grid at "
    "N = 65536 and 262144 (-14.2%, -13.7%, the words form, as in the earlier runs), the "
    "cooperative float32 backward at N = 4M, M = 8-128 (5, {float32_backward}) and bfloat16 "
    "forward at 64 and 128 x 1M (-10.7%, -10.7%); where it is fast: the cooperative bfloat16 "
    "backward at N = 4M, M = 16-128 (4, {bfloat16_backward}).")
OURS_AT_4M_PLANS_H200 = (
    "Our kernels on the bandwidth grid, where the model is slow: the cooperative kernels at "
    "N = 65536 and 262144 (5: forward -12.5 / -10.9% in float32, -21.1 / -14.3% in "
    "bfloat16; the bfloat16 backward -10.0% at 65536); on wide rows the cooperative float32 "
    "backward at N = 4M, M = 32-128 (3, -11.2 to -11.3%) and bfloat16 forward at M = 8-128 "
    "(5, -15.4 to -17.0%); where it is fast: the cooperative bfloat16 backward at N = 4M, "
    "M = 8-128 (5, +16.6 to +23.2%).")
"""Our kernels' misses beyond the host's cost in the runs of the plans of 7d7cdd7 at N = 4M (the
same timings in the runs merged over them; the H100's figures move by 0.1 with a run's copy
bandwidth)."""
ONLINE_AND_TORCH_AT_2M_H100 = ("The forced online float32 backward (+32.1%) and torch's float32 "
                               "backward (+37.5%) at 2 x 1M.")
WIDE_FIGURES_H100 = dict(online="+60.2 to +116.1%", torch_points=12, torch="+29.0 to +77.2%",
                         torch_backward="+54.6% and +35.5%")
WIDE_FIGURES_H200 = dict(online="+62.2 to +113.3%", torch_points=14, torch="+25.3 to +76.4%",
                         torch_backward="+38.3% and +30.1%")
RUNS_OF_7D7CDD7 = {
    "h100/run_7d7cdd7_2026-11-24": (
        "the H100, the grid, seeds and latency of f2c383a and the rows of N = 4M at the plans of "
        "7d7cdd7, over 1907874's other wide rows", "60 of 549", WIDE_FIGURES_H100,
        OURS_AT_4M_PLANS_H100.format(float32_backward="-11.7 to -14.3%",
                                     bfloat16_backward="+11.0 to +11.7%") + " Ours under the host's cost, faster than the model's GPU time "
        "by more than 10% (14: the latency section at 1 x 1024, -19.2%; the seeds' grid at "
        "N = 1152, -11.0%; wide rows at M = 1-8, 12, -10.2 to -19.6%). "
        + ONLINE_AND_TORCH_AT_2M_H100 + " The naive code on the seeds' grid at N = 256, 384 and 512 "
        "(6.7, 6.0 and 5.5 us faster than the model, the tolerance 5 us). Nsight bytes: "
        + COOPERATIVE_PROBE_MISSES),
    "h200/run_c4b7a6c_2026-11-24": (
        "the H200, the grid, seeds and latency of f2c383a and the rows of N = 4M at the plans of "
        "7d7cdd7 (float32 timed at 85ac808, bfloat16 at c4b7a6c), over 1907874's other wide "
        "rows", "63 of 549", WIDE_FIGURES_H200,
        OURS_AT_4M_PLANS_H200 + " Ours under the host's cost, faster than the model's GPU time "
        "by more than 10% (14: the latency section at 1 x 1024, -22.1%; wide rows at M = 1-8, "
        "13, -12.3 to -21.0%). The naive code on the seeds' grid at N = 256 (5.2 us "
        "faster than the model)"),
}
"""The runs that timed the rows of N = 4M at today's plans, out of sample: set beside the model
after the residency of ``COOPERATIVE_RESIDENT_PER_SM`` was entered from the plans' registers."""
RUNS_OF_POOLED_SEEDS = {
    "h100/run_7a5627b_2026-11-24": (
        "the H100, the seeds' grid of 7a5627b (narrow float32 rows one warp each, four rounds, "
        "calls pooled) over the run of 7d7cdd7 (copy 3003 GB/s against its 3001)", "63 of 549",
        dict(WIDE_FIGURES_H100, online="+60.3 to +116.1%"),
        OURS_AT_4M_PLANS_H100.format(float32_backward="-11.7 to -14.2%",
                                     bfloat16_backward="+11.1 to +11.8%") + " Ours under the host's cost, faster than the model's GPU time "
        "by more than 10% (17: the latency section at 1 x 1024, -19.2%; the seeds' grid at "
        "N = 384, 896, 1024 and 1152, -10.9 to -11.2%, where the 7d7cdd7 run missed at 1152 "
        "only; wide rows at M = 1-8, 12, -10.2 to -19.5%). " + ONLINE_AND_TORCH_AT_2M_H100
        + " The naive code on the seeds' grid at N = 256, 384 and 512 "
        "(6.7, 6.1 and 5.3 us faster than the model, the tolerance 5 us). Nsight bytes: "
        + COOPERATIVE_PROBE_MISSES),
    "h200/run_3ce6fed_2026-11-24": (
        "the H200, the seeds' grid and latency of 3ce6fed (float32 rows of 129-1024 one warp each, "
        "four rounds, calls pooled) over the runs of 7a5627b and c4b7a6c", "64 of 549",
        WIDE_FIGURES_H200,
        OURS_AT_4M_PLANS_H200 + " Ours under the host's cost, faster than the model's GPU time "
        "by more than 10% (15: the latency section at 1 x 1024, -20.9%; the seeds' grid at "
        "N = 768, -10.1%; wide rows at M = 1-8, 13, -12.3 to -21.0%). The naive code on the "
        "seeds' grid at N = 256 (5.3 us faster than the model)"),
    "h100/run_bb339d5_2026-11-24": (
        "the H100, the seeds' grid of bb339d5 (float32 rows of 1537-2048 two a program, four "
        "rounds, calls pooled) over the run of 7a5627b (the seeds' call's copy 3000 GB/s; the merge's, "
        "which the model is given, 3003 as before)",
        "58 of 549", dict(WIDE_FIGURES_H100, online="+60.3 to +116.1%"),
        OURS_AT_4M_PLANS_H100.format(float32_backward="-11.7 to -14.2%",
                                     bfloat16_backward="+11.1 to +11.8%") + " Ours under the host's cost, faster than the model's GPU time "
        "by more than 10% (13: the latency section at 1 x 1024, -19.2%; wide rows at M = 1-8, "
        "12, -10.2 to -19.5%; none on the seeds' grid, where the 7a5627b run missed at N = 384, "
        "896, 1024 and 1152 at the same plans). " + ONLINE_AND_TORCH_AT_2M_H100
        + " The naive code on the seeds' grid at N = 256 and 384 (5.8 and 5.2 us faster than "
        "the model, the tolerance 5 us). Nsight bytes: " + COOPERATIVE_PROBE_MISSES),
    "h200/run_bb339d5_2026-11-24": (
        "the H200, the seeds' grid and latency of bb339d5 (float32 rows of 1537-2048 two a "
        "program, four rounds, calls pooled) over the run of 3ce6fed", "64 of 549",
        WIDE_FIGURES_H200,
        OURS_AT_4M_PLANS_H200 + " Ours under the host's cost, faster than the model's GPU time "
        "by more than 10% (15: the latency section at 1 x 1024, -21.5%; the seeds' grid at "
        "N = 896, -10.3%, where the 3ce6fed run missed at 768 instead, at the same plans; wide "
        "rows at M = 1-8, 13, -12.3 to -21.0%). The naive code on the seeds' grid at N = 256 "
        "(5.9 us faster than the model)"),
}
"""The runs of the seeds' grid with narrow float32 rows one warp each and each point the median
of all its rounds' calls (and, at bb339d5, rows of 1537-2048 two a program), out of sample. The
model is slower than the 7a5627b and 3ce6fed runs at the narrow rows (H100 384-1152: -9.1 to
-11.2%, from -6.2 to -11.0% in the 7d7cdd7 run), at plans that changed and plans that did not
(the H100's 384 is four rows along the columns in both): the pooled calls as much as the
layouts. In the H100's bb339d5 run, at the same plans, -6.5 to -10.0%, none off."""
ROWS_OF_2M_3M = {
    "h100": ("15 of 84", "ours, where the model is slow, the float32 backward at M = 16-64 x 3M "
             "(3, -19.4 to -18.9%) and the bfloat16 forward at 128 x 2M and 64 x 3M (-11.3%, "
             "-10.9%); the forced online bfloat16 forward at M = 16-64 (6, +61.1 to +117.1%) and "
             "torch's bfloat16 forward at M = 16 and 32 (4, +30.3 to +32.1%), the model fast as "
             "on the rows of 1M and 4M"),
    "h200": ("61 of 192", "ours, where the model is slow, the float32 backward at M = 4-128 x 3M "
             "(6, -16.7 to -15.6%) and the bfloat16 forward at 128 x 2M and 32-128 x 3M (4, "
             "-15.1 to -10.1%); where it is fast, the float32 backward at M = 16-128 x 2M (4, "
             "+14.4 to +16.8%) and the bfloat16 backward at M = 32-128 (6, +10.8 to +16.4%). "
             "Ours under the host's cost at M = 1-8 (11, -10.3 to -20.2%; the float32 "
             "backward's among them at 1 x 2M and 2 x 3M, -11.6% and -18.3%). The forced online "
             "bfloat16 forward at M = 1-64 (14, +65.2 to +115.5%), torch's bfloat16 forward (13, "
             "+25.7 to +75.1%) and backward at M = 2 (+34.7%, +62.5%) and float32 backward at "
             "1 x 3M (+43.9%)"),
}
"""GPU -> (misses of the rows of N = 2M and 3M, what they are) in its run of 207c364, where those
rows were first timed. Out of sample but for one fact: these runs timed the capped backward with
the model at one program an SM for float32 (16-37% slow there: 19 of 84 off on the H100, 64 of
192 on the H200), and ``implementations.cooperative_resident_per_sm`` was entered after them, from
the caps' compiled registers (two an SM for float32; three or four for 16-bit). It moved the
float32 backward at 2M from 31-33% slow to 6-8% fast on the H100 (M = 16-128) and from 32-37%
slow (M = 8-128) to 14-17% fast (M = 16-128; +11.6% at 8) on the H200; at 3M from 16-17% slow to
19% slow on the H100 (the model further off) and from 20-23% slow to 16-17% on the H200
(M = 8-128)."""


def _with_rows_of_2m_3m(gpu: str, off: str) -> tuple:
    """The run of 207c364 on ``gpu``: its bb339d5 run, whose misses it keeps, and the rows of
    N = 2M and 3M beside them (``off``: the run's misses in all)."""
    _, _, figures, rest = RUNS_OF_POOLED_SEEDS[f"{gpu}/run_bb339d5_2026-11-24"]
    new, which = ROWS_OF_2M_3M[gpu]
    return (f"the {gpu.upper()}, the rows of N = 2M and 3M timed at 207c364 (the backward of two "
            f"and three blocks a program capped) over the run of bb339d5", off, figures,
            f"{rest}. The rows of 2M and 3M, {new} points: {which}")


RUNS_OF_207C364 = {"h100/run_207c364_2026-11-24": _with_rows_of_2m_3m("h100", "73 of 633"),
                   "h200/run_207c364_2026-11-24": _with_rows_of_2m_3m("h200", "125 of 741")}
_, _, _FIGURES_207C364_H100, _REST_207C364_H100 = RUNS_OF_207C364["h100/run_207c364_2026-11-24"]
RUNS_OF_889106B = {"h100/run_889106b_2026-11-24": (
    "the H100, the shape of 128 x 3M that the 207c364 run's time limit cut, timed with every peer "
    "at 889106b (its plans there those of 207c364) over the run of 207c364", "75 of 645",
    _FIGURES_207C364_H100,
    f"{_REST_207C364_H100}. The shape of 128 x 3M, 2 of 12 points: ours, where the model is slow, "
    "the float32 backward (-19.6%, as at M = 16-64) and the bfloat16 forward (-13.0%, as at 64)")}
"""The H100's run of 889106b: the 207c364 run, whose misses it keeps, and 128 x 3M beside it."""
_, _, _FIGURES_207C364_H200, _REST_207C364_H200 = RUNS_OF_207C364["h200/run_207c364_2026-11-24"]
_READ_AGAIN = ("The bandwidth grid, the seeds' grid and latency timed again at 5395be2 (single-block "
               "rows of 2^27 elements read again) and the seeds' grid and latency at 9d49946 (the "
               "seeds' row tiles read again, policy.READ_AGAIN_ROW_TILES): the grid within; ours, "
               "faster than the model's GPU time under the host's cost where its narrow seeds' rows "
               "now read again (the model holds a single-block row and knows nothing of "
               "Plan.reread, nor what it frees), ")
RUNS_OF_9D49946 = {
    "h100/run_9d49946_2026-11-25": (
        "the H100, the bandwidth grid, seeds and latency timed again, with every peer, over the "
        "run of 889106b", "81 of 645", _FIGURES_207C364_H100,
        f"{RUNS_OF_889106B['h100/run_889106b_2026-11-24'][3]}. {_READ_AGAIN}N = 640-1152 (5, "
        "-11.3 to -17.7%); the naive code on the seeds' grid at N = 512, launch-bound, 5.5 us "
        "faster than the model (-12.5%)"),
    "h200/run_9d49946_2026-11-25": (
        "the H200, the same over the run of 207c364", "130 of 741", _FIGURES_207C364_H200,
        f"{_REST_207C364_H200}. {_READ_AGAIN}N = 384-768 (4, -10.1 to -13.8%) and the latency "
        "section's 4096 x 512 (-13.7%)")}
"""The runs of 9d49946: the runs before (889106b on the H100, 207c364 on the H200), whose misses
they keep, with the grid, seeds and latency of the plans that read again."""
_ONE_ROW = ("The seeds' grid and latency timed again at 7a2b136 (rows of 2817-3072 one a program, "
            "read again: policy.ONE_ROW_TILES)")
RUNS_OF_7A2B136 = {
    "h100/run_7a2b136_2026-11-25": (
        "the H100, the seeds' grid and latency timed again, with every peer, over the run of "
        "9d49946", "81 of 645", _FIGURES_207C364_H100,
        f"{RUNS_OF_9D49946['h100/run_9d49946_2026-11-25'][3]}. {_ONE_ROW}: the same points off, "
        "the figures above those of the runs before; here ours at N = 640-1152 -10.2 to -17.0%, "
        "the latency section's 1 x 1024 -16.8% (4.6 us), the naive code at N = 256 / 384 / 512 "
        "-18.0 / -15.2 / -12.2%"),
    "h200/run_7a2b136_2026-11-25": (
        "the H200, the same over the run of 9d49946", "131 of 741", _FIGURES_207C364_H200,
        f"{RUNS_OF_9D49946['h200/run_9d49946_2026-11-25'][3]}. {_ONE_ROW}: one more off, ours at "
        "4096 x 1024 on the seeds' grid, which reads again too (-11.4%, 11.9 us); the figures "
        "above those of the runs before; here ours at N = 384-896 -10.1 to -14.3%, the latency "
        "section's 1 x 1024 and 4096 x 512 -20.9% and -13.7%, the naive code at N = 256 -15.5%")}
"""The runs of 7a2b136: the runs of 9d49946, whose misses they keep, with the seeds' grid and
latency timed again."""
_WIDE_ROW_PLAN = ("The float32 rows of N = 4M timed again at d1d0980 (blocks of 16384, "
                  "policy.COOPERATIVE_WIDE_ROW_PLAN), with every peer")
RUNS_OF_D1D0980 = {
    "h100/run_d1d0980_2026-11-25": (
        "the H100, the float32 rows of N = 4M timed again, with every peer, over the run of "
        "7a2b136", "83 of 645", _FIGURES_207C364_H100,
        f"{RUNS_OF_7A2B136['h100/run_7a2b136_2026-11-25'][3]}. {_WIDE_ROW_PLAN}: ours, where the "
        "model is slow, the backward at M = 8-128 (5, -13.4 to -14.5%, in place of the figures "
        "above) and the forward at M = 1 and 2 (-15.6%, -15.5%)"),
    "h200/run_d1d0980_2026-11-25": (
        "the H200, the same over the run of 7a2b136", "135 of 741", _FIGURES_207C364_H200,
        f"{RUNS_OF_7A2B136['h200/run_7a2b136_2026-11-25'][3]}. {_WIDE_ROW_PLAN}: ours, where the "
        "model is slow, the backward at M = 8-128 (5, -13.3 to -14.9%, in place of the three at "
        "M = 32-128 above) and the forward at M = 1 and 2 (-14.1%, -17.2%)")}
"""The runs of d1d0980: the runs of 7a2b136, whose misses they keep but for the float32 rows of
4M, timed again. The model runs these backward programs one row at a time, a launch each
(``model.launches``: one resident an SM, a row on every SM), and is slower than they are."""



_WORDS_MAX = ("The bfloat16 grid and wide rows timed again at 6b77a26 (a held block's "
              "max of its words, kernels/cooperative.py words_max; programs of two and three "
              "blocks read every block as words, policy.COOPERATIVE_PAIRED_OTHERS_BLOCKS), with "
              "every peer; the model knows neither (it gives the capped forward of two blocks "
              "six programs an SM, which moves none of its times here). There, ")
RUNS_OF_6B77A26 = {
    "h100/run_6b77a26_2026-11-25": (
        "results/h100/run_6b77a26_2026-11-25 (out of sample: the H100, the run of d1d0980 with "
        "the bfloat16 grid and the bfloat16 wide rows of N = 1M and 2M at M = 32-128 and 3M at "
        "M = 32 timed again), 88 "
        "of 645 points off their regime's tolerance: 70 of the run of d1d0980's at the points "
        "not timed again (and its Nsight bytes: 4 of 12 cooperative cases, "
        "traffic_model/evidence/probe_cooperative_h100.json), and 18 of the 66 timed again. "
        + _WORDS_MAX + "ours where the model is slow: the forward of the grid at 65536 and 262144 "
        "(-14.9%, -14.4%), the wide forward at 64 and 128 x 1M, 32-128 x 2M and 32 x 3M (6, -11.5 "
        "to -15.1%); where it is fast, the backward at 64 and 128 x 2M (+10.7%, +11.6%). The "
        "forced online bfloat16 forward at M = 32 and 64 (5, +61.4 to +113.0%) and torch's "
        "bfloat16 forward at M = 32 (3, +30.7 to +34.8%): the model gives them float32's rate "
        "per program. Strict, so that a model that holds makes this fail"),
    "h200/run_6b77a26_2026-11-25": (
        "results/h200/run_6b77a26_2026-11-25 (out of sample: the H200, the run of d1d0980 with "
        "the bfloat16 grid and the bfloat16 wide rows of N = 1M (M = 32-128), 2M (M = 1-128) and "
        "3M (M = 1-64) timed again), 145 of 741 points off their regime's tolerance: 84 at the points "
        "not timed again, those of the run of d1d0980 and one that was within there, the float32 "
        "backward of the grid at 65536 (-10.4%, -9.9% there: the model scales by the copy of the "
        "latest call, 4223 GB/s here, 4247 there), and 61 of the 132 timed again. " + _WORDS_MAX +
        "ours where the model is slow: the grid's forward at 65536 and 262144 (-22.5%, -16.8%) "
        "and backward at 65536 (-11.2%), the wide forward at M = 16-64 x 2M-3M and 128 x 2M (7, "
        "-17.7 to -19.8%), under the host's cost at M = 1-8 x 2M-3M, 32 x 1M and the backward at "
        "M = 1-2 x 2M-3M (13, -12.1 to -32.3%); where it is fast, the backward at M = 32-128 x 2M "
        "and 64 x 3M (4, +10.3 to +16.8%). The forced online bfloat16 forward (16, +66.2 to "
        "+120.7%) and torch's bfloat16 forward (16, +25.6 to +76.1%) and backward at 2 x 2M and "
        "2 x 3M (+35.4%, +65.3%): the model gives them float32's rate per program. Strict, so "
        "that a model that holds makes this fail"),
}
"""The runs of 6b77a26: the runs of d1d0980 with the bfloat16 rows whose plans changed timed
again. The model gives the words' max and the blocks read as words nothing: it is slow against
the forwards they sped up."""

RUNS_OF_50ED588 = {
    "h200/run_50ed588_2026-11-29": (
        "results/h200/run_50ed588_2026-11-29 (out of sample: the H200, the run of 6b77a26 with "
        "the bandwidth grid, float32 and bfloat16, timed again at 50ed588, where the 16-bit "
        "forward of 12288-32768 columns takes the cooperative kernel on this GPU "
        "(policy.FAST_DRAM_COOPERATIVE_FORWARD_COLS), and the bfloat16 widths section first "
        "timed), 158 of 773 points off their regime's tolerance: the 145 of the run of 6b77a26 "
        "(its points timed again off where they were), and 13 new. Ours where the model is slow, "
        "as at 65536 there (the words' max): the cooperative bfloat16 forward at 16384 (-22.3%) "
        "and the widths 12344, 50264 and 65528 (-17.2 to -22.3%), and the backward at 65528 "
        "(-11.0%). Where it is fast, rows that are not whole 16-byte vectors, which the model "
        "reads as if they were: ours at 1001 (forward +16.5%, backward +14.0%), the backward "
        "at 4100 (+28.3%), 50257 and 65535 (forward +42.3%, +33.8%; backward +73.8%, +72.7%), "
        "and torch's backward at 4100 (+28.5%). Strict, so that a model that holds makes this "
        "fail"),
}
"""The run of 50ed588: the H200's grid timed again, and its first widths section, whose rows of
odd N (or of N not a multiple of 8) the kernels cannot read in whole vectors."""

RUNS_OF_FB703A9 = {
    "h200/run_fb703a9_2026-11-30": (
        "results/h200/run_fb703a9_2026-11-30 (out of sample: the H200, the run of 50ed588 with "
        "its widths section timed again at 6178ca4, bfloat16 at 12 widths and float32 at 8, "
        "after the window rules of 2026-11-29 and ba01f8e), 167 of 821 points off their regime's "
        "tolerance: the 158 of the run of 50ed588 but five that now hold (ours at 1001 forward "
        "and backward, the backward at 4100, 50257 and 65535, which read through a window now "
        "move whole vectors as the model has it), and 14 new. Ours where the model is slow: the "
        "cooperative bfloat16 forward at 20001 (-14.2%) and float32 forward at 50257, 50264, "
        "65528 and 65535 (-12.1 to -13.1%), as at 65536 (the words' max, and float32's rate "
        "per program). Where it is fast: ours at bfloat16 137 (forward +24.6%, backward "
        "+24.3%) and the forward at 268 (+15.1%), narrow rows whose programs the model counts "
        "as if they moved whole vectors; torch's bfloat16 forward at 137, 268, 1032 and 20001 "
        "(+32.5 to +54.3%) and backward at 20001 (+20.3%). The forced online bfloat16 forward "
        "at 128 x 1M, the same timing as the run of 50ed588, +25.3% against this merge's copy "
        "(4244 GB/s, its median; 50ed588's 4223). Strict, so that a model that holds makes "
        "this fail"),
}
"""The run of fb703a9: the H200's widths section timed again with every peer, float32 first
timed there, and four new bfloat16 widths (137, 268, 1032, 20001)."""

RUNS_OF_BA90955 = {
    "h200/run_ba90955_2026-12-02": (
        "results/h200/run_ba90955_2026-12-02 (out of sample: the H200, the run of fb703a9 with "
        "the bandwidth grid, the widths, the seeds' grid, latency and the bfloat16 wide rows of "
        "1M-3M at M = 16-128 (but 128 x 3M) timed again at c87553d, whose triton_impl is "
        "ba90955's), 166 of 821 points off their regime's tolerance: the 167 of the run of "
        "fb703a9 but four that now hold (ours at the bfloat16 backward of 137, whose plan "
        "changed since; at the plans timed in the runs before, ours at the float32 backward of "
        "65536 (50ed588's run) and the bfloat16 forward of 268, 83 -> 92% of copy; the forced "
        "online bfloat16 forward at 128 x 1M), and three new: ours at the float32 seeds' forward "
        "of 256 (-11.8%) and the bfloat16 forward at 16 x 1M (-15.8%; blocks of 16384 since "
        "541a984), both under the host's cost, and the bfloat16 backward at 32 x 3M (+11.0%, "
        "where the model is fast). The bfloat16 forward at 262144, 94% of copy since the blocks "
        "of 16384 (541a984), is now -19.9% (-16.7% at 90%). Strict, so that a model that holds "
        "makes this fail"),
}
"""The run of ba90955: every section of the H200 timed again with every peer but the float32
wide rows and the bfloat16 ones of 4M, of 128 x 3M and of M under 16 (those stand from the runs
before)."""

RUNS_OF_8FC939C = {
    "h200/run_8fc939c_2026-12-02": (
        "results/h200/run_8fc939c_2026-12-02 (out of sample: the H200, the run of ba90955 with "
        "the seeds' grid and latency timed again at 8fc939c, whose float32 rows of 1281-1408 "
        "and 2561-2816 are held as two tiles), 165 of 821 points off their regime's tolerance: "
        "the 166 of the run of ba90955 but ours at the float32 seeds' forward of 768, -11.0% "
        "there (faster than the model), -7.6% here on the same plan. Strict, so that a model "
        "that holds makes this fail"),
}
"""The run of 8fc939c: the H200's seeds' grid and latency timed again with every peer, over the
run of ba90955."""

RUNS_OF_EC9646B = {
    "h200/run_ec9646b_2026-12-02": (
        "results/h200/run_ec9646b_2026-12-02 (out of sample: the H200, the run of 8fc939c with "
        "the seeds' grid and latency timed again at ec9646b, whose float32 rows of one warp of "
        "513-1280 columns hold their tiles, not read again), 167 of 821 points off their "
        "regime's tolerance: the 165 of the run of 8fc939c and ours at the float32 seeds' "
        "forward of 768 and 1152, now held, faster than the model by -14.3% and -10.8% (-7.6% "
        "and -8.8% in the 8fc939c run, read again; 640, 896 and 1024, off there already, stay "
        "off, -12.6 to -12.9%). Strict, so that a model that holds makes this fail"),
}
"""The run of ec9646b: the H200's seeds' grid and latency timed again with every peer, over the
run of 8fc939c."""


RUNS_OF_529C37F = {
    "h200/run_529c37f_2026-12-02": (
        "results/h200/run_529c37f_2026-12-02 (out of sample: the H200, the run of ec9646b with "
        "the seeds' grid and latency timed again at 529c37f, whose plans are 8f1f388's: the "
        "float32 forward's rows of 257-512, 3073-4096, 4609-6143 and 8193-9216 columns held, not "
        "read again), 169 of 821 points off their regime's tolerance: the 167 of the run of "
        "ec9646b but ours at the float32 seeds' forward of 768 (-14.3% there, within it here on "
        "the same plan, by a hair: -9.97%), and three new, ours faster than the model on plans "
        "that did not change: the seeds' forward of 1280 (-10.1%) and the latency of 64 x 1024 "
        "and 256 x 2048 (-10.1%, -10.2%). Strict, so that a model that holds makes this fail"),
}
"""The run of 529c37f: the H200's seeds' grid and latency timed again with every peer, over the
run of ec9646b."""


def _recounted(runs: dict, wide_rows: str) -> dict:
    """Each run's reason for its strict mark: what it is, its misses counted, the wide rows'
    misses (``wide_rows`` with the run's figures), then the rest."""
    return {name: (f"results/{name} (out of sample: {what}), {off} points off their regime's "
                   f"tolerance: {wide_rows.format(**figures)}. {rest}. Strict, so that a model "
                   "that holds makes this fail")
            for name, (what, off, figures, rest) in runs.items()}


RUNS_OF_5EE49C5 = {
    "h100/run_5ee49c5_2026-11-24": (
        "results/h100/run_5ee49c5_2026-11-24 (out of sample: the wide section alone at N = 2M and "
        "3M, M = 8, 32 and 128, ours and ours forced online, timed after the model's residency of "
        "the capped backward, implementations.cooperative_resident_per_sm, was committed at "
        "5ee49c5), 9 of 48 points off their regime's tolerance. Ours, where the model is slow: "
        "the float32 backward at 3M, M = 8-128 (3, -19.4 to -18.8%), and the bfloat16 forward "
        "at 128 x 2M and 128 x 3M (-11.8%, -13.2%); the float32 backward at 2M is within (+5.6 "
        "to +7.3%). The forced online bfloat16 forward at M = 8 and 32 (4, +106.9 to +114.1%). "
        "Nsight: " + COOPERATIVE_PROBE_MISSES + ". Strict, so that a model that holds makes this "
        "fail"),
    "h200/run_5ee49c5_2026-11-24": (
        "results/h200/run_5ee49c5_2026-11-24 (out of sample, as the H100's: M = 1-128), 44 of "
        "128 points off their regime's tolerance. Ours, where the model is fast: the float32 "
        "backward at M = 16-128 x 2M (4, +13.0 to +16.5%; +10.9% at M = 8, within) and the "
        "bfloat16 backward at M = 32-128 x 2M and 3M (6, +11.4 to +15.7%); where it is slow: the "
        "float32 backward at M = 4-128 x 3M (6, -16.2 to -15.6%) and the bfloat16 forward at "
        "128 x 2M and 32-128 x 3M (4, -15.2 to -10.1%). Ours under the host's cost (10, -10.6 "
        "to -20.7%: the bfloat16 forward at M = 1-8 x 2M and 2-8 x 3M, the float32 forward at "
        "1 x 2M, the float32 backward at 1 x 2M and 2 x 3M). The forced online bfloat16 forward "
        "at M = 1-64 (14, +65.3 to +116.1%). Strict, so that a model that holds makes this "
        "fail"),
}
"""The runs timed after ``implementations.cooperative_resident_per_sm`` was committed, ours alone:
the shapes of the runs of 207c364 on the same GPUs timed again (and on the H100 M = 8, which its
207c364 run did not time), so they show the residency's effect repeat rather than test new shapes;
no float16 point is timed, so its residency is untested.
The float32 backward at 2M is 6-7% fast on the H100 (M = 8-128) and 11-17% on the H200 (M =
8-128); at 3M 19% slow on the H100 (14-17% with the entry of four, the model further off) and
16% slow on the H200: the register bound is not what the model lacks there."""


KNOWN_MISSES = ({"h100": H100_MISSES, "h200/rerun_2026-11-22": RERUN_MISSES}
                | _recounted(RUNS_OF_2026_11_23, BFLOAT16_WIDE_ROWS)
                | _recounted(WORDS_KERNEL_RUNS, PEERS_WIDE_BFLOAT16)
                | _recounted(RUNS_OF_D426F73, PEERS_WIDE_BFLOAT16)
                | _recounted(RUNS_OF_7D7CDD7, PEERS_WIDE_BFLOAT16)
                | _recounted(RUNS_OF_POOLED_SEEDS, PEERS_WIDE_BFLOAT16)
                | _recounted(RUNS_OF_207C364, PEERS_WIDE_BFLOAT16)
                | _recounted(RUNS_OF_889106B, PEERS_WIDE_BFLOAT16)
                | _recounted(RUNS_OF_9D49946, PEERS_WIDE_BFLOAT16)
                | _recounted(RUNS_OF_7A2B136, PEERS_WIDE_BFLOAT16)
                | _recounted(RUNS_OF_D1D0980, PEERS_WIDE_BFLOAT16)
                | RUNS_OF_5EE49C5 | RUNS_OF_6B77A26 | RUNS_OF_50ED588 | RUNS_OF_FB703A9
                | RUNS_OF_BA90955 | RUNS_OF_8FC939C | RUNS_OF_EC9646B | RUNS_OF_529C37F)
"""Runs that miss somewhere, by results directory (under results/), with every miss recounted."""
KNOWN_BYTES_MISSES = {name: KNOWN_MISSES[name] for name in
                      ("h100", "h100/run_2026-11-23", "h100/run_56635ff_2026-11-23",
                       "h100/run_d426f73_2026-11-23", "h100/run_7d7cdd7_2026-11-24",
                       "h100/run_7a5627b_2026-11-24", "h100/run_bb339d5_2026-11-24",
                       "h100/run_207c364_2026-11-24", "h100/run_5ee49c5_2026-11-24",
                       "h100/run_889106b_2026-11-24", "h100/run_9d49946_2026-11-25",
                       "h100/run_7a2b136_2026-11-25", "h100/run_d1d0980_2026-11-25",
                       "h100/run_6b77a26_2026-11-25")}
MISS_COUNTS = {"h200": (0, 0), "h100": (53, 4), "h200/rerun_2026-11-22": (8, 0),
               "h100/run_2026-11-23": (56, 4), "h200/run_2026-11-23": (52, 0),
               "h100/run_56635ff_2026-11-23": (54, 4), "h200/run_56635ff_2026-11-23": (47, 0),
               "h100/run_d426f73_2026-11-23": (55, 4), "h200/run_d426f73_2026-11-23": (57, 0),
               "h100/run_7d7cdd7_2026-11-24": (60, 4), "h200/run_c4b7a6c_2026-11-24": (63, 0),
               "h100/run_7a5627b_2026-11-24": (63, 4), "h200/run_3ce6fed_2026-11-24": (64, 0),
               "h100/run_bb339d5_2026-11-24": (58, 4), "h200/run_bb339d5_2026-11-24": (64, 0),
               "h100/run_207c364_2026-11-24": (73, 4), "h200/run_207c364_2026-11-24": (125, 0),
               "h100/run_5ee49c5_2026-11-24": (9, 4), "h200/run_5ee49c5_2026-11-24": (44, 0),
               "h100/run_889106b_2026-11-24": (75, 4), "h100/run_9d49946_2026-11-25": (81, 4),
               "h200/run_9d49946_2026-11-25": (130, 0), "h100/run_7a2b136_2026-11-25": (81, 4),
               "h200/run_7a2b136_2026-11-25": (131, 0), "h100/run_d1d0980_2026-11-25": (83, 4),
               "h200/run_d1d0980_2026-11-25": (135, 0), "h100/run_6b77a26_2026-11-25": (88, 4),
               "h200/run_6b77a26_2026-11-25": (145, 0), "h200/run_50ed588_2026-11-29": (158, 0),
               "h200/run_fb703a9_2026-11-30": (167, 0), "h200/run_ba90955_2026-12-02": (166, 0),
               "h200/run_8fc939c_2026-12-02": (165, 0), "h200/run_ec9646b_2026-12-02": (167, 0),
               "h200/run_529c37f_2026-12-02": (169, 0)}
"""(timed points, Nsight cases) off their tolerance, by run: the counts the reasons above give."""


def _known_misses(run, request, known=KNOWN_MISSES):
    reason = known.get(_name(run))
    if reason:
        request.applymarker(pytest.mark.xfail(strict=True, reason=reason))


def test_every_point_within_its_regimes_tolerance(run, request):
    _known_misses(run, request)
    failures = [f"{p.regime}: {p.section} {p.impl} ({p.predicted.runs}) {p.direction} {p.dtype} "
                f"{p.M}x{p.N}: measured {p.measured_gbs:.0f} GB/s ({p.measured_us:.1f} µs), model "
                f"{p.predicted.gbs:.0f} ({p.predicted.us:.1f} µs), {100 * p.error:+.1f}%"
                for p in run.points if not p.within]
    assert not failures, "\n".join(failures)


def test_the_marks_recount_the_misses_exactly(run):
    """A model change that moves a miss, in or out, fails here until the reason is recounted."""
    points = sum(not p.within for p in run.points)
    cases = sum(abs(c.error) > BYTES_TOLERANCE for c in run.bytes_cases + run.probe_cases if c.above_l2)
    assert (points, cases) == MISS_COUNTS[_name(run)]
    if points:
        assert f"{points} of {len(run.points)} points" in KNOWN_MISSES[_name(run)]
    if cases:
        assert f"{cases} of " in KNOWN_BYTES_MISSES[_name(run)]


def test_the_bandwidth_grid_holds_ours_to_10_and_torch_to_15_percent(run):
    """The grid the issue names: every point there is large and fills the GPU, so ours is held to
    10% and torch to 15% (no looser regime applies)."""
    grid = [p for p in run.points if p.section == "bandwidth"]
    if _name(run) in WIDE_ONLY_RUNS:
        assert not grid and {p.section for p in run.points} == {"wide"}
        return
    assert grid
    for p in grid:
        expected = "large, ours" if p.impl.startswith("ours") else "streaming"
        assert p.regime == expected, (p.impl, p.direction, p.dtype, p.M, p.N, p.regime)
    assert TOLERANCES["large, ours"].limit == 0.10 and TOLERANCES["streaming"].limit == 0.15


def test_nsight_byte_counts_above_l2(run, request):
    _known_misses(run, request, KNOWN_BYTES_MISSES)
    cases = [c for c in run.bytes_cases + run.probe_cases if c.above_l2]
    if not cases:
        pytest.skip(f"{run.directory.name}: no Nsight counts")
    worst = max(cases, key=lambda c: abs(c.error))
    assert abs(worst.error) <= BYTES_TOLERANCE, (worst.source, worst.impl, worst.algorithm, worst.M,
                                                 worst.N, worst.dtype, worst.error)


def test_the_h200_run_is_all_there(h200):
    """453 timed points (193 of our kernels, 160 through the dispatcher, whose kernels the dispatch
    record names), 17 Nsight cases and the 40 probe cases."""
    assert "H200" in h200.device and 4000 < h200.copy_gbs < 4500
    assert len(h200.points) == 453 and h200.assumed == 0 and h200.unmodelled == h200.failed == 0
    assert sum(p.impl.startswith("ours") for p in h200.points) == 193
    assert len(h200.bytes_cases) == 17 and len(h200.probe_cases) == 40
    assert {p.regime for p in h200.points} == set(TOLERANCES), "every regime has H200 points"


def test_fused_over_naive_speedup_on_the_seeds_grid(h200):
    rows = [r for r in seeds_speedups(h200) if r[3]]
    assert len(rows) >= 45, "ours is held to its GPU time from N = 6528 to 12800"
    errors = [r[2] / r[1] - 1 for r in rows]
    assert max(abs(e) for e in errors) <= TOLERANCES["streaming"].limit
    assert 4.7 < min(r[1] for r in rows) and max(r[1] for r in rows) < 5.5, "measured 4.8-5.4, above the bytes' 4"


def test_the_knobs_cite_the_measurements():
    """Every path that knobs.py's docstrings cite (a file, or a run's directory under results/) is
    in the repository, and a file named bare ("probe_kernels.json") is one cited there in full.
    Every knob says what set it: "Set by:" in its docstring, or, for ``KERNEL_SPEEDS`` and the
    values it is built from, ``KERNEL_SPEEDS``' docstring, which gives each entry's measurement."""
    import ast
    import re

    module = ast.parse(Path(knobs.__file__).read_text())
    assignments = {node.targets[0].id: node for node in module.body
                   if isinstance(node, ast.Assign) and node.targets[0].id.isupper()}
    docstrings = {node.targets[0].id: following.value.value
                  for node, following in zip(module.body, module.body[1:])
                  if node in assignments.values() and isinstance(following, ast.Expr)
                  and isinstance(following.value, ast.Constant)}
    text = "\n".join([ast.get_docstring(module), *docstrings.values()])
    cited = set(re.findall(r"results/[\w./-]*\w|[\w./-]+/[\w.-]+\.(?:json|log|py|md)\b", text))
    missing = sorted(path for path in cited if not (REPO / path).exists())
    assert cited and not missing, f"knobs.py cites files the repository lacks: {missing}"
    bare = set(re.findall(r"(?<![\w/.-])[\w-]+\.(?:json|log)\b", text))
    unresolved = bare - {Path(path).name for path in cited}
    assert not unresolved, f"knobs.py names files it never cites in full: {sorted(unresolved)}"

    speeds = assignments["KERNEL_SPEEDS"]
    behind_speeds = {"KERNEL_SPEEDS"} | {node.id for node in ast.walk(speeds.value)
                                         if isinstance(node, ast.Name)}
    for name in assignments:
        if not isinstance(getattr(knobs, name), (int, float, tuple, dict)):
            continue  # not a number: no knob
        assert "Set by:" in docstrings.get(name, "") or (
            name in behind_speeds and name in docstrings), f"{name}: no measurement set it"


def test_hardware_md_shows_the_tables_of_the_current_model(h200):
    """Regenerate with: python -m traffic_model.validate results/h200 --write traffic_model/HARDWARE.md"""
    text = HARDWARE_MD.read_text()
    assert BEGIN in text and END in text
    generated = text.split(BEGIN, 1)[1].split(END, 1)[0].strip()
    assert generated == report(h200).strip(), "HARDWARE.md is stale: regenerate it (see docstring)"


def test_the_cooperative_predictions_were_committed_for_the_whole_grid():
    """traffic_model/evidence/predictions_cooperative.json: made once, before the H100 run; what the
    model predicts now may differ, what it predicted then may not."""
    made = json.loads(PREDICTIONS.read_text())
    assert made["made_at"].startswith("2026-11-22T") and made["gpu"]["key"] == "H100"
    assert [(p["direction"], p["dtype"], p["M"], p["N"]) for p in made["predictions"]] == list(GRID)
    for p in made["predictions"]:
        assert p["gbs"] == pytest.approx(p["useful_bytes"] / p["us"] / 1e3, rel=1e-3)
        assert 0 < p["fraction_of_copy"] < 1
    assert "LAUNCH_S" in made["knobs"] and "KERNEL_SPEEDS" in made["knobs"]


def test_the_predictions_set_beside_the_h100_run():
    timings = RESULTS / "h100" / "speed_of_light.json"
    if not timings.exists():
        pytest.skip(f"{timings.relative_to(REPO)} is not committed yet")
    table = compare(json.loads(PREDICTIONS.read_text()), str(timings))
    assert "measured GB/s" in table, table
    assert load_measurements(timings).copy_gbs > 0


NCU_CSV = """==PROF== Connected to process 1
"ID","Process ID","Kernel Name","Metric Name","Metric Unit","Metric Value"
"0","1","fill","dram__bytes_write.sum","Kbyte","2.05"
"0","1","fill","gpu__time_duration.sum","usecond","1.50"
"1","1","cooperative_forward","dram__bytes_read.sum","Mbyte","268.44"
"1","1","cooperative_forward","launch__registers_per_thread","register/thread","40"
"""


def test_the_nsight_runner_reads_units_through_the_one_table():
    """benchmarks/nsight.py converts with traffic_model.measurements.NSIGHT_UNITS, which the loader
    of the committed probe (Nsight's own units) uses too; a unit it does not know is an error."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("nsight", REPO / "benchmarks" / "nsight.py")
    nsight = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(nsight)
    fill, coop = nsight.parse_csv(NCU_CSV)
    assert fill == {"name": "fill", "dram__bytes_write.sum": 2050.0, "gpu__time_duration.sum": pytest.approx(1.5e-6)}
    assert coop["dram__bytes_read.sum"] == pytest.approx(268.44e6) and coop["launch__registers_per_thread"] == 40
    with pytest.raises(ValueError, match="NSIGHT_UNITS"):
        nsight.parse_csv(NCU_CSV.replace("Mbyte", "Pbyte"))


def _timings_file(path, copy_gbs, impl, **extra):
    point = dict(impl=impl, M=4096, N=4096, dtype="float32", direction="forward", gbs=1000.0,
                 ms=0.1, section="bandwidth", kernel="single_block" if impl == "ours" else None)
    path.write_text(json.dumps(dict(device="NVIDIA H100 80GB HBM3", copy_gbs=copy_gbs,
                                    points=[point], **extra)))


def test_a_merge_stands_for_the_runs_beside_it(tmp_path):
    """``speed_of_light.py --merge`` joins runs into one file kept beside them: read both, each
    point would count twice."""
    _timings_file(tmp_path / "speed_of_light_a.json", 3000.0, "ours")
    _timings_file(tmp_path / "speed_of_light_b.json", 3002.0, "torch")
    assert sorted(m.parts for m in timings_files(tmp_path)) == [1, 1]
    _timings_file(tmp_path / "speed_of_light.json", 3001.0, "ours", copy_gbs_per_run=[3000.0, 3002.0])
    (merged,) = timings_files(tmp_path)
    assert merged.parts == 2 and merged.source.endswith("speed_of_light.json")
    _timings_file(tmp_path / "speed_of_light.json", 3001.0, "ours", copy_gbs_per_run=3000.0)
    with pytest.raises(ValueError, match="copy_gbs_per_run"):
        load_measurements(tmp_path / "speed_of_light.json")


@pytest.mark.parametrize("name, parts", [("h100/run_2026-11-23", "speed_of_light_*.json"),
                                         ("h200/run_2026-11-23", "speed_of_light_*.json"),
                                         ("h100/run_56635ff_2026-11-23", "parts/*.json"),
                                         ("h200/run_56635ff_2026-11-23", "parts/*.json"),
                                         ("h100/run_d426f73_2026-11-23", "parts/*.json"),
                                         ("h200/run_d426f73_2026-11-23", "parts/*.json")])
def test_the_committed_merge_holds_exactly_its_runs_points(name, parts):
    directory = RESULTS / name
    parts = [load_measurements(p) for p in sorted(directory.glob(parts))]
    (merged,) = timings_files(directory)
    assert merged.parts == len(parts) > 1
    key = lambda p: (p.section, p.impl, p.direction, p.dtype, p.M, p.N, p.ms)  # noqa: E731
    # a point measured again by a later part is the later part's (speed_of_light.merge)
    latest = {key(p)[:6]: p for m in parts for p in m.points}
    assert sorted(map(key, merged.points)) == sorted(map(key, latest.values()))


def test_hardware_md_counts_each_runs_misses_as_the_test_does():
    """HARDWARE.md's table of the runs held beside the model states each run's misses: recounted."""
    import re

    rows = re.findall(r"^\| `results/([\w/.-]+)`[^|]*\|[^|]*\| (\d+) of (\d+) \|$", HARDWARE_MD.read_text(), re.M)
    assert {name for name, _, _ in rows} == set(RUNS) - {"h200"}
    for name, off, total in rows:
        run = load(RESULTS / name)
        assert (sum(not p.within for p in run.points), len(run.points)) == (int(off), int(total)), name
