"""Single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012, "SO-ISMCTS").

One tree over the searching player's information set. Every iteration samples a fresh
determinization, descends the tree choosing among the actions available in *that*
determinization by UCB1 with availability counts (an action's exploration term counts the
iterations in which it could have been chosen, not its parent's visits), expands one untried
action, plays the game out with a rollout policy, and backs up each node's reward for the player
who made its move. The action played is the root's most visited.

Where the game has a heuristic, its move at each tree node (asked once per node) is expanded
first and gets a PUCT-style prior bonus in selection, so the search follows the heuristic's line
unless its own results show a better one (docs/bots.md).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from cardcafe.engine import Action, BadInput, Game, State

from .base import Bot, Param, has_heuristic, require_heuristic
from .observation import Observation
from .rewards import reward_vector


class Node:
    __slots__ = ("action", "avail", "children", "hint", "mover", "reward", "visits")

    def __init__(self, action: Action | None, mover: int | None):
        self.action = action
        self.mover = mover  # the seat that made `action`; its reward is kept here
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        # The heuristic's move from this node, asked once, in the determinization of the
        # iteration that first expanded below it (UNASKED until then).
        self.hint: object = UNASKED  # an Action, or None where there is no choice


UNASKED = object()


class IsmctsBot(Bot):
    name = "ismcts"
    describe = "information-set Monte Carlo tree search over determinizations"
    params = {  # noqa: RUF012 (read-only declaration)
        # 0.25 to 0.45 s per move on one core of this project's machine (docs/bots.md).
        "iterations": Param(int, 300, "search iterations per move"),
        "seconds": Param(float, 0.0, "think this long per move instead (not reproducible)"),
        "c": Param(float, 0.7, "UCB exploration constant"),
        "rollout": Param(
            str,
            # Random by default: it is fast everywhere, while some heuristics cost half a
            # millisecond a move, too dear to call a hundred times per iteration; the
            # heuristic is used in the tree instead (`prior`, one call per iteration).
            "random",
            "rollout policy: random, heuristic, mixed, or auto (heuristic when the game has one)",
            choices=("auto", "random", "heuristic", "mixed"),
        ),
        "mix": Param(float, 0.5, "with rollout=mixed: the chance each move is the heuristic's"),
        "prior": Param(
            float, 0.5, "bonus of the heuristic's move in the tree, fading with its visits (0: off)"
        ),
    }

    def __init__(self, seed: int = 0, **params: Any):
        super().__init__(seed, **params)
        self.rng = random.Random(seed)
        if self.iterations < 1 and self.seconds <= 0:
            raise BadInput("ismcts: iterations must be at least 1")

    def check_game(self, game: Game) -> None:
        if self.rollout in ("heuristic", "mixed"):
            require_heuristic(game, f"ismcts with rollout={self.rollout}")

    def choose(self, observation: Observation) -> Action:
        if len(observation.legal_actions) == 1:
            return observation.legal_actions[0]
        visits = self.search(observation)
        # Most visited; ties go to the first in the legal order (deterministic).
        return max(observation.legal_actions, key=lambda a: visits.get(a, 0))

    def search(self, observation: Observation) -> dict[Action, int]:
        """Run one search from `observation`; the visit count of each root action."""
        self.check_game(observation.game)
        policy = self._rollout_policy(observation.game)
        hint = self._hint_policy(observation.game)
        root = Node(None, None)
        if self.seconds > 0:
            deadline = time.perf_counter() + self.seconds
            while time.perf_counter() < deadline:
                self._iterate(root, observation, policy, hint)
        else:
            for _ in range(self.iterations):
                self._iterate(root, observation, policy, hint)
        return {action: child.visits for action, child in root.children.items()}

    def _rollout_policy(self, game: Game) -> Callable[[State], Action]:
        rng = self.rng
        rollout = self.rollout
        if rollout == "auto":
            rollout = "heuristic" if has_heuristic(game) else "random"
        if rollout == "heuristic":
            return lambda state: game.heuristic_action(state, rng)
        if rollout == "mixed":
            # Informed but cheap: the heuristic's move with probability `mix`, else a
            # random one (a rollout of 50 moves asks the heuristic about 50*mix times).
            mix = self.mix

            def mixed(state: State) -> Action:
                if rng.random() < mix:
                    return game.heuristic_action(state, rng)
                return rng.choice(state.legal_actions())

            return mixed
        return lambda state: rng.choice(state.legal_actions())

    def _hint_policy(self, game: Game) -> Callable[[State], Action] | None:
        """The heuristic's move in a determinization, for the tree's progressive bias."""
        if self.prior <= 0 or not has_heuristic(game):
            return None
        rng = self.rng
        return lambda state: game.heuristic_action(state, rng)

    def _iterate(self, root: Node, observation: Observation, policy, hint) -> None:
        rng = self.rng
        state = observation.determinize(rng)
        node = root
        path = []
        c, bias = self.c, self.prior
        log, sqrt = math.log, math.sqrt
        # Selection and expansion, among the actions available in this determinization.
        while not state.is_over:
            legal = state.legal_actions()
            children = node.children
            if hint is not None and node.hint is UNASKED:
                node.hint = hint(state) if len(legal) > 1 else None
            favourite = node.hint
            untried = [a for a in legal if a not in children]
            mover = state.current_player
            if untried:
                # The heuristic's move is tried first: it is usually among the best.
                action = favourite if favourite in untried else untried[rng.randrange(len(untried))]
                node = children[action] = Node(action, mover)
                state.apply(action)
                path.append(node)
                break
            best, best_value = None, -math.inf
            for action in legal:
                child = children[action]
                child.avail += 1
                n = child.visits
                value = child.reward / n + c * sqrt(log(child.avail) / n)
                if action == favourite:
                    # A PUCT-style prior (as in AlphaZero, with the heuristic's move as the
                    # one-hot policy): a bonus that grows with the chances to choose it and
                    # fades with its own visits, so the search leaves the heuristic's move
                    # only for one whose results are clearly better.
                    value += bias * sqrt(child.avail) / (n + 1)
                if value > best_value:
                    best, best_value = child, value
            node = best
            state.apply(node.action)
            path.append(node)
        # Rollout.
        while not state.is_over:
            state.apply(policy(state))
        # Backpropagation: each node keeps the reward of the seat that chose its action.
        rewards = reward_vector(state)
        root.visits += 1
        for node in path:
            node.visits += 1
            node.reward += rewards[node.mover]
