#!/usr/bin/env bash
# Add ramigui to the Linux desktop menu, for the current user (no root needed).
#
#     packaging/install-linux.sh                     # the `ramigui` on PATH (pip/pipx install)
#     packaging/install-linux.sh dist/ramigui        # a PyInstaller one-folder app
#     packaging/install-linux.sh --uninstall
#
# Copies the icons into $XDG_DATA_HOME/icons/hicolor/<N>x<N>/apps/ramigui.png and
# packaging/ramigui.desktop into $XDG_DATA_HOME/applications/, with Exec= pointing at the
# launcher found. XDG_DATA_HOME defaults to ~/.local/share.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
data="${XDG_DATA_HOME:-$HOME/.local/share}"
sizes=(16 24 32 48 64 128 256 512)

if [[ "${1:-}" == "--uninstall" ]]; then
    rm -f "$data/applications/ramigui.desktop"
    for n in "${sizes[@]}"; do rm -f "$data/icons/hicolor/${n}x${n}/apps/ramigui.png"; done
    echo "ramigui removed from the desktop menu"
    exit 0
fi

if [[ -n "${1:-}" ]]; then
    target="$1"
    [[ -d "$target" ]] && target="$target/ramigui"
    [[ -x "$target" ]] || { echo "install-linux.sh: no ramigui launcher at $target" >&2; exit 1; }
    launcher="$(cd "$(dirname "$target")" && pwd)/$(basename "$target")"
else
    launcher="$(command -v ramigui || true)"
    [[ -n "$launcher" ]] || { echo "install-linux.sh: 'ramigui' is not on PATH (pip install . or pipx install . first, or give the app folder)" >&2; exit 1; }
fi

for n in "${sizes[@]}"; do
    install -D -m 644 "$root/assets/icons/ramigui-$n.png" "$data/icons/hicolor/${n}x${n}/apps/ramigui.png"
done
mkdir -p "$data/applications"
# Quote the path per the Desktop Entry spec if it holds spaces.
exec_line="$launcher"
[[ "$launcher" == *" "* ]] && exec_line="\"$launcher\""
sed "s|^Exec=.*|Exec=$exec_line|" "$here/ramigui.desktop" > "$data/applications/ramigui.desktop"
chmod 644 "$data/applications/ramigui.desktop"
command -v update-desktop-database >/dev/null && update-desktop-database -q "$data/applications" || true
command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "$data/icons/hicolor" || true
echo "ramigui added to the desktop menu: $data/applications/ramigui.desktop -> $launcher"
