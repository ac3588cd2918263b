from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from scorebook.views import accounts, deals, evenings, home, sheets, tables

urlpatterns = [
    path("", home.home, name="home"),
    path("new/", tables.choose_variant, name="choose_variant"),
    path("new/<str:variant>/", tables.new_table, name="new_table"),
    path("import/", tables.import_record, name="import_record"),
    path("t/<str:token>/", tables.table_page, name="table"),
    path("t/<str:token>/sheet/", tables.table_sheet, name="table_sheet"),
    path("t/<str:token>/record.json", tables.record_download, name="record_download"),
    path("t/<str:token>/sheet.pdf", sheets.table_pdf, name="table_pdf"),
    path("t/<str:token>/deals/", deals.deal_add, name="deal_add"),
    path("t/<str:token>/deals/<int:number>/", deals.deal_edit, name="deal_edit"),
    path("t/<str:token>/deals/<int:number>/void/", deals.deal_void, name="deal_void"),
    path("t/<str:token>/undo/", deals.deal_undo, name="deal_undo"),
    path("evenings/new/", evenings.new_evening, name="new_evening"),
    path("e/<str:token>/", evenings.evening_page, name="evening"),
    path("e/<str:token>/sheets.pdf", sheets.evening_pdf, name="evening_pdf"),
    path("pads/", sheets.blank_pads, name="blank_pads"),
    path("pads/<str:variant>.pdf", sheets.blank_pad_pdf, name="blank_pad"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
