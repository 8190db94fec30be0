"""CSV import and export of point sets: columns x1, x2, label and an optional weight.

Format.  UTF-8 text (a byte-order mark is allowed), commas, a header line
naming the columns ``x1``, ``x2``, ``label`` and optionally ``weight`` in any
order and case; other columns are ignored; blank lines (or lines of empty
cells) are skipped.  Numbers are read by the lab's one reader, :func:`lab.numbers.read_number`, in the grammar
of text the lab writes (:data:`lab.numbers.PLAIN`): plain decimals (``-1.5``, ``2e-3``; no ``nan``, ``inf``,
``1_000``, fractions, decimal commas or thousands separators); a missing weight column means weight 1.

Labels are class names, kept as text and never interpreted (``"1"`` is the
name "1"; ``"<b>x</b>"`` is shown as those characters, not as HTML).  They are
cleaned like every class name (:func:`datasets.pointset.clean_class_name`):
control and invisible format characters are removed and the ends trimmed; a
label must then have 1 to 40 characters (``MAX_LABEL``).  The classes are the
distinct labels in sorted (code point) order; a file with one class gets a
second, empty one (the first of A, B, … not taken), as a point set has 2–6.
A label cell that opens with spaces and then a quote (``1,2, "A"``) is refused:
the CSV format keeps such quotes as part of the text.

Import is strict and all-or-nothing: any problem raises ``ValueError`` naming
the line and what to fix, and the caller keeps its data.  Limits: at most
``ROW_CAP`` = 100,000 points and ``MAX_BYTES`` = 32 MiB — room for any
exported set (100,000 rows of the longest numbers and labels take < 25 MB).
Before any parsing, cheap counts over the text refuse files no points file
looks like, which would cost seconds and hundreds of megabytes to parse:
more than ``MAX_BLANK_LINES`` lines beyond the header and the points, a line
of more than ``MAX_COLUMNS`` cells or ``MAX_LINE_CHARS`` characters, more
than ``MAX_CELLS`` cells in all.
Coordinates and weights follow :class:`~datasets.pointset.PointSet` (finite,
within ±1e9, weights ≥ 0).

Round trip.  :func:`write_points_csv` writes every float with ``repr`` (the
shortest text that reads back to the same float), so reading its output gives
the same coordinates, label texts, weights and row order, bit for bit.  Class
indices agree as well whenever the set's class names are in sorted order with
every class used (true of anything this module imported); pass
``class_names=`` and ``theta=`` to restore a set exactly in every case.  Labels
starting with ``=``, ``+``, ``-`` or ``@`` are written as they are: a
spreadsheet may read them as formulas.

Examples
--------
>>> from datasets.pointset import PointSet
>>> points = PointSet([[0.1, 2.0], [3.0, -1.5]], [0, 1], weights=[1.0, 2.5], class_names=("cat", "dog"))
>>> text = write_points_csv(points)
>>> print(text, end="")
x1,x2,label,weight
0.1,2.0,cat,1.0
3.0,-1.5,dog,2.5
>>> read_points_csv(text) == points
True
>>> read_points_csv("x1,x2,label\\n1,nan,cat\\n")
Traceback (most recent call last):
...
ValueError: Line 2: x2 must be a finite number; got 'nan'.
"""

from __future__ import annotations

import csv
import io
import re
from operator import methodcaller

import numpy as np

from lab.numbers import PLAIN, NumberTooLarge, read_each, read_number

from .generators import check_whole
from .pointset import (DEFAULT_NAMES, MAX_CLASSES, MAX_NAME_LENGTH, MAX_POINTS, MAX_VALUE, MIN_CLASSES,
                       PointSet, clean_class_name)

ROW_CAP = MAX_POINTS
MAX_BYTES = 32 * 1024 * 1024
MAX_LABEL = MAX_NAME_LENGTH
MAX_BLANK_LINES = 100_000        # lines beyond the header and max_rows points (blank, or of empty cells)
MAX_COLUMNS = 1_000              # cells in one line (other columns are ignored, but each costs a string)
MAX_LINE_CHARS = 100_000         # characters in one line (a row of this format takes about a hundred)
MAX_CELLS = 5_000_000            # cells in the whole file (100,000 rows of 50 columns)
REQUIRED = ("x1", "x2", "label")
HEADER = ("x1", "x2", "label", "weight")

_NOT_FINITE = re.compile(r"[+-]?(?:nan|inf|infinity)", re.IGNORECASE)


def _text(data, max_bytes: int) -> str:
    """The file as text: bytes decoded as UTF-8 (BOM dropped); size, type and NUL checked."""
    limit = f"{max_bytes / (1024 * 1024):g} MiB" if max_bytes >= 1024 * 1024 else f"{max_bytes:,} bytes"
    if isinstance(data, (bytes, bytearray, memoryview)):
        data = bytes(data)
        if len(data) > max_bytes:
            raise ValueError(f"The file is larger than {limit}; split it or remove points.")
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError("The file is not UTF-8 text (is it a CSV file? Save it as CSV, UTF-8).") from None
    elif isinstance(data, str):
        if len(data) > max_bytes or len(data.encode("utf-8", "surrogatepass")) > max_bytes:
            raise ValueError(f"The file is larger than {limit}; split it or remove points.")
    else:
        raise ValueError(f"Expected CSV text or bytes; got {type(data).__name__}.")
    if "\x00" in data:
        raise ValueError("The file contains binary data (NUL bytes), not CSV text.")
    return data[1:] if data.startswith("\ufeff") else data


_LINE_END = re.compile(r"\r\n|\r|\n")          # what the csv module ends a line with
_SPACED_QUOTE = re.compile(r'[ \t]+"')              # a cell opening with spaces then a quote (kept as text)
_WHOLE = re.compile(r"[ \t]*[+-]?[0-9]+")            # before a decimal comma
_FRACTION = re.compile(r"[0-9]+(?:[eE][+-]?[0-9]+)?[ \t]*")     # after it
SEMICOLON_HINT = (" Separate the cells with commas, not semicolons, and write decimals with a point (1.5, not "
                  "1,5): a spreadsheet set to a decimal comma writes semicolons.")
DECIMAL_COMMA_HINT = (" This looks like a decimal comma: 1,5 is read as two cells, 1 and 5. Write numbers with a "
                      "decimal point (1.5).")


def _spaced_quote_hint(cell: str) -> str:
    return (f" A space before an opening quote keeps the quotes in the cell ({cell.strip()[:24]!r}); remove the "
            "spaces after the commas.")


def _decimal_commas(cells: list, width: int, header: dict) -> bool:
    """True when joining number pairs split at a comma (1,5 → 1.5) gives the header's width with numbers
    in the number columns: the likeliest reading of a line with too many cells."""
    joined, extra, i = [], len(cells) - width, 0
    while i < len(cells):
        if extra and i + 1 < len(cells) and _WHOLE.fullmatch(cells[i]) and _FRACTION.fullmatch(cells[i + 1]):
            joined.append(f"{cells[i]}.{cells[i + 1]}")
            extra -= 1
            i += 2
        else:
            joined.append(cells[i])
            i += 1
    return extra == 0 and len(joined) == width and all(
        _is_number(joined[header[name]]) for name in ("x1", "x2", "weight") if name in header)


def _width_hint(cells: list, width: int, header: dict) -> str:
    if any(";" in cell for cell in cells):
        return SEMICOLON_HINT
    if len(cells) > width and _decimal_commas(cells, width, header):
        return DECIMAL_COMMA_HINT
    spaced = next((cell for cell in cells if _SPACED_QUOTE.match(cell)), None)
    return "" if spaced is None else _spaced_quote_hint(spaced)


def _precheck(text: str, max_rows: int) -> None:
    """Refuse text no points file looks like before parsing it: counts and splits in C, no parsing.

    >>> _precheck("x1,x2,label\\n" + "," * 2000 + "\\n", 10)    # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: Line 2 has 2,001 cells; a points file needs 3 or 4 columns (x1, x2, label, weight), ...
    """
    breaks = text.count("\n") + text.count("\r") - text.count("\r\n")
    lines = breaks + (not text.endswith(("\n", "\r")))
    allowed = max_rows + 1 + MAX_BLANK_LINES
    if lines > allowed:
        raise ValueError(f"The file has {lines:,} lines; a file of at most {max_rows:,} points has at most "
                         f"{allowed:,} (the header, the points and up to {MAX_BLANK_LINES:,} blank lines). "
                         "Remove the blank lines.")
    commas = text.count(",")
    if commas >= MAX_COLUMNS or len(text) > MAX_LINE_CHARS:         # else no line can break a limit
        rows = _LINE_END.split(text)                                  # (at most `allowed` of them)
        widest = max(map(methodcaller("count", ","), rows)) + 1
        if widest > MAX_COLUMNS or max(map(len, rows)) > MAX_LINE_CHARS:
            for number, row in enumerate(rows, 1):                   # the first line at fault
                cells = row.count(",") + 1
                if cells > MAX_COLUMNS:
                    raise ValueError(f"Line {number} has {cells:,} cells; a points file needs 3 or 4 columns "
                                     f"(x1, x2, label, weight), and at most {MAX_COLUMNS:,} are read. "
                                     "Remove the empty or unused columns.")
                if len(row) > MAX_LINE_CHARS:
                    raise ValueError(f"Line {number} has {len(row):,} characters; at most {MAX_LINE_CHARS:,} are "
                                     "read (a row of x1, x2, label and weight takes about a hundred). "
                                     "Is this a CSV file of points?")
    if commas + lines > MAX_CELLS:
        raise ValueError(f"The file has {commas + lines:,} cells; at most {MAX_CELLS:,} are read "
                         f"({ROW_CAP:,} points of {MAX_CELLS // ROW_CAP} columns). Remove the columns the lab "
                         "does not use (it reads x1, x2, label and weight).")


def _read(cell: str) -> float:
    """A cell's number: the lab's one reader in the grammar of text the lab writes (lab.numbers.PLAIN)."""
    return read_number(cell, **PLAIN)


def _is_number(cell: str) -> bool:
    try:
        _read(cell)
    except ValueError:
        return False
    return True


def _number(text: str, line: int, column: str) -> float:
    cell = text.strip(" \t")
    try:
        value = _read(cell)
    except NumberTooLarge:
        raise ValueError(f"Line {line}: {column} must be a finite number; got {cell[:24]!r} (too large).") from None
    except ValueError:
        value = None
    if value is not None:
        if abs(value) > MAX_VALUE:
            raise ValueError(f"Line {line}: {column} must lie within ±{MAX_VALUE:g}; got {cell[:24]!r}. "
                             "Rescale the data.")
        return value
    if not cell:
        raise ValueError(f"Line {line}: {column} is empty; fill it in or delete the line.")
    if _NOT_FINITE.fullmatch(cell):
        raise ValueError(f"Line {line}: {column} must be a finite number; got {cell!r}.")
    hint = SEMICOLON_HINT if ";" in cell else _spaced_quote_hint(text) if _SPACED_QUOTE.match(text) else ""
    raise ValueError(f"Line {line}: {column} is not a number ({cell[:24]!r}); write plain decimals like -1.5.{hint}")


def _column(rows: list, lines: list, columns: dict, name: str) -> np.ndarray:
    """One numeric column as floats; ValueError naming the first bad cell's line and the reason."""
    cells = [row[columns[name]] for row in rows]
    try:
        values = np.array(read_each(cells, **PLAIN), dtype=float)
    except ValueError:
        first = next(j for j, cell in enumerate(cells) if not _is_number(cell))
    else:
        bad = np.abs(values) > MAX_VALUE
        if not bad.any():
            return values
        first = int(np.argmax(bad))
    _number(cells[first], lines[first], name)            # raises, saying what is wrong
    raise ValueError(f"Line {lines[first]}: {name} is not a valid number.")


def _header(cells: list) -> dict:
    """Column name → position; ValueError when a required column is missing or doubled."""
    names = [cell.strip().lstrip("\ufeff").strip().lower() for cell in cells]
    missing = [name for name in REQUIRED if name not in names]
    if missing:
        spaced = next((cell for cell in cells if _SPACED_QUOTE.match(cell)), None)
        hint = (SEMICOLON_HINT if any(";" in n for n in names)
                else " Separate the cells with commas." if any("\t" in n for n in names)
                else "" if spaced is None else _spaced_quote_hint(spaced))
        raise ValueError("The first line must be the header x1,x2,label (weight optional); "
                         f"missing: {', '.join(missing)}.{hint}")
    doubled = [name for name in HEADER if names.count(name) > 1]
    if doubled:
        raise ValueError(f"The header names the column {doubled[0]} twice; keep one.")
    return {name: names.index(name) for name in HEADER if name in names}


def _label(text: str, line: int, cache: dict) -> str:
    if text not in cache and _SPACED_QUOTE.match(text):
        raise ValueError(f"Line {line}: the label would keep its quotes.{_spaced_quote_hint(text)}")
    if text not in cache:
        try:
            cache[text] = clean_class_name(text)
        except ValueError as error:
            raise ValueError(f"Line {line}: bad label. {error}") from None
    return cache[text]


def _class_names(labels: set) -> list:
    names = sorted(labels)
    if len(names) > MAX_CLASSES:
        shown = ", ".join(repr(name) for name in names[:8])
        raise ValueError(f"The file has {len(names)} classes ({shown}{', …' if len(names) > 8 else ''}); "
                         f"the lab handles at most {MAX_CLASSES}. Merge or drop classes.")
    spare = [name for name in DEFAULT_NAMES if name not in names]
    return sorted(names + spare[: max(0, MIN_CLASSES - len(names))])


def read_points_csv(data, *, class_names=None, theta=None, max_rows: int = ROW_CAP,
                    max_bytes: int = MAX_BYTES) -> PointSet:
    """Parse CSV bytes or text into a new PointSet; ValueError (naming the problem and line) on any flaw.

    Parameters
    ----------
    data : bytes or str
        The file's content.
    class_names : sequence of str, optional
        Fix the classes (e.g. re-reading an edited table of the current set):
        every label must be one of them, and their order gives the indices.
        By default the classes are the distinct labels in sorted order.
    theta : array-like, optional
        Priorities θ of the classes; all 1 by default.
    max_rows, max_bytes : int
        Refuse more points or a larger file (defaults ``ROW_CAP``, ``MAX_BYTES``).

    Examples
    --------
    >>> points = read_points_csv(b"label,x2,x1\\nB,0,1\\nB,2,3\\n")
    >>> points.X.tolist(), points.class_names, points.labels.tolist()
    ([[1.0, 0.0], [3.0, 2.0]], ('A', 'B'), [1, 1])
    """
    max_rows = check_whole("max_rows", max_rows, 1, ROW_CAP)
    max_bytes = check_whole("max_bytes", max_bytes, 1, MAX_BYTES)
    fixed_names = None if class_names is None else PointSet(class_names=class_names).class_names
    text = _text(data, max_bytes)
    if not text.strip():
        raise ValueError("The file is empty; it needs the header x1,x2,label and one point per line.")
    _precheck(text, max_rows)
    reader = csv.reader(io.StringIO(text, newline=""))
    columns, used, width, rows, lines = None, [], 0, [], []
    try:
        for cells in reader:
            if not "".join(cells).strip():
                continue                                  # a blank line, or only empty cells
            if columns is None:
                found, width = _header(cells), len(cells)
                used = [found[name] for name in HEADER if name in found]      # only these cells are kept
                columns = {name: k for k, name in enumerate(name for name in HEADER if name in found)}
                continue
            if len(cells) != width:
                raise ValueError(f"Line {reader.line_num} has {len(cells)} cells; the header has {width}. "
                                 f"Every line needs the same columns.{_width_hint(cells, width, found)}")
            if len(rows) >= max_rows:
                raise ValueError(f"The file has more than {max_rows:,} points; at most {max_rows:,} are accepted.")
            rows.append([cells[i] for i in used])
            lines.append(reader.line_num)
    except csv.Error as error:
        raise ValueError(f"The file is not valid CSV (line {reader.line_num}: {error}).") from None
    if not rows:
        raise ValueError("The file has a header but no points.")
    X = np.c_[_column(rows, lines, columns, "x1"), _column(rows, lines, columns, "x2")]
    weights = _column(rows, lines, columns, "weight") if "weight" in columns else None
    if weights is not None and np.any(weights < 0):
        first = int(np.argmax(weights < 0))
        raise ValueError(f"Line {lines[first]}: weight must be ≥ 0 (a weight is the cost of a mistake); "
                         f"got {rows[first][columns['weight']].strip()[:24]!r}.")
    cache, at = {}, columns["label"]
    labels = [_label(row[at], line, cache) for row, line in zip(rows, lines)]
    if fixed_names is not None:
        unknown = next((j for j, label in enumerate(labels) if label not in fixed_names), None)
        if unknown is not None:
            raise ValueError(f"Line {lines[unknown]}: unknown class {labels[unknown]!r}; "
                             f"the classes are {', '.join(fixed_names)}.")
    names = list(fixed_names) if fixed_names is not None else _class_names(set(labels))
    index = {name: j for j, name in enumerate(names)}
    return PointSet(X, np.array([index[label] for label in labels], dtype=np.int64), weights, tuple(names), theta)


_LINE = re.compile(r"\b[Ll]ine (\d+)\b")


def read_points_table(text, row_names, *, class_names, theta=None) -> PointSet:
    """The Data page's edited table, written as CSV (one line per row, header first), as a PointSet.

    Like :func:`read_points_csv` with the table's ``class_names`` fixed, but a
    message names the row as the table shows it (``row_names[i]`` for the
    i-th row, e.g. the index column) instead of a line of a file, and a table
    whose rows were all deleted gives an empty set with the same classes.

    >>> text = "x1,x2,label,weight\\n1,2,A,1\\n3,,B,1\\n"
    >>> read_points_table(text, [0, 7], class_names=("A", "B"))
    Traceback (most recent call last):
    ...
    ValueError: Row 7: x2 is empty; fill it in or delete the row.
    >>> len(read_points_table("x1,x2,label,weight\\n", [], class_names=("A", "B")))
    0
    """
    rows = list(row_names)
    split = []

    def row(match):
        position = int(match[1]) - 2                  # line 1 is the header
        if not 0 <= position < len(rows):             # a line the table does not have: a cell's line
            split.append(position)                    # break (e.g. a pasted carriage return) split a row
            return "A row" if match[0].startswith("L") else "a row"
        return f"{'Row' if match[0].startswith('L') else 'row'} {rows[position]}"

    try:
        return read_points_csv(text, class_names=class_names, theta=theta)
    except ValueError as error:
        message = str(error)
        if message.startswith("The file has a header but no points"):
            return PointSet(class_names=class_names, theta=theta)
        message = _LINE.sub(row, message).replace("delete the line", "delete the row")
        message = message.replace("Every line", "Every row").replace("The file", "The table")
        if split:
            message += " A cell holds a line break, which splits its row; remove it."
        raise ValueError(message) from None


def write_points_csv(points: PointSet) -> str:
    """CSV text with columns x1, x2, label, weight, one line per point in order (floats by ``repr``).

    >>> from datasets.pointset import PointSet
    >>> write_points_csv(PointSet([[1 / 3, -0.0]], [0], class_names=("a,b", "c")))
    'x1,x2,label,weight\\n0.3333333333333333,-0.0,"a,b",1.0\\n'
    """
    if not isinstance(points, PointSet):
        raise ValueError(f"write_points_csv writes a PointSet; got {type(points).__name__}.")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    names = points.class_names
    writer.writerows((repr(x1), repr(x2), names[label], repr(weight)) for (x1, x2), label, weight
                     in zip(points.X.tolist(), points.labels.tolist(), points.weights.tolist()))
    return out.getvalue()
