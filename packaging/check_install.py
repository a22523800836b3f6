"""Headless check of an installed ramigui, run from outside the source tree.

    python3 packaging/check_install.py --launcher PATH --prefix DIR [--python PATH] [--src DIR]

`--launcher` is the `ramigui` command to test (a wheel's console script or the PyInstaller
executable), `--prefix` the folder it was installed into (the venv, or dist/ramigui).
`--python` (wheel only) is that venv's interpreter, for the in-process checks. Uses only
the standard library, so the system `python3` can run it against any build.

From a fresh empty folder it runs:
  1. `ramigui --version`: must print `ramigui <version of ramigui/__init__.py in --src>`.
  2. (wheel) the interpreter, isolated (-I), must import ramigui from the prefix, find
     variants.yaml and the assets through the package, not the source tree, and agree
     with the installed metadata's version.
  3. `ramigui bench rules --seconds 0.5` and `ramigui simulate --variant rami51
     --players 3 --games 2`
  4. `ramigui screenshot --variant rami51 --players 3 --moves 30 --size 1280x800 --lang fr`
     → a 1280x800 PNG.
  5. `ramigui --max-frames 5 …`: the game window opens, draws and closes (SDL dummy driver).
  6. `ramigui host … --bind 127.0.0.1`: the phone page's files, a seat's state, 403
     without the seat's token — served from the install.
Steps 3–5 are skipped, and say so, only while their module is absent from --src
(ramigui/bench.py, ramigui/simulate.py, ramigui/ui/shots.py, ramigui/ui/launch.py): once the code exists in
the tree, the installed build must run it.

The proof that the data comes from the installed build: under strace (when present),
every file the runs open or stat is recorded; variants.yaml must be read from inside
--prefix, every asset touched must lie inside --prefix, and nothing at all may be looked
up in the source tree. Before the runs, the install must hold variants.yaml and every
file of assets/, byte for byte as in --src. Exit code 0 when every step passed.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TRACE_CALLS = "trace=open,openat,stat,lstat,newfstatat,statx,access,faccessat,faccessat2,readlink"


class Failed(Exception):
    pass


def source_version(src: Path) -> str:
    text = (src / "ramigui" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__\s*=\s*["\']([^"\']+)["\']', text, re.MULTILINE)
    if not match:
        raise Failed("no __version__ in ramigui/__init__.py")
    return match.group(1)


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:32]
    if len(data) < 24 or data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise Failed(f"{path} is not a PNG")
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


class Checker:
    def __init__(self, args: argparse.Namespace) -> None:
        self.launcher = Path(args.launcher).resolve()
        self.prefix = Path(args.prefix).resolve()
        self.src = Path(args.src).resolve()
        self.python = Path(args.python) if args.python else None
        self.work = Path(tempfile.mkdtemp(prefix="ramigui-check-"))
        self.traces: list[Path] = []
        self.strace = shutil.which("strace") if not args.no_strace else None
        if self.strace and subprocess.run([self.strace, "-o", os.devnull, "true"],
                                          capture_output=True).returncode != 0:
            print("note: strace is present but cannot trace here (ptrace refused)")
            self.strace = None
        self.env = dict(os.environ)
        self.env.setdefault("SDL_VIDEODRIVER", "dummy")
        self.env.setdefault("SDL_AUDIODRIVER", "dummy")
        self.env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
        self.env.pop("PYTHONPATH", None)  # nothing may lead back to the source tree
        home = self.work / "home"
        self.env.setdefault("RAMIGUI_CONFIG_DIR", str(home / "config"))
        self.env.setdefault("RAMIGUI_DATA_DIR", str(home / "data"))
        self.loads_variants = False  # whether a run that reads the catalogue took place
        self.passed: list[str] = []
        self.skipped: list[str] = []

    def run(self, name: str, argv: list[str], timeout: float = 300, trace: bool = True) -> str:
        command = [str(self.launcher), *argv]
        if trace and self.strace:
            log = self.work / f"trace-{len(self.traces)}.txt"
            self.traces.append(log)
            command = [self.strace, "-f", "-qq", "-e", TRACE_CALLS, "-o", str(log), *command]
        start = time.monotonic()
        try:
            done = subprocess.run(command, cwd=self.work, env=self.env, capture_output=True,
                                  text=True, timeout=timeout, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired as error:
            raise Failed(f"{name}: still running after {timeout:.0f} s") from error
        took = time.monotonic() - start
        output = (done.stdout + done.stderr).strip()
        shown = "\n".join("      " + line for line in output.splitlines()[-8:])
        print(f"  [{took:5.1f} s] ramigui {' '.join(argv)} → exit {done.returncode}")
        if shown:
            print(shown)
        if done.returncode != 0:
            raise Failed(f"{name}: exit code {done.returncode}")
        return done.stdout

    def step_version(self) -> None:
        expected = f"ramigui {source_version(self.src)}"
        got = self.run("version", ["--version"]).strip()
        if got != expected:
            raise Failed(f"--version printed {got!r}, expected {expected!r}")
        self.passed.append(f"version ({got})")

    def step_python(self) -> None:
        if self.python is None:
            return
        code = r"""
import importlib.metadata, json, sys
import pygame
import ramigui, ramigui.resources as r, ramigui.variants as v
prefix, src = sys.argv[1], sys.argv[2]
def inside(path, root):
    import os
    # abspath, not realpath: resolving the source tree would itself touch it
    path, root = os.path.abspath(path), os.path.abspath(root)
    return path == root or path.startswith(root + os.sep)
found = {
    "ramigui": ramigui.__file__,
    "variants.yaml": str(v.builtin_path()),
    "resources.variants": str(r.variants_path()),
    "assets": str(r.assets_dir()),
    "icon": str(r.asset_path("icons/ramigui-256.png")),
}
for name, path in found.items():
    print(f"  {name}: {path}")
    assert inside(path, prefix), f"{name} not in the install prefix: {path}"
    assert not inside(path, src), f"{name} comes from the source tree: {path}"
assert r.where()["source_fallback"] == "False"
assert pygame.image.load(found["icon"]).get_size() == (256, 256)
meta = importlib.metadata.version("ramigui")
assert meta == ramigui.__version__, (meta, ramigui.__version__)
catalogue = v.load_catalogue()
assert not catalogue.errors, catalogue.errors
assert "rami51" in catalogue.ids(), catalogue.ids()
print(f"  metadata version {meta}; built-in catalogue: {len(catalogue.ids())} variants")
import ramigui.lessons as lessons
assert inside(str(lessons.lessons_dir()), prefix), lessons.lessons_dir()
assert "rummy" in lessons.available(), lessons.available()
for lesson_id in lessons.available():
    lessons.load_lesson(lesson_id)
"""
        command = [str(self.python), "-I", "-c", code, str(self.prefix), str(self.src)]
        if self.strace:
            log = self.work / f"trace-{len(self.traces)}.txt"
            self.traces.append(log)
            command = [self.strace, "-f", "-qq", "-e", TRACE_CALLS, "-o", str(log), *command]
        done = subprocess.run(command, cwd=self.work, env=self.env, capture_output=True, text=True,
                              timeout=120, stdin=subprocess.DEVNULL)
        print((done.stdout + done.stderr).rstrip())
        if done.returncode != 0:
            raise Failed("in-process check of the installed package failed")
        self.passed.append("package resources (in-process)")

    def step_contents(self) -> None:
        """The install holds variants.yaml and every file of assets/, identical to --src."""
        found = [p for p in self.prefix.rglob("variants.yaml") if p.parent.name == "ramigui"]
        if len(found) != 1:
            raise Failed(f"expected one ramigui/variants.yaml in the install, found {found}")
        package = found[0].parent
        if found[0].read_bytes() != (self.src / "variants.yaml").read_bytes():
            raise Failed(f"{found[0]} differs from the source tree's variants.yaml")
        source_assets = self.src / "assets"
        files = sorted(p.relative_to(source_assets) for p in source_assets.rglob("*") if p.is_file())
        missing = [str(f) for f in files if not (package / "assets" / f).is_file()]
        if missing:
            raise Failed(f"assets missing from {package / 'assets'}: {missing[:10]}")
        differ = [str(f) for f in files
                  if (package / "assets" / f).read_bytes() != (source_assets / f).read_bytes()]
        if differ:
            raise Failed(f"assets differ from the source tree: {differ[:10]}")
        lessons = sorted(p.name for p in (self.src / "lessons").glob("*.yaml"))
        unshipped = [name for name in lessons if not (package / "lessons" / name).is_file()
                     or (package / "lessons" / name).read_bytes() != (self.src / "lessons" / name).read_bytes()]
        if unshipped:
            raise Failed(f"lessons missing from {package / 'lessons'} or different: {unshipped}")
        print(f"  contents: {package}/variants.yaml and all {len(files)} files of assets/")
        self.passed.append(f"contents (variants.yaml + {len(files)} assets)")

    def has(self, relative: str) -> bool:
        return (self.src / relative).is_file()

    def step_bench(self) -> None:
        if not self.has("ramigui/bench.py"):
            self.skipped.append("bench: ramigui/bench.py is not in the source tree yet")
            return
        self.run("bench", ["bench", "rules", "--seconds", "0.5"])
        self.loads_variants = True
        self.passed.append("bench rules")

    def step_simulate(self) -> None:
        if not self.has("ramigui/simulate.py"):
            self.skipped.append("simulate: ramigui/simulate.py is not in the source tree yet")
            return
        self.run("simulate", ["simulate", "--variant", "rami51", "--players", "3", "--games", "2"])
        self.loads_variants = True
        self.passed.append("simulate")

    def step_screenshot(self) -> None:
        if not self.has("ramigui/ui/shots.py"):
            self.skipped.append("screenshot: ramigui/ui/shots.py is not in the source tree yet")
            return
        out = self.work / "table.png"
        self.run("screenshot", ["screenshot", "--variant", "rami51", "--players", "3", "--moves", "30",
                                "--size", "1280x800", "--lang", "fr", str(out)])
        if not out.is_file():
            raise Failed("screenshot: no PNG written")
        size = png_size(out)
        if size != (1280, 800):
            raise Failed(f"screenshot: PNG is {size}, expected (1280, 800)")
        self.loads_variants = True
        self.passed.append(f"screenshot ({out.stat().st_size} bytes, {size[0]}x{size[1]})")

    def step_window(self) -> None:
        if not self.has("ramigui/ui/launch.py"):
            self.skipped.append("game window: ramigui/ui/launch.py is not in the source tree yet")
            return
        self.run("window", ["--max-frames", "5", "--size", "1024x700", "--variant", "rami51",
                            "--players", "3", "--lang", "en"], timeout=120)
        self.loads_variants = True
        self.passed.append("game window (5 frames)")

    def step_phone(self) -> None:
        """`ramigui host` serves the phone page from the install: the page's files (byte for
        byte as in --src), the seat's state, and 403 without the token. Loopback only."""
        if not self.has("ramigui/phone/host.py"):
            self.skipped.append("phone host: ramigui/phone/host.py is not in the source tree yet")
            return
        import json
        import signal
        import urllib.error
        import urllib.request

        command = [str(self.launcher), "host", "--new", "--variant", "gin", "--players", "2", "--phones", "1",
                   "--bind", "127.0.0.1", "--seed", "2", "--lang", "en"]
        start = time.monotonic()
        host = subprocess.Popen(command, cwd=self.work, env=self.env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
        try:
            assert host.stdout is not None
            line = host.stdout.readline().strip()
            if not line.startswith("seat 1: http://127.0.0.1:"):
                raise Failed(f"phone host: expected 'seat 1: URL', got {line!r}")
            url = line.split(": ", 1)[1]
            static = self.src / "ramigui" / "phone" / "static"
            for name in ("", "phone.js", "phone.css"):
                with urllib.request.urlopen(url + name, timeout=20) as reply:
                    body = reply.read()
                if body != (static / (name or "index.html")).read_bytes():
                    raise Failed(f"phone host: {url}{name} differs from the source tree's")
            with urllib.request.urlopen(url + "index.ttf", timeout=20) as reply:
                if len(reply.read()) < 10_000:
                    raise Failed("phone host: the cards' index font is missing")
            with urllib.request.urlopen(url + "state", timeout=20) as reply:
                state = json.loads(reply.read())
            if len(state.get("hand", ())) != 10:
                raise Failed(f"phone host: a gin hand of 10 cards expected, got {state.get('hand')}")
            try:
                urllib.request.urlopen(url.rsplit("/", 2)[0] + "/state", timeout=20)
                raise Failed("phone host: served without a token")
            except urllib.error.HTTPError as error:
                if error.code != 403:
                    raise Failed(f"phone host: {error.code} without a token, expected 403") from None
            host.send_signal(signal.SIGTERM)
            host.communicate(timeout=30)
            if host.returncode != 0:
                raise Failed(f"phone host: exit code {host.returncode}")
        finally:
            if host.poll() is None:
                host.kill()
                host.communicate()
        print(f"  [{time.monotonic() - start:5.1f} s] ramigui host … → page, state and 403 served from the install")
        self.passed.append("phone host (page files, state, 403)")

    def step_proof(self) -> None:
        if not self.strace:
            self.skipped.append("file-access proof: strace unavailable (the in-process check stands)")
            return
        pattern = re.compile(r'^\d+\s+\w+\((?:AT_FDCWD|\d+),?\s*"([^"]+)"|^\d+\s+\w+\("([^"]+)"')
        variants_ok: set[str] = set()
        leaks: set[str] = set()
        stray_assets: set[str] = set()
        assets_ok: set[str] = set()
        for log in self.traces:
            for line in log.read_text(errors="replace").splitlines():
                match = pattern.match(line)
                if not match:
                    continue
                raw = match.group(1) or match.group(2)
                path = raw if os.path.isabs(raw) else str(self.work / raw)
                real = os.path.normpath(path)
                missing = "ENOENT" in line or "ENOTDIR" in line
                if real == str(self.src) or real.startswith(str(self.src) + os.sep):
                    leaks.add(real)
                elif real.endswith("variants.yaml") and not missing:
                    if real.startswith(str(self.prefix) + os.sep):
                        variants_ok.add(real)
                    elif not real.startswith(self.env["RAMIGUI_CONFIG_DIR"]):
                        stray_assets.add(real)
                elif "/ramigui/assets/" in real and not missing:
                    if not real.startswith(str(self.prefix) + os.sep):
                        stray_assets.add(real)
                    elif re.match(r"^\d+\s+open(?:at)?\(", line):
                        assets_ok.add(real)
        if leaks:
            raise Failed("the installed build looked into the source tree:\n  " + "\n  ".join(sorted(leaks)[:20]))
        if stray_assets:
            raise Failed("data read from outside the install:\n  " + "\n  ".join(sorted(stray_assets)[:20]))
        if self.loads_variants and not variants_ok:
            raise Failed("variants.yaml was never read from inside the install prefix")
        if not variants_ok:
            self.skipped.append("variants.yaml proof: no command that reads it exists in this tree yet")
        if variants_ok:
            print(f"  proof: variants.yaml read from {', '.join(sorted(variants_ok))}")
        if assets_ok:
            print(f"  proof: assets read from the install: {', '.join(sorted(assets_ok)[:4])}")
        print(f"  proof: nothing under {self.src} touched in {len(self.traces)} traced runs")
        self.passed.append("file-access proof (strace)")

    def main(self) -> int:
        print(f"check: {self.launcher}\n  prefix {self.prefix}\n  from   {self.work} (empty folder)")
        try:
            steps = (self.step_contents, self.step_version, self.step_python, self.step_bench,
                     self.step_simulate, self.step_screenshot, self.step_window, self.step_phone,
                     self.step_proof)
            for step in steps:
                step()
        except Failed as error:
            print(f"CHECK FAILED: {error}")
            print(f"  (traces and outputs kept in {self.work})")
            return 1
        for item in self.passed:
            print(f"  ok    {item}")
        for item in self.skipped:
            print(f"  SKIP  {item}")
        shutil.rmtree(self.work, ignore_errors=True)
        return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--launcher", required=True)
    parser.add_argument("--prefix", required=True)
    parser.add_argument("--python", default=None)
    parser.add_argument("--src", default=str(Path(__file__).resolve().parent.parent))
    parser.add_argument("--no-strace", action="store_true")
    return Checker(parser.parse_args(argv)).main()


if __name__ == "__main__":
    sys.exit(main())
