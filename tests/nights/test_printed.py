"""The night in print, read back (tests/pdfs.py): a table card per table of a sitting (its number, who sits where,
the QR code of its game) and the night's results (the leaderboard, every sitting's tables), in English and French, names
escaped."""
from __future__ import annotations

import os
import re

import pytest

from tests.nights.conftest import hand
from tests.nights.test_pages import TWELVE, api_night, night_id, start_night, view_key
from tests.pdfs import pages_text


def pages(answer) -> list[str]:
    assert answer.status_code == 200 and answer.headers["Content-Type"] == "application/pdf"
    if os.environ.get("NIGHT_PDFS"):  # to look at them: pdftoppm -png -r 60
        name = re.search(r'filename="([^"]+)"', answer.headers["Content-Disposition"]).group(1)
        with open(os.path.join(os.environ["NIGHT_PDFS"], f"{len(answer.data)}-{name}"), "wb") as out:
            out.write(answer.data)
    return pages_text(answer.data)


@pytest.fixture
def played(client, group, play_table):
    """A night of twelve at Hand & Foot with partners, its first sitting played at every table; "Lou" is typed as
    markup."""
    client.get(f"/groups/{group['id']}/join/{group['token']}")
    nid = night_id(start_night(client, group, players=[*TWELVE[:11], "<b>Lou</b>"]))
    client.post(f"/nights/{nid}/sittings")
    for number, table in enumerate(api_night(client, group, nid)["seatings"][0]["tables"]):
        play_table(table, hand(4, number % 4))
    return nid


def test_a_card_per_table_with_its_seats_and_its_code(client, group, played):
    cards = pages(client.get(f"/nights/{played}/cards.pdf"))
    night = api_night(client, group, played)
    assert len(cards) == 3
    for text, table in zip(cards, night["seatings"][0]["tables"]):
        assert f"Table {table['table']}" in text and "Sitting 1 of 3" in text
        names = {p["id"]: p["name"] for p in night["players"]}
        for team in table["teams"]:
            assert " & ".join(names[p] for p in team) in text  # partners together
        assert f"/games/{table['game']}/edit/" in text.replace("\n", "")  # the link under its QR code
        assert "seated again" in text  # the movement, for rotate
    assert "<b>Lou</b>" in "".join(cards)  # as typed, printed as text, not read as markup


def test_the_results_list_the_leaderboard_and_every_table(client, group, played):
    text = "\n".join(pages(client.get(f"/nights/{played}/results.pdf")))
    assert "Leaderboard" in text and "Sitting 1" in text and "Friday club" in text
    for number in (1, 2, 3):
        assert re.search(rf"^{number} .*finished", text, re.M)
    assert "<b>Lou</b>" in text
    reader = client.application.test_client()
    assert reader.get(f"/nights/{played}/results.pdf?view={view_key(group)}").status_code == 200


def test_the_night_in_french(client, group, played):
    cards = pages(client.get(f"/nights/{played}/cards.pdf", headers={"Accept-Language": "fr"}))
    assert "Tour 1 sur 3" in cards[0] and "Scannez" in cards[0]
    text = "\n".join(pages(client.get(f"/nights/{played}/results.pdf", headers={"Accept-Language": "fr"})))
    assert "Classement" in text and "terminée" in text


def test_a_progressive_nights_cards_say_where_the_players_go(client, group):
    client.get(f"/groups/{group['id']}/join/{group['token']}")
    nid = night_id(start_night(client, group, players=TWELVE[:6], game="gin-rummy", table_size="2",
                               movement="progressive", opt_partners="", opt_rounds=""))
    client.post(f"/nights/{nid}/sittings")
    cards = pages(client.get(f"/nights/{nid}/cards.pdf"))
    assert len(cards) == 3
    assert "stays at table 1, the rest move down to table 2" in cards[0].replace("\n", " ")
    assert "moves up to table 1, the rest move down to table 3" in cards[1].replace("\n", " ")
    assert "moves up to table 2, the rest stay here" in cards[2].replace("\n", " ")
    assert "Seat 1" in cards[0] and "Seat 2" in cards[0]


def test_the_last_sittings_cards_send_nobody_to_a_next_table(client, group):
    client.get(f"/groups/{group['id']}/join/{group['token']}")
    nid = night_id(start_night(client, group, players=TWELVE[:4], game="gin-rummy", table_size="2", sittings="1",
                               opt_partners="", opt_rounds=""))
    client.post(f"/nights/{nid}/sittings")
    cards = " ".join(pages(client.get(f"/nights/{nid}/cards.pdf"))).replace("\n", " ")
    assert "The last sitting of the night" in cards and "next table" not in cards
