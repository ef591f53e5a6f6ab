"""Mounted under /bench/ only when settings.BENCH is on (see sueca_club/urls.py)."""

from django.urls import path

from bench import views

urlpatterns = [path("baseline", views.baseline, name="bench-baseline")]
