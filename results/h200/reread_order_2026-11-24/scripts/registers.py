"""Registers (ptxas of Triton's wheel, sm_90, no GPU) of the policy's cooperative plans at N = 2M-4M, the
tree's kernel or a variant of coop_order.py. Run from the repository root: argv: base | rev | late | rev_late."""
import sys, os, shutil
variant = sys.argv[1]
src = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "coop_order.py")).read()
ns = {}; exec(src.split("def edit")[0].split("import triton_impl.dispatch, triton_impl.launch")[1].replace('rounds, out_dir = int(os.environ.get("ROUNDS", 5)), os.environ["OUT"]', ''), ns)
exec("def edit" + src.split("def edit")[1].split("VARIANTS =")[0], ns)
root = f"/tmp/regs_{variant}"; shutil.rmtree(root, ignore_errors=True); os.makedirs(root)
shutil.copytree("triton_impl", f"{root}/triton_impl")
p = f"{root}/triton_impl/kernels/cooperative.py"
rev, late = {"base": (0, 0), "rev": (1, 0), "late": (0, 1), "rev_late": (1, 1)}[variant]
t = ns["edit"](open(p).read(), rev, late); open(p, "w").write(t)
sys.path.insert(0, root); import triton_impl; assert triton_impl.__file__.startswith(root)
sys.path.insert(0, "benchmarks")
import torch
from resource_usage import description_of, plan_usage
from triton_impl import policy
gpu = description_of("H200")
for N, M in ((1 << 21, 64), (3 << 20, 32), (1 << 22, 32)):
    for dtype, backward in ((torch.float32, False), (torch.float32, True), (torch.bfloat16, False), (torch.bfloat16, True)):
        plan = policy.choose(M, N, dtype, gpu, backward=backward)
        u = plan_usage(plan, M, N, dtype, backward)
        print(variant, N, str(dtype)[6:], "bwd" if backward else "fwd", plan.num_warps, "warps:", u.registers, "regs", u.spill_bytes, "spill", 65536 // (max(u.registers, 1) * 32 * plan.num_warps), "per SM", flush=True)
