"""Partnerships, head to head, the season's best partnerships, the club's records and the
night's rubbers against expectation (issue 32): sums over the deals, kept under derived.py's
keys, and the same numbers wherever they are shown."""

# ruff: noqa: F811  (the long club fixture, imported)
from __future__ import annotations

import datetime
import re
from collections import Counter

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from players.ladder import TableResult, night_surprises, rating_points_from
from scorebook.clubs import services as clubs
from scorebook.clubs import standings, statistics
from scorebook.tables import services
from tests.scorebook.conftest import SEATS, russian_deal
from tests.scorebook.test_pdf import text_of
from tests.scorebook.test_player_page import (  # noqa: F401
    AUTHOR,
    CAST,
    club,
    player,
    tables_of,
)

D1 = datetime.date(2026, 9, 4)
CASTS = ["A", "B", "C", "D", "E", "F"]


# ---------------------------------------------------------------------------------------------
# Properties of the sums (no database)


def four_handed(date, seats, winners, amounts):
    """A partnership table: NS the first two of ``seats``, EW the last two."""
    ns, ew = tuple(seats[:2]), tuple(seats[2:])
    return TableResult(
        date=date,
        variant="russian",
        teams={"NS": ns, "EW": ew},
        settlement={ns[0]: amounts, ns[1]: amounts, ew[0]: -amounts, ew[1]: -amounts},
        rubber_winners=tuple(winners),
        partnership=True,
    )


table_strategy = st.builds(
    lambda seats, winners, amount: four_handed(D1, seats, winners, amount),
    st.permutations(CASTS).map(lambda p: p[:4]),
    st.lists(st.sampled_from(["NS", "EW"]), max_size=4),
    st.integers(-40, 40),
)


@given(st.lists(table_strategy, max_size=12), st.sampled_from(CASTS))
def test_a_players_rubbers_with_each_partner_add_up_to_his_rubbers(tables, who):
    partners, opponents = statistics.with_and_against(who, tables)
    mine = [t for t in tables if any(who in team for team in t.teams.values())]
    rubbers = sum(len(t.rubber_winners) for t in mine)
    won = sum(t.rubber_winners.count(statistics.side_of(t, who)) for t in mine)
    assert sum(p.rubbers for p in partners.values()) == rubbers
    assert sum(p.won for p in partners.values()) == won
    assert sum(p.net for p in partners.values()) == sum(t.settlement[who] for t in mine)
    # Two opponents at every table: each rubber counted against both of them.
    assert sum(o.rubbers for o in opponents.values()) == 2 * rubbers
    assert who not in partners and who not in opponents


@given(st.lists(table_strategy, max_size=12))
def test_the_seasons_pairs_are_the_partners_seen_from_either_side(tables):
    pairs = statistics.partnerships(tables)
    for (a, b), tally in pairs.items():
        partners, _opponents = statistics.with_and_against(a, tables)
        assert (tally.rubbers, tally.won, tally.net) == (
            partners[b].rubbers,
            partners[b].won,
            partners[b].net,
        )
    best = statistics.best_partnerships(pairs, least=2)
    assert all(t.rubbers >= 2 for _p, t in best)
    keys = [(-(t.won / t.rubbers), -t.net) for _p, t in best]
    assert keys == sorted(keys)


@given(st.lists(st.sampled_from(CASTS[:4]), min_size=1, max_size=10))
def test_hussars_four_expectations_of_each_rubber_add_up_to_one(winners):
    # Each rubber a table of its own, one player a side, its winner ranked first.
    tables = [
        TableResult(
            date=D1,
            variant="hussar",
            teams={"N": ("A",), "E": ("B",), "S": ("C",), "W": ("D",)},
            settlement=dict.fromkeys("ABCD", 0),
            rubber_winners=("NESW"["ABCD".index(w)],),
            partnership=False,
        )
        for w in winners
    ]
    points, _after = rating_points_from(tables, {})
    for i in range(len(winners)):
        assert abs(sum(points[p][i].expected for p in "ABCD") - 1) < 1e-9
        assert [p for p in "ABCD" if points[p][i].won] == [winners[i]]
    # No partner in Hussar: every other player is an opponent.
    partners, opponents = statistics.with_and_against("A", tables)
    assert partners == {} and set(opponents) == set("BCD")


def test_a_three_handed_defender_has_no_partner_and_the_dummy_is_no_opponent():
    table = TableResult(
        date=D1,
        variant="russian",
        teams={"NS": ("A",), "EW": ("B", "C")},  # the dummy's seat has no player
        settlement={"A": 5, "B": -5, "C": -5},
        rubber_winners=("NS",),
        partnership=True,
    )
    partners, opponents = statistics.with_and_against("A", [table])
    assert partners == {}
    assert {k: (t.rubbers, t.won, t.net) for k, t in opponents.items()} == {
        "B": (1, 1, 5),
        "C": (1, 1, 5),
    }


def test_a_winning_run_ends_with_a_rubber_lost_and_the_longest_stands():
    tables = [
        four_handed(datetime.date(2026, 9, 4), "ABCD", ["NS", "NS"], 0),
        four_handed(datetime.date(2026, 9, 11), "ACBD", ["NS", "EW", "EW"], 0),
        four_handed(datetime.date(2026, 9, 18), "BDAC", ["NS"], 0),
    ]
    runs = statistics.winning_runs(tables)
    # A: won, won, won (with C), lost; B: won, won, lost, won, won, won (with D).
    second = datetime.date(2026, 9, 11)
    assert (runs["A"].length, runs["A"].first, runs["A"].last) == (3, D1, second)
    assert (runs["B"].length, runs["B"].first) == (3, datetime.date(2026, 9, 11))
    assert runs["D"].length == 3 and "C" in runs and runs["C"].length == 1


# ---------------------------------------------------------------------------------------------
# The pages


def get(client, name, *args, lang="en", **query):
    response = client.get(reverse(name, args=args), query, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    return response.content.decode()


def expected_tallies(club, name):
    """His partners and opponents worked out here, table by table, from the tables' results."""
    every = standings._tables(standings.club_tables(club, variant="russian"))
    me = player(club, name).pk
    names = {p.pk: p.name for p in club.roster.all()}
    partners, opponents = Counter(), Counter()
    for _t, _o, result in standings.results(every):
        side = next((s for s, team in result.teams.items() if me in team), None)
        if side is None:
            continue
        rubbers, won = len(result.rubber_winners), result.rubber_winners.count(side)
        for s, team in result.teams.items():
            for other in team:
                if other == me:
                    continue
                into = partners if s == side else opponents
                into[names[other], "rubbers"] += rubbers
                into[names[other], "won"] += won
                into[names[other], "net"] += result.settlement[me]
    return partners, opponents


def shown_rows(html, anchor):
    table = re.search(rf'id="{anchor}">.*?<tbody>(.*?)</tbody>', html, re.S).group(1)
    return {
        name: (int(r), int(w), net.replace("\u2212", "-").lstrip("+"))
        for name, r, w, net in re.findall(
            r"<bdi>([^<]*)</bdi></td><td class=\"num\">(\d+)</td>"
            r"<td class=\"num\">(\d+)</td><td class=\"num\">([^<]*)</td>",
            table,
        )
    }


@pytest.mark.django_db
def test_the_player_page_shows_partners_and_head_to_head_by_rubbers(client, club):
    partners, opponents = expected_tallies(club, "Anna")
    html = get(client, "club_player", club.token, player(club, "Anna").pk)
    for anchor, tallies in (("partners", partners), ("head-to-head", opponents)):
        shown = shown_rows(html, anchor)
        names = {name for name, _k in tallies}
        assert set(shown) == names
        for name in names:
            net = tallies[name, "net"]
            assert shown[name] == (tallies[name, "rubbers"], tallies[name, "won"], f"{net:g}")
    assert "Head to head" in html


@pytest.mark.django_db
def test_a_deal_saved_moves_head_to_head_and_the_records(client, club):
    anna = player(club, "Anna")
    before = get(client, "club_player", club.token, anna.pk)
    records_before = get(client, "club_records", club.token)
    table = tables_of(club, "Anna")[-1]
    for number in range(8, 20):  # North-South win deal after deal until a rubber ends
        services.add_deal(table, russian_deal(SEATS[(number - 1) % 4], 9), number=number,
                          author=AUTHOR)  # fmt: skip
        table.refresh_from_db()
        if standings.outcomes([table])[table.pk].rubbers_finished > 1:
            break
    partners, opponents = expected_tallies(club, "Anna")
    after = get(client, "club_player", club.token, anna.pk)
    assert shown_rows(after, "head-to-head") != shown_rows(before, "head-to-head")
    for name, (rubbers, _w, _n) in shown_rows(after, "head-to-head").items():
        assert rubbers == opponents[name, "rubbers"]
    records_after = get(client, "club_records", club.token)
    count = re.compile(r"(\d+) finished rubbers so far")
    rubbers_before = int(count.search(records_before).group(1))
    assert int(count.search(records_after).group(1)) == rubbers_before + 1


@pytest.mark.django_db
def test_the_season_page_ranks_pairs_with_enough_rubbers_and_says_when_none_has(
    client, club, monkeypatch
):
    season = club.seasons.get()
    html = get(client, "season", club.token, season.pk)
    assert "No partnership has 10 rubbers together yet." in html
    ru = get(client, "season", club.token, season.pk, lang="ru")
    assert "Ни одна пара ещё не сыграла вместе 10 робберов." in ru
    monkeypatch.setattr(statistics, "PAIR_RUBBERS", 2)
    html = get(client, "season", club.token, season.pk)
    every = standings._tables(standings.club_tables(club, season=season))
    pairs = statistics.partnerships(r for _t, _o, r in standings.results(every))
    names = {p.pk: p.name for p in club.roster.all()}
    wanted = [
        (names[a], names[b], t.rubbers, t.won)
        for (a, b), t in sorted(
            ((p, t) for p, t in pairs.items() if t.rubbers >= 2),
            key=lambda pt: (-pt[1].won / pt[1].rubbers, -pt[1].net, -pt[1].rubbers),
        )
    ]
    assert wanted, "the fixture has pairs who played twice together"
    body = re.search(r'class="standings best-pairs">.*?<tbody>(.*?)</tbody>', html, re.S).group(1)
    shown = re.findall(
        r"<bdi>([^<]*)</bdi></a> &amp; <a [^>]*><bdi>([^<]*)</bdi></a></td>\s*"
        r'<td class="num">(\d+) of (\d+) <small>(\d+)%</small>',
        body,
    )
    assert [(a, b, int(r), int(w)) for a, b, w, r, _p in shown] == wanted
    assert [int(p) for *_n, p in shown] == [round(100 * w / r) for *_n, r, w in wanted]
    assert "The best" not in html
    # A big club lists its best pairs only, and says how many qualify.
    monkeypatch.setattr(statistics, "PAIRS_SHOWN", 2)
    html = get(client, "season", club.token, season.pk)
    body = re.search(r'class="standings best-pairs">.*?<tbody>(.*?)</tbody>', html, re.S).group(1)
    assert body.count("<tr>") == 2 and f"The best 2 of {len(wanted)} pairs." in html


@pytest.mark.django_db
def test_the_night_shows_each_players_rubbers_against_expectation_as_his_page_does(client, club):
    night = club.nights.order_by("date").last()
    html = get(client, "evening", night.token)
    every = standings._tables(standings.club_tables(club, variant="russian"))
    points, _after = rating_points_from([r for _t, _o, r in standings.results(every)], {})
    names = {p.pk: p.name for p in club.roster.all()}
    body = re.search(r'<table class="standings">.*?<tbody>(.*?)</tbody>', html, re.S).group(1)
    rows = re.findall(r'<bdi>([^<]*)</bdi>.*?<td class="expected">(.*?)</td>', body, re.S)
    assert len(rows) == 8
    for name, cell in rows:
        pk = next(pk for pk, n in names.items() if n == name)
        tonight = [n for n in night_surprises(points[pk]) if n.date == night.date][0]
        words = "above" if tonight.surprise > 0 else "below"
        assert f"{abs(tonight.surprise):.1f} rubbers {words} expectation" in cell
        page = get(client, "club_player", club.token, pk)
        assert f"{abs(tonight.surprise):.1f} rubbers {words} expectation" in page
    ru = get(client, "evening", night.token, lang="ru")
    assert "Против ожиданий" in ru and re.search(r"\d,\d роббера (выше|ниже)", ru)


@pytest.mark.django_db
def test_a_night_the_weaker_pair_wins_is_a_positive_surprise_for_them(client, owner):
    club = clubs.create_club(user=owner, name="Two nights", variant="russian", language="en")
    strong = {"N": "Anna", "E": "Vera", "S": "Boris", "W": "Gleb"}

    def night_of(n, deals):
        night = clubs.open_night(club, name=f"Night {n}", date=D1 + datetime.timedelta(7 * n),
                                 author=owner)  # fmt: skip
        record = {"format": "whist-record/1", "variant": "russian", "players": strong,
                  "deals": deals}  # fmt: skip
        clubs.file_table(night, services.import_record(record), author=owner)
        return night

    # Night 1: Anna and Boris (North-South) win three rubbers in a row: the stronger pair.
    night_of(1, [russian_deal(SEATS[i % 4], 9) for i in range(12)])  # two games: four deals
    # Night 2: Vera and Gleb win a rubber.
    second = night_of(2, [russian_deal(SEATS[i % 4], 4) for i in range(4)])
    html = get(client, "evening", second.token)
    body = re.search(r'<table class="standings">.*?<tbody>(.*?)</tbody>', html, re.S).group(1)
    rows = dict(re.findall(r'<bdi>([^<]*)</bdi>.*?<td class="expected">(.*?)</td>', body, re.S))
    above = re.compile(r"\+(\d+\.\d) rubbers above expectation")
    assert float(above.search(rows["Vera"]).group(1)) > 0.5
    assert float(above.search(rows["Gleb"]).group(1)) > 0.5
    assert "below expectation" in rows["Anna"] and "below expectation" in rows["Boris"]


@pytest.mark.django_db
def test_the_records_page_names_the_biggest_rubber_the_slams_and_the_runs(client, owner):
    club = clubs.create_club(user=owner, name="Records", variant="russian", language="en")
    night = clubs.open_night(club, name="Slam night", date=D1, author=owner)
    seated = {"N": "Anna", "E": "Vera", "S": "Boris", "W": "Gleb"}
    # Two rubbers: North-South win the first with a grand slam (13 tricks) in it; East-West
    # the second, by fewer points.
    tricks = (13, 9, 9, 9, 4, 4, 4, 4)
    deals = [russian_deal(SEATS[i % 4], won) for i, won in enumerate(tricks)]
    record = {"format": "whist-record/1", "variant": "russian", "players": seated, "deals": deals}
    clubs.file_table(night, services.import_record(record), author=owner)
    html = get(client, "club_records", club.token)
    slams = re.search(r'id="slams">.*?<tbody>(.*?)</tbody>', html, re.S).group(1)
    assert re.findall(r"<bdi>([^<]*)</bdi></a></td><td class=\"num\">(\d+)", slams) == [
        ("Anna", "1"),
        ("Boris", "1"),
    ]
    biggest = re.search(r'id="biggest-rubber">(.*?)<h2', html, re.S).group(1)
    assert "Anna" in biggest and "Boris" in biggest and "Slam night" in biggest
    assert "rubber 1 at that table" in biggest
    runs = re.search(r'id="winning-runs">.*?<tbody>(.*?)</tbody>', html, re.S).group(1)
    run = r"<bdi>([^<]*)</bdi></a><br><small>[^<]*</small></td><td class=\"num\">(\d+)"
    assert re.findall(run, runs)[:2] == [
        ("Anna", "1"),
        ("Boris", "1"),
    ]
    assert reverse("club_records", args=[club.token]) in get(client, "club", club.token)
    ru = get(client, "club_records", club.token, lang="ru")
    assert "Рекорды клуба" in ru and "Больше всех шлемов" in ru


@pytest.mark.django_db
def test_progulochny_records_count_contracts_made_and_failed_by_kind(client, owner):
    club = clubs.create_club(user=owner, name="Bids", variant="progulochny", language="en")
    html = get(client, "club_records", club.token)
    assert "No contract declared yet." in html
    night = clubs.open_night(club, name="Bids", date=D1, author=owner)
    deals = [
        # North-South bid a trump game and make it (eight tricks)...
        {"dealer": "N", "contract": {"side": "NS", "game": "trump", "trump": "H"},
         "tricks": {"NS": 8, "EW": 5}, "honours": {"NS": 3, "EW": 2}},
        # ...East-West a Grand, made with nine...
        {"dealer": "E", "contract": {"side": "EW", "game": "grand"},
         "tricks": {"NS": 4, "EW": 9}},
        # ...North-South a trump game again, failed with five.
        {"dealer": "S", "contract": {"side": "NS", "game": "trump", "trump": "S"},
         "tricks": {"NS": 5, "EW": 8}, "honours": {"NS": 2, "EW": 3}},
    ]  # fmt: skip
    players = {"N": "Anna", "E": "Vera", "S": "Boris", "W": "Gleb"}
    record = {"format": "whist-record/1", "variant": "progulochny", "players": players,
              "deals": deals}  # fmt: skip
    clubs.file_table(night, services.import_record(record), author=owner)
    html = get(client, "club_records", club.token)
    body = re.search(r'id="contracts">.*?<tbody>(.*?)</tbody>', html, re.S).group(1)
    rows = re.findall(r'<tr><td>([^<]*)</td><td class="num">(\d+)</td><td class="num">(\d+)'
                      r'</td><td class="num">(\d+)</td>', body)  # fmt: skip
    assert rows == [("trump game", "2", "1", "1"), ("Grand", "1", "1", "0")]
    ru = get(client, "club_records", club.token, lang="ru")
    assert "козырная игра" in ru and "не сыграно" in ru


@pytest.mark.django_db
def test_the_printed_rating_season_charts_its_first_players_as_their_pages_do(client, club):
    season = club.seasons.get()
    season.kind = "rating"
    season.save()
    table = standings.season_standings(season)
    charts = standings.season_charts(season, table)
    first = [line.player for line in table.ladder.standings[: standings.SEASON_CHARTS]]
    assert [name for name, _chart in charts] == [table.names[pk] for pk in first]
    for pk, (_name, chart) in zip(first, charts, strict=True):
        stats = standings.player_stats(club.roster.get(pk=pk), "russian", season)
        assert chart == standings.rating_chart_of(stats) and "<svg" in chart
    body = client.get(reverse("season_pdf", args=[club.token, season.pk]), {"lang": "ru"})
    text = text_of(body.content)
    assert "РЕЙТИНГ ЗА СЕЗОН" in text.upper()
    # Each chart's legend, drawn in the PDF: the rating with a decimal comma.
    assert len(re.findall(r"рейтинг −?\d+,\d\d", text)) == len(charts)
    season.kind = "total"
    season.save()
    assert standings.season_charts(season, standings.season_standings(season)) == []


@pytest.mark.django_db
def test_the_records_open_by_the_clubs_link_only_and_never_by_a_nights_or_an_old_one(
    client, club, owner, member, outsider
):
    url = reverse("club_records", args=[club.token])
    client.force_login(owner)  # the organiser
    assert client.get(url).status_code == 200
    clubs.give_role(club, member.username, clubs.MEMBER, author=owner)
    assert clubs.answer_invitation(club, member, accept=True)
    client.force_login(member)  # a member
    assert client.get(url).status_code == 200
    client.force_login(outsider)  # signed in, no role: the public link reads it
    assert client.get(url).status_code == 200
    client.logout()  # anyone with the public link
    assert client.get(url).status_code == 200
    assert client.post(url).status_code == 405  # a page to read, nothing to send
    night = club.nights.first()
    for other in (night.token, night.display_token, "no-such-club"):  # a night's links
        assert client.get(reverse("club_records", args=[other])).status_code == 404
    old = club.token
    clubs.new_public_link(club, author=owner)
    assert client.get(reverse("club_records", args=[old])).status_code == 404


def test_while_no_pair_qualifies_the_season_names_the_nearest_pairs(client, club):
    """The second trial: "no partnership has 10 rubbers" left a club with no answer. The page
    names the pairs with the most rubbers together so far, with their rubbers won."""
    season = club.seasons.get()
    html = get(client, "season", club.token, season.pk)
    every = standings._tables(standings.club_tables(club, season=season))
    pairs = statistics.partnerships(r for _t, _o, r in standings.results(every))
    names = {p.pk: p.name for p in club.roster.all()}
    most = max(t.rubbers for t in pairs.values())
    assert 0 < most < statistics.PAIR_RUBBERS
    listed = re.search(r'<ul class="nearest-pairs">(.*?)</ul>', html, re.S).group(1)
    items = re.findall(r"<li>(.*?)</li>", listed, re.S)
    assert 1 <= len(items) <= statistics.NEAREST_SHOWN
    (a, b), first = statistics.nearest_partnerships(pairs)[0]
    assert first.rubbers == most
    assert names[a] in items[0] and names[b] in items[0]
    assert f"won {first.won} of {first.rubbers} rubber" in items[0]
    assert "The nearest so far" in html
