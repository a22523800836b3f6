"""Where the game's own read-only files are: `variants.yaml` and `assets/`.

Installed (wheel, pipx, the PyInstaller app) they ship inside the package, as
`ramigui/variants.yaml` and `ramigui/assets/…`, and are found through
`importlib.resources` — never through the current folder. In a checkout (an editable
install, or running from the source tree) they sit beside the package, at the top of the
repository, and that is the fallback.

    from ramigui.resources import asset_path
    pygame.image.load(asset_path("icons/ramigui-64.png"))

`where()` tells which of the two places is used; the CI's wheel and app checks use it to
prove the files come from the installed package.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

PACKAGE = "ramigui"
ASSETS = "assets"
VARIANTS_FILE = "variants.yaml"


def _packaged(*parts: str) -> Path | None:
    """The file or folder inside the installed package, or None if it isn't there."""
    try:
        node = resources.files(PACKAGE)
    except (ModuleNotFoundError, TypeError):  # pragma: no cover - broken installs only
        return None
    for part in parts:
        node = node.joinpath(part)
    # Every way ramigui ships (wheel, editable, PyInstaller) unpacks to real files, so
    # the Traversable is a path on disk; a zip import would not be, and is not supported.
    path = Path(str(node))
    return path if path.exists() else None


def source_root() -> Path:
    """The top of the source tree: the folder that holds the `ramigui` package."""
    return Path(__file__).resolve().parent.parent


def _lookup(*parts: str) -> Path:
    packaged = _packaged(*parts)
    if packaged is not None:
        return packaged
    return source_root().joinpath(*parts)


def asset_path(name: str) -> Path:
    """The path of `assets/<name>` (`name` uses '/' as separator, e.g. 'icons/ramigui-64.png').

    Raises FileNotFoundError naming both places looked at if the asset is missing.
    """
    parts = tuple(part for part in name.replace("\\", "/").split("/") if part)
    if not parts or any(part == ".." for part in parts):
        raise ValueError(f"not an asset name: {name!r}")
    path = _lookup(ASSETS, *parts)
    if not path.exists():
        raise FileNotFoundError(
            f"asset {name!r} not found in the package ({PACKAGE}/{ASSETS}) nor in {path.parent}"
        )
    return path


def assets_dir() -> Path:
    """The assets folder itself (in the package, else in the source tree)."""
    return _lookup(ASSETS)


def variants_path() -> Path:
    """The built-in variants.yaml (in the package, else in the source tree)."""
    return _lookup(VARIANTS_FILE)


def where() -> dict[str, str]:
    """Which copy of the read-only files is used: for `--version`-style diagnostics and CI."""
    return {
        "package": str(Path(str(resources.files(PACKAGE)))),
        "variants": str(variants_path()),
        "assets": str(assets_dir()),
        "source_fallback": str(_packaged(VARIANTS_FILE) is None),
    }


if __name__ == "__main__":  # `python -m ramigui.resources`: print where the files come from
    for key, value in where().items():
        print(f"{key}: {value}")
