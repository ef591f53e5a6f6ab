"""`make bench`: build a big Swiss tournament, serve it with gunicorn, measure it with wrk."""
