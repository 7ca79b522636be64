"""Cache hints of the single-block forward: the tree's kernel against copies of triton_impl whose
load_tile loads and/or single_block_forward stores carry an eviction hint, with the peers, timed
interleaved over ROUNDS rounds (median and first quartile). argv: M:N shapes."""
import json, os, re, shutil, statistics, sys, importlib
import torch
sys.path.insert(0, "benchmarks")
import checking
from softmax_lab import implementations, measure
import triton_impl.dispatch, triton_impl.launch
rounds, out_dir = int(os.environ.get("ROUNDS", 7)), os.environ["OUT"]
VARIANTS = {  # name: (load hint, store hint)
    "lf": ('eviction_policy="evict_first"', None),
    "se": (None, 'eviction_policy="evict_last"'),
    "lf_se": ('eviction_policy="evict_first"', 'eviction_policy="evict_last"'),
    "lcg": ('cache_modifier=".cg"', None),
    "sf": (None, 'eviction_policy="evict_first"'),
}
root = "/tmp/variants"; shutil.rmtree(root, ignore_errors=True); os.makedirs(root)
sys.path.insert(0, root)
packages = {"base": (triton_impl.dispatch, triton_impl.launch)}
for name, (load, store) in VARIANTS.items():
    pkg = f"ti_{name}"; shutil.copytree("triton_impl", f"{root}/{pkg}")
    rm = f"{root}/{pkg}/kernels/row_math.py"; fw = f"{root}/{pkg}/kernels/forward.py"
    if load:
        s = open(rm).read(); n = s.count('other=-float("inf"))')
        s = s.replace('x = tl.load(x_rows + cols, mask=mask, other=-float("inf"))',
                      f'x = tl.load(x_rows + cols, mask=mask, other=-float("inf"), {load})')
        s = s.replace('x = tl.load(x_rows + cols[None, :], mask=mask, other=-float("inf"))',
                      f'x = tl.load(x_rows + cols[None, :], mask=mask, other=-float("inf"), {load})')
        assert s.count(load) == 2, (name, s.count(load)); open(rm, "w").write(s)
    if store:
        s = open(fw).read()
        body = s.split("def single_block_forward", 1)
        head, rest = body[1].split("def online_forward", 1)
        k = head.count("mask=tail2_mask)") + head.count("mask=tail_mask)") + head.count("mask=mask)")
        head = (head.replace("mask=tail2_mask)", f"mask=tail2_mask, {store})")
                .replace("mask=tail_mask)", f"mask=tail_mask, {store})")
                .replace("tl.store(y_rows + cols, y.to(y_ptr.dtype.element_ty), mask=mask)",
                         f"tl.store(y_rows + cols, y.to(y_ptr.dtype.element_ty), mask=mask, {store})"))
        assert head.count(store) == 3, (name, head.count(store))
        open(fw, "w").write(body[0] + "def single_block_forward" + head + "def online_forward" + rest)
    packages[name] = (importlib.import_module(f"{pkg}.dispatch"), importlib.import_module(f"{pkg}.launch"))
copy = measure.copy_bandwidth_gbs()
print(f"{torch.cuda.get_device_name()} copy {copy:.0f} GB/s", flush=True)
for shape in sys.argv[1:]:
    M, N = map(int, shape.split(":"))
    x = torch.randn(M, N, device="cuda") * 3
    out = torch.empty_like(x)
    fns = []
    for name, (dispatch, launch) in packages.items():
        plan = dispatch.make_plan(M, N, x.dtype, "cuda")
        try:
            out.fill_(float("nan"))
            fn = (lambda p=plan, l=launch: l.softmax_rows(p, x, out, False))
            fn(); torch.cuda.synchronize()
            checking.check_forward(out, x, what=name)
            fns.append((name, plan.describe(), fn))
        except Exception as error:
            print(f"  {name}: FAILED {type(error).__name__}: {str(error)[:300]}", flush=True)
    for name in ("quack", "liger"):
        try:
            forward = implementations.get(name).forward
            got = forward(x); torch.cuda.synchronize()
            checking.check_forward(got, x, what=name)
            fns.append((name, name, lambda f=forward: f(x)))
        except Exception as error:
            print(f"  {name}: skipped, {type(error).__name__}: {str(error)[:200]}", flush=True)
    times = {label: [] for label, _, _ in fns}
    for _ in range(rounds):
        for label, _, fn in fns:
            times[label].append(measure.median_ms(fn, warmup_ms=10, rep_ms=40))
    nbytes = implementations.useful_bytes(M, N, x.dtype, "forward")
    rows = [dict(variant=label, plan=desc, ms=statistics.median(times[label]),
                 q1_ms=sorted(times[label])[len(times[label]) // 4], rounds_ms=times[label])
            for label, desc, _ in fns]
    base = [r for r in rows if r["variant"] == "base"][0]
    print(f"M={M} N={N} base plan: {base['plan']}", flush=True)
    for r in sorted(rows, key=lambda r: r["ms"]):
        print(f"  {r['variant']:8} median {r['ms']*1e3:8.2f} us q1 {r['q1_ms']*1e3:8.2f} us "
              f"{measure.gbs(nbytes, r['ms'])/copy:6.1%}  base/this {base['ms']/r['ms']:.3f}", flush=True)
    with open(os.path.join(out_dir, f"evict_{M}_{N}.json"), "w") as f:
        json.dump(dict(device=torch.cuda.get_device_name(), copy_gbs=copy, M=M, N=N,
                       rounds=rounds, rows=rows), f, indent=1)
