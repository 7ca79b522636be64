"""The kernels compiled for an H100/H200 (sm_90) on this machine, no GPU needed.

The interpreter that runs the kernels in CI accepts programs the compiler would reject, and says
nothing of registers or instruction counts. benchmarks/resource_usage.py compiles the dispatcher's
plans with Triton's real backend (ptxas included); run here without TRITON_INTERPRET, in a process
of its own, it shows that every plan compiles, that the cooperative plans spend two exps an
element in the forward and no more, and never spill, that rows whose width is not a multiple of
16 are still read in vectors, and that folding an online step into fewer running pairs does what
kernels.row_math.online_update says: fewer exp2 instructions.

The cooperative plans' register caps must fit whichever ptxas compiles them
(``policy.COOPERATIVE_PAIRED_MAX_REGISTERS``), so they are compiled by Triton's own and, where
torch carries one (its CUDA builds, which torch.compile then uses for every Triton kernel of the
process), by torch's.
"""

import json
import os
import subprocess
import sys

import pytest

pytest.importorskip("triton")
torch = pytest.importorskip("torch")
from traffic_model.implementations import REGISTERS_PER_SM  # noqa: E402
from triton_impl import policy  # noqa: E402
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DTYPES = ("float32", "bfloat16", "float16")
TORCH_PTXAS = os.path.join(os.path.dirname(torch.__file__), "bin", "ptxas")


def usage(tmp_path_factory, ptxas: str | None, ns: tuple[str, ...], gpu: str = "H100",
          dtypes: tuple[str, ...] = DTYPES) -> list[dict]:
    """resource_usage.py's rows at ``ns``, the plans of ``gpu``, compiled by ``ptxas`` (None:
    Triton's own)."""
    out = tmp_path_factory.mktemp("resources") / "usage.json"
    env = {k: v for k, v in os.environ.items()
           if k not in ("TRITON_INTERPRET", "TRITON_PTXAS_PATH")}
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    if ptxas is not None:
        env["TRITON_PTXAS_PATH"] = ptxas
    done = subprocess.run([sys.executable, os.path.join(ROOT, "benchmarks", "resource_usage.py"),
                           "--n", *ns, "--dtypes", *dtypes, "--gpu", gpu, "--json", str(out)],
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    return json.loads(out.read_text())["rows"]


@pytest.fixture(scope="module")
def rows(tmp_path_factory):
    return usage(tmp_path_factory, None, ("1024", "65536"))


@pytest.fixture(scope="module")
def rows_of_torchs_ptxas(tmp_path_factory):
    if not os.access(TORCH_PTXAS, os.X_OK):
        pytest.skip("this torch carries no ptxas (its CPU builds)")
    return usage(tmp_path_factory, TORCH_PTXAS, ("65536",))


def test_every_plan_compiles_for_sm90(rows):
    seen = {(r["direction"], r["dtype"], r["N"]) for r in rows}
    assert seen == {(d, t, n) for d in ("forward", "backward") for t in DTYPES
                    for n in (1024, 65536)}
    assert all(r["registers"] > 0 for r in rows)


@pytest.mark.parametrize("compiled_by", ["rows", "rows_of_torchs_ptxas"])
def test_cooperative_plans_spend_two_exps_an_element_and_never_spill(compiled_by, request):
    cooperative = [r for r in request.getfixturevalue(compiled_by) if r["kernel"] == "cooperative"]
    assert {(r["direction"], r["dtype"]) for r in cooperative} == {
        (d, t) for d in ("forward", "backward") for t in DTYPES}
    for r in cooperative:
        assert r["spill_bytes"] == 0, r
        if r["direction"] == "forward":
            block, warps = (int(w) for w in r["plan"].split("block 1x")[1].split(" warps")[0]
                            .split(", "))
            per_thread = block // (32 * warps)
            # two exps a value (the block's normaliser, then the output from the row's max: see
            # kernels/cooperative.py), plus the merge of the row's slots
            assert 2 * per_thread <= r["exp2"] <= 2 * per_thread + 4, r


@pytest.fixture(scope="module")
def rows_not_of_16(tmp_path_factory):
    return usage(tmp_path_factory, None, ("1000", "65528", "65534"))


def test_rows_not_a_multiple_of_16_are_read_in_vectors(rows_not_of_16):
    """N = 1000 and 65528 are multiples of 8, 65534 of 2 (``launch.known_multiple_of``): each
    kernel that reads its row with plain loads reads it in vectors (of 16 bytes where N allows),
    not one element at a time as Triton's specialisation alone would (the online backward reads
    through cp.async, which the count leaves out; a cooperative kernel's one or two scalar loads
    are its exchange). Cooperative plans keep their cap where the rows are whole 16-byte vectors
    or read in them through a window (65534 but for the 16-bit forward, which reads words:
    ``policy.reads_in_window``; not float16's backward, ``COOPERATIVE_WINDOW_UNCAPPED``),
    compile uncapped elsewhere (``policy.for_rows``), and never spill."""
    assert {(r["dtype"], r["N"]) for r in rows_not_of_16} == {
        (t, n) for t in DTYPES for n in (1000, 65528, 65534)}
    for r in rows_not_of_16:
        itemsize = 4 if r["dtype"] == "float32" else 2
        if r["N"] != 65534 and r["vector_loads"] + r["scalar_loads"]:
            assert r["vector_loads"] > 0 and r["scalar_loads"] <= 2, r
        if r["kernel"] == "cooperative":
            assert r["spill_bytes"] == 0, r
            capped = "at most " in r["plan"]
            planned = int(r["plan"].split("at most ")[1].split()[0]) if capped else 0
            backward = r["direction"] == "backward"
            whole = r["N"] % (16 // itemsize) == 0 or (
                policy.reads_in_window(r["N"], itemsize, backward, "cooperative")
                and (r["dtype"], backward) not in policy.COOPERATIVE_WINDOW_UNCAPPED)
            assert r["max_registers"] == (planned if whole else 0), r


def test_folding_cuts_the_forward_exps_without_spilling(rows):
    for dtype in ("float32", "bfloat16"):
        online = [r for r in rows if r["direction"] == "forward" and r["dtype"] == dtype
                  and r["N"] == 65536 and r["kernel"] == "online"]
        per_column = next(r for r in online if "folded" not in r["plan"])
        folded = next(r for r in online if "folded" in r["plan"])
        # per thread and step: S values each, one rescale per lane rather than per value
        assert folded["exp2"] < per_column["exp2"], (folded, per_column)
        assert folded["spill_bytes"] == 0, folded
    fp32 = [r for r in rows if r["direction"] == "forward" and r["dtype"] == "float32"
            and r["N"] == 65536 and r["kernel"] == "online"]
    ratio = min(r["exp2"] for r in fp32) / max(r["exp2"] for r in fp32)
    assert ratio < 0.6, f"fp32 folds 8 values a lane: about 1.1 exps an element, not 2 ({ratio})"


def test_the_measured_single_block_tiles_fit_their_caps(tmp_path_factory):
    """The single-block tiles a Hopper GPU takes at 2^27 elements: those read again
    (``policy.SINGLE_BLOCK_TILES``: float32 and 16-bit rows of 4096 forward, 16-bit rows of 4096
    and 16384 backward) compile uncapped without spilling; on a DRAM faster than
    ``FAST_DRAM_FROM_GBS`` the 16-bit forward of 16384 is no single-block program but the
    cooperative one (``FAST_DRAM_COOPERATIVE_FORWARD_COLS``), within its cap of 56 / 64 without
    spilling; the H100's single-block program is uncapped and takes more than 80."""
    h200 = usage(tmp_path_factory, None, ("4096", "16384"), "H200",
                 ("bfloat16", "float16", "float32"))
    h100 = usage(tmp_path_factory, None, ("4096", "16384"), "H100", ("bfloat16", "float32"))
    forward = {(r["dtype"], r["N"]): r for r in h200 if r["direction"] == "forward"}
    for dtype, cap in (("bfloat16", 56), ("float16", 64)):
        r = forward[dtype, 16384]
        assert r["kernel"] == "cooperative" and r["max_registers"] == cap, r
        assert r["spill_bytes"] == 0, r
    read_again = [r for r in h200 + h100 if "read again for the output" in r["plan"]]
    assert {(r["direction"], r["dtype"], r["N"]) for r in read_again} == {
        ("forward", "float32", 4096), ("forward", "bfloat16", 4096),
        ("forward", "float16", 4096), ("backward", "bfloat16", 4096),
        ("backward", "float16", 4096), ("backward", "bfloat16", 16384),
        ("backward", "float16", 16384)}
    for r in read_again:
        assert r["max_registers"] == 0 and r["spill_bytes"] == 0, r
    assert all(r["max_registers"] == 0 for r in h200 + h100 if r["direction"] == "backward")
    uncapped = [r for r in h100 if r["direction"] == "forward" and r["dtype"] == "bfloat16"]
    assert uncapped and all(r["max_registers"] == 0 for r in uncapped), uncapped
    (wide,) = (r for r in uncapped if r["N"] == 16384)
    assert wide["registers"] > 80, wide


def test_only_programs_of_two_blocks_prefetch_their_second(tmp_path_factory):
    """A cooperative program of two blocks (N = 2M on 132 SMs) asks the L2 for its second block
    as it loads its first (``policy.COOPERATIVE_PREFETCHED_BLOCKS``): forward and backward, float32
    and bfloat16, through the PTX. Programs of one block (1M), three (3M) and four (4M), where
    it lost, prefetch nothing; nor does any other kernel."""
    rows = usage(tmp_path_factory, None, ("1048576", "2097152", "3145728", "4194304"), "H200",
                 ("float32", "bfloat16"))
    assert {(r["direction"], r["dtype"]) for r in rows if r["N"] == 2097152
            and r["kernel"] == "cooperative"} == {(d, t) for d in ("forward", "backward")
                                                  for t in ("float32", "bfloat16")}
    for r in rows:
        two_blocks = r["kernel"] == "cooperative" and r["N"] == 2097152
        assert (r["l2_prefetches"] > 0) == two_blocks, r
        assert ("its other blocks prefetched" in r["plan"]) == two_blocks, r
        if few_blocks_backward(r):
            assert_few_blocks_cap(r)
        else:
            assert r["spill_bytes"] == 0 or r["kernel"] != "cooperative", r
    assert {(r["dtype"], r["N"]) for r in rows if few_blocks_backward(r)} == {
        (dtype, N) for dtype in ("float32", "bfloat16") for N in (2097152, 3145728)}


FEW_BLOCKS_SPILL = {("float32", 2097152): 8, ("float32", 3145728): 16, ("bfloat16", 2097152): 0,
                    ("bfloat16", 3145728): 0, ("float16", 2097152): 8, ("float16", 3145728): 8}
"""(dtype, N) -> the most bytes the backward of two and three blocks a program (N = 2M, 3M on an
H200's 132 SMs) may spill under its cap of ``policy.COOPERATIVE_FEW_BLOCKS_MAX_REGISTERS``: its
timed compile's."""
BLOCKS_A_PROGRAM = {2097152: 2, 3145728: 3}


def few_blocks_backward(r) -> bool:
    return (r["kernel"] == "cooperative" and r["direction"] == "backward"
            and (r["dtype"], r["N"]) in FEW_BLOCKS_SPILL)


def assert_few_blocks_cap(r):
    """The policy's cap, compiled as planned, at most its timed spill (one more program an SM than
    uncapped, but the bfloat16 backward at 3M, capped at the registers it takes)."""
    cap = policy.COOPERATIVE_FEW_BLOCKS_MAX_REGISTERS[r["dtype"], True, BLOCKS_A_PROGRAM[r["N"]]]
    assert r["max_registers"] == cap and r["registers"] <= cap, r
    assert r["spill_bytes"] <= FEW_BLOCKS_SPILL[r["dtype"], r["N"]], r


def test_float16_backward_of_several_blocks_compiles_to_its_caps(tmp_path_factory):
    """float16's cooperative backward of two and three blocks a program (N = 2M, 3M), capped at 80
    registers: three programs an SM where uncapped (92 / 88 registers) two fit, 8 bytes spilled.
    Under 80 at three blocks ptxas spilled 816-1024 bytes, which this would catch. Of four (4M),
    16 warps capped by ``policy.COOPERATIVE_SEVERAL_BLOCKS_MAX_REGISTERS``: two an SM where
    uncapped (74 registers) one fits, nothing spilled."""
    rows = usage(tmp_path_factory, None, ("2097152", "3145728", "4194304"), "H200", ("float16",))
    capped = [r for r in rows if few_blocks_backward(r)]
    assert len(capped) == 2, rows
    for r in capped:
        assert_few_blocks_cap(r)
    several = [r for r in rows if r["kernel"] == "cooperative" and r["N"] == 4194304
               and r["direction"] == "backward"]
    assert len(several) == 1, rows
    cap = policy.COOPERATIVE_SEVERAL_BLOCKS_MAX_REGISTERS["float16", True]
    r = several[0]
    assert ", 16 warps," in r["plan"] and r["max_registers"] == cap, r
    assert REGISTERS_PER_SM // (r["registers"] * 32 * 16) >= 2, r
    assert r["spill_bytes"] == 0, r


def test_many_blocks_a_program_store_their_re_read_blocks_evict_first(tmp_path_factory):
    """At N = 4M a cooperative program holds several blocks and re-reads all but one after the
    wait: their outputs are stored evict-first (``kernels/cooperative.py``), the held block's are
    not, and a program of one block (N = 65536) stores nothing evict-first. The 16 warps the
    bfloat16 backward takes there (``policy.COOPERATIVE_SEVERAL_BLOCKS_VALUES``) and the float32
    plans of ``policy.COOPERATIVE_WIDE_ROW_PLAN`` compile without spilling: the forward holding
    its last block in 16 warps at 64 registers (two programs an SM), the backward its first in
    32 warps at 64 (one)."""
    rows = usage(tmp_path_factory, None, ("65536", "4194304"), "H200", ("float32", "bfloat16"))
    wide = {}
    for r in rows:
        if r["kernel"] != "cooperative":
            continue
        assert r["spill_bytes"] == 0, r
        assert (r["evict_first_stores"] > 0) == (r["N"] == 4194304), r
        if r["N"] == 4194304 and r["dtype"] == "float32":
            wide[r["direction"]] = r
        else:
            several = r["N"] == 4194304 and r["direction"] == "backward"
            assert (", 16 warps," in r["plan"]) == several, r
    for direction, (warps, per_sm) in (("forward", (16, 2)), ("backward", (32, 1))):
        r = wide[direction]
        assert r["plan"].startswith("cooperative, block 1x16384, ") and r["max_registers"] == 64, r
        assert f", {warps} warps," in r["plan"] and r["registers"] <= 64, r
        assert ("its last block held" in r["plan"]) == (direction == "forward"), r
        assert REGISTERS_PER_SM // (r["registers"] * 32 * warps) == per_sm, r


def test_wide_block_forward_fits_five_programs_an_sm(tmp_path_factory):
    """The H200's 16-bit forward at N = 262144 and 1M (``policy.FAST_DRAM_WIDE_BLOCK_FORWARD``):
    blocks of 16384 held as words in 4 warps compile at 96 registers without a spill, five
    programs an SM; the backward keeps its blocks of 8192."""
    rows = usage(tmp_path_factory, None, ("262144", "1048576"), "H200", ("bfloat16", "float16"))
    forward = [r for r in rows if r["kernel"] == "cooperative" and r["direction"] == "forward"]
    assert len(forward) == 4, rows
    for r in forward:
        assert r["plan"].startswith("cooperative, block 1x16384, 4 warps, "), r
        assert r["max_registers"] == 96 and r["registers"] <= 96 and r["spill_bytes"] == 0, r
        assert REGISTERS_PER_SM // (r["registers"] * 32 * 4) == 5, r
    for r in rows:
        if r["kernel"] == "cooperative" and r["direction"] == "backward":
            assert r["plan"].startswith("cooperative, block 1x8192, "), r


@pytest.fixture(scope="module")
def rows_through_a_window(tmp_path_factory):
    return usage(tmp_path_factory, None, ("137", "509", "1001", "4097", "6145"), gpu="H200")


def test_every_single_block_forward_loads_its_tiles_evict_last(rows_through_a_window):
    """The single-block forward loads its tiles evict-last whether or not it reads them again
    (``kernels/forward.py``: timed faster than the L2's default at widths that are not powers of
    two); the backward asks for it only where it reads them again (``Plan.reread``)."""
    single = [r for r in rows_through_a_window if r["kernel"] == "single_block"]
    assert {r["direction"] for r in single} == {"forward", "backward"}, single
    assert any("read again" not in r["plan"] for r in single if r["direction"] == "forward")
    for r in single:
        keeps = r["direction"] == "forward" or "read again" in r["plan"]
        assert (r["evict_last_loads"] > 0) == keeps, r


def test_single_block_backward_reads_rows_past_vectors_through_a_window(rows_through_a_window):
    """The single-block backward of rows that are not whole 16-byte vectors (1001, 4097, 6145:
    odd) reads them through a window (``kernels/row_math.py``, ``row_window``): its body in
    16-byte vectors, its edges one scalar load a tensor (the edges in a layout of their own,
    ``edge_rows``: in the body's, every thread loaded all of them), and nothing spilled. At 4097
    the tile holds the body's 4096 columns (``policy.window_columns``), in at most 8 warps
    (``policy.BODY_TILE_MAX_WARPS``); the H200's 16-bit plan at 6145 takes the 4 warps of
    ``policy.EIGHT_BYTE_ROWS_BACKWARD_WARPS``."""
    backward = [r for r in rows_through_a_window if r["direction"] == "backward" and r["N"] > 137]
    assert {(r["dtype"], r["N"], r["kernel"]) for r in backward} == {
        (t, n, "single_block") for t in DTYPES for n in (509, 1001, 4097, 6145)}
    for r in backward:
        assert r["vector_loads"] > 0 and r["scalar_loads"] <= 2 and r["spill_bytes"] == 0, r
        if r["N"] == 4097:
            assert "block 1x4096, 8 warps," in r["plan"], r
        if r["dtype"] != "float32" and r["N"] == 6145:
            assert r["num_warps"] == 4, r


def test_the_h200s_narrow_16_bit_forward_reads_rows_past_vectors_in_one_warp(
        rows_through_a_window):
    """The H200's 16-bit single-block forward of rows of 137, 509 and 1001 columns
    (``policy.WINDOWED_ROW_TILES``, ``WINDOWED_TAILED_ROW_TILES``) reads them through
    the window in one warp: eight rows of 128 + 16 a program, two of 512 or one of 1024, laid
    out whole; the body in 16-byte vectors, the edges one scalar load a thread (137's tail a
    few more), an exp2 a value and a few for the edges, nothing spilled. float32 reads rows
    of 509 and 1001 from their own starts, value by value."""
    forward = {(r["dtype"], r["N"]): r for r in rows_through_a_window
               if r["direction"] == "forward"}
    for dtype in ("bfloat16", "float16"):
        for N, plan, rows, columns, scalar_loads in (
                (137, "block 8x128+16, 1 warps,", 8, 144, 4),
                (509, "block 2x512, 1 warps,", 2, 512, 1),
                (1001, "block 1x1024, 1 warps,", 1, 1024, 1)):
            r = forward[(dtype, N)]
            assert plan in r["plan"] and r["vector_loads"] > 0 and r["spill_bytes"] == 0, r
            assert r["scalar_loads"] == scalar_loads and r["exp2"] <= rows * columns // 32 + 10, r
    assert all(forward[("float32", N)]["vector_loads"] == 0 for N in (509, 1001))


def test_the_h200s_wider_forward_reads_rows_past_vectors_one_a_program_loading_edges_once(
        rows_through_a_window):
    """The H200's 16-bit single-block forward of rows of 4097 and 6145 columns
    (``policy.FORWARD_BODY_TILE_COLS``) reads them through the window, one row a program,
    its tiles the body's in 4 warps (4096; 4096 + 2048, ``policy._body_tiles``): the body in
    16-byte vectors, the edges one scalar load a thread, an exp2 a value and a few more,
    nothing spilled. Before the row's pair
    went to its edges through a scalar (``kernels/row_math.py``, ``per_row``), the compiler
    loaded and reduced them again in the body's layout, each thread 8 of them (9 scalar loads,
    42 exp2 at 4097)."""
    forward = {(r["dtype"], r["N"]): r for r in rows_through_a_window
               if r["direction"] == "forward" and r["N"] in (4097, 6145)}
    for dtype in ("bfloat16", "float16"):
        for N, tiles, columns in ((4097, "4096", 4096), (6145, "4096+2048", 6144)):
            r = forward[(dtype, N)]
            assert f"block 1x{tiles}, 4 warps," in r["plan"], r
            values = columns // (32 * 4)
            assert (r["vector_loads"], r["scalar_loads"], r["spill_bytes"]) == (
                values // 8, 1, 0), r
            assert r["exp2"] <= values + 3, r


FORCED_USAGE = """
import dataclasses, json, sys, torch
sys.path.insert(0, "benchmarks")
from resource_usage import description_of, plan_usage
from triton_impl import policy
N, dtype, changes = json.loads(sys.argv[1])
dtype = getattr(torch, dtype)
M = (1 << 27) // N
plan = dataclasses.replace(policy.choose(M, N, dtype, description_of("H200")), **changes)
plan = dataclasses.replace(plan, grid=(policy.cdiv(M, plan.block_m),))
print(json.dumps(dataclasses.asdict(plan_usage(plan, M, N, dtype, False))))
"""


def compiled_script(source: str, *args: str):
    """The last line, read as JSON, of the Python ``source`` run with ``args`` in a process of its
    own from the repository's root, not interpreted (Triton's real backend compiles)."""
    env = {k: v for k, v in os.environ.items() if k != "TRITON_INTERPRET"}
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run([sys.executable, "-c", source, *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-4000:]
    return json.loads(done.stdout.splitlines()[-1])


def forced_usage(N: int, dtype: str, **changes) -> dict:
    """What the H200's forward plan at N, changed by ``changes``, costs a thread compiled for
    sm_90 (``resource_usage.plan_usage``), in a process of its own (not interpreted)."""
    return compiled_script(FORCED_USAGE, json.dumps([N, dtype, changes]))


@pytest.mark.parametrize("dtype", ["bfloat16", "float32"])
def test_a_forward_of_several_plain_rows_in_one_warp_through_a_window_does_not_spill(dtype):
    """Four rows of 257 in one tile of the plain layout, one warp, through the window (what
    ``sweep_plans.py`` times; ``row_math.per_row_of_plain_rows``): no spill, an exp2 a value
    and a few for the edges. Through ``per_row``'s reshape the compiler moved the whole body
    into the reshape's layout: 548 exp2 and 3432 bytes of spills a thread (bfloat16; float32
    259 and 432)."""
    r = forced_usage(257, dtype, block_m=4, block_n=256, tail=0, num_warps=1, row_threads=0,
                     windowed=True)
    values = 4 * 256 // 32
    assert r["spill_bytes"] == 0 and r["exp2"] <= values + 8, r


LOOP_PROBE = """
import dataclasses, json, sys, torch
sys.path.insert(0, "benchmarks")
from compiling import compile_launch
from resource_usage import description_of
from triton_impl import launch, policy
gpu, found = description_of("H200"), {}
for dtype, N, backward in (("bfloat16", 25, True), ("float32", 9, False),
                           ("bfloat16", 16384, True)):
    M = 2 ** 27 // N
    plan = policy.choose(M, N, dtype, gpu, backward=backward)
    rows = tuple(torch.empty((M, N), dtype=getattr(torch, dtype), device="meta")
                 for _ in range(3 if backward else 2))
    for grid in (plan.grid[0], 2):
        (record,) = launch.launches(dataclasses.replace(plan, grid=(grid,)), rows, log=False)
        ptx = compile_launch(record, 90).asm["ptx"]
        found[f"{dtype} {N} {grid == 2}"] = "Loop Header" in ptx
print(json.dumps(found))
"""


def test_a_single_block_program_a_tile_compiles_without_a_loop():
    """``row_math.tile_step``: compiled for sm_90, the H200's single-block plans of narrow rows
    (bfloat16 backward of 25, float32 forward of 9), a program a row tile, have no loop in their
    PTX; the same plans on a grid of two programs, which walk the tiles, keep it (the loop LLVM
    marks "Loop Header"). Plans of one row a tile (bfloat16 backward of 16384) keep a loop on
    either grid: ``launch.launches`` leaves them the grid's step, and a step of the tile count
    (M) would not drop it either; what the case holds is that no change drops their loop
    untimed (ending it at the next tile did, and moved their speed: ``row_math.tile_step``)."""
    assert compiled_script(LOOP_PROBE) == {
        "bfloat16 25 False": False, "bfloat16 25 True": True,
        "float32 9 False": False, "float32 9 True": True,
        "bfloat16 16384 False": True, "bfloat16 16384 True": True}
