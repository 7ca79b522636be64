import re, sys
def load(p):
    d = {}
    for line in open(p):
        f = line.split()
        key = tuple(f[:5])
        warps = int(re.search(r"(\d+) warps", line).group(1))
        m = re.search(r"launched in (\d+) warps", line)
        if m: warps = int(m.group(1))
        regs, spill = int(f[-5]), int(f[-4])
        alloc = -(-regs // 8) * 8
        progs = min(65536 // (alloc * 32 * warps), 2048 // (32 * warps))
        d[key] = (regs, spill, progs, warps)
    return d
base = load(sys.argv[1])
for p in sys.argv[2:]:
    v = load(p); worse = []; better = []
    for k in base:
        if v[k][2] < base[k][2] or v[k][1] > base[k][1]: worse.append((k, base[k], v[k]))
        if v[k][2] > base[k][2]: better.append((k, base[k], v[k]))
    print(p, "worse:", len(worse), "better:", len(better))
    for w in worse: print("  -", *w)
    for w in better: print("  +", *w)
