"""The kit can fail, says why in a few lines, and passes correct softmaxes.

Each run is a separate pytest (a subprocess, as a user would run it) on the ``kit`` properties,
under the ci profile. The wrong implementation, tests/kit_examples/naive_unstable.py, overflows
exp(x): the kit must fail it, and its report must lead with each shrunk case and stay short. The
right ones must pass: torch.softmax itself (differentiated by autograd), softmaxes computed in
float32 or float64 and rounded back (tests/kit_examples/upcast.py, whose correct float16 gradient
the kit once rejected) and a NumPy one (tests/kit_examples/numpy_stable.py),
each with its log-softmax.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import softmax_kit as kit

import reference as R
from reference.tolerance import assert_close, flushable, grad_scale

ROOT = Path(__file__).resolve().parent.parent
pytest.importorskip("torch")


def run_kit(*options: str, examples: int | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, **{kit.PROFILE_ENV: "ci"})
    env.pop("SOFTMAX_MAX_EXAMPLES", None)
    if examples:
        env["SOFTMAX_MAX_EXAMPLES"] = str(examples)
    command = [sys.executable, "-m", "pytest", "tests", "-m", "kit", "-q", "-p", "no:cacheprovider",
               *options]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
                          check=False)


@pytest.fixture(scope="module")
def naive_run() -> subprocess.CompletedProcess:
    """The kit on the softmax that forgets the max, every property (no -x): what a user sees."""
    return run_kit("--softmax-impl=kit_examples.naive_unstable:softmax")


def failure_sections(output: str) -> dict[str, list[str]]:
    """Test name -> the lines of its report in the FAILURES section."""
    sections, name = {}, None
    for line in output.split("= FAILURES =", 1)[-1].splitlines():
        title = re.fullmatch(r"_+ (test_\w+)\[.*\] _+", line)
        if title:
            name = title.group(1)
            sections[name] = []
        elif line.startswith("=") and "short test summary" in line:
            break
        elif name and not re.match(r"\[gw\d+\] ", line):  # pytest-xdist names the worker
            sections[name].append(line)
    return sections


def test_the_kit_catches_a_softmax_that_forgets_the_max(naive_run):
    output = naive_run.stdout
    assert naive_run.returncode == 1, output[-3000:]
    sections = failure_sections(output)
    assert "test_softmax_matches_the_oracle" in sections, output[-3000:]
    for name, lines in sections.items():
        # the report leads with the shrunk case: what failed, the input as Python, how to replay
        assert lines[0].startswith(f"kit_examples.naive_unstable:softmax fails {name}: "), lines
        # what failed, two draws (the backward's case and dy), two arrays as Python (each cut at
        # NOTE_LINES lines and a line saying so), "dim = ", then the replay
        head = "\n".join(lines[:2 * (kit.NOTE_LINES + 1) + 5])
        for part in ("Draw 1 (case): Case(", "x = np.array(", "dim = ",
                     "replay: add @reproduce_failure("):
            assert part in head, f"{name}: {part!r} not among the leading lines:\n{head}"
    assert " got nan expected 1.0" in output  # assert_close names the values that differ


def test_a_failing_kit_run_is_short(naive_run):
    """One wrong softmax once gave 1,376 lines, most of them hypothesis's explain phase
    naming lines of NumPy's arrayprint.py. Now: the case, a short traceback, the summary."""
    output = naive_run.stdout
    failures = len(failure_sections(output))
    assert failures >= 4, output[-3000:]
    bound = 30 + 45 * failures  # per failure: the case (<= 2 notes of NOTE_LINES) and traceback
    assert len(output.splitlines()) <= bound, f"{len(output.splitlines())} lines > {bound}"
    for noise in ("Explanation:", "always and only run by failing examples", "arrayprint",
                  "Falsifying example: test_", "Failing test case: test_", "data=data(...)",
                  "DeprecationWarning"):
        assert noise not in output, noise


def test_a_missing_log_softmax_says_how_to_give_one(naive_run):
    assert "no log-softmax given: pass --log-softmax-impl=module:function" in naive_run.stdout
    assert "empty parameter set" not in naive_run.stdout


CORRECT = {
    "torch.softmax": ("torch:softmax", "torch:log_softmax"),
    "float32, rounded back": ("kit_examples.upcast:softmax_float32",
                              "kit_examples.upcast:log_softmax_float32"),
    "float64, rounded back": ("kit_examples.upcast:softmax_float64",
                              "kit_examples.upcast:log_softmax_float64"),
    "numpy": ("kit_examples.numpy_stable:softmax", "kit_examples.numpy_stable:log_softmax"),
}
"""Correct softmaxes, each with its log-softmax: the kit must fail none of them."""


@pytest.mark.parametrize("name", CORRECT)
def test_the_kit_passes_a_correct_softmax(name):
    softmax, log_softmax = CORRECT[name]
    result = run_kit(f"--softmax-impl={softmax}", f"--log-softmax-impl={log_softmax}", "-rA")
    assert result.returncode == 0, result.stdout[-3000:]
    assert " passed" in result.stdout and "failed" not in result.stdout
    assert f"test_log_softmax_matches_the_oracle[{softmax}]" in result.stdout
    if name == "numpy":
        assert "no backward for a NumPy softmax" in result.stdout  # skipped, saying why
    else:  # torch functions: the backward properties ran, through autograd
        assert f"PASSED tests/test_properties_backward.py::test_backward_matches_the_oracle_" \
               f"gradient[{softmax}]" in result.stdout


def test_a_bad_spec_says_how_to_write_one():
    with pytest.raises(ValueError, match="package.module:function"):
        kit.load_function("no_colon_here")
    assert kit.load_function(str(ROOT / "tests/kit_examples/numpy_stable.py") + ":softmax")
    assert kit.detect_array_kind(kit.load_function("kit_examples.numpy_stable:softmax")) == "numpy"
    assert kit.detect_array_kind(kit.load_function("torch:softmax")) == "torch"


def _upcast_case(log: bool):
    """A float16 column (dim 0) run through kit_examples.upcast's float32 function by autograd: (y,
    dy, dx) as float64, y and dx as the function returned them. Softmax: 65 outputs near float16's
    subnormals (the reported case). Log-softmax: 4096 outputs near -8.3, where half a float16 ulp
    (2^-8) moves exp(y) by up to 0.4%, and a positive dy whose sum makes exp(y) * sum(dy) as large
    as dy, so that the move shows in dx."""
    import torch

    from kit_examples import upcast

    rng = np.random.default_rng(0)
    if log:
        x, dy = rng.uniform(-1, 1, (4096, 1)), rng.uniform(0.5, 1.5, (4096, 1))
    else:
        x = np.concatenate([[0.0], -rng.uniform(9, 17, 64)]).reshape(65, 1)
        dy = rng.standard_normal((65, 1)) * 10
    x = torch.tensor(x, dtype=torch.float16, requires_grad=True)
    y = (upcast.log_softmax_float32 if log else upcast.softmax_float32)(x, 0)
    dy = torch.tensor(dy, dtype=torch.float16)
    (dx,) = torch.autograd.grad(y, x, dy)
    return (t.detach().double().numpy() for t in (y, dy, dx))


@pytest.mark.parametrize("log", [False, True], ids=["softmax", "log_softmax"])
def test_a_gradient_from_the_unrounded_output_is_within_the_policy(log):
    """The kit once rejected torch.softmax(x.float(), dim).to(x.dtype)'s float16 gradient: it comes
    from the float32 y, and the oracle from the float16 y it returned, which near the subnormals
    (log-softmax: far from 0) is off by a large relative amount. ``grad_scale(..., dtype=)``
    allows that rounding's move, and no more: a wrong gradient still fails."""
    y, dy, dx = _upcast_case(log)
    oracle = R.oracle_log_softmax_backward if log else R.oracle_softmax_backward
    expected = oracle(y, dy, 0)
    operand = np.exp(y) if log else y

    def check(got, **widen):
        assert_close(got, expected, dtype="float16", axis=0, kind="grad",
                     scale=grad_scale(y, dy, log=log, axis=0, **widen),
                     flushed=flushable(operand, "float16"))

    check(dx, dtype="float16")
    with pytest.raises(AssertionError):
        check(dx)  # the class of the problem: judged by the rounded y alone, it fails
    for wrong in (dx * 1.01, np.where(np.arange(len(dx))[:, None] == 3, -dx, dx)):
        with pytest.raises(AssertionError):
            check(wrong, dtype="float16")


def test_a_sum_in_any_order_is_within_the_policy_for_an_unseen_function():
    """torch's CPU softmax along a dim that is not the last sums left to right: on 70000 values
    within 0.1% of each other it is off by ~4e-4, past the tree bound and within "any"'s."""
    import torch

    x = torch.from_numpy(np.random.default_rng(0).random((70000, 2), np.float32) * 1e-3)
    y, expected = torch.softmax(x, 0).double().numpy(), R.oracle_softmax(x.numpy(), 0)
    assert_close(y, expected, dtype="float32", axis=0, summation="any")
    with pytest.raises(AssertionError, match="values off"):
        assert_close(y, expected, dtype="float32", axis=0, summation="tree")
    assert kit.user_implementation("torch:softmax").summation == "any"


def test_the_profile_table_is_the_profiles():
    """tests/README.md's table of profiles quotes ``softmax_kit.PROFILES``: held to it here."""
    text = (ROOT / "tests" / "README.md").read_text()
    rows = re.findall(r"^\| `(\w+)` \| (\d+) \| [^|]+ \| 1\.\.(\d+) \| 1\.\.(\d+) \| up to (\d+)",
                      text, re.M)
    assert {name for name, *_ in rows} == set(kit.PROFILES), rows
    for name, examples, max_n, max_rows, wide_n in rows:
        settings, limits = kit.PROFILES[name]
        assert (settings["max_examples"], limits.max_n, limits.max_rows, limits.wide_n) == (
            int(examples), int(max_n), int(max_rows), int(wide_n)), name


def test_the_example_database_goes_where_the_environment_says(tmp_path, monkeypatch):
    """A GPU run saves hypothesis's failing examples with its results (benchmarks/run_properties.py)."""
    from hypothesis import settings
    from hypothesis.database import DirectoryBasedExampleDatabase

    monkeypatch.setenv(kit.DATABASE_ENV, str(tmp_path / "db"))
    monkeypatch.setenv("SOFTMAX_MAX_EXAMPLES", "7")
    try:
        kit.load_profile()
        database = settings.default.database
        assert isinstance(database, DirectoryBasedExampleDatabase)
        assert Path(database.path) == tmp_path / "db" and settings.default.max_examples == 7
    finally:
        monkeypatch.undo()
        kit.load_profile()
    assert settings.default.max_examples == kit.PROFILES[kit.profile_name()][0]["max_examples"]


def test_a_skipped_property_says_what_is_missing_and_how_to_give_it():
    numpy_impl = kit.user_implementation("kit_examples.numpy_stable:softmax")
    torch_impl = kit.user_implementation("torch:softmax")
    detached = kit.Implementation("detached", lambda x, dim: x.softmax(dim).detach())
    assert kit.why_not(torch_impl, "log_softmax").startswith(
        "no log-softmax given: pass --log-softmax-impl=module:function")
    assert kit.why_not(torch_impl, "log_backward") == kit.why_not(torch_impl, "log_softmax")
    assert "no backward for a NumPy softmax" in kit.why_not(numpy_impl, "backward")
    assert "without autograd" in kit.why_not(detached, "backward")
    assert "needs a triton implementation" in kit.why_not(torch_impl, "triton")


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_the_torch_reference_does_not_overflow_a_16_bit_sum(dtype):
    """The semantics the NaN and infinity property matches (``torch_reference``) come from a float32
    computation: torch's own CPU log_softmax of 65842 float16 ones is -inf (its sum overflows
    float16), where the answer is -log(65842) = -11.09."""
    pytest.importorskip("torch")
    from strategies import Case

    case = Case(np.ones(65842), dtype, 0)
    got = kit.torch_reference(case, log=True)
    assert np.all(np.abs(got + np.log(65842)) <= 0.04), got[:3]  # half a bfloat16 ulp at 11
    assert np.allclose(kit.torch_reference(case), 1 / 65842, rtol=1e-2)
