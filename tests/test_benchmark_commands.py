"""The benchmarks' command lines that run without a GPU: refused arguments exit 2 before any work,
and the CPU modes print what they say they time."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
torch = pytest.importorskip("torch")


def script(name: str, *args: str) -> subprocess.CompletedProcess:
    """``python benchmarks/<name> args...`` from the repository's root, its output captured."""
    return subprocess.run([sys.executable, f"benchmarks/{name}", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=False)


def host_overhead(*args: str) -> subprocess.CompletedProcess:
    return script("host_overhead.py", *args)


def test_host_overhead_times_our_layers_without_a_gpu():
    done = host_overhead("--layers", "--calls", "200")
    if "refuse this NumPy" in done.stderr:  # a GPU machine's NumPy, too new for the interpreter
        assert done.returncode == 2 and not done.stdout, done.stdout
        pytest.skip("--layers needs the README's install (NumPy < 2.4); here it refused cleanly")
    assert done.returncode == 0, done.stderr
    assert "launches made no-ops" in done.stdout
    timed = dict(re.findall(r"^  (.+?)\s+([\d.]+) us$", done.stdout, re.M))
    assert set(timed) == {"torch.softmax (CPU, computing)", "triton_impl.softmax, launch a no-op",
                          "torch.softmax forward + backward (autograd)",
                          "triton_impl.softmax forward + backward (autograd)",
                          "make_plan (cached)", "launch.softmax_rows, launch a no-op",
                          "torch.empty_like"}, done.stdout
    # the public call runs every layer, the launch record's among them
    assert float(timed["triton_impl.softmax, launch a no-op"]) > float(
        timed["launch.softmax_rows, launch a no-op"]) > 0


@pytest.mark.parametrize("args, message", [
    (("--layers", "--calls", "0"), "--calls must be at least 1, got 0"),
    (("--calls", "ten"), "invalid int value"),
])
def test_host_overhead_refuses_bad_arguments(args, message):
    done = host_overhead(*args)
    assert done.returncode == 2 and message in done.stderr and not done.stdout, done


@pytest.mark.skipif(torch.cuda.is_available(), reason="the GPU mode runs where there is one")
def test_host_overhead_without_a_gpu_says_to_time_the_layers():
    done = host_overhead()
    assert done.returncode == 2 and "run with --layers" in done.stderr, done


@pytest.mark.skipif(torch.cuda.is_available(), reason="it times where there is a GPU")
def test_host_bound_timing_without_a_gpu_refuses_before_any_work(tmp_path):
    done = script("host_bound_timing.py", "--out", str(tmp_path / "t.json"))
    assert done.returncode == 2 and "needs a CUDA GPU" in done.stderr and not done.stdout, done
    assert not (tmp_path / "t.json").exists()


def run_properties(*args: str) -> subprocess.CompletedProcess:
    return script("run_properties.py", *args)


@pytest.mark.parametrize("name, args, message", [
    ("run_properties.py", ("--piece", "1/4"), "--out"),
    ("run_properties.py", ("--out", "x", "--piece", "5/4"), "write K/N with 1 <= K <= N"),
    ("run_properties.py", ("--out", "x", "--piece", "two"), "write K/N with 1 <= K <= N"),
    ("run_properties.py", ("--out", "x", "--jobs", "0"), "'0' is not a positive whole number"),
    ("run_properties.py", ("--out", "x", "--seconds", "-5"), "'-5' is not a positive whole number"),
    ("run_properties.py", ("--out", "x", "--profile", "fast"), "invalid choice: 'fast'"),
    ("spatial.py", ("--shapes", "4,5,3"), "--out"),
    ("spatial.py", ("--out", "x", "--shapes", "1,2"), "write a shape as A,N,B"),
    ("spatial.py", ("--out", "x", "--shapes", "4,5,1"), "B at least 2"),
    ("spatial.py", ("--out", "x", "--shapes", "0,5,3"), "A and N must be at least 1"),
    ("spatial.py", ("--out", "x", "--dtypes", "int8"), "invalid choice: 'int8'"),
    ("spatial.py", ("--out", "x", "--impls", "liger"), "invalid choice: 'liger'"),
    ("sweep_spatial.py", ("--space", "tiles"), "--out"),
    ("sweep_spatial.py", ("--out", "x", "--space", "warps"), "invalid choice: 'warps'"),
    ("sweep_spatial.py", ("--out", "x", "--shapes", "4,5"), "write a shape as A,N,B"),
    ("sweep_spatial.py", ("--out", "x", "--compile-only", "3/3"), "write K/W with 0 <= K < W"),
    ("sweep_spatial.py", ("--out", "x", "--budget-s", "0"), "--budget-s must be positive"),
    ("sweep_plans.py", ("--out", "x", "--repeat", "0"), "--repeat 0: at least one round"),
    ("sweep_plans.py", ("--out", "x", "--programs-per-sm", "8"), "invalid choice: 8"),
    ("sweep_plans.py", ("--out", "x", "--registers", "7"), "each cap must be 0 (none) or 24"),
    ("sweep_plans.py", ("--out", "x", "--policy-read-again"), "give --kernel single_block"),
    ("sweep_plans.py", ("--out", "x", "--kernel", "online", "--reread"),
     "give --kernel single_block"),
    ("sweep_plans.py", ("--out", "x", "--kernel", "single_block", "--policy-read-again",
                        "--registers", "64"), "it takes no --registers"),
    ("sweep_plans.py", ("--out", "x", "--blocks", "3000"), "--blocks: each block must be a power"),
    ("sweep_plans.py", ("--out", "x", "--policy-windowed"), "give --kernel single_block"),
    ("sweep_plans.py", ("--out", "x", "--kernel", "single_block", "--policy-windowed"),
     "with --directions forward"),
    ("sweep_plans.py", ("--out", "x", "--n", "0"), "--n and --rows must be at least 1"),
    ("sweep_plans.py", ("--out", "x", "--windowed-only", "--windowed"),
     "give it without --windowed or --unwindowed"),
    ("sweep_plans.py", ("--out", "x", "--block-m", "4", "3"),
     "--block-m 4 3: each a power of two from 1 to 64"),
    ("sweep_plans.py", ("--out", "x", "--peers", "nobody"), "invalid choice: 'nobody'"),
    ("probe_kernels.py", ("--out", "x", "--quick", "--cooperative"), "not allowed with argument --quick"),
    ("probe_kernels.py", ("--out", "x", "--budget-s", "0"), "--budget-s must be positive"),
    ("speed_of_light.py", ("--out", "x", "--wide-rows", "0"), "must be at least 1"),
    ("speed_of_light.py", ("--out", "x", "--widths-n", "1001", "0"), "must be at least 1"),
    ("speed_of_light.py", ("--out", "x", "--rounds", "0"), "give 1 to 9 rounds"),
    ("gpu_code_digest.py", (), "give --out FILE"),
    ("gpu_code_digest.py", ("--compare", "no/a.json", "no/b.json"), "no such file 'no/a.json'"),
    ("gpu_code_digest.py", ("--out", "x", "--rows", "0"), "--n and --rows must be at least 1"),
    ("gpu_code_digest.py", ("--out", "x", "--tree", "/"), "no triton_impl/launch.py there"),
    ("gpu_code_digest.py", ("--compare", "a", "b", "--out", "x"), "it takes no --tree or --out"),
])
def test_scripts_refuse_bad_arguments(name, args, message):
    done = script(name, *args)
    assert done.returncode == 2 and message in done.stderr and not done.stdout, done


def test_run_properties_keeps_each_propertys_log_and_a_summary_line(tmp_path):
    """One piece of one property, run as on a GPU machine: its log (with hypothesis's examples
    count) and its summary line are there when the command ends; a time limit is a failure."""
    done = run_properties("--out", str(tmp_path), "--piece", "1/51", "--profile", "ci",
                          "-k", "triton and test_softmax_matches_the_oracle and single_block")
    assert done.returncode == 0, done.stdout + done.stderr
    (line,) = (tmp_path / "properties.jsonl").read_text().splitlines()
    result = json.loads(line)
    assert result["status"] == "passed" and result["examples"][0].startswith("40 passing")
    assert "1 passed" in (tmp_path / result["log"]).read_text()

    stopped = run_properties("--out", str(tmp_path), "--seconds", "1", "--profile", "ci",
                             "-k", "triton and test_softmax_matches_the_oracle and single_block")
    assert stopped.returncode == 1 and "timed out" in stopped.stdout, stopped.stdout
    assert len((tmp_path / "properties.jsonl").read_text().splitlines()) == 2


README_RUNS = ("results/h100/run_6b77a26_2026-11-25/speed_of_light.json",
               "results/h200/run_529c37f_2026-12-02/speed_of_light.json")


def report(*args: str) -> subprocess.CompletedProcess:
    return script("report.py", *args)


def test_the_readmes_performance_tables_are_generated_from_the_committed_runs():
    """Regenerate with the command the README's performance section gives."""
    readme = (ROOT / "README.md").read_text()
    begin, end = "<!-- GENERATED by benchmarks/report.py --readme: begin -->", "<!-- GENERATED: end -->"
    assert begin in readme and end in readme
    generated = readme.split(begin, 1)[1].split(end, 1)[0].strip()
    made = report("--readme", *README_RUNS)
    assert made.returncode == 0, made.stderr
    assert generated == made.stdout.strip(), "README's performance tables are stale: regenerate them"
    assert "--readme " + " ".join(README_RUNS) in re.sub(r"\s*\\\n\s+", " ", readme), "the command names the runs"


@pytest.mark.parametrize("args, message", [
    ((README_RUNS[0], "no/such.json"), "no such file: no/such.json"),
    (README_RUNS, "several runs are compared only with --readme"),
])
def test_report_refuses_bad_arguments(args, message):
    done = report(*args)
    assert done.returncode == 2 and message in done.stderr and not done.stdout


@pytest.mark.skipif(torch.cuda.is_available(), reason="the benchmark runs where there is a GPU")
@pytest.mark.parametrize("name", ["spatial.py", "sweep_spatial.py"])
def test_spatial_without_a_gpu_refuses_before_any_work(tmp_path, name):
    done = script(name, "--out", str(tmp_path / "run"))
    assert done.returncode == 2 and "needs a CUDA GPU" in done.stderr, done
    assert not (tmp_path / "run").exists()


def _spatial_module():
    import importlib.util

    sys.path.insert(0, str(ROOT / "benchmarks"))
    spec = importlib.util.spec_from_file_location("spatial_benchmark",
                                                  ROOT / "benchmarks" / "spatial.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("direction", ["forward", "backward"])
def test_spatial_checks_every_implementation_before_timing_it(direction, device):
    """What the benchmark checks before it times (on the interpreter here): each of ours and
    torch passes, ``ours:transposed`` runs the row kernel, and a softmax along the wrong dim
    fails the check."""
    bench = _spatial_module()
    shape = (2, 40, 5)
    x = torch.randn(shape, device=device) * 3
    dy = torch.randn(shape, device=device)
    for name in ("ours", "ours:spatial", "ours:transposed", "torch"):
        impl = bench.implementation(name, shape, torch.float32, direction == "backward")
        bench.check(impl, x, dy, direction, name)
    plan = bench.plan_of("ours:transposed", x, direction == "backward")
    assert plan.transposed and plan.kernel == "single_block"
    assert bench.plan_of("ours:spatial", x, direction == "backward").kernel == "spatial"
    wrong = bench.implementations.get("torch", dim=0)
    with pytest.raises(AssertionError):
        bench.check(wrong, x, dy, direction, "softmax along dim 0")


def test_gpu_code_digest_tells_the_same_code_from_other_code(tmp_path):
    """Two digests of this checkout agree (exit 0); a digest whose SASS or plan differs at one
    problem is reported as different (exit 1). Its default problems are speed_of_light's wide
    section's."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import gpu_code_digest
        import speed_of_light
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    assert (list(gpu_code_digest.WIDE_N), list(gpu_code_digest.WIDE_M)) == (
        list(speed_of_light.WIDE_N), list(speed_of_light.WIDE_M))
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    for out in (first, second):
        done = script("gpu_code_digest.py", "--n", "300", "--rows", "2", "--out", str(out))
        assert done.returncode == 0, done.stderr[-3000:]
    same = script("gpu_code_digest.py", "--compare", str(first), str(second))
    assert same.returncode == 0 and "8 problems with the same plans and SASS, 0 different" in \
        same.stdout, same.stdout
    digest = json.loads(second.read_text())
    problem = digest["problems"]["float32 M=2 N=300 forward policy"]
    assert len(problem["launches"][0][2]) == 16
    problem["launches"][0][2] = "0" * 16
    second.write_text(json.dumps(digest))
    other = script("gpu_code_digest.py", "--compare", str(first), str(second))
    assert other.returncode == 1 and "differ: float32 M=2 N=300 forward policy" in other.stdout


def _benchmark_module(name: str):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        return __import__(name)
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))


def test_a_merge_keeps_a_later_measurement_but_not_a_later_failure(tmp_path, capsys):
    speed_of_light = _benchmark_module("speed_of_light")

    def point(M, **fields):
        return dict(section="wide", impl="ours", M=M, N=1 << 22, dtype="float32",
                    direction="forward", **fields)

    def timed(M, ms, copy):
        return point(M, ms=ms, gbs=1000.0 / ms, fraction_of_copy=1000.0 / ms / copy)

    runs = [dict(device="GPU", copy_gbs=3000.0, seconds=1.0, command="a",
                 points=[timed(64, 1.0, 3000.0), timed(128, 2.0, 3000.0)]),
            dict(device="GPU", copy_gbs=3002.0, seconds=2.0, command="b",
                 points=[timed(128, 1.9, 3002.0), point(64, error="RuntimeError: stopped")])]
    paths = []
    for index, run in enumerate(runs):
        paths.append(tmp_path / f"part_{index}.json")
        paths[-1].write_text(json.dumps(run))
    merged = speed_of_light.merge(paths, tmp_path / "merged")
    assert {p["M"]: p.get("ms") for p in merged["points"]} == {64: 1.0, 128: 1.9}
    assert merged["copy_gbs_per_run"] == [3000.0, 3002.0] and merged["seconds"] == 3.0
    assert "measured again" in capsys.readouterr().out


def test_a_merge_keeps_the_copy_of_every_call_behind_its_points(tmp_path):
    """A merged input brings the copy of every call it joined that measured a point still in the
    merge, not its median alone, and not a call whose points a later run replaced: report.py's
    header prints the range of the calls the points come from. The merged copy_gbs stays the
    files' own median."""
    speed_of_light = _benchmark_module("speed_of_light")

    def point(dtype, copy, gbs=2000.0):
        return dict(section="bandwidth", impl="ours", M=32768, N=4096, dtype=dtype,
                    direction="forward", ms=0.1, gbs=gbs, fraction_of_copy=gbs / copy)

    runs = [dict(device="GPU", copy_gbs=2992.0, copy_gbs_per_run=[2991.0, 2992.0, 3002.0],
                 seconds=3.0, command=["a", "b", "c"],
                 points=[point("float32", 2992.0), point("float16", 3002.0),
                         point("bfloat16", 2991.0)]),
            dict(device="GPU", copy_gbs=3005.0, seconds=1.0, command="d",
                 points=[point("bfloat16", 3005.0, gbs=2100.0)])]
    paths = []
    for index, run in enumerate(runs):
        paths.append(tmp_path / f"part_{index}.json")
        paths[-1].write_text(json.dumps(run))
    merged = speed_of_light.merge(paths, tmp_path / "merged")
    assert merged["copy_gbs_per_run"] == [2992.0, 3002.0, 3005.0], "2991's one point replaced"
    assert merged["copy_gbs"] == 3005.0, "the median of the files' copy_gbs, 2992 and 3005"


def test_a_point_timed_in_rounds_is_the_median_of_all_its_calls_and_fails_if_any_round_failed():
    speed_of_light = _benchmark_module("speed_of_light")
    point = dict(section="seeds", impl="ours", M=4096, N=2816, dtype="float32",
                 direction="forward")
    calls = ([0.030, 0.031, 0.032, 0.050, 0.051], [0.029, 0.033, 0.034, 0.052, 0.053],
             [0.055, 0.054, 0.037, 0.036, 0.035])
    rounds = [dict(point, ms=sorted(t)[2], times_ms=t, us=sorted(t)[2] * 1e3,
                   gbs=2.0 / sorted(t)[2], fraction_of_copy=0.5 / sorted(t)[2], host_us=host)
              for t, host in zip(calls, (30.0, 20.0, 25.0))]
    pooled = speed_of_light.median_of_rounds(rounds)
    # the fifteen calls' median is .036, where the rounds' medians are .032, .034 and .037
    assert pooled["ms"] == pytest.approx(0.036) and pooled["us"] == pytest.approx(36.0)
    assert pooled["gbs"] == pytest.approx(2.0 / 0.036)
    assert pooled["fraction_of_copy"] == pytest.approx(0.5 / 0.036)
    assert pooled["rounds_ms"] == [0.032, 0.034, 0.037] and pooled["calls"] == 15
    assert pooled["host_us"] == 25.0 and "times_ms" not in pooled
    assert "times_ms" in rounds[0], "the rounds are left as they were"
    assert speed_of_light.median_of_rounds(rounds[:1])["ms"] == pytest.approx(0.032)
    failed = speed_of_light.median_of_rounds([rounds[0], dict(point, error="RuntimeError: x")])
    assert failed["error"] == "RuntimeError: x" and "ms" not in failed


def test_the_latency_table_shows_each_calls_host_time_and_the_flush():
    report = _benchmark_module("report")
    point = dict(section="latency", impl="ours", M=8, N=4096, us=5.4, host_us=30.7, flush_us=85.3)
    old = dict(point, impl="torch", us=6.1)
    del old["host_us"], old["flush_us"]
    table = report.latency_table(dict(points=[point, old]))
    assert "| 8 | 4096 | 5.4 (host 30.7) | 6.1 |" in table
    assert "85.3 µs of GPU time" in table


def test_the_timings_flush_is_swapped_in_for_the_block_and_handed_back(monkeypatch):
    from softmax_lab import measure

    class Driver:
        def get_empty_cache_for_benchmark(self):
            return "triton's own"

    allocated = []
    monkeypatch.setattr(measure.torch, "empty",
                        lambda *shape, **options: allocated.append((shape, options)) or "buffer")
    driver = Driver()
    with measure.flush_of(1 << 20, driver):
        assert driver.get_empty_cache_for_benchmark() == "buffer"
        assert driver.get_empty_cache_for_benchmark() == "buffer"
    assert allocated == [((1 << 18,), dict(dtype=measure.torch.int32, device="cuda"))], \
        "one buffer of nbytes, allocated once"
    assert driver.get_empty_cache_for_benchmark() == "triton's own"
    assert "get_empty_cache_for_benchmark" not in vars(driver)

    def already_set():
        return "set before"

    driver.get_empty_cache_for_benchmark = already_set
    with pytest.raises(RuntimeError, match="inside"), measure.flush_of(1 << 20, driver):
        raise RuntimeError("inside")
    assert driver.get_empty_cache_for_benchmark is already_set
    for bad in (0, -4, 6):
        with pytest.raises(ValueError, match="multiple of 4"), measure.flush_of(bad, driver):
            pass


def test_the_plot_draws_every_wide_row_length_and_the_summary_names_the_large_ones(tmp_path):
    """More row lengths than ``WIDE_LINE_STYLES`` each get a line (the styles repeat), and the
    report's wide-row summary names the lengths of the points it counts (256 MB or more)."""
    pytest.importorskip("matplotlib")
    speed_of_light, report_module = _benchmark_module("speed_of_light"), _benchmark_module("report")
    widths = [1 << k for k in range(16, 16 + len(speed_of_light.WIDE_LINE_STYLES) + 2)]
    points = [dict(section="wide", impl="ours", M=M, N=N, dtype="float32", direction="forward",
                   ms=1.0, gbs=2000.0, fraction_of_copy=0.5) for N in widths for M in (1, 64)]
    result = dict(device="GPU", copy_gbs=4000.0, points=points)
    path = tmp_path / "plot.png"
    speed_of_light.plot(result, str(path))
    assert path.stat().st_size > 0
    summary = report_module._large_wide_summary(result)
    # 64 x N float32 forward moves 2MN x 4 bytes: 256 MB or more from N = 2^19
    assert summary.startswith("wide rows (N = 524288, 1M, 2M, 4M, 8M) "), summary


def test_the_windowed_sweep_times_rows_by_warps_and_bodies_of_two_tiles():
    """``sweep_plans.py --policy-windowed``: beside one row a program in each warps, narrow rows
    through the window one warp a row, as many a program as each of --warps above one, and a
    body of more columns than two tiles of whole passes hold as those two tiles in each warps
    (bfloat16 10001: 8192 + 2048 in 4 and 8 warps, 8192 + 4096 in 16)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import sweep_plans
    from triton_impl import policy

    gpu = policy.DeviceDescription("H200", 132, dram_gbs=4800, capability=9)

    def forms(N, warps):
        auto = policy.choose((1 << 27) // N, N, torch.bfloat16, gpu)
        return {label: {key: changes[key] for key in ("block_m", "block_n", "tail", "num_warps",
                                                       "row_threads", "windowed")}
                for label, _, changes in sweep_plans.policy_windowed_variants(
                    auto, (1 << 27) // N, N, 2, warps)}

    narrow = forms(257, [1, 2, 4])
    assert narrow["windowed, body 256 rows 2 a warp each"] == dict(
        block_m=2, block_n=256, tail=0, num_warps=2, row_threads=32, windowed=True)
    assert narrow["windowed, body 256 rows 4 a warp each"]["block_m"] == 4
    assert narrow["windowed, body 256 warps 1"]["row_threads"] == 0
    assert not any("+" in label for label in narrow)
    wide = forms(10001, [4, 8, 16])
    assert wide["windowed, body 8192+2048 warps 8"] == dict(
        block_m=1, block_n=8192, tail=2048, num_warps=8, row_threads=0, windowed=True)
    assert wide["windowed, body 8192+4096 warps 16"]["tail"] == 4096
    assert wide["windowed, body 16384 warps 16"]["tail"] == 0
    assert not any("a warp each" in label for label in wide)


def test_the_sweep_times_each_variant_in_the_reading_forms_asked_for():
    """``sweep_plans.reading_forms``: ``--unwindowed`` adds each candidate read from its own
    starts, ``--windowed`` each read from its own starts through a window too, and
    ``--windowed-only`` keeps the policy's plan as it is and every other variant through a
    window alone, so that a budget spent on the forms asked for is not spent on the others."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import sweep_plans
    from triton_impl import policy

    own = policy.Plan("single_block", 4, 256, 1, 1, 1, 257, (1,), windowed=False)
    through = dataclasses.replace(own, block_m=2, windowed=True)
    candidates = [("auto", own), ("a", own), ("b", through)]

    def shown(forms):
        return [(label, plan.windowed) for label, plan in forms]

    assert shown(sweep_plans.reading_forms(candidates)) == [
        ("auto", False), ("a", False), ("b", True)]
    assert shown(sweep_plans.reading_forms(candidates, windowed=True)) == [
        ("auto", False), ("a", False), ("b", True), ("auto windowed", True),
        ("a windowed", True)]
    assert shown(sweep_plans.reading_forms(candidates, windowed_only=True)) == [
        ("auto", False), ("b", True), ("auto windowed", True), ("a windowed", True)]
    assert shown(sweep_plans.reading_forms(candidates, unwindowed=True))[3:] == [
        ("auto unwindowed", False), ("a unwindowed", False), ("b unwindowed", False)]


@pytest.mark.parametrize("args,message", [
    ((), "usage: bash benchmarks/widths_before_after.sh"),
    (("{missing}", "float32", "log", "257"), "holds no triton_impl"),
    (("{before}", "float64", "log", "257"), "DTYPE float64: float32 or bfloat16"),
    (("{before}", "float32", "log"), "no widths"),
    (("{before}", "float32", "log", "25x"), "width 25x: a positive integer"),
    (("{before}", "float32", "log", "257"), "OUT: the folder the results go to"),
    (("SECTIONS=widths seed", "{before}", "float32", "log", "257"),
     "SECTIONS: seed is none of bandwidth widths wide seeds latency"),
    (("ROUNDS=0", "{before}", "float32", "log", "257"), "ROUNDS 0: a positive integer")])
def test_the_before_and_after_widths_script_refuses_bad_arguments_before_any_work(
        tmp_path, args, message):
    """``benchmarks/widths_before_after.sh`` names the problem and stops before it copies the
    tree or times anything (here, without OUT, nothing is written); SECTIONS and ROUNDS too."""
    (tmp_path / "before" / "triton_impl").mkdir(parents=True)
    settings = dict(a.split("=", 1) for a in args if "=" in a)
    args = [a.format(before=tmp_path / "before", missing=tmp_path / "missing") for a in args
            if "=" not in a]
    env = {k: v for k, v in os.environ.items() if k not in ("OUT", "SECTIONS", "ROUNDS")}
    env.update(settings)
    done = subprocess.run(["bash", str(ROOT / "benchmarks" / "widths_before_after.sh"), *args],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and message in done.stderr, done.stderr
    assert not (ROOT / "log").exists()


@pytest.mark.parametrize("args,message", [
    ((), "usage: bash benchmarks/sweep_into_log.sh"),
    (("a/b", "60", "log"), "NAME a/b: letters, digits, _ . - only"),
    (("tiles", "1m", "log"), "LIMIT 1m: whole seconds, 30 or more"),
    (("tiles", "20", "log"), "LIMIT 20: whole seconds, 30 or more"),
    (("tiles", "60", "log", "--n", "257"), "OUT: the folder the results go to")])
def test_the_sweep_into_log_script_refuses_bad_arguments_before_any_work(args, message):
    """``benchmarks/sweep_into_log.sh`` names the problem and stops before it sweeps (here,
    without OUT, nothing is written); sweep_plans.py's own options are argparse's to refuse."""
    env = {k: v for k, v in os.environ.items() if k != "OUT"}
    done = subprocess.run(["bash", str(ROOT / "benchmarks" / "sweep_into_log.sh"), *args],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and message in done.stderr, done.stderr
    assert not (ROOT / "log").exists()


def test_the_sweep_into_log_script_keeps_the_callers_path_after_the_tree(tmp_path):
    """``benchmarks/sweep_into_log.sh`` puts the tree first on the caller's PYTHONPATH and keeps
    the rest (the peers' folders of ``peers_on_device.sh``: a sweep with ``--peers`` finds them).
    A folder on the caller's path holds a ``sitecustomize`` that prints the path the sweep starts
    with; ``--help`` stops the sweep there."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text("import json, sys\nprint('PATH', json.dumps(sys.path))\n")
    env = dict(os.environ, OUT=str(tmp_path / "out"), PYTHONPATH=str(site))
    log = tmp_path / "log"
    done = subprocess.run(["bash", str(ROOT / "benchmarks" / "sweep_into_log.sh"), "help", "30",
                           str(log), "--help"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    (line,) = [line for line in log.read_text().splitlines() if line.startswith("PATH ")]
    path = [str(Path(entry).resolve()) if entry else entry for entry in json.loads(line[5:])]
    assert str(site) in path and str(ROOT) in path, path
    assert path.index(str(ROOT)) < path.index(str(site)), path


@pytest.mark.parametrize("args,message", [
    ((), "usage: bash benchmarks/peers_for_carry.sh DIR"),
    (("a/b",), "DIR a/b: a folder's name at the repository's root"),
    ((".peers",), "DIR .peers: not ignored by git"),
    (("kept",), "DIR kept exists: remove it first")])
def test_the_peers_packing_script_refuses_before_it_downloads(tmp_path, args, message):
    """``benchmarks/peers_for_carry.sh`` names the problem before pip runs: no folder, a path, a
    folder git does not ignore (it would travel as the tree and could be committed), one that
    exists. Run in a repository of its own that ignores ``kept/``, which exists."""
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    (tmp_path / ".gitignore").write_text("/kept/\n")
    (tmp_path / "kept").mkdir()
    done = subprocess.run(["bash", str(ROOT / "benchmarks" / "peers_for_carry.sh"), *args],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and message in done.stderr, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [".git", ".gitignore", "kept"]
    assert not any((tmp_path / "kept").iterdir())


def test_the_peers_install_script_checks_what_was_carried_before_installing(tmp_path):
    """``benchmarks/peers_on_device.sh`` refuses a folder without SHA256SUMS and one whose files
    differ from it, before it unpacks or installs anything (no /tmp/site written by it)."""
    script = str(ROOT / "benchmarks" / "peers_on_device.sh")
    done = subprocess.run(["bash", script], capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "usage: eval" in done.stderr, done.stderr
    carried = tmp_path / "carried"
    carried.mkdir()
    done = subprocess.run(["bash", script, str(carried)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and "SHA256SUMS missing" in done.stderr, done.stderr
    (carried / "cutlass.tar.xz").write_bytes(b"not what was packed")
    (carried / "SHA256SUMS").write_text("0" * 64 + "  cutlass.tar.xz\n")
    done = subprocess.run(["bash", script, str(carried)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 1 and "differs from its SHA256SUMS line" in done.stderr, done.stderr
    assert done.stdout == ""


def test_the_sweep_into_log_script_passes_the_sweep_its_budget_and_folder(tmp_path):
    """With OUT set, the script makes OUT/NAME and hands sweep_plans.py the options given,
    whose argparse refuses a bad one before any GPU work, into the log."""
    log = tmp_path / "sweep.log"
    done = subprocess.run(["bash", str(ROOT / "benchmarks" / "sweep_into_log.sh"), "tiles", "60",
                           str(log), "--warps", "3"], cwd=ROOT,
                          env={**os.environ, "OUT": str(tmp_path)}, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode != 0 and "invalid choice: 3" in log.read_text()
    assert (tmp_path / "tiles").is_dir()


def test_the_sweep_times_single_block_tiles_of_the_rows_asked_for():
    """``sweep_plans.py --block-m``: the single-block variants hold only the rows a tile given
    (the default, every power of two of 1-64)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import sweep_plans

    def rows(**kwargs):
        return {changes["block_m"] for _, _, changes in sweep_plans.variants(
            "single_block", 257, 2, False, M=1 << 19, warps_list=(1, 2), max_values=64,
            **kwargs)}

    assert rows() == {1, 2, 4, 8, 16}  # 32 rows of 257 in 2 warps: more than 64 values a thread
    assert rows(rows_list=(4, 8)) == {4, 8}
