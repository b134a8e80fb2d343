"""Issue 13 point 6: the table in a real browser. Playwright drives Debian's Chromium (headless, never a
downloaded browser) against ``tactica serve`` in its own process. A GM and a player, each in their own
browser context, play the FuturePath duel: an action taken by clicking reaches the other page live, the GM
undoes it, a forbidden act from the player's page is refused, a page that loses the network catches up
when it is back, and a page whose server is killed (``kill -9``) and restarted reconnects by itself to the
same table. Point 6 also asks for a screenshot of each system's table: they are saved under
``.artifacts/screenshots/`` (git-ignored)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, Route, expect, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tactica.store import Store, TableRecord
from tactica.table.service import TableService
from tactica.testing.server import TableServer
from tests.table.conftest import DUEL, ROOT, offered
from tests.table.test_systems import SYSTEMS, demo_text

CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOTS = ROOT / ".artifacts" / "screenshots"
SKIRMISH = ROOT / "examples" / "futurepath" / "skirmish.yaml"
VIEWPORT = {"width": 1280, "height": 860}
#: Milliseconds a page condition may take: a restarted server replays its tables before it answers.
SLOW = 20_000

expect.set_options(timeout=10_000)

Opener = Callable[[TableServer, TableRecord, str], Page]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the module (Debian's: Playwright cannot download its own here)."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"the browser tests drive Debian's Chromium at {CHROMIUM}, which is missing:"
            " install it with `make system-packages` (as root)"
        )
    with sync_playwright() as playwright:
        args = ["--no-sandbox"] if os.geteuid() == 0 else []  # Chromium's sandbox refuses root
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=args)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> str:
    return f"sqlite:///{tmp_path_factory.mktemp('browser') / 'tables.db'}"


@pytest.fixture(scope="module")
def server(database: str) -> Iterator[TableServer]:
    with TableServer(database) as running:
        yield running


@pytest.fixture
def duel(database: str) -> TableRecord:
    """A new duel (ada, red; bo, blue: blue acts first), made while the server runs."""
    return new_table(database, DUEL.read_text(encoding="utf-8"), "duel.yaml")


@pytest.fixture
def open_page(browser: Browser) -> Iterator[Opener]:
    """Opens a table's page with a key, each in its own browser context (its own storage, its own
    network), once the page is live; every page must end without a script error."""
    contexts = []
    errors: list[str] = []

    def opener(server: TableServer, table: TableRecord, key: str) -> Page:
        context = browser.new_context(viewport=VIEWPORT)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{server.url}/t/{table.id}#k={key}")
        expect(page.locator("#link")).to_have_attribute("data-state", "live")
        return page

    yield opener
    for context in contexts:
        context.close()
    assert not errors, f"script errors in the page: {errors}"


def new_table(database: str, text: str, name: str) -> TableRecord:
    store = Store(database)
    try:
        return TableService(store).create(text, name)
    finally:
        store.close()


def seat_of(table: TableRecord, combatant: str) -> str:
    return next(seat.secret for seat in table.seats.values() if combatant in seat.combatants)


def first(server: TableServer, table: TableRecord, verb: str) -> dict[str, Any]:
    """The first action of ``verb`` the engine lists now (the duel starts with an attack: the two stand
    side by side; after it, the attacker may end the turn)."""
    view = server.view(table.id, table.gm_secret)
    return next(a for a in offered(view) if a["verb"] == verb)


def act(server: TableServer, table: TableRecord, action: str) -> None:
    """The GM takes ``action`` through the HTTP API (not through any page)."""
    seq = server.view(table.id, table.gm_secret)["seq"]
    answer = httpx.post(
        f"{server.url}/api/t/{table.id}/act",
        json={"seq": seq, "action": action},
        headers={"X-Table-Key": table.gm_secret},
        timeout=30,
    )
    assert answer.status_code == 200, answer.text


def choose(page: Page, action: dict[str, Any]) -> None:
    """Click the actor's tab (a team turn shows one combatant's actions at a time), then the action."""
    page.locator(f'#actions [data-actor="{action["actor"]}"]').click()
    page.locator(f'#actions [data-action="{action["text"]}"]').click()
    expect(page.locator("#confirm-text")).to_have_text(action["text"])


def take(page: Page, action: dict[str, Any]) -> None:
    """Choose the action on the page and confirm it."""
    choose(page, action)
    page.locator("#confirm-go").click()


def log_entry(page: Page, text: str) -> Locator:
    return page.locator("#log > li", has_text=text)


def test_a_players_action_reaches_the_gm_live_and_the_gm_undoes_it(
    server: TableServer, duel: TableRecord, open_page: Opener
) -> None:
    """Issue 13 points 2 and 3: the player clicks an attack, sees its exact odds, confirms; the GM's page
    shows it in the log without reloading. The GM clicks undo: both pages show it undone, and the player is
    offered the attack again."""
    attack = first(server, duel, "attack")
    gm = open_page(server, duel, duel.gm_secret)
    player = open_page(server, duel, seat_of(duel, attack["actor"]))
    choose(player, attack)
    expect(player.locator("#confirm-odds")).to_contain_text("exact odds")
    player.locator("#confirm-go").click()
    expect(log_entry(gm, attack["text"])).to_have_count(1)
    expect(player.locator("#confirm")).to_be_hidden()
    gm.locator("#undo").click()
    expect(log_entry(gm, f"GM undid: {attack['text']}")).to_have_count(1)
    expect(player.locator("#log > li.undone", has_text=attack["text"])).to_have_count(1)
    expect(player.locator(f'#actions [data-action="{attack["text"]}"]')).to_be_visible()
    assert server.view(duel.id, duel.gm_secret)["seq"] == 2


def test_a_player_page_acts_only_for_its_seat(
    server: TableServer, duel: TableRecord, open_page: Opener
) -> None:
    """Issue 13 point 4: a page shows buttons only for its seat's combatants, and no GM controls; a request
    the page's own script sends with its key to act for the other seat's combatant is refused (403) and
    changes nothing."""
    attack = first(server, duel, "attack")
    acting = open_page(server, duel, seat_of(duel, attack["actor"]))
    buttons = acting.locator("#actions [data-action]").evaluate_all(
        "nodes => nodes.map(n => n.dataset.action)"
    )
    assert buttons and all(text.startswith(f"{attack['actor']} ") for text in buttons)
    other = next(s for s in duel.seats.values() if attack["actor"] not in s.combatants)
    waiting = open_page(server, duel, other.secret)
    expect(waiting.locator("#actions")).to_contain_text("Nothing for you to do now")
    expect(waiting.locator("#actions [data-action]")).to_have_count(0)
    expect(waiting.locator("#undo")).to_be_hidden()
    expect(waiting.locator("#gm")).to_be_hidden()
    answer = waiting.evaluate(
        """async ([table, key, action]) => {
             const response = await fetch(`/api/t/${table}/act`, {method: "POST",
               headers: {"Content-Type": "application/json", "X-Table-Key": key},
               body: JSON.stringify({seq: 0, action})});
             return [response.status, (await response.json()).error];
           }""",
        [duel.id, other.secret, attack["text"]],
    )
    assert answer[0] == 403 and attack["actor"] in answer[1], answer
    assert server.view(duel.id, duel.gm_secret)["seq"] == 0


def test_a_wrong_link_says_so_and_stops(server: TableServer, duel: TableRecord, browser: Browser) -> None:
    """Issue 13 point 4: a key that opens no seat gets no view; the page says why and that it is not
    connected (not "reconnecting": a wrong link does not get better by retrying)."""
    context = browser.new_context(viewport=VIEWPORT)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/t/{duel.id}#k=not-a-key-of-this-table")
        expect(page.locator("#message")).to_contain_text("this key opens no seat")
        expect(page.locator("#link")).to_have_text("not connected")
        expect(page.locator("#board svg")).to_have_count(0)
    finally:
        context.close()


def test_a_page_that_lost_the_network_catches_up(
    server: TableServer, duel: TableRecord, open_page: Opener
) -> None:
    """Issue 13 point 3: a client that reconnects gets the current state. The page goes offline (its
    badge says so), an action is taken meanwhile, and when the network is back the page is live again by
    itself and shows that action."""
    attack = first(server, duel, "attack")
    page = open_page(server, duel, seat_of(duel, attack["actor"]))
    page.context.set_offline(True)
    expect(page.locator("#link")).to_have_attribute("data-state", "offline")
    act(server, duel, attack["text"])
    page.context.set_offline(False)
    expect(page.locator("#link")).to_have_attribute("data-state", "live")
    expect(log_entry(page, attack["text"])).to_have_count(1)
    expect(page.locator(f'#actions [data-action="{attack["text"]}"]')).to_have_count(0)


def test_a_page_reconnects_to_a_server_killed_and_restarted(tmp_path: Path, open_page: Opener) -> None:
    """Issue 13 points 3 and 5: ``kill -9`` of the server while a GM's page is open; restarted on the
    same port, the page reconnects by itself and shows the same table (the same log, the same turn), and
    play goes on from it."""
    database = f"sqlite:///{tmp_path / 'tables.db'}"
    duel = new_table(database, DUEL.read_text(encoding="utf-8"), "duel.yaml")
    server = TableServer(database)
    server.start()
    try:
        page = open_page(server, duel, duel.gm_secret)
        attack = first(server, duel, "attack")
        take(page, attack)
        expect(log_entry(page, attack["text"])).to_have_count(1)
        before = page.locator("#log > li").all_inner_texts(), page.locator("#turn").inner_text()
        server.kill()
        expect(page.locator("#link")).to_have_attribute("data-state", "offline")
        server = TableServer(database, port=server.port)  # the same port: the page's retries find it
        server.start()
        expect(page.locator("#link")).to_have_attribute("data-state", "live", timeout=SLOW)
        assert (page.locator("#log > li").all_inner_texts(), page.locator("#turn").inner_text()) == before
        following = first(server, duel, "end")
        take(page, following)
        expect(log_entry(page, following["text"])).to_have_count(1)
    finally:
        server.kill()


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_screenshot_of_each_systems_table(
    server: TableServer, database: str, open_page: Opener, system: str
) -> None:
    """Issue 13 point 6: the suite saves a screenshot of each system's table (its demo, as the GM sees
    it: the map drawn, whose turn, the actions offered) under .artifacts/screenshots/."""
    table = new_table(database, demo_text(system), f"{system}-demo.yaml")
    page = open_page(server, table, table.gm_secret)
    expect(page.locator("#board svg [data-x]").first).to_be_visible()
    expect(page.locator("#turn")).not_to_be_empty()
    expect(page.locator("#actions [data-actor]").first).to_be_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"table-{system}.png", full_page=True)


def test_screenshots_of_a_skirmish_for_the_docs(
    server: TableServer, database: str, open_page: Opener
) -> None:
    """Issue 13 point 7 (docs/table.md shows them): the FuturePath skirmish after two attacks, as the GM
    sees it and as the acting player sees it while choosing an attack (its exact odds shown)."""
    table = new_table(database, SKIRMISH.read_text(encoding="utf-8"), "skirmish.yaml")
    for _ in range(2):
        act(server, table, first(server, table, "attack")["text"])
    gm = open_page(server, table, table.gm_secret)
    expect(gm.locator("#log > li")).to_have_count(3)
    gm.locator("#gm").evaluate("details => { details.open = false; }")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    gm.screenshot(path=SCREENSHOTS / "skirmish-gm.png")
    attack = first(server, table, "attack")
    player = open_page(server, table, seat_of(table, attack["actor"]))
    choose(player, attack)
    expect(player.locator("#confirm-odds")).to_contain_text("exact odds")
    player.screenshot(path=SCREENSHOTS / "skirmish-player.png")


def test_a_move_shows_its_path_before_it_is_confirmed(
    server: TableServer, database: str, open_page: Opener
) -> None:
    """Issue 13 point 2: choosing a move's square lights its path on the map and says what it costs,
    before the GM confirms it; nothing is taken until then."""
    table = new_table(database, SKIRMISH.read_text(encoding="utf-8"), "skirmish.yaml")
    move = first(server, table, "move")
    gm = open_page(server, table, table.gm_secret)
    gm.locator(f'#actions [data-actor="{move["actor"]}"]').click()
    gm.locator(f'#board [data-x="{move["at"][0]}"][data-y="{move["at"][1]}"]').first.click()
    if gm.locator("#confirm-text").inner_text() == "Which action?":
        gm.locator("#confirm-odds button", has_text=move["text"]).click()
    expect(gm.locator("#confirm-text")).to_have_text(move["text"])
    expect(gm.locator("#confirm-odds")).to_contain_text("squares")
    assert gm.locator("#board .hl").count() >= 2
    assert server.view(table.id, table.gm_secret)["seq"] == 0


def test_a_page_patched_after_each_change_holds_the_servers_view(
    server: TableServer, database: str, open_page: Opener
) -> None:
    """Issue 13 point 3: after each change a page is sent only what changed (tactica.table.wire), and the
    page's script applies it: after moves, attacks and an undo, the GM's and a player's pages hold exactly
    the view the server gives their keys, and read the actions as the engine lists them."""
    table = new_table(database, SKIRMISH.read_text(encoding="utf-8"), "skirmish.yaml")
    player_key = next(iter(table.seats.values())).secret
    pages = {key: open_page(server, table, key) for key in (table.gm_secret, player_key)}
    for verb in ("move", "attack", "move", "attack"):
        act(server, table, first(server, table, verb)["text"])
    seq = server.view(table.id, table.gm_secret)["seq"]
    httpx.post(
        f"{server.url}/api/t/{table.id}/undo",
        json={"seq": seq},
        headers={"X-Table-Key": table.gm_secret},
        timeout=30,
    ).raise_for_status()
    for key, page in pages.items():
        page.wait_for_function(f"() => window.tactica.view()?.seq === {seq + 1}")
        whole = server.view(table.id, key)
        assert page.evaluate("() => window.tactica.view()") == whole
        texts = page.evaluate("() => window.tactica.actions().map((a) => a.text)")
        assert texts == [a["text"] for a in offered(whole)]
        fields = page.evaluate("() => window.tactica.actions()")
        assert fields == offered(whole)


ROLL_OR_LOGGED = """text => document.querySelector('#confirm-odds .roll')
    || [...document.querySelectorAll('#log > li')].some(li => li.textContent.includes(text))"""
NEXT_ROLL = """given => { const p = document.querySelector('#confirm-odds .roll');
    return !p || p.dataset.given !== given; }"""
#: What the page shows of a choice and its rolls: said when a wait for it fails.
PAGE_STATE = """() => ({
    link: document.querySelector('#link').dataset.state,
    seq: window.tactica.view()?.seq,
    confirm: document.querySelector('#confirm').hidden ? '(closed)' : document.querySelector('#confirm').innerText,
    message: document.querySelector('#message').textContent,
    log: [...document.querySelectorAll('#log > li')].slice(-3).map(li => li.innerText),
})"""
ROLL_PROMPT = "#confirm-odds .roll"


def wait_for(page: Page, script: str, arg: object, what: str) -> None:
    """Wait until ``script`` holds on the page; on a timeout, fail saying what the page shows."""
    try:
        page.wait_for_function(script, arg=arg)
    except PlaywrightTimeout:
        raise AssertionError(
            f"{what}: not shown in time; the page shows {page.evaluate(PAGE_STATE)}"
        ) from None


def manual_duel(database: str) -> TableRecord:
    store = Store(database)
    try:
        return TableService(store).create(DUEL.read_text(encoding="utf-8"), "duel.yaml", dice="manual")
    finally:
        store.close()


def roll_highest(page: Page, attack: dict[str, Any]) -> list[str]:
    """Answer every roll the page asks for the confirmed ``attack`` with the die's highest faces, until the
    attack is in the log; the prompts, in order."""
    asked = []
    for _ in range(8):
        wait_for(page, ROLL_OR_LOGGED, attack["text"], f"a roll to type, or '{attack['text']}' in the log")
        prompt = page.locator(ROLL_PROMPT)
        if prompt.count() == 0:
            break
        said, given = prompt.inner_text(), prompt.get_attribute("data-given")
        asked.append(said)
        count, highest = int(said.split("Roll ")[1].split("d")[0]), said.split(" to ")[-1].rstrip("):")
        page.locator("#confirm-odds input").fill(" ".join([highest] * count))
        page.locator("#confirm-odds button").click()
        wait_for(page, NEXT_ROLL, given, f"the answer to '{said}'")
    return asked


def test_real_dice_are_asked_for_one_roll_at_a_time(
    server: TableServer, database: str, open_page: Opener
) -> None:
    """Issue 13 point 2 (manual dice): at a table with real dice, confirming an attack asks for the d20,
    then each further roll; once every face is typed the attack is taken with those faces."""
    table = manual_duel(database)
    attack = first(server, table, "attack")
    gm = open_page(server, table, table.gm_secret)
    take(gm, attack)
    asked = roll_highest(gm, attack)
    assert asked and asked[0].startswith("Roll 1d20 for ")
    expect(log_entry(gm, attack["text"])).to_have_count(1)
    [entry] = Store(database).log(table.id)
    assert entry.faces[0] == 20 and len(entry.faces) == len(asked)


def test_a_late_odds_answer_leaves_the_roll_asked_for(
    server: TableServer, database: str, open_page: Opener
) -> None:
    """The cause of an intermittent timeout of the test above (CI, two workers, a loaded machine): choosing
    an action fetches its odds, and confirming it at a table with real dice asks for the first roll over
    the socket. When the odds answered after the roll was asked for, they replaced the prompt, and the page
    offered no way to type the faces. Here the odds are held until the prompt is shown."""
    table = manual_duel(database)
    attack = first(server, table, "attack")
    gm = open_page(server, table, table.gm_secret)
    held: list[Route] = []
    gm.route("**/odds?*", lambda route: held.append(route))
    take(gm, attack)
    expect(gm.locator(ROLL_PROMPT)).to_have_count(1)
    with gm.expect_response("**/odds?*") as odds:
        held.pop().continue_()
    odds.value.finished()
    gm.evaluate("() => new Promise((done) => setTimeout(done, 100))")  # the page's script reads the answer
    assert gm.locator(ROLL_PROMPT).count() == 1, f"the roll prompt is gone: {gm.evaluate(PAGE_STATE)}"
    assert roll_highest(gm, attack)[0].startswith("Roll 1d20 for ")


def test_a_change_of_settings_leaves_the_roll_asked_for(
    server: TableServer, database: str, open_page: Opener
) -> None:
    """The same race with a view: a change that is no action (here the GM's notes, saved from elsewhere)
    sends the page a patch; a roll asked for stays asked for."""
    table = manual_duel(database)
    attack = first(server, table, "attack")
    gm = open_page(server, table, table.gm_secret)
    take(gm, attack)
    expect(gm.locator(ROLL_PROMPT)).to_have_count(1)
    httpx.post(
        f"{server.url}/api/t/{table.id}/settings",
        json={"notes": "the ogre waits"},
        headers={"X-Table-Key": table.gm_secret},
        timeout=30,
    ).raise_for_status()
    wait_for(gm, "() => window.tactica.view().gm.settings.notes !== ''", None, "the notes saved")
    assert gm.locator(ROLL_PROMPT).count() == 1, f"the roll prompt is gone: {gm.evaluate(PAGE_STATE)}"
    assert roll_highest(gm, attack)[0].startswith("Roll 1d20 for ")
