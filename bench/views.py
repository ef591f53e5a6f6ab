from django.http import HttpResponse
from django.views.decorators.http import require_GET


@require_GET
def baseline(request):
    """The bench's yardstick: the whole middleware stack, no database, no template."""
    return HttpResponse(b"ok", content_type="text/plain")
