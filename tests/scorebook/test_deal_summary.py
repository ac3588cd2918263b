"""The one-line deal summaries of the log and the printed sheet."""

from __future__ import annotations

import re

from django.utils import translation

from scorebook.templatetags.scorebook import deal_summary


def test_counts_are_shown_in_seat_order_whatever_the_stored_key_order():
    # PostgreSQL's jsonb stores {"NS": 8, "EW": 5} as {"EW": 5, "NS": 8}.
    stored = {"trump": "S", "tricks": {"EW": 5, "NS": 8}, "honours": {"EW": 2, "NS": 3}}
    with translation.override("en"):
        text = str(deal_summary(stored))
    assert "tricks 8–5" in text and "honours 3–2" in text


def test_hussar_counts_follow_the_seats_n_e_s_w():
    stored = {"tricks": {"W": 1, "S": 2, "N": 7, "E": 3}}
    with translation.override("en"):
        assert "tricks 7–3–2–1" in str(deal_summary(stored))


def test_hussar_honours_name_the_players_who_claimed_them():
    stored = {"tricks": {"N": 5, "E": 3, "S": 1, "W": 4}, "honours": {"W": 3, "E": 4}}
    with translation.override("ru"):
        assert "онеры В 4 З 3" in str(deal_summary(stored))
    with translation.override("en"):
        assert "honours E 4 W 3" in str(deal_summary(stored))


def test_a_deal_without_honours_says_nothing_of_them():
    stored = {"trump": "S", "tricks": {"NS": 8, "EW": 5}}
    with translation.override("en"):
        assert "honours" not in str(deal_summary(stored))


def test_a_revoke_names_the_seat_in_the_interface_letters():
    stored = {"trump": "H", "tricks": {"NS": 8, "EW": 5}, "revokes": [{"seat": "E"}]}
    with translation.override("ru"):
        assert "ренонс В" in str(deal_summary(stored))
    with translation.override("en"):
        assert "revoke E" in str(deal_summary(stored))


def test_the_trumps_named_in_play_and_the_exchanged_packets_are_in_the_log():
    duck = {"tricks": {"NS": 8, "EW": 5}, "trumps_named": ["H", "C"]}
    prussian = {"trump": "S", "tricks": {"NS": 8, "EW": 5}, "exchanged": ["N", "S"]}
    with translation.override("en"):
        assert "trumps named ♥ ♣" in _plain(deal_summary(duck))
        assert "exchanged N S" in _plain(deal_summary(prussian))
    with translation.override("ru"):
        assert "названные козыри ♥ ♣" in _plain(deal_summary(duck))
        assert "обмен С Ю" in _plain(deal_summary(prussian))


def _plain(html) -> str:
    return re.sub(r"<[^>]+>", "", str(html))


def test_a_contract_deal_gives_the_declarers_tricks_as_the_pad_writes_them():
    # Progulochny: the scorer tapped 9 for the declarers EW; "tricks 4–9" (NS first) read as
    # EW's 4. The declarers' count comes first, the defenders' after their letters.
    stored = {
        "dealer": "E",
        "contract": {"side": "EW", "game": "grand"},
        "doubling": "contra",
        "tricks": {"NS": 4, "EW": 9},
    }
    with translation.override("en"):
        assert _plain(deal_summary(stored)) == "EW: Grand contra · tricks 9 (NS 4)"
    with translation.override("ru"):
        text = _plain(deal_summary(stored))
        assert text.startswith("ВЗ: ") and text.endswith(" · взятки 9 (СЮ 4)")


def test_a_failed_call_at_8_says_it_failed():
    """Issue 33, defect 6: long whist's failed call read "honours 2–2 · NS called" alone. A
    call that fails is played (it has tricks); one that scores is not."""
    failed = {"trump": "S", "tricks": {"NS": 7, "EW": 6}, "honours": {"NS": 2, "EW": 2},
              "called": "NS"}
    won = {"trump": "S", "honours": {"NS": 3, "EW": 1}, "called": "NS"}
    with translation.override("en"):
        assert "NS called, failed" in str(deal_summary(failed))
        assert "NS called" in str(deal_summary(won))
        assert "failed" not in str(deal_summary(won))
    with translation.override("ru"):
        assert "СЮ объявили, неудачно" in str(deal_summary(failed))
        assert "неудачно" not in str(deal_summary(won))
