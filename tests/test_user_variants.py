"""Saving the New game screen's rules as a variant of one's own, renaming and deleting it:
the user's variants.yaml is edited as text, one entry at a time, so every other entry and
every comment a family wrote stays as it was; the new file is checked before it is written
(atomically, through the Store), and the saved variant then plays."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ramigui import variants
from ramigui.rules import Game
from ramigui.storage import Store
from ramigui.user_variants import EditRefused, delete, rename, save_as, slug
from ramigui.variants import get_variant, reload_catalogue, user_path

HAND_WRITTEN = """\
# Our family's games — written by Mamie, do not lose this comment!

rami_mamie:   # the one we play at Christmas
  extends: rami51
  name: {fr: "Rami de Mamie", en: "Granny's rummy"}
  opening_minimum: 40   # 51 is too hard for the little ones

# Papi's version
rami_papi:
  extends: rami
  name: "Rami de Papi"
  # the carte penalty stays
  rounds: 3
"""


@pytest.fixture
def store() -> Iterator[Store]:
    reload_catalogue()
    opened = Store.open()
    yield opened
    opened.close()
    reload_catalogue()


def user_text() -> str:
    return user_path().read_text(encoding="utf-8")


def given_file(text: str) -> None:
    user_path().parent.mkdir(parents=True, exist_ok=True)
    user_path().write_text(text, encoding="utf-8")
    reload_catalogue()


def test_save_writes_a_variant_that_plays(store: Store) -> None:
    base = get_variant("rami", decks=2, rounds=3, carte=False)
    new_id = save_as(store, base, "Rami de Noël")
    assert new_id == "rami_de_noel"
    assert user_text() == (
        "rami_de_noel:\n"
        "  extends: rami\n"
        "  name: {fr: Rami de Noël, en: Rami de Noël}\n"
        "  options:\n"
        "    decks: {default: 2}\n"
        "    rounds: {default: 3}\n"
        "    direction: {default: right}\n"
        "    carte: {default: false}\n"
    )
    saved = variants.catalogue().get(new_id)  # the catalogue was read again
    assert saved.title("fr") == "Rami de Noël" and not variants.catalogue().errors
    assert saved.chosen == {"decks": 2, "rounds": 3, "direction": "right", "carte": False}
    assert saved.decks_for(4) == 2 and saved.rounds == 3 and saved.rummy.carte_penalty == 0
    assert [spec.name for spec in saved.options] == [spec.name for spec in base.options]  # still offered
    game = Game.new(new_id, players=3, seed=4)
    assert sum(game.all_cards().values()) == saved.pack_size(3) == 108
    while not game.game_over:  # the saved house rules play: three rounds, two packs
        game.play(game.legal_moves()[0])
    assert len(game.results) == 3


def test_save_keeps_every_other_entry_and_comment(store: Store) -> None:
    given_file(HAND_WRITTEN)
    save_as(store, get_variant("rami_base", several_melds=True), "Rami du dimanche")
    text = user_text()
    assert text.startswith(HAND_WRITTEN + "\n")  # appended after a blank line, nothing else touched
    assert text[len(HAND_WRITTEN) + 1:].startswith("rami_du_dimanche:\n  extends: rami_base\n")
    assert {"rami_mamie", "rami_papi", "rami_du_dimanche"} <= set(variants.catalogue().ids())
    assert variants.catalogue().get("rami_du_dimanche").rummy.melds_per_turn == 0


def test_save_under_an_existing_name_replaces_only_that_entry(store: Store) -> None:
    given_file(HAND_WRITTEN)
    save_as(store, get_variant("rami40"), "Rami de Mamie")
    text = user_text()
    assert text.startswith("# Our family's games — written by Mamie, do not lose this comment!\n\n"
                           "rami_mamie:\n  extends: rami40\n")
    assert text.endswith("\n# Papi's version\nrami_papi:\n  extends: rami\n  name: \"Rami de Papi\"\n"
                         "  # the carte penalty stays\n  rounds: 3\n")
    assert "opening_minimum: 40" not in text
    assert variants.catalogue().get("rami_mamie").rummy.opening_minimum == 40  # rami40's own


def test_save_over_itself_keeps_its_own_fields(store: Store) -> None:
    given_file(HAND_WRITTEN)
    mamie = get_variant("rami_mamie", rounds=2)
    save_as(store, mamie, "Rami de Mamie")
    saved = variants.catalogue().get("rami_mamie")
    assert saved.rummy.opening_minimum == 40 and saved.rounds == 2 and saved.chosen["rounds"] == 2
    assert "rami_papi:\n  extends: rami\n" in user_text()


def test_save_from_a_variant_defined_later_in_the_file(store: Store) -> None:
    """Replacing an entry by one built on a variant written below it moves it below."""
    given_file(HAND_WRITTEN)
    save_as(store, get_variant("rami_papi"), "Granny's rummy")
    ids = variants.catalogue().user_ids(user_path())
    assert ids == ["rami_papi", "rami_mamie"] and variants.catalogue().parents["rami_mamie"] == "rami_papi"
    assert user_text().startswith("# Our family's games — written by Mamie, do not lose this comment!\n\n"
                                  "# Papi's version\nrami_papi:")


def test_names_become_ids(store: Store) -> None:
    assert slug("Rami de Mémé !") == "rami_de_meme" and slug("***") == "my_variant"
    assert save_as(store, get_variant("rami51"), "rami51") == "rami51_2"  # never hides a built-in
    assert "rami51" in variants.catalogue().ids() and variants.catalogue().get("rami51").title() == "Rami 51"
    with pytest.raises(EditRefused) as caught:
        save_as(store, get_variant("rami51"), "  Rami 51 ")
    assert caught.value.key == "setup.name_taken"
    with pytest.raises(EditRefused) as caught:
        save_as(store, get_variant("rami51"), "   ")
    assert caught.value.key == "setup.name_needed"


def test_any_name_round_trips(store: Store) -> None:
    name = "Rami: l'été \"chez nous\" # 2 & *x"
    new_id = save_as(store, get_variant("gin"), name)
    assert variants.catalogue().get(new_id).title("en") == name and not variants.catalogue().errors


def test_rename_changes_the_name_line_only(store: Store) -> None:
    given_file(HAND_WRITTEN)
    rename(store, "rami_mamie", "Rami de Mémé")
    assert user_text() == HAND_WRITTEN.replace('  name: {fr: "Rami de Mamie", en: "Granny\'s rummy"}\n',
                                               "  name: {fr: Rami de Mémé, en: Rami de Mémé}\n")
    rename(store, "rami_papi", "Rami de Pépé")
    assert "  # the carte penalty stays\n" in user_text()
    assert variants.catalogue().get("rami_papi").title("fr") == "Rami de Pépé"
    assert variants.catalogue().get("rami_mamie").title("en") == "Rami de Mémé"
    with pytest.raises(EditRefused) as caught:
        rename(store, "rami_papi", "Rami de Mémé")
    assert caught.value.key == "setup.name_taken"


def test_rename_a_variant_written_without_a_name(store: Store) -> None:
    given_file("mine:\n  extends: gin\n  # a comment\n  gin_bonus: 30\n")
    rename(store, "mine", "Notre gin")
    assert (
        user_text()
        == "mine:\n  name: {fr: Notre gin, en: Notre gin}\n  extends: gin\n  # a comment\n  gin_bonus: 30\n"
    )


def test_delete_removes_the_entry_only(store: Store) -> None:
    given_file(HAND_WRITTEN)
    delete(store, "rami_mamie")
    assert user_text() == ("# Our family's games — written by Mamie, do not lose this comment!\n\n"
                           "# Papi's version\nrami_papi:\n  extends: rami\n  name: \"Rami de Papi\"\n"
                           "  # the carte penalty stays\n  rounds: 3\n")
    assert "rami_mamie" not in variants.catalogue().ids()


def test_delete_refused_while_another_is_built_on_it(store: Store) -> None:
    given_file(HAND_WRITTEN + "\nkids:\n  extends: rami_papi\n  name: Kids\n")
    with pytest.raises(EditRefused) as caught:
        delete(store, "rami_papi")
    assert caught.value.key == "setup.delete_parent" and caught.value.params["name"] == "Kids"
    with pytest.raises(EditRefused) as caught:
        delete(store, "rami51")
    assert caught.value.key == "setup.not_yours"


def test_a_broken_file_is_never_edited(store: Store) -> None:
    broken = HAND_WRITTEN + "oops: [unclosed\n"
    given_file(broken)
    with pytest.raises(EditRefused) as caught:
        save_as(store, get_variant("rami51"), "Autre")
    assert caught.value.key == "setup.file_broken" and caught.value.problem is not None
    assert caught.value.problem.code == "not_yaml"
    assert user_text() == broken


def test_nothing_written_without_a_writable_store(store: Store) -> None:
    with pytest.raises(EditRefused) as caught:
        save_as(None, get_variant("rami51"), "Autre")
    assert caught.value.key == "setup.read_only"
    store.read_only = True
    with pytest.raises(EditRefused):
        save_as(store, get_variant("rami51"), "Autre")
    assert not user_path().exists()


def test_the_written_file_is_atomic(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """A failed write leaves the old file whole (Store.write_bytes: temp file + replace)."""
    given_file(HAND_WRITTEN)

    def fail(*_: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("ramigui.storage.os.replace", fail)
    with pytest.raises(EditRefused) as caught:
        save_as(store, get_variant("rami51"), "Autre")
    assert caught.value.key == "setup.write_failed" and "disk full" in caught.value.params["reason"]
    assert user_text() == HAND_WRITTEN
    assert [p.name for p in Path(user_path().parent).iterdir()] == ["variants.yaml"]
