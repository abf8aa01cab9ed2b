"""Serving the app with waitress: pure Python, threaded, and it streams Server-Sent Events.

Every open live stream holds one worker thread, so the pool is sized for a table of six
devices with room for the commands they send, not waitress's default of four. No request
body longer than the app's largest route takes (``web.limits``) is read: waitress refuses
it by its length.
"""
from __future__ import annotations

import errno
import fcntl
import socket
import struct
import threading
import time
from typing import Any

from flask import Flask
from waitress import wasyncore
from waitress.server import create_server

from web import limits

THREADS = 32
SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address


def make_server(app: Flask, host: str = "0.0.0.0", port: int = 8000) -> Any:
    """A waitress server bound now (port 0 picks a free one); ``.run()`` serves."""
    return create_server(app, host=host, port=port, threads=THREADS, channel_timeout=3600,
                         ident="table-companion", max_request_body_size=limits.largest() + 1)


def serve_in_thread(app: Flask, host: str = "127.0.0.1", port: int = 0) -> tuple[Any, str]:
    """A server on loopback (a free port by default) in a daemon thread: for tests. A port
    given again right after ``stop`` may take a moment to be free, as after a real restart."""
    deadline = time.monotonic() + 5
    while True:
        try:
            server = make_server(app, host, port)
            break
        except OSError as exc:
            if exc.errno != errno.EADDRINUSE or time.monotonic() > deadline:
                raise
            time.sleep(0.05)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    return server, f"http://{host}:{server.effective_port}"


def lan_address() -> str:
    """This machine's address as the phones on the same network see it: the first IPv4
    address of a network interface other than loopback (asked of the kernel, no traffic)."""
    for _, name in socket.if_nameindex():
        if name == "lo":
            continue
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                request = struct.pack("256s", name.encode()[:15])
                answer = fcntl.ioctl(probe.fileno(), SIOCGIFADDR, request)
            return socket.inet_ntoa(answer[20:24])
        except OSError:
            continue
    return "127.0.0.1"


def stop(server: Any) -> None:
    """Stop listening and drop every open connection, as the end of the process would:
    the devices' live streams see the server go away and reconnect by themselves. The
    server's own loop closes them (woken for it) and then ends; sockets closed from another
    thread could vanish under the select it is about to make, which then fails."""
    closed = threading.Event()

    def close() -> None:
        server.close()
        wasyncore.close_all(server._map)
        closed.set()

    server.trigger.pull_trigger(close)
    if not closed.wait(timeout=2):  # a server that was never run
        close()
    server.task_dispatcher.shutdown(cancel_pending=True, timeout=0.5)
