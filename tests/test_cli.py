"""``python -m softmax_lab``'s command line: plain help, bad arguments refused by the parser in one
line before any work, exit statuses a script can rely on (0 passed, 1 a check failed, 2 nothing
run), and a closed pipe ending the job quietly.

The refusals run the module as a user does (a subprocess, no kernels: a refusal comes before
torch is imported); the exit statuses of a real run come from ``main`` in this process with the
checks cut down to one small shape.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest
from traffic_model.gpus import GPUS

from softmax_lab import __main__ as lab

ROOT = Path(__file__).resolve().parent.parent


def run_lab(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "softmax_lab", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)


def test_help_is_plain_text_naming_the_gpus_and_the_exit_statuses():
    done = run_lab("--help")
    assert done.returncode == 0 and not done.stderr, done.stderr
    assert "``" not in done.stdout, "reStructuredText markup in the help"
    assert "usage: python -m softmax_lab" in done.stdout
    for key in GPUS:
        assert key in done.stdout
    assert "exit status: 0 every check passed; 1 a check failed; 2 nothing was run" in (
        " ".join(done.stdout.split()))


AMBIGUOUS = "A100"
MATCHES = [key for key in GPUS if key.startswith(AMBIGUOUS)]


@pytest.mark.parametrize("args, message", [
    (["--gpu", AMBIGUOUS], f"argument --gpu: {AMBIGUOUS!r} is ambiguous: pick one of "
                           f"{', '.join(MATCHES)}"),
    (["--gpu", "B200"], f"argument --gpu: unknown GPU 'B200': pick one of {', '.join(GPUS)}"),
    (["--gpu", ""], f"argument --gpu: unknown GPU '': pick one of {', '.join(GPUS)}"),
    (["--gpu"], "argument --gpu: expected one argument"),
    (["--bogus"], "unrecognized arguments: --bogus"),
    (["H100"], "unrecognized arguments: H100"),
], ids=["ambiguous gpu", "unknown gpu", "empty gpu", "gpu missing", "unknown option", "positional"])
def test_bad_arguments_are_refused_in_one_line_before_any_work(args, message):
    assert len(MATCHES) > 1, f"{AMBIGUOUS} no longer ambiguous among {list(GPUS)}: pick another"
    done = run_lab(*args)
    assert done.returncode == lab.EXIT_NOT_RUN
    assert done.stdout == "", "work started before the arguments were checked"
    assert done.stderr == (f"python -m softmax_lab: error: {message} "
                           "(see python -m softmax_lab --help)\n"), done.stderr


def test_an_ambiguous_gpu_is_refused_before_the_checks(monkeypatch):
    """The checks once ran for minutes before --gpu A100 failed with a traceback."""
    def never(*args, **kwargs):
        raise AssertionError("the job ran before the command line was checked")

    monkeypatch.setattr(lab, "run", never)
    with pytest.raises(SystemExit) as exit_:
        lab.main(["--gpu", AMBIGUOUS])
    assert exit_.value.code == lab.EXIT_NOT_RUN


def _unique_prefixes():
    """For each GPU, its shortest key prefix that no other key starts with (if it has one)."""
    out = {}
    for key in GPUS:
        for end in range(1, len(key)):
            prefix = key[:end]
            if [k for k in GPUS if k.lower().startswith(prefix.lower())] == [key]:
                out[key] = prefix
                break
    return out


def test_every_gpu_is_accepted_by_key_any_case_name_or_unique_prefix():
    prefixes = _unique_prefixes()
    assert prefixes, "no GPU has a unique prefix: the prefix rule is untested"
    parse = lab.build_parser().parse_args
    assert parse([]).gpu == lab.DEFAULT_GPU in GPUS
    for key, gpu in GPUS.items():
        for spelling in (key, key.lower(), key.replace("-", "_"), gpu.name):
            assert parse(["--gpu", spelling]).gpu == key, spelling
        if key in prefixes:
            assert parse(["--gpu", prefixes[key].lower()]).gpu == key


def test_the_main_job_forces_every_kernel():
    import triton_impl

    forced = {options["kernel"] for *_, options in lab.CHECKS if "kernel" in options}
    assert forced == set(triton_impl.KERNELS)
    assert any(not options for *_, options in lab.CHECKS), "the dispatcher's own choice too"


@pytest.fixture
def one_small_check(monkeypatch):
    """main with one small shape through the default path, and nothing measured on a GPU."""
    monkeypatch.setattr(lab, "CHECKS", [((3, 20), -1, "float32", {})])
    monkeypatch.setattr(lab, "measure_beside_prediction", lambda gpu_name: None)


def test_a_passing_run_exits_0_and_prints_every_plan_whole(one_small_check, capsys):
    import torch
    import triton_impl

    assert lab.main(["--gpu", "h2"]) == lab.EXIT_OK
    out = capsys.readouterr().out
    assert "all checks passed" in out and "FAIL" not in out
    device = "cuda" if torch.cuda.is_available() else "cpu"
    x = torch.zeros(3, 20, device=device)
    for log in (False, True):
        assert triton_impl.plan(x, -1, log=log).describe() in out  # not cut mid-word
    assert GPUS["H200"].name in out


def test_a_failing_check_exits_1(one_small_check, monkeypatch, capsys):
    import torch
    import triton_impl

    monkeypatch.setattr(triton_impl, "softmax", lambda x, dim, **kw: torch.softmax(x, dim) * 1.01)
    assert lab.main([]) == lab.EXIT_CHECK_FAILED
    out = capsys.readouterr().out
    assert "SOME CHECKS FAILED" in out and " FAIL " in out


def test_without_torch_or_triton_nothing_runs_and_the_error_says_what_to_do(monkeypatch, capsys):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "triton" else real(name, *a))
    assert lab.main([]) == lab.EXIT_NOT_RUN
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == ("python -m softmax_lab: error: the main job needs triton, not "
                            "installed here: install as README.md's 'Set-up on a fresh machine' "
                            "says\n")


def test_a_closed_pipe_ends_the_job_quietly():
    """``python -m softmax_lab | head``: the reader has gone before the job writes; the job stops
    at its first line, without a traceback or Python's 'Exception ignored' at exit."""
    process = subprocess.Popen([sys.executable, "-m", "softmax_lab"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    process.stdout.close()
    try:
        err = process.stderr.read()
        status = process.wait(timeout=120)
    finally:
        process.kill()
    assert status == lab.EXIT_BROKEN_PIPE, err
    assert err == ""
