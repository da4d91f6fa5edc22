"""Each rule in one place (issue 19): the phase table, the powers' table, the refusals the
moves give, and the clone's field groups. Citing 000_992b8e92303b7cf4.txt."""

from cardcafe.engine.rules import RuledState
from cardcafe.games.monsters_coffee import cards, powers
from cardcafe.games.monsters_coffee.actions import (
    AskPlayer,
    ChooseRear,
    PickCentre,
    PickFront,
    PickRear,
    Take,
)
from cardcafe.games.monsters_coffee.state import MonstersCoffeeState
from cardcafe.games.monsters_coffee.words import PHASES
from tests.refusals import refusal

from .helpers import GAME, play, position


def test_every_family_has_its_power_in_one_table():
    # 000 "Monsters and their Powers"; NOTE 1: "Some Monster families do not have special
    # powers." Each family's power is one function of `powers.POWERS`.
    assert set(powers.POWERS) == set(cards.FAMILIES)
    silent = {fam for fam, power in powers.POWERS.items() if power is powers.no_power}
    assert silent == {"bliblop", "skyzoclop", "kandhiii"}


def test_every_phase_a_player_decides_in_has_its_moves_in_the_table():
    assert issubclass(MonstersCoffeeState, RuledState)
    table = MonstersCoffeeState.PHASES.moves
    assert set(table) == set(PHASES) - {powers.OVER, powers.DONE}  # DONE: a passing mark
    assert all(len(moves) == 1 for moves in table.values()), "one decision per phase"


def test_a_power_choice_of_the_wrong_kind_is_not_now():
    # 000: "They choose a Monster card in a Front Line where there are more than 3 Monster
    # cards." Choosing a Front Line card for a power is no take: before issue 19 this was
    # refused with "Player 2's Front Line has only 4 cards", as if it were a power's choice.
    state = position([["rex"] * 4, ["priss"] * 4], [["grunge"] * 3, ["priss"] * 3])
    assert state.phase == "take"
    assert refusal(state, PickFront(1, 7)) == f"not now: {state.prompt}"


def test_rex_rear_choice_says_the_rear_line_has_three_cards():
    # 000 NOTE 0: "No player can have ... fewer than 3 Monster cards in their Rear Line", and
    # REX: "Swap one Monster card from your Rear Line". Before issue 19: "not now: ...", though
    # a Rear Line card was what was asked for.
    state = position([["rex"] * 4, ["priss"] * 4], [["grunge"] * 3, ["priss"] * 3])
    state.apply(Take(0, 0))
    assert state.phase == "rex-rear"
    assert refusal(state, PickRear(5)) == "your Rear Line has only 3 cards"


def test_rex_front_choice_names_what_is_wrong():
    # 000 REX: "... with a Monster card from your Front Line." Before issue 19 a seat not at
    # the table got "not now: ...".
    state = position([["rex"] * 4, ["priss"] * 4], [["grunge"] * 3, ["priss"] * 3])
    play(state, Take(0, 0), PickRear(0))
    assert refusal(state, PickFront(4, 0)) == "there are only 2 players at this table"
    assert refusal(state, PickFront(1, 0)) == "this power swaps a card of your own Front Line"


def test_grunge_asks_another_player():
    # 000 GRUNGE: "Ask one player if they have, in their Rear Line, another Monster from a
    # specific family". Before issue 19 asking yourself got "not now: ...".
    state = position([["grunge"] * 4, ["priss"] * 4], [["rex"] * 3, ["priss"] * 3])
    state.apply(Take(0, 0))
    assert state.phase == "grunge-player"
    assert refusal(state, AskPlayer(0)) == "ask another player, not yourself"
    assert refusal(state, AskPlayer(3)) == "there are only 2 players at this table"


def test_priss_swaps_with_another_card_of_the_centre():
    # 000 PRISS: "Swap one card from your Front Line with another one from the centre."
    # (Decision: not the Priss just played; equal cards are one choice.) Before issue 19 each
    # got "not now: ...".
    state = position(
        [["priss"] * 4, ["rex"] * 4], [["grunge"] * 3, ["rex"] * 3], centre=["rex", "rex"]
    )
    play(state, Take(0, 0), PickFront(0, 0))
    assert state.phase == "priss-centre" and state.legal_actions() == [PickCentre(0)]
    assert refusal(state, PickCentre(2)).startswith("that is the Priss you just played")
    assert refusal(state, PickCentre(1)) == "choose the first Rex of the centre: the same card"
    assert refusal(state, PickCentre(9)) == "the centre holds only 3 cards"


def test_a_rear_line_choice_past_the_hand_says_so():
    state = GAME.new(2, seed=3)
    assert refusal(state, ChooseRear(20)) == "your hand holds only 12 cards"
    assert refusal(state, Take(0, 0)) == f"not now: {state.prompt}"


# -- the clone's field groups -------------------------------------------------------------------
GROUPS = (
    MonstersCoffeeState.COPIED,
    MonstersCoffeeState.COPIED_WHILE_CHOOSING,
    MonstersCoffeeState.SHARED,
    MonstersCoffeeState.VALUES,
)


def own_fields(state) -> set[str]:
    kernel = vars(MonstersCoffeeState.blank(GAME, state.num_players, state.options))
    return set(vars(state)) - set(kernel) - {"_rng_shared", "_rng_seed"}


def states():
    """A state in each kind of moment: choosing Rear Lines, mid-round, over, from a position."""
    state = GAME.new(3, seed=5, families=["rex", "grunge", "poopy", "snout", "mummy"])
    yield state.clone()
    while state.phase == "rear":
        state.apply(state.legal_actions()[0])
    yield state.clone()
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    yield state
    yield position([["rex"] * 4, ["priss"] * 4], [["grunge"] * 3, ["priss"] * 3])


def test_every_field_is_in_exactly_one_clone_group():
    names = [name for group in GROUPS for name in group]
    assert len(names) == len(set(names)), "a field in two groups"
    for state in states():
        # (`is_over` is the class's False until the game ends)
        fields = own_fields(state) | {"is_over"}
        assert fields == set(names), "a field without a group: add it to one"


def test_a_clone_copies_exactly_the_copied_fields():
    for state in states():
        new = state.clone()
        copied = set(MonstersCoffeeState.COPIED)
        if state.phase == "rear":
            copied |= set(MonstersCoffeeState.COPIED_WHILE_CHOOSING)
        for name in own_fields(state) - set(MonstersCoffeeState.VALUES):
            mine, theirs = getattr(state, name), getattr(new, name)
            assert (mine is not theirs) == (name in copied), name
            if name in copied and mine and isinstance(mine[0], list):
                assert all(a is not b for a, b in zip(mine, theirs, strict=True)), name
