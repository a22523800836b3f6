"""The players' rules texts (assets/rules/<id>.<lang>.md) keep up with variants.yaml.

Every variant has a French and an English text, each a `# ` title naming the game, in the
simple markdown the app draws, and each names every house-rule option of the variant by its
label in that language — so a new option without its explanation fails here.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from ramigui import paths, variants
from ramigui.rules.variant import Variant

RULES_DIR = Path(__file__).resolve().parent.parent / "assets" / "rules"
LANGS = ("fr", "en")


def _builtin_variants() -> list[Variant]:
    """`all_variants()` without the user's own variants.yaml (those ship no rules text)."""
    saved = os.environ.get(paths.CONFIG_ENV)
    with tempfile.TemporaryDirectory() as empty:
        os.environ[paths.CONFIG_ENV] = empty
        variants.catalogue.cache_clear()
        try:
            return variants.all_variants()
        finally:
            if saved is None:
                os.environ.pop(paths.CONFIG_ENV, None)
            else:
                os.environ[paths.CONFIG_ENV] = saved
            variants.catalogue.cache_clear()


VARIANTS = _builtin_variants()
CASES = [pytest.param(v, lang, id=f"{v.id}.{lang}") for v in VARIANTS for lang in LANGS]


def _text(variant: Variant, lang: str) -> str:
    path = RULES_DIR / f"{variant.id}.{lang}.md"
    assert path.is_file(), f"missing rules text {path.relative_to(RULES_DIR.parent.parent)}"
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize(("variant", "lang"), CASES)
def test_text_exists_with_title(variant: Variant, lang: str) -> None:
    text = _text(variant, lang)
    assert text.strip(), f"{variant.id}.{lang}.md is empty"
    first = text.splitlines()[0]
    assert first.startswith("# "), f"{variant.id}.{lang}.md must start with a '# ' heading"
    assert variant.name[lang] in first, f"{variant.id}.{lang}.md: the title should name {variant.name[lang]!r}"


@pytest.mark.parametrize(("variant", "lang"), CASES)
def test_every_option_explained(variant: Variant, lang: str) -> None:
    text = _text(variant, lang)
    missing = [option.label[lang] for option in variant.options if option.label[lang] not in text]
    assert not missing, f"{variant.id}.{lang}.md does not mention the option(s): {missing}"


@pytest.mark.parametrize(("variant", "lang"), CASES)
def test_simple_markdown_only(variant: Variant, lang: str) -> None:
    """Headings `#`/`##`, paragraphs, `- ` lists and `**bold**`: what the Rules screen draws."""
    for number, line in enumerate(_text(variant, lang).splitlines(), start=1):
        where = f"{variant.id}.{lang}.md line {number}"
        if line.startswith("#"):
            assert line.startswith(("# ", "## ")), f"{where}: only '# ' and '## ' headings"
        assert not line.startswith(("```", "|", "* ", "> ", "    ", "\t")), f"{where}: not simple markdown"
        assert line.count("**") % 2 == 0, f"{where}: unbalanced **bold**"
        # the screen draws no *italics*: "Rank boxes (*séries*)" showed its asterisks
        assert line.replace("**", "").count("*") == 0, f"{where}: a single * (no italics on the Rules screen)"


@pytest.mark.parametrize("lang", LANGS)
def test_wrothams_page_says_the_rami_bonus_as_it_is_scored(lang: str) -> None:
    """Seed 003 (Wrotham): « dans les trois derniers tours … déposer les sept à la fois ». In
    those deals every win is laid at once, so it is no rami: the scoring gives no bonus
    (`rami_possible` with all-at-once is False), and the page said "the rami bonus applies"."""
    from ramigui.rules.rummy import rami_possible

    rules = variants.get_variant("rami_wrotham").rummy
    assert not rami_possible(rules, (False, False), 0, all_at_once=True)
    page = (RULES_DIR / f"rami_wrotham.{lang}.md").read_text(encoding="utf-8")
    assert ("does not apply" if lang == "en" else "ne s'y applique pas") in page
    assert ("the rami bonus applies" if lang == "en" else "la prime de rami s'applique.") not in page


def test_no_text_for_an_unknown_variant() -> None:
    known = {f"{v.id}.{lang}.md" for v in VARIANTS for lang in LANGS} | {f"shuffling.{lang}.md" for lang in LANGS}
    stray = sorted(p.name for p in RULES_DIR.glob("*.md") if p.name != "README.md" and p.name not in known)
    assert not stray, f"rules texts for no variant: {stray}"
