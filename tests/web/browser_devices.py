"""Browser devices for the web tests: a tablet or a phone in Debian's Chromium, and the
table's tray count typed with its steppers. Shared by every browser test."""
from __future__ import annotations

from typing import Any

TABLET = {"width": 1280, "height": 800}
PHONE = {"width": 412, "height": 915}
WAIT_MS = 5000


def device(browser: Any, viewport: dict, lang: str, base: str) -> Any:
    """A fresh device (its own cookies) that reads the given language."""
    context = browser.new_context(viewport=viewport, locale=lang)
    context.add_cookies([{"name": "lang", "value": lang, "url": base}])
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    return page


def rev(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.rev"))


def settle(pages: list[Any], table: Any) -> None:
    """Every screen shows the revision the table shows."""
    target = rev(table)
    for page in pages:
        page.wait_for_function(f"Number(document.body.dataset.rev) >= {target}")


def count_tray(table: Any, counts: dict[str, int]) -> list[str]:
    """Type a count with the steppers, check what it decides, confirm; returns the verdict."""
    table.wait_for_selector("[data-counting]")
    for colour, n in counts.items():
        for _ in range(n):
            table.click(f".counter[data-colour={colour}] [data-inc]")
    table.click("[data-preview]")
    table.wait_for_selector(".verdict:not([hidden]) li")
    verdict = table.locator(".verdict .lines li").all_inner_texts()
    table.click("[data-confirm]")
    table.wait_for_selector("[data-counting]", state="detached")
    return verdict
