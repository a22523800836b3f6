"""Scenes over the table: the hot-seat hand-off and the end of a round.

They report back to the table by posting UI_ACTION events ("claim", "round_closed"),
never by calling it, and pop themselves.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ramigui import i18n
from ramigui.cards import Card
from ramigui.rules import Game
from ramigui.score_words import leader_text, points_parts, round_summary, rule_text
from ramigui.ui.app import Scene
from ramigui.ui.card_marks import JokerMark, joker_badge, joker_marks
from ramigui.ui.cardart import RATIO, CardArt, DeckStyle, card_art, card_height, rank_letters
from ramigui.ui.controls import fitted_size
from ramigui.ui.families import screen_family
from ramigui.ui.felt import felt
from ramigui.ui.fonts import font
from ramigui.ui.widgets import (
    DIM,
    GOLD,
    INPUT_EVENTS,
    OVERLAY_FILL,
    UI_ACTION,
    WHITE,
    Button,
    blit_text,
    common_size,
    dim_screen,
    draw_panel,
    ellipsized,
    text_width,
    wrap_lines,
)

AUTO_CONTINUE = 3.0


def _confirm(event: pygame.event.Event) -> bool:
    if event.type == pygame.KEYDOWN:
        return event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
    if event.type == pygame.MOUSEBUTTONUP:
        return event.button == 1 and not getattr(event, "touch", False)
    return event.type == pygame.FINGERUP


HANDOFF_GUARD = 0.8
"""Seconds the hand-off ignores every click and key once open: the end of the previous
player's turn (a second Enter, a stray click) never reveals the next hand."""
HANDOFF_KEY = pygame.K_o
"""The one key that reveals the hand ("O": open / ouvrir), shown on the button."""


def below(scene: Scene) -> Scene | None:
    """The scene under `scene` on its app's stack (None: none, or not on a stack)."""
    app = scene.app
    if app is None or scene not in app.scenes or app.scenes.index(scene) == 0:
        return None
    return app.scenes[app.scenes.index(scene) - 1]


def ask_below(scene: Scene, action: str) -> bool:
    """Pass a menu action ("scores", "menu"…) to the table under an overlay: events reach
    only the top scene, and what the table opens shows over the overlay, which stays."""
    table = below(scene)
    return table is not None and table.handle_event(pygame.event.Event(UI_ACTION, action=action))


class HandoffScene(Scene):
    """"Pass the computer to <name>": opaque, so no hand is drawn until they claim it.

    The hand shows only through a deliberate act of the next player: the scene's own button
    ("Show my hand") or its named key (O), and only once it has been open for
    `HANDOFF_GUARD` seconds; no other click or key reveals anything.

    It is no dead end: Esc and Tab ask the table below for its pause menu and score sheet
    (events reach only the top scene, so the hand-off passes them on). What the table opens
    shows over the hand-off, which stays in place, so no hand is ever visible meanwhile.
    """

    opaque = True
    KEY_ACTIONS = {pygame.K_ESCAPE: "menu", pygame.K_TAB: "scores"}
    TABLE_ACTIONS = frozenset({"menu", "scores", "rules", "leave_game", "phones"})
    """The table's menu actions: the pause menu posts them after closing, so they land here."""

    def __init__(self, seat: int, name: str) -> None:
        super().__init__()
        self.seat = seat
        self.name = name
        self.table_has_menu = False
        self.age = 0.0
        self.pressed = False  # a press began on the button (after the guard)
        self.size = (1280, 800)
        self.button = Button("claim", lambda: i18n.tr("handoff.show"), pygame.Rect(0, 0, 0, 0), HANDOFF_KEY)

    @property
    def title(self) -> str:
        """"Pass the computer to Léa"; to a seat the game named, by its number in the
        language's own words ("au joueur 2")."""
        number = i18n.player_number(self.name)
        if number is not None:
            return i18n.tr("handoff.title_player", n=number)
        return i18n.tr("handoff.title", name=self.name)

    @property
    def ready(self) -> bool:
        """Whether the guard is over (before it, every click and key is ignored)."""
        return self.age >= HANDOFF_GUARD

    def update(self, dt: float) -> None:
        if self.app is not None and self.app.top is self:
            self.age += dt  # the guard counts while the hand-off itself is on screen

    def busy(self) -> bool:
        return not self.ready

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        layout = _handoff_layout(size)
        self.button.rect = layout.button

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.app is None:
            return False
        if event.type == UI_ACTION and getattr(event, "action", None) in self.TABLE_ACTIONS:
            return self._ask_table(event.action)
        if event.type == pygame.MOUSEMOTION:
            self.button.hot = self.button.rect.collidepoint(event.pos)
            return False
        if not self.ready:
            self.pressed = False
            return event.type in INPUT_EVENTS  # too soon: meant for the previous turn
        if event.type == pygame.KEYDOWN and event.key in self.KEY_ACTIONS:
            return self._ask_table(self.KEY_ACTIONS[event.key])
        if event.type == pygame.KEYDOWN and event.key == HANDOFF_KEY:
            return self._claim()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.button.rect.collidepoint(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self.pressed = self.pressed, False
            if pressed and self.button.rect.collidepoint(event.pos):
                return self._claim()
            return True
        return event.type in INPUT_EVENTS

    def _claim(self) -> bool:
        """The next player asked for their hand: the table shows it."""
        assert self.app is not None
        self.app.pop()
        pygame.event.post(pygame.event.Event(UI_ACTION, action="claim", seat=self.seat))
        return True

    def _ask_table(self, action: str) -> bool:
        """Pass a menu action to the scene below; a table without menus ignores it. Leaving
        the game (only offered by a pause menu the table opened) takes the hand-off away first,
        since the table leaves by popping the top scene."""
        table = below(self)
        if table is None or self.app is None:
            return False
        if action == "leave_game":
            if not self.table_has_menu:
                return False
            self.app.pop()
        used = table.handle_event(pygame.event.Event(UI_ACTION, action=action))
        self.table_has_menu = self.table_has_menu or used
        return used

    def draw(self, surface: pygame.Surface) -> None:
        colour = self.app.settings.table_colour if self.app is not None else "green"
        surface.blit(felt(surface.get_size(), colour), (0, 0))
        layout = _handoff_layout(surface.get_size())
        draw_panel(surface, layout.box, (0, 0, 0, 120), layout.size // 2, (*GOLD, 255))
        room = layout.box.width - 2 * layout.size
        title = self.title
        size = fitted_size(title, layout.size, room, True)
        blit_text(surface, ellipsized(title, size, room, True), size, GOLD, (layout.box.centerx, layout.title_y),
                  "center", bold=True)
        prompt_size = int(layout.size * 0.55)
        prompt = i18n.tr("handoff.prompt", name=self.name)
        for k, line in enumerate(wrap_lines(prompt, prompt_size, room)[:2]):
            blit_text(
                surface,
                line,
                prompt_size,
                WHITE,
                (layout.box.centerx, layout.prompt_y + k * int(prompt_size * 1.3)),
                "center",
            )
        self.button.enabled = self.ready
        self.button.draw(surface)


@dataclass(frozen=True)
class HandoffLayout:
    """Where the hand-off's panel, words and button go for a window size."""

    size: int
    box: pygame.Rect
    title_y: int
    prompt_y: int
    button: pygame.Rect


def _handoff_layout(window: tuple[int, int]) -> HandoffLayout:
    width, height = window
    size = max(22, int(min(width / 28, height / 16)))
    box = pygame.Rect(0, 0, int(width * 0.72), int(size * 8.2))
    box.center = (width // 2, height // 2)
    button = pygame.Rect(0, 0, min(box.width - 2 * size, int(size * 11)), int(size * 1.8))
    button.midbottom = (box.centerx, box.bottom - int(size * 0.8))
    return HandoffLayout(size, box, box.top + int(size * 1.6), box.top + int(size * 3.4), button)


ROUND_END_GUARD = 0.6
"""Seconds the round's end ignores Enter, Esc and clicks once open: keys pressed quickly at
the end of the turn (a newcomer playing hints with H then Enter) went on through the panel,
and the round's result was never seen."""


class RoundEndScene(Scene):
    """The end of a round, as at a real table: each player's melds and the cards left in
    their hand face up (a Yami player's hand and the box it filled), the round's points,
    the reason the round ended, then the running totals."""

    opaque = False

    def __init__(self, game: Game, names: list[str], auto_continue: bool = False) -> None:
        super().__init__()
        self.game = game
        self.names = names
        self.auto = auto_continue
        self.elapsed = 0.0
        self.proof = game.deal_proof()  # None for a position set up by hand: nothing to show
        self.show_rect = pygame.Rect(0, 0, 0, 0)  # where "Show the deal" is drawn (a click opens it)

    def busy(self) -> bool:
        return self.auto

    def update(self, dt: float) -> None:
        self.elapsed += dt
        if self.auto and self.elapsed >= AUTO_CONTINUE * (self.app.settings.pace if self.app else 1.0):
            self._close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self._show_deal_asked(event):
            self.show_deal()
            return True
        if _confirm(event) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            if self.elapsed >= ROUND_END_GUARD:
                self._close()  # Esc closes this panel, as it closes every panel of the app
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB and ask_below(self, "scores"):
            self.auto = False  # Tab opens the score sheet, as at the table; the table waits
            return True
        return False

    def _show_deal_asked(self, event: pygame.event.Event) -> bool:
        from ramigui.ui.deal_scene import SHOW_KEY

        if event.type == pygame.KEYDOWN:
            return bool(event.key == SHOW_KEY)
        return event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.show_rect.collidepoint(event.pos)

    def show_deal(self) -> None:
        """Lay the round's deal out over this panel, with its proof (the round is over)."""
        from ramigui.ui.deal_scene import DealScene

        if self.proof is not None and self.app is not None:
            self.auto = False  # the table waits while the deal is looked at
            self.app.push(DealScene(self.proof, self.names))

    def _close(self) -> None:
        if self.app is not None and self.app.top is self:
            self.app.pop()
            pygame.event.post(pygame.event.Event(UI_ACTION, action="round_closed"))

    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        dim_screen(surface, 120)
        sizes = PanelSizes.of(width, height)
        box = pygame.Rect(0, 0, int(width * 0.9), int(height * 0.9))
        box.center = (width // 2, height // 2)
        draw_panel(surface, box, OVERLAY_FILL, sizes.text, (*GOLD, 255))
        y = self._header(surface, box, sizes)
        bottom = box.bottom - int(sizes.small * 2.4)  # the foot's line, with air: the last row's words touched it
        self._rows(surface, box, sizes, y, bottom)
        foot = box.bottom - sizes.small // 2
        self.show_rect = pygame.Rect(box.left + sizes.text, foot, 0, 0)
        if self.proof is not None:
            self.show_rect = blit_text(surface, i18n.tr("deal.show"), sizes.small, GOLD,
                                       (box.left + sizes.text, foot), "bottomleft", bold=True)
        room = box.width - 2 * sizes.text - self.show_rect.width - sizes.text
        go_on = i18n.tr("round.continue_tab")  # Tab is said where there is room for it
        if text_width(go_on, sizes.small) > room:
            go_on = ellipsized(i18n.tr("round.continue"), sizes.small, room)
        if text_width(go_on, sizes.small) <= box.width // 2 - self.show_rect.width - 2 * sizes.text:
            blit_text(surface, go_on, sizes.small, DIM, (box.centerx, foot), "midbottom")
        else:  # a narrow panel: the two lines side by side, neither over the other
            blit_text(surface, go_on, sizes.small, DIM, (box.right - sizes.text, foot), "bottomright")

    def _header(self, surface: pygame.Surface, box: pygame.Rect, sizes: PanelSizes) -> int:
        """The title, who won the round and how, who leads (or won the game) and by which rule."""
        game = self.game
        names = [i18n.seat_name(name) for name in self.names]
        room = box.width - 2 * sizes.text
        title = i18n.tr("round.game_over") if game.game_over else i18n.tr("round.title", n=game.round_no)
        y = box.top + sizes.small
        y = _centred(surface, title, int(sizes.text * 1.5), GOLD, box.centerx, y, room, sizes.small, True).bottom
        summary = round_summary(game.last_result, names)
        if summary:
            y = _centred(
                surface,
                summary,
                sizes.text,
                WHITE,
                box.centerx,
                y + sizes.small // 3,
                room,
                sizes.small,
            ).bottom
        lead = leader_text(names, game.scores, game.lower_wins, game.game_over, game.winners)
        rule = rule_text(game.lower_wins, game.variant.target, game.variant.rounds, len(game.results))
        line = f"{lead} · {rule}" if lead else rule
        y = _centred(surface, line, sizes.small, GOLD if game.game_over else DIM, box.centerx, y + sizes.small // 3,
                     room, sizes.small, game.game_over).bottom
        return y + sizes.small // 2

    def lines(self) -> list[SeatLine]:
        """Each player's line: the melds they own on the table, the cards left in their hand
        (face up: the round is over), the box a Yami player filled, the round's points and
        what they are made of (score_words), the total."""
        game = self.game
        result = game.last_result
        points = result.points if result is not None else (0,) * game.players
        totals = game.scores
        melds: list[list[tuple[Card, ...]]] = [[] for _ in range(game.players)]
        marks: list[list[tuple[JokerMark | None, ...]]] = [[] for _ in range(game.players)]
        public = game.view(0).public
        laid_off = tuple(getattr(public, "laid_off", ()))  # Gin: the defender's cards on the knocker's melds
        defender = next((seat for seat in range(game.players) if seat != getattr(public, "knocker", None)), 0)
        unclaimed = list(laid_off)
        for meld in public.melds:
            keep = [k for k, card in enumerate(meld.cards) if not _took(unclaimed, card)]
            badges = joker_marks(meld)
            melds[meld.owner].append(tuple(meld.cards[k] for k in keep))
            marks[meld.owner].append(tuple(badges[k] for k in keep))
        if laid_off:  # shown in the row of the one who held them, apart from their melds
            melds[defender].append(laid_off)
            marks[defender].append((None,) * len(laid_off))
        boxes = screen_family(game.variant).fills_boxes
        lines = []
        for seat in range(game.players):
            parts = points_parts(result, seat, game.variant, names=self.names)
            if laid_off and seat == defender:
                parts = " · ".join(filter(None, (i18n.tr("round.laid_off", cards=list(laid_off)), parts)))
            left = tuple(sorted(game.hand(seat), key=Card.sort_key))  # sorted, its points are quicker to check
            lines.append(SeatLine(i18n.seat_name(self.names[seat]), tuple(melds[seat]), left,
                                  parts if boxes else "", points[seat], totals[seat], "" if boxes else parts,
                                  tuple(marks[seat]), bool(laid_off) and seat == defender))
        return lines

    def _rows(self, surface: pygame.Surface, box: pygame.Rect, sizes: PanelSizes, top: int, bottom: int) -> None:
        lines = self.lines()
        result = self.game.last_result
        # the round's winner, or once the game is over its winners: at the game's end the round's
        # winner stood out under "Robot 2 wins the game"
        marked = set(self.game.winners) if self.game.game_over else {result.winner} if result is not None else set()
        boxes = screen_family(self.game.variant).fills_boxes
        text, small = sizes.text, sizes.small
        width = box.width
        total_w = max(font(small, True).size(i18n.tr("round.total"))[0], font(text, True).size("0000")[0])
        points_w = max(font(small, True).size(i18n.tr("round.points"))[0], font(text, True).size("0000")[0])
        # the names take what they need (up to 30%) where there is room: the cards shrink instead
        needed = max((text_width(line.name, text, True) for line in lines), default=0) + small
        name_w = max(int(width * 0.16), min(needed, int(width * 0.3)))
        cols = RoundColumns(
            name=pygame.Rect(box.left + text, 0, name_w, 0),
            cards=pygame.Rect(box.left + text + name_w + small, 0, 0, 0),
            points=box.right - text - total_w - small,
            total=box.right - text,
        )
        cols.cards.width = cols.points - points_w - small - cols.cards.left
        head = ((cols.name.left, "round.player", "topleft"),
                (cols.cards.left, "round.box" if boxes else "round.melds", "topleft"),
                (cols.cards.right, "round.hand_shown" if boxes else "round.hand", "topright"),
                (cols.points, "round.points", "topright"), (cols.total, "round.total", "topright"))
        for x, key, anchor in head:
            blit_text(surface, i18n.tr(key), small, DIM, (x, top), anchor, bold=True)
        top += int(small * 1.5)
        parts_h = int(small * 1.3) if any(line.why for line in lines) else 0
        row_h = max(int(text * 1.6) + parts_h, min(int(text * 6), (bottom - top) // max(1, len(lines))))
        names = [line.name for line in lines]
        name_size = common_size(names, text, cols.name.width, True, smallest=small)
        for index, line in enumerate(lines):
            row = pygame.Rect(box.left + text // 2, top + index * row_h, box.width - text, row_h)
            if index in marked:  # every other row tinted read as one player singled out, for nothing
                draw_panel(surface, row, (*GOLD, 26), text // 3)
            cards_mid = row.top + (row_h - parts_h) // 2
            shown = ellipsized(line.name, name_size, cols.name.width, True)
            blit_text(surface, shown, name_size, GOLD if index in marked else WHITE, (cols.name.left, cards_mid),
                      "midleft", bold=True)
            self._cards(surface, line, cols.cards, cards_mid, row_h - parts_h, sizes)
            blit_text(
                surface,
                str(line.points),
                int(text * 1.1),
                WHITE,
                (cols.points, cards_mid),
                "midright",
                bold=True,
            )
            blit_text(surface, str(line.total), int(text * 1.1), GOLD, (cols.total, cards_mid), "midright", bold=True)
            if line.why:
                room = cols.points - cols.name.left  # under the name and the cards: the row's own line
                why = ellipsized(line.why, small, room)
                blit_text(surface, why, small, DIM, (cols.points, row.bottom - parts_h // 2), "midright")

    def _cards(self, surface: pygame.Surface, line: SeatLine, room: pygame.Rect, mid: int, row_h: int,
               sizes: PanelSizes) -> None:
        """The line's melds (or Yami box) from the left of `room`, its hand face up against
        the right; the cards as large as the row and the room allow, so a long hand takes
        the space its owner's melds leave instead of shrinking every line."""
        hand = _units((line.hand,))
        if line.mark:
            shown = ellipsized(line.mark, sizes.text, max(10, room.width - int(hand * MIN_CARD) - sizes.text), True)
            label = blit_text(surface, shown, sizes.text, GOLD, (room.left, mid), "midleft", bold=True)
            free = room.right - label.right - sizes.text
            width = int(free / hand) if hand else 10_000
        else:
            extra = GAP if line.melds and hand else 0
            tag = i18n.tr("round.laid_off_tag") if line.laid_off else ""
            tag_w = text_width(tag, sizes.small, True) + sizes.small if tag else 0
            width = _fitting_width(line.melds + ((), line.hand), room.width - tag_w, extra=extra)
        width = max(MIN_CARD, min(width, int(row_h * 0.88 / RATIO), int(sizes.text * 3.4)))
        style = DeckStyle(self.app.settings.four_colour, self.app.settings.card_back) if self.app else DeckStyle()
        art = card_art(width, style, rank_letters(i18n.tr))
        if not line.mark:
            plus = len(line.melds) - 1 if line.laid_off else None
            _fan(surface, art, line.melds, room.left, mid, width, line.marks, plus_before=plus, plus_size=sizes.small)
        _fan(surface, art, (line.hand,), room.right - int(hand * width), mid, width)


def _took(cards: list[Card], card: Card) -> bool:
    """Take one `card` out of `cards` if it is there; whether it was."""
    if card in cards:
        cards.remove(card)
        return True
    return False


@dataclass(frozen=True)
class PanelSizes:
    """The end-of-round panel's two text sizes: `text`, and `small` never under 14 px at
    1024×600 and above (what a grandmother reads from the sofa)."""

    text: int
    small: int

    @classmethod
    def of(cls, width: int, height: int) -> PanelSizes:
        text = max(16, int(min(width / 52, height / 29)))
        floor = 14 if width >= 1024 and height >= 600 else 12
        return cls(text, max(floor, int(text * 0.8)))


def _centred(surface: pygame.Surface, text: str, size: int, colour: tuple[int, int, int], x: int, top: int,
             room: int, smallest: int, bold: bool = False) -> pygame.Rect:
    """One line centred at `x`, shrunk to `room` (not below `smallest`), then shortened."""
    fitted = fitted_size(text, size, room, bold, smallest)
    return blit_text(surface, ellipsized(text, fitted, room, bold), fitted, colour, (x, top), "midtop", bold=bold)


@dataclass(frozen=True)
class SeatLine:
    """One player's line of the end-of-round panel."""

    name: str
    melds: tuple[tuple[Card, ...], ...]
    hand: tuple[Card, ...]
    mark: str
    points: int
    total: int
    why: str = ""  # what the points are made of when not just the cards left ("94 in hand + 100 never laid down")
    marks: tuple[tuple[JokerMark | None, ...], ...] = ()
    """Per meld, per card, its joker's badge (what the joker stood for), as on the table."""
    laid_off: bool = False
    """The last group is not a meld but the cards laid off on the knocker's (Gin): drawn
    after a "+" (in the melds' column they read as one more meld of the defender's)."""


@dataclass
class RoundColumns:
    """Where each column of the panel starts (x; rects carry the width)."""

    name: pygame.Rect
    cards: pygame.Rect
    points: int
    total: int


MIN_CARD = 14
STEP = 0.42
"""How much of each covered card shows in a fan (its index corner), as a share of the width."""
JOKER_STEP = 0.55
"""How much of a covered joker shows: room beside its index for the label of the card it
stands for ("10♣" takes two figures)."""
GAP = 0.3
"""The gap between two melds, as a share of a card's width."""


def _steps(group: tuple[Card, ...]) -> list[float]:
    """Where each card of a fanned group starts, in card widths from the group's left."""
    starts, at = [], 0.0
    for card in group:
        starts.append(at)
        at += JOKER_STEP if card.is_joker else STEP
    return starts


def _units(groups: tuple[tuple[Card, ...], ...]) -> float:
    """The groups' width counted in card widths, fanned at STEP and GAP apart."""
    shown = [g for g in groups if g]
    if not shown:
        return 0.0
    return len(shown) + sum(_steps(g)[-1] for g in shown) + GAP * (len(shown) - 1)


def _fitting_width(groups: tuple[tuple[Card, ...], ...], room: int, extra: float = 0.0) -> int:
    """The widest card at which the groups (and `extra` card widths of space) fit in `room`."""
    units = _units(groups) + extra
    return int(room / units) if units else 10_000


READABLE = 14
"""The smallest text the end-of-round panel draws at 1024×600 and above (PanelSizes)."""


def _fan(surface: pygame.Surface, art: CardArt, groups: tuple[tuple[Card, ...], ...], left: int, mid: int,
         width: int, marks: tuple[tuple[JokerMark | None, ...], ...] = (), plus_before: int | None = None,
         plus_size: int = 16) -> None:
    """Draw the groups left to right from `left`, each fanned so every index shows; a
    joker of a meld carries its badge (`marks`: per group, per card). The group
    `plus_before` comes after the words "laid off:" (cards added to another's melds, not
    a meld: after a "+" a newcomer read "2♦3♦4♦ + 5♥" as the run going on in hearts)."""
    x = left
    top = mid - card_height(width) // 2
    for index, group in enumerate(groups):
        if not group:
            continue
        if index == plus_before:
            tag = blit_text(surface, i18n.tr("round.laid_off_tag"), plus_size, GOLD, (x, mid), "midleft", bold=True)
            x = tag.right + plus_size // 2
        group_marks = marks[index] if index < len(marks) else ()
        starts = _steps(group)
        for k, card in enumerate(group):
            at = x + int(starts[k] * width)
            surface.blit(art.face(card), (at, top))
            mark = group_marks[k] if k < len(group_marks) else None
            if mark is not None:
                shown = width if k == len(group) - 1 else int(starts[k + 1] * width) - int(starts[k] * width)
                joker_badge(surface, pygame.Rect(at, top, width, card_height(width)), shown, *mark,
                            smallest=READABLE)
        x += width + int(starts[-1] * width) + int(GAP * width)
