"""Fuzzing both readers through the command line: a mutated real design file (YAML or
MegaMek .mtf) gives exit 0, 1 or 2 and never an exception, each case within a bound
(hypothesis's deadline)."""

from __future__ import annotations

import tempfile
from datetime import timedelta
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests_support import EXAMPLES, MEGAMEK

from mechlab.cli import main
from mechlab.files.library import find_unit

YAML_FILES = [(EXAMPLES / "catapult.yaml").read_text(),
              *(find_unit(m).path.read_text() for m in ("AS7-D", "CP-10-Z"))]
_MTF_NAMES = ("Catapult CPLT-C1.mtf", "Cyclops CP-10-Z.mtf", "Warhammer WHM-6R.mtf")
MTF_FILES = [(MEGAMEK / name).read_text() for name in _MTF_NAMES]

TOKENS = ["*a", "&a ", "[", "]", "{", "}", ":", "- ", "\t", "!!python/object:os.system ",
          "<<: *a", "'", '"', "#", "\x00", "é", "A" * 300, "9" * 40, "-1", "1e9", "0", "2.5",
          "(R)", "(Split)", ",", "Autocannon/20", "PPC", "Hip", "Fusion Engine", "-Empty-",
          "Walk MP:", "Weapons:", "Left Arm:", "\n\n", "\r"]


@st.composite
def mutated(draw: st.DrawFn, originals: list[str]) -> str:
    text = draw(st.sampled_from(originals))
    for _ in range(draw(st.integers(1, 4))):
        lines = text.split("\n")
        at = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["delete", "duplicate", "swap", "insert", "digits",
                                     "truncate"]))
        if kind == "delete":
            del lines[at]
        elif kind == "duplicate":
            lines.insert(at, lines[at])
        elif kind == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[at], lines[other] = lines[other], lines[at]
        elif kind == "insert":
            column = draw(st.integers(0, len(lines[at])))
            token = draw(st.sampled_from(TOKENS))
            lines[at] = lines[at][:column] + token + lines[at][column:]
        elif kind == "digits":
            number = draw(st.sampled_from(["0", "1", "5", "13", "99", "400", "-3", "10000"]))
            lines[at] = "".join(number if ch.isdigit() else ch for ch in lines[at])
        else:
            return "\n".join(lines[:at])
        text = "\n".join(lines)
    return text


_FOLDER = Path(tempfile.mkdtemp(prefix="mechlab-fuzz-"))
FUZZ = settings(max_examples=40, deadline=timedelta(seconds=10),
                suppress_health_check=[HealthCheck.too_slow])


def _judged(text: str, suffix: str) -> None:
    path = _FOLDER / f"fuzz{suffix}"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code in (0, 1, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        repr(result.exception))
    assert "Traceback" not in result.output


@FUZZ
@given(mutated(YAML_FILES))
def test_mutated_yaml_design_gives_a_verdict_or_a_clean_error(text):
    _judged(text, ".yaml")


@FUZZ
@given(mutated(MTF_FILES))
def test_mutated_mtf_file_gives_a_verdict_or_a_clean_error(text):
    _judged(text, ".mtf")
