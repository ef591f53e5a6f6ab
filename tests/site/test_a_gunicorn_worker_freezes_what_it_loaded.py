"""A gunicorn worker, once it has loaded the site, sets what it loaded apart from the garbage
collector (sueca_club/gunicorn.py's post_worker_init): the site's views are imported then, not
at the first request, and a full collection no longer walks them."""

import gc
import sys

from sueca_club import gunicorn


def test_the_worker_imports_the_views_then_freezes_them():
    assert gc.get_freeze_count() == 0
    try:
        gunicorn.post_worker_init(worker=None)
        assert "scoring.api" in sys.modules
        frozen = gc.get_freeze_count()
        assert frozen > 0
        assert not any(obj is sys.modules["scoring.api"] for obj in gc.get_objects())
    finally:
        gc.unfreeze()
