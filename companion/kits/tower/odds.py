"""What the tray can show after a throw, exactly, under the simulated tower's model.

Win odds need the chance of every tray a throw can leave, not a sample of them: a player
deciding how many armies to send compares a dozen throws at once, and Monte Carlo noise of a
few points would rank them wrongly. The model (``companion.kits.tower.simulated``) has a
structure that makes the exact answer cheap:

* each cube inside is knocked loose on its own, with one chance for every cube, so the
  loose cubes of each colour are binomial, independent of each other;
* how many thrown cubes stick depends only on how many stuck cubes stayed, a short Markov
  chain over the number stuck so far;
* which thrown cubes stuck is a uniform choice, so given how many passed, the colours of the
  passed cubes are multivariate hypergeometric.

Only the colours a game watches (a battle's two sides and the peasants) get a dimension of
their own; every other colour is pooled, so the cost does not grow with the number of
players. ``tests/test_shogun_odds_tower.py`` checks it against the simulated tower's throws.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Mapping, Sequence

import numpy as np

from companion.kits.tower.simulated import TowerParams

NEGLIGIBLE = 1e-15
"""A combination of loose cubes less likely than this adds nothing a screen could show."""


@lru_cache(maxsize=8)
def _choose_table(n: int) -> np.ndarray:
    """Binomial coefficients C(i, j) for i, j <= n, as floats (a throw holds at most the
    box's few hundred cubes, far inside a float's range)."""
    table = np.zeros((n + 1, n + 1))
    table[:, 0] = 1.0
    for i in range(1, n + 1):
        table[i, 1:i + 1] = table[i - 1, :i] + table[i - 1, 1:i + 1]
    return table


def _stuck(steps: int, inside: int, params: TowerParams) -> np.ndarray:
    """``[t, remaining, s]``: the chance that ``s`` of the first ``t`` thrown cubes stick when
    ``remaining`` cubes stayed on the ledges, the model's chain run cube by cube."""
    remaining = np.arange(inside + 1)[:, None]
    stuck = np.arange(steps + 1)[None, :]
    hold = (1.0 - params.pass_through) / params.capacity
    chance = np.clip(hold * (params.capacity - remaining - stuck), 0.0, 1.0)
    out = np.zeros((steps + 1, inside + 1, steps + 1))
    out[0, :, 0] = 1.0
    for t in range(steps):
        sticks = out[t] * chance
        out[t + 1] = out[t] - sticks
        out[t + 1, :, 1:] += sticks[:, :-1]
    return out


def _passed_watched(totals: np.ndarray, held: int, t_rest: int, span: int, ways: np.ndarray,
                    params: TowerParams) -> np.ndarray:
    """``[k, L, s]``: the chance that, with ``L`` cubes knocked loose, ``s`` of the thrown cubes
    that pass are of the watched colours (the chain's count of passed cubes, then a uniform
    choice of which ones among the ``t_rest`` others and the watched)."""
    largest = int(totals[-1])
    chain = _stuck(largest, held, params)[totals][:, ::-1]                 # [k, L, S]
    p_idx = np.arange(largest + 1)
    s_of = totals[:, None] - p_idx[None, :]                                # [k, P]
    passed = np.where((s_of >= 0)[:, None, :],
                      np.take_along_axis(chain, np.clip(s_of, 0, largest)[:, None, :], axis=2),
                      0.0)                                                 # [k, L, P]
    other = p_idx[:, None] - np.arange(span + 1)[None, :]                  # [P, s]
    valid = (other >= 0) & (other <= t_rest)
    picks = np.where(valid, ways[t_rest, np.clip(other, 0, t_rest)], 0.0)
    whole = ways[totals[:, None], p_idx[None, :]]                          # [k, P]
    return passed @ (picks[None] / np.where(whole > 0, whole, np.inf)[:, :, None])


def _ways_watched(t_w: list[int], grow: int, most: int, ways: np.ndarray) -> np.ndarray:
    """``[k, x0, x1, ...]``: the ways to pick ``x0`` of the first watched colour's thrown
    cubes, ``x1`` of the second's..., in the throw with ``k`` more of colour ``grow``."""
    out = np.ones((most + 1,))
    for i, n in enumerate(t_w):
        counts = np.arange(most + 1) + n - most if i == grow else np.full(most + 1, n)
        x = np.arange(n + 1)
        axis = np.where(x[None, :] <= counts[:, None],
                        ways[np.broadcast_to(counts[:, None], (most + 1, n + 1)),
                             np.minimum(x[None, :], counts[:, None])], 0.0)
        out = out[..., None] * axis.reshape((most + 1,) + (1,) * (out.ndim - 1) + (-1,))
    return out


def tray_distribution(thrown: Mapping[str, int], inside: Mapping[str, int],
                      watched: Sequence[str], params: TowerParams | None = None) -> np.ndarray:
    """The chance of each tray, counted in the ``watched`` colours.

    ``result[k0, k1, ...]`` is the probability that the tray holds ``k0`` cubes of
    ``watched[0]``, ``k1`` of ``watched[1]`` and so on, whatever the other colours do; the
    axis of a colour runs from 0 to what was thrown plus what was inside.

    >>> odds = tray_distribution({"red": 1}, {}, ["red"])
    >>> round(float(odds[1]), 2)          # an empty tower lets a cube through with pass_through
    0.55
    """
    return tray_distributions(thrown, inside, watched, watched[0], 0, params)[0]


def tray_distributions(thrown: Mapping[str, int], inside: Mapping[str, int],
                       watched: Sequence[str], adding: str, most: int,
                       params: TowerParams | None = None) -> np.ndarray:
    """``tray_distribution`` for ``most + 1`` throws at once: ``result[k]`` is the throw with
    ``k`` more cubes of ``adding`` (a watched colour), as when a player weighs how many armies
    to send. The colour axes are as long as the largest throw needs (zero beyond a smaller one's)."""
    params = params or TowerParams()
    watched = list(watched)
    if len(set(watched)) != len(watched):
        raise ValueError(f"watched colours repeat: {watched}")
    grow = watched.index(adding)
    t_w = [int(thrown.get(c, 0)) + (most if i == grow else 0) for i, c in enumerate(watched)]
    i_w = [int(inside.get(c, 0)) for c in watched]
    first = sum(int(n) for n in thrown.values())
    held = sum(int(n) for n in inside.values())
    t_rest, i_rest = first - (sum(t_w) - most), held - sum(i_w)
    totals = first + np.arange(most + 1)                                   # [k]
    largest = first + most
    ways = _choose_table(max(largest, held, 1))

    loose = 1.0 - (1.0 - params.knock_per_cube) ** totals                 # [k]
    by_loose = _passed_watched(totals, held, t_rest, sum(t_w), ways, params)  # [k, L, s]
    w_loose = sum(i_w)
    mixed = np.zeros((most + 1, w_loose + 1, sum(t_w) + 1))
    for l_rest in range(i_rest + 1):
        chance = ways[i_rest, l_rest] * loose ** l_rest * (1.0 - loose) ** (i_rest - l_rest)
        mixed += chance[:, None, None] * by_loose[:, l_rest:l_rest + w_loose + 1]

    ways_w = _ways_watched(t_w, grow, most, ways)
    sums = sum(np.indices([n + 1 for n in t_w])) if t_w else np.zeros((), dtype=int)
    passing = [ways_w * mixed[:, n][:, sums] for n in range(w_loose + 1)]
    out = np.zeros([most + 1] + [t + i + 1 for t, i in zip(t_w, i_w)])
    singles = [ways[n, :n + 1][None, :] * loose[:, None] ** np.arange(n + 1)
               * (1.0 - loose[:, None]) ** (n - np.arange(n + 1)) for n in i_w]
    for ls in product(*[range(n + 1) for n in i_w]):
        chance = np.ones(most + 1)
        for dist, l in zip(singles, ls):
            chance = chance * dist[:, l]
        if chance.max() < NEGLIGIBLE:
            continue
        where = (slice(None),) + tuple(slice(l, l + t + 1) for l, t in zip(ls, t_w))
        out[where] += chance.reshape((-1,) + (1,) * len(t_w)) * passing[sum(ls)]
    return out
