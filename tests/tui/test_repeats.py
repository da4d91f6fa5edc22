"""A log line repeated in a row is told once with its count: in the news under the status at
80x24, in the log beside the board, and on the log screen (`g`)."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App

from cardcafe import games
from cardcafe.tui.app import CardcafeApp
from cardcafe.tui.details import LogScreen
from cardcafe.tui.repeats import fold, runs, times, told
from cardcafe.tui.session import Session, Setup
from cardcafe.tui.wraplog import WrappingLog

from .conftest import your_turn_drawn


class OneLog(App[None]):
    """The table's log alone, to wrap lines in."""

    def compose(self):
        yield WrappingLog(id="log")


HIDE = "Heuristic bot 5 puts a card face down in their Rear Line"


def test_a_run_of_alike_lines_is_one_line_with_its_count():
    lines = ["A draws.", "B hides.", "B hides.", "B hides.", "A draws.", "B hides."]
    assert runs(lines) == [("A draws.", 1), ("B hides.", 3), ("A draws.", 1), ("B hides.", 1)]
    assert fold(lines) == ["A draws.", "B hides (3 times).", "A draws.", "B hides."]
    assert times("Round 2: deal", 2) == "Round 2: deal (2 times)"  # no full stop to go before


def test_seats_that_did_the_same_in_a_row_are_one_line_naming_each():
    names = ["Ann", "Heuristic bot 2", "Heuristic bot 3", "Random bot 4", "Random bot 10"]
    draws = [f"{name} draws 10 cards." for name in names[1:]]
    assert told(draws[:2], names) == [("Heuristic bots 2 and 3 each draw 10 cards.", 2)]
    assert fold(draws, names) == [
        "Heuristic bot 2, Heuristic bot 3, Random bot 4 and Random bot 10 each draw 10 cards."
    ]
    # A seat twice, a line said of no seat or a run ends the line; the verb agrees.
    lines = ["Ann has 2.", "Random bot 4 has 2.", "Ann has 2.", "Round 2.", "Ann passes."]
    lines += ["Ann passes.", "Random bot 4 passes."]
    assert told(lines, names) == [
        ("Ann and Random bot 4 each have 2.", 2),
        ("Ann has 2.", 1),
        ("Round 2.", 1),
        ("Ann passes (2 times).", 2),
        ("Random bot 4 passes.", 1),
    ]
    assert fold(draws) == draws  # (no seats named: nothing to join)
    dealt = ["Random bot 4 is dealt 7 cards.", "Ann is dealt 7 cards."]
    assert fold(dealt, names) == ["Random bot 4 and Ann are each dealt 7 cards."]
    # One thing named: two plays of it are told apart, not as one card played twice.
    plays = ["Random bot 4 plays the 11 of Mutant.", "Random bot 10 plays the 11 of Mutant."]
    assert fold(plays, names) == plays


def five_at_monsters_coffee() -> tuple[Session, CardcafeApp]:
    """Heuristic bot 5 plays first: before your first move it puts three cards face down."""
    seats = ["human"] + ["heuristic"] * 4
    session = Session(Setup(games.get("monsters-coffee"), 5, seats, seed=3))
    return session, CardcafeApp(session, pace=0, forced_beat=None)


@pytest.mark.asyncio
async def test_the_news_at_80x24_says_a_bots_three_rear_line_cards_once():
    session, app = five_at_monsters_coffee()
    async with app.run_test(size=(80, 24)) as pilot:
        await your_turn_drawn(pilot, app)
        assert session.log_text(0).count(f"{HIDE}.") == 3  # three moves, alike in words
        status = app.screen.query_one("#status").content.plain.splitlines()
        assert f"{HIDE} (3 times)." in [row.strip() for row in status]
        assert sum(HIDE in row for row in status) == 1
        # Four bots' deals at the round's start, one line (in the log too: the next test).
        dealt = "Heuristic bots 2, 3, 4 and 5 are each dealt 10 cards."
        assert dealt in [r.strip() for r in status]
        # The round's line is longer than the row: it says where to read it whole.
        (cut,) = [row for row in status if row.startswith("Round 1: ")]
        assert cut.endswith("… g: log") and len(cut) <= 80 - 2, cut


@pytest.mark.asyncio
@pytest.mark.parametrize("moves", [0, 1])
async def test_the_log_at_120x40_and_on_its_screen_tells_a_run_once(moves):
    """Also when the run goes on after the log was drawn: the human's own three Rear Line
    cards come one move at a time (two alike Snorkels: the run folds move by move)."""
    session, app = five_at_monsters_coffee()
    async with app.run_test(size=(120, 40)) as pilot:
        await your_turn_drawn(pilot, app)
        snorkel = "You put a Snorkel face down in your Rear Line"
        for _ in range(moves * 2):
            table = app.screen
            key = next(
                table.move_keys[i] for i, o in enumerate(table.offers) if "Snorkel" in o.label
            )
            await pilot.press(key)
            await your_turn_drawn(pilot, app)
        shown = [line.plain for line in app.screen.query_one("#log").texts]
        assert f"{HIDE} (3 times)." in shown and f"{HIDE}." not in shown
        assert "Heuristic bots 2, 3, 4 and 5 are each dealt 10 cards." in shown
        if moves:
            assert shown.count(f"{snorkel} (2 times).") == 1 and f"{snorkel}." not in shown
        assert shown == fold(session.log_text(0), session.words_names())
        await pilot.press("g")
        assert isinstance(app.screen, LogScreen)
        assert [line.plain for line in app.screen.lines] == shown


@pytest.mark.asyncio
async def test_a_line_written_while_the_log_passes_through_another_width_is_not_cut(
    monkeypatch,
):
    """The table's columns change width and back within one refresh (a bot's turn between two
    of yours): a line written meanwhile was wrapped to the passing width, and with no resize
    to wrap it again it stayed cut at the log's edge (every line, once a run was folded)."""
    from textual.geometry import Region

    app = OneLog()
    async with app.run_test(size=(40, 10)) as pilot:
        log = app.query_one(WrappingLog)
        await pilot.pause()
        width = log.scrollable_content_region.width
        assert log.wrapped_at == width
        passing = Region(0, 0, width + 30, 10)  # (the region this instant, wider)
        monkeypatch.setattr(WrappingLog, "scrollable_content_region", property(lambda _: passing))
        long = "A 3-player game to 15 points. Orders on the table: Espresso con panna."
        log.add(Text(long))
        log.add(Text("B hides."))
        log.drop_last()
        monkeypatch.undo()
        assert all(len(strip.text.rstrip()) <= width for strip in log.lines)
        assert " ".join(strip.text.strip() for strip in log.lines) == long


@pytest.mark.asyncio
async def test_a_log_wrapped_to_a_passing_width_is_wrapped_again_when_drawn():
    """A resize handled while the log passed through another width (its column widens for a
    bot's turn and narrows again within one refresh) left its lines wrapped to that width, cut
    at its edge: seen in tmux, Monster Diner at 120x40 ("... to Heuristic bot 3 (onto th")."""
    app = OneLog()
    async with app.run_test(size=(40, 10)) as pilot:
        log = app.query_one(WrappingLog)
        await pilot.pause()
        width = log.scrollable_content_region.width
        long = "Heuristic bot 4 gives an Unwelcome guest to Heuristic bot 3 (onto the mat)."
        log.add(Text(long))
        log.clear()  # (as if wrapped when it was 30 columns wider, and no resize came after)
        log.wrapped_at = width + 30
        log.write(Text(long), width=width + 30)
        log.refresh()
        await pilot.pause()
        await pilot.pause()
        assert all(len(strip.text.rstrip()) <= width for strip in log.lines)
        assert " ".join(strip.text.strip() for strip in log.lines) == long
