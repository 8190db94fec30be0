"""The components draw the theme's primary colour where Streamlit's CSS cannot reach (the player's Step button and
trial slider, inside the component's own stylesheet): one colour, stated in .streamlit/config.toml, and the
stylesheets use exactly it. It must stay dark enough for white text (WCAG 2.1 AA, 1.4.3: 4.5:1)."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def primary() -> str:
    with open(ROOT / ".streamlit" / "config.toml", "rb") as config:
        return tomllib.load(config)["theme"]["primaryColor"].lower()


def luminance(hex_colour: str) -> float:
    """WCAG 2.1's relative luminance of an sRGB colour #rrggbb."""
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_the_primary_colour_carries_white_text_at_aa_contrast():
    assert (1.0 + 0.05) / (luminance(primary()) + 0.05) >= 4.5


def test_the_players_primary_button_and_slider_use_the_themes_primary_colour():
    css = (ROOT / "components" / "timeline.css").read_text()
    rule = re.search(r"\.mbl-tl-bar button\.primary \{([^}]*)\}", css).group(1)
    assert re.search(r"background:\s*([#\w]+)", rule).group(1).lower() == primary()
    slider = re.search(r"\.mbl-tl-scrub \{([^}]*)\}", css).group(1)
    assert re.search(r"accent-color:\s*([#\w]+)", slider).group(1).lower() == primary()
