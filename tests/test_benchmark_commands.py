"""The benchmarks' command lines that run without a GPU: refused arguments exit 2 before any work,
and the CPU modes print what they say they time."""

from __future__ import annotations

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
