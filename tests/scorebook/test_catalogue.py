"""The Russian catalogue: every message translated, none left fuzzy, the placeholders kept, the
compiled .mo made from the .po as it stands (what the site actually reads), and no message
hidden from ``makemessages`` in an f-string.

``make messages`` refreshes the catalogue from the templates and the code; these tests fail
until what it added is translated and compiled."""

from __future__ import annotations

import ast
import gettext
import re
from dataclasses import dataclass, field
from pathlib import Path

LOCALE = Path(__file__).resolve().parents[2] / "locale" / "ru" / "LC_MESSAGES"
PLACEHOLDER = re.compile(r"%(?:\([^)]+\))?[sdif]")


@dataclass
class Entry:
    line: int
    flags: set[str] = field(default_factory=set)
    fields: dict[str, str] = field(default_factory=dict)

    @property
    def msgid(self) -> str:
        return self.fields.get("msgid", "")

    @property
    def translations(self) -> list[str]:
        if "msgid_plural" in self.fields:
            return [v for k, v in sorted(self.fields.items()) if k.startswith("msgstr[")]
        return [self.fields.get("msgstr", "")]

    def __str__(self) -> str:
        return f"line {self.line}: {self.msgid!r}"


def read_po(path: Path) -> list[Entry]:
    """The entries of a .po file (obsolete ones left out), header included."""
    entries: list[Entry] = []
    entry: Entry | None = None
    key = ""
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#~"):
            entry = None
            continue
        if entry is None:
            entry = Entry(number)
            entries.append(entry)
        if line.startswith("#,"):
            entry.flags.update(f.strip() for f in line[2:].split(","))
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            entry.fields[key] += ast.literal_eval(line)
        else:
            key, _space, value = line.partition(" ")
            entry.fields[key] = ast.literal_eval(value)
    return entries


ENTRIES = [e for e in read_po(LOCALE / "django.po") if e.msgid]
HEADER = next(e for e in read_po(LOCALE / "django.po") if not e.msgid)


def plural_forms() -> int:
    match = re.search(r"nplurals=(\d+)", HEADER.fields["msgstr"])
    assert match, "the catalogue's header has no Plural-Forms"
    return int(match.group(1))


def test_the_catalogue_is_read_whole() -> None:
    assert len(ENTRIES) > 300
    assert any("msgid_plural" in e.fields for e in ENTRIES)
    assert any("msgctxt" in e.fields for e in ENTRIES)


def test_every_message_is_translated_and_none_is_fuzzy() -> None:
    fuzzy = [str(e) for e in ENTRIES if "fuzzy" in e.flags]
    missing = [str(e) for e in ENTRIES if not all(t.strip() for t in e.translations)]
    assert not fuzzy, "fuzzy (a guess by makemessages, not a translation):\n" + "\n".join(fuzzy)
    assert not missing, "not translated:\n" + "\n".join(missing)


def test_every_plural_has_each_russian_form() -> None:
    forms = plural_forms()
    short = [str(e) for e in ENTRIES if "msgid_plural" in e.fields and len(e.translations) != forms]
    assert not short, f"plurals without their {forms} forms:\n" + "\n".join(short)


def test_a_translation_keeps_the_placeholders_of_its_message() -> None:
    wrong = []
    for entry in ENTRIES:
        if "python-format" not in entry.flags and not PLACEHOLDER.search(entry.msgid):
            continue
        wanted = sorted(PLACEHOLDER.findall(entry.fields.get("msgid_plural", entry.msgid)))
        for text in entry.translations:
            if sorted(PLACEHOLDER.findall(text)) != wanted:
                wrong.append(f"{entry}: {text!r}")
    assert not wrong, "placeholders changed:\n" + "\n".join(wrong)


def test_the_compiled_catalogue_is_the_catalogue() -> None:
    with (LOCALE / "django.mo").open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    stale = []
    for e in ENTRIES:
        context, msgid, translations = e.fields.get("msgctxt"), e.msgid, e.translations
        if "msgid_plural" in e.fields:
            plural = e.fields["msgid_plural"]
            got = [
                compiled.npgettext(context, msgid, plural, n)
                if context
                else compiled.ngettext(msgid, plural, n)
                for n in (1, 2, 5)
            ]
            want = translations[:3]
        else:
            got = [compiled.pgettext(context, msgid) if context else compiled.gettext(msgid)]
            want = translations[:1]
        if got != want:
            stale.append(f"{e}: compiled {got!r}, the .po says {want!r}")
    assert not stale, (
        "django.mo is not compiled from django.po (run `.venv/bin/python manage.py "
        "compilemessages --ignore=.venv`):\n" + "\n".join(stale[:20])
    )


GETTEXT = {"_", "gettext", "gettext_lazy", "pgettext", "pgettext_lazy", "ngettext", "npgettext"}
GETTEXT |= {"ngettext_lazy", "npgettext_lazy"}


def hidden_messages(source: str) -> list[int]:
    """Lines where a message is marked inside an f-string, where makemessages (xgettext) does
    not look: the message never reaches the catalogue, and the page stays in English."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Call) and getattr(inner.func, "id", "") in GETTEXT:
                    lines.append(inner.lineno)
    return lines


def test_hidden_messages_are_found() -> None:
    assert hidden_messages("x = f\"<b>{escape(_('special'))}</b>\"") == [1]
    assert hidden_messages("x = escape(_('special')) + f'{y}'") == []


def test_no_message_is_marked_inside_an_f_string() -> None:
    root = LOCALE.parents[2]
    found = [
        f"{path.relative_to(root)}:{line}"
        for folder in ("scorebook", "players")
        for path in sorted((root / folder).rglob("*.py"))
        for line in hidden_messages(path.read_text(encoding="utf-8"))
    ]
    assert not found, "messages makemessages cannot see:\n" + "\n".join(found)
