"""Each variant's own moments on the deal form: what it asks, and what it does not."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import pytest
from django.urls import reverse

from scorebook.display.pad import build_pad
from scorebook.display.variants import OPTION_LABELS, VARIANTS
from scorebook.rules import PRESETS
from scorebook.rules.presets import BY_CLAIM, BY_DECLARERS, BY_HAND, BY_SEAT, BY_SIDE, DealEntry
from scorebook.tables import forms, services
from scorebook.tables.forms import DealForm, deal_initial
from scorebook.tables.models import Deal
from tests.scorebook.conftest import PLAYERS, table_url
from tests.scorebook.records import progulochny_record

pytestmark = pytest.mark.django_db


def post_deal(client, table, lang="en", **fields):
    data = {"number": 1, "nonce": uuid.uuid4().hex, "dealer": "N", **fields}
    url = reverse("deal_add", args=[table.edit_token])
    return client.post(url, data, HTTP_ACCEPT_LANGUAGE=lang)


def test_a_flying_duck_deal_needs_no_trump_suit(client):
    table = services.create_table(variant="flying-duck", players=PLAYERS, first_dealer="N")

    page = client.get(reverse("table", args=[table.edit_token])).content.decode()
    response = post_deal(client, table, tricks=8)

    assert "optional" in page
    assert response.status_code == 302
    assert "trump" not in table.deals.get().data


def test_every_other_trump_variant_still_asks_for_the_trump():
    asking = {k for k, p in PRESETS.items() if p.entry.trump == "required"}

    assert asking == {k for k, p in PRESETS.items() if p.trump} - {"flying-duck"}


def test_progulochny_declarers_follow_from_the_dealer(client):
    table = services.create_table(variant="progulochny", players=PLAYERS, first_dealer="E")

    page = client.get(reverse("table", args=[table.edit_token])).content.decode()
    response = client.post(
        reverse("deal_add", args=[table.edit_token]),
        {"number": 1, "nonce": uuid.uuid4().hex, "dealer": "E", "contract_game": "grand",
         "tricks": 5},
    )  # fmt: skip

    assert 'name="contract_side"' not in page  # no choice of the pair that may not declare
    # The dealer's pair, named; the other dealers' pairs are there for a change of dealer
    assert '<strong data-dealer="E">Boris &amp; Gleb (EW)</strong>' in page
    assert '<strong data-dealer="N" hidden>Anna &amp; Vera (NS)</strong>' in page
    assert "Null at most 6" in page and 'class="first-six"' in page
    assert response.status_code == 302
    assert table.deals.get().data["contract"] == {"side": "EW", "game": "grand"}


@pytest.mark.parametrize("contra", [True, False])
def test_a_recontra_ticked_with_or_without_the_contra_is_a_recontra(client, contra):
    table = services.create_table(variant="progulochny", players=PLAYERS, first_dealer="N")
    doubling = {"recontra": "on", **({"contra": "on"} if contra else {})}

    response = post_deal(client, table, contract_game="grand", tricks=8, **doubling)

    assert response.status_code == 302
    assert table.deals.get().data["doubling"] == "recontra"


# ---------------------------------------------------------------------------------------------
# The shape: what a deal asks for is the preset's data


def test_every_preset_has_its_labels_and_its_deal_form_description():
    assert set(VARIANTS) == set(PRESETS)
    for key, preset in PRESETS.items():
        name, description = VARIANTS[key]
        assert str(name).strip() and str(description).strip(), key
        assert set(preset.defaults) <= set(OPTION_LABELS), key
        entry = preset.entry
        assert isinstance(entry, DealEntry), key
        assert entry.trump in ("required", "optional", "none"), key
        assert entry.tricks in (BY_SIDE, BY_DECLARERS, BY_SEAT), key
        if entry.tricks == BY_DECLARERS:  # counted for the declarers: a contract names them
            assert entry.contract and len(preset.sides) == 2, key
        assert entry.honours in (BY_SIDE, BY_HAND, BY_CLAIM), key
        # per side needs two sides; per seat or hand, the seats are the sides
        if BY_SIDE in (entry.tricks, entry.honours):
            assert len(preset.sides) == 2, key
        if entry.tricks == BY_SEAT or entry.honours in (BY_HAND, BY_CLAIM):
            assert preset.sides == preset.seats, key


def test_the_deal_form_never_asks_for_a_variant_by_name():
    source = Path(forms.__file__).read_text()

    named = [key for key in PRESETS if re.search(rf"[\"']{re.escape(key)}[\"']", source)]
    assert named == []
    assert "family ==" not in source and ".key ==" not in source


def test_no_module_tests_a_variant_by_name():
    # What a variant does differently lives in its preset (entry, scoring, options): the
    # engine, the services and the pages read that, never compare the variant's name
    root = Path(forms.__file__).resolve().parent
    names = "|".join(re.escape(key) for key in PRESETS)
    compared = re.compile(rf"(variant|\.key)\s*(==|!=)\s*[\"']({names})[\"']")
    found = [
        f"{path.relative_to(root)}:{n}"
        for path in root.rglob("*.py")
        if "migrations" not in path.parts
        for n, line in enumerate(path.read_text().splitlines(), start=1)
        if compared.search(line)
    ]
    assert found == []


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_the_form_has_the_fields_the_preset_describes(variant):
    preset = PRESETS[variant]
    table = services.create_table(
        variant=variant, players={s: PLAYERS[s] for s in preset.seats}, first_dealer="N"
    )
    form = DealForm(services.table_rules(table))
    entry = preset.entry

    assert ("trump" in form.fields) == (entry.trump != "none")
    assert ("special_suit" in form.fields) == entry.special_suit
    assert ("contract_game" in form.fields) == entry.contract
    assert ("called" in form.fields) == entry.called
    assert ("exchanged" in form.fields) == entry.exchanged
    assert ("tricks" in form.fields) == (entry.tricks in (BY_SIDE, BY_DECLARERS))
    assert form.trick_seats == (list(preset.seats[:-1]) if entry.tricks == BY_SEAT else [])


# ---------------------------------------------------------------------------------------------
# Honours: none claimed unless tapped


@pytest.mark.parametrize(
    "variant, fields",
    [
        ("russian", {"trump": "H", "tricks": 8}),
        ("english-short", {"trump": "S", "tricks": 8}),
        ("english-long", {"trump": "S", "tricks": 8}),
        ("anfilada", {"trump": "D", "tricks": 8}),
        ("eralash", {"tricks": 8}),
        ("prussian", {"trump": "C", "tricks": 8}),
        # the trump game is checked on the page: the browser posts it untouched
        ("progulochny", {"contract_game": "trump", "contract_trump": "H", "tricks": 8}),
    ],
)
def test_a_plain_deal_is_trump_tricks_and_save(client, variant, fields):
    preset = PRESETS[variant]
    table = services.create_table(
        variant=variant, players={s: PLAYERS[s] for s in preset.seats}, first_dealer="N"
    )

    response = post_deal(client, table, **fields)

    assert response.status_code == 302
    data = table.deals.get().data
    assert "honours" not in data
    assert data["tricks"][preset.sides[0]] == 8


def test_the_honours_strip_offers_none_claimed_chosen_by_default(client, table):
    page = client.get(table_url(table)).content.decode()

    assert re.search(
        r'<input type="radio" name="honours" value="" [^>]*checked data-default>'
        r"<span>none claimed</span>",
        page,
    )
    assert "Honours held by NS (EW hold the rest)" in page


@pytest.mark.parametrize(
    ("lang", "legend", "held"),
    [
        ("en", "Honours won in tricks by NS (EW won the rest)", "Honours held by NS"),
        ("ru", "Онеры во взятках СЮ (остальные — у ВЗ)", "Онеры у СЮ"),
    ],
)
@pytest.mark.parametrize("variant", ["progulochny", "russian"])
def test_honours_won_in_tricks_are_asked_as_won_not_held(client, variant, lang, legend, held):
    # Rules options: "Honours scored by the side that won them in tricks": the scorer enters
    # the honours each side took, not those it was dealt, and the strip says so
    table = services.create_table(
        variant=variant, players=PLAYERS, options={"honoursBy": "captured"}, first_dealer="N"
    )

    page = client.get(table_url(table), HTTP_ACCEPT_LANGUAGE=lang).content.decode()

    assert legend in page
    assert held not in page


@pytest.mark.parametrize(
    ("lang", "options", "legend", "wrong"),
    [
        ("en", {}, "Aces held by NS (EW hold the rest)", "Honours"),
        ("ru", {}, "Тузы у СЮ (остальные — у ВЗ)", "Онеры"),
        ("en", {"honoursBy": "captured"}, "Aces won in tricks by NS (EW won the rest)", "Honours"),
        ("ru", {"honoursBy": "captured"}, "Тузы во взятках СЮ (остальные — у ВЗ)", "Онеры"),
        ("en", {"eralash.acesPerPlayer": True}, "<legend>Aces</legend>", "Honours"),
        ("ru", {"eralash.acesPerPlayer": True}, "<legend>Тузы</legend>", "Онеры"),
    ],
)
def test_eralash_asks_for_its_honours_by_their_name_the_aces(client, lang, options, legend, wrong):
    # Eralash has no trumps: its honours are the four aces, and a scorer asked for "honours"
    # on a no-trump deal does not know what to count
    table = services.create_table(
        variant="eralash", players=PLAYERS, options=options, first_dealer="N"
    )

    page = client.get(table_url(table), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    form = page[page.index("deal-form") :]
    form = form[: form.index("</form>")]

    assert legend in form
    assert wrong not in form


ERALASH_DEAL = {"dealer": "N", "tricks": {"NS": 8, "EW": 5}, "honours": {"NS": 3, "EW": 1}}


@pytest.mark.parametrize(
    ("lang", "entry", "log", "hint", "wrong"),
    [
        ("en", "2 <small>for aces</small>", "aces 3–1", "tricks NS–EW · aces NS–EW", "honours"),
        ("ru", "2 <small>за тузы</small>", "тузы 3–1", "взятки СЮ–ВЗ · тузы СЮ–ВЗ", "онер"),
    ],
)
def test_eralash_sheet_and_deal_list_call_its_honours_aces(client, lang, entry, log, hint, wrong):
    # The form asks for the aces (above): the sheet, the deal list and the correction page say
    # the same, not "for honours" / "honours 3–1"
    table = services.create_table(variant="eralash", players=PLAYERS, first_dealer="N")
    services.add_deal(table, ERALASH_DEAL, number=1, author=services.Author(label="test"))

    page = client.get(table_url(table), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    sheet = page[page.index('id="pad-above"') : page.index('id="deal-log"')]
    deal_list = page[page.index('id="deal-log"') :]
    deal_list = deal_list[: deal_list.index("</ol>")]
    edit = reverse("deal_edit", args=[table.edit_token, 1])
    correction = client.get(edit, HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    summary = correction.split("</h1>\n<p>", 1)[1].split("</p>", 1)[0]  # the deal under the title

    assert entry in sheet and hint in sheet
    assert log in deal_list and log in summary
    for text in (sheet, deal_list, summary):
        assert wrong not in text.lower()


def test_eralash_save_answer_calls_its_honours_aces(client):
    table = services.create_table(variant="eralash", players=PLAYERS, first_dealer="N")
    client.get(table_url(table))
    form = {"number": 1, "nonce": "e1", "dealer": "N", "tricks": 8, "honours": 3}

    answer = client.post(
        reverse("deal_add", args=[table.edit_token]),
        form,
        HTTP_HX_REQUEST="true",
        HTTP_HX_TARGET="deal-form",
    ).content.decode()

    assert "2 <small>for aces</small>" in answer and "aces 3–1" in answer
    assert "for honours" not in answer and "honours 3–1" not in answer


def test_russian_whist_keeps_its_honours_on_the_sheet(client, table):
    services.add_deal(
        table,
        {"dealer": "N", "trump": "H", "tricks": {"NS": 8, "EW": 5}, "honours": {"NS": 3, "EW": 2}},
        number=1,
        author=services.Author(label="test"),
    )

    page = client.get(table_url(table)).content.decode()

    assert "2 <small>for honours</small>" in page and "honours 3–2" in page
    assert "aces" not in page.lower()


def test_a_claim_is_one_tap_on_the_honours_strip(client, table):
    post_deal(client, table, trump="H", tricks=8, honours=1)

    assert table.deals.get().data["honours"] == {"NS": 1, "EW": 4}


def test_a_deal_without_honours_is_corrected_with_none_claimed(client, table):
    post_deal(client, table, trump="H", tricks=8)
    record = services.table_state(table).record

    initial = deal_initial(record, table.deals.get().data)
    page = client.get(reverse("deal_edit", args=[table.edit_token, 1])).content.decode()

    assert "honours" not in initial
    assert re.search(r'name="honours" value="" [^>]*checked', page)


def test_prussian_honours_are_both_hands_or_none(client):
    table = services.create_table(
        variant="prussian", players={"N": "Anna", "S": "Vera"}, first_dealer="N"
    )

    both = post_deal(client, table, trump="C", tricks=8, honours_N=3, honours_S=1)

    assert both.status_code == 302
    assert table.deals.get().data["honours"] == {"N": 3, "S": 1}


def test_a_prussian_claim_for_one_hand_is_taken_when_it_decides_alone(client):
    """Issue 33, defect 6. docs/rules.md: two, three or four honours score "provided the other
    holds at most one": a hand claiming three or four of A K Q J scores whatever the other
    held (written as none claimed there, 0); two alone might meet two (2–2, nothing)."""
    table = services.create_table(
        variant="prussian", players={"N": "Anna", "S": "Vera"}, first_dealer="N"
    )

    two = post_deal(client, table, trump="C", tricks=8, honours_N=2)
    three = post_deal(client, table, trump="C", tricks=8, honours_S=3)

    assert two.status_code == 422
    assert "scores only if the other hand held at most one honour" in two.content.decode()
    assert three.status_code == 302
    assert table.deals.get().data["honours"] == {"N": 0, "S": 3}
    assert services.table_state(table).sheet.above["S"] == 3


# ---------------------------------------------------------------------------------------------
# Hussar: three trick taps, the last player's are the rest; honours only for a claim


@pytest.fixture
def hussar(db):
    return services.create_table(variant="hussar", players=PLAYERS, first_dealer="N")


def test_hussar_asks_three_players_tricks_and_shows_the_fourth_as_the_rest(client, hussar):
    page = client.get(table_url(hussar)).content.decode()

    for seat in "NES":
        assert f'name="tricks_{seat}" value="13"' in page
    assert 'name="tricks_W" value=' not in page  # no taps for the last player
    assert '<output name="tricks_W"' in page
    assert 'style="--n:-5"' in page  # each tap's count, for the sum site.css shows


def test_hussar_plain_deal_takes_the_rest_for_the_last_player(client, hussar):
    response = post_deal(client, hussar, trump="H", tricks_N=5, tricks_E=3, tricks_S=1)

    assert response.status_code == 302
    data = hussar.deals.get().data
    assert data["tricks"] == {"N": 5, "E": 3, "S": 1, "W": 4}
    assert "honours" not in data


def test_hussar_tricks_beyond_thirteen_are_refused_at_the_tricks(client, hussar):
    response = post_deal(client, hussar, trump="H", tricks_N=6, tricks_E=5, tricks_S=4)

    assert response.status_code == 422
    assert "These players took 15 tricks: more than the 13 of a deal." in response.content.decode()
    assert not hussar.deals.exists()


def test_hussar_honours_name_only_the_claiming_player(client, hussar):
    page = client.get(table_url(hussar)).content.decode()
    response = post_deal(client, hussar, trump="H", tricks_N=5, tricks_E=3, tricks_S=1, honours_E=4)

    assert 'name="honours_E" value="1"' not in page  # only the counts that score are offered
    assert 'name="honours_E" value="3"' in page
    assert response.status_code == 302
    assert hussar.deals.get().data["honours"] == {"E": 4}
    assert services.table_state(hussar).sheet.above == {"N": 0, "E": 4, "S": 0, "W": 0}


# ---------------------------------------------------------------------------------------------
# English long whist: honours called at 8


@pytest.fixture
def long_whist(db):
    return services.create_table(variant="english-long", players=PLAYERS, first_dealer="N")


def english_deals(table, *deals):
    for tricks in deals:
        state = services.table_state(table)
        data = {
            "dealer": state.next_dealer,
            "trump": "S",
            "tricks": {"NS": tricks, "EW": 13 - tricks},
        }
        services.add_deal(table, data, number=state.next_number, author=services.Author(label="t"))


def test_the_call_is_offered_only_to_a_side_standing_at_8(client, long_whist):
    before = client.get(table_url(long_whist)).content.decode()
    english_deals(long_whist, 13, 7)  # NS 7 + 1 = 8
    at_eight = client.get(table_url(long_whist)).content.decode()

    assert "Honours called at 8" not in before
    assert "Honours called at 8" in at_eight
    assert 'name="called" value="NS"' in at_eight
    assert 'name="called" value="EW"' not in at_eight


def test_the_deal_that_brings_a_side_to_8_is_answered_with_the_call(client, long_whist):
    english_deals(long_whist, 13)  # NS 7

    response = client.post(
        reverse("deal_add", args=[long_whist.edit_token]),
        {"number": 2, "nonce": uuid.uuid4().hex, "dealer": "E", "trump": "H", "tricks": 7},
        HTTP_HX_REQUEST="true",
    )

    assert response.status_code == 200
    assert 'name="called" value="NS"' in response.content.decode()


def test_a_call_at_8_with_honours_wins_the_game_without_tricks(client, long_whist):
    english_deals(long_whist, 13, 7)

    response = post_deal(
        client, long_whist, number=3, dealer="S", trump="H", called="NS", honours=3
    )

    assert response.status_code == 302
    deal = Deal.objects.get(table=long_whist, number=3)
    assert deal.data == {"dealer": "S", "trump": "H", "called": "NS", "honours": {"NS": 3, "EW": 1}}
    assert services.table_state(long_whist).sheet.deals[-1].game_won_by == "NS"


def test_a_call_is_the_side_its_honours_and_save_no_trump_needed(client, long_whist):
    """A won call is not played, so there is no trump to name (found by a new user)."""
    english_deals(long_whist, 13, 7)

    response = post_deal(client, long_whist, number=3, dealer="S", called="NS", honours=4)

    assert response.status_code == 302
    assert Deal.objects.get(table=long_whist, number=3).data == {
        "dealer": "S",
        "called": "NS",
        "honours": {"NS": 4, "EW": 0},
    }
    assert services.table_state(long_whist).sheet.deals[-1].game_won_by == "NS"


def test_a_call_needs_the_honours_of_the_side(client, long_whist):
    english_deals(long_whist, 13, 7)

    response = post_deal(client, long_whist, number=3, dealer="S", trump="H", called="NS")

    assert response.status_code == 422
    assert "Tap the honours of the side that called." in response.content.decode()


@pytest.mark.parametrize(("lang", "call"), [("en", "call"), ("ru", "объяв")])
def test_a_call_that_scores_nothing_asks_for_the_tricks_saying_why(client, long_whist, lang, call):
    """Two honours called score nothing: the deal is played, and the tricks row says so rather
    than a bare "This is required." (found by a new user)."""
    english_deals(long_whist, 13, 7)

    response = post_deal(
        client, long_whist, lang, number=3, dealer="S", trump="H", called="NS", honours=2
    )

    assert response.status_code == 422
    errors = re.findall(r'<p class="field-error"[^>]*>(.*?)</p>', response.text)
    assert len(errors) == 1, errors
    assert call in errors[0].lower(), errors
    assert not Deal.objects.filter(table=long_whist, number=3).exists()


# ---------------------------------------------------------------------------------------------
# Progulochny: a trump game unless another game is tapped


def test_progulochny_trump_game_is_chosen_until_another_game_is_tapped(client):
    table = services.create_table(variant="progulochny", players=PLAYERS, first_dealer="N")

    page = client.get(table_url(table)).content.decode()
    response = post_deal(client, table, contract_game="trump", contract_trump="S", tricks=8)

    assert re.search(r'name="contract_game" value="trump" [^>]*checked data-default', page)
    assert response.status_code == 302
    assert table.deals.get().data["contract"] == {"side": "NS", "game": "trump", "trump": "S"}


def test_a_lost_progulochny_contract_writes_no_empty_row_below_the_line(client):
    # On paper a deal that scores nothing below the line (a lost contract: its penalty goes
    # above) writes nothing there; the pad showed a blank row for it.
    table = services.create_table(variant="progulochny", players=PLAYERS, first_dealer="N")
    made = {"dealer": "N", "contract": {"side": "NS", "game": "trump", "trump": "H"},
            "tricks": {"NS": 8, "EW": 5}}  # fmt: skip
    lost = {"dealer": "E", "contract": {"side": "EW", "game": "grand"},
            "tricks": {"NS": 8, "EW": 5}}  # fmt: skip
    services.add_deal(table, made, number=1, author=services.Author(label="t"))
    services.add_deal(table, lost, number=2, author=services.Author(label="t"))

    page = client.get(table_url(table)).content.decode()
    below = page.split('id="pad-below"', 1)[1].split("</tbody>", 1)[0]
    above = page.split('id="pad-above"', 1)[1].split("</tbody>", 1)[0]
    # and the answer to saving a third lost deal adds no row below the line either
    answer = client.post(
        reverse("deal_add", args=[table.edit_token]),
        {"number": 3, "nonce": uuid.uuid4().hex, "dealer": "S", "contract_game": "grand",
         "tricks": 5},
        headers={"hx-request": "true", "hx-target": "deal-form"},
    )  # fmt: skip

    assert "<sup>1</sup>" in below and "<sup>2</sup>" not in below
    assert "<sup>2</sup>" in above  # the penalty for the lost Grand
    assert not re.search(r"<tr>(<td></td>)+</tr>", below)
    assert answer.status_code == 200
    added = answer.content.decode().split('beforeend:#pad-below">', 1)[1].split("</tbody>")[0]
    assert added == ""


@pytest.mark.parametrize(
    ("lang", "label", "count"),
    [("en", "for overtricks", "overtricks"), ("ru", "за перебор", "перебор")],
)
def test_progulochny_overtricks_on_the_pad_are_points_for_them_not_a_count(
    client, lang, label, count
):
    # Two overtricks in contra are worth 4: "4 overtricks" read as four tricks over seven. The
    # points are for them, as honours' are "for honours".
    table = services.create_table(variant="progulochny", players=PLAYERS, first_dealer="N")
    deal = {"dealer": "N", "contract": {"side": "NS", "game": "trump", "trump": "S"},
            "doubling": "contra", "tricks": {"NS": 9, "EW": 4}}  # fmt: skip
    services.add_deal(table, deal, number=1, author=services.Author(label="t"))

    page = client.get(table_url(table), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    above = page.split('id="pad-above"', 1)[1].split("</tbody>", 1)[0]

    assert f"4 <small>{label}</small>" in above
    assert f"<small>{count}</small>" not in above


# ---------------------------------------------------------------------------------------------
# Progulochny: the tricks row counts the declarers', as what each contract needs is said of them


def test_progulochny_tricks_are_the_declarers_whoever_deals(client):
    table = services.create_table(variant="progulochny", players=PLAYERS, first_dealer="N")
    made = post_deal(client, table, contract_game="trump", contract_trump="S", tricks=8)
    page = client.get(table_url(table)).content.decode()
    # East deals: East-West declare, and the 7 tapped are theirs
    lost = post_deal(client, table, number=2, dealer="E", contract_game="grand", tricks=6)

    assert made.status_code == lost.status_code == 302
    assert "Declarers' tricks (the defenders take the rest)" in page
    assert "Tricks of NS" not in page
    first, second = (d.data for d in table.deals.order_by("number"))
    assert first["tricks"] == {"NS": 8, "EW": 5}
    assert second["contract"]["side"] == "EW" and second["tricks"] == {"NS": 7, "EW": 6}
    # the correction form shows the declarers' count back, and saves the deal unchanged
    record = services.table_state(table).record
    initial = deal_initial(record, second)
    assert initial["tricks"] == 6
    again = DealForm(record, {**initial, "number": 2, "nonce": "x"}).deal_data()
    assert again == second


def test_a_recontra_is_written_as_recontra_on_the_pad(client):
    table = services.import_record(progulochny_record())

    state = services.table_state(table)
    pad = build_pad(state.record, state.sheet)
    above = {(row.deal, e.label, e.points) for row in pad.above for cell in row.cells
             for e in cell}  # fmt: skip

    assert (1, "contra", 1) in above  # a trump game made with contra: its one point again
    assert (2, "recontra", 9) in above  # a Grand made with recontra: 3 x 4, the 3 below
    assert not any(label == "contra" for deal, label, _ in above if deal == 2)


def test_the_revoke_choice_names_the_players(client):
    table = services.create_table(variant="hussar", players=PLAYERS, first_dealer="N")

    page = client.get(table_url(table)).content.decode()

    assert re.search(r'name="revoke1_seat"', page)
    revoke = page.split('name="revoke1_seat"', 1)[1].split("</select>", 1)[0]
    assert '<option value="E">E · Boris</option>' in revoke


def test_a_verdict_at_its_field_is_a_sentence(client):
    # The engine's verdicts read on after "deal 3, revoke:" in a list; alone at their field
    # they begin with a capital and end with a full stop, in both languages
    table = services.create_table(variant="russian", players=PLAYERS, first_dealer="N")
    revoke = {"trump": "S", "tricks": 11, "revoke1_seat": "E", "revoke1_penalty": "tricks"}

    english = post_deal(client, table, **revoke).content.decode()
    russian = post_deal(client, table, lang="ru", **revoke).content.decode()

    assert "Taking 3 tricks needs the revoking side to hold 3 tricks (EW has 2)." in english
    assert "Чтобы забрать 3 взятки" in russian and "(у ВЗ — 2)." in russian


@pytest.mark.parametrize(
    ("lang", "labels"),
    [
        ("en", ["add 6 to the claimants", "deduct 6 from the revokers", "transfer 6",
                "take 3 tricks"]),
        ("ru", ["+6 пострадавшим", "−6 виновным", "6 от виновных пострадавшим",
                "забрать 3 взятки"]),
    ],
)  # fmt: skip
def test_the_revoke_penalties_of_the_deal_form_say_the_tables_points(client, lang, labels):
    # A table that plays a revoke for 6 (the options) was offered "transfer 3" and wrote 6;
    # "take 3 tricks" moves three tricks whatever the points.
    table = services.create_table(
        variant="prussian",
        players={"N": "Anna", "S": "Vera"},
        options={"revoke.amount": 6},
        first_dealer="N",
    )

    page = client.get(table_url(table), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    penalty = page.split('name="revoke1_penalty"', 1)[1].split("</select>", 1)[0]

    assert re.findall(r">([^<]+)</option>", penalty) == labels


# ---------------------------------------------------------------------------------------------
# The Russian interface: the engine's verdicts and the labels in Russian words


def test_a_gran_null_first_six_beyond_the_tricks_is_refused_in_russian(client):
    table = services.create_table(variant="progulochny", players=PLAYERS, first_dealer="N")
    deal = {"contract_game": "grand-null", "tricks": 2, "first_six": 5}

    english = post_deal(client, table, **deal).content.decode()
    russian = post_deal(client, table, lang="ru", **deal).content.decode()

    assert "took 5 of the first six but 2 tricks in all" in english
    assert "took 5 of the first six" not in russian
    assert "Anna и Vera (СЮ)" in russian and "5 из первых шести" in russian
    assert not table.deals.exists()


def test_a_gran_null_refusal_in_russian_names_the_declarers_as_a_heading(client):
    # Names are not declined: "у Анна и Вера" would be wrong Russian, so the declarers head
    # the verdict as they are written ("Анна и Вера (СЮ) — 5 из первых шести ...")
    table = services.create_table(variant="progulochny", players=PLAYERS, first_dealer="N")
    deal = {"contract_game": "grand-null", "tricks": 2, "first_six": 5}

    russian = post_deal(client, table, lang="ru", **deal).content.decode()

    assert "Anna и Vera (СЮ) — 5 из первых шести взяток, а всего взяток 2." in russian
    assert "У Anna" not in russian and "у Anna" not in russian


def test_a_two_player_revoke_refusal_speaks_of_a_player_not_a_pair(client):
    table = services.create_table(
        variant="prussian", players={"N": "Anna", "S": "Vera"}, first_dealer="N"
    )
    revoke = {"trump": "S", "tricks": 11, "revoke1_seat": "S", "revoke1_penalty": "tricks"}

    russian = post_deal(client, table, lang="ru", **revoke).content.decode()

    assert "Чтобы забрать 3 взятки, у игрока с ренонсом должно быть 3 взятки" in russian
    assert "у пары" not in russian


def test_prussian_tricks_are_asked_by_the_players_names(client):
    table = services.create_table(
        variant="prussian", players={"N": "Anna", "S": "Vera"}, first_dealer="N"
    )

    english = client.get(table_url(table)).content.decode()
    russian = client.get(table_url(table), HTTP_ACCEPT_LANGUAGE="ru").content.decode()

    assert "Tricks of Anna (N; Vera, S, takes the rest)" in english
    assert "Tricks of N (S takes the rest)" not in english
    assert "Взятки: Anna (С); остальные берёт Vera (Ю)" in russian
