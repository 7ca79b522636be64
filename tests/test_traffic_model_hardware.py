"""The traffic model held to what an H200 measured (results/h200), so that it cannot drift from it.

Three measurements, all committed: Nsight Compute's DRAM byte counts (ncu_traffic.json), the
benchmark's GB/s with the copy bandwidth of the same run (speed_of_light.json), and the per-kernel
probe behind the knobs (traffic_model/evidence/probe_kernels.json). Every prediction uses the run's
own copy bandwidth. Where the model is not held to the common tolerance, the test says which
points, by how much, and why; traffic_model/HARDWARE.md is the long version, and the last test
checks that its tables are what ``python -m traffic_model.validate results/h200`` prints now.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from traffic_model import knobs
from traffic_model.validate import BEGIN, END, groups, load, report, seeds_speedups

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "results" / "h200"
HARDWARE_MD = REPO / "traffic_model" / "HARDWARE.md"

BYTES_TOLERANCE = 0.05

BYTES_EXCEPTIONS = {
    ("ours", "online_backward", 2048, 65536, "float32"): (
        0.12,
        (
            "ncu_traffic.json measured the online backward before it was software-pipelined (efc141c; "
            "0dd4cc5 pipelined it): that kernel's second read hit 50% in L2. The model describes the "
            "kernel as it is now, whose second read hits 28% (probe_kernels.json, same shape: the "
            "model within 1.3%), so it predicts 9.9% more bytes than that old count."
        ),
    ),
}
"""(impl, algorithm, M, N, dtype) -> (largest |error| accepted, why it exceeds BYTES_TOLERANCE)."""

GBS_TOLERANCE = 0.10

GBS_EXCEPTIONS = {
    ("seeds", "naive", "forward", "float32", "N 256-2048"): (
        0.16,
        (
            "N = 256 and 384 are five launches of 4-6 MB each: 28.8 and 33.5 µs measured, 5.8 µs a "
            "kernel, less than the 5.5 µs launch plus the L2 time the model gives each (-15%, -10%); "
            "from N = 512 within 8%."
        ),
    ),
    ("seeds", "torch", "forward", "float32", "N 256-2048"): (
        0.35,
        (
            "softmax_warp_forward at M = 4096: every row is in flight at once (one or two waves of "
            "warps), and the kernel moves its bytes at 0.71 of the copy (slope of time against bytes "
            "from N = 256 to 2048) where it reaches 0.95-0.98 with M = 131072-524288 (bandwidth "
            "grid, within 3% there). A ramp that grows with the problem; the model has only a fixed "
            "launch cost: 10-34% too fast from N = 640."
        ),
    ),
    ("seeds", "torch", "forward", "float32", "N 2176-6144"): (
        0.16,
        (
            "cunn_SoftMaxForwardReg from N = 3072 to 3456: 8-15% slower than the larger of its "
            "bandwidth (0.60 of copy) and its per-row floor (9.9 ns a row, fitted at N = 2176): "
            "the two limits overlap imperfectly where they cross."
        ),
    ),
    ("seeds", "ours", "forward", "float32", "N 6272-9216"): (
        0.13,
        (
            "the single-block kernel with BLOCK_N = 8192 at N = 6528-7040 (one row of up to 8192 "
            "columns a program, 1024 threads, 2 programs per SM, the rest of the block masked): 9-12% "
            "slower than its bytes allow, a latency-bound program the model does not describe "
            "(within 9% from N = 7168)."
        ),
    ),
    ("wide", "ours:online", "forward", "float32", "N 1M, M 32-128"): (
        0.20,
        (
            "M = 64: 64 one-program-per-SM rows, where neither the per-program rate nor the DRAM "
            "bandwidth alone binds and their sum would: 17.5% too fast."
        ),
    ),
    ("wide", "ours:online", "forward", "float32", "N 4M, M 32-128"): (0.20, "as at N = 1M, M = 64: 15%."),
    ("wide", "ours:online", "forward", "float32", "N 4M, M 1-16"): (
        0.12,
        "per-program rates fitted at N = 1M; at 4M, M = 4-16, 5-10% slow.",
    ),
    ("wide", "ours", "forward", "float32", "N 4M, M 1-16"): (
        0.12,
        "split-row at M = 16, N = 4M: 11% (the split kernels' speeds are the online kernels').",
    ),
    ("wide", "ours", "forward", "float32", "N 4M, M 32-128"): (0.12, "split-row at M = 32: 10.3%."),
    ("wide", "torch", "forward", "float32", "N 1M, M 1-16"): (
        0.15,
        (
            "torch's three-pass forward, one block per row: per-program rates fitted at M = 1 and 16; "
            "M = 4 and 8 in between 9-12% off."
        ),
    ),
    ("wide", "torch", "forward", "float32", "N 1M, M 32-128"): (
        0.20,
        (
            "M = 64-128: one 1024-thread block per SM on at most 128 SMs; the per-block rate and DRAM "
            "limits meet and the model, taking the larger, is 11-16% too fast."
        ),
    ),
    ("wide", "torch", "forward", "float32", "N 4M, M 32-128"): (0.20, "as at N = 1M: 8-13%."),
    ("wide", "torch", "backward", "float32", "N 1M, M 1-16"): (
        0.25,
        "the row kernel's per-program rates fitted at M = 1 and 16; M = 4 is 16% off.",
    ),
    ("wide", "torch", "backward", "float32", "N 1M, M 32-128"): (
        0.25,
        "M = 64-128 (one 512-thread block per SM): 11-19% too fast, as the forward.",
    ),
    ("wide", "torch", "backward", "float32", "N 4M, M 1-16"): (
        0.25,
        (
            "M = 1 at N = 4M: 22% too slow (the 16 MiB row's second read of tmp partly hits, which the "
            "per-program rates fitted at 1M misjudge)."
        ),
    ),
    ("wide", "torch", "backward", "float32", "N 4M, M 32-128"): (0.25, "as at N = 1M: 10-18%."),
    ("latency", "torch", "forward", "float32", "all"): (
        0.70,
        (
            "problems of 4 KB to 16 MB: the launch is the time (5.9-10.9 µs measured, 5.5-9.5 "
            "predicted). Within 4.4 µs; the relative error is large because the times are small."
        ),
    ),
}
"""Benchmark groups (section, impl, direction, dtype, range) held to more than GBS_TOLERANCE: the
largest |error| accepted, and why. A group named here must still need it (its error exceeds
GBS_TOLERANCE), so that the list shrinks as the model improves."""

HOST_EXPOSED_REASON = (
    "The lab's dispatcher spends 50-56 µs of host time a call (host_overhead.log), about as much "
    "as do_bench's L2 flush hides; calls whose GPU time is under about 55 µs show 0-50 µs of it "
    "(latency section: 21-58 µs for microsecond kernels). Not a cost of the kernels; the model "
    "predicts the GPU time and is held only to being a lower bound there."
)

SPEEDUP_TOLERANCE = 0.10
SPEEDUP_REASON = (
    "ours' single-block kernel at N = 6528-7424 runs 7-12% below its bytes (GBS_EXCEPTIONS) and the "
    "naive sequence 1-3% above the model: the ratio is 10-15% below the model's 5.49"
)
SPEEDUP_EXCEPTIONS = {N: (0.15, SPEEDUP_REASON) for N in range(6528, 7425, 128)}


@pytest.fixture(scope="module")
def run():
    return load(RESULTS)


def test_the_measurements_name_the_device_and_the_copy_bandwidth(run):
    assert "H200" in run.device
    assert 4000 < run.copy_gbs < 4500
    assert run.gpu.key == "H200" and run.gpu.l2_bytes == 60 * 2**20
    assert len(run.bytes_cases) == 17 and len(run.points) == 453


def test_every_nsight_case_above_l2_is_within_5_percent(run):
    failures = []
    for c in run.bytes_cases:
        if not c.above_l2:
            continue
        key = (c.impl, c.algorithm, c.M, c.N, c.dtype)
        limit, _ = BYTES_EXCEPTIONS.get(key, (BYTES_TOLERANCE, ""))
        if abs(c.error) > limit:
            failures.append(f"{key}: counted {c.counted / 1e6:.1f} MB, predicted "
                            f"{c.predicted.dram_bytes / 1e6:.1f} MB ({100 * c.error:+.1f}%)")
    assert not failures, "\n".join(failures)


def test_the_byte_exceptions_are_still_needed(run):
    cases = {(c.impl, c.algorithm, c.M, c.N, c.dtype): c for c in run.bytes_cases}
    for key in BYTES_EXCEPTIONS:
        assert abs(cases[key].error) > BYTES_TOLERANCE, f"{key} is within tolerance now: drop it"


def test_the_small_cases_inside_l2_are_within_5_percent_too(run):
    """M=4096, N=1024 fp32 (16.8 MB a tensor): naive reads 5.0 x MN, everything's output stays in
    L2 (writes 0.2-0.4 MB counted, 0 predicted)."""
    small = [c for c in run.bytes_cases if not c.above_l2]
    assert len(small) == 2
    for c in small:
        assert abs(c.counted - c.predicted.dram_bytes) < 0.05 * c.counted
        assert c.counted_write < 1e6 and c.predicted.dram_write_bytes == 0


def test_the_probe_counts_are_within_5_percent_above_l2(run):
    """The per-kernel probe ran the code as it is now, 40 cases: torch.softmax across its kernels
    and re-read regimes, the naive sequence, the online kernels over rows of 128 KiB to 4 MiB."""
    assert len(run.probe_cases) == 40
    for c in run.probe_cases:
        if c.above_l2:
            assert abs(c.error) <= BYTES_TOLERANCE, (c.impl, c.algorithm, c.M, c.N, c.dtype, c.error)


def test_gbs_of_every_implementation_and_range_within_its_tolerance(run):
    failures = []
    for key, points in groups(run.points).items():
        if key[1].endswith("(host-exposed)"):
            continue
        limit, _ = GBS_EXCEPTIONS.get(key, (GBS_TOLERANCE, ""))
        worst = max(points, key=lambda p: abs(p.error))
        if abs(worst.error) > limit:
            failures.append(f"{key}: {len(points)} points, worst M={worst.M} N={worst.N}: measured "
                            f"{worst.measured_gbs:.0f} GB/s, model {worst.predicted.gbs:.0f} "
                            f"({100 * worst.error:+.1f}%, allowed {100 * limit:.0f}%)")
    assert not failures, "\n".join(failures)


def test_the_gbs_exceptions_are_still_needed(run):
    found = groups(run.points)
    for key in GBS_EXCEPTIONS:
        assert key in found, f"{key}: no such group in the measurements"
        assert max(abs(p.error) for p in found[key]) > GBS_TOLERANCE, f"{key} is within 10% now: drop it"


def test_the_bandwidth_grid_and_the_large_seeds_are_within_10_percent(run):
    """The issue's grids: M·N = 2^27 (both directions, fp32 and bf16, ours and torch) and the seeds'
    grid from N = 2176 (naive, torch) and where ours is not host-exposed; listed exceptions aside."""
    held = [k for k in groups(run.points) if k[0] in ("bandwidth", "seeds") and "host" not in k[1]]
    assert len(held) == 26
    excepted = [k for k in held if k in GBS_EXCEPTIONS]
    assert len(excepted) == 4
    for key in held:
        if key[0] == "bandwidth":
            assert key not in GBS_EXCEPTIONS


def test_host_exposed_points_are_never_faster_than_the_model(run):
    """HOST_EXPOSED_REASON: the model predicts the GPU time, a lower bound for these points."""
    exposed = [p for p in run.points if p.host_exposed]
    assert exposed, "no host-exposed point: drop the category"
    for p in exposed:
        assert p.error > -GBS_TOLERANCE, (p.section, p.impl, p.M, p.N, p.error)


def test_fused_over_naive_speedup_on_the_seeds_grid_within_10_percent(run):
    rows = [r for r in seeds_speedups(run) if not r[3]]
    assert len(rows) >= 45, "ours should be bandwidth-bound from N = 6528 to 12800"
    for N, measured, predicted, _ in rows:
        limit, _ = SPEEDUP_EXCEPTIONS.get(N, (SPEEDUP_TOLERANCE, ""))
        assert abs(predicted / measured - 1) <= limit, (N, measured, predicted)
    errors = [r[2] / r[1] - 1 for r in rows]
    assert abs(sum(errors) / len(errors)) < 0.06
    measured = [r[1] for r in rows]
    assert 4.7 < min(measured) and max(measured) < 5.5, "the H200 measured 4.8-5.4: above the bytes' 4"


def test_the_knobs_cite_the_measurements():
    import inspect

    source = inspect.getsource(knobs)
    for evidence in ("probe_kernels.json", "ncu_traffic.json", "speed_of_light.json", "host_overhead.log"):
        assert evidence in source


def test_hardware_md_shows_the_tables_of_the_current_model(run):
    """Regenerate with: python -m traffic_model.validate results/h200 --write traffic_model/HARDWARE.md"""
    text = HARDWARE_MD.read_text()
    assert BEGIN in text and END in text
    generated = text.split(BEGIN, 1)[1].split(END, 1)[0].strip()
    assert generated == report(run).strip(), "HARDWARE.md is stale: regenerate it (see docstring)"


def test_lab_dispatch_is_the_dispatcher(monkeypatch):
    """``implementations.lab_dispatch`` restates triton_impl.dispatch without torch; where
    triton_impl imports (it needs torch and triton, not a GPU), the two must agree."""
    torch = pytest.importorskip("torch")
    pytest.importorskip("triton")
    try:
        from triton_impl import dispatch, hardware
    except Exception as error:  # noqa: BLE001 - any import failure means: not here
        pytest.skip(f"triton_impl does not import here: {error}")
    from traffic_model.implementations import lab_dispatch

    info = hardware.DeviceInfo("H200 (test)", 132, 65536, 233472, 2048, 60 * 2**20, True)
    monkeypatch.setattr(dispatch, "device_info", lambda device: info)
    dispatch._cached_plan.cache_clear()
    names = {"single_block": "fused", "online": "online", "split": "split"}
    try:
        for backward in (False, True):
            for dtype, size in ((torch.float32, 4), (torch.bfloat16, 2)):
                for M in (1, 4, 16, 66, 67, 128, 4096):
                    for N in (256, 16384, 16385, 32768, 32769, 65536, 1 << 20, (1 << 22) + 7):
                        plan = dispatch.make_plan(M, N, dtype, torch.device("cuda"), backward=backward)
                        algorithm, splits = lab_dispatch(M, N, size, backward=backward, sms=132)
                        suffix = "_backward" if backward else ""
                        assert algorithm == names[plan.kernel] + suffix, (M, N, dtype, backward)
                        assert splits == plan.splits, (M, N, dtype, backward)
    finally:
        dispatch._cached_plan.cache_clear()
