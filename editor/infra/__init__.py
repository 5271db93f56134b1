"""Infrastructure every floor may import (Qt-free, imports nothing else of the editor): progress and
cancellation (``tasks``), child processes (``child_process``, ``lifeline``), saving (``safe_write``),
numba's cache (``jit``), pysat (``sat_solvers``), shipped data (``paths``), the manual (``user_guide``)
and translatable wording (``wording``). See docs/architecture.md.
"""
