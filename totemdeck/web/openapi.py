"""The OpenAPI 3.1 document of the web app, made from its routes and ``schemas/``.

One source of truth: the paths and methods are the app's own routes (walked at start), what
each takes and answers is its entry in ``web.openapi_routes``, and every answer's JSON Schema
is the file in ``schemas/`` the code validates against, embedded under ``components``. The
``servers`` entry is ``TOTEMDECK_BASE_URL`` (else ``/``), never the request's Host header.
"""

from __future__ import annotations

import json
import re
from typing import Any

from starlette.routing import BaseRoute, Route

from totemdeck import __version__
from totemdeck.files.schemas import load_schema
from totemdeck.web.openapi_routes import OPERATIONS, Operation, Param

_PATH_PARAM = re.compile(r"\{(\w+)(?::\w+)?\}")
_SCHEMA_REF = re.compile(r"^(?P<file>[a-z_]+)\.schema\.json(?P<rest>#.*)?$")
MEDIA = {
    "html": {"text/html": {"schema": {"type": "string"}}},
    "text": {"text/plain": {"schema": {"type": "string"}}},
    "pdf": {"application/pdf": {"schema": {"type": "string", "format": "binary"}}},
    "svg": {"image/svg+xml": {"schema": {"type": "string"}}},
    "object": {"application/json": {"schema": {"type": "object"}}},
    "download": {
        media: {"schema": {"type": "string"}}
        for media in ("text/plain", "application/json", "text/csv")
    },
}
BODIES: dict[str, dict[str, Any]] = {
    "deck": {
        "text/plain": {"schema": {"type": "string", "maxLength": 1_048_576}},
        "application/json": {"schema": {"$ref": "#/components/schemas/deck"}},
    },
    "owned": {
        "application/json": {
            "schema": {
                "type": "object",
                "required": ["ids"],
                "properties": {
                    "ids": {"type": "array", "items": {"type": "string"}},
                    "collection": {"type": "string"},
                    "owned": {"type": "object", "additionalProperties": {"type": "integer"}},
                },
            }
        }
    },
    "owned_set": {
        "application/json": {
            "schema": {
                "type": "object",
                "required": ["collection"],
                "properties": {"collection": {"type": "string"}},
            }
        }
    },
    "discord": {"application/json": {"schema": {"type": "object"}}},
    "form": {
        kind: {"schema": {"type": "object", "additionalProperties": {"type": "string"}}}
        for kind in ("application/x-www-form-urlencoded", "multipart/form-data")
    },
}


class MissingEntry(Exception):
    """A route the document does not describe, or an entry that names no route."""


def _schema_of(param: Param) -> dict[str, Any]:
    if param.kind == "enum":
        return {"type": "string", "enum": list(param.values)}
    schema: dict[str, Any] = {"type": param.kind}
    if param.low is not None:
        schema["minimum"] = param.low
    if param.high is not None:
        schema["maximum"] = param.high
    return schema


def _parameter(param: Param) -> dict[str, Any]:
    return {
        "name": param.name,
        "in": param.where,
        "required": param.required or param.where == "path",
        "description": param.description,
        "schema": _schema_of(param),
    }


def _content(answer: str) -> dict[str, Any]:
    if answer in MEDIA:
        return MEDIA[answer]
    if answer == "openapi":
        return {"application/json": {"schema": {"type": "object"}}}
    return {"application/json": {"schema": {"$ref": f"#/components/schemas/{answer}"}}}


def _response(status: int, answer: str) -> dict[str, Any]:
    """One answer; ``html|totem_lookup``: either (a page and its twin share a route),
    ``redirect``: no body."""
    out: dict[str, Any] = {"description": f"{status} ({answer})"}
    if answer != "redirect":
        out["content"] = {k: v for part in answer.split("|") for k, v in _content(part).items()}
    return out


def _operation(entry: Operation) -> dict[str, Any]:
    out: dict[str, Any] = {
        "operationId": f"{entry.route}_{entry.method}",
        "summary": entry.summary,
        "tags": [entry.tag],
        "parameters": [_parameter(p) for p in entry.params],
        "responses": {str(status): _response(status, a) for status, a in entry.answers},
    }
    if entry.body:
        out["requestBody"] = {"required": entry.body != "form", "content": BODIES[entry.body]}
    return out


def _rewrite(node: Any, name: str) -> Any:
    """Refs of an embedded schema made document-relative (``#/definitions/x`` → under its
    component; ``card.schema.json`` → the card component)."""
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if key in ("$schema", "$id"):
                continue
            if key == "$ref" and isinstance(value, str):
                found = _SCHEMA_REF.match(value)
                if value.startswith("#/"):
                    value = f"#/components/schemas/{name}/{value[2:]}"
                elif found:
                    rest = (found.group("rest") or "#").removeprefix("#").lstrip("/")
                    value = f"#/components/schemas/{found.group('file')}" + (
                        f"/{rest}" if rest else ""
                    )
            out[key] = _rewrite(value, name)
        return out
    if isinstance(node, list):
        return [_rewrite(item, name) for item in node]
    return node


def _components(names: set[str]) -> dict[str, Any]:
    """Each named schema from ``schemas/``, and every schema those refer to."""
    done: dict[str, Any] = {}
    todo = sorted(names)
    while todo:
        name = todo.pop()
        if name in done:
            continue
        raw = load_schema(name)
        done[name] = _rewrite(raw, name)
        todo += [m.group(1) for m in re.finditer(r'"([a-z_]+)\.schema\.json', json.dumps(raw))]
    return dict(sorted(done.items()))


def _routes(routes: list[BaseRoute]) -> list[tuple[str, str, str]]:
    """(path as OpenAPI writes it, method, route name) of every route but static files."""
    found = []
    for route in routes:
        if isinstance(route, Route):
            path = _PATH_PARAM.sub(r"{\1}", route.path)
            for method in sorted((route.methods or set()) - {"HEAD"}):
                found.append((path, method.lower(), route.name))
    return found


def document(routes: list[BaseRoute], base_url: str | None) -> dict[str, Any]:
    """The OpenAPI 3.1 document of ``routes``; MissingEntry when they and the entries differ."""
    entries = {(e.route, e.method): e for e in OPERATIONS}
    paths: dict[str, dict[str, Any]] = {}
    used = set()
    for path, method, name in _routes(routes):
        entry = entries.get((name, method))
        if entry is None:
            raise MissingEntry(f"route {name} ({method.upper()} {path}) has no OpenAPI entry")
        used.add((name, method))
        paths.setdefault(path, {})[method] = _operation(entry)
    unused = sorted(set(entries) - used)
    if unused:
        raise MissingEntry(f"OpenAPI entries without a route: {unused}")
    answers = {part for e in OPERATIONS for _s, a in e.answers for part in a.split("|")}
    schemas = (answers - set(MEDIA) - {"openapi", "redirect"}) | {"deck"}
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "totemdeck",
            "version": __version__,
            "description": "Check, search and share Totem Format decks (docs/api.md).",
        },
        "servers": [{"url": base_url or "/"}],
        "paths": paths,
        "components": {"schemas": _components(schemas)},
    }
