"""The traffic model: its bytes are the reference formulas', "ours" is the dispatch policy's choice by
construction, its L2 logic only ever removes bytes where reuse is plausible, and its limits are the
ones the bandwidth argument predicts."""

import json

import pytest
from reference.dtypes import format_of
from reference.traffic import traffic_formula

import traffic_model
from traffic_model import GPUS, IMPLEMENTATIONS, gpu, implementations, knobs, parse_sizes, predict, speedups
from traffic_model.implementations import POLICY_ALGORITHMS, cooperative_traffic
from traffic_model.measurements import EVIDENCE
from traffic_model.model import loaded, reread_capacity
from triton_impl import policy

DTYPES = ("float32", "bfloat16")
BIG = (8192, 65536)
"""M, N far above any L2: 2 GiB per float32 tensor, rows of 256 KiB."""

STREAMING = ("naive", "fused", "split", "naive_backward", "fused_backward", "split_backward")
"""Algorithms that read each input once per kernel; the online kernels re-read rows (below)."""


def itemsize(dtype) -> int:
    return format_of(dtype).itemsize


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("splits", (None, 4))
@pytest.mark.parametrize("algorithm", STREAMING)
@pytest.mark.parametrize("device", ["A100-40GB", "H100", "H200"])
def test_large_problems_move_exactly_the_reference_bytes(algorithm, splits, dtype, device):
    M, N = BIG
    p = predict(algorithm, M, N, dtype, device, splits=splits)
    s = p.plan.splits if p.plan else 1
    if splits is not None and p.plan:
        assert s == splits
    formula = traffic_formula(algorithm, M, N, splits=s)
    assert p.dram_bytes == p.formula_bytes == formula.bytes(itemsize(dtype))
    assert [k.name for k in p.kernels] == [k.name for k in formula.kernels]
    for predicted, kernel in zip(p.kernels, formula.kernels):
        assert (predicted.dram_read_bytes, predicted.dram_write_bytes) == kernel.bytes(itemsize(dtype))
        assert predicted.l2_hit_bytes == 0


@pytest.mark.parametrize("backward", (False, True))
@pytest.mark.parametrize("dtype", ("float32", "bfloat16", "float16"))
@pytest.mark.parametrize("device", ["A100-40GB", "H100", "H200"])
@pytest.mark.parametrize("M", (1, 4, 66, 67, 128, 4096))
@pytest.mark.parametrize("N", (256, 16384, 16385, 32768, 32769, 65536, 1 << 20, (1 << 22) + 7))
def test_ours_is_what_the_dispatch_policy_chooses(N, M, device, dtype, backward):
    g = gpu(device)
    plan = policy.choose(M, N, dtype, g.description, backward=backward)
    suffix = "_backward" if backward else ""
    ours = predict("ours" + suffix, M, N, dtype, device)
    assert ours.plan == plan
    assert ours.runs == POLICY_ALGORITHMS[plan.kernel] + suffix
    same = predict(ours.runs, M, N, dtype, device)
    if plan.kernel == "online":  # the policy's one step of the row, which forcing does not give
        assert same.plan != plan and plan.block_n >= N and ours.time_s <= same.time_s
        return
    assert (same.time_s, same.dram_bytes) == (ours.time_s, ours.dram_bytes)


def test_ours_follows_a_change_of_the_policy(monkeypatch):
    """By construction, not by a restatement checked against the policy: move the policy's
    single-block limit and the model's "ours" moves with it."""
    assert predict("ours", 4096, 2048).runs == "fused"
    monkeypatch.setattr(policy, "SINGLE_BLOCK_MAX_COLS", 1024)
    assert predict("ours", 4096, 2048).runs == "cooperative"
    assert predict("ours_backward", 4096, 1024).runs == "cooperative_backward"


def test_every_row_kernel_has_a_model_algorithm():
    """The model predicts (M, N) problems of contiguous rows: every kernel that runs them. (The
    spatial kernel, for rows interleaved in memory, is outside it.)"""
    assert set(POLICY_ALGORITHMS) == set(policy.ROW_KERNELS)
    assert all(a in IMPLEMENTATIONS and f"{a}_backward" in IMPLEMENTATIONS for a in POLICY_ALGORITHMS.values())


@pytest.mark.parametrize("backward", (False, True))
@pytest.mark.parametrize("M, N", [(2048, 65536), (512, 262144), (1, 1 << 20), (64, 1 << 22), (3, 40000),
                                  (2, 3 * 132 * 8192 + 4000)])
def test_cooperative_moves_the_fused_bytes_plus_its_workspace_and_reread_blocks(M, N, backward):
    """One block of each program stays in registers (its first, or its last where
    ``Plan.hold_last``: a partial last program's last block may hold fewer columns, or none);
    its other blocks are read again after the exchange; each program publishes a word per block
    and reads all of its row's words, and the workspace is zeroed first."""
    suffix = "_backward" if backward else ""
    p = predict("cooperative" + suffix, M, N, "float32", "H100")
    plan = p.plan
    assert plan.kernel == "cooperative" and plan.splits * plan.chunk >= N
    fused = traffic_formula("fused" + suffix, M, N).bytes(4)
    words = M * plan.splits * plan.blocks_per_program  # one 8-byte word a block, float32
    workspace = 8 * words * (1 + plan.splits)
    zeroing = 8 * words
    tensors = 2 if backward else 1
    held_block = plan.blocks_per_program - 1 if plan.hold_last else 0
    held = sum(min(plan.block_n, max(0, N - q * plan.chunk - held_block * plan.block_n))
               for q in range(plan.splits))
    assert plan.hold_last == (N >= 3 * 132 * 8192 and not backward)
    reread = 4 * tensors * M * (N - held)
    assert p.formula_bytes == fused + workspace + zeroing + reread
    assert (reread > 0) == (plan.blocks_per_program > 1)
    assert p.dram_bytes <= p.formula_bytes
    assert cooperative_traffic(M, N, plan, backward).stat_writes * 4 == 8 * words


def test_cooperative_rereads_hit_while_the_resident_chunks_fit(monkeypatch):
    """N = 4M float32 on an H100: the programs of ``policy.COOPERATIVE_WIDE_ROW_PLAN`` hold two
    blocks of 16384 and re-read one, their resident chunks (the backward 1 an SM of 256 KiB, the
    forward 2 an SM of 128 KiB, as their caps allow) 33 MiB each, under the usable L2, and their
    re-reads hit. The forward's 4-warp plan of four blocks before dae982f held 3 an SM, 49.5 MiB,
    and its re-reads missed (evidence/probe_cooperative_h100.json: 4-8% of them hit). The
    workspace words, read just after they are written, always hit."""
    M, N = 64, 1 << 22

    def hit_bytes(backward, blocks):
        p = predict("cooperative_backward" if backward else "cooperative", M, N, "float32", "H100")
        assert p.plan.blocks_per_program == blocks
        (_, kernel) = p.kernels
        assert p.dram_bytes == p.formula_bytes - kernel.l2_hit_bytes
        slots = 8 * M * p.plan.splits ** 2 * p.plan.blocks_per_program  # a word a block
        return kernel.l2_hit_bytes - slots

    for backward in (True, False):
        tensors = 2 if backward else 1
        assert hit_bytes(backward, 2) == 4 * tensors * M * (N // 2)
    monkeypatch.setattr(policy, "COOPERATIVE_WIDE_ROW_PLAN", {})
    assert hit_bytes(False, 4) == 4 * M * 3 * (N // 4)
    monkeypatch.setitem(implementations.COOPERATIVE_RESIDENT_PER_SM, (4, False, 4), 3)
    assert hit_bytes(False, 4) == 0


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("algorithm", ["online", "online_backward"])
@pytest.mark.parametrize("device", ["A100-40GB", "H100", "H200"])
def test_online_second_read_hits_in_proportion_to_the_l2_left_by_the_output(algorithm, dtype, device):
    """The second pass walks the row backwards over what the first loaded evict-last while it
    writes the output: the share of the re-read that hits is capacity / (programs in flight x
    input bytes per row), the capacity being the usable L2 less the output's dirty lines."""
    from traffic_model.implementations import ONLINE_BACKWARD_RESIDENT_PER_SM, ONLINE_RESIDENT_PER_SM

    M, N = BIG
    (k,) = predict(algorithm, M, N, dtype, device).kernels
    g = gpu(device)
    backward = algorithm.endswith("_backward")
    row_in = (2 if backward else 1) * N * itemsize(dtype)
    per_sm = ONLINE_BACKWARD_RESIDENT_PER_SM if backward else ONLINE_RESIDENT_PER_SM[itemsize(dtype)]
    capacity = (knobs.L2_USABLE_FRACTION - knobs.L2_DIRTY_FRACTION) * g.l2_bytes
    assert reread_capacity(g, while_writing=True) == capacity
    reread = M * row_in
    assert k.l2_hit_bytes == pytest.approx(reread * min(1.0, capacity / (per_sm * g.sms * row_in)), abs=1)
    assert 0 < k.l2_hit_bytes < reread


@pytest.mark.parametrize("algorithm", [*STREAMING, "online", "online_backward", "cooperative",
                                       "cooperative_backward", "torch", "torch_backward"])
@pytest.mark.parametrize("M, N", [(1, 1), (4096, 256), (4096, 1024), (37, 5000), (4096, 16384)])
def test_dram_bytes_never_exceed_the_formula(algorithm, M, N):
    p = predict(algorithm, M, N, "float32", "H100")
    assert 0 < p.dram_bytes <= p.formula_bytes


def test_small_naive_problems_move_fewer_dram_bytes_than_the_formula():
    small = predict("naive", 4096, 256, "float32", "H100")
    assert small.dram_bytes < small.formula_bytes
    assert sum(k.l2_hit_bytes for k in small.kernels) == small.formula_bytes - small.dram_bytes


def test_a_naive_problem_inside_l2_moves_only_what_the_fused_kernel_moves():
    assert predict("naive", 64, 256).dram_bytes == predict("fused", 64, 256).dram_bytes


def test_naive_dram_bytes_reach_the_formula_as_the_problem_grows():
    fractions = [predict("naive", 4096, n).dram_bytes / predict("naive", 4096, n).formula_bytes
                 for n in (256, 512, 1024, 2048, 4096, 16384)]
    assert fractions == sorted(fractions)
    assert fractions[0] < 0.5 and fractions[-1] == 1.0


def test_online_second_read_hits_fall_as_rows_widen():
    """probe_kernels.json measured 100%, 82%, 42%, 21%, 11% on the H200 (the model gives the
    usable L2 less the dirty lines, 0.40 of it, against the 0.46 those counts imply)."""
    hits = [sum(k.l2_hit_bytes for k in predict("online", 2**27 // n, n, "float32", "H200").kernels) / (2**27 * 4)
            for n in (32768, 65536, 131072, 262144, 524288)]
    assert hits[0] == 1.0 and hits == sorted(hits, reverse=True)
    assert hits[1] == pytest.approx(2 * hits[2]) == pytest.approx(4 * hits[3])
    assert hits[1:] == pytest.approx([0.82, 0.42, 0.21, 0.11], rel=0.2)


@pytest.mark.parametrize("dtype", DTYPES)
def test_fused_over_naive_tends_to_four_in_the_bandwidth_limit(dtype):
    M, N = 16384, 262144
    ratio = speedups(M, N, dtype, "H100", bytes_only=True)["fused"]["naive"]
    assert ratio == pytest.approx(4.0, abs=0.01)
    naive, fused = predict("naive", M, N, dtype), predict("fused", M, N, dtype)
    assert naive.dram_bytes / fused.dram_bytes == pytest.approx((8 * M * N + 4 * M) / (2 * M * N))


def test_the_naive_kernels_below_bandwidth_push_the_speedup_above_four():
    """Three of the five eager kernels run below the copy bandwidth (knobs.KERNEL_SPEEDS); the
    H200 measured naive/fused 5.3-5.4 at M=4096, N=8192-12800 (speed_of_light.json)."""
    assert 5.2 < speedups(4096, 12288, "float32", "H200")["fused"]["naive"] < 5.7


def test_fused_backward_over_naive_backward_tends_to_three():
    assert speedups(16384, 262144, implementations=("naive_backward", "fused_backward"), bytes_only=True
                    )["fused_backward"]["naive_backward"] == pytest.approx(3.0, abs=0.01)


@pytest.mark.parametrize("device", list(GPUS))
@pytest.mark.parametrize("dtype", ("float32", "bfloat16", "float16"))
def test_gbs_never_exceeds_the_bandwidth(device, dtype):
    for name in IMPLEMENTATIONS:
        for M, N in [(1, 128), (4096, 256), (4096, 12800), (128, 2**20), (2**20, 128), BIG]:
            p = predict(name, M, N, dtype, device)
            assert 0 < p.gbs <= p.bandwidth_gbs, (name, M, N)


def test_a_given_bandwidth_is_the_ceiling():
    p = predict("fused", *BIG, bandwidth_gbs=1000)
    assert p.bandwidth_gbs == 1000
    assert 990 < p.gbs <= 1000


def test_torch_is_fused_for_narrow_rows_and_three_passes_for_wide_ones():
    M = 8192
    assert predict("torch", M, 1024).dram_bytes == predict("fused", M, 1024).dram_bytes
    assert predict("torch", M, 65536).dram_bytes == 4 * M * 65536 * 4


def test_torch_backward_moves_twice_the_fused_backward_bytes():
    M, N = BIG
    assert predict("torch_backward", M * 16, 4096).dram_bytes == 2 * predict("fused_backward", M * 16, 4096).dram_bytes
    assert predict("torch_backward", M, N).dram_bytes == 7 * M * N * 4


def test_small_problems_are_set_by_the_launch_large_ones_by_dram():
    assert {k.limit for k in predict("fused", 64, 128).kernels} == {"launch"}
    assert {k.limit for k in predict("fused", *BIG).kernels} == {"DRAM"}
    naive = {k.name: k.limit for k in predict("naive", *BIG, gpu="H100").kernels}
    assert naive == {"max": "DRAM", "subtract max": "SMs", "exp": "DRAM", "sum": "DRAM", "divide": "SMs"}


def test_a_latency_bound_kernel_meets_the_dram_softly():
    """Its memory time is the P-norm of the DRAM's time and its rate per SM's: never below either,
    at most 2^(1/P) times the larger (both equal); a streaming kernel is its DRAM time alone."""
    p = knobs.LOADED_LATENCY_EXPONENT
    assert loaded(2.0, 0.0) == 2.0 and loaded(0.0, 0.0) == 0.0
    assert loaded(1.0, 1.0) == pytest.approx(2 ** (1 / p))
    (fused,) = predict("fused", *BIG, gpu="H100").kernels
    assert fused.sm_s == 0 and fused.memory_s == fused.dram_s
    for device in ("H100", "H200"):
        (smem,) = predict("torch", 4096, 10240, "float32", device).kernels
        assert "Smem" in smem.name and smem.sm_s > 0
        assert max(smem.dram_s, smem.sm_s) < smem.memory_s <= 2 ** (1 / p) * max(smem.dram_s, smem.sm_s)
        assert smem.memory_s == pytest.approx((smem.dram_s ** p + smem.sm_s ** p) ** (1 / p))


def test_less_bandwidth_costs_a_latency_bound_kernel_less_than_its_share():
    """The H100's copy is 29% below the H200's and its SMs the same: torch's shared-memory forward
    (rate per SM) loses less than that, a streaming kernel all of it, and each keeps a larger
    fraction of the H100's copy than of the H200's."""
    h100, h200 = gpu("H100").bandwidth_gbs, gpu("H200").bandwidth_gbs
    for name, N, loss in (("torch", 10240, (0.05, 0.25)), ("fused", 65536, (0.28, 0.30))):
        on = {g: predict(name, 2**27 // N, N, "float32", g).gbs for g in ("H100", "H200")}
        assert loss[0] < 1 - on["H100"] / on["H200"] < loss[1]
        assert on["H100"] / h100 >= on["H200"] / h200


UNLOADED_FROM = {("naive_broadcast", "*", 4): 0.62, ("naive_reduce", "*", 4): 0.76,
                 ("torch_warp", 2, 2): 0.61, ("torch_warp_backward", 2, 2): 0.80,
                 ("torch_reg_one_block", "*", 4): 0.44, ("torch_smem", 4, 4): 0.72,
                 ("torch_smem", 2, 2): 0.52}
"""(kind, key, item size) -> the fraction of the H200's copy (4246 GB/s) the kernel moved, all of
its bytes DRAM's (knobs.KERNEL_SPEEDS lists each measurement)."""


@pytest.mark.parametrize("kind, key, size", list(UNLOADED_FROM))
def test_the_unloaded_rates_give_the_rates_measured_on_the_h200(kind, key, size):
    """The table holds each kernel's rate with the memory unloaded; loaded at the H200's copy it
    gives back what the H200 measured, within rounding."""
    sm_gbs = knobs.KERNEL_SPEEDS[kind].elements_per_sm[key] * size * gpu("H200").sms
    copy = gpu("H200").bandwidth_gbs
    seconds_a_byte = loaded(1 / copy, 1 / sm_gbs)
    assert 1 / seconds_a_byte / copy == pytest.approx(UNLOADED_FROM[kind, key, size], abs=0.01)
    assert sm_gbs > UNLOADED_FROM[kind, key, size] * copy


def test_cooperative_residency_is_what_nsight_counts_for_todays_plans():
    """``COOPERATIVE_RESIDENT_PER_SM`` against the H100 probe of today's plans: for each case, the
    blocks an SM that its registers, shared memory, warps and the block limit all allow (Nsight's
    occupancy limits), keyed as the model keys it by the plan the policy chooses. Every entry is
    probed, so a plan whose registers change fails here until the probe runs again."""
    probe = EVIDENCE / "probe_cooperative_h100_2026-11-24.json"
    device = gpu("H100").description
    probed = {}
    for case in json.loads(probe.read_text())["cases"]:
        backward = case["direction"] == "backward"
        plan = policy.choose(case["M"], case["N"], case["dtype"], device, backward=backward)
        assert plan.kernel == "cooperative", case
        (kernel,) = [k for k in case["kernels"] if k["name"].startswith("cooperative")]
        limits = ("registers", "shared_mem", "warps", "blocks")
        resident = int(min(kernel[f"launch__occupancy_limit_{limit}"] for limit in limits))
        key = (itemsize(case["dtype"]), backward, 1 if plan.blocks_per_program == 1 else 4)
        assert probed.setdefault(key, resident) == resident, (key, case)
    assert probed == implementations.COOPERATIVE_RESIDENT_PER_SM


def test_a_cooperative_row_as_wide_as_the_gpu_pays_a_launch_a_row():
    """float32 backward at N = 4M: 128 programs a row, one resident an SM (32 warps at 64
    registers), so one row at a time, each costing a launch (model.launches); the forward (two an
    SM) and bfloat16 backward (two) run rows side by side and pay one. bytes_only keeps the bytes' argument: one launch."""
    M, N = 64, 1 << 22
    for name, dtype, launches in (("cooperative_backward", "float32", M), ("cooperative", "float32", 1),
                                  ("cooperative_backward", "bfloat16", 1)):
        p = predict(name, M, N, dtype, "H100")
        assert p.plan.splits == 128 and p.plan.blocks_per_program == (2 if dtype == "float32" else 4)
        assert [k.launch_s for k in p.kernels] == pytest.approx([knobs.LAUNCH_S, launches * knobs.LAUNCH_S])
    bare = predict("cooperative_backward", M, N, "float32", "H100", bytes_only=True)
    assert [k.launch_s for k in bare.kernels] == pytest.approx([knobs.LAUNCH_S] * 2)


def test_the_cooperative_forward_shares_the_online_forwards_rate_and_its_backward_streams():
    speeds = knobs.KERNEL_SPEEDS
    assert speeds["cooperative"].elements_per_sm is speeds["online_forward"].elements_per_sm
    assert "cooperative_backward" not in speeds and not speeds["online_backward"].elements_per_sm
    forward, backward = (predict(n, 2048, 65536, "bfloat16", "H200").kernels[-1]
                         for n in ("cooperative", "cooperative_backward"))
    assert forward.kind == "cooperative" and forward.sm_s > 0
    assert backward.kind == "cooperative_backward" and backward.sm_s == 0


def test_isolated_counts_what_a_profiler_counts():
    """Nsight Compute flushes L2 before each kernel: nothing carries over, and the dirty lines a
    kernel leaves in L2 are not counted as its writes (knobs.L2_DIRTY_FRACTION)."""
    dirty = round(knobs.L2_DIRTY_FRACTION * gpu("H200").l2_bytes)
    naive = predict("naive", 4096, 1024, "float32", "H200", isolated=True)
    assert naive.dram_read_bytes == naive.formula_bytes - sum(k.write_bytes for k in naive.kernels)
    assert naive.dram_write_bytes == 0
    fused = predict("fused", 4096, 16384, "float32", "H200", isolated=True)
    assert fused.dram_write_bytes == 4096 * 16384 * 4 - dirty
    assert predict("fused", 4096, 16384, "float32", "H200").dram_write_bytes == 4096 * 16384 * 4


@pytest.mark.parametrize("N, dtype, kernel", [
    (1024, "float32", "softmax_warp_forward"),
    (2048, "float32", "softmax_warp_forward"),
    (2176, "float32", "cunn_SoftMaxForwardReg"),
    (6272, "float32", "1 block per SM"),
    (9344, "float32", "cunn_SoftMaxForwardSmem"),
    (12160, "float32", "cunn_SoftMaxForwardSmem"),
    (12288, "float32", "cunn_SoftMaxForward,"),
    (4096, "bfloat16", "cunn_SoftMaxForwardReg"),
    (16384, "bfloat16", "cunn_SoftMaxForwardSmem"),
    (65536, "bfloat16", "cunn_SoftMaxForward,"),
])
def test_torch_forward_runs_the_kernel_nsight_saw(N, dtype, kernel):
    """traffic_model/evidence/probe_kernels.json: the kernel torch.softmax ran at each width."""
    (k,) = predict("torch", 4096, N, dtype, "H200").kernels
    assert kernel in k.name


def test_speedups_are_consistent():
    table = speedups(4096, 4096, "float32", "H200")
    for a in table:
        assert table[a][a] == 1.0
        for b in table:
            assert table[a][b] * table[b][a] == pytest.approx(1.0)


@pytest.mark.parametrize("name", ["naive", "ours", "cooperative_backward"])
def test_empty_problems_take_no_time(name):
    p = predict(name, 0, 128)
    assert p.kernels == () and p.time_s == 0 and p.gbs == 0


def test_gpu_table_has_a_source_for_every_figure():
    for g in GPUS.values():
        assert set(g.sources) == {"dram_gbs", "l2_bytes", "sms", "fp32_tflops"}
        assert all(s.strip() for s in g.sources.values())
    assert GPUS["H100"].bandwidth_gbs == 3002 and GPUS["H200"].bandwidth_gbs == 4246
    fraction = traffic_model.gpus.datasheet_copy_fraction()
    assert fraction == pytest.approx((3002 / 3350 + 4246 / 4800) / 2)
    assert GPUS["A100-80GB"].bandwidth_gbs == pytest.approx(fraction * 2039)


def test_gpu_lookup_is_lenient_and_errors_list_the_known_gpus():
    assert gpu("h100") is GPUS["H100"] and gpu("a100_80gb") is GPUS["A100-80GB"]
    assert traffic_model.gpus.gpu_in_device_name("NVIDIA H200") is GPUS["H200"]
    assert traffic_model.gpus.gpu_in_device_name("Tesla V100") is None
    with pytest.raises(ValueError, match="unknown GPU 'B200'.*A100-40GB.*H200"):
        gpu("B200")
    with pytest.raises(ValueError, match="unknown GPU"):
        predict("fused", 1, 1, gpu="V100")


def test_unknown_algorithm_dtype_and_impossible_plans_are_clear_errors():
    with pytest.raises(ValueError, match="unknown implementation 'fast'.*naive.*torch_backward"):
        predict("fast", 1, 1)
    with pytest.raises(ValueError, match="unknown dtype 'int8'"):
        predict("fused", 1, 1, "int8")
    with pytest.raises(ValueError, match="positive number"):
        predict("fused", 1, 1, bandwidth_gbs=0)
    with pytest.raises(ValueError, match="at most 132"):
        predict("cooperative", 4, 1 << 20, splits=200)
    with pytest.raises(ValueError, match="need M >= 0 and N >= 0"):
        predict("fused", -1, 4)


def test_parse_sizes():
    assert parse_sizes("256:12800:128") == list(range(256, 12801, 128))
    assert parse_sizes("256,1024") == [256, 1024]
    assert parse_sizes("1:3") == [1, 2, 3]
    assert parse_sizes("8, 16:64:16") == [8, 16, 32, 48, 64]


@pytest.mark.parametrize("bad", ["", "a", "10:5", "1:5:0", "0", "-4", "1:2:3:4", "1.5", "256,,"])
def test_bad_sizes_are_clear_errors(bad):
    with pytest.raises(ValueError, match="bad N"):
        parse_sizes(bad, "N")


def test_grid_is_the_seeds_benchmark_by_default():
    points = traffic_model.grid()
    assert len(points) == 99 and points[0] == (4096, 256, "float32") and points[-1][1] == 12800
    assert traffic_model.grid(1, [2, 3], ["bf16", "fp32"]) == [
        (1, 2, "bfloat16"), (1, 3, "bfloat16"), (1, 2, "float32"), (1, 3, "float32")]


def test_knobs_are_read_when_predicting(monkeypatch):
    before = predict("fused", 1, 128)
    monkeypatch.setattr(knobs, "LAUNCH_S", 2 * knobs.LAUNCH_S)
    assert predict("fused", 1, 128).time_s == pytest.approx(2 * before.time_s, rel=0.01)
    monkeypatch.setattr(knobs, "L2_DIRTY_FRACTION", knobs.L2_USABLE_FRACTION)
    assert predict("online", 4096, 4096).dram_bytes == predict("online", 4096, 4096).formula_bytes


def test_import_needs_neither_torch_nor_triton_nor_matplotlib():
    import subprocess
    import sys

    check = ("import sys, traffic_model, traffic_model.validate, traffic_model.predictions; "
             "heavy = [m for m in sys.modules if m.split('.')[0] in ('torch', 'triton', 'matplotlib')]; "
             "assert not heavy, heavy")
    subprocess.run([sys.executable, "-c", check], check=True)


def test_capped_cooperative_programs_of_several_blocks_fit_as_their_cap_says():
    """A cooperative plan of several blocks a program under a register cap is as resident as its
    cap allows (65536 registers an SM), in the kernel plan the model times: the backward at N = 2M
    and 3M, float16's at 4M and float32's at 4M (``policy.COOPERATIVE_WIDE_ROW_PLAN``, forward
    too); an uncapped plan keeps the probed entry of
    ``COOPERATIVE_RESIDENT_PER_SM``; a cap too large for the program's threads (a forced block)
    still leaves one program an SM."""
    gpu_132 = policy.DeviceDescription("a 132-SM GPU", 132)

    def resident(plan, dtype, backward):
        algorithm = "cooperative_backward" if backward else "cooperative"
        *_, kernel = implementations.plans(algorithm, 32, plan.splits * plan.chunk,
                                           format_of(dtype).itemsize, plan)
        return kernel.resident_per_sm

    expected = {("float32", 1 << 21, True): 2, ("float32", 3 << 20, True): 2,
                ("bfloat16", 1 << 21, True): 4, ("bfloat16", 3 << 20, True): 3,
                ("float16", 1 << 21, True): 3, ("float16", 3 << 20, True): 3,
                ("float16", 1 << 22, True): 2, ("float32", 1 << 22, True): 1,
                ("float32", 1 << 22, False): 2}
    for (dtype, N, backward), count in expected.items():
        plan = policy.choose(32, N, dtype, gpu_132, backward=backward)
        assert plan.blocks_per_program > 1 and plan.max_registers, plan
        assert resident(plan, dtype, backward) == count, (dtype, N, plan)
    for dtype, backward in (("bfloat16", False),):
        plan = policy.choose(32, 1 << 22, dtype, gpu_132, backward=backward)
        itemsize = format_of(dtype).itemsize
        assert plan.max_registers == 0, plan
        assert resident(plan, dtype, backward) == (
            implementations.COOPERATIVE_RESIDENT_PER_SM[itemsize, backward, 4])
    forced = policy.choose(32, 1 << 23, "float16", gpu_132, backward=True,
                           forcing=policy.Forcing("cooperative", 32768))
    assert forced.blocks_per_program > 1 and forced.max_registers * 32 * forced.num_warps > 65536
    assert resident(forced, "float16", True) == 1
