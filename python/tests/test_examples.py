"""The examples in python/examples run and print what they claim, and every ```python block of the book
(docs/book/src/**/*.md) and of README.md runs as written, so neither can go stale."""

import ast
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "python" / "examples"

#: Small sizes for each example's main(argv), so the whole file runs in seconds.
ARGS = {
    "pettingzoo_random.py": ["4"],
    "gym_vs_bots.py": ["10"],
    "vector_selfplay.py": ["64", "50"],
    "liars_dice.py": [],
}


def run_example(name):
    result = subprocess.run([sys.executable, str(EXAMPLES / name), *ARGS[name]], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, f"{name} failed:\n{result.stdout}\n{result.stderr}"
    return result.stdout


def test_every_example_is_tested():
    assert sorted(p.name for p in EXAMPLES.glob("*.py")) == sorted(ARGS)


def test_example_pettingzoo_random():
    out = run_example("pettingzoo_random.py")
    lines = re.findall(r"^(\S+) \((AEC|parallel)\): (\d+) games, wins (\{.*?\}), ties (\d+)", out, re.M)
    assert [(game, kind) for game, kind, *_ in lines] == [("pirate-haven", "AEC"), ("loot-pirates", "parallel")], out
    for _, _, games, wins, ties in lines:
        assert int(games) == 4
        assert sum(ast.literal_eval(wins).values()) + int(ties) == int(games), out
    simultaneous = int(re.search(r"simultaneous steps (\d+)", out).group(1))
    assert simultaneous > 0, "Loot Pirates' seats aim together"


def test_example_gym_vs_bots():
    out = run_example("gym_vs_bots.py")
    means = dict(re.findall(r"random seat 0 against '(\w+)': mean return over 10 episodes: (-?[\d.]+)", out))
    assert sorted(means) == ["odds", "random"], out
    # Scallywager pays the last captain with crew 1, every other 0: a mean return is a win rate.
    assert all(0.0 <= float(mean) <= 1.0 for mean in means.values()), out


def test_example_vector_selfplay():
    out = run_example("vector_selfplay.py")
    match = re.search(r"64 games at once, 50 steps, (\d+) games finished \((\d+) by the environment's count\), "
                      r"([\d,]+) games/s", out)
    assert match, out
    finished, counted, _ = match.groups()
    assert int(finished) == int(counted) > 0, out


def test_example_liars_dice():
    out = run_example("liars_dice.py")
    losses = ast.literal_eval(re.search(r"200 games of 3-player liar's dice with 2 dice each: losses (\{.*?\})",
                                        out).group(1))
    assert sum(losses.values()) == 200, out


def python_blocks(text):
    """The ```python (or ~~~python) fenced blocks of Markdown `text`, as (line of the fence, code), fences found
    as the book's own test (crates/plunder-cli/tests/book.rs) finds them: indented ones too, in list items."""
    blocks, open = [], None  # open: (fence, info, first line, lines)
    for number, line in enumerate(text.splitlines(), 1):
        trimmed = line.lstrip()
        fence = next((f for f in ("```", "~~~") if trimmed.startswith(f)), None)
        if open is None and fence:
            open = (fence, trimmed[3:].strip(), number, [])
        elif open and fence == open[0] and trimmed.rstrip() == fence:
            if open[1].split(",")[0].split(" ")[0] in ("python", "py"):
                blocks.append((open[2], textwrap.dedent("\n".join(open[3]))))
            open = None
        elif open:
            open[3].append(line)
    return blocks


def book_blocks():
    """Every Python block of the book and README.md, as (where, code)."""
    files = sorted((ROOT / "docs" / "book" / "src").rglob("*.md")) + [ROOT / "README.md"]
    return [(f"{path.relative_to(ROOT)}:{line}", code)
            for path in files for line, code in python_blocks(path.read_text(encoding="utf-8"))]


def test_python_blocks_are_found_as_the_book_test_finds_fences():
    text = "```python\na = 1\n```\n- item:\n\n  ~~~py\n  b = 2\n  ~~~\n```sh\nls\n```\n"
    assert python_blocks(text) == [(1, "a = 1"), (6, "b = 2")]


BLOCKS = book_blocks()


def test_the_book_has_python_blocks():
    assert BLOCKS, "no ```python block found: is the book where this test looks?"


@pytest.mark.parametrize("where,code", BLOCKS, ids=[where for where, _ in BLOCKS])
def test_book_python_block_runs(where, code):
    if re.search(r"^\s*import pyspiel", code, re.M):
        from openspiel_import import import_pyspiel

        import_pyspiel()  # skips the block where OpenSpiel is left out
    exec(compile(code, where, "exec"), {"__name__": "__book__"})
