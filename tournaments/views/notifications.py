"""The unsubscribe link of every email: no login, the signed token is the key."""

from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from tournaments import notifications


@csrf_exempt  # mail programs' one-click unsubscribe POSTs without a form; the token is the key
@require_http_methods(["GET", "POST"])
def unsubscribe(request, token: str):
    """GET asks (link checkers open links); POST, from the page or a mail program, stops emails."""
    player = notifications.player_from_token(token)
    if player is None:
        return render(request, "tournaments/public/unsubscribe.html", {"invalid": True},
                      status=404)
    done = request.method == "POST"
    if done and player.notify:
        notifications.player_unsubscribe(player=player)
    return render(request, "tournaments/public/unsubscribe.html",
                  {"player": player, "done": done or not player.notify})
