"""The room's screen of a night in rounds and of a whist drive, and the round clock (issue 30).

A tournament's screen shows the round in play (its number of the plan's, each table's seating
and progress, who sits out), the next round's seating and the last one's results between two
rounds, and the standings by the average per round; a drive's shows its round (the trumps,
each table's players and tricks so far) and the drive's standings. The round clock counts the
round in play from its stored start, on the server's time; only an organiser sets it. The
browser tests (test_night_rounds.py, test_night_drive.py) check that it fits the screen.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from scorebook.clubs import clock, drive, seating
from scorebook.clubs import services as clubs
from scorebook.movements import individual, pairs
from scorebook.tables.models import Table
from tests.scorebook.conftest import add_deals

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Fedor", "Galya", "Ilya"]


@pytest.fixture
def club(owner, member):
    club = clubs.create_club(user=owner, name="Moika", variant="russian", language="en")
    clubs.give_role(club, member.username, clubs.MEMBER, author=owner)
    clubs.answer_invitation(club, member, accept=True)
    return club


def night_of(club, owner, count):
    night = clubs.open_night(club, name="Fri", date=datetime.date(2026, 11, 20), author=owner)
    players = [clubs.add_player(club, name, author=owner) for name in NAMES[:count]]
    seating.set_present(night, [p.pk for p in players], author=owner)
    return night


@pytest.fixture
def night(club, owner):
    """Nine players present: an individual tournament has one sit out each round."""
    night = night_of(club, owner, 9)
    seating.draw_rounds(night, "russian", rounds=3, deals=1, seed=11)
    night.refresh_from_db()
    return night


def screen(client, night) -> str:
    """The screen's poll fragment, as the projector's poll reads it (no version: rendered)."""
    answer = client.get(reverse("night_screen_glance", args=[night.display_token]))
    assert answer.status_code == 200
    return re.sub(r"\s+", " ", answer.content.decode())


def names_of(night, number):
    """Each table's players (N, E, S, W) and who sits out, in round ``number`` of the plan."""
    numbers = night.seating["numbers"]
    by_pk = {p.pk: p.name for p in night.present.all()}
    plan_round = individual(len(numbers), rounds=night.seating["rounds"]).rounds[number - 1]
    tables = [[by_pk[numbers[n - 1]] for n in game] for game in plan_round.games]
    return tables, [by_pk[numbers[n - 1]] for n in plan_round.sit_out]


def cards(text):
    """The screen's cards shown (not hidden): each card's text."""
    found = re.findall(
        r'<article class="screen-table[^"]*" data-group="(\w+)"( hidden)?>(.*?)</article>', text
    )
    return [(group, body) for group, hidden, body in found if not hidden]


def play_round(night):
    night.refresh_from_db()
    for table in Table.objects.filter(
        pk__in=night.seating["round_tables"][str(night.seating["current"])]
    ):
        add_deals(table, 9)


def test_before_the_first_round_the_screen_shows_its_seating_and_who_sits_out(client, night):
    text = screen(client, night)
    tables, out = names_of(night, 1)

    assert "Round 1 of 3: take your seats" in text
    shown = cards(text)
    assert len(shown) == len(tables) == 2
    for (_group, body), players in zip(shown, tables, strict=True):
        assert [re.sub(r"<.*?>", "", n) for n in re.findall(r"<bdi>(.*?)</bdi>", body)] == players
    assert re.search(r'class="screen-sitout".*Sit out this round:.*<bdi>' + out[0], text)
    assert "Standings of the tournament" in text


def test_the_round_in_play_shows_each_tables_progress_then_the_next_seating_and_results(
    client, night, owner
):
    seating.start_round(night, author=owner)
    night.refresh_from_db()

    text = screen(client, night)
    assert "Round 1 of 3 " in text and "2 tables playing · 0 tables done" in text
    assert text.count("0 of 1 deal<") == 2
    first = Table.objects.get(pk=night.seating["round_tables"]["1"][0])
    add_deals(first, 9)
    text = screen(client, night)
    assert "1 table playing · 1 table done" in text and "round over" in text

    play_round(night)
    text = screen(client, night)
    # Between two rounds: where to sit for round 2 first, the results of round 1 on a page of
    # their own (hidden until the screen turns to it), the standings by average beside them.
    tables, out = names_of(night, 2)
    assert "Round 2 of 3: take your seats" in text and "Round 1 of 3: results" in text
    shown = cards(text)
    assert {group for group, _body in shown} == {"next"} and len(shown) == 2
    assert all(
        any(name in body for name in players)
        for (_g, body), players in zip(shown, tables, strict=True)
    )
    assert out[0] in re.search(r'class="screen-sitout" data-group="next">(.*?)</p>', text).group(1)
    results = re.findall(r'<article [^>]*data-group="over" hidden>(.*?)</article>', text)
    assert len(results) == 2 and all("+" in body and "\u2212" in body for body in results)
    ranked = [row["name"] for row in seating.round_standings(seating.rounds_view(night))]
    shown_names = re.findall(r'<td class="name"><bdi>(.*?)</bdi>', text)
    assert shown_names == ranked[:10] and len(ranked) == 8  # the one who sat out: no round yet


def test_after_the_last_round_the_screen_says_so(client, night, owner):
    for _round in range(3):
        seating.start_round(night, author=owner)
        play_round(night)
    text = screen(client, night)
    assert "Round 3 of 3: results" in text and "Every round has been played." in text
    assert "take your seats" not in text and "screen-clock" not in text


def test_a_pairs_event_shows_the_pair_numbers(client, club, owner):
    night = night_of(club, owner, 8)
    seating.draw_rounds(night, "russian", rounds=None, deals=1, seed=4, kind=seating.PAIRS)
    seating.start_round(night, author=owner)
    night.refresh_from_db()

    text = screen(client, night)
    games = pairs(4).rounds[0].games
    shown = re.findall(r"N–S pair (\d+) · E–W pair (\d+)", text)
    assert [(int(a), int(b)) for a, b in shown] == [tuple(game) for game in games]
    assert "Round 1 of 3 " in text and "screen-sitout" not in text


@pytest.fixture
def drive_night(club, owner):
    night = night_of(club, owner, 8)
    drive.draw_drive(night, hands=4, rounds=2, seed=3)
    clock.set_clock(night, None, author=owner)
    night.refresh_from_db()
    return night


def test_a_drive_shows_its_round_trumps_players_tricks_and_standings(client, drive_night):
    night = drive_night
    text = screen(client, night)
    assert "Round 1 of 2 " in text and "4 hands, trumps:" in text
    trumps = re.findall(r'<span class="trump">(\d)&nbsp;<span class="suit suit-(\w)"', text)
    assert trumps == [("1", "H"), ("2", "C"), ("3", "D"), ("4", "S")]
    names = drive.view(night)["tables"][0].seats
    first = cards(text)[0][1]
    assert [n for n in re.findall(r"<bdi>(.*?)</bdi>", first)] == [p.name for _s, p in names]
    assert "Standings of the drive" in text and "No deal yet." in text

    drive.enter(night, 1, [7, 8, None, None])
    text = screen(client, night)
    first = cards(text)[0][1]
    assert "hands: 2 of 4" in first
    seats = re.findall(r"<bdi>(.*?)</bdi></span> <b>(\d+)</b>", first)
    assert [int(t) for _n, t in seats] == [15, 11, 15, 11]  # N-S 7 + 8, E-W the rest

    drive.enter(night, 1, [7, 8, 9, 6])
    drive.enter(night, 2, [5, 5, 5, 5])
    night.refresh_from_db()
    text = screen(client, night)
    assert "Round 2 of 2 " in text and "0 tables done" in text
    standings = drive.view(night)["standings"]
    shown = re.findall(
        r'<td class="rank">(\d+)</td><td class="name"><bdi>(.*?)</bdi></td><td class="value">(\d+)',
        text,
    )
    assert shown == [(str(s["rank"]), s["player"].name, str(s["score"])) for s in standings]


# ---------------------------------------------------------------------------------------------
# The round clock


def test_the_clock_counts_the_round_in_play_from_its_stored_start(client, night, owner):
    clock.set_clock(night, 30, author=owner)
    assert clock.clock_of(night) is None  # no round in play yet: nothing to count
    before = timezone.now()
    seating.start_round(night, author=owner)
    night.refresh_from_db()
    started = datetime.datetime.fromisoformat(night.seating["clock"]["started"])
    assert before <= started <= timezone.now() and night.seating["clock"]["round"] == 1

    ten = clock.clock_of(night, now=started + datetime.timedelta(minutes=10))
    assert ten is not None and (ten.left, ten.minutes_left, ten.up) == (1200, 20, False)
    last = clock.clock_of(night, now=started + datetime.timedelta(minutes=29, seconds=30))
    assert last is not None and last.minutes_left == 1 and not last.up
    over = clock.clock_of(night, now=started + datetime.timedelta(minutes=31))
    assert over is not None and over.up and over.minutes_left == 0

    # A reload reads the same start: the screen's end of the round does not move.
    night.refresh_from_db()
    assert clock.clock_of(night).ends == started + datetime.timedelta(minutes=30)


def shift_start(night, minutes):
    """The round in play started ``minutes`` ago."""
    night.refresh_from_db()
    started = timezone.now() - datetime.timedelta(minutes=minutes)
    night.seating["clock"]["started"] = started.isoformat()
    night.save(update_fields=["seating"])
    return started


def test_the_screen_shows_the_time_left_then_times_up_and_no_clock_when_none(client, night, owner):
    seating.start_round(night, author=owner)
    assert "screen-clock" not in screen(client, night)  # none set

    clock.set_clock(night, 25, author=owner)
    started = shift_start(night, 10)
    text = screen(client, night)
    found = re.search(
        r'class="screen-clock" role="timer" data-ends="([\d.]+)" data-now="([\d.]+)"', text
    )
    assert found, text
    ends = started + datetime.timedelta(minutes=25)
    assert abs(float(found.group(1)) - ends.timestamp()) < 0.01
    assert abs(float(found.group(2)) - timezone.now().timestamp()) < 5  # the server's time
    assert (
        "Time left" in text and "15 min" in text and "Time's up" in text.split("data-up=")[1][:20]
    )

    shift_start(night, 26)
    text = screen(client, night)
    assert 'class="screen-clock up"' in text
    assert '<b class="clock-left">Time\'s up</b>' in text


def test_each_poll_says_the_servers_time_even_when_nothing_changed(client, night):
    url = reverse("night_screen_glance", args=[night.display_token])
    first = client.get(url)
    version = re.search(r"\?v=(\w+)", first.content.decode()).group(1)
    again = client.get(url, {"v": version})

    assert again.status_code == 204
    for answer in (first, again, client.get(reverse("night_screen", args=[night.display_token]))):
        assert abs(float(answer["X-Server-Time"]) - timezone.now().timestamp()) < 5


def test_a_clock_set_mid_round_counts_from_the_rounds_start_unless_told_now(night, owner):
    seating.start_round(night, author=owner)
    started = shift_start(night, 12)

    clock.set_clock(night, 20, author=owner)
    night.refresh_from_db()
    assert clock.clock_of(night).ends == started + datetime.timedelta(minutes=20)

    clock.set_clock(night, 20, restart=True, author=owner)
    night.refresh_from_db()
    assert clock.clock_of(night).ends > timezone.now() + datetime.timedelta(minutes=19)


def test_a_drives_next_round_is_timed_from_when_the_last_table_finished(drive_night, owner):
    night = drive_night
    clock.set_clock(night, 15, author=owner)
    shift_start(night, 40)
    night.refresh_from_db()
    assert clock.clock_of(night).up and clock.clock_of(night).round == 1

    drive.enter(night, 1, [7, 7, 7, 7])
    drive.enter(night, 2, [6, 6, 6, 6])
    night.refresh_from_db()
    timed = clock.clock_of(night)
    assert timed is not None and timed.round == 2 and not timed.up and timed.minutes_left == 15


def test_the_organiser_sets_the_clock_from_the_night_page(client, night, owner):
    client.force_login(owner)
    page = client.get(reverse("evening", args=[night.token])).content.decode()
    assert f'action="/e/{night.token}/clock/"' in page

    answer = client.post(reverse("night_clock", args=[night.token]), {"minutes": "35"}, follow=True)
    assert "The round clock is set: 35 minutes a round." in answer.content.decode()
    night.refresh_from_db()
    assert clock.minutes_of(night) == 35
    assert 'value="35"' in client.get(reverse("evening", args=[night.token])).content.decode()

    answer = client.post(reverse("night_clock", args=[night.token]), {"minutes": ""}, follow=True)
    assert "No round clock" in answer.content.decode()
    night.refresh_from_db()
    assert clock.minutes_of(night) is None


@pytest.mark.parametrize("typed", ["abc", "0", "181", "-5", "2.5"])
def test_bad_minutes_are_refused_naming_the_field_and_change_nothing(client, night, owner, typed):
    clock.set_clock(night, 30, author=owner)
    night.refresh_from_db()
    before = night.seating
    client.force_login(owner)

    answer = client.post(
        reverse("night_clock", args=[night.token]), {"minutes": typed}, follow=True
    )

    assert "Minutes a round: a whole number from 1 to 180" in answer.content.decode()
    night.refresh_from_db()
    assert night.seating == before


def test_a_draw_with_bad_minutes_draws_nothing(client, club, owner):
    night = night_of(club, owner, 8)
    client.force_login(owner)
    for kind in ("individual", "drive"):
        answer = client.post(
            reverse("night_seating", args=[night.token]),
            {"action": "draw", "format": kind, "minutes": "0"},
            follow=True,
        )
        assert "Minutes a round" in answer.content.decode()
        night.refresh_from_db()
        assert night.seating is None


def test_the_minutes_given_at_the_draw_time_the_rounds(client, club, owner):
    night = night_of(club, owner, 8)
    client.force_login(owner)
    client.post(reverse("night_seating", args=[night.token]),
                {"action": "draw", "format": "drive", "rounds": "2", "minutes": "20"})  # fmt: skip
    night.refresh_from_db()
    timed = clock.clock_of(night)
    assert drive.in_drive(night) and timed is not None and timed.round == 1
    assert timed.minutes_left == 20


@pytest.mark.parametrize("who", ["member", "public", "outsider"])
def test_only_an_organiser_sets_the_clock(client, night, owner, member, outsider, who):
    clock.set_clock(night, 30, author=owner)
    night.refresh_from_db()
    before = night.seating
    user = {"member": member, "public": None, "outsider": outsider}[who]
    if user is not None:
        client.force_login(user)

    answer = client.post(reverse("night_clock", args=[night.token]), {"minutes": "5"})

    assert answer.status_code == 403
    night.refresh_from_db()
    assert night.seating == before


def test_the_display_link_reads_and_changes_nothing(client, night, owner):
    clock.set_clock(night, 30, author=owner)
    night.refresh_from_db()
    before = night.seating
    client.force_login(owner)  # even the organiser's browser, by the display link
    token = night.display_token

    assert client.post(reverse("night_clock", args=[token]), {"minutes": "5"}).status_code == 404
    for name in ("night_screen", "night_screen_glance"):
        assert client.post(reverse(name, args=[token]), {"minutes": "5"}).status_code == 405
    assert (
        client.post(reverse("night_seating", args=[token]), {"action": "round"}).status_code == 404
    )
    text = screen(client, night)
    assert "<form" not in text and "<a " not in text and night.token not in text
    night.refresh_from_db()
    assert night.seating == before


def test_a_stranger_without_the_link_gets_404(client, outsider):
    client.force_login(outsider)
    assert (
        client.post(reverse("night_clock", args=["no-such-night"]), {"minutes": "5"}).status_code
        == 404
    )


def test_a_closed_night_takes_no_clock(night, owner):
    clubs.close_night(night, author=owner)
    with pytest.raises(clubs.ClubError):
        clock.set_clock(night, 10, author=owner)


def test_a_night_of_free_tables_has_no_clock(client, club, owner):
    night = night_of(club, owner, 8)
    seating.draw_seating(night, "russian", seed=1)
    with pytest.raises(clubs.ClubError, match="round clock is for a night in rounds"):
        clock.set_clock(night, 10, author=owner)
