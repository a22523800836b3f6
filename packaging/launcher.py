"""The PyInstaller entry point: the same as the `ramigui` command of a pip install."""

from ramigui.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
