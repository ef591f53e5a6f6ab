"""The site's settings, with static files collected into the bench's own temporary folder."""

import os
from pathlib import Path

from sueca_club.settings import *  # noqa: F403

STATIC_ROOT = Path(os.environ["BENCH_STATIC_ROOT"])
