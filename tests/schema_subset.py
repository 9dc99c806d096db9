"""A validator for the part of JSON Schema (draft 2020-12) that docs/protocol.schema.json uses.

Keywords: ``$ref`` (to ``#/$defs/...``), ``type``, ``const``, ``enum``, ``properties``,
``required``, ``additionalProperties``, ``propertyNames``, ``pattern``, ``items``,
``minimum``, ``maximum``, ``anyOf``, ``oneOf``; annotations are ignored. An unknown
keyword is an error, so the schema cannot silently use more than is checked.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

SCHEMA_FILE = Path(__file__).resolve().parents[1] / "docs" / "protocol.schema.json"
_ANNOTATIONS = {"$schema", "$id", "$defs", "title", "description"}
_KNOWN = _ANNOTATIONS | {"$ref", "type", "const", "enum", "properties", "required", "additionalProperties",
                         "propertyNames", "pattern", "items", "minimum", "maximum", "anyOf", "oneOf"}
_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def load_schema() -> dict[str, Any]:
    """The protocol's schema."""
    return json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))


def errors(value: Any, schema: dict[str, Any], root: dict[str, Any], path: str = "$") -> list[str]:
    """Every way ``value`` breaks ``schema`` (empty when it is valid)."""
    unknown = set(schema) - _KNOWN
    if unknown:
        return [f"{path}: schema uses unchecked keywords {sorted(unknown)}"]
    if "$ref" in schema:
        name = schema["$ref"].removeprefix("#/$defs/")
        return errors(value, root["$defs"][name], root, path)
    out: list[str] = []
    if "type" in schema:
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_TYPES[k](value) for k in kinds):
            return [f"{path}: {value!r} is not of type {kinds}"]
    if "const" in schema and not (value == schema["const"] and type(value) is type(schema["const"])):
        out.append(f"{path}: {value!r} is not {schema['const']!r}")
    if "enum" in schema and not any(value == e and type(value) is type(e) for e in schema["enum"]):
        out.append(f"{path}: {value!r} is not one of {schema['enum']}")
    if "minimum" in schema and isinstance(value, (int, float)) and value < schema["minimum"]:
        out.append(f"{path}: {value} < {schema['minimum']}")
    if "maximum" in schema and isinstance(value, (int, float)) and value > schema["maximum"]:
        out.append(f"{path}: {value} > {schema['maximum']}")
    if "pattern" in schema and isinstance(value, str) and not re.search(schema["pattern"], value):
        out.append(f"{path}: {value!r} does not match {schema['pattern']}")
    if isinstance(value, dict):
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in value:
                out.append(f"{path}: missing {key!r}")
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            if "propertyNames" in schema:
                out.extend(errors(key, schema["propertyNames"], root, f"{path}.{key}(name)"))
            if key in props:
                out.extend(errors(item, props[key], root, f"{path}.{key}"))
            elif extra is False:
                out.append(f"{path}: unexpected field {key!r}")
            elif isinstance(extra, dict):
                out.extend(errors(item, extra, root, f"{path}.{key}"))
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            out.extend(errors(item, schema["items"], root, f"{path}[{i}]"))
    if "anyOf" in schema and all(errors(value, s, root, path) for s in schema["anyOf"]):
        out.append(f"{path}: {value!r} matches none of anyOf")
    if "oneOf" in schema:
        kind = value.get("type") if isinstance(value, dict) else None
        # A definition whose "type" constant differs cannot match: skipped for speed.
        candidates = [s for s in schema["oneOf"]
                      if kind is None or _def(s, root).get("properties", {}).get("type", {}).get("const", kind) == kind]
        results = [errors(value, s, root, path) for s in candidates]
        matched = sum(1 for r in results if not r)
        if matched != 1:
            if matched == 0 and isinstance(value, dict):
                # Say why against the definition of the same "type", the useful message.
                out.extend(results[0] if results else [f"{path}: unknown type {kind!r}"])
            else:
                out.append(f"{path}: matches {matched} of oneOf")
    return out


def _def(schema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in schema:
        return root["$defs"][schema["$ref"].removeprefix("#/$defs/")]
    return schema


def validate(value: Any, root: dict[str, Any]) -> list[str]:
    """Every way ``value`` breaks the protocol schema ``root``."""
    return errors(value, root, root)
