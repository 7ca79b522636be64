"""The kit can fail: run on a softmax that forgets the max it must fail, on torch's it must pass.

Each run is a separate pytest (a subprocess, as a user would run it) on the ``kit`` properties,
under the ci profile. The wrong implementation, tests/kit_examples/naive_unstable.py, overflows
exp(x); the right ones are torch.softmax (a torch function, differentiated by autograd) and
tests/kit_examples/numpy_stable.py (a NumPy function, with a log-softmax).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import softmax_kit as kit

ROOT = Path(__file__).resolve().parent.parent
pytest.importorskip("torch")


def run_kit(*options: str, examples: int | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, **{kit.PROFILE_ENV: "ci"})
    if examples:
        env["SOFTMAX_MAX_EXAMPLES"] = str(examples)
    command = [sys.executable, "-m", "pytest", "tests", "-m", "kit", "-q", "-p", "no:cacheprovider",
               *options]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
                          check=False)


def test_the_kit_catches_a_softmax_that_forgets_the_max():
    result = run_kit("--softmax-impl=kit_examples.naive_unstable:softmax", "-x")
    assert result.returncode == 1, result.stdout[-3000:]
    # hypothesis names the shrunk example "Falsifying example" (before 6.16x) or "Failing test case"
    assert re.search(r"Falsifying example|Failing test case", result.stdout), result.stdout[-3000:]
    assert "x = np.array(" in result.stdout  # the input as Python (strategies.Case.literal)
    assert "kit_examples.naive_unstable:softmax" in result.stdout
    assert "reproduce_failure" in result.stdout  # print_blob: how to replay it


def test_the_kit_passes_torch_softmax():
    result = run_kit("--softmax-impl=torch:softmax", examples=8)
    assert result.returncode == 0, result.stdout[-3000:]
    assert " passed" in result.stdout and "failed" not in result.stdout


def test_the_kit_takes_numpy_functions_and_a_log_softmax():
    result = run_kit("--softmax-impl=kit_examples.numpy_stable:softmax",
                     "--log-softmax-impl=kit_examples.numpy_stable:log_softmax", "-rA",
                     examples=8)
    assert result.returncode == 0, result.stdout[-3000:]
    assert "test_log_softmax_matches_the_oracle[kit_examples.numpy_stable:softmax]" in (
        result.stdout)


def test_a_bad_spec_says_how_to_write_one():
    with pytest.raises(ValueError, match="package.module:function"):
        kit.load_function("no_colon_here")
    assert kit.load_function(str(ROOT / "tests/kit_examples/numpy_stable.py") + ":softmax")
    assert kit.detect_array_kind(kit.load_function("kit_examples.numpy_stable:softmax")) == "numpy"
    assert kit.detect_array_kind(kit.load_function("torch:softmax")) == "torch"
