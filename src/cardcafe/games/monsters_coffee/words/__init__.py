"""Monster's Coffee in players' words: the catalogue, phase names, prompts, action labels,
event lines and the score breakdown's labels. The only place this game's text is written; both
screens read it. Powers are worded from rulebook 000_992b8e92303b7cf4.txt, card values from
cards.toml."""

from .breakdown import breakdown
from .catalogue import FACE_DOWN_MUMMY, NAMES, PHASES, card_name, catalogue
from .copies import copy_of
from .labels import describe, prompt
from .log import EVENT_TEXTS

__all__ = [
    "EVENT_TEXTS",
    "FACE_DOWN_MUMMY",
    "NAMES",
    "PHASES",
    "breakdown",
    "card_name",
    "catalogue",
    "copy_of",
    "describe",
    "prompt",
]
