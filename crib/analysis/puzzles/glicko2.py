"""Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2022), written out.

A rating is (r, RD, sigma) on the Glicko scale (1500 +- 350 to start).  One
:func:`update` is the paper's steps 1 to 8 for one player over one rating period
against the opponents and scores given; a puzzle attempt is a rating period of one
game for the learner (against the puzzle) and one for the puzzle (against the
learner), each updated from the other's rating *before* the attempt
(:func:`attempt`).  The registry's ``glicko2`` package (2.1.0) updates a player
object over a period but has had no release since January 2024 and holds no
puzzle/learner pair update; these 100 lines carry the paper's worked example as a
test instead of a dependency.  The paper rounds each step to 4 decimals (r' = 1464.06,
RD' = 151.52, sigma' = 0.05999); unrounded, r' = 1464.0506 and sigma' = 0.0599960.

>>> r = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0),
...                                      (Rating(1700, 300), 0)])
>>> round(r.mu, 4), round(r.phi, 4), round(r.sigma, 4)  # the paper's mu', phi', sigma'
(-0.2069, 0.8722, 0.06)
>>> abs(r.r - 1464.06) < 0.01, round(r.rd, 2), abs(r.sigma - 0.05999) < 1e-5
(True, 151.52, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["SCALE", "TAU", "Rating", "expected", "update", "attempt"]

SCALE = 173.7178  # Glicko points per Glicko-2 unit
TAU = 0.5  # the system constant: how much the volatility may change (0.3 to 1.2)
_EPS = 1e-6  # the convergence tolerance of step 5


@dataclass(frozen=True)
class Rating:
    """A Glicko rating: ``r`` (1500 to start), ``rd`` (its deviation, 350 to start) and
    ``sigma`` (the volatility, 0.06 to start)."""

    r: float = 1500.0
    rd: float = 350.0
    sigma: float = 0.06

    @property
    def mu(self) -> float:
        return (self.r - 1500.0) / SCALE

    @property
    def phi(self) -> float:
        return self.rd / SCALE


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(a: Rating, b: Rating) -> float:
    """The chance ``a`` scores against ``b`` (the learner solves the puzzle).

    >>> expected(Rating(1500, 50), Rating(1500, 50))
    0.5
    >>> expected(Rating(1700, 50), Rating(1500, 50)) > 0.7
    True
    """
    return _e(a.mu, b.mu, b.phi)


def _volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the new volatility by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        num = ex * (delta * delta - phi * phi - v - ex)
        den = 2.0 * (phi * phi + v + ex) ** 2
        return num / den - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    fa, fb = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPS:
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2.0
        big_b, fb = c, fc
    return math.exp(big_a / 2.0)


def update(player: Rating, games: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period of ``games`` ((opponent, score 0..1)).

    With no games only the deviation grows (step 6 alone).
    """
    mu, phi, sigma = player.mu, player.phi, player.sigma
    if not games:
        return Rating(player.r, SCALE * math.sqrt(phi * phi + sigma * sigma), sigma)
    v_inv = 0.0
    d = 0.0
    for opp, score in games:
        g = _g(opp.phi)
        e = _e(mu, opp.mu, opp.phi)
        v_inv += g * g * e * (1.0 - e)
        d += g * (score - e)
    v = 1.0 / v_inv
    delta = v * d
    sigma2 = _volatility(phi, sigma, delta, v, tau)
    phi_star = math.sqrt(phi * phi + sigma2 * sigma2)
    phi2 = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu2 = mu + phi2 * phi2 * d
    return Rating(1500.0 + SCALE * mu2, SCALE * phi2, sigma2)


def attempt(learner: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """Both ratings after one attempt: the learner won against the puzzle if ``solved``,
    the puzzle won otherwise; each is updated from the other's rating before it.

    >>> a, p = attempt(Rating(1500, 200), Rating(1500, 200), True)
    >>> a.r > 1500 > p.r, round(a.r - 1500, 6) == round(1500 - p.r, 6)
    (True, True)
    """
    s = 1.0 if solved else 0.0
    return update(learner, [(puzzle, s)]), update(puzzle, [(learner, 1.0 - s)])
