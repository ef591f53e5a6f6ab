"""The site's settings, with static files collected into a test's own folder
(tests/site/test_behind_nginx.py: collectstatic and gunicorn both run with these)."""

import os
from pathlib import Path

from sueca_club.settings import *  # noqa: F403

STATIC_ROOT = Path(os.environ["SUECA_TEST_STATIC_ROOT"])
