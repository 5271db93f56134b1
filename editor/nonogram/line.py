"""The exact line solver on bit masks (Qt-free).

A line of ``n`` cells is a Python int: bit ``i`` is cell ``i``. What is known about a line
is two masks, ``filled`` and ``empty``. :meth:`LineSolver.solve` returns the two masks of
every cell that *all* placements of the clue consistent with what is known agree on (the
complete line deduction, not just the overlap rule), or ``None`` when no placement fits.
:func:`count_placements` counts those placements exactly (a big int, never enumerated).

How the deduction works, bit-parallel, in O(k) big-int operations for k blocks:

* ``fit_j``: the starts where block j (length L) fits: L cells not known empty (runs of
  free cells, found by doubling), the cells just before and after it not known filled.
* ``pre_j``: the prefix lengths c such that cells [0, c) can hold blocks 0..j-1 exactly
  (every known filled cell covered). From the ends of block j-1's feasible starts, a
  carry does the rest: ``nf ^ (nf + ends)`` runs each end up through the cells that are
  not filled and stops on the first filled one (``nf`` = not-filled mask; an end is
  never a filled cell, and ``| ends`` keeps ends a lower carry ran over).
* ``suf_j``: the same from the right (cells [c, n) hold blocks j..k-1), computed by
  running the same forward pass on the mirrored line; all k+1 suffix sets are packed
  into one int and mirrored back with a single byte-table reversal.
* Block j can start at p in some full placement iff ``fit_j(p)``, the prefix before it
  works (``pre_j``) and the suffix after it works (``suf_{j+1}``): those starts, spread
  over the block's length, are the cells that *can* be filled. A cell c *can* be empty
  iff for some j, ``pre_j(c)``, c is not filled and ``suf_j(c + 1)``. Cells that cannot
  be empty are filled; cells that cannot be filled are empty.

Results (and counts) are memoised per solver on ``(filled, empty)``; :func:`line_solver` shares one
solver per ``(clue, n)``, so the editor's re-checks after an edit only recompute the
lines that changed.
"""
from __future__ import annotations

import threading
from functools import cache

_MIRROR_BYTE = bytes(int(f"{i:08b}"[::-1], 2) for i in range(256))
_from_bytes = int.from_bytes

MEMO_LIMIT = 1 << 11  # results kept per solver before its memo starts afresh (~0.6 MB each at most)
REGISTRY_LIMIT = 1 << 12  # solvers kept by line_solver() before the registry starts afresh


def mirror_bits(value: int, width: int) -> int:
    """``value``'s low ``width`` bits in reverse order (bit i becomes bit width-1-i)."""
    nbytes = (width + 7) >> 3
    mirrored = _from_bytes(value.to_bytes(nbytes, "little").translate(_MIRROR_BYTE), "big")
    return mirrored >> ((nbytes << 3) - width)


@cache
def _run_steps(lengths: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """How to get ``runs[L]`` (starts of L free cells) for every length of ``lengths`` (a
    clue's, ascending, once each), by doubling.

    Each step ``(target, source, shift)`` means
    ``runs[target] = runs[source] & (runs[source] >> shift)``; ``runs[1]`` is the free mask.
    """
    known = [1]
    steps = []
    for length in lengths:
        while length not in known:
            best = max(k for k in known if k < length)
            target = length if 2 * best >= length else 2 * best
            steps.append((target, best, target - best))
            known.append(target)
    return tuple(steps)


@cache
def _cover_shifts(length: int) -> tuple[int, ...]:
    """Shifts that spread a set of starts over ``length`` cells (``x |= x << s`` each)."""
    shifts = []
    span = 1
    while span * 2 <= length:
        shifts.append(span)
        span *= 2
    if span < length:
        shifts.append(length - span)
    return tuple(shifts)


class LineSolver:
    """The complete line deduction for one clue on lines of ``n`` cells."""

    __slots__ = ("clue", "n", "full", "_stride", "_mask_stride", "_in_bytes", "_in_pad",
                 "_out_bytes", "_out_pad", "_steps", "_lengths", "_run_slots", "_mirrored_clue", "_blocks",
                 "memo", "_count_memo")

    def __init__(self, clue, n: int):
        clue = tuple(int(length) for length in clue)
        if n < 1:
            raise ValueError(f"a line needs at least one cell, not {n}")
        if any(length < 1 for length in clue):
            raise ValueError(f"clue numbers must be positive: {clue}")
        self.clue = clue
        self.n = n
        self.full = (1 << n) - 1
        k = len(clue)
        stride = n + 2  # room for the prefix lengths 0..n and one guard bit
        self._stride = stride
        self._mask_stride = (1 << stride) - 1
        self._in_bytes = (n + stride + 7) >> 3
        self._in_pad = self._in_bytes * 8 - (n + stride)
        width = (k + 1) * stride
        self._out_bytes = (width + 7) >> 3
        self._out_pad = self._out_bytes * 8 - width
        lengths = tuple(sorted(set(clue)))
        self._steps = _run_steps(lengths)
        # the clue's lengths, once each, with the shifts that spread a block's starts over it
        self._lengths = tuple((length, _cover_shifts(length)) for length in lengths)
        self._run_slots = max(clue, default=1) + 1
        self._mirrored_clue = clue[::-1]
        # per block: length, how far the packed suffix sets shift to give suf_{j+1}
        # just after the block (and its gap)
        self._blocks = tuple((length, length + 2 if j < k - 1 else length + 1) for j, length in enumerate(clue))
        # what solve() returned for (filled, empty); hot loops may read it directly (a hit is
        # a dict lookup, without the call)
        self.memo: dict[tuple[int, int], tuple[int, int] | None] = {}
        self._count_memo: dict[tuple[int, int], int] = {}

    def __repr__(self) -> str:
        return f"LineSolver({list(self.clue)}, {self.n})"

    def solve(self, filled: int, empty: int) -> tuple[int, int] | None:
        """``(filled, empty)`` with every forced cell added, or ``None`` if nothing fits."""
        key = (filled, empty)
        memo = self.memo
        try:
            return memo[key]
        except KeyError:
            pass
        result = self.deduce(filled, empty)
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        memo[key] = result
        return result

    def adds_nothing(self, filled: int, empty: int) -> bool:
        """Whether the memo already knows that the complete deduction adds nothing to
        ``(filled, empty)`` (so neither can any weaker rule); False when it does not know."""
        return self.memo.get((filled, empty), 0) == (filled, empty)

    def deduce(self, filled: int, empty: int, block_starts: list[int] | None = None) -> tuple[int, int] | None:
        """:meth:`solve` without the memo (what the benchmark times).

        ``block_starts``: a list that receives, per block, the mask of the starts it has in
        some placement that fits (the extreme placements are its lowest and highest bits).
        """
        if filled & empty:
            return None
        n = self.n
        full = self.full
        if not self.clue:
            return None if filled else (0, full)
        stride = self._stride
        steps = self._steps
        lengths = self._lengths
        # ``fits[L]``: the starts where a block of length L fits (L cells not known empty,
        # the cells just before and after it not known filled), once per length
        fits = [0] * self._run_slots

        # Right to left: the forward pass on the mirrored line, packing every pre-set.
        both = _from_bytes((filled | (empty << stride)).to_bytes(self._in_bytes, "little")
                           .translate(_MIRROR_BYTE), "big") >> self._in_pad
        m_filled = both >> stride
        not_filled = full & ~m_filled
        fits[1] = full & ~both  # the mirrored free cells (both's low bits are mirrored empty)
        for target, source, shift in steps:
            run = fits[source]
            fits[target] = run & (run >> shift)
        filled_before = m_filled << 1
        for length, _ in lengths:
            fits[length] &= ~(filled_before | (m_filled >> length))
        pre = (not_filled ^ (not_filled + (1 & not_filled))) | 1
        packed = pre
        gate = pre
        offset = 0
        for length in self._mirrored_clue:
            ends = (fits[length] & gate) << length
            pre = (not_filled ^ (not_filled + ends)) | ends
            offset += stride
            packed |= pre << offset
            gate = pre << 1
        if not (pre >> n) & 1:
            return None
        # Chunk j of ``suffixes`` is suf_j << 1 (the mirror of the packed pre-sets).
        suffixes = _from_bytes(packed.to_bytes(self._out_bytes, "little").translate(_MIRROR_BYTE),
                               "big") >> self._out_pad

        # Left to right, combining each block's prefix and suffix on the way.
        not_filled = full & ~filled
        fits[1] = full & ~empty
        for target, source, shift in steps:
            run = fits[source]
            fits[target] = run & (run >> shift)
        filled_before = filled << 1
        for length, _ in lengths:
            fits[length] &= ~(filled_before | (filled >> length))
        # the starts blocks of each length have in some placement (spread over the length at the end)
        placed = [0] * self._run_slots
        mask_stride = self._mask_stride
        pre = (not_filled ^ (not_filled + (1 & not_filled))) | 1
        gate = pre
        can_be_empty = 0
        for length, suffix_shift in self._blocks:
            can_be_empty |= pre & (suffixes >> 2)
            suffixes >>= stride
            starts = fits[length] & gate
            ends = starts << length
            starts &= (suffixes & mask_stride) >> suffix_shift
            if block_starts is not None:
                block_starts.append(starts)
            placed[length] |= starts
            pre = (not_filled ^ (not_filled + ends)) | ends
            gate = pre << 1
        can_be_empty |= pre & (suffixes >> 2)
        can_be_filled = 0
        for length, cover_shifts in lengths:
            starts = placed[length]
            for shift in cover_shifts:
                starts |= starts << shift
            can_be_filled |= starts
        return full & ~(can_be_empty & not_filled), full & ~can_be_filled

    def count(self, filled: int, empty: int) -> int:
        """How many placements of the clue agree with what is known (exact; memoised like
        :meth:`solve`, so that counting again after an edit counts only the changed lines)."""
        key = (filled, empty)
        memo = self._count_memo
        try:
            return memo[key]
        except KeyError:
            pass
        count = count_placements(self.clue, self.n, filled, empty)
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        memo[key] = count
        return count


_registry: dict[tuple[tuple[int, ...], int], LineSolver] = {}
_registry_lock = threading.Lock()


def line_solver(clue, n: int) -> LineSolver:
    """The shared solver (and memo) for ``clue`` on ``n`` cells."""
    key = (tuple(clue), n)
    solver = _registry.get(key)
    if solver is None:
        solver = LineSolver(key[0], n)
        with _registry_lock:
            if len(_registry) >= REGISTRY_LIMIT:
                _registry.clear()
            solver = _registry.setdefault(key, solver)
    return solver


def clear_line_caches() -> None:
    """Forget every shared solver and memo (benchmarks time cold runs after this)."""
    with _registry_lock:
        _registry.clear()


def solve_line(clue, n: int, filled: int = 0, empty: int = 0) -> tuple[int, int] | None:
    """Every cell forced by ``clue`` on a line of ``n`` cells: ``(filled, empty)`` or ``None``."""
    return line_solver(clue, n).solve(filled, empty)


def set_bits(mask: int):
    """The positions of ``mask``'s set bits, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def count_placements(clue, n: int, filled: int = 0, empty: int = 0) -> int:
    """The number of ways to place ``clue`` on ``n`` cells agreeing with the known cells.

    A dynamic programme over block starts (only starts where the block fits are visited),
    with a running sum over the previous block's ends that drops every end a known filled
    cell has since cut off. Exact for any size: Python ints.
    """
    clue = tuple(clue)
    full = (1 << n) - 1
    if filled & empty or (filled | empty) & ~full:
        return 0
    if not clue:
        return 0 if filled else 1
    free = full & ~empty
    # ends of the previous block: sorted (end, ways); the virtual "block -1" ends at 0
    ends = [(0, 1)]
    for j, length in enumerate(clue):
        gap = 1 if j else 0
        run = free
        for _ in range(length - 1):
            run &= run >> 1
        fits = run & ~((filled << 1) | (filled >> length))
        next_ends = []
        total = 0  # ways of the ends taken in so far (end <= start - gap)
        dropped = 0  # ways of the ends cut off by a filled cell before the start
        taken = cut = 0
        for start in set_bits(fits):
            while taken < len(ends) and ends[taken][0] <= start - gap:
                total += ends[taken][1]
                taken += 1
            last_filled = (filled & ((1 << start) - 1)).bit_length() - 1
            while cut < taken and ends[cut][0] <= last_filled:
                dropped += ends[cut][1]
                cut += 1
            ways = total - dropped
            if ways:
                next_ends.append((start + length, ways))
        ends = next_ends
        if not ends:
            return 0
    last_filled = filled.bit_length() - 1
    return sum(ways for end, ways in ends if end > last_filled)
