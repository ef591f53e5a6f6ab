app_name = "tournaments"
urlpatterns = []
