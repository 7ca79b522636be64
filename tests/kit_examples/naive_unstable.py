"""A deliberately wrong softmax, for the kit's demonstration: it forgets to subtract the max.

exp(x) overflows once x > ln(65504) ~ 11.09 in float16 (~ 88.7 in float32), and inf / inf is
NaN; and once every x of a row is below ~ -104 in float32 every exp(x) underflows to 0, and
0 / 0 is NaN. tests/README.md shows the kit catching it:

    python -m pytest tests -m kit --softmax-impl=kit_examples.naive_unstable:softmax
"""

import torch


def softmax(x: torch.Tensor, dim: int) -> torch.Tensor:
    e = torch.exp(x)  # wrong: should be torch.exp(x - x.amax(dim, keepdim=True))
    return e / e.sum(dim, keepdim=True)
