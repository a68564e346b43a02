"""The shared safe YAML loader: every hostile shape is one located line, quickly."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from totemdeck.files.safeyaml import MAX_DEPTH, YamlFileError, load_yaml_file, parse_yaml

BOMB = (
    'a: &a ["x","x","x","x","x","x","x","x","x"]\n'
    "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
    "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
    "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "entries: []\nformat: x\nentries: [1]\n",
            "f:3: the key 'entries' appears twice (first at line 1); keep one",
        ),
        ("a:\n  b: 1\n  b: 2\n", "f:3: the key 'b' appears twice (first at line 2); keep one"),
        (BOMB, "f:1: anchors and aliases (&name) are not allowed"),
        ("a: 1\nb: *x\n", "f:2: anchors and aliases (*name) are not allowed"),
        ("[" * 100 + "]" * 100, f"f:1: nested over {MAX_DEPTH} levels deep; this file needs a few"),
        ("- " * 3000 + "x\n", f"f:1: nested over {MAX_DEPTH} levels deep; this file needs a few"),
        ("n: " + "9" * 5000 + "\n", "f:1: an integer of 5000 digits is over the 30 digit limit"),
        ("n: -0x" + "f" * 40 + "\n", "f:1: an integer of 40 digits is over the 30 digit limit"),
        (
            "a: !!python/object:os.system x\n",
            "f:1: YAML tags (tag:yaml.org,2002:python/object:os.system) are not allowed",
        ),
        ("a: !!int ''\n", "f:1: YAML tags (tag:yaml.org,2002:int) are not allowed"),
        ("a: !!float x\n", "f:1: YAML tags (tag:yaml.org,2002:float) are not allowed"),
        ("a: !custom {}\n", "f:1: YAML tags (!custom) are not allowed"),
        ("a: [1\n", "f:2: did not find expected ',' or ']'"),
        ("a: b\x00\n", "f:1: the character '\\x00' is not allowed in YAML"),
    ],
)
def test_hostile_yaml_is_one_located_line(text: str, message: str) -> None:
    with pytest.raises(YamlFileError) as caught:
        parse_yaml(text, "f")
    assert str(caught.value) == message
    assert caught.value.exit_code == 2


def test_nesting_thousands_deep_is_refused_quickly() -> None:
    """libyaml stops at its own limit first (its words), the pure parser at ours."""
    with pytest.raises(YamlFileError, match=r"^f:1: .*nesting|^f:1: nested"):
        parse_yaml("[" * 5000 + "]" * 5000, "f")


def test_dates_stay_text_and_plain_yaml_loads() -> None:
    _node, data = parse_yaml("since: 2024-01-02\nn: 12\nx: [a, b]\n", "f")
    assert data == {"since": "2024-01-02", "n": 12, "x": ["a", "b"]}


def test_latin1_names_the_line_of_the_bad_byte(tmp_path: Path) -> None:
    path = tmp_path / "format.yaml"
    path.write_bytes("format: Totem\nname: Pokémon\n".encode("latin-1"))
    with pytest.raises(YamlFileError) as caught:
        load_yaml_file(path, 1000)
    assert str(caught.value) == f"{path}:2: not UTF-8 text (byte 0xe9); save the file as UTF-8"


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_devices_are_refused(device: str) -> None:
    with pytest.raises(YamlFileError, match="not a regular file"):
        load_yaml_file(device, 1000)


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "f.yaml"
    os.mkfifo(fifo)
    with pytest.raises(YamlFileError) as caught:
        load_yaml_file(fifo, 1000)
    assert str(caught.value) == f"{fifo}: not a regular file (a FIFO)"


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
def test_any_text_loads_or_is_one_yaml_file_error(text: str) -> None:
    try:
        parse_yaml(text, "f")
    except YamlFileError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("f")


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "a:",
                " b:",
                "- ",
                "[",
                "]",
                "{",
                "}",
                ",",
                "&x ",
                "*x",
                "1" * 40,
                "\n",
                "  ",
                "'",
                '"',
                "#",
                "!!int ",
                "? ",
            ]
        ),
        max_size=60,
    )
)
def test_yaml_like_fragments_never_escape(parts: list[str]) -> None:
    try:
        parse_yaml("".join(parts), "f")
    except YamlFileError as exc:
        assert "\n" not in str(exc)
