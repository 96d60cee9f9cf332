"""A headless Chromium driven over the DevTools protocol, for the report's browser test.

The protocol runs over a pipe (``--remote-debugging-pipe``: the browser reads
commands on its fd 3 and writes replies and events on its fd 4, each a JSON
message ended by a NUL), so no port is opened and no client library or
downloaded browser is needed: Debian's ``chromium`` as it is.  Every wait is
bounded; the browser and its profile folder are removed on ``close``.
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from typing import Any

#: The flags the brief asks for: headless, and nothing that reaches the network on its own.
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--remote-debugging-pipe"]
TIMEOUT = 60.0


def executable() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


class BrowserError(Exception):
    """The browser died, failed a command, or did not answer in time."""


class Chromium:
    """One browser, one page (tab), attached with its console and network events."""

    def __init__(self, program: str, width: int = 1280, height: int = 900):
        self.profile = tempfile.mkdtemp(prefix="piquet-chromium-")
        to_browser, self._commands = os.pipe()
        self._events, from_browser = os.pipe()
        # Moved above the low descriptors first, so that placing them at 3 and 4 cannot overwrite one another.
        high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (to_browser, from_browser)]

        def place() -> None:
            os.dup2(high[0], 3)
            os.dup2(high[1], 4)

        try:
            self.process = subprocess.Popen(
                [program, *FLAGS, f"--user-data-dir={self.profile}", f"--window-size={width},{height}", "about:blank"],
                preexec_fn=place, pass_fds=(3, 4), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL)
        finally:
            for fd in (to_browser, from_browser, *high):
                os.close(fd)
        self._buffer = b""
        self._next = 0
        self.pending: list[dict[str, Any]] = []  # events read while waiting for a reply
        try:
            targets = self.call("Target.getTargets")["targetInfos"]
            page = next(t for t in targets if t["type"] == "page")
            self.session = self.call("Target.attachToTarget", targetId=page["targetId"], flatten=True)["sessionId"]
            for domain in ("Page", "Runtime", "Log", "Network"):
                self.call(f"{domain}.enable", session=True)
            self.call("Emulation.setDeviceMetricsOverride", session=True, width=width, height=height,
                      deviceScaleFactor=1, mobile=False)
        except BaseException:
            self.close()
            raise

    def _send(self, message: dict[str, Any]) -> None:
        os.write(self._commands, json.dumps(message).encode() + b"\0")

    def _read(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._events], [], [], left)[0]:
                raise BrowserError("the browser did not answer in time")
            chunk = os.read(self._events, 1 << 20)
            if not chunk:
                raise BrowserError(f"the browser closed its pipe (exit status {self.process.poll()})")
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(message)  # type: ignore[no-any-return]

    def call(self, method: str, session: bool = False, **params: Any) -> dict[str, Any]:
        """Send a command and wait for its reply; the events that come meanwhile are kept in ``pending``."""
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        self._send(message)
        deadline = time.monotonic() + TIMEOUT
        while True:
            reply = self._read(deadline)
            if reply.get("id") == self._next:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error']}")
                return reply.get("result", {})  # type: ignore[no-any-return]
            self.pending.append(reply)

    def wait_for(self, method: str) -> dict[str, Any]:
        """The next event ``method`` (one already read first), keeping every other event in ``pending``."""
        for i, event in enumerate(self.pending):
            if event.get("method") == method:
                return self.pending.pop(i)
        deadline = time.monotonic() + TIMEOUT
        while True:
            event = self._read(deadline)
            if event.get("method") == method:
                return event
            self.pending.append(event)

    def open(self, url: str) -> list[dict[str, Any]]:
        """Load ``url`` and wait for its load event; the events of the load (console, log, network)."""
        self.pending.clear()
        result = self.call("Page.navigate", session=True, url=url)
        if result.get("errorText"):
            raise BrowserError(f"{url}: {result['errorText']}")
        self.wait_for("Page.loadEventFired")
        events, self.pending = self.pending, []
        return events

    def evaluate(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", session=True, expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression[:60]}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, full_page: bool = False) -> bytes:
        """The page as PNG: the window, or the whole page however long."""
        params: dict[str, Any] = {"format": "png"}
        if full_page:
            size = self.call("Page.getLayoutMetrics", session=True)["cssContentSize"]
            params.update(captureBeyondViewport=True,
                          clip={"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1})
        return base64.b64decode(self.call("Page.captureScreenshot", session=True, **params)["data"])

    def close(self) -> None:
        if getattr(self, "process", None) is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for fd in ("_commands", "_events"):
            if hasattr(self, fd):
                try:
                    os.close(getattr(self, fd))
                except OSError:
                    pass
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> Chromium:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def problems(events: list[dict[str, Any]]) -> list[str]:
    """The console errors, uncaught exceptions and failed loads among a page's events."""
    out = []
    for e in events:
        method, params = e.get("method"), e.get("params", {})
        if method == "Runtime.exceptionThrown":
            out.append(f"exception: {params['exceptionDetails'].get('text')}")
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            out.append(f"console.{params['type']}: {[a.get('value') for a in params.get('args', [])]}")
        elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
            out.append(f"log: {params['entry'].get('text')} {params['entry'].get('url', '')}")
        elif method == "Network.loadingFailed":
            out.append(f"failed to load: {params.get('errorText')} ({params.get('type')})")
    return out


def requested(events: list[dict[str, Any]]) -> list[str]:
    """Every URL the page asked for."""
    return [e["params"]["request"]["url"] for e in events if e.get("method") == "Network.requestWillBeSent"]
