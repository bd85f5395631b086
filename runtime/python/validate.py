"""``python -m element_model.validate [--json] [--batch] FILE|-``: checks answers and prints their findings.

The same arguments, exit codes and findings JSON as ``element-spec validate`` and every binding's validator:
exit 0 when there is no error (warnings allowed), 1 when there are errors (bytes that are not JSON, UTF-8 or not,
included), 2 for a usage error or a file that cannot be opened.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from .check import LIMITS, CheckOptions, Finding, check, json_finding
from .json_text import JsonTextError, gc_paused, loads

__all__ = ["format_findings", "main", "validate_text"]


@gc_paused
def validate_text(text: str | bytes, options: CheckOptions = LIMITS) -> list[Finding]:
    """The findings for an answer's text (bytes are read as UTF-8), checked with ``options``; text that is not JSON
    (bytes that are not UTF-8 included) is one finding at the root.

    JSON of any depth is read, as every binding's validator reads it: elements deeper than ``options.max_depth``
    are the checker's ``limit`` finding, not a refusal.
    """
    try:
        value = loads(text)
    except JsonTextError as error:
        return [json_finding(error)]
    return check(value, options)


def format_findings(findings: Sequence[Finding], name: str) -> str:
    """The findings as a person reads them, grouped under the file's name, with a count of each severity."""
    if not findings:
        return f"{name}: no findings\n"
    lines = []
    for f in findings:
        where = f.path or "/"
        element = "" if f.element_id is None else f" (element {json.dumps(f.element_id, ensure_ascii=False)})"
        cited = " ".join(part for part in (f.requirement, f.rule) if part)
        lines.append(f"  {where}{element}\n    {f.severity} {f.message}  {cited}")
    errors = sum(1 for f in findings if f.severity == "error")
    warnings = len(findings) - errors
    return f"{name}\n" + "\n".join(lines) + f"\n\n{errors} error{'' if errors == 1 else 's'}, {warnings} warning{'' if warnings == 1 else 's'}\n"


def _validate_file(file: str, as_json: bool) -> tuple[str, int]:
    """What checking one file (or ``-`` for standard input) prints, and its exit code."""
    try:
        if file == "-":
            text = sys.stdin.buffer.read()
        else:
            with open(file, "rb") as stream:
                text = stream.read()
    except OSError as error:
        sys.stderr.write(f"validate: cannot read {file}: {error}\n")
        return "", 2
    findings = validate_text(text)
    if as_json:
        out = json.dumps([f.to_json() for f in findings], indent=2, ensure_ascii=False) + "\n"
    else:
        out = format_findings(findings, "<stdin>" if file == "-" else file)
    return out, 1 if any(f.severity == "error" for f in findings) else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m element_model.validate",
        description=(
            "Check an answer (a file, or - for standard input) against the structure and requirements. With --batch,"
            ' check each file in turn: for each, a line "==> FILE <== exit CODE", then what checking that file alone'
            " prints; the exit code is the highest of theirs."
        ),
    )
    parser.add_argument("files", nargs="+", metavar="file", help="the answer as JSON, or - to read standard input")
    parser.add_argument("--json", action="store_true", help="print the findings as JSON")
    parser.add_argument("--batch", action="store_true", help="check every file given, each under a header line")
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:
        return 0 if stop.code == 0 else 2
    files: list[str] = args.files
    if not args.batch:
        if len(files) != 1:
            parser.print_usage(sys.stderr)
            return 2
        out, code = _validate_file(files[0], args.json)
        sys.stdout.write(out)
        return code
    highest = 0
    for file in files:
        out, code = _validate_file(file, args.json)
        sys.stdout.write(f"==> {file} <== exit {code}\n{out}")
        highest = max(highest, code)
    return highest


if __name__ == "__main__":
    sys.exit(main())
