# Nsight's DRAM bytes of the forward, before (.gl/before) and after, and the L2 after a flush.
set -u
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
L=$OUT/third.log
rm -rf /tmp/before && mkdir /tmp/before && cp -r . /tmp/before/ && rm -rf /tmp/before/triton_impl \
    && cp -r .gl/before/triton_impl /tmp/before/
R=$(pwd)
P=results/h200/evict_last_forward_2026-11-30
for tree in after before; do
    path=.; [ $tree = before ] && path=/tmp/before
    for c in "134217 1000 float32" "134084 1001 bfloat16" "32736 4100 bfloat16" "44739 3000 float32" \
             "131072 1024 float32" "500812 268 bfloat16"; do
        echo "== $tree forward $c" | tee -a $L
        (cd $path && PYTHONPATH=. timeout 60 ncu --clock-control none --nvtx --nvtx-include "measure/" \
            --metrics dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum --csv \
            python3 benchmarks/ncu_traffic.py ours forward $c 2>&1 | grep -v "^==PROF==" | tail -4 | tee -a $L)
    done
    for c in "1024 1000 float32" "4096 1001 bfloat16" "8192 1000 float32"; do
        echo "== $tree l2_after_flush $c" | tee -a $L
        (cd $path && PYTHONPATH=. timeout 60 ncu --clock-control none --nvtx --nvtx-include "measure/" \
            --metrics dram__bytes_read.sum --csv python3 $R/$P/l2_after_flush.py $c 2>&1 \
            | grep -v "^==PROF==" | tail -3 | tee -a $L)
    done
done
