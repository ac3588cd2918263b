"""A night in rounds: an individual tournament. The players present are drawn onto the plan's
numbers, each round's tables start at once when the round before is over, each player's phone
shows his route, and the night ranks by the average result per round played."""

from __future__ import annotations

import datetime
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from players.models import Player
from scorebook.clubs import prizes, seating, standings
from scorebook.clubs import services as clubs
from scorebook.clubs.views.nights import seated_twice
from scorebook.display.text import signed
from scorebook.movements import individual
from scorebook.printing import pdf
from scorebook.tables.models import Table
from tests.scorebook.conftest import add_deals, deal_form
from tests.scorebook.test_pdf import squeeze, text_of

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "deal-form"}  # as the deal form posts
NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Fedor", "Galya", "Ilya"]


@pytest.fixture
def night(owner):
    club = clubs.create_club(user=owner, name="Moika", variant="russian", language="en")
    night = clubs.open_night(club, name="Fri", date=datetime.date(2026, 11, 20), author=owner)
    players = [clubs.add_player(club, name, author=owner) for name in NAMES]
    seating.set_present(night, [p.pk for p in players], author=owner)
    return night


def play_round(night):
    for table in Table.objects.filter(
        pk__in=night.seating["round_tables"][str(night.seating["current"])]
    ):
        add_deals(table, 9, 5)


def two_rounds_played(night, owner, seed=1):
    seating.draw_rounds(night, "russian", rounds=2, deals=2, seed=seed)
    for _round in range(2):
        seating.start_round(night, author=owner)
        night.refresh_from_db()
        play_round(night)
    return seating.round_standings(seating.rounds_view(night))


def pairs_round_one_played(night, owner, *, rounds, seed):
    """A pairs event of eight (four pairs) drawn for ``rounds`` rounds, its round 1 played."""
    seating.set_present(night, list(Player.objects.values_list("pk", flat=True))[:8], author=owner)
    seating.draw_rounds(night, "russian", rounds=rounds, deals=1, seed=seed, kind=seating.PAIRS)
    seating.start_round(night, author=owner)
    night.refresh_from_db()
    play_round(night)


def test_the_rounds_follow_the_plan_and_wait_for_every_table(night, owner):
    seating.draw_rounds(night, "russian", rounds=3, deals=2, seed=5)
    plan = individual(9, rounds=3)

    first = seating.start_round(night, author=owner)
    night.refresh_from_db()
    numbers = night.seating["numbers"]
    assert len(first) == 2 and [t.title for t in first] == [
        "Round 1, table 1", "Round 1, table 2"
    ]  # fmt: skip
    for table, game in zip(first, plan.rounds[0].games, strict=True):
        seated = dict(table.seats.values_list("seat", "player_id"))
        assert seated == {seat: numbers[n - 1] for seat, n in zip("NESW", game, strict=True)}

    with pytest.raises(clubs.ClubError, match="Round 1 is not over: 2 tables are still playing"):
        seating.start_round(night, author=owner)
    play_round(night)
    second = seating.start_round(night, author=owner)
    night.refresh_from_db()
    assert night.seating["current"] == 2 and len(second) == 2
    play_round(night)
    seating.start_round(night, author=owner)
    night.refresh_from_db()
    play_round(night)
    with pytest.raises(clubs.ClubError, match="Every round has been played"):
        seating.start_round(night, author=owner)
    assert Table.objects.filter(evening=night).count() == 6


def test_each_player_sits_out_as_the_plan_says_and_his_route_shows_it(client, night, owner):
    seating.draw_rounds(night, "russian", rounds=3, deals=2, seed=5)
    seating.start_round(night, author=owner)
    night.refresh_from_db()
    out_first = night.seating["numbers"][individual(9, rounds=3).rounds[0].sit_out[0] - 1]
    url = reverse("night_route", args=[night.token])
    phone = Client()  # anyone with the night's link

    choose = phone.get(url).content.decode()
    phone.post(url, {"player": out_first})
    card = phone.get(url).content.decode()

    assert "Who are you?" in choose
    assert "Round 1</strong>:\n    you sit out" in card
    assert card.count("partner") == 2  # he plays the two other rounds
    phone.post(url, {"player": ""})  # "not me"
    assert "Who are you?" in phone.get(url).content.decode()


def test_the_tournament_ranks_by_the_average_per_round_played(client, night, owner):
    rows = two_rounds_played(night, owner, seed=5)

    assert len(rows) == 9 and sum(row["rounds"] for row in rows) == 16  # 2 rounds × 8 seats
    assert any(row["total"] != 0 for row in rows)
    averages = [row["average"] for row in rows]
    assert averages == sorted(averages, reverse=True)
    for row in rows:
        assert row["average"] == pytest.approx(row["total"] / row["rounds"])
    page = client.get(reverse("evening", args=[night.token])).content.decode()
    assert "Standings of the tournament" in page


@pytest.mark.parametrize(
    "present, message",
    [(3, "No individual tournament for 3 players"), (9, "A tournament is played in a partnership")],
)
def test_a_plan_that_cannot_be_is_refused_with_a_reason(night, owner, present, message):
    ids = list(Player.objects.values_list("pk", flat=True))[:present]
    seating.set_present(night, ids, author=owner)
    variant = "hussar" if "partnership" in message else "russian"
    with pytest.raises(clubs.ClubError, match=message):
        seating.draw_rounds(night, variant, rounds=None, deals=4)


def test_the_organiser_plays_the_night_in_rounds_from_the_seating_page(client, night, owner):
    client.force_login(owner)
    url = reverse("night_seating", args=[night.token])
    client.post(url, {"action": "draw", "format": "individual", "rounds": "3", "deals": "2",
                      "variant": "russian"})  # fmt: skip
    page = client.get(url).content.decode()
    assert "An individual tournament" in page and "Start round 1" in page

    started = client.post(url, {"action": "round"})

    night.refresh_from_db()
    assert started.status_code == 302 and night.seating["current"] == 1
    assert "0 of 2 deals" in client.get(url).content.decode()
    refused = client.post(url, {"action": "round"}, follow=True).content.decode()
    assert "Round 1 is not over" in refused


def test_a_pairs_event_keeps_the_partners_and_meets_every_pair(night, owner):
    club = night.club
    extra = clubs.add_player(club, "Kira", author=owner)
    seating.set_present(night, [*Player.objects.filter(club=club).values_list("pk", flat=True)],
                        author=owner)  # fmt: skip
    assert night.present.count() == 10 and extra in night.present.all()
    seating.draw_rounds(night, "russian", rounds=None, deals=1, seed=2, kind=seating.PAIRS)
    night.refresh_from_db()
    numbers = night.seating["numbers"]
    partner_of = {numbers[i]: numbers[i + 1] for i in range(0, 10, 2)}
    partner_of |= {b: a for a, b in partner_of.items()}
    met = set()
    for _round in range(5):  # five pairs: five rounds, one pair sitting out each
        tables = seating.start_round(night, author=owner)
        night.refresh_from_db()
        for table in tables:
            seats = dict(table.seats.values_list("seat", "player_id"))
            assert partner_of[seats["N"]] == seats["S"] and partner_of[seats["E"]] == seats["W"]
            met.add(frozenset((min(seats["N"], seats["S"]), min(seats["E"], seats["W"]))))
        play_round(night)
    assert len(met) == 10  # every two of the five pairs met once
    rows = seating.round_standings(seating.rounds_view(night))
    assert len(rows) == 5 and all(" & " in row["name"] for row in rows)


def test_a_pairs_event_needs_an_even_number(night, owner):
    with pytest.raises(clubs.ClubError, match="even number of players .9 present"):
        seating.draw_rounds(night, "russian", rounds=None, deals=1, kind=seating.PAIRS)


@pytest.mark.parametrize("players", [3, 65])
def test_a_number_without_a_tournament_is_refused_in_the_users_language(players):
    """The refusal names the number and what to do, in Russian too: never the package's English."""
    with pytest.raises(clubs.ClubError) as english:
        seating.round_plan(players, None)
    with translation.override("ru"), pytest.raises(clubs.ClubError) as russian:
        seating.round_plan(players, None)
    assert f"No individual tournament for {players} players" in str(english.value)
    assert f"Индивидуального турнира на {players} игрок" in str(russian.value)
    assert "plan" not in str(russian.value) and "players" not in str(russian.value)


@pytest.mark.parametrize("present", [55, 56, 57, 58, 59, 60])
def test_a_big_club_night_is_played_in_rounds_from_the_new_plans(owner, present):
    """55 to 60 players (the plans found last): the draw takes them, round 1 starts every
    table at once, and whoever the plan leaves out sits out."""
    club = clubs.create_club(user=owner, name="Big", variant="russian", language="en")
    night = clubs.open_night(club, name="Fri", date=datetime.date(2026, 11, 27), author=owner)
    players = [clubs.add_player(club, f"Player {n:02}", author=owner) for n in range(present)]
    seating.set_present(night, [p.pk for p in players], author=owner)
    seating.draw_rounds(night, "russian", rounds=2, deals=1, seed=7)
    first = seating.start_round(night, author=owner)
    night.refresh_from_db()
    seated = [pid for table in first for pid in table.seats.values_list("player_id", flat=True)]
    assert len(first) == present // 4 and len(set(seated)) == 4 * (present // 4)
    assert len({p.pk for p in players} - set(seated)) == present % 4


def draw_answer(client, night, owner, lang="en", **fields):
    client.force_login(owner)
    url = reverse("night_seating", args=[night.token])
    return client.post(url, {"action": "draw", "variant": "russian", **fields},
                       HTTP_ACCEPT_LANGUAGE=lang)  # fmt: skip


@pytest.mark.parametrize("typed", ["20", "0", "x"])
def test_rounds_the_plan_has_not_are_refused_at_the_rounds_field_as_typed(client, night, owner,
                                                                          typed):  # fmt: skip
    answer = draw_answer(client, night, owner, format="individual", rounds=typed, deals="2")

    page = answer.content.decode()
    night.refresh_from_db()
    assert answer.status_code == 422 and night.seating is None
    assert (
        '<span class="field-error" role="alert" id="rounds-error">The plan for 9 players has 9 '
        "rounds: choose 1 to 9, or leave Rounds empty to play them all.</span>"
    ) in page
    assert (
        'value="individual" checked' in page
        and 'name="deals" type="number" min="1" max="99" value="2"' in page
    )


def test_the_rounds_refusal_is_in_the_users_language(client, night, owner):
    page = draw_answer(client, night, owner, "ru", format="individual", rounds="20").content
    text = page.decode()

    assert "План для игроков: 9; кругов в нём: 9. Выберите от 1 до 9" in text
    assert "the plan" not in text


def test_a_pairs_event_refuses_more_rounds_than_its_round_robin(client, night, owner):
    seating.set_present(night, list(Player.objects.values_list("pk", flat=True))[:8], author=owner)

    page = draw_answer(client, night, owner, format="pairs", rounds="9").content.decode()

    assert "The round robin of 4 pairs has 3 rounds: choose 1 to 3" in page


def test_no_deals_a_round_is_refused_not_put_back_to_eight(client, night, owner):
    answer = draw_answer(client, night, owner, format="individual", rounds="", deals="0")

    night.refresh_from_db()
    assert answer.status_code == 422 and night.seating is None
    assert 'id="deals-error">Deals a round: from 1 to 99.</span>' in answer.content.decode()


def test_an_empty_rounds_field_plays_the_whole_plan(client, night, owner):
    draw_answer(client, night, owner, format="individual", rounds="", deals="")

    night.refresh_from_db()
    assert night.seating["rounds"] == 9 and night.seating["deals"] == seating.DEFAULT_DEALS


def test_round_n_started_names_the_round_just_started(client, night, owner):
    client.force_login(owner)
    url = reverse("night_seating", args=[night.token])
    client.post(url, {"action": "draw", "format": "individual", "rounds": "2", "deals": "1",
                      "variant": "russian"})  # fmt: skip

    first = client.post(url, {"action": "round"}, follow=True).content.decode()
    night.refresh_from_db()
    play_round(night)
    second = client.post(url, {"action": "round"}, follow=True).content.decode()

    assert "Round 1 started: 2 tables." in first
    assert "Round 2 started: 2 tables." in second


def test_a_tournaments_prizes_follow_its_average_not_the_sum(night, owner):
    """Those who sat out a round have one round's result: ranked by the sum they would
    share no place with a player who lost as much a round over two rounds."""
    night.club.booby_prize = True
    night.club.save()
    rows = two_rounds_played(night, owner)
    last = [row for row in rows if row["rank"] == rows[-1]["rank"]]
    assert len({row["total"] for row in last}) > 1  # the sums tell them apart, the averages not

    given = prizes.night_prizes(night)

    assert len(given) == 1 and given[0]["by"] == "average a round"
    assert [(place, name) for place, name, _v in given[0]["first"]] == [
        (row["rank"], row["name"]) for row in rows if row["rank"] <= 3
    ]
    assert sorted(given[0]["booby"]) == sorted(
        (row["rank"], row["name"], round(row["average"], 1)) for row in last
    )


def test_the_tournaments_standings_print_with_the_nights_results(night, owner):
    rows = two_rounds_played(night, owner)

    text = squeeze(text_of(pdf.evening_pdf(night, lang="en", paper="a4")))

    assert "standings of the tournament" in text
    first = rows[0]
    line = f"1 {first['name']} 2 {signed(round(first['average'], 1))} {signed(first['total'])}"
    assert squeeze(line) in text


def test_the_nights_standings_sign_the_averages_as_every_result(client, night, owner):
    rows = two_rounds_played(night, owner)
    page = client.get(reverse("evening", args=[night.token]), HTTP_ACCEPT_LANGUAGE="ru")

    worst = rows[-1]
    average = f"{abs(round(worst['average'], 1)):g}".replace(".", ",")
    assert worst["average"] < 0
    assert (
        f'<td><bdi>{worst["name"]}</bdi></td><td class="num">{worst["rounds"]}</td>'
        f'<td class="num">\u2212{average}</td><td class="num">{signed(worst["total"])}</td>'
    ) in page.content.decode()


def test_a_player_at_a_new_table_every_round_is_not_warned_of_two_tables(client, night, owner):
    rows = two_rounds_played(night, owner)
    client.force_login(owner)

    page = client.get(reverse("evening", args=[night.token])).content.decode()
    glance = standings.night_view(night)[0]
    one_round = {row.table.pk: 1 for row in glance}  # as if every table were of one round

    assert "is seated at more than one table" not in page
    twice = [row for row in rows if row["rounds"] == 2]  # those who sat out once are not
    assert len(seated_twice(glance, one_round)) == len(twice) > 0


def test_the_table_says_when_its_round_is_over_and_where_to_look_next(client, night, owner):
    seating.draw_rounds(night, "russian", rounds=2, deals=2, seed=1)
    seating.start_round(night, author=owner)
    night.refresh_from_db()
    table = Table.objects.get(pk=night.seating["round_tables"]["1"][0])
    url = reverse("table", args=[table.edit_token])

    before = client.get(url).content.decode()
    add_deals(table, 9, 5)
    after = client.get(url).content.decode()
    russian = client.get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()

    assert "Round 1: deal 1 of 2" in before and "is over" not in before
    assert "Round 1 is over at this table: its 2 deals are played." in after
    assert reverse("night_route", args=[night.token]) in after
    assert "Круг 1 за этим столом окончен: сыграны 2 сдачи." in russian


def test_the_table_answer_to_the_rounds_last_deal_says_the_round_is_over(client, night, owner):
    """The answer to a save holds only what changed (the deal saved): the round's count is the
    table's, not the answer's one deal."""
    seating.draw_rounds(night, "russian", rounds=2, deals=2, seed=1)
    seating.start_round(night, author=owner)
    night.refresh_from_db()
    table = Table.objects.get(pk=night.seating["round_tables"]["1"][0])
    url = reverse("deal_add", args=[table.edit_token])

    first = client.post(url, deal_form(table), **HTMX).content.decode()
    last = client.post(url, deal_form(table), **HTMX).content.decode()

    assert "Round 1: deal 2 of 2" in first and "is over" not in first
    assert "Round 1 is over at this table: its 2 deals are played." in last


def test_the_players_pick_their_name_from_an_alphabetical_list(client, night, owner):
    seating.draw_rounds(night, "russian", rounds=2, deals=2, seed=1)

    page = client.get(reverse("night_route", args=[night.token])).content.decode()

    shown = [name for name in NAMES if f"<bdi>{name}</bdi></button>" in page]
    assert sorted(shown) == sorted(NAMES)
    positions = [page.index(f"<bdi>{name}</bdi></button>") for name in sorted(NAMES)]
    assert positions == sorted(positions)


def test_a_rounds_table_cards_carry_its_number_in_the_round(night, owner):
    """Round 2's tables are the night's tables 3 and 4, but "table 1" and "table 2" to the
    players (the screen, their routes): their cards say so."""
    seating.draw_rounds(night, "russian", rounds=2, deals=1, seed=1)
    seating.start_round(night, author=owner)
    night.refresh_from_db()
    play_round(night)
    seating.start_round(night, author=owner)
    night.refresh_from_db()

    cards = pdf.table_cards(night, "http://club.example")

    assert [card.title for card in cards] == ["Round 2, table 1", "Round 2, table 2"]
    assert [card.number for card in cards] == [1, 2]
    assert sorted(Table.objects.filter(evening=night).values_list("number", flat=True)) == [
        1, 2, 3, 4
    ]  # fmt: skip


@pytest.mark.parametrize(
    "present, lines",
    [
        (7, {"individual": "7 present: 1 table a round, 3 sit out each round",
             "pairs": "7 present: a pairs event takes an even number, 4 to 64",
             "drive": "7 present: a whist drive needs a multiple of four players"}),
        (10, {"individual": "10 present: 2 tables a round, 2 sit out each round",
              "pairs": "10 present: 5 pairs, 2 tables a round, one pair sits out each round",
              "drive": "10 present: a whist drive needs a multiple of four players"}),
        (12, {"individual": "12 present: 3 tables a round, 0 sit out each round",
              "pairs": "12 present: 6 pairs, 3 tables a round",
              "drive": "12 present: 3 tables"}),
    ],
)  # fmt: skip
def test_the_seating_page_says_what_the_players_make_in_each_format(present, lines):
    with translation.override("en"):
        made = seating.format_lines(present, "russian")

    assert made["free"] == seating.count_line(present, "russian")
    assert {key: made[key] for key in lines} == lines


def test_the_count_beside_the_draw_is_the_chosen_formats(client, night, owner):
    client.force_login(owner)
    url = reverse("night_seating", args=[night.token])

    fresh = client.get(url).content.decode()
    refused = draw_answer(client, night, owner, format="individual", rounds="20").content.decode()

    assert '<span class="count-line" data-for="free">9 present: 2 tables, 1 sit out</span>' in fresh
    assert 'data-for="individual" hidden>9 present: 2 tables a round, 1 sit out each round' in fresh
    assert 'data-for="individual">9 present: 2 tables a round, 1 sit out each round' in refused
    assert 'data-for="free" hidden>' in refused


@pytest.mark.parametrize(
    "lang, rounds, deals, line",
    [
        ("en", "1", "2", "Rounds: 1, 2 deals each, Russian whist"),
        ("en", "3", "1", "Rounds: 3, 1 deal each, Russian whist"),
        ("ru", "1", "2", "Кругов: 1, по 2 сдачи, Русский вист"),
        ("ru", "2", "5", "Кругов: 2, по 5 сдач, Русский вист"),
        ("ru", "2", "1", "Кругов: 2, по 1 сдаче, Русский вист"),
    ],
)
def test_the_rounds_page_counts_rounds_and_deals_in_the_users_words(
    client, night, owner, lang, rounds, deals, line
):
    draw_answer(client, night, owner, format="individual", rounds=rounds, deals=deals)

    page = client.get(reverse("night_seating", args=[night.token]), HTTP_ACCEPT_LANGUAGE=lang)

    assert line in page.content.decode()


def test_the_close_page_shows_the_standings_its_prizes_come_from(client, night, owner):
    pairs_round_one_played(night, owner, rounds=1, seed=1)
    client.force_login(owner)

    page = client.get(reverse("close_night", args=[night.token])).content.decode()

    rows = seating.round_standings(seating.rounds_view(night))
    assert "Standings of the tournament" in page and "<th>Pair</th>" in page
    assert all(f"<bdi>{escape(row['name'])}</bdi>" in page for row in rows)  # "A &amp; B"


def test_a_leavers_route_says_he_left_not_that_he_does_not_play(client, night, owner):
    seating.draw_rounds(night, "russian", rounds=3, deals=1, seed=5)
    seating.start_round(night, author=owner)
    night.refresh_from_db()
    play_round(night)
    view = seating.rounds_view(night)
    leaver = view["rounds"][0].tables[0].seats[0][1]
    seating.player_leaves(night, leaver.pk, author=owner)
    night.refresh_from_db()
    url = reverse("night_route", args=[night.token])
    client.post(url, {"player": leaver.pk})

    card = client.get(url).content.decode()

    assert card.count("you left the night") == 2 and "not playing" not in card
    assert "partner" in card  # round 1, which he played


def test_everyones_route_cards_print_what_their_phones_show(client, night, owner):
    seating.draw_rounds(night, "russian", rounds=3, deals=1, seed=5)
    view = seating.rounds_view(night)
    url = reverse("route_cards_pdf", args=[night.token])

    everyone = squeeze(text_of(client.get(url).content))
    one = client.get(url, {"player": view["numbers"][0][1].pk, "paper": "a5"})

    for _n, player in view["numbers"]:
        card = seating.route(view, player)
        assert squeeze(player.name) in everyone
        for line in card:
            if line["sits_out"]:
                assert squeeze(f"{line['round']} sits out") in everyone
            else:
                partner = line["partner"].name
                assert squeeze(f"{line['round']} {line['table']}") in everyone
                assert squeeze(partner) in everyone
    alone = squeeze(text_of(one.content))
    assert one["Content-Type"] == "application/pdf" and alone.count("route card") == 1


def test_route_cards_are_for_a_night_in_rounds_only(client, night):
    answer = client.get(reverse("route_cards_pdf", args=[night.token]))

    assert answer.status_code == 404


def test_a_players_route_page_offers_his_card_to_print(client, night, owner):
    seating.draw_rounds(night, "russian", rounds=3, deals=1, seed=5)
    player = seating.rounds_view(night)["numbers"][0][1]
    url = reverse("night_route", args=[night.token])
    client.post(url, {"player": player.pk})

    page = client.get(url).content.decode()

    assert f"{reverse('route_cards_pdf', args=[night.token])}?player={player.pk}" in page


def test_a_pairs_event_says_who_waits_and_which_pair_a_change_makes(client, night, owner):
    pairs_round_one_played(night, owner, rounds=3, seed=2)
    first, partner = seating.pairs_made(night)[0]
    names = dict(Player.objects.values_list("pk", "name"))
    client.force_login(owner)
    url = reverse("night_seating", args=[night.token])

    left = client.post(url, {"action": "leave", "player": first}, follow=True).content.decode()
    came = client.post(url, {"action": "late", "guest": "Oleg"}, follow=True).content.decode()

    assert f"Waiting for a partner: <bdi>{names[partner]}</bdi>" in left
    assert f"New pair <bdi>5</bdi>: <bdi>{names[partner]}</bdi> and <bdi>Oleg</bdi>" in came


@pytest.mark.parametrize(
    "lang, words", [("en", "{name} left Fri"), ("ru", "уход с вечера Fri: {name}")]
)
def test_the_clubs_history_keeps_who_left_a_night_in_rounds(client, night, owner, lang, words):
    seating.draw_rounds(night, "russian", rounds=3, deals=1, seed=5)
    seating.start_round(night, author=owner)
    night.refresh_from_db()
    leaver = seating.rounds_view(night)["rounds"][0].tables[0].seats[0][1]
    seating.player_leaves(night, leaver.pk, author=owner)
    client.force_login(owner)

    page = client.get(reverse("club", args=[night.club.token]), HTTP_ACCEPT_LANGUAGE=lang)
    log = page.content.decode().split('class="club-log"')[1].split("</ul>")[0]
    text = " ".join(re.sub(r"<[^>]+>", " ", re.sub(r"</?bdi>", "", log)).split())

    assert words.format(name=leaver.name) in text
