"""Print the Triton code torch.compile (inductor) generates for the naive softmax and its backward
at the narrow rows where its backward leads ours (float32 9, 11, 14; bfloat16 odd 25, 31), and
the launch configuration its autotuner kept: to learn its layout, not to time it.

    PYTHONPATH=. python3 results/h200/narrowest_rows_2026-12-01/inductor_code.py OUT_DIR
"""
import gc
import sys
from pathlib import Path

import torch
from torch._inductor.utils import run_and_get_code

from softmax_lab.implementations import naive_softmax, naive_softmax_backward

out = Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
torch._dynamo.config.recompile_limit = 1024
CASES = [("float32", 9), ("float32", 11), ("float32", 14), ("bfloat16", 25), ("bfloat16", 31)]
for dtype_name, n in CASES:
    dtype = getattr(torch, dtype_name)
    m = 2**27 // n
    x = torch.randn(m, n, device="cuda", dtype=dtype)
    y = torch.softmax(x.float(), -1).to(dtype)
    dy = torch.randn_like(y)
    for direction, fn, args in (("forward", naive_softmax, (x,)),
                                ("backward", naive_softmax_backward, (y, dy))):
        torch._dynamo.reset()
        compiled = torch.compile(fn, dynamic=False)
        _, codes = run_and_get_code(compiled, *args)
        chosen = []
        for obj in gc.get_objects():
            if type(obj).__name__ == "CachingAutotuner":
                chosen.append(f"{obj.fn.__name__}: "
                              + "; ".join(str(launcher.config) for launcher in obj.launchers))
        name = f"{dtype_name}_{n}_{direction}"
        (out / f"{name}.py").write_text("\n".join(codes) + "\n# chosen:\n# "
                                        + "\n# ".join(chosen) + "\n")
        print(name, "|", " || ".join(chosen[-2:]), flush=True)
