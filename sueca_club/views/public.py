from django.shortcuts import render
from django.views.decorators.http import require_GET

from scoring.selectors import live_matches


@require_GET
def home(request):
    return render(request, "sueca_club/home.html", {"matches": live_matches(limit=12)})
