# Nsight Compute's issue, pipe and stall counters of the second launch of each problem; OUT set.
# From the repository root: bash results/h200/issue_rate_2026-11-25/scripts/ncu.sh
export PYTHONPATH=. PYTHONUNBUFFERED=1
D=results/h200/issue_rate_2026-11-25/scripts
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/device.txt
M="gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,sm__inst_executed.sum"
M="$M,sm__inst_issued.avg.pct_of_peak_sustained_active,sm__inst_issued.avg.pct_of_peak_sustained_elapsed"
M="$M,sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active"
M="$M,sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active"
M="$M,sm__pipe_xu_cycles_active.avg.pct_of_peak_sustained_active"
M="$M,sm__warps_active.avg.pct_of_peak_sustained_active,sm__cycles_active.avg"
M="$M,smsp__average_warp_latency_issue_stalled_long_scoreboard.ratio"
M="$M,smsp__average_warp_latency_issue_stalled_math_pipe_throttle.ratio"
M="$M,smsp__average_warp_latency_issue_stalled_wait.ratio"
M="$M,smsp__average_warp_latency_issue_stalled_not_selected.ratio"
M="$M,smsp__average_warp_latency_issue_stalled_selected.ratio"
M="$M,smsp__average_warp_latency_issue_stalled_lg_throttle.ratio"
M="$M,smsp__average_warp_latency_issue_stalled_barrier.ratio"
M="$M,smsp__average_warp_latency_issue_stalled_short_scoreboard.ratio"
M="$M,smsp__average_warp_latency_issue_stalled_branch_resolving.ratio"
M="$M,smsp__average_warp_latency_issue_stalled_drain.ratio"
M="$M,smsp__average_warp_latency_issue_stalled_membar.ratio"
M="$M,smsp__average_warp_latency_issue_stalled_dispatch_stall.ratio"
M="$M,smsp__average_warp_latency_issue_stalled_no_instruction.ratio"
for c in "${@:-1048576 64 bfloat16 forward}"; do
    echo "== $c" | tee -a $OUT/ncu.log
    timeout 150 ncu --clock-control none --kernel-name regex:"cooperative|single_block" \
        --launch-skip 1 --launch-count 1 --metrics $M --csv \
        python3 $D/one_launch.py $c 2>&1 | grep -v "^==PROF==\|Warning" | tee -a $OUT/ncu.log
done
