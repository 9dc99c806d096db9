#!/usr/bin/env python3
"""Translation workflow for uno-cli: extract, update, check, compile.

    python3 scripts/i18n.py extract   # code -> locales/uno_cli.pot
    python3 scripts/i18n.py update    # .pot -> every locales/<lang>/LC_MESSAGES/uno_cli.po
    python3 scripts/i18n.py check     # statistics and problems; exit 1 on any problem
    python3 scripts/i18n.py compile   # .po -> .mo beside it (optional; the game reads .po)

Settings (keywords, comment tag, project fields) come from setup.cfg and the file
patterns from babel.cfg, so this script and ``pybabel`` agree. Locations in the .pot keep
the file name but no line number, so moving code does not change the catalogs.
"""

from __future__ import annotations

import argparse
import configparser
import io
import string
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.frontend import parse_keywords, parse_mapping_cfg  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402

from uno_cli import __version__  # noqa: E402
from uno_cli.words.i18n import BY_CODE, CATALOG_LANGUAGES, DOMAIN, LANGUAGES, LOCALE_NAMES  # noqa: E402

LOCALES = ROOT / "locales"
POT = LOCALES / f"{DOMAIN}.pot"
SOURCE_DIR = "uno_cli"
WIDTH = 76


def po_path(language: str, root: Path = LOCALES) -> Path:
    """Where the catalog of ``language`` lives."""
    return root / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def _settings() -> configparser.SectionProxy:
    config = configparser.ConfigParser()
    config.read(ROOT / "setup.cfg", encoding="utf-8")
    return config["extract_messages"]


def extract_catalog(root: Path = ROOT) -> Catalog:
    """Extract every marked string under uno_cli/ into a new template catalog."""
    settings = _settings()
    with open(root / settings.get("mapping_file", "babel.cfg"), encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    keywords = parse_keywords(settings.get("keywords", "_").split())
    comment_tags = settings.get("add_comments", "").split()
    catalog = Catalog(
        project=settings.get("project", "uno-cli"),
        version=__version__,
        msgid_bugs_address=settings.get("msgid_bugs_address"),
        copyright_holder=settings.get("copyright_holder"),
        charset="utf-8",
        fuzzy=False,
    )

    def only_source(path: str) -> bool:
        rel = Path(path).resolve().relative_to(root.resolve()).parts
        return not rel or rel[0] == SOURCE_DIR

    for filename, lineno, message, comments, context in extract_from_dir(
        str(root), method_map, options_map, keywords=keywords,
        comment_tags=comment_tags, strip_comment_tags=True, directory_filter=only_source,
    ):
        catalog.add(message, None, [(Path(filename).as_posix(), lineno)],
                    auto_comments=comments, context=context)
    return catalog


def render(catalog: Catalog, **kw: object) -> bytes:
    """The catalog as .po/.pot bytes in the project's layout."""
    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, sort_by_file=True, include_lineno=False,
             ignore_obsolete=True, **kw)
    return out.getvalue()


def _without_dates(data: bytes) -> bytes:
    return b"\n".join(line for line in data.splitlines()
                      if not line.startswith((b'"POT-Creation-Date:', b'"PO-Revision-Date:')))


def _write_if_changed(path: Path, data: bytes) -> bool:
    if path.exists() and _without_dates(path.read_bytes()) == _without_dates(data):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def message_keys(catalog: Iterable) -> set[tuple[str | None, str]]:
    """(context, msgid) of every message of a babel catalog, header excluded."""
    keys = set()
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
        keys.add((message.context, msgid))
    return keys


def cmd_extract(args: argparse.Namespace) -> int:
    catalog = extract_catalog()
    changed = _write_if_changed(POT, render(catalog))
    print(f"{POT.relative_to(ROOT)}: {len(message_keys(catalog))} messages"
          f"{'' if changed else ' (unchanged)'}")
    return 0


def _load_po(path: Path, language: str) -> Catalog:
    with open(path, "rb") as f:
        return read_po(f, locale=LOCALE_NAMES[language], domain=DOMAIN)


def cmd_update(args: argparse.Namespace) -> int:
    with open(POT, "rb") as f:
        template = read_po(f)
    for language in args.languages or CATALOG_LANGUAGES:
        path = po_path(language)
        if path.exists():
            catalog = _load_po(path, language)
            # No fuzzy matching: a changed English text starts untranslated, so an old
            # translation can never be shown for a new meaning.
            catalog.update(template, no_fuzzy_matching=True, update_creation_date=True)
            action = "updated"
        else:
            catalog = Catalog(locale=LOCALE_NAMES[language], domain=DOMAIN,
                              project=template.project, version=template.version,
                              language_team=f"{LANGUAGES[language]} ({language})",
                              charset="utf-8", fuzzy=False,
                              msgid_bugs_address=template.msgid_bugs_address,
                              copyright_holder=_settings().get("copyright_holder"))
            catalog.update(template, no_fuzzy_matching=True)
            action = "created"
        if not _write_if_changed(path, render(catalog)):
            action = "unchanged"
        print(f"{path.relative_to(ROOT)}: {action}")
    return 0


def placeholders(text: str) -> set[str]:
    """Names of the ``str.format`` fields in ``text`` ("{player} {n:d}" -> player, n).

    Raises ValueError for unbalanced braces.
    """
    names = set()
    for _literal, name, spec, _conv in string.Formatter().parse(text):
        if name is not None:
            names.add(name)
            if spec:
                names |= placeholders(spec)
    return names


def printf_placeholders(text: str) -> list[str]:
    """The %-style placeholders in ``text``, in order, for python-format messages."""
    import re
    return sorted(re.findall(r"%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[sdifrxXeEgGcoa]", text))


def _single_n_forms(plural_expr: str, nplurals: int) -> set[int]:
    """Plural forms that this language uses only for n == 1."""
    import gettext
    func = gettext.c2py(plural_expr)
    uses: dict[int, set[int]] = {i: set() for i in range(nplurals)}
    for n in range(0, 1001):
        uses.setdefault(func(n), set()).add(n)
    return {i for i, ns in uses.items() if ns == {1}}


def message_problems(msgid: str, msgid_plural: str | None, forms: Iterable[str],
                     plural_expr: str = "(n != 1)", nplurals: int = 2,
                     python_format: bool = False) -> list[str]:
    """Placeholder problems of one translated message (empty list when fine).

    A form used for one count only may leave out the count field (like English
    "one card"); every other form needs the fields of the English plural.
    """
    problems = []
    try:
        source = placeholders(msgid)
        plural = placeholders(msgid_plural) if msgid_plural is not None else source
    except ValueError as exc:
        return [f"English text has broken braces: {exc}"]
    allowed = source | plural
    only_one = _single_n_forms(plural_expr, nplurals) if msgid_plural is not None else set()
    for index, form in enumerate(forms):
        if not form:
            continue
        try:
            got = placeholders(form)
        except ValueError as exc:
            problems.append(f"form {index}: broken braces: {exc}")
            continue
        if msgid_plural is None:
            needed = source
        elif index in only_one:
            needed = source
        else:
            needed = plural
        if got - allowed:
            problems.append(f"form {index}: unknown fields {sorted(got - allowed)}")
        if needed - got:
            problems.append(f"form {index}: missing fields {sorted(needed - got)}")
        # Our messages are str.format templates: a "%" next to {fields} is a literal
        # percent sign that babel mistakes for printf ("95% confidence" looks like "% c").
        if python_format and msgid_plural is None and not source and \
                printf_placeholders(form) != printf_placeholders(msgid):
            problems.append(f"form {index}: %-placeholders differ")
    return problems


@dataclass
class Report:
    """What ``check`` found in one catalog."""

    language: str
    total: int = 0
    translated: int = 0
    missing: list[str] = field(default_factory=list)
    fuzzy: list[str] = field(default_factory=list)
    placeholder: list[str] = field(default_factory=list)
    other: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.missing or self.fuzzy or self.placeholder or self.other)


def check_catalog(language: str, template: Catalog, root: Path = LOCALES) -> Report:
    """Compare one .po with the template: coverage, fuzzy entries, placeholders."""
    report = Report(language, total=len(message_keys(template)))
    path = po_path(language, root)
    if not path.exists():
        report.other.append(f"{path} does not exist: run `python3 scripts/i18n.py update`")
        return report
    catalog = _load_po(path, language)
    header = catalog.mime_headers and dict(catalog.mime_headers).get("Plural-Forms", "")
    if not header:
        report.other.append("no Plural-Forms header")
    nplurals, expr = catalog.num_plurals, catalog.plural_expr
    for message in template:
        if not message.id:
            continue
        key = message.id[0] if message.pluralizable else message.id
        label = f"{message.context}|{key}" if message.context else key
        entry = catalog.get(message.id, context=message.context)
        if entry is None:
            report.missing.append(label)
            continue
        forms = list(entry.string) if entry.pluralizable else [entry.string]
        if entry.fuzzy:
            report.fuzzy.append(label)
        elif not all(forms):
            report.missing.append(label)
        else:
            report.translated += 1
        if entry.pluralizable and len(forms) != nplurals:
            report.other.append(f"{label}: {len(forms)} forms, Plural-Forms says {nplurals}")
        plural_id = message.id[1] if message.pluralizable else None
        for problem in message_problems(key, plural_id, forms, expr, nplurals,
                                        "python-format" in message.flags):
            report.placeholder.append(f"{label}: {problem}")
    return report


def cmd_check(args: argparse.Namespace) -> int:
    status = 0
    fresh = extract_catalog()
    with open(POT, "rb") as f:
        template = read_po(f)
    stale = message_keys(fresh) ^ message_keys(template)
    if stale:
        status = 1
        print(f"{POT.relative_to(ROOT)} is out of date ({len(stale)} messages differ): "
              "run `python3 scripts/i18n.py extract` then `update`")
    for language in args.languages or CATALOG_LANGUAGES:
        r = check_catalog(language, template)
        print(f"{language}: {r.translated}/{r.total} translated, {len(r.missing)} missing, "
              f"{len(r.fuzzy)} fuzzy, {len(r.placeholder)} placeholder problems")
        for title, items in (("missing", r.missing), ("fuzzy", r.fuzzy),
                             ("placeholders", r.placeholder), ("error", r.other)):
            for item in items[: args.limit]:
                print(f"  {title}: {item}")
            if len(items) > args.limit:
                print(f"  ... and {len(items) - args.limit} more {title}")
        # A partial language (Language.complete false) may miss translations, nothing else.
        if (r.fuzzy or r.placeholder or r.other) or (r.missing and BY_CODE[language].complete):
            status = 1
    return status


def cmd_compile(args: argparse.Namespace) -> int:
    for language in args.languages or CATALOG_LANGUAGES:
        path = po_path(language)
        catalog = _load_po(path, language)
        with open(path.with_suffix(".mo"), "wb") as f:
            write_mo(f, catalog, use_fuzzy=False)
        print(f"{path.with_suffix('.mo').relative_to(ROOT)}: compiled")
    return 0


def _catalog_language(text: str) -> str:
    if text not in CATALOG_LANGUAGES:
        raise argparse.ArgumentTypeError(
            f"{text!r} has no catalog; choose from {', '.join(CATALOG_LANGUAGES)}")
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("extract", help="write locales/uno_cli.pot from the code")
    for name, text in (("update", "merge the .pot into each .po (no fuzzy matching)"),
                       ("check", "statistics and problems; exit status 1 on problems"),
                       ("compile", "write .mo files beside the .po files")):
        p = sub.add_parser(name, help=text)
        p.add_argument("languages", nargs="*", type=_catalog_language, metavar="LANG",
                       help=f"some of {', '.join(CATALOG_LANGUAGES)} (default: all)")
        if name == "check":
            p.add_argument("--limit", type=int, default=20, help="problems shown per kind")
    args = parser.parse_args(argv)
    return {"extract": cmd_extract, "update": cmd_update, "check": cmd_check,
            "compile": cmd_compile}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
