"""The app's two themes, chosen for legible text: every text colour on every background it is
drawn on has at least WCAG AA contrast (4.5:1), which `tests/tui/test_themes.py` checks.

`$cardcafe-prompt` is the colour of the prompt (the question asked of the player); Textual's
own warning orange is too pale on a light background for that (about 1.3:1 on light grey).
"""

from __future__ import annotations

from textual.theme import Theme

DARK = Theme(
    name="cardcafe-dark",
    primary="#4FA3E0",
    secondary="#7FB8E8",
    accent="#FFB454",
    warning="#FFB454",
    error="#FF7B72",
    success="#56D364",
    foreground="#E6E6E6",
    background="#121212",
    surface="#1E1E1E",
    panel="#25303A",
    dark=True,
    variables={
        "cardcafe-prompt": "#FFC473",
        "footer-key-foreground": "#FFB454",
        "footer-description-foreground": "#E6E6E6",
        "footer-background": "#25303A",
        "input-selection-background": "#4FA3E0 35%",
    },
)

LIGHT = Theme(
    name="cardcafe-light",
    primary="#0B4F8A",
    secondary="#1F5F99",
    accent="#8A4B00",
    warning="#8A4B00",
    error="#A8201A",
    success="#1A6B2E",
    foreground="#1A1A1A",
    background="#F7F7F7",
    surface="#EDEDED",
    panel="#E1E4E8",
    dark=False,
    variables={
        "cardcafe-prompt": "#8A4B00",
        "footer-key-foreground": "#0B4F8A",
        "footer-description-foreground": "#1A1A1A",
        "footer-background": "#E1E4E8",
        "input-selection-background": "#0B4F8A 25%",
    },
)

THEMES = (DARK, LIGHT)
# Text colours and the backgrounds each is drawn on (the pairs the contrast test checks).
TEXT_ON = {
    "foreground": ("background", "surface", "panel"),
    "cardcafe-prompt": ("background", "surface"),
    "footer-key-foreground": ("footer-background",),
    "footer-description-foreground": ("footer-background",),
    "text-primary": ("background", "surface"),
    "text-error": ("background", "surface"),
}
