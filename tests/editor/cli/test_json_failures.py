"""With --json every command's failure is JSON on stdout naming the path at fault (``path``;
``puzzle`` for solve), whatever failed: a missing path, a folder, a file in no format, standard
input, something the target cannot hold, a usage error (``{"error"}`` alone)."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
CAT = REPO / "tests" / "data" / "nonograms" / "webpbn-00006-cat.non"
ACORN = REPO / "tests" / "data" / "colour" / "acorn.g"
GARBAGE = "width 3\nheight 2\nrows\n1\n9\ncolumns\n1\n1\n1\n"  # a clue longer than its row


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "bad.non").write_text(GARBAGE)
    (tmp_path / "empty").mkdir()
    (tmp_path / "link.non").symlink_to(tmp_path / "gone.non")
    return tmp_path


CASES = [  # (arguments, standard input, the path the record names; {} is the temporary folder)
    (["check", "/nonexistent"], None, "/nonexistent"),
    (["check", "{}/empty"], None, "{}/empty"),
    (["check", "{}/bad.non"], None, "{}/bad.non"),
    (["check", "{}/link.non"], None, "{}/link.non"),
    (["check", "-"], GARBAGE, "-"),
    (["check", "-", "--format", "nin"], "not a puzzle", "-"),
    (["check", "--jobs", "0", "{}/bad.non"], None, None),
    (["fix", "/nonexistent"], None, "/nonexistent"),
    (["fix", "{}/bad.non"], None, "{}/bad.non"),
    (["fix", "{}/empty"], None, "{}/empty"),
    (["fix", str(CAT), "--symmetry", "sideways"], None, str(CAT)),
    (["fix", str(CAT), "--max-edits", "-1"], None, None),
    (["solve", "/nonexistent.non"], None, "/nonexistent.non"),
    (["solve", "{}/bad.non"], None, "{}/bad.non"),
    (["solve", "-"], "hello", "-"),
    (["solve", "no-such-puzzle"], None, "no-such-puzzle"),
    (["solve", str(CAT), "--list", "2"], None, str(CAT)),
    (["convert", "/nonexistent.non", "{}/x.g"], None, "/nonexistent.non"),
    (["convert", "{}/bad.non", "{}/x.g"], None, "{}/bad.non"),
    (["convert", str(ACORN), "{}/x.nin"], None, "{}/x.nin"),
    (["convert", str(CAT), "{}/nowhere/x.non"], None, "{}/nowhere"),
    (["convert", "-", "{}/x.g"], "hello", "-"),
    (["convert", str(CAT), "{}/x.level", "--size", "0"], None, None),
]


@pytest.mark.parametrize("args, stdin, named", CASES, ids=[" ".join(case[0][:2]) for case in CASES])
def test_every_failure_is_json_naming_the_path(folder, args, stdin, named):
    args = [arg.replace("{}", str(folder)) for arg in args]
    result = subprocess.run([sys.executable, "-m", "nonogram_editor", *args, "--json"], input=stdin or "",
                            capture_output=True, text=True, cwd=REPO, timeout=300)
    assert result.returncode in (1, 2), result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]  # nothing but JSON
    failures = [record for record in records if "error" in record]
    assert failures, (result.stdout, result.stderr)
    assert result.stderr.startswith(("error: ", "nonogram-editor ")), (result.stdout, result.stderr)
    if named is None:  # a usage error: the message alone
        assert failures == [{"error": result.stderr.strip()}]
        return
    named = named.replace("{}", str(folder))
    record = failures[0]
    assert record.get("path", record.get("puzzle")) == named or named in record["error"], record


def test_fix_names_the_path_given(folder):
    result = subprocess.run([sys.executable, "-m", "nonogram_editor", "fix", "/nonexistent"], capture_output=True,
                            text=True, cwd=REPO, timeout=120)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == "error: /nonexistent: cannot read or write the file: no such file\n"
