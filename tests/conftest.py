"""Shared test set-up. Without a GPU, the Triton kernels run under the interpreter on CPU tensors:
TRITON_INTERPRET must be set before triton is first imported, so it is set here, first."""

import os

import pytest

try:
    import torch
except ImportError:  # the reference tier's tests run with NumPy alone
    torch = None

if torch is not None and not torch.cuda.is_available():
    os.environ.setdefault("TRITON_INTERPRET", "1")


@pytest.fixture
def device():
    """Where the Triton tests put their tensors: the GPU when there is one, else the CPU."""
    return "cuda" if torch.cuda.is_available() else "cpu"
