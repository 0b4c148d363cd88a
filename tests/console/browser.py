"""A real browser for the console's tests: Debian's Chromium driven by Debian's
chromium-driver through selenium (no browser download). Without them the browser tests
are skipped and say why – or fail, where WOLFBOT_REQUIRE_CHROMIUM=1 (CI) requires them."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

CHROMIUM = ("chromium", "chromium-browser", "google-chrome")
DRIVER = "chromedriver"


def _missing() -> str | None:
    if not any(shutil.which(name) for name in CHROMIUM):
        return "Chromium is not installed (apt-get install chromium)"
    if not shutil.which(DRIVER):
        return "chromium-driver is not installed (apt-get install chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[dev]')"
    return None


def require_browser() -> None:
    why = _missing()
    if why is None:
        return
    if os.environ.get("WOLFBOT_REQUIRE_CHROMIUM") == "1":
        pytest.fail(f"{why}, and WOLFBOT_REQUIRE_CHROMIUM=1 requires it")
    pytest.skip(f"{why}; WOLFBOT_REQUIRE_CHROMIUM=1 makes this a failure")


@contextmanager
def chromium(width: int = 1280, height: int = 900) -> Iterator[Any]:
    """A headless Chromium window of this size (a WebDriver)."""
    require_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    binary = next(shutil.which(name) for name in CHROMIUM if shutil.which(name))
    options.binary_location = binary
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
        "--disable-dev-shm-usage",
        f"--window-size={width},{height}",
    ):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(shutil.which(DRIVER)), options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


def wait_for(condition: Callable[[], Any], timeout: float = 15, what: str = "") -> Any:
    """`condition()`'s first true value within `timeout` seconds (AssertionError else)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = condition()
        except Exception:  # an element replaced while it was read: ask again
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s: {what}")
        time.sleep(0.1)
