"""The generator of the per-level kernels of the compiled pegging minimax.

``python -m crib.analysis.play.jit_gen`` rewrites ``jit_levels.py`` (levels 1-7, then
``_node``, the dispatch by level) between its ``generated`` markers; it says it is
generated (so it is exempt from the 400-line cap), and a test checks it is what
:func:`level_source` gives.  The
kernels call the step rule's compiled twin (``jit_core._after_card`` / ``_after_go``)
rather than restating it, and :mod:`crib.analysis.play.jit_cache` clears their numba
cache when any source they depend on changes: nothing is deleted by hand.

Why the generator stays (issue 23, point 9).  A self-recursive kernel can be cached
only with care: numba issue #6061 (https://github.com/numba/numba/issues/6061, open
since 2020) reports a segmentation fault when a recursive ``cache=True`` function is
loaded from a non-empty cache, and #6713, closed as its duplicate, shows it triggered
when a recursive call's argument types differ from the signature.
``jit_board._bnode`` is recursive and cached safely because its signature is explicit
and every recursive call passes exactly those types (a typed zero, never a literal).
The minimax could follow the same discipline, but its per-level kernels are the
measured fast path: one function per level gives a fixed, acyclic call graph that
LLVM inlines and specialises (the memo look-up only at the levels that use it).
Folding them into one recursive kernel would trade that speed for ~200 fewer
generated lines, against the rule "no behaviour change, benches within noise".  So
the generator stays, as this one file, and writes one generated file.
"""

from __future__ import annotations

from pathlib import Path

from crib.analysis.play.jit_core import _ARGS, _LEVELS, _MEMO_CARDS, _MEMO_FROM

__all__ = ["level_source", "node_source", "FILES", "write"]

HERE = Path(__file__).resolve().parent
FILES = {HERE / "jit_levels.py": (1, _LEVELS)}

# the memo look-up's hit test: one line of the generated source, in two here
_HIT = (
    "e >> 16 == stamp and _ld(mp, slot) == k1 and _ld(mp, slot + 1) == k2 "
    "and _ld(mp, slot + 2) == k3"
)


# level 1, in closed form: one card is left, so no move loop and no go branch to search
_LAST = f'''

@_jit(_SIG)
def _n1({_ARGS}):  # type: ignore[no-untyped-def]
    """Net margin for the mover with 1 card left in both hands (exact, whatever the window)."""
    h = a | b
    r = (63 - _ctlz(h)) >> 2  # the last card's rank
    fit = _FIT[31 - count]
    if a & fit:  # the mover plays it: the last card of the play
        pts, c, _nt, _ns = _step(count, tail, streak, r)
        extra, _oc = _after_card(c, 0, 0, gl & 1)
        return pts + extra
    gp, oc = _after_go(b & fit, gl & 1, (gl >> 1) - 1, a, b)
    if oc == _OTHER:  # the other plays it on this pile
        pts, c, _nt, _ns = _step(count, tail, streak, r)
        extra, _oc = _after_card(c, 0, 0, 1)
        return -(pts + extra)
    # a new count: whoever leads plays it alone (no points but the last card's)
    pts, c, _nt, _ns = _step(0, 0, 0, r)
    extra, _oc = _after_card(c, 0, 0, 0)
    return gp + (pts + extra if oc == _RESET_MOVER else -(pts + extra))
'''


def level_source(
    first: int = 1,
    levels: int = _LEVELS,
    memo_cards: int = _MEMO_CARDS,
    memo_from: int = _MEMO_FROM,
) -> str:
    """The source of the per-level kernels ``_n1 .. _nK`` and ``_m2 .. _mK``.

    ``_nK`` is any node with K cards left in both hands (it plays its best card,
    or says go when the mover has no card that fits); ``_mK`` the same moves
    for the go branches (``_n1``, one card left, is a closed form: :data:`_LAST`).
    One function per level and no recursion: the fixed
    call graph compiles to faster code, and caches safely (see the module docstring).
    The text is kept in a real file (``jit_levels.py``) so that numba can cache it; a
    test checks it is what this function generates.
    """

    def moves(n: int, indent: str) -> str:
        """The move loop over ``m`` (the mover's cards that fit): sets ``best``."""
        child = f"_n{n - 1}"
        if n == 1:
            body = """\
    extra, oc = _after_card(c, 0, 0, gl & 1)  # the last card (oc is the end)
    x = pts + extra
"""
        else:
            body = f"""\
    a2 = a - (1 << (4 * r))
    extra, oc = _after_card(c, a2, b, gl & 1)  # the step rule (extra: 0, cards remain)
    if oc == _RESET_OTHER:
        x = pts - {child}(b, a2, 0, 0, 0, _GL_RESET, pts - beta, pts - alpha, mp)
    elif oc == _RESET_MOVER:
        x = pts + {child}(a2, b, 0, 0, 0, _GL_RESET, alpha - pts, beta - pts, mp)
    elif oc == _MOVER:
        x = pts + {child}(a2, b, c, nt, ns, (gl & 1) | 4, alpha - pts, beta - pts, mp)
    else:
        x = pts - {child}(b, a2, c, nt, ns, 0, pts - beta, pts - alpha, mp)
"""
        text = f"""\
best = -_INF
nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
hot = nz & (_SCORES[count] | (1 << (4 * (tail & 15))))  # the cards that make 15, 31 or a pair
while nz:  # the cards that score first, then high cards first: better cut-offs
    hb = 63 - _ctlz(hot if hot else nz)
    nz ^= 1 << hb
    hot &= nz
    r = hb >> 2
    pts, c, nt, ns = _step(count, tail, streak, r)
{body}    if x > best:
        best = x
        if best > alpha:
            alpha = best
            if alpha >= beta:
                break
"""
        return "".join(indent + line if line.strip() else line for line in text.splitlines(True))

    out = []
    for n in range(first, levels + 1):
        if n == 1:
            out.append(_LAST)
            continue
        out.append(f'''

@_jit(_SIG)
def _m{n}({_ARGS}):  # type: ignore[no-untyped-def]
    """The mover, who has a card that fits, plays the best card ({n} cards left)."""
    m = a & _FIT[31 - count]
{moves(n, "    ")}    return best
''')
        if memo_from <= n <= memo_cards:
            look = f"""\
    tail, streak = _cut(tail, streak, _held_mask(a, b))
    k1 = a | (gl << 58)
    k2 = b | (count << 56)
    k3 = tail | (streak << 56)
    slot = _slot(k1, k2, k3)
    stamp = _ld(mp, -1)  # the analysis's stamp, before the table
    e = _ld(mp, slot + 3)
    if {_HIT}:
        return (e & 0xFFFF) - 0x8000
    alpha = -_INF  # exact values only in the table
    beta = _INF
"""
            store = """\
    _st(mp, slot, k1)
    _st(mp, slot + 1, k2)
    _st(mp, slot + 2, k3)
    _st(mp, slot + 3, (stamp << 16) | (v + 0x8000))
"""
        else:
            look = store = ""
        out.append(f'''

@_jit(_SIG)
def _n{n}({_ARGS}):  # type: ignore[no-untyped-def]
    """Net margin for the mover with {n} cards left in both hands (fail-soft alpha-beta)."""
{look}    fit = _FIT[31 - count]
    m = a & fit
    if m:
{moves(n, "        ")}        v = best
    else:  # the mover cannot play: the step rule after a go
        gp, oc = _after_go(b & fit, gl & 1, (gl >> 1) - 1, a, b)
        if oc == _OTHER:
            v = -_m{n}(b, a, count, tail, streak, 1 | ((2 - (gl >> 1)) << 1), -beta, -alpha, mp)
        elif oc == _RESET_MOVER:
            v = gp + _m{n}(a, b, 0, 0, 0, _GL_RESET, alpha - gp, beta - gp, mp)
        else:
            v = gp - _m{n}(b, a, 0, 0, 0, _GL_RESET, gp - beta, gp - alpha, mp)
{store}    return v
''')
    if levels == _LEVELS:
        out.append(node_source(levels))
    return "".join(out)


def node_source(levels: int = _LEVELS) -> str:
    """The source of ``_node``: the search from a node with ``n`` cards left in both
    hands (1 to ``levels``), dispatched to ``_n{n}``; written after the last level."""
    calls = "".join(f"    if n == {n}:\n        return _n{n}({_ARGS})\n" for n in range(1, levels))
    return f'''

@_jit(_SIG.replace("int64(int64, ", "int64(int64, int64, ", 1))
def _node(n, {_ARGS}):  # type: ignore[no-untyped-def]
    """``_n{{n}}``: the search from a node with n (1 to {levels}) cards left in both hands."""
{calls}    return _n{levels}({_ARGS})
'''


def generated_part(path: Path) -> str:
    """The text between a file's ``generated`` markers."""
    src = path.read_text()
    start = src.index("# <generated levels>")
    return src[src.index("\n", start) + 1 : src.index("# </generated levels>")]


def write() -> None:
    """Rewrite each levels file's generated part."""
    for path, (first, last) in FILES.items():
        src = path.read_text()
        old = generated_part(path)
        path.write_text(src.replace(old, level_source(first, last)))


if __name__ == "__main__":
    write()
