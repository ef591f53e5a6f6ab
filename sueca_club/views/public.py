from django.shortcuts import render

from scoring.selectors import live_matches


def home(request):
    return render(request, "sueca_club/home.html", {"matches": live_matches(limit=12)})
