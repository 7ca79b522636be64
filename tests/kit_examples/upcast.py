"""Correct softmaxes computed in a wider dtype and rounded back: the kit must pass them.

    python -m pytest tests -m kit --softmax-impl=kit_examples.upcast:softmax_float32 \
        --log-softmax-impl=kit_examples.upcast:log_softmax_float32

``softmax_float32`` is what many users write for float16 and bfloat16: ``torch.softmax`` in
float32, cast back. Differentiated by autograd, its gradient comes from the float32 output, not
the rounded one it returns; where that output is subnormal in float16 (below 6.1e-5) the two
differ by a large relative amount, and a kit that judged the gradient by the rounded output alone
once rejected it, although it was the closer to the exact gradient
(``reference.tolerance.grad_scale``'s ``dtype``). ``softmax_float64`` does the same in float64.
"""

import torch


def softmax_float32(x: torch.Tensor, dim: int) -> torch.Tensor:
    return torch.softmax(x.float(), dim).to(x.dtype)


def log_softmax_float32(x: torch.Tensor, dim: int) -> torch.Tensor:
    return torch.log_softmax(x.float(), dim).to(x.dtype)


def softmax_float64(x: torch.Tensor, dim: int) -> torch.Tensor:
    return torch.softmax(x.double(), dim).to(x.dtype)


def log_softmax_float64(x: torch.Tensor, dim: int) -> torch.Tensor:
    return torch.log_softmax(x.double(), dim).to(x.dtype)
