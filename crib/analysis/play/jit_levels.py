"""Generated: the per-level kernels 1 to 7 of the compiled pegging minimax, and ``_node``.

Do not edit by hand: ``python -m crib.analysis.play.jit_gen`` writes this file
from :func:`crib.analysis.play.jit_gen.level_source` (a test checks it is up to date).
Generated code is one file, exempt from the 400-line cap (tests/test_layers.py reads
the first word of this docstring).
"""
# ruff: noqa: E501

from crib.analysis.play.jit_core import (
    _FIT,
    _GL_RESET,
    _INF,
    _MOVER,
    _NIBBLES,
    _OTHER,
    _RESET_MOVER,
    _RESET_OTHER,
    _SCORES,
    _SIG,
    _after_card,
    _after_go,
    _ctlz,
    _cut,
    _held_mask,
    _jit,
    _ld,
    _slot,
    _st,
    _step,
)

# <generated levels>


@_jit(_SIG)
def _n1(a, b, count, tail, streak, gl, alpha, beta, mp):  # type: ignore[no-untyped-def]
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


@_jit(_SIG)
def _m2(a, b, count, tail, streak, gl, alpha, beta, mp):  # type: ignore[no-untyped-def]
    """The mover, who has a card that fits, plays the best card (2 cards left)."""
    m = a & _FIT[31 - count]
    best = -_INF
    nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
    hot = nz & (_SCORES[count] | (1 << (4 * (tail & 15))))  # the cards that make 15, 31 or a pair
    while nz:  # the cards that score first, then high cards first: better cut-offs
        hb = 63 - _ctlz(hot if hot else nz)
        nz ^= 1 << hb
        hot &= nz
        r = hb >> 2
        pts, c, nt, ns = _step(count, tail, streak, r)
        a2 = a - (1 << (4 * r))
        extra, oc = _after_card(c, a2, b, gl & 1)  # the step rule (extra: 0, cards remain)
        if oc == _RESET_OTHER:
            x = pts - _n1(b, a2, 0, 0, 0, _GL_RESET, pts - beta, pts - alpha, mp)
        elif oc == _RESET_MOVER:
            x = pts + _n1(a2, b, 0, 0, 0, _GL_RESET, alpha - pts, beta - pts, mp)
        elif oc == _MOVER:
            x = pts + _n1(a2, b, c, nt, ns, (gl & 1) | 4, alpha - pts, beta - pts, mp)
        else:
            x = pts - _n1(b, a2, c, nt, ns, 0, pts - beta, pts - alpha, mp)
        if x > best:
            best = x
            if best > alpha:
                alpha = best
                if alpha >= beta:
                    break
    return best


@_jit(_SIG)
def _n2(a, b, count, tail, streak, gl, alpha, beta, mp):  # type: ignore[no-untyped-def]
    """Net margin for the mover with 2 cards left in both hands (fail-soft alpha-beta)."""
    fit = _FIT[31 - count]
    m = a & fit
    if m:
        best = -_INF
        nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
        hot = nz & (_SCORES[count] | (1 << (4 * (tail & 15))))  # the cards that make 15, 31 or a pair
        while nz:  # the cards that score first, then high cards first: better cut-offs
            hb = 63 - _ctlz(hot if hot else nz)
            nz ^= 1 << hb
            hot &= nz
            r = hb >> 2
            pts, c, nt, ns = _step(count, tail, streak, r)
            a2 = a - (1 << (4 * r))
            extra, oc = _after_card(c, a2, b, gl & 1)  # the step rule (extra: 0, cards remain)
            if oc == _RESET_OTHER:
                x = pts - _n1(b, a2, 0, 0, 0, _GL_RESET, pts - beta, pts - alpha, mp)
            elif oc == _RESET_MOVER:
                x = pts + _n1(a2, b, 0, 0, 0, _GL_RESET, alpha - pts, beta - pts, mp)
            elif oc == _MOVER:
                x = pts + _n1(a2, b, c, nt, ns, (gl & 1) | 4, alpha - pts, beta - pts, mp)
            else:
                x = pts - _n1(b, a2, c, nt, ns, 0, pts - beta, pts - alpha, mp)
            if x > best:
                best = x
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        v = best
    else:  # the mover cannot play: the step rule after a go
        gp, oc = _after_go(b & fit, gl & 1, (gl >> 1) - 1, a, b)
        if oc == _OTHER:
            v = -_m2(b, a, count, tail, streak, 1 | ((2 - (gl >> 1)) << 1), -beta, -alpha, mp)
        elif oc == _RESET_MOVER:
            v = gp + _m2(a, b, 0, 0, 0, _GL_RESET, alpha - gp, beta - gp, mp)
        else:
            v = gp - _m2(b, a, 0, 0, 0, _GL_RESET, gp - beta, gp - alpha, mp)
    return v


@_jit(_SIG)
def _m3(a, b, count, tail, streak, gl, alpha, beta, mp):  # type: ignore[no-untyped-def]
    """The mover, who has a card that fits, plays the best card (3 cards left)."""
    m = a & _FIT[31 - count]
    best = -_INF
    nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
    hot = nz & (_SCORES[count] | (1 << (4 * (tail & 15))))  # the cards that make 15, 31 or a pair
    while nz:  # the cards that score first, then high cards first: better cut-offs
        hb = 63 - _ctlz(hot if hot else nz)
        nz ^= 1 << hb
        hot &= nz
        r = hb >> 2
        pts, c, nt, ns = _step(count, tail, streak, r)
        a2 = a - (1 << (4 * r))
        extra, oc = _after_card(c, a2, b, gl & 1)  # the step rule (extra: 0, cards remain)
        if oc == _RESET_OTHER:
            x = pts - _n2(b, a2, 0, 0, 0, _GL_RESET, pts - beta, pts - alpha, mp)
        elif oc == _RESET_MOVER:
            x = pts + _n2(a2, b, 0, 0, 0, _GL_RESET, alpha - pts, beta - pts, mp)
        elif oc == _MOVER:
            x = pts + _n2(a2, b, c, nt, ns, (gl & 1) | 4, alpha - pts, beta - pts, mp)
        else:
            x = pts - _n2(b, a2, c, nt, ns, 0, pts - beta, pts - alpha, mp)
        if x > best:
            best = x
            if best > alpha:
                alpha = best
                if alpha >= beta:
                    break
    return best


@_jit(_SIG)
def _n3(a, b, count, tail, streak, gl, alpha, beta, mp):  # type: ignore[no-untyped-def]
    """Net margin for the mover with 3 cards left in both hands (fail-soft alpha-beta)."""
    tail, streak = _cut(tail, streak, _held_mask(a, b))
    k1 = a | (gl << 58)
    k2 = b | (count << 56)
    k3 = tail | (streak << 56)
    slot = _slot(k1, k2, k3)
    stamp = _ld(mp, -1)  # the analysis's stamp, before the table
    e = _ld(mp, slot + 3)
    if e >> 16 == stamp and _ld(mp, slot) == k1 and _ld(mp, slot + 1) == k2 and _ld(mp, slot + 2) == k3:
        return (e & 0xFFFF) - 0x8000
    alpha = -_INF  # exact values only in the table
    beta = _INF
    fit = _FIT[31 - count]
    m = a & fit
    if m:
        best = -_INF
        nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
        hot = nz & (_SCORES[count] | (1 << (4 * (tail & 15))))  # the cards that make 15, 31 or a pair
        while nz:  # the cards that score first, then high cards first: better cut-offs
            hb = 63 - _ctlz(hot if hot else nz)
            nz ^= 1 << hb
            hot &= nz
            r = hb >> 2
            pts, c, nt, ns = _step(count, tail, streak, r)
            a2 = a - (1 << (4 * r))
            extra, oc = _after_card(c, a2, b, gl & 1)  # the step rule (extra: 0, cards remain)
            if oc == _RESET_OTHER:
                x = pts - _n2(b, a2, 0, 0, 0, _GL_RESET, pts - beta, pts - alpha, mp)
            elif oc == _RESET_MOVER:
                x = pts + _n2(a2, b, 0, 0, 0, _GL_RESET, alpha - pts, beta - pts, mp)
            elif oc == _MOVER:
                x = pts + _n2(a2, b, c, nt, ns, (gl & 1) | 4, alpha - pts, beta - pts, mp)
            else:
                x = pts - _n2(b, a2, c, nt, ns, 0, pts - beta, pts - alpha, mp)
            if x > best:
                best = x
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        v = best
    else:  # the mover cannot play: the step rule after a go
        gp, oc = _after_go(b & fit, gl & 1, (gl >> 1) - 1, a, b)
        if oc == _OTHER:
            v = -_m3(b, a, count, tail, streak, 1 | ((2 - (gl >> 1)) << 1), -beta, -alpha, mp)
        elif oc == _RESET_MOVER:
            v = gp + _m3(a, b, 0, 0, 0, _GL_RESET, alpha - gp, beta - gp, mp)
        else:
            v = gp - _m3(b, a, 0, 0, 0, _GL_RESET, gp - beta, gp - alpha, mp)
    _st(mp, slot, k1)
    _st(mp, slot + 1, k2)
    _st(mp, slot + 2, k3)
    _st(mp, slot + 3, (stamp << 16) | (v + 0x8000))
    return v


@_jit(_SIG)
def _m4(a, b, count, tail, streak, gl, alpha, beta, mp):  # type: ignore[no-untyped-def]
    """The mover, who has a card that fits, plays the best card (4 cards left)."""
    m = a & _FIT[31 - count]
    best = -_INF
    nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
    hot = nz & (_SCORES[count] | (1 << (4 * (tail & 15))))  # the cards that make 15, 31 or a pair
    while nz:  # the cards that score first, then high cards first: better cut-offs
        hb = 63 - _ctlz(hot if hot else nz)
        nz ^= 1 << hb
        hot &= nz
        r = hb >> 2
        pts, c, nt, ns = _step(count, tail, streak, r)
        a2 = a - (1 << (4 * r))
        extra, oc = _after_card(c, a2, b, gl & 1)  # the step rule (extra: 0, cards remain)
        if oc == _RESET_OTHER:
            x = pts - _n3(b, a2, 0, 0, 0, _GL_RESET, pts - beta, pts - alpha, mp)
        elif oc == _RESET_MOVER:
            x = pts + _n3(a2, b, 0, 0, 0, _GL_RESET, alpha - pts, beta - pts, mp)
        elif oc == _MOVER:
            x = pts + _n3(a2, b, c, nt, ns, (gl & 1) | 4, alpha - pts, beta - pts, mp)
        else:
            x = pts - _n3(b, a2, c, nt, ns, 0, pts - beta, pts - alpha, mp)
        if x > best:
            best = x
            if best > alpha:
                alpha = best
                if alpha >= beta:
                    break
    return best


@_jit(_SIG)
def _n4(a, b, count, tail, streak, gl, alpha, beta, mp):  # type: ignore[no-untyped-def]
    """Net margin for the mover with 4 cards left in both hands (fail-soft alpha-beta)."""
    fit = _FIT[31 - count]
    m = a & fit
    if m:
        best = -_INF
        nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
        hot = nz & (_SCORES[count] | (1 << (4 * (tail & 15))))  # the cards that make 15, 31 or a pair
        while nz:  # the cards that score first, then high cards first: better cut-offs
            hb = 63 - _ctlz(hot if hot else nz)
            nz ^= 1 << hb
            hot &= nz
            r = hb >> 2
            pts, c, nt, ns = _step(count, tail, streak, r)
            a2 = a - (1 << (4 * r))
            extra, oc = _after_card(c, a2, b, gl & 1)  # the step rule (extra: 0, cards remain)
            if oc == _RESET_OTHER:
                x = pts - _n3(b, a2, 0, 0, 0, _GL_RESET, pts - beta, pts - alpha, mp)
            elif oc == _RESET_MOVER:
                x = pts + _n3(a2, b, 0, 0, 0, _GL_RESET, alpha - pts, beta - pts, mp)
            elif oc == _MOVER:
                x = pts + _n3(a2, b, c, nt, ns, (gl & 1) | 4, alpha - pts, beta - pts, mp)
            else:
                x = pts - _n3(b, a2, c, nt, ns, 0, pts - beta, pts - alpha, mp)
            if x > best:
                best = x
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        v = best
    else:  # the mover cannot play: the step rule after a go
        gp, oc = _after_go(b & fit, gl & 1, (gl >> 1) - 1, a, b)
        if oc == _OTHER:
            v = -_m4(b, a, count, tail, streak, 1 | ((2 - (gl >> 1)) << 1), -beta, -alpha, mp)
        elif oc == _RESET_MOVER:
            v = gp + _m4(a, b, 0, 0, 0, _GL_RESET, alpha - gp, beta - gp, mp)
        else:
            v = gp - _m4(b, a, 0, 0, 0, _GL_RESET, gp - beta, gp - alpha, mp)
    return v


@_jit(_SIG)
def _m5(a, b, count, tail, streak, gl, alpha, beta, mp):  # type: ignore[no-untyped-def]
    """The mover, who has a card that fits, plays the best card (5 cards left)."""
    m = a & _FIT[31 - count]
    best = -_INF
    nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
    hot = nz & (_SCORES[count] | (1 << (4 * (tail & 15))))  # the cards that make 15, 31 or a pair
    while nz:  # the cards that score first, then high cards first: better cut-offs
        hb = 63 - _ctlz(hot if hot else nz)
        nz ^= 1 << hb
        hot &= nz
        r = hb >> 2
        pts, c, nt, ns = _step(count, tail, streak, r)
        a2 = a - (1 << (4 * r))
        extra, oc = _after_card(c, a2, b, gl & 1)  # the step rule (extra: 0, cards remain)
        if oc == _RESET_OTHER:
            x = pts - _n4(b, a2, 0, 0, 0, _GL_RESET, pts - beta, pts - alpha, mp)
        elif oc == _RESET_MOVER:
            x = pts + _n4(a2, b, 0, 0, 0, _GL_RESET, alpha - pts, beta - pts, mp)
        elif oc == _MOVER:
            x = pts + _n4(a2, b, c, nt, ns, (gl & 1) | 4, alpha - pts, beta - pts, mp)
        else:
            x = pts - _n4(b, a2, c, nt, ns, 0, pts - beta, pts - alpha, mp)
        if x > best:
            best = x
            if best > alpha:
                alpha = best
                if alpha >= beta:
                    break
    return best


@_jit(_SIG)
def _n5(a, b, count, tail, streak, gl, alpha, beta, mp):  # type: ignore[no-untyped-def]
    """Net margin for the mover with 5 cards left in both hands (fail-soft alpha-beta)."""
    fit = _FIT[31 - count]
    m = a & fit
    if m:
        best = -_INF
        nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
        hot = nz & (_SCORES[count] | (1 << (4 * (tail & 15))))  # the cards that make 15, 31 or a pair
        while nz:  # the cards that score first, then high cards first: better cut-offs
            hb = 63 - _ctlz(hot if hot else nz)
            nz ^= 1 << hb
            hot &= nz
            r = hb >> 2
            pts, c, nt, ns = _step(count, tail, streak, r)
            a2 = a - (1 << (4 * r))
            extra, oc = _after_card(c, a2, b, gl & 1)  # the step rule (extra: 0, cards remain)
            if oc == _RESET_OTHER:
                x = pts - _n4(b, a2, 0, 0, 0, _GL_RESET, pts - beta, pts - alpha, mp)
            elif oc == _RESET_MOVER:
                x = pts + _n4(a2, b, 0, 0, 0, _GL_RESET, alpha - pts, beta - pts, mp)
            elif oc == _MOVER:
                x = pts + _n4(a2, b, c, nt, ns, (gl & 1) | 4, alpha - pts, beta - pts, mp)
            else:
                x = pts - _n4(b, a2, c, nt, ns, 0, pts - beta, pts - alpha, mp)
            if x > best:
                best = x
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        v = best
    else:  # the mover cannot play: the step rule after a go
        gp, oc = _after_go(b & fit, gl & 1, (gl >> 1) - 1, a, b)
        if oc == _OTHER:
            v = -_m5(b, a, count, tail, streak, 1 | ((2 - (gl >> 1)) << 1), -beta, -alpha, mp)
        elif oc == _RESET_MOVER:
            v = gp + _m5(a, b, 0, 0, 0, _GL_RESET, alpha - gp, beta - gp, mp)
        else:
            v = gp - _m5(b, a, 0, 0, 0, _GL_RESET, gp - beta, gp - alpha, mp)
    return v


@_jit(_SIG)
def _m6(a, b, count, tail, streak, gl, alpha, beta, mp):  # type: ignore[no-untyped-def]
    """The mover, who has a card that fits, plays the best card (6 cards left)."""
    m = a & _FIT[31 - count]
    best = -_INF
    nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
    hot = nz & (_SCORES[count] | (1 << (4 * (tail & 15))))  # the cards that make 15, 31 or a pair
    while nz:  # the cards that score first, then high cards first: better cut-offs
        hb = 63 - _ctlz(hot if hot else nz)
        nz ^= 1 << hb
        hot &= nz
        r = hb >> 2
        pts, c, nt, ns = _step(count, tail, streak, r)
        a2 = a - (1 << (4 * r))
        extra, oc = _after_card(c, a2, b, gl & 1)  # the step rule (extra: 0, cards remain)
        if oc == _RESET_OTHER:
            x = pts - _n5(b, a2, 0, 0, 0, _GL_RESET, pts - beta, pts - alpha, mp)
        elif oc == _RESET_MOVER:
            x = pts + _n5(a2, b, 0, 0, 0, _GL_RESET, alpha - pts, beta - pts, mp)
        elif oc == _MOVER:
            x = pts + _n5(a2, b, c, nt, ns, (gl & 1) | 4, alpha - pts, beta - pts, mp)
        else:
            x = pts - _n5(b, a2, c, nt, ns, 0, pts - beta, pts - alpha, mp)
        if x > best:
            best = x
            if best > alpha:
                alpha = best
                if alpha >= beta:
                    break
    return best


@_jit(_SIG)
def _n6(a, b, count, tail, streak, gl, alpha, beta, mp):  # type: ignore[no-untyped-def]
    """Net margin for the mover with 6 cards left in both hands (fail-soft alpha-beta)."""
    fit = _FIT[31 - count]
    m = a & fit
    if m:
        best = -_INF
        nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
        hot = nz & (_SCORES[count] | (1 << (4 * (tail & 15))))  # the cards that make 15, 31 or a pair
        while nz:  # the cards that score first, then high cards first: better cut-offs
            hb = 63 - _ctlz(hot if hot else nz)
            nz ^= 1 << hb
            hot &= nz
            r = hb >> 2
            pts, c, nt, ns = _step(count, tail, streak, r)
            a2 = a - (1 << (4 * r))
            extra, oc = _after_card(c, a2, b, gl & 1)  # the step rule (extra: 0, cards remain)
            if oc == _RESET_OTHER:
                x = pts - _n5(b, a2, 0, 0, 0, _GL_RESET, pts - beta, pts - alpha, mp)
            elif oc == _RESET_MOVER:
                x = pts + _n5(a2, b, 0, 0, 0, _GL_RESET, alpha - pts, beta - pts, mp)
            elif oc == _MOVER:
                x = pts + _n5(a2, b, c, nt, ns, (gl & 1) | 4, alpha - pts, beta - pts, mp)
            else:
                x = pts - _n5(b, a2, c, nt, ns, 0, pts - beta, pts - alpha, mp)
            if x > best:
                best = x
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        v = best
    else:  # the mover cannot play: the step rule after a go
        gp, oc = _after_go(b & fit, gl & 1, (gl >> 1) - 1, a, b)
        if oc == _OTHER:
            v = -_m6(b, a, count, tail, streak, 1 | ((2 - (gl >> 1)) << 1), -beta, -alpha, mp)
        elif oc == _RESET_MOVER:
            v = gp + _m6(a, b, 0, 0, 0, _GL_RESET, alpha - gp, beta - gp, mp)
        else:
            v = gp - _m6(b, a, 0, 0, 0, _GL_RESET, gp - beta, gp - alpha, mp)
    return v


@_jit(_SIG)
def _m7(a, b, count, tail, streak, gl, alpha, beta, mp):  # type: ignore[no-untyped-def]
    """The mover, who has a card that fits, plays the best card (7 cards left)."""
    m = a & _FIT[31 - count]
    best = -_INF
    nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
    hot = nz & (_SCORES[count] | (1 << (4 * (tail & 15))))  # the cards that make 15, 31 or a pair
    while nz:  # the cards that score first, then high cards first: better cut-offs
        hb = 63 - _ctlz(hot if hot else nz)
        nz ^= 1 << hb
        hot &= nz
        r = hb >> 2
        pts, c, nt, ns = _step(count, tail, streak, r)
        a2 = a - (1 << (4 * r))
        extra, oc = _after_card(c, a2, b, gl & 1)  # the step rule (extra: 0, cards remain)
        if oc == _RESET_OTHER:
            x = pts - _n6(b, a2, 0, 0, 0, _GL_RESET, pts - beta, pts - alpha, mp)
        elif oc == _RESET_MOVER:
            x = pts + _n6(a2, b, 0, 0, 0, _GL_RESET, alpha - pts, beta - pts, mp)
        elif oc == _MOVER:
            x = pts + _n6(a2, b, c, nt, ns, (gl & 1) | 4, alpha - pts, beta - pts, mp)
        else:
            x = pts - _n6(b, a2, c, nt, ns, 0, pts - beta, pts - alpha, mp)
        if x > best:
            best = x
            if best > alpha:
                alpha = best
                if alpha >= beta:
                    break
    return best


@_jit(_SIG)
def _n7(a, b, count, tail, streak, gl, alpha, beta, mp):  # type: ignore[no-untyped-def]
    """Net margin for the mover with 7 cards left in both hands (fail-soft alpha-beta)."""
    fit = _FIT[31 - count]
    m = a & fit
    if m:
        best = -_INF
        nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
        hot = nz & (_SCORES[count] | (1 << (4 * (tail & 15))))  # the cards that make 15, 31 or a pair
        while nz:  # the cards that score first, then high cards first: better cut-offs
            hb = 63 - _ctlz(hot if hot else nz)
            nz ^= 1 << hb
            hot &= nz
            r = hb >> 2
            pts, c, nt, ns = _step(count, tail, streak, r)
            a2 = a - (1 << (4 * r))
            extra, oc = _after_card(c, a2, b, gl & 1)  # the step rule (extra: 0, cards remain)
            if oc == _RESET_OTHER:
                x = pts - _n6(b, a2, 0, 0, 0, _GL_RESET, pts - beta, pts - alpha, mp)
            elif oc == _RESET_MOVER:
                x = pts + _n6(a2, b, 0, 0, 0, _GL_RESET, alpha - pts, beta - pts, mp)
            elif oc == _MOVER:
                x = pts + _n6(a2, b, c, nt, ns, (gl & 1) | 4, alpha - pts, beta - pts, mp)
            else:
                x = pts - _n6(b, a2, c, nt, ns, 0, pts - beta, pts - alpha, mp)
            if x > best:
                best = x
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        v = best
    else:  # the mover cannot play: the step rule after a go
        gp, oc = _after_go(b & fit, gl & 1, (gl >> 1) - 1, a, b)
        if oc == _OTHER:
            v = -_m7(b, a, count, tail, streak, 1 | ((2 - (gl >> 1)) << 1), -beta, -alpha, mp)
        elif oc == _RESET_MOVER:
            v = gp + _m7(a, b, 0, 0, 0, _GL_RESET, alpha - gp, beta - gp, mp)
        else:
            v = gp - _m7(b, a, 0, 0, 0, _GL_RESET, gp - beta, gp - alpha, mp)
    return v


@_jit(_SIG.replace("int64(int64, ", "int64(int64, int64, ", 1))
def _node(n, a, b, count, tail, streak, gl, alpha, beta, mp):  # type: ignore[no-untyped-def]
    """``_n{n}``: the search from a node with n (1 to 7) cards left in both hands."""
    if n == 1:
        return _n1(a, b, count, tail, streak, gl, alpha, beta, mp)
    if n == 2:
        return _n2(a, b, count, tail, streak, gl, alpha, beta, mp)
    if n == 3:
        return _n3(a, b, count, tail, streak, gl, alpha, beta, mp)
    if n == 4:
        return _n4(a, b, count, tail, streak, gl, alpha, beta, mp)
    if n == 5:
        return _n5(a, b, count, tail, streak, gl, alpha, beta, mp)
    if n == 6:
        return _n6(a, b, count, tail, streak, gl, alpha, beta, mp)
    return _n7(a, b, count, tail, streak, gl, alpha, beta, mp)
# </generated levels>
