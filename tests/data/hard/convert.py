"""Make the hard puzzles' ``.non`` files: from Wolter's ``.nin`` format, and Josh Greifer's
domino-logic family (a pattern of any size, generated here).

    python tests/data/hard/convert.py nin FILE.nin OUT.non --title T --by B --catalogue C
    python tests/data/hard/convert.py domino N OUT.non

``.nin``: a line ``width height``, then one clue per line (numbers separated by spaces, 0
for an empty line), the rows first, then the columns.
"""
from __future__ import annotations

import argparse
from pathlib import Path


def read_nin(path: Path) -> tuple[list[list[int]], list[list[int]]]:
    lines = [line.split() for line in path.read_text().splitlines() if line.strip()]
    width, height = int(lines[0][0]), int(lines[0][1])
    clues = [[int(n) for n in line if int(n)] for line in lines[1:]]
    if len(clues) != width + height:
        raise SystemExit(f"{path}: {len(clues)} clue lines, expected {width} + {height}")
    return clues[:height], clues[height:]


def domino(n: int) -> tuple[list[list[int]], list[list[int]]]:
    """N-Dom (2N+1 square): rows 3 / 1 / (3 1, 1) x (N-1) / 1; the columns the same, mirrored."""
    rows = [[3], [1]] + [[3, 1], [1]] * (n - 1) + [[1]]
    columns = [[1], [1]] + [[1, 3], [1]] * (n - 1) + [[3]]
    return rows, columns


def write_non(path: Path, rows, columns, metadata: dict[str, str]) -> None:
    text = [f'{key} "{value}"' for key, value in metadata.items() if value]
    text += [f"width {len(columns)}", f"height {len(rows)}", "", "rows"]
    text += [",".join(map(str, clue)) or "0" for clue in rows]
    text += ["", "columns"] + [",".join(map(str, clue)) or "0" for clue in columns]
    path.write_text("\n".join(text) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("kind", choices=("nin", "domino"))
    parser.add_argument("source")
    parser.add_argument("out", type=Path)
    for key in ("catalogue", "title", "by", "copyright", "license"):
        parser.add_argument(f"--{key}", default="")
    args = parser.parse_args()
    if args.kind == "nin":
        rows, columns = read_nin(Path(args.source))
    else:
        rows, columns = domino(int(args.source))
        args.title = args.title or f"{args.source}-Dom"
        args.by = args.by or "Josh Greifer (domino logic pattern)"
    write_non(args.out, rows, columns, {key: getattr(args, key) for key in
                                        ("catalogue", "title", "by", "copyright", "license")})


if __name__ == "__main__":
    main()
