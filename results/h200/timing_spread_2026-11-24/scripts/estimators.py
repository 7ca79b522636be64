"""Two estimators of a point timed in R rounds, over every choice of R of the ten do_benches of
modes_M_N.json (each a round): the median of the rounds' medians (before 7a5627b) and the median
of all the rounds' calls (since). Prints each one's standard deviation and range over the choices.
Run from the folder above: python3 scripts/estimators.py"""
import itertools, json, statistics

for name in ("modes_4096_512.json", "modes_4096_640.json"):
    record = json.load(open(name))
    for impl in ("ours", "quack"):
        rounds = [c["times_us"] for c in record["calls"] if c["impl"] == impl]
        for R in (3, 4, 5):
            of_medians, pooled = [], []
            for chosen in itertools.combinations(range(len(rounds)), R):
                medians = sorted(statistics.median(rounds[i]) for i in chosen)
                of_medians.append(medians[(R - 1) // 2])
                pooled.append(statistics.median([t for i in chosen for t in rounds[i]]))
            print(f"N={record['N']} {impl:5} R={R}: median of medians sd "
                  f"{statistics.pstdev(of_medians):.3f} us range {max(of_medians) - min(of_medians):.2f}"
                  f" | all calls sd {statistics.pstdev(pooled):.3f} us range "
                  f"{max(pooled) - min(pooled):.2f}")
