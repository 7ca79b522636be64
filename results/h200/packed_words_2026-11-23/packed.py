"""bfloat16 cooperative forward holding its block as 32-bit words of two bfloat16 (experiment)."""
import triton
import triton.language as tl

from triton_impl.kernels.cooperative import (all_published, from_bits, help_pairs, publish_pair_values,
                                             published_bits, read_words, row_and_program, wait_for)
from triton_impl.kernels.row_math import exp, merge_pairs

NEG_INF_PAIR = tl.constexpr(-8323200)  # 0xFF80FF80: two bfloat16 -inf


@triton.jit
def unpack(w, sel_lo, sel_hi, OPAQUE: tl.constexpr):
    """The two bfloat16 of each word as float32 (low half: the even column)."""
    if OPAQUE == 1 or OPAQUE == 5:
        return tl.inline_asm_elementwise(
            "prmt.b32 $0, $2, 0, $3;\n\tprmt.b32 $1, $2, 0, $4;", "=r,=r,r,r,r",
            [w, sel_lo, sel_hi], dtype=(tl.float32, tl.float32), is_pure=False, pack=1)
    elif OPAQUE == 6:
        return tl.inline_asm_elementwise(
            "prmt.b32 $0, $2, 0, 0x1054;\n\tprmt.b32 $1, $2, 0, 0x3254;", "=r,=r,r",
            [w], dtype=(tl.float32, tl.float32), is_pure=False, pack=1)
    else:
        return tl.inline_asm_elementwise(
            "shl.b32 $0, $2, 16;\n\tand.b32 $1, $2, -65536;", "=r,=r,r",
            [w], dtype=(tl.float32, tl.float32), is_pure=False, pack=1)


@triton.jit
def pack(lo, hi, OPAQUE: tl.constexpr):
    if OPAQUE == 5:
        return ((hi.to(tl.bfloat16).to(tl.uint16, bitcast=True).to(tl.int32) << 16)
                | lo.to(tl.bfloat16).to(tl.uint16, bitcast=True).to(tl.int32))
    return tl.inline_asm_elementwise("cvt.rn.bf16x2.f32 $0, $2, $1;", "=r,r,r", [lo, hi],
                                     dtype=tl.int32, is_pure=True, pack=1)


@triton.jit
def packed_forward(x_ptr, y_ptr, words_ptr, N, x_row_stride, y_row_stride, programs,
                   sel_lo, sel_hi, BLOCK: tl.constexpr, SLOTS: tl.constexpr,
                   PATIENCE: tl.constexpr, OPAQUE: tl.constexpr):
    HALF: tl.constexpr = BLOCK // 2
    row, program = row_and_program(programs)
    xw = x_ptr.to(tl.pointer_type(tl.int32), bitcast=True) + row.to(tl.int64) * (x_row_stride // 2)
    yw = y_ptr.to(tl.pointer_type(tl.int32), bitcast=True) + row.to(tl.int64) * (y_row_stride // 2)
    pairs = words_ptr + row.to(tl.int64) * programs
    cols = program * HALF + tl.arange(0, HALF)
    inside = cols < N // 2
    w = tl.load(xw + cols, mask=inside, other=NEG_INF_PAIR, eviction_policy="evict_last")
    lo, hi = unpack(w, sel_lo, sel_hi, OPAQUE)
    m = tl.maximum(tl.max(lo, 0), tl.max(hi, 0))
    m_safe = tl.where(m == -float("inf"), 0.0, m)
    lo, hi = unpack(w, sel_lo, sel_hi, OPAQUE)
    d = tl.sum(exp(lo - m_safe) + exp(hi - m_safe), 0)
    publish_pair_values(m, d, pairs, program, programs)

    offsets = tl.arange(0, SLOTS)
    present = offsets < programs
    words = wait_for(pairs, offsets, present, 0xFF800000, PATIENCE)
    if not all_published(words):
        help_pairs(x_ptr + row.to(tl.int64) * x_row_stride, pairs, programs, N, BLOCK)
        words = read_words(pairs, offsets, present, 0xFF800000)
        w = tl.load(xw + cols, mask=inside, other=NEG_INF_PAIR, eviction_policy="evict_first")
    bits = published_bits(words)
    m_row, d_row = merge_pairs(from_bits(bits, x_ptr), from_bits(bits >> 32, x_ptr))
    lo, hi = unpack(w, sel_lo, sel_hi, OPAQUE)
    scale = 1.0 / d_row
    tl.store(yw + cols, pack(exp(lo - m_row) * scale, exp(hi - m_row) * scale, OPAQUE), mask=inside)
