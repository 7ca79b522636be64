set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl 2>&1 | grep -v WARNING | tail -2
export PYTHONPATH=.:/tmp/site:/tmp/site/nvidia_cutlass_dsl/python_packages PYTHONUNBUFFERED=1
python3 -c "import pynvml" 2>&1 | tail -1
timeout ${LIMIT:-300} python3 "$(dirname "$0")/modes.py" "$@" 2>&1 | grep -v Warning | tee $OUT/modes.log
tar czf $OUT/modes.tgz -C $OUT $(cd $OUT && ls modes_*.json) 2>/dev/null; rm -f $OUT/modes_*.json; true
