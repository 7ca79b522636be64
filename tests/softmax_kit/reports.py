"""Failure reports that lead with the shrunk case."""

from __future__ import annotations

import pytest

class CaseFirst:
    """A pytest plugin (``configure`` registers it): a failing property test's report opens
    with the shrunk case, then the traceback pytest would print, without the case again.

    Hypothesis attaches the falsifying example to the exception as notes: its call (with
    ``data=data(...)``, which says nothing), each ``Draw``, what the test ``note``-d (the input
    as Python), and the ``@reproduce_failure`` blob. ``case_header`` keeps what says something,
    after one line naming the implementation, the property and what differed (``assert_close``
    gives the first elements off, got and expected), one such block per distinct failure; the
    notes are then taken off the exceptions, so that the traceback below does not print them a
    second time.
    """

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item, call):
        header = None
        if (call.when == "call" and call.excinfo is not None
                and "impl" in getattr(item, "fixturenames", ())):
            # hypothesis raises an exception group when it finds several distinct failures
            errors = tuple(getattr(call.excinfo.value, "exceptions", None) or
                           (call.excinfo.value,))
            headers = [text for text in (case_header(item, error) for error in errors) if text]
            if headers:
                header = "\n\n".join(headers)
                for error in errors:
                    error.__notes__ = []
        report = (yield).get_result()
        if header and report.failed:
            report.longrepr = f"{header}\n\n{report.longrepr}"


NOTE_LINES = 8
"""Lines kept of one statement of a note (a long input's literal); the replay has it whole."""


def case_header(item, error: BaseException) -> str | None:
    """The lines that lead a failing property's report (see ``CaseFirst``), or None when the
    failure carries no falsifying example (an error before hypothesis found one)."""
    blob, case = None, []
    for note in map(str, getattr(error, "__notes__", ())):
        lines = [line for line in note.splitlines() if line.strip()]
        if not lines or lines[0].startswith(("Falsifying example", "Failing test case",
                                              "Explanation", "Trying example")):
            continue  # the call's arguments say nothing; no explain phase runs (PROFILES)
        if "@reproduce_failure(" in note:
            blob = note[note.index("@reproduce_failure("):].split(")", 1)[0] + ")"
            continue
        lines = [line for line in lines if not line.startswith("# ")]  # a repr, as a comment
        if lines and lines[0].startswith("Draw ") and len(lines) > 1:
            lines = [lines[0].rstrip() + " ..."]  # an array drawn: the notes give it as Python
        statements = []  # a line that does not start with a space starts a statement
        for line in lines:
            if line.startswith(" ") and statements:
                statements[-1].append(line)
            else:
                statements.append([line])
        for statement in statements:
            if len(statement) > NOTE_LINES:
                cut = len(statement) - NOTE_LINES + 1
                statement = statement[:NOTE_LINES - 1] + [
                    f"... ({cut} more lines: the replay below has them)"]
            case += statement
    if blob is None and not case:
        return None
    impl = item.callspec.params.get("impl") if hasattr(item, "callspec") else None
    message = (str(error).splitlines() or [""])[0]
    lines = [f"{getattr(impl, 'name', impl)} fails {item.originalname}: "
             f"{type(error).__name__}: {message}"]
    lines += [f"    {line}" for line in case]
    if blob is not None:
        lines.append(f"    replay: add {blob} to the test, or re-run this test id "
                     f"(the ci profile is derandomized)")
    return "\n".join(lines)
