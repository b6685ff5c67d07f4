"""The Rust crates compiled into an extension module, read from the module itself.

A Rust build leaves each crate's source path in the binary (its panic messages name the file):
`.../registry/src/index.crates.io-.../pem-4.0.0/src/parser.rs` for a crate from crates.io,
`/rust/deps/gimli-0.32.3/src/...` for one Rust's standard library builds in (a distribution's
own build: `/usr/share/cargo/registry/asn1-0.12.2/src/...`), and `/rustc/<commit>/library/std/`
or `/usr/src/rustc-1.63.0/library/std/` for the standard library itself ("rust-std"): a module
with that is Rust, and in it every `NAME-VERSION/src/` path is a crate's. A crate whose
code leaves no path (macros only, nothing that can panic) is not found this way, so the texts
list every crate of the Cargo.lock that is compiled in; what is found here is what the build
checks those texts name.
"""

from __future__ import annotations

import re
from pathlib import Path

RUST_STD = "rust-std"
_CRATE = re.compile(rb"/([A-Za-z0-9_-]+?)-(\d+\.\d+\.\d+)[^/\x00]*/src/")
_STD = re.compile(rb"/(?:rustc/[0-9a-f]{40}|src/rustc-[0-9.]+)/library/(?:core|alloc|std)/")


def compiled_crates(binary: Path) -> dict[str, str]:
    """The crates whose code is in `binary`, each with its version ("rust-std": "")."""
    data = binary.read_bytes()
    if not _STD.search(data):
        return {}  # not Rust: a C library's source paths are not crates
    found = {m.group(1).decode(): m.group(2).decode() for m in _CRATE.finditer(data)}
    found[RUST_STD] = ""
    return dict(sorted(found.items()))


def unnamed(crates: dict[str, str], texts: list[Path]) -> list[str]:
    """The crates no text names ("crate pem 4.0.0", "gimli-0.32.3", the crate's name as a
    word), as "name version"."""
    said = "\n".join(t.read_text(encoding="utf-8", errors="replace") for t in texts)
    return [
        f"{name} {version}".strip()
        for name, version in crates.items()
        if not re.search(rf"(?<![\w-]){re.escape(name)}(?!\w|-\D)", said)
    ]
