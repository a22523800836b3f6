"""English strings about the user's variants.yaml: its problems and the New game screen's
"save these rules" tools.

The problems' English text is the rules' own (`PROBLEMS`, `KINDS` in
ramigui/rules/variant_errors.py), used as it is: one English text, never two to keep in step.
Merged into `en.CATALOGUE`; kept in step with variants_fr.py (tests/test_i18n.py checks it).
"""

from ramigui.rules.variant_errors import KINDS, PROBLEMS

TEXTS: dict[str, str] = {
    **{f"variant_error.{code}": text for code, text in PROBLEMS.items()},
    **{f"variant_kind.{code}": text for code, text in KINDS.items()},
    # where a problem is
    "variant_place.line": "line {line}",
    "variant_place.variant": "variant {variant}",
    "variant_place.field": "field {field}",
    # the New game screen: problems of the user's file
    "setup.problems.one": "Your variants file has a problem: the variant concerned is not offered.",
    "setup.problems": "Your variants file has {n} problems: the variants concerned are not offered.",
    "setup.problems.file": "File: {file}",
    "setup.problems.more": "… and {n} more",
    "setup.problems.show_all": "Show all",
    "setup.problems.show_less": "Show fewer",
    "setup.problems.reload": "Read variants.yaml again",
    # the New game screen: saving the rules as a variant of one's own
    "setup.yours": "Your variants",
    "setup.save_as": "Save these rules as…",
    "setup.rename": "Rename…",
    "setup.delete": "Delete…",
    "setup.name_prompt": "Name of your variant",
    "setup.rename_prompt": "New name",
    "setup.save": "Save",
    "setup.cancel": "Cancel",
    "setup.saved": "Saved as “{name}” in {file}.",
    "setup.renamed": "Renamed to “{name}”.",
    "setup.deleted": "“{name}” deleted from {file}.",
    "setup.confirm_delete": "Delete “{name}”?",
    "setup.confirm_replace": "Replace your “{name}”?",
    "setup.name_needed": "Give your variant a name.",
    "setup.name_taken": "“{name}” is the name of a built-in game: choose another.",
    "setup.write_failed": "Could not write {file}: {reason}",
    "setup.file_broken": "Your variants file cannot be read: fix the problems listed at the top first.",
    "setup.name_is_base": "“{name}” is the game these rules are built on: choose another name.",
    "setup.delete_parent": "“{name}” is built on it: delete or change “{name}” first.",
    "setup.not_yours": "This variant is not in your variants file.",
    "setup.file_unusual": "Your variants file is written in a form this screen cannot edit (one variant per line at the left margin): edit it by hand.",
    "setup.edit_invalid": "This change would break your variants file, so it was not made: {problem}",
    "setup.read_only": "Another copy of Rami is open: nothing can be saved here.",
}
