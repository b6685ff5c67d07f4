#!/usr/bin/env bash
# The Linux download built on glibc 2.28 and run there as a stranger would, on one Debian or
# Ubuntu machine, as root, with no containers (docs/old-base.md says what it proves, what it
# needs and how long it takes):
#
#   sudo packaging/linux/build-on-old-base.sh [WORK]     # WORK: a folder for it, /tmp/oldbase
#
# 1. debootstrap three roots: "build" (Debian 11's userland with its compilers), "run" (a
#    bare Debian 11 with the X libraries a desktop has) and "bookworm" (a bare Debian 12).
# 2. glibc 2.28 (the upstream release branch, from GLIBC_SOURCE or a clone of it) built in
#    "build" and put in place of Debian 11's glibc 2.31 in "build" and "run": they are then
#    systems with glibc 2.28, as Debian 10 and RHEL 8 are. Debian 11's own programs that ask
#    for more (awk, perl, Python 3.9) stop working there; busybox's awk stands in for awk.
# 3. In "build" on glibc 2.28: CPython 3.11 from Debian's source package, as a shared library
#    (SQLite built into its _sqlite3), a venv with the pinned build dependencies
#    (packaging/requirements-build.txt, wheels only: pip picks each one's build for glibc 2.28
#    or older), and `python -m game.tools.bundle --release`, which checks the glibc floor of
#    every file against 2.28 and self-tests the unpacked download there.
# 4. The archive's self-test as a plain user with `env -i`, another HOME with a space and an
#    umlaut, unpacked to a path with spaces: in "run" (glibc 2.28), in "bookworm" and here.
# 5. The floor of every ELF file in the download, printed per file by game.tools.bundle.elf.
#
# Each step leaves a stamp in WORK: a second run goes on from the first step not done (delete
# WORK/stamps/NAME to redo one). The archive ends in WORK/dist, the logs in WORK/logs.
#
# Environment: GLIBC_SOURCE (a glibc source tree of release/2.28/master, else it is cloned),
# MIRROR (a Debian mirror; else debootstrap's default), JOBS (make -j, default: nproc),
# RUNS (the bundle tool's paired start-up runs, default 5), PIP_CERT (a certificate bundle
# pip in the build root is to trust, as pip here does: behind a proxy with its own).
set -euo pipefail

checkout="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="$(realpath -m "${1:-${WORK:-/tmp/oldbase}}")"
jobs="${JOBS:-$(nproc)}"
runs="${RUNS:-5}"
suite=bullseye
glibc_branch=release/2.28/master
glibc_upstream=https://sourceware.org/git/glibc.git
stated=2.28
build="$work/build" run="$work/run" bookworm="$work/bookworm"
stranger_dir="/tmp/Spiel für Jörg"     # where the stranger unpacks it (in each root)
stranger_home="/tmp/home of Jörg ü"    # and their HOME
stranger_id=4242                       # a plain user's id, no account of its own

say() { printf '\n== %s (%s, load %s)\n' "$*" "$(date +%T)" "$(cut -d' ' -f1 /proc/loadavg)"; }
fail() { printf 'build-on-old-base: %s\n' "$*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || fail "run it as root (debootstrap and chroot)"
command -v debootstrap >/dev/null || fail "debootstrap is missing: apt-get install debootstrap"
command -v git >/dev/null || fail "git is missing"
mkdir -p "$work/stamps" "$work/logs" "$work/dist"

# proc is mounted in a root while a step runs in it, and always unmounted at the end.
unmount_all() {
	local target
	for target in "$build/proc" "$run/proc" "$bookworm/proc"; do
		if mountpoint -q "$target"; then umount "$target"; fi
	done
}
trap unmount_all EXIT

# `in_root ROOT COMMAND...`: COMMAND in ROOT with a clean environment, as root.
in_root() {
	local root="$1"
	shift
	mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
	cp /etc/resolv.conf "$root/etc/resolv.conf"
	chroot "$root" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin \
		HOME=/root LANG=C.UTF-8 "$@"
}

# `step NAME`: false (and a note) when NAME was done in an earlier run.
step() {
	if [ -e "$work/stamps/$1" ]; then
		printf '== %s: done before (%s)\n' "$1" "$(cat "$work/stamps/$1")"
		return 1
	fi
	say "$1"
	SECONDS=0
}
done_step() { echo "${SECONDS} s" >"$work/stamps/$1"; say "$1 took ${SECONDS} s"; }

bootstrap() { # ROOT SUITE PACKAGES
	local mirror=()
	[ -n "${MIRROR:-}" ] && mirror=("$MIRROR")
	rm -rf "$1"
	nice debootstrap --variant=minbase --include="$3" "$2" "$1" "${mirror[@]}" \
		>"$work/logs/debootstrap-$(basename "$1").log" 2>&1 ||
		fail "debootstrap of $1 failed: see $work/logs/debootstrap-$(basename "$1").log"
}

desktop_libraries=libx11-6,libxext6,libxcursor1,libxi6,libxrandr2,libxss1,libxfixes3
desktop_libraries+=,libxkbcommon0,libxrender1,libasound2,busybox-static
if step roots; then
	bootstrap "$build" "$suite" "build-essential,bison,gawk,python3,tcl,busybox-static,\
libssl-dev,libffi-dev,liblzma-dev,libbz2-dev,zlib1g-dev,uuid-dev,ca-certificates,xz-utils"
	bootstrap "$run" "$suite" "$desktop_libraries"
	bootstrap "$bookworm" bookworm "$desktop_libraries"
	done_step roots
fi

if step sources; then
	# CPython 3.11 and SQLite from Debian 12's source packages (their upstream tarballs).
	sed -n "s/^deb \([^ ]*\) $suite main$/deb-src \1 bookworm main/p" \
		"$build/etc/apt/sources.list" >"$build/etc/apt/sources.list.d/bookworm-src.list"
	in_root "$build" apt-get update -q >"$work/logs/sources.log" 2>&1
	in_root "$build" sh -c 'mkdir -p /src/debian && cd /src/debian &&
		apt-get source --download-only python3.11/bookworm sqlite3/bookworm' \
		>>"$work/logs/sources.log" 2>&1 || fail "apt-get source failed: see $work/logs/sources.log"
	rm -rf "$build/src/python" "$build/src/sqlite" "$build/src/glibc"
	mkdir -p "$build/src/python" "$build/src/sqlite" "$build/src/glibc"
	tar -xf "$build"/src/debian/python3.11_*.orig.tar.* -C "$build/src/python" --strip-components=1
	tar -xf "$(ls "$build"/src/debian/sqlite3_*.orig.tar.* | grep -v -- -www)" \
		-C "$build/src/sqlite" --strip-components=1
	if [ -z "${GLIBC_SOURCE:-}" ]; then
		GLIBC_SOURCE="$work/glibc-source"
		[ -d "$GLIBC_SOURCE" ] || git clone -q --depth 1 -b "$glibc_branch" "$glibc_upstream" \
			"$GLIBC_SOURCE"
	fi
	grep -q 'VERSION "2\.28"' "$GLIBC_SOURCE/version.h" ||
		fail "$GLIBC_SOURCE is not a glibc 2.28 source tree (version.h)"
	cp -a "$GLIBC_SOURCE/." "$build/src/glibc/"
	rm -rf "$build/src/glibc/.git"
	done_step sources
fi

if step glibc; then
	# Debian's layout (libraries in /lib/x86_64-linux-gnu, the loader in /lib64), libcrypt
	# left to Debian's libxcrypt; -Werror off: a newer compiler than 2.28's warns more.
	in_root "$build" nice bash -euc "
		rm -rf /src/glibc-build /src/glibc-2.28 && mkdir /src/glibc-build && cd /src/glibc-build
		../glibc/configure --prefix=/usr --libdir=/usr/lib/x86_64-linux-gnu \
			--libexecdir=/usr/lib/x86_64-linux-gnu --disable-werror --disable-crypt \
			--disable-profile --enable-kernel=3.2 --without-selinux \
			libc_cv_slibdir=/lib/x86_64-linux-gnu libc_cv_rtlddir=/lib64 CFLAGS=-O2
		make -j$jobs
		make install DESTDIR=/src/glibc-2.28" >"$work/logs/glibc.log" 2>&1 ||
		fail "glibc 2.28 did not build: see $work/logs/glibc.log"
	# SQLite's one-file source is made by a Tcl script: now, while Tcl still runs here.
	in_root "$build" nice bash -euc "
		rm -rf /src/sqlite-build && mkdir /src/sqlite-build && cd /src/sqlite-build
		../sqlite/configure --disable-tcl && make sqlite3.c" >"$work/logs/sqlite.log" 2>&1 ||
		fail "SQLite's amalgamation: see $work/logs/sqlite.log"
	done_step glibc
fi

if step swap; then
	staged="$build/src/glibc-2.28"
	for root in "$build" "$run"; do
		# Debian 11's glibc goes: every file its packages put in /usr (libc-2.31.so, which
		# ldconfig would link again as the newer; the headers in /usr/include/x86_64-linux-gnu,
		# which the compiler reads before 2.28's in /usr/include), read from dpkg's lists;
		# its /etc stays. Then 2.28 takes its place (--keep-directory-symlink: /lib is /usr/lib).
		for list in "$root"/var/lib/dpkg/info/{libc6:amd64,libc6-dev:amd64,libc-dev-bin}.list; do
			[ -e "$list" ] || continue
			grep -E '^/(usr|lib|lib64|sbin|bin)/' "$list" | grep -v '^/usr/share/' |
				while IFS= read -r file; do
					if [ -L "$root$file" ] || [ -f "$root$file" ]; then rm -f "$root$file"; fi
				done
		done
		tar -C "$staged" -cf - . | tar -C "$root" --keep-directory-symlink -xf -
		chroot "$root" /sbin/ldconfig
		ln -sf /bin/busybox "$root/usr/local/bin/awk"
		version="$(in_root "$root" ldd --version | sed -n 1p)"
		echo "$root: $version"
		case "$version" in *" $stated") ;; *) fail "$root does not run glibc $stated" ;; esac
	done
	done_step swap
fi

if step python; then
	in_root "$build" nice bash -euc "
		cd /src/sqlite-build
		gcc -O2 -fPIC -DSQLITE_ENABLE_FTS5 -DSQLITE_ENABLE_RTREE -DSQLITE_ENABLE_MATH_FUNCTIONS \
			-DSQLITE_THREADSAFE=1 -c sqlite3.c -o sqlite3.o
		mkdir -p /opt/sqlite && ar rcs /opt/sqlite/libsqlite3.a sqlite3.o
		cp sqlite3.h /opt/sqlite/
		rm -rf /src/python-build && mkdir /src/python-build && cd /src/python-build
		../python/configure --prefix=/opt/python3.11 --enable-shared --with-ensurepip=install \
			LDFLAGS=-Wl,-rpath,/opt/python3.11/lib LIBSQLITE3_CFLAGS=-I/opt/sqlite \
			'LIBSQLITE3_LIBS=-L/opt/sqlite -lsqlite3 -lm -ldl -lpthread' LIBS=-lm
		make -j$jobs
		make install
		/opt/python3.11/bin/python3.11 -c 'import ctypes, decimal, lzma, bz2, sqlite3, ssl, zlib'
		" >"$work/logs/python.log" 2>&1 || fail "CPython did not build: see $work/logs/python.log"
	in_root "$build" /opt/python3.11/bin/python3.11 -c \
		'import platform, sqlite3, ssl; print(platform.python_version(), platform.libc_ver(),
		"SQLite", sqlite3.sqlite_version, ssl.OPENSSL_VERSION)'
	done_step python
fi

if step bundle; then
	rm -rf "$build/src/yahtzee" && mkdir -p "$build/src/yahtzee"
	git -c safe.directory="$checkout" -C "$checkout" archive HEAD | tar -x -C "$build/src/yahtzee"
	epoch="$(git -c safe.directory="$checkout" -C "$checkout" log -1 --format=%ct)"
	pip_cert=true
	if [ -n "${PIP_CERT:-}" ]; then # a machine behind a proxy with its own certificate
		cp "$PIP_CERT" "$build/etc/ssl/certs/pip-cert.pem"
		pip_cert="export PIP_CERT=/etc/ssl/certs/pip-cert.pem"
	fi
	in_root "$build" nice bash -euc "$pip_cert
		rm -rf /opt/build && /opt/python3.11/bin/python3.11 -m venv /opt/build
		/opt/build/bin/python -m pip install -q --upgrade pip
		/opt/build/bin/python -m pip install -q --only-binary=:all: \
			-r /src/yahtzee/packaging/requirements-build.txt
		/opt/build/bin/python -m pip install -q --no-deps -e /src/yahtzee
		/opt/build/bin/python -m pip list --format=freeze" >"$work/logs/venv.log" 2>&1 ||
		fail "the build environment: see $work/logs/venv.log"
	in_root "$build" bash -c "$pip_cert; cd /src/yahtzee && SOURCE_DATE_EPOCH=$epoch \
		/opt/build/bin/python -m game.tools.bundle --release --out /src/dist --runs $runs" \
		2>&1 | tee "$work/logs/bundle.log"
	[ "${PIPESTATUS[0]}" = 0 ] || fail "the bundle tool failed on glibc $stated: see above"
	cp "$build"/src/dist/*.tar.gz "$work/dist/"
	done_step bundle
fi

archive="$(ls "$work"/dist/*.tar.gz)"

# `stranger ROOT`: the archive unpacked to a path with spaces and run by a plain user with
# nothing but another HOME (ROOT "/" is this machine).
stranger() {
	local root="$1" app
	rm -rf "$root$stranger_dir" "$root$stranger_home"
	mkdir -p "$root$stranger_dir" "$root$stranger_home"
	tar -xzf "$archive" -C "$root$stranger_dir"
	chown -R "$stranger_id:$stranger_id" "$root$stranger_dir" "$root$stranger_home"
	app="$(basename "$archive" | sed 's/-linux-.*//')"
	local command=(/usr/bin/env -i "HOME=$stranger_home" "$stranger_dir/$app/yahtzee" --self-test)
	if [ "$root" = / ]; then
		setpriv --reuid="$stranger_id" --regid="$stranger_id" --clear-groups "${command[@]}"
	else
		mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
		echo "glibc here: $(chroot "$root" ldd --version | sed -n 1p)"
		chroot --userspec="$stranger_id:$stranger_id" "$root" "${command[@]}"
		umount "$root/proc"
	fi
}

if step strangers; then
	for root in "$run" "$bookworm" /; do
		say "self-test as a stranger in $root"
		name="$(basename "$root")"
		[ "$root" = / ] && name=this-machine
		stranger "$root" 2>&1 | tee "$work/logs/stranger-$name.log"
		[ "${PIPESTATUS[0]}" = 0 ] || fail "the self-test failed in $root"
	done
	done_step strangers
fi

say "the glibc floor of every ELF file in $(basename "$archive")"
in_root "$build" bash -euc 'rm -rf /tmp/floor && mkdir /tmp/floor && cd /tmp/floor
	tar -xzf /src/dist/*.tar.gz && /opt/build/bin/python -m game.tools.bundle.elf /tmp/floor/*' |
	tee "$work/logs/floor.log"
ls -l "$archive"
sha256sum "$archive"
