"""The class server's options (``crib serve --class``, ``--lan``, the caps and the
culler's times) and the :class:`~crib.tools.room.Room` they make, with the arguments
Voila is started with (:func:`class_setup`)."""

from __future__ import annotations

import socket
from typing import Any

from crib.tools.room import CULL_IDLE, HAND_GRACE, PER_CLIENT, Room, cull_every, total_cap
from crib.tools.room_share import CLASS_SIZE

__all__ = ["NUMBERS", "take_room_options", "class_setup", "lan_address"]


def lan_address() -> str:
    """The machine's address on its network: the source address of a route outwards
    (a UDP socket's connect sends nothing); 127.0.0.1 when there is no network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


NUMBERS = {  # option: (key, lowest, highest, unit), in the order --help lists them
    "--page-pool": ("page_pool", 1, 50, ""),
    "--max-pages": ("max_pages", 1, 1000, ""),
    "--max-pages-per-client": ("per_client", 1, 1000, ""),
    "--cull-after": ("cull_after", 1, 86400, " of seconds"),
    "--cull-grace": ("cull_grace", 0, 3600, " of seconds"),
}


def take_room_options(argv: list[str]) -> tuple[dict[str, Any], list[str]]:
    """Remove the class-server options from argv; returns (them, the rest).

    ``--class``: the teacher's key and the kernel caps (:mod:`crib.tools.room`);
    ``--lan`` (implies ``--class``): listen on every address and print the links with
    the machine's network address; ``--lan=ADDR``: listen on ADDR only;
    ``--max-pages N``, ``--max-pages-per-client N``: the caps; ``--cull-after S``: a page
    kernel with no page connected for S seconds is shut down (180); ``--cull-grace S``:
    but not within S seconds of being handed to its page (60); ``--page-pool N``: with a
    class, the warm kernels of every page but the student's (:func:`crib.tools.serve.main`).

    >>> opts, rest = take_room_options(["x", "--lan", "--max-pages=9", "--port=1"])
    >>> opts["class"], opts["lan"], opts["max_pages"], opts["per_client"], rest
    (True, '', 9, None, ['x', '--port=1'])
    >>> take_room_options(["x"])[0]["class"]
    False
    >>> opts = take_room_options(["--cull-after", "5", "--cull-grace=0"])[0]
    >>> opts  # doctest: +NORMALIZE_WHITESPACE
    {'class': False, 'lan': None, 'page_pool': None, 'max_pages': None, 'per_client': None,
     'cull_after': 5, 'cull_grace': 0}
    >>> take_room_options(["--max-pages-per-client", "0"])
    Traceback (most recent call last):
    ...
    SystemExit: --max-pages-per-client: expected a whole number from 1 to 1000, got '0'
    """
    opts: dict[str, Any] = {"class": False, "lan": None}
    opts.update({key: None for key, *_ in NUMBERS.values()})
    out: list[str] = []
    it = iter(argv)
    for a in it:
        name, eq, value = a.partition("=")
        if a == "--class":
            opts["class"] = True
        elif name == "--lan":
            opts["class"], opts["lan"] = True, value
        elif name in NUMBERS:
            key, lo, hi, unit = NUMBERS[name]
            raw = value if eq else next(it, "")
            if not raw.isdigit() or not lo <= int(raw) <= hi:
                raise SystemExit(
                    f"{name}: expected a whole number{unit} from {lo} to {hi}, got {raw!r}"
                )
            opts[key] = int(raw)
        else:
            out.append(a)
    return opts, out


def class_setup(
    size: int | None, opts: dict[str, Any], rest: list[str], key: str | None = None
) -> tuple[Room, str, list[str]]:
    """For ``--class`` (and ``--lan``): (the room, the host the links name, argv with the
    address and class-mode culling options, each only where the caller gave none).
    ``key``: the teacher's key shared by a school's servers (else a fresh one).
    Jupyter's idle culler gets ``--cull-after`` too (it culls the kernels of no page).

    >>> room, host, argv = class_setup(12, take_room_options(["--class"])[0], ["d"])
    >>> host, room.total, room.students, room.cull_after, room.hand_grace
    ('127.0.0.1', 32, 12, 180, 60.0)
    >>> argv[1:]
    ['--MappingKernelManager.cull_idle_timeout=180', '--MappingKernelManager.cull_interval=30']
    >>> opts = take_room_options(["--cull-after=3", "--cull-grace=8"])[0]
    >>> room, _h, argv = class_setup(4, opts, ["d"])
    >>> argv[1:]
    ['--MappingKernelManager.cull_idle_timeout=3', '--MappingKernelManager.cull_interval=1']
    >>> room.total, room.cull_after, room.hand_grace
    (16, 3, 8)
    >>> class_setup(30, take_room_options(["--max-pages-per-client=40"])[0], ["d"])[0].students
    1
    """
    given = {a.split("=", 1)[0] for a in rest}
    host, extra = "127.0.0.1", []
    if opts["lan"] is not None:  # --lan wins over a --Voila.ip given too
        rest = [a for a in rest if not a.startswith("--Voila.ip=")]
        host = opts["lan"] or lan_address()
        extra.append(f"--Voila.ip={opts['lan'] or '0.0.0.0'}")  # 0.0.0.0: the teacher's machine too
    elif "--Voila.ip" in given:
        ip = next(a for a in rest if a.startswith("--Voila.ip=")).split("=", 1)[1]
        host = lan_address() if ip in ("0.0.0.0", "", "::") else ip
    cull_after = opts.get("cull_after") or CULL_IDLE
    hand_grace = opts.get("cull_grace")
    for opt, value in (
        ("--MappingKernelManager.cull_idle_timeout", cull_after),
        ("--MappingKernelManager.cull_interval", cull_every(cull_after)),
    ):
        if opt not in given:
            extra.append(f"{opt}={value}")
    per_client = opts["per_client"] or PER_CLIENT
    total = opts["max_pages"] or total_cap(size)
    room = Room(
        key=key,
        per_client=per_client,
        total=total,
        # one device may hold over half the server: the class behind one address (a NAT)
        students=1 if 2 * per_client > total else size or CLASS_SIZE,
        cull_after=cull_after,
        hand_grace=HAND_GRACE if hand_grace is None else hand_grace,
    )
    return room, host, [*rest, *extra]
