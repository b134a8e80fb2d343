"""What lies on a Star Rangers map when the fight starts (issue 14 point 9): weapons, magazines (belts,
cells, speed loaders) and loose rounds on the ground, picked up with ``pickup`` (a move action, rule 12), in
the shape every system's ``ground:`` uses (:class:`~tactica.systems.setup_common.GroundSpec`).

``item: W`` is a weapon (``ammo``: the rounds loaded, default full), ``item: mag-W`` a magazine for W
(``ammo``: its rounds, default full), ``item: rounds-W`` loose rounds for W (``ammo``: how many, needed)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tactica.engine.errors import SetupError
from tactica.grid import Board
from tactica.systems.setup_common import GroundSpec, Markers, placed_items
from tactica.systems.srb.sheet import Weapon
from tactica.systems.srb.state import Gear, GroundItem

#: Feeds whose weapons take loose rounds (``rounds-W``), as a combatant's ``rounds:`` (rule 16).
LOOSE_FEEDS = ("box", "revolver", "internal", "quiver")
#: Feeds whose weapons take magazines, belts or cells (``mag-W``); speed loaders count too.
MAGAZINE_FEEDS = ("box", "belt", "cell")


def ground_items(
    specs: Sequence[GroundSpec], weapons: Mapping[str, Weapon], board: Board, markers: Markers
) -> tuple[GroundItem, ...]:
    """The items of ``ground:``, each checked: a held weapon, a magazine or rounds of one, within capacity."""
    return tuple(_item(spec, at, weapons, where) for where, spec, at in placed_items(specs, board, markers))


def _item(spec: GroundSpec, at: tuple[int, int], weapons: Mapping[str, Weapon], where: str) -> GroundItem:
    kind, _, name = spec.item.partition("-") if spec.item.startswith(("mag-", "rounds-")) else ("", "", "")
    weapon = weapons.get(name or spec.item)
    if weapon is None or not weapon.in_hand:
        known = ", ".join(sorted(n for n, w in weapons.items() if w.in_hand))
        raise SetupError(
            f"{where}.item: '{spec.item}' is not a held weapon, 'mag-WEAPON' or 'rounds-WEAPON';"
            f" weapons: {known}"
        )
    if kind == "mag":
        return GroundItem(spec.item, at, "magazine", weapon.name, None, _magazine(spec.ammo, weapon, where))
    if kind == "rounds":
        return GroundItem(spec.item, at, "rounds", weapon.name, None, _rounds(spec.ammo, weapon, where))
    return GroundItem(
        spec.item, at, "weapon", weapon.name, Gear(weapon.name, _loaded(spec.ammo, weapon, where))
    )


def _loaded(ammo: int | None, weapon: Weapon, where: str) -> int:
    """The rounds in a weapon: ``ammo`` (at most its capacity), else full; none for a weapon not loaded."""
    if not weapon.loaded_feed:
        if ammo is not None:
            raise SetupError(f"{where}.ammo: the {weapon.name} holds no rounds; leave 'ammo' out")
        return 0
    return _within(ammo, weapon, where)


def _magazine(ammo: int | None, weapon: Weapon, where: str) -> int:
    if weapon.feed not in MAGAZINE_FEEDS and not weapon.speed_loader:
        raise SetupError(f"{where}.item: the {weapon.name} takes no magazines, belts, cells or speed loaders")
    return _within(ammo, weapon, where)


def _rounds(ammo: int | None, weapon: Weapon, where: str) -> int:
    if weapon.feed not in LOOSE_FEEDS:
        raise SetupError(f"{where}.item: the {weapon.name} is not loaded with loose rounds or arrows")
    if not ammo:
        raise SetupError(f"{where}.ammo: say how many rounds lie there (1 or more)")
    return ammo


def _within(ammo: int | None, weapon: Weapon, where: str) -> int:
    if ammo is not None and ammo > weapon.capacity:
        raise SetupError(f"{where}.ammo: {ammo} is more than the {weapon.name} holds ({weapon.capacity})")
    return weapon.capacity if ammo is None else ammo
