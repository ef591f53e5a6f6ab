app_name = "manage_tournaments"
urlpatterns = []
