"""The catalogue message syntax: a small, standard-library subset of ICU MessageFormat.

    Pile {n}                                     an argument
    {count, plural, one {# card} other {# cards}}
    {count, plural, =0 {no card} one {# card} other {# cards}}
    {kind, select, crescent {…} canfield {…} other {…}}
    {card, card, on short}                       a formatted argument: {name, TYPE, STYLE}
    {{ and }}                                    a literal { and } (outside plural/select only)

- `plural` picks a branch by exact value (`=0`, `=1`…, tried first) or else by the CLDR
  category of the number in the message's language (catalogues/plurals.py): zero, one, two,
  few, many, other. `other` is required. `#` in a plural branch is the number, written the
  language's way (catalogues/numbers.py); `offset:N` is accepted as in ICU.
- `select` picks the branch named by the argument's value, else `other` (required).
- `gender` is a select on the grammatical gender of a card (or rank) in the message's
  language, `m`, `f` or `n` (`formatter("gender", "", value)`): « {card, gender, f {elle}
  other {il}} » for a pronoun that agrees with the card.
- A formatted argument `{name, TYPE, STYLE}` (TYPE one of `FORMATTED`: `card`, `rank`) is
  written by the caller's `formatter(type, style, value)`; the style is plain words up to the
  closing brace (catalogues/cardnames.py: a card's role, "on short").
- Unlike ICU, the apostrophe is an ordinary character (French and Greek text is full of them);
  literal braces are written `{{` `}}` as in Python's str.format, which is what the catalogues
  used before plurals came.

Parsing is strict and its errors say what is wrong and where (column in the message); the
catalogue loader adds the file and key. Parsed messages are cached by the loader.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

__all__ = [
    "FORMATTED",
    "Arg",
    "Formatted",
    "Hash",
    "MessageSyntaxError",
    "Node",
    "Plural",
    "Select",
    "arguments",
    "formatted",
    "map_literals",
    "parse",
    "plural_blocks",
    "render",
    "selects",
]


class MessageSyntaxError(ValueError):
    """A message that is not valid catalogue syntax (ValueError, so old callers still catch it)."""


@dataclass(frozen=True)
class Arg:
    name: str


@dataclass(frozen=True)
class Hash:
    """`#` inside a plural branch: the (offset) number."""


@dataclass(frozen=True)
class Plural:
    name: str
    offset: int
    branches: tuple[tuple[str, tuple[Node, ...]], ...]  # selector ("=0", "one") -> message


@dataclass(frozen=True)
class Select:
    name: str
    branches: tuple[tuple[str, tuple[Node, ...]], ...]
    # "select" picks by the value; "gender" by the grammatical gender the formatter gives the
    # value (a card's in the message's language: `{card, gender, f {elle} other {il}}`).
    kind: str = "select"


@dataclass(frozen=True)
class Formatted:
    """`{name, type, style}`: the argument written by the formatter of its type."""

    name: str
    kind: str
    style: str


# The types of formatted arguments the catalogues use (catalogues/cardnames.py writes them).
FORMATTED = ("card", "rank")

Node = str | Arg | Hash | Plural | Select | Formatted

_NAME = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*")
_SELECTOR = re.compile(r"\s*(=\d+|[A-Za-z_][A-Za-z0-9_-]*)\s*")
_OFFSET = re.compile(r"\s*offset:(\d+)\s*")


def parse(text: str) -> tuple[Node, ...]:
    """The message as a tuple of nodes (consecutive literal text merged into one str)."""
    nodes, pos = _parse_message(text, 0, depth=0, in_plural=False)
    if pos != len(text):  # only a stray `}` at the top level stops the top-level message
        raise MessageSyntaxError(f"column {pos + 1}: a lone '}}' (write '}}}}' for a literal brace)")
    return nodes


def _parse_message(text: str, pos: int, depth: int, in_plural: bool) -> tuple[tuple[Node, ...], int]:
    out: list[Node] = []
    buf: list[str] = []

    def flush() -> None:
        if buf:
            out.append("".join(buf))
            buf.clear()

    while pos < len(text):
        ch = text[pos]
        if ch == "{":
            if depth == 0 and text.startswith("{{", pos):
                buf.append("{")
                pos += 2
                continue
            flush()
            node, pos = _parse_argument(text, pos + 1, depth, in_plural)
            out.append(node)
        elif ch == "}":
            if depth == 0 and text.startswith("}}", pos):
                buf.append("}")
                pos += 2
                continue
            break  # the end of a branch (or a stray brace: the caller decides)
        elif ch == "#" and in_plural:
            flush()
            out.append(Hash())
            pos += 1
        else:
            buf.append(ch)
            pos += 1
    flush()
    return tuple(out), pos


def _parse_argument(text: str, pos: int, depth: int, in_plural: bool) -> tuple[Node, int]:
    start = pos - 1
    m = _NAME.match(text, pos)
    if not m:
        raise MessageSyntaxError(
            f"column {start + 1}: '{{' must be followed by an argument name "
            f"(write '{{{{' for a literal brace)"
        )
    name, pos = m.group(1), m.end()
    if pos < len(text) and text[pos] == "}":
        return Arg(name), pos + 1
    if pos >= len(text) or text[pos] != ",":
        raise MessageSyntaxError(f"column {pos + 1}: argument {{{name}…}} is not closed by '}}'")
    m = _NAME.match(text, pos + 1)
    kind = m.group(1) if m else ""
    if m is None or kind not in ("plural", "select", "gender", *FORMATTED):
        raise MessageSyntaxError(
            f"column {pos + 1}: argument {name!r} has unknown type {kind!r} "
            f"(known: plural, select, gender, {', '.join(FORMATTED)})"
        )
    pos = m.end()
    if kind in FORMATTED:
        if pos < len(text) and text[pos] == "}":
            raise MessageSyntaxError(f"column {pos + 1}: {{{name}, {kind}, …}} needs a style (e.g. a role)")
        if pos >= len(text) or text[pos] != ",":
            raise MessageSyntaxError(f"column {pos + 1}: expected ',' after '{name}, {kind}'")
        end = text.find("}", pos)
        style = text[pos + 1 : end].strip() if end >= 0 else ""
        if end < 0 or "{" in style or not style:
            raise MessageSyntaxError(f"column {start + 1}: {{{name}, {kind}, STYLE}} is not closed by '}}'")
        return Formatted(name, kind, " ".join(style.split())), end + 1
    if pos >= len(text) or text[pos] != ",":
        raise MessageSyntaxError(f"column {pos + 1}: expected ',' after '{name}, {kind}'")
    pos += 1
    offset = 0
    if kind == "plural":
        mo = _OFFSET.match(text, pos)
        if mo:
            offset, pos = int(mo.group(1)), mo.end()
    branches: list[tuple[str, tuple[Node, ...]]] = []
    seen: set[str] = set()
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos < len(text) and text[pos] == "}":
            pos += 1
            break
        ms = _SELECTOR.match(text, pos)
        if not ms or ms.end() >= len(text) or text[ms.end()] != "{":
            raise MessageSyntaxError(
                f"column {pos + 1}: in {{{name}, {kind}, …}} expected a "
                f"selector followed by '{{…}}' or the closing '}}'"
            )
        selector = ms.group(1)
        if kind == "plural" and not selector.startswith("=") and selector not in _CATEGORIES:
            raise MessageSyntaxError(
                f"column {pos + 1}: {selector!r} is not a plural category "
                f"({', '.join(_CATEGORIES)}) nor an exact value like =0"
            )
        if selector in seen:
            raise MessageSyntaxError(
                f"column {pos + 1}: selector {selector!r} appears twice in {{{name}, {kind}, …}}"
            )
        seen.add(selector)
        body, end = _parse_message(text, ms.end() + 1, depth + 1, in_plural or kind == "plural")
        if end >= len(text):
            raise MessageSyntaxError(
                f"column {ms.end() + 1}: branch {selector!r} of {name!r} is not closed by '}}'"
            )
        branches.append((selector, body))
        pos = end + 1
    if "other" not in seen:
        raise MessageSyntaxError(f"column {start + 1}: {{{name}, {kind}, …}} needs an 'other' branch")
    node = Plural(name, offset, tuple(branches)) if kind == "plural" else Select(name, tuple(branches), kind)
    return node, pos


_CATEGORIES = ("zero", "one", "two", "few", "many", "other")


def _walk(nodes: tuple[Node, ...]) -> Iterator[Node]:
    for node in nodes:
        yield node
        if isinstance(node, (Plural, Select)):
            for _, body in node.branches:
                yield from _walk(body)


def arguments(nodes: tuple[Node, ...]) -> set[str]:
    """Every argument name the message uses, plural and select arguments included."""
    return {n.name for n in _walk(nodes) if isinstance(n, (Arg, Plural, Select, Formatted))}


def formatted(nodes: tuple[Node, ...]) -> list[Formatted]:
    """Every formatted argument of the message (`{card, card, on}`), inside branches too."""
    return [n for n in _walk(nodes) if isinstance(n, Formatted)]


def map_literals(nodes: tuple[Node, ...], fn: Callable[[str], str]) -> tuple[Node, ...]:
    """The message with `fn` applied to every literal text, inside branches too."""
    out: list[Node] = []
    for node in nodes:
        if isinstance(node, str):
            out.append(fn(node))
        elif isinstance(node, Plural):
            out.append(
                Plural(
                    node.name,
                    node.offset,
                    tuple((sel, map_literals(body, fn)) for sel, body in node.branches),
                )
            )
        elif isinstance(node, Select):
            out.append(
                Select(
                    node.name, tuple((sel, map_literals(body, fn)) for sel, body in node.branches), node.kind
                )
            )
        else:
            out.append(node)
    return tuple(out)


def selects(nodes: tuple[Node, ...]) -> list[Select]:
    """Every select (and gender select) of the message, inside branches too."""
    return [n for n in _walk(nodes) if isinstance(n, Select)]


def plural_blocks(nodes: tuple[Node, ...]) -> list[Plural]:
    return [n for n in _walk(nodes) if isinstance(n, Plural)]


# ---- rendering ---------------------------------------------------------------------------------

Literal = Callable[[str, str], str]  # (text so far, literal text) -> literal text to emit
Formatter = Callable[[str, str, object], str]  # (type, style, value) -> text


def render(
    nodes: tuple[Node, ...],
    params: dict[str, object],
    *,
    category: Callable[[object], str],
    number: Callable[[object], str],
    literal: Literal | None = None,
    hash_value: object = None,
    formatter: Formatter | None = None,
) -> str:
    """The message with `params` filled in. `category(n)` is the language's plural rule,
    `number(v)` writes `#`, `literal(before, text)` lets the language adjust literal text by
    what precedes it (Korean particles), `formatter(type, style, value)` writes a formatted
    argument. KeyError names a missing argument."""
    out: list[str] = []
    for node in nodes:
        if isinstance(node, str):
            out.append(literal("".join(out), node) if literal else node)
        elif isinstance(node, Arg):
            # Plain arguments are written as given (str()): callers and the page's scripts count
            # on "Move 1234"; grouping digits is for counts, `#` in a plural branch.
            out.append(str(params[node.name]))
        elif isinstance(node, Hash):
            out.append(number(hash_value))
        elif isinstance(node, Formatted):
            if formatter is None:
                raise ValueError(f"{{{node.name}, {node.kind}, …}}: no formatter for {node.kind!r}")
            out.append(formatter(node.kind, node.style, params[node.name]))
        elif isinstance(node, Plural):
            value = params[node.name]
            if not _is_number(value) and not isinstance(value, str):
                raise TypeError(f"plural argument {node.name!r} must be a number, got {value!r}")
            branches = dict(node.branches)
            body = branches.get(f"={value}")
            shifted = _minus(value, node.offset)
            if body is None:
                body = branches.get(category(shifted), branches["other"])
            out.append(_sub(body, params, category, number, literal, shifted, out, formatter))
        else:  # Select
            branches = dict(node.branches)
            value = params[node.name]
            if node.kind == "gender":
                if formatter is None:
                    raise ValueError(f"{{{node.name}, gender, …}}: no formatter gives a gender")
                value = formatter("gender", "", value)
            body = branches.get(str(value), branches["other"])
            out.append(_sub(body, params, category, number, literal, hash_value, out, formatter))
    return "".join(out)


def _sub(
    body: tuple[Node, ...],
    params: dict[str, object],
    category: Callable[[object], str],
    number: Callable[[object], str],
    literal: Literal | None,
    hash_value: object,
    before: list[str],
    formatter: Formatter | None = None,
) -> str:
    """A plural's or select's branch, rendered with the text before it as the literal context."""
    prefix = "".join(before)
    inner_literal: Literal | None = None
    if literal is not None:
        outer = literal

        def inner_literal(so_far: str, text: str) -> str:
            return outer(prefix + so_far, text)

    return render(
        body,
        params,
        category=category,
        number=number,
        literal=inner_literal,
        hash_value=hash_value,
        formatter=formatter,
    )


def _is_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _minus(value: object, offset: int) -> object:
    if offset == 0:
        return value
    from decimal import Decimal

    return value - offset if isinstance(value, int) else str(Decimal(str(value)) - offset)
