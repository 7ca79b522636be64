"""Order of the re-read blocks of the cooperative kernels (rows wider than one block an SM): the
tree's kernels against copies of triton_impl whose after-wait loop re-reads its blocks newest
first ("rev"), and/or writes the held block after them ("late"), timed interleaved over ROUNDS
rounds, each figure the median of all its rounds' calls. argv: N:M:dtype:direction cases."""
import json, os, shutil, statistics, sys, importlib
import torch
sys.path.insert(0, "benchmarks")
import checking
from softmax_lab import implementations, measure
import triton_impl.dispatch, triton_impl.launch
rounds, out_dir = int(os.environ.get("ROUNDS", 5)), os.environ["OUT"]
FWD_LOOP = ('    for b in tl.range(first + 1, first + BLOCKS):\n'
            '        xb = load_block(x_row, b, N, BLOCK, -float("inf"), "evict_first")\n')
FWD_REV = ('    for i in tl.range(1, BLOCKS):\n        b = first + BLOCKS - i\n'
           '        xb = load_block(x_row, b, N, BLOCK, -float("inf"), "evict_first")\n')
FWD_STORE_LOOP = '        store_block(y_row, b, N, BLOCK, softmax_output(xb, m_row, d_row, LOG), "evict_first")\n'
FWD_HELD = '    store_held_output(y_row, first, N, BLOCK, held, x_ptr, m_row, d_row, LOG, PAIRED, ASM)\n'
BWD_LOOP = ('    for b in tl.range(first + 1, first + BLOCKS):\n'
            '        yb = load_block(y_row, b, N, BLOCK, 0.0, "evict_first")\n')
BWD_REV = ('    for i in tl.range(1, BLOCKS):\n        b = first + BLOCKS - i\n'
           '        yb = load_block(y_row, b, N, BLOCK, 0.0, "evict_first")\n')
BWD_HELD = ('    store_block(dx_row, first, N, BLOCK,\n'
            '                grad_output(to_compute_again(y, ASM), to_compute_again(dy, ASM), s, LOG), "")\n')
BWD_STORE_LOOP = '        store_block(dx_row, b, N, BLOCK, grad_output(yb, dyb, s, LOG), "evict_first")\n'


def edit(text, rev, late):
    assert text.count(FWD_LOOP) == 1 and text.count(BWD_LOOP) == 1
    assert text.count(FWD_HELD + FWD_LOOP) == 1 and text.count(BWD_HELD + BWD_LOOP) == 1
    if late:
        text = text.replace(FWD_HELD + FWD_LOOP, FWD_LOOP)
        text = text.replace(FWD_STORE_LOOP, FWD_STORE_LOOP + FWD_HELD)
        text = text.replace(BWD_HELD + BWD_LOOP, BWD_LOOP)
        text = text.replace(BWD_STORE_LOOP, BWD_STORE_LOOP + BWD_HELD)
    if rev:
        text = text.replace(FWD_LOOP, FWD_REV).replace(BWD_LOOP, BWD_REV)
    return text


VARIANTS = {"rev": (True, False), "late": (False, True), "rev_late": (True, True)}
root = "/tmp/variants"; shutil.rmtree(root, ignore_errors=True); os.makedirs(root)
sys.path.insert(0, root)
packages = {"base": (triton_impl.dispatch, triton_impl.launch)}
for name, (rev, late) in VARIANTS.items():
    pkg = f"ti_{name}"; shutil.copytree("triton_impl", f"{root}/{pkg}")
    path = f"{root}/{pkg}/kernels/cooperative.py"
    text = edit(open(path).read(), rev, late)
    open(path, "w").write(text)
    packages[name] = (importlib.import_module(f"{pkg}.dispatch"), importlib.import_module(f"{pkg}.launch"))
copy = measure.copy_bandwidth_gbs()
print(f"{torch.cuda.get_device_name()} copy {copy:.0f} GB/s", flush=True)
for case in sys.argv[1:]:
    N, M, dtype_name, direction = case.split(":"); N, M = int(N), int(M)
    dtype = getattr(torch, dtype_name); backward = direction == "backward"
    torch.manual_seed(0)
    x = torch.randn(M, N, device="cuda", dtype=dtype) * 3
    dy = torch.randn_like(x); y = torch.softmax(x.float(), -1).to(dtype)
    out = torch.empty_like(x)
    nbytes = implementations.useful_bytes(M, N, dtype, direction)
    fns = []
    for name, (dispatch, launch) in packages.items():
        plan = dispatch.make_plan(M, N, dtype, "cuda", backward=backward)
        if backward:
            fn = (lambda p=plan, l=launch: l.softmax_backward_rows(p, y, dy, out, False))
        else:
            fn = (lambda p=plan, l=launch: l.softmax_rows(p, x, out, False))
        try:
            out.fill_(float("nan")); fn(); torch.cuda.synchronize()
            if backward:
                checking.check_backward(out, y, dy, what=name)
            else:
                checking.check_forward(out, x, what=name)
            fns.append((name, plan.describe(), fn))
        except Exception as error:
            print(f"  {name}: FAILED {type(error).__name__}: {str(error)[:300]}", flush=True)
    calls = {name: [] for name, _, _ in fns}
    for _ in range(rounds):
        for name, _, fn in fns:
            calls[name] += measure.times_ms(fn, warmup_ms=10, rep_ms=40)
    rows = []
    for name, desc, _ in fns:
        ms = statistics.median(calls[name])
        rows.append(dict(variant=name, plan=desc, ms=ms, calls=len(calls[name]),
                         fraction_of_copy=measure.gbs(nbytes, ms) / copy))
    base = rows[0]["ms"]
    print(f"{case}  {rows[0]['plan'][:80]}", flush=True)
    for r in rows:
        print(f"  {r['variant']:10} {r['ms']*1e3:8.1f} us {r['fraction_of_copy']:6.1%}  base/this {base / r['ms']:.3f}", flush=True)
    with open(os.path.join(out_dir, f"order_{case.replace(':', '_')}.json"), "w") as f:
        json.dump(dict(device=torch.cuda.get_device_name(), copy_gbs=copy, case=case,
                       rounds=rounds, rows=rows), f, indent=1)
