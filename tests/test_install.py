"""The install: pyproject.toml declares ranges (a library's), constraints-cpu.txt pins one version
in each for the CPU machines, the README installs with it and CI runs exactly the README.

A GPU machine installs without the constraints: its torch and triton (multi-GB CUDA builds) and
its NumPy must satisfy the ranges as they are, or pip would replace them.
"""

from __future__ import annotations

import re
import shlex
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

tomllib = pytest.importorskip("tomllib")  # Python >= 3.11

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
CONSTRAINTS = ROOT / "constraints-cpu.txt"

GPU_MACHINE = {"torch": "2.11.0", "triton": "3.6.0", "numpy": "2.5.0"}
"""What the GPU machines run: the ranges must keep it."""
INTERPRETER_BREAKS_ON = {"numpy": "2.4.0"}
"""Triton 3.6's interpreter fails on this NumPy (constraints-cpu.txt says why)."""


def requirements(extras=("all",)) -> list[Requirement]:
    """The base dependencies and those of ``extras``, the project's own extras followed."""
    out = [Requirement(r) for r in PROJECT["dependencies"]]
    todo, seen = list(extras), set()
    while todo:
        extra = todo.pop()
        if extra in seen:
            continue
        seen.add(extra)
        for text in PROJECT["optional-dependencies"][extra]:
            requirement = Requirement(text)
            if canonicalize_name(requirement.name) == canonicalize_name(PROJECT["name"]):
                todo.extend(requirement.extras)
            else:
                out.append(requirement)
    return out


def constraints() -> dict[str, Requirement]:
    lines = [line.split("#")[0].strip() for line in CONSTRAINTS.read_text().splitlines()]
    parsed = [Requirement(line) for line in lines if line]
    return {canonicalize_name(r.name): r for r in parsed}


def test_pyproject_declares_ranges_not_pins():
    pinned = [str(r) for r in requirements() if any(s.operator in ("==", "===")
                                                    for s in r.specifier)]
    assert not pinned, f"exact versions belong in constraints-cpu.txt, not pyproject: {pinned}"


def test_a_gpu_machines_torch_triton_and_numpy_satisfy_the_ranges():
    for name, version in GPU_MACHINE.items():
        named = [r for r in requirements() if canonicalize_name(r.name) == name]
        assert named, f"pyproject no longer requires {name}: update GPU_MACHINE"
        for requirement in named:
            assert requirement.specifier.contains(version, prereleases=True), (
                f"{requirement} would replace the GPU machines' {name} {version}")


def test_the_constraints_pin_versions_inside_the_ranges():
    pins = constraints()
    assert {"torch", "triton", "numpy"} <= set(pins)
    for name in ("torch", "triton"):
        (spec,) = pins[name].specifier
        assert spec.operator == "==", f"{pins[name]}: the CPU machines get one exact version"
    for name, version in INTERPRETER_BREAKS_ON.items():
        assert not pins[name].specifier.contains(version), f"{pins[name]} admits {version}"
    required = {canonicalize_name(r.name): r for r in requirements()}
    for name, pin in pins.items():
        assert name in required, f"constraints-cpu.txt pins {name}, which the project does not use"
        exact = [s.version for s in pin.specifier if s.operator == "=="]
        for version in exact:
            assert required[name].specifier.contains(version, prereleases=True), (
                f"{pin} is outside pyproject's {required[name]}: pip cannot resolve both")


def test_this_cpu_machine_runs_the_constrained_versions():
    """Installed as the README says, a machine without a GPU runs exactly what the constraints
    pin: the versions its timings and derandomized examples were taken with."""
    torch = pytest.importorskip("torch")
    if torch.cuda.is_available():
        pytest.skip("a GPU machine keeps its own versions: constraints-cpu.txt is for CPU ones")
    for name, pin in constraints().items():
        installed = metadata.version(name)
        assert pin.specifier.contains(Version(installed), prereleases=True), (
            f"{name} {installed} installed, constraints-cpu.txt wants {pin}: install as the "
            "README says")


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    section = text[text.index("## Set-up on a fresh machine"):]
    block = re.search(r"```bash\n(.*?)```", section, re.S).group(1)
    return [" ".join(shlex.split(line, comments=True)) for line in block.splitlines()
            if line.strip()]


def test_ci_runs_exactly_the_readmes_commands_and_installs_with_the_constraints():
    readme = _readme_commands()
    assert len(readme) == 2, readme
    assert f"-c {CONSTRAINTS.name}" in readme[0]
    ci = [" ".join(shlex.split(line, comments=True))
          for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    commands = [line for line in ci if line and not line.startswith(("set ", "cd "))]
    assert commands == readme
