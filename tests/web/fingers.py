"""A finger on a phone's screen, for the browser tests of dragging.

Playwright's touchscreen can only tap, so the finger's touches go through the DevTools
protocol: the page then gets the touch and pointer events a real phone sends (pointerType
"touch", the browser's own gesture handling), not synthetic mouse events.
"""
from __future__ import annotations

from typing import Any

from browser_devices import PHONE, device

EDGE_CLEAR = 160  # px between a drop target and the screen's edge before the finger moves onto it


def touch_phone(browser: Any, lang: str, base: str) -> Any:
    """A phone with a touch screen (its own cookies) that reads the given language."""
    return device(browser, PHONE, lang, base, has_touch=True, is_mobile=True)


class Finger:
    """One finger: put it down on an element, slide it onto another (holding it at the
    screen's edge while the page scrolls the target into view), lift it."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.x = self.y = 0.0

    def _send(self, kind: str) -> None:
        points = [] if kind == "touchEnd" else [{"x": self.x, "y": self.y}]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def centre(self, selector: str, scroll: bool = False) -> tuple[float, float]:
        """The element's centre in the viewport, measured (after scrolling it into view, with
        ``scroll``) inside the page in one step: a hand redrawn by a live update replaces its
        elements, and one found a moment earlier has no box any more. Playwright's own
        scrolling waits for the element to hold still over several frames, the same race."""
        x, y = self.page.locator(selector).evaluate(
            "(e, scroll) => { if (scroll) e.scrollIntoView({block: 'nearest'});"
            " const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }", scroll)
        return float(x), float(y)

    def down(self, selector: str) -> None:
        self.x, self.y = self.centre(selector, scroll=True)
        self._send("touchStart")

    def slide(self, x: float, y: float, steps: int = 6) -> None:
        x0, y0 = self.x, self.y
        for i in range(1, steps + 1):
            self.x, self.y = x0 + (x - x0) * i / steps, y0 + (y - y0) * i / steps
            self._send("touchMove")

    def onto(self, selector: str) -> None:
        """Slide onto ``selector``; if it is off screen, wait at the edge until the page has
        scrolled it well into view."""
        height = self.page.viewport_size["height"]
        _, y = self.centre(selector)
        if not EDGE_CLEAR <= y <= height - EDGE_CLEAR:
            self.slide(self.x, 40 if y < EDGE_CLEAR else height - 40)
            self.page.wait_for_function(
                "([sel, clear]) => { const r = document.querySelector(sel).getBoundingClientRect();"
                " const mid = (r.top + r.bottom) / 2;"
                " return mid > clear && mid < innerHeight - clear; }",
                arg=[selector, EDGE_CLEAR], polling="raf")
            self.slide(self.x, height / 2, steps=1)
            self._wait_still()
        self.slide(*self.centre(selector), steps=3)

    def _wait_still(self) -> None:
        """Until the page has not scrolled for a frame (the finger has left the edge)."""
        self.page.evaluate("window.__fingerY = NaN")
        self.page.wait_for_function(
            "() => { const still = window.__fingerY === scrollY; window.__fingerY = scrollY;"
            " return still; }", polling="raf")

    def up(self) -> None:
        self._send("touchEnd")
