"""The New game screen's part about the family's own variants.yaml.

Two things, both drawn in the screen's right column:

- The problems of the user's file, at the top, in a red panel: which file, then for each
  problem its line, variant and field and what to change, in the player's language. The
  variant list stays whole beside it; three problems show at first ("Show all" for the
  rest), and "Read the file again" reloads the catalogue after the file was fixed.
- "Your variants", under the house rules: "Save these rules as…" (a name field, Enter saves,
  Escape leaves the field), and for a variant of the user's file "Rename…" and "Delete…"
  (asked first). The file is edited by `ramigui.user_variants`; this only asks and tells.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from ramigui import i18n, user_variants, variants
from ramigui.rules.variant import Variant
from ramigui.rules.variant_errors import VariantError
from ramigui.ui.controls import TextField
from ramigui.ui.screen import ConfirmScene, Context, Control, Metrics
from ramigui.ui.widgets import WHITE, Button, draw_panel, text_width, wrap_lines

SHOWN_PROBLEMS = 3
"""Problems listed before "Show all": enough to start fixing, not a wall of red."""
PROBLEM_FILL = (110, 18, 24, 215)
PLACE_COLOUR = (255, 214, 150)
DONE_FILL = (24, 96, 52, 225)
NAME_FIELD = "variant_name"


@dataclass
class Naming:
    """A name being typed: for a new variant ("save") or for the selected one ("rename")."""

    purpose: str
    text: str


class SetupHost(Protocol):
    """What the tools need of the New game screen they sit in: its scrolled column (text,
    controls, focus), the variant chosen, and the list to read again after an edit."""

    ctx: Context
    app: Any
    scroll: int
    focus: int
    variant_id: str

    @property
    def m(self) -> Metrics: ...

    @property
    def viewport(self) -> pygame.Rect: ...

    @property
    def variant(self) -> Variant: ...

    def chosen_variant(self) -> Variant: ...

    def reload_variants(self, select: str | None = None) -> None: ...

    def rebuild(self) -> None: ...

    def label(self, text: str, size: int, colour: tuple[int, int, int], pos: tuple[int, int],
              anchor: str = "topleft", bold: bool = False, clip: bool = False) -> None: ...

    def paragraph(self, text: str, size: int, colour: tuple[int, int, int], left: int, top: int,
                  width: int, clip: bool = False) -> int: ...

    def heading(self, text: str, left: int, y: int) -> int: ...

    def add_visible(self, control: Any) -> Any: ...

    def scrolled(self, rect: pygame.Rect) -> pygame.Rect: ...

    def focused_control(self) -> Control | None: ...

    def focus_named(self, name: str) -> None: ...

    def scroll_into_view(self, rect: pygame.Rect) -> None: ...

    def scroll_page_to(self, rect: pygame.Rect) -> None: ...


class VariantFileTools:
    """The problems panel and the save / rename / delete tools of the New game screen."""

    def __init__(self, screen: SetupHost) -> None:
        self.screen = screen
        self.show_all = False
        self.naming: Naming | None = None
        self.panel: pygame.Rect | None = None  # in content coordinates (scroll not applied)
        self.message: tuple[str, bool] | None = None  # what the last change did, or why not (error)
        self.message_box: pygame.Rect | None = None

    # --- the problems -------------------------------------------------------------------

    def build_problems(self, left: int, y: int, width: int) -> int:
        """The red panel of the user file's problems from `y` (scrolled); returns its bottom."""
        errors = variants.user_file_errors()
        self.panel = None
        if not errors:
            return y
        s = self.screen
        m = s.m
        pad = m.pad // 2
        inner = width - 2 * pad
        top = y
        y += pad
        y = self._text(i18n.tr_count("setup.problems", len(errors)), m.text, WHITE, left + pad, y, inner, bold=True)
        label = i18n.tr("setup.problems.file", file="")
        indent = text_width(label, m.small)
        for index, part in enumerate(_path_lines(_short_path(errors[0].file), m.small, inner - indent)):
            s.label(label if index == 0 else "", m.small, PLACE_COLOUR, (left + pad, y), clip=True)
            s.label(part, m.small, PLACE_COLOUR, (left + pad + indent, y), clip=True)
            y += int(m.small * 1.3)
        shown = errors if self.show_all else errors[:SHOWN_PROBLEMS]
        for error in shown:
            y += pad // 2
            place = i18n.variant_problem_place(error)
            if place:
                y = self._text(place[0].upper() + place[1:], m.small, PLACE_COLOUR, left + pad, y, inner, bold=True)
            y = self._text(i18n.variant_problem_text(error), m.small, WHITE, left + pad, y, inner)
        y += pad // 2
        button_h = int(m.row * 0.8)
        buttons = [("problems_reload", "setup.problems.reload")]
        if len(errors) > SHOWN_PROBLEMS:
            buttons.insert(0, ("problems_toggle", "setup.problems.show_less" if self.show_all
                               else "setup.problems.show_all"))
            if not self.show_all:
                y = self._text(i18n.tr("setup.problems.more", n=len(errors) - SHOWN_PROBLEMS),
                               m.small, WHITE, left + pad, y, inner)
        y = self._buttons(buttons, left + pad, y, inner, button_h)
        y += pad
        self.panel = pygame.Rect(left, top + s.scroll, width, y - top)
        return y

    def _text(self, text: str, size: int, colour: tuple[int, int, int], left: int, y: int, width: int,
              bold: bool = False) -> int:
        """A wrapped paragraph in the scrolled column (y scrolled); returns the next y."""
        s = self.screen
        if bold:
            step = int(size * 1.3)
            for line in wrap_lines(text, size, width, True):
                s.label(line, size, colour, (left, y), bold=True, clip=True)
                y += step
            return y
        return s.paragraph(text, size, colour, left, y + s.scroll, width, clip=True) - s.scroll

    def _buttons(self, specs: list[tuple[str, str]], left: int, y: int, width: int, height: int) -> int:
        """A row of buttons (action, label key) from `left`; returns the y under them."""
        s = self.screen
        m = s.m
        each = min(int(m.text * 12), (width - m.pad * (len(specs) - 1)) // max(1, len(specs)))
        for index, (action, key) in enumerate(specs):
            rect = pygame.Rect(left + index * (each + m.pad), y, each, height)
            s.add_visible(Button(action, (lambda k=key: i18n.tr(k)), rect))
        return y + height + m.pad // 2

    def draw_panels(self, surface: pygame.Surface) -> None:
        """The grounds of the problems panel and of the message, under their text (clipped
        to the scrolling view)."""
        s = self.screen
        surface.set_clip(s.viewport)
        if self.panel is not None:
            draw_panel(surface, s.scrolled(self.panel), PROBLEM_FILL, s.m.pad // 2, (255, 160, 150, 200))
        if self.message_box is not None and self.message is not None:
            fill = PROBLEM_FILL if self.message[1] else DONE_FILL
            draw_panel(surface, s.scrolled(self.message_box), fill, s.m.pad // 2)
        surface.set_clip(None)

    # --- your variants ------------------------------------------------------------------

    def build_section(self, left: int, y: int, width: int) -> int:
        """"Your variants": the buttons, or the name being typed; returns the bottom."""
        s = self.screen
        m = s.m
        y = s.heading(i18n.tr("setup.yours"), left, y + m.pad)
        height = int(m.row * 0.9)
        if self.naming is None:
            specs = [("variant_save_as", "setup.save_as")]
            if s.variant_id in user_variants.user_ids():
                specs += [("variant_rename", "setup.rename"), ("variant_delete", "setup.delete")]
            y = self._buttons(specs, left, y, width, height)
            if self.panel is None:  # the file edited while the app runs: read it again from here too
                y = self._buttons([("problems_reload", "setup.problems.reload")], left, y, width, height)
        else:
            prompt = "setup.name_prompt" if self.naming.purpose == "save" else "setup.rename_prompt"
            y = self._text(i18n.tr(prompt), m.small, WHITE, left, y, width)
            field = TextField("variant_name", NAME_FIELD, self.naming.text,
                              pygame.Rect(left, y, width, height), limit=user_variants.NAME_LIMIT)
            s.add_visible(field)
            y += height + m.pad // 2
            y = self._buttons([("variant_name_ok", "setup.save"), ("variant_name_cancel", "setup.cancel")],
                              left, y, width, height)
        return self._message(left, y, width)

    def _message(self, left: int, y: int, width: int) -> int:
        """What the last change did (green) or why it was refused (red), where it was asked."""
        self.message_box = None
        if self.message is None:
            return y
        s = self.screen
        m = s.m
        pad = m.pad // 2
        text, error = self.message
        bottom = self._text(text, m.small, WHITE, left + pad, y + pad, width - 2 * pad, bold=True) + pad
        self.message_box = pygame.Rect(left, y + s.scroll, width, bottom - y)
        return bottom + m.pad // 2

    # --- events ---------------------------------------------------------------------------

    def on_action(self, action: str, event: pygame.event.Event) -> bool:
        """The tools' actions; False for the screen's own."""
        s = self.screen
        if action.startswith("variant_") and action not in ("variant_name", "variant_delete_yes",
                                                           "variant_replace_yes"):
            self.message = None
        if action == "problems_toggle":
            self.show_all = not self.show_all
        elif action == "problems_reload":
            variants.reload_catalogue()
            s.reload_variants()
        elif action == "variant_save_as":
            self._start("save", "")
        elif action == "variant_rename":
            self._start("rename", s.variant.title(i18n.language()))
        elif action == "variant_name":
            if self.naming is not None:
                self.naming.text = event.value
            return True  # typing: the field shows it already, no rebuild per letter
        elif action == "variant_name_ok":
            self.commit()
        elif action == "variant_name_cancel":
            self.naming = None
        elif action == "variant_delete":
            self._ask("setup.confirm_delete", "variant_delete_yes", name=s.variant.title(i18n.language()))
        elif action == "variant_delete_yes":
            def remove() -> None:
                user_variants.delete(s.ctx.store, s.variant_id)

            self._edit(remove, "setup.deleted", name=s.variant.title(i18n.language()),
                       file=_short_path(str(variants.user_path())))
        elif action == "variant_replace_yes":
            self._save()
        else:
            return False
        s.rebuild()
        return True

    def on_key(self, event: pygame.event.Event) -> bool:
        """Enter saves the name being typed; Escape leaves the field (not the screen)."""
        focused = self.screen.focused_control()
        if not (isinstance(focused, TextField) and focused.name == NAME_FIELD):
            return False
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.commit()
        elif event.key == pygame.K_ESCAPE:
            self.naming = None
            self.screen.focus = -1
        else:
            return False
        self.screen.rebuild()
        return True

    def _start(self, purpose: str, text: str) -> None:
        self.naming = Naming(purpose, text)
        s = self.screen
        self.message = None
        s.rebuild()
        s.focus_named(NAME_FIELD)
        field = s.focused_control()
        if field is not None:
            s.scroll_into_view(field.rect.union(field.rect.move(0, 2 * s.m.row)))
            s.rebuild()

    def commit(self) -> None:
        """Save or rename under the typed name (asking first before replacing a variant)."""
        if self.naming is None:
            return
        s = self.screen
        if self.naming.purpose == "rename":
            name, variant_id = self.naming.text, s.variant_id

            def rename() -> str:
                user_variants.rename(s.ctx.store, variant_id, name)
                return variant_id

            self._edit(rename, "setup.renamed", name=" ".join(name.split()))
            return
        try:
            existing = user_variants.user_variant_named(self.naming.text)
        except user_variants.EditRefused as refused:
            self.say(_refusal_text(refused), error=True)
            return
        if existing is not None:
            self._ask("setup.confirm_replace", "variant_replace_yes", name=variants.catalogue().get(existing).title(
                i18n.language()))
            return
        self._save()

    def _save(self) -> None:
        if self.naming is None:
            return
        s = self.screen
        name = self.naming.text
        base = s.chosen_variant()

        def save() -> str:
            return user_variants.save_as(s.ctx.store, base, name)

        self._edit(save, "setup.saved", name=" ".join(name.split()), file=_short_path(str(variants.user_path())))

    def _edit(self, change: Callable[[], str | None], done_key: str, **params: str) -> None:
        """Make a change to the file (it returns the variant to select), then reload the list
        and say what happened — or why nothing was changed."""
        s = self.screen
        try:
            selected = change()
        except user_variants.EditRefused as refused:
            self.say(_refusal_text(refused), error=True)
            return
        self.naming = None
        s.focus = -1
        s.reload_variants(selected)
        self.say(i18n.tr(done_key, **params), error=False)

    def say(self, text: str, error: bool) -> None:
        """Show what happened in the section, scrolled into view."""
        self.message = (text, error)
        s = self.screen
        s.rebuild()
        if self.message_box is not None:  # the page scrolls to it (not the variant list)
            s.scroll_page_to(s.scrolled(self.message_box))
            s.rebuild()

    def _ask(self, question_key: str, action: str, **params: str) -> None:
        s = self.screen
        if s.app is not None:
            s.app.push(ConfirmScene(i18n.tr(question_key, **params), action, s.ctx.sounds))


def _refusal_text(refused: user_variants.EditRefused) -> str:
    params = dict(refused.params)
    if refused.problem is not None:
        problem: VariantError = refused.problem
        place = i18n.variant_problem_place(problem)
        params["problem"] = f"{place} — {i18n.variant_problem_text(problem)}" if place else \
            i18n.variant_problem_text(problem)
    return i18n.tr(refused.key, **params)


def _path_lines(path: str, size: int, width: int) -> list[str]:
    """A path broken into lines that fit `width`, after a separator where it can be: the
    whole path is shown, since it says which file to open."""
    lines: list[str] = []
    current = ""
    for part in re.split(r"(?<=[/\\])", path):
        while part:
            if text_width(current + part, size) <= width:
                current, part = current + part, ""
            elif current:
                lines.append(current)
                current = ""
            else:  # one part wider than the line: cut it
                cut = max(1, next((n for n in range(len(part), 0, -1) if text_width(part[:n], size) <= width), 1))
                lines.append(part[:cut])
                part = part[cut:]
    if current:
        lines.append(current)
    return lines


def _short_path(path: str) -> str:
    """The file as a person reads it: the home folder written ~."""
    home = os.path.expanduser("~")
    if home and home != "~" and path.startswith(home + os.sep):
        return "~" + path[len(home):]
    return path
