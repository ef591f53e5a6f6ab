"""gunicorn's configuration for the site:

    gunicorn -c python:sueca_club.gunicorn sueca_club.wsgi --workers 3 --bind 0.0.0.0:8000

It changes two things. Once a worker has loaded the site (its URLs and views too), what it
holds for its whole life is set apart from Python's garbage collector (gc.freeze): a full
collection then looks only at what requests made since, where it walked every module, class
and URL pattern of the site again, some 50 ms each time, every few seconds under load. And
gunicorn's access log (`--access-logfile -`, the request line and its Referer) and error log
cut referee tokens short as Django's logs do (sueca_club/logs.py), so `/r/<token>/` is logged
as `/r/AbCd…/`. Any --access-logformat keeps working.
"""

import gc

from gunicorn.glogging import Logger

from sueca_club.logs import RedactRefereeTokens

logger_class = "sueca_club.gunicorn.RedactingLogger"


class RedactingLogger(Logger):
    def setup(self, cfg):
        super().setup(cfg)  # run again on a reload (HUP): the filter is added once
        for log in (self.access_log, self.error_log):
            if not any(isinstance(f, RedactRefereeTokens) for f in log.filters):
                log.addFilter(RedactRefereeTokens())


def post_worker_init(worker):
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018 - imports every view now, not at the first request
    gc.freeze()
