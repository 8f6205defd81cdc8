#!/usr/bin/env python3
"""Reads an .xlsx with a second, independent reader (openpyxl) and prints its sheets as JSON.

    python3 scripts/dumpXlsxSheets.py FILE.xlsx

Prints {"sheets": [{"name", "rows": [[text or null, ...]], "formats": [[number format, ...]]}]}, sheets in the
workbook's order, rows from the first and trailing empty rows dropped. Exits 2 when openpyxl is not installed.
"""
import json
import sys

try:
    import openpyxl
except ImportError:
    print('openpyxl is not installed: pip install openpyxl', file=sys.stderr)
    sys.exit(2)


def text(value):
    return None if value is None else str(value)


def main(path):
    workbook = openpyxl.load_workbook(path)
    sheets = []
    for sheet in workbook.worksheets:
        rows = [[text(cell.value) for cell in row] for row in sheet.iter_rows()]
        formats = [[cell.number_format for cell in row] for row in sheet.iter_rows()]
        while rows and all(value is None for value in rows[-1]):
            rows.pop()
            formats.pop()
        sheets.append({'name': sheet.title, 'rows': rows, 'formats': formats})
    print(json.dumps({'sheets': sheets}, ensure_ascii=False))


if __name__ == '__main__':
    main(sys.argv[1])
