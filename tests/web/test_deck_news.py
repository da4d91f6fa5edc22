"""A reshuffle shows where the deck is, for a moment, in the log's words. Coffee Break's
rulebook (002): "If a new ingredient card can not be brought any more as the pile of ingredient
cards is used up, it is required to reshuffle the cards of the 'area for the used cards' in
order to make and use a new pile of ingredient cards." The playtest saw it only as the
ingredients' count jumping and a log line; now the words sit over the ingredient pile for a few
seconds, then go. Monster Rejects (003) reshuffles its graveyard into a new deck the same way.

Cheap: Ann concedes and the bots play the game out while her socket is held (not one move is
drawn); it then drops, and the page comes back with the whole table at once, as a player whose
connection dropped meanwhile. Playing or drawing each move until the pile ran out took 20 to 70
s a test."""

from __future__ import annotations

import re
import time

from .harness import DESKTOP, http
from .tablepage import record_frames, snapshots

# Every note that shows on the board, with whether it sits in the deck's element.
WATCH = """() => {
    window.deckNews = [];
    new MutationObserver((changes) => {
        for (const change of changes) for (const node of change.addedNodes) {
            if (!(node instanceof HTMLElement)) continue;
            for (const el of [node, ...node.querySelectorAll('.deck-news')]) {
                if (!el.matches('.deck-news')) continue;
                const deck = el.closest('[data-deck], [data-target="deck"]');
                window.deckNews.push({text: el.textContent,
                    deck: deck ? deck.getAttribute('aria-label') || deck.textContent : null});
            }
        }
    }).observe(document.getElementById('board'), {childList: true, subtree: true});
}"""


def reshuffles(frames) -> list[str]:
    """The words of every reshuffle in the log the page holds."""
    log = snapshots(frames)[-1]["log"]
    return [event["text"] for event in log if event.get("kind") == "reshuffle"]


def told_on_return(chromium, server, game: str, players: int, options: dict, seed: int):
    """A game Ann concedes at once, played out by bots while her page's socket is held, then
    dropped: (the page, back with the whole table; the log's reshuffles; the notes shown over
    the board), or None when the deal ended before the deck ran out. Seeded: the same deal
    and moves every run (a table's bots draw from its seed)."""
    seats = ["human"] + ["random"] * (players - 1)
    body = {"game": game, "players": players, "options": options, "seats": seats, "seed": seed}
    table = http("POST", f"{server}/api/tables", body)["id"]
    token = http("POST", f"{server}/api/tables/{table}/seats/0/claim", {"name": "Ann"})["token"]
    page = chromium.new_page(viewport=DESKTOP)
    sockets: list[dict] = []

    def route(ws):
        to_server = ws.connect_to_server()
        held = {"hold": False, "close": ws.close}
        to_server.on_message(lambda message: None if held["hold"] else ws.send(message))
        sockets.append(held)

    page.route_web_socket(re.compile(r"/ws/"), route)
    frames = record_frames(page)
    page.goto(f"{server}/table/{table}?token={token}")
    page.wait_for_selector(
        "#table-page[data-catalogue='loaded'] #board [data-deck], #board [data-target='deck']"
    )
    page.evaluate(WATCH)
    sockets[-1]["hold"] = True
    http("POST", f"{server}/api/tables/{table}/seats/0/concede", {"token": token})
    deadline = time.monotonic() + 10
    while http("GET", f"{server}/api/tables/{table}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the game in 10 s"
        time.sleep(0.05)
    sockets[-1]["close"]()
    page.wait_for_selector("#table-page[data-turn='over']", state="attached")
    # The frames reach this process by events that may trail the page's own drawing.
    deadline = time.monotonic() + 10
    while not (snapshots(frames) and snapshots(frames)[-1]["view"]["is_over"]):
        assert time.monotonic() < deadline, "the finished table's snapshot never came"
        page.wait_for_timeout(50)
    told = reshuffles(frames)
    if not told:
        page.close()
        return None
    return page, told, page.evaluate("window.deckNews")


def test_a_reshuffle_is_told_over_the_ingredient_pile(chromium, server):
    for seed in (1, 2, 3):  # (a short game may end before the pile runs out)
        # To 80 points: Ann's stand-in bot reaches 40 before the pile runs out in half the
        # deals (offline, 40 deals against a random bot: 20 of 40 at 40 points, 40 of 40 at 80).
        back = told_on_return(chromium, server, "coffee-break", 2, {"target": 80}, seed)
        if not back:
            continue
        page, told, news = back
        assert news, f"the pile was reshuffled ({told}) and the table did not say so"
        assert news[-1]["text"] == told[-1]
        assert news[-1]["deck"] and "ingredients left" in news[-1]["deck"], news
        # For a moment: then it goes.
        page.wait_for_selector("#board .deck-news", state="detached", timeout=9000)
        page.close()
        return
    raise AssertionError("three games ended before the ingredient pile ran out")


def test_a_reshuffle_is_told_over_the_monster_rejects_deck(chromium, server):
    """003: when the deck runs out, the graveyard is shuffled into a new deck (the log: "The deck
    is empty: the graveyard is shuffled into a new deck."); the note sits over the deck as in
    Coffee Break (five seats run the deck out in most deals)."""
    for seed in (1, 2, 3):
        back = told_on_return(chromium, server, "monster-rejects", 5, {}, seed)
        if not back:
            continue
        page, told, news = back
        assert news, f"the deck was reshuffled ({told}) and the table did not say so"
        assert news[-1]["text"] == told[-1]
        assert news[-1]["deck"] and "in the deck" in news[-1]["deck"], news
        page.close()
        return
    raise AssertionError("three games ended before the deck ran out")
