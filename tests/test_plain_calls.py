"""The eager path's memory of plain calls (``triton_impl.ops._PLAIN_CALLS``): a call that repeats
an earlier one's shape, strides, dtype, device, dim and forcing skips the input checks and the
planning. It must change no answer and let no call past a check it needs: every other call, and
every call in an autograd mode or a graph, takes the general path."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")
triton_impl = pytest.importorskip("triton_impl")
from triton_impl import ops  # noqa: E402


def test_a_repeated_plain_call_is_remembered_and_answers_the_same(device):
    x = torch.randn(6, 40, device=device)
    first = triton_impl.softmax(x, -1)
    assert len(ops._PLAIN_CALLS) == 1
    (key,) = ops._PLAIN_CALLS
    assert key == (x.shape, x.stride(), x.dtype, x.device, -1, triton_impl.policy.AUTO)
    again = triton_impl.softmax(x, -1)
    other = torch.randn(6, 40, device=device)
    assert len(ops._PLAIN_CALLS) == 1
    torch.testing.assert_close(again, first, rtol=0, atol=0)
    torch.testing.assert_close(triton_impl.softmax(other, -1), torch.softmax(other, -1))
    torch.testing.assert_close(triton_impl.log_softmax(other, -1), torch.log_softmax(other, -1))


def test_what_decides_the_checks_is_in_the_key(device):
    """Each of these differs from the remembered call in one property the checks or the plan
    depend on: each is a call of its own (and the bad ones are still refused)."""
    x = torch.randn(4, 8, 16, device=device)
    triton_impl.softmax(x, -1)
    for y, dim in [(x, 1), (x, -3), (x.transpose(1, 2), -1), (x.double(), -1), (x[:, :, :8], -1),
                   (x.half(), -1)]:
        torch.testing.assert_close(triton_impl.softmax(y, dim), torch.softmax(y, dim))
    assert len(ops._PLAIN_CALLS) == 7
    with pytest.raises(IndexError, match="Dimension out of range"):
        triton_impl.softmax(x, 3)
    with pytest.raises(TypeError, match="int64"):
        triton_impl.softmax(x.long(), -1)
    with pytest.raises(ValueError, match="pass kernel= too"):
        triton_impl.softmax(x, -1, block_n=16)


def test_calls_an_autograd_mode_or_a_graph_may_need_are_never_remembered(device):
    x = torch.randn(3, 20, device=device, requires_grad=True)
    y = triton_impl.softmax(x, -1)
    assert y.grad_fn is not None and not ops._PLAIN_CALLS
    with torch.no_grad():  # the same tensor, no derivative possible: plain
        triton_impl.softmax(x, -1)
    assert len(ops._PLAIN_CALLS) == 1
    y = triton_impl.softmax(x, -1)  # remembered without grad, but this call needs autograd
    assert y.grad_fn is not None
    (grad,) = torch.autograd.grad(y[:, 0].sum(), x)
    p = torch.softmax(x.detach(), -1)
    first_column = (torch.arange(20, device=device) == 0).to(p.dtype)
    torch.testing.assert_close(grad, p[:, :1] * (first_column - p))  # d y_0 / d x = y_0 (e_0 - y)
    plain = x.detach()
    triton_impl.softmax(plain, -1, dtype=torch.float64)  # dtype=: the general path, not kept
    triton_impl.softmax(plain, torch.tensor(-1))  # a tensor dim: likewise
    assert len(ops._PLAIN_CALLS) == 1


def test_the_memory_is_bounded(device, monkeypatch):
    monkeypatch.setattr(ops, "PLAIN_CALLS_KEPT", 3)
    for n in range(1, 8):
        triton_impl.softmax(torch.randn(2, n, device=device), -1)
        assert 1 <= len(ops._PLAIN_CALLS) <= 3


def test_a_sparse_input_is_refused_by_the_checks_not_by_the_key(device):
    """A sparse tensor has no strides: it takes the general path, whose checks name the problem."""
    with pytest.raises(TypeError, match="x has dtype torch.int64"):
        triton_impl.softmax(torch.arange(20).reshape(4, 5).to_sparse_csr(), -1)
    with pytest.raises(IndexError, match="Dimension out of range"):
        triton_impl.softmax(torch.randn(4, 5).to_sparse_csr(), 5)


def test_a_remembered_call_does_not_outlive_its_test(device):
    """conftest's autouse fixture empties the memory before each test (test_triton_kernels
    monkeypatches what the checks read, and must meet no call remembered before it)."""
    assert not ops._PLAIN_CALLS
    triton_impl.softmax(torch.randn(2, 3, device=device), -1)
    assert ops._PLAIN_CALLS
