"""Shared test set-up. Without a GPU, the Triton kernels run under the interpreter on CPU tensors:
TRITON_INTERPRET must be set before triton is first imported, so it is set here, first.

Then the property suite's hypothesis profiles (``SOFTMAX_HYPOTHESIS_PROFILE=ci|dev|thorough``,
default ci) and the softmax kit's options (``--softmax-impl=module:function``): see
``softmax_kit`` and tests/README.md.

The suite runs on every core (pyproject.toml's addopts: ``-n auto``, pytest-xdist); ``-n 0`` runs
it in one process. A pytest that a test starts (tests/test_kit.py runs the kit as a user does)
runs in one process too: the outer run's workers already hold the cores.
"""

import os
import sys

import pytest

try:
    import torch
except ImportError:  # the reference tier's tests run with NumPy alone
    torch = None

if torch is not None and not torch.cuda.is_available():
    os.environ.setdefault("TRITON_INTERPRET", "1")

import softmax_kit

softmax_kit.register_profiles()
softmax_kit.load_profile()


@pytest.fixture(scope="session")
def device():
    """Where the Triton tests put their tensors: the GPU when there is one, else the CPU."""
    return "cuda" if torch is not None and torch.cuda.is_available() else "cpu"


@pytest.fixture(autouse=True)
def no_calls_remembered():
    """Every test starts with no call remembered (``triton_impl.ops.forget_calls``): a hit skips
    the input checks or the planning, and a test that changes what they read (a monkeypatched
    NumPy version, the interpreter flag) must not meet a call that an earlier test made."""
    ops = sys.modules.get("triton_impl.ops")
    if ops is not None:
        ops.forget_calls()
    yield


def pytest_addoption(parser):
    softmax_kit.add_options(parser)


def pytest_configure(config):
    softmax_kit.configure(config)


def pytest_generate_tests(metafunc):
    softmax_kit.generate_tests(metafunc)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config):
    """``-n auto`` inside a worker of an outer run (xdist names it in PYTEST_XDIST_WORKER): no
    workers of its own. Elsewhere None: xdist's own count, one worker a core."""
    return 0 if os.environ.get("PYTEST_XDIST_WORKER") else None


def pytest_collection_modifyitems(items):
    softmax_kit.mark_items(items)
