from django.urls import path

from scoring.views import offline, referee

app_name = "referee"
urlpatterns = [
    path("sw.js", offline.service_worker, name="sw"),  # the page's service worker
    path("<str:token>/", referee.page, name="page"),
    path("<str:token>/confirm/", referee.confirm, name="confirm"),
    path("<str:token>/deals/", referee.record, name="record"),
    path("<str:token>/undo/", referee.undo, name="undo"),
    path("<str:token>/result/", referee.result_confirm, name="result_confirm"),
    path("<str:token>/first-dealer/", referee.first_dealer, name="first_dealer"),
]
