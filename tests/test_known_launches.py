"""The memory of launches (``triton_impl.ops._KNOWN_LAUNCHES``): a forward or a backward that
repeats a layout (shapes, strides, dtypes, device, dim, log, forcing) plans nothing and, compiled,
relaunches its kernel (``launch.Relaunch``). It must change no answer: every autograd mode keeps
its derivatives, each layout of the gradient is a launch of its own, and what the checks refuse
is never remembered."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")
triton_impl = pytest.importorskip("triton_impl")
from triton_impl import launch, ops  # noqa: E402
from triton_impl.hardware import kernels_interpreted  # noqa: E402


def _no_planning(monkeypatch):
    def planned(*args, **kwargs):
        raise AssertionError("a repeated call planned")

    monkeypatch.setattr(ops, "make_plan", planned)


def _directions():
    return sorted(key[0] for key in ops._KNOWN_LAUNCHES)


@pytest.mark.parametrize("op, reference", [(triton_impl.softmax, torch.softmax),
                                           (triton_impl.log_softmax, torch.log_softmax)])
def test_a_repeated_call_under_autograd_plans_nothing_and_answers_the_same(device, op,
                                                                           reference,
                                                                           monkeypatch):
    weights = torch.randn(5, 3, 40, device=device)

    def gradient(x, softmax):
        x = x.clone().requires_grad_()
        (softmax(x, 1) * weights).sum().backward()
        return x.grad

    x = torch.randn(5, 3, 40, device=device)
    torch.testing.assert_close(gradient(x, op), gradient(x, reference))
    assert _directions() == ["backward", "forward"]
    _no_planning(monkeypatch)
    for _ in range(2):
        x = torch.randn(5, 3, 40, device=device)
        torch.testing.assert_close(gradient(x, op), gradient(x, reference))
    assert _directions() == ["backward", "forward"]


def test_each_layout_of_the_gradient_is_a_launch_of_its_own(device):
    """``y.sum().backward()`` gives the backward an expanded gradient (stride 0), a weighted sum a
    contiguous one, ``softmax_backward_data`` any layout, and the custom op (which casts it) any
    dtype: each is its own key, and every answer is torch's."""
    x = torch.randn(6, 50, device=device)
    y = torch.softmax(x, -1)
    gradients = [torch.ones(1, 1, device=device).expand(6, 50), torch.randn(6, 50, device=device),
                 torch.randn(50, 6, device=device).t(), torch.randn(6, 64, device=device)[:, 3:53]]
    in_float64 = torch.randn(6, 50, device=device, dtype=torch.float64)
    for _ in range(2):
        for dy in gradients:
            expected = torch._softmax_backward_data(dy, y, 1, y.dtype)
            torch.testing.assert_close(triton_impl.softmax_backward_data(y, dy, 1), expected)
        torch.testing.assert_close(torch.ops.softmax_lab.softmax_backward(y, in_float64, 1, False),
                                   torch._softmax_backward_data(in_float64.float(), y, 1, y.dtype))
    assert _directions() == ["backward"] * (len(gradients) + 1)


def test_forward_ad_and_torch_func_take_the_known_launches(device, monkeypatch):
    """Forward AD's tangent and ``torch.func``'s gradients run the same Functions: repeated,
    they plan nothing in the launches (their calls are checked each time: ``_PLAIN_CALLS``
    keeps none of them)."""
    x, t = torch.randn(4, 30, device=device), torch.randn(4, 30, device=device)
    expected_tangent = torch.func.jvp(lambda v: torch.softmax(v, -1), (x,), (t,))[1]
    expected_grad = torch.func.grad(lambda v: torch.log_softmax(v, -1)[:, 0].sum())(x)

    def tangent():
        with torch.autograd.forward_ad.dual_level():
            dual = torch.autograd.forward_ad.make_dual(x, t)
            return torch.autograd.forward_ad.unpack_dual(triton_impl.softmax(dual, -1)).tangent

    def grad():
        return torch.func.grad(lambda v: triton_impl.log_softmax(v, -1)[:, 0].sum())(x)

    torch.testing.assert_close(tangent(), expected_tangent)
    torch.testing.assert_close(grad(), expected_grad)
    remembered = dict(ops._KNOWN_LAUNCHES)
    calls = []
    planned = ops.make_plan
    monkeypatch.setattr(ops, "make_plan", lambda *a, **k: calls.append(a) or planned(*a, **k))
    torch.testing.assert_close(tangent(), expected_tangent)
    torch.testing.assert_close(grad(), expected_grad)
    assert ops._KNOWN_LAUNCHES == remembered
    assert len(calls) == 4  # the checks', forward and backward, of each call


def test_what_the_checks_refuse_is_never_remembered(device):
    x = torch.randn(2, 64, device=device)
    with pytest.raises(ValueError, match="block_n"):
        torch.ops.softmax_lab.softmax_forward(x, 1, False, "single_block", 16, 0)
    with pytest.raises(ValueError, match="block_n"):
        triton_impl.softmax_backward_data(x, x, 1, kernel="single_block", block_n=16)
    assert not ops._KNOWN_LAUNCHES


def test_the_backward_op_called_directly_refuses_a_gradient_of_another_shape(device):
    """The custom op reads dy with y's shape: called directly (``torch.ops.softmax_lab``), as
    under a graph's fake tensors, it refuses a dy of another shape before any launch."""
    from torch._subclasses.fake_tensor import FakeTensorMode

    y = torch.softmax(torch.randn(4, 50, device=device), -1)
    for dy in (torch.randn(4, 1, device=device), torch.randn(4, 50, device=device)[:, :10]):
        with pytest.raises(ValueError, match="dy has shape .* they must match"):
            torch.ops.softmax_lab.softmax_backward(y, dy, 1, False)
        with FakeTensorMode() as fake, pytest.raises(ValueError, match="they must match"):
            torch.ops.softmax_lab.softmax_backward(fake.from_tensor(y), fake.from_tensor(dy), 1,
                                                   False)
    assert not ops._KNOWN_LAUNCHES


def test_the_launch_memory_is_bounded(device, monkeypatch):
    monkeypatch.setattr(ops, "CALLS_KEPT", 3)
    for n in range(1, 8):
        x = torch.randn(2, n, device=device, requires_grad=True)
        triton_impl.softmax(x, -1).sum().backward()
        assert 1 <= len(ops._KNOWN_LAUNCHES) <= 3 and len(ops._PLAIN_CALLS) <= 3


def test_rows_a_relaunch_was_not_made_for_are_not_given_to_it(device):
    """``ops._rows_or_operands``: a negated view resolves to a contiguous copy whose row stride
    differs from that of the plain tensor of its key where that one has gaps between its rows;
    a relaunch recorded with the plain rows' strides must not be given the copy, nor the other
    way round."""
    base = torch.randn(4, 64, device=device)
    plain, negated = base[:, 4:54], torch._neg_view((-base)[:, 4:54])
    assert plain.stride() == negated.stride()
    made_on_plain = type("StandIn", (), dict(row_strides=(64, 50)))()
    made_on_copy = type("StandIn", (), dict(row_strides=(50, 50)))()
    out = torch.empty(4, 50, device=device)
    assert ops._rows_or_operands((plain, out), 1, False, made_on_plain) is not None
    assert ops._rows_or_operands((negated, out), 1, False, made_on_plain) is None
    assert ops._rows_or_operands((plain, out), 1, False, made_on_copy) is None
    given = ops._rows_or_operands((negated, out), 1, False, made_on_copy)
    torch.testing.assert_close(given[0], plain)  # the values, resolved
    contiguous = base[:, :50].contiguous()
    assert ops._rows_or_operands((contiguous, out), 1, True, made_on_copy)[0] is contiguous


def test_under_the_interpreter_a_known_launch_keeps_no_relaunch():
    if not kernels_interpreted():
        pytest.skip("compiled kernels: the GPU tests below cover the relaunch")
    x = torch.randn(3, 10, requires_grad=True)
    triton_impl.softmax(x, -1).sum().backward()
    assert [known.relaunch for known in ops._KNOWN_LAUNCHES.values()] == [None, None]


needs_gpu = pytest.mark.skipif(not torch.cuda.is_available() or kernels_interpreted(),
                               reason="the relaunch is of compiled kernels, on a GPU")


def _poisoned_block_next(shape, dtype):
    """Free a NaN-filled block of ``shape``: torch's caching allocator hands it to the next
    allocation of that size, so an output the kernel never wrote shows as NaN."""
    torch.full(shape, float("nan"), device="cuda", dtype=dtype)


@needs_gpu
@pytest.mark.parametrize("shape, dtype, kernel", [
    ((8, 256), torch.float32, "single_block"),
    ((3, 7, 130), torch.float32, "single_block"),
    ((64, 4224), torch.bfloat16, "single_block"),
    ((3, 65536), torch.float32, "cooperative"),
    ((2, 262144), torch.bfloat16, "cooperative"),
], ids=["8x256", "3x7x130", "bfloat16-64x4224", "3x65536", "bfloat16-2x262144"])
@pytest.mark.parametrize("log", [False, True], ids=["softmax", "log_softmax"])
def test_a_repeated_call_under_autograd_relaunches_forward_and_backward(shape, dtype, kernel, log,
                                                                        monkeypatch):
    import reference
    from reference.tolerance import assert_close, grad_scale

    op = triton_impl.log_softmax if log else triton_impl.softmax
    oracle = reference.oracle_log_softmax_backward if log else reference.oracle_softmax_backward

    def run(seed):
        torch.manual_seed(seed)
        x = (torch.randn(shape, device="cuda", dtype=torch.float64) * 3).to(dtype)
        dy = torch.randn(shape, device="cuda", dtype=dtype)
        ours = x.clone().requires_grad_()
        _poisoned_block_next(shape, dtype)
        y = op(ours, -1)
        _poisoned_block_next(shape, dtype)
        y.backward(dy)
        expected = (torch.log_softmax if log else torch.softmax)(x.double(), -1)
        assert_close(y.detach(), expected, dtype=dtype, kind="log_softmax" if log else "softmax")
        ys, dys = (t.detach().double().cpu().numpy() for t in (y, dy))
        assert_close(ours.grad, oracle(ys, dys, axis=-1), dtype=dtype, kind="grad",
                     scale=grad_scale(ys, dys, log=log, axis=-1))

    assert triton_impl.plan(torch.empty(shape, device="cuda", dtype=dtype)).kernel == kernel
    run(0)
    known = {key[0]: value for key, value in ops._KNOWN_LAUNCHES.items()}
    assert known["forward"].relaunch is not None and known["backward"].relaunch is not None
    assert known["forward"].rows_are_operands and known["backward"].rows_are_operands
    built = []
    monkeypatch.setattr(launch, "launches", lambda *a: built.append(a) or [])
    _no_planning(monkeypatch)
    for seed in range(1, 4):
        before = launch.LAUNCHES.copy()
        run(seed)
        assert launch.LAUNCHES[f"{kernel}_forward"] == before[f"{kernel}_forward"] + 1
        assert launch.LAUNCHES[f"{kernel}_backward"] == before[f"{kernel}_backward"] + 1
    assert not built, "a known launch went through the launch table"


@needs_gpu
@pytest.mark.parametrize("N", [256, 1 << 17], ids=["single_block", "cooperative"])
def test_a_backward_relaunch_meets_only_the_alignment_it_was_compiled_for(N):
    """Views of one shape and strides at different offsets from a base: Triton compiles each
    alignment apart, and the backward's relaunch of one must never run another's, whether y's
    alignment differs from the first call's, dy's, or both."""
    base = torch.randn(4, N + 64, device="cuda")
    probabilities = torch.softmax(torch.randn(4, N + 64, device="cuda"), -1)
    offsets = [(0, 0), (1, 0), (0, 1), (2, 0), (0, 2), (1, 1), (8, 0), (0, 8)]
    for log in (False, True):
        ys = probabilities.log() if log else probabilities
        ops.forget_calls()
        for y_start, dy_start in offsets + offsets:
            y, dy = ys[:, y_start:y_start + N], base[:, dy_start:dy_start + N]
            expected = (torch._log_softmax_backward_data if log
                        else torch._softmax_backward_data)(dy, y, 1, y.dtype)
            _poisoned_block_next((4, N), torch.float32)
            torch.testing.assert_close(triton_impl.softmax_backward_data(y, dy, 1, log=log),
                                       expected)


@needs_gpu
@pytest.mark.parametrize("N", [50, 70000], ids=["single_block", "cooperative"])
@pytest.mark.parametrize("unusual_first", [False, True])
def test_operands_whose_memory_is_not_their_values_share_a_layout_without_sharing_rows(
        N, unusual_first):
    """A negated view and an efficient zero tensor have the key of a plain tensor of their
    strides, but their rows are contiguous copies: with gaps between a plain tensor's rows, the
    two row strides differ, and neither call may take the other's relaunch (forward, backward
    and the autograd path, either first)."""
    base = torch.randn(4, N + 64, device="cuda")
    columns = slice(4, 4 + N)  # 16-byte aligned, rows 64 apart

    def plain():
        return base[:, columns]

    def negated():
        return torch._neg_view((-base)[:, columns])

    def zeros():
        return torch._efficientzerotensor((4, N + 64), device="cuda")[:, columns]

    y = torch.softmax(torch.randn(4, N, device="cuda"), -1)
    for unusual in (negated, zeros):
        ops.forget_calls()
        order = (unusual, plain) if unusual_first else (plain, unusual)
        for make in order + order:
            given = make()
            values = given.clone()  # what its memory should hold
            _poisoned_block_next((4, N), torch.float32)
            torch.testing.assert_close(triton_impl.softmax_backward_data(y, given, 1),
                                       torch._softmax_backward_data(values, y, 1, y.dtype))
            _poisoned_block_next((4, N), torch.float32)
            torch.testing.assert_close(triton_impl.softmax(given, -1), torch.softmax(values, -1))
            if make is not zeros:  # the autograd path, its forward and its backward
                leaf, exact = given.detach().requires_grad_(), values.requires_grad_()
                _poisoned_block_next((4, N), torch.float32)
                out = triton_impl.softmax(leaf, -1)
                expected = torch.softmax(exact, -1)
                torch.testing.assert_close(out, expected)
                _poisoned_block_next((4, N), torch.float32)
                torch.testing.assert_close(torch.autograd.grad(out, leaf, y)[0],
                                           torch.autograd.grad(expected, exact, y)[0])


def test_a_backward_nothing_differentiates_runs_without_a_second_function(device, monkeypatch):
    """The forward's backward applies ``_SoftmaxBackward`` (differentiable) only where the
    gradient may itself be differentiated (``create_graph``); else it runs the kernels alone.
    Both give torch's gradients, and the second order too."""
    applied = []
    apply = ops._SoftmaxBackward.apply
    monkeypatch.setattr(ops._SoftmaxBackward, "apply",
                        lambda *a: applied.append(a) or apply(*a))
    x = torch.randn(4, 33, device=device, dtype=torch.float64)
    dy = torch.randn(4, 33, device=device, dtype=torch.float64)
    for create_graph in (False, True, False):
        ours, theirs = x.clone().requires_grad_(), x.clone().requires_grad_()
        applied.clear()
        (grad,) = torch.autograd.grad(triton_impl.softmax(ours, -1), ours, dy,
                                      create_graph=create_graph)
        (expected,) = torch.autograd.grad(torch.softmax(theirs, -1), theirs, dy,
                                          create_graph=create_graph)
        torch.testing.assert_close(grad, expected)
        assert len(applied) == int(create_graph)
        if create_graph:
            torch.testing.assert_close(torch.autograd.grad(grad.sin().sum(), ours)[0],
                                       torch.autograd.grad(expected.sin().sum(), theirs)[0])
