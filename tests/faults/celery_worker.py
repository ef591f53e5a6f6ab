"""The project's Celery app as a fault test's worker runs it (`celery -A tests.faults.celery_worker`).

Two changes, from the environment the test gives the worker:

- its Redis keys carry a prefix of the test's own (SUECA_FAULTS_PREFIX), so the test's queue,
  and its unacknowledged messages, are nobody else's; SUECA_FAULTS_VISIBILITY sets how long an
  unacknowledged message waits before a worker hands it out again (sweeping every second);
- the first attempt at an export stops half-way (the row says 42%) and waits to be killed;
  every attempt leaves a file `attempt-<n>` (holding its pid) in SUECA_FAULTS_MARKS.
"""

import dataclasses
import os
import time
from pathlib import Path

from celery import signals

from sueca_club.celery import app

MARKS = Path(os.environ["SUECA_FAULTS_MARKS"])

app.conf.broker_transport_options = {
    **(app.conf.broker_transport_options or {}),
    "global_keyprefix": os.environ["SUECA_FAULTS_PREFIX"],
    "unacked_restore_interval": 1,
    "unacked_restore_throttle": 1,
    **({"visibility_timeout": float(os.environ["SUECA_FAULTS_VISIBILITY"])}
       if os.environ.get("SUECA_FAULTS_VISIBILITY") else {}),
}


@signals.worker_process_init.connect  # in the pool process that runs the tasks
def slow_first_attempt(**kwargs):
    from tournaments import export_jobs

    product_for = export_jobs.product_for

    def slowed(export):
        product = product_for(export)

        def build(row, progress):
            attempt = len(list(MARKS.glob("attempt-*"))) + 1
            progress(42)
            (MARKS / f"attempt-{attempt}").write_text(str(os.getpid()))
            if attempt == 1:
                time.sleep(120)  # the test kills the worker here
            return product.build(row, progress)

        return dataclasses.replace(product, build=build)

    export_jobs.product_for = slowed
