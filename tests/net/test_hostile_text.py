"""Text a stranger types, as another player hears and reads it: a flood of combining marks (said and
shown by a braille display as a string of cells for each) is cut to a few a letter, and a mark that
belongs to no letter is left out; the letters and the accents of real words stay."""

from __future__ import annotations

import asyncio

from tests.net.helpers import Client, lobby, open_server

ACUTE, GRAVE, TILDE, DOT, CARON = "\u0301", "\u0300", "\u0303", "\u0323", "\u030c"


def test_a_flood_of_combining_marks_in_a_name_and_in_chat_reaches_the_others_as_a_few_a_letter(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path)
        (bo,) = await lobby(port, "Bo")
        zed = await Client.open(port, "Z" + ACUTE * 60)
        await zed.read_until(lambda o: o["type"] == "welcome")
        # Zalgo, marks with no letter, and real words: Vietnamese "ệ" as e + circumflex + dot below,
        # Serbian "č" as c + caron.
        zed.send("say h" + (ACUTE + GRAVE + TILDE) * 20 + "i " + ACUTE * 50 + " \u0065\u0302\u0323 c" + CARON)
        said = await bo.read_until(lambda o: o["type"] == "chat")
        server.close()
        return said

    said = asyncio.run(asyncio.wait_for(go(), 60))
    assert said["from"] == "\u0179" + ACUTE * 3  # SSH's SASLprep makes Z and the first mark one letter, Ź
    assert said["message"] == "h" + ACUTE + GRAVE + TILDE + "i \u0065\u0302\u0323 c" + CARON
    assert said["text"] == said["from"] + " says: " + said["message"]


def test_a_name_with_an_invisible_letter_after_it_is_refused_beside_the_name_it_copies(tmp_path):
    # Hangul fillers, Khmer inherent vowels and the braille blank show as nothing (or a blank cell)
    # and SSH passes them: "Ana" and one of them must not be two players.
    async def go():
        server, hub, port = await open_server(tmp_path)
        (ana,) = await lobby(port, "Ana")
        said = []
        for invisible in ("\u3164", "\u115f", "\uffa0", "\u17b4", "\u2800"):
            copy = await Client.open(port, "Ana" + invisible)
            said.append(await copy.read_until(lambda o: o["type"] in ("welcome", "error")))
        server.close()
        return said

    said = asyncio.run(asyncio.wait_for(go(), 60))
    assert [o.get("code") for o in said] == ["name_in_use"] * 5
