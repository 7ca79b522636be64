"""Write .runs/stages.py: the committed results/h100/wide_4m_shape_2026-11-24/scripts/stages.py with
variant keys s1 and s2 setting the cooperative launch's STAGES and STAGES2 constexprs (those of
experiment.diff) in place of its held/store keys. From the repository root, the diff applied:
python3 results/h200/loop_stages_2026-11-24/scripts/derive_stages.py"""
import os
source = open("results/h100/wide_4m_shape_2026-11-24/scripts/stages.py").read()
edits = [
    ("from triton_impl import dispatch, launch, policy\n",
     "from triton_impl import dispatch, launch, policy\nEXTRA = {}\n_launches = launch.launches\n"
     "def _with_extra(plan, rows, log):\n"
     "    return tuple(r._replace(constexprs=dict(r.constexprs, **EXTRA))\n"
     "                 if r.kernel.__name__.startswith(\"cooperative\") else r\n"
     "                 for r in _launches(plan, rows, log))\n"
     "launch.launches = _with_extra\n"),
    ('    exp = {k.upper(): changes.pop(k) for k in ("held", "store") if k in changes}\n',
     '    exp = {("STAGES" if k == "s1" else "STAGES2"): changes.pop(k) for k in ("s1", "s2") if k in changes}\n'),
    ('        if exp or hasattr(launch, "EXPERIMENT"):\n'
     '            launch.EXPERIMENT.clear(); launch.EXPERIMENT.update(exp)\n',
     "        EXTRA.clear(); EXTRA.update(exp)\n"),
]
for old, new in edits:
    assert source.count(old) == 1, old
    source = source.replace(old, new)
os.makedirs(".runs", exist_ok=True)
open(".runs/stages.py", "w").write(source)
