from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django_ratelimit.decorators import ratelimit

from scorebook.clubs.views import clubs
from scorebook.clubs.views import nights as evenings
from scorebook.printing import views as sheets
from scorebook.site import accounts, home
from scorebook.tables.views import deals, offline, tables
from scorebook.web import limits

# Sign-in attempts per client address (web/limits.py), every sign-in form counted together.
signing_in = ratelimit(group="sign-in", key="ip", rate=limits.LOGIN_RATE, method="POST", block=True)

urlpatterns = [
    path("", home.home, name="home"),
    path("t/<str:token>/copy/", home.demo_copy, name="demo_copy"),
    path("sw.js", offline.service_worker, name="service_worker"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("favicon.ico", offline.favicon, name="favicon"),
    path("new/", tables.choose_variant, name="choose_variant"),
    path("new/<str:variant>/", tables.new_table, name="new_table"),
    path("import/", tables.import_record, name="import_record"),
    path("t/<str:token>/", tables.table_page, name="table"),
    path("t/<str:token>/sheet/", tables.table_sheet, name="table_sheet"),
    path("t/<str:token>/record.json", tables.record_download, name="record_download"),
    path("t/<str:token>/sheet.pdf", sheets.table_pdf, name="table_pdf"),
    path("t/<str:token>/deals/", deals.deal_add, name="deal_add"),
    path("t/<str:token>/deals/preview/", deals.deal_preview, name="deal_preview"),
    path("t/<str:token>/deals/<int:number>/", deals.deal_edit, name="deal_edit"),
    path("t/<str:token>/deals/<int:number>/void/", deals.deal_void, name="deal_void"),
    path("t/<str:token>/undo/", deals.deal_undo, name="deal_undo"),
    path("t/<str:token>/confirm/", deals.deal_confirm, name="deal_confirm"),
    path("t/<str:token>/deals/<int:number>/reopen/", deals.deal_reopen, name="deal_reopen"),
    path("t/<str:token>/confirmation/", deals.table_confirmation, name="table_confirmation"),
    path("t/<str:token>/restore/", deals.deal_restore, name="deal_restore"),
    path("t/<str:token>/links/", tables.rotate_link, name="rotate_link"),
    path("clubs/new/", clubs.new_club, name="new_club"),
    path("c/<str:token>/", clubs.club_page, name="club"),
    path("c/<str:token>/nights/", clubs.new_night, name="new_night"),
    path("c/<str:token>/settings/", clubs.edit_club, name="edit_club"),
    path("c/<str:token>/roles/", clubs.give_role, name="club_roles"),
    path("c/<str:token>/link/", clubs.new_public_link, name="new_public_link"),
    path("c/<str:token>/confirmation/", clubs.club_confirmation, name="club_confirmation"),
    path("c/<str:token>/ratings/", clubs.club_ratings, name="club_ratings"),
    path("c/<str:token>/records/", clubs.club_records, name="club_records"),
    path("ratings/explained/", clubs.ratings_explained, name="ratings_explained"),
    path("c/<str:token>/time-zone/", clubs.club_time_zone, name="club_time_zone"),
    path("c/<str:token>/roles/<int:pk>/take-back/", clubs.take_back_role, name="take_back_role"),
    path("c/<str:token>/roster/", clubs.roster, name="roster"),
    path("c/<str:token>/players/<int:pk>/", clubs.player_page, name="club_player"),
    path("c/<str:token>/players/<int:pk>/name/", clubs.player_rename, name="player_rename"),
    path("c/<str:token>/players/<int:pk>/erase/", clubs.player_erase, name="player_erase"),
    path("c/<str:token>/seasons/new/", clubs.new_season, name="new_season"),
    path("c/<str:token>/seasons/<int:pk>/", clubs.season_page, name="season"),
    path("c/<str:token>/seasons/<int:pk>/edit/", clubs.new_season, name="edit_season"),
    path("c/<str:token>/seasons/<int:pk>/delete/", clubs.delete_season, name="delete_season"),
    path("c/<str:token>/nights/<int:pk>/edit/", clubs.edit_night, name="edit_night"),
    path("c/<str:token>/invitation/", clubs.answer_invitation, name="answer_invitation"),
    path("c/<str:token>/seasons/<int:pk>/ladder.csv", clubs.season_csv, name="season_csv"),
    path("c/<str:token>/seasons/<int:pk>/ladder.pdf", clubs.season_pdf, name="season_pdf"),
    path("c/<str:token>/seasons/<int:pk>/records.zip", clubs.season_records, name="season_records"),
    path("e/<str:token>/", evenings.evening_page, name="evening"),
    path("e/<str:token>/glance/", evenings.evening_glance, name="evening_glance"),
    path("e/<str:token>/tables/", evenings.file_table, name="evening_file"),
    path("e/<str:token>/tables/<int:pk>/remove/", evenings.remove_table, name="evening_remove"),
    path("e/<str:token>/close/", evenings.close_night, name="close_night"),
    path("e/<str:token>/present/", evenings.night_present, name="night_present"),
    path("e/<str:token>/seating/", evenings.night_seating, name="night_seating"),
    path("e/<str:token>/clock/", evenings.night_clock, name="night_clock"),
    path("e/<str:token>/route/", evenings.night_route, name="night_route"),
    path("e/<str:token>/drive/<str:link>/", evenings.drive_table, name="drive_table"),
    path("e/<str:token>/cards/", sheets.night_cards, name="night_cards"),
    path("e/<str:token>/cards.pdf", sheets.night_cards_pdf, name="night_cards_pdf"),
    path("e/<str:token>/drive.pdf", sheets.drive_cards_pdf, name="drive_cards_pdf"),
    path("e/<str:token>/routes.pdf", sheets.route_cards_pdf, name="route_cards_pdf"),
    path("e/<str:token>/reopen/", evenings.reopen_night, name="reopen_night"),
    path("e/<str:token>/tables/<int:pk>/move/", evenings.move_table, name="evening_move"),
    path("e/<str:token>/new/<str:variant>/", evenings.night_table, name="night_table"),
    # The room's screen, by the night's display link (never the night's own link).
    path("e/<str:token>/screen/", evenings.night_screen, name="night_screen"),
    path("e/<str:token>/screen/glance/", evenings.night_screen_glance, name="night_screen_glance"),
    path("e/<str:token>/sheets.pdf", sheets.evening_pdf, name="evening_pdf"),
    path("pads/", sheets.blank_pads, name="blank_pads"),
    path("pads/<str:variant>.pdf", sheets.blank_pad_pdf, name="blank_pad"),
    path(
        "accounts/login/",
        signing_in(auth_views.LoginView.as_view()),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("i18n/", include("django.conf.urls.i18n")),
    # The admin's sign-in counts with the site's: one limit for every way to guess a password.
    path("admin/login/", signing_in(admin.site.login)),
    path("admin/", admin.site.urls),
]

# A refusal that says why (a closed night's table), in the site's own page.
handler403 = "scorebook.web.errors.forbidden"
