#!/usr/bin/env bash
# Builds the Plunder book (docs/book) into docs/book/book with mdBook, first installing the pinned mdBook
# into the repository's ignored .tools folder when it is missing or another version.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
version=0.5.4
mdbook="$repo/.tools/bin/mdbook"
if [[ ! -x "$mdbook" ]] || [[ "$("$mdbook" --version)" != "mdbook v$version" ]]; then
    # No default features: the book needs neither `mdbook serve` nor `watch`, which compile slowly. Unoptimized:
    # it compiles in half the time and still builds this book in seconds.
    cargo install mdbook --locked --debug --version "$version" --no-default-features --root "$repo/.tools"
fi
"$mdbook" build "$repo/docs/book"
