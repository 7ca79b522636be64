#!/bin/bash
# usage: regs.sh OUTFILE ; compiles cooperative plans at the widths the compile tests use
cd "$(git rev-parse --show-toplevel)"
out=$1; : > $out
for gpu in H100 H200; do
  TRITON_INTERPRET=0 PYTHONPATH=. python3 benchmarks/resource_usage.py --gpu $gpu --n 65536 65528 65534 262144 1048576 2097152 3145728 4194304 2>&1 | grep -i "cooperative" | sed "s/^/$gpu /" >> $out
done
