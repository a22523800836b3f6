"""The people of the house: the names typed at New game, remembered in `people.json`.

A person is a name the family chose for someone who plays at this table; each has their
own statistics (kept under that name in `ramigui.stats`). "You" (`table.you`, said in the
player's language) is the first person and can be renamed, which renames their records
too. Bots are not people: a bot's name never joins the list.

The file is written atomically and a damaged one is set aside like every file of the app;
without a file, the list is carried over from the statistics (their human names become
people), so an older data folder keeps its players.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ramigui.session import check_name
from ramigui.stats import Stats, load_stats, update_stats
from ramigui.storage import BrokenFile, Document, Schema, Store, expect_key, expect_list

FIRST_PERSON = "You"
"""The first person's name until renamed (a default name: said in the player's language)."""
MAX_PEOPLE = 200

PEOPLE_SCHEMA = Schema("people", 1, {}, max_bytes=200_000)


@dataclass(frozen=True)
class People:
    """The people, in the order they joined ("You" first)."""

    names: tuple[str, ...] = (FIRST_PERSON,)

    def __contains__(self, name: object) -> bool:
        return name in self.names

    def with_person(self, name: str) -> People:
        """These people and one more (a name already known is not added twice)."""
        name = check_name(name)
        if name in self.names or len(self.names) >= MAX_PEOPLE:
            return self
        return People((*self.names, name))

    def renamed(self, old: str, new: str) -> People:
        """Someone renamed; ValueError if the new name is taken by someone else or invalid."""
        new = check_name(new)
        if old not in self.names:
            raise ValueError(f"nobody is called {old!r}")
        if new != old and new in self.names:
            raise ValueError(f"{new!r} is already someone")
        return People(tuple(new if name == old else name for name in self.names))

    def to_json(self) -> Document:
        return {"people": list(self.names)}

    @classmethod
    def from_json(cls, body: Document) -> People:
        names = expect_list(expect_key(body, "people", list), str, "people")
        try:
            checked = tuple(check_name(name) for name in names[:MAX_PEOPLE])
        except ValueError as error:
            raise BrokenFile("wrong_shape", str(error)) from None
        if len(set(checked)) != len(checked):
            raise BrokenFile("wrong_shape", "a name twice")
        return cls(checked or (FIRST_PERSON,))

    @classmethod
    def carried_over(cls, stats: Stats) -> People:
        """The people an older data folder already had: each name that sat at a seat
        played by a person, oldest game first, after "You"."""
        people = cls()
        bots = stats.bot_names()
        seen = [name for game in stats.history for name, bot in zip(game.names, game.bots, strict=True) if bot is None]
        seen += [name for name in stats.names() if name not in bots]
        for name in seen:
            try:
                people = people.with_person(name)
            except ValueError:
                continue
        return people


def load_people(store: Store | None) -> People:
    """The people on file; carried over from the statistics when there is no file (or it
    was damaged and set aside: a notice says so)."""
    if store is None:
        return People()
    known = store.load(store.people_path, PEOPLE_SCHEMA, People.from_json)
    return known if known is not None else People.carried_over(load_stats(store))


def save_people(store: Store | None, people: People) -> bool:
    if store is None:
        return False
    return store.save(store.people_path, PEOPLE_SCHEMA, people.to_json())


def meet(store: Store | None, names: list[str]) -> People:
    """The people with these names (the human seats of a new game) remembered."""
    people = load_people(store)
    for name in names:
        people = people.with_person(name)
    save_people(store, people)
    return people


def rename(store: Store | None, old: str, new: str) -> People:
    """Rename a person in the people file and in their statistics (ValueError: refused,
    nothing changed)."""
    people = load_people(store).renamed(old, new)
    if store is not None:
        new = check_name(new)
        update_stats(store, lambda stats: stats.renamed(old, new))
        save_people(store, people)
    return people


def person_games(stats: Stats, name: str) -> dict[str, Any]:
    """A person's records by variant (only the variants they played or abandoned)."""
    return {variant: names[name] for variant, names in stats.records.items()
            if name in names and (names[name].played or names[name].abandoned)}
