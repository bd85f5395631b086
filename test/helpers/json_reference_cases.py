"""Writes test/fixtures/json-test-suite/expected.json: json_reference's finding for every suite file, alone and as
an attribute value of a valid answer (the wrapping test/bindings/json-test-suite.test.ts uses). Run from the repository root:
python3 test/helpers/json_reference_cases.py"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from json_reference import read  # noqa: E402

SUITE = "test/fixtures/json-test-suite"
BEFORE = b'{"protocol":"0.2.0","instance":"json-test-suite","root":{"id":"app","role":"Application","attributes":{"x-suite":'
AFTER = b"}}}"

cases = {}
for folder in ("test_parsing", "test_transform"):
    for name in sorted(os.listdir(os.path.join(SUITE, folder))):
        with open(os.path.join(SUITE, folder, name), "rb") as f:
            data = f.read()
        cases[f"{folder}/{name}"] = {"alone": read(data), "wrapped": read(BEFORE + data + AFTER)}
with open(os.path.join(SUITE, "expected.json"), "w") as out:
    json.dump({"wrap": [BEFORE.decode(), AFTER.decode()], "cases": cases}, out, indent=1, sort_keys=True)
    out.write("\n")
