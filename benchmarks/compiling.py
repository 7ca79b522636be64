"""Compiling a launch for a GPU that is not here: Triton's real backend, ptxas and cuobjdump from
its wheel, no GPU. Shared by ``resource_usage.py`` (what a plan costs a thread) and
``gpu_code_digest.py`` (whether two checkouts run the same GPU code). It imports nothing of the
lab, so that a tool can compile the launches of another checkout's ``triton_impl``.
"""

from __future__ import annotations

import os
import subprocess
import tempfile

import torch
import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

POINTER_TYPES = {torch.float32: "*fp32", torch.bfloat16: "*bf16", torch.float16: "*fp16",
                 torch.float64: "*fp64", torch.int32: "*i32", torch.int64: "*i64"}
CUOBJDUMP = os.path.join(os.path.dirname(triton.__file__), "backends", "nvidia", "bin", "cuobjdump")


def compile_launch(record, arch: int = 90):
    """Compile one launch for sm_``arch`` as Triton's launcher would specialise it on a GPU:
    tensors as pointers of their dtype, 16-byte aligned (as torch allocates them); ints as int32,
    an int of 1 as a constant and one divisible by 16 marked so. (Without those marks the
    compiler cannot prove a row's 16-byte vectors aligned, and compiles scalar loads: other
    registers than the GPU runs.) Returns Triton's compiled kernel (``asm``: ptx, cubin)."""
    signature, attrs, constexprs = {}, {}, dict(record.constexprs)
    args = iter(record.args)
    for index, (name, param) in enumerate(zip(record.kernel.arg_names, record.kernel.params)):
        if param.is_constexpr:
            signature[name] = "constexpr"
            continue
        value = next(args)
        if isinstance(value, torch.Tensor):
            signature[name] = POINTER_TYPES[value.dtype]
            attrs[(index,)] = [["tt.divisibility", 16]]
        elif value == 1:
            signature[name] = "constexpr"
            constexprs[name] = 1
        else:
            signature[name] = "i32"
            if value % 16 == 0:
                attrs[(index,)] = [["tt.divisibility", 16]]
    source = ASTSource(fn=record.kernel, signature=signature, constexprs=constexprs, attrs=attrs)
    return triton.compile(source, target=GPUTarget("cuda", arch, 32),
                          options=dict(num_warps=record.num_warps, num_stages=record.num_stages,
                                       **({"maxnreg": record.max_registers}
                                          if record.max_registers else {})))


def cuobjdump(compiled, *flags: str) -> str:
    """NVIDIA's cuobjdump of a compiled kernel's cubin, with ``flags``."""
    with tempfile.NamedTemporaryFile(suffix=".cubin") as cubin:
        cubin.write(compiled.asm["cubin"])
        cubin.flush()
        return subprocess.run([CUOBJDUMP, *flags, cubin.name], check=True, capture_output=True,
                              text=True).stdout
