"""`ramigui variants`: every variant id a command accepts, with its name, players and options.

    ramigui variants [--lang fr|en]

One block per variant: `id — name (players, seed)`, then each house-rule option as
`--option NAME=VALUE` takes it, its values (the default first) and what it does. The ids
are those `--variant` takes in every command (the user's own variants.yaml included).
"""

from __future__ import annotations

from collections.abc import Sequence

from ramigui.arguments import Parser
from ramigui.rules.variant import OptionSpec, Variant


def describe(variant: Variant, lang: str = "en") -> list[str]:
    """The lines that present one variant."""
    low, high = variant.players
    players = f"{low} players" if low == high else f"{low}–{high} players"
    seed = f", seed {variant.seed}" if variant.seed else ""
    lines = [f"{variant.id} — {variant.title(lang)} ({players}{seed})"]
    for spec in variant.options:
        lines.append(f"    {spec.name}={_values(spec)}  {spec.help.get(lang) or spec.help.get('en', '')}")
    return lines


def _values(spec: OptionSpec) -> str:
    """`a|b|c` (the default first) or `N` with its range."""
    if spec.choices is not None:
        ordered = [spec.default, *(value for value in spec.choices if value != spec.default)]
        return "|".join(_word(value) for value in ordered)
    return f"{spec.default} ({spec.minimum}..{spec.maximum})"


def _word(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def variants_parser() -> Parser:
    parser = Parser(prog="ramigui variants",
                    description="The variant ids (--variant ID), their names, players and house-rule options "
                                "(--option NAME=VALUE, the default first).")
    parser.add_argument("--lang", choices=("fr", "en"), default="en", help="names and help in this language")
    return parser


def variants_main(argv: Sequence[str]) -> int:
    args = variants_parser().parse_args(list(argv))
    from ramigui.variants import all_variants

    for variant in all_variants():
        print("\n".join(describe(variant, args.lang)))
    return 0
