"""The package under test is the release wheel python/wheel.sh built (python/test.sh installs it and names it in
PLUNDER_WHEEL): installed from that wheel, not imported from the source tree, and tagged abi3 and manylinux, as
the wheels to publish must be. Skipped when the package was installed another way (`maturin develop`)."""

import importlib.metadata
import os
from pathlib import Path

import pytest

import plunder

WHEEL = os.environ.get("PLUNDER_WHEEL")
pytestmark = pytest.mark.skipif(not WHEEL, reason="PLUNDER_WHEEL unset: not testing a wheel from python/wheel.sh")


def installed_tags():
    wheel_file = importlib.metadata.distribution("plunder").read_text("WHEEL")
    return [line.split(": ", 1)[1] for line in wheel_file.splitlines() if line.startswith("Tag: ")]


def test_the_package_is_the_installed_wheel_not_the_source_tree():
    source = Path(__file__).resolve().parents[1] / "plunder"
    assert Path(plunder.__file__).resolve().parent != source
    files = importlib.metadata.distribution("plunder").files
    assert any(f.name.startswith("_core.") and f.name.endswith(".so") for f in files)
    assert importlib.metadata.version("plunder") in Path(WHEEL).name


def test_the_wheel_is_abi3_and_manylinux():
    tags = installed_tags()
    assert tags, "the installed package's WHEEL file has no Tag lines"
    for tag in tags:
        interpreter, abi, platform = tag.split("-")
        assert (interpreter, abi) == ("cp38", "abi3"), tag
        assert platform.startswith("manylinux"), tag
    name = Path(WHEEL).name
    assert "-cp38-abi3-manylinux" in name, name


def test_the_wheel_ships_the_stubs_and_the_marker():
    names = {f.name for f in importlib.metadata.distribution("plunder").files}
    assert {"_core.pyi", "py.typed"} <= names
