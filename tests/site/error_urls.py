"""The site's URLs plus views that fail on purpose, for tests/site/test_error_pages.py."""

from django.core.exceptions import PermissionDenied, SuspiciousOperation
from django.db import OperationalError
from django.urls import include, path


def forbidden(request):
    raise PermissionDenied("not for you")


def bad(request):
    raise SuspiciousOperation("what is this")


def broken(request):
    raise RuntimeError("a bug")


def database_gone(request):
    raise OperationalError("server closed the connection unexpectedly")


urlpatterns = [
    path("test/forbidden/", forbidden),
    path("test/bad/", bad),
    path("test/broken/", broken),
    path("test/database-gone/", database_gone),
    path("", include("sueca_club.urls")),
]
