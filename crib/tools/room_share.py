"""Sharing a class server among its students (:class:`crib.tools.room.Room`): how many
page kernels the server holds, what it keeps free for classmates still to come, whom it
refuses and why, and whose closed pages a full server takes back.  Pure functions of the
counts, so the rule is tested without a server.
"""

from __future__ import annotations

from collections import Counter

__all__ = ["CLASS_SIZE", "MIN_PAGES", "total_cap", "reserve", "refusal", "evictable"]

MIN_PAGES = 2  # every address may have two pages while the server has room
CLASS_SIZE = 30  # a class when no --class-size says otherwise (crib serve --class)


def total_cap(class_size: int | None) -> int:
    """Page kernels the whole server may hold: two per student plus the teacher's and
    a few spare (the warm pools come on top).

    >>> total_cap(30), total_cap(None), total_cap(1)
    (68, 68, 10)
    """
    return 2 * (class_size or CLASS_SIZE) + 8


def reserve(here: Counter[str], students: int) -> int:
    """Pages kept free for classmates: ``MIN_PAGES`` for each expected student who holds
    no page yet (at least for one more device), and what each device here (``here``:
    address -> pages held or being given) still lacks of ``MIN_PAGES``.

    >>> reserve(Counter(), 4)  # nobody here: two for each of the 4
    8
    >>> reserve(Counter({"10.0.0.1": 4, "10.0.0.2": 1}), 4)  # two for each of 2, one for .2
    5
    """
    present = [n for n in here.values() if n > 0]
    missing = max(1, students - len(present))
    return MIN_PAGES * missing + sum(max(0, MIN_PAGES - n) for n in present)


def refusal(held: int, held_total: int, kept: int, per_client: int, total: int) -> str:
    """Why one more page for an address holding ``held`` would be refused ("" if not):
    "client" (at its own cap), "share" (a page beyond its first ``MIN_PAGES`` would eat
    into the ``kept`` reserve), "total" (the server, holding ``held_total``, is full).

    >>> refusal(4, 10, 0, 4, 16), refusal(2, 12, 4, 4, 16)
    ('client', 'share')
    >>> refusal(0, 16, 4, 4, 16), refusal(2, 10, 4, 4, 16)
    ('total', '')
    """
    if held >= per_client:
        return "client"
    if held >= MIN_PAGES and held_total + 1 + kept > total:
        return "share"
    if held_total >= total:
        return "total"
    return ""


def evictable(closed: list[tuple[str, str]], counts: Counter[str]) -> list[str]:
    """Of the closed pages (kernel, address; oldest first), those of the devices holding
    (``counts``) more than ``MIN_PAGES``, beyond their first ``MIN_PAGES``.

    >>> evictable([("k1", "a"), ("k2", "b"), ("k3", "a")], Counter({"a": 3, "b": 2}))
    ['k1']
    """
    left = Counter(counts)
    out = []
    for kid, ip in closed:
        if left[ip] > MIN_PAGES:
            left[ip] -= 1
            out.append(kid)
    return out
