"""Every public function and method of the compiled extension has a docstring and an entry in its type stubs,
and the stubs name nothing the extension lacks."""

import ast
import inspect
from pathlib import Path

import plunder
from plunder import _core

STUBS = Path(plunder.__file__).with_name("_core.pyi")


def stub_names():
    """{class name or None for the module: the names the stubs declare}."""
    tree = ast.parse(STUBS.read_text())
    names = {None: set()}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            names[node.name] = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
            names[None].add(node.name)
        elif isinstance(node, ast.FunctionDef):
            names[None].add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names[None].add(node.target.id)
    return names


def public(owner):
    return {name for name in dir(owner) if not name.startswith("_")}


def test_the_package_ships_its_stubs_and_marker():
    assert STUBS.exists() and STUBS.with_name("py.typed").exists()


def test_every_public_function_and_method_has_a_docstring_and_a_stub():
    stubs = stub_names()
    classes = [name for name in public(_core) if inspect.isclass(getattr(_core, name))]
    assert set(classes) == {"Game", "State", "Vector", "VectorBuffer", "Duel"}
    for name in public(_core):
        assert name in stubs[None], f"_core.{name} has no stub"
        member = getattr(_core, name)
        if callable(member):
            assert (member.__doc__ or "").strip(), f"_core.{name} has no docstring"
    for cls in classes:
        for name in public(getattr(_core, cls)):
            assert name in stubs[cls], f"{cls}.{name} has no stub"
            assert (getattr(getattr(_core, cls), name).__doc__ or "").strip(), f"{cls}.{name} has no docstring"


def test_the_stubs_name_only_what_exists():
    for cls, names in stub_names().items():
        owner = _core if cls is None else getattr(_core, cls)
        for name in names:
            assert hasattr(owner, name), f"the stubs declare {cls or '_core'}.{name}, which does not exist"


def test_every_public_class_function_and_method_of_the_python_modules_has_a_docstring():
    import importlib

    missing = []
    for name in ["plunder", "plunder.gym", "plunder.vector", "plunder.pettingzoo", "plunder.observer",
                 "plunder.game_type", "plunder.ray"]:
        module = importlib.import_module(name)
        for attr, value in vars(module).items():
            if attr.startswith("_") or getattr(value, "__module__", None) != name:
                continue
            if (inspect.isfunction(value) or inspect.isclass(value)) and not (value.__doc__ or "").strip():
                missing.append(f"{name}.{attr}")
            if inspect.isclass(value):
                missing += [f"{name}.{attr}.{method}" for method, member in vars(value).items()
                            if not method.startswith("_") and callable(member) and not (member.__doc__ or "").strip()]
    assert not missing, f"no docstring: {missing}"
