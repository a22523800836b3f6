"""The rules of every variant in the player's language, from `assets/rules/<id>.<lang>.md`.

The files are plain, simple markdown written for this app: `#`/`##`/`###` headings,
paragraphs, `-` bullet lists and `**bold**`. They are parsed into blocks once, laid out
into lines for the window's width, and scrolled (wheel, ↑ ↓, Page Up / Page Down). A
variant with no file yet shows its description and the help of its house rules, taken
from `variants.yaml`, so the screen is never empty. Reached from the menu and from the
table (F1), opened on the variant being played.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import pygame

from ramigui import i18n
from ramigui.resources import asset_path
from ramigui.rules.variant import Variant
from ramigui.ui.controls import Choice
from ramigui.ui.fonts import font
from ramigui.ui.screen import Context, Screen
from ramigui.ui.widgets import DIM, GOLD, WHITE, Colour, text_surface, text_width
from ramigui.variants import all_variants

MAX_RULES_BYTES = 200_000
SHUFFLING = "shuffling"
"""The page after the variants: how the cards are shuffled (`assets/rules/shuffling.<lang>.md`)."""
BOLD = re.compile(r"\*\*(.+?)\*\*")


@dataclass(frozen=True)
class Block:
    """A heading (level 1-3), a paragraph (level 0) or a bullet item (level -1)."""

    level: int
    text: str


def parse_markdown(text: str) -> list[Block]:
    """The blocks of a simple markdown text; consecutive lines join into one paragraph."""
    blocks: list[Block] = []
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            blocks.append(Block(0, " ".join(paragraph)))
            paragraph.clear()

    for raw in text.splitlines():
        line = raw.strip()
        heading = re.match(r"^(#{1,3})\s+(.*)$", line)
        if not line:
            flush()
        elif heading:
            flush()
            blocks.append(Block(len(heading.group(1)), heading.group(2)))
        elif re.match(r"^[-*]\s+", line):
            flush()
            blocks.append(Block(-1, re.sub(r"^[-*]\s+", "", line)))
        elif blocks and blocks[-1].level == -1 and not paragraph and raw.startswith((" ", "\t")):
            blocks[-1] = Block(-1, f"{blocks[-1].text} {line}")  # a bullet continued on the next line
        else:
            paragraph.append(line)
    flush()
    return blocks


Word = tuple[tuple[str, bool], ...]
"""A word as its pieces with their boldness: `**51 points**.` ends in a plain full stop."""


def runs(text: str) -> list[Word]:
    """The words of a text, `**bold**` spans marked: `**a** b.` → [(("a", True),), (("b.", False),)].

    Punctuation glued to a bold span stays glued to it (no space is added before it).
    """
    words: list[list[tuple[str, bool]]] = []
    glue = False
    for index, part in enumerate(BOLD.split(text)):
        bold = index % 2 == 1
        pieces = part.split()
        if not pieces:
            glue = glue and not part
            continue
        for n, piece in enumerate(pieces):
            if n == 0 and glue and words and not part[0].isspace():
                words[-1].append((piece, bold))
            else:
                words.append([(piece, bold)])
        glue = not part[-1].isspace()
    return [tuple(word) for word in words]


def word_width(word: Word, size: int) -> int:
    return sum(text_width(piece, size, bold) for piece, bold in word)


def layout_words(words: list[Word], size: int, width: int) -> list[list[Word]]:
    """Words wrapped into lines no wider than `width` at `size`."""
    lines: list[list[Word]] = []
    current: list[Word] = []
    used = 0
    space = font(size).size(" ")[0]
    for word in words:
        w = word_width(word, size)
        if current and used + space + w > width:
            lines.append(current)
            current, used = [], 0
        used += (space if current else 0) + w
        current.append(word)
    if current:
        lines.append(current)
    return lines


def rules_text(variant: Variant | str, lang: str) -> str | None:
    """The rules file of a variant (or of the page named `variant`) in `lang` (English if
    missing), or None."""
    name = variant if isinstance(variant, str) else variant.id
    for code in (lang, "en", "fr"):
        try:
            path = asset_path(f"rules/{name}.{code}.md")
        except (FileNotFoundError, ValueError):
            continue
        try:
            return path.read_bytes()[:MAX_RULES_BYTES].decode("utf-8", errors="replace")
        except OSError:
            continue
    return None


def fallback_text(variant: Variant, lang: str) -> str:
    """When no rules file exists: the description and each house rule's help."""
    lines = [f"# {variant.title(lang)}", "", variant.description.get(lang, variant.description.get("en", "")), ""]
    if variant.options:
        lines += [f"## {i18n.tr('setup.house_rules')}"]
        for spec in variant.options:
            label = spec.label.get(lang, spec.name)
            lines.append(
                f"- **{label}** : {spec.help.get(lang, '')}"
                if lang == "fr"
                else f"- **{label}**: {spec.help.get(lang, '')}"
            )
    lines += ["", i18n.tr("rules.missing")]
    return "\n".join(lines)


@lru_cache(maxsize=32)
def blocks_for(variant_id: str, lang: str) -> tuple[Block, ...]:
    if variant_id == SHUFFLING:
        return tuple(parse_markdown(rules_text(SHUFFLING, lang) or ""))
    variant = next(v for v in all_variants() if v.id == variant_id)
    text = rules_text(variant, lang) or fallback_text(variant, lang)
    return tuple(parse_markdown(text))


class RulesScreen(Screen):
    """One variant's rules, scrolling; ◀ ▶ at the top changes the variant."""

    title_key = "rules.title"
    scrollable = True
    chooser_row = True

    def __init__(self, ctx: Context, variant_id: str | None = None) -> None:
        super().__init__(ctx)
        self.variants = all_variants()
        ids = [v.id for v in self.variants] + [SHUFFLING]
        self.variant_id = variant_id if variant_id in ids else ids[0]
        self.lines: list[tuple[int, int, list[Word], int, Colour]] = []

    def build(self) -> None:
        m = self.m
        width = min(int(m.text * 24), m.width - 2 * m.pad)
        choice = Choice("variant", "variant", [v.id for v in self.variants] + [SHUFFLING], self._title,
                        pygame.Rect((m.width - width) // 2, m.header + m.pad // 2, width, int(m.row * 0.9)))
        choice.select(self.variant_id)
        self.add(choice)
        self.focus = 0 if self.focus < 0 else self.focus
        self._layout()
        self.footer_buttons([("back", "common.back")])

    def _title(self, variant_id: str) -> str:
        if variant_id == SHUFFLING:
            return i18n.tr("rules.shuffle_page")
        variant = next(v for v in self.variants if v.id == variant_id)
        return i18n.variant_name(variant)

    def _layout(self) -> None:
        """Every line of the text in content coordinates: (y, indent, words, size, colour)."""
        m = self.m
        text_w = min(int(m.text * 40), m.width - 4 * m.pad)
        left = (m.width - text_w) // 2
        y = 0
        self.lines = []
        for block in blocks_for(self.variant_id, i18n.language()):
            size, colour, indent, gap = self._style(block)
            y += gap
            words = runs(block.text)
            if block.level > 0:
                words = [tuple((piece, True) for piece, _ in word) for word in words]
            for n, line in enumerate(layout_words(words, size, text_w - indent)):
                self.lines.append((y, left + indent, line, size, colour))
                if block.level == -1 and n == 0:
                    self.lines.append((y, left + indent - int(size * 1.1), [(("•", True),)], size, GOLD))
                y += int(size * 1.35)
        self.content_height = y + m.pad * 2

    def _style(self, block: Block) -> tuple[int, Colour, int, int]:
        """Font size, colour, indent and space before, for a kind of block."""
        m = self.m
        if block.level == 1:
            return int(m.text * 1.5), GOLD, 0, m.pad
        if block.level >= 2:
            return int(m.text * 1.15), GOLD, 0, int(m.text * 0.9)
        if block.level == -1:
            return m.text, WHITE, int(m.text * 1.6), int(m.text * 0.2)
        return m.text, WHITE, 0, int(m.text * 0.5)

    def on_action(self, action: str, event: pygame.event.Event) -> bool:
        if action != "variant":
            return False
        self.variant_id = event.value
        self.scroll = 0
        self.rebuild()
        return True

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_DOWN, pygame.K_UP):
            self.scroll_by(self.m.row * (1 if event.key == pygame.K_DOWN else -1))
            return True
        if event.key == pygame.K_F1:
            self.back()
            return True
        return super().on_key(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        view = self.viewport
        top = view.top + self.m.pad // 2 - self.scroll
        for y, x, words, size, colour in self.lines:
            sy = top + y
            if sy < view.top or sy + int(size * 1.2) > view.bottom:
                continue  # whole lines only: never one half-hidden under the variant chooser
            space = font(size).size(" ")[0]
            for word in words:
                for piece, bold in word:
                    surf = text_surface(piece, size, colour, bold, None, True)
                    surface.blit(surf, (x, sy))
                    x += surf.get_width()
                x += space
        if not self.lines:
            from ramigui.ui.widgets import blit_text

            blit_text(surface, i18n.tr("rules.missing"), self.m.text, DIM, view.center, "center")
