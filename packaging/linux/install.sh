#!/bin/sh
# Put Yahtzee Table in your menu, or take it out again. Run it from the unpacked folder:
#   ./install.sh --user                       for you: ~/.local/lib/yahtzee-table, the command
#                                             ~/.local/bin/yahtzee, the menu entry and the icons
#   ./install.sh --uninstall                  takes out everything --user put in, and nothing else
#   ./install.sh --system [PREFIX]            for everyone, under PREFIX (/usr/local); a packager
#                                             sets DESTDIR to stage it (the menu entry still
#                                             names PREFIX)
#   ./install.sh --uninstall --system [PREFIX]
# What an install made (files and folders) is listed in lib/yahtzee-table/.installed, which
# --uninstall reads. Icon and menu caches are refreshed where they exist, never created.
set -eu
APP_ID=io.github.yahtzee_table.YahtzeeTable
SIZES="16 22 24 32 48 64 128 256 512"
here="$(cd "$(dirname "$0")" && pwd)"

usage() {
    echo "usage: $0 --user | --uninstall | --system [PREFIX] | --uninstall --system [PREFIX]" >&2
    exit 2
}

action=install
case "${1:-}" in
--user) mode=user ;;
--system) mode=system; prefix="${2:-/usr/local}" ;;
--uninstall)
    action=uninstall
    case "${2:-}" in
    "") mode=user ;;
    --system) mode=system; prefix="${3:-/usr/local}" ;;
    *) usage ;;
    esac
    ;;
*) usage ;;
esac

if [ "$mode" = user ]; then
    [ -n "${HOME:-}" ] || { echo "install.sh: HOME is not set" >&2; exit 1; }
    final_lib="$HOME/.local/lib/yahtzee-table"
    bin="$HOME/.local/bin"
    data="${XDG_DATA_HOME:-$HOME/.local/share}"
    staged=""
else
    case "$prefix" in /*) ;; *) echo "install.sh: PREFIX must be an absolute path" >&2; exit 2 ;; esac
    final_lib="$prefix/lib/yahtzee-table"
    staged="${DESTDIR:-}"
    bin="$staged$prefix/bin"
    data="$staged$prefix/share"
fi
lib="$staged$final_lib"
manifest="$lib/.installed"

# A path quoted for a desktop entry's Exec key: inside double quotes, with " ` $ \ escaped by a
# backslash, then every backslash doubled (the string escape, applied first when read) and
# % doubled (field codes). A space in HOME then starts the game, as it should.
desktop_exec() {
    printf '%s' "$1" | sed -e 's/[\\"`$]/\\&/g' -e 's/\\/\\\\/g' -e 's/%/%%/g' -e 's/^/"/' -e 's/$/"/'
}

# mkdir -p that lists each folder it makes in the manifest (to remove at --uninstall).
make_dir() {
    if [ ! -d "$1" ]; then
        make_dir "$(dirname "$1")"
        mkdir "$1"
        echo "dir $1" >>"$made"
    fi
}

put() { # source target: a file copied, and listed
    cp "$1" "$2"
    echo "file $2" >>"$made"
}

refresh_caches() { # only those that exist: a cache we made would be left behind
    if [ -z "$staged" ]; then
        if [ -f "$data/icons/hicolor/icon-theme.cache" ] && command -v gtk-update-icon-cache >/dev/null 2>&1; then
            gtk-update-icon-cache -q -t -f "$data/icons/hicolor" || true
        fi
        if [ -f "$data/applications/mimeinfo.cache" ] && command -v update-desktop-database >/dev/null 2>&1; then
            update-desktop-database -q "$data/applications" || true
        fi
    fi
}

where_files_live() {
    if [ "$mode" = user ]; then
        echo "Your settings stay in ${XDG_CONFIG_HOME:-$HOME/.config}/yahtzee-table and your saved game, profiles and records in ${XDG_DATA_HOME:-$HOME/.local/share}/yahtzee-table: delete those folders to forget them."
    fi
}

install() {
    [ -x "$here/yahtzee" ] || { echo "install.sh: run it from the unpacked folder (no $here/yahtzee)" >&2; exit 1; }
    [ "$here" != "$lib" ] || { echo "install.sh: already installed here ($lib)" >&2; exit 1; }
    if [ -f "$manifest" ]; then # an earlier install: out with it first
        uninstall >/dev/null
    fi
    made="$(mktemp)"
    trap 'rm -f "$made"' EXIT
    make_dir "$(dirname "$lib")"
    rm -rf "$lib"
    mkdir "$lib"
    cp -R "$here/." "$lib/"
    make_dir "$bin"
    make_dir "$data/applications"
    make_dir "$data/metainfo"
    if [ ! -e "$bin/yahtzee" ] && [ ! -L "$bin/yahtzee" ]; then
        ln -s "$final_lib/yahtzee" "$bin/yahtzee"
        echo "file $bin/yahtzee" >>"$made"
    else # another yahtzee (pipx's, say) is left alone
        echo "($bin/yahtzee is there already and is left as it is)"
    fi
    # The menu entry starts the installed program by its full path: ~/.local/bin may not be
    # on PATH.
    entry="$data/applications/$APP_ID.desktop"
    exec_line="Exec=$(desktop_exec "$final_lib/yahtzee")"
    while IFS= read -r line || [ -n "$line" ]; do
        case "$line" in
        Exec=*) printf '%s\n' "$exec_line" ;;
        *) printf '%s\n' "$line" ;;
        esac
    done <"$lib/share/applications/$APP_ID.desktop" >"$entry"
    echo "file $entry" >>"$made"
    put "$lib/share/metainfo/$APP_ID.metainfo.xml" "$data/metainfo/$APP_ID.metainfo.xml"
    for size in $SIZES; do
        make_dir "$data/icons/hicolor/${size}x${size}/apps"
        put "$lib/share/icons/hicolor/${size}x${size}/apps/$APP_ID.png" "$data/icons/hicolor/${size}x${size}/apps/$APP_ID.png"
    done
    cp "$made" "$manifest"
    refresh_caches
    if [ "$mode" = user ]; then
        echo "Yahtzee Table is in your menu; or run $bin/yahtzee"
        case ":${PATH:-}:" in *":$bin:"*) ;; *) echo "($bin is not on your PATH: the menu entry works all the same)" ;; esac
    else
        echo "Yahtzee Table is installed in $final_lib, with $prefix/bin/yahtzee and its menu entry"
    fi
}

uninstall() {
    if [ ! -f "$manifest" ]; then
        echo "install.sh: nothing to take out: no install in $lib" >&2
        exit 1
    fi
    # Files first, then the folders the install made, deepest first, each only if empty
    # (something else may have been put there since).
    listed="$(cat "$manifest")"
    printf '%s\n' "$listed" | grep '^file ' | cut -c6- | while IFS= read -r path; do
        rm -f "$path"
    done
    rm -rf "$lib"
    printf '%s\n' "$listed" | grep '^dir ' | cut -c5- | sort -r | while IFS= read -r path; do
        rmdir "$path" 2>/dev/null || true
    done
    refresh_caches
    echo "Yahtzee Table is removed."
    where_files_live
}

if [ "$action" = install ]; then install; else uninstall; fi
