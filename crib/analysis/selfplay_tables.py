"""Readers of the shipped self-play tables: seat crib values and pegging values.

* ``data/crib_selfplay.csv``: the mean crib for each rank pair and suitedness
  when the *other* player throws the Expert's discard from a random six,
  per seat (``dealer``: thrown into your own crib; ``pone``: into the
  dealer's).  Made by ``crib selfplay crib``.
* ``data/keep_frequencies.csv``: how often the Expert keeps each four ranks
  from a random six, per seat, against how often a random four has them
  (the likelihood ratio weights the opponent's holdings in the pegging
  solver).  Made by ``crib selfplay keep``.
* ``data/pegging_ev.csv``: for each rank-only keep and seat, the points the
  keeper and the opponent peg when both play the Expert and the opponent keeps
  its Expert discard from a random six.  Made by ``crib selfplay pegging``.

:func:`seat_tables` switches, within a ``with``, to the same two tables measured with the
Master's discard as the opponent's (``*_master.csv``, made by ``crib selfplay crib`` and
``crib selfplay pegging`` with ``--opponent master``): a Master variant of issue #42's
ladders reads them so, and nothing else does.

>>> v = seat_crib_value(5, 5, False, "dealer")
>>> 7.5 < v < 10.5
True
>>> peg_value((5, 5, 10, 13), "pone")["n"] > 0
True
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache

from crib.errors import CribError

__all__ = [
    "RANK_CHARS",
    "pair_label",
    "keep_label",
    "seat_crib_frame",
    "seat_crib_value",
    "pegging_frame",
    "peg_value",
    "peg_net",
    "keep_ratios",
    "keep_table",
    "seat_tables",
]

# the tables read: "" (the shipped ones, against the Expert's discard) or "_master"
_CRIB_SUFFIX: ContextVar[str] = ContextVar("crib_seat_crib_table", default="")
_PEG_SUFFIX: ContextVar[str] = ContextVar("crib_pegging_table", default="")
_KEEP_SUFFIX: ContextVar[str] = ContextVar("crib_keep_table", default="")
_OPPONENTS = {"expert": "", "master": "_master"}


@contextmanager
def seat_tables(
    crib: str = "expert", pegging: str = "expert", keeps: str = "expert"
) -> Iterator[None]:
    """Within: the seat crib table and the pegging table measured against ``crib``'s and
    ``pegging``'s discard as the opponent's ("expert": the shipped tables; "master"), and
    the keep frequencies (:func:`keep_ratios`) of ``keeps``' discard."""
    if any(x not in _OPPONENTS for x in (crib, pegging, keeps)):
        raise CribError(f"seat tables are measured against {' or '.join(_OPPONENTS)}")
    tokens = (
        _CRIB_SUFFIX.set(_OPPONENTS[crib]),
        _PEG_SUFFIX.set(_OPPONENTS[pegging]),
        _KEEP_SUFFIX.set(_OPPONENTS[keeps]),
    )
    try:
        yield
    finally:
        _CRIB_SUFFIX.reset(tokens[0])
        _PEG_SUFFIX.reset(tokens[1])
        _KEEP_SUFFIX.reset(tokens[2])


RANK_CHARS = "A23456789TJQK"
_SEATS = ("dealer", "pone")


def pair_label(lo: int, hi: int) -> str:
    """``'5-T'`` from ranks 1..13, low first.

    >>> pair_label(10, 5)
    '5-T'
    """
    lo, hi = sorted((lo, hi))
    return f"{RANK_CHARS[lo - 1]}-{RANK_CHARS[hi - 1]}"


def keep_label(ranks: tuple[int, ...] | list[int]) -> str:
    """``'A-2-3-4'`` from ranks 1..13 in any order.

    >>> keep_label([13, 1, 5, 5])
    'A-5-5-K'
    """
    return "-".join(RANK_CHARS[r - 1] for r in sorted(ranks))


def _seat(seat: str) -> str:
    if seat not in _SEATS:
        raise CribError(f"seat must be 'dealer' or 'pone', got {seat!r}")
    return seat


@cache
def seat_crib_frame():  # -> pd.DataFrame
    """``data/crib_selfplay.csv`` as a DataFrame (338 rows)."""
    import pandas as pd

    from crib.datafiles import data_path

    df = pd.read_csv(data_path("crib_selfplay.csv"), dtype={"suited": str}, keep_default_na=False)
    return df


def _csv_rows(name: str) -> list[dict[str, str]]:
    """A shipped table's rows as read (its "#" comment lines skipped), with the csv module."""
    import csv

    from crib.datafiles import data_path

    with data_path(name).open(newline="") as f:
        return list(csv.DictReader(ln for ln in f if not ln.startswith("#")))


def _rows(name: str, text: tuple[str, ...]) -> list[dict]:
    """The rows of a shipped table, its ``text`` columns as read and the rest as numbers
    (``n`` an int).  The csv module, not pandas: a page's first move reads these, and
    importing pandas would add 0.3 s to every kernel that plays or analyzes."""
    rows = _csv_rows(name)
    # an empty cell is pandas' NaN (a keep with no sample in a quick rebuild of the table)
    return [
        {k: v if k in text else int(v) if k == "n" else float(v or "nan") for k, v in r.items()}
        for r in rows
    ]


def _crib_index() -> dict[tuple[str, str, str], float]:
    return _crib_index_of(_CRIB_SUFFIX.get())


@cache
def _crib_index_of(suffix: str) -> dict[tuple[str, str, str], float]:
    return {
        (r["seat"], r["pair"], r["suited"]): r["mean"]
        for r in _rows(f"crib_selfplay{suffix}.csv", ("seat", "pair", "suited"))
    }


def seat_crib_value(lo: int, hi: int, suited: bool, seat: str) -> float:
    """Mean crib points for a thrown rank pair against an Expert's discard, by seat."""
    key = (_seat(seat), pair_label(lo, hi), "" if lo == hi else ("true" if suited else "false"))
    try:
        return _crib_index()[key]
    except KeyError:
        raise CribError(f"no seat-table entry for {key}") from None


@cache
def pegging_frame():  # -> pd.DataFrame
    """``data/pegging_ev.csv`` as a DataFrame (3,640 rows)."""
    import pandas as pd

    from crib.datafiles import data_path

    return pd.read_csv(data_path("pegging_ev.csv"))


def _peg_index() -> dict[tuple[str, str], dict]:
    return _peg_index_of(_PEG_SUFFIX.get())


@cache
def _peg_index_of(suffix: str) -> dict[tuple[str, str], dict]:
    return {(r["keep"], r["seat"]): r for r in _rows(f"pegging_ev{suffix}.csv", ("keep", "seat"))}


def peg_value(ranks: tuple[int, ...] | list[int], seat: str) -> dict:
    """The pegging-table row of a keep (four ranks 1..13) in a seat."""
    if len(ranks) != 4:
        raise CribError(f"a keep has 4 cards, got {len(ranks)}")
    return _peg_index()[(keep_label(ranks), _seat(seat))]


def peg_net(ranks: tuple[int, ...] | list[int], seat: str) -> float:
    """The keeper's pegging minus the opponent's (NaN where the table has no sample)."""
    return float(peg_value(ranks, seat)["net"])


def keep_ratios(seat: str | None, table: str | None = None) -> dict[tuple[int, ...], float]:
    """Keep likelihood ratios by rank multiset (sorted ranks 1..13), sizes 1 to 4.

    Size 4: ``ratio`` from ``data/keep_frequencies.csv`` for the keeper's seat
    (``None``: the mean of both seats' frequencies).  Sizes 1 to 3: the same for
    part of a keep: P(k cards drawn at random from the Expert's keep have these
    ranks) over P(k cards drawn from a full deck have them).

    ``table``: whose keeps, "" (the Expert's) or "_master" (the Master's,
    ``data/keep_frequencies_master.csv``); ``None``: :func:`keep_table`, the Expert's
    unless within ``seat_tables(keeps="master")``.

    >>> r = keep_ratios("pone")
    >>> r[(5, 5, 10, 13)] > 1 > r[(2, 7, 9, 13)], len(r)
    (True, 2379)
    """
    return _keep_ratios_of(seat, _KEEP_SUFFIX.get() if table is None else table)


def keep_table() -> str:
    """Whose keeps :func:`keep_ratios` reads now: "" (the Expert's) or "_master"."""
    return _KEEP_SUFFIX.get()


@cache
def _keep_ratios_of(seat: str | None, suffix: str) -> dict[tuple[int, ...], float]:
    from itertools import combinations
    from math import comb

    rows = _csv_rows(f"keep_frequencies{suffix}.csv")
    seats = _SEATS if seat is None else (_seat(seat),)
    freq: dict[tuple[int, ...], float] = {}
    for r in rows:
        if r["seat"] in seats:
            k = tuple(RANK_CHARS.index(x) + 1 for x in r["keep"].split("-"))
            # the shrunk ratio times the prior: a frequency that sums to about 1
            freq[k] = freq.get(k, 0.0) + float(r["ratio"]) * float(r["prior"]) / len(seats)
    tot = sum(freq.values())
    out: dict[tuple[int, ...], float] = {}
    marg: dict[tuple[int, ...], float] = {}
    for keep, p in freq.items():
        out[keep] = p / tot / _prior(keep, 4)
        for k in (1, 2, 3):
            for idx in combinations(range(4), k):
                sub = tuple(keep[i] for i in idx)
                marg[sub] = marg.get(sub, 0.0) + p / tot / comb(4, k)
    for sub, p in marg.items():
        out[sub] = p / _prior(sub, len(sub))
    return out


def _prior(ranks: tuple[int, ...], k: int) -> float:
    """P(k cards drawn from a full deck have these ranks)."""
    from math import comb

    w = 1
    for r in set(ranks):
        w *= comb(4, ranks.count(r))
    return w / comb(52, k)
