"""The asv suite (asv_benchmarks/) and its history command (benchmarks/asv_history.py).

What CI proves: the suite imports and its benchmarks are well formed (``asv check``); the CPU
benchmarks run and the GPU ones skip cleanly without a GPU (a quick asv run); a commit's code is
taken from its worktree and nowhere else (the history command on HEAD); the datasets have not
changed; the quick selection selects what it says; and, without a GPU, the GPU benchmarks' setup
works for every implementation under the Triton interpreter. The tests that run asv skip, saying
why, when asv is not installed. asv writes only under pytest's tmp_path (results, html, machine).
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from asv_benchmarks import bench_gpu, bench_reference, common  # noqa: E402
from triton_impl.policy import ROW_KERNELS, single_block_max_cols  # noqa: E402

needs_asv = pytest.mark.skipif(
    importlib.util.find_spec("asv") is None,
    reason="asv is not installed: pip install -e '.[bench]' (or '.[test]') to check the suite")


def torch_has_cuda() -> bool:
    try:
        import torch
    except ImportError:
        return False
    return torch.cuda.is_available()


# --- Without asv ------------------------------------------------------------------------------


def test_datasets_never_change():
    """Pinned: the history stays comparable only while the data does (common.py: append only)."""
    x, dy = common.logits(64, 1024), common.gradient(64, 1024)
    assert x.dtype == dy.dtype == np.float32
    assert x.astype(np.float64).sum() == pytest.approx(396.716617616803, rel=1e-12)
    assert float(x[0, 0]) == pytest.approx(4.733608245849609, rel=1e-7)
    assert dy.astype(np.float64).sum() == pytest.approx(91.34561217637565, rel=1e-12)
    assert float(dy[0, 0]) == pytest.approx(0.35128307342529297, rel=1e-7)


def test_gpu_problems_are_dram_sized():
    for N in common.GPU_WIDTHS:
        assert common.dram_rows(N) * N == common.DRAM_ELEMENTS == 2**27
    assert common.GPU_WIDTHS[0] == 256 and common.GPU_WIDTHS[-1] == 1 << 20
    assert common.dram_rows(1 << 20) == 128


def test_require_skips_what_the_commit_lacks(tmp_path, monkeypatch):
    with pytest.raises(NotImplementedError, match="cannot be imported"):
        common.require("softmax_lab_no_such_module")
    with pytest.raises(NotImplementedError, match="has no no_such_function"):
        common.require("reference", "no_such_function")
    # The history command names the worktree under test: code from anywhere else is refused.
    monkeypatch.setenv(common.CODE_ROOT_VARIABLE, str(tmp_path))
    with pytest.raises(NotImplementedError, match="not in the code under test"):
        bench_reference.Softmax().setup("three_pass", 1024)
    monkeypatch.setenv(common.CODE_ROOT_VARIABLE, ROOT)
    assert common.require("reference", "softmax_three_pass").__name__ == "reference"


def test_gpu_benchmarks_skip_with_the_reason():
    with pytest.raises(NotImplementedError, match="no GPU here"):
        bench_gpu.Softmax().setup({"skip": "no GPU here"}, "ours", "forward", "float32", 4096)
    if not torch_has_cuda():
        cache = bench_gpu.GPUBenchmark().setup_cache()
        assert "CUDA" in cache["skip"] or "torch" in cache["skip"]


def test_history_keeps_the_checkout_off_the_path(monkeypatch):
    history = load_history_module()
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(["/tmp/site", ROOT, ""]))
    assert history.python_paths_without_checkout() == ["/tmp/site"]
    assert history.machine_slug("NVIDIA H200") == "h200"
    assert history.machine_slug("NVIDIA H100 80GB HBM3") == "h100-80gb-hbm3"


# --- With asv ---------------------------------------------------------------------------------


@pytest.fixture
def asv_env(tmp_path):
    """A configuration whose results, site and machine file live in tmp_path; the environment
    asv runs under (the checkout's code, no Triton interpreter, HOME for ~/.asv-machine.json)."""
    import json5

    with open(os.path.join(ROOT, "asv.conf.json")) as f:
        config = json5.load(f)
    config.update(repo=ROOT, benchmark_dir=os.path.join(ROOT, "asv_benchmarks"),
                  results_dir=str(tmp_path / "results"), html_dir=str(tmp_path / "html"))
    path = tmp_path / "asv.conf.json"
    path.write_text(json.dumps(config))
    env = dict(os.environ, HOME=str(tmp_path), ASV_PYTHONPATH=ROOT)
    env.pop("TRITON_INTERPRET", None)
    subprocess.run([sys.executable, "-m", "asv", "machine", "--machine", "ci", "--yes"],
                   env=env, check=True, capture_output=True)
    return str(path), env


def asv(config, env, *args, timeout=120):
    done = subprocess.run([sys.executable, "-m", "asv", *args, "--config", config], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=timeout)
    return done.returncode, done.stdout + done.stderr


@needs_asv
def test_asv_check(asv_env):
    code, out = asv(*asv_env, "check", "--environment", "existing:same")
    assert code == 0, out
    assert "No problems found" in out


@needs_asv
def test_cpu_benchmarks_run_and_gpu_benchmarks_skip(asv_env):
    selection = [r"^bench_reference\.", r"^bench_traffic_model\.PredictGrid",
                 r"PredictedBandwidth.*\('fused', 'forward', 'float32', 4096, 'H100'\)",
                 r"^bench_gpu\.CopyBandwidth",
                 r"^bench_gpu\.Softmax\.track_gbs\('ours', 'backward', 'float32', 4096\)"]
    args = ["run", "--environment", "existing:same", "--quick", "--dry-run", "--show-stderr",
            "--machine", "ci"]
    for regex in selection:
        args += ["--bench", regex]
    code, out = asv(*asv_env, *args)
    assert code == 0, out  # asv exits 2 if any benchmark failed
    assert "failed" not in out, out
    for name in ["Softmax.time_softmax", "SoftmaxBackward.time_softmax_backward",
                 "PredictGrid.time_predict_grid", "PredictedBandwidth.track_predicted_gbs"]:
        assert re.search(rf"{re.escape(name)} +ok", out), out
    if not torch_has_cuda():
        assert re.search(r"CopyBandwidth\.track_copy_gbs +n/a", out), out
        assert "no CUDA GPU on this machine" in out, out  # the reason, printed by the skip


@needs_asv
def test_quick_selection(asv_env):
    """quick_regexes() picks, by asv's own matching, what its docstring says."""
    from asv.benchmarks import Benchmarks
    from asv.config import Config

    config, env = asv_env
    code, out = asv(config, env, "run", "--environment", "existing:same", "--machine", "ci",
                    "--bench", "just-discover")
    assert code == 0, out
    conf = Config.load(config)
    selected = Benchmarks.load(conf, regex=common.quick_regexes())
    counts = {name: len(selected.benchmark_selection[name] or [None]) for name in selected}
    quick = 2 * 2 * 1 * 3  # implementations x directions x dtypes x widths
    row_widths = 1 * 2 * 1 * 3
    assert counts == {
        "bench_gpu.CopyBandwidth.track_copy_gbs": 1,
        "bench_gpu.Softmax.track_time": quick,
        "bench_gpu.Softmax.track_gbs": quick,
        "bench_gpu.Softmax.track_fraction_of_copy": quick,
        "bench_gpu.SoftmaxRowWidths.track_time": row_widths,
        "bench_gpu.SoftmaxRowWidths.track_gbs": row_widths,
        "bench_gpu.SoftmaxRowWidths.track_fraction_of_copy": row_widths,
        "bench_reference.Softmax.time_softmax": 12,
        "bench_reference.SoftmaxBackward.time_softmax_backward": 8,
        "bench_traffic_model.PredictGrid.time_predict_grid": 2,
        "bench_traffic_model.PredictedBandwidth.track_predicted_gbs": 5 * 2 * 1 * 3 * 2,
    }


@needs_asv
def test_history_runs_a_commit_from_its_worktree(asv_env, tmp_path):
    """The history command on HEAD: the traffic model is measured from the worktree of HEAD
    (the code-root check would skip it otherwise) and recorded under the machine's name; the
    site is published, loads nothing from the network, and has its commit pages."""
    config, env = asv_env
    if subprocess.run(["git", "-C", ROOT, "rev-parse", "HEAD"], capture_output=True).returncode:
        pytest.skip("not a git checkout")
    # The site's third-party scripts are not in the repository; stand-ins under the expected
    # names show that every CDN address of asv's page is pointed at its local copy.
    vendor = tmp_path / "vendor_stand_ins"
    vendor.mkdir()
    for name in load_history_module().VENDORED.values():
        (vendor / name).write_text(f"/* stand-in for {name} */\n")
    env = {**env, "ASV_SITE_VENDOR": str(vendor)}
    done = subprocess.run(
        [sys.executable, os.path.join(ROOT, "benchmarks", "asv_history.py"), "HEAD", "-n", "1",
         "--config", config, "--machine", "ci",
         "--bench", r"^bench_traffic_model\.PredictGrid", "--bench", r"^bench_gpu\.CopyBandwidth"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"\b2 measured, \d+ n/a, 0 failed", done.stdout), done.stdout
    (results,) = [f for f in os.listdir(tmp_path / "results" / "ci") if f != "machine.json"]
    head = subprocess.run(["git", "-C", ROOT, "rev-parse", "HEAD"], capture_output=True,
                          text=True).stdout.strip()
    assert results.startswith(head[:8])
    page = (tmp_path / "html" / "index.html").read_text()
    assert not re.search(r'<(script|link)\b[^>]*(src|href)="https?://', page), page
    assert (tmp_path / "html" / "vendor" / "jquery-3.3.1.min.js").is_file()
    assert (tmp_path / "html" / "commits" / head / "index.html").is_file()


@needs_asv
def test_history_lists_the_commits_a_machine_has_not_recorded(asv_env, tmp_path):
    """--list --skip-existing names only the commits without a result file of that machine: the
    way to see which commits of a history are still to run."""
    config, env = asv_env
    two = subprocess.run(["git", "-C", ROOT, "rev-list", "-n", "2", "HEAD"], capture_output=True,
                         text=True).stdout.split()
    if len(two) < 2:
        pytest.skip("needs a git checkout with two commits")
    recorded, left = two
    (tmp_path / "results" / "ci").mkdir(parents=True)
    (tmp_path / "results" / "ci" / f"{recorded[:8]}-existing-py.json").write_text("{}")

    def listed(*options):
        done = subprocess.run(
            [sys.executable, os.path.join(ROOT, "benchmarks", "asv_history.py"), "HEAD", "-n", "2",
             "--config", config, "--machine", "ci", "--list", *options],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    every = listed()
    assert recorded[:7] in every and left[:7] in every
    only_left = listed("--skip-existing")
    assert "of which 1 have no results on 'ci' yet" in only_left
    assert left[:7] in only_left and recorded[:7] not in only_left


def load_history_module():
    spec = importlib.util.spec_from_file_location(
        "asv_history", os.path.join(ROOT, "benchmarks", "asv_history.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_kernel_is_benchmarked_forced():
    """common.GPU_IMPLEMENTATIONS is written out (the suite imports no project code at import,
    and the list is only appended): held here to ``triton_impl.policy.ROW_KERNELS``, one forced
    path ("ours:<kernel>") for each kernel of (M, N) rows and none for a kernel that is not."""
    forced = [name.removeprefix("ours:") for name in common.GPU_IMPLEMENTATIONS
              if name.startswith("ours:")]
    assert sorted(forced) == sorted(ROW_KERNELS)


@pytest.fixture
def interpreted_gpu_benchmarks(monkeypatch):
    """bench_gpu on CPU tensors of 3 rows: the Triton interpreter runs our kernels; do_bench,
    which needs CUDA events, is replaced by one call of 0.5 ms. Yields the benchmarks' cache."""
    torch = pytest.importorskip("torch")
    if os.environ.get("TRITON_INTERPRET") != "1":
        pytest.skip("needs TRITON_INTERPRET=1 before triton is imported (tests/conftest.py)")
    measure = pytest.importorskip("softmax_lab.measure")
    monkeypatch.setattr(bench_gpu, "require_cuda", lambda: torch)
    monkeypatch.setattr(bench_gpu, "dram_rows", lambda N: 3)
    for name in ("device_logits", "device_gradient"):
        make = getattr(common, name)
        monkeypatch.setattr(bench_gpu, name,
                            lambda M, N, dtype, make=make: make(M, N, dtype, "cpu"))
    monkeypatch.setattr(torch.cuda, "synchronize", lambda: None)
    monkeypatch.setattr(measure, "median_ms", lambda fn, **timing: (fn(), 0.5)[1])
    return {"copy_gbs": 1000.0}


def assert_tracks(benchmark, cache, implementation, direction, dtype, N):
    """A set-up benchmark's three tracks: 0.5 ms, and its useful bytes over that."""
    itemsize = 4 if dtype == "float32" else 2
    useful = (2 if direction == "forward" else 3) * 3 * N * itemsize
    params = (implementation, direction, dtype, N)
    assert benchmark.track_time(cache, *params) == 0.5e-3
    assert benchmark.track_gbs(cache, *params) == pytest.approx(useful / 0.5e6)
    assert benchmark.track_fraction_of_copy(cache, *params) == pytest.approx(
        useful / 0.5e6 / 1000.0)


@pytest.mark.skipif(torch_has_cuda(), reason="with a GPU, asv runs these for real")
@pytest.mark.parametrize("implementation", common.GPU_IMPLEMENTATIONS)
def test_gpu_benchmark_setup_under_the_interpreter(implementation, interpreted_gpu_benchmarks):
    """bench_gpu.Softmax's setup and tracks, under the interpreter: every implementation is
    found, called and counted, and a forced path too narrow skips."""
    cache = interpreted_gpu_benchmarks
    for direction, N in [("forward", 256), ("backward", 512), ("forward", 65536)]:
        benchmark = bench_gpu.Softmax()
        if implementation == "ours:single_block" and N > single_block_max_cols(
                4, backward=direction == "backward"):
            with pytest.raises(NotImplementedError, match="single_block holds a whole row"):
                benchmark.setup(cache, implementation, direction, "float32", N)
            continue
        benchmark.setup(cache, implementation, direction, "float32", N)
        assert_tracks(benchmark, cache, implementation, direction, "float32", N)


@pytest.mark.skipif(torch_has_cuda(), reason="with a GPU, asv runs these for real")
@pytest.mark.parametrize("implementation", common.GPU_ROW_WIDTH_IMPLEMENTATIONS)
def test_row_widths_benchmark_setup_under_the_interpreter(implementation,
                                                          interpreted_gpu_benchmarks):
    """bench_gpu.SoftmaxRowWidths: widths that are not powers of two, each dtype and direction
    of its quick selection and float32's, set up and counted under the interpreter."""
    cache = interpreted_gpu_benchmarks
    assert all(N & (N - 1) for N in common.GPU_ROW_WIDTHS)
    assert set(common.QUICK_ROW_WIDTHS["N"]) <= set(common.GPU_ROW_WIDTHS)
    for direction, dtype, N in [("forward", "bfloat16", 137), ("backward", "bfloat16", 1001),
                                ("forward", "float32", 280)]:
        benchmark = bench_gpu.SoftmaxRowWidths()
        benchmark.setup(cache, implementation, direction, dtype, N)
        assert_tracks(benchmark, cache, implementation, direction, dtype, N)
