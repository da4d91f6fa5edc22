"""Single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012, "SO-ISMCTS").

One tree over the searching player's information set. Every iteration samples a fresh
determinization, descends the tree choosing among the actions available in *that*
determinization by UCB1 with availability counts (an action's exploration term counts the
iterations in which it could have been chosen, not its parent's visits), expands one untried
action, plays the game out with a rollout policy, and backs up each node's reward for the player
who made its move.

Where the game has a heuristic, its move at each tree node (asked once per node) is expanded
first and gets a PUCT-style prior bonus in selection, so the search follows the heuristic's line
unless its own results show a better one.

Two choices change how the root spends its budget (docs/bots.md):
- `root=ucb`: the root is one more UCB1 node; the move played is its most visited action.
- `root=halving`: sequential halving (Karnin et al. 2013, used at the root by Pepels et al.
  2014): every root action gets the same number of iterations, the worse half is dropped, and
  so on until one is left. The iterations come in rounds, and in one round every action still
  in the running is tried in copies of the *same* determinization with the same random numbers
  (common random numbers), so two actions are compared on the same luck: in a game decided
  largely by the draw, the difference between two moves shows through many fewer samples.
A game can set its preferred parameters per table size (`Game.search_defaults`); a spec that
names one wins.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
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

    @property
    def value(self) -> float:
        return self.reward / self.visits if self.visits else 0.0


UNASKED = object()


@dataclass(frozen=True)
class SearchResult:
    """What one search found: the action to play and the root's visit count per action."""

    action: Action
    visits: dict[Action, int]

    @property
    def confidence(self) -> float:
        """The chosen action's share of the root's visits, 0 to 1."""
        total = sum(self.visits.values())
        return self.visits.get(self.action, 0) / total if total else 0.0


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
            float,
            0.5,
            "weight of the heuristic's move, a bonus fading with its visits (0: off)",
        ),
        "root": Param(
            str,
            "ucb",
            "how the root shares the budget: ucb, or halving (sequential halving, paired samples)",
            choices=("ucb", "halving"),
        ),
        "depth": Param(
            int, 0, "stop rollouts after this many moves and ask the game's evaluate (0: never)"
        ),
        "expand": Param(int, 1, "visits a node needs before the tree grows below it"),
    }

    def __init__(self, seed: int = 0, **params: Any):
        super().__init__(seed, **params)
        self.rng = random.Random(seed)
        if self.iterations < 1 and self.seconds <= 0:
            raise BadInput("ismcts: iterations must be at least 1")
        if self.expand < 1:
            raise BadInput("ismcts: expand must be at least 1")

    def settings(self, game: Game, players: int) -> dict[str, Any]:
        """The parameters this bot searches `game` at a table of `players` with: its spec's,
        else the game's `search_defaults`, else the bot's defaults."""
        values = {key: param.default for key, param in self.params.items()}
        values.update(game.search_defaults(players))
        values.update(self.given)
        return values

    def check_game(self, game: Game) -> None:
        rollout = self.settings(game, game.players.start)["rollout"]
        if rollout in ("heuristic", "mixed"):
            require_heuristic(game, f"ismcts with rollout={rollout}")

    def choose(self, observation: Observation) -> Action:
        if len(observation.legal_actions) == 1:
            return observation.legal_actions[0]
        return self.search(observation).action

    def search(self, observation: Observation) -> SearchResult:
        """Run one search from `observation`."""
        self.check_game(observation.game)
        return _Search(self, observation).run()


class _Search:
    """One search: the settings for this game, the policies, the tree."""

    def __init__(self, bot: IsmctsBot, observation: Observation):
        game = observation.game
        settings = bot.settings(game, observation.players)
        self.observation = observation
        self.rng = bot.rng
        self.iterations = settings["iterations"]
        self.seconds = settings["seconds"]
        self.c = settings["c"]
        self.bias = settings["prior"]
        self.root_policy = settings["root"]
        self.depth = settings["depth"] or math.inf
        self.expand = settings["expand"]
        self.policy = self._rollout_policy(game, settings["rollout"], settings["mix"])
        self.hint = None
        if settings["prior"] > 0 and has_heuristic(game):
            rng = self.rng
            self.hint = lambda state: game.heuristic_action(state, rng)
        self.root = Node(None, None)

    def _rollout_policy(
        self, game: Game, rollout: str, mix: float
    ) -> Callable[[State], Action] | None:
        rng = self.rng
        if rollout == "auto":
            rollout = "heuristic" if has_heuristic(game) else "random"
        if rollout == "heuristic":
            return lambda state: game.heuristic_action(state, rng)
        if rollout == "mixed":
            # Informed but cheap: the heuristic's move with probability `mix`, else a
            # random one (a rollout of 50 moves asks the heuristic about 50*mix times).
            def mixed(state: State) -> Action:
                if rng.random() < mix:
                    return game.heuristic_action(state, rng)
                return rng.choice(state.legal_actions())

            return mixed
        return None  # uniformly random (`State.apply_random`)

    def run(self) -> SearchResult:
        if self.root_policy == "halving":
            action = self._halving()
        else:
            self._ucb()
            # Most visited; ties go to the first in the legal order (deterministic).
            action = max(self.observation.legal_actions, key=self._visits)
        visits = {a: child.visits for a, child in self.root.children.items()}
        return SearchResult(action, visits)

    def _visits(self, action: Action) -> int:
        child = self.root.children.get(action)
        return child.visits if child else 0

    def _ucb(self) -> None:
        observation, rng = self.observation, self.rng
        if self.seconds > 0:
            deadline = time.perf_counter() + self.seconds
            while time.perf_counter() < deadline:
                self._iterate(observation.determinize(rng))
        else:
            for _ in range(self.iterations):
                self._iterate(observation.determinize(rng))

    def _halving(self) -> Action:
        observation, rng = self.observation, self.rng
        arms = list(observation.legal_actions)
        favourite = None
        if self.hint is not None:
            # The heuristic's move first: among equals, the first arm stays in the running.
            favourite = self.hint(observation.determinize(rng))
            arms.sort(key=lambda action: action != favourite)

        def score(action: Action) -> float:
            # The prior as a handicap the other moves must overcome, fading with the samples:
            # the search leaves the heuristic's move only on clear evidence.
            child = self.root.children[action]
            bonus = self.bias / math.sqrt(child.visits) if action == favourite else 0.0
            return child.value + bonus

        phases = max(1, math.ceil(math.log2(len(arms))))
        start = time.perf_counter()
        for phase in range(phases):
            deadline = start + self.seconds * (phase + 1) / phases
            for _ in self._rounds(self.iterations // (len(arms) * phases), deadline):
                # One determinization and one stream of random numbers for every arm.
                sample, seed = observation.determinize(rng), rng.getrandbits(64)
                for action in arms:
                    rng.seed(seed)
                    self._iterate(sample.clone(), action)
            ranked = sorted(arms, key=score, reverse=True)
            arms = ranked[: math.ceil(len(arms) / 2)]
        return arms[0]

    def _rounds(self, count: int, deadline: float):
        """A phase's rounds: `count` of them (at least one), or with a budget in seconds as
        many as fit before `deadline` (at least one)."""
        yield 0
        if self.seconds > 0:
            while time.perf_counter() < deadline:
                yield 0
        else:
            yield from range(count - 1)

    def _iterate(self, state: State, first: Action | None = None) -> None:
        """One iteration in the determinization `state`; `first`: the root action to try."""
        rng, root = self.rng, self.root
        node = root
        path = []
        c, bias, expand = self.c, self.bias, self.expand
        log, sqrt = math.log, math.sqrt
        if first is not None:
            node = root.children.get(first) or root.children.setdefault(
                first, Node(first, state.current_player)
            )
            state.apply(first)
            path.append(node)
        # Selection and expansion, among the actions available in this determinization.
        while not state.is_over and (node is root or node.visits >= expand):
            legal = state.legal_actions()
            children = node.children
            if self.hint is not None and node.hint is UNASKED:
                node.hint = self.hint(state) if len(legal) > 1 else None
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
        # Rollout, cut short after `depth` moves (then the game's evaluation stands in).
        policy, moves, depth = self.policy, 0, self.depth
        if policy is None:  # uniformly random: the kernel's rollout step (the same draws)
            while not state.is_over and moves < depth:
                state.apply_random(rng)
                moves += 1
        else:
            while not state.is_over and moves < depth:
                state.apply(policy(state))
                moves += 1
        # Backpropagation: each node keeps the reward of the seat that chose its action.
        rewards = reward_vector(state)
        root.visits += 1
        for node in path:
            node.visits += 1
            node.reward += rewards[node.mover]
