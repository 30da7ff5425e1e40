"""A WebDriver BiDi client for Firefox, as far as the engine tests and the load benchmark need
it: Firefox started with its remote agent, one browsing context, navigation, script evaluation,
key input and the page's log.

WebDriver BiDi is the W3C's protocol for browser automation (https://w3c.github.io/webdriver-bidi/),
spoken over a WebSocket (the ``websockets`` package). Firefox speaks it itself once started with
``--remote-debugging-port``: no driver program in between (Debian has no geckodriver).
"""

from __future__ import annotations

import itertools
import json
import queue
import re
import subprocess
import threading
from contextlib import ExitStack
from pathlib import Path

from websockets.sync.client import connect

FIREFOX = "/usr/bin/firefox-esr"
LISTENING = re.compile(r"WebDriver BiDi listening on (ws://\S+)")


class BiDiError(RuntimeError):
    """A command that the browser answered with an error, or a script that threw."""


class Firefox:
    """Firefox (headless) with a profile of its own, driven over WebDriver BiDi.

    Args:
        profile: an empty folder for the profile (a fresh one gives a cold load: no cache, no
            service worker), or the folder of an earlier session (a second visit).
        prefs: Firefox preferences written into the profile's ``user.js``.
        executable: the Firefox program.

    Attributes:
        log: the page's log entries so far, as ``(level, text)`` (``log.entryAdded``: the
            console's messages and uncaught errors, the workers' included).
        requests: the URLs the page and its workers requested so far
            (``network.beforeRequestSent`` of a browsing context: not Firefox's own traffic).
    """

    def __init__(self, profile: Path, prefs: dict[str, object], executable: str = FIREFOX):
        profile.mkdir(parents=True, exist_ok=True)
        lines = [f"user_pref({json.dumps(k)}, {json.dumps(v)});" for k, v in prefs.items()]
        (profile / "user.js").write_text("\n".join(lines) + "\n", encoding="utf-8")
        self._process = subprocess.Popen(
            [
                executable,
                "--headless",
                "--no-remote",
                "--profile",
                str(profile),
                "--remote-debugging-port",
                "0",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        address = None
        for line in self._process.stderr:
            if match := LISTENING.search(line):
                address = match.group(1)
                break
        if address is None:
            raise BiDiError(f"{executable} exited before its remote agent listened")
        threading.Thread(target=self._process.stderr.read, daemon=True).start()  # drained
        self._connection = ExitStack()
        self._socket = self._connection.enter_context(connect(f"{address}/session", max_size=None))
        self._ids = itertools.count(1)
        self._answers: dict[int, queue.Queue] = {}
        self._lock = threading.Lock()
        self.log: list[tuple[str, str]] = []
        self.requests: list[str] = []
        threading.Thread(target=self._receive, daemon=True).start()
        self.command("session.new", capabilities={})
        self.command("session.subscribe", events=["log.entryAdded", "network.beforeRequestSent"])
        self.context = self.command("browsingContext.getTree")["contexts"][0]["context"]

    def _receive(self) -> None:
        """Hand each answer to its command; keep each log entry."""
        for raw in self._socket:
            message = json.loads(raw)
            if "id" in message:
                with self._lock:
                    answer = self._answers.pop(message["id"], None)
                if answer is not None:
                    answer.put(message)
            elif message.get("method") == "log.entryAdded":
                entry = message["params"]
                self.log.append((entry.get("level", ""), entry.get("text") or ""))
            elif message.get("method") == "network.beforeRequestSent":
                if message["params"].get("context"):
                    self.requests.append(message["params"]["request"]["url"])

    def command(self, method: str, timeout: float = 300.0, **params) -> dict:
        """Send ``method`` with ``params``; its result.

        Raises:
            BiDiError: the browser answered with an error.
        """
        number, answer = next(self._ids), queue.Queue()
        with self._lock:
            self._answers[number] = answer
        self._socket.send(json.dumps({"id": number, "method": method, "params": params}))
        message = answer.get(timeout=timeout)
        if message.get("type") == "error":
            raise BiDiError(f"{method}: {message.get('error')}: {message.get('message')}")
        return message["result"]

    def navigate(self, url: str) -> None:
        """Open ``url`` in the browsing context, not waiting for it to load."""
        self.command("browsingContext.navigate", context=self.context, url=url, wait="none")

    def evaluate(self, expression: str) -> object:
        """The value of the JavaScript ``expression`` in the page (a promise awaited), as JSON
        gives it back.

        Raises:
            BiDiError: the expression threw.
        """
        source = f"(async () => JSON.stringify(await ({expression})))()"
        result = self.command(
            "script.evaluate",
            expression=source,
            target={"context": self.context},
            awaitPromise=True,
            resultOwnership="none",
        )
        if result["type"] == "exception":
            raise BiDiError(result["exceptionDetails"].get("text", "the script threw"))
        value = result["result"]
        return None if value["type"] == "undefined" else json.loads(value["value"])

    def keys(self, text: str, control: str | None = None) -> None:
        """Type ``text`` with the keyboard into the focused element (after ``control`` pressed
        with the Control key, if given: e.g. ``"a"`` selects all)."""
        steps = []
        if control:
            steps += [
                {"type": "keyDown", "value": "\ue009"},
                {"type": "keyDown", "value": control},
                {"type": "keyUp", "value": control},
                {"type": "keyUp", "value": "\ue009"},
            ]
        for char in text:
            steps += [{"type": "keyDown", "value": char}, {"type": "keyUp", "value": char}]
        self.command(
            "input.performActions",
            context=self.context,
            actions=[{"type": "key", "id": "keyboard", "actions": steps}],
        )

    def close(self) -> None:
        """End the session and Firefox."""
        try:
            self.command("browser.close", timeout=10)
        except Exception:  # noqa: BLE001 - closing a browser that already went away
            pass
        self._connection.close()
        try:
            self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._process.kill()
