"""A Ctrl+C during a SAT solve in the main thread is a KeyboardInterrupt (raised when the
bounded call returns), not pysat's "Caught keyboard interrupt" exception or a None from
``solve_limited``, which callers take for a failed or exhausted racer."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]

SOLVE_THEN_REPORT = """
import random, sys
from nonogram_editor.infra.sat_solvers import Solver
random.seed(1)
n = 400  # random 3-SAT at the threshold: seconds of CaDiCaL, bounded by the conflict budget
clauses = [[random.choice((-1, 1)) * random.randint(1, n) for _ in range(3)] for _ in range(int(4.26 * n))]
try:
    with Solver(name="cadical195", bootstrap_with=clauses) as solver:
        solver.conf_budget(400000)
        print("solving", flush=True)
        found = solver.solve_limited()
    print(f"returned {found}")
except KeyboardInterrupt:
    print("KeyboardInterrupt")
except Exception as error:
    print(f"{type(error).__name__}: {error}")
"""


def cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_ctrl_c_during_a_solve_in_the_main_thread_is_a_keyboard_interrupt():
    solving = subprocess.Popen([sys.executable, "-c", SOLVE_THEN_REPORT], stdout=subprocess.PIPE, text=True,
                               cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert solving.stdout.readline() == "solving\n"
    started = cpu_ticks(solving.pid)
    while cpu_ticks(solving.pid) < started + 20 and solving.poll() is None:  # inside the solve
        time.sleep(0.01)
    solving.send_signal(signal.SIGINT)
    assert solving.communicate(timeout=300)[0] == "KeyboardInterrupt\n"
