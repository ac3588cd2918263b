from django.contrib import admin
from django.urls import include, path

from scorebook.views import home

urlpatterns = [
    path("", home.home, name="home"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
