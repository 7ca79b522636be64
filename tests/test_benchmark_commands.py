"""The benchmarks' command lines that run without a GPU: refused arguments exit 2 before any work,
and the CPU modes print what they say they time."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
torch = pytest.importorskip("torch")


def host_overhead(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "benchmarks/host_overhead.py", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=False)


def test_host_overhead_times_our_layers_without_a_gpu():
    done = host_overhead("--layers", "--calls", "200")
    if "refuse this NumPy" in done.stderr:  # a GPU machine's NumPy, too new for the interpreter
        assert done.returncode == 2 and not done.stdout, done.stdout
        pytest.skip("--layers needs the README's install (NumPy < 2.4); here it refused cleanly")
    assert done.returncode == 0, done.stderr
    assert "launches made no-ops" in done.stdout
    timed = dict(re.findall(r"^  (.+?)\s+([\d.]+) us$", done.stdout, re.M))
    assert set(timed) == {"torch.softmax (CPU, computing)", "triton_impl.softmax, launch a no-op",
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


def run_properties(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "benchmarks/run_properties.py", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=False)


@pytest.mark.parametrize("args, message", [
    (("--piece", "1/4"), "--out"),
    (("--out", "x", "--piece", "5/4"), "write K/N with 1 <= K <= N"),
    (("--out", "x", "--piece", "two"), "write K/N with 1 <= K <= N"),
    (("--out", "x", "--jobs", "0"), "'0' is not a positive whole number"),
    (("--out", "x", "--seconds", "-5"), "'-5' is not a positive whole number"),
    (("--out", "x", "--profile", "fast"), "invalid choice: 'fast'"),
])
def test_run_properties_refuses_bad_arguments(args, message):
    done = run_properties(*args)
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
