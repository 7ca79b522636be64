"""The tests' name for the one tolerance policy, which lives in ``reference.tolerance``.

Kept so that a user's test file that says ``from tolerance import assert_close`` (as the kit's
examples in tests/README.md do) finds it; the policy itself is written once, in the reference tier.
"""

from reference.tolerance import *  # noqa: F401,F403

