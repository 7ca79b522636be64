# asv for the commits named (bash seventh.sh SHA ...): the rule's fourth form, the odd rows of 17-23.
set -u
export PYTHONPATH=. PYTHONUNBUFFERED=1
ASV_LIMIT=150 bash benchmarks/asv_on_device.sh .gl "$@"
