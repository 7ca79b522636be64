# Third call, at the commit of the window: asv records it; the widths section (bfloat16 and
# float32) with torch.softmax, torch.compile and Liger-Kernel 0.8.5 (QuACK 0.2.2 refuses N not a
# multiple of 8, the widths the window changes; not carried); the cooperative tests compiled.
set -o pipefail
export PYTHONUNBUFFERED=1
ASV_LIMIT=120 bash benchmarks/asv_on_device.sh .gl
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/peers .carry5/*.whl 2>&1 | grep -v WARN
for dtype in bfloat16 float32; do
    PYTHONPATH=.:/tmp/peers timeout 150 python3 benchmarks/speed_of_light.py --out $OUT/widths_$dtype \
        --sections widths --dtypes $dtype --no-plot >> $OUT/widths.log 2>&1
done
grep -E "copy|ours" $OUT/widths.log
PYTHONPATH=. timeout 150 python3 -m pytest -q -p no:cacheprovider -n 4 tests/test_cooperative.py > $OUT/pytest_gpu.log 2>&1
tail -3 $OUT/pytest_gpu.log
