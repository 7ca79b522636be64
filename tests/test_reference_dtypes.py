"""The one dtype table, ``reference.dtypes``, checked against what NumPy (and torch, when there)
say about each format, and the tables that read it (compute dtypes, the tolerance policy)."""

from __future__ import annotations

from functools import partial

import numpy as np
import pytest

from reference import _inputs, tolerance, traffic
from reference.dtypes import FORMATS, canonical, format_of, representable, round_to


@pytest.mark.parametrize("name", [name for name, fmt in FORMATS.items() if fmt.numpy is not None])
def test_formats_numpy_has_match_finfo(name):
    fmt, info = FORMATS[name], np.finfo(name)
    assert (fmt.eps, fmt.tiny, fmt.max) == (float(info.eps), float(info.tiny), float(info.max))
    assert fmt.smallest_subnormal == float(info.smallest_subnormal)
    assert fmt.itemsize == np.dtype(name).itemsize and fmt.numpy == np.dtype(name)


def test_bfloat16_is_float32s_upper_half():
    """bfloat16 = the top 16 bits of a float32: its max, tiny and eps read off the bit patterns."""
    fmt = FORMATS["bfloat16"]

    def from_bits(upper):
        return float(np.array([upper << 16], np.uint32).view(np.float32)[0])

    assert fmt.max == from_bits(0x7F7F) and fmt.tiny == from_bits(0x0080)
    assert fmt.smallest_subnormal == from_bits(0x0001)
    assert fmt.eps == from_bits(0x3F81) - 1.0 and fmt.itemsize == 2 and fmt.numpy is None


def test_bfloat16_rounds_to_nearest_even():
    one, ulp = 1.0, 2.0**-7
    values = [one + ulp / 2, one + ulp / 2 + 2.0**-20, one + 1.5 * ulp, 3.4e38, -0.0, np.nan]
    got = round_to(values, "bf16")
    np.testing.assert_array_equal(got[:4], [one, one + ulp, one + 2 * ulp, np.inf])
    assert np.signbit(got[4]) and np.isnan(got[5])
    assert representable([1.0, 1.0 + ulp, np.nan], "bfloat16")
    assert not representable([1.0 + ulp / 2], "bfloat16")


def test_bfloat16_rounding_matches_torch():
    torch = pytest.importorskip("torch")
    x = np.random.default_rng(0).standard_normal(4096) * np.logspace(-42, 38, 4096)
    want = torch.from_numpy(x).to(torch.bfloat16).double().numpy()
    np.testing.assert_array_equal(round_to(x, "bfloat16"), want)
    for name in FORMATS:
        fmt, info = FORMATS[name], torch.finfo(getattr(torch, name))
        assert (fmt.eps, fmt.tiny, fmt.max, fmt.itemsize) == (info.eps, info.tiny, info.max,
                                                                info.bits // 8)
        assert canonical(getattr(torch, name)) == name


def test_every_spelling_names_one_format():
    assert canonical("bf16") == canonical("BFLOAT16") == "bfloat16"
    assert canonical(np.float16) == canonical(np.dtype("float16")) == canonical("half") == "float16"
    assert canonical("torch.float32") == "float32" and format_of("double") is FORMATS["float64"]
    with pytest.raises(ValueError, match="unknown dtype 'int8'; expected one of float16"):
        canonical("int8")


def test_the_reference_and_the_policy_read_the_table():
    """No table restates a fact: each is the dtype table's, whatever the spelling it is keyed by."""
    assert _inputs.COMPUTE_DTYPE == {np.dtype(n): np.dtype(f.compute)
                                     for n, f in FORMATS.items() if n != "bfloat16"}
    for name, fmt in FORMATS.items():
        assert (tolerance.EPS[name], tolerance.TINY[name], tolerance.MAX[name]) == (
            fmt.eps, fmt.tiny, fmt.max)
        assert tolerance.COMPUTE[name] == fmt.compute
    assert tolerance.rtol(np.float16, 7) == tolerance.rtol("fp16", 7) == tolerance.rtol("half", 7)
    assert traffic.STAT_ITEMSIZE == FORMATS["float32"].itemsize
    assert traffic.traffic_formula("fused", 2, 3).bytes("bfloat16") == 2 * 2 * 3 * 2


@pytest.mark.parametrize("got, accepted", [(-np.inf, True), (-65504.0, True), (np.inf, False),
                                           (-60000.0, False)])
def test_a_value_at_the_overflow_threshold_may_round_either_way(got, accepted):
    """float16 log-softmax whose exact value, -65519.9994, lies a float32 ulp under the threshold
    at which float16 rounds to -inf (65520): computed in float32 it is -65520.0, which rounds to
    -inf (a GPU run of the thorough profile met it); the policy takes -inf there, or a finite
    value within the allowance, and not +inf or a value beyond it."""
    assert tolerance.overflow_threshold("float16") == 65520.0
    expected = np.array([-65519.9994577728, -1.0, 0.0])
    check = partial(tolerance.assert_close, np.array([got, -1.0, 0.0]), expected, dtype="float16",
                    kind="log_softmax")
    if accepted:
        check()
    else:
        with pytest.raises(AssertionError):
            check()
