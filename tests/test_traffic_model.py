"""The traffic model: its bytes are the reference formulas', its L2 logic only ever removes bytes
where reuse is plausible, and its limits are the ones the bandwidth argument predicts."""

import math

import pytest
from reference.traffic import ALGORITHMS, traffic_formula

import traffic_model
from traffic_model import GPUS, IMPLEMENTATIONS, gpu, parse_sizes, predict, speedups
from traffic_model.dtypes import itemsize

DTYPES = ("float32", "bfloat16")
SPLITS = (1, 4)
BIG = (8192, 65536)
"""M, N far above any L2: 2 GiB per float32 tensor, rows of 256 KiB."""


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("splits", SPLITS)
@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("device", ["A100-40GB", "H100", "H200"])
def test_large_problems_move_exactly_the_reference_bytes(algorithm, splits, dtype, device):
    M, N = BIG
    formula = traffic_formula(algorithm, M, N, splits=splits)
    p = predict(algorithm, M, N, dtype, device, splits=splits)
    assert p.dram_bytes == p.formula_bytes == formula.bytes(itemsize(dtype))
    assert [k.name for k in p.kernels] == [k.name for k in formula.kernels]
    for predicted, kernel in zip(p.kernels, formula.kernels):
        reads, writes = kernel.bytes(itemsize(dtype))
        assert (predicted.dram_read_bytes, predicted.dram_write_bytes) == (reads, writes)
        assert predicted.l2_hit_bytes == 0


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("M, N", [(1, 1), (4096, 256), (4096, 1024), (37, 5000), (4096, 16384)])
def test_formula_bytes_are_the_reference_bytes_at_any_size(algorithm, M, N):
    p = predict(algorithm, M, N, "float32", "H100", splits=2)
    assert p.formula_bytes == traffic_formula(algorithm, M, N, splits=2).bytes("float32")
    assert p.dram_bytes <= p.formula_bytes


def test_small_naive_problems_move_fewer_dram_bytes_than_the_formula():
    small = predict("naive", 4096, 256, "float32", "H100")
    assert small.dram_bytes < small.formula_bytes
    assert sum(k.l2_hit_bytes for k in small.kernels) == small.formula_bytes - small.dram_bytes


def test_a_naive_problem_inside_l2_moves_only_what_the_fused_kernel_moves():
    assert predict("naive", 64, 256).dram_bytes == predict("fused", 64, 256).dram_bytes


def test_naive_dram_bytes_reach_the_formula_as_the_problem_grows():
    fractions = [
        predict("naive", 4096, n).dram_bytes / predict("naive", 4096, n).formula_bytes
        for n in (256, 512, 1024, 2048, 4096, 16384)
    ]
    assert fractions == sorted(fractions)
    assert fractions[0] < 0.5 and fractions[-1] == 1.0


def test_online_second_read_hits_l2_only_while_the_rows_in_flight_fit():
    narrow = predict("online", 4096, 1024, "float32", "H100")
    assert narrow.dram_bytes == predict("fused", 4096, 1024).dram_bytes
    wide = predict("online", 4096, 65536, "float32", "H100")
    assert wide.dram_bytes == wide.formula_bytes


@pytest.mark.parametrize("dtype", DTYPES)
def test_fused_over_naive_tends_to_four_in_the_bandwidth_limit(dtype):
    M, N = 16384, 262144
    ratio = speedups(M, N, dtype, "H100")["fused"]["naive"]
    assert ratio == pytest.approx(4.0, abs=0.01)
    naive, fused = predict("naive", M, N, dtype), predict("fused", M, N, dtype)
    assert naive.dram_bytes / fused.dram_bytes == pytest.approx((8 * M * N + 4 * M) / (2 * M * N))


def test_fused_backward_over_naive_backward_tends_to_three():
    assert speedups(16384, 262144, implementations=("naive_backward", "fused_backward"))["fused_backward"][
        "naive_backward"
    ] == pytest.approx(3.0, abs=0.01)


@pytest.mark.parametrize("device", list(GPUS))
@pytest.mark.parametrize("dtype", ("float32", "bfloat16", "float16"))
def test_gbs_never_exceeds_the_bandwidth(device, dtype):
    for name in IMPLEMENTATIONS:
        for M, N in [(1, 128), (4096, 256), (4096, 12800), (128, 2**20), (2**20, 128), *[BIG]]:
            p = predict(name, M, N, dtype, device)
            assert 0 < p.gbs <= p.bandwidth_gbs, (name, M, N)


def test_a_given_bandwidth_is_the_ceiling():
    p = predict("fused", *BIG, bandwidth_gbs=1000)
    assert p.bandwidth_gbs == 1000
    assert 990 < p.gbs <= 1000


def test_torch_is_fused_for_narrow_rows_and_three_passes_for_wide_ones():
    M = 8192
    narrow, wide = predict("torch", M, 1024), predict("torch", M, 65536)
    assert narrow.dram_bytes == predict("fused", M, 1024).dram_bytes
    assert wide.dram_bytes == 4 * M * 65536 * 4


def test_torch_backward_moves_twice_the_fused_backward_bytes():
    M, N = BIG
    narrow = predict("torch_backward", M * 16, 4096)
    assert narrow.dram_bytes == 2 * predict("fused_backward", M * 16, 4096).dram_bytes
    assert predict("torch_backward", M, N).dram_bytes == 7 * M * N * 4


def test_small_problems_are_set_by_the_host_large_ones_by_dram():
    assert {k.limit for k in predict("fused", 64, 128).kernels} == {"host"}
    assert {k.limit for k in predict("naive", *BIG).kernels} == {"DRAM"}


def test_speedups_are_consistent():
    table = speedups(4096, 4096, "float32", "H200")
    for a in table:
        assert table[a][a] == 1.0
        for b in table:
            assert table[a][b] * table[b][a] == pytest.approx(1.0)


def test_empty_problems_take_no_time():
    p = predict("naive", 0, 128)
    assert p.kernels == () and p.time_s == 0 and p.gbs == 0


def test_gpu_table_has_a_source_for_every_figure():
    for g in GPUS.values():
        assert set(g.sources) == {"dram_gbs", "l2_bytes", "sms", "fp32_tflops"}
        assert all(s.strip() for s in g.sources.values())
    assert GPUS["H100"].bandwidth_gbs == 3019 and GPUS["H200"].bandwidth_gbs == 4268
    assert GPUS["A100-80GB"].bandwidth_gbs == pytest.approx(0.9 * 2039)


def test_gpu_lookup_is_lenient_and_errors_list_the_known_gpus():
    assert gpu("h100") is GPUS["H100"] and gpu("a100_80gb") is GPUS["A100-80GB"]
    with pytest.raises(ValueError, match="unknown GPU 'B200'.*A100-40GB.*H200"):
        gpu("B200")
    with pytest.raises(ValueError, match="unknown GPU"):
        predict("fused", 1, 1, gpu="V100")


def test_unknown_algorithm_and_dtype_are_clear_errors():
    with pytest.raises(ValueError, match="unknown implementation 'fast'.*naive.*torch_backward"):
        predict("fast", 1, 1)
    with pytest.raises(ValueError, match="unknown dtype 'int8'"):
        predict("fused", 1, 1, "int8")
    with pytest.raises(ValueError, match="positive number"):
        predict("fused", 1, 1, bandwidth_gbs=0)


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
        (1, 2, "bfloat16"),
        (1, 3, "bfloat16"),
        (1, 2, "float32"),
        (1, 3, "float32"),
    ]


def test_default_splits_fill_the_gpu_without_slicing_rows_thin():
    h100 = gpu("H100")
    assert traffic_model.default_splits(4096, 65536, h100) == 1
    assert traffic_model.default_splits(4, 2**20, h100) == math.ceil(132 * 4 / 4)
    assert traffic_model.default_splits(4, 2048, h100) == 2


def test_knobs_are_read_when_predicting(monkeypatch):
    from traffic_model import knobs

    before = predict("fused", 4096, 256)
    monkeypatch.setattr(knobs, "TRITON_HOST_OVERHEAD_S", 2 * knobs.TRITON_HOST_OVERHEAD_S)
    monkeypatch.setattr(knobs, "ONLINE_PROGRAMS_PER_SM", 64)
    assert predict("fused", 4096, 256).time_s == pytest.approx(2 * before.time_s)
    assert predict("online", 4096, 4096).dram_bytes == predict("online", 4096, 4096).formula_bytes
