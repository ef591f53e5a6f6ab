"""The Celery app: Redis broker in production, eager in-process tasks when none is set."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sueca_club.settings")

app = Celery("sueca_club")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
