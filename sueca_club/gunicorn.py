"""gunicorn's configuration for the site:

    gunicorn -c python:sueca_club.gunicorn sueca_club.wsgi --workers 3 --bind 0.0.0.0:8000

It changes one thing: gunicorn's access log (`--access-logfile -`, the request line and its
Referer) and error log cut referee tokens short as Django's logs do (sueca_club/logs.py), so
`/r/<token>/` is logged as `/r/AbCd…/`. Any --access-logformat keeps working.
"""

from gunicorn.glogging import Logger

from sueca_club.logs import RedactRefereeTokens

logger_class = "sueca_club.gunicorn.RedactingLogger"


class RedactingLogger(Logger):
    def setup(self, cfg):
        super().setup(cfg)  # run again on a reload (HUP): the filter is added once
        for log in (self.access_log, self.error_log):
            if not any(isinstance(f, RedactRefereeTokens) for f in log.filters):
                log.addFilter(RedactRefereeTokens())
