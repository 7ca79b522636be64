"""The cooperative kernels: exchange and helping under the interpreter, no hang on a GPU.

Under the interpreter programs run one after another, so the first program of a row finds its
peers' words missing and, its patience being one poll (``policy``), computes them itself: these
tests run the publish, help, merge and write steps with several programs a row and many slots
(small forced blocks). On a GPU, ``test_no_hang_far_past_residency`` forces several programs a
row with far more programs than fit on the GPU at once, in a subprocess with a time limit, so
that a hang fails instead of blocking the suite, and
``test_impatient_programs_agree_with_their_peers`` makes every program help as soon as a word is
missing, so that helpers and owners race to publish the same words.
"""

import dataclasses
import os
import subprocess
import sys
import textwrap

import pytest
import torch

import triton_impl
from reference.dtypes import format_of
from checks import assert_grad_close
from reference.tolerance import assert_close, grad_scale
from triton_impl import dispatch, launch, policy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16, torch.float16])
@pytest.mark.parametrize("log", [False, True])
@pytest.mark.parametrize("M,N,block_n", [(3, 100, 16), (2, 257, 32), (1, 8, 8)])
def test_forward_and_backward_with_many_slots(device, dtype, log, M, N, block_n):
    torch.manual_seed(M * N + block_n)
    x = (torch.randn(M, N, dtype=torch.float64) * 4).to(dtype).to(device)
    x[0, :: max(N // 5, 1)] = -float("inf")  # masked entries add nothing
    options = dict(kernel="cooperative", block_n=block_n)
    plan = triton_impl.plan(x, **options)
    assert plan.kernel == "cooperative" and plan.splits * plan.blocks_per_program >= N // block_n
    assert plan.splits > 1 or N <= block_n  # several programs a row: the first one helps
    before = launch.LAUNCHES["cooperative_forward"]
    y = (triton_impl.log_softmax if log else triton_impl.softmax)(x, -1, **options)
    assert launch.LAUNCHES["cooperative_forward"] == before + 1
    exact = torch.log_softmax(x.double(), -1) if log else torch.softmax(x.double(), -1)
    assert_close(y, exact, dtype=dtype, kind="log_softmax" if log else "softmax")
    dy = (torch.randn(M, N, dtype=torch.float64)).to(dtype).to(device)
    dx = triton_impl.softmax_backward_data(y, dy, -1, log=log, **options)
    assert_grad_close(dx, y, dy, dtype, log)


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
def test_sixteen_bit_forward_holds_words_only_where_rows_read_as_words(device, dtype):
    """A 16-bit forward holds its block as 32-bit words (``Plan.paired``) when N is a multiple of
    a 16-byte vector and every row starts 4-byte aligned, under its own register cap, or when N
    is not (odd, or even: ``policy.reads_in_window``) and the rows are read through a window
    from 16-byte boundaries (one row stride, 16-byte aligned tensors:
    ``launch.window_elements``), under the window's cap
    (``COOPERATIVE_WINDOW_PAIRED_MAX_REGISTERS``), or from their own starts where they are
    4-byte aligned but cannot take the window (uncapped: they load narrower than 16 bytes);
    otherwise its block as loaded, with the compiler's choice of registers (rows that are not
    4-byte aligned are not read in 16-byte vectors either: ``policy.for_rows``). All give softmax
    (the interpreter runs the words' Triton form)."""
    M, N = 3, 40
    base = (torch.randn(M * N + 1, dtype=torch.float64) * 4).to(dtype).to(device)
    cases = {"aligned": (base[:M * N].view(M, N), True, 0),
             "two bytes off": (base[1:].view(M, N), False, 0),
             "odd row stride": (base[:M * (N - 1)].view(M, N - 1)[:, : N - 2], False, 0),
             "odd N": (base[:M * (N - 1)].view(M, N - 1), True, 8),
             "even N past vectors": (base[:M * (N - 2)].view(M, N - 2), True, 8),
             "even N past vectors, two row strides": (
                 base[:M * N].view(M, N)[:, :N - 2], True, 0),
             "odd N two bytes off": (base[1:M * (N - 1) + 1].view(M, N - 1), False, 0),
             "odd N one row four bytes off": (base[2:N + 1].view(1, N - 1), False, 0)}
    for name, (x, paired, window) in cases.items():
        plan = triton_impl.plan(x, kernel="cooperative", block_n=16)
        assert plan.paired, name
        words_cap = policy.COOPERATIVE_PAIRED_MAX_REGISTERS[format_of(dtype).name]
        assert plan.max_registers == (policy.COOPERATIVE_WINDOW_PAIRED_MAX_REGISTERS
                                      if x.shape[1] % 8 else words_cap), name
        (record,) = launch.launches(plan, (x, torch.empty_like(x)), log=False)
        assert record.constexprs["PAIRED"] == paired, name
        assert record.constexprs["WINDOW"] == window, name
        in_vectors = window or x.shape[1] % 8 == 0  # else uncapped (``policy.for_rows``)
        assert record.max_registers == (plan.max_registers if paired and in_vectors else 0), name
        y = triton_impl.softmax(x, -1, kernel="cooperative", block_n=16)
        assert_close(y, torch.softmax(x.double(), -1), dtype=dtype, kind="softmax")


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
def test_sixteen_bit_forward_blocks_of_one_column_hold_it_as_loaded(device, dtype):
    """A block of one column holds no 32-bit word of two values: the 16-bit forward of such
    blocks (N = 1, whose block is its power of two, or block_n=1 forced) holds it as loaded,
    not as words (it failed inside the kernel, a tile of no words), and gives softmax, through
    a window (odd N) or not, log-softmax too."""
    for N, block_n in ((1, None), (1, 1), (2, 1), (5, 1), (2, 2)):
        x = (torch.randn(6, N, dtype=torch.float64) * 4).to(dtype).to(device)
        plan = triton_impl.plan(x, kernel="cooperative", block_n=block_n)
        assert plan.paired == (plan.block_n >= 2), (N, block_n)
        for op, kind in ((triton_impl.softmax, "softmax"), (triton_impl.log_softmax,
                                                            "log_softmax")):
            y = op(x, -1, kernel="cooperative", block_n=block_n)
            exact = getattr(torch, kind)(x.double(), -1)
            assert_close(y, exact, dtype=dtype, kind=kind)


@pytest.mark.parametrize("backward", [False, True], ids=["forward", "backward"])
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16], ids=str)
def test_register_caps_hold_only_for_rows_read_in_whole_vectors(device, dtype, backward):
    """The caps of ``policy.COOPERATIVE_PLAN`` were measured on rows read in 16-byte vectors: a
    launch keeps a plan's cap where N, the row strides and the rows' starts allow them, or where
    the rows are read in them through a window (``launch.window_elements``: rows that are not whole
    vectors), and compiles uncapped elsewhere (``policy.for_rows``), right either way."""
    base = (torch.randn(4 * 48 + 8, dtype=torch.float64) * 4).to(dtype).to(device)
    vector = 16 // base.element_size()
    cases = {"whole vectors": (base[:4 * 48].view(4, 48), True, 0),
             "N of 4": (base[:4 * 44].view(4, 44), True,
                        0 if dtype == torch.float32 else vector),
             "N of 2": (base[:4 * 46].view(4, 46), True, vector),
             "one element off": (base[1:4 * 48 + 1].view(4, 48), False, 0)}
    for name, (x, capped, window) in cases.items():
        plan = triton_impl.plan(x, kernel="cooperative", block_n=16, backward=backward)
        rows = (x, x.clone(), torch.empty_like(x)) if backward else (x, torch.empty_like(x))
        (record,) = launch.launches(plan, rows, log=False)
        assert record.constexprs["WINDOW"] == window, name
        assert record.max_registers == (plan.max_registers if capped else 0), name
        y = triton_impl.softmax(x, -1, kernel="cooperative", block_n=16)
        assert_close(y, torch.softmax(x.double(), -1), dtype=dtype, kind="softmax")


def test_default_plan_for_wide_rows_is_cooperative(device):
    plan = triton_impl.make_plan(4, 70000, torch.float32, device)
    assert plan.kernel == "cooperative"
    back = triton_impl.make_plan(4, 20000, torch.float32, device, backward=True)
    assert back.kernel == "cooperative"


def test_gpu_plans_keep_a_row_resident():
    """Every default cooperative plan has at most one program a row per SM, so that a row's
    programs are resident at once and none waits out its patience (kernels/cooperative.py)."""
    gpu = policy.DeviceDescription("a 132-SM GPU", 132)
    for N in (32769, 65536, 262144, 1 << 20, 1 << 22, 1 << 24):
        for M in (1, 7, 128, 4096):
            for backward in (False, True):
                plan = policy.choose(M, N, "float32", gpu, backward=backward)
                assert plan.kernel == "cooperative"
                assert plan.splits <= gpu.sm_count
                assert plan.splits * plan.chunk >= N > (plan.splits - 1) * plan.chunk
    with pytest.raises(ValueError, match="at most 132"):
        policy.choose(8, 1 << 20, "float32", gpu, forcing=policy.Forcing("cooperative", 4096, 133))


def test_words_form_is_capped_by_its_dtype():
    gpu = policy.DeviceDescription("a 132-SM GPU", 132)
    for dtype, cap in policy.COOPERATIVE_PAIRED_MAX_REGISTERS.items():
        plan = policy.choose(2048, 65536, dtype, gpu)
        assert plan.paired and plan.max_registers == cap, plan
        assert policy.for_rows(plan, words=True, vectors=True) == plan
        unpaired = policy.for_rows(plan, words=False, vectors=False)
        assert not unpaired.paired and unpaired.max_registers == 0, unpaired
        backward = policy.choose(2048, 65536, dtype, gpu, backward=True)
        assert backward.max_registers == policy.COOPERATIVE_PLAN[2, True][2], backward
    assert set(policy.COOPERATIVE_PAIRED_MAX_REGISTERS) == {"bfloat16", "float16"}


def test_many_blocks_a_program_take_the_measured_warps():
    """From ``COOPERATIVE_SEVERAL_BLOCKS_FROM`` blocks a program (N = 4M on 132 SMs) the 16-bit
    backward holds ``COOPERATIVE_SEVERAL_BLOCKS_VALUES`` a thread (16 warps for 8192 columns),
    and float32 takes the wider blocks of ``COOPERATIVE_WIDE_ROW_PLAN`` (its own test, below);
    fewer blocks, and the 16-bit forward, keep the warps they had: the
    backward half its values a thread wherever a program has several blocks. The backward
    takes a cap there: of two or three blocks, of float32, bfloat16 and float16
    (``COOPERATIVE_FEW_BLOCKS_MAX_REGISTERS``, set by blocks a program); of four or more,
    float16's (``COOPERATIVE_SEVERAL_BLOCKS_MAX_REGISTERS``). Of the forwards only the 16-bit
    one of two blocks, read as words (``COOPERATIVE_PAIRED_OTHERS_BLOCKS``)."""
    assert set(policy.COOPERATIVE_SEVERAL_BLOCKS_VALUES) == {
        ("float32", False), ("float32", True), ("bfloat16", True), ("float16", True)}
    assert policy.COOPERATIVE_SEVERAL_BLOCKS_FROM == 4
    caps = {("float32", 2): 128, ("float32", 3): 128, ("bfloat16", 2): 64, ("bfloat16", 3): 80,
            ("float16", 2): 80, ("float16", 3): 80}
    forward_caps = {("bfloat16", 2): 80, ("float16", 2): 80}
    assert policy.COOPERATIVE_FEW_BLOCKS_MAX_REGISTERS == {
        **{(dtype, True, blocks): cap for (dtype, blocks), cap in caps.items()},
        **{(dtype, False, blocks): cap for (dtype, blocks), cap in forward_caps.items()}}
    assert policy.COOPERATIVE_SEVERAL_BLOCKS_MAX_REGISTERS == {("float16", True): 64}
    caps.update({("float16", blocks): 64 for blocks in (4, 8)})
    gpu = policy.DeviceDescription("a 132-SM GPU", 132)
    for M in (1, 8, 128):
        for dtype in ("float32", "bfloat16", "float16", "float64"):
            for backward in (False, True):
                default_block, default_warps, _ = policy.COOPERATIVE_PLAN[
                    format_of(dtype).itemsize, backward]
                for N in (1 << 21, 3 << 20, 1 << 22, 1 << 23):  # 2 to 8 blocks of 8192
                    blocks = policy.cdiv(policy.cdiv(N, gpu.sm_count), default_block)
                    plan = policy.choose(M, N, dtype, gpu, backward=backward)
                    if dtype == "float32" and blocks >= policy.COOPERATIVE_SEVERAL_BLOCKS_FROM:
                        continue
                    assert (plan.kernel, plan.block_n, plan.blocks_per_program) == (
                        "cooperative", default_block, blocks), plan
                    values = policy.COOPERATIVE_SEVERAL_BLOCKS_VALUES.get((dtype, backward))
                    if values and blocks >= policy.COOPERATIVE_SEVERAL_BLOCKS_FROM:
                        assert plan.num_warps * 32 * values == plan.block_n == 8192, plan
                        assert not plan.hold_last, plan
                        assert plan.num_warps == 16
                    else:
                        assert plan.num_warps == default_warps * (2 if backward else 1), plan
                    cap = (caps if backward else forward_caps).get((dtype, blocks), 0)
                    assert plan.max_registers == cap, plan


def test_programs_of_two_blocks_prefetch_the_second():
    """``Plan.prefetch`` exactly where a cooperative program holds
    ``COOPERATIVE_PREFETCHED_BLOCKS`` blocks, for the timed dtypes (float32, bfloat16), and for
    forced plans alike: a forced block or split count that gives two blocks a program
    prefetches, unless its block is narrower than the line a prefetch asks for; not the two
    wide blocks of ``COOPERATIVE_WIDE_ROW_PLAN`` (float32 at N = 4M), where it lost."""
    assert policy.COOPERATIVE_PREFETCHED_BLOCKS == 2
    assert policy.COOPERATIVE_PREFETCHED_DTYPES == ("float32", "bfloat16")
    gpu = policy.DeviceDescription("a 132-SM GPU", 132)
    prefetching = 0
    for M in (1, 64):
        for dtype in ("float32", "bfloat16", "float16", "float64"):
            for backward in (False, True):
                for N in (1 << 20, 1 << 21, 3 << 20, 1 << 22):  # 1 to 4 blocks of 8192
                    plan = policy.choose(M, N, dtype, gpu, backward=backward)
                    assert plan.kernel == "cooperative", plan
                    expected = (plan.blocks_per_program == 2 and dtype in ("float32", "bfloat16")
                                and plan.block_n == policy.COOPERATIVE_PLAN[
                                    format_of(dtype).itemsize, backward][0])
                    assert plan.prefetch == expected, plan
                    assert (plan.block_n == 16384) == (dtype == "float32" and N == 1 << 22)
                    prefetching += plan.prefetch
    assert prefetching == 2 * 2 * 2, "N = 2M: two rows counts, two dtypes, two directions"
    forced = policy.choose(4, 1 << 16, "float32", gpu,
                           forcing=policy.Forcing("cooperative", 4096, 8))
    assert forced.blocks_per_program == 2 and forced.prefetch, forced
    assert "its other blocks prefetched" in forced.describe()
    narrow = policy.choose(1, 64, "float32", gpu, forcing=policy.Forcing("cooperative", 16, 2))
    assert narrow.blocks_per_program == 2 and not narrow.prefetch, narrow


def test_patience_is_one_poll_only_under_the_interpreter():
    interpreter = policy.DeviceDescription("interpreter", 4, interpreted=True)
    gpu = policy.DeviceDescription("a 132-SM GPU", 132)
    run_alone = policy.choose(2, 100, "float32", interpreter, forcing=policy.Forcing("cooperative", 16))
    assert run_alone.splits == 4 and run_alone.patience == 1
    on_gpu = policy.choose(2, 1 << 20, "float32", gpu, forcing=policy.Forcing("cooperative"))
    assert on_gpu.patience == policy.COOPERATIVE_PATIENCE > 1000


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU: programs run at once")
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_impatient_programs_agree_with_their_peers(dtype):
    """Patience 1: a program helps as soon as one of its row's words is missing, so that many
    words are published by a helper and by their own program at once. Every program must still
    merge the same words: equal inputs in different blocks give equal outputs, exactly."""
    torch.manual_seed(1)
    M, N, block = 512, 65536, 4096
    x = (torch.randn(M, N, device="cuda", dtype=torch.float64) * 3).to(dtype)
    x[:, 5::block] = x[:, 5:6]  # one value repeated in every block of its row
    plan = triton_impl.plan(x, kernel="cooperative", block_n=block)
    impatient = dataclasses.replace(plan, patience=1)
    assert impatient.splits == N // block
    y = torch.full_like(x, float("nan"))
    launch.softmax_rows(impatient, x, y, log=False)
    assert_close(y, torch.softmax(x.double(), -1), dtype=dtype, kind="softmax")
    ties = y[:, 5::block]
    assert torch.equal(ties, ties[:, :1].expand_as(ties))
    dy = torch.randn_like(x)
    dx = torch.full_like(x, float("nan"))
    launch.softmax_backward_rows(impatient, y, dy, dx, log=False)
    y64, dy64 = y.double(), dy.double()
    assert_close(dx, y64 * (dy64 - (dy64 * y64).sum(-1, keepdim=True)), dtype=dtype, kind="grad",
                 scale=grad_scale(y, dy, log=False))


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU: programs run at once")
@pytest.mark.parametrize("dtype, backward, N, M", [(torch.float32, False, 8 << 20, 16),
                                                   (torch.float32, True, 4 << 20, 64),
                                                   (torch.bfloat16, True, 8 << 20, 16)],
                         ids=["float32-forward-8M", "float32-backward-4M", "bfloat16-backward-8M"])
def test_rows_of_more_programs_than_fit_at_once_are_right_every_time(dtype, backward, N, M):
    """One block a program (the plan of N = 1M) for rows of 512-1024 blocks, more programs a row
    than a 132-SM GPU holds at once (5 an SM forward, 3 float32 backward, 5 bfloat16), so that
    the first programs of every row give up waiting and help, while their peers start and
    publish. Each launch is checked: with the helpers' decision a scalar load per thread, every
    one of 12 such launches on an H200 was wrong (results/h200/one_block_wide_2026-11-23/)."""
    sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
    import checking
    template = dispatch.make_plan(M, 1 << 20, dtype, "cuda", backward=backward)
    programs = N // template.block_n
    plan = dataclasses.replace(template, splits=programs, chunk=template.block_n,
                               grid=(M * programs,))
    torch.manual_seed(0)
    x = torch.randn(M, N, device="cuda", dtype=dtype) * 3
    y = torch.softmax(x.float(), -1).to(dtype)
    dy = torch.randn_like(x) if backward else None
    out = torch.empty_like(x)
    for _ in range(2):
        out.fill_(float("nan"))
        if backward:
            launch.softmax_backward_rows(plan, y, dy, out, False)
            checking.check_backward(out, y, dy)
        else:
            launch.softmax_rows(plan, x, out, False)
            checking.check_forward(out, x)


STRESS = textwrap.dedent("""
    import torch, triton_impl
    torch.manual_seed(0)
    for dtype, M, N, block in [(torch.float32, 60000, 16384, 2048), (torch.bfloat16, 3000, 300000, 4096)]:
        x = torch.randn(M, N, device="cuda", dtype=dtype)
        y = triton_impl.softmax(x, -1, kernel="cooperative", block_n=block)
        plan = triton_impl.plan(x, kernel="cooperative", block_n=block)
        assert plan.splits > 1 and plan.grid[0] > 100 * torch.cuda.get_device_properties(0).multi_processor_count
        dy = torch.randn_like(x)
        dx = triton_impl.softmax_backward_data(y, dy, -1, kernel="cooperative", block_n=block)
        for first in range(0, M, 1024):  # float64 copies of a few rows at once: the GPU is shared
            rows = slice(first, first + 1024)
            err = (y[rows].double() - torch.softmax(x[rows].double(), -1)).abs().max().item()
            assert err < 1e-2, (first, err)
            ref = torch._softmax_backward_data(dy[rows].double(), y[rows].double(), 1,
                                               torch.float64)
            worst = (dx[rows].double() - ref).abs().max().item()
            assert worst < 1e-2 * ref.abs().max().item(), (first, worst)
        del x, y, dy, dx
        torch.cuda.synchronize()
    print("ok")
""")


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU: the interpreter never waits")
def test_no_hang_far_past_residency():
    env = dict(os.environ, PYTHONPATH=ROOT)
    env.pop("TRITON_INTERPRET", None)
    try:
        done = subprocess.run([sys.executable, "-c", STRESS], env=env, capture_output=True,
                              text=True, timeout=240)
    except subprocess.TimeoutExpired:
        pytest.fail("cooperative launches far past residency did not finish in 240 s: a hang")
    assert done.returncode == 0 and "ok" in done.stdout, done.stderr[-3000:]


def test_float32_rows_of_several_blocks_take_the_wide_row_plan():
    """Where a float32 program would hold ``COOPERATIVE_SEVERAL_BLOCKS_FROM`` blocks of 8192 or
    more (N > 3 x 132 x 8192 on 132 SMs, a multiple of a vector), the policy takes the blocks of
    ``COOPERATIVE_WIDE_ROW_PLAN`` instead: 16384 columns, the forward in 16 warps holding its
    last block, the backward in 32 holding its first, both at 64 registers, no prefetch; its
    uncapped warps (rows not in whole vectors) those of the rule. A forced block, the other
    dtypes and narrower rows keep the plans before."""
    assert policy.COOPERATIVE_WIDE_ROW_PLAN == {("float32", False): (16384, 16, 64, True),
                                                ("float32", True): (16384, 32, 64, False)}
    gpu = policy.DeviceDescription("a 132-SM GPU", 132)
    edge = 3 * gpu.sm_count * 8192
    for backward in (False, True):
        warps, uncapped = (32, 16) if backward else (16, 8)
        for M, N, blocks in ((1, edge + 4, 2), (32, 1 << 22, 2), (128, 1 << 22, 2),
                             (16, 1 << 23, 4)):
            plan = policy.choose(M, N, "float32", gpu, backward=backward)
            assert (plan.kernel, plan.block_n, plan.blocks_per_program, plan.num_warps,
                    plan.max_registers, plan.hold_last, plan.prefetch, plan.uncapped_warps) == (
                "cooperative", 16384, blocks, warps, 64, not backward, False, uncapped), plan
            assert ("its last block held" in plan.describe()) == (not backward)
            loose = policy.for_rows(plan, words=False, vectors=False)
            assert (loose.num_warps, loose.max_registers, loose.hold_last) == (
                uncapped, 0, not backward), loose
        before = policy.choose(32, edge, "float32", gpu, backward=backward)
        assert (before.block_n, before.blocks_per_program, before.hold_last) == (8192, 3, False)
        forced = policy.choose(32, 1 << 22, "float32", gpu, backward=backward,
                               forcing=policy.Forcing("cooperative", 8192))
        assert (forced.block_n, forced.blocks_per_program, forced.num_warps,
                forced.hold_last) == (8192, 4, 16, False), forced
        for dtype in ("bfloat16", "float16", "float64"):
            other = policy.choose(32, 1 << 22, dtype, gpu, backward=backward)
            assert other.block_n <= 8192 and not other.hold_last, other
        # forced programs a row, a block the few rows halved, rows not of whole vectors: the
        # plans before, untimed with these blocks
        for M, N, splits in ((32, 1 << 22, 128), (1, 1 << 18, 8), (32, (1 << 22) + 1, None),
                             (32, (1 << 22) + 2, None)):
            forcing = policy.Forcing("cooperative", None, splits) if splits else policy.AUTO
            kept = policy.choose(M, N, "float32", gpu, backward=backward, forcing=forcing)
            assert kept.block_n <= 8192 and not kept.hold_last, kept


def test_sixteen_bit_forward_of_wide_rows_takes_the_wide_block_on_a_fast_dram():
    """On a Hopper GPU with a fast DRAM, a 16-bit forward of rows of whole vectors with more than
    ``FAST_DRAM_WIDE_BLOCK_FROM_BLOCKS`` blocks of 8192, one a program, and enough programs of
    the wider block an SM takes ``FAST_DRAM_WIDE_BLOCK_FORWARD``: 16384 columns held as words in
    4 warps at 96 registers, on rows not in whole vectors 4 warps uncapped. The backward,
    float32, the H100, another GPU generation, narrower or wider rows, few rows, rows past
    vectors and forced plans keep the plans before."""
    assert policy.FAST_DRAM_WIDE_BLOCK_FORWARD == {2: (16384, 4, 96, False)}
    h200 = policy.DeviceDescription("H200", 132, dram_gbs=4800, capability=9)
    h100 = policy.DeviceDescription("H100", 132, dram_gbs=3350, capability=9)
    later = policy.DeviceDescription("a later GPU", 132, dram_gbs=8000, capability=10)
    for dtype in ("bfloat16", "float16"):
        for M, N, programs in ((1023, 131080, 9), (512, 1 << 18, 16), (128, 1 << 20, 64),
                               (33, 1 << 20, 64), (9, 1 << 20, 64), (124, 132 * 8192, 66),
                               (8, 132 * 8192, 66)):  # 8 x 66: four programs an SM exactly
            plan = policy.choose(M, N, dtype, h200)
            assert (plan.kernel, plan.block_n, plan.splits, plan.blocks_per_program,
                    plan.num_warps, plan.max_registers, plan.paired, plan.uncapped_warps,
                    plan.hold_last, plan.prefetch) == (
                "cooperative", 16384, programs, 1, 4, 96, True, 0, False, False), plan
            loose = policy.for_rows(plan, words=False, vectors=False)
            assert (loose.num_warps, loose.max_registers, loose.paired) == (4, 0, False), loose
            words = policy.for_rows(plan, words=True, vectors=False)
            assert (words.num_warps, words.max_registers, words.paired) == (4, 0, True), words
        kept = [policy.choose(512, 1 << 18, dtype, h100),  # a slower DRAM
                policy.choose(512, 1 << 18, dtype, later),
                policy.choose(1024, 1 << 17, dtype, h200),  # 16 blocks of 8192
                policy.choose(2048, 1 << 16, dtype, h200),
                policy.choose(7, 1 << 20, dtype, h200),  # 448 programs of 16384
                policy.choose(124, 132 * 8192 + 8, dtype, h200),  # two blocks a program
                policy.choose(512, (1 << 18) - 1, dtype, h200),  # through the window
                policy.choose(512, (1 << 18) + 2, dtype, h200),
                policy.choose(512, (1 << 18) + 4, dtype, h200),  # N % 8 == 4
                policy.choose(512, 1 << 18, dtype, h200, backward=True),
                policy.choose(512, 1 << 18, dtype, h200,
                              forcing=policy.Forcing("cooperative", 8192)),
                policy.choose(512, 1 << 18, dtype, h200,
                              forcing=policy.Forcing("cooperative", None, 16))]
        for plan in kept:
            assert plan.kernel == "cooperative" and plan.block_n <= 8192, plan
            assert plan.uncapped_warps == 0, plan
        assert policy.choose(8, 1 << 20, dtype, h200).block_n == 8192  # 512 programs of 16384
    assert policy.choose(512, 1 << 18, "float32", h200).block_n == 8192


def test_only_a_cooperative_forward_holds_its_last_block():
    """``Plan.hold_last`` is refused with a prefetch or outside the cooperative kernel, and a
    backward launch refuses it: the kernel would fail deep in Triton, or ignore it."""
    gpu = policy.DeviceDescription("a 132-SM GPU", 132)
    two = policy.choose(4, 1 << 16, "float32", gpu, forcing=policy.Forcing("cooperative", 4096, 8))
    assert two.prefetch
    with pytest.raises(ValueError, match="no prefetch"):
        dataclasses.replace(two, hold_last=True)
    single = policy.choose(4, 1024, "float32", gpu)
    with pytest.raises(ValueError, match="cooperative forward"):
        dataclasses.replace(single, hold_last=True)
    wide = policy.choose(1, 1 << 22, "float32", gpu)
    assert wide.hold_last
    rows = tuple(torch.empty((1, 1 << 22), device="meta") for _ in range(3))
    with pytest.raises(ValueError, match="the backward holds its first block"):
        launch.launches(wide, rows, log=False)


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
@pytest.mark.parametrize("log", [False, True])
@pytest.mark.parametrize("N", [100, 101])
def test_holding_the_last_block_changes_no_output_bit(device, dtype, log, N):
    """A cooperative forward program that holds its last block (``Plan.hold_last``) writes the
    same bits as one that holds its first: the same blocks, pairs and merge, only the order in
    which a program loads them and which one it keeps in registers. Three blocks a program (the
    last program's partial), rows read as words (bfloat16, N even) or not (N odd)."""
    torch.manual_seed(N)
    x = (torch.randn(2, N, dtype=torch.float64) * 4).to(dtype).to(device)
    x[1, ::7] = -float("inf")
    plan = triton_impl.plan(x, kernel="cooperative", block_n=16, splits=3)
    assert plan.blocks_per_program == 3 and not plan.hold_last, plan
    outputs = []
    for hold_last in (False, True):
        y = torch.full_like(x, float("nan"))
        launch.softmax_rows(dataclasses.replace(plan, hold_last=hold_last), x, y, log)
        outputs.append(y)
    held_first, held_last = outputs
    assert not held_last.isnan().any()
    assert torch.equal(held_last.view(torch.int16 if dtype == torch.bfloat16 else torch.int32),
                       held_first.view(torch.int16 if dtype == torch.bfloat16 else torch.int32))
    expected = (torch.log_softmax if log else torch.softmax)(x.double(), -1)
    assert_close(held_last.cpu(), expected.cpu(), dtype=dtype,
                 kind="log_softmax" if log else "softmax")


def test_paired_programs_of_two_or_three_blocks_read_every_block_as_words():
    """``Plan.paired_others`` exactly where a paired forward program holds one of
    ``COOPERATIVE_PAIRED_OTHERS_BLOCKS`` blocks (N = 2M and 3M on 132 SMs), capped at 80
    registers at two (``COOPERATIVE_FEW_BLOCKS_MAX_REGISTERS``) and uncapped at three; not at
    one block or four, not the backward or float32; rows of odd N too, read as words through a
    window, whose launch drops the cap (it spills there: ``launch.launches``); dropped with
    ``paired`` on rows not read as words."""
    assert policy.COOPERATIVE_PAIRED_OTHERS_BLOCKS == (2, 3)
    gpu = policy.DeviceDescription("a 132-SM GPU", 132)
    for dtype in ("bfloat16", "float16", "float32"):
        for backward in (False, True):
            for N in (1 << 20, 1 << 21, 3 << 20, 1 << 22, (1 << 21) + 1):
                plan = policy.choose(64, N, dtype, gpu, backward=backward)
                blocks = plan.blocks_per_program
                expected = dtype != "float32" and not backward and blocks in (2, 3)
                assert plan.paired_others == expected, plan
                if expected and N % 2:
                    rows = tuple(torch.empty((64, N), dtype=getattr(torch, dtype), device="meta")
                                 for _ in range(2))
                    (record,) = launch.launches(plan, rows, log=False)
                    assert record.constexprs["WINDOW"] == 8 and record.max_registers == 0
                    assert record.constexprs["PAIRED_OTHERS"], record
                if expected:
                    assert plan.paired and plan.max_registers == (80 if blocks == 2 else 0), plan
                    assert "every block read as words of two values" in plan.describe()
                    unpaired = policy.for_rows(plan, words=False, vectors=False)
                    assert not (unpaired.paired or unpaired.paired_others), unpaired
                elif not backward and blocks in (2, 3) and not plan.hold_last:  # float32 4M: wide
                    assert plan.max_registers == 0, plan  # no forward's cap but the words'
    with pytest.raises(ValueError, match="only a paired plan"):
        dataclasses.replace(policy.choose(64, 1 << 21, "float32", gpu), paired_others=True)


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
@pytest.mark.parametrize("log", [False, True])
def test_other_blocks_read_as_words_match_the_oracle_and_keep_ties(device, dtype, log):
    """A paired forward program that reads its other blocks as words too
    (``Plan.paired_others``) writes what the plan that reads them as loaded writes, within the
    tolerance of both against float64 (the blocks' sums are ordered otherwise, so not bit for
    bit), and equal inputs in different blocks, held and not, give equal outputs. Three blocks a
    program (the last program's partial), -inf columns."""
    torch.manual_seed(7)
    N = 100
    x = (torch.randn(2, N, dtype=torch.float64) * 4).to(dtype)
    x[1, ::7] = -float("inf")
    x[0, 1::16] = x[0, 1]  # the same value in every block of 16 columns
    x = x.to(device)
    plan = triton_impl.plan(x, kernel="cooperative", block_n=16, splits=3)
    assert plan.blocks_per_program == 3 and plan.paired and plan.paired_others, plan
    expected = (torch.log_softmax if log else torch.softmax)(x.double(), -1)
    for paired_others in (True, False):
        y = torch.full_like(x, float("nan"))
        launch.softmax_rows(dataclasses.replace(plan, paired_others=paired_others), x, y, log)
        assert not y.isnan().any()
        assert_close(y.cpu(), expected.cpu(), dtype=dtype,
                     kind="log_softmax" if log else "softmax")
        assert (y[0, 1::16] == y[0, 1]).all(), y[0, 1::16]


def test_rows_not_in_whole_vectors_drop_the_several_blocks_cap_and_its_warps():
    """float16's backward of four blocks a program takes 16 warps only with its cap
    (``COOPERATIVE_SEVERAL_BLOCKS_MAX_REGISTERS``): on rows not read in whole 16-byte vectors,
    where ``for_rows`` drops the cap, it goes back to the 8 warps of the rule before; other plans
    keep their warps."""
    gpu = policy.DeviceDescription("a 132-SM GPU", 132)
    plan = policy.choose(32, 1 << 22, "float16", gpu, backward=True)
    assert (plan.num_warps, plan.max_registers, plan.uncapped_warps) == (16, 64, 8), plan
    assert policy.for_rows(plan, words=True, vectors=True) == plan
    unaligned = policy.for_rows(plan, words=False, vectors=False)
    assert (unaligned.num_warps, unaligned.max_registers) == (8, 0), unaligned
    for dtype, N in (("bfloat16", 1 << 22), ("float16", 3 << 20)):
        other = policy.choose(32, N, dtype, gpu, backward=True)
        assert other.uncapped_warps == 0, other
        assert policy.for_rows(other, words=False, vectors=False).num_warps == other.num_warps
    # a forced block of 32768 columns: 32 warps capped (16 values a thread, at most 32 warps),
    # and uncapped the 32 warps of 32 values a thread, not half
    forced = policy.choose(1, 1 << 17, "float16", gpu, backward=True,
                           forcing=policy.Forcing("cooperative", 32768, 1))
    assert (forced.num_warps, forced.max_registers, forced.uncapped_warps) == (32, 64, 0), forced


def test_the_launch_takes_the_warps_of_the_plan_for_its_rows():
    """The launch of float16's four-block backward on rows of an odd width (not whole vectors)
    runs the 8 warps and no cap that ``for_rows`` gives it, and sizes its exchange by them; on
    rows of whole vectors, 16 warps at 64 registers."""
    gpu = policy.DeviceDescription("a 132-SM GPU", 132)
    for N, expected in ((1 << 22, (16, 64)), ((1 << 22) - 1, (8, 0))):
        plan = policy.choose(1, N, "float16", gpu, backward=True)
        assert (plan.num_warps, plan.max_registers) == (16, 64), plan
        rows = tuple(torch.empty((1, N), dtype=torch.float16, device="meta") for _ in range(3))
        (cooperative,) = launch.launches(plan, rows, log=False)
        assert (cooperative.num_warps, cooperative.max_registers) == expected, cooperative
        slots = plan.splits * plan.blocks_per_program
        assert cooperative.constexprs["SLOTS"] == launch.exchange_vector(slots, expected[0])
