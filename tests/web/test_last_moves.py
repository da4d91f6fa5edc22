"""What the rivals did since my last move, at the top of the table: one short line per seat
(the playtest: with 3-4 players the "Last move" line showed only the last seat's move, and a
player coming back to the table could not see what each rival did since their own turn,
though the log had it). The lines are checked against the log the page holds."""

from __future__ import annotations

import random

import pytest

from .boards import click_board_once, open_table, wait_ready
from .harness import DESKTOP, PHONE
from .tablepage import record_frames, snapshots

GAME = "monsters-coffee"  # every seat moves once between two of mine

LINES = """() => [...document.querySelectorAll('#board .last-move .last-move-line')].map((p) => {
    const text = p.querySelector('.last-move-text');
    return {actor: Number(p.dataset.actor), title: text.title, height: p.offsetHeight,
            lineHeight: parseFloat(getComputedStyle(text).lineHeight)};
})"""


def since_my_last_move(log: list[dict], me: int) -> list[tuple[int, str]]:
    """Each seat's moves after my last event, in the order the seats moved: (seat, words)."""
    mine = [i for i, event in enumerate(log) if event.get("actor") == me]
    after = log[mine[-1] + 1 :] if mine else log
    by_seat: dict[int, list[str]] = {}
    for event in after:
        if event.get("actor") is not None and event.get("text"):
            by_seat.setdefault(event["actor"], []).append(event["text"])
    return [(seat, told_once(texts)) for seat, texts in by_seat.items()]


def told_once(texts: list[str]) -> str:
    """The same words in a row told once, with how many times (as the line shows them)."""
    runs: list[list] = []
    for text in texts:
        if runs and runs[-1][0] == text:
            runs[-1][1] += 1
        else:
            runs.append([text, 1])
    return " ".join(t if n == 1 else f"{t.rstrip('.!')} (×{n})." for t, n in runs)


def test_words_told_again_in_a_row_are_told_once(chromium, server):
    """Coffee Break's exchange: "picks a card to exchange" three times filled the line and cut
    off what the exchange discarded."""
    page = chromium.new_page(viewport=DESKTOP)
    page.goto(f"{server}/")
    line = page.evaluate(
        """async () => (await import('/static/js/games/kit.js')).movesText([
            'Bob picks a card to exchange.', 'Bob picks a card to exchange.',
            'Bob picks a card to exchange.', 'Bob discards Milk face up.', 'Bob draws 3 cards.'])"""
    )
    assert (
        line == "Bob picks a card to exchange (×3). Bob discards Milk face up. Bob draws 3 cards."
    )
    page.close()


def table_with_frames(chromium, server, game: str, players: int, viewport):
    """A table of Ann against bots, with every frame the page receives from the first on."""
    page, _ = open_table(chromium, server, game, players, viewport=viewport)
    frames = record_frames(page)
    page.reload()  # (the frames from the first snapshot on)
    page.wait_for_selector("#table-page[data-status]:not([data-status='loading'])")
    return page, frames


def my_turn_once(page, frames, rng: random.Random, wanted) -> list[tuple[int, str]]:
    """Play my moves until my turn comes with `wanted(seats that moved since mine)` true: the
    moves since my last one, by seat (as `since_my_last_move`)."""
    expected: list[tuple[int, str]] = []
    for _ in range(12):
        assert wait_ready(page) == "mine"
        page.wait_for_timeout(300)  # (the last frame drawn)
        expected = since_my_last_move(snapshots(frames)[-1]["log"], 0)
        if wanted([seat for seat, _ in expected]):
            break
        click_board_once(page, rng)
    assert wanted([seat for seat, _ in expected]), expected
    return expected


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_each_rivals_moves_since_mine_on_a_line_of_its_own(chromium, server, viewport):
    page, frames = table_with_frames(chromium, server, GAME, 4, viewport)
    try:
        # My turn after the three rivals' (not a power's second step of my own move).
        expected = my_turn_once(page, frames, random.Random(5), lambda seats: seats == [1, 2, 3])
        lines = page.evaluate(LINES)
        assert [(line["actor"], line["title"]) for line in lines] == expected
        # One line each: three lines keep a phone's screen for the table.
        for line in lines:
            assert line["height"] < 2 * line["lineHeight"] + 4, line
        block = page.locator("#board .last-move").bounding_box()
        assert block and block["height"] < 0.12 * viewport["height"], block
        # A tap opens the lines whole (the words a line cut short).
        page.click("#board .last-move")
        assert page.locator("#board .last-move.open[aria-expanded='true']").count() == 1
    finally:
        page.close()


def test_five_rivals_lines_fold_to_the_newest_three_until_tapped(chromium, server):
    """Six players (Monster Rejects seats up to ten): five rivals' lines pushed my hand below a
    1366x900 screen. Folded, the newest three show and the first of them says how many earlier
    ones a tap opens; open, all five show, oldest first."""
    page, frames = table_with_frames(chromium, server, "monster-rejects", 6, DESKTOP)
    try:
        expected = my_turn_once(page, frames, random.Random(3), lambda seats: len(seats) == 5)
        lines = page.locator("#board .last-move .last-move-line")
        assert [(line["actor"], line["title"]) for line in page.evaluate(LINES)] == expected
        shown = [lines.nth(i).is_visible() for i in range(5)]
        assert shown == [False, False, True, True, True]
        assert lines.nth(2).locator(".last-move-more").inner_text() == "+2 earlier"
        page.click("#board .last-move")
        assert [lines.nth(i).is_visible() for i in range(5)] == [True] * 5
        assert not lines.nth(2).locator(".last-move-more").is_visible()
    finally:
        page.close()


def test_the_deal_is_not_a_seat_s_last_move(chromium, server):
    """Monster's Coffee for two, seed 1 (the bot plays first): at my first turn the line read
    "Last move · Heuristic bot draws 12 cards. Heuristic bot puts a card face down in their
    Rear Line (×3).": the round's deal is the rules', not the bot's move, and is no longer
    told as one (the log words it "Heuristic bot is dealt 12 cards.")."""
    page, _ = open_table(chromium, server, GAME, 2, viewport=DESKTOP, bot="heuristic", seed=1)
    try:
        wait_ready(page)
        line = page.inner_text("#board .last-move")
        assert line.endswith("Heuristic bot puts a card face down in their Rear Line (×3).")
        assert "draw" not in line and "dealt" not in line, line
        assert "Heuristic bot is dealt 12 cards." in page.inner_text("#log")
    finally:
        page.close()
