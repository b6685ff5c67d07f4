#!/bin/sh
# Put Yahtzee Table in your menu, or take it out again. Run from the unpacked folder:
#   ./install.sh --user        the app under ~/.local/lib, a launcher, the menu entry, the icons
#   ./install.sh --uninstall   everything the first put there, and nothing else
set -eu
APP_ID=io.github.yahtzee_table.YahtzeeTable
SIZES="16 22 24 32 48 64 128 256 512"
here="$(cd "$(dirname "$0")" && pwd)"
data="${XDG_DATA_HOME:-$HOME/.local/share}"
lib="$HOME/.local/lib/yahtzee-table"
bin="$HOME/.local/bin"

refresh() {
    command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$data/applications" || true
    command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$data/icons/hicolor" || true
}

case "${1:-}" in
--user)
    [ -x "$here/yahtzee" ] || { echo "install.sh: run it from the unpacked folder (no $here/yahtzee)" >&2; exit 1; }
    if [ "$here" != "$lib" ]; then
        rm -rf "$lib"
        mkdir -p "$lib"
        cp -R "$here/." "$lib/"
    fi
    mkdir -p "$bin" "$data/applications" "$data/metainfo"
    ln -sf "$lib/yahtzee" "$bin/yahtzee"
    # The menu entry starts the installed binary by its full path: ~/.local/bin may not be on PATH.
    sed "s|^Exec=yahtzee|Exec=$lib/yahtzee|" "$lib/share/applications/$APP_ID.desktop" \
        > "$data/applications/$APP_ID.desktop"
    cp "$lib/share/metainfo/$APP_ID.metainfo.xml" "$data/metainfo/"
    for size in $SIZES; do
        mkdir -p "$data/icons/hicolor/${size}x${size}/apps"
        cp "$lib/share/icons/hicolor/${size}x${size}/apps/$APP_ID.png" "$data/icons/hicolor/${size}x${size}/apps/"
    done
    refresh
    echo "Yahtzee Table is in your menu; or run $bin/yahtzee"
    ;;
--uninstall)
    rm -f "$bin/yahtzee" "$data/applications/$APP_ID.desktop" "$data/metainfo/$APP_ID.metainfo.xml"
    for size in $SIZES; do
        rm -f "$data/icons/hicolor/${size}x${size}/apps/$APP_ID.png"
    done
    rm -rf "$lib"
    refresh
    echo "Yahtzee Table is removed (your settings and saves stay in ~/.local/share/yahtzee-table)"
    ;;
*)
    echo "usage: $0 --user | --uninstall" >&2
    exit 2
    ;;
esac
