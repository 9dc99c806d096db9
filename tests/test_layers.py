"""The layers' rules: no private names across modules, one meaning per name, seats converted in one place."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "uno_cli"


def test_no_module_imports_a_private_name_of_another():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("uno_cli"):
                found += [f"{path.relative_to(PACKAGE)}: {node.module}.{a.name}" for a in node.names
                          if a.name.startswith("_") and a.name != "_" and not a.name.startswith("__")]
    assert not found, found


def test_the_network_layer_calls_no_private_method_of_a_session():
    """Nor of its narrator or its dispatcher (``session.narrator._x``)."""
    found = []
    for path in sorted((PACKAGE / "net").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                    and ast.unparse(node.value) in ("session", "session.narrator", "session.dispatcher")):
                found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    assert not found, found


def test_human_names_only_the_kind_of_seat():
    """``HUMAN`` is playconfig's kind of seat; the interactive player's seat is ``PLAYER_SEAT``."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "HUMAN" for t in node.targets):
                found.append(path.relative_to(PACKAGE).as_posix())
    assert found == ["play/playconfig.py"], found


def _names_in(node: ast.AST) -> list[str]:
    return [n.id if isinstance(n, ast.Name) else n.attr for n in ast.walk(node) if isinstance(n, (ast.Name, ast.Attribute))]


def test_seats_are_numbered_from_1_only_by_seat_number_and_seat_index():
    """No hand-written ``seat + 1`` or ``int(...) - 1`` for a seat: engine/seats.py converts.

    Found: an expression adding 1 to something named ``*seat*`` or ``current`` (a modulo
    around it is the next seat, not a conversion), and 1 taken from a number parsed where a
    seat number is read (``@2``, ``catch 2``, ``--seat 2=...``, a save's seat keys).
    """
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.relative_to(PACKAGE).as_posix() == "engine/seats.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        for node in ast.walk(tree):
            if not (isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub))
                    and isinstance(node.right, ast.Constant) and node.right.value == 1
                    and isinstance(node.left, (ast.Name, ast.Attribute, ast.Subscript, ast.Call))):
                continue
            parent = parents.get(node)
            if isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Mod):
                continue
            names = _names_in(node.left)
            seatish = any("seat" in n.lower() for n in names) or "current" in names
            if seatish or (isinstance(node.op, ast.Sub) and "seat" in ast.unparse(parent or node).lower()
                           and isinstance(node.left, ast.Call) and _names_in(node.left.func) == ["int"]):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {ast.unparse(node)}")
    assert not found, found


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(in_functions: bool) -> dict[str, set[str]]:
    """Module -> the package's modules it imports (at module level; with ``in_functions``, also
    inside functions). Imports under ``if TYPE_CHECKING`` are left out: they never run."""
    paths = {_module_name(p): p for p in PACKAGE.rglob("*.py")}

    def known(name: str) -> str:
        while name not in paths:
            name = name.rpartition(".")[0]
        return name

    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        found: set[str] = set()

        def visit(nodes: list[ast.stmt], name: str = name, path: Path = path, found: set[str] = found) -> None:
            for node in nodes:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    if in_functions:
                        visit(node.body)
                    continue
                if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                    continue
                if isinstance(node, ast.Import):
                    found.update(known(a.name) for a in node.names if a.name.startswith("uno_cli"))
                elif isinstance(node, ast.ImportFrom):
                    base = node.module or ""
                    if node.level:
                        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
                        for _ in range(node.level - 1):
                            package = package.rpartition(".")[0]
                        base = package + ("." + base if base else "")
                    if base.startswith("uno_cli"):
                        found.update(f"{base}.{a.name}" if f"{base}.{a.name}" in paths else known(base) for a in node.names)
                for field in ("body", "orelse", "finalbody", "handlers"):
                    inner = getattr(node, field, None)
                    if isinstance(inner, list):
                        visit(inner)

        visit(ast.parse(path.read_text(encoding="utf-8")).body)
        graph[name] = found - {name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The graph's circles: its strongly connected parts of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return out


def test_no_import_circle_among_module_level_imports():
    """The modules' own imports form layers: no module needs, to load, one that needs it."""
    assert circles(import_graph(in_functions=False)) == []


def test_no_import_circle_even_through_imports_inside_functions():
    """An import inside a function closes no circle either: a module's imports, wherever they
    are written, only go down the layers (a function-level import may only defer a load)."""
    assert circles(import_graph(in_functions=True)) == []


#: The layers, bottom to top: a module imports only modules of its own package or of a lower
#: rank; bots and words share a rank and do not import each other. The top-level modules
#: (cli, entry, startlang, __main__) are the entry, which imports anything; ``uno_cli`` itself
#: holds only the version.
LAYER_RANK = {"engine": 0, "bots": 1, "words": 1, "play": 2, "sound": 3, "interactive": 4, "net": 5}
ENTRY_RANK = 6


def layer_of(module: str) -> tuple[str, int] | None:
    """The layer package of a module of uno_cli and its rank; None for ``uno_cli`` itself."""
    parts = module.split(".")
    if len(parts) == 1:
        return None
    if parts[1] in LAYER_RANK:
        return parts[1], LAYER_RANK[parts[1]]
    return "entry", ENTRY_RANK


def test_every_module_lives_in_a_layer_package():
    """No flat module but the entry points: each module is in the package of its layer."""
    flat = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert flat == ["__init__.py", "__main__.py", "cli.py", "entry.py", "startlang.py"], flat


def test_each_layer_imports_only_the_layers_below_it():
    """The engine imports nothing of the package; bots and words only the engine; play the
    engine, bots and words; each interface (sound, interactive, net) the layers below it;
    only the entry imports anything. Imports inside functions count too."""
    found = []
    for module, imported in sorted(import_graph(in_functions=True).items()):
        here = layer_of(module)
        for other in sorted(imported):
            there = layer_of(other)
            if here is None or there is None or here[0] == there[0]:
                continue
            if not there[1] < here[1]:
                found.append(f"{module} ({here[0]}) imports {other} ({there[0]})")
    assert not found, found


#: The translation functions of uno_cli.words.i18n (and a translator's methods), with the
#: positions of their message ids.
MSGID_ARGS = {"_": (0,), "N_": (0,), "NP_": (1,), "gettext": (0,), "pgettext": (1,), "ngettext": (0, 1),
              "npgettext": (1, 2), "key_name": (0,)}


def translation_calls(tree: ast.Module) -> list[tuple[str, bool, str, int]]:
    """Each call of a translation function in a module: (function, its message id is written
    there as a literal, the top-level name whose statement holds the call, line)."""
    imported = {a.asname or a.name for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.module == "uno_cli.words.i18n" for a in node.names}
    top_of = {node: stmt for stmt in tree.body for node in ast.walk(stmt)}
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id in MSGID_ARGS and func.id in imported:
            name = func.id  # a local function named ``_`` (a key binding's handler) is not one
        elif isinstance(func, ast.Attribute) and func.attr in MSGID_ARGS:
            name = func.attr
        else:
            continue
        literal = any(i < len(node.args) and isinstance(node.args[i], ast.Constant) and isinstance(node.args[i].value, str)
                      for i in MSGID_ARGS[name])
        top = top_of[node]
        if isinstance(top, ast.Assign):
            where = ast.unparse(top.targets[0])
        elif isinstance(top, ast.AnnAssign):
            where = ast.unparse(top.target)
        else:
            where = getattr(top, "name", type(top).__name__)
        out.append((name, literal, where, node.lineno))
    return out


def _outside_words() -> dict[str, list[tuple[str, bool, str, int]]]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        module = path.relative_to(PACKAGE).as_posix()
        if not module.startswith("words/"):
            calls = translation_calls(ast.parse(path.read_text(encoding="utf-8")))
            if calls:
                found[module] = calls
    return found


#: The sentences kept outside the words layer on purpose, by module and table, each beside
#: what it names: message ids marked (N_, NP_) in these tables and nowhere else outside words/.
MARKED_OUTSIDE_WORDS = {
    # The verbs' registry: each verb's typed word (NP_ "command") and its help line beside its
    # handler, the placeholders of its argument, the lobby's and moderators' verbs.
    "play/commands.py": {"REGISTRY", "LOBBY", "MODERATION", "ARG_NAMES", "TABLE_KEYWORDS", "SAVE_FORCE"},
    # The key names (NP_ "key") beside the key bindings they name.
    "interactive/keys.py": {"GAME_KEYS"},
    # The moderation HELP table: each moderator command's placeholder and help line.
    "net/moderation.py": {"HELP"},
}


def test_no_sentence_is_written_outside_the_words_layer_but_the_listed_tables():
    """A message id written as a literal outside uno_cli/words/ is only a marker (N_, NP_) in a
    table of MARKED_OUTSIDE_WORDS; cli.py holds none (its help is uno_cli.words.clitext's)."""
    found: dict[str, set[str]] = {}
    translated_here = []
    for module, calls in _outside_words().items():
        for name, literal, where, line in calls:
            if not literal:
                continue
            found.setdefault(module, set()).add(where)
            if name not in ("N_", "NP_"):
                translated_here.append(f"{module}:{line}: {name}(...) in {where}")
    assert not translated_here, translated_here
    assert found == MARKED_OUTSIDE_WORDS


#: The modules outside uno_cli/words/ that call a translation function at all (on a sentence
#: of the words layer, or a marked table's entry): a list that only shrinks. cli.py and the
#: play layer's session, script and driver are not in it.
TRANSLATE_OUTSIDE_WORDS = {
    "play/commands.py": "the registry's typed words, help lines and argument names",
    "interactive/announcer.py": "history lines (words.interactive constants)",
    "interactive/app.py": "start and crash lines (words.interactive constants)",
    "interactive/controller.py": "key answers (words.interactive constants)",
    "interactive/cursor.py": "hand answers (words.interactive constants)",
    "interactive/keys.py": "the key names and the keys' help",
    "interactive/menu.py": "the settings menu's labels",
    "interactive/races.py": "race lines (words.interactive constants)",
    "interactive/screens.py": "screens' answers (words.interactive constants)",
    "net/hub.py": "a setting's line",
    "net/keys.py": "the network keys' answers and help",
    "net/moderation.py": "the moderation HELP table",
    "net/table.py": "a bot's name and a key's name",
    "net/words.py": "the lobby's verbs read from the registry",
}


def test_only_the_listed_modules_translate_outside_the_words_layer():
    """A new module that translates outside uno_cli/words/ fails; so does a listed one that no
    longer does (take it off the list)."""
    assert set(_outside_words()) == set(TRANSLATE_OUTSIDE_WORDS)
    assert "cli.py" not in TRANSLATE_OUTSIDE_WORDS


#: Where an event's type, a message's type or an action's kind is still written as a string
#: outside the engine and uno_cli/words/messagetypes.py, and where a wild card's code is: a
#: list that only shrinks.
KIND_LITERALS_KEPT: dict[str, str] = {}
#: The names an engine event or action goes by where its kind is compared.
EVENT_NAMES = {"event", "ev", "e"}
ACTION_NAMES = {"action", "act", "a", "chosen"}


def test_event_types_and_action_kinds_are_compared_with_the_engines_enums():
    """Outside the engine, ``event.type == EventKind.X`` and ``action.kind == PLAY``, never the
    string, and no wild card's code written as a string ("w", "w+4"): the engine names them."""
    from uno_cli.engine.actions import ALL_KINDS
    from uno_cli.engine.events import EVENT_FIELDS

    kinds = {str(k) for k in ALL_KINDS} | set(EVENT_FIELDS)
    found: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        module = path.relative_to(PACKAGE).as_posix()
        if module.startswith("engine/"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            # "w+4" anywhere; "w" where a card is compared or listed (not a file's mode "w").
            if isinstance(node, (ast.Compare, ast.Tuple, ast.List, ast.Set)):
                for item in ast.iter_child_nodes(node):
                    if isinstance(item, ast.Constant) and item.value == "w":
                        found.setdefault(module, []).append(f"{item.lineno}: 'w'")
            if isinstance(node, ast.Constant) and node.value == "w+4":
                found.setdefault(module, []).append(f"{node.lineno}: 'w+4'")
            if not isinstance(node, ast.Compare):
                continue
            sides = [node.left, *node.comparators]
            named = any(isinstance(s, ast.Attribute) and isinstance(s.value, ast.Name)
                        and ((s.attr == "type" and s.value.id in EVENT_NAMES)
                             or (s.attr == "kind" and s.value.id in ACTION_NAMES)) for s in sides)
            literals = [e.value for s in sides for e in ([s] if isinstance(s, ast.Constant) else getattr(s, "elts", []))
                        if isinstance(e, ast.Constant) and isinstance(e.value, str)]
            if named and any(v in kinds for v in literals):
                found.setdefault(module, []).append(f"{node.lineno}: {ast.unparse(node)}")
    for module, where in _message_type_literals().items():
        found.setdefault(module, []).extend(where)
    assert set(found) == set(KIND_LITERALS_KEPT), found


#: The names a message's type goes by where it is compared: ``message.type`` (any ``x.type``),
#: a parameter ``type`` (sound.cues.earcon, a member's send), describe.fold's ``a_type`` and
#: ``b_type``, and the first item of a narration's plain-list line (``line[0]``, ``head[0]``).
TYPE_NAMES = {"type", "a_type", "b_type"}
LINE_NAMES = {"line", "head"}
#: The calls that make or send a message, its type first (``Answer("deck", ...)``, ``member.send("info", ...)``).
MAKERS = {"Message", "Answer", "_line", "_message", "emit", "send", "cue"}


def _is_message_type(node: ast.AST) -> bool:
    if isinstance(node, ast.Attribute):
        return node.attr == "type"
    if isinstance(node, ast.Name):
        return node.id in TYPE_NAMES
    return (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in LINE_NAMES
            and isinstance(node.slice, ast.Constant) and node.slice.value == 0)


def _message_type_literals(package: Path = PACKAGE) -> dict[str, list[str]]:
    """Outside the engine and words/messagetypes.py: a message's type compared with a known
    type's string (``message.type == "turn"``, ``m.type in ("error", "choose")``, ``line[0] ==
    "drawn_cards"``), a message made or sent with its type as a string (``send("info", ...)``),
    and a module's set made only of such strings (``frozenset({"error", ...})``)."""
    from uno_cli.words.messagetypes import ALL_TYPES

    found: dict[str, list[str]] = {}
    for path in sorted(package.rglob("*.py")):
        module = path.relative_to(package).as_posix()
        if module.startswith("engine/") or module == "words/messagetypes.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                literals = [e.value for s in sides for e in ([s] if isinstance(s, ast.Constant) else getattr(s, "elts", []))
                            if isinstance(e, ast.Constant) and isinstance(e.value, str)]
                if any(_is_message_type(s) for s in sides) and any(v in ALL_TYPES for v in literals):
                    found.setdefault(module, []).append(f"{node.lineno}: {ast.unparse(node)}")
            if isinstance(node, ast.Call):
                maker = getattr(node.func, "attr", getattr(node.func, "id", None))
                # The type is the first argument of a maker, the second of a member's say (after the
                # words) and the third of tell_everyone (after the hub and the words).
                at = 0 if maker in MAKERS else {"say": 1, "tell_everyone": 2}.get(maker or "")
                if (at is not None and len(node.args) > at and isinstance(node.args[at], ast.Constant)
                        and node.args[at].value in ALL_TYPES):
                    found.setdefault(module, []).append(f"{node.lineno}: {ast.unparse(node)[:80]}")
        for node in tree.body:
            value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
            if isinstance(value, ast.Call) and ast.unparse(value.func) in ("frozenset", "set") and len(value.args) == 1:
                value = value.args[0]
            if isinstance(value, ast.Set) and len(value.elts) > 1 and all(
                    isinstance(e, ast.Constant) and e.value in ALL_TYPES for e in value.elts):
                found.setdefault(module, []).append(f"{node.lineno}: {ast.unparse(node)[:80]}")
    return found


def test_the_message_type_check_sees_each_form_of_comparison():
    """The check above is not blind: each form it must see, written as a string, is found."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "net").mkdir()
        (Path(tmp) / "net" / "probe.py").write_text(
            'SKIPPED = frozenset({"deal", "hand_dealt"})\n'
            'def f(message, m, line, type):\n'
            '    return (message.type == "turn", m.type in ("error", "choose"), line[0] == "drawn_cards",\n'
            '            type != "time_warning", message.type == "not_a_type")\n'
            'def g(member):\n'
            '    member.send("info", "text")\n'
            '    member.send("not_a_type", "text")\n'
            '    member.say(lambda: "text", "chat", {})\n'
            '    tell_everyone(hub, lambda: "text", "broadcast", {})\n', encoding="utf-8")
        found = _message_type_literals(Path(tmp))
    assert sorted(w.split(":")[0] for w in found["net/probe.py"]) == ["1", "3", "3", "3", "4", "6", "8", "9"], found


#: Private attributes read through another object than ``self``: each is listed with why, and
#: the list only shrinks (a new one is a name to make public, or a value to pass in).
PRIVATE_READS_KEPT = {
    "engine/game.py": {"source._jumping", "source._no_interrupts"},  # Game.copy: the same class
    "play/race.py": {"other._key"},  # __eq__: the same class
    "play/narrator.py": {"other._key"},  # __eq__: the same class
    "play/external.py": {"bot._closing", "handler._uno_guard"},  # the module's own classes
    "words/i18n.py": {"tr._lookup", "tr._messages", "translator._texts"},  # the module's own Translator
    "words/clicktext.py": {"kind._describe_range", "module._"},  # click's own names, replaced on purpose
    "interactive/speech.py": {"sys.stdout._muted", "sys.stderr._muted"},  # its own stream wrappers
    # asyncssh's and prompt_toolkit's internals (the environment's bound: test_hostile_terminal.py fails
    # if asyncssh renames the method it wraps)
    "net/ssh.py": {"chan._process_env_request", "conn._send", "self._app._on_resize"},
    "net/channel.py": {"source._ready"},  # the module's own class
}


def test_private_attributes_are_read_across_objects_only_where_listed():
    found: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                    and ast.unparse(node.value) not in ("self", "cls")):
                found.setdefault(path.relative_to(PACKAGE).as_posix(), set()).add(f"{ast.unparse(node.value)}.{node.attr}")
    assert found == PRIVATE_READS_KEPT


#: Class and type names defined in two modules, each with its own meaning: a list that only shrinks.
NAMES_TWICE_KEPT = {"Item": ["interactive/clock.py", "interactive/menu.py"]}  # a clock's message, a menu's line


def test_a_class_or_type_name_means_one_thing():
    """``Seat`` is the engine's seat index and ``Match`` the session's match: no other module
    defines a class or type of the same name (net/ratings.py's are SeatResult and MatchResult)."""
    defined: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            name = None
            if isinstance(node, ast.ClassDef):
                name = node.name
            elif (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                  and isinstance(node.value, ast.Call) and ast.unparse(node.value.func) == "NewType"):
                name = node.targets[0].id
            if name is not None:
                defined.setdefault(name, []).append(path.relative_to(PACKAGE).as_posix())
    assert {name: where for name, where in defined.items() if len(where) > 1} == NAMES_TWICE_KEPT
