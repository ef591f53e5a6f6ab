from django.shortcuts import render
from django.views.decorators.http import require_GET

from scoring.selectors import first_live

HOME_LIVE = 12  # the live matches that changed last; /live/ has them all


@require_GET
def home(request):
    matches, more_live = first_live(count=HOME_LIVE)
    return render(request, "sueca_club/home.html", {"matches": matches, "more_live": more_live})
