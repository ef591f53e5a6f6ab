app_name = "manage"
urlpatterns = []
