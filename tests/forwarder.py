"""A TCP forwarder in a process of its own, to drop a page's connection as a network would
(kill -9 the forwarder): ``127.0.0.1:<its port>`` -> ``127.0.0.1:<target>``, its outgoing
side bound to ``source`` (another loopback address is another device, as the server
sees it).  Used by the class-safety probes (tests/test_room_safety.py) and the dropped
classmate page (tests/browser/test_duel_drop.py)."""

from __future__ import annotations

import subprocess
import sys

from tests.browser.server import free_port

SCRIPT = r"""
import asyncio, sys
listen, target, source = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]

async def pipe(r, w):
    try:
        while data := await r.read(65536):
            w.write(data)
            await w.drain()
    except Exception:
        pass
    finally:
        w.close()

async def handle(cr, cw):
    sr, sw = await asyncio.open_connection("127.0.0.1", target, local_addr=(source, 0))
    await asyncio.gather(pipe(cr, sw), pipe(sr, cw))

async def main():
    srv = await asyncio.start_server(handle, "127.0.0.1", listen)
    print("ready", flush=True)
    async with srv:
        await srv.serve_forever()

asyncio.run(main())
"""


def start_forwarder(target: int, source: str = "127.0.0.2") -> tuple[subprocess.Popen, int]:
    """A running forwarder to ``target`` from ``source``: (its process, the port to use)."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, str(port), str(target), source],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    return proc, port
