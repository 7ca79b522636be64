"""The eager path's memory of plain calls (``triton_impl.ops._PLAIN_CALLS``): a call that repeats
an earlier one's shape, strides, dtype, device, dim and forcing skips the input checks and the
planning. It must change no answer and let no call past a check it needs: every other call, and
every call in an autograd mode or a graph, takes the general path."""

from __future__ import annotations

import os

import pytest

torch = pytest.importorskip("torch")
triton = pytest.importorskip("triton")
triton_impl = pytest.importorskip("triton_impl")
from triton_impl import ops  # noqa: E402
from triton_impl.hardware import kernels_interpreted  # noqa: E402


def test_a_repeated_plain_call_is_remembered_and_answers_the_same(device):
    x = torch.randn(6, 40, device=device)
    first = triton_impl.softmax(x, -1)
    assert len(ops._PLAIN_CALLS) == 1
    (key,) = ops._PLAIN_CALLS
    assert key == (x.shape, x.stride(), x.dtype, x.device, -1, False, triton_impl.policy.AUTO,
                   False)
    again = triton_impl.softmax(x, -1)
    other = torch.randn(6, 40, device=device)
    assert len(ops._PLAIN_CALLS) == 1
    torch.testing.assert_close(again, first, rtol=0, atol=0)
    torch.testing.assert_close(triton_impl.softmax(other, -1), torch.softmax(other, -1))
    torch.testing.assert_close(triton_impl.log_softmax(other, -1), torch.log_softmax(other, -1))


def _stand_in_ptxas(tmp_path, release: str) -> str:
    """A ptxas that answers ``--version`` as CUDA ``release``'s does."""
    fake = tmp_path / "ptxas"
    fake.write_text(f"#!/bin/sh\necho 'Cuda compilation tools, release {release}, V{release}.88'\n")
    fake.chmod(0o755)
    return str(fake)


def test_the_ptxas_in_force_is_read_from_the_tool_triton_would_run(tmp_path, monkeypatch):
    """``hardware.ptxas_tool`` (what the compile tools name) asks the ptxas that
    TRITON_PTXAS_PATH names, as Triton would, for a GPU before Blackwell, and
    TRITON_PTXAS_BLACKWELL_PATH's for one after."""
    from triton_impl import hardware

    monkeypatch.delenv("TRITON_PTXAS_BLACKWELL_PATH", raising=False)
    monkeypatch.setenv("TRITON_PTXAS_PATH", _stand_in_ptxas(tmp_path, "13.0"))
    assert hardware.ptxas_tool(9).version == "13.0"
    assert hardware.ptxas_tool(10).version != "13.0"  # Triton's own ptxas-blackwell
    monkeypatch.setenv("TRITON_PTXAS_BLACKWELL_PATH", os.environ["TRITON_PTXAS_PATH"])
    assert hardware.ptxas_tool(10).version == "13.0"


def test_the_drams_bandwidth_is_triton_s_figure_or_none(monkeypatch):
    """``hardware.dram_gbs``: Triton's figure from the driver's memory clock and bus width
    (``triton.testing.get_dram_gbps``), None where the driver gives nothing usable."""
    import triton.testing

    from triton_impl import hardware

    if not torch.cuda.is_available():
        assert hardware.dram_gbs(0) is None  # no CUDA driver here: no figure, no error
    monkeypatch.setattr(triton.testing, "get_dram_gbps", lambda index: 3352.32)
    assert hardware.dram_gbs(0) == 3352.32
    monkeypatch.setattr(triton.testing, "get_dram_gbps", lambda index: 0.0)
    assert hardware.dram_gbs(0) is None

    def no_property(index):
        raise KeyError("mem_clock_rate")

    monkeypatch.setattr(triton.testing, "get_dram_gbps", no_property)
    assert hardware.dram_gbs(0) is None


def test_no_plan_depends_on_the_ptxas(device, tmp_path, monkeypatch):
    """torch.compile can set TRITON_PTXAS_PATH halfway through a process; the words form's
    register cap is the same for either ptxas (``policy.COOPERATIVE_PAIRED_MAX_REGISTERS``), so
    a plan and a remembered call stand under another."""
    from triton_impl import dispatch, policy

    x = torch.randn(6, 40, device=device)
    triton_impl.softmax(x, -1)
    (key,) = ops._PLAIN_CALLS
    monkeypatch.setattr(dispatch, "device_info",
                        lambda device: policy.DeviceDescription("a 132-SM GPU", 132))
    monkeypatch.delenv("TRITON_PTXAS_PATH", raising=False)
    before = dispatch.make_plan(2048, 65536, torch.bfloat16, device)
    assert before.paired and before.max_registers == policy.COOPERATIVE_PAIRED_MAX_REGISTERS[
        "bfloat16"]
    monkeypatch.setenv("TRITON_PTXAS_PATH", _stand_in_ptxas(tmp_path, "13.0"))
    dispatch._cached_plan.cache_clear()  # planned afresh, not answered from the cache
    assert dispatch.make_plan(2048, 65536, torch.bfloat16, device) == before
    assert ops._plain_call_key(x, -1, None, False, triton_impl.policy.AUTO) == key


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


def test_a_call_under_autograd_is_remembered_apart_and_stays_differentiable(device):
    """Whether a call is differentiated (grad mode on, the input requiring grad) is in the key,
    which the checks read too (the backward's plan is checked before the forward runs): a hit
    under autograd still builds the graph, and one without it does not."""
    x = torch.randn(3, 20, device=device, requires_grad=True)
    p = torch.softmax(x.detach(), -1)
    first_column = (torch.arange(20, device=device) == 0).to(p.dtype)
    for call in range(2):
        y = triton_impl.softmax(x, -1)
        assert y.grad_fn is not None and len(ops._PLAIN_CALLS) == 1
        (key,) = ops._PLAIN_CALLS
        assert key[-1] is True
        (grad,) = torch.autograd.grad(y[:, 0].sum(), x)
        torch.testing.assert_close(grad, p[:, :1] * (first_column - p))  # y_0 (e_0 - y)
    with torch.no_grad():  # the same tensor, no derivative possible: a call of its own
        y = triton_impl.softmax(x, -1)
        assert y.grad_fn is None and not y.requires_grad
    assert sorted(key[-1] for key in ops._PLAIN_CALLS) == [False, True]
    y = triton_impl.softmax(x, -1)
    assert y.grad_fn is not None


def test_calls_under_forward_ad_or_torch_func_are_never_remembered(device):
    x = torch.randn(3, 20, device=device)
    with torch.autograd.forward_ad.dual_level():
        dual = torch.autograd.forward_ad.make_dual(x, torch.ones_like(x))
        tangent = torch.autograd.forward_ad.unpack_dual(triton_impl.softmax(dual, -1)).tangent
        torch.testing.assert_close(tangent, torch.zeros_like(x), atol=1e-6, rtol=0)
    torch.func.grad(lambda t: triton_impl.softmax(t, -1)[0, 0])(x)
    triton_impl.softmax(x, -1, dtype=torch.float64)  # dtype=: the general path, not kept
    triton_impl.softmax(x, torch.tensor(-1))  # a tensor dim: likewise
    assert not ops._PLAIN_CALLS


def test_the_memory_is_bounded(device, monkeypatch):
    monkeypatch.setattr(ops, "CALLS_KEPT", 3)
    for n in range(1, 8):
        triton_impl.softmax(torch.randn(2, n, device=device), -1)
        assert 1 <= len(ops._PLAIN_CALLS) <= 3


def test_a_sparse_input_is_refused_by_the_checks_not_by_the_key(device):
    """A sparse tensor has no strides: it takes the general path, whose checks name the problem
    (its layout, first)."""
    with pytest.raises(TypeError, match="sparse_csr tensor.*to_dense"):
        triton_impl.softmax(torch.arange(20).reshape(4, 5).to_sparse_csr(), -1)
    with pytest.raises(TypeError, match="sparse_csr tensor.*to_dense"):
        triton_impl.softmax(torch.randn(4, 5).to_sparse_csr(), 5)


def test_a_remembered_call_does_not_outlive_its_test(device):
    """conftest's autouse fixture empties the memory before each test (test_triton_kernels
    monkeypatches what the checks read, and must meet no call remembered before it)."""
    assert not ops._PLAIN_CALLS
    triton_impl.softmax(torch.randn(2, 3, device=device), -1)
    assert ops._PLAIN_CALLS


def _poisoned_block_next(shape, device, dtype=torch.float32):
    """Free a NaN-filled block of ``shape``: torch's caching allocator hands it to the next
    allocation of that size, so an output the kernel never wrote shows as NaN."""
    torch.full(shape, float("nan"), device=device, dtype=dtype)


def test_under_the_interpreter_a_remembered_call_keeps_no_relaunch():
    if not kernels_interpreted():
        pytest.skip("compiled kernels: the GPU tests below cover the relaunch")
    triton_impl.softmax(torch.randn(3, 10), -1)
    (remembered,) = ops._PLAIN_CALLS.values()
    relaunch = remembered.relaunch
    assert relaunch is None


class _StandInCompiled:
    """What ``launch.direct_launcher`` reads of Triton's compiled kernel, with a C launch that
    records its arguments."""

    def __init__(self, scratch=0, num_ctas=1):
        self.calls = []
        self.function, self.packed_metadata = "function", "metadata"
        self.run = type("CudaLauncher", (), dict(
            global_scratch_size=scratch, profile_scratch_size=0, num_ctas=num_ctas,
            launch_cooperative_grid=False, launch_pdl=False,
            launch=staticmethod(lambda *arguments: self.calls.append(arguments))))()

    def __getitem__(self, grid):
        return lambda *arguments: self.calls.append(("runner", grid, *arguments))


def test_a_direct_launch_passes_what_tritons_launcher_would(monkeypatch):
    """Triton 3.6's ``CompiledKernel[grid](*args)`` calls its C launch as (grid, stream, function,
    cooperative, pdl, global scratch, profile scratch, packed metadata, launch metadata, enter
    hook, exit hook, *args); ``direct_launcher`` passes the same, the stream the current one of
    the device, and takes Triton's own launcher where a kernel needs scratch memory, runs
    clusters, or the Triton is another release or parses its launch otherwise."""
    from triton_impl import launch

    monkeypatch.setattr(launch, "current_raw_stream", lambda device: 1000 + device)
    monkeypatch.setattr(launch.triton, "__version__", "3.6.0")
    monkeypatch.setattr(launch, "_launch_format", lambda: launch.DIRECT_LAUNCH_FORMAT)
    compiled = _StandInCompiled()
    launcher, direct = launch.direct_launcher(compiled, (4, 1, 1), 2)
    launcher("x", "y", 7)
    assert direct and compiled.calls == [(4, 1, 1, 1002, "function", False, False, None, None,
                                          "metadata", None, None, None, "x", "y", 7)]
    for compiled, version, form in [(_StandInCompiled(scratch=64), "3.6.0", "iiiKKppOOOOOO"),
                                    (_StandInCompiled(num_ctas=2), "3.6.0", "iiiKKppOOOOOO"),
                                    (_StandInCompiled(), "3.7.0", "iiiKKppOOOOOO"),
                                    (_StandInCompiled(), "3.6.0", "iiiKKpOOOOOO")]:
        monkeypatch.setattr(launch.triton, "__version__", version)
        monkeypatch.setattr(launch, "_launch_format", lambda: form)
        launcher, direct = launch.direct_launcher(compiled, (4, 1, 1), 2)
        launcher("x")
        assert not direct and compiled.calls == [("runner", (4, 1, 1), "x")]


needs_gpu = pytest.mark.skipif(not torch.cuda.is_available() or kernels_interpreted(),
                               reason="the relaunch is of compiled kernels, on a GPU")


@needs_gpu
@pytest.mark.parametrize("make, rows_are_x", [
    (lambda: torch.randn(8, 256, device="cuda"), True),
    (lambda: torch.randn(1, 1000, device="cuda"), True),
    (lambda: torch.randn(64, 4224, device="cuda"), True),
    (lambda: torch.randn(3, 7, 130, device="cuda"), True),
    (lambda: torch.randn(40, 9, device="cuda").t(), False),  # its rows are copied first
    (lambda: torch.randn(1, 300, device="cuda").expand(5, 300), True),  # row stride 0
    (lambda: torch.randn(6, 1, device="cuda"), True),  # N = 1, an integer Triton makes a constant
], ids=["8x256", "1x1000", "64x4224", "3x7x130", "transposed", "expanded", "N=1"])
@pytest.mark.parametrize("op", [triton_impl.softmax, triton_impl.log_softmax])
def test_a_repeated_call_relaunches_the_compiled_kernel(make, rows_are_x, op, monkeypatch):
    from triton_impl import launch

    op(make(), -1)
    (remembered,) = ops._PLAIN_CALLS.values()
    relaunch = remembered.relaunch
    assert relaunch is not None and remembered.rows_are_operands == rows_are_x
    assert relaunch.direct == triton.__version__.startswith(launch.DIRECT_LAUNCH_TRITON)
    built = []
    monkeypatch.setattr(launch, "launches", lambda *a: built.append(a) or [])
    expected = torch.softmax if op is triton_impl.softmax else torch.log_softmax
    for _ in range(3):
        x = make()  # new values, the first call's layout (x * 5 would not keep an expansion's)
        assert x.stride() == next(iter(ops._PLAIN_CALLS))[1]
        _poisoned_block_next(x.shape, "cuda")
        before = launch.LAUNCHES["single_block_forward"]
        y = op(x, -1)
        assert launch.LAUNCHES["single_block_forward"] == before + 1
        torch.testing.assert_close(y, expected(x, -1))
    assert not built, "a remembered call went through the launch table"


@needs_gpu
@pytest.mark.parametrize("N", [256, 1 << 17], ids=["single_block", "cooperative"])
def test_a_negated_view_of_a_remembered_layout_is_relaunched_on_its_values(N, monkeypatch):
    """A negated view (``torch._neg_view``: its memory holds -x) has the key of the plain
    tensor it views: after a plain call whose rows are its input itself
    (``rows_are_operands``), the relaunch still resolves it first, and the other way round."""
    from triton_impl import launch

    built, table = [], launch.launches
    monkeypatch.setattr(launch, "launches", lambda *a: built.append(a) or table(*a))
    for negated_first in (False, True):
        ops._PLAIN_CALLS.clear()
        for call, negated in enumerate((negated_first, not negated_first, negated_first)):
            x = torch.randn(4, N, device="cuda")
            given = torch._neg_view(-x) if negated else x
            _poisoned_block_next((4, N), "cuda")
            built.clear()
            torch.testing.assert_close(triton_impl.softmax(given, -1), torch.softmax(x, -1))
            assert bool(built) == (call == 0), "a repeated call went through the launch table"
        (remembered,) = ops._PLAIN_CALLS.values()
        assert remembered.relaunch is not None and remembered.rows_are_operands != negated_first


@needs_gpu
def test_a_relaunch_meets_only_the_alignment_it_was_compiled_for():
    """Two views of one shape and strides, 16-byte aligned and not: Triton compiles each
    alignment apart, and the relaunch of one must never run the other's."""
    base = torch.randn(8, 300, device="cuda")
    for first, second in [(0, 1), (1, 0), (1, 5)]:
        ops._PLAIN_CALLS.clear()
        for start in (first, second, first, second):
            x = base[:, start:start + 256]
            _poisoned_block_next((8, 256), "cuda")
            torch.testing.assert_close(triton_impl.softmax(x, -1), torch.softmax(x, -1))
            torch.testing.assert_close(triton_impl.log_softmax(x, -1), torch.log_softmax(x, -1))


def _wide(M, N, dtype, seed):
    torch.manual_seed(seed)
    return (torch.randn(M, N, device="cuda", dtype=torch.float64) * 4).to(dtype)


def _check_wide(y, x, log=False):
    from reference.tolerance import assert_close

    expected = (torch.log_softmax if log else torch.softmax)(x.double(), -1)
    assert_close(y, expected, dtype=x.dtype, kind="log_softmax" if log else "softmax")


@needs_gpu
@pytest.mark.parametrize("dtype, N", [(torch.float32, 65536), (torch.bfloat16, 262144),
                                      (torch.float32, 100001), (torch.float16, 1 << 20)],
                         ids=["float32-65536", "bfloat16-262144", "float32-odd", "float16-1M"])
@pytest.mark.parametrize("op", [triton_impl.softmax, triton_impl.log_softmax])
def test_a_repeated_cooperative_call_relaunches_on_its_threads_kept_words(dtype, N, op,
                                                                          monkeypatch):
    """A cooperative plan's relaunch leases its exchange words each call: the thread's kept
    buffer, one launch on it a call (``exchange_buffer``), every output right."""
    from triton_impl import exchange_buffer, launch

    log = op is triton_impl.log_softmax
    x = _wide(3, N, dtype, 0)
    assert triton_impl.plan(x).kernel == "cooperative"
    op(x, -1)
    (remembered,) = ops._PLAIN_CALLS.values()
    relaunch = remembered.relaunch
    assert relaunch is not None and relaunch.cooperative
    halves = exchange_buffer._kept()[(0, torch.cuda.current_stream().cuda_stream)]
    built = []
    monkeypatch.setattr(launch, "launches", lambda *a: built.append(a) or [])
    for seed in range(1, 4):
        x = _wide(3, N, dtype, seed)
        _poisoned_block_next(x.shape, "cuda", dtype)
        launched, generation = launch.LAUNCHES["cooperative_forward"], halves.generation
        y = op(x, -1)
        assert launch.LAUNCHES["cooperative_forward"] == launched + 1
        assert halves.generation == generation + 1
        _check_wide(y, x, log)
    assert not built, "a remembered call went through the launch table"


@needs_gpu
def test_a_cooperative_relaunch_meets_only_the_alignment_it_was_compiled_for():
    """16-bit rows read as 32-bit words where they start on a word (``launch._word_aligned``),
    as 16-byte vectors where every row starts on 16 bytes: views of one shape and strides at
    2, 4 and 16 bytes from the base plan and compile apart, and no call may take another's,
    whichever is called first (the first call of a shape makes its relaunch)."""
    N = 65536
    base = _wide(2, N + 64, torch.bfloat16, 0)
    for first, second in [(0, 1), (2, 1), (1, 2), (0, 2), (8, 2), (2, 8), (8, 0)]:
        ops._PLAIN_CALLS.clear()
        for start in (first, second, first, second):
            x = base[:, start:start + N]
            assert triton_impl.plan(x).kernel == "cooperative"
            _poisoned_block_next((2, N), "cuda", torch.bfloat16)
            _check_wide(triton_impl.softmax(x, -1), x)


@needs_gpu
@pytest.mark.parametrize("N", [64, 1 << 18], ids=["single_block", "cooperative"])
def test_a_relaunch_that_fails_turns_relaunching_off(monkeypatch, N):
    from triton_impl import launch

    x = _wide(4, N, torch.float32, 0)
    triton_impl.softmax(x, -1)
    (remembered,) = ops._PLAIN_CALLS.values()
    relaunch = remembered.relaunch
    assert relaunch is not None and relaunch.cooperative == (N > 64)

    def launcher_of_another_triton(*args):
        raise TypeError("function takes exactly 12 arguments")

    monkeypatch.setattr(relaunch, "launcher", launcher_of_another_triton)
    monkeypatch.setattr(launch, "RELAUNCH_WORKS", True)
    _poisoned_block_next((4, N), "cuda")
    _check_wide(triton_impl.softmax(x, -1), x)
    assert launch.RELAUNCH_WORKS is False


@needs_gpu
def test_with_a_launch_hook_a_remembered_call_takes_tritons_launch():
    """Triton's launch hooks (profilers) see every launch: a relaunch would run them too, but an
    error of theirs must not read as the launcher's, so with a hook set Triton launches."""
    from triton import knobs

    x = torch.randn(4, 64, device="cuda")
    triton_impl.softmax(x, -1)
    seen = []

    def hook(metadata):
        seen.append(metadata)

    knobs.runtime.launch_enter_hook.add(hook)
    try:
        torch.testing.assert_close(triton_impl.softmax(x, -1), torch.softmax(x, -1))
    finally:
        knobs.runtime.launch_enter_hook.remove(hook)
    assert len(seen) == 1


@pytest.mark.skipif(not torch.cuda.is_available() or torch.cuda.device_count() < 2
                    or kernels_interpreted(), reason="needs two GPUs")
@pytest.mark.parametrize("N", [500, 1 << 18], ids=["single_block", "cooperative"])
def test_a_tensor_off_the_current_device_runs_on_its_own(N):
    """A cooperative launch off the current device leases words on that device's stream."""
    from triton_impl import exchange_buffer

    x = torch.randn(16, N, device="cuda:1")
    assert torch.cuda.current_device() == 0
    for _ in range(3):  # the first call, then remembered ones
        _poisoned_block_next(x.shape, x.device)
        torch.testing.assert_close(triton_impl.softmax(x, -1), torch.softmax(x, -1))
        torch.testing.assert_close(triton_impl.softmax(x, -1, kernel="online", block_n=128),
                                   torch.softmax(x, -1))
    with torch.cuda.device(1):
        for _ in range(2):
            torch.testing.assert_close(triton_impl.softmax(x, -1), torch.softmax(x, -1))
    if N > 500:
        assert (1, torch.cuda.current_stream(1).cuda_stream) in exchange_buffer._kept()
