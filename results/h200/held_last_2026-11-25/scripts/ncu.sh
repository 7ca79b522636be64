# Nsight's DRAM bytes of the second cooperative launch of each case (ncu_bytes.py); OUT set.
export PYTHONPATH=. PYTHONUNBUFFERED=1
D=results/h200/held_last_2026-11-25/scripts
for c in "forward 32 8192" "forward 32 0" "backward 32 8192" "backward 32 0"; do
    echo "== $c" | tee -a $OUT/ncu.log
    timeout 120 ncu --clock-control none --kernel-name regex:cooperative --launch-skip 1 --launch-count 1 \
        --metrics dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum --csv \
        python3 $D/ncu_bytes.py $c 2>&1 | grep -v "^==PROF==\|Warning" | tee -a $OUT/ncu.log
done
