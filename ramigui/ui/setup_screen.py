"""New game: the variant, the players (names, human or bot level), the house rules.

The variants, their player counts, options, defaults, labels and help texts all come
from `variants.yaml` through `ramigui.variants`: this screen declares none of them. The
game length is one of the variant's options (rounds or target), as the rule books say.
The last setup is remembered in the settings and offered again next time. The family's own
variants.yaml has its part (its problems, saving these rules as a variant of one's own) in
`ramigui.ui.setup_variants`. The variant list scrolls on its own when it outgrows the window.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from ramigui import i18n
from ramigui.deal_record import redeal_deals
from ramigui.people import load_people, meet
from ramigui.rules.deals import DealCodeError, DealCodeForOtherTable, Table
from ramigui.rules.variant import OptionSpec, Variant, VariantError
from ramigui.session import BOT_LEVELS, GameInProgress, GameSession, GameSetup, Seat
from ramigui.settings import with_setup
from ramigui.ui.controls import Choice, ListRow, TextField, number_values
from ramigui.ui.screen import ABANDON_GUARD, ConfirmScene, Context, Screen
from ramigui.ui.setup_variants import VariantFileTools
from ramigui.ui.widgets import DIM, GOLD, WHITE, blit_text, draw_panel, ellipsized, fitted_size
from ramigui.variants import all_variants, get_variant

MAX_SEATS = 6
SEAT_KINDS = ("human", "phone", *BOT_LEVELS)
"""A person at the screen, a person on their own phone, or a bot's level."""
NEW_PERSON = ""
"""The people chooser's first value: someone new, whose name is typed."""


@dataclass
class SeatModel:
    name: str
    kind: str  # "human", "phone" or a bot level


_NONE = object()
"""No value kept (a value kept may itself be None or False)."""


def default_seat(index: int) -> SeatModel:
    return SeatModel(default_name(index, "human" if index == 0 else "medium"), "human" if index == 0 else "medium")


def default_name(index: int, kind: str) -> str:
    """The name a seat gets until someone types one: "Player 2" for a person (at the
    screen or on a phone), "Bot 1" for a bot."""
    if kind in ("human", "phone"):
        return i18n.tr("setup.default_human", n=index + 1)
    return i18n.tr("setup.default_bot", n=index)


def option_text(spec: OptionSpec, value: Any) -> str:
    """A choice value in words: `optval.<value>` from the catalogue, else the value itself."""
    if isinstance(value, bool):
        return i18n.tr("common.yes" if value else "common.no")
    key = f"optval.{spec.name}.{value}"
    if i18n.has_key(key):
        return i18n.tr(key)
    key = f"optval.{value}"
    return i18n.tr(key) if i18n.has_key(key) else str(value)


USUAL_COUNT = 4
"""The table size New game offers for a game never started here (as near as it seats): a
family of four. Gin's two no longer carried over to Rami 51 at the first look."""


def ask_abandon(ctx: Context, action: str) -> ConfirmScene:
    """"Abandon the game in progress?" before a new game would replace it; yes posts `action`.
    Guarded, so the second click of a double click on Start cannot answer it. A game in
    which nobody has played yet is not filed in the statistics, and the question says so."""
    played = ctx.store is None or GameSession.saved_game_played(ctx.store)
    detail = i18n.tr("abandon.detail" if played else "abandon.detail_unplayed")
    return ConfirmScene(i18n.tr("abandon.question"), action, ctx.sounds, detail=detail,
                        yes_key="abandon.yes", no_key="abandon.no", guard=ABANDON_GUARD)


def option_values(spec: OptionSpec) -> list[Any]:
    if spec.choices is not None:
        return list(spec.choices)
    return number_values(spec.minimum or 0, spec.maximum or 100, spec.default)


class SetupScreen(Screen):
    """Variant list on the left; players and house rules on the right (scrolls)."""

    title_key = "setup.title"
    scrollable = True

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.variants: list[Variant] = all_variants()
        self.seats = [default_seat(i) for i in range(MAX_SEATS)]
        self.variant_id = "rami51" if any(v.id == "rami51" for v in self.variants) else self.variants[0].id
        self.count = USUAL_COUNT
        self.wanted_count = USUAL_COUNT
        """The table size last chosen: a variant that cannot seat that many gets its nearest,
        and the next one that can gets it back (a family of four looking at Gin, for two,
        finds four again at Rami 51)."""
        self.options: dict[str, Any] = {}
        kept = ctx.settings.variant_setups
        self.options_seen: dict[str, dict[str, Any]] = {s.variant: dict(s.options) for s in reversed(kept)}
        """The house rules chosen for each variant: as last started (the settings), then as
        chosen since the screen opened: a look at another game does not undo them."""
        self.counts_seen: dict[str, int] = {s.variant: len(s.seats) for s in reversed(kept)}
        """Each variant's table size as last started; a size chosen on this screen wins
        (`count_chosen`)."""
        self.count_chosen = False
        self.error = ""
        self.deal_code = ""
        """A round's deal code to play again as round 1 ("" for a fresh deal)."""
        self.list_scroll = 0
        self.pointer = (0, 0)
        self.tools = VariantFileTools(self)
        self.people = load_people(ctx.store).names
        self.seats[0].name = i18n.seat_name(self.people[0])
        self._restore()
        self.reveal_selected()

    # --- the model ---------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        return next(v for v in self.variants if v.id == self.variant_id)

    def _restore(self) -> None:
        """Start from the last setup if its variant still exists, else from the defaults."""
        last = self.ctx.settings.last_setup
        if last is None or not any(v.id == last.variant for v in self.variants):
            self.choose_variant(self.variant_id)
            return
        for index, seat in enumerate(last.seats[:MAX_SEATS]):
            # a default name saved in another language ("Robot 1") is said in this one; a typed one is kept
            self.seats[index] = SeatModel(i18n.seat_name(seat.name), "phone" if seat.phone else seat.bot or "human")
        self.counts_seen[last.variant] = len(last.seats)
        self.choose_variant(last.variant)
        for name, value in last.options.items():
            if any(spec.name == name and value in option_values(spec) for spec in self.variant.options):
                self.options[name] = value

    def choose_variant(self, variant_id: str) -> None:
        """Show `variant_id`: its house rules as last chosen (else its defaults); the table
        size chosen on this screen as near as it seats, else the size it was last started
        with (a family of four looking at Gin, for two, finds four again at Rami 51)."""
        self.options_seen[self.variant_id] = self.options
        self.variant_id = variant_id
        low, high = self.variant.players
        if not self.count_chosen:  # a game never started here: the table's usual size, not the last game's
            self.wanted_count = self.counts_seen.get(variant_id, USUAL_COUNT)
        self.count = max(low, min(high, self.wanted_count))
        kept = self.options_seen.get(variant_id, {})
        self.options = {spec.name: kept[spec.name] if kept.get(spec.name, _NONE) in option_values(spec)
                        else spec.default for spec in self.variant.options}
        self.error = ""
        if self.tools.naming is not None and self.tools.naming.purpose == "rename":
            self.tools.naming = None

    def chosen_variant(self) -> Variant:
        """The selected variant with the house rules as chosen on this screen."""
        return get_variant(self.variant_id, **self.options)

    def reload_variants(self, select: str | None = None) -> None:
        """The list read again (after the user's file changed), `select` chosen if given;
        the current choice kept if it still exists, else the first variant."""
        self.variants = all_variants()
        ids = [variant.id for variant in self.variants]
        options = dict(self.options)
        if select in ids:
            self.choose_variant(str(select))
            self.reveal_selected()
        elif self.variant_id in ids:
            self.choose_variant(self.variant_id)
            self.options.update({k: v for k, v in options.items() if k in self.options})
        else:
            self.choose_variant("rami51" if "rami51" in ids else ids[0])

    def setup(self) -> GameSetup:
        """The chosen setup; raises ValueError for a bad name (said to the player)."""
        seats = []
        for index, model in enumerate(self.seats[: self.count]):
            name = model.name.strip() or self.default_name(index)
            person = model.kind in ("human", "phone")
            if person:
                name = self.person_named(name)
            elif self.person_named(name) in self.people:  # a bot's games would join that person's statistics
                raise ValueError(i18n.tr("setup.bot_person_name", name=name))
            seats.append(Seat(name, None if person else model.kind, phone=model.kind == "phone"))
        if len({seat.name for seat in seats}) != len(seats):
            raise ValueError(i18n.tr("setup.same_names"))
        return GameSetup(self.variant_id, tuple(seats), dict(self.options))

    # --- building ----------------------------------------------------------------------

    def build(self) -> None:
        m = self.m
        left_w = max(int(m.width * 0.3), int(m.text * 11))
        self._build_variant_list(left_w)
        self._build_right(left_w + 2 * m.pad)
        self.footer_buttons([("back", "common.back"), ("start", "setup.start")])

    def _list_rows(self) -> tuple[int, int, int]:
        """Row height, gap, and how far the list may scroll (0 when every row fits)."""
        m = self.m
        view = self.viewport
        count = max(1, len(self.variants))
        gap = max(3, m.pad // 3)
        height = max(int(m.text * 1.6), min(int(m.row * 0.95), (view.height - m.pad) // count - gap))
        overflow = count * (height + gap) + m.pad - view.height
        return height, gap, max(0, overflow)

    def reveal_selected(self) -> None:
        """Scroll the variant list so the selected row shows (a variant just saved is last)."""
        height, gap, overflow = self._list_rows()
        if not overflow:
            return
        index = next((i for i, v in enumerate(self.variants) if v.id == self.variant_id), 0)
        top = self.m.pad // 2 + index * (height + gap)
        view_h = self.viewport.height
        if top - self.list_scroll < 0:
            self.list_scroll = top
        elif top + height - self.list_scroll > view_h - self.m.pad // 2:
            self.list_scroll = top + height - view_h + self.m.pad // 2
        self.list_scroll = max(0, min(self.list_scroll, overflow))

    def _build_variant_list(self, width: int) -> None:
        m = self.m
        view = self.viewport
        height, gap, overflow = self._list_rows()
        self.list_scroll = max(0, min(self.list_scroll, overflow))
        for i, variant in enumerate(self.variants):
            rect = pygame.Rect(m.pad, view.top + m.pad // 2 + i * (height + gap) - self.list_scroll, width, height)
            row = ListRow("variant", variant.id, (lambda v=variant: i18n.variant_name(v)), rect,
                          name=f"variant:{variant.id}", selected=variant.id == self.variant_id)
            self.add_visible(row)

    def _build_right(self, left: int) -> None:
        m = self.m
        view = self.viewport
        width = m.width - left - 2 * m.pad
        y = view.top + m.pad // 2 - self.scroll
        variant = self.variant
        y = self.tools.build_problems(left, y, width)
        if self.tools.panel is not None:
            y += m.pad // 2
        y = self.paragraph(variant.description.get(i18n.language(), variant.description.get("en", "")),
                           m.small, DIM, left, y + self.scroll, width, clip=True) - self.scroll + m.pad // 2
        y = self.heading(i18n.tr("setup.players"), left, y)
        y = self._players(left, y, width)
        offered = [spec for spec in variant.options if spec.matters_with(self.count)]
        if offered:
            y = self.heading(i18n.tr("setup.house_rules"), left, y + m.pad)
            for spec in offered:
                y = self._option(spec, left, y, width)
        y = self._deal_code(left, y + m.pad // 2, width)
        y = self.tools.build_section(left, y, width)
        self.content_height = y + self.scroll - view.top + m.pad

    def heading(self, text: str, left: int, y: int) -> int:
        m = self.m
        self.label(text, m.text, GOLD, (left, y), bold=True, clip=True)
        return y + int(m.text * 1.6)

    def add_visible(self, control: Any) -> Any:
        control.visible = self.shown(control.rect)
        return self.add(control)

    def _players(self, left: int, y: int, width: int) -> int:
        m = self.m
        low, high = self.variant.players
        label_w = int(width * 0.45)
        field_h = int(m.row * 0.9)
        self.label(i18n.tr("setup.player_count"), m.text, WHITE, (left, y + field_h // 2), "midleft", clip=True)
        count = Choice("count", "count", list(range(low, high + 1)), str,
                       pygame.Rect(left + label_w, y, min(int(m.text * 8), width - label_w), field_h))
        count.select(self.count)
        count.enabled = low != high
        self.add_visible(count)
        y += field_h + m.pad // 2
        name_w = int(width * 0.36)
        person_w = int(width * 0.26)
        # each column says what it sets: a newcomer took the person chooser for a second name
        for key, x, w in (("setup.col_name", left, name_w), ("setup.col_person", left + name_w, person_w),
                          ("setup.col_kind", left + name_w + person_w, width - name_w - person_w)):
            self.label(ellipsized(i18n.tr(key), m.small, w - m.pad // 2), m.small, DIM, (x, y), clip=True)
        y += int(m.small * 1.4)
        for index in range(self.count):
            model = self.seats[index]
            name_rect = pygame.Rect(left, y, name_w - m.pad // 2, field_h)
            field = TextField("name", f"name:{index}", model.name, name_rect,
                              placeholder=lambda i=index: self.default_name(i))
            self.add_visible(field)
            person = Choice("person", f"person:{index}", [NEW_PERSON, *self.people], self._person_text,
                            pygame.Rect(left + name_w, y, person_w - m.pad // 2, field_h), wraps=True)
            person.select(self.person_named(model.name.strip()))
            self.add_visible(person)
            person.enabled = model.kind in ("human", "phone")  # bots are not people: no chooser
            person.visible = person.visible and person.enabled
            kind = Choice("kind", f"kind:{index}", list(SEAT_KINDS), self._kind_text,
                          pygame.Rect(left + name_w + person_w, y, width - name_w - person_w, field_h))
            kind.select(model.kind)
            self.add_visible(kind)
            y += field_h + m.pad // 2
        return y

    def person_named(self, shown: str) -> str:
        """The person a name field names: "Vous" typed or shown is the person "You" (the
        first person's default name, said in the player's language); else the name itself."""
        return next((person for person in self.people if i18n.seat_name(person) == shown), shown)

    @staticmethod
    def _person_text(name: str) -> str:
        return i18n.seat_name(name) if name else i18n.tr("setup.new_person")
    def _deal_code(self, left: int, y: int, width: int) -> int:
        """"Deal from a code": the cards of a round already played, dealt again as round 1."""
        m = self.m
        field_h = int(m.row * 0.9)
        label_w = int(width * 0.45)
        self.label(i18n.tr("deal.from_code"), m.text, WHITE, (left, y + field_h // 2), "midleft", clip=True)
        field = TextField("deal_code", "deal_code", self.deal_code,
                          pygame.Rect(left + label_w, y, width - label_w, field_h),
                          placeholder=lambda: i18n.tr("deal.code_placeholder"))
        self.add_visible(field)
        return y + field_h + m.pad // 2

    @staticmethod
    def _kind_text(kind: str) -> str:
        return i18n.tr(f"seat.{kind}")

    def _option(self, spec: OptionSpec, left: int, y: int, width: int) -> int:
        m = self.m
        lang = i18n.language()
        field_h = int(m.row * 0.9)
        choice_w = min(int(m.text * 12), int(width * 0.42))
        label_w = width - choice_w - m.pad
        label = spec.label.get(lang) or spec.label.get("en", spec.name)
        top = y
        y = self.paragraph(label, m.text, WHITE, left, y + self.scroll, label_w, clip=True) - self.scroll
        choice = Choice("option", f"option:{spec.name}", option_values(spec),
                        (lambda value, s=spec: option_text(s, value)),
                        pygame.Rect(left + width - choice_w, top, choice_w, field_h))
        choice.select(self.options.get(spec.name, spec.default))
        choice.enabled = len(choice.values) > 1  # Wrotham's six deals: said, not offered
        self.add_visible(choice)
        help_text = spec.help.get(lang) or spec.help.get("en", "")
        y = max(y, top + field_h)
        if help_text:
            y = self.paragraph(help_text, m.small, DIM, left, y + self.scroll + 2, width, clip=True) - self.scroll
        return y + m.pad

    # --- events ------------------------------------------------------------------------

    def on_action(self, action: str, event: pygame.event.Event) -> bool:
        if self.tools.on_action(action, event):
            return True
        if action == "variant":
            self.choose_variant(event.value)
            self.scroll = 0
        elif action == "count":
            self.count = self.wanted_count = int(event.value)
            self.count_chosen = True
        elif action == "name":
            self.seats[int(event.name.split(":")[1])].name = event.value
            self.error = ""
        elif action == "field_full":
            self.error = i18n.tr("setup.name_full", n=event.limit)
        elif action == "person":
            self._choose_person(int(event.name.split(":")[1]), event.value)
        elif action == "kind":
            index = int(event.name.split(":")[1])
            seat = self.seats[index]
            seat.kind = event.value
            # "Bot 1" made a person becomes "Player 2"; a typed name stays, but a person's
            # name leaves a seat made a bot (bots are not people: Bob's statistics took in
            # the games a bot played under his name)
            is_person = self.person_named(seat.name) in self.people
            if i18n.is_default_name(seat.name) or (seat.kind not in ("human", "phone") and is_person):
                seat.name = self.default_name(index)
            self._number_bots()
        elif action == "option":
            self.options[event.name.split(":", 1)[1]] = event.value
        elif action == "deal_code":
            self.deal_code = event.value
            self.error = ""
        elif action == "start":
            self.start()
            return True
        elif action == "start_abandoning":
            self.start(abandon_saved=True)
            return True
        else:
            return False
        self.rebuild()
        return True

    def _number_bots(self) -> None:
        """The bots the game named are "Bot 1", "Bot 2"… in their places' order: numbered by
        place, a bot at the first place was "Bot 0" (a name typed is kept)."""
        for index, seat in enumerate(self.seats):
            if seat.kind not in ("human", "phone") and i18n.is_default_name(seat.name):
                seat.name = self.default_name(index)

    def default_name(self, index: int) -> str:
        """The name seat `index` gets until someone types one: "Player 2" for a person at the
        second place, the bots numbered from 1 in their places' order."""
        kind = self.seats[index].kind
        if kind in ("human", "phone"):
            return default_name(index, kind)
        bots_before = sum(seat.kind not in ("human", "phone") for seat in self.seats[:index])
        return i18n.tr("setup.default_bot", n=bots_before + 1)

    def _choose_person(self, index: int, name: str) -> None:
        """A person from the list takes the seat (leaving any other seat they had, which
        gets its default name); someone new: the name field is emptied for typing."""
        shown = i18n.seat_name(name) if name else ""
        for other, seat in enumerate(self.seats[: self.count]):
            if other != index and shown and seat.name == shown:
                seat.name = self.default_name(other)
        self.seats[index].name = shown

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The wheel over the variant list scrolls the list (when it is longer than the view)."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if event.type == pygame.MOUSEWHEEL and self._list_rows()[2] and self.pointer[0] < self._list_right():
            self.list_scroll = max(0, min(self.list_scroll - event.y * self.m.row, self._list_rows()[2]))
            self.rebuild()
            return True
        return super().handle_event(event)

    def _list_right(self) -> int:
        return self.m.pad + max(int(self.m.width * 0.3), int(self.m.text * 11))

    def scroll_into_view(self, rect: pygame.Rect) -> None:
        """A variant row reached by the keyboard scrolls the list, not the page."""
        focused = self.focused_control()
        if isinstance(focused, ListRow) and focused.action == "variant":
            view = self.viewport
            if rect.top < view.top:
                self.list_scroll -= view.top - rect.top + self.m.pad // 2
            elif rect.bottom > view.bottom:
                self.list_scroll += rect.bottom - view.bottom + self.m.pad // 2
            return
        super().scroll_into_view(rect)

    def on_key(self, event: pygame.event.Event) -> bool:
        if self.tools.on_key(event):
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and isinstance(self.focused_control(), TextField):
            self.move_focus(1)
            return True
        if event.key == pygame.K_TAB and isinstance(self.focused_control(), TextField):
            return self._next_field(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        return super().on_key(event)

    def _next_field(self, step: int) -> bool:
        """Tab in a name field goes to the next name field (Shift+Tab: the one before), so
        what is typed next goes into a name; past the last one, to the next control."""
        fields = [i for i, control in enumerate(self.controls) if isinstance(control, TextField) and control.visible]
        here = fields.index(self.focus) if self.focus in fields else -1
        if 0 <= here + step < len(fields):
            self.focus = fields[here + step]
            self.scroll_into_view(self.controls[self.focus].rect)
            self.rebuild()
        else:
            self.move_focus(step)
        return True

    def start(self, abandon_saved: bool = False) -> None:
        """Check the setup, remember it, start the saved session and open the table. A game
        in progress is never replaced unasked: the player is asked first (`ask_abandon`)."""
        try:
            setup = self.setup()
            table = Table(self.chosen_variant().family, len(setup.seats))
            deals = redeal_deals(self.deal_code, table) if self.deal_code.strip() else None
            session = GameSession.new(setup, self.ctx.store, abandon_saved=abandon_saved, deals=deals)
        except DealCodeForOtherTable as error:
            self.error = i18n.tr("deal.code_error.other_table", game=i18n.tr(f"deal.family.{error.table.family}"),
                                 n=error.table.players)
            self.rebuild()
            return
        except DealCodeError as error:
            self.error = i18n.tr(f"deal.code_error.{error.reason}")
            self.rebuild()
            return
        except GameInProgress:
            if self.app is not None:
                self.app.push(ask_abandon(self.ctx, "start_abandoning"))
            return
        except (ValueError, VariantError) as error:
            self.error = str(error)
            self.rebuild()
            return
        self.ctx.change(None, last_setup=setup, variant_setups=with_setup(self.ctx.settings.variant_setups, setup))
        meet(self.ctx.store, [seat.name for seat in setup.seats if seat.is_human])
        if self.app is None:
            return
        from ramigui.ui.game_screen import start_table

        app = self.app
        app.pop()
        start_table(app, self.ctx, session)

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.m
        view = self.viewport
        left = max(int(m.width * 0.3), int(m.text * 11)) + int(m.pad * 1.5)
        pygame.draw.line(surface, (255, 255, 255), (left - m.pad // 2, view.top + m.pad),
                         (left - m.pad // 2, view.bottom - m.pad), 1)
        height, gap, overflow = self._list_rows()
        if overflow:  # the list's own scroll bar, on the line that ends it
            track = pygame.Rect(left - m.pad // 2 - 3, view.top + m.pad // 2, 7, view.height - m.pad)
            share = track.height / (track.height + overflow)
            thumb_h = max(14, int(track.height * share))
            top = track.top + int((track.height - thumb_h) * self.list_scroll / overflow)
            draw_panel(surface, track, (0, 0, 0, 90), 3)
            draw_panel(surface, pygame.Rect(track.left, top, track.width, thumb_h), (*WHITE, 200), 3)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.error:  # why the game cannot start: over everything, above the buttons
            m = self.m
            box = pygame.Rect(m.pad, m.height - m.footer - m.row, m.width - 2 * m.pad, m.row - 4)
            draw_panel(surface, box, (120, 20, 24, 235), box.height // 3)
            size = fitted_size(self.error, m.small, box.width - 2 * m.pad, True)
            blit_text(surface, ellipsized(self.error, size, box.width - 2 * m.pad, True), size, WHITE, box.center,
                      "center", bold=True)

    def draw_labels(self, surface: pygame.Surface) -> None:
        self.tools.draw_panels(surface)  # the problems panel's ground goes under its text
        super().draw_labels(surface)
