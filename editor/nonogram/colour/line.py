"""The exact line solver for colour lines, on bit masks (Qt-free).

A colour clue is a sequence of blocks ``(length, colour)``, colours ``1..colours-1``;
colour 0 is the background. Blocks of the same colour need at least one background cell
between them; blocks of different colours may touch.

What is known about a line of ``n`` cells is one mask per colour: bit ``i`` of
``allowed[c]`` says cell ``i`` may still be colour ``c``. :meth:`ColourLineSolver.solve`
keeps, per cell, exactly the colours some placement of the clue consistent with what is
known gives it (the complete line deduction), or returns ``None`` when no placement fits.
:meth:`ColourLineSolver.count` counts those placements exactly.

How the deduction works, bit-parallel over the positions 0..n (the boundaries between
cells), in O(k + colours) big-int operations for k blocks, as the two-colour solver
(:mod:`nonogram_editor.nonogram.line`) does:

* ``E_j``: the positions where block j-1 can end in a placement of blocks 0..j-1 on the
  cells before it (``E_0`` is position 0, the start of the line).
* ``B_j``: the positions reached from ``E_j`` over one or more background cells (the carry
  of ``bg + ends`` runs each end through the cells that may be background); ``P_j =
  E_j | B_j`` are the prefix lengths that hold blocks 0..j-1 exactly.
* Block j may start where it fits (``length`` cells that may be its colour) at a position
  of ``B_j``, or of ``E_j`` when block j-1 has another colour (they may touch).
* The same pass on the mirrored line and clue gives the suffixes; a start of block j is
  in some full placement iff its prefix and the suffix after its end both work. Spread
  over the block's length, those starts are the cells that may be its colour. A cell may
  be background iff for some j the cells before it hold blocks 0..j-1 and the cells after
  it blocks j..k-1.

Results (and counts) are memoised per solver; :func:`colour_line_solver` shares one
solver per ``(clue, n)``.
"""
from __future__ import annotations

import threading

from nonogram_editor.nonogram.line import MEMO_LIMIT, REGISTRY_LIMIT, mirror_bits

Block = tuple[int, int]  # (length, colour)


def _runs(mask: int, length: int) -> int:
    """The starts of ``length`` consecutive cells of ``mask`` (by doubling)."""
    have = 1
    while have * 2 <= length:
        mask &= mask >> have
        have *= 2
    if have < length:
        mask &= mask >> (length - have)
    return mask


def _spread(starts: int, length: int) -> int:
    """The cells ``length``-long blocks at ``starts`` cover (by doubling)."""
    span = 1
    while span * 2 <= length:
        starts |= starts << span
        span *= 2
    if span < length:
        starts |= starts << (length - span)
    return starts


def _on_background(bg: int, positions: int) -> int:
    """The positions reached from ``positions`` over zero or more cells of ``bg`` (cell i
    leads from position i to i + 1). The carry of ``bg + x`` runs through the background
    cells from x and stops on the first other one; a start on a non-background cell stays."""
    inside = positions & bg
    return (bg ^ (bg + inside)) | positions


def _forward(clue: tuple[Block, ...], allowed: tuple[int, ...], bg: int) -> tuple[list[int], list[int], list[int]]:
    """Per block j: ``E_j``, ``B_j`` (as in the module's text), and the starts where block
    j fits after a prefix that works; and ``E_k``, ``B_k`` for the whole clue."""
    ends_list, after_bg_list, starts_list = [], [], []
    ends = 1  # E_0: position 0
    previous = 0
    for length, colour in clue:
        after_bg = _on_background(bg, (ends & bg) << 1)
        gate = after_bg if colour == previous else after_bg | ends
        starts = _runs(allowed[colour], length) & gate
        ends_list.append(ends)
        after_bg_list.append(after_bg)
        starts_list.append(starts)
        ends = starts << length
        previous = colour
    ends_list.append(ends)
    after_bg_list.append(_on_background(bg, (ends & bg) << 1))
    return ends_list, after_bg_list, starts_list


def _mirrored_chunks(sets: list[int], width: int) -> list[int]:
    """``[mirror_bits(sets[k - j], width) for j in range(k + 1)]`` with one mirroring: the
    sets packed side by side, ``width`` bits each, mirrored together."""
    packed = 0
    for index, positions in enumerate(sets):
        packed |= positions << (index * width)
    mirrored = mirror_bits(packed, len(sets) * width)
    mask = (1 << width) - 1
    return [mirrored >> (j * width) & mask for j in range(len(sets))]


class ColourLineSolver:
    """The complete line deduction for one colour clue on lines of ``n`` cells, with ``colours``
    colours (background included)."""

    __slots__ = ("clue", "n", "colours", "full", "_used", "_mirrored", "_memo", "_count_memo")

    def __init__(self, clue, n: int, colours: int):
        clue = tuple((int(length), int(colour)) for length, colour in clue)
        if n < 1:
            raise ValueError(f"a line needs at least one cell, not {n}")
        for length, colour in clue:
            if length < 1:
                raise ValueError(f"clue numbers must be positive: {clue}")
            if not 1 <= colour < colours:
                raise ValueError(f"clue colours must be 1..{colours - 1}: {clue}")
        self.clue = clue
        self.n = n
        self.colours = colours
        self.full = (1 << n) - 1
        self._used = tuple(sorted({0} | {colour for _, colour in clue}))
        self._mirrored = clue[::-1]
        self._memo: dict[tuple[int, ...], tuple[int, ...] | None] = {}
        self._count_memo: dict[tuple[int, ...], int] = {}

    def __repr__(self) -> str:
        return f"ColourLineSolver({list(self.clue)}, {self.n}, {self.colours})"

    def solve(self, allowed) -> tuple[int, ...] | None:
        """``allowed`` (a mask per colour) narrowed to what some placement gives each cell, or None."""
        key = tuple(allowed)
        memo = self._memo
        try:
            return memo[key]
        except KeyError:
            pass
        result = self.deduce(key)
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        memo[key] = result
        return result

    def adds_nothing(self, allowed: tuple[int, ...]) -> bool:
        """Whether the memo already knows that the complete deduction adds nothing to
        ``allowed`` (so neither can any weaker rule); False when it does not know."""
        return self._memo.get(allowed, 0) == allowed

    def deduce(self, allowed: tuple[int, ...], block_starts: list[int] | None = None) -> tuple[int, ...] | None:
        """:meth:`solve` without the memo. ``block_starts``: a list that receives, per block,
        the mask of the starts it has in some placement (as the two-colour solver's)."""
        n, clue, full = self.n, self.clue, self.full
        allowed = tuple(mask & full for mask in allowed)
        bg = allowed[0]
        ends, after_bg, starts = _forward(clue, allowed, bg)
        k = len(clue)
        prefixes = [e | b for e, b in zip(ends, after_bg)]
        if not prefixes[k] >> n & 1:
            return None
        width = n + 1
        mirrored = tuple(mirror_bits(mask, n) for mask in allowed)
        m_ends, m_after_bg, _ = _forward(self._mirrored, mirrored, mirrored[0])
        # suffix sets of the original line: position q <-> mirrored position n - q
        at = _mirrored_chunks(m_ends, width)  # block j starts exactly at q
        past_bg = _mirrored_chunks(m_after_bg, width)  # background first, then block j
        can = [0] * self.colours
        can_bg = 0
        for j in range(k + 1):
            can_bg |= prefixes[j] & ((at[j] | past_bg[j]) >> 1)
        for j, (length, colour) in enumerate(clue):
            if j + 1 < k:
                follows = past_bg[j + 1] if clue[j + 1][1] == colour else past_bg[j + 1] | at[j + 1]
            else:
                follows = past_bg[k] | at[k]  # nothing but background after the last block
            valid = starts[j] & (follows >> length)
            if block_starts is not None:
                block_starts.append(valid)
            can[colour] |= _spread(valid, length)
        can[0] = can_bg
        return tuple(allowed[c] & can[c] for c in range(self.colours))

    def count(self, allowed) -> int:
        """How many placements of the clue agree with ``allowed`` (exact, memoised)."""
        key = tuple(allowed)
        memo = self._count_memo
        try:
            return memo[key]
        except KeyError:
            pass
        count = count_colour_placements(self.clue, self.n, key)
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        memo[key] = count
        return count


def count_colour_placements(clue, n: int, allowed) -> int:
    """The number of placements of ``clue`` on ``n`` cells agreeing with ``allowed`` (a mask
    per colour). A dynamic programme from the right over the blocks: ``free[p]`` counts
    the ways to place the blocks still to come on cells [p, n)."""
    clue = tuple(clue)
    bg = allowed[0]
    free = [0] * (n + 2)  # no blocks left: cells [p, n) all background
    free[n] = 1
    for p in range(n - 1, -1, -1):
        free[p] = free[p + 1] if bg >> p & 1 else 0
    for j in range(len(clue) - 1, -1, -1):
        length, colour = clue[j]
        fits = _runs(allowed[colour], length)
        touches = j + 1 == len(clue) or clue[j + 1][1] != colour  # what follows may start at its end
        here = [0] * (n + 2)
        for p in range(n - length, -1, -1):
            ways = here[p + 1] if bg >> p & 1 else 0
            if fits >> p & 1:
                end = p + length
                if touches:
                    ways += free[end]
                elif end < n and bg >> end & 1:
                    ways += free[end + 1]
            here[p] = ways
        free = here
    return free[0]


_registry: dict[tuple, ColourLineSolver] = {}
_registry_lock = threading.Lock()


def colour_line_solver(clue, n: int, colours: int) -> ColourLineSolver:
    """The shared solver (and memo) for ``clue`` on ``n`` cells with ``colours`` colours."""
    key = (tuple((int(length), int(colour)) for length, colour in clue), n, colours)
    solver = _registry.get(key)
    if solver is None:
        solver = ColourLineSolver(*key)
        with _registry_lock:
            if len(_registry) >= REGISTRY_LIMIT:
                _registry.clear()
            solver = _registry.setdefault(key, solver)
    return solver
