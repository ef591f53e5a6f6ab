"""A gunicorn worker, once it has loaded the site, sets what it loaded apart from the garbage
collector (sueca_club/gunicorn.py's post_worker_init): the site's views are imported then, not
at the first request, and a full collection no longer walks them."""

import gc

from django.urls import clear_url_caches, get_resolver

from sueca_club import gunicorn


def test_the_worker_loads_the_url_patterns_then_freezes_them():
    assert gc.get_freeze_count() == 0
    clear_url_caches()  # as in a new worker: nothing loaded yet
    try:
        gunicorn.post_worker_init(worker=None)
        resolver = get_resolver()
        assert "url_patterns" in resolver.__dict__  # loaded, with every view they import
        assert gc.get_freeze_count() > 0
        assert not any(obj is resolver for obj in gc.get_objects())
    finally:
        gc.unfreeze()
