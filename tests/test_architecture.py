"""The house's dependency rules, checked on every module's imports (the whole file, not only
its top: a rule broken inside a function is broken all the same)."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = ("companion", "web", "vision", "sensor")


def modules(package: str) -> dict[str, Path]:
    found = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(path: Path, module: str) -> set[str]:
    """Every module ``path`` imports, relative imports made absolute: for ``from X import Y``,
    ``X.Y`` when that is a module of the tree, else ``X``."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".")
                drop = node.level - (1 if path.name == "__init__.py" else 0)
                base = ".".join(package[: len(package) - drop] + ([base] if base else []))
            subs = [f"{base}.{alias.name}" for alias in node.names]
            found = [s for s in subs if _is_module(s)]
            names.update(found or [base])
    return names


def _is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


GAMES = tuple(f"companion.games.{p.name}" for p in (ROOT / "companion" / "games").iterdir()
              if (p / "__init__.py").exists())


def offenders(package: str, forbidden) -> list[str]:
    return sorted(f"{module} imports {name}" for module, path in modules(package).items()
                  for name in imports(path, module) if forbidden(module, name))


def under(name: str, *prefixes: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def test_the_domain_imports_no_flask_opencv_or_serial():
    assert offenders("companion", lambda m, n: under(n, "flask", "werkzeug", "jinja2",
                                                       "waitress", "cv2", "serial")) == []


def test_the_web_shell_imports_no_game():
    assert offenders("web", lambda m, n: under(n, *GAMES)) == []


def test_the_engine_and_the_kits_know_no_game_but_the_registry_line():
    for package in ("companion/engine", "companion/kits", "companion/i18n"):
        if (ROOT / package).exists():
            assert offenders(package, lambda m, n: under(n, *GAMES)) == []


def test_a_game_imports_no_other_game():
    for game in GAMES:
        others = [g for g in GAMES if g != game]
        assert offenders(game.replace(".", "/"), lambda m, n: under(n, *others)) == []


def test_the_camera_and_the_sensor_board_use_only_the_tower_kit_of_the_platform():
    allowed = ("companion.kits.tower", "companion.files")
    for package in ("vision", "sensor"):
        assert offenders(package, lambda m, n: under(n, "companion", "web")
                         and not under(n, *allowed)) == []


def test_the_product_never_imports_the_development_tools():
    for package in PRODUCT:
        assert offenders(package, lambda m, n: under(n, "devtools")) == []


def test_the_web_shell_has_no_import_cycle():
    graph = {module: {n for n in imports(path, module) if under(n, "web") and n != "web"}
             for module, path in modules("web").items() if module != "web"}

    def cycle_from(start: str) -> list[str] | None:
        stack, seen = [(start, [start])], set()
        while stack:
            node, trail = stack.pop()
            for nxt in graph.get(node, ()):
                if nxt == start:
                    return trail + [start]
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, trail + [nxt]))
        return None

    cycles = [c for c in (cycle_from(m) for m in graph) if c]
    assert cycles == []


def test_no_template_reaches_past_the_scene_into_the_game():
    """Screens are drawn from the device's view alone: no template reads the hub (the game's
    session and state) or asks the tray sources for anything."""
    for folder in ("web", "companion", "tests/games"):
        for path in (ROOT / folder).rglob("*.html"):
            text = path.read_text(encoding="utf-8")
            assert "ctx.hub" not in text and "trays()" not in text, path
