"""The Monster Diner table as a newcomer plays it (what every table is checked for is in
test_tables.py): a MasterChef says what it needs, a move is told in the player's own words, a
rival's mat says when it is full, nothing is squeezed on a phone or pushed off a desktop screen,
and the final scores of four players can all be read on a phone.

Rules quoted from the rulebook, shared/seeds/001_7d28313ed1460a2d.txt ("001")."""

from __future__ import annotations

import itertools
import random
import re

from .boards import (
    catalogue_texts,
    click_board_once,
    finished_table,
    horizontal_overflow,
    open_table,
    seeds_where,
    vertical_overflow,
    wait_ready,
)
from .harness import DESKTOP, PHONE, http
from .tablepage import dataset, record_page_errors, wait_version_change

GAME = "monster-diner"
MY_MAT = "#board .seat-mine .zone.mat"
MY_DINER = "#board .seat-mine .diner-zone"
RIVAL_MAT = "#board .seat-other .zone.mat"


def held_card(page) -> str | None:
    """The card id I drew and am placing (None outside my placing)."""
    return page.get_attribute("#board .drawn .card[data-card]", "data-card", timeout=1000)


def place_on(page, selector: str) -> None:
    """Put the drawn card on the mat `selector` (one that lights up for it)."""
    version = dataset(page)["version"]
    page.click(selector)
    wait_version_change(page, version)


def play_until(page, found, policy=None, *, seed: int = 1, moves: int = 150) -> bool:
    """Play my moves by clicking the table until `found(page)` holds at my turn: True, or False
    if the game ends first. `policy(page)` may place the drawn card itself (True when it did);
    otherwise a random move is clicked."""
    rng = random.Random(seed)
    for _ in range(moves):
        if wait_ready(page) == "over":
            return False
        if found(page):
            return True
        if not (policy and page.locator("#board .drawn").count() and policy(page)):
            click_board_once(page, rng)
    return False


def table_where(
    chromium, server, found, policy=None, *, viewport=DESKTOP, games: int = 6, seed=None
):
    """A page at a two-player table against the heuristic bot, played (by `play_until`) to my
    turn where `found(page)` holds: (page, table, the page's JavaScript errors). The deal is the
    server's own, so a moment that some deals never bring is looked for in a few games; or the
    one of `seed`, found beforehand to bring it."""
    for attempt in range(1 if seed is not None else games):
        page, table = open_table(
            chromium, server, GAME, 2, viewport=viewport, bot="heuristic", seed=seed
        )
        errors = record_page_errors(page)
        if play_until(page, found, policy, seed=attempt):
            return page, table, errors
        page.close()
    raise AssertionError(f"{games} games never came to the moment looked for")


def keep(kind: str):
    """A policy: a card of `kind` (an id's start) I draw goes on my own mat, so it reaches my
    diner."""

    def policy(page) -> bool:
        held = held_card(page) or ""
        if held.startswith(kind) and page.locator(f"{MY_MAT}.actionable").count():
            place_on(page, f"{MY_MAT}.actionable")
            return True
        return False

    return policy


def i_first_draw(kind: str) -> int:
    """A seed whose deal has me (seat 0) move first holding a card of `kind` (an id's start):
    kept on my mat (`keep`), it is in my diner when my first turn ends."""
    return seeds_where(
        GAME, 2, lambda s: s.current_player == 0 and (s.held or "").startswith(kind)
    )[0]


def dump_on_rivals(page) -> bool:
    """Every card I draw goes on a rival's mat while one takes it."""
    if page.locator(f"{RIVAL_MAT}.actionable").count():
        place_on(page, f"{RIVAL_MAT}.actionable >> nth=0")
        return True
    return False


# A name as the face shows it: without the words kept for screen readers, soft hyphens out.
SHOWN_NAME = """n => {
    const c = n.cloneNode(true);
    c.querySelectorAll('.sr-only').forEach(x => x.remove());
    return c.textContent.replace(/\u00ad/g, '');
}"""


def test_a_masterchef_shows_the_kinds_it_needs_and_which_the_diner_holds(chromium, server):
    """001: "MasterChef will bring 7 points but only if your diner has all types of cards listed
    on the card MasterChef." The recipe is what a MasterChef is worth; its full name ("MasterChef
    (Bartender + Janitor + Salad-meister)") was cut on a small card to "Maste rChef (Flori…".
    Each MasterChef now shows the picture of every kind it lists, marked held or not yet."""
    chef = f"{MY_DINER} .card.md-chef"
    page, table, errors = table_where(
        chromium,
        server,
        lambda p: p.locator(chef).count() > 0,
        keep("masterchef"),
        seed=i_first_draw("masterchef"),  # random deals took up to six games of play
    )
    cards = http("GET", f"{server}/api/tables/{table['id']}/catalogue")["cards"]
    texts = catalogue_texts(server, table["id"])
    diner_ids = set(
        page.eval_on_selector_all(
            f"{MY_DINER} .card[data-card]", "els => els.map(e => e.dataset.card)"
        )
    )
    faces = page.locator(chef)
    for i in range(faces.count()):
        face = faces.nth(i)
        card_id = face.get_attribute("data-card")
        kinds = card_id.split(":", 1)[1].split("+")
        # The face shows "MasterChef" (the rest of its name is for screen readers only); its
        # accessible name and tooltip are the whole card.
        assert face.locator(".card-name").evaluate(SHOWN_NAME) == cards["masterchef"]["name"]
        assert (
            face.locator(".card-name").text_content().replace("\u00ad", "")
            == (cards[card_id]["name"])
        )
        assert face.get_attribute("aria-label") == cards[card_id]["name"]
        assert face.get_attribute("title") == texts[card_id]
        # The name is whole on the face, not cut off.
        name = face.locator(".card-name")
        assert name.evaluate("n => n.scrollHeight <= n.clientHeight + 1")
        needs = face.locator(".md-need")
        assert [needs.nth(k).get_attribute("data-kind") for k in range(needs.count())] == kinds
        for k, kind in enumerate(kinds):
            need = needs.nth(k)
            held = kind in diner_ids
            assert (
                "have" in need.get_attribute("class").split()
                if held
                else "missing" in need.get_attribute("class").split()
            )
            title = need.get_attribute("title")
            assert title.startswith(cards[kind]["name"])
            assert ("not in this diner yet" in title) != held
            assert need.locator("svg.card-icon").is_visible()
        missing = [cards[k]["name"] for k in kinds if k not in diner_ids]
        described = face.get_attribute("aria-description")
        assert (
            (f"Not in this diner yet: {', '.join(missing)}." in described)
            if missing
            else ("every kind it lists" in described)
        )
    assert errors == []
    page.close()


def mat_tiles(page, mat) -> list[tuple[str, int]]:
    """A rival's mat as its tally lines: (card id, count) each."""
    tiles = mat.locator(".md-tile")
    return [
        (
            tiles.nth(i).get_attribute("data-card"),
            int(tiles.nth(i).locator(".md-tile-count").inner_text().lstrip("×")),
        )
        for i in range(tiles.count())
    ]


def twins_first() -> int:
    """A seed whose deal has me (seat 0) move first holding a card the next draw repeats, so the
    two dumped on my rival fill its mat with twins (looked for in random deals, it took up to
    three minutes of play in CI)."""

    def twins(state) -> bool:
        held = state.held or ""
        return state.current_player == 0 and held == state.deck[-1] and "unwelcome" not in held

    return seeds_where(GAME, 2, twins)[0]


def test_a_rivals_full_mat_says_so_and_tallies_its_cards(chromium, server):
    """001: "There can't be more than two cards on another player's mat. If there are two cards
    already, you can't add any more cards." While I place a card, a rival's mat that cannot take
    it says "full" (it was only "Mat · 2", unlit); two of one card on it read as one line "×2"
    (they were two lines "×1"). The banner's step line counts the cards on my own mat (it said
    "Card 1 of up to 3" after several cards had gone to rivals)."""

    def twins_on_a_full_mat(p) -> bool:
        rival = p.locator(RIVAL_MAT)
        if not p.locator("#board .drawn").count() or rival.locator(".md-tile").count() == 0:
            return False
        cards = [card for card, n in mat_tiles(p, rival) for _ in range(n)]
        return (
            len(cards) >= 2
            and len(set(cards)) == 1
            and "actionable" not in rival.get_attribute("class")
        )

    page, _, errors = table_where(
        chromium, server, twins_on_a_full_mat, dump_on_rivals, seed=twins_first()
    )
    rival = page.locator(RIVAL_MAT)
    assert len(mat_tiles(page, rival)) == 1
    label = rival.locator(".zone-label").inner_text()
    assert re.search(r"Mat · 2 · full", label, re.IGNORECASE), label
    # My own mat: the step line says how many cards it holds, and never numbers the card.
    mine = page.locator(f"{MY_MAT} .card[data-card]").count()
    step = page.inner_text("#banner .step")
    assert step.startswith(f"Your mat holds {mine} of 3 cards"), step
    assert "Card " not in step
    assert errors == []
    page.close()


def test_my_own_unwelcome_guest_is_told_in_my_words(chromium, server):
    """001: "If at the end of his/her move a player has an Unwelcome guest, he has to put this
    card on another player's mat and move any card from that diner to his/her own." On my own
    move the note beside the guest says "You must give away..." (it said "Ann must give away",
    my name, as if someone else were playing)."""

    def giving(p) -> bool:
        return p.locator("#board .guest-note").count() > 0

    page, _, errors = table_where(
        chromium, server, giving, keep("unwelcome"), seed=i_first_draw("unwelcome")
    )
    note = page.inner_text("#board .guest-note p")
    assert note.startswith("You must give away an Unwelcome guest to another player, then take"), (
        note
    )
    assert "Ann" not in note
    # Give it: if the rival's diner holds a card, I take one, told as "You take".
    version = dataset(page)["version"]
    page.click("#board .seat-other.actionable")
    wait_version_change(page, version)
    wait_ready(page)
    if page.locator("#board .guest-note").count() and "take" in page.inner_text(
        "#board .guest-note"
    ):
        assert page.inner_text("#board .guest-note p").startswith("You take a card from ")
    assert errors == []
    page.close()


def test_on_a_phone_my_diner_lies_under_my_mat_in_rows(chromium, server):
    """At 390 px my diner had only the room beside my mat: one card a line, a column as tall as
    the screen. It goes under the mat, its cards side by side."""
    kinds = f"{MY_DINER} .card[data-card]"
    page, _, errors = table_where(
        chromium, server, lambda p: p.locator(kinds).count() >= 4, viewport=PHONE
    )
    mat = page.locator(MY_MAT).bounding_box()
    diner = page.locator(MY_DINER).bounding_box()
    panel = page.locator("#board .seat-mine").bounding_box()
    assert diner["y"] >= mat["y"] + mat["height"] - 1, "my diner is beside my mat, not under it"
    assert diner["width"] >= 0.8 * panel["width"]
    # Each kind is a pile (its count badge on it); a pile does not move as a card arrives.
    tops = page.eval_on_selector_all(
        kinds, "els => els.map(e => Math.round(e.closest('.pile').getBoundingClientRect().top))"
    )
    assert len(set(tops)) < len(tops), f"one card a row: {tops}"
    assert errors == []
    page.close()


def test_a_lone_rivals_diner_is_a_compact_tally_and_the_table_fits_the_screen(chromium, server):
    """Late in a two-player game the rival's diner holds a dozen kinds: its tally lines went two
    to a row down the page, and the table no longer fit a 1366x900 screen. They take as many to a
    row as the panel's width holds. The game is brought there over my socket before the page
    opens (a line a kind: eight kinds came in each of 200 deals offline, against the heuristic
    bot, after 7 to 56 of my moves); clicking them took 28 s in a loaded run."""
    tiles = "#board .seat-other .diner-zone .md-tile"
    page, _ = open_table(
        chromium,
        server,
        GAME,
        2,
        viewport=DESKTOP,
        bot="heuristic",
        until=lambda view: len(view["diners"][1]) >= 8,
    )
    errors = record_page_errors(page)
    assert wait_ready(page) == "mine"
    assert page.locator(tiles).count() >= 8
    tops = page.eval_on_selector_all(tiles, "els => els.map(e => e.offsetTop)")
    # A row's lines are centred on it, so a taller one (a MasterChef's recipe) sits a few
    # pixels higher: the first row is every line within half a line of the first.
    first_row = sum(1 for top in tops if abs(top - tops[0]) < 10)
    assert first_row >= 4, f"tally lines per row: {first_row} ({tops})"
    assert vertical_overflow(page) <= 0
    assert errors == []
    page.close()


def test_four_players_final_scores_can_all_be_read_on_a_phone(chromium, server):
    """001: "The player with the biggest score wins." At the end of a four-player game on a phone
    the summary's score tables lay over one another (each showed three lines, no total); each is
    now whole, one under the other, the dialog scrolls to the last total."""
    page, _ = finished_table(chromium, server, GAME, 4, viewport=PHONE)
    errors = record_page_errors(page)
    tables = page.locator("#summary-dialog table.breakdown")
    assert tables.count() == 4
    boxes = [tables.nth(i).bounding_box() for i in range(4)]
    for above, below in itertools.pairwise(boxes):
        assert below["y"] >= above["y"] + above["height"] - 1, f"tables overlap: {above} {below}"
    # Every total can be scrolled into sight and read.
    for i in range(4):
        total = tables.nth(i).locator("tfoot .part-total")
        total.scroll_into_view_if_needed()
        assert total.is_visible() and total.inner_text().strip().lstrip("-").isdigit()
    assert page.locator("#summary-dialog .btn").first.is_visible()
    assert errors == []
    page.close()


WHY = "#board [data-part='scores-so-far']"


def test_each_running_score_says_why(chromium, server, tmp_path):
    """001: "Each Janitor card brings 1 point at the end of the game." During play a seat's score
    was a bare number until the game ended; each panel now says how it comes about, in the
    engine's words (its final breakdown's, so far), and the parts add up to the points shown."""
    page, _, errors = table_where(chromium, server, lambda p: p.locator(WHY).count() == 2)
    for seat in range(2):
        panel = page.locator(f"#board [data-seat='{seat}']").first
        points = int(panel.locator(".player-points b").inner_text())
        line = panel.locator("[data-part='scores-so-far']").inner_text()
        assert line.startswith("Scores so far: "), line
        parts = line.removeprefix("Scores so far: ").split(" · ")
        # Each part: a count and the cards it counts, then its points ("2 Janitors +2").
        found = [re.fullmatch(r"(\d+) (.+) ([+-]?\d+)", part) for part in parts]
        assert all(found), parts
        assert sum(int(m.group(3)) for m in found) == points, (line, points)
        assert all(m.group(2)[0].isupper() for m in found), parts
    page.screenshot(path=str(tmp_path / "why-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    assert page.locator(WHY).first.is_visible()
    page.screenshot(path=str(tmp_path / "why-phone.png"), full_page=True)
    assert errors == []
    page.close()


def test_the_final_scores_say_what_a_critic_and_precept_pair_did(chromium, server, tmp_path):
    """001: "Restaurant Critic and Precept is a combo. If you have these two cards then at the
    end of the game they can become any other card, or remove any card you don't need." The
    final breakdown showed "Critic and Precept pair: became a Pizza Maker · 0" beside "4 Pizza
    Makers · 12", read as a pair worth nothing; the pair is now said on the line of the cards it
    made or removed. Most two-player games end with a pair somewhere: a few are played (by
    bots: what is checked is the end)."""
    pair = re.compile(r"\(\d+ (made|removed)( and \d+ removed)? by (the |a )?Critic and Precept")
    for _ in range(8):
        page, _ = finished_table(chromium, server, GAME, 2, viewport=DESKTOP)
        errors = record_page_errors(page)
        rows = page.locator("#summary-dialog tr.breakdown-part")
        labels = rows.locator(".part-label").all_inner_texts()
        # No line of a pair's own (a pair scores nothing by itself), but for a pair not used.
        own = [t for t in labels if t.startswith("Critic and Precept pair")]
        assert all(t.endswith(": not used") for t in own), labels
        said = [t for t in labels if "Critic and Precept" in t and t not in own]
        if said:
            assert all(pair.search(t) for t in said), said
            page.screenshot(path=str(tmp_path / "pair-desktop.png"), full_page=True)
            page.set_viewport_size(PHONE)
            page.screenshot(path=str(tmp_path / "pair-phone.png"), full_page=True)
            assert errors == []
            page.close()
            return
        page.close()
    raise AssertionError("no game of eight ended with a Critic and Precept pair used")


GUEST = "unwelcome-guest"
SMALL_DESKTOP = {"width": 1024, "height": 768}


def out_of_sight(page, selector: str) -> list[str]:
    """The elements of `selector` not wholly on the screen (by their words), without scrolling."""
    return page.eval_on_selector_all(
        selector,
        """els => els.filter(e => {
            const r = e.getBoundingClientRect();
            return r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth;
        }).map(e => e.getAttribute('aria-label') || e.textContent.trim().slice(0, 40))""",
    )


def long_rival_diners(view) -> bool:
    """My turn, a card drawn, a third of the deck dealt out: a rival's diner holds six kinds of
    card (the rivals' row is then taller than the room it has) and a rival's mat takes a card."""
    rivals = range(1, view["players"])
    return (
        bool(view["held"])
        and view["deck_size"] <= 66
        and max(len(view["diners"][seat]) for seat in rivals) >= 6
        and any(len(view["mats"][seat]) < 2 for seat in rivals)
    )


FADE = "el => getComputedStyle(el).getPropertyValue('--rivals-fade')"


def test_six_players_my_mat_and_diner_stay_in_sight_on_a_desktop(chromium, server):
    """A six-player game on a 1366x900 desktop: as the rivals' diners grew, my own mat and diner
    slid 300-500 px below the screen and the whole page had to scroll at every move. The rivals
    sit on one row (every rival's mat in sight, to place a card on) and their area scrolls
    inside the table, which keeps my mat, my diner and the card drawn on the screen; its place
    is kept when a move redraws the table. On 1024x768 my mat stays in sight too."""
    page, _ = open_table(
        chromium,
        server,
        GAME,
        6,
        viewport=DESKTOP,
        seed=6,
        until=long_rival_diners,
    )
    errors = record_page_errors(page)
    assert wait_ready(page) == "mine"
    assert vertical_overflow(page) <= 0
    assert out_of_sight(page, f"{MY_MAT}, {MY_DINER}, #board .drawn") == []
    assert out_of_sight(page, RIVAL_MAT) == []
    rivals = page.locator("#board .opponents")
    assert rivals.evaluate("el => el.scrollHeight > el.clientHeight"), "nothing to scroll"
    # More below: the area's foot fades (a line cut at its edge read as a diner's last words),
    # and no longer once scrolled to its end.
    assert rivals.evaluate(FADE) == "28px"
    rivals.evaluate("el => { el.scrollTop = el.scrollHeight; }")
    page.wait_for_function(f"() => ({FADE})(document.querySelector('#board .opponents')) == '0px'")
    # Scrolled down the rivals' diners, the rivals' area stays there while the table is
    # redrawn (the card drawn goes on a rival's mat: my move goes on, the centre keeps its
    # height); it went back to the top at every move.
    # Halfway down, not to the end: the redrawn area may end a few pixels shorter (a mat's
    # label), which would move a scroll at its very end for another reason.
    rivals.evaluate("el => { el.scrollTop = Math.floor((el.scrollHeight - el.clientHeight) / 2); }")
    scrolled = rivals.evaluate("el => el.scrollTop")
    assert scrolled > 0
    version = dataset(page)["version"]
    # (A click event, not a pointer's click, which would scroll the mat into sight first.)
    page.locator(f"{RIVAL_MAT}.actionable").first.dispatch_event("click")
    wait_version_change(page, version)
    assert page.locator("#board .opponents").evaluate("el => el.scrollTop") >= scrolled - 1
    page.set_viewport_size(SMALL_DESKTOP)
    assert vertical_overflow(page) <= 0
    assert out_of_sight(page, f"{MY_MAT}") == []
    assert errors == []
    page.close()


# Where a rival's panel lies: in the rivals' strip (wholly, sideways) and on the screen.
RIVAL_IN_SIGHT = """panel => {
    const strip = panel.parentElement.getBoundingClientRect();
    const box = panel.getBoundingClientRect();
    return box.left >= strip.left - 1 && box.right <= strip.right + 1
        && box.top >= 0 && box.top < innerHeight;
}"""


def test_six_players_on_a_phone_my_mat_comes_first_and_every_rival_is_a_swipe_away(
    chromium, server
):
    """At 390x844 with six players the five rivals' diners came one under another, and my own
    mat 1,900 px down the page, below all of them. The rivals sit in a strip that scrolls
    sideways, one a swipe, under a row of them (initial and points) that brings one into sight
    at a tap: my mat is on the first two screens, every rival's mat in reach (a card of mine
    may go there), and the strip stays where it was when a move redraws the table."""
    page, _ = open_table(chromium, server, GAME, 6, viewport=PHONE, seed=6, until=long_rival_diners)
    page.emulate_media(reduced_motion="reduce")  # (a tap's scroll lands at once)
    errors = record_page_errors(page)
    assert wait_ready(page) == "mine"
    mat_top = page.locator(MY_MAT).evaluate("e => e.getBoundingClientRect().top + scrollY")
    assert mat_top < 2 * PHONE["height"], f"my mat is {mat_top:.0f} px down the page"
    rivals = page.locator("#board .opponents > .seat-other")
    assert rivals.count() == 5
    assert len(set(rivals.evaluate_all("els => els.map(e => e.offsetTop)"))) == 1, "not one row"
    chips = page.locator("#board .rivals-row .rival-chip")
    assert chips.count() == 5
    assert horizontal_overflow(page) <= 0
    for i in range(5):
        chips.nth(i).click()
        seat = chips.nth(i).get_attribute("data-seat")
        panel = page.locator(f"#board .opponents > .seat-other[data-seat='{seat}']")
        assert panel.evaluate(RIVAL_IN_SIGHT), f"rival {i + 1} is not in sight after a tap"
        page.wait_for_selector(f"#board .rival-chip.in-sight[data-seat='{seat}']", timeout=1000)
    # The last rival whose mat takes my card: brought into sight, the card put there by a tap.
    seat = page.locator("#board .opponents > .seat-other:has(.zone.mat.actionable)").last
    seat_no = seat.get_attribute("data-seat")
    page.click(f"#board .rival-chip[data-seat='{seat_no}']")
    scrolled = page.locator("#board .opponents").evaluate("e => e.scrollLeft")
    assert scrolled > 0
    version = dataset(page)["version"]
    seat.locator(".zone.mat").click()
    wait_version_change(page, version)
    assert page.locator("#board .opponents").evaluate("e => e.scrollLeft") >= scrolled - 1
    assert errors == []
    page.close()


def test_three_players_on_a_phone_my_mat_is_on_the_first_screen(chromium, server):
    """At 390x844 with three players my own area came under the rivals' strip, whose diners run
    long by mid-game: my mat began 860-1,150 px down the page, below the first screen. On a
    phone the card drawn comes first, then my mat and diner, then the rivals (their row of
    points over their strip): my mat is in sight above the move bar when the page opens, and
    every rival's mat is still a tap away (the bar names each)."""
    page, _ = open_table(chromium, server, GAME, 3, viewport=PHONE, seed=6, until=long_rival_diners)
    errors = record_page_errors(page)
    try:
        assert wait_ready(page) == "mine"
        mat = page.locator(MY_MAT).evaluate("e => e.getBoundingClientRect().top")
        bar = page.locator("#actions-panel").evaluate("e => e.getBoundingClientRect().top")
        assert mat < bar, f"my mat is {mat:.0f} px down the page, the move bar at {bar:.0f}"
        drawn = page.locator("#board .drawn").evaluate("e => e.getBoundingClientRect().top")
        assert drawn < mat, "the card drawn is not above my mat"
        assert page.locator("#board .rivals-row .rival-chip").count() == 2
        assert page.locator(RIVAL_MAT).count() == 2
        moves = page.locator("#action-list").inner_text()
        assert "Random bot" in moves, moves
        assert horizontal_overflow(page) <= 0
        assert errors == []
    finally:
        page.close()


TABLET = {"width": 768, "height": 1024}


def test_six_players_on_a_tablet_my_area_is_on_the_first_screen(chromium, server):
    """At 768x1024 (a tablet held upright; 641 to 980 px wide) the five rivals stood one under
    another as on no other screen, and late in a game my own area began 1,657 px down the
    page. They sit in the phone's sideways strip, two in sight, under the row of them: my
    area's top is on the first screen (on an 820x1180 tablet too), every rival is a tap away,
    nothing scrolls sideways."""
    page, _ = open_table(
        chromium, server, GAME, 6, viewport=TABLET, seed=6, until=long_rival_diners
    )
    page.emulate_media(reduced_motion="reduce")  # (a tap's scroll lands at once)
    errors = record_page_errors(page)
    assert wait_ready(page) == "mine"
    for size in (TABLET, {"width": 820, "height": 1180}):
        page.set_viewport_size(size)
        top = page.locator("#board .seat-mine").evaluate("e => e.getBoundingClientRect().top")
        assert top < size["height"], f"{size}: my area is {top:.0f} px down the page"
        assert horizontal_overflow(page) <= 0, f"{size}: the page scrolls sideways"
    rivals = page.locator("#board .opponents > .seat-other")
    assert rivals.count() == 5
    assert len(set(rivals.evaluate_all("els => els.map(e => e.offsetTop)"))) == 1, "not one row"
    in_sight = rivals.evaluate_all(f"els => els.filter(e => ({RIVAL_IN_SIGHT})(e)).length")
    assert in_sight == 2, f"{in_sight} rivals in sight at once"
    chips = page.locator("#board .rivals-row .rival-chip")
    assert chips.count() == 5
    for i in range(5):
        chips.nth(i).click()
        seat = chips.nth(i).get_attribute("data-seat")
        panel = page.locator(f"#board .opponents > .seat-other[data-seat='{seat}']")
        assert panel.evaluate(RIVAL_IN_SIGHT), f"rival {i + 1} is not in sight after a tap"
    assert errors == []
    page.close()


def test_a_rivals_tally_shows_each_name_whole(chromium, server):
    """Four players on a desktop: a rival's tally lines go two to a row, 139 px each, and the
    name "Unwelcome guest" was cut to "Unwelcom". Every line's name is whole."""

    def guest_across(view) -> bool:
        return bool(view["held"]) and any(
            GUEST in view["mats"][seat] or GUEST in view["diners"][seat] for seat in (1, 2, 3)
        )

    page, _ = open_table(chromium, server, GAME, 4, viewport=DESKTOP, seed=4, until=guest_across)
    assert wait_ready(page) == "mine"
    assert page.locator(f"#board .seat-other .md-tile[data-card='{GUEST}']").count()
    cut = page.eval_on_selector_all(
        "#board .md-tile-name",
        """els => els.filter(n => n.scrollWidth > n.clientWidth + 1
            || n.scrollHeight > n.clientHeight + 1).map(n => n.textContent)""",
    )
    assert cut == []
    page.close()


def host_guests(snapshot) -> dict | None:
    """An Unwelcome guest I draw goes on my own mat, and I give it to a rival whose diner has a
    card to take (so the moment comes soon), else None: any move."""
    view = snapshot["view"]
    for action in snapshot["legal"]:
        if action["type"] == "place" and view["held"] == GUEST and action["target"] == 0:
            return action
        if action["type"] == "give-guest" and view["diners"][action["target"]]:
            return action
    return None


def test_on_a_phone_the_guest_note_names_the_card(chromium, server):
    """001: "he has to put this card on another player's mat and move any card from that diner
    to his/her own." On a phone the guest's face beside its note is hidden, and the note said
    only "You take a card from Bob's diner.": why was not told. It names the card, on a line
    of its own under the deck (beside it the deck's caption went a word a line)."""
    page, table = open_table(
        chromium,
        server,
        GAME,
        3,
        viewport=PHONE,
        seed=3,
        until=lambda view: view["guest_target"] is not None,
        choose=host_guests,
    )
    assert wait_ready(page) == "mine"
    name = http("GET", f"{server}/api/tables/{table['id']}/catalogue")["cards"][GUEST]["name"]
    note = page.locator("#board .guest-note p")
    assert note.is_visible()
    words = note.inner_text()
    assert words.startswith("You take a card from ") and name in words, words
    deck = page.locator("#board .centre .stack figcaption").first
    lines = deck.evaluate(
        "e => e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)"
    )
    assert lines < 2.5, f"the deck's caption takes {lines:.1f} lines"
    page.close()


def test_the_card_drawn_says_what_it_does_in_words(chromium, server):
    """001: "If at the end of his/her move a player has an Unwelcome guest, he has to put this
    card on another player's mat and move any card from that diner to his/her own. ... Another
    player will keep it till the end of the game and get 2 points for it." The guest drawn read
    "Unwelcome guest · give away · 2": its face now says "pass on for a card · 2 pts", and
    beside it, the card's effect in words (on a phone too, the deck kept on the same row)."""
    for viewport in (DESKTOP, PHONE):
        page, table = open_table(
            chromium, server, GAME, 2, viewport=viewport, seed=i_first_draw("unwelcome")
        )
        try:
            wait_ready(page)
            text = catalogue_texts(server, table["id"])["unwelcome-guest"]
            drawn = page.locator("#board .drawn")
            assert drawn.locator(".card-rule").inner_text() == "pass on for a card · 2 pts"
            assert drawn.locator(".drawn-rule").inner_text() == text
            assert drawn.locator(".drawn-rule").is_visible()
            top = "e => Math.round(e.getBoundingClientRect().top)"
            deck, card = page.locator("#board .centre > .stack").first, drawn.locator(".card")
            assert deck.evaluate(top) < card.evaluate(f"e => ({top})(e) + e.offsetHeight")
        finally:
            page.close()
