"""Find the designs behind the ``individual`` plans and write them to ``designs.py``.

Run from the repository's root::

    python -m scorebook.movements.generate            # every v from 4 to 64 (hours)
    python -m scorebook.movements.generate 44 57      # only these, the others kept as they are

Everything here is deterministic (fixed seeds), so a run finds the same designs again. The
module :mod:`scorebook.movements.individual` builds the plans from the written data and checks
every plan before it returns it; this script checks each design once more before writing it.

How each ``v`` is obtained (docs/movements.md says the same in words):

- ``v`` = 4n + 1: a cyclic whist tournament on a group ``G`` of order ``v`` (players are
  its elements, round ``g`` is the base round plus ``g``; the element ``g`` sits out). When
  -1 has a square root ω in the ring (Z_v for v = 5, 13, 17, 25, 29, 37, 41, 53, 61; the
  fields GF(9) and GF(49)) the base round is Moore's: the tables ``(x, ωx, -x, -ωx)``, one
  for each orbit of the multipliers ``{1, ω, -1, -ω}``; for 21, 33 and 45 a search; for 57 a
  search among the base rounds the multiplier 37 maps onto themselves
  (:func:`symmetric_base_round`).
- ``v`` = 4n: a cyclic tournament on ``Z_(v-1)`` plus a fixed player ∞ (a search). From 16
  players up ∞'s table in the base round is ``(∞, 1, 0, 2)``: his partner 0, his opponents 1
  and 2; for 60 the search seats ∞'s table too and runs in C (:func:`c_base_round`, which
  needs a C compiler). 64 players: the affine geometry AG(6, 2) instead (:func:`affine_64`).
  56 players: a product, Z_55 = Z_11 x Z_5 plus ∞, built from the tournament for 12
  (:func:`product_base`).
- 55 and 59 players: a cyclic plan on Z_v whose base round leaves 0, 1 and 2 out, the rounds
  taken j = 0, 3, 6, ...: for 55 most of its tables those of the product for 56
  (:func:`three_out_base`), for 59 a starter and matching search that lets each opponent
  difference fall short by one (:func:`three_out_search`).
- ``v`` = 4n + 3 from 15 up, but 55 and 59: the tournament for ``v + 1`` without ∞ (without
  player 64 for 63). In each round the three players of ∞'s table sit out, ``{j, j + 1,
  j + 2}`` in round ``j``; taking the rounds in the order ``j = 0, 3, 6, ...`` makes every
  player sit out once before anyone sits out twice.
- ``v`` = 4n + 2: the tournament for ``v - 1`` plus one player, who sits out in the first
  round and takes a player's seat in every other (that player sits out with the round's own
  sit-out): :func:`cyclic_added_moves`, or a search for 10 players (:class:`AddOne`).
- ``v`` = 7 and 11 (no cyclic tournament for 8 or 12 has ∞'s table in that shape): a direct
  search, round by round, for the sit-outs and the tables.

The searches: a base round is found in two steps, a *starter* (the partner pairs: every
difference once) and then a matching of partner pairs into tables that makes every difference
an opponent difference exactly twice (a depth-first search that always extends the most
constrained pair or difference). A starter whose matching search runs too long is dropped for
the next one.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations, permutations
from math import gcd
from pathlib import Path

from .individual import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    SHIPPED,
    Designs,
    build,
    check_individual,
    every_third,
)
from .plans import check, numbered

INFINITY = -1
Table = tuple[int, int, int, int]  # N, E, S, W; partners N-S and E-W
Pair = tuple[int, int]
OUTPUT = Path(__file__).with_name("designs.py")
SEED = 20240530
MATCH_LIMIT = 100_000  # search nodes per starter before the next starter is tried
GROUPS = {9: (3, 3), 49: (7, 7)}  # GF(9) and GF(49) (there is no cyclic Wh(9))


class Group:
    """An abelian group Z_m1 x Z_m2 x ..., its elements numbered 0..order-1 (mixed radix)."""

    def __init__(self, moduli: Sequence[int]) -> None:
        self.moduli = tuple(moduli)
        self.order = 1
        for modulus in self.moduli:
            self.order *= modulus
        digits = [self._digits(x) for x in range(self.order)]
        self.add = [[self._number(a, b, 1) for b in digits] for a in digits]
        self.sub = [[self._number(a, b, -1) for b in digits] for a in digits]
        self.neg = [self.sub[0][x] for x in range(self.order)]
        self.cls = [min(d, self.neg[d]) for d in range(self.order)]
        self.classes = sorted({self.cls[d] for d in range(1, self.order)})

    def _digits(self, x: int) -> tuple[int, ...]:
        out = []
        for modulus in self.moduli:
            x, digit = divmod(x, modulus)
            out.append(digit)
        return tuple(out)

    def _number(self, a: tuple[int, ...], b: tuple[int, ...], sign: int) -> int:
        number, scale = 0, 1
        for x, y, modulus in zip(a, b, self.moduli, strict=True):
            number += ((x + sign * y) % modulus) * scale
            scale *= modulus
        return number

    def diff(self, a: int, b: int) -> int:
        """The class {a - b, b - a} of two finite elements."""
        return self.cls[self.sub[a][b]]


# ---------------------------------------------------------------------------------------------
# Cyclic whist tournaments: Moore's construction, or starter and matching


def moore(v: int) -> list[Table] | None:
    """Moore's base round for v players when -1 has a square root ω in the ring: Z_v, or
    GF(p^2) for v = p^2 with p = 3 (mod 4) (there ω is i, with i^2 = -1); else None.

    The tables are (x, ωx, -x, -ωx), one for each orbit of {1, ω, -1, -ω} on the nonzero
    elements: the partner differences 2x·{1, ω, -1, -ω} and the opponent differences
    (1 - ω)x·{1, ω, -1, -ω} (each twice) run through every nonzero element.
    """
    times, omega, minus_one = _ring(v)
    if omega is None:
        return None
    seen: set[int] = set()
    tables: list[Table] = []
    for x in range(1, v):
        if x not in seen:
            ox = times(omega, x)
            orbit = (x, ox, times(minus_one, x), times(minus_one, ox))
            seen.update(orbit)
            tables.append(orbit)
    return tables


def _ring(v: int) -> tuple[Callable[[int, int], int], int | None, int]:
    """Multiplication, a square root of -1 (or None) and -1 in the ring of v elements whose
    additive group is GROUPS.get(v, Z_v)."""
    if v in GROUPS:  # GF(p^2) = Z_p[i]/(i^2 + 1); a + bi is the element a + p*b
        p = GROUPS[v][0]

        def field(x: int, y: int) -> int:
            (b, a), (d, c) = divmod(x, p), divmod(y, p)
            return (a * c - b * d) % p + p * ((a * d + b * c) % p)

        return field, p, p - 1
    omega = next((w for w in range(2, v) if (w * w + 1) % v == 0), None)
    return (lambda x, y: x * y % v), omega, v - 1


def starter(
    group: Group, free: Iterable[int], classes: Iterable[int], rng: random.Random
) -> list[Pair] | None:
    """Pair up ``free`` so that the pairs' differences are ``classes``, each once."""
    left = set(free)
    todo = sorted(classes, reverse=True)
    pairs: list[Pair] = []
    budget = [20_000]

    def extend(index: int) -> bool:
        budget[0] -= 1
        if index == len(todo) or budget[0] < 0:
            return index == len(todo)
        d = todo[index]
        options = [x for x in sorted(left) if group.add[x][d] in left]
        rng.shuffle(options)
        for x in options:
            y = group.add[x][d]
            left.difference_update((x, y))
            pairs.append((x, y))
            if extend(index + 1):
                return True
            pairs.pop()
            left.update((x, y))
        return False

    return pairs if extend(0) else None


class Matching:
    """Match partner pairs into tables so that opponent differences meet ``need`` exactly, or,
    with ``slack``, fall short of it by at most ``slack`` for each difference.

    A pair (a, c) and a pair (b, d) make the table (a, b, c, d): its opponent differences are
    a - b, a - d, c - b and c - d. The search keeps, for every pair and every difference, the
    tables still possible, and always branches on the one with the fewest.
    """

    def __init__(
        self, group: Group, pairs: Sequence[Pair], need: dict[int, int], slack: int = 0
    ) -> None:
        self.pairs = list(pairs)
        self.need = dict(need)
        self.slack = slack
        self.edges: list[tuple[int, int, Counter[int]]] = []
        for i, j in combinations(range(len(pairs)), 2):
            gives = Counter(self._differences(group, pairs[i], pairs[j]))
            if all(self.need.get(k, 0) >= n for k, n in gives.items()):
                self.edges.append((i, j, gives))
        self.by_pair: list[set[int]] = [set() for _ in pairs]
        self.by_class: dict[int, set[int]] = {k: set() for k in self.need}
        for e in range(len(self.edges)):
            self._link(e, True)
        self.matched = [False] * len(pairs)
        self.chosen: list[int] = []
        self.nodes = 0

    @staticmethod
    def _differences(group: Group, p: Pair, q: Pair) -> list[int]:
        return [group.diff(x, y) for x in p for y in q if x != INFINITY and y != INFINITY]

    def _link(self, e: int, alive: bool) -> None:
        i, j, gives = self.edges[e]
        for bucket in (self.by_pair[i], self.by_pair[j], *(self.by_class[k] for k in gives)):
            if alive:
                bucket.add(e)
            else:
                bucket.discard(e)

    def _choose(self, e: int) -> list[int]:
        i, j, gives = self.edges[e]
        self.matched[i] = self.matched[j] = True
        dead = set(self.by_pair[i] | self.by_pair[j])
        for k, n in gives.items():
            self.need[k] -= n
            dead.update(f for f in self.by_class[k] if self.edges[f][2][k] > self.need[k])
        for f in dead:
            self._link(f, False)
        return sorted(dead)

    def _undo(self, e: int, dead: list[int]) -> None:
        i, j, gives = self.edges[e]
        self.matched[i] = self.matched[j] = False
        for k, n in gives.items():
            self.need[k] += n
        for f in dead:
            self._link(f, True)

    def _tightest(self) -> set[int] | None:
        """The fewest tables among an unmatched pair's and an unmet difference's; None when
        every pair is matched and every difference has its due; an empty set at a dead end."""
        best: set[int] | None = None
        for i, done in enumerate(self.matched):
            if not done and (best is None or len(self.by_pair[i]) < len(best)):
                best = self.by_pair[i]
        if best is None:
            return None if all(left <= self.slack for left in self.need.values()) else set()
        for k, left in self.need.items():
            short = left - self.slack  # what difference k must still be given
            if short > 0 and sum(self.edges[f][2][k] for f in self.by_class[k]) < short:
                return set()
            if short > 0 and len(self.by_class[k]) < len(best):
                best = self.by_class[k]
        return best

    def search(self, limit: int) -> list[Table] | None:
        """The tables, or None when there are none (or the search passed ``limit`` nodes)."""
        if not self._extend(limit):
            return None
        tables = []
        for e in self.chosen:
            (a, c), (b, d) = self.pairs[self.edges[e][0]], self.pairs[self.edges[e][1]]
            tables.append((a, b, c, d))
        return tables

    def _extend(self, limit: int) -> bool:
        self.nodes += 1
        options = self._tightest()
        if options is None:
            return True
        if self.nodes > limit:
            return False
        for e in sorted(options):
            dead = self._choose(e)
            self.chosen.append(e)
            if self._extend(limit):
                return True
            self.chosen.pop()
            self._undo(e, dead)
        return False


def base_round(group: Group, fixed: list[Table], free: list[int], seed: int) -> list[Table]:
    """A base round: ``fixed`` plus tables on ``free`` making a whist tournament."""
    need = {k: 2 for k in group.classes}
    partnered: set[int] = set()
    for table in fixed:
        n, e, s, w = table
        for p, q in ((n, s), (e, w)):
            if INFINITY not in (p, q):
                partnered.add(group.diff(p, q))
        for k in Matching._differences(group, (n, s), (e, w)):
            need[k] -= 1
    classes = [k for k in group.classes if k not in partnered]
    return fixed + first_match(group, random.Random(seed), free, lambda: classes, need)


def infinity_base_round(group: Group, seed: int) -> list[Table]:
    """A base round on Z_m plus ∞ whose table with ∞ is free (∞'s partner is 0)."""
    need = {k: 2 for k in group.classes}
    classes, free = list(group.classes), range(1, group.order)
    first: list[Pair] = [(INFINITY, 0)]
    return first_match(group, random.Random(seed), free, lambda: classes, need, first)


def first_match(
    group: Group,
    rng: random.Random,
    free: Iterable[int],
    classes: Callable[[], list[int]],
    need: dict[int, int],
    first: Sequence[Pair] = (),
    slack: int = 0,
) -> list[Table]:
    """The tables of the first starter that matches: starters on ``free`` with the partner
    differences ``classes()`` (asked again for each starter), each with ``first`` and its
    pairs matched into tables that meet ``need`` (within ``slack``) in at most MATCH_LIMIT
    nodes, tried one after another."""
    free = list(free)
    while True:
        pairs = starter(group, free, classes(), rng)
        if pairs is not None:
            tables = Matching(group, [*first, *pairs], need, slack).search(MATCH_LIMIT)
            if tables is not None:
                return tables


# 60 players: the search below with ∞'s table left to it, as for 8 and 12 (none with (∞, 1, 0, 2)
# was found in hours, and no plan needs that shape: 59 players have their own, THREE_OUT_SEARCHED),
# run by cyclic_search.c, some thirty times faster than Matching: its seed, nodes a starter and
# starters (it finds the round at the 16th starter, in about a minute)
C_SEARCH = {60: (11, 2_000_000, 100)}
C_SOURCE = Path(__file__).with_name("cyclic_search.c")


def c_base_round(v: int, seed: int, nodes: int, starters: int) -> list[Table]:
    """The base round of a cyclic Wh(v) on Z_(v-1) plus ∞ (∞'s partner 0) found by
    ``cyclic_search.c``, compiled by the system's C compiler into a temporary directory."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        raise RuntimeError(f"the design for {v} players needs a C compiler (cc or gcc)")
    with tempfile.TemporaryDirectory() as folder:
        program = Path(folder) / "cyclic_search"
        subprocess.run([compiler, "-O2", "-o", str(program), str(C_SOURCE)], check=True)
        arguments = [str(program), str(v - 1), str(seed), str(nodes), str(starters)]
        found = subprocess.run(arguments, capture_output=True, text=True, check=False)
    if found.returncode != 0:
        raise RuntimeError(found.stderr.strip() or f"cyclic_search exited {found.returncode}")
    tables: list[Table] = []
    for line in found.stdout.splitlines():
        n, e, s, w = (int(x) for x in line.split())
        tables.append((n, e, s, w))
    return tables


def whist_design(v: int) -> tuple[tuple[int, ...], list[Table]]:
    """The group and base round of a cyclic Wh(v), v = 4n or 4n + 1."""
    if v % 4 == 1:
        moduli = GROUPS.get(v, (v,))
        found = moore(v)
        if found is None and v in MULTIPLIERS:
            found = symmetric_base_round(v, MULTIPLIERS[v], SEED + v)
        if found is None:
            found = base_round(Group(moduli), [], list(range(1, v)), SEED + v)
        return moduli, found
    group = Group((v - 1,))
    if v in C_SEARCH:
        return group.moduli, c_base_round(v, *C_SEARCH[v])
    if v < 16:  # no tournament for 8 or 12 has ∞'s table (∞, 1, 0, 2)
        return group.moduli, infinity_base_round(group, SEED + v)
    fixed: list[Table] = [(INFINITY, 1, 0, 2)]
    return group.moduli, base_round(group, fixed, list(range(3, v - 1)), SEED + v)


# ---------------------------------------------------------------------------------------------
# 57 players: a base round fixed by a multiplier of order 2

MULTIPLIERS = {57: 37}  # 37 = 1 (mod 3) and -1 (mod 19): 37 * 37 = 1 (mod 57)
Option = tuple[frozenset[int], tuple[Table, ...], Counter[int], Counter[int]]


def symmetric_base_round(v: int, m: int, seed: int) -> list[Table]:
    """A base round of a cyclic Wh(v), v = 4n + 1, that the multiplier ``m`` (m² = 1) maps onto
    itself, found by an exact-cover search over its tables.

    ``m`` fixes two players f and -f (19 and 38 for 57 and 37), who must then be partners; every
    other player x makes an *orbit* {x, mx}. The base round is made of one table (f, x, -f, mx)
    and tables of two orbits {x, mx}, {y, my} seated (x, y, mx, my), (x, mx, y, my) or
    (x, mx, my, y): each is its own image, so the round is. The search covers every orbit
    once, every difference once as partners and twice as opponents, branching on the orbit or
    partner difference with the fewest tables left, and starts again in another order (from
    ``seed``) when it passes a few thousand nodes."""
    group = Group((v,))
    fixed = [x for x in range(1, v) if (m - 1) * x % v == 0]
    check(len(fixed) == 2, f"{m} must fix exactly two players of Z_{v}")
    orbits: list[tuple[int, int]] = []
    seen = {0, *fixed}
    for x in range(1, v):
        if x not in seen:
            orbits.append((x, m * x % v))
            seen.update(orbits[-1])
    options: list[Option] = []

    def offer(used: Iterable[int], tables: tuple[Table, ...]) -> None:
        partners, opponents = _differences(group, tables)
        if max(partners.values()) <= 1 and max(opponents.values()) <= 2:
            options.append((frozenset(used), tables, partners, opponents))

    f = fixed[0]
    for i, (x, mx) in enumerate(orbits):
        offer((i, -1), ((f, x, group.neg[f], mx),))  # -1 stands for "the fixed players' table"
    for i, j in combinations(range(len(orbits)), 2):
        (x, mx), (y, my) = orbits[i], orbits[j]
        for table in ((x, y, mx, my), (x, mx, y, my), (x, mx, my, y)):
            offer((i, j), (table,))
    items = [*range(len(orbits)), -1]
    rng = random.Random(seed)
    for _attempt in range(1000):
        rng.shuffle(options)
        found = _exact_cover(options, items, group.classes, 20_000)
        if found is not None:
            return [table for option in found for table in option[1]]
    raise RuntimeError(f"no base round for {v} fixed by {m}")


def _differences(group: Group, tables: Iterable[Table]) -> tuple[Counter[int], Counter[int]]:
    """How many times each difference is a partner and an opponent difference at ``tables``."""
    partners, opponents = Counter[int](), Counter[int]()
    for n, e, s, w in tables:
        partners.update((group.diff(n, s), group.diff(e, w)))
        opponents.update(Matching._differences(group, (n, s), (e, w)))
    return partners, opponents


def _exact_cover(
    options: Sequence[Option], items: Sequence[int], classes: Sequence[int], limit: int
) -> list[Option] | None:
    """Options covering every item once, every class once as partners and twice as
    opponents; None if there are none or the search passes ``limit`` nodes."""
    used: set[int] = set()
    partners, opponents = Counter[int](), Counter[int]()
    chosen: list[Option] = []
    nodes = 0

    def fits(option: Option) -> bool:
        return not (
            option[0] & used
            or any(partners[k] + n > 1 for k, n in option[2].items())
            or any(opponents[k] + n > 2 for k, n in option[3].items())
        )

    def extend() -> bool:
        nonlocal nodes
        nodes += 1
        if len(used) == len(items):
            return True
        if nodes > limit:
            return False
        live = [option for option in options if fits(option)]
        best = _fewest(
            live, [item for item in items if item not in used], classes, partners, opponents
        )
        for option in best:
            used.update(option[0])
            partners.update(option[2])
            opponents.update(option[3])
            chosen.append(option)
            if extend():
                return True
            chosen.pop()
            used.difference_update(option[0])
            partners.subtract(option[2])
            opponents.subtract(option[3])
        return False

    return chosen if extend() else None


def _fewest(
    live: list[Option],
    items: list[int],
    classes: Sequence[int],
    partners: Counter[int],
    opponents: Counter[int],
) -> list[Option]:
    """The options of the uncovered item or partner class that has the fewest (none at a dead
    end, where a class can no longer get its opponents)."""
    best: list[Option] | None = None
    for item in items:
        having = [option for option in live if item in option[0]]
        if best is None or len(having) < len(best):
            best = having
    for k in classes:
        if not partners[k]:
            having = [option for option in live if k in option[2]]
            if best is None or len(having) < len(best):
                best = having
        if sum(option[3][k] for option in live) < 2 - opponents[k]:
            return []
    return best or []


# ---------------------------------------------------------------------------------------------
# 64 players: the affine geometry AG(6, 2)

Line = tuple[int, int, int]  # the three nonzero points of a 2-dimensional subspace of GF(2)^6
PRIMITIVE_64 = 0b1000011  # x^6 + x + 1


def _times_64(a: int, b: int) -> int:
    """a * b in GF(64) = GF(2)[x]/(x^6 + x + 1)."""
    product = 0
    while b:
        if b & 1:
            product ^= a
        b >>= 1
        a <<= 1
        if a & 0b1000000:
            a ^= PRIMITIVE_64
    return product


def _line(x: int, y: int) -> Line:
    return tuple(sorted((x, y, x ^ y)))  # type: ignore[return-value]


def _spreads(seed: int) -> list[list[Line]]:
    """Three spreads of PG(5, 2) (21 lines each, partitioning the 63 points) with no line in
    common: the Desarguesian spread {x·GF(4)*} and two images of it by linear maps."""
    omega = 1
    for _ in range(21):  # x^21: a cube root of unity, GF(4)* = {1, ω, ω^2}
        omega = _times_64(omega, 0b10)
    first = sorted({_line(x, _times_64(x, omega)) for x in range(1, 64)})
    rng = random.Random(seed)
    spreads = [first]
    while len(spreads) < 3:
        columns = [rng.randrange(1, 64) for _ in range(6)]
        image = sorted({_line(*(_apply(columns, p) for p in line[:2])) for line in first})
        if len({p for line in image for p in line}) == 63 and all(
            not set(image) & set(other) for other in spreads
        ):
            spreads.append(image)
    return spreads


def _apply(columns: list[int], point: int) -> int:
    image = 0
    for bit, column in enumerate(columns):
        if point >> bit & 1:
            image ^= column
    return image


def _partner_directions(lines: list[Line]) -> list[int]:
    """For each line one of its points, every point chosen once (a perfect matching of the
    3-regular incidence graph, by augmenting paths)."""
    owner: dict[int, int] = {}

    def augment(index: int, seen: set[int]) -> bool:
        for point in lines[index]:
            if point not in seen:
                seen.add(point)
                if point not in owner or augment(owner[point], seen):
                    owner[point] = index
                    return True
        return False

    for index in range(len(lines)):
        if not augment(index, set()):
            raise RuntimeError("no perfect matching")
    chosen = {index: point for point, index in owner.items()}
    return [chosen[index] for index in range(len(lines))]


def affine_64(seed: int) -> list[list[Table]]:
    """Wh(64) on GF(2)^6: a round for each line L = {p, x, p + x} of three disjoint spreads,
    its tables the 16 cosets a + {0, p, x, p + x}, partners differing by the line's partner
    direction p (each point is one line's). Two points at difference d share a table in the
    three rounds whose line holds d, as partners in the one whose direction is d. Point 0 is
    player 64, any other point its own number; the rounds run spread by spread, so without
    player 64 (63 players) the sit-outs, the lines, pass everyone once per spread."""
    lines = [line for spread in _spreads(seed) for line in spread]
    rounds = []
    for line, p in zip(lines, _partner_directions(lines), strict=True):
        x = min(point for point in line if point != p)
        cosets = sorted(a for a in range(64) if a == min(a, a ^ p, a ^ x, a ^ p ^ x))
        rounds.append(
            [tuple(point or 64 for point in (a, a ^ x, a ^ p, a ^ p ^ x)) for a in cosets]
        )
    return rounds  # type: ignore[return-value]


# ---------------------------------------------------------------------------------------------
# Plans for v = 4n + 3: the tournament for v + 1 without ∞, or a direct search (7 and 11)


# ---------------------------------------------------------------------------------------------
# 56 and 55 players: a product of Z_q and Z_p (q = 3 mod 4 with a cyclic Wh(q + 1), p = 1 mod 4
# prime), the construction of the literature's product theorems for Z-cyclic whist tournaments

PRODUCTS = {56: (11, 5)}  # Wh(qp + 1) on Z_qp plus ∞
THREE_OUT_PRODUCTS = {55: (11, 5)}  # a plan for qp players, 0, 1 and 2 out of the base round
THREE_OUT_SEARCHED = {59}  # a cyclic plan on Z_v, 0, 1 and 2 out of the base round (a search)


def _crt(q: int, p: int, a: int, b: int) -> int:
    """The element of Z_qp that is a modulo q and b modulo p."""
    return next(x for x in range(q * p) if x % q == a % q and x % p == b % p)


def product_tables(q: int, p: int, coefficients: Sequence[int]) -> list[Table]:
    """The q tables ((αa, 1), (βa, ω), (γa, -1), (δa, -ω)) of Z_q x Z_p, a in Z_q, where ω² = -1
    in Z_p and α, β, γ, δ are distinct and not 0 modulo q.

    Their partner differences ((α-γ)a, 2) and ((β-δ)a, 2ω) with their negatives are every
    element with a second part not 0, once; their opponent differences have the second parts
    ±1 ± ω, which are the four elements of Z_p* (p = 5), each first part twice."""
    omega = next(x for x in range(2, p) if x * x % p == p - 1)
    alpha, beta, gamma, delta = coefficients
    return [
        (
            _crt(q, p, alpha * a, 1),
            _crt(q, p, beta * a, omega),
            _crt(q, p, gamma * a, p - 1),
            _crt(q, p, delta * a, p - omega),
        )
        for a in range(q)
    ]


def product_base(q: int, p: int, data: Designs) -> tuple[tuple[int, ...], list[Table]]:
    """A cyclic Wh(qp + 1) on Z_qp plus ∞: the base round of the cyclic Wh(q + 1) on Z_q plus ∞
    (its element x becomes (x, 0)), which takes every difference (d, 0), and the tables of
    :func:`product_tables`, which take the others."""
    moduli, below = data.whist[q + 1]
    check(moduli == (q,), f"Wh({q + 1}) is not cyclic on Z_{q}")

    def lift(x: int) -> int:
        return INFINITY if x == INFINITY else _crt(q, p, x, 0)

    lifted: list[Table] = [(lift(n), lift(e), lift(s), lift(w)) for n, e, s, w in below]
    return (q * p,), lifted + product_tables(q, p, (1, 3, 2, 4))


def three_out_base(q: int, p: int) -> tuple[tuple[int, ...], list[Table]]:
    """A base round on Z_qp without 0, 1 and 2: partner differences each at most once, opponent
    differences once or twice. The tables of :func:`product_tables` that miss 0, 1 and 2 are
    kept (for the first coefficients, in order, for which the rest can be seated); the others'
    players and those of Z_q x {0} are seated by a depth-first search."""
    v, out = q * p, {0, 1, 2}
    for coefficients in permutations(range(1, q), 4):
        kept = [t for t in product_tables(q, p, coefficients) if not set(t) & out]
        free = sorted(set(range(v)) - out - {x for t in kept for x in t})
        rest = _seat_rest(Group((v,)), kept, free)
        if rest is not None:
            return (v,), kept + rest
    raise RuntimeError(f"no plan for {v} players with three out")


def three_out_search(v: int, seed: int) -> tuple[tuple[int, ...], list[Table]]:
    """A base round on Z_v without 0, 1 and 2 found by the starter and matching search: the
    partner differences all but one of the classes, once each (a starter on Z_v minus three
    players leaves one class out); the opponent differences once or twice each (the base
    round's v - 3 opponent couples fall two short of twice each of the (v - 1)/2 classes)."""
    group = Group((v,))
    rng = random.Random(seed)

    def all_but_one() -> list[int]:
        skipped = rng.choice(group.classes)
        return [k for k in group.classes if k != skipped]

    need = {k: 2 for k in group.classes}
    return (v,), first_match(group, rng, range(3, v), all_but_one, need, slack=1)


def _seat_rest(group: Group, kept: list[Table], free: list[int]) -> list[Table] | None:
    """Tables for ``free`` beside ``kept``: every difference a partner difference at most once,
    an opponent difference once or twice."""
    partners, opponents = _differences(group, kept)
    cls = group.diff
    if max(partners.values()) > 1 or max(opponents.values()) > 2:
        return None
    seated: list[Table] = []
    nodes = 0

    def extend(rest: list[int]) -> bool:
        nonlocal nodes
        nodes += 1
        if not rest:
            return all(opponents[d] for d in group.classes)
        if nodes > MATCH_LIMIT:
            return False
        n = rest[0]
        for s in rest[1:]:
            if partners[cls(n, s)]:
                continue
            partners[cls(n, s)] += 1
            others = [x for x in rest[1:] if x != s]
            for e, w in combinations(others, 2):
                foes = Matching._differences(group, (n, s), (e, w))
                opponents.update(foes)
                if not partners[cls(e, w)] and all(opponents[d] <= 2 for d in foes):
                    partners[cls(e, w)] += 1
                    seated.append((n, e, s, w))
                    if extend([x for x in others if x not in (e, w)]):
                        return True
                    seated.pop()
                    partners[cls(e, w)] -= 1
                opponents.subtract(foes)
            partners[cls(n, s)] -= 1
        return False

    return seated if extend(free) else None


def arrangements(players: Sequence[int]) -> Iterable[list[Table]]:
    """Every way to seat ``players`` (a multiple of four) at whist tables."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for partner in rest:
        others = [p for p in rest if p != partner]
        for east, west in combinations(others, 2):
            remaining = [p for p in others if p not in (east, west)]
            for tables in arrangements(remaining):
                yield [(first, east, partner, west), *tables]


class DirectSearch:
    """A plan for v = 4n + 3 found round by round: three players out (everyone once before
    anyone twice), partners at most once, opponents at most twice, and at the end every two
    players opponents at least once."""

    def __init__(self, v: int, seed: int) -> None:
        self.v = v
        self.rng = random.Random(seed)
        self.partners: Counter[frozenset[int]] = Counter()
        self.opponents: Counter[frozenset[int]] = Counter()
        self.sat_out: Counter[int] = Counter()
        self.rounds: list[list[Table]] = []

    def _outs(self, t: int) -> list[tuple[int, ...]]:
        """The sit-outs of round t (0-based) that keep the sit-outs spread evenly."""
        low, high = 3 * (t + 1) // self.v, -(-3 * (t + 1) // self.v)
        options: list[tuple[int, ...]] = []
        for out in combinations(range(1, self.v + 1), 3):
            counts = [self.sat_out[p] + (p in out) for p in range(1, self.v + 1)]
            if low <= min(counts) and max(counts) <= high:
                options.append(out)
        self.rng.shuffle(options)
        return options

    @staticmethod
    def _couples(tables: list[Table]) -> tuple[list[frozenset[int]], list[frozenset[int]]]:
        partners = [frozenset(c) for n, e, s, w in tables for c in ((n, s), (e, w))]
        opponents = [
            frozenset(c) for n, e, s, w in tables for c in ((n, e), (n, w), (s, e), (s, w))
        ]
        return partners, opponents

    def _fits(self, tables: list[Table]) -> bool:
        partners, opponents = self._couples(tables)
        return all(self.partners[c] == 0 for c in partners) and all(
            self.opponents[c] + opponents.count(c) <= 2 for c in opponents
        )

    def _apply(self, tables: list[Table], out: tuple[int, ...], sign: int) -> None:
        partners, opponents = self._couples(tables)
        for c in partners:
            self.partners[c] += sign
        for c in opponents:
            self.opponents[c] += sign
        for p in out:
            self.sat_out[p] += sign

    def search(self) -> list[list[Table]]:
        if not self._extend(0):
            raise RuntimeError(f"no plan for {self.v} players")
        return self.rounds

    def _extend(self, t: int) -> bool:
        if t == self.v:
            couples = combinations(range(1, self.v + 1), 2)
            return all(self.opponents[frozenset(c)] for c in couples)
        for out in self._outs(t):
            playing = [p for p in range(1, self.v + 1) if p not in out]
            options = [tables for tables in arrangements(playing) if self._fits(tables)]
            self.rng.shuffle(options)
            for tables in options:
                self._apply(tables, out, 1)
                self.rounds.append(tables)
                if self._extend(t + 1):
                    return True
                self.rounds.pop()
                self._apply(tables, out, -1)
        return False


# ---------------------------------------------------------------------------------------------
# Plans for v = 4n + 2: Wh(v - 1) and one more player


class AddOne:
    """Seat a new player X in Wh(w), w = v - 1 = 4n + 1, whose round g sits out one player.

    X sits out in the first round; in each of the other rounds he takes the seat of a player
    q, who sits out with the round's own sit-out. The first 2n + 1 rounds take their q among
    the sit-outs of the last 2n rounds, and those take theirs among the sit-outs of the first
    (all but one), so that everyone sits out once before anyone sits out twice. Each q is a
    different player; X's partners are all different, no one is his opponent more than twice
    or never, and no two players lose both their games as opponents.
    """

    def __init__(self, rounds: list[tuple[list[Table], list[int]]], seed: int) -> None:
        self.rounds = rounds
        self.rng = random.Random(seed)
        half = (len(rounds) + 1) // 2
        first = {out[0] for _, out in rounds[:half]}
        self.pool = [set(), *([{out[0] for _, out in rounds[half:]}] * (half - 1))]
        self.pool += [first] * (len(rounds) - half)
        self.used: set[int] = set()
        self.partners: set[int] = set()
        self.opponents: Counter[int] = Counter()
        self.lost: set[frozenset[int]] = set()
        self.choice: dict[int, int] = {0: 0}
        self.nodes = 0
        self.seats: list[dict[int, tuple[int, tuple[int, int]]]] = [
            {
                me: (partner, foes)
                for n, e, s, w in games
                for me, partner, foes in (
                    (n, s, (e, w)),
                    (s, n, (e, w)),
                    (e, w, (n, s)),
                    (w, e, (n, s)),
                )
            }
            for games, _ in rounds
        ]

    def _seat(self, g: int, q: int) -> tuple[int, tuple[int, int]]:
        """q's partner and opponents in round g."""
        return self.seats[g][q]

    def _options(self, g: int) -> list[int]:
        options = []
        for q in sorted(self.pool[g] - self.used):
            partner, foes = self._seat(g, q)
            if partner in self.partners or any(self.opponents[f] >= 2 for f in foes):
                continue
            if any(frozenset((q, f)) in self.lost for f in foes):
                continue
            options.append(q)
        return options

    def _take(self, g: int, q: int, sign: int) -> None:
        partner, foes = self._seat(g, q)
        if sign > 0:
            self.used.add(q)
            self.partners.add(partner)
            self.lost.update(frozenset((q, f)) for f in foes)
            self.choice[g] = q
        else:
            self.used.discard(q)
            self.partners.discard(partner)
            self.lost.difference_update(frozenset((q, f)) for f in foes)
            del self.choice[g]
        for f in foes:
            self.opponents[f] += sign

    def search(self, limit: int = 200_000) -> tuple[tuple[int, int], ...] | None:
        if not self._extend(limit):
            return None
        return tuple((g, self.choice[g]) for g in range(len(self.rounds)))

    def _extend(self, limit: int) -> bool:
        self.nodes += 1
        open_rounds = [g for g in range(len(self.rounds)) if g not in self.choice]
        if not open_rounds:
            players = len(self.rounds)  # w players: X must oppose each at least once
            return all(self.opponents[p] for p in range(1, players + 1))
        if self.nodes > limit:
            return False
        g, options = min(((g, self._options(g)) for g in open_rounds), key=lambda x: len(x[1]))
        self.rng.shuffle(options)
        for q in options:
            self._take(g, q, 1)
            if self._extend(limit):
                return True
            self._take(g, q, -1)
        return False


def cyclic_added_moves(w: int, base: Sequence[Table]) -> tuple[tuple[int, int], ...] | None:
    """Player X added to the cyclic Wh(w) on Z_w: he takes the seat of b + g in round g.

    b is a base-round element prime to w whose two opponents do not have it as their midpoint.
    Then X's partners are all different, he opposes every player twice but two players once,
    and a couple loses at most one of its two games as opponents. The sit-outs {g, g + b} and
    {0, X} (round 0, where X sits out) make a path X, 0, -b, -2b, ..., b; taking its edges 1,
    3, 5, ... first and then 2, 4, ... seats everyone out once before anyone twice.
    """
    for n, e, s, west in base:
        for b, foes in ((n, (e, west)), (s, (e, west)), (e, (n, s)), (west, (n, s))):
            if gcd(b, w) == 1 and (foes[0] + foes[1] - 2 * b) % w:
                path = [(-k * b) % w for k in range(w)]  # rounds 0, -b, -2b, ...: X's round first
                order = path[0::2] + path[1::2]
                return tuple((g, 0 if g == 0 else (b + g) % w + 1) for g in order)
    return None


def added_moves(
    rounds: list[tuple[list[Table], list[int]]], seed: int
) -> tuple[tuple[int, int], ...]:
    """The moves of :class:`AddOne`, trying seeds in turn until a search succeeds."""
    for attempt in range(1000):
        moves = AddOne(rounds, seed + attempt).search()
        if moves is not None:
            return moves
    raise RuntimeError(f"no way to add a player to {len(rounds)} players")


# ---------------------------------------------------------------------------------------------
# Writing designs.py


def generate(wanted: Iterable[int], data: Designs) -> Designs:
    """``data`` with the designs of ``wanted`` found again (each checked as a whole plan)."""
    for v in sorted(wanted, key=lambda v: (v % 4 not in (0, 1), v)):
        for table in (data.whist, data.removed, data.added, data.direct, data.three_out):
            table.pop(v, None)
        if v in PRODUCTS:
            moduli, base = product_base(*PRODUCTS[v], data)
            data.whist[v] = (moduli, tuple(base))
        elif v in THREE_OUT_PRODUCTS:
            moduli, base = three_out_base(*THREE_OUT_PRODUCTS[v])
            data.three_out[v] = (moduli, tuple(base))
        elif v in THREE_OUT_SEARCHED:
            moduli, base = three_out_search(v, SEED + v)
            data.three_out[v] = (moduli, tuple(base))
        elif v == 64:
            data.direct[v] = tuple(tuple(games) for games in affine_64(SEED + v))
        elif v == 63:
            data.removed[v] = tuple(range(63))
        elif v % 4 in (0, 1):
            moduli, base = whist_design(v)
            data.whist[v] = (moduli, tuple(base))
        elif v in (7, 11):
            found = DirectSearch(v, SEED + v).search()
            data.direct[v] = tuple(tuple(games) for games in found)
        elif v % 4 == 3:
            data.removed[v] = every_third(v)  # round j of Wh(v + 1) sits out j, j + 1, j + 2
        else:
            group, below = data.whist[v - 1]
            moves = cyclic_added_moves(v - 1, below) if group == (v - 1,) else None
            data.added[v] = moves or added_moves(build(v - 1, data), SEED + v)
        check_individual(v, numbered(build(v, data)))
        OUTPUT.write_text(source(data))  # kept after each v: a long run can be stopped
        print(f"{v:2} players: found", file=sys.stderr, flush=True)
    return data


def _wrapped(items: Sequence[str], indent: str, width: int = 100) -> list[str]:
    """``items`` joined by ", " into lines of at most ``width`` characters."""
    lines: list[str] = []
    line = indent
    for item in items:
        piece = item + ","
        if line != indent and len(line) + 1 + len(piece) > width:
            lines.append(line)
            line = indent
        line += ("" if line == indent else " ") + piece
    if line != indent:
        lines.append(line)
    return lines


def _entry(v: int, head: str, items: Sequence[str], tail: str) -> list[str]:
    return [f"    {v}: {head}", *_wrapped(items, " " * 8), f"    {tail},"]


def source(data: Designs) -> str:
    """The text of designs.py for ``data``."""
    out = [HEADER]
    out.append("WHIST: dict[int, tuple[tuple[int, ...], tuple[Seats, ...]]] = {")
    for v, (moduli, base) in sorted(data.whist.items()):
        items = [str(tuple(table)) for table in base]
        out += _entry(v, f"({tuple(moduli)!r}, (", items, "))")
    out += ["}", "", "REMOVED: dict[int, tuple[int, ...]] = {"]
    for v, order in sorted(data.removed.items()):
        out += _entry(v, "(", [str(g) for g in order], ")")
    out += ["}", "", "ADDED: dict[int, tuple[tuple[int, int], ...]] = {"]
    for v, moves in sorted(data.added.items()):
        out += _entry(v, "(", [str(move) for move in moves], ")")
    out += ["}", "", "DIRECT: dict[int, tuple[tuple[Seats, ...], ...]] = {"]
    for v, rounds in sorted(data.direct.items()):
        out += _entry(v, "(", [str(tuple(games)) for games in rounds], ")")
    out += ["}", "", "THREE_OUT: dict[int, tuple[tuple[int, ...], tuple[Seats, ...]]] = {"]
    for v, (moduli, base) in sorted(data.three_out.items()):
        items = [str(tuple(table)) for table in base]
        out += _entry(v, f"({tuple(moduli)!r}, (", items, "))")
    out += ["}", ""]
    return "\n".join(out)


HEADER = '''"""The designs of the ``individual`` plans: written by
``python -m scorebook.movements.generate``, not by hand (its docstring says how each design was
found).

- ``WHIST[v]`` (v = 4n, 4n + 1): ``(moduli, base round)``: a cyclic whist tournament on the
  group Z_m1 x Z_m2 x ... (elements numbered in mixed radix, the first modulus lowest); round g
  is the base round plus g, element x is player x + 1, and -1 is ∞, player v.
- ``REMOVED[v]`` (v = 4n + 3): the plan of ``v + 1`` without player ``v + 1``, its rounds in
  this order (0-based).
- ``ADDED[v]`` (v = 4n + 2): the plan of ``v - 1`` with player ``v``: ``(g, q)`` per round, in
  order: round g (0-based) with player v in q's seat, or sitting out when q is 0.
- ``DIRECT[v]``: every round's games.
- ``THREE_OUT[v]`` (v = 4n + 3): ``(moduli, base round)`` as ``WHIST``, the base round leaving
  0, 1 and 2 out (round g leaves g, g + 1, g + 2 out); the rounds are taken j = 0, 3, 6, ....

Seats are (N, E, S, W).
"""

from __future__ import annotations

Seats = tuple[int, int, int, int]

# fmt: off
'''


def main(argv: Sequence[str]) -> int:
    wanted = [int(arg) for arg in argv] or list(range(MIN_PLAYERS, MAX_PLAYERS + 1))
    data = Designs(
        dict(SHIPPED.whist),
        dict(SHIPPED.removed),
        dict(SHIPPED.added),
        dict(SHIPPED.direct),
        dict(SHIPPED.three_out),
    )
    # a v derived from another needs it first: Wh(v + 1) for 4n + 3, Wh(v - 1) for 4n + 2
    generate(wanted, data)
    for v in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        if any(v in table for table in (data.whist, data.removed, data.added, data.direct)) or (
            v in data.three_out
        ):
            check_individual(v, numbered(build(v, data)))
    OUTPUT.write_text(source(data))
    print(f"wrote {OUTPUT}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
