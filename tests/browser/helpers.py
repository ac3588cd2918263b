"""What the browser tests do on the pages, and the Russian whist arithmetic they expect.

Two ways to tap: by what a person reads (``Tapper.by_text``: the legend of a strip, the number on
a button, the spoken name of a suit), used in English; and by the form's values
(``Tapper.by_value``), used in Russian, whose words are still being translated.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from playwright.sync_api import BrowserContext, Page, Route, expect

from scorebook.clubs import seating
from scorebook.clubs import services as clubs

PLAYERS_EN = {"N": "Anna", "E": "Boris", "S": "Vera", "W": "Gleb"}
PLAYERS_RU = {"N": "Анна", "E": "Борис", "S": "Вера", "W": "Глеб"}
SEAT_LABELS = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
TABLE_URL = re.compile(r"/t/([A-Za-z0-9_-]+)/$")


# ---------------------------------------------------------------------------------------------
# Russian whist, as docs/rules.md has it: 2 points per trick over 6 below the line, game at 10,
# honours (A K Q J 10 of trumps) held 3 → 2, 4 → 4, 5 → 6 above, slams 10 / 20, rubber +20.

HONOURS = {3: 2, 4: 4, 5: 6}


@dataclass(frozen=True)
class Deal:
    tricks: int  # NS's tricks; EW take the rest
    honours: int  # honours held by NS; EW hold the rest of the five
    trump: str = "S"


@dataclass
class Expected:
    below: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    above: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    game: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    games: list[str] = field(default_factory=list)  # "Game 1 to NS, single (10–6)"

    @property
    def total(self) -> dict[str, int]:
        return {s: self.below[s] + self.above[s] for s in ("NS", "EW")}

    @property
    def needs(self) -> dict[str, int]:
        return {s: max(1, 10 - self.game[s]) for s in ("NS", "EW")}

    @property
    def settlement(self) -> dict[str, int]:
        ns, ew = self.total["NS"], self.total["EW"]
        return {"NS": ns - ew, "EW": ew - ns}


def russian_whist(deals: list[Deal]) -> Expected:
    exp = Expected()
    won = {"NS": 0, "EW": 0}
    for deal in deals:
        tricks = {"NS": deal.tricks, "EW": 13 - deal.tricks}
        held = {"NS": deal.honours, "EW": 5 - deal.honours}
        for side in ("NS", "EW"):
            points = 2 * max(0, tricks[side] - 6)
            exp.game[side] += points
            exp.below[side] += points
            exp.above[side] += HONOURS.get(held[side], 0)
            exp.above[side] += {12: 10, 13: 20}.get(tricks[side], 0)
        best = max(exp.game.values())
        if best >= 10 and list(exp.game.values()).count(best) == 1:
            winner = max(exp.game, key=exp.game.__getitem__)
            loser = "EW" if winner == "NS" else "NS"
            other = exp.game[loser]
            label = "treble" if other == 0 else "double" if other * 2 < 10 else "single"
            score = f"{exp.game['NS']}–{exp.game['EW']}"
            exp.games.append(f"Game {len(exp.games) + 1} to {winner}, {label} ({score})")
            exp.game = {"NS": 0, "EW": 0}
            won[winner] += 1
            if won[winner] == 2:
                exp.above[winner] += 20
                won = {"NS": 0, "EW": 0}
    return exp


# ---------------------------------------------------------------------------------------------
# Pages


def start_table(page: Page, players: dict[str, str], *, by_label: bool = True) -> str:
    """From the home page to a new Russian whist table; returns its edit token."""
    page.goto("/")
    if by_label:
        page.get_by_role("link", name="New table").click()
        page.get_by_role("link", name=re.compile(r"^Russian whist")).click()
        for seat, name in players.items():
            page.get_by_label(SEAT_LABELS[seat], exact=True).fill(name)
        page.get_by_role("button", name="Start the table").click()
    else:
        page.locator("a.button.primary").click()
        page.locator("a[href$='/new/russian/']").click()
        for seat, name in players.items():
            page.locator(f"#id_player_{seat}").fill(name)
        page.locator("form.table-form button[type=submit]").click()
    expect(page).to_have_url(TABLE_URL)
    match = TABLE_URL.search(page.url)
    assert match is not None
    return match.group(1)


class Tapper:
    """Fills the deal form of one page (the table page or a correction page)."""

    def __init__(self, page: Page, *, by_text: bool = True) -> None:
        self.page = page
        self.by_text = by_text

    def tricks(self, ns: int) -> None:
        self._tap("tricks", str(ns), legend=re.compile(r"^Tricks of NS"))

    def honours(self, ns: int) -> None:
        self._tap("honours", str(ns), legend=re.compile(r"^Honours held by NS"))

    def trump(self, suit: str) -> None:
        form = self.page.locator("form.deal-form")
        if self.by_text:  # the suit sign is hidden from screen readers, which hear its name
            inner = self.page.get_by_role("radio", name=SUIT_NAMES[suit], exact=True)
        else:
            inner = self.page.locator(f"input[name=trump][value='{suit}']")
        label = form.locator("label.tap", has=inner)
        label.click()
        expect(label.locator("input")).to_be_checked()

    def deal(self, deal: Deal) -> None:
        self.trump(deal.trump)
        self.tricks(deal.tricks)
        self.honours(deal.honours)

    def _tap(self, name: str, value: str, *, legend: re.Pattern[str]) -> None:
        form = self.page.locator("form.deal-form")
        if self.by_text:
            strip = form.get_by_role("group", name=legend)
            strip.locator("label.tap").get_by_text(value, exact=True).click()
            radio = strip.get_by_role("radio", name=value, exact=True)
        else:
            label = form.locator(
                "label.tap", has=self.page.locator(f"input[name={name}][value='{value}']")
            )
            label.click()
            radio = label.locator("input")
        expect(radio).to_be_checked()


def deal_log(page: Page) -> Any:
    return page.locator("#sheet ol.deal-log:not(.undone) > li")


READ_SHEET = """() => {
  const sheet = document.querySelector('#sheet');
  const all = (selector) => [...sheet.querySelectorAll(selector)];
  const text = (el) => el.textContent.replace(/\\s+/g, ' ').trim();
  const lastNumber = (el) => {
    const m = el.textContent.replace(/\u2212/g, '-').match(/[-+]?\\d+(\\.\\d+)?(?!.*\\d)/s);
    return m ? Number(m[0]) : null;
  };
  return {
    columns: all('table.pad thead th').map((th) => th.firstChild.textContent.trim()),
    needs: all('.needed .need').map(text),
    rows: all('table.pad tfoot tr.sum').map((tr) => [...tr.querySelectorAll('td')].map(lastNumber)),
    rules: all('tr.game-rule').map(text),
    log: all('ol.deal-log:not(.undone) > li').map((li) => Number(li.value)),
    players: all('.players-settlement li').map(text),
  };
}"""


def read_sheet(page: Page) -> dict[str, Any]:
    return page.evaluate(READ_SHEET)


def check_sheet(
    page: Page, deals: list[Deal], players: dict[str, str], *, english: bool = True
) -> dict[str, Any]:
    """The sheet on the page shows what the rules give for these deals."""
    exp = russian_whist(deals)
    sheet = read_sheet(page)
    # Sides and seats are shown in the interface's letters: N E S W, or С В Ю З in Russian.
    letters = dict(zip("NESW", "NESW" if english else "СВЮЗ", strict=True))
    label = {side: "".join(letters[c] for c in side) for side in ("NS", "EW")}
    assert sheet["columns"] == [label["NS"], label["EW"]]
    assert sheet["log"] == list(range(1, len(deals) + 1)), sheet["log"]
    below, above, total, settlement = sheet["rows"][:4]
    assert below == [exp.below["NS"], exp.below["EW"]], sheet
    assert above == [exp.above["NS"], exp.above["EW"]], sheet
    assert total == [exp.total["NS"], exp.total["EW"]], sheet
    assert settlement == [exp.settlement["NS"], exp.settlement["EW"]], sheet
    for side, text in zip(("NS", "EW"), sheet["needs"], strict=True):
        assert label[side] in text and re.search(rf"\b{exp.needs[side]}\b", text), sheet["needs"]
        if english:
            assert text == f"{side} needs {exp.needs[side]}"
    if english:
        assert [r.split(" ·")[0] for r in sheet["rules"]] == exp.games, sheet["rules"]
    else:  # the words may be translated; the side and the score may not
        assert len(sheet["rules"]) == len(exp.games)
        for rule, wanted in zip(sheet["rules"], exp.games, strict=True):
            side, score = re.search(r"to (\w+), \w+ (\(.*\))", wanted).groups()  # type: ignore[union-attr]
            assert label[side] in rule and score in rule, (rule, wanted)
    amounts = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
    for seat, name in players.items():
        amount = exp.settlement[amounts[seat]]
        shown = f"+{amount}" if amount > 0 else str(amount).replace("-", "\u2212")
        assert any(
            line.startswith(f"{name} ({letters[seat]})") and line.endswith(shown)
            for line in sheet["players"]
        ), (name, shown, sheet["players"])
    return sheet


class Offline:
    """A phone's network, off and on again. Playwright's offline switch cuts the pages off, not
    the service worker's own fetches in Chromium: those fail by a route while "offline"."""

    def __init__(self, context: BrowserContext) -> None:
        self.context = context

    @staticmethod
    def _cut(route: Route) -> None:
        if route.request.service_worker is not None:
            route.abort("internetdisconnected")
        else:
            route.fallback()

    def off(self) -> None:
        self.context.set_offline(True)
        self.context.route("**/*", self._cut)

    def on(self) -> None:
        self.context.unroute("**/*", self._cut)
        self.context.set_offline(False)


def sign_in(page: Page, username: str, password: str) -> None:
    """Sign in through the site's form as a person does: the user name, the password, Enter
    (the page's first submit button is the language switcher)."""
    page.goto("/accounts/login/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(password)
    page.locator("#id_password").press("Enter")
    expect(page.locator("nav.account")).to_contain_text(username)


ORGANISER_PASSWORD = "lantern-Quartz-917"


def club_night(lang: str, names: list[str], *, name: str = "Fri") -> Any:
    """A club (Russian whist, in ``lang``) with its organiser ("organiser", signed in with
    ORGANISER_PASSWORD), a night on 20 November 2026, and ``names`` on its roster, all present.
    Run it through ``site.db``."""
    owner = get_user_model().objects.create_user("organiser", password=ORGANISER_PASSWORD)
    club = clubs.create_club(user=owner, name="Moika", variant="russian", language=lang)
    night = clubs.open_night(club, name=name, date=datetime.date(2026, 11, 20), author=owner)
    players = [clubs.add_player(club, who, author=owner) for who in names]
    seating.set_present(night, [p.pk for p in players], author=owner)
    return night
