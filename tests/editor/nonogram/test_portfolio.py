"""The races of the SAT stage as docs/solver.md describes them: its table of racers is
the lists in editor/nonogram/portfolio.py, row for row."""
from pathlib import Path

from nonogram_editor.nonogram import portfolio

SOLVER_MD = Path(__file__).resolve().parents[3] / "docs" / "solver.md"


def _row(race: str, racer: portfolio.Racer) -> list[str]:
    """The table row docs/solver.md gives ``racer`` of ``race``."""
    if racer.joins is None:
        joins = "in another's place"
    elif racer.joins <= 0:
        joins = "at once"
    else:
        joins = f"after {racer.joins:g} CPU s of the lead's"
    if racer.eager:
        joins += " (eager)"
    stops = "never" if racer.stops is None else f"after {racer.stops:g} CPU s"
    return [race, racer.name, joins, stops, str(racer.nice), racer.then or "-"]


def test_the_table_of_racers_in_docs_is_the_schedules():
    text = SOLVER_MD.read_text(encoding="utf-8")
    table = [[cell.strip() for cell in line.strip().strip("|").split("|")]
             for line in text.split("### The racers", 1)[1].splitlines()
             if line.startswith("| first solution") or line.startswith("| other solution")]
    expected = ([_row("first solution", racer) for racer in portfolio.FIRST_SOLUTION]
                + [_row("other solution", racer) for racer in portfolio.OTHER_SOLUTION])
    assert table == expected


def test_every_replacement_is_a_racer_of_the_same_race_that_joins_only_in_its_place():
    for schedule in (portfolio.FIRST_SOLUTION, portfolio.OTHER_SOLUTION):
        names = [racer.name for racer in schedule]
        assert len(set(names)) == len(names)
        assert schedule[0].joins == 0
        for racer in schedule:
            if racer.then is not None:
                assert racer.then in names
                assert next(other for other in schedule if other.name == racer.then).joins is None
