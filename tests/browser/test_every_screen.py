"""Every screen, in Russian and in English, at 360 px, over a realistic club with long names.

One organiser with a club (roster, merged entry, two nights, two seasons), a table of every
variant and one with a dummy (corrections, an undone deal, a void deal, revokes), and the
screens a newcomer meets (sign-in, sign-up, the demo tables, 404, 403, too many attempts), with
their form errors. Each screen is opened in both languages and:

- no text the Russian page shows is the same as on the English page, once the data (names of
  players, clubs, nights, seasons, tables; notes) and numbers and signs are taken out: such a
  text was left untranslated; nor does a Russian page show English words of its own;
- no page is wider than the phone (the document's scrollWidth against 360 px), though four
  names of sixty letters without a space sit in the data;
- every date on it is written one way per language: "23 November 2026", "23 ноября 2026".

Full-page screenshots of every screen go to tests/browser/screenshots/every-screen/.
"""

from __future__ import annotations

import copy
import datetime
import io
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.management import call_command
from playwright.sync_api import BrowserContext, Page, expect
from pypdf import PdfReader

from players.models import Club, Player, Season
from scorebook.clubs import services as clubs
from scorebook.rules import PRESETS
from scorebook.tables import services
from scorebook.tables.models import Deal, Evening, Table
from scorebook.web import limits
from tests.browser.conftest import PHONE, SCREENSHOTS, Site

pytestmark = pytest.mark.browser

EXAMPLES = Path(__file__).resolve().parents[1] / "rules" / "examples"
SHOTS = SCREENSHOTS / "every-screen"
PASSWORD = "lantern-Quartz-917"

# Sixty letters without a space: the longest a roster keeps.
LONG = ["Maximilian" * 6, "Константин" * 6, "Bartholomeo" * 5 + "Lucas", "Александрин" * 5 + "Пётр"]
FOUR = {"N": LONG[0], "E": "Борис", "S": LONG[1], "W": "Gleb"}
TWO = {"N": LONG[2], "S": LONG[3]}
CLUB = "Набережная" * 6
NIGHT = "Вторничный" * 6
SEASON = "Сезон" + "Весенний" * 7

# Words that are the same in both languages by nature: formats, and the record's own names;
# languages are named in their own words wherever they are offered.
KEPT = {"PDF", "CSV", "JSON", "OpenSkill", "whist-record", "A4", "A5"}
KEPT |= {"EN", "RU", "English", "Русский"}  # no option's key: no page shows one
KEPT |= {"N"}  # "the best N nights": a number yet to be chosen
# A club's time zone is an IANA name and its abbreviation, the same in every language; the
# season's records are a zip for the `manage.py ladder` command, named as typed.
KEPT |= {"UTC", "MSK", "Europe", "Moscow", "zip", "zip-архив", "manage.py", "ladder", "README.txt"}
MONTHS = {
    "en": "January February March April May June July August September October November December",
    "ru": "января февраля марта апреля мая июня июля августа сентября октября ноября декабря",
}
ANY_MONTH = (
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
    r"|(?:январ|феврал|март|апрел|ма[йя]|июн|июл|август|сентябр|октябр|ноябр|декабр)[а-я]*"
)
DATE_LIKE = re.compile(
    rf"\b\d{{1,2}}[./]\d{{1,2}}[./]\d{{2,4}}\b|\b\d{{4}}-\d{{2}}-\d{{2}}\b"
    rf"|\b\d{{1,2}}\s+(?:{ANY_MONTH})\s+\d{{4}}(?:\s*г\.)?|\b(?:{ANY_MONTH})\s+\d{{1,2}},?\s+\d{{4}}",
    re.IGNORECASE,
)

# Every text a visitor may read: text nodes shown (with every <details> opened), the choices of
# each <select>, placeholders, tooltips, labels read out, confirmations, the window's title.
# Text in another language than the page's (the language switch) is left out.
TEXTS = """() => {
  for (const d of document.querySelectorAll('details')) d.open = true;
  const lang = document.documentElement.lang;
  const out = [];
  const add = (el, text) => {
    const t = (text || '').replace(/\\s+/g, ' ').trim();
    const own = el.closest('[lang]');
    if (t && (!own || own.lang === lang)) out.push(t);
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement;
    if (!el || el.closest('script, style, template, [hidden], datalist')) continue;
    if (el.closest('select') || el.checkVisibility()) add(el, walker.currentNode.textContent);
  }
  const attributes = ['placeholder', 'title', 'aria-label', 'alt', 'hx-confirm'];
  for (const el of document.body.querySelectorAll('*')) {
    for (const name of attributes) if (el.hasAttribute(name)) add(el, el.getAttribute(name));
    if (el.matches('input[type=submit], input[type=button]')) add(el, el.value);
  }
  const offline = document.querySelector('#waiting');  // what the page says without a network
  for (const value of Object.values(offline ? offline.dataset : {})) {
    if (!value.startsWith('/')) add(offline, value);
  }
  add(document.documentElement, document.title);
  return out;
}"""

TOO_WIDE = """(width) => [...document.querySelectorAll('body *')]
  .filter((el) => el.getBoundingClientRect().right > width + 0.5)
  .slice(0, 6)
  .map((el) => el.tagName.toLowerCase() + (el.className ? '.' + el.className : '')
               + ' → ' + Math.round(el.getBoundingClientRect().right))"""


# ---------------------------------------------------------------------------------------------
# The data


def example(name: str, players: dict[str, str | None], **changes: Any) -> dict[str, Any]:
    """A record of tests/rules/examples with our players, without the examples' notes."""
    record = json.loads((EXAMPLES / f"{name}.json").read_text())
    record["players"] = players
    for deal in record["deals"]:
        deal.pop("note", None)
    record.update(changes)
    return record


def without_honours(record: dict[str, Any]) -> dict[str, Any]:
    record = copy.deepcopy(record)
    for deal in record["deals"]:
        deal.pop("honours", None)
    return record


RECORDS = {
    "russian": example("R1", FOUR, meta={"title": "Пятница", "place": "Дача"}),
    "english-short": example("Rv1", FOUR),
    "english-long": example("S1", FOUR, variant="english-long"),
    "special-suit": example("Sp2", FOUR),
    "anfilada": example("An1", FOUR),
    "eralash": example("Er1", FOUR),
    "prussian": example("Pr1", TWO),
    "hussar": example("Hu1", FOUR),
    "flying-duck": without_honours(example("R1", FOUR, variant="flying-duck")),
    "progulochny": example("B1", FOUR),
    "dummy": example("R1", {**FOUR, "W": None}, dummy="W"),
}


def russian_deals(rows: list[tuple[str, str, int, int]]) -> list[dict[str, Any]]:
    return [
        {"dealer": d, "trump": t, "tricks": {"NS": ns, "EW": 13 - ns},
         "honours": {"NS": h, "EW": 5 - h}}
        for d, t, ns, h in rows
    ]  # fmt: skip


@dataclass
class World:
    """What the screens show, and the words that are data rather than interface."""

    urls: dict[str, str] = field(default_factory=dict)
    data: list[str] = field(default_factory=list)
    tables: dict[str, Table] = field(default_factory=dict)


def build(site: Site) -> World:
    def make() -> World:
        world = World()
        users = get_user_model().objects
        organiser = users.create_user("organiser", password=PASSWORD)
        users.create_user("member-" + "x" * 40, password=PASSWORD)
        call_command("seed_demo", stdout=io.StringIO())  # the demo tables a new browser is offered
        me = services.Author.of(organiser)

        for key, record in RECORDS.items():
            table = services.import_record(record, owner=organiser, author=me)
            world.tables[key] = table
        russian = world.tables["russian"]
        two = services.live_deals(russian)[1]
        services.change_deal(russian, 2, {**two.data, "trump": "C", "note": "Исправлено"},
                             version=two.version, author=me)  # fmt: skip
        services.undo_last(russian, number=5, author=me)
        short = world.tables["english-short"]
        last = services.live_deals(short)[-1]
        services.void_deal(short, last.number, "misdeal", version=last.version, author=me)
        services.rotate_link(world.tables["hussar"], "view", author=me)

        club = clubs.create_club(user=organiser, name=CLUB, city="Самара", variant="russian",
                                 language="ru")  # fmt: skip
        clubs.give_role(club, "member-" + "x" * 40, "member", author=organiser)
        long_member = get_user_model().objects.filter(username="member-" + "x" * 40).first()
        if long_member is not None:
            clubs.answer_invitation(club, long_member, accept=True)
        for name in LONG:
            clubs.add_player(club, name, author=organiser)
        duplicate = clubs.add_player(club, "Борис Б.", author=organiser)
        today = datetime.date.today()
        night = clubs.open_night(club, name=NIGHT, date=today, place="Зал" * 20, author=organiser)
        other = clubs.open_night(club, name="Прошлый вторник", author=organiser,
                                 date=today - datetime.timedelta(days=7))  # fmt: skip
        for where, rows in [
            (night, [("N", "H", 9, 3), ("E", "S", 5, 1), ("S", "D", 8, 4)]),
            (night, [("N", "C", 7, 2), ("E", "H", 4, 0)]),
            (other, [("N", "S", 8, 3), ("E", "D", 6, 2), ("S", "H", 10, 5)]),
        ]:
            table = clubs.start_table(where, author=organiser, variant="russian", players=FOUR)
            for number, deal in enumerate(russian_deals(rows), start=1):
                services.add_deal(table, deal, number=number, author=me)
        short_night = clubs.start_table(night, author=organiser, variant="english-short",
                                        players={**FOUR, "E": "Vera", "W": "Dina"})  # fmt: skip
        services.add_deal(short_night, RECORDS["english-short"]["deals"][0], number=1, author=me)
        clubs.merge_players(duplicate, Player.objects.get(club=club, name="Борис"),
                            author=organiser)  # fmt: skip
        year = datetime.date(today.year, 1, 1), datetime.date(today.year, 12, 31)
        total = clubs.save_season(
            Season(club=club, name=SEASON, starts_on=year[0], ends_on=year[1], variant="russian",
                   kind="total"), author=organiser)  # fmt: skip
        rating = clubs.save_season(
            Season(club=club, name="Рейтинг", starts_on=year[0], ends_on=year[1],
                   variant="russian", kind="rating"), author=organiser)  # fmt: skip
        player = Player.objects.get(club=club, name=LONG[0])
        # A guest and an archived player, their tags beside sixty letters without a space.
        clubs.add_guest(club, "Гостевой" * 7, author=organiser)
        clubs.archive_player(clubs.add_player(club, "Архивный" * 7, author=organiser),
                             author=organiser)  # fmt: skip

        c = f"/c/{club.token}"
        world.urls.update(
            {
                "club": f"{c}/",
                "roster": f"{c}/roster/",
                "player": f"{c}/players/{player.pk}/",
                "player in the rating": f"{c}/players/{player.pk}/?season={rating.pk}",
                "rename a player": f"{c}/players/{player.pk}/name/",
                "erase a player's data": f"{c}/players/{player.pk}/erase/",
                "new season": f"{c}/seasons/new/",
                "season": f"{c}/seasons/{total.pk}/",
                "rating season": f"{c}/seasons/{rating.pk}/",
                "correct a season": f"{c}/seasons/{total.pk}/edit/",
                "night": f"/e/{night.token}/",
                "correct a night": f"{c}/nights/{night.pk}/edit/",
                "night's new table": f"/e/{night.token}/new/russian/",
                "night table": f"/t/{night.tables.order_by('pk').first().edit_token}/",
            }
        )
        for key, table in world.tables.items():
            world.urls[f"table: {key}"] = f"/t/{table.edit_token}/"
        world.urls["read-only table"] = f"/t/{russian.view_token}/"
        world.urls["correct a deal"] = f"/t/{russian.edit_token}/deals/2/"

        world.data = sorted(
            {
                *Player.objects.values_list("name", flat=True),
                *Club.objects.values_list("name", flat=True),
                *Club.objects.values_list("city", flat=True),
                *Evening.objects.values_list("name", flat=True),
                *Evening.objects.values_list("place", flat=True),
                *Season.objects.values_list("name", flat=True),
                *Table.objects.values_list("title", flat=True),
                *Table.objects.values_list("place", flat=True),
                *users.values_list("username", flat=True),
                *(d.get("note", "") for d in Deal.objects.values_list("data", flat=True)),
            }
            - {""},
            key=len,
            reverse=True,
        )
        return world

    return site.db(make)


# ---------------------------------------------------------------------------------------------
# Looking at a screen


@dataclass
class Look:
    texts: list[str]
    width: int
    wide: list[str]


def look(page: Page, lang: str, name: str) -> Look:
    page.wait_for_load_state()
    texts = page.evaluate(TEXTS)
    width = page.evaluate("document.documentElement.scrollWidth")
    wide = page.evaluate(TOO_WIDE, PHONE["width"]) if width > PHONE["width"] else []
    SHOTS.mkdir(parents=True, exist_ok=True)
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    page.screenshot(path=str(SHOTS / f"{lang}-{slug}.png"), full_page=True)
    return Look(texts, width, wide)


def sign_in(page: Page) -> None:
    page.goto("/accounts/login/")
    page.locator("#id_username").fill("organiser")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("main form button[type=submit]").click()
    expect(page.locator("nav.account")).to_contain_text("organiser")


def submit(page: Page, form: str) -> int:
    """Submit a form as it stands, past the browser's own checks (the server's are shown);
    returns the answer's status."""
    with page.expect_navigation() as navigation:
        page.locator(form).evaluate("(f) => { f.noValidate = true; f.requestSubmit(); }")
    response = navigation.value
    assert response is not None
    return response.status


def upload(page: Page, name: str, body: bytes) -> None:
    page.goto("/import/")
    page.locator("#record").set_input_files(
        {"name": name, "mimeType": "application/json", "buffer": body}
    )
    submit(page, "main form")


# A record with a mistake of each kind the import screen reports.
BAD_RECORDS = {
    "not JSON": b"{whist",
    "tricks that do not add up": {"deals": [{"tricks": {"NS": 8, "EW": 6}}]},
    "an unknown suit": {"deals": [{"trump": "X"}]},
    "an unknown field": {"deals": [{"score": 10}]},
    "a dealer out of turn": {"deals": [{}, {"dealer": "S"}]},
    "an unknown variant": {"variant": "bridge"},
}
# The verdicts that quote the record file's own words, as the file writes them: a field the
# user made up; the variant he wrote, and the variants a record may name instead.
FILE_WORDS = {"an unknown field": ["score"], "an unknown variant": ["bridge", *PRESETS]}


def bad_record(mistake: dict[str, Any] | bytes) -> bytes:
    if isinstance(mistake, bytes):
        return mistake
    record = copy.deepcopy(RECORDS["russian"])
    for key, value in mistake.items():
        if key == "deals":
            for number, change in enumerate(value):
                record["deals"][number].update(change)
        else:
            record[key] = value
    return json.dumps(record).encode()


def goto(url: str) -> Callable[[Page], None]:
    return lambda page: page.goto(url)


def screens(world: World) -> dict[str, Callable[[Page], None]]:
    """Every screen, as a way to reach it on a signed-in organiser's phone."""

    def refused_correction(page: Page) -> None:
        # Deal 1 dealt by East: deal 2, dealt by East too, would be out of turn.
        page.goto(world.urls["correct a deal"].replace("/2/", "/1/"))
        page.locator("select[name=dealer]").select_option("E")
        submit(page, "form.deal-form")
        expect(page.locator("[role=alert]").first).to_be_visible()

    def new_table_error(page: Page) -> None:
        page.goto("/new/russian/")
        for seat in "NESW":
            page.locator(f"#id_player_{seat}").fill("Анна")
        submit(page, "form.table-form")

    def roster_error(page: Page) -> None:
        page.goto(world.urls["roster"])
        page.locator("form:has(input[value=add]) input[type=text]").fill(LONG[0])
        submit(page, "form:has(input[value=add])")

    def merge_error(page: Page) -> None:  # two players who sat at one table
        page.goto(world.urls["roster"])
        merge = page.locator("form:has(input[value=merge])")
        merge.locator("select").nth(0).select_option(label=LONG[0])
        merge.locator("select").nth(1).select_option(label=LONG[1])
        merge.locator("input[type=checkbox]").check()
        submit(page, "form:has(input[value=merge])")

    def night_error(page: Page) -> None:
        page.goto(world.urls["club"])
        submit(page, "form[action$='/nights/']")

    def season_error(page: Page) -> None:
        page.goto(world.urls["new season"])
        page.locator("#id_name").fill("Осень")
        page.locator("#id_starts_on").fill("2026-11-30")
        page.locator("#id_ends_on").fill("2026-09-01")
        submit(page, "form.table-form")

    def refused_deal(page: Page) -> None:  # saved with nothing tapped
        page.goto(world.urls["table: russian"])
        page.locator("#deal-form button.save").click()
        expect(page.locator("#live [role=alert]").first).to_be_visible()

    found: dict[str, Callable[[Page], None]] = {
        "home": goto("/"),
        "new table": goto("/new/"),
        **{f"new table: {key}": goto(f"/new/{key}/") for key in RECORDS if key != "dummy"},
        "new table with a mistake": new_table_error,
        "import": goto("/import/"),
        **{
            f"import error: {what}": (
                lambda page, m=mistake: upload(page, "record.json", bad_record(m))
            )
            for what, mistake in BAD_RECORDS.items()
            if what not in FILE_WORDS  # it quotes the file's own words: see below
        },
        "a deal refused": refused_deal,
        "refused correction": refused_correction,
        "new club": goto("/clubs/new/"),
        "club with a mistake": night_error,
        "roster with a mistake": roster_error,
        "roster, a refused merge": merge_error,
        "new season with a mistake": season_error,
        "blank pads": goto("/pads/"),
        "not found": goto("/t/no-such-table/"),
    }
    found.update({name: goto(url) for name, url in world.urls.items()})
    return found


def signed_out_screens(world: World) -> dict[str, Callable[[Page], None]]:
    def login_error(page: Page) -> None:
        page.goto("/accounts/login/")
        page.locator("#id_username").fill("organiser")
        page.locator("#id_password").fill("not-the-password")
        submit(page, "main form")

    def signup_error(page: Page) -> None:
        page.goto("/accounts/signup/")
        page.locator("#id_username").fill("organiser")
        page.locator("#id_password1").fill("1234")
        page.locator("#id_password2").fill("12345")
        submit(page, "main form")

    return {
        "home, a new browser": goto("/"),
        "sign in": goto("/accounts/login/"),
        "sign in with a mistake": login_error,
        "sign up": goto("/accounts/signup/"),
        "sign up with a mistake": signup_error,
        "a night's table, not an organiser": goto(world.urls["night's new table"]),
        "a club, not a member": goto(world.urls["club"]),
        "a roster, not a member": goto(world.urls["roster"]),
    }


def too_many_attempts(page: Page) -> int:
    """Sign in wrongly until the site says to wait (the count is per address)."""
    page.goto("/accounts/login/")
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    data = {"csrfmiddlewaretoken": token, "username": "organiser", "password": "wrong"}
    for _ in range(2 * int(limits.LOGIN_RATE.split("/")[0]) + 1):  # a new minute may begin
        if page.request.post("/accounts/login/", form=data).status == 429:
            break
    page.locator("#id_username").fill("organiser")
    page.locator("#id_password").fill("wrong")
    return submit(page, "main form")


# ---------------------------------------------------------------------------------------------
# Judging what was seen


def leftover(text: str, data: list[str]) -> str:
    """The words of a text once the data, numbers, signs and kept words are taken out."""
    for value in data:
        text = text.replace(value, " ")
    text = re.sub(r"\{\w+\}|https?://\S*", " ", text)  # the offline script's {n}; addresses
    tokens = re.findall(r"[^\W_][\w.-]*[^\W_]|[^\W_]", text)
    return " ".join(t for t in tokens if t not in KEPT and re.search(r"[^\W\d_]", t))


def untranslated(russian: list[str], english: list[str], data: list[str]) -> list[str]:
    """Russian texts the English page shows too, and English words on the Russian page."""
    english_texts = set(english)
    found = []
    for text in dict.fromkeys(russian):
        words = leftover(text, data)
        if words and (text in english_texts or re.search(r"[A-Za-z]", words)):
            found.append(text)
    return found


def wrong_dates(texts: list[str], lang: str) -> list[str]:
    good = re.compile(rf"^\d{{1,2}} (?:{MONTHS[lang].replace(' ', '|')}) \d{{4}}$")
    return [m for text in texts for m in DATE_LIKE.findall(text) if not good.match(m)]


def judge(seen: dict[str, dict[str, Look]], data: list[str]) -> list[str]:
    problems = []
    for name, looks in seen.items():
        for lang, found in looks.items():
            if found.width > PHONE["width"]:
                problems.append(f"{lang} {name}: {found.width} px wide: {found.wide}")
            for date in wrong_dates(found.texts, lang):
                problems.append(f"{lang} {name}: a date written otherwise: {date!r}")
        if "ru" in looks:
            english = looks["en"].texts if "en" in looks else []
            for text in untranslated(looks["ru"].texts, english, data):
                problems.append(f"ru {name}: untranslated: {text!r}")
    return problems


# ---------------------------------------------------------------------------------------------
# The tests


def test_every_screen_speaks_russian_fits_the_phone_and_writes_dates_one_way(
    site: Site, new_context: Callable[..., BrowserContext]
) -> None:
    world = build(site)
    seen: dict[str, dict[str, Look]] = {}
    for lang, locale in (("en", "en-GB"), ("ru", "ru-RU")):
        page = new_context(locale=locale).new_page()
        page.on("dialog", lambda dialog: dialog.dismiss())
        for name, reach in signed_out_screens(world).items():
            reach(page)
            seen.setdefault(name, {})[lang] = look(page, lang, name)
        sign_in(page)
        for name, reach in screens(world).items():
            reach(page)
            seen.setdefault(name, {})[lang] = look(page, lang, name)
        page.close()
    try:
        for lang, locale in (("en", "en-GB"), ("ru", "ru-RU")):
            page = new_context(locale=locale).new_page()
            assert too_many_attempts(page) == 429
            seen.setdefault("too many attempts", {})[lang] = look(page, lang, "too many attempts")
    finally:
        site.db(cache.clear)  # forget the attempts: the next test may sign in

    problems = judge(seen, world.data)
    assert not problems, "\n".join(problems)
    for lang in ("en", "ru"):  # the dates were there to be judged
        texts = [t for looks in seen.values() for t in looks[lang].texts]
        assert len([d for t in texts for d in DATE_LIKE.findall(t)]) > 20, lang


@pytest.mark.parametrize(
    "what",
    list(BAD_RECORDS),
)
def test_an_import_error_is_said_in_russian(
    site: Site, new_context: Callable[..., BrowserContext], what: str
) -> None:
    body = bad_record(BAD_RECORDS[what])
    said = {}
    for lang, locale in (("en", "en-GB"), ("ru", "ru-RU")):
        page = new_context(locale=locale).new_page()
        upload(page, "record.json", body)
        said[lang] = page.locator("main [role=alert]").inner_text()
    assert said["ru"] != said["en"], said
    # the user's own words (the names, a field he made up) are his data, not the interface's
    data = (
        [*FOUR.values(), *(k for d in BAD_RECORDS[what].get("deals", []) for k in d)]
        if isinstance(BAD_RECORDS[what], dict)
        else list(FOUR.values())
    ) + FILE_WORDS.get(what, [])
    assert not re.search(r"[A-Za-z]{2,}", leftover(said["ru"], sorted(data))), said


def test_the_sheet_uses_the_same_words_on_screen_and_in_print(
    site: Site, new_context: Callable[..., BrowserContext]
) -> None:
    players = {"N": "Анна", "E": "Борис", "S": "Вера", "W": "Глеб"}
    table = site.db(lambda: services.import_record(example("R1", players)))
    page = new_context(locale="ru-RU").new_page()
    page.goto(f"/t/{table.edit_token}/")
    screen = page.evaluate(
        """() => [...document.querySelectorAll(
             '#sheet thead small, #sheet .zone td, #sheet .rubbers li, #sheet tr.game-rule')]
           .map((el) => el.textContent.split(' ·')[0].replace(/\\s+/g, ' ').trim())"""
    )
    pdf = page.request.get(f"/t/{table.edit_token}/sheet.pdf?lang=ru")
    assert pdf.ok
    printed = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.body())).pages)

    def flat(text: str) -> str:  # the print may set a line in capitals, or wrap it
        return re.sub(r"\s+", "", text).casefold()

    assert screen
    missing = [words for words in screen if flat(words) not in flat(printed)]
    assert not missing, (missing, printed)


def test_cards_are_named_in_russian(site: Site, new_context: Callable[..., BrowserContext]) -> None:
    """The glossary's Т К Д В for ace, king, queen, jack: in the cut and the honours' choice."""
    page = new_context(locale="ru-RU").new_page()
    page.goto("/new/russian/")
    cards = page.locator("select[name=cut_N] option, select[name=opt_honourSet] option")
    texts = cards.evaluate_all("(options) => options.map((o) => o.textContent)")
    assert any("♠" in t for t in texts), texts
    latin = [t for t in texts if re.search(r"[A-Za-z]", t)]
    assert not latin, latin
