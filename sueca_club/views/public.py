from django.views.decorators.http import require_safe

from scoring.selectors import first_live, recent_live_stamp
from sueca_club.live import live_page

HOME_LIVE = 12  # the live matches that changed last; /live/ has them all


@require_safe
def home(request):
    """The front page; its "Live now" follows every club's matches, as /live/ does (the same
    version: how many are in play and the newest change among them)."""
    stamp = recent_live_stamp()

    def context():
        matches, more_live = first_live(count=HOME_LIVE)
        return {"matches": matches, "more_live": more_live}

    return live_page(request, stamp.etag, "sueca_club/home.html", "sueca_club/_home_live.html",
                     context)
