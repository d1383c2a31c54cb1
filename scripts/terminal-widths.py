"""Writes test/fixtures/terminal-widths.json: the cells glibc's wcwidth() gives each code point of
the blocks below, in C.UTF-8, as terminals that use it (xterm, tmux, VTE) draw them. The oracle of
test/unit/text-width.test.ts, made by the C library rather than by the package collab measures with.

usage: python3 scripts/terminal-widths.py > test/fixtures/terminal-widths.json
"""

import ctypes
import json
import locale
import platform

locale.setlocale(locale.LC_ALL, "C.UTF-8")
libc = ctypes.CDLL("libc.so.6")
libc.wcwidth.argtypes = [ctypes.c_wchar]
libc.gnu_get_libc_version.restype = ctypes.c_char_p

BLOCKS = [
    (0xA0, 0xFF, "Latin-1 Supplement"),
    (0x300, 0x36F, "Combining Diacritical Marks"),
    (0x483, 0x489, "Cyrillic combining marks"),
    (0x591, 0x5C7, "Hebrew points"),
    (0x2000, 0x206F, "General Punctuation"),
    (0x20A0, 0x20C0, "Currency Symbols"),
    (0x2100, 0x214F, "Letterlike Symbols"),
    (0x2190, 0x21FF, "Arrows"),
    (0x2300, 0x23FF, "Miscellaneous Technical"),
    (0x2500, 0x257F, "Box Drawing"),
    (0x25A0, 0x25FF, "Geometric Shapes"),
    (0x2600, 0x26FF, "Miscellaneous Symbols"),
    (0x2700, 0x27BF, "Dingbats"),
    (0x3000, 0x303F, "CJK Symbols and Punctuation"),
    (0x3040, 0x309F, "Hiragana"),
    (0x4E00, 0x4E7F, "CJK Unified Ideographs (the first 128)"),
    (0xAC00, 0xAC7F, "Hangul Syllables (the first 128)"),
    (0xFF00, 0xFFEF, "Halfwidth and Fullwidth Forms"),
    (0x1F300, 0x1F64F, "Miscellaneous Symbols and Pictographs, Emoticons"),
    (0x1F680, 0x1F6FF, "Transport and Map Symbols"),
    (0x1F900, 0x1F9FF, "Supplemental Symbols and Pictographs"),
]

blocks = []
for first, last, name in BLOCKS:
    widths = "".join("x" if w < 0 else str(w) for w in (libc.wcwidth(chr(cp)) for cp in range(first, last + 1)))
    blocks.append({"block": name, "from": f"U+{first:04X}", "widths": widths})
print(
    json.dumps(
        {
            "source": f"wcwidth() of glibc {libc.gnu_get_libc_version().decode()} ({platform.freedesktop_os_release().get('PRETTY_NAME', 'Linux')}), C.UTF-8, one code point at a time: scripts/terminal-widths.py",
            "key": "one character per code point from `from` on: its cells, or x where glibc has it unprintable or unassigned",
            "blocks": blocks,
        },
        indent=2,
    )
)
