#!/usr/bin/env python3
"""Checks with a real reader (openpyxl) that an .xlsx export holds dates as dates (issue 30 §3).

    python3 scripts/checkXlsxDates.py FILE.xlsx 日期 [签约时间 ...] [-- FILE2.xlsx 所属期 ...]

Several files in one run are separated by `--` (one Python start for a whole walk of exports).

For each named column (found by its header text in the first rows), reports how many of its data cells openpyxl
reads as datetimes and lists the first cells that are not (text such as '2026-11-27' is not a date). A cell under
the header that is empty, or the 合计 row's label, is skipped. Exits 1 when a named column is missing or holds a
non-date value, 2 when openpyxl is not installed (pip install openpyxl).
"""
import datetime
import sys

try:
    import openpyxl
except ImportError:
    print('openpyxl is not installed: pip install openpyxl', file=sys.stderr)
    sys.exit(2)

HEADER_SEARCH_ROWS = 10


def find_header(sheet, labels):
    """The first row (within HEADER_SEARCH_ROWS) holding every label; answers (row number, {label: column})."""
    for row in sheet.iter_rows(min_row=1, max_row=HEADER_SEARCH_ROWS):
        found = {cell.value: cell.column for cell in row if isinstance(cell.value, str)}
        if all(label in found for label in labels):
            return row[0].row, {label: found[label] for label in labels}
    return None, {}


def check(path, labels):
    workbook = openpyxl.load_workbook(path, read_only=False)
    sheet = workbook.worksheets[0]
    header, columns = find_header(sheet, labels)
    if header is None:
        print(f'{path}: no header row with {", ".join(labels)} in the first {HEADER_SEARCH_ROWS} rows')
        return False
    ok = True
    for label, column in columns.items():
        dates, bad, first = 0, [], None
        for row in range(header + 1, sheet.max_row + 1):
            cell = sheet.cell(row=row, column=column)
            if cell.value is None or cell.value == '' or cell.value == '合计':
                continue
            if isinstance(cell.value, (datetime.datetime, datetime.date)) and cell.is_date:
                dates += 1
                first = first or cell
            else:
                bad.append(f'{cell.coordinate}={cell.value!r} ({type(cell.value).__name__}, format {cell.number_format})')
        # An empty cell in a date-formatted column is is_date too: the sample is the first cell holding a date.
        sample = f', e.g. {first.coordinate}={first.value.isoformat()} shown as {first.number_format}' if first else ''
        print(f'{path} [{label}]: {dates} datetime cells, {len(bad)} not{sample}')
        for item in bad[:5]:
            print(f'  not a date: {item}')
        ok = ok and not bad and dates > 0
    return ok


def main(argv):
    groups, current = [], []
    for arg in argv[1:] + ['--']:
        if arg == '--':
            if current:
                groups.append(current)
            current = []
        else:
            current.append(arg)
    if not groups or any(len(group) < 2 for group in groups):
        print(__doc__.strip(), file=sys.stderr)
        return 1
    results = [check(group[0], group[1:]) for group in groups]
    return 0 if all(results) else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv))
