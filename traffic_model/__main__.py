"""``python -m traffic_model``; see ``traffic_model.cli``."""

import sys

from traffic_model.cli import main

sys.exit(main())
